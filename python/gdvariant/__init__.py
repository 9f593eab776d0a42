"""Godot's Variant binary serialization, read and written by the ``gdvariant`` Rust crate.

The bytes of ``var_to_bytes`` / ``bytes_to_var`` (Godot 4), ``var2bytes`` / ``bytes2var``
(Godot 3), ``FileAccess.store_var`` / ``get_var``, ``PacketPeer`` and ``StreamPeer.put_var``,
and Pandemonium's dialects of them.

- ``loads(data, godot=4)`` decodes bytes into Python values; ``dumps(obj, godot=4)``
  writes the engine's exact bytes.
- ``open(path)`` memory-maps a file and gives a lazy ``View``: ``view["players"][3]``.
- ``iter_frames(data_or_path)`` reads files of many ``store_var`` values.
- ``to_text`` gives the engine's text form, ``to_json`` the crate's lossless JSON.
- Files the engine compressed (``FileAccess.open_compressed``) or encrypted
  (``open_encrypted_with_pass`` / ``open_encrypted``) and ``PackedByteArray.compress()``
  streams are opened by every reader (``password=`` / ``key=`` for encrypted ones);
  ``pack`` writes them, ``unpack`` gives their plain bytes, ``container_of`` names them.

Every input is validated before anything is built, with the crate's limits (nesting 1024
like the engine; objects are data, never instantiated). Bad bytes raise ``DecodeError``
(a ``ValueError``) with ``.offset`` and ``.kind``.
"""

import builtins as _builtins
import mmap as _mmap
import os as _os
from typing import Any, Iterator, Optional, Union

from ._containers import ContainerType, Pairs, PackedStringArray, TypedArray, TypedDictionary
from ._native import (
    AABB,
    RID,
    Basis,
    Callable,
    Color,
    DecodeError,
    EncodeError,
    FrameIter,
    NodePath,
    Object,
    ObjectId,
    Plane,
    Projection,
    Quaternion,
    Rect2,
    Rect2i,
    Signal,
    StringName,
    Transform2D,
    Transform3D,
    Vector2,
    Vector2i,
    Vector3,
    Vector3i,
    Vector4,
    Vector4i,
    View,
    dumps,
    loads,
    pack,
    to_json,
    to_text,
    unpack,
    view,
)
from ._native import container_of as _container_of
from ._native import iter_frames as _iter_frames

__all__ = [
    "AABB", "RID", "Basis", "Callable", "Color", "ContainerType", "DecodeError",
    "EncodeError", "FrameIter", "NodePath", "Object", "ObjectId", "PackedColorArray",
    "Pairs", "PackedStringArray", "Plane", "Projection", "Quaternion", "Rect2", "Rect2i",
    "Signal", "StringName", "Transform2D", "Transform3D", "TypedArray", "TypedDictionary",
    "Vector2", "Vector2i", "Vector3", "Vector3i", "Vector4", "Vector4i", "View",
    "container_of", "dumps", "iter_frames", "loads", "open", "pack", "to_json", "to_text",
    "unpack", "view",
]

__version__ = "0.2.0"

_PathLike = Union[str, "_os.PathLike[str]"]


def _map(path: _PathLike) -> Any:
    """The file's bytes, memory-mapped read-only (an empty file gives ``b""``)."""
    with _builtins.open(path, "rb") as f:
        if _os.fstat(f.fileno()).st_size == 0:
            return b""
        return _mmap.mmap(f.fileno(), 0, access=_mmap.ACCESS_READ)


def open(path: _PathLike, godot: Union[int, str] = 4, **options: Any) -> View:  # noqa: A001
    """Memory-maps the file at ``path`` (read-only) and returns a lazy ``View`` of its value.

    The file is validated once, in one pass, without building anything; then
    ``view["players"][3]["name"]``, ``len(view)``, iteration and ``view.value()`` read only
    what they touch, and packed arrays come back as NumPy views of the mapping. Nothing of
    the file is loaded beyond the pages the OS maps in. Takes the keywords of ``view``
    (``prefixed``, ``allow_objects``, ``max_depth``, ``max_nodes``); a ``store_var`` file is
    recognised by its length prefix.

    A file the engine compressed (GCPF) or encrypted (GDEC) is opened too: pass
    ``password=`` or ``key=`` (32 bytes or 64 hex digits) for an encrypted one, and
    ``decompress=`` to name a bare FastLZ or Brotli ``compress()`` stream. Its plain bytes
    are then decoded into memory once (the view and its arrays read them there).

    The mapping stays open while any view or array of it lives. As with every reader that
    maps files, another process must not truncate or rewrite the file meanwhile.
    """
    return view(_map(path), godot, **options)


def iter_frames(data: Any, godot: Union[int, str] = 4, **options: Any) -> Iterator[Any]:
    """The values of length-prefixed frames (``store_var`` files, ``put_var`` streams), one
    at a time. ``data`` is bytes-like or a path (memory-mapped). Keywords:
    ``allow_objects``, ``max_frame`` (largest frame body, default 16 MiB), ``max_depth``,
    ``max_nodes``; ``password``, ``key`` and ``decompress`` for a compressed or encrypted
    file, opened first (as ``loads`` opens it). A bad frame raises ``DecodeError`` at its
    offset."""
    if isinstance(data, (str, _os.PathLike)):
        data = _map(data)
    return _iter_frames(data, godot, **options)


def container_of(data: Any, *, decompress: Optional[str] = None) -> dict:
    """What wraps a file: ``data`` is bytes-like or a path (memory-mapped). A dict:
    ``{"container": "plain"}``, ``{"container": "compressed", "compress": "zstd",
    "block_size": 4096}`` (``FileAccess.open_compressed``, GCPF), ``{"container":
    "encrypted", "godot": 4}`` (``open_encrypted``, GDEC, in Godot 4's or 3's layout) or
    ``{"container": "stream", "compress": "deflate"}`` (``PackedByteArray.compress()``).

    An encrypted file's layout is read from its header: no key is needed, nothing is
    decrypted. Any other container is opened as ``unpack`` opens it (a damaged one raises
    ``DecodeError``; ``decompress=`` names a FastLZ or Brotli stream). The mode and block
    size are named as ``pack`` takes them, to write an edited file back the same way.

    >>> gdvariant.container_of(gdvariant.pack(gdvariant.dumps(7), compress="gzip"))
    {'container': 'compressed', 'compress': 'gzip', 'block_size': 4096}
    >>> gdvariant.container_of(gdvariant.dumps(7))
    {'container': 'plain'}
    """
    if isinstance(data, (str, _os.PathLike)):
        data = _map(data)
    return _container_of(data, decompress=decompress)


def __getattr__(name: str) -> Any:
    # PackedColorArray needs NumPy: import it only when asked for.
    if name == "PackedColorArray":
        from ._numpy import PackedColorArray
        return PackedColorArray
    raise AttributeError(f"module 'gdvariant' has no attribute {name!r}")

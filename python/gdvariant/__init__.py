"""Godot's Variant binary serialization, read and written by the ``gdvariant`` Rust crate.

The bytes of ``var_to_bytes`` / ``bytes_to_var`` (Godot 4), ``var2bytes`` / ``bytes2var``
(Godot 3), ``FileAccess.store_var`` / ``get_var``, ``PacketPeer`` and ``StreamPeer.put_var``,
and Pandemonium's dialects of them.

- ``loads(data)`` decodes bytes into Python values; ``dumps(obj, godot=4)`` writes the
  engine's exact bytes. ``load(fp)`` and ``dump(obj, fp)`` do the same with binary files.
- ``open(path)`` memory-maps a file and gives a lazy ``View``: ``view["players"][3]``.
- ``iter_frames(data_or_path)`` reads files of many ``store_var`` values.
- Readers detect by default (``godot="auto"``): the crate's detection (the command
  line's) finds Godot 3 or 4, and one value or ``store_var`` frames. Nothing is guessed:
  an input that two readings fit equally well raises ``DecodeError`` (kind
  ``"ambiguous"``) naming each reading and the keywords that pick it, ``godot=3`` or
  ``godot=4`` (or a Pandemonium era, ``"pm-a"``, ``"pm-b"``, ``"pm-c"``, which detection
  never picks), ``prefixed=``. ``iter_frames`` raises too, so no reader hands out a
  guess to be edited and written back. A reader of one value reads all of its input:
  several frames (kind ``"multiple_frames"``) or bytes left over (``"trailing_bytes"``)
  raise.
- ``GDVARIANT_GODOT=3`` (or ``4``, ``pm-a``, ``pm-b``, ``pm-c``) in the environment is the
  dialect of every call that names none (``godot=None``, the default): readers then read
  that dialect (detecting only the framing), ``dumps``, ``dump`` and ``pack`` write it
  (instead of 4). A project's saves are all one engine's: set it once. It is read at each
  call; empty is unset; any other value (``auto`` too) raises ``ValueError`` naming the
  variable. A ``godot=`` argument always wins, ``godot="auto"`` included (detection).
- ``json.dumps(value, default=gdvariant.json_default)`` writes decoded values as JSON;
  ``jsonable(value)`` also turns dictionary keys JSON cannot hold into strings.
- ``to_text`` gives the engine's text form, ``to_json`` the crate's lossless JSON;
  ``from_text`` and ``from_json`` read them (and plain JSON) back into the engine's bytes.
- ``diff(a, b)`` lists where two values differ: ``(kind, path, old, new)`` tuples.
- Files the engine compressed (``FileAccess.open_compressed``) or encrypted
  (``open_encrypted_with_pass`` / ``open_encrypted``) and ``PackedByteArray.compress()``
  streams are opened by every reader (``password=`` / ``key=`` for encrypted ones);
  ``pack`` writes them, ``unpack`` gives their plain bytes, ``container_of`` names them.

Every input is validated before anything is built, with the crate's limits (nesting 1024
like the engine; objects are data, never instantiated). Bad bytes raise ``DecodeError``
(a ``ValueError``) with ``.offset`` and ``.kind``, a snake_case code (``"unexpected_end"``,
``"unknown_type"``, ``"wrong_key"``, ``"ambiguous"``, …; 0.1's CamelCase kinds,
``"UnexpectedEnd"``, still compare equal for one release, with a ``DeprecationWarning``).
"""

import base64 as _base64
import builtins as _builtins
import io as _io
import json as _json
import mmap as _mmap
import os as _os
from typing import Any, BinaryIO, Iterator, Optional, Union

from ._containers import ContainerType, Pairs, PackedStringArray, TypedArray, TypedDictionary
from ._native import (
    AABB,
    RID,
    Basis,
    Callable,
    Color,
    DecodeError,
    EncodeError,
    File,
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
    diff,
    dumps,
    from_json,
    from_text,
    loads,
    pack,
    to_json,
    to_text,
    unpack,
    view,
)
from ._native import _open_file, _scan
from ._native import container_of as _container_of
from ._report import ScanReport
from ._native import iter_frames as _iter_frames

__all__ = [
    "AABB", "RID", "Basis", "Callable", "Color", "ContainerType", "DecodeError",
    "EncodeError", "File", "FrameIter", "NodePath", "Object", "ObjectId", "PackedColorArray",
    "Pairs", "PackedStringArray", "ScanReport", "Plane", "Projection", "Quaternion", "Rect2", "Rect2i",
    "Signal", "StringName", "Transform2D", "Transform3D", "TypedArray", "TypedDictionary",
    "Vector2", "Vector2i", "Vector3", "Vector3i", "Vector4", "Vector4i", "View",
    "container_of", "diff", "dump", "dumps", "from_json", "from_text", "iter_frames",
    "json_default", "jsonable", "load", "loads", "open", "open_file", "pack", "scan", "to_json",
    "to_text", "unpack",
    "view",
]

__version__ = "0.2.0"

_PathLike = Union[str, "_os.PathLike[str]"]


def _map(path: _PathLike) -> Any:
    """The file's bytes, memory-mapped read-only (an empty file gives ``b""``)."""
    with _builtins.open(path, "rb") as f:
        if _os.fstat(f.fileno()).st_size == 0:
            return b""
        return _mmap.mmap(f.fileno(), 0, access=_mmap.ACCESS_READ)


def open(path: _PathLike, godot: Union[int, str, None] = None, **options: Any) -> View:  # noqa: A001
    """Memory-maps the file at ``path`` (read-only) and returns a lazy ``View`` of its value.

    The file is validated once, in one pass, without building anything; then
    ``view["players"][3]["name"]``, ``len(view)``, iteration and ``view.value()`` read only
    what they touch, and packed arrays come back as NumPy views of the mapping. Nothing of
    the file is loaded beyond the pages the OS maps in. Takes the keywords of ``view``
    (``prefixed``, ``allow_objects``, ``max_depth``, ``max_nodes``).

    The file is found as ``loads`` finds it: ``godot="auto"`` detects Godot 3 or 4 and
    whether the value is a ``store_var`` frame (an ambiguous file raises ``DecodeError``,
    kind ``"ambiguous"``: pass ``godot=3`` or ``godot=4``); ``godot=None`` (the default)
    is the dialect ``GDVARIANT_GODOT`` names, else ``"auto"``. A view shows one value: a file
    of several ``store_var`` frames raises ``DecodeError`` (kind ``"multiple_frames"``,
    with the number of frames); read it with ``iter_frames(path)``. Bytes left over after
    the value raise too (kind ``"trailing_bytes"``).

    A file the engine compressed (GCPF) or encrypted (GDEC) is opened too: pass
    ``password=`` or ``key=`` (32 bytes or 64 hex digits) for an encrypted one, and
    ``decompress=`` to name a bare FastLZ or Brotli ``compress()`` stream. Its plain bytes
    are then decoded into memory once (the view and its arrays read them there).

    The mapping stays open while any view or array of it lives. As with every reader that
    maps files, another process must not truncate or rewrite the file meanwhile.
    """
    return view(_map(path), godot, **options)


def iter_frames(data: Any, godot: Union[int, str, None] = None, **options: Any) -> FrameIter:
    """The values of length-prefixed frames (``store_var`` files, ``put_var`` streams), one
    at a time. ``data`` is bytes-like or a path (memory-mapped). Keywords:
    ``allow_objects``, ``max_frame`` (largest frame body, default 16 MiB), ``max_depth``,
    ``max_nodes``; ``password``, ``key`` and ``decompress`` for a compressed or encrypted
    file, opened first (as ``loads`` opens it). A bad frame raises ``DecodeError`` at its
    offset, after the frames before it.

    ``godot="auto"`` reads the input once first to find its dialect and the byte order of
    its prefixes, as ``loads`` does. An input two dialects read as well raises
    ``DecodeError`` (kind ``"ambiguous"``) at once, as ``loads`` does: reading frames
    settles the framing, not the dialect (Godot 4's ``store_var(Vector4i(1, 2, 3, 4))`` is
    also Godot 3's ``var2bytes`` of a 13-byte PoolByteArray). ``godot=3``, ``4`` or a
    Pandemonium era reads little-endian frames of that dialect as they come, without that
    pass; ``godot=None`` (the default) is the dialect ``GDVARIANT_GODOT`` names, else
    ``"auto"``. The iterator's ``.godot`` names the dialect read: write edited frames back
    with ``dumps(value, frames.godot, prefixed=True)``.

    >>> frames = gdvariant.dumps(1, prefixed=True) + gdvariant.dumps("two", prefixed=True)
    >>> list(gdvariant.iter_frames(frames))
    [1, 'two']
    """
    if isinstance(data, (str, _os.PathLike)):
        data = _map(data)
    return _iter_frames(data, godot, **options)


def _file_bytes(data: Any) -> Any:
    """A path's bytes (read whole), or ``data`` itself (bytes-like)."""
    if isinstance(data, (str, _os.PathLike)):
        with _builtins.open(data, "rb") as f:
            return f.read()
    return data


def open_file(
    data: Any,
    *,
    godot: Union[int, str, None] = None,
    password: Optional[str] = None,
    key: Any = None,
) -> File:
    """Opens a ConfigFile (``.cfg``, ``project.godot``; encrypted with ``password=`` or
    ``key=``, 32 bytes or 64 hex digits), a text resource or scene (``.tres``, ``.tscn``)
    or a binary one (``.res``, ``.scn``, ``.mesh``; ``RSCC`` compressed too). ``data`` is
    bytes-like or a path; the kind is found from the content. ``godot`` names a
    ConfigFile's engine (3 or 4); left out, it is found from the text (an encrypted
    file's layout, else the one engine that reads it; both: Godot 3 when the values are
    spelled as Godot 3 writes them). Raises ``DecodeError`` (``.kind``, ``.offset``) for a
    file that does not read.

    ``File``: ``.kind`` (``"config"``, ``"text_resource"``, ``"binary_resource"``),
    ``.godot``, ``.encrypted``, ``.text``; ``get(path)`` (the value as ``loads`` gives
    it; ``KeyError`` when nothing is there), ``literal(path)`` (its engine text), ``show()`` (the engine's
    text of the file), ``to_json()``, ``scan()``; for text files ``set(path, value)``,
    ``set_text(path, literal)``, ``delete(path)`` and ``to_bytes()`` (an encrypted
    ConfigFile is encrypted again with the same secret). Paths: ``section/key`` in a
    ConfigFile; ``name``, ``sub:ID/name``, ``node:PATH/name``, ``ext:ID/attr``,
    ``header/attr`` in a resource. Binary resources are read-only in this version
    (``show()`` gives them as ``.tres`` text).

    >>> f = gdvariant.open_file(b"[display]\nwidth=1920 ; px\n")
    >>> f.get("display/width")
    1920
    >>> f.set("display/width", 1280)
    >>> f.to_bytes()
    b'[display]\nwidth=1280 ; px\n'
    """
    return _open_file(_file_bytes(data), godot=godot, password=password, key=key)


def scan(
    data: Any,
    *,
    godot: Union[int, str, None] = None,
    password: Optional[str] = None,
    key: Any = None,
) -> ScanReport:
    """What loading a file would run or reach, without loading it (the command line's
    ``scan``): a ConfigFile, resource or scene (as ``open_file`` opens it), else Variant
    data (one value or ``store_var`` frames; compressed or encrypted files opened first).
    ``data`` is bytes-like or a path. Returns a ``ScanReport``: ``.runs_code``,
    ``.reaches_outside``, ``.findings`` (dicts: ``kind``, ``runs_code``, ``location``,
    the kind's fields and a one-line ``message``).

    >>> gdvariant.scan(b"[a]\nx=1\n").runs_code
    False
    """
    return _scan(_file_bytes(data), godot=godot, password=password, key=key)


def load(fp: BinaryIO, godot: Union[int, str, None] = None, **options: Any) -> Any:
    """Reads the binary file object ``fp`` to its end and decodes what it read, as
    ``loads`` does (the same keywords and defaults), like ``json.load`` and
    ``pickle.load``. A file of several ``store_var`` frames raises ``DecodeError``: read
    it with ``iter_frames(fp.read())``, or ``iter_frames(path)``. For a file on disk,
    ``open(path)`` maps it instead of reading it into memory.

    >>> import io
    >>> gdvariant.load(io.BytesIO(gdvariant.dumps(7)))
    7
    """
    data = fp.read()
    if isinstance(data, str):
        raise TypeError('load needs a file opened in binary mode (open(path, "rb")), not text')
    return loads(data, godot, **options)


def dump(obj: Any, fp: BinaryIO, godot: Union[int, str, None] = None, **options: Any) -> None:
    """Writes the bytes of ``dumps(obj, godot, **options)`` to the binary file object
    ``fp`` (keywords ``prefixed`` and ``precision``; by default the dialect
    ``GDVARIANT_GODOT`` names, else 4, as for ``dumps``), like ``json.dump`` and
    ``pickle.dump``. With ``prefixed=True`` each call appends one ``store_var`` frame:
    ``iter_frames`` reads them back.

    >>> import io
    >>> out = io.BytesIO()
    >>> gdvariant.dump({"hp": 10}, out)
    >>> gdvariant.loads(out.getvalue())
    {'hp': 10}
    """
    if isinstance(fp, _io.TextIOBase):
        raise TypeError('dump needs a file opened in binary mode (open(path, "wb")), not text')
    fp.write(dumps(obj, godot, **options))


_MATH = (Vector2, Vector2i, Rect2, Rect2i, Vector3, Vector3i, Transform2D, Vector4, Vector4i,
         Plane, Quaternion, AABB, Basis, Transform3D, Projection, Color)


def json_default(obj: Any) -> Any:
    """The ``default=`` of ``json.dumps`` / ``json.dump`` for the values ``loads`` returns:
    ``json.dumps(value, default=gdvariant.json_default)``. Lossy: it is for reading a save
    in JSON tools, not for writing it back (``to_json`` gives the lossless form).

    - math classes (``Vector3``, ``Color``, ``Transform3D``, …): a list of their
      components, in the engine's order (``.components``; ``double`` is dropped);
    - ``StringName`` and ``NodePath``: their text, a ``str``;
    - packed arrays (NumPy arrays, or memoryviews without NumPy): nested lists
      (``.tolist()``);
    - ``bytes`` (a ``PackedByteArray``): a base64 ``str``, as ``to_json`` writes it;
    - ``Object``: ``{"type": "Object", "class": ..., "properties": {...}}``;
      ``ObjectId``: ``{"type": "ObjectId", "id": ...}``; ``RID``: ``{"type": "RID",
      "id": ...}``; ``Callable``: ``{"type": "Callable"}``; ``Signal``:
      ``{"type": "Signal", "name": ..., "object": ...}``.

    ``json.dumps`` writes NaN and infinities as ``NaN`` / ``Infinity`` unless
    ``allow_nan=False``. It also checks dictionary keys before it calls ``default``: a key
    that is no ``str``, ``int``, ``float``, ``bool`` or ``None`` (a ``StringName`` key, a
    ``Vector2i`` key) raises ``TypeError`` there. ``jsonable(value)`` converts keys too.

    >>> import json
    >>> json.dumps({"pos": gdvariant.Vector2(1, 2), "id": gdvariant.StringName("hp")},
    ...            default=gdvariant.json_default)
    '{"pos": [1.0, 2.0], "id": "hp"}'
    """
    if isinstance(obj, _MATH):
        return list(obj)
    if isinstance(obj, (StringName, NodePath)):
        return str(obj)
    if isinstance(obj, (bytes, bytearray)):
        return _base64.b64encode(obj).decode("ascii")
    if isinstance(obj, memoryview) or any(c.__module__ == "numpy" for c in type(obj).__mro__):
        return obj.tolist()
    if isinstance(obj, Object):
        return {"type": "Object", "class": obj.class_name, "properties": obj.properties}
    if isinstance(obj, ObjectId):
        return {"type": "ObjectId", "id": obj.id}
    if isinstance(obj, RID):
        return {"type": "RID", "id": obj.id}
    if isinstance(obj, Callable):
        return {"type": "Callable"}
    if isinstance(obj, Signal):
        return {"type": "Signal", "name": obj.name, "object": obj.object_id}
    raise TypeError(f"Object of type {type(obj).__name__} is not JSON serializable")


def _json_key(key: Any) -> Any:
    """A dictionary key as JSON can hold it."""
    if key is None or isinstance(key, (str, bool, int, float)):
        return key
    if isinstance(key, (StringName, NodePath)):
        return str(key)
    if isinstance(key, (bytes, bytearray)):
        return _base64.b64encode(key).decode("ascii")
    return _json.dumps(jsonable(key), separators=(",", ":"))


def jsonable(value: Any) -> Any:
    """``value`` (what ``loads`` returns) as plain ``dict``, ``list``, ``str``, ``int``,
    ``float``, ``bool`` and ``None``, which ``json.dumps`` writes without ``default=``.
    Values become what ``json_default`` makes of them; dictionary keys that JSON cannot
    hold become strings: a ``StringName`` or ``NodePath`` its text, ``bytes`` base64, any
    other key the compact JSON of its value (``Vector2i(1, 2)`` → ``"[1,2]"``). Keys that
    become equal merge (the last one wins). No recursion: the deepest values (1024
    levels) convert under Python's default recursion limit. O(size).

    >>> gdvariant.jsonable({gdvariant.StringName("hp"): 10, gdvariant.Vector2i(1, 2): b"ok"})
    {'hp': 10, '[1,2]': 'b2s='}
    """
    root: list = [None]
    todo = [(value, root, 0)]
    while todo:
        v, parent, slot = todo.pop()
        if isinstance(v, dict):
            out: dict = {}
            pairs = [(_json_key(k), x) for k, x in v.items()]
            for k, _ in pairs:
                out[k] = None
            # Pushed in reverse, converted in order: of keys that merge, the last wins.
            todo.extend((x, out, k) for k, x in reversed(pairs))
            parent[slot] = out
        elif isinstance(v, (list, tuple)):
            items = [None] * len(v)
            todo.extend((x, items, i) for i, x in reversed(list(enumerate(v))))
            parent[slot] = items
        elif v is None or isinstance(v, (str, bool, int, float)):
            parent[slot] = v
        else:
            todo.append((json_default(v), parent, slot))
    return root[0]


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

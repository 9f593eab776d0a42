"""Type stubs of the native module `gdvariant._native` (re-exported by `gdvariant`)."""

from typing import Any, Dict, Iterator, List, Optional, Tuple, Union, overload

Godot = Union[int, str]  # "auto" (readers only), 3, 4, "pm-a", "pm-b", "pm-c"
# godot=None (every default): the dialect GDVARIANT_GODOT names in the environment (read at
# each call), else "auto" for readers and 4 for writers.
Key = Union[bytes, bytearray, memoryview, str]  # 32 bytes, or 64 hex digits (an IV: 16, 32)
Mode = str  # "fastlz", "deflate", "zstd", "gzip", "brotli" (decompress= also "none")

class DecodeError(ValueError):
    """Bytes that are not a valid value."""
    offset: int
    """Byte offset of the problem in the input (length prefix included)."""
    kind: str
    """What is wrong, in snake_case: "unexpected_end", "length_out_of_bounds",
    "unknown_type", "invalid_utf8", "too_deep", "too_many_nodes", "invalid_container_type",
    "old_node_path", "full_object_not_allowed", "invalid_script_property",
    "frame_too_large", …; for an input that is not one value: "multiple_frames" (several
    store_var frames: use `iter_frames`), "trailing_bytes" (bytes left over after the
    value, from `offset`), "ambiguous" (two readings fit as well: nothing is guessed, pass
    `godot=3` or `godot=4`); for a compressed or encrypted file that cannot be opened:
    "needs_key", "wrong_key", "size_mismatch", "unexpected_end", "corrupt_block",
    "bad_end_magic", "ciphertext_length", "ambiguous_stream", "too_large", … (offset in
    the file); for text `from_text` or `from_json` cannot read: "syntax_error" (offset in
    the UTF-8 text, with `line` and `column`). 0.1's spellings ("UnexpectedEnd", a
    stream's "ambiguous") still compare equal for one release, with a DeprecationWarning."""
    line: int
    """A "syntax_error"'s 1-based line in the text (set on those errors only)."""
    column: int
    """A "syntax_error"'s 1-based column in the text, in characters (those errors only)."""

class EncodeError(ValueError):
    """A value the chosen dialect cannot hold."""

def loads(data: Any, godot: Optional[Godot] = None, *, prefixed: Optional[bool] = None,
          allow_objects: bool = True, max_depth: int = 1024,
          max_nodes: Optional[int] = None, password: Optional[str] = None,
          key: Optional[Key] = None, decompress: Optional[Mode] = None) -> Any:
    """Decodes bytes-like `data` (bytes, bytearray, memoryview, mmap) into Python values.

    Validated first, in one pass, with the limits given (nesting 1024 like the engine;
    `allow_objects=False` refuses full objects; `max_nodes` bounds the values built), then
    built in one more pass without recursion. Cost: O(len(data)); packed arrays are NumPy
    views of `data` (O(1), copied only when misaligned), or memoryviews without NumPy.
    `godot`: "auto" detects Godot 3 or 4 as the command line does, and raises
    `DecodeError` (kind "ambiguous") naming both readings when two fit as well (nothing is
    guessed); 3, 4, "pm-a", "pm-b", "pm-c" read that dialect exactly; None (default) is
    GDVARIANT_GODOT's dialect, else "auto". `prefixed`: True for a
    `store_var`/`put_var` frame (u32 length first), False for raw `var_to_bytes` bytes,
    None to detect. The input must be one value, all of it: several frames ("multiple_frames")
    or bytes left over ("trailing_bytes") raise `DecodeError`.

    A compressed (GCPF) or encrypted (GDEC) file, or a `compress()` stream, is opened first
    (as `unpack` opens it: `password=` or `key=` for an encrypted file, `decompress=` to
    name a FastLZ or Brotli stream, or "none"); plain bytes are not copied."""

def dumps(obj: Any, godot: Optional[Godot] = None, *, prefixed: bool = False,
          precision: Optional[str] = None) -> bytes:
    """The engine's exact bytes for `obj` (what `var_to_bytes` writes; with `prefixed`,
    what `store_var` writes), in GDVARIANT_GODOT's dialect, else Godot 4, by default
    (writing needs a dialect: no "auto").
    NumPy arrays keep their dtype's precision: float64 vectors (`np.zeros((n, 3))`) are
    double-precision packed arrays; `precision="single"` writes float64 arrays and
    `double=True` math values with 32-bit floats. Raises `EncodeError` for what the
    dialect cannot hold and `TypeError` for objects that are no Godot value. O(size)."""

def view(data: Any, godot: Optional[Godot] = None, *, prefixed: Optional[bool] = None,
         allow_objects: bool = True, max_depth: int = 1024,
         max_nodes: Optional[int] = None, password: Optional[str] = None,
         key: Optional[Key] = None, decompress: Optional[Mode] = None) -> View:
    """A lazy `View` of the value in `data`: validated once (O(len(data)), nothing built).
    Found and checked as `loads` finds it; a compressed or encrypted file is opened first,
    as `loads` opens it."""

def iter_frames(data: Any, godot: Optional[Godot] = None, *, allow_objects: bool = True,
                max_frame: Optional[int] = None, max_depth: int = 1024,
                max_nodes: Optional[int] = None, password: Optional[str] = None,
                key: Optional[Key] = None, decompress: Optional[Mode] = None) -> FrameIter: ...

def pack(data: Any, *, compress: Optional[Mode] = None, password: Optional[str] = None,
         key: Optional[Key] = None, godot: Optional[Godot] = None, block_size: int = 4096,
         iv: Optional[Key] = None, stream: bool = False) -> bytes:
    """Wraps the plain bytes `data` (store_var frames or a var_to_bytes value) in the
    container the engine writes, with exactly one of `compress=` (a GCPF file, what
    `FileAccess.open_compressed` writes, in blocks of `block_size`; with `stream=True` a bare
    `PackedByteArray.compress()` stream), `password=` or `key=` (a GDEC file, what
    `open_encrypted_with_pass` / `open_encrypted` write: `godot=4` in Godot 4's layout with
    the 16-byte `iv` given or a random one, `godot=3` in Godot 3's; None: GDVARIANT_GODOT's
    dialect, else 4). Brotli cannot be
    written. Raises TypeError for a wrong set of keywords, ValueError for a bad value."""

def unpack(data: Any, *, password: Optional[str] = None, key: Optional[Key] = None,
           decompress: Optional[Mode] = None) -> bytes:
    """The plain bytes inside `data`: a GCPF or GDEC file opened, a `compress()` stream
    decompressed (Zstd, GZIP, Deflate recognised; FastLZ and Brotli named with
    `decompress=`; "none" for no stream), anything else given back (`bytes` itself).
    Raises `DecodeError` ("needs_key", "wrong_key", …) with the offset in the file."""

def container_of(data: Any, *, decompress: Optional[Mode] = None) -> Dict[str, Any]:
    """What wraps `data`: {"container": "plain"}, {"container": "compressed",
    "compress": "zstd", "block_size": 4096}, {"container": "encrypted", "godot": 4} or
    {"container": "stream", "compress": "deflate"}."""

def to_text(data: Any, godot: Optional[Godot] = None, *, prefixed: Optional[bool] = None,
            allow_objects: bool = True, style: Optional[str] = None) -> str:
    """The engine's text form (`var_to_str` / `var2str`) of a value: bytes-like `data`, a
    `View`, or any Python value `dumps` takes. `style`: "3.2", "3.6", "4", "pm-a", "pm-b",
    "pm-c" (default: the dialect's newest)."""

def to_json(data: Any, godot: Optional[Godot] = None, *, prefixed: Optional[bool] = None,
            allow_objects: bool = True, pretty: bool = False, plain: bool = False) -> str:
    """The crate's lossless JSON of a value (the schema of `gdvariant from-json`), or with
    `plain=True` its plain JSON (for jq: Dictionaries as objects, vectors as arrays; lossy,
    as `gdvariant json --plain`)."""

def from_json(text: str, godot: Optional[Godot] = None,
              plain: Optional[bool] = False) -> bytes:
    """The engine's exact bytes for the value JSON `text` describes: the crate's lossless
    JSON (what `to_json` writes) with `plain=False` (default), plain JSON with
    `plain=True`, told apart by the first object's first key with `plain=None`. `godot`:
    the dialect written, as for `dumps`. Bad JSON raises `DecodeError` (kind
    "syntax_error") with `offset` (byte in the UTF-8 text), `line` and `column`.
    O(len(text))."""

def from_text(text: str, godot: Optional[Godot] = None) -> bytes:
    """The engine's exact bytes for the value `text` writes in the engine's text form
    (`var_to_str` / `var2str`, `to_text`). `godot`: the dialect written, as for `dumps`.
    Bad text raises `DecodeError` (kind "syntax_error") with `offset` (byte in the UTF-8
    text), `line` and `column`. O(len(text))."""

def diff(a: Any, b: Any, godot: Optional[Godot] = None, *, prefixed: Optional[bool] = None,
         allow_objects: bool = True, password: Optional[str] = None,
         key: Optional[Key] = None, password_b: Optional[str] = None,
         key_b: Optional[Key] = None,
         decompress: Optional[Mode] = None) -> List[Tuple[str, str, Any, Any]]:
    """Where two values differ: ``(kind, path, old, new)`` tuples, kind "changed",
    "removed" (new is None) or "added" (old is None), in the first value's order.
    `password`/`key` open an encrypted `a` (and `b`, unless `password_b`/`key_b` give
    `b` its own secret)."""

def _check_paths(paths: List[str]) -> None:
    """Raises ValueError naming the first path of `paths` whose syntax is bad (the crate's
    `query` syntax, after an optional `#N` naming a frame). O(total length). For
    `gdvariant.arrow`."""

Cell = Tuple[Optional[str], bool, Any, bool]

def _cells(data: Any, paths: List[str], text: List[bool], godot: Optional[Godot] = None, *,
           each: bool = False, types_only: bool = False, allow_objects: bool = True,
           max_depth: int = 1024, max_nodes: Optional[int] = None,
           password: Optional[str] = None, key: Optional[Key] = None,
           decompress: Optional[Mode] = None) -> List[List[Cell]]:
    """The values at `paths` in one save (`data` opened as `loads` opens it), for
    `gdvariant.arrow`: a list of rows, one (or, with `each`, one per store_var frame), each
    a `(type, double, payload, is_text)` per path (`#N/…` paths name a frame): `type` the Godot 4
    name of the value's type (None when the path leads nowhere: `payload` says why);
    `payload` None for Nil or with `types_only`, the engine's text when `text[i]` or the
    type has no typed column, else a scalar, the components' little-endian bytes (math), the
    bytes (PackedByteArray), `(ends, utf8)` (PackedStringArray) or the NumPy view `loads`
    gives (other packed arrays). Raises DecodeError for a bad save, ValueError for a bad
    path. Cost: one validation of the save, one walk per path."""

class View:
    """A lazy, read-only view of a validated value."""
    @property
    def type(self) -> str: ...
    @property
    def offset(self) -> int: ...
    @property
    def size(self) -> int: ...
    @property
    def godot(self) -> Godot: ...
    def value(self) -> Any: ...
    def keys(self) -> List[Any]: ...
    def values(self) -> List[Any]: ...
    def items(self) -> List[Tuple[Any, Any]]: ...
    def get(self, key: Any, default: Any = None) -> Any: ...
    def __getitem__(self, key: Any) -> Any: ...
    def __contains__(self, key: Any) -> bool: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Any]: ...

class File:
    """A ConfigFile, text resource or binary resource (`gdvariant.open_file`)."""
    @property
    def kind(self) -> str:
        """"config", "text_resource" or "binary_resource"."""
    @property
    def godot(self) -> int: ...
    @property
    def encrypted(self) -> bool: ...
    @property
    def text(self) -> Optional[str]:
        """The text as written, with the edits (None for a binary resource)."""
    def get(self, path: str) -> Any: ...
    def literal(self, path: str) -> str: ...
    def show(self) -> str: ...
    def to_json(self) -> str: ...
    def set(self, path: str, value: Any) -> None: ...
    def set_text(self, path: str, text: str) -> None: ...
    def delete(self, path: str) -> bool: ...
    def to_bytes(self) -> bytes: ...
    def scan(self) -> Any:
        """A `gdvariant.ScanReport`."""

def _open_file(data: Any, *, godot: Optional[Godot] = None, password: Optional[str] = None,
               key: Optional[Key] = None) -> File: ...
def _scan(data: Any, *, godot: Optional[Godot] = None, password: Optional[str] = None,
          key: Optional[Key] = None) -> Any: ...

class FrameIter(Iterator[Any]):
    @property
    def position(self) -> int: ...
    @property
    def godot(self) -> Godot:
        """The dialect read (named, or detected)."""
    def __next__(self) -> Any: ...

class _Math:
    def __init__(self, *components: float, double: bool = False) -> None: ...
    @property
    def components(self) -> Tuple[float, ...]: ...
    @property
    def double(self) -> bool: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[float]: ...
    @overload
    def __getitem__(self, index: int) -> float: ...
    @overload
    def __getitem__(self, index: slice) -> Tuple[float, ...]: ...

class _IntMath:
    def __init__(self, *components: int) -> None: ...
    @property
    def components(self) -> Tuple[int, ...]: ...
    @property
    def double(self) -> bool: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[int]: ...
    def __getitem__(self, index: int) -> int: ...

class Vector2(_Math):
    x: float
    y: float
class Vector2i(_IntMath):
    x: int
    y: int
class Rect2(_Math): ...
class Rect2i(_IntMath): ...
class Vector3(_Math):
    x: float
    y: float
    z: float
class Vector3i(_IntMath):
    x: int
    y: int
    z: int
class Transform2D(_Math): ...
class Vector4(_Math):
    x: float
    y: float
    z: float
    w: float
class Vector4i(_IntMath):
    x: int
    y: int
    z: int
    w: int
class Plane(_Math):
    x: float
    y: float
    z: float
    d: float
class Quaternion(_Math):
    x: float
    y: float
    z: float
    w: float
class AABB(_Math): ...
class Basis(_Math): ...
class Transform3D(_Math): ...
class Projection(_Math): ...
class Color(_Math):
    r: float
    g: float
    b: float
    a: float

class StringName:
    name: str
    def __init__(self, name: str) -> None: ...

class NodePath:
    names: List[str]
    subnames: List[str]
    absolute: bool
    def __init__(self, path: str) -> None: ...

class RID:
    id: int
    def __init__(self, id: int) -> None: ...

class ObjectId:
    id: int
    def __init__(self, id: int) -> None: ...

class Object:
    class_name: str
    properties: dict
    def __init__(self, class_name: str, properties: Optional[dict] = None) -> None: ...

class Callable:
    def __init__(self) -> None: ...

class Signal:
    name: str
    object_id: int
    def __init__(self, name: str, object_id: int = 0) -> None: ...

def _use_numpy(enabled: bool) -> None: ...

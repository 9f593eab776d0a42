"""Type stubs of the native module `gdvariant._native` (re-exported by `gdvariant`)."""

from typing import Any, Iterator, List, Optional, Tuple, Union, overload

Godot = Union[int, str]  # 3, 4, "pm-a", "pm-b", "pm-c"

class DecodeError(ValueError):
    """Bytes that are not a valid value."""
    offset: int
    """Byte offset of the problem in the input (length prefix included)."""
    kind: str
    """What is wrong: "UnexpectedEnd", "LengthOutOfBounds", "UnknownType", "InvalidUtf8",
    "TooDeep", "TooManyNodes", "InvalidContainerType", "OldNodePath",
    "FullObjectNotAllowed", "InvalidScriptProperty", "FrameTooLarge", …"""

class EncodeError(ValueError):
    """A value the chosen dialect cannot hold."""

def loads(data: Any, godot: Optional[Godot] = 4, *, prefixed: Optional[bool] = None,
          allow_objects: bool = True, max_depth: int = 1024,
          max_nodes: Optional[int] = None) -> Any:
    """Decodes bytes-like `data` (bytes, bytearray, memoryview, mmap) into Python values.

    Validated first, in one pass, with the limits given (nesting 1024 like the engine;
    `allow_objects=False` refuses full objects; `max_nodes` bounds the values built), then
    built in one more pass without recursion. Cost: O(len(data)); packed arrays are NumPy
    views of `data` (O(1), copied only when misaligned), or memoryviews without NumPy.
    `prefixed`: True for a `store_var`/`put_var` frame (u32 length first), False for raw
    `var_to_bytes` bytes, None to recognise a frame by its length. Raises `DecodeError`."""

def dumps(obj: Any, godot: Optional[Godot] = 4, *, prefixed: bool = False) -> bytes:
    """The engine's exact bytes for `obj` (what `var_to_bytes` writes; with `prefixed`,
    what `store_var` writes). Raises `EncodeError` for what the dialect cannot hold and
    `TypeError` for objects that are no Godot value. Cost: O(size)."""

def view(data: Any, godot: Optional[Godot] = 4, *, prefixed: Optional[bool] = None,
         allow_objects: bool = True, max_depth: int = 1024,
         max_nodes: Optional[int] = None) -> View:
    """A lazy `View` of the value in `data`: validated once (O(len(data)), nothing built)."""

def iter_frames(data: Any, godot: Optional[Godot] = 4, *, allow_objects: bool = True,
                max_frame: Optional[int] = None, max_depth: int = 1024,
                max_nodes: Optional[int] = None) -> FrameIter: ...

def to_text(data: Any, godot: Optional[Godot] = 4, *, prefixed: Optional[bool] = None,
            allow_objects: bool = True, style: Optional[str] = None) -> str:
    """The engine's text form (`var_to_str` / `var2str`) of a value: bytes-like `data`, a
    `View`, or any Python value `dumps` takes. `style`: "3.2", "3.6", "4", "pm-a", "pm-b",
    "pm-c" (default: the dialect's newest)."""

def to_json(data: Any, godot: Optional[Godot] = 4, *, prefixed: Optional[bool] = None,
            allow_objects: bool = True, pretty: bool = False) -> str:
    """The crate's lossless JSON of a value (the schema of `gdvariant from-json`)."""

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

class FrameIter(Iterator[Any]):
    @property
    def position(self) -> int: ...
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

"""Containers that carry what a plain ``list`` or ``dict`` cannot: declared element types,
``PackedStringArray``, and dictionaries whose keys Python would merge or cannot hash."""

from typing import Any, Iterable, NamedTuple, Optional, Tuple


class ContainerType(NamedTuple):
    """The declared type of a typed container's elements (Godot 4 ``Array[int]``,
    ``Dictionary[String, Node]``; Pandemonium's ``TypedArray``).

    ``kind`` is ``"builtin"`` (``name`` is the engine's type name: ``"int"``,
    ``"Vector3"``), ``"class"`` (a native class: ``"Node"``) or ``"script"`` (a script
    path: ``"res://enemy.gd"``). ``None`` stands for untyped.
    """

    kind: str
    name: str


class _Typed:
    """What the typed containers share: `==` also compares the declared types (with
    another container of the same class), no hash, pickling by the constructor's
    arguments. `_base` is the builtin the class extends."""

    __slots__ = ()
    _base: type = list

    def _types(self) -> tuple:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if isinstance(other, type(self)) and other._types() != self._types():
            return False
        return self._base.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self):
        return (type(self), (self._base(self), *self._types()))


class TypedArray(_Typed, list):
    """A typed ``Array`` (Godot 4 ``Array[int]``; Pandemonium's ``TypedArray``, or its
    ``PackedTypedArray`` when ``packed``). A ``list`` in every other respect."""

    __slots__ = ("element_type", "packed")

    def __init__(self, items: Iterable[Any] = (), element_type: Optional[ContainerType] = None,
                 packed: bool = False) -> None:
        super().__init__(items)
        self.element_type = element_type
        self.packed = packed

    def __repr__(self) -> str:
        packed = ", packed=True" if self.packed else ""
        return f"TypedArray({list.__repr__(self)}, element_type={self.element_type!r}{packed})"

    def _types(self) -> tuple:
        return (self.element_type, self.packed)


class TypedDictionary(_Typed, dict):
    """A typed ``Dictionary`` (Godot 4.4+ ``Dictionary[String, int]``). ``key_type`` or
    ``value_type`` is ``None`` where that side is untyped. A ``dict`` in every other
    respect."""

    __slots__ = ("key_type", "value_type")
    _base = dict

    def __init__(self, items: Any = (), key_type: Optional[ContainerType] = None,
                 value_type: Optional[ContainerType] = None) -> None:
        super().__init__(items)
        self.key_type = key_type
        self.value_type = value_type

    def __repr__(self) -> str:
        return (f"TypedDictionary({dict.__repr__(self)}, key_type={self.key_type!r}, "
                f"value_type={self.value_type!r})")

    def _types(self) -> tuple:
        return (self.key_type, self.value_type)


class PackedStringArray(list):
    """A ``PackedStringArray`` (``PoolStringArray`` in Godot 3): a ``list`` of ``str``
    that is written back as the packed type, not as an ``Array``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"PackedStringArray({list.__repr__(self)})"

    def __reduce__(self):
        return (PackedStringArray, (list(self),))


class Pairs(_Typed, list):
    """A ``Dictionary`` read as a list of ``(key, value)`` tuples, in wire order.

    ``loads`` gives one only where a ``dict`` would lose data: a key Python cannot hash
    (an ``Array``, a ``Dictionary`` or a packed array as a key), or keys that are distinct
    in Godot but equal in Python (``1``, ``1.0`` and ``True``). ``dumps`` writes it back as
    a ``Dictionary``, typed when ``key_type`` or ``value_type`` is set."""

    __slots__ = ("key_type", "value_type")

    def __init__(self, items: Iterable[Tuple[Any, Any]] = (),
                 key_type: Optional[ContainerType] = None,
                 value_type: Optional[ContainerType] = None) -> None:
        super().__init__(items)
        self.key_type = key_type
        self.value_type = value_type

    def __repr__(self) -> str:
        typed = ""
        if self.key_type is not None or self.value_type is not None:
            typed = f", key_type={self.key_type!r}, value_type={self.value_type!r}"
        return f"Pairs({list.__repr__(self)}{typed})"

    def _types(self) -> tuple:
        return (self.key_type, self.value_type)

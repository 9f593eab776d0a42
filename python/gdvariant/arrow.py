"""Chosen paths across many saves as the columns of an Arrow table (needs ``pyarrow``).

One row per save, a column ``file`` (the source's name) and one column per path, named by
the path::

    import gdvariant.arrow
    import pyarrow.parquet as pq

    table = gdvariant.arrow.table(sorted(glob.glob("saves/*.sav")),
                                  ["player/name", "player/hp", "player/position", "world/path"],
                                  password="hunter2")
    pq.write_table(table, "saves.parquet")   # DuckDB, Polars, Spark read it as is

Paths are the crate's (``gdvariant get``'s): ``player/inventory/3/name``, a quoted key
``"a/b"``, ``[42]`` for an int key or an index. ``paths`` may also be a dict
``{column name: path}``.

**Saves of several frames** (several ``store_var`` calls in one file, the most common way
games save): a path names its frame as the command line's do, ``#1/player/hp`` (frame 1's
``player/hp``; ``#0`` frame 0's whole value). In a save of one value ``#0/player/hp`` and
``player/hp`` are the same, and a frame a save does not have leads nowhere (null, or an
error with ``missing="error"``). A plain path in a save of several frames is an error of
that save (kind ``"multiple_frames"``): name the frame, or pass ``frames="each"``, which
gives one row per frame (a save of one value is one row, frame 0) and a column ``frame``
(``frame_column=``) after ``file``, with the frame's number (null in a failed save's
row). Paths then name a place inside every frame, without ``#N``.

**Column types.** Each column's type comes from the Godot types of its values across the
saves (Nil, and paths that lead nowhere, are null and count for nothing):

=========================================  ==============================================
Godot type of every value                  Arrow type
=========================================  ==============================================
bool / int / float                         ``bool`` / ``int64`` / ``float64``
String, StringName                         ``string`` (the name's text for a StringName)
Vector2/3/4, Rect2, Transform2D, Plane,    ``fixed_size_list<float, n>`` of the components
Quaternion, AABB, Basis, Transform3D,      in the engine's order (``.components``);
Projection                                 ``double`` for precision=double data
Vector2i/3i/4i, Rect2i                     ``fixed_size_list<int32, n>``
Color                                      ``fixed_size_list<float, 4>`` (r, g, b, a)
PackedInt32/Int64/Float32/Float64Array     ``list<int32 / int64 / float / double>``
PackedVector2/3/4Array, PackedColorArray   ``list<fixed_size_list<float, n>>`` (``double``
                                           for precision=double data)
PackedVector2i/3i/4iArray (Pandemonium)    ``list<fixed_size_list<int32, n>>``
PackedByteArray                            ``binary``
PackedStringArray                          ``list<string>``
anything else (Array, Dictionary, Object,  ``string``: the engine's text form
NodePath, RID, Callable, Signal)           (``var_to_str``, in the save's own engine's
                                           style)
no value in any save                       ``null``
=========================================  ==============================================

**Mixed types.** A column whose values have different Godot types in different saves (an
``int`` here, a ``float`` there; a String and a StringName) becomes a ``string`` column of
the engine's text form of every value (``10``, ``10.5``, ``"name"``, ``&"name"``), which
tells the types apart: never a silent conversion. ``mixed="error"`` raises instead. The
one exception is precision: single and double precision values of one type (``Vector3``
from a float and from a double build) make a ``double`` column, which holds both exactly.

Each field's metadata says what it holds: ``gdvariant.path`` (the path),
``gdvariant.types`` (the Godot types seen, ``"float, int"``), ``gdvariant.text``
(``"true"`` for a text column) and ``gdvariant.role`` (``"file"``, ``"frame"``,
``"path"`` or ``"error"``); they survive Parquet.

**Packed arrays** are never turned into Python objects per element: each save's array is
the NumPy view ``loads`` gives (a view of the file), and a column is one
``numpy.concatenate`` of them (one copy) wrapped with ``pyarrow.Array.from_buffers``. An
array smaller than half of its save is copied out of it first (so that the saves of a
call are not all held whole until their columns are built).
A list column holds at most 2**31 - 1 elements per call (Arrow's 32-bit offsets): pass
fewer saves per call (``iter_batches``) beyond that.

**Errors.** A save that cannot be read (a damaged file, a wrong password, an unreadable
path) raises ``SaveError`` naming it with ``errors="raise"`` (the default); with
``errors="column"`` its row has the message in a last column ``error`` and nulls in the
path columns, and the other saves are read. ``missing="error"`` makes a path that leads
nowhere in a save an error of that save (``missing="null"``, the default, gives null).

Every save is read with the package's checks (``loads``' limits; ``godot="auto"``
detection, or the dialect of ``GDVARIANT_GODOT``; an ambiguous save is an error, never a
guess; compressed and encrypted saves opened with ``password=`` / ``key=``, which plain
saves ignore).
"""

from __future__ import annotations

import os as _os
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

try:
    import pyarrow as pa
except ImportError as _e:  # pragma: no cover - exercised without pyarrow
    raise ImportError(
        "gdvariant.arrow needs pyarrow, which is not installed: pip install pyarrow"
    ) from _e
try:
    import numpy as np
except ImportError as _e:  # pragma: no cover - pyarrow installs usually bring NumPy
    raise ImportError(
        "gdvariant.arrow needs NumPy, which is not installed: pip install numpy"
    ) from _e

from . import DecodeError
from ._native import _cells, _check_paths

__all__ = [
    "SaveError", "iter_batches", "merge_schemas", "record_batch", "schema_for", "table",
]

Source = Union[str, "_os.PathLike[str]", bytes, bytearray, memoryview, Tuple[str, Any]]
"""A save: a file path (read, or memory-mapped from 1 MiB), bytes-like data, or a
``(name, data)`` pair whose ``name`` fills the ``file`` column (``data`` bytes-like or a
path)."""

Paths = Union[Sequence[str], Mapping[str, str]]
"""Paths in the crate's syntax, each its own column name; or ``{column name: path}``."""

# Files from this size on are memory-mapped; smaller ones are read (a mapping holds a file
# descriptor for as long as a packed array views it).
_MMAP_FROM = 1 << 20

# Godot type -> Arrow type of a column of it (None: a text column). "real" components
# are float32, or float64 for precision=double data.
_SCALARS = {
    "bool": pa.bool_(), "int": pa.int64(), "float": pa.float64(),
    "String": pa.string(), "StringName": pa.string(),
}
_MATH = {
    "Vector2": (2, "real"), "Vector2i": (2, "i32"), "Rect2": (4, "real"),
    "Rect2i": (4, "i32"), "Vector3": (3, "real"), "Vector3i": (3, "i32"),
    "Transform2D": (6, "real"), "Vector4": (4, "real"), "Vector4i": (4, "i32"),
    "Plane": (4, "real"), "Quaternion": (4, "real"), "AABB": (6, "real"),
    "Basis": (9, "real"), "Transform3D": (12, "real"), "Projection": (16, "real"),
    "Color": (4, "f32"),
}
_PACKED = {
    "PackedInt32Array": (1, "i32"), "PackedInt64Array": (1, "i64"),
    "PackedFloat32Array": (1, "f32"), "PackedFloat64Array": (1, "f64"),
    "PackedVector2Array": (2, "real"), "PackedVector3Array": (3, "real"),
    "PackedVector4Array": (4, "real"), "PackedColorArray": (4, "f32"),
    "PackedVector2iArray": (2, "i32"), "PackedVector3iArray": (3, "i32"),
    "PackedVector4iArray": (4, "i32"),
}
_ARROW = {"i32": pa.int32(), "i64": pa.int64(), "f32": pa.float32(), "f64": pa.float64()}
_DOUBLE = " (double)"
_LIST_MAX = 2**31 - 1


class SaveError(ValueError):
    """A save that could not be read into its row (``errors="raise"``): ``.file`` names
    it (its path, or ``sources[i]``), ``.kind`` is the reader's ``DecodeError`` kind
    (``"wrong_key"``, ``"unexpected_end"``, ``"multiple_frames"``, …), ``"missing"`` for
    a path that leads nowhere with ``missing="error"``, ``"type"`` for a value the given
    schema has no room for, ``"os"`` for a file that cannot be read. The cause is
    chained."""

    def __init__(self, file: str, kind: str, message: str) -> None:
        super().__init__(f"{file}: {message}")
        self.file = file
        self.kind = kind
        self.message = message

    def __reduce__(self) -> Tuple[Any, ...]:
        # Raised in a worker process (Dask, multiprocessing) and pickled back.
        return (SaveError, (self.file, self.kind, self.message))


@dataclass(frozen=True)
class _Options:
    """What every entry point passes on to the reader."""
    godot: Union[int, str, None]
    password: Optional[str]
    key: Any
    decompress: Optional[str]
    allow_objects: bool
    max_depth: int
    max_nodes: Optional[int]
    missing: str
    errors: str
    mixed: str
    file_column: Optional[str]
    error_column: str
    frames: str
    frame_column: str


@dataclass
class _Col:
    """One path column: its name, path, and (once known) its Godot types and form."""
    name: str
    path: str
    tokens: frozenset = frozenset()

    @cached_property
    def bases(self) -> set:
        return {t.removesuffix(_DOUBLE) for t in self.tokens}

    @cached_property
    def base(self) -> Optional[str]:
        bases = self.bases
        return next(iter(bases)) if len(bases) == 1 else None

    @cached_property
    def double(self) -> bool:
        return any(t.endswith(_DOUBLE) for t in self.tokens)

    @cached_property
    def is_text(self) -> bool:
        return bool(self.tokens) and _typed(self.base, self.double) is None

    @cached_property
    def arrow_type(self) -> pa.DataType:
        if not self.tokens:
            return pa.null()
        typed = _typed(self.base, self.double)
        return pa.string() if typed is None else typed

    def field(self) -> pa.Field:
        return pa.field(self.name, self.arrow_type, metadata={
            "gdvariant.role": "path",
            "gdvariant.path": self.path,
            "gdvariant.types": ", ".join(sorted(self.tokens)),
            "gdvariant.text": "true" if self.is_text else "false",
        })


def _typed(base: Optional[str], double: bool) -> Optional[pa.DataType]:
    """The Arrow type of a column of values of the Godot type ``base``; None: text."""
    if base is None:
        return None
    if base in _SCALARS:
        return _SCALARS[base]
    if base in _MATH:
        n, kind = _MATH[base]
        return pa.list_(_component(kind, double), n)
    if base in _PACKED:
        width, kind = _PACKED[base]
        item = _component(kind, double)
        return pa.list_(item if width == 1 else pa.list_(item, width))
    if base == "PackedByteArray":
        return pa.binary()
    if base == "PackedStringArray":
        return pa.list_(pa.string())
    return None


def _component(kind: str, double: bool) -> pa.DataType:
    if kind == "real":
        return pa.float64() if double else pa.float32()
    return _ARROW[kind]


def _token(cell: tuple) -> Optional[str]:
    """The Godot type of a cell as the schema records it; None for Nil or nothing."""
    ty, double = cell[0], cell[1]
    if ty is None or ty == "Nil":
        return None
    return ty + _DOUBLE if double else ty


def _columns(paths: Paths, o: _Options) -> List[_Col]:
    """The path columns, their names checked."""
    if isinstance(paths, str):
        raise TypeError("paths is a list of paths (or a dict of column name to path), not one str")
    pairs = list(paths.items()) if isinstance(paths, Mapping) else [(p, p) for p in paths]
    for name, path in pairs:
        if not isinstance(name, str) or not isinstance(path, str):
            raise TypeError(f"paths and column names are str, not {name!r}: {path!r}")
    _check_paths([p for _, p in pairs])
    if o.frames == "each":
        for _, path in pairs:
            if path.startswith("#"):
                raise ValueError(f'path {path!r}: with frames="each" a path is read in every '
                                 "frame: leave #N out")
    names = [n for n, _ in pairs]
    reserved = [c for c in (o.file_column, o.frame_column if o.frames == "each" else None,
                            o.error_column if o.errors == "column" else None) if c]
    seen: set = set()
    for name in names + reserved:
        if name in seen:
            raise ValueError(f"two columns would be named {name!r}: rename one "
                             "(paths={name: path}, file_column=, frame_column=, "
                             "error_column=)")
        seen.add(name)
    return [_Col(n, p) for n, p in pairs]


def _options(godot: Union[int, str, None], password: Optional[str], key: Any,
             decompress: Optional[str], allow_objects: bool, max_depth: int,
             max_nodes: Optional[int], missing: str, errors: str, mixed: str,
             file_column: Optional[str], error_column: str, frames: str = "one",
             frame_column: str = "frame") -> _Options:
    if frames not in ("one", "each"):
        raise ValueError(f'frames must be "one" (a row per save) or "each" (a row per '
                         f'store_var frame), not {frames!r}')
    if missing not in ("null", "error"):
        raise ValueError(f'missing must be "null" or "error", not {missing!r}')
    if errors not in ("raise", "column"):
        raise ValueError(f'errors must be "raise" or "column", not {errors!r}')
    if mixed not in ("text", "error"):
        raise ValueError(f'mixed must be "text" or "error", not {mixed!r}')
    return _Options(godot, password, key, decompress, allow_objects, max_depth, max_nodes,
                    missing, errors, mixed, file_column, error_column, frames, frame_column)


def _read(source: Any, i: int) -> Tuple[Optional[str], str, Any]:
    """(file column value, name for messages, the data or the path to read)."""
    if isinstance(source, tuple):
        if len(source) != 2 or not isinstance(source[0], str):
            raise TypeError(f"sources[{i}]: a tuple source is (name, data), not {source!r:.80}")
        return source[0], source[0], source[1]
    if isinstance(source, (str, _os.PathLike)):
        name = _os.fspath(source)
        return name, name, source
    return None, f"sources[{i}]", source


def _load(data: Any) -> Any:
    """The bytes of ``data``: itself, or a path's contents (memory-mapped when large)."""
    if not isinstance(data, (str, _os.PathLike)):
        return data
    with open(data, "rb") as f:
        size = _os.fstat(f.fileno()).st_size
        if size < _MMAP_FROM:
            return f.read()
    from . import _map
    return _map(data)


def _extract(data: Any, cols: Sequence[_Col], text: List[bool], o: _Options,
             types_only: bool = False) -> list:
    """The rows of one save: a list of one row (``frames="one"``) or of a row per frame
    (``frames="each"``), each row a list of one cell per column."""
    data = _load(data)
    rows = _cells(data, [c.path for c in cols], text, o.godot, each=o.frames == "each",
                  types_only=types_only, allow_objects=o.allow_objects,
                  max_depth=o.max_depth, max_nodes=o.max_nodes, password=o.password,
                  key=o.key, decompress=o.decompress)
    # A packed array is a view that keeps its whole save (or its decoded bytes) alive
    # until the column is built: one that is less than half of the save is copied out, so
    # that a batch holds what it extracts, not every save whole.
    with memoryview(data) as whole:
        size = whole.nbytes
    for cells in rows:
        for j, cell in enumerate(cells):
            payload = cell[2]
            if isinstance(payload, np.ndarray) and payload.nbytes * 2 < size:
                cells[j] = (cell[0], cell[1], payload.copy(), cell[3])
    return rows


class _RowError(Exception):
    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def _fail(o: _Options, label: str, e: BaseException) -> str:
    """The error column's message for a save that failed, or SaveError (errors="raise")."""
    if isinstance(e, _RowError):
        kind, message = e.kind, str(e)
    elif isinstance(e, DecodeError):
        kind, message = getattr(e, "kind", "decode"), str(e)
    else:
        kind, message = "os", f"{type(e).__name__}: {e}"
    if o.errors == "raise":
        raise SaveError(label, kind, message) from e
    return message


def _checked(rows: list, cols: Sequence[_Col], o: _Options) -> list:
    """A save's ``rows`` after the missing rule (raises _RowError)."""
    if o.missing == "error":
        for i, cells in enumerate(rows):
            for col, cell in zip(cols, cells):
                if cell[0] is None:
                    where = f"frame #{i}: " if o.frames == "each" and len(rows) > 1 else ""
                    raise _RowError("missing", f"{where}path {col.path!r}: {cell[2]}")
    return rows


_ReadErrors = (DecodeError, OSError, _RowError)


def _infer(sources: list, cols: List[_Col], o: _Options) -> Tuple[list, list, list]:
    """Reads every source once: the rows of each save (its frames' cells; None for a
    failed save), the saves' error messages, and the columns with their types found (mixed
    columns re-read as text where needed)."""
    text = [False] * len(cols)
    saves: list = []
    errors: list = []
    tokens: List[Dict[str, str]] = [{} for _ in cols]  # token -> first save that has it
    for i, source in enumerate(sources):
        _, label, data = _read(source, i)
        try:
            rows = _checked(_extract(data, cols, text, o), cols, o)
        except _ReadErrors as e:
            saves.append(None)
            errors.append(_fail(o, label, e))
            continue
        saves.append(rows)
        errors.append(None)
        for cells in rows:
            for seen, cell in zip(tokens, cells):
                t = _token(cell)
                if t is not None and t not in seen:
                    seen[t] = label
    typed = []
    for col, seen in zip(cols, tokens):
        col = _Col(col.name, col.path, frozenset(seen))
        if len(col.bases) > 1 and o.mixed == "error":
            found = ", ".join(f"{t} (first in {seen[t]})" for t in sorted(seen))
            raise TypeError(f"path {col.path!r} holds values of several types: {found}; "
                            'mixed="text" makes it a column of their text form')
        typed.append(col)
    # Text columns: the text of the values first read typed, from those saves again.
    needs = [j for j, c in enumerate(typed) if c.is_text]
    if needs:
        for r, rows in enumerate(saves):
            if rows is None:
                continue
            js = {j for cells in rows for j in needs
                  if cells[j][0] not in (None, "Nil") and not cells[j][3]}
            if not js:
                continue
            _, label, data = _read(sources[r], r)
            flags = [j in js for j in range(len(cols))]
            try:
                again = _extract(data, typed, flags, o)
            except _ReadErrors as e:
                saves[r] = None
                errors[r] = _fail(o, label, e)
                continue
            for cells, cells_again in zip(rows, again):
                for j in js:
                    if cells[j][0] not in (None, "Nil") and not cells[j][3]:
                        cells[j] = cells_again[j]
    return saves, errors, typed


def _conform(sources: list, cols: List[_Col], o: _Options) -> Tuple[list, list]:
    """Reads every source once against known column types: a value the column has no
    room for is an error of that save."""
    text = [c.is_text for c in cols]
    # Per column: the Godot type its typed values have, and whether double is allowed.
    fits = [(None if c.is_text else c.base, c.double) for c in cols]
    saves: list = []
    errors: list = []
    for i, source in enumerate(sources):
        _, label, data = _read(source, i)
        try:
            rows = _checked(_extract(data, cols, text, o), cols, o)
            for cells in rows:
                for col, (base, double), cell in zip(cols, fits, cells):
                    ty = cell[0]
                    if ty is None or ty == "Nil" or col.is_text:
                        continue
                    if ty != base or (cell[1] and not double):
                        t = _token(cell)
                        want = ", ".join(sorted(col.tokens)) or "no value (a null column)"
                        raise _RowError("type", f"path {col.path!r} holds a {t}, which the "
                                        f"schema's column ({want}) has no room for")
        except _ReadErrors as e:
            saves.append(None)
            errors.append(_fail(o, label, e))
            continue
        saves.append(rows)
        errors.append(None)
    return saves, errors


def _validity(valid: np.ndarray) -> Optional[pa.Buffer]:
    if valid.all():
        return None
    return pa.py_buffer(np.packbits(valid, bitorder="little"))


def _primitive(values: np.ndarray, ty: pa.DataType) -> pa.Array:
    values = np.ascontiguousarray(values, dtype=ty.to_pandas_dtype())
    return pa.Array.from_buffers(ty, len(values), [None, pa.py_buffer(values)])


def _offsets(lengths: np.ndarray, what: str) -> pa.Buffer:
    offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    if offsets[-1] > _LIST_MAX:
        raise OverflowError(f"{what} holds {offsets[-1]:,} items in this call, more than "
                            "Arrow's 2**31 - 1: read fewer saves per call (iter_batches)")
    return pa.py_buffer(offsets.astype(np.int32))


def _build(col: _Col, cells: list) -> pa.Array:
    """The Arrow array of one path column; ``cells`` has None for a failed save."""
    n = len(cells)
    ty = col.arrow_type
    if pa.types.is_null(ty):
        return pa.nulls(n)
    payloads = [None if c is None or c[0] is None else c[2] for c in cells]
    base = col.base
    if col.is_text or base in _SCALARS or base == "PackedByteArray":
        return pa.array(payloads, type=ty)
    valid = np.array([p is not None for p in payloads], dtype=bool)
    what = f"column {col.name!r}"
    if base in _MATH:
        width, kind = _MATH[base]
        item = _component(kind, col.double)
        dtype = np.dtype(item.to_pandas_dtype()).newbyteorder("<")
        zero = bytes(width * dtype.itemsize)
        parts = []
        for c, p in zip(cells, payloads):
            if p is None:
                parts.append(zero)
            elif col.double and not c[1]:
                parts.append(np.frombuffer(p, "<f4").astype("<f8").tobytes())
            else:
                parts.append(p)
        values = np.frombuffer(b"".join(parts), dtype=dtype)
        return pa.Array.from_buffers(ty, n, [_validity(valid)],
                                     children=[_primitive(values, item)])
    if base in _PACKED:
        width, kind = _PACKED[base]
        item = _component(kind, col.double)
        dtype = np.dtype(item.to_pandas_dtype())
        arrays = [np.asarray(p).reshape(-1) for p in payloads if p is not None]
        lengths = np.array([0 if p is None else np.asarray(p).size // width for p in payloads],
                           dtype=np.int64)
        # One copy: the saves' views (float32 widened for a double column) end to end.
        values = np.concatenate(arrays).astype(dtype, copy=False) if arrays else \
            np.empty(0, dtype)
        child = _primitive(values, item)
        if width > 1:
            child = pa.Array.from_buffers(ty.value_type, len(values) // width, [None],
                                          children=[child])
        return pa.Array.from_buffers(ty, n, [_validity(valid), _offsets(lengths, what)],
                                     children=[child])
    if base == "PackedStringArray":
        ends, datas, counts, at = [], [], np.zeros(n, dtype=np.int64), 0
        for r, p in enumerate(payloads):
            if p is None:
                continue
            e = np.frombuffer(p[0], dtype="<i8")
            counts[r] = len(e)
            ends.append(e + at)
            datas.append(p[1])
            at += len(p[1])
        string_ends = np.concatenate(ends) if ends else np.empty(0, np.int64)
        if at > _LIST_MAX:
            raise OverflowError(f"{what} holds {at:,} bytes of text in this call, more "
                                "than Arrow's 2**31 - 1: read fewer saves per call")
        offsets = np.concatenate([[0], string_ends]).astype(np.int32)
        strings = pa.Array.from_buffers(pa.string(), len(string_ends),
                                        [None, pa.py_buffer(offsets),
                                         pa.py_buffer(b"".join(datas))])
        return pa.Array.from_buffers(ty, n, [_validity(valid), _offsets(counts, what)],
                                     children=[strings])
    raise AssertionError(f"no column builder for {base}")  # pragma: no cover


def _schema(cols: List[_Col], o: _Options) -> pa.Schema:
    fields = []
    if o.file_column:
        fields.append(pa.field(o.file_column, pa.string(), metadata={"gdvariant.role": "file"}))
    if o.frames == "each":
        fields.append(pa.field(o.frame_column, pa.int64(),
                               metadata={"gdvariant.role": "frame"}))
    fields += [c.field() for c in cols]
    if o.errors == "column":
        fields.append(pa.field(o.error_column, pa.string(), metadata={"gdvariant.role": "error"}))
    return pa.schema(fields)


def _from_schema(schema: pa.Schema, cols: List[_Col], o: _Options) -> List[_Col]:
    """The columns ``schema`` gives these paths, checked against what these options make."""
    expected = [f.name for f in _schema(cols, o)]
    if schema.names != expected:
        raise ValueError(f"the schema's columns {schema.names} are not the ones these paths "
                         f"and options make: {expected}")
    typed = []
    for col in cols:
        field = schema.field(col.name)
        meta = field.metadata or {}
        path = meta.get(b"gdvariant.path", b"").decode()
        if meta.get(b"gdvariant.role") != b"path" or path != col.path:
            raise ValueError(f"the schema's field {col.name!r} is not gdvariant's column of "
                             f"path {col.path!r} (make schemas with schema_for)")
        types = meta.get(b"gdvariant.types", b"").decode()
        # The metadata decides the type (a schema read back from Parquet names list
        # items "element", not "item": the same columns).
        typed.append(_Col(col.name, col.path, frozenset(t for t in types.split(", ") if t)))
    return typed


def _arrays(sources: Iterable[Source], paths: Paths, o: _Options,
            schema: Optional[pa.Schema]) -> Tuple[pa.Schema, list]:
    sources = list(sources)
    cols = _columns(paths, o)
    if schema is None:
        saves, errors, cols = _infer(sources, cols, o)
    else:
        cols = _from_schema(schema, cols, o)
        saves, errors = _conform(sources, cols, o)
    out_schema = _schema(cols, o)
    # One row per save, or per frame of each save; a failed save is one row.
    owner: List[int] = []
    frame: List[Optional[int]] = []
    rows: list = []
    for i, found in enumerate(saves):
        for j, cells in enumerate(found or [None]):
            owner.append(i)
            frame.append(None if cells is None else j)
            rows.append(cells)
    arrays = []
    if o.file_column:
        names = [_read(s, i)[0] for i, s in enumerate(sources)]
        arrays.append(pa.array([names[i] for i in owner], pa.string()))
    if o.frames == "each":
        arrays.append(pa.array(frame, pa.int64()))
    for j, col in enumerate(cols):
        arrays.append(_build(col, [None if cells is None else cells[j] for cells in rows]))
    if o.errors == "column":
        arrays.append(pa.array([errors[i] for i in owner], pa.string()))
    return out_schema, arrays


_DOC_KEYWORDS = """
    Keywords: ``godot`` ("auto" detects Godot 3 or 4 per save, as ``loads``; or 3, 4,
    "pm-a", "pm-b", "pm-c"; None, the default: the dialect ``GDVARIANT_GODOT`` names in
    the environment, else "auto"); ``frames`` ("one": a row per save; "each": a row per
    ``store_var`` frame, with a column ``frame_column``, see the module's docstring);
    ``password`` / ``key`` for encrypted saves (plain and
    compressed saves ignore them); ``decompress`` to name a FastLZ or Brotli stream;
    ``allow_objects``, ``max_depth``, ``max_nodes``: ``loads``' limits; ``missing``
    ("null" or "error"); ``errors`` ("raise": ``SaveError`` naming the save; "column": a
    last column ``error_column`` with the message, nulls in its path columns);
    ``mixed`` ("text" or "error": ``TypeError`` naming the types and a save of each);
    ``file_column`` (the name of the first column, None for none)."""


def table(sources: Iterable[Source], paths: Paths, *, schema: Optional[pa.Schema] = None,
          godot: Union[int, str, None] = None, password: Optional[str] = None, key: Any = None,
          decompress: Optional[str] = None, allow_objects: bool = True,
          max_depth: int = 1024, max_nodes: Optional[int] = None, missing: str = "null",
          errors: str = "raise", mixed: str = "text", file_column: Optional[str] = "file",
          error_column: str = "error", frames: str = "one",
          frame_column: str = "frame") -> pa.Table:
    """The values at ``paths`` in each save of ``sources`` as a ``pyarrow.Table``: one row
    per save (in order; with ``frames="each"``, one row per frame of each save and a
    column ``frame``), a column ``file`` (the path given, the name of a ``(name, data)``
    pair, null for bare bytes), then one column per path (named by the path, or by the
    keys of a ``{name: path}`` dict), typed as the module's docstring says.

    Validates: the paths' syntax (``ValueError`` before anything is read), every save as
    ``loads`` does, each column's types across the saves (the mixed rule). With
    ``schema=`` (from ``schema_for`` or ``merge_schemas``) the columns take its types,
    and a value that does not fit its column is an error of its save (kind ``"type"``);
    without it, the types are found from these saves.

    Cost: each save is opened (decrypted, decompressed) and validated once, and each path
    followed once; a column that turns out mixed reads the saves whose values were read
    typed once more, for their text. Memory: every save's cells until the columns are
    built (packed arrays as views of the saves, then one copy into the column); pass
    batches (``iter_batches``) for more saves than fit.
    """
    o = _options(godot, password, key, decompress, allow_objects, max_depth, max_nodes,
                 missing, errors, mixed, file_column, error_column, frames, frame_column)
    out_schema, arrays = _arrays(sources, paths, o, schema)
    return pa.Table.from_arrays(arrays, schema=out_schema)


def record_batch(sources: Iterable[Source], paths: Paths, *,
                 schema: Optional[pa.Schema] = None, godot: Union[int, str, None] = None,
                 password: Optional[str] = None, key: Any = None,
                 decompress: Optional[str] = None, allow_objects: bool = True,
                 max_depth: int = 1024, max_nodes: Optional[int] = None,
                 missing: str = "null", errors: str = "raise", mixed: str = "text",
                 file_column: Optional[str] = "file", error_column: str = "error",
                 frames: str = "one", frame_column: str = "frame") -> pa.RecordBatch:
    """``table``'s rows as one ``pyarrow.RecordBatch``: the same checks and cost. For a
    stream of batches that share one schema, pass ``schema=`` (``schema_for``), or use
    ``iter_batches``."""
    o = _options(godot, password, key, decompress, allow_objects, max_depth, max_nodes,
                 missing, errors, mixed, file_column, error_column, frames, frame_column)
    out_schema, arrays = _arrays(sources, paths, o, schema)
    return pa.RecordBatch.from_arrays(arrays, schema=out_schema)


def schema_for(sources: Iterable[Source], paths: Paths, *, godot: Union[int, str, None] = None,
               password: Optional[str] = None, key: Any = None,
               decompress: Optional[str] = None, allow_objects: bool = True,
               max_depth: int = 1024, max_nodes: Optional[int] = None,
               missing: str = "null", errors: str = "raise", mixed: str = "text",
               file_column: Optional[str] = "file", error_column: str = "error",
               frames: str = "one", frame_column: str = "frame") -> pa.Schema:
    """The schema ``table`` would give these saves, from their types alone: each save is
    opened and validated and each path followed, but no value is converted (no text form,
    no arrays). Saves that fail are skipped with ``errors="column"`` (``table`` gives
    them an error row), raise ``SaveError`` otherwise. Use it to fix one schema for many
    batches, or on many machines: ``merge_schemas`` joins the schemas of parts.

    Cost: one open and validation per save, one walk per path; memory O(1) per save.
    """
    o = _options(godot, password, key, decompress, allow_objects, max_depth, max_nodes,
                 missing, errors, mixed, file_column, error_column, frames, frame_column)
    cols = _columns(paths, o)
    tokens: List[Dict[str, str]] = [{} for _ in cols]
    text = [False] * len(cols)
    for i, source in enumerate(sources):
        _, label, data = _read(source, i)
        try:
            rows = _checked(_extract(data, cols, text, o, types_only=True), cols, o)
        except _ReadErrors as e:
            _fail(o, label, e)
            continue
        for cells in rows:
            for seen, cell in zip(tokens, cells):
                t = _token(cell)
                if t is not None and t not in seen:
                    seen[t] = label
    out = []
    for col, seen in zip(cols, tokens):
        col = _Col(col.name, col.path, frozenset(seen))
        if len(col.bases) > 1 and o.mixed == "error":
            found = ", ".join(f"{t} (first in {seen[t]})" for t in sorted(seen))
            raise TypeError(f"path {col.path!r} holds values of several types: {found}; "
                            'mixed="text" makes it a column of their text form')
        out.append(col)
    return _schema(out, o)


def merge_schemas(schemas: Iterable[pa.Schema], *, mixed: str = "text") -> pa.Schema:
    """One schema for parts read apart (``schema_for`` on each batch, on each machine):
    each column takes every type its parts saw, by the module's rules (one type: typed;
    several: text, or ``TypeError`` with ``mixed="error"``; single and double precision
    of one type: double). The parts must have the same columns (``ValueError``).
    Cost: O(columns × parts)."""
    if mixed not in ("text", "error"):
        raise ValueError(f'mixed must be "text" or "error", not {mixed!r}')
    schemas = list(schemas)
    if not schemas:
        raise ValueError("merge_schemas needs at least one schema")
    first = schemas[0]
    for s in schemas[1:]:
        if s.names != first.names:
            raise ValueError(f"schemas with different columns: {first.names} and {s.names}")
    fields = []
    for i, field in enumerate(first):
        meta = field.metadata or {}
        if meta.get(b"gdvariant.role") != b"path":
            fields.append(field)
            continue
        tokens: set = set()
        for s in schemas:
            m = s.field(i).metadata or {}
            if m.get(b"gdvariant.path") != meta.get(b"gdvariant.path"):
                raise ValueError(f"column {field.name!r} has different paths in the schemas")
            tokens |= {t for t in m.get(b"gdvariant.types", b"").decode().split(", ") if t}
        col = _Col(field.name, meta.get(b"gdvariant.path", b"").decode(), frozenset(tokens))
        if len(col.bases) > 1 and mixed == "error":
            raise TypeError(f"path {col.path!r} holds values of several types: "
                            f"{', '.join(sorted(tokens))}")
        fields.append(col.field())
    return pa.schema(fields)


def iter_batches(sources: Sequence[Source], paths: Paths, *, batch_size: int = 1024,
                 schema: Optional[pa.Schema] = None, godot: Union[int, str, None] = None,
                 password: Optional[str] = None, key: Any = None,
                 decompress: Optional[str] = None, allow_objects: bool = True,
                 max_depth: int = 1024, max_nodes: Optional[int] = None,
                 missing: str = "null", errors: str = "raise", mixed: str = "text",
                 file_column: Optional[str] = "file", error_column: str = "error",
                 frames: str = "one",
                 frame_column: str = "frame") -> Iterator[pa.RecordBatch]:
    """``record_batch`` over ``batch_size`` saves at a time (with ``frames="each"``, a
    batch has a row per frame of its saves), every batch with one schema:
    ``schema=``, or ``schema_for(sources, ...)`` first (one more pass over every save,
    types only). Memory: one batch at a time. For ``pyarrow.parquet.ParquetWriter`` or
    ``pyarrow.RecordBatchReader.from_batches(schema, batches)``."""
    if batch_size < 1:
        raise ValueError("batch_size is at least 1")
    kw: Dict[str, Any] = dict(godot=godot, password=password, key=key, decompress=decompress,
                              allow_objects=allow_objects, max_depth=max_depth,
                              max_nodes=max_nodes, missing=missing, errors=errors,
                              mixed=mixed, file_column=file_column, error_column=error_column,
                              frames=frames, frame_column=frame_column)
    sources = list(sources)
    if schema is None:
        schema = schema_for(sources, paths, **kw)
    for at in range(0, len(sources), batch_size):
        yield record_batch(sources[at:at + batch_size], paths, schema=schema, **kw)


# The keywords every entry point takes, documented once.
for _f in (table, record_batch, schema_for, iter_batches):
    _f.__doc__ = (_f.__doc__ or "") + _DOC_KEYWORDS
del _f

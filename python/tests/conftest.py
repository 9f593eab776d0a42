"""Shared by the tests: the engine fixtures, the crate's JSON as expected Python values,
a deep equality that tells types, dtypes and NaNs apart, and `env` (GDVARIANT_GODOT)."""

import base64
import json
import math
import struct
import os
import subprocess
import sys
from pathlib import Path

import pytest

import gdvariant as gd

# The deepest fixtures nest 1000 levels: json and the helpers below recurse.
sys.setrecursionlimit(20000)

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"

# Fixture folder -> godot= argument.
DIALECTS = {
    "g32": 3,
    "g36": 3,
    "g4": 4,
    "pandemonium/pma": "pm-a",
    "pandemonium/pmb": "pm-b",
    "pandemonium/pmc": "pm-c",
}


def cases():
    """Every engine-written blob: (id, folder, case, bytes)."""
    out = []
    for folder, godot in DIALECTS.items():
        for line in (FIXTURES / folder / "cases.jsonl").read_text().splitlines():
            case = json.loads(line)
            data = (FIXTURES / folder / case["file"]).read_bytes()
            if not data:  # an engine failure kept on purpose (see tests/fixtures/README.md)
                continue
            case["godot"] = godot
            case["prefixed"] = case["function"] not in ("var2bytes", "var_to_bytes")
            case["big_endian"] = case["name"].endswith("_be")
            out.append(pytest.param(case, data, id=f"{folder}/{case['name']}"))
    return out


CASES = cases()


@pytest.fixture
def env(monkeypatch):
    """Sets GDVARIANT_GODOT (None: unset) for the rest of the test."""
    def set_(value):
        if value is None:
            monkeypatch.delenv("GDVARIANT_GODOT", raising=False)
        else:
            monkeypatch.setenv("GDVARIANT_GODOT", value)
    set_(None)
    return set_


MATH = {name: getattr(gd, name) for name in (
    "Vector2", "Vector2i", "Rect2", "Rect2i", "Vector3", "Vector3i", "Transform2D", "Vector4",
    "Vector4i", "Plane", "Quaternion", "AABB", "Basis", "Transform3D", "Projection", "Color")}

PACKED_DTYPES = {
    "PackedInt32Array": ("<i4", 0), "PackedInt64Array": ("<i8", 0),
    "PackedFloat32Array": ("<f4", 0), "PackedFloat64Array": ("<f8", 0),
    "PackedVector2Array": ("<f4", 2), "PackedVector3Array": ("<f4", 3),
    "PackedVector4Array": ("<f4", 4), "PackedColorArray": ("<f4", 4),
    "PackedVector2iArray": ("<i4", 2), "PackedVector3iArray": ("<i4", 3),
    "PackedVector4iArray": ("<i4", 4),
}


def f32(x):
    """`x` rounded to the nearest f32, as the wire holds it."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def number(x):
    return {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}.get(x, x) if isinstance(x, str) else x


def container_type(t):
    if t is None:
        return None
    if isinstance(t, str):
        return gd.ContainerType("builtin", t)
    ((kind, name),) = t.items()
    return gd.ContainerType(kind, name)


def from_json(j):
    """The Python value the crate's JSON (see src/format/json/mod.rs) stands for, built
    independently of `loads`: what `loads` must give."""
    import numpy as np

    if j is None or isinstance(j, (bool, int, float, str)):
        return j
    if isinstance(j, list):
        return [from_json(x) for x in j]
    tag = next(k for k in j if k not in ("type", "key_type", "value_type", "double"))
    v = j[tag]
    double = j.get("double", False)
    if tag == "float":
        return float(number(v))
    if tag in MATH:
        components = [number(c) for c in v]
        if not double and tag not in ("Vector2i", "Vector3i", "Vector4i", "Rect2i"):
            components = [f32(c) for c in components]
        return MATH[tag](*components, double=double)
    if tag == "StringName":
        return gd.StringName(v)
    if tag == "NodePath":
        return gd.NodePath(v)
    if tag == "RID":
        return gd.RID(v)
    if tag == "Object":
        if v is None:
            return None
        if "id" in v:
            return gd.ObjectId(v["id"])
        return gd.Object(v["class"], {name: from_json(x) for name, x in v["properties"]})
    if tag == "Callable":
        return gd.Callable()
    if tag == "Signal":
        return gd.Signal(v["name"], v["object"])
    if tag in ("Array", "TypedArray", "PackedTypedArray"):
        return gd.TypedArray([from_json(x) for x in v], container_type(j.get("type")),
                             packed=tag == "PackedTypedArray")
    if tag == "Dictionary":
        pairs = [(from_json(k), from_json(x)) for k, x in v]
        kt, vt = container_type(j.get("key_type")), container_type(j.get("value_type"))
        try:
            d = dict(pairs)
            distinct = len(d) == len(pairs)
        except TypeError:
            distinct = False
        if not distinct:
            return gd.Pairs(pairs, kt, vt)
        if kt is None and vt is None:
            return d
        return gd.TypedDictionary(d, kt, vt)
    if tag == "PackedByteArray":
        return base64.b64decode(v)
    if tag == "PackedStringArray":
        return gd.PackedStringArray(v)
    if tag in PACKED_DTYPES:
        dtype, width = PACKED_DTYPES[tag]
        if double:
            dtype = "<f8"
        rows = [[number(c) for c in e] if isinstance(e, list) else number(e) for e in v]
        a = np.array(rows, dtype=dtype)
        if width:
            a = a.reshape(len(v), width)
        return a.view(gd.PackedColorArray) if tag == "PackedColorArray" else a
    raise AssertionError(f"unknown JSON tag {tag}")


def same(a, b, path="value"):
    """Deep equality that also checks types, dtypes and shapes; NaN equals NaN."""
    import numpy as np

    assert type(a) is type(b), f"{path}: {type(a).__name__} vs {type(b).__name__}"
    if isinstance(a, np.ndarray):
        assert (a.dtype, a.shape) == (b.dtype, b.shape), f"{path}: {a.dtype}{a.shape} vs {b.dtype}{b.shape}"
        assert np.array_equal(a, b, equal_nan=a.dtype.kind == "f"), f"{path}: arrays differ"
    elif isinstance(a, float):
        assert (math.isnan(a) and math.isnan(b)) or (a == b and math.copysign(1, a) == math.copysign(1, b)), f"{path}: {a!r} vs {b!r}"
    elif type(a).__name__ in MATH:
        assert a.double == b.double, f"{path}: double flag"
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, f"{path}[{i}]")
    elif isinstance(a, dict):
        assert list(a.keys()) == list(b.keys()), f"{path}: keys {list(a)} vs {list(b)}"
        for k in a:
            same(a[k], b[k], f"{path}[{k!r}]")
        if isinstance(a, gd.TypedDictionary):
            assert (a.key_type, a.value_type) == (b.key_type, b.value_type), f"{path}: types"
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b), f"{path}: {len(a)} vs {len(b)} items"
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, f"{path}[{i}]")
        for attr in ("element_type", "packed", "key_type", "value_type"):
            assert getattr(a, attr, None) == getattr(b, attr, None), f"{path}: {attr}"
    elif isinstance(a, gd.Object):
        assert a.class_name == b.class_name, f"{path}: class"
        same(a.properties, b.properties, f"{path}.properties")
    else:
        assert a == b, f"{path}: {a!r} vs {b!r}"


@pytest.fixture(scope="session")
def malformed_rows(tmp_path_factory):
    """The crate's malformed-input table (tests/it/malformed.rs), exported by its test."""
    path = os.environ.get("GDVARIANT_MALFORMED_JSONL")
    if not path:
        path = str(tmp_path_factory.mktemp("malformed") / "malformed.jsonl")
        env = dict(os.environ, GDVARIANT_MALFORMED_EXPORT=path)
        subprocess.run(
            ["cargo", "test", "-q", "--test", "it", "--", "--ignored",
             "malformed::export_table", "--exact"],
            cwd=REPO, env=env, check=True, stdout=subprocess.DEVNULL)
    return [json.loads(line) for line in Path(path).read_text().splitlines()]


def snake_case(code):
    """The package's spelling of a crate code: `UnexpectedEnd` -> `unexpected_end`."""
    return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(code))

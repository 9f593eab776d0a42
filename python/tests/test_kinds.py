"""DecodeError.kind: one spelling, snake_case, for every error (issue 40). 0.1's spellings
(the crate's CamelCase names, a stream's "ambiguous") still compare equal for one release,
with a DeprecationWarning that names the new one."""

import pickle
import re
import struct
import warnings
import zlib

import pytest

import gdvariant as gd
from gdvariant._errors import RENAMED


def kind_of(call):
    with pytest.raises(gd.DecodeError) as caught:
        call()
    return caught.value


def header(ty, flags=0):
    return struct.pack("<I", ty | flags)


def gzip_that_is_also_values():
    """A gzip member that is also a Godot 4 var_to_bytes of a PackedInt64Array (the
    crate's test of the same name): `1f 8b 08 00` is the array's header, MTIME its count."""
    count = 10_000
    total = 8 + 8 * count
    file = bytearray(b"\x1f\x8b\x08\x00" + struct.pack("<I", count) + b"\x00\x03")
    plain = bytearray()
    remaining = total - len(file) - 8
    while remaining > 0:
        n = min(remaining - 5, 0xFFFF)
        file.append(1 if remaining == n + 5 else 0)
        file += struct.pack("<HH", n, ~n & 0xFFFF)
        block = bytes((i * 7) & 0xFF for i in range(n))
        file += block
        plain += block
        remaining -= n + 5
    file += struct.pack("<II", zlib.crc32(plain), len(plain))
    return bytes(file), bytes(plain)


# What each kind is for, with an input that raises it.
DEEP = b"".join(header(28) + struct.pack("<I", 1) for _ in range(1100)) + header(0)
ERRORS = {
    "unexpected_end": lambda: gd.loads(gd.dumps(7)[:6], 4, prefixed=False),
    "length_out_of_bounds": lambda: gd.loads(header(4) + struct.pack("<I", 1 << 30), 4, prefixed=False),
    "unknown_type": lambda: gd.loads(header(0xEE), 4, prefixed=False),
    "invalid_utf8": lambda: gd.loads(header(4) + struct.pack("<I", 2) + b"\xff\xfe\x00\x00", 4, prefixed=False),
    "too_deep": lambda: gd.loads(DEEP, 4, prefixed=False),
    "too_many_nodes": lambda: gd.loads(gd.dumps([1, 2, 3]), 4, max_nodes=2),
    "full_object_not_allowed": lambda: gd.loads(gd.dumps(gd.Object("Node", {})), 4, allow_objects=False),
    "frame_too_large": lambda: list(gd.iter_frames(struct.pack("<I", 1 << 30) + bytes(8), 4, max_frame=16)),
    "trailing_bytes": lambda: gd.loads(gd.dumps(7) + b"junk"),
    "multiple_frames": lambda: gd.loads(gd.dumps(1, prefixed=True) * 2),
    "ambiguous": lambda: gd.loads(gd.dumps(gd.Color(1, 0, 0, 1), 3)),
    "needs_key": lambda: gd.loads(gd.pack(b"x", password="pw")),
    "wrong_key": lambda: gd.loads(gd.pack(gd.dumps(1), password="pw"), password="other"),
    "ambiguous_stream": lambda: gd.loads(gzip_that_is_also_values()[0]),
}


@pytest.mark.parametrize("kind", ERRORS)
def test_every_kind_is_snake_case(kind):
    e = kind_of(ERRORS[kind])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the new spelling never warns
        assert e.kind == kind and not (e.kind != kind)
    assert re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", str(e.kind))
    assert isinstance(e.kind, str) and repr(e.kind) == repr(kind) and hash(e.kind) == hash(kind)
    assert {kind: 1}[e.kind] == 1 and str(e.kind) == kind and f"{e.kind}" == kind


@pytest.mark.parametrize("new,old", [(new, old) for new, olds in RENAMED.items() for old in olds])
def test_the_old_spellings_still_match_with_a_deprecation_warning(new, old):
    if new in ERRORS:
        kind = kind_of(ERRORS[new]).kind
    else:  # kinds no input above raises: the class the errors carry
        kind = type(kind_of(ERRORS["unexpected_end"]).kind)(new)
    warning = f"DecodeError.kind {old!r} is spelled {new!r} now"
    with pytest.warns(DeprecationWarning, match=re.escape(warning)):
        assert kind == old
    with pytest.warns(DeprecationWarning, match=re.escape(warning)):
        assert old == kind  # the str subclass's __eq__ is tried first
    with pytest.warns(DeprecationWarning):
        assert not (kind != old)
    with pytest.warns(DeprecationWarning):
        assert kind in ("something_else", old)
    with pytest.warns(DeprecationWarning):
        match kind:
            case "not_it":
                raise AssertionError("no")
            case _ if kind == old:
                pass
            case _:
                raise AssertionError(f"{kind!r} did not match {old!r}")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert new == "too_many_nodes" or kind != "TooManyNodes"  # other names: no match
        assert kind != "something_else"


def test_the_renames_are_the_crates_codes():
    # Every CamelCase code of the crate (ErrorKind::code, FrameError::code) has its rename.
    camel = ["UnexpectedEnd", "LengthOutOfBounds", "UnknownType", "InvalidUtf8", "TooDeep",
             "TooManyNodes", "InvalidContainerType", "OldNodePath", "FullObjectNotAllowed",
             "InvalidScriptProperty", "TrailingBytes", "NonCanonical", "FrameTooLarge"]
    assert sorted(old for olds in RENAMED.values() for old in olds) == sorted(camel + ["ambiguous"])
    from conftest import snake_case
    for old in camel:
        assert (old,) == RENAMED[snake_case(old)]


def test_kinds_pickle_and_survive_save_errors():
    e = kind_of(ERRORS["unexpected_end"])
    back = pickle.loads(pickle.dumps(e.kind))
    assert back == "unexpected_end" and type(back) is type(e.kind)
    with pytest.warns(DeprecationWarning):
        assert back == "UnexpectedEnd"
    ga = pytest.importorskip("gdvariant.arrow")
    with pytest.raises(ga.SaveError) as caught:
        ga.table([("cut", gd.dumps(7)[:6])], ["a"], godot=4)
    assert caught.value.kind == "unexpected_end"
    again = pickle.loads(pickle.dumps(caught.value))
    assert again.kind == "unexpected_end" and again.file == "cut"


def test_an_ambiguous_stream_is_told_apart_from_an_ambiguous_dialect():
    file, plain = gzip_that_is_also_values()
    e = kind_of(lambda: gd.loads(file))
    assert e.kind == "ambiguous_stream" and e.offset == 0
    assert str(e) == ('the bytes read both as a GZIP stream and as plain values: pass '
                      'decompress="gzip" or decompress="none"')
    assert gd.unpack(file, decompress="gzip") == plain
    assert len(gd.loads(file, decompress="none")) == 10_000
    assert kind_of(ERRORS["ambiguous"]).kind == "ambiguous"

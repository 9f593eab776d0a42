"""Hostile input: the crate's malformed-input table, truncations and mutations of every
fixture, deep nesting and huge claimed counts. Bad bytes raise `DecodeError` with the
crate's kind and offset; nothing crashes, nothing allocates what the input only claims."""

import random
import threading

import pytest

import gdvariant as gd
from conftest import CASES, snake_case


def test_every_row_of_the_malformed_table(malformed_rows):
    assert len(malformed_rows) > 100
    checked = {"error": 0, "ok": 0, "trailing": 0}
    for row in malformed_rows:
        data = bytes.fromhex(row["bytes"])
        prefixed = row["input"] == "store_var"
        if row["input"] == "store_var_payload":
            data = data[4:]
        ours = row["ours"]
        kwargs = dict(prefixed=prefixed, allow_objects=row["allow_objects"])
        if "error" in ours or "incomplete" in ours:
            with pytest.raises(gd.DecodeError) as caught:
                gd.loads(data, row["godot"], **kwargs)
            error = caught.value
            if "error" in ours:
                assert error.kind == snake_case(ours["error"]), row["name"]
                if not prefixed:
                    assert error.offset == ours["offset"], row["name"]
            else:
                assert error.kind == "unexpected_end", row["name"]
            assert isinstance(error, ValueError)
            checked["error"] += 1
        else:
            try:
                gd.loads(data, row["godot"], **kwargs)  # accepted: it must build
            except gd.DecodeError as e:
                # The engine's bytes_to_var ignores bytes after the value; loads reads all
                # of its input, and says where the value ends: the value alone is accepted.
                assert (e.kind, prefixed) == ("trailing_bytes", False), row["name"]
                assert f"{len(data) - e.offset} byte" in str(e), row["name"]
                data = data[:e.offset]
                gd.loads(data, row["godot"], **kwargs)
                checked["trailing"] += 1
            text = gd.to_text(data, row["godot"], **kwargs)
            if "text" in ours:
                assert text == ours["text"], row["name"]
            else:
                assert len(text) == ours["text_len"], row["name"]
            checked["ok"] += 1
    assert checked["error"] > 50 and checked["ok"] > 10 and checked["trailing"] >= 1, checked


def test_every_truncation_of_every_fixture_is_an_error_at_a_real_offset():
    for param in CASES:
        case, data = param.values
        if case["prefixed"] or len(data) > 4096:
            continue
        for cut in range(len(data)):
            try:
                gd.loads(data[:cut], case["godot"], prefixed=False)
            except gd.DecodeError as e:
                assert 0 <= e.offset <= cut and e.kind, (case["name"], cut)


def test_random_mutations_never_crash():
    rng = random.Random(15)
    blobs = [p.values for p in CASES if not p.values[0]["prefixed"] and len(p.values[1]) < 2048]
    for _ in range(20000):
        case, data = rng.choice(blobs)
        mutated = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(mutated))
            mutated[i] = rng.choice([0, 0xFF, 0x7F, 0x80, rng.randrange(256)])
        try:
            value = gd.loads(bytes(mutated), case["godot"])
        except gd.DecodeError:
            continue
        # What is accepted goes back out and in again.
        try:
            again = gd.dumps(value, case["godot"])
        except (gd.EncodeError, TypeError):
            continue
        gd.loads(again, case["godot"])


def nested(levels, godot=4):
    array = (28 if godot == 4 else 19).to_bytes(4, "little") + (1).to_bytes(4, "little")
    return array * levels + bytes(4)


def test_nesting_is_bounded_like_the_engine():
    assert gd.loads(nested(1024)) is not None  # depth 1024: what the engine accepts
    for godot in ("auto", 4):
        with pytest.raises(gd.DecodeError) as caught:
            gd.loads(nested(1025), godot)
        assert caught.value.kind == "too_deep" and caught.value.offset == 1025 * 8
    with pytest.raises(gd.DecodeError):
        gd.loads(nested(5), max_depth=3)


def test_the_deepest_value_builds_on_a_small_thread_stack():
    # No recursion: the walk keeps its open containers on the heap.
    result = {}
    threading.stack_size(256 * 1024)
    try:
        t = threading.Thread(target=lambda: result.setdefault("v", gd.loads(nested(1024))))
        t.start()
        t.join()
    finally:
        threading.stack_size(0)
    depth, v = 0, result["v"]
    while isinstance(v, list) and v:
        depth, v = depth + 1, v[0]
    assert depth == 1024


@pytest.mark.parametrize("header", [28, 27, 34, 36, 29])
def test_claimed_counts_allocate_nothing(header):
    # An Array / Dictionary / packed array claiming 2**31 - 1 items, with none there.
    data = header.to_bytes(4, "little") + (2**31 - 1).to_bytes(4, "little")
    with pytest.raises(gd.DecodeError) as caught:
        gd.loads(data)
    assert caught.value.kind in ("length_out_of_bounds", "unexpected_end")


def test_node_and_object_limits():
    many = gd.dumps(list(range(100)))
    with pytest.raises(gd.DecodeError) as caught:
        gd.loads(many, max_nodes=50)
    assert caught.value.kind == "too_many_nodes"
    obj = gd.dumps(gd.Object("Resource", {"name": "x"}))
    with pytest.raises(gd.DecodeError) as caught:
        gd.loads(obj, allow_objects=False)
    assert (caught.value.kind, caught.value.offset) == ("full_object_not_allowed", 0)


def test_dumps_refuses_what_godot_cannot_hold():
    cyclic = []
    cyclic.append(cyclic)
    with pytest.raises(gd.EncodeError, match="deeper than 1024"):
        gd.dumps(cyclic)
    with pytest.raises(OverflowError):
        gd.dumps(2**64)
    with pytest.raises(TypeError):
        gd.dumps(object())
    with pytest.raises(gd.EncodeError):
        gd.dumps(gd.StringName("a"), 3)  # no StringName in Godot 3

"""Compressed (GCPF) and encrypted (GDEC) files and `compress()` streams that Godot 3.2.3,
3.6.2 and 4.6.3 wrote (`tests/fixtures/containers`): every reader opens them to the
values the engine stored, printed as the engine printed them; `pack` writes what `unpack`
(and the engine) opens; a wrong or missing key, a cut or damaged file raise `DecodeError`
with a kind and an offset; plain input is still read without a copy."""

import doctest
import json
import threading

import numpy as np
import pytest

import gdvariant as gd
from conftest import FIXTURES, same

ROOT = FIXTURES / "containers"
STYLES = {"g32": "3.2", "g36": "3.6", "g4": "4"}
PASSWORD = "hunter2-Ünïcode"  # the password of every `pass` fixture
WRITABLE = ["fastlz", "deflate", "zstd", "gzip"]


def load_cases():
    out = []
    for engine in STYLES:
        for line in (ROOT / engine / "cases.jsonl").read_text().splitlines():
            case = json.loads(line)
            case["path"] = ROOT / engine / case["file"]
            case["data"] = case["path"].read_bytes()
            case["godot"] = 4 if engine == "g4" else 3
            case["style"] = STYLES[engine]
            out.append(pytest.param(case, id=f"{engine}/{case['file'][:-4]}"))
    return out


CASES = load_cases()


def by(**want):
    return [c for c in CASES if all(c.values[0][k] == v for k, v in want.items())]


def secret(case):
    """The keywords that open the case's file."""
    if case["mode"] == "pass":
        return {"password": case["secret"]}
    if case["mode"] in ("key", "key_iv"):
        return {"key": case["secret"].split(":")[0]}
    if case["container"] == "raw_compress" and case["mode"] == "fastlz":
        return {"decompress": "fastlz"}  # a FastLZ stream has no header: it must be named
    return {}


def texts(values, case):
    """The engine's text of each value, through the engine's own bytes (`dumps` gives them
    back exactly: test_fixtures.py) so that a PackedByteArray (`bytes`) is not read as
    data."""
    return [gd.to_text(gd.dumps(v, case["godot"]), case["godot"], style=case["style"])
            for v in values]


def expected_container(case):
    if case["container"] == "compressed":
        return {"container": "compressed", "compress": case["mode"], "block_size": 4096}
    if case["container"] == "encrypted":
        return {"container": "encrypted", "godot": case["godot"]}
    return {"container": "stream", "compress": case["mode"]}


def test_every_fixture_is_here():
    assert len(CASES) == 112
    assert {c.values[0]["container"] for c in CASES} == {"compressed", "encrypted", "raw_compress"}


@pytest.mark.parametrize("case", CASES)
def test_every_engine_file_opens_to_the_engines_texts(case):
    data, godot, style, keys = case["data"], case["godot"], case["style"], secret(case)
    assert gd.container_of(data, decompress=keys.get("decompress")) == expected_container(case)
    assert gd.container_of(case["path"], decompress=keys.get("decompress")) == expected_container(case)
    if case["container"] == "raw_compress":
        # A stream holds one var_to_bytes value.
        assert texts([gd.loads(data, godot, **keys)], case) == case["texts"]
        assert gd.to_text(gd.open(case["path"], godot, **keys), style=style) == case["texts"][0]
        return
    # A file holds store_var frames.
    assert texts(gd.iter_frames(data, godot, **keys), case) == case["texts"]
    assert texts(gd.iter_frames(case["path"], godot, **keys), case) == case["texts"]
    assert texts(gd.iter_frames(memoryview(bytearray(data)), godot, **keys), case) == case["texts"]
    if len(case["texts"]) > 1:
        # Several frames: a reader of one value names them and points to iter_frames,
        # with or without prefixed=True (it used to give frame #0 and drop the rest).
        for read in (lambda: gd.open(case["path"], godot, prefixed=True, **keys),
                     lambda: gd.open(case["path"], **keys),
                     lambda: gd.loads(data, godot, prefixed=True, **keys),
                     lambda: gd.loads(data, **keys)):
            with pytest.raises(gd.DecodeError) as caught:
                read()
            assert caught.value.kind == "multiple_frames"
            assert f"holds {len(case['texts'])} store_var frames" in str(caught.value)
            assert "iter_frames" in str(caught.value)
    else:
        # One frame: loads and open recognise it by its length prefix.
        assert texts([gd.loads(data, godot, **keys)], case) == case["texts"]
        assert gd.to_text(gd.open(case["path"], godot, **keys), style=style) == case["texts"][0]
        assert gd.to_text(gd.view(data, godot, **keys), style=style) == case["texts"][0]


@pytest.mark.parametrize("case", CASES)
def test_unpack_gives_the_plain_bytes_and_pack_writes_them_back(case):
    keys = secret(case)
    plain = gd.unpack(case["data"], **keys)
    if case["container"] == "raw_compress":
        assert texts([gd.loads(plain, case["godot"], prefixed=False)], case) == case["texts"]
    else:
        assert texts(gd.iter_frames(plain, case["godot"]), case) == case["texts"]
    info = expected_container(case)
    if info["container"] == "encrypted":
        again = gd.pack(plain, godot=info["godot"], **keys)
    else:
        again = gd.pack(plain, compress=info["compress"], block_size=info.get("block_size", 4096),
                        stream=info["container"] == "stream")
    assert gd.container_of(again, decompress=keys.get("decompress")) == info
    assert gd.unpack(again, **keys) == plain
    if case["engine"] == "g4" and case["mode"] == "zstd" and case["container"] == "compressed":
        assert again == case["data"]  # Godot 4's zstd, level 3: byte for byte
    if case["engine"] != "g4" and case["container"] == "encrypted":
        assert again == case["data"]  # Godot 3's layout is ECB with no IV: deterministic


@pytest.mark.parametrize("case", by(mode="key_iv"))
def test_a_callers_iv_gives_the_engines_bytes(case):
    key_hex, iv_hex = case["secret"].split(":")
    plain = gd.unpack(case["data"], key=bytes.fromhex(key_hex))
    assert gd.pack(plain, key=bytes.fromhex(key_hex), iv=bytes.fromhex(iv_hex)) == case["data"]
    assert gd.pack(plain, key=key_hex, iv=iv_hex, godot=4) == case["data"]
    # Without an IV, a random one: other bytes, the same plain bytes inside.
    fresh = gd.pack(plain, key=key_hex)
    assert fresh != case["data"] and gd.unpack(fresh, key=key_hex) == plain


PLAIN = gd.dumps({"players": [{"name": f"p{i}", "pos": gd.Vector3(i, 0, 1)} for i in range(300)],
                  "heights": np.arange(5000, dtype=np.float32)}, prefixed=True)


@pytest.mark.parametrize("mode", WRITABLE)
@pytest.mark.parametrize("block_size", [4096, 1000, 1 << 20])
def test_compressed_files_round_trip_in_every_writable_mode(mode, block_size):
    packed = gd.pack(PLAIN, compress=mode, block_size=block_size)
    assert packed[:4] == b"GCPF" and packed[-4:] == b"GCPF"
    assert gd.container_of(packed) == {"container": "compressed", "compress": mode,
                                       "block_size": block_size}
    assert gd.unpack(packed) == PLAIN
    same(gd.loads(packed), gd.loads(PLAIN))


@pytest.mark.parametrize("mode", WRITABLE)
def test_streams_round_trip_in_every_writable_mode(mode):
    packed = gd.pack(PLAIN, compress=mode, stream=True)
    assert gd.unpack(packed, decompress=mode) == PLAIN
    assert gd.container_of(packed, decompress=mode) == {"container": "stream", "compress": mode}
    same(gd.loads(packed, decompress=mode), gd.loads(PLAIN))
    if mode != "fastlz":  # the others are recognised by their headers
        assert gd.unpack(packed) == PLAIN


@pytest.mark.parametrize("godot", [3, 4])
@pytest.mark.parametrize("keys", [
    {"password": "hunter2"},
    {"password": ""},
    {"key": bytes(range(32))},
    {"key": bytes(range(32)).hex()},
    {"key": bytes(range(32)).hex(":").upper()},
], ids=["password", "empty-password", "key-bytes", "key-hex", "key-hex-colons"])
def test_encrypted_files_round_trip_in_both_layouts(godot, keys):
    packed = gd.pack(PLAIN, godot=godot, **keys)
    assert packed[:4] == b"GDEC"
    assert gd.container_of(packed) == {"container": "encrypted", "godot": godot}
    assert gd.unpack(packed, **keys) == PLAIN
    same(gd.loads(packed, **keys), gd.loads(PLAIN))
    assert list(gd.iter_frames(packed, **keys))[0].keys() == {"players", "heights"}


def test_key_bytes_and_key_hex_are_the_same_key():
    key = bytes(range(32))
    packed = gd.pack(PLAIN, key=key, godot=3)  # ECB: deterministic
    assert gd.pack(PLAIN, key=key.hex(), godot=3) == packed
    assert gd.pack(PLAIN, key=bytearray(key), godot=3) == packed
    assert gd.unpack(packed, key=memoryview(key)) == PLAIN


@pytest.mark.parametrize("case", by(container="encrypted"))
def test_a_wrong_key_is_a_decode_error_that_says_so(case):
    offset = 4 if case["engine"] == "g4" else 8  # where the stored MD5 is
    for wrong in ({"password": "hunter3"}, {"key": bytes(32)}, {"key": "ab" * 32}):
        for read in (gd.loads, gd.view, gd.iter_frames, gd.unpack, gd.open):
            data = case["path"] if read is gd.open else case["data"]
            with pytest.raises(gd.DecodeError) as caught:
                read(data, **wrong)
            e = caught.value
            assert (e.kind, e.offset) == ("wrong_key", offset), read.__name__
            assert "wrong password or key" in str(e) and isinstance(e, ValueError)


@pytest.mark.parametrize("case", by(container="encrypted"))
def test_a_missing_key_says_to_pass_one(case):
    for read in (gd.loads, gd.view, gd.iter_frames, gd.unpack, gd.open):
        data = case["path"] if read is gd.open else case["data"]
        with pytest.raises(gd.DecodeError) as caught:
            read(data)
        e = caught.value
        assert (e.kind, e.offset) == ("needs_key", 0)
        assert "password=" in str(e) and "key=" in str(e)
    # Naming it needs no key: the layout is in the header.
    assert gd.container_of(case["data"])["container"] == "encrypted"


@pytest.mark.parametrize("case", by(name="big_vectors", container="compressed"))
def test_a_cut_or_extended_compressed_file_says_what_and_where(case):
    data = case["data"]
    for cut in (4, 8, 12, 16):
        with pytest.raises(gd.DecodeError) as caught:
            gd.loads(data[:cut])
        assert (caught.value.kind, caught.value.offset) == ("unexpected_end", cut)
    for bad in (data[: len(data) // 2], data[:-1], data + b"\0"):
        with pytest.raises(gd.DecodeError) as caught:
            list(gd.iter_frames(bad))
        assert (caught.value.kind, caught.value.offset) == ("size_mismatch", 16)
    tail = bytearray(data)
    tail[-1] ^= 0xFF
    with pytest.raises(gd.DecodeError) as caught:
        gd.unpack(bytes(tail))
    assert caught.value.kind == "bad_end_magic" and caught.value.offset == len(data) - 4


@pytest.mark.parametrize("case", by(name="big_vectors", container="compressed"))
def test_a_damaged_block_is_refused_with_its_kind_and_offset(case):
    rng = np.random.default_rng(21)
    data = case["data"]
    kinds = set()
    for at in rng.integers(24, len(data) - 4, size=40):
        bad = bytearray(data)
        bad[at] ^= 0x5A
        try:
            plain = gd.unpack(bytes(bad))
        except gd.DecodeError as e:
            assert isinstance(e.kind, str) and 0 < e.offset < len(data), (at, e)
            kinds.add(e.kind)
            continue
        # A flip a block's codec cannot see: then the values inside are what is checked.
        try:
            list(gd.iter_frames(plain, case["godot"]))
        except gd.DecodeError as e:
            kinds.add(e.kind)
    assert kinds & {"corrupt_block", "block_short", "block_overflow", "size_mismatch",
                    "block_too_large"}, kinds


@pytest.mark.parametrize("case", by(name="save", container="encrypted"))
def test_a_cut_or_damaged_encrypted_file_says_what_and_where(case):
    data, keys = case["data"], secret(case)
    header = 44 if case["engine"] == "g4" else 32  # magic, (mode,) md5, length, (iv)
    for cut in (4, 8, 20, header - 1):
        with pytest.raises(gd.DecodeError) as caught:
            gd.loads(data[:cut], **keys)
        assert caught.value.kind == "unexpected_end" and caught.value.offset == cut
    with pytest.raises(gd.DecodeError) as caught:
        gd.loads(data[:-1], **keys)
    assert caught.value.kind == "ciphertext_length"
    bad = bytearray(data)
    bad[header + 5] ^= 1
    with pytest.raises(gd.DecodeError) as caught:
        gd.loads(bytes(bad), **keys)
    assert caught.value.kind == "wrong_key"  # the MD5 cannot tell a damaged file from a wrong key


@pytest.mark.parametrize("case", by(name="save", container="raw_compress"))
def test_a_cut_stream_is_a_corrupt_block(case):
    keys = secret(case)
    with pytest.raises(gd.DecodeError) as caught:
        gd.loads(case["data"][:-3], case["godot"], **keys)
    assert (caught.value.kind, caught.value.offset) == ("corrupt_block", 0)


def test_decompress_names_a_stream_or_none():
    data = (ROOT / "g4" / "save__raw_deflate.bin").read_bytes()
    assert gd.unpack(data, decompress="none") == data  # not a stream: as it is
    with pytest.raises(gd.DecodeError) as caught:
        gd.loads(data, 4, prefixed=False, decompress="none")
    assert caught.value.kind == "unknown_type"  # the zlib header is no type id
    with pytest.raises(gd.DecodeError) as caught:
        gd.loads(data, decompress="none")
    # No reading explains more than a sliver of a Deflate stream: not a save, with the
    # reading that gets furthest (a length prefix claiming more than is there) named.
    assert caught.value.kind == "not_a_save" and "frame #0" in str(caught.value)
    assert str(caught.value).startswith("not a Godot save: no reading of it as Variant data")
    with pytest.raises(gd.DecodeError) as caught:
        gd.loads(data, decompress="gzip")
    assert caught.value.kind == "corrupt_block"
    same(gd.loads(data, decompress="DEFLATE"), gd.loads(data))
    with pytest.raises(gd.DecodeError) as caught:
        gd.loads(data, decompress="brotli")
    assert caught.value.kind == "corrupt_block"


def test_a_decoded_file_is_read_lazily_and_its_arrays_view_the_decoded_bytes(tmp_path):
    case = by(engine="g4", name="save", mode="zstd", container="compressed")[0].values[0]
    view = gd.open(case["path"])
    assert (view.type, len(view)) == ("Dictionary", 6)
    assert view["player"]["name"] == "Zoë" and view["player"]["inventory"][2] == 3
    flags = view["flags"]
    assert flags.tolist() == [1, 2, 3, 5, 8] and not flags.flags.writeable
    del view
    assert flags.tolist() == [1, 2, 3, 5, 8]  # the decoded bytes live as long as the array
    heights = gd.loads(gd.pack(PLAIN, compress="deflate"))["heights"]
    assert heights.dtype == np.float32 and not heights.flags.writeable
    assert np.array_equal(heights, np.arange(5000, dtype=np.float32))
    path = tmp_path / "save.dat"
    path.write_bytes(gd.pack(PLAIN, password="hunter2"))
    view = gd.open(path, password="hunter2")
    assert view["players"][299]["pos"] == gd.Vector3(299, 0, 1)
    assert view.value().keys() == {"players", "heights"}


def test_plain_input_is_still_read_without_a_copy(tmp_path):
    data = (FIXTURES / "g4" / "pv2_3000.bin").read_bytes()
    for keys in ({}, {"password": "unused"}, {"key": bytes(32)}, {"decompress": "none"}):
        array = gd.loads(data, **keys)
        assert np.shares_memory(array, np.frombuffer(data, np.uint8)), keys
        assert np.shares_memory(gd.view(data, **keys).value(), np.frombuffer(data, np.uint8))
    assert gd.unpack(data) is data  # bytes with no container: the same object
    assert gd.unpack(bytearray(data)) == data
    path = tmp_path / "pv.bin"
    path.write_bytes(data)
    assert gd.open(path).value().shape == (3000, 2)


def test_plain_store_var_files_and_frames_are_unchanged():
    values = [1, "two", {"three": 3}]
    data = b"".join(gd.dumps(v, prefixed=True) for v in values)
    assert list(gd.iter_frames(data)) == values
    assert gd.container_of(data) == {"container": "plain"}
    assert gd.unpack(data) is data


@pytest.mark.parametrize("godot", [3, 4, "pm-a", "pm-b", "pm-c"])
def test_plain_frames_that_start_like_a_zlib_header_are_read_as_plain(godot):
    # A store_var frame of 376 bytes starts with 78 01 00 00: a zlib header. It does not
    # decode as Deflate, and it is a value of the reader's dialect (Pandemonium's too).
    value = next(v for v in ({"s": "x" * n} for n in range(300, 400))
                 if len(gd.dumps(v, godot, prefixed=True)) == 380)
    data = gd.dumps(value, godot, prefixed=True)
    assert data[:2] == b"\x78\x01"
    assert gd.loads(data, godot) == value
    assert gd.view(data, godot).value() == value
    assert list(gd.iter_frames(data, godot)) == [value]
    with pytest.raises(gd.DecodeError) as caught:
        gd.loads(data, godot, decompress="deflate")
    assert caught.value.kind == "corrupt_block"


@pytest.mark.parametrize("call,kwargs,error", [
    (gd.loads, {"password": "a", "key": bytes(32)}, TypeError),
    (gd.unpack, {"password": "a", "key": bytes(32)}, TypeError),
    (gd.loads, {"key": bytes(31)}, ValueError),
    (gd.loads, {"key": "ab" * 31}, ValueError),
    (gd.loads, {"key": "zz" * 32}, ValueError),
    (gd.loads, {"key": 7}, TypeError),
    (gd.loads, {"password": b"bytes"}, TypeError),
    (gd.loads, {"decompress": "lz4"}, ValueError),
    (gd.iter_frames, {"decompress": "lz4"}, ValueError),
    (gd.view, {"key": bytes(33)}, ValueError),
    (gd.pack, {}, TypeError),
    (gd.pack, {"compress": "zstd", "password": "a"}, TypeError),
    (gd.pack, {"compress": "brotli"}, ValueError),
    (gd.pack, {"compress": "lz4"}, ValueError),
    (gd.pack, {"compress": "zstd", "block_size": 0}, ValueError),
    (gd.pack, {"compress": "zstd", "iv": bytes(16)}, TypeError),
    (gd.pack, {"password": "a", "stream": True}, TypeError),
    (gd.pack, {"password": "a", "iv": bytes(15)}, ValueError),
    (gd.pack, {"password": "a", "iv": bytes(16), "godot": 3}, ValueError),
    (gd.pack, {"password": "a", "godot": 5}, ValueError),
])
def test_bad_arguments_are_type_or_value_errors(call, kwargs, error):
    with pytest.raises(error) as caught:
        call(gd.dumps(1), **kwargs)
    assert not isinstance(caught.value, gd.DecodeError)


def test_pack_takes_bytes_like_data_only():
    with pytest.raises(TypeError):
        gd.pack({"hp": 1}, compress="zstd")
    assert gd.unpack(gd.pack(bytearray(b"abc"), compress="gzip")) == b"abc"
    assert gd.unpack(gd.pack(b"", password="x"), password="x") == b""


def test_threads_open_files_at_the_same_time():
    files = [gd.pack(PLAIN, compress=m) for m in WRITABLE] + [gd.pack(PLAIN, password="p")]
    results = []

    def work(file):
        for _ in range(5):
            results.append(gd.unpack(file, password="p") == PLAIN)

    threads = [threading.Thread(target=work, args=(f,)) for f in files]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [True] * 25


def test_the_docstring_examples_run():
    for f in (gd.pack, gd.unpack, gd.container_of, gd.loads):
        runner = doctest.DocTestRunner()
        for test in doctest.DocTestFinder().find(f, f.__name__, globs={"gdvariant": gd}):
            runner.run(test)
        assert runner.failures == 0 and runner.tries > 0, f.__name__

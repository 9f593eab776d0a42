"""Packed arrays: zero-copy, read-only NumPy views of the input; memoryviews without
NumPy; NumPy arrays written as packed arrays."""

import mmap

import numpy as np
import pytest

import gdvariant as gd
from conftest import FIXTURES


def fixture(name, folder="g4"):
    return (FIXTURES / folder / f"{name}.bin").read_bytes()


@pytest.mark.parametrize("name,dtype,shape", [
    ("pv3_1", "<f4", (1, 3)),
    ("pv2_3000", "<f4", (3000, 2)),
    ("pv4_1", "<f4", (1, 4)),
    ("pf32_3000", "<f4", (3000,)),
    ("pi32_1", "<i4", (1,)),
    ("pcol_3000", "<f4", (3000, 4)),
])
def test_packed_arrays_view_the_input(name, dtype, shape):
    data = fixture(name)
    array = gd.loads(data)
    assert isinstance(array, np.ndarray)
    assert (array.dtype, array.shape) == (np.dtype(dtype), shape)
    assert np.shares_memory(array, np.frombuffer(data, dtype=np.uint8))
    assert not array.flags.writeable
    with pytest.raises(ValueError):
        array[0] = 0


def test_the_view_holds_the_elements_the_bytes_hold():
    data = fixture("pv3_1")
    assert gd.loads(data).tolist() == [[1.0, 2.0, 3.0]]
    # The data starts after the header and the count.
    assert np.frombuffer(data, "<f4", offset=8).tolist() == [1.0, 2.0, 3.0]


def test_a_packed_color_array_is_its_own_subclass_and_writes_back_as_colors():
    data = fixture("pcol_3000")
    colors = gd.loads(data)
    assert isinstance(colors, gd.PackedColorArray)
    assert gd.dumps(colors) == data
    # The same numbers as a plain array are a PackedVector4Array.
    plain = gd.dumps(np.asarray(colors).view(np.ndarray))
    assert gd.to_text(plain).startswith("PackedVector4Array(")


def test_misaligned_64_bit_data_is_copied_and_still_read_only():
    data = fixture("pf64_3000")  # 8-byte elements at offset 8: aligned
    assert np.shares_memory(gd.loads(data), np.frombuffer(data, np.uint8))
    shifted = bytearray(b"\0" * 4 + data)  # in a frame-like layout at offset 4: misaligned
    assert not np.frombuffer(shifted, "<f8", count=1, offset=12).flags.aligned
    array = gd.loads(memoryview(shifted)[4:])
    assert array.flags.aligned and not array.flags.writeable
    assert not np.shares_memory(array, np.frombuffer(shifted, np.uint8))  # a copy
    assert array.tolist() == gd.loads(data).tolist()


def test_a_bytearray_input_is_viewed_too():
    data = bytearray(fixture("pf32_3000"))
    array = gd.loads(data)
    assert np.shares_memory(array, np.frombuffer(data, np.uint8))
    assert not array.flags.writeable


def test_pv3_1m_is_a_view_in_constant_time():
    n = 1_000_000
    data = (36).to_bytes(4, "little") + n.to_bytes(4, "little") + bytes(12 * n)
    array = gd.loads(data)
    assert array.shape == (n, 3) and np.shares_memory(array, np.frombuffer(data, np.uint8))


def test_an_mmap_is_viewed_without_a_copy(tmp_path):
    path = tmp_path / "pv.bin"
    path.write_bytes(fixture("pv2_3000"))
    with open(path, "rb") as f:
        m = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    array = gd.loads(m)
    assert np.shares_memory(array, np.frombuffer(m, np.uint8))
    del array


def test_without_numpy_packed_arrays_are_memoryviews():
    gd._native._use_numpy(False)
    try:
        data = fixture("pv3_1")
        view = gd.loads(data)
        assert isinstance(view, memoryview)
        assert (view.format, view.shape, view.readonly) == ("f", (1, 3), True)
        assert view.tolist() == [[1.0, 2.0, 3.0]]
        assert gd.dumps(view) == data
        ints = gd.loads(fixture("pi64_3000"))
        assert ints.format == "q" and len(ints) == 3000
        assert gd.dumps(ints) == fixture("pi64_3000")
    finally:
        gd._native._use_numpy(True)


@pytest.mark.parametrize("array,godot,text", [
    (np.array([1, -2], dtype=np.int32), 4, "PackedInt32Array(1, -2)"),
    (np.array([1 << 40], dtype=">i8"), 4, "PackedInt64Array(1099511627776)"),
    (np.array([0.5, 1.5], dtype=np.float32), 3, "PoolRealArray( 0.5, 1.5 )"),
    (np.array([[1, 2, 3]], dtype=np.float32), 4, "PackedVector3Array(1, 2, 3)"),
    (np.array([[1, 2, 3]], dtype=np.float32)[:, ::-1], 4, "PackedVector3Array(3, 2, 1)"),
    (np.array([[1, 2]], dtype=np.float32), 3, "PoolVector2Array( 1, 2 )"),
    (np.array([7, 8], dtype=np.uint8), 4, "PackedByteArray(7, 8)"),
    (np.array([[1, 2, 3]], dtype=np.int32), "pm-a", "PoolVector3iArray( 1, 2, 3 )"),
])
def test_numpy_arrays_are_written_as_packed_arrays(array, godot, text):
    assert gd.to_text(gd.dumps(array, godot), godot) == text


def test_double_vectors_need_godot_4():
    array = np.array([[0.1, 0.2]], dtype=np.float64)
    back = gd.loads(gd.dumps(array))
    assert back.dtype == np.float64 and back.tolist() == [[0.1, 0.2]]
    with pytest.raises(gd.EncodeError):
        gd.dumps(array, 3)


def test_arrays_no_packed_array_holds_are_refused():
    with pytest.raises(TypeError):
        gd.dumps(np.zeros((2, 5), dtype=np.float32))
    with pytest.raises(TypeError):
        gd.dumps(np.zeros((2,), dtype=np.complex64))
    with pytest.raises(gd.EncodeError):
        gd.dumps(np.zeros((1, 2), dtype=np.int32), 4)  # Vector2i arrays are Pandemonium's

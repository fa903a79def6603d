"""Every element type round-trips through onnxsem unchanged (an Identity of each), as numpy arrays or raw views;
sequences, optionals and maps as lists, None or values, and dicts (docs/python.md, "Values")."""
import numpy as np
import onnx
import onnx.helper as oh
import pytest

import onnxsem
from conftest import identity, model, same_bits

# (ONNX element type number, numpy dtype): the types numpy holds.
NUMPY = [(1, np.float32, "float"), (2, np.uint8, "uint8"), (3, np.int8, "int8"), (4, np.uint16, "uint16"),
         (5, np.int16, "int16"), (6, np.int32, "int32"), (7, np.int64, "int64"), (9, np.bool_, "bool"),
         (10, np.float16, "float16"), (11, np.float64, "double"), (12, np.uint32, "uint32"), (13, np.uint64, "uint64")]


def extremes(dtype):
    """Values that catch a wrong width or sign: each end of the range, zero, and for floats the special values."""
    if dtype == np.bool_:
        return np.array([[True, False], [False, True]])
    if np.issubdtype(dtype, np.integer):
        i = np.iinfo(dtype)
        return np.array([[i.min, i.max, 0], [1, i.max - 1, i.min + 1]], dtype=dtype)
    f = np.finfo(dtype)
    a = np.array([[f.min, f.max, f.tiny, -0.0], [np.inf, -np.inf, np.nan, f.eps]], dtype=dtype)
    # A NaN with a payload and its sign bit set, and a subnormal: bits, not just values.
    bits = a.view({2: np.uint16, 4: np.uint32, 8: np.uint64}[a.itemsize])
    one = bits.dtype.type(1)
    bits[1, 2] |= one << bits.dtype.type(8 * a.itemsize - 1)
    bits[1, 2] |= bits.dtype.type(3)
    bits[0, 2] = 1
    return a


@pytest.mark.parametrize("code,dtype,name", NUMPY, ids=[n for _, _, n in NUMPY])
def test_numpy_types_round_trip(code, dtype, name):
    x = extremes(dtype)
    session = onnxsem.InferenceSession(identity(code, list(x.shape)))
    (y,) = session.run(None, {"x": x})
    assert type(y) is np.ndarray
    assert same_bits(y, x)
    assert onnxsem.element_type(y) == name == session.get_outputs()[0].element_type
    assert session.get_inputs()[0].type == f"tensor({name})"


def test_strings_round_trip_text_and_bytes():
    x = np.array([["", "ä €"], ["x" * 1000, "\u0000a"]], dtype=object)
    (y,) = onnxsem.InferenceSession(identity(8, [2, 2])).run(None, {"x": x})
    assert y.dtype == object and y.shape == (2, 2) and y.tolist() == x.tolist()
    # bytes that are not UTF-8 come back as the same bytes; numpy's fixed-width str arrays are read too.
    raw = np.array([b"\xff\xfe", b"ok"], dtype=object)
    (y,) = onnxsem.InferenceSession(identity(8, [2])).run(None, {"x": raw})
    assert y.tolist() == [b"\xff\xfe", "ok"]
    (y,) = onnxsem.InferenceSession(identity(8, [2])).run(None, {"x": np.array(["ab", "c"])})
    assert y.tolist() == ["ab", "c"]


# (ONNX element type number, name, every bit pattern or value of the type): the raw views.
RAW = [(16, "bfloat16", np.arange(65536, dtype=np.uint16)),
       (17, "float8e4m3fn", np.arange(256, dtype=np.uint8)),
       (18, "float8e4m3fnuz", np.arange(256, dtype=np.uint8)),
       (19, "float8e5m2", np.arange(256, dtype=np.uint8)),
       (20, "float8e5m2fnuz", np.arange(256, dtype=np.uint8)),
       (24, "float8e8m0", np.arange(256, dtype=np.uint8)),
       (23, "float4e2m1", np.arange(16, dtype=np.uint8)),
       (21, "uint4", np.arange(16, dtype=np.uint8)),
       (22, "int4", np.arange(-8, 8, dtype=np.int8)),
       (25, "uint2", np.arange(4, dtype=np.uint8)),
       (26, "int2", np.arange(-2, 2, dtype=np.int8))]


@pytest.mark.parametrize("code,name,every", RAW, ids=[r[1] for r in RAW])
def test_raw_types_round_trip(code, name, every):
    session = onnxsem.InferenceSession(identity(code, [len(every)], opset=25, ir_version=13))
    assert session.get_inputs()[0].type == f"tensor({name})"
    for feed in (onnxsem.raw(every, name), every):  # tagged, or a plain array of the view's dtype
        (y,) = session.run(None, {"x": feed})
        assert isinstance(y, onnxsem.RawArray) and y.onnx_type == name and onnxsem.element_type(y) == name
        assert y.dtype == onnxsem.RAW_TYPES[name] and same_bits(np.asarray(y), every)
    if len(every) < 256:  # a value or pattern past the type's, in the view's dtype
        with pytest.raises(onnxsem.UsageError) as e:
            session.run(None, {"x": np.full(len(every), int(every.max()) + 1, every.dtype)})
        assert e.value.clause == "U2"
    if every.dtype.kind == "u" and len(every) >= 256:  # bit patterns in another integer dtype
        with pytest.raises(onnxsem.UsageError) as e:
            session.run(None, {"x": every.astype(np.int32)})
        assert e.value.clause == "U2"
    with pytest.raises(onnxsem.Error) as e:  # values, not bits: not converted, refused as the wrong type (I1-I4)
        session.run(None, {"x": np.zeros(len(every), np.float32)})
    assert e.value.clause.startswith("I")


def test_bfloat16_helpers_are_exact():
    bits = np.array([0x3F80, 0xC000, 0x7F80, 0x0001], dtype=np.uint16)
    values = onnxsem.bfloat16_to_float32(bits)
    assert values.tolist() == [1.0, -2.0, np.inf, np.float32(2.0 ** -133)]
    assert same_bits(np.asarray(onnxsem.float32_to_bfloat16(values)), bits)
    with pytest.raises(ValueError):
        onnxsem.float32_to_bfloat16(np.array([1.1], np.float32))


def test_any_layout_and_byte_order():
    """Arrays that are not C-ordered, views with strides, and arrays of the other byte order give their numbers."""
    session = onnxsem.InferenceSession(identity(1, None))
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    for view in (x.T, x[::-1, ::2], np.asfortranarray(x), x.astype(">f4"), np.broadcast_to(x[0], (3, 4))):
        (y,) = session.run(None, {"x": view})
        assert y.dtype == np.float32 and np.array_equal(y, np.asarray(view, dtype=np.float32))
        assert y.flags["C_CONTIGUOUS"] and y.dtype.isnative
    session = onnxsem.InferenceSession(identity(7, None))
    (y,) = session.run(None, {"x": np.array([1, -2, 2 ** 40], ">i8")})
    assert y.tolist() == [1, -2, 2 ** 40]


def test_empty_and_scalar_tensors():
    session = onnxsem.InferenceSession(identity(1, None))
    for x in (np.zeros((0, 3), np.float32), np.float32(2.5), np.array(7.0, np.float32)):
        (y,) = session.run(None, {"x": x})
        assert same_bits(y, np.asarray(x))


def test_sequences_and_optionals():
    seq = oh.make_tensor_sequence_value_info
    m = model([oh.make_node("Identity", ["s"], ["t"])], [seq("s", 7, None)], [seq("t", 7, None)], opset=17)
    items = [np.array([1, 2], np.int64), np.zeros((0,), np.int64), np.array([[3]], np.int64)]
    (t,) = onnxsem.InferenceSession(m).run(None, {"s": items})
    assert isinstance(t, list) and len(t) == 3 and all(same_bits(a, b) for a, b in zip(t, items))
    (t,) = onnxsem.InferenceSession(m).run(None, {"s": []})
    assert t == []

    opt = oh.make_value_info("o", oh.make_optional_type_proto(oh.make_tensor_type_proto(1, None)))
    has = model([oh.make_node("OptionalHasElement", ["o"], ["h"]), oh.make_node("Identity", ["o"], ["p"])],
                [opt], [("h", 9, []), oh.make_value_info("p", opt.type)], opset=18)
    session = onnxsem.InferenceSession(has)
    h, p = session.run(None, {"o": None})
    assert h.tolist() is False and p is None
    h, p = session.run(None, {"o": np.array([1.5], np.float32)})
    assert h.tolist() is True and same_bits(p, np.array([1.5], np.float32))


def map_type(key, value):
    """A map's TypeProto (ONNX 1.12's helper has none)."""
    t = onnx.TypeProto()
    t.map_type.key_type = key
    t.map_type.value_type.CopyFrom(value)
    return t


def test_maps():
    # ai.onnx.ml's DictVectorizer reads a map; ZipMap gives a sequence of maps.
    mtype = map_type(8, oh.make_tensor_type_proto(7, None))
    m = model([oh.make_node("DictVectorizer", ["m"], ["v"], domain="ai.onnx.ml", string_vocabulary=["a", "b", "c"])],
              [oh.make_value_info("m", mtype)], [("v", 7, None)], domains=[("ai.onnx.ml", 1)])
    (v,) = onnxsem.InferenceSession(m).run(None, {"m": {"c": np.int64(5), "a": np.int64(-1)}})
    assert v.tolist() == [[-1, 0, 5]]

    zm = model([oh.make_node("ZipMap", ["x"], ["z"], domain="ai.onnx.ml", classlabels_int64s=[10, 20])],
               [("x", 1, [2, 2])],
               [oh.make_value_info("z", oh.make_sequence_type_proto(map_type(7, oh.make_tensor_type_proto(1, None))))],
               domains=[("ai.onnx.ml", 1)])
    (z,) = onnxsem.InferenceSession(zm).run(None, {"x": np.array([[0.25, 0.75], [1, 0]], np.float32)})
    assert [sorted(d) for d in z] == [[10, 20], [10, 20]]
    assert z[0][20].tolist() == 0.75 and z[1][10].tolist() == 1.0

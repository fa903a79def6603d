"""Element types numpy has no dtype for (docs/python.md, "Values"): raw views tagged with their ONNX type."""
import numpy as np

# The ONNX element type of each numpy dtype onnxsem reads and gives.
_NUMPY_TYPES = {
    np.dtype(np.bool_): "bool",
    np.dtype(np.int8): "int8",
    np.dtype(np.int16): "int16",
    np.dtype(np.int32): "int32",
    np.dtype(np.int64): "int64",
    np.dtype(np.uint8): "uint8",
    np.dtype(np.uint16): "uint16",
    np.dtype(np.uint32): "uint32",
    np.dtype(np.uint64): "uint64",
    np.dtype(np.float16): "float16",
    np.dtype(np.float32): "float",
    np.dtype(np.float64): "double",
    np.dtype(object): "string",
}

# The element types given as raw views, and the numpy dtype of each view: bit patterns for the floating-point
# types, values for the integers narrower than a byte.
RAW_TYPES = {
    "bfloat16": np.dtype(np.uint16),
    "float8e4m3fn": np.dtype(np.uint8),
    "float8e4m3fnuz": np.dtype(np.uint8),
    "float8e5m2": np.dtype(np.uint8),
    "float8e5m2fnuz": np.dtype(np.uint8),
    "float8e8m0": np.dtype(np.uint8),
    "float4e2m1": np.dtype(np.uint8),
    "int4": np.dtype(np.int8),
    "uint4": np.dtype(np.uint8),
    "int2": np.dtype(np.int8),
    "uint2": np.dtype(np.uint8),
}


class RawArray(np.ndarray):
    """A tensor of an element type numpy has no dtype for: its bit patterns (bfloat16 in uint16; the float8
    types, float8e8m0 and float4e2m1 in uint8, float4e2m1 in the low 4 bits) or its values (int4, int2 in
    int8; uint4, uint2 in uint8), with `onnx_type` naming the ONNX element type. Slices and copies keep the
    tag; arithmetic on a view of bit patterns means nothing, convert first (`bfloat16_to_float32`)."""

    onnx_type = None

    def __array_finalize__(self, obj):
        if obj is not None:
            self.onnx_type = getattr(obj, "onnx_type", None)

    def __repr__(self):
        return f"RawArray({np.asarray(self)!r}, onnx_type={self.onnx_type!r})"

    def __reduce__(self):
        # Pickled with its tag (a plain ndarray's pickle would lose it).
        return (raw, (np.asarray(self), self.onnx_type))


def raw(array, onnx_type):
    """`array` (bit patterns or small integers, as RawArray documents) tagged as a tensor of `onnx_type`."""
    if onnx_type not in RAW_TYPES:
        raise ValueError(f"{onnx_type!r} is not one of the raw element types {sorted(RAW_TYPES)}")
    a = np.asarray(array, order="C")
    view_type = RAW_TYPES[onnx_type]
    if a.dtype != view_type:
        if a.dtype.kind not in "iu":
            raise TypeError(f"a {onnx_type} view holds {view_type}, not {a.dtype}")
        limits = np.iinfo(view_type)
        if a.size and (a.min() < limits.min or a.max() > limits.max):
            raise ValueError(f"values out of {view_type}'s range cannot be a {onnx_type} view")
        a = a.astype(view_type)
    view = a.view(RawArray)
    view.onnx_type = onnx_type
    return view


def element_type(value):
    """The ONNX element type of a tensor as onnxsem gives or reads it: "float", "int64", "bfloat16", ..."""
    tag = getattr(value, "onnx_type", None)
    if tag is not None:
        return tag
    dtype = np.asarray(value).dtype
    if dtype.kind in "US":
        return "string"
    try:
        return _NUMPY_TYPES[dtype]
    except KeyError:
        raise TypeError(f"numpy's {dtype} is no ONNX element type onnxsem reads") from None


def bfloat16_to_float32(bits):
    """A bfloat16 view's values as float32, exactly (the bits are the upper half of a float32)."""
    a = np.asarray(bits, dtype=np.uint16, order="C")
    return (a.astype(np.uint32) << 16).view(np.float32)


def float32_to_bfloat16(values):
    """float32 values that are bfloat16 values (their low 16 bits 0) as a bfloat16 view; ValueError for any other,
    since choosing a rounding is the model's business (Cast), not the conversion's."""
    a = np.asarray(values, dtype=np.float32, order="C")
    bits = a.view(np.uint32)
    if np.any(bits & 0xFFFF):
        raise ValueError("float32 values that are not bfloat16 values: round them with the model (Cast) instead")
    return raw((bits >> 16).astype(np.uint16), "bfloat16")

// Values between Python and onnxsem (docs/python.md, "Values"): numpy arrays <-> tensors, lists <-> sequences,
// None or a value <-> optionals, dicts <-> maps. Element types numpy has are arrays of that dtype; those it has
// not are raw views: bfloat16 as its bit patterns in uint16, the float8 types, float8e8m0 and float4e2m1 as
// theirs in uint8, the 2- and 4-bit integers as their values in int8 or uint8, each tagged with its ONNX type
// (the package's RawArray). Called with the GIL held.
#pragma once

#include <cstdint>
#include <string>

#include <pybind11/pybind11.h>

#include "values/value.hpp"

namespace onnxsem::python {

// The callable the Python layer registers that tags a raw view with its ONNX element type name:
// factory(array, "bfloat16") -> RawArray. Until it is registered, raw views go out untagged.
void set_raw_factory(pybind11::object factory);

// A Python object as a value of the declared type (`declared` may be of kind unknown: the object says). `what`
// names the object in messages ("input 'x'"). A usage error (U2) naming `what` when it cannot be one.
[[nodiscard]] Value to_value(const pybind11::handle& obj, const Type& declared, const std::string& what,
                             int64_t max_tensor_bytes);

// A value as a Python object: a numpy array, a list, None, a dict.
[[nodiscard]] pybind11::object from_value(const Value& v);

}  // namespace onnxsem::python

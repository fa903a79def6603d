// Internal to the loader (loader/loader.cpp, loader/tensor_io.cpp): conversions between protobuf
// messages and the IR's value types. Nothing outside the loader includes this header.
#pragma once

#include <onnx/onnx-data_pb.h>
#include <onnx/onnx_pb.h>

#include "loader/external_data.hpp"
#include "values/ir.hpp"
#include "values/value.hpp"

namespace onnxsem::proto {

// TensorProto -> Tensor (spec/values.md, F3-F8): exact decoding of every element type, packed sub-byte
// types unpacked. `where` names the tensor for messages. External data (F7) are read from `folder`, the
// model file's; without one (a value file, a model not read from a file) they are refused (F8).
[[nodiscard]] Tensor to_tensor(EvalContext& cx, const onnx::TensorProto& p, const std::string& where,
                               DataFolder* folder = nullptr);
void from_tensor(const Tensor& t, onnx::TensorProto& p);
// The reference a tensor's external_data entries make (F7, F8), checked against the model alone.
[[nodiscard]] ExternalRef external_ref(const onnx::TensorProto& p, const std::string& where);

// The bytes of a file; a usage error (F1) when it cannot be read or is a folder.
[[nodiscard]] std::string read_file(const std::string& path);

[[nodiscard]] Type to_type(const onnx::TypeProto& p);
[[nodiscard]] Value to_value(EvalContext& cx, const onnx::SequenceProto& p, const std::string& where);
[[nodiscard]] Value to_value(EvalContext& cx, const onnx::OptionalProto& p, const std::string& where);
void from_value(const Value& v, onnx::SequenceProto& p);
void from_value(const Value& v, onnx::OptionalProto& p);
[[nodiscard]] Value to_value(EvalContext& cx, const onnx::MapProto& p, const std::string& where);  // spec F5
void from_value(const Value& v, onnx::MapProto& p);

}  // namespace onnxsem::proto

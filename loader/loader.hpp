// Reading models and values from their serialized ONNX form (protobuf), and writing values back.
// This and loader/tensor_io.cpp are the only code that sees protobuf types.
#pragma once

#include <string>
#include <vector>

#include "values/ir.hpp"
#include "values/value.hpp"

namespace onnxsem {

// Reads a ModelProto file into the IR. Usage error (clause F1) when the file cannot be read or parsed,
// refusal (W-clauses) when its content is malformed.
// Tensors kept in external files (spec/values.md, F7-F8) are read from the folder of `path`.
// Every reading function refuses a tensor of more than `max_tensor_bytes` bytes before allocating it (L3),
// external data included.
[[nodiscard]] Model load_model_file(const std::string& path, int64_t max_tensor_bytes = kDefaultTensorBytes);
// `origin` names the bytes in messages; `model_path`, when given, is the file they were read from, whose
// folder holds the model's external data. Without it an external reference is refused (F8).
[[nodiscard]] Model load_model_bytes(const std::string& bytes, const std::string& origin,
                                     const std::string& model_path = "",
                                     int64_t max_tensor_bytes = kDefaultTensorBytes);
// The external data files (F7) a model file's tensors name, as their locations give them (relative to its
// folder, checked as F8 asks): what must go with the model when it is copied. None for an unreadable file.
[[nodiscard]] std::vector<std::string> external_data_files(const std::string& model_path);
// Parses a model written in ONNX's textual syntax (the onnx library's parser).
[[nodiscard]] Model load_model_text(const std::string& text);

// The IR back to a serialized ModelProto (loader/model_writer.cpp), deterministically: the same model
// gives the same bytes. Names the loader gave to unnamed nodes ("#K") are not written.
[[nodiscard]] std::string model_to_bytes(const Model& model);
void write_model_file(const std::string& path, const Model& model);  // a usage error F1 when it cannot

// Serializes a model written in ONNX's textual syntax (for test fixtures).
[[nodiscard]] std::string model_text_to_bytes(const std::string& text);

// A value file of the suite's layout: a serialized TensorProto, SequenceProto or OptionalProto. The
// declared type says which of them to expect (unknown: TensorProto).
[[nodiscard]] Value read_value_file(const std::string& path, const Type& declared,
                                    int64_t max_tensor_bytes = kDefaultTensorBytes);
// The same from the file's bytes; `origin` names the file in messages.
[[nodiscard]] Value read_value_bytes(const std::string& bytes, const std::string& origin, const Type& declared,
                                     int64_t max_tensor_bytes = kDefaultTensorBytes);
void write_value_file(const std::string& path, const Value& value);

// For tests and tools: TensorProto bytes <-> Tensor.
[[nodiscard]] Tensor tensor_from_bytes(const std::string& bytes, const std::string& origin,
                                       int64_t max_tensor_bytes = kDefaultTensorBytes);
[[nodiscard]] std::string tensor_to_bytes(const Tensor& t);

}  // namespace onnxsem

// The static semantics (spec/types.md) against libonnx's shape inference: for every model.onnx under the
// given folders, libonnx 1.12's InferShapes and onnxsem's infer_types on the same model, and for every name of
// the main graph that libonnx types (graph inputs, value_info, graph outputs), the two types classified as
// equal, onnxsem more precise, onnxsem less precise, or different (a contradiction: kinds, element types,
// ranks or fixed sizes differ). A symbol against a fixed size or an unknown dimension is a matter of
// precision, never a contradiction; two different symbols count as equal.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "values/operator.hpp"
#include "values/value.hpp"

namespace onnxsem::conformance {

enum class Agreement { equal, more_precise, less_precise, different };
[[nodiscard]] const char* agreement_name(Agreement a) noexcept;

// How onnxsem's type of a name compares with libonnx's (Type::Kind::unknown: not typed). `mixed` is set
// when onnxsem's type is less precise in one part and more precise in another (classified less precise).
[[nodiscard]] Agreement agreement(const Type& onnxsem, const Type& libonnx, bool* mixed = nullptr);

// One name whose two types are not equal.
struct TypeDifference {
  std::string model;  // "onnx-suite/node/test_abs": the suite folder's name and the model's folder in it
  std::string name;
  std::string onnxsem;  // "tensor(float)[2,N,?]"; "?" unknown
  std::string libonnx;
  Agreement agreement = Agreement::different;
  [[nodiscard]] std::string key() const;  // model, name and both types, tab-separated
};

struct InferenceComparison {
  int64_t models = 0;                       // model.onnx files found
  int64_t compared = 0;                     // models both inferred
  int64_t not_inferable = 0;                // models libonnx 1.12 cannot infer (an opset it does not know, or an error)
  int64_t not_loadable = 0;                 // models onnxsem's loader refuses (not compared)
  int64_t refused = 0;                      // compared models whose typing onnxsem refuses (findings of severity error)
  std::array<int64_t, 4> names{};           // by Agreement
  int64_t mixed = 0;                        // less precise names that are also more precise in another part
  std::vector<TypeDifference> differences;  // every name that is not equal, sorted by model and name
  std::vector<std::string> notes;           // "MODEL: why" for models not inferable, not loadable or refused
};

// Compares every model.onnx under each folder (a model file may also be given directly), on `jobs` threads.
// The model key is the folder's name (its parent's when the folder is named "data") and the model's folder
// relative to it.
[[nodiscard]] InferenceComparison compare_with_libonnx(const std::vector<std::string>& roots, const OperatorTable& ops,
                                                       int jobs = 1);

// Holds the differences (Agreement::different) against a known-differences file (lines: model, name,
// onnxsem's type, libonnx's type, reason; tab-separated; '#' comments): one line for each difference not
// listed and each listed one that no longer occurs.
[[nodiscard]] std::vector<std::string> expected_problems(const InferenceComparison& c, const std::string& path);
// Writes the differences in the known-differences format, keeping the reasons of `previous` (may not exist).
void write_expected(const std::string& path, const InferenceComparison& c, const std::string& previous);

}  // namespace onnxsem::conformance

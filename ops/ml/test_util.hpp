// Helpers for the ai.onnx.ml family's unit tests: the shared ones of ops/common/testing.hpp, and `run`,
// which calls the kernels add_ml registers for a node of the ai.onnx.ml domain.
#pragma once

#include "ops/common/testing.hpp"

namespace mltest {
using namespace onnxsem;
using namespace onnxsem::ops::testing;

inline const std::string ml = "ai.onnx.ml";

// A node of the ai.onnx.ml domain with `outputs` named outputs.
inline Node ml_node(const std::string& op, std::vector<Attribute> attrs = {}, size_t outputs = 1) {
  return make_node(op, std::move(attrs), ml, outputs);
}

// Calls the kernel add_ml registers for (ai.onnx.ml, op, version), requesting the first `outputs` outputs.
inline Outputs run_ml(const std::string& op, int64_t version, Inputs inputs, std::vector<Attribute> attrs = {},
                      size_t outputs = 1) {
  return ops::testing::run(ops::add_ml, ml_node(op, std::move(attrs), outputs), version, std::move(inputs),
                           std::vector<bool>(outputs, true));
}

}  // namespace mltest

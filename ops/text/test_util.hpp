// Helpers for the text family's unit tests: the shared ones of ops/common/testing.hpp, nodes with named
// outputs, `run`, which calls the kernels add_text registers, and the family's tensor builders.
#pragma once

#include "ops/common/testing.hpp"

namespace txtest {
using namespace onnxsem;

using ops::testing::attr_fs, ops::testing::attr_i, ops::testing::attr_is, ops::testing::attr_s, ops::testing::attr_ss,
    ops::testing::clause_of, ops::testing::kind_of, ops::testing::shape_of, ops::testing::vals;

// A node whose `outputs` outputs are named out0, out1, ...
inline Node make_node(const std::string& op, std::vector<Attribute> attrs = {}, size_t outputs = 1) {
  return ops::testing::make_node(op, std::move(attrs), "", outputs);
}

// Calls the kernel registered for (op, since_version); `outputs` outputs requested.
inline constexpr ops::testing::FamilyRun<ops::add_text> run{};

inline Tensor strs(Shape s, std::vector<std::string> v) { return ops::testing::tstr(std::move(s), std::move(v)); }
inline Tensor i64(Shape s, std::vector<int64_t> v) { return ops::testing::ti64(std::move(s), std::move(v)); }
inline Tensor f32(Shape s, std::vector<float> v) { return ops::testing::tf(std::move(s), std::move(v)); }

}  // namespace txtest

// Test helpers of the shape family: the shared ones of ops/common/testing.hpp, `run` and `run1`, which call
// the kernels add_shape registers by operator name, and the family's tensor builders.
#pragma once

#include "ops/common/testing.hpp"

namespace shape_test {
using namespace onnxsem;

using ops::testing::KeepAlive, ops::testing::attr_f, ops::testing::attr_i, ops::testing::attr_ints,
    ops::testing::attr_s, ops::testing::attr_t, ops::testing::clause_of, ops::testing::Inputs, ops::testing::iota_f,
    ops::testing::kind_of, ops::testing::tv, ops::testing::vals;

// Runs (op, since_version) of the shape family on the inputs with the attributes and `outputs` outputs.
inline std::vector<std::optional<Value>> run(const std::string& op, int64_t version, Inputs inputs,
                                             std::vector<Attribute> attrs = {}, size_t outputs = 1) {
  return ops::testing::run_op(ops::add_shape, op, version, std::move(inputs), std::move(attrs), outputs);
}

inline Tensor run1(const std::string& op, int64_t version, Inputs inputs, std::vector<Attribute> attrs = {}) {
  auto out = run(op, version, std::move(inputs), std::move(attrs));
  REQUIRE(out.size() == 1);
  REQUIRE(out[0].has_value());
  return out[0]->tensor();
}

inline Tensor i64(std::vector<int64_t> v) { return ops::testing::t1<int64_t>(std::move(v)); }
inline Tensor f32(Shape s, std::vector<float> v) { return ops::testing::tf(std::move(s), std::move(v)); }

}  // namespace shape_test

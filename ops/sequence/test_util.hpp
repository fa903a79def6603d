// Test helpers of the sequence family: the shared ones of ops/common/testing.hpp, `run`, which calls the
// kernels add_sequence registers by operator name, and builders and readers of sequence values.
#pragma once

#include <memory>

#include "ops/common/testing.hpp"

namespace seq_test {
using namespace onnxsem;

using ops::testing::attr_i, ops::testing::attr_type, ops::testing::clause_of, ops::testing::Inputs,
    ops::testing::iota_f, ops::testing::tv, ops::testing::vals;

// Runs (op, since_version) of the sequence family; expects exactly one output and returns it.
inline Value run(const std::string& op, int64_t version, Inputs inputs, std::vector<Attribute> attrs = {}) {
  auto out = ops::testing::run_op(ops::add_sequence, op, version, std::move(inputs), std::move(attrs));
  REQUIRE(out.size() == 1);
  REQUIRE(out[0].has_value());
  return *out[0];
}

inline Tensor f32(Shape s, std::vector<float> v) { return ops::testing::tf(std::move(s), std::move(v)); }
inline Tensor i64s(int64_t v) { return Tensor::scalar<int64_t>(test_context(), v); }

inline Type tensor_t(DType d) {
  Type t;
  t.kind = Type::Kind::tensor;
  t.elem = d;
  return t;
}

// A sequence value of the given tensors (element type from the first, or `d` when empty).
inline Value seq(std::vector<Tensor> ts, DType d = DType::float32) {
  std::vector<Value> items;
  for (auto& t : ts) items.push_back(Value(t));
  if (!ts.empty()) d = ts[0].dtype();
  return Value(Sequence{std::make_shared<Type>(tensor_t(d)), Items(items)});
}
// A sequence read from a file without items: element type unknown.
inline Value untyped_empty_seq() { return Value(Sequence{nullptr, Items()}); }

inline const Items& items(const Value& v) { return v.sequence().items; }

}  // namespace seq_test

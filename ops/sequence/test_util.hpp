// Test helpers of the sequence family: build nodes, run registered kernels, inspect sequences and failures.
#pragma once

#include <doctest/doctest.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ops/registry.hpp"
#include "semantics/error.hpp"
#include "semantics/value.hpp"

namespace seq_test {
using namespace onnxsem;

inline Attribute attr_i(const std::string& n, int64_t v) {
  Attribute a;
  a.name = n;
  a.type = AttrType::i;
  a.i = v;
  return a;
}
inline Attribute attr_type(const std::string& n, Type t) {
  Attribute a;
  a.name = n;
  a.type = AttrType::type_proto;
  a.tp = std::move(t);
  return a;
}

using Inputs = std::vector<std::optional<Value>>;

// Runs (op, since_version) of the sequence family; expects exactly one output and returns it.
inline Value run(const std::string& op, int64_t version, Inputs inputs, std::vector<Attribute> attrs = {}) {
  ops::Registry r;
  ops::add_sequence(r);
  const Kernel* k = r.kernel("", op, version);
  REQUIRE_MESSAGE(k != nullptr, op << "-" << version << " is not registered");
  Node n;
  n.name = "n";
  n.op_type = op;
  n.attributes = std::move(attrs);
  KernelArgs a{n, std::move(inputs), {true}};
  auto out = (*k)(a);
  REQUIRE(out.size() == 1);
  REQUIRE(out[0].has_value());
  return *out[0];
}

// The clause of the Failure thrown by f, or "" when f does not fail.
inline std::string clause_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Failure& e) {
    return e.error().clause;
  }
  return "";
}

template <class T>
Tensor tv(Shape s, std::vector<T> v) {
  return Tensor::from_vector<T>(std::move(s), v);
}
inline Tensor f32(Shape s, std::vector<float> v) { return tv<float>(std::move(s), std::move(v)); }
inline Tensor i64s(int64_t v) { return Tensor::scalar<int64_t>(v); }
inline Tensor iota_f(Shape s) {
  auto [t, o] = Tensor::allocate<float>(std::move(s));
  for (size_t i = 0; i < o.size(); ++i) o[i] = static_cast<float>(i);
  return t;
}

inline Type tensor_t(DType d) {
  Type t;
  t.kind = Type::Kind::tensor;
  t.elem = d;
  return t;
}

// A sequence value of the given tensors (element type from the first, or `d` when empty).
inline Value seq(std::vector<Tensor> ts, DType d = DType::float32) {
  auto items = std::make_shared<std::vector<Value>>();
  for (auto& t : ts) items->push_back(Value(t));
  if (!ts.empty()) d = ts[0].dtype();
  return Value(Sequence{std::make_shared<Type>(tensor_t(d)), items});
}
// A sequence read from a file without items: element type unknown.
inline Value untyped_empty_seq() { return Value(Sequence{nullptr, std::make_shared<std::vector<Value>>()}); }

inline const std::vector<Value>& items(const Value& v) { return *v.sequence().items; }

template <class T>
std::vector<T> vals(const Tensor& t) {
  auto d = t.data<T>();
  return {d.begin(), d.end()};
}

}  // namespace seq_test

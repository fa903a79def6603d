// Test helpers of the shape family: build a node, run a registered kernel, read the clause of a failure.
#pragma once

#include <doctest/doctest.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ops/registry.hpp"
#include "semantics/error.hpp"
#include "semantics/value.hpp"

namespace shape_test {
using namespace onnxsem;

inline Attribute attr_i(const std::string& n, int64_t v) {
  Attribute a;
  a.name = n;
  a.type = AttrType::i;
  a.i = v;
  return a;
}
inline Attribute attr_f(const std::string& n, float v) {
  Attribute a;
  a.name = n;
  a.type = AttrType::f;
  a.f = v;
  return a;
}
inline Attribute attr_s(const std::string& n, const std::string& v) {
  Attribute a;
  a.name = n;
  a.type = AttrType::s;
  a.s = v;
  return a;
}
inline Attribute attr_ints(const std::string& n, std::vector<int64_t> v) {
  Attribute a;
  a.name = n;
  a.type = AttrType::ints;
  a.ints = std::move(v);
  return a;
}
inline Attribute attr_t(const std::string& n, Tensor t) {
  Attribute a;
  a.name = n;
  a.type = AttrType::t;
  a.t = std::move(t);
  return a;
}

using Inputs = std::vector<std::optional<Value>>;

// Runs (op, since_version) of the shape family on the inputs with the attributes and `outputs` outputs.
inline std::vector<std::optional<Value>> run(const std::string& op, int64_t version, Inputs inputs,
                                             std::vector<Attribute> attrs = {}, size_t outputs = 1) {
  ops::Registry r;
  ops::add_shape(r);
  const Kernel* k = r.kernel("", op, version);
  REQUIRE_MESSAGE(k != nullptr, op << "-" << version << " is not registered");
  Node n;
  n.name = "n";
  n.op_type = op;
  n.attributes = std::move(attrs);
  KernelArgs a{n, std::move(inputs), std::vector<bool>(outputs, true)};
  return (*k)(a);
}

inline Tensor run1(const std::string& op, int64_t version, Inputs inputs, std::vector<Attribute> attrs = {}) {
  auto out = run(op, version, std::move(inputs), std::move(attrs));
  REQUIRE(out.size() == 1);
  REQUIRE(out[0].has_value());
  return out[0]->tensor();
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
inline ErrorKind kind_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Failure& e) {
    return e.error().kind;
  }
  return ErrorKind::internal;
}

template <class T>
Tensor tv(Shape s, std::vector<T> v) {
  return Tensor::from_vector<T>(std::move(s), v);
}
inline Tensor i64(std::vector<int64_t> v) { return Tensor::from_vector<int64_t>({static_cast<int64_t>(v.size())}, v); }
inline Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_vector<float>(std::move(s), v); }
inline Tensor iota_f(Shape s) {
  auto [t, o] = Tensor::allocate<float>(std::move(s));
  for (size_t i = 0; i < o.size(); ++i) o[i] = static_cast<float>(i);
  return t;
}

template <class T>
std::vector<T> vals(const Tensor& t) {
  auto d = t.data<T>();
  return {d.begin(), d.end()};
}

}  // namespace shape_test

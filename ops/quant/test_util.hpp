// Helpers for the quant family's unit tests: nodes, calling registered kernels, reading results.
#pragma once

#include <doctest/doctest.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ops/registry.hpp"
#include "semantics/numeric.hpp"
#include "semantics/value.hpp"

namespace qtest {
using namespace onnxsem;

inline Attribute attr_i(const std::string& name, int64_t v) {
  Attribute a;
  a.name = name;
  a.type = AttrType::i;
  a.i = v;
  return a;
}
inline Attribute attr_is(const std::string& name, std::vector<int64_t> v) {
  Attribute a;
  a.name = name;
  a.type = AttrType::ints;
  a.ints = std::move(v);
  return a;
}
inline Attribute attr_s(const std::string& name, const std::string& v) {
  Attribute a;
  a.name = name;
  a.type = AttrType::s;
  a.s = v;
  return a;
}

inline Node make_node(const std::string& op, std::vector<Attribute> attrs = {}) {
  Node n;
  n.op_type = op;
  n.name = "n";
  n.attributes = std::move(attrs);
  return n;
}

inline std::vector<std::optional<Value>> run(const Node& n, int64_t version, std::vector<std::optional<Value>> inputs,
                                             size_t outputs = 1) {
  ops::Registry r;
  ops::add_quant(r);
  const Kernel* k = r.kernel("", n.op_type, version);
  REQUIRE(k != nullptr);
  KernelArgs a{n, std::move(inputs), std::vector<bool>(outputs, true)};
  return (*k)(a);
}

template <class T>
Tensor t(Shape s, std::vector<T> v) {
  return Tensor::from_vector<T>(std::move(s), v);
}
inline Tensor tf(Shape s, std::vector<float> v) { return t<float>(std::move(s), std::move(v)); }

template <class T>
std::vector<T> vals(const std::optional<Value>& v) {
  REQUIRE(v.has_value());
  auto d = v->tensor().data<T>();
  return {d.begin(), d.end()};
}
// Values of a tensor of small integers (int4, uint4, int2, uint2) as ints.
template <class T>
std::vector<int> small_vals(const std::optional<Value>& v) {
  std::vector<int> r;
  for (T e : vals<T>(v)) r.push_back(e.v);
  return r;
}
// Bit patterns of a tensor of float8 / float4 elements.
template <class T>
std::vector<int> bit_vals(const std::optional<Value>& v) {
  std::vector<int> r;
  for (T e : vals<T>(v)) r.push_back(e.bits);
  return r;
}

inline std::string clause_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Failure& e) {
    return e.error().clause;
  }
  return "";
}

}  // namespace qtest

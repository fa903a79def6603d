// Helpers for the text family's unit tests: attributes, nodes, calling registered kernels, results.
#pragma once

#include <doctest/doctest.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ops/registry.hpp"
#include "semantics/value.hpp"

namespace txtest {
using namespace onnxsem;

inline Attribute attr_i(const std::string& name, int64_t v) {
  Attribute a;
  a.name = name;
  a.type = AttrType::i;
  a.i = v;
  return a;
}
inline Attribute attr_s(const std::string& name, const std::string& v) {
  Attribute a;
  a.name = name;
  a.type = AttrType::s;
  a.s = v;
  return a;
}
inline Attribute attr_is(const std::string& name, std::vector<int64_t> v) {
  Attribute a;
  a.name = name;
  a.type = AttrType::ints;
  a.ints = std::move(v);
  return a;
}
inline Attribute attr_fs(const std::string& name, std::vector<float> v) {
  Attribute a;
  a.name = name;
  a.type = AttrType::floats;
  a.floats = std::move(v);
  return a;
}
inline Attribute attr_ss(const std::string& name, std::vector<std::string> v) {
  Attribute a;
  a.name = name;
  a.type = AttrType::strings;
  a.strings = std::move(v);
  return a;
}

inline Node make_node(const std::string& op, std::vector<Attribute> attrs = {}, size_t outputs = 1) {
  Node n;
  n.op_type = op;
  n.name = "n";
  n.attributes = std::move(attrs);
  for (size_t k = 0; k < outputs; ++k) n.outputs.push_back("out" + std::to_string(k));
  return n;
}

// Calls the kernel registered for (op, since_version); `outputs` outputs requested.
inline std::vector<std::optional<Value>> run(const Node& n, int64_t version, std::vector<std::optional<Value>> inputs,
                                             size_t outputs = 1) {
  ops::Registry r;
  ops::add_text(r);
  const Kernel* k = r.kernel("", n.op_type, version);
  REQUIRE(k != nullptr);
  KernelArgs a{n, std::move(inputs), std::vector<bool>(outputs, true)};
  return (*k)(a);
}

inline Tensor strs(Shape s, std::vector<std::string> v) { return Tensor::from_vector<std::string>(std::move(s), v); }
inline Tensor i64(Shape s, std::vector<int64_t> v) { return Tensor::from_vector<int64_t>(std::move(s), v); }
inline Tensor f32(Shape s, std::vector<float> v) { return Tensor::from_vector<float>(std::move(s), v); }

template <class T>
std::vector<T> vals(const std::optional<Value>& v) {
  REQUIRE(v.has_value());
  auto d = v->tensor().template data<T>();
  return {d.begin(), d.end()};
}
inline Shape shape_of(const std::optional<Value>& v) {
  REQUIRE(v.has_value());
  return v->tensor().shape();
}

// The clause of the Failure that f throws ("" if none).
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

}  // namespace txtest

// Helpers for the nn family's unit tests: building nodes, calling registered kernels, reading results.
#pragma once

#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ops/registry.hpp"
#include "semantics/value.hpp"

namespace nntest {
using namespace onnxsem;

inline Attribute attr_i(const std::string& name, int64_t v) {
  Attribute a;
  a.name = name;
  a.type = AttrType::i;
  a.i = v;
  return a;
}
inline Attribute attr_f(const std::string& name, float v) {
  Attribute a;
  a.name = name;
  a.type = AttrType::f;
  a.f = v;
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

inline Node make_node(const std::string& op, std::vector<Attribute> attrs = {}) {
  Node n;
  n.op_type = op;
  n.name = "n";
  n.attributes = std::move(attrs);
  return n;
}

// Calls the kernel registered for (op, since_version) on the given inputs; `outputs` outputs requested.
inline std::vector<std::optional<Value>> run(const Node& n, int64_t version, std::vector<std::optional<Value>> inputs,
                                             size_t outputs = 1) {
  ops::Registry r;
  ops::add_nn(r);
  const Kernel* k = r.kernel("", n.op_type, version);
  REQUIRE(k != nullptr);
  KernelArgs a{n, std::move(inputs), std::vector<bool>(outputs, true)};
  return (*k)(a);
}

inline Tensor tf(Shape s, std::vector<float> v) { return Tensor::from_vector<float>(std::move(s), v); }
inline Tensor td(Shape s, std::vector<double> v) { return Tensor::from_vector<double>(std::move(s), v); }

template <class T = float>
std::vector<T> vals(const std::optional<Value>& v) {
  REQUIRE(v.has_value());
  auto d = v->tensor().data<T>();
  return {d.begin(), d.end()};
}
inline Shape shape_of(const std::optional<Value>& v) {
  REQUIRE(v.has_value());
  return v->tensor().shape();
}

// The clause of the Failure that f throws ("" if it throws none).
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

inline void check_close(const std::vector<float>& got, const std::vector<double>& want, double tol = 1e-6) {
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    INFO("element " << i << ": got " << got[i] << ", want " << want[i]);
    if (std::isnan(want[i])) CHECK(std::isnan(got[i]));
    else CHECK(std::fabs(got[i] - want[i]) <= tol * std::max(1.0, std::fabs(want[i])));
  }
}

}  // namespace nntest

// Helpers for the loss family's unit tests: building nodes, calling registered kernels, reading results.
#pragma once

#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ops/registry.hpp"
#include "semantics/value.hpp"

namespace losstest {
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

inline Node make_node(const std::string& op, std::vector<Attribute> attrs = {}, const std::string& domain = "") {
  Node n;
  n.op_type = op;
  n.domain = domain;
  n.name = "n";
  n.attributes = std::move(attrs);
  return n;
}

// Calls the kernel registered for (node's domain, op, since_version) on the inputs; the first `outputs`
// outputs are requested unless `requested` says otherwise.
inline std::vector<std::optional<Value>> run(const Node& n, int64_t version, std::vector<std::optional<Value>> inputs,
                                             size_t outputs = 1, std::vector<bool> requested = {}) {
  ops::Registry r;
  ops::add_loss(r);
  const Kernel* k = r.kernel(n.domain, n.op_type, version);
  REQUIRE(k != nullptr);
  if (requested.empty()) requested.assign(outputs, true);
  KernelArgs a{n, std::move(inputs), requested};
  return (*k)(a);
}

inline Tensor tf(Shape s, std::vector<float> v) { return Tensor::from_vector<float>(std::move(s), v); }
inline Tensor td(Shape s, std::vector<double> v) { return Tensor::from_vector<double>(std::move(s), v); }
inline Tensor ti64(Shape s, std::vector<int64_t> v) { return Tensor::from_vector<int64_t>(std::move(s), v); }
inline Tensor ti32(Shape s, std::vector<int32_t> v) { return Tensor::from_vector<int32_t>(std::move(s), v); }

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

template <class T>
void check_close(const std::vector<T>& got, const std::vector<double>& want, double tol = 1e-6) {
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    INFO("element " << i << ": got " << got[i] << ", want " << want[i]);
    if (std::isnan(want[i])) CHECK(std::isnan(static_cast<double>(got[i])));
    else CHECK(std::fabs(static_cast<double>(got[i]) - want[i]) <= tol * std::max(1.0, std::fabs(want[i])));
  }
}

}  // namespace losstest

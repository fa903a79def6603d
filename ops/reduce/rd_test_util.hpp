// Test helpers of the reduce family: build a node, run a registered kernel, read results.
#pragma once

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "ops/reduce/rd_common.hpp"
#include "semantics/error.hpp"
#include "semantics/value.hpp"

namespace rdt {
using namespace onnxsem;

// The family's kernels, gathered through the same registration functions add_reduce calls.
class Table {
 public:
  Table() {
    const ops::rd::Adder add = [this](const std::string& op, std::initializer_list<int64_t> since, Kernel k) {
      for (int64_t v : since) kernels_[{op, v}] = k;
    };
    ops::rd::add_reductions(add);
    ops::rd::add_argminmax(add);
    ops::rd::add_softmax(add);
    ops::rd::add_matmul(add);
    ops::rd::add_gemm(add);
    ops::rd::add_cumsum(add);
    ops::rd::add_topk(add);
    ops::rd::add_einsum(add);
  }
  [[nodiscard]] const Kernel* kernel(const std::string& domain, const std::string& op, int64_t v) const {
    auto it = kernels_.find({op, v});
    return domain.empty() && it != kernels_.end() ? &it->second : nullptr;
  }
  [[nodiscard]] std::vector<int64_t> versions(const std::string& op) const {
    std::vector<int64_t> v;
    for (const auto& [key, k] : kernels_)
      if (key.first == op) v.push_back(key.second);
    return v;
  }
  [[nodiscard]] std::vector<std::string> ops() const {
    std::vector<std::string> v;
    for (const auto& [key, k] : kernels_)
      if (v.empty() || v.back() != key.first) v.push_back(key.first);
    return v;
  }

 private:
  std::map<std::pair<std::string, int64_t>, Kernel> kernels_;
};

inline const Table& reg() {
  static const Table t;
  return t;
}

struct NodeB {
  Node n;
  explicit NodeB(std::string op) { n.op_type = std::move(op); }
  NodeB& i(const std::string& name, int64_t v) {
    Attribute a;
    a.name = name, a.type = AttrType::i, a.i = v;
    n.attributes.push_back(a);
    return *this;
  }
  NodeB& f(const std::string& name, float v) {
    Attribute a;
    a.name = name, a.type = AttrType::f, a.f = v;
    n.attributes.push_back(a);
    return *this;
  }
  NodeB& ints(const std::string& name, std::vector<int64_t> v) {
    Attribute a;
    a.name = name, a.type = AttrType::ints, a.ints = std::move(v);
    n.attributes.push_back(a);
    return *this;
  }
  NodeB& s(const std::string& name, std::string v) {
    Attribute a;
    a.name = name, a.type = AttrType::s, a.s = std::move(v);
    n.attributes.push_back(a);
    return *this;
  }
};

// Runs op `b.n.op_type` at since-version v; returns all outputs (as tensors).
inline std::vector<Tensor> run(const NodeB& b, int64_t v, std::vector<std::optional<Value>> inputs, size_t outputs = 1) {
  const Kernel* k = reg().kernel("", b.n.op_type, v);
  REQUIRE_MESSAGE(k != nullptr, b.n.op_type << "-" << v << " is not registered");
  KernelArgs args{b.n, std::move(inputs), std::vector<bool>(outputs, true)};
  auto out = (*k)(args);
  std::vector<Tensor> ts;
  for (auto& o : out) ts.push_back(o ? o->tensor() : Tensor{});
  return ts;
}
inline Tensor run1(const NodeB& b, int64_t v, std::vector<std::optional<Value>> inputs) { return run(b, v, std::move(inputs))[0]; }

// The clause of the failure thrown by running the op, or "" if none.
inline std::string clause_of(const NodeB& b, int64_t v, std::vector<std::optional<Value>> inputs, size_t outputs = 1) {
  try {
    run(b, v, std::move(inputs), outputs);
  } catch (const Failure& f) {
    return f.error().clause;
  }
  return "";
}

template <class T>
inline Tensor T_(Shape s, std::vector<T> v) {
  return Tensor::from_vector<T>(std::move(s), v);
}
inline Tensor F(Shape s, std::vector<float> v) { return T_<float>(std::move(s), std::move(v)); }
inline Tensor D(Shape s, std::vector<double> v) { return T_<double>(std::move(s), std::move(v)); }
inline Tensor I64(Shape s, std::vector<int64_t> v) { return T_<int64_t>(std::move(s), std::move(v)); }
inline Tensor I32(Shape s, std::vector<int32_t> v) { return T_<int32_t>(std::move(s), std::move(v)); }

template <class T>
inline std::vector<T> vals(const Tensor& t) {
  auto d = t.data<T>();
  return {d.begin(), d.end()};
}

// Element-wise closeness for float results computed by hand (relative 1e-6 of float, or exact).
inline void check_close(const Tensor& t, const std::vector<double>& expect, double rel = 1e-6) {
  std::vector<double> got;
  if (t.dtype() == DType::float32) for (float x : t.data<float>()) got.push_back(x);
  else for (double x : t.data<double>()) got.push_back(x);
  REQUIRE(got.size() == expect.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(expect[i])) {
      CHECK_MESSAGE(std::isnan(got[i]), "element " << i);
    } else if (std::isinf(expect[i])) {
      CHECK_MESSAGE(got[i] == expect[i], "element " << i);
    } else {
      CHECK_MESSAGE(std::fabs(got[i] - expect[i]) <= rel * std::max(1.0, std::fabs(expect[i])),
                    "element " << i << ": got " << got[i] << ", expected " << expect[i]);
    }
  }
}

inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace rdt

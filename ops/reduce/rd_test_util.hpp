// Test helpers of the reduce family: the shared ones of ops/common/testing.hpp, the table of the family's
// kernels, NodeB, which builds a node, and `run`, which calls a kernel of the table.
#pragma once

#include <limits>
#include <map>

#include "ops/common/testing.hpp"
#include "ops/reduce/rd_common.hpp"

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
    ops::rd::add_cumulative(add);
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
  NodeB& i(const std::string& name, int64_t v) { return with(ops::testing::attr_i(name, v)); }
  NodeB& f(const std::string& name, float v) { return with(ops::testing::attr_f(name, v)); }
  NodeB& ints(const std::string& name, std::vector<int64_t> v) {
    return with(ops::testing::attr_is(name, std::move(v)));
  }
  NodeB& s(const std::string& name, std::string v) { return with(ops::testing::attr_s(name, v)); }
  NodeB& with(Attribute a) {
    n.attributes.push_back(std::move(a));
    return *this;
  }
};

// Runs op `b.n.op_type` at since-version v; returns all outputs (as tensors).
inline std::vector<Tensor> run(const NodeB& b, int64_t v, std::vector<std::optional<Value>> inputs,
                               size_t outputs = 1) {
  auto out = ops::testing::call(reg().kernel("", b.n.op_type, v), b.n, std::move(inputs),
                                std::vector<bool>(outputs, true));
  std::vector<Tensor> ts;
  for (auto& o : out) ts.push_back(o ? o->tensor() : Tensor{});
  return ts;
}
inline Tensor run1(const NodeB& b, int64_t v, std::vector<std::optional<Value>> inputs) {
  return run(b, v, std::move(inputs))[0];
}

// The clause of the failure thrown by running the op, or "" if none.
inline std::string clause_of(const NodeB& b, int64_t v, std::vector<std::optional<Value>> inputs, size_t outputs = 1) {
  return ops::testing::clause_of([&] { run(b, v, std::move(inputs), outputs); });
}

template <class T>
inline Tensor T_(Shape s, std::vector<T> v) {
  return ops::testing::tv<T>(std::move(s), std::move(v));
}
inline Tensor F(Shape s, std::vector<float> v) { return ops::testing::tf(std::move(s), std::move(v)); }
inline Tensor D(Shape s, std::vector<double> v) { return ops::testing::td(std::move(s), std::move(v)); }
inline Tensor I64(Shape s, std::vector<int64_t> v) { return ops::testing::ti64(std::move(s), std::move(v)); }
inline Tensor I32(Shape s, std::vector<int32_t> v) { return ops::testing::ti32(std::move(s), std::move(v)); }

using ops::testing::vals;
// Element-wise closeness for float32/float64 results computed by hand (relative `rel`; NaN and infinities
// exactly).
using ops::testing::check_close;

inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace rdt

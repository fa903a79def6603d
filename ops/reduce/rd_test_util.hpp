// Test helpers of the reduce family: the shared ones of ops/common/testing.hpp (NodeB, which builds a node,
// and the short names of the tensor builders) and the table of the family's kernels, which `run` calls.
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
    ops::rd::add_cumulative(add);
    ops::rd::add_topk(add);
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

using ops::testing::NodeB;
// Runs op `b.n.op_type` at since-version v: `run` returns all outputs (as tensors), `run1` the first, and
// `clause_of` the clause of the failure thrown, or "" if none.
inline constexpr ops::testing::NodeRun<reg> run{};
inline constexpr ops::testing::NodeRun1<reg> run1{};
inline constexpr ops::testing::NodeClause<reg> clause_of{};

using namespace ops::testing::short_names;
using ops::testing::vals;
// Element-wise closeness for float32/float64 results computed by hand (relative `rel`; NaN and infinities
// exactly).
using ops::testing::check_close;

inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace rdt

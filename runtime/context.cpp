// The context of an evaluation (runtime/context.hpp): its limits (spec/values.md, L3, L5), its work meter
// (L5) and its threads (spec/graph.md, E9).
#include "runtime/context.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "runtime/coverage.hpp"
#include "runtime/error.hpp"
#include "runtime/work.hpp"

namespace onnxsem {

namespace {
constexpr int64_t bound(int64_t b) noexcept { return b > 0 ? b : std::numeric_limits<int64_t>::max(); }
}  // namespace

EvalContext::EvalContext(Limits limits, int threads) noexcept
    : limits_{limits.tensor_bytes, bound(limits.firing_work), bound(limits.evaluation_work)},
      threads_(std::clamp(threads, 1, kMaxThreads)) {}

void EvalContext::charge(int64_t units, std::string_view what) {
  if (units < 0) units = std::numeric_limits<int64_t>::max();
  // [spec:L5] the work of a firing and of an evaluation is counted before it is done, and bounded.
  ONNXSEM_CLAUSE(L5);
  std::lock_guard lock(meter_);
  const int64_t firing = work_sum(firing_, units);
  if (firing > limits_.firing_work)
    eval_error("L5", std::string(what) + " needs about " + std::to_string(firing) +
                         " elementary operations in one firing, more than the bound of " +
                         std::to_string(limits_.firing_work) + " (--max-firing-work)");
  const int64_t evaluation = work_sum(evaluation_, units);
  if (evaluation > limits_.evaluation_work)
    eval_error("L5", std::string(what) + " brings the evaluation to about " + std::to_string(evaluation) +
                         " elementary operations, more than the bound of " + std::to_string(limits_.evaluation_work) +
                         " (--max-work)");
  firing_ = firing;
  evaluation_ = evaluation;
}

int64_t EvalContext::begin_firing() noexcept {
  std::lock_guard lock(meter_);
  return std::exchange(firing_, 0);
}

void EvalContext::end_firing(int64_t enclosing) noexcept {
  std::lock_guard lock(meter_);
  firing_ = enclosing;
}

int64_t EvalContext::work_done() const noexcept {
  std::lock_guard lock(meter_);
  return evaluation_;
}

void EvalContext::check_bytes(int64_t count, size_t elem_size) const {
  // [spec:L3] a tensor larger than the configured limit is refused before anything is allocated.
  ONNXSEM_CLAUSE(L3);
  if (count > limits_.tensor_bytes / static_cast<int64_t>(elem_size))
    eval_error("L3", "a tensor of " + std::to_string(count) + " elements of " + std::to_string(elem_size) +
                         " bytes exceeds the allocation limit of " + std::to_string(limits_.tensor_bytes) + " bytes");
}

}  // namespace onnxsem

// The work bound (spec/values.md, L5): every firing and every evaluation performs at most a configured
// number of elementary operations, counted before the work is done, so that a model whose attributes ask
// for astronomically much computation stops with a clause in seconds instead of running for hours.
//
// The count is a cost model, not a measurement: a firing costs kFiringCost units for itself, plus one
// unit per element (or sequence item) it reads, plus what its operator states before its main loops
// (charge_work: products for the product kernels, windows x taps for convolution and pooling, ...). The
// meter lives in the evaluating thread, like the allocation limit (L3).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <mutex>
#include <string_view>

namespace onnxsem {

// What one firing costs besides the elements it reads and the work its operator states (L5).
inline constexpr int64_t kFiringCost = int64_t{1} << 16;
// Defaults of the two bounds (L5): per firing, and for a whole evaluation, subgraphs included.
inline constexpr int64_t kDefaultFiringWork = int64_t{1} << 36;
inline constexpr int64_t kDefaultEvaluationWork = int64_t{1} << 38;

// The product of the factors, or the largest int64 when it overflows (or a factor is negative, which
// an operator has refused before asking). For cost estimates only.
[[nodiscard]] constexpr int64_t work_product(std::initializer_list<int64_t> factors) noexcept {
  int64_t p = 1;
  for (int64_t f : factors) {
    if (f < 0) return std::numeric_limits<int64_t>::max();
    if (f == 0) return 0;
  }
  for (int64_t f : factors) {
    if (p > std::numeric_limits<int64_t>::max() / f) return std::numeric_limits<int64_t>::max();
    p *= f;
  }
  return p;
}
[[nodiscard]] constexpr int64_t work_sum(int64_t a, int64_t b) noexcept {
  return a > std::numeric_limits<int64_t>::max() - b ? std::numeric_limits<int64_t>::max() : a + b;
}

// Adds `units` to the work of the current firing and of the current evaluation; an evaluation error
// with clause L5 when either would exceed its bound. `what` says what the work is for (in the message).
// Outside an evaluation (unit tests calling kernels directly) only the default bounds apply.
void charge_work(int64_t units, std::string_view what);

// The bounds of one evaluation (scoped: restores the enclosing meter on destruction). Nested evaluations
// (an evaluation started by a test while another runs) keep their own counts.
class WorkBudget {
 public:
  WorkBudget(int64_t per_firing, int64_t per_evaluation) noexcept;
  ~WorkBudget();
  WorkBudget(const WorkBudget&) = delete;
  WorkBudget& operator=(const WorkBudget&) = delete;

 private:
  int64_t saved_[4];
};

// One firing: its count starts at zero and the enclosing firing's count (a Loop around its body's
// firings) is restored afterwards.
class FiringWork {
 public:
  FiringWork() noexcept;
  ~FiringWork();
  FiringWork(const FiringWork&) = delete;
  FiringWork& operator=(const FiringWork&) = delete;

 private:
  int64_t saved_;
};

namespace detail {
// For semantics/parallel.cpp (E9): the meter of this thread, and a scope in which this thread charges
// another thread's meter (or its own) under a lock, so that the pieces of one firing, on whatever thread
// they run, count against the firing and the evaluation that handed them out.
[[nodiscard]] void* this_threads_meter() noexcept;
class UseMeter {
 public:
  UseMeter(void* meter, std::mutex* lock) noexcept;
  ~UseMeter();
  UseMeter(const UseMeter&) = delete;
  UseMeter& operator=(const UseMeter&) = delete;

 private:
  void* saved_meter_;
  std::mutex* saved_lock_;
};
}  // namespace detail

}  // namespace onnxsem

// The work bound (spec/values.md, L5): every firing and every evaluation performs at most a configured
// number of elementary operations, counted before the work is done, so that a model whose attributes ask
// for astronomically much computation stops with a clause in seconds instead of running for hours.
//
// The count is a cost model, not a measurement: a firing costs kFiringCost units for itself, plus one
// unit per element (or sequence item) it reads, plus what its operator states before its main loops
// (EvalContext::charge: products for the product kernels, windows x taps for convolution and pooling, ...). The
// meter is the evaluation's, in its context (runtime/context.hpp), like the allocation limit (L3).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string_view>

#include "runtime/context.hpp"

namespace onnxsem {

// What one firing costs besides the elements it reads and the work its operator states (L5).
inline constexpr int64_t kFiringCost = int64_t{1} << 16;

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

// One firing of the evaluation of `context`: its count starts at zero and the enclosing firing's count (a
// Loop around its body's firings) is restored afterwards.
class FiringWork {
 public:
  explicit FiringWork(EvalContext& context) noexcept : context_(context), saved_(context.begin_firing()) {}
  ~FiringWork() { context_.end_firing(saved_); }
  FiringWork(const FiringWork&) = delete;
  FiringWork& operator=(const FiringWork&) = delete;

 private:
  EvalContext& context_;
  int64_t saved_;
};

}  // namespace onnxsem

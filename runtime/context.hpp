// The context of an evaluation: everything besides the model, its inputs and the table of operators that
// an evaluation's result or its limits depend on, held in one value. Its limits (L3, L5), its work meter
// (L5) and its thread budget (E9) are members of an EvalContext; two evaluations with two contexts, on two
// threads of one process, share nothing but the pool of worker threads.
//
// The fixpoint makes the context of each evaluation from its options and hands it on through arguments:
// to the nested graphs it runs, to the control-flow operators, to function calls and to the kernels
// (KernelArgs::context). Below a kernel, every tensor allocation (L3), every pass cut into pieces for the
// threads (E9) and every statement of work (L5) names the context it counts for as its first argument.
// No thread-local or global variable holds a context. Code that runs outside any evaluation (the loader,
// unit tests calling kernels) makes a context of its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string_view>

namespace onnxsem {

// Defaults of the two work bounds (L5): per firing, and for a whole evaluation, subgraphs included; of the
// allocation limit (L3).
inline constexpr int64_t kDefaultFiringWork = int64_t{1} << 36;
inline constexpr int64_t kDefaultEvaluationWork = int64_t{1} << 38;
inline constexpr int64_t kDefaultTensorBytes = int64_t{8} << 30;

// The limits of one evaluation. A work bound of 0 or less means none.
struct Limits {
  int64_t tensor_bytes = kDefaultTensorBytes;        // L3: the largest tensor, in bytes
  int64_t firing_work = kDefaultFiringWork;          // L5: elementary operations of one firing
  int64_t evaluation_work = kDefaultEvaluationWork;  // L5: of the whole evaluation
};

class EvalContext {
 public:
  // `threads` below 1 counts as 1, above kMaxThreads as kMaxThreads.
  explicit EvalContext(Limits limits = {}, int threads = 1) noexcept;
  EvalContext(const EvalContext&) = delete;
  EvalContext& operator=(const EvalContext&) = delete;

  static constexpr int kMaxThreads = 256;

  [[nodiscard]] const Limits& limits() const noexcept { return limits_; }
  // E9: how many threads the kernels of this evaluation share their work among.
  [[nodiscard]] int threads() const noexcept { return threads_; }

  // L5: adds `units` to the work of the current firing and of the evaluation, or raises L5 when either
  // would exceed its bound; `what` says what the work is for. The pieces of a firing (E9) charge it from
  // several threads at once: the meter is behind a lock.
  void charge(int64_t units, std::string_view what);
  // A firing begins: its count starts at zero. Returns the enclosing firing's count (a Loop's, around the
  // firings of its body), which end_firing restores.
  [[nodiscard]] int64_t begin_firing() noexcept;
  void end_firing(int64_t enclosing) noexcept;
  // The units charged to the evaluation so far.
  [[nodiscard]] int64_t work_done() const noexcept;

  // L3: raises L3 when `count` elements of `elem_size` bytes exceed the allocation limit.
  void check_bytes(int64_t count, size_t elem_size) const;

 private:
  Limits limits_;
  int threads_;
  mutable std::mutex meter_;
  int64_t firing_ = 0;      // units charged by the current firing
  int64_t evaluation_ = 0;  // units charged by the evaluation
};

}  // namespace onnxsem

// Evaluation on several threads (spec/graph.md, E9): a kernel hands out independent pieces of its work,
// and the threads of the evaluation take them in whatever order they come to them.
//
// What may be handed out: pieces that write disjoint parts of the result and each compute their part
// exactly as the kernel would alone (the same operations, the same order of additions into every sum).
// The result is then the same bits for every number of threads and every assignment of pieces to threads;
// only the time changes. A piece must not start further pieces (a nested `parallel_for` runs its pieces
// one after the other in place).
//
// Each call names the context of the evaluation that hands the pieces out (runtime/context.hpp): its
// thread budget says how many threads take them, and a piece that allocates or charges work names the same
// context, whatever thread runs it. The clauses a piece reaches (K17) count for the evaluation's recording.
// The exception of the lowest-numbered piece that threw is thrown again by `parallel_for` once every piece
// has stopped: the one a serial run would meet first when the pieces are ordered slices of the work.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <utility>

#include "runtime/context.hpp"

namespace onnxsem {

// The number of cores this machine offers (at least 1): `--threads`'s default.
[[nodiscard]] int available_cores() noexcept;

// Runs piece(i) for every i in [0, count), each exactly once, on up to context.threads() threads (this
// one included), and returns when all have run. Pieces must be independent (see above).
void parallel_for(const EvalContext& context, int64_t count, const std::function<void(int64_t)>& piece);

// The least number of elements worth handing to another thread in a pass over a tensor (E9).
inline constexpr int64_t kElementGrain = int64_t{1} << 14;

// How many pieces of at least `grain` units of work `units` splits into for the threads at hand: 1 when
// one thread evaluates or the work is too small to share.
[[nodiscard]] int64_t pieces_for(const EvalContext& context, int64_t units, int64_t grain) noexcept;

// The bounds of slice q of `parts` slices of [0, extent), cut at multiples of `unit` (the last slice
// ends at `extent`); slices of nearly equal size, together covering the range once.
[[nodiscard]] inline std::pair<int64_t, int64_t> slice_bounds(int64_t extent, int64_t parts, int64_t q,
                                                              int64_t unit = 1) {
  const int64_t units = (extent + unit - 1) / unit;
  const int64_t lo = units * q / parts * unit, hi = units * (q + 1) / parts * unit;
  return {std::min(lo, extent), std::min(hi, extent)};
}

// Runs slice(lo, hi) over [0, extent) cut into as many slices as the threads and `work` (units of work
// in all, at least `grain` per slice) allow: the pass over planes or elements that the kernels share.
inline void parallel_slices(const EvalContext& context, int64_t extent, int64_t work, int64_t grain,
                            const std::function<void(int64_t, int64_t)>& slice) {
  const int64_t parts = std::min(extent, pieces_for(context, work, grain));
  if (parts <= 1) {
    if (extent > 0) slice(0, extent);
    return;
  }
  parallel_for(context, parts, [&](int64_t q) {
    const auto [lo, hi] = slice_bounds(extent, parts, q);
    slice(lo, hi);
  });
}

}  // namespace onnxsem

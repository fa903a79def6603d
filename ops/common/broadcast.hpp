// Multidirectional (numpy-style) broadcasting, in one place (spec/ops.md, B1).
// Shapes are aligned at their last dimension; each pair of aligned dimensions must be equal or one of
// them 1; the result takes the larger. The output is walked in row-major order with, for each input, the
// offset of the element that broadcasts to the current output position.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "values/value.hpp"

namespace onnxsem::ops {

[[nodiscard]] Shape broadcast_shape(const std::vector<Shape>& shapes, const std::string& what);

// Element strides of `in` seen through the broadcast to `out` (0 along broadcast dimensions), one per
// dimension of `out`.
[[nodiscard]] std::vector<int64_t> broadcast_strides(const Shape& in, const Shape& out);

// Calls f(start, step, n) for rows [r0, r1) of `out` in row-major order (row r: the elements r*n ..
// r*n + n-1, n the innermost extent): element u of the row takes element start[k] + u * step[k] of input k.
template <size_t K, class F>
void for_each_broadcast_row(const Shape& out, const std::array<std::vector<int64_t>, K>& strides, int64_t r0,
                            int64_t r1, F&& f) {
  const size_t rank = out.size();
  const int64_t inner = rank ? out[rank - 1] : 1;
  if (inner <= 0 || r1 <= r0) return;
  std::array<int64_t, K> off{};
  std::vector<int64_t> idx(rank, 0);
  // The outer indices of row r0, and the offsets there.
  for (size_t d = rank >= 1 ? rank - 1 : 0, rem = static_cast<size_t>(r0); d-- > 0;) {
    idx[d] = static_cast<int64_t>(rem % static_cast<size_t>(out[d]));
    rem /= static_cast<size_t>(out[d]);
    for (size_t k = 0; k < K; ++k) off[k] += idx[d] * strides[k][d];
  }
  std::array<int64_t, K> inner_stride{};
  for (size_t k = 0; k < K; ++k) inner_stride[k] = rank ? strides[k][rank - 1] : 0;
  for (int64_t r = r0; r < r1; ++r) {
    f(static_cast<const std::array<int64_t, K>&>(off), static_cast<const std::array<int64_t, K>&>(inner_stride), inner);
    // advance the odometer over the outer dimensions
    for (size_t d = rank >= 1 ? rank - 1 : 0; d-- > 0;) {
      ++idx[d];
      for (size_t k = 0; k < K; ++k) off[k] += strides[k][d];
      if (idx[d] < out[d]) break;
      for (size_t k = 0; k < K; ++k) off[k] -= strides[k][d] * out[d];
      idx[d] = 0;
    }
  }
}

// Calls f(offsets) for the elements of rows [r0, r1) of `out` in row-major order, where offsets[k] indexes
// input k.
template <size_t K, class F>
void for_each_broadcast_rows(const Shape& out, const std::array<std::vector<int64_t>, K>& strides, int64_t r0,
                             int64_t r1, F&& f) {
  for_each_broadcast_row<K>(out, strides, r0, r1,
                            [&](const std::array<int64_t, K>& start, const std::array<int64_t, K>& step, int64_t n) {
                              std::array<int64_t, K> o = start;
                              for (int64_t j = 0; j < n; ++j) {
                                f(static_cast<const std::array<int64_t, K>&>(o));
                                for (size_t k = 0; k < K; ++k) o[k] += step[k];
                              }
                            });
}

// The number of rows of `out` in the sense above (0 for an empty shape).
[[nodiscard]] inline int64_t broadcast_rows(const Shape& out) {
  int64_t total = 1;
  for (int64_t d : out) total *= d;
  return total == 0 ? 0 : out.empty() ? 1 : total / out.back();
}

// A walk over an output shape in row-major order reading K inputs through element strides (one per axis).
template <size_t K>
struct StridedWalk {
  Shape out;
  std::array<std::vector<int64_t>, K> strides;
};

// The same walk in fewer, longer rows: axes of one element left out, and each axis that every input reads
// in step with the axis before it (input k's stride on the earlier axis equal to its stride on this one
// times this one's extent: contiguous across both, or repeated across both) merged into that axis. The
// walk visits the same element tuples in the same order (a channel's plane as one row, when one input is
// repeated per channel; whole planes, when a permutation keeps them together).
template <size_t K>
[[nodiscard]] StridedWalk<K> coalesce(const Shape& out, const std::array<std::vector<int64_t>, K>& strides) {
  StridedWalk<K> w;
  for (size_t d = 0; d < out.size(); ++d) {
    const int64_t e = out[d];
    if (e == 1) continue;
    bool merge = !w.out.empty();
    for (size_t k = 0; k < K && merge; ++k) merge = w.strides[k].back() == strides[k][d] * e;
    if (merge) {
      w.out.back() *= e;
      for (size_t k = 0; k < K; ++k) w.strides[k].back() = strides[k][d];
    } else {
      w.out.push_back(e);
      for (size_t k = 0; k < K; ++k) w.strides[k].push_back(strides[k][d]);
    }
  }
  return w;
}

// Calls f(offsets) for every element of `out` in row-major order, where offsets[k] indexes input k.
template <size_t K, class F>
void for_each_broadcast(const Shape& out, const std::array<std::vector<int64_t>, K>& strides, F&& f) {
  for_each_broadcast_rows<K>(out, strides, 0, broadcast_rows(out), f);
}

}  // namespace onnxsem::ops

// Sliding-window geometry shared by convolution and pooling (spec/ops-nn.md, clauses NN1-NN6).
//
// Along each spatial axis d, a window has k[d] taps spaced dilation[d] apart, so it spans
// e[d] = (k[d] - 1) * dilation[d] + 1 input positions. Output position o along d reads the taps
//   o * stride[d] - pad_begin[d] + j * dilation[d],   j = 0 .. k[d]-1,
// of which only those in [0, in[d]) are input elements; the others lie in the padding.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/work.hpp"
#include "values/ir.hpp"
#include "values/value.hpp"

namespace onnxsem::ops::nn {

struct WindowGeometry {
  Shape in;      // input spatial extent
  Shape kernel;  // taps per axis
  Shape strides;
  Shape dilations;
  Shape pad_begin;
  Shape pad_end;
  Shape out;  // output spatial extent

  [[nodiscard]] size_t rank() const noexcept { return in.size(); }
  [[nodiscard]] int64_t span(size_t d) const noexcept { return (kernel[d] - 1) * dilations[d] + 1; }
  // Input position of tap j of output position o along axis d (may lie in the padding).
  [[nodiscard]] int64_t tap(size_t d, int64_t o, int64_t j) const noexcept {
    return o * strides[d] - pad_begin[d] + j * dilations[d];
  }
  [[nodiscard]] int64_t out_count() const noexcept;
  [[nodiscard]] int64_t in_count() const noexcept;
  [[nodiscard]] int64_t kernel_count() const noexcept;
};

// Which attributes an operator version reads besides kernel_shape, strides, pads and auto_pad.
struct WindowAttrs {
  bool dilations = false;  // the version has a `dilations` attribute
  bool ceil_mode = false;  // the version has a `ceil_mode` attribute
};

// Reads strides, dilations, pads, auto_pad and ceil_mode of `node` for an input of spatial extent
// `in` and a window of `kernel` taps, checks them (NN2) and computes padding and output extent
// (NN3-NN5). `op` names the operator in messages.
[[nodiscard]] WindowGeometry window_geometry(const Node& node, const Shape& in, const Shape& kernel, WindowAttrs attrs,
                                             const std::string& op);

// Charges the work of walking the windows (spec L5): the taps of each axis, and planes x windows x taps x
// per_tap for the whole operation.
void charge_windows(EvalContext& cx, const WindowGeometry& g, int64_t planes, int64_t per_tap, const std::string& op);
// The same count for any output and kernel extents (ConvTranspose's gathering form), and the refusal (L3) of
// per-axis tap tables (output extent x kernel extent entries) beyond the allocation limit, before either
// the tables or the windows are built.
void charge_taps(EvalContext& cx, const Shape& out, const Shape& kernel, int64_t planes, int64_t per_tap,
                 const std::string& op);

// L3: refuses (before it is made) a kernel's table of `entries` indices of 8 bytes that is larger than the
// allocation limit allows a tensor; `what` names the table in the error.
void refuse_table_beyond_limit(EvalContext& cx, int64_t entries, const std::string& what);

// Checks that X has the (N, C, D1, ..., Dn) layout with n >= 1 spatial axes (NN1).
void require_spatial_input(const Tensor& x, const std::string& op, int64_t min_rank = 3);

// The input offsets (row-major within one N,C plane) of the taps of every output position that fall on
// input elements, in row-major tap order, stored compactly: window w has the offsets
// offsets[begin[w] .. begin[w+1]). `padded_count[w]` counts the taps of w that lie in the padded extent
// [-pad_begin, in + pad_end) along every axis (what count_include_pad divides by).
struct WindowTable {
  std::vector<int64_t> begin;
  std::vector<int64_t> offsets;
  std::vector<int64_t> padded_count;
};
[[nodiscard]] WindowTable window_table(EvalContext& cx, const WindowGeometry& g);

// The row-major coordinates of the linear positions 0..count-1 of a grid with the given extents, one vector
// per axis: coords[d][p] is the d-th coordinate of position p.
[[nodiscard]] inline std::vector<std::vector<int64_t>> grid_coordinates(const Shape& extents, int64_t count) {
  const auto rank = static_cast<int64_t>(extents.size());
  std::vector<std::vector<int64_t>> coords(extents.size(), std::vector<int64_t>(static_cast<size_t>(count)));
  for (int64_t p = 0; p < count; ++p)
    for (int64_t rem = p, d = rank - 1; d >= 0; --d) {
      coords[static_cast<size_t>(d)][static_cast<size_t>(p)] = rem % extents[static_cast<size_t>(d)];
      rem /= extents[static_cast<size_t>(d)];
    }
  return coords;
}

}  // namespace onnxsem::ops::nn

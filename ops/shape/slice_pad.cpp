// Slice, Expand, Tile, Pad (spec/ops-shape.md, SH12, SH17-SH20).
#include <algorithm>
#include <limits>
#include <span>
#include <string>
#include <type_traits>

#include "ops/common/attrs.hpp"
#include "ops/common/broadcast.hpp"
#include "ops/shape/common.hpp"
#include "runtime/coverage.hpp"
#include "runtime/parallel.hpp"
#include "values/numeric.hpp"

namespace onnxsem::ops::shape {
namespace {

using Outputs = std::vector<std::optional<Value>>;

// The output whose element at multi-index o is the input element at sum_d pos[d][o[d]] * stride[d], or
// the fill where some pos[d][o[d]] is negative. Every operator below reduces to one position table per
// axis. Written a row (the last axis) at a time: the other axes give the row's offset in x once, the last
// axis's table each element (a run of consecutive positions is copied as a block, a repeated one filled);
// E9: slices of the rows go to the threads, each element a copy.
Tensor take_axes(EvalContext& cx, const Tensor& x, const Shape& out, const std::vector<std::vector<int64_t>>& pos,
                 const Tensor* fill = nullptr) {
  const auto st = strides_of(x.shape());
  const size_t r = out.size();
  return dispatch(x.dtype(), all_types, "shape operator", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* data = x.data<T>().data();
    T pad{};
    if (fill) pad = fill->data<T>()[0];
    auto [t, o_view] = Tensor::allocate<T>(cx, out);
    const std::span<T> o = o_view;  // a plain variable: clang 14 cannot capture structured bindings
    if (o.empty()) return t;
    if (r == 0) {  // a scalar: its one element
      o[0] = data[0];
      return t;
    }
    const std::vector<int64_t>& last = pos[r - 1];
    const int64_t width = out[r - 1], step = st[r - 1];
    const int64_t rows = static_cast<int64_t>(o.size()) / width;
    // The last axis's table: one run of consecutive positions, or one position repeated, or neither.
    bool run = last[0] >= 0 && step == 1, same = last[0] >= 0;
    for (int64_t j = 1; j < width; ++j) {
      run = run && last[static_cast<size_t>(j)] == last[0] + j;
      same = same && last[static_cast<size_t>(j)] == last[0];
    }
    auto rows_from = [&](int64_t lo, int64_t hi) {
      std::vector<int64_t> idx(r - 1, 0);  // the index of row lo along the other axes
      for (int64_t d = static_cast<int64_t>(r) - 2, rem = lo; d >= 0; --d) {
        idx[static_cast<size_t>(d)] = rem % out[static_cast<size_t>(d)];
        rem /= out[static_cast<size_t>(d)];
      }
      for (int64_t row = lo; row < hi; ++row) {
        int64_t base = 0;
        bool outside = false;
        for (size_t d = 0; d + 1 < r && !outside; ++d) {
          const int64_t p = pos[d][static_cast<size_t>(idx[d])];
          outside = p < 0;
          base += p * st[d];
        }
        T* dst = o.data() + row * width;
        if (outside) {
          std::fill(dst, dst + width, pad);
        } else if (run) {
          std::copy(data + base + last[0], data + base + last[0] + width, dst);
        } else if (same) {
          std::fill(dst, dst + width, data[base + last[0] * step]);
        } else {
          for (int64_t j = 0; j < width; ++j) {
            const int64_t q = last[static_cast<size_t>(j)];
            dst[j] = q < 0 ? pad : data[base + q * step];
          }
        }
        for (size_t d = r - 1; d-- > 0;) {
          if (++idx[d] < out[d]) break;
          idx[d] = 0;
        }
      }
    };
    // Strings are copied on the evaluating thread (a copy allocates).
    if constexpr (std::is_same_v<T, std::string>) rows_from(0, rows);
    else parallel_slices(cx, rows, static_cast<int64_t>(o.size()), kElementGrain, rows_from);
    return t;
  });
}

// ---- Slice -------------------------------------------------------------------------------------------------
Tensor slice(EvalContext& cx, const Tensor& x, const std::vector<int64_t>& starts, const std::vector<int64_t>& ends,
             std::optional<std::vector<int64_t>> axes, std::optional<std::vector<int64_t>> steps, bool negative_axes) {
  const int64_t r = x.rank();
  const size_t n = starts.size();
  // SH12: starts, ends and the optional axes (default 0..n-1) and steps (default all 1) have one
  // entry each per sliced axis; no axis is sliced twice and no step is 0.
  if (ends.size() != n || (axes && axes->size() != n) || (steps && steps->size() != n))
    eval_error("SH12", "Slice: starts " + show(starts) + ", ends " + show(ends) +
                           (axes ? ", axes " + show(*axes) : "") + (steps ? ", steps " + show(*steps) : "") +
                           " differ in length");
  std::vector<bool> seen(static_cast<size_t>(r), false);
  Shape out = x.shape();
  // Per axis: the first kept position and the step (every position, step 1, for an axis not sliced).
  std::vector<int64_t> first(static_cast<size_t>(r), 0), stride(static_cast<size_t>(r), 1);
  for (size_t k = 0; k < n; ++k) {
    int64_t ax = axes ? (*axes)[k] : static_cast<int64_t>(k);
    ax = normalise_axis(ax, r, "Slice axis");
    if (seen[ax]) eval_error("SH12", "Slice: axis " + std::to_string(ax) + " is sliced twice");
    seen[ax] = true;
    const int64_t step = steps ? (*steps)[k] : 1;
    if (step == 0) eval_error("SH12", "Slice: step 0 on axis " + std::to_string(ax));
    const int64_t dim = x.dim(ax);
    int64_t start = starts[k], end = ends[k];
    // [spec:SH12] a negative start or end counts from the back (adds the dimension) once; then for a positive
    // step start and end are clamped to [0, dim], for a negative step start to [0, dim-1] and end to
    // [-1, dim-1]; the axis keeps start, start+step, ... while before end in the step's direction.
    ONNXSEM_CLAUSE(SH12);
    if (start < 0) start += dim;
    if (end < 0) end += dim;
    int64_t count = 0;
    if (step > 0) {
      start = std::clamp(start, int64_t{0}, dim);
      end = std::clamp(end, int64_t{0}, dim);
      if (end > start) count = (end - start - 1) / step + 1;
    } else if (dim > 0) {
      start = std::clamp(start, int64_t{0}, dim - 1);
      end = std::clamp(end, int64_t{-1}, dim - 1);
      if (start > end) count = (start - end - 1) / (-step) + 1;
    }
    out[ax] = count;
    first[ax] = start;
    stride[ax] = step;
  }
  // An empty result is made without walking its axes: an empty tensor may have other axes of any size.
  if (element_count(out) == 0) return take(cx, x, out, {}, nullptr);
  std::vector<std::vector<int64_t>> pos(static_cast<size_t>(r));
  for (int64_t d = 0; d < r; ++d)
    for (int64_t i = 0; i < out[d]; ++i) pos[d].push_back(first[d] + i * stride[d]);
  return take_axes(cx, x, out, pos);
}

Outputs slice_1(const KernelArgs& a) {
  EvalContext& cx = a.context();
  auto starts = attr_ints_opt(a.node, "starts");
  auto ends = attr_ints_opt(a.node, "ends");
  if (!starts) eval_error("A1", "required attribute 'starts' is missing");
  if (!ends) eval_error("A1", "required attribute 'ends' is missing");
  return one(slice(cx, a.tensor(0), *starts, *ends, attr_ints_opt(a.node, "axes"), std::nullopt, false));
}

Outputs slice_10(const KernelArgs& a) {
  EvalContext& cx = a.context();
  std::optional<std::vector<int64_t>> axes, steps;
  if (a.has_input(3)) axes = int_list(a.tensor(3), "input 'axes'");
  if (a.has_input(4)) steps = int_list(a.tensor(4), "input 'steps'");
  return one(slice(cx, a.tensor(0), int_list(a.tensor(1), "input 'starts'"), int_list(a.tensor(2), "input 'ends'"),
                   axes, steps, true));
}

// ---- Expand ------------------------------------------------------------------------------------------------
Outputs expand(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  Shape target = int_list(a.tensor(1), "input 'shape'");
  // [spec:SH17] Expand broadcasts its input and the requested shape against each other (B1): a requested 1
  // keeps the input's dimension, and the output may have a higher rank than either.
  ONNXSEM_CLAUSE(SH17);
  for (int64_t d : target)
    if (d < 0) eval_error("SH17", "Expand: negative dimension in shape " + show(target));
  const Shape out = broadcast_shape({x.shape(), target}, "Expand");
  check_output_size(cx, out, "Expand");
  if (element_count(out) == 0) return one(take(cx, x, out, {}, nullptr));
  const int64_t lead = static_cast<int64_t>(out.size()) - x.rank();
  std::vector<std::vector<int64_t>> pos(out.size());
  for (size_t d = 0; d < out.size(); ++d) {
    const int64_t in_d = static_cast<int64_t>(d) - lead;
    for (int64_t i = 0; i < out[d]; ++i) pos[d].push_back(in_d < 0 || x.dim(in_d) == 1 ? 0 : i);
  }
  // Dimensions the input does not have are walked with stride 0 by a reshape to the output's rank.
  Shape padded(static_cast<size_t>(lead), 1);
  padded.insert(padded.end(), x.shape().begin(), x.shape().end());
  return one(take_axes(cx, x.reshaped(padded), out, pos));
}

// ---- Tile --------------------------------------------------------------------------------------------------
Tensor tile(EvalContext& cx, const Tensor& x, const std::vector<int64_t>& repeats) {
  // [spec:SH18] Tile repeats the input along every axis: 'repeats' has one non-negative entry per axis, and
  // output axis d has the input's dimension times repeats[d], element i being input element i mod dim.
  ONNXSEM_CLAUSE(SH18);
  if (static_cast<int64_t>(repeats.size()) != x.rank())
    eval_error("SH18", "Tile: repeats " + show(repeats) + " needs one entry per axis of the rank-" +
                           std::to_string(x.rank()) + " input");
  Shape out = x.shape();
  for (size_t d = 0; d < out.size(); ++d) {
    if (repeats[d] < 0) eval_error("SH18", "Tile: repeats " + show(repeats) + " has a negative entry");
    out[d] = element_count({x.shape()[d], repeats[d]});
  }
  check_output_size(cx, out, "Tile");
  if (element_count(out) == 0) return take(cx, x, out, {}, nullptr);
  std::vector<std::vector<int64_t>> pos(out.size());
  for (size_t d = 0; d < out.size(); ++d) {
    for (int64_t i = 0; i < out[d]; ++i) pos[d].push_back(i % x.shape()[d]);
  }
  return take_axes(cx, x, out, pos);
}

Outputs tile_1(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const int64_t tiles = scalar_int(a.tensor(1), "Tile input 'tiles'");
  const int64_t axis = normalise_axis(scalar_int(a.tensor(2), "Tile input 'axis'"), x.rank(), "Tile axis");
  std::vector<int64_t> repeats(static_cast<size_t>(x.rank()), 1);
  repeats[axis] = tiles;
  return one(tile(cx, x, repeats));
}

Outputs tile_6(const KernelArgs& a) {
  EvalContext& cx = a.context();
  return one(tile(cx, a.tensor(0), int_list(a.tensor(1), "input 'repeats'")));
}

// ---- Pad ---------------------------------------------------------------------------------------------------
Tensor pad(EvalContext& cx, const Tensor& x, const std::vector<int64_t>& pads, const std::string& mode,
           const Tensor* fill, bool wrap_ok) {
  const int64_t r = x.rank();
  // [spec:SH20] the mode is "constant" (the default), "reflect", "edge" or, from version 19, "wrap".
  ONNXSEM_CLAUSE(SH20);
  if (mode != "constant" && mode != "reflect" && mode != "edge" && !(wrap_ok && mode == "wrap"))
    eval_error("SH20", "Pad: unknown mode '" + mode + "'");
  // [spec:SH19] pads holds, for every padded axis, the count to add before it and (in the second half) after
  // it; a negative count removes elements. Removal happens first; then constant mode fills with the value,
  // edge repeats the border element, reflect mirrors about the border element (excluding it), wrap continues
  // periodically; modes other than constant need a non-empty remaining axis to pad from.
  ONNXSEM_CLAUSE(SH19);
  if (static_cast<int64_t>(pads.size()) != 2 * r)
    eval_error("SH19",
               "Pad: pads " + show(pads) + " needs 2 entries per axis of the rank-" + std::to_string(r) + " input");
  Shape out(static_cast<size_t>(r));
  for (int64_t d = 0; d < r; ++d) {
    const int64_t n = x.dim(d), b = pads[d], e = pads[d + r];
    __int128 size = static_cast<__int128>(n) + b + e;
    if (b < -n || e < -n || size < 0)
      eval_error("SH19", "Pad: pads " + show(pads) + " remove more than the " + std::to_string(n) +
                             " elements of axis " + std::to_string(d));
    if (size > std::numeric_limits<int64_t>::max()) eval_error("L1", "Pad: the padded dimension overflows");
    out[d] = static_cast<int64_t>(size);
  }
  check_output_size(cx, out, "Pad");
  if (element_count(out) == 0) return take(cx, x, out, {}, fill);
  std::vector<std::vector<int64_t>> pos(static_cast<size_t>(r));
  for (int64_t d = 0; d < r; ++d) {
    const int64_t n = x.dim(d), b = pads[d];
    const int64_t lo = std::max<int64_t>(0, -b), hi = n - std::max<int64_t>(0, -pads[d + r]);
    const int64_t m = hi - lo;
    for (int64_t o = 0; o < out[d]; ++o) {
      const int64_t i = o - b;  // position in the input
      if (i >= lo && i < hi) {
        pos[d].push_back(i);
        continue;
      }
      if (mode == "constant") {
        pos[d].push_back(-1);
        continue;
      }
      if (m == 0)
        eval_error("SH19", "Pad: mode '" + mode + "' cannot pad axis " + std::to_string(d) + ", which has no element");
      int64_t j = i - lo;  // position relative to the kept part [0, m)
      if (mode == "edge") {
        j = std::clamp(j, int64_t{0}, m - 1);
      } else if (mode == "wrap") {
        j = ((j % m) + m) % m;
      } else if (m == 1) {
        j = 0;
      } else {
        const int64_t p = 2 * (m - 1);
        j = ((j % p) + p) % p;
        if (j >= m) j = p - j;
      }
      pos[d].push_back(lo + j);
    }
  }
  return take_axes(cx, x, out, pos, fill);
}

// Versions 1 and 2: pads and the fill value are attributes (the value a float, converted to the element type).
Outputs pad_attr(const KernelArgs& a, const char* pads_name) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  auto pads = attr_ints_opt(a.node, pads_name);
  if (!pads) eval_error("A1", std::string("required attribute '") + pads_name + "' is missing");
  const std::string mode = attr_string(a.node, "mode", "constant");
  const double value = attr_float(a.node, "value", 0.0f);
  Tensor fill = dispatch(x.dtype(), numeric_and_bool_types, "Pad", [&](auto tag) {
    return Tensor::scalar(cx, num::from_double<typename decltype(tag)::type>(value));
  });
  return one(pad(cx, x, *pads, mode, &fill, false));
}

// Versions 11 and later: pads, the fill value and (from 18) the axes are inputs.
Outputs pad_input(const KernelArgs& a, bool wrap_ok) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const int64_t r = x.rank();
  auto pads = int_list(a.tensor(1), "input 'pads'");
  const Tensor* fill = nullptr;
  if (a.has_input(2)) {
    fill = &a.tensor(2);
    same_type(x, *fill, "SH19", "Pad input 'constant_value'");
    if (fill->size() != 1)
      eval_error("SH19", "Pad: constant_value must hold one element, got " + std::to_string(fill->size()));
  }
  if (a.has_input(3)) {
    // SH19: with the axes input, pads covers only those axes (each in [-r, r-1], none twice) and the
    // others are not padded.
    auto axes = int_list(a.tensor(3), "input 'axes'");
    if (pads.size() != 2 * axes.size())
      eval_error("SH19", "Pad: pads " + show(pads) + " needs 2 entries per axis of axes " + show(axes));
    std::vector<int64_t> full(static_cast<size_t>(2 * r), 0);
    std::vector<bool> seen(static_cast<size_t>(r), false);
    for (size_t k = 0; k < axes.size(); ++k) {
      const int64_t ax = normalise_axis(axes[k], r, "Pad axis");
      if (seen[ax]) eval_error("SH19", "Pad: axis " + std::to_string(ax) + " is listed twice in axes " + show(axes));
      seen[ax] = true;
      full[ax] = pads[k];
      full[ax + r] = pads[k + axes.size()];
    }
    pads = full;
  }
  return one(pad(cx, x, pads, attr_string(a.node, "mode", "constant"), fill, wrap_ok));
}

}  // namespace

void add_slice_pad(Registry& r) {
  r.add("", "Slice", {1}, slice_1);
  r.add("", "Slice", {10, 11, 13}, slice_10);
  r.add("", "Expand", {8, 13}, expand);
  r.add("", "Tile", {1}, tile_1);
  r.add("", "Tile", {6, 13}, tile_6);
  r.add("", "Pad", {1}, [](const KernelArgs& a) { return pad_attr(a, "paddings"); });
  r.add("", "Pad", {2}, [](const KernelArgs& a) { return pad_attr(a, "pads"); });
  r.add("", "Pad", {11, 13, 18}, [](const KernelArgs& a) { return pad_input(a, false); });
  r.add("", "Pad", {19, 21, 23, 24, 25}, [](const KernelArgs& a) { return pad_input(a, true); });
}

}  // namespace onnxsem::ops::shape

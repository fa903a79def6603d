// Resize and Upsample (spec/ops-spatial.md, SP1-SP19).
//
// Both operators compute, for every axis independently, a table that maps each output index to a list
// of (input index, weight) taps (or marks it as lying outside the crop window of tf_crop_and_resize),
// then combine the axes as a tensor product:
//   nearest          each output element copies the element its per-axis taps name (exact, any type);
//   linear / cubic   separable passes in binary64, one per resized axis from the last to the first,
//                    rounded once to the element type at the end (P1).
#include <algorithm>
#include <cmath>
#include <memory>
#include <span>

#include "ops/common/attrs.hpp"
#include "ops/spatial/spatial.hpp"
#include "runtime/coverage.hpp"
#include "runtime/parallel.hpp"
#include "runtime/work.hpp"

namespace onnxsem::ops::spatial {
namespace {

enum class Mode { nearest, linear, cubic };
enum class Coord {
  half_pixel,
  half_pixel_symmetric,
  pytorch_half_pixel,
  align_corners,
  asymmetric,
  tf_half_pixel_for_nn,
  tf_crop_and_resize
};
enum class Rounding { round_prefer_floor, round_prefer_ceil, floor, ceil, legacy };

struct Params {
  Mode mode = Mode::nearest;
  Coord coord = Coord::asymmetric;
  Rounding rounding = Rounding::legacy;
  double cubic_a = -0.75;
  bool exclude_outside = false;
  bool antialias = false;
  double extrapolation = 0.0;
};

// What one resampling computes: the output extents, the scale of every axis, and the crop window.
struct Plan {
  Shape out;
  std::vector<double> scale;
  std::vector<double> length;  // the real-valued resized length of every axis (SP8)
  std::vector<double> roi_start, roi_end;
};

// The taps of every output index along one axis.
struct AxisTaps {
  std::vector<int64_t> begin;  // output index o uses taps [begin[o], begin[o + 1])
  std::vector<int64_t> index;
  std::vector<double> weight;
  std::vector<char> outside;  // tf_crop_and_resize: o maps outside the input (SP9)
  bool any_outside = false;
  bool identity = false;  // the axis is unchanged: o reads exactly input index o
};

// The input coordinate that output index x of an axis maps to (SP5-SP11).
// `length` is the real-valued resized length scale * in (SP8); `out` the integer output extent.
double original_coordinate(Coord c, double x, double scale, int64_t in, int64_t out, double length, double rs,
                           double re) {
  const double din = static_cast<double>(in), dout = static_cast<double>(out);
  switch (c) {
    case Coord::half_pixel:
      // [spec:SP5] half_pixel: (x + 0.5) / scale - 0.5.
      ONNXSEM_CLAUSE(SP5);
      return (x + 0.5) / scale - 0.5;
    case Coord::half_pixel_symmetric: {
      // [spec:SP6] half_pixel shifted so that the centre of the input maps to the centre of the output.
      ONNXSEM_CLAUSE(SP6);
      const double adjustment = dout / length;
      const double offset = din / 2 * (1 - adjustment);
      return offset + (x + 0.5) / scale - 0.5;
    }
    case Coord::pytorch_half_pixel:
      // [spec:SP7] as half_pixel, except that an output extent of 1 maps to coordinate 0.
      ONNXSEM_CLAUSE(SP7);
      return length > 1 ? (x + 0.5) / scale - 0.5 : 0.0;
    case Coord::align_corners:
      // [spec:SP8] the first and last output positions coincide with the first and last input positions.
      ONNXSEM_CLAUSE(SP8);
      return length > 1 ? x * (din - 1) / (length - 1) : 0.0;
    case Coord::asymmetric:
      // [spec:SP10] asymmetric: x / scale.
      ONNXSEM_CLAUSE(SP10);
      return x / scale;
    case Coord::tf_half_pixel_for_nn:
      // [spec:SP11] tf_half_pixel_for_nn (Resize-11 only): (x + 0.5) / scale.
      ONNXSEM_CLAUSE(SP11);
      return (x + 0.5) / scale;
    case Coord::tf_crop_and_resize:
      // [spec:SP9] the output spans the window [start, end] of the roi, in units of (in - 1).
      ONNXSEM_CLAUSE(SP9);
      return length > 1 ? rs * (din - 1) + x * (re - rs) * (din - 1) / (length - 1) : 0.5 * (rs + re) * (din - 1);
  }
  return 0.0;
}

AxisTaps axis_taps(int64_t in, int64_t out, double scale, double length, double rs, double re, const Params& p) {
  AxisTaps t;
  t.begin.reserve(static_cast<size_t>(out) + 1);
  t.begin.push_back(0);
  t.outside.assign(static_cast<size_t>(out), 0);
  const double last = static_cast<double>(in - 1);
  for (int64_t o = 0; o < out; ++o) {
    double xo = original_coordinate(p.coord, static_cast<double>(o), scale, in, out, length, rs, re);
    if (p.coord == Coord::tf_crop_and_resize && !(xo >= 0 && xo <= last)) {
      t.outside[o] = 1;
      t.any_outside = true;
      t.begin.push_back(static_cast<int64_t>(t.index.size()));
      continue;
    }
    // Coordinates beyond the clamped range select edge elements only; bounding them keeps the integer
    // conversions below exact without changing any result.
    const double bound = static_cast<double>(in) + 8;
    xo = std::clamp(xo, -bound, bound);
    if (p.mode == Mode::nearest) {
      const double f = std::floor(xo), r = xo - f;
      double pick = f;
      if (p.rounding == Rounding::legacy) {
        // [spec:SP13] Resize-10 and Upsample: floor when the axis is enlarged (or kept), ceil when shrunk.
        ONNXSEM_CLAUSE(SP13);
        pick = scale >= 1 ? f : std::ceil(xo);
      } else if (r != 0) {
        // [spec:SP12] nearest_mode chooses between floor and ceil of a non-integer coordinate.
        ONNXSEM_CLAUSE(SP12);
        switch (p.rounding) {
          case Rounding::round_prefer_floor: pick = r <= 0.5 ? f : f + 1; break;
          case Rounding::round_prefer_ceil: pick = r < 0.5 ? f : f + 1; break;
          case Rounding::floor: pick = f; break;
          case Rounding::ceil: pick = f + 1; break;
          case Rounding::legacy: break;
        }
      }
      // [spec:SP14] an index outside the input reads the nearest edge element.
      ONNXSEM_CLAUSE(SP14);
      t.index.push_back(std::clamp(static_cast<int64_t>(pick), int64_t{0}, in - 1));
      t.weight.push_back(1.0);
    } else {
      // [spec:SP15] taps around floor(x) (floor(x) - 1 when x is an integer, with ratio 1), weights from
      // the linear or cubic kernel, stretched by 1/scale under antialias when shrinking.
      ONNXSEM_CLAUSE(SP15);
      double f = std::floor(xo), r = xo - f;
      if (r == 0) {
        f -= 1;
        r = 1;
      }
      const double s = p.antialias ? std::min(scale, 1.0) : 1.0;
      const double support = p.mode == Mode::linear ? 1.0 : 2.0;
      const int64_t start = p.antialias ? static_cast<int64_t>(std::floor(-support / s)) + 1
                                        : static_cast<int64_t>(1 - support);
      const size_t first = t.index.size();
      double sum = 0;
      for (int64_t i = start; i <= 1 - start; ++i) {
        const double arg = s * (static_cast<double>(i) - r);
        double w = p.mode == Mode::linear ? std::max(0.0, 1 - std::fabs(arg)) : cubic_kernel(arg, p.cubic_a);
        const int64_t j = static_cast<int64_t>(f) + i;
        // [spec:SP16] exclude_outside drops the taps outside the input before normalisation.
        ONNXSEM_CLAUSE(SP16);
        if (p.exclude_outside && (j < 0 || j >= in)) w = 0;
        sum += w;
        if (w == 0) continue;  // a zero-weight tap contributes nothing (SP15)
        t.index.push_back(std::clamp(j, int64_t{0}, in - 1));
        t.weight.push_back(w);
      }
      if (p.antialias || p.exclude_outside) {
        // [spec:SP17] weights are divided by their sum under antialias or exclude_outside.
        ONNXSEM_CLAUSE(SP17);
        for (size_t k = first; k < t.weight.size(); ++k) t.weight[k] /= sum;
      }
    }
    t.begin.push_back(static_cast<int64_t>(t.index.size()));
  }
  t.identity = out == in && !t.any_outside;
  for (int64_t o = 0; o < out && t.identity; ++o)
    t.identity = t.begin[o + 1] - t.begin[o] == 1 && t.index[t.begin[o]] == o && t.weight[t.begin[o]] == 1.0;
  return t;
}

// Whether output element k (row-major over `out`) lies outside the crop window along some axis.
// [spec:SP18] such an element is extrapolation_value, whatever the interpolation mode.
std::vector<char> outside_mask(const Shape& out, const std::vector<AxisTaps>& taps) {
  ONNXSEM_CLAUSE(SP18);
  const size_t rank = out.size();
  std::vector<char> mask(static_cast<size_t>(element_count(out)), 0);
  std::vector<int64_t> idx(rank, 0);
  for (size_t k = 0; k < mask.size(); ++k) {
    for (size_t d = 0; d < rank; ++d)
      if (taps[d].outside[idx[d]]) mask[k] = 1;
    for (size_t d = rank; d-- > 0;) {
      if (++idx[d] < out[d]) break;
      idx[d] = 0;
    }
  }
  return mask;
}

Tensor resample(EvalContext& cx, const Tensor& x, const Plan& plan, const Params& p, const std::string& op) {
  const size_t rank = static_cast<size_t>(x.rank());
  if (element_count(plan.out) == 0)
    return dispatch(x.dtype(), numeric_and_bool_types, op, [&](auto tag) {
      using T = typename decltype(tag)::type;
      return Tensor::allocate<T>(cx, plan.out).first;
    });
  std::vector<AxisTaps> taps;
  bool any_outside = false;
  for (size_t d = 0; d < rank; ++d) {
    if (x.dim(static_cast<int64_t>(d)) == 0)
      eval_error("SP2", op + ": axis " + std::to_string(d) + " of X is empty but the output extent is " +
                            std::to_string(plan.out[d]));
    taps.push_back(axis_taps(x.dim(static_cast<int64_t>(d)), plan.out[d], plan.scale[d], plan.length[d],
                             plan.roi_start[d], plan.roi_end[d], p));
    any_outside = any_outside || taps.back().any_outside;
  }
  const std::vector<char> mask = any_outside ? outside_mask(plan.out, taps) : std::vector<char>{};
  if (p.mode == Mode::nearest) {
    return dispatch(x.dtype(), numeric_and_bool_types, op, [&](auto tag) {
      using T = typename decltype(tag)::type;
      auto xd = x.data<T>();
      auto [y, out_view] = Tensor::allocate<T>(cx, plan.out);
      const std::span<T> out = out_view;  // a plain variable: clang 14 cannot capture structured bindings
      std::vector<int64_t> stride(rank, 1);
      for (size_t d = rank; d-- > 1;) stride[d - 1] = stride[d] * x.dim(static_cast<int64_t>(d));
      const T extrapolated = narrow<T>(p.extrapolation);
      // A row of the output (its last axis) at a time: the other axes' source offset once per row, the last
      // axis's source index per element from one table.
      // An output coordinate outside the crop window (SP18) has no tap: its elements are extrapolated and
      // the source index, 0 here, is never read.
      const auto source = [&](size_t d, int64_t o) {
        const AxisTaps& t = taps[d];
        return t.begin[o] < t.begin[o + 1] ? t.index[t.begin[o]] : int64_t{0};
      };
      const int64_t width = rank ? plan.out[rank - 1] : 1;
      std::vector<int64_t> from(static_cast<size_t>(width), 0);
      if (rank)
        for (int64_t o = 0; o < width; ++o) from[o] = source(rank - 1, o);
      // E9: slices of the rows go to the threads; each element is a copy.
      const int64_t rows = static_cast<int64_t>(out.size()) / width;
      parallel_slices(cx, rows, static_cast<int64_t>(out.size()), kElementGrain, [&](int64_t lo, int64_t hi) {
        std::vector<int64_t> idx(rank, 0);  // the index of row lo along the axes but the last
        for (int64_t d = static_cast<int64_t>(rank) - 2, rem = lo; d >= 0; --d) {
          idx[static_cast<size_t>(d)] = rem % plan.out[static_cast<size_t>(d)];
          rem /= plan.out[static_cast<size_t>(d)];
        }
        for (int64_t row = lo; row < hi; ++row) {
          const size_t k0 = static_cast<size_t>(row * width);
          int64_t base = 0;
          for (size_t d = 0; d + 1 < rank; ++d) base += source(d, idx[d]) * stride[d];
          for (int64_t o = 0; o < width; ++o) {
            const size_t k = k0 + static_cast<size_t>(o);
            out[k] = any_outside && mask[k] ? extrapolated : xd[static_cast<size_t>(base + from[o])];
          }
          for (size_t d = rank >= 1 ? rank - 1 : 0; d-- > 0;) {
            if (++idx[d] < plan.out[d]) break;
            idx[d] = 0;
          }
        }
      });
      return y;
    });
  }
  return dispatch(x.dtype(), numeric_types, op, [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto xd = x.data<T>();
    // The working arrays of the passes, uninitialised: every element is written before it is read.
    const auto doubles = [](int64_t n) { return std::unique_ptr<double[]>(new double[static_cast<size_t>(n)]); };
    const auto whole = [&](int64_t n, auto f) {  // E9: slices of n elements on the threads
      parallel_slices(cx, n, n, kElementGrain, [&](int64_t lo, int64_t hi) {
        for (int64_t i = lo; i < hi; ++i) f(i);
      });
    };
    std::unique_ptr<double[]> cur = doubles(static_cast<int64_t>(xd.size()));
    whole(static_cast<int64_t>(xd.size()), [from = xd.data(), to = cur.get()](int64_t i) { to[i] = widen(from[i]); });
    Shape shape = x.shape();
    // [spec:SP19] one separable pass per resized axis, from the last axis to the first, in binary64.
    ONNXSEM_CLAUSE(SP19);
    for (size_t d = rank; d-- > 0;) {
      const AxisTaps& t = taps[d];
      if (t.identity) continue;
      int64_t outer = 1, inner = 1;
      for (size_t e = 0; e < d; ++e) outer *= shape[e];
      for (size_t e = d + 1; e < rank; ++e) inner *= shape[e];
      const int64_t in = shape[d], out = plan.out[d];
      std::unique_ptr<double[]> next = doubles(size_mul(size_mul(outer, out), inner));
      // E9: slices of the output rows (a, o) go to the threads; each row starts from +0 and adds its taps
      // in the order above.
      const int64_t taps_per_row = std::max<int64_t>(1, t.begin[static_cast<size_t>(out)] / std::max<int64_t>(out, 1));
      parallel_slices(cx, outer * out, work_product({outer, out, inner, taps_per_row}), kElementGrain,
                      [&, from = cur.get(), to = next.get(), in, out, inner](int64_t lo, int64_t hi) {
                        const int64_t *begin = t.begin.data(), *index = t.index.data();
                        const double* weight = t.weight.data();
                        for (int64_t r = lo, a = lo / out, o = lo % out; r < hi; ++r) {
                          double* dst = to + r * inner;
                          if (begin[o] == begin[o + 1])
                            for (int64_t i = 0; i < inner; ++i) dst[i] = 0.0;
                          for (int64_t k = begin[o]; k < begin[o + 1]; ++k) {
                            const double w = weight[k];
                            const double* src = from + (a * in + index[k]) * inner;
                            if (k == begin[o])
                              for (int64_t i = 0; i < inner; ++i) dst[i] = 0.0 + w * src[i];
                            else
                              for (int64_t i = 0; i < inner; ++i) dst[i] += w * src[i];
                          }
                          if (++o == out) o = 0, ++a;
                        }
                      });
      cur = std::move(next);
      shape[d] = out;
    }
    auto [y, out_view] = Tensor::allocate_for_overwrite<T>(cx, plan.out);
    const std::span<T> out = out_view;  // a plain variable: clang 14 cannot capture structured bindings
    whole(static_cast<int64_t>(out.size()), [&, from = cur.get()](int64_t k) {
      out[static_cast<size_t>(k)] = narrow<T>(any_outside && mask[static_cast<size_t>(k)] ? p.extrapolation : from[k]);
    });
    return y;
  });
}

// [spec:SP3] the output extent of an axis resized by a scale: floor(in * scale).
int64_t extent_of(int64_t in, double scale, const std::string& op) {
  ONNXSEM_CLAUSE(SP3);
  const double ext = std::floor(static_cast<double>(in) * scale);
  if (ext > 1e15) eval_error("L1", op + ": output extent overflows");
  return static_cast<int64_t>(ext);
}

Mode mode_of(const Node& n, bool cubic_allowed, const std::string& op) {
  const std::string m = attr_string(n, "mode", "nearest");
  if (m == "nearest") return Mode::nearest;
  if (m == "linear") return Mode::linear;
  if (m == "cubic" && cubic_allowed) return Mode::cubic;
  // [spec:SP1] the interpolation mode is one the version defines.
  ONNXSEM_CLAUSE(SP1);
  eval_error("SP1",
             op + ": attribute mode is '" + m + "', expected nearest, linear" + (cubic_allowed ? " or cubic" : ""));
}

// ---- Resize-10, Upsample-7/9/10: scales only, asymmetric coordinates, legacy nearest rounding ----------

Plan legacy_plan(const Tensor& x, const std::vector<double>& scales, bool at_least_one, const std::string& op) {
  // [spec:SP37] one finite positive scale per axis of X (Upsample: at least 1).
  ONNXSEM_CLAUSE(SP37);
  if (scales.size() != static_cast<size_t>(x.rank()))
    eval_error("SP37", op + ": " + std::to_string(scales.size()) + " scales for X of rank " + std::to_string(x.rank()));
  Plan plan;
  for (size_t d = 0; d < scales.size(); ++d) {
    const double s = scales[d];
    if (!(s > 0) || !std::isfinite(s) || (at_least_one && s < 1))
      eval_error("SP37", op + ": scales " + show_d(scales) + " has an entry that is not a finite number " +
                             (at_least_one ? "of at least 1" : "above 0"));
    plan.out.push_back(extent_of(x.dim(static_cast<int64_t>(d)), s, op));
    plan.scale.push_back(s);
    plan.length.push_back(s * static_cast<double>(x.dim(static_cast<int64_t>(d))));
  }
  plan.roi_start.assign(scales.size(), 0.0);
  plan.roi_end.assign(scales.size(), 1.0);
  return plan;
}

Params legacy_params(const Node& n, const std::string& op) {
  Params p;
  p.mode = mode_of(n, false, op);
  p.coord = Coord::asymmetric;
  p.rounding = Rounding::legacy;
  return p;
}

std::vector<std::optional<Value>> resize_10(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Params p = legacy_params(a.node, "Resize");
  const Tensor& x = a.tensor(0);
  return {
      Value(resample(cx, x, legacy_plan(x, widen_all(a.tensor(1), "Resize scales"), false, "Resize"), p, "Resize"))};
}

std::vector<std::optional<Value>> upsample_7(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Params p = legacy_params(a.node, "Upsample");
  const auto scales = attr_floats_opt(a.node, "scales");
  if (!scales) eval_error("A1", "Upsample: required attribute 'scales' is missing");
  const Tensor& x = a.tensor(0);
  std::vector<double> s(scales->begin(), scales->end());
  return {Value(resample(cx, x, legacy_plan(x, s, true, "Upsample"), p, "Upsample"))};
}

std::vector<std::optional<Value>> upsample_9(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Params p = legacy_params(a.node, "Upsample");
  const Tensor& x = a.tensor(0);
  return {Value(
      resample(cx, x, legacy_plan(x, widen_all(a.tensor(1), "Upsample scales"), true, "Upsample"), p, "Upsample"))};
}

// ---- Resize-11 and later ------------------------------------------------------------------------------

struct ResizeVersion {
  bool tf_half_pixel_for_nn = false;  // Resize-11
  bool axes_and_policy = false;       // Resize-18: antialias, axes, keep_aspect_ratio_policy
  bool half_pixel_symmetric = false;  // Resize-19
};

Kernel resize_kernel(ResizeVersion v) {
  return [v](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    EvalContext& cx = a.context();
    const std::string op = "Resize";
    const Node& n = a.node;
    const Tensor& x = a.tensor(0);
    const int64_t rank = x.rank();
    Params p;
    p.mode = mode_of(n, true, op);
    const std::string cm = attr_string(n, "coordinate_transformation_mode", "half_pixel");
    if (cm == "half_pixel") p.coord = Coord::half_pixel;
    else if (cm == "pytorch_half_pixel") p.coord = Coord::pytorch_half_pixel;
    else if (cm == "align_corners") p.coord = Coord::align_corners;
    else if (cm == "asymmetric") p.coord = Coord::asymmetric;
    else if (cm == "tf_crop_and_resize") p.coord = Coord::tf_crop_and_resize;
    else if (cm == "tf_half_pixel_for_nn" && v.tf_half_pixel_for_nn) p.coord = Coord::tf_half_pixel_for_nn;
    else if (cm == "half_pixel_symmetric" && v.half_pixel_symmetric) p.coord = Coord::half_pixel_symmetric;
    else eval_error("SP1", op + ": coordinate_transformation_mode '" + cm + "' is not defined by this version");
    const std::string nm = attr_string(n, "nearest_mode", "round_prefer_floor");
    if (nm == "round_prefer_floor") p.rounding = Rounding::round_prefer_floor;
    else if (nm == "round_prefer_ceil") p.rounding = Rounding::round_prefer_ceil;
    else if (nm == "floor") p.rounding = Rounding::floor;
    else if (nm == "ceil") p.rounding = Rounding::ceil;
    else
      eval_error("SP1", op + ": nearest_mode '" + nm +
                            "' is not one of round_prefer_floor, round_prefer_ceil, "
                            "floor, ceil");
    p.cubic_a = attr_float(n, "cubic_coeff_a", -0.75f);
    p.exclude_outside = attr_int(n, "exclude_outside", 0) != 0;
    p.extrapolation = attr_float(n, "extrapolation_value", 0.0f);
    std::string policy = "stretch";
    std::vector<int64_t> axes;
    if (v.axes_and_policy) {
      // antialias only changes linear and cubic interpolation (SP15); nearest ignores it.
      p.antialias = attr_int(n, "antialias", 0) != 0 && p.mode != Mode::nearest;
      policy = attr_string(n, "keep_aspect_ratio_policy", "stretch");
      if (policy != "stretch" && policy != "not_larger" && policy != "not_smaller")
        eval_error("SP1",
                   op + ": keep_aspect_ratio_policy '" + policy + "' is not one of stretch, not_larger, not_smaller");
      if (auto given = attr_ints_opt(n, "axes")) {
        std::vector<bool> seen(static_cast<size_t>(rank), false);
        for (int64_t ax : *given) {
          const int64_t d = normalise_axis(ax, rank, op + " attribute 'axes'");
          if (seen[d]) eval_error("SP2", op + ": axis " + std::to_string(ax) + " appears twice in 'axes'");
          seen[d] = true;
          axes.push_back(d);
        }
      }
    }
    if (axes.empty() && !(v.axes_and_policy && attr_ints_opt(n, "axes")))
      for (int64_t d = 0; d < rank; ++d) axes.push_back(d);
    const size_t k = axes.size();

    const bool has_scales = a.has_input(2) && a.tensor(2).size() > 0;
    const bool has_sizes = a.has_input(3) && a.tensor(3).size() > 0;
    // [spec:SP2] exactly one of scales and sizes, with one entry per resized axis.
    ONNXSEM_CLAUSE(SP2);
    if (has_scales == has_sizes)
      eval_error("SP2",
                 op + (has_scales ? ": both scales and sizes are given" : ": neither scales nor sizes is given"));
    Plan plan;
    plan.out = x.shape();
    plan.scale.assign(static_cast<size_t>(rank), 1.0);
    plan.length.assign(x.shape().begin(), x.shape().end());
    plan.roi_start.assign(static_cast<size_t>(rank), 0.0);
    plan.roi_end.assign(static_cast<size_t>(rank), 1.0);
    if (has_scales) {
      const std::vector<double> s = widen_all(a.tensor(2), op + " scales");
      if (s.size() != k)
        eval_error("SP2", op + ": scales has " + std::to_string(s.size()) + " entries, expected " + std::to_string(k));
      for (size_t i = 0; i < k; ++i) {
        if (!(s[i] > 0) || !std::isfinite(s[i]))
          eval_error("SP2", op + ": scales " + show_d(s) + " has an entry that is not a finite number above 0");
        plan.out[axes[i]] = extent_of(x.dim(axes[i]), s[i], op);
        plan.scale[axes[i]] = s[i];
        plan.length[axes[i]] = s[i] * static_cast<double>(x.dim(axes[i]));
      }
    } else {
      const std::vector<int64_t> sz = int_list(a.tensor(3), op + " sizes");
      if (sz.size() != k)
        eval_error("SP2", op + ": sizes has " + std::to_string(sz.size()) + " entries, expected " + std::to_string(k));
      for (size_t i = 0; i < k; ++i) {
        const int64_t in = x.dim(axes[i]);
        if (sz[i] < 0 || (in == 0 && sz[i] != 0))
          eval_error("SP2", op + ": sizes " + show(sz) + " asks for extent " + std::to_string(sz[i]) +
                                " of an axis of extent " + std::to_string(in));
        plan.out[axes[i]] = sz[i];
        plan.length[axes[i]] = static_cast<double>(sz[i]);
        plan.scale[axes[i]] = in == 0 ? 1.0 : static_cast<double>(sz[i]) / static_cast<double>(in);
      }
      if (policy != "stretch" && k > 0) {
        // [spec:SP4] one common scale (smallest or largest of the per-axis ones); extents rounded half up.
        ONNXSEM_CLAUSE(SP4);
        double common = plan.scale[axes[0]];
        for (int64_t d : axes)
          common = policy == "not_larger" ? std::min(common, plan.scale[d]) : std::max(common, plan.scale[d]);
        for (int64_t d : axes) {
          plan.scale[d] = common;
          plan.length[d] = common * static_cast<double>(x.dim(d));
          plan.out[d] = static_cast<int64_t>(std::floor(common * static_cast<double>(x.dim(d)) + 0.5));
        }
      }
    }
    if (p.coord == Coord::tf_crop_and_resize) {
      // [spec:SP38] the roi input holds the starts of the resized axes, then their ends.
      ONNXSEM_CLAUSE(SP38);
      if (!a.has_input(1) || a.tensor(1).size() == 0)
        eval_error("SP38", op + ": coordinate_transformation_mode tf_crop_and_resize needs the roi input");
      const std::vector<double> roi = widen_all(a.tensor(1), op + " roi");
      if (roi.size() != 2 * k)
        eval_error("SP38",
                   op + ": roi has " + std::to_string(roi.size()) + " entries, expected " + std::to_string(2 * k));
      for (size_t i = 0; i < k; ++i) {
        plan.roi_start[axes[i]] = roi[i];
        plan.roi_end[axes[i]] = roi[k + i];
      }
    }
    return {Value(resample(cx, x, plan, p, op))};
  };
}

}  // namespace

void add_resize(Registry& r) {
  r.add("", "Resize", {10}, resize_10);
  r.add("", "Resize", {11}, resize_kernel({.tf_half_pixel_for_nn = true}));
  r.add("", "Resize", {13}, resize_kernel({}));
  r.add("", "Resize", {18}, resize_kernel({.axes_and_policy = true}));
  r.add("", "Resize", {19}, resize_kernel({.axes_and_policy = true, .half_pixel_symmetric = true}));
  r.add("", "Upsample", {7}, upsample_7);
  r.add("", "Upsample", {9, 10}, upsample_9);
}

}  // namespace onnxsem::ops::spatial

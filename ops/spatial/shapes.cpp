// The shape rules of the spatial family (spec/types.md, TY5; spec/ops-spatial.md, "Shapes"): for each operator
// version, the output types its definition determines from the input types, the attributes and the known
// input values (Resize's scales and sizes, AffineGrid's size, CenterCropPad's shape, Col2Im's image_shape).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ops/common/attrs.hpp"
#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops {
namespace {

std::vector<Type> tensors(const InferenceArgs& a) { return std::vector<Type>(a.output_count, tensor_of()); }

// A known float input (Resize's scales) as binary64 values.
std::optional<std::vector<double>> constant_doubles(const InferenceArgs& a, size_t k) {
  const Value* v = a.constant(k);
  if (!v || !v->is_tensor() || v->tensor().rank() > 1) return std::nullopt;
  const Tensor& t = v->tensor();
  std::vector<double> out;
  if (t.dtype() == DType::float32)
    for (float x : t.data<float>()) out.push_back(x);
  else if (t.dtype() == DType::float64)
    for (double x : t.data<double>()) out.push_back(x);
  else return std::nullopt;
  return out;
}

// Whether optional input k is known to be empty: absent, a known value without entries, or a 1-D shape of
// fixed size 0 (Resize counts an empty scales or sizes as absent, SP2).
bool known_empty(const InferenceArgs& a, size_t k) {
  if (!a.has_input(k)) return true;
  if (const Value* v = a.constant(k); v && v->is_tensor()) return v->tensor().size() == 0;
  const auto& d = input_dims(a, k);
  return d && d->size() == 1 && (*d)[0].value == 0;
}

// The extent floor(in * s) of SP3; an unchanged dimension (symbol included) for s = 1, unknown when `in` is
// not fixed or the extent is beyond what evaluation computes.
Dim scaled(const Dim& in, double s) {
  if (s == 1.0) return in;
  if (!in.value) return unknown_dim();
  const double ext = std::floor(static_cast<double>(*in.value) * s);
  return ext >= 0 && ext <= 1e15 ? fixed_dim(static_cast<int64_t>(ext)) : unknown_dim();
}

void check_scales(const std::string& op, const std::vector<double>& s, size_t count, double least, bool inclusive) {
  // [spec:SP48] known scales and sizes: one entry per resized axis, scales finite and in their range, sizes
  // not negative, never both.
  ONNXSEM_CLAUSE(SP48);
  if (s.size() != count)
    type_error("SP48", op + ": scales has " + std::to_string(s.size()) + " entries, " + std::to_string(count) +
                           " axes are resized");
  for (double v : s)
    if (!std::isfinite(v) || v < least || (!inclusive && v == least))
      type_error("SP48", op + ": scales holds " + std::to_string(v) + ", expected a finite number " +
                             (inclusive ? "of at least " : "above ") + std::to_string(least));
}

// Resize-10, Upsample-7/9/10: one scale per axis (SP37), the extents of SP3.
std::vector<Type> legacy_resize_rule(const InferenceArgs& a) {
  std::vector<Type> out = tensors(a);
  const auto& x = input_dims(a, 0);
  if (out.empty() || !x) return out;
  const bool upsample = a.node.op_type == "Upsample";
  std::optional<std::vector<double>> s;
  if (a.signature.since_version == 7) {
    if (const auto f = attr_floats_opt(a.node, "scales")) s = std::vector<double>(f->begin(), f->end());
  } else {
    s = constant_doubles(a, 1);
  }
  Dims y(x->size(), unknown_dim());
  if (s) {
    check_scales(a.node.op_type, *s, x->size(), upsample ? 1.0 : 0.0, upsample);
    for (size_t d = 0; d < y.size(); ++d) y[d] = scaled((*x)[d], (*s)[d]);
  }
  out[0] = tensor_of(std::move(y));
  return out;
}

// Resize-11 and later: X's rank; the resized axes' extents from known scales (SP3) or sizes (SP4).
std::vector<Type> resize_rule(const InferenceArgs& a) {
  std::vector<Type> out = tensors(a);
  const auto& x = input_dims(a, 0);
  if (out.empty() || !x) return out;
  const std::string op = a.node.op_type;
  const auto rank = static_cast<int64_t>(x->size());
  std::vector<size_t> axes;
  if (const auto given = attr_ints_opt(a.node, "axes")) {
    for (int64_t ax : *given) axes.push_back(static_cast<size_t>(static_axis(ax, rank, op + ": attribute axes entry")));
    for (size_t i = 0; i < axes.size(); ++i)
      if (std::count(axes.begin(), axes.end(), axes[i]) > 1) {  // evaluation refuses it (SP2)
        out[0] = tensor_of(Dims(x->size(), unknown_dim()));
        return out;
      }
  } else {
    for (size_t d = 0; d < x->size(); ++d) axes.push_back(d);
  }
  Dims y = *x;
  for (size_t d : axes) y[d] = unknown_dim();
  const auto scales = constant_doubles(a, 2);
  const auto sizes = constant_ints(a, 3);
  const bool has_scales = scales && !scales->empty(), has_sizes = sizes && !sizes->empty();
  if (has_scales && has_sizes) type_error("SP48", op + ": both scales and sizes are given");
  const std::string policy = attr_string(a.node, "keep_aspect_ratio_policy", "stretch");
  if (has_scales && known_empty(a, 3)) {
    check_scales(op, *scales, axes.size(), 0.0, false);
    for (size_t i = 0; i < axes.size(); ++i) y[axes[i]] = scaled((*x)[axes[i]], (*scales)[i]);
  } else if (has_sizes && known_empty(a, 2)) {
    if (sizes->size() != axes.size())
      type_error("SP48", op + ": sizes has " + std::to_string(sizes->size()) + " entries, " +
                             std::to_string(axes.size()) + " axes are resized");
    for (int64_t v : *sizes)
      if (v < 0) type_error("SP48", op + ": sizes holds " + std::to_string(v) + ", expected 0 or more");
    if (policy == "not_larger" || policy == "not_smaller") {
      // SP4: one common scale, every extent floor(s * in + 0.5), computed only when every `in` is fixed.
      std::optional<double> common;
      bool fixed = true;
      for (size_t i = 0; i < axes.size(); ++i) {
        const Dim& in = (*x)[axes[i]];
        if (!in.value) fixed = false;
        if (!fixed) break;
        const double s = *in.value == 0 ? 1.0 : static_cast<double>((*sizes)[i]) / static_cast<double>(*in.value);
        common = !common ? s : policy == "not_larger" ? std::min(*common, s) : std::max(*common, s);
      }
      if (fixed && common)
        for (size_t d : axes) {
          const double e = std::floor(*common * static_cast<double>(*(*x)[d].value) + 0.5);
          y[d] = e >= 0 && e <= 1e15 ? fixed_dim(static_cast<int64_t>(e)) : unknown_dim();
        }
    } else {
      for (size_t i = 0; i < axes.size(); ++i) y[axes[i]] = fixed_dim((*sizes)[i]);
    }
  }
  out[0] = tensor_of(std::move(y));
  return out;
}

// GridSample: (N, C, O1, ..., On) from X (N, C, ...) and grid (N, O1, ..., On, n).
std::vector<Type> grid_sample_rule(const InferenceArgs& a) {
  std::vector<Type> out = tensors(a);
  const auto& x = input_dims(a, 0);
  const auto& g = input_dims(a, 1);
  if (out.empty() || !g || g->size() < 2 || (x && x->size() != g->size())) return out;
  Dims y{x ? (*x)[0] : (*g)[0], dim_at(x, 1)};
  y.insert(y.end(), g->begin() + 1, g->end() - 1);
  out[0] = tensor_of(std::move(y));
  return out;
}

// AffineGrid: (N, H, W, 2) or (N, D, H, W, 3) from the size input (N, C, [D,] H, W).
std::vector<Type> affine_grid_rule(const InferenceArgs& a) {
  std::vector<Type> out = tensors(a);
  if (out.empty()) return out;
  if (const auto s = constant_ints(a, 1)) {
    if (s->size() != 4 && s->size() != 5) return out;  // evaluation refuses it (SP26)
    Dims y;
    for (size_t i = 0; i < s->size(); ++i)
      if (i != 1) y.push_back(size_dim((*s)[i]));
    y.push_back(fixed_dim(static_cast<int64_t>(s->size()) - 2));
    out[0] = tensor_of(std::move(y));
  } else if (const auto& sd = input_dims(a, 1);
             sd && sd->size() == 1 && (*sd)[0].value && (*(*sd)[0].value == 4 || *(*sd)[0].value == 5)) {
    const int64_t n = *(*sd)[0].value - 2;
    Dims y(static_cast<size_t>(n + 1), unknown_dim());
    y[0] = dim_at(input_dims(a, 0), 0);
    y.push_back(fixed_dim(n));
    out[0] = tensor_of(std::move(y));
  }
  return out;
}

// CenterCropPad: X's shape with the axes named by `axes` (all when absent) set to the known shape input.
std::vector<Type> center_crop_pad_rule(const InferenceArgs& a) {
  std::vector<Type> out = tensors(a);
  const auto& x = input_dims(a, 0);
  if (out.empty() || !x) return out;
  const auto rank = static_cast<int64_t>(x->size());
  std::vector<size_t> axes;
  if (const auto given = attr_ints_opt(a.node, "axes"))
    for (int64_t ax : *given)
      axes.push_back(static_cast<size_t>(static_axis(ax, rank, "CenterCropPad: attribute axes entry")));
  else
    for (size_t d = 0; d < x->size(); ++d) axes.push_back(d);
  Dims y = *x;
  const auto target = constant_ints(a, 1);
  const bool usable = target && target->size() == axes.size();
  for (size_t i = 0; i < axes.size(); ++i) y[axes[i]] = usable ? size_dim((*target)[i]) : unknown_dim();
  out[0] = tensor_of(std::move(y));
  return out;
}

// Col2Im: (N, C, image_shape...) from the input (N, C * prod(block_shape), L).
std::vector<Type> col2im_rule(const InferenceArgs& a) {
  std::vector<Type> out = tensors(a);
  if (out.empty()) return out;
  const auto& x = input_dims(a, 0);
  const auto image = constant_ints(a, 1);
  const auto block = constant_ints(a, 2);
  std::optional<size_t> n;
  if (image) n = image->size();
  else if (const auto& d = input_dims(a, 1); d && d->size() == 1 && (*d)[0].value && *(*d)[0].value <= 64)
    n = static_cast<size_t>(*(*d)[0].value);
  if (!n) return out;
  Dim c = unknown_dim();
  if (block && dim_at(x, 1).value) {
    Dims bd;
    for (int64_t v : *block) bd.push_back(size_dim(v));
    const auto p = dims_product(bd);
    if (p && *p > 0 && *dim_at(x, 1).value % *p == 0) c = fixed_dim(*dim_at(x, 1).value / *p);
  }
  Dims y{dim_at(x, 0), c};
  for (size_t i = 0; i < *n; ++i) y.push_back(image ? size_dim((*image)[i]) : unknown_dim());
  out[0] = tensor_of(std::move(y));
  return out;
}

// RoiAlign: (R, C, output_height, output_width); MaxRoiPool: (R, C, pooled_shape).
std::vector<Type> roi_rule(const InferenceArgs& a) {
  std::vector<Type> out = tensors(a);
  if (out.empty()) return out;
  Dim h = size_dim(attr_int(a.node, "output_height", 1)), w = size_dim(attr_int(a.node, "output_width", 1));
  if (a.node.op_type == "MaxRoiPool") {
    const auto p = attr_ints(a.node, "pooled_shape", {});
    if (p.size() != 2) return out;  // evaluation refuses it (SP36)
    h = size_dim(p[0]);
    w = size_dim(p[1]);
  }
  out[0] = tensor_of(Dims{dim_at(input_dims(a, 1), 0), dim_at(input_dims(a, 0), 1), h, w});
  return out;
}

}  // namespace

void shapes_spatial(Registry& r) {
  r.shape_rule("", "Resize", {10}, legacy_resize_rule);
  r.shape_rule("", "Upsample", legacy_resize_rule);
  r.shape_rule("", "Resize", {11, 13, 18, 19}, resize_rule);
  r.shape_rule("", "GridSample", grid_sample_rule);
  r.shape_rule("", "AffineGrid", affine_grid_rule);
  r.shape_rule("", "CenterCropPad", center_crop_pad_rule);
  r.shape_rule("", "Col2Im", col2im_rule);
  r.shape_rule("", "RoiAlign", roi_rule);
  r.shape_rule("", "MaxRoiPool", roi_rule);
}

}  // namespace onnxsem::ops

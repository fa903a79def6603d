// Operator family: spatial resampling (spec/ops-spatial.md). This file gathers the family's operators
// into the registry, holds the helpers its files share, and defines the two layout operators:
//   CenterCropPad  crops or zero-pads each named axis around its centre (SP40, SP41);
//   Col2Im         sums the columns of a sliding-block matrix back into an image (SP45-SP47).
#include <sstream>

#include "ops/common/attrs.hpp"
#include "ops/common/values.hpp"
#include "ops/spatial/spatial.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops {

void add_spatial(Registry& r) {
  spatial::add_resize(r);
  spatial::add_sample(r);
  spatial::add_roi(r);
  spatial::add_layout(r);
}

namespace spatial {

std::string show_d(const std::vector<double>& s) {
  std::ostringstream o;
  o << "[";
  for (size_t i = 0; i < s.size(); ++i) o << (i ? "," : "") << s[i];
  o << "]";
  return o.str();
}

namespace {

// Row-major strides of a shape.
std::vector<int64_t> strides_of(const Shape& s) {
  std::vector<int64_t> st(s.size(), 1);
  for (size_t d = s.size(); d-- > 1;) st[d - 1] = st[d] * s[d];
  return st;
}

// ---- CenterCropPad-18 --------------------------------------------------------------------------------

std::vector<std::optional<Value>> center_crop_pad_18(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const std::vector<int64_t> target = int_list(a.tensor(1), "CenterCropPad input 'shape'");
  const int64_t rank = x.rank();
  std::vector<int64_t> axes;
  if (auto given = attr_ints_opt(a.node, "axes")) {
    std::vector<bool> seen(static_cast<size_t>(rank), false);
    for (int64_t ax : *given) {
      const int64_t n = normalise_axis(ax, rank, "CenterCropPad attribute 'axes'");
      if (seen[n]) eval_error("SP40", "CenterCropPad: axis " + std::to_string(ax) + " appears twice in 'axes'");
      seen[n] = true;
      axes.push_back(n);
    }
  } else {
    for (int64_t d = 0; d < rank; ++d) axes.push_back(d);
  }
  // [spec:SP40] one non-negative target extent per named axis.
  ONNXSEM_CLAUSE(SP40);
  if (target.size() != axes.size())
    eval_error("SP40", "CenterCropPad: input 'shape' has " + std::to_string(target.size()) + " entries, expected " +
                           std::to_string(axes.size()) + " (one per axis)");
  Shape yshape = x.shape();
  // offset[d]: output index o reads input index o + offset[d] (negative when padding).
  std::vector<int64_t> offset(static_cast<size_t>(rank), 0);
  for (size_t i = 0; i < axes.size(); ++i) {
    const int64_t d = axes[i], in = x.dim(d), want = target[i];
    if (want < 0) eval_error("SP40", "CenterCropPad: target extent " + std::to_string(want) + " is negative");
    yshape[d] = want;
    // [spec:SP41] crop starts at floor((in - want) / 2); padding puts floor((want - in) / 2) zeros first.
    ONNXSEM_CLAUSE(SP41);
    offset[d] = want <= in ? (in - want) / 2 : -((want - in) / 2);
  }
  const auto xs = strides_of(x.shape());
  return {dispatch(x.dtype(), all_types, "CenterCropPad", [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    auto [y, out] = Tensor::allocate<T>(cx, yshape);
    auto xd = x.data<T>();
    std::vector<int64_t> idx(static_cast<size_t>(rank), 0);
    for (size_t k = 0; k < out.size(); ++k) {
      int64_t src = 0;
      bool inside = true;
      for (int64_t d = 0; d < rank; ++d) {
        const int64_t i = idx[d] + offset[d];
        if (i < 0 || i >= x.dim(d)) inside = false;
        src += i * xs[d];
      }
      out[k] = inside ? xd[static_cast<size_t>(src)] : T{};
      for (int64_t d = rank - 1; d >= 0; --d) {
        if (++idx[d] < yshape[d]) break;
        idx[d] = 0;
      }
    }
    return Value(y);
  })};
}

// ---- Col2Im-18 ---------------------------------------------------------------------------------------

std::vector<std::optional<Value>> col2im_18(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const std::vector<int64_t> image = int_list(a.tensor(1), "Col2Im input 'image_shape'");
  const std::vector<int64_t> block = int_list(a.tensor(2), "Col2Im input 'block_shape'");
  const size_t n = image.size();
  // [spec:SP45] image_shape and block_shape have one positive entry per spatial axis; the input is
  // (N, C * prod(block_shape), L).
  ONNXSEM_CLAUSE(SP45);
  if (n == 0 || block.size() != n)
    eval_error("SP45", "Col2Im: image_shape has " + std::to_string(n) + " entries and block_shape " +
                           std::to_string(block.size()) + "; expected the same positive number");
  if (x.rank() != 3) eval_error("SP45", "Col2Im: input has shape " + show(x.shape()) + ", expected rank 3");
  const auto dil = attr_ints(a.node, "dilations", std::vector<int64_t>(n, 1));
  const auto str = attr_ints(a.node, "strides", std::vector<int64_t>(n, 1));
  const auto pads = attr_ints(a.node, "pads", std::vector<int64_t>(2 * n, 0));
  if (dil.size() != n || str.size() != n || pads.size() != 2 * n)
    eval_error("SP45",
               "Col2Im: dilations/strides need " + std::to_string(n) + " entries and pads " + std::to_string(2 * n));
  int64_t block_count = 1, positions = 1;
  std::vector<int64_t> counts(n);
  for (size_t d = 0; d < n; ++d) {
    if (image[d] < 0 || block[d] < 1 || dil[d] < 1 || str[d] < 1 || pads[d] < 0 || pads[d + n] < 0)
      eval_error("SP45", "Col2Im: image_shape " + show(image) + ", block_shape " + show(block) +
                             " or an attribute along axis " + std::to_string(d) + " is out of range");
    block_count = size_mul(block_count, block[d]);
    // [spec:SP46] the number of block positions along each axis.
    ONNXSEM_CLAUSE(SP46);
    const int64_t span = dil[d] * (block[d] - 1) + 1;
    const int64_t padded = image[d] + pads[d] + pads[d + n];
    if (padded < span)
      eval_error("SP46", "Col2Im: block span " + std::to_string(span) + " exceeds the padded image extent " +
                             std::to_string(padded) + " along axis " + std::to_string(d));
    counts[d] = (padded - span) / str[d] + 1;
    positions = size_mul(positions, counts[d]);
  }
  if (x.dim(1) % block_count != 0 || x.dim(2) != positions)
    eval_error("SP46", "Col2Im: input shape " + show(x.shape()) + " does not match " + std::to_string(block_count) +
                           " block elements per channel and " + std::to_string(positions) + " block positions");
  const int64_t batch = x.dim(0), channels = x.dim(1) / block_count;
  Shape yshape{batch, channels};
  yshape.insert(yshape.end(), image.begin(), image.end());
  const int64_t plane = element_count(Shape(image.begin(), image.end()));
  const auto is = strides_of(Shape(image.begin(), image.end()));
  auto run = [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    constexpr bool is_float = !std::is_integral_v<T>;
    using Acc = std::conditional_t<is_float, double, uint64_t>;
    std::vector<Acc> acc(static_cast<size_t>(size_mul(size_mul(batch, channels), plane)), Acc{});
    auto xd = x.data<T>();
    std::vector<int64_t> k(n), l(n);
    for (int64_t b = 0; b < batch; ++b)
      for (int64_t c = 0; c < channels; ++c)
        for (int64_t kf = 0; kf < block_count; ++kf) {
          for (int64_t rem = kf, d = static_cast<int64_t>(n) - 1; d >= 0; --d) {
            k[d] = rem % block[d];
            rem /= block[d];
          }
          const int64_t row = (b * x.dim(1) + c * block_count + kf) * positions;
          for (int64_t lf = 0; lf < positions; ++lf) {
            int64_t pos = 0;
            bool inside = true;
            for (int64_t rem = lf, d = static_cast<int64_t>(n) - 1; d >= 0; --d) {
              l[d] = rem % counts[d];
              rem /= counts[d];
              // [spec:SP47] block element k at block position l lands on l*stride - pad_begin + k*dilation.
              ONNXSEM_CLAUSE(SP47);
              const int64_t p = l[d] * str[d] - pads[d] + k[d] * dil[d];
              if (p < 0 || p >= image[d]) inside = false;
              pos += p * is[d];
            }
            if (!inside) continue;
            const T v = xd[static_cast<size_t>(row + lf)];
            auto& dst = acc[static_cast<size_t>((b * channels + c) * plane + pos)];
            if constexpr (is_float) dst += widen(v);
            else dst += static_cast<uint64_t>(static_cast<int64_t>(v));
          }
        }
    auto [y, out] = Tensor::allocate<T>(cx, yshape);
    for (size_t i = 0; i < out.size(); ++i) {
      if constexpr (is_float) out[i] = narrow<T>(acc[i]);
      else out[i] = static_cast<T>(acc[i]);
    }
    return Value(y);
  };
  return {dispatch(x.dtype(), numeric_types, "Col2Im", run)};
}

}  // namespace

void add_layout(Registry& r) {
  r.add("", "CenterCropPad", {18}, center_crop_pad_18);
  r.add("", "Col2Im", {18}, col2im_18);
}

}  // namespace spatial
}  // namespace onnxsem::ops

// QuantizeLinear, DequantizeLinear and DynamicQuantizeLinear (spec/ops-quant.md, Q1-Q9).
//
//   QuantizeLinear:   y = saturate(round_half_even(x / scale) + zero_point)   (integer outputs)
//                     y = convert(x / scale + zero_point)                      (float8 / float4 outputs;
//                                                                               no addition without zero_point)
//   DequantizeLinear: y = (x - zero_point) * scale
//
// The scale and zero point hold one value (per tensor), one per index of the quantization axis (per axis),
// or one per block of block_size consecutive indices along the axis (blocked). The division of
// QuantizeLinear is done in the scale's element type, as ONNX states (the exception P1 allows); everything
// else is exact or computed in binary64 and rounded once.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

#include "ops/common/attrs.hpp"
#include "ops/quant/quant.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::quant {
namespace {

template <class Types>
bool in_types(DType t, Types types) {
  bool found = false;
  hana::for_each(types, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if (dtype_of<T> == t) found = true;
  });
  return found;
}

// Which element of the scale (and zero point) applies to each element of x (Q1).
struct Granularity {
  bool per_tensor = true;
  bool per_axis = false;
  int64_t inner = 1;  // number of elements after the axis
  int64_t D = 1;      // x's extent along the axis
  int64_t S = 1;      // the scale's extent along the axis
  int64_t B = 1;      // block size

  [[nodiscard]] int64_t index(int64_t i) const noexcept {
    if (per_tensor) return 0;
    const int64_t c = (i / inner) % D;
    if (per_axis) return c;
    const int64_t outer = i / (inner * D);
    return (outer * S + c / B) * inner + i % inner;
  }
};

Granularity granularity(const Tensor& x, const Tensor& scale, int64_t axis, int64_t block_size, bool per_tensor_only,
                        const std::string& op) {
  // [spec:Q1] a one-element scale of rank 0 or 1 is per tensor; a 1-D scale as long as x's axis is per
  // axis; with block_size > 0 the scale has x's shape except ceil(D / block_size) along the axis.
  ONNXSEM_CLAUSE(Q1);
  Granularity g;
  const std::string sname = op + ": scale of shape " + show(scale.shape());
  if (block_size < 0)
    eval_error("Q1", op + ": attribute block_size is " + std::to_string(block_size) + ", expected >= 0");
  if (block_size == 0) {
    if (scale.size() == 1 && scale.rank() <= 1) return g;
    if (per_tensor_only) eval_error("Q1", sname + " is not a single value (this version quantizes per tensor only)");
    if (scale.rank() != 1)
      eval_error("Q1", sname + " is neither a scalar nor 1-D, and attribute block_size is 0 (no blocking)");
    const int64_t ax = normalise_axis(axis, x.rank(), op + ": attribute axis");
    if (scale.dim(0) != x.dim(ax))
      eval_error("Q1", sname + " does not have one value per index of axis " + std::to_string(ax) + " of x " +
                           show(x.shape()));
    g.per_tensor = false;
    g.per_axis = true;
    g.D = x.dim(ax);
    for (int64_t d = ax + 1; d < x.rank(); ++d) g.inner *= x.dim(d);
    return g;
  }
  if (scale.rank() != x.rank())
    eval_error("Q1", sname + " does not have the rank of x " + show(x.shape()) + " (blocked quantization)");
  const int64_t ax = normalise_axis(axis, x.rank(), op + ": attribute axis");
  for (int64_t d = 0; d < x.rank(); ++d) {
    // the number of blocks along the axis, rounded up without overflow for any block_size
    const int64_t want = d != ax ? x.dim(d) : x.dim(d) == 0 ? 0 : (x.dim(d) - 1) / block_size + 1;
    if (scale.dim(d) != want)
      eval_error("Q1", sname + " does not fit x " + show(x.shape()) + " with block_size " + std::to_string(block_size) +
                           " along axis " + std::to_string(ax) + ": axis " + std::to_string(d) + " should be " +
                           std::to_string(want));
  }
  g.per_tensor = false;
  g.D = x.dim(ax);
  g.S = scale.dim(ax);
  g.B = block_size;
  for (int64_t d = ax + 1; d < x.rank(); ++d) g.inner *= x.dim(d);
  return g;
}

// The zero point's values, checked against the scale's shape and, when given, the required element type (Q2).
std::vector<double> zero_points(const KernelArgs& a, size_t k, const Tensor& scale, std::optional<DType> type,
                                const std::string& op) {
  if (!a.has_input(k)) return std::vector<double>(static_cast<size_t>(scale.size()), 0.0);
  const Tensor& zp = a.tensor(k);
  // [spec:Q2] the zero point has the scale's shape (one value of rank 0 or 1 matches any such scale) and
  // the quantized tensor's element type.
  ONNXSEM_CLAUSE(Q2);
  const bool single = zp.size() == 1 && zp.rank() <= 1 && scale.size() == 1 && scale.rank() <= 1;
  if (zp.shape() != scale.shape() && !single)
    eval_error("Q2", op + ": zero point of shape " + show(zp.shape()) + " differs from the scale's shape " +
                         show(scale.shape()));
  if (type && zp.dtype() != *type)
    eval_error("Q2",
               op + ": zero point has element type " + dtype_name(zp.dtype()) + ", expected " + dtype_name(*type));
  return widen_all(zp, op);
}

// Rounds a binary64 value to the division type (float32, float16, bfloat16; float64 leaves it).
double round_to(DType t, double v) {
  switch (t) {
    case DType::float32: return static_cast<double>(static_cast<float>(v));
    case DType::float16: return num::to_double(num::to_float16(v));
    case DType::bfloat16: return num::to_double(num::to_bfloat16(v));
    default: return v;
  }
}

// The element type in which x / scale is computed (Q4).
DType division_type(const Tensor& scale, int64_t precision, const std::string& op) {
  // [spec:Q4] the precision attribute when set, else the scale's type; int32 scales divide in binary64
  // and float8e8m0 scales in float32.
  ONNXSEM_CLAUSE(Q4);
  if (precision != 0) {
    const auto p = static_cast<DType>(precision);
    if (p != DType::float32 && p != DType::float16 && p != DType::bfloat16 && p != DType::float64)
      eval_error("Q4", op + ": attribute precision is " + std::to_string(precision) +
                           ", expected a floating-point element type (1, 10, 11 or 16)");
    return p;
  }
  switch (scale.dtype()) {
    case DType::float32:
    case DType::float16:
    case DType::bfloat16:
    case DType::float64: return scale.dtype();
    case DType::int32: return DType::float64;
    case DType::float8e8m0: return DType::float32;
    default:
      eval_error("Q4", op + ": scale has element type " + dtype_name(scale.dtype()) +
                           ", expected float, float16, bfloat16, int32 or float8e8m0");
  }
}

struct QuantAttrs {
  int64_t axis = 1;
  bool saturate = true;
  int64_t block_size = 0;
  int64_t output_dtype = 0;
  int64_t precision = 0;
  bool per_tensor_only = false;
};

Tensor quantize(const KernelArgs& a, const QuantAttrs& q) {
  EvalContext& cx = a.context();
  const std::string op = "QuantizeLinear";
  const Tensor& x = a.tensor(0);
  const Tensor& scale = a.tensor(1);
  // [spec:Q3] the output type is the zero point's, else output_dtype, else uint8; both given must agree.
  ONNXSEM_CLAUSE(Q3);
  DType out = DType::uint8;
  if (a.has_input(2)) out = a.tensor(2).dtype();
  if (q.output_dtype != 0) {
    if (a.has_input(2) && static_cast<int64_t>(out) != q.output_dtype)
      eval_error("Q3", op + ": attribute output_dtype " + std::to_string(q.output_dtype) +
                           " differs from the zero point's element type " + dtype_name(out));
    if (!dtype_known(static_cast<int32_t>(q.output_dtype)))
      eval_error("Q3", op + ": attribute output_dtype " + std::to_string(q.output_dtype) + " is no element type");
    out = static_cast<DType>(q.output_dtype);
  }
  if (!in_types(out, quant_out_types))
    eval_error("Q3", op + ": output element type " + std::string(dtype_name(out)) + " is not a quantized type");
  if (!in_types(x.dtype(), hana::tuple_t<float, float16_t, bfloat16_t, int32_t>))
    eval_error("Q3", op + ": x has element type " + std::string(dtype_name(x.dtype())) +
                         ", expected float, float16, bfloat16 or int32");
  const Granularity g = granularity(x, scale, q.axis, q.block_size, q.per_tensor_only, op);
  const DType div = division_type(scale, q.precision, op);
  const std::vector<double> xs = widen_all(x, op), ss = widen_all(scale, op);
  const std::vector<double> zs = zero_points(a, 2, scale, std::nullopt, op);
  const bool has_zero_point = a.has_input(2);
  return dispatch(out, quant_out_types, op, [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto [y, yo] = Tensor::allocate<T>(cx, x.shape());
    for (int64_t i = 0; i < x.size(); ++i) {
      const int64_t p = g.index(i);
      // Q4: both operands rounded to the division type, the quotient rounded to it once.
      const double quotient = round_to(div, round_to(div, xs[i]) / round_to(div, ss[p]));
      if constexpr (is_int_elem<T>) {
        yo[i] = saturate_round<T>(quotient, static_cast<int64_t>(zs[p]), op);
      } else {
        // [spec:Q6] a given zero point is added in binary64 (-0 + +0 = +0); without one nothing is added, so a
        // quotient of -0 keeps its sign. float8 follows the saturate attribute; float4e2m1 (no infinity, no
        // NaN) always saturates.
        ONNXSEM_CLAUSE(Q6);
        const bool sat = std::is_same_v<T, float4e2m1_t> ? true : q.saturate;
        yo[i] = num::from_double<T>(has_zero_point ? quotient + zs[p] : quotient, sat);
      }
    }
    return y;
  });
}

// The exact product a * b rounded to binary64 by rounding to odd: narrowing this value once more to a
// format of at most 51 significant bits gives the correctly rounded exact product (no double rounding).
double product_round_odd(double a, double b) {
  const double p = a * b;
  if (!std::isfinite(p) || p == 0) return p;
  const double e = std::fma(a, b, -p);
  if (e == 0) return p;
  auto bits = std::bit_cast<uint64_t>(p);
  if ((e < 0) != (p < 0)) bits -= 1;  // |exact| < |p|: truncate one unit toward zero
  bits |= 1;                          // inexact: the odd neighbour
  return std::bit_cast<double>(bits);
}

template <class T>
T narrow_float(double v) {
  if constexpr (std::is_same_v<T, float>) return static_cast<float>(v);
  else return num::from_double<T>(v);
}

struct DequantAttrs {
  int64_t axis = 1;
  int64_t block_size = 0;
  int64_t output_dtype = 0;
  bool per_tensor_only = false;
};

Tensor dequantize(const KernelArgs& a, const DequantAttrs& q) {
  EvalContext& cx = a.context();
  const std::string op = "DequantizeLinear";
  const Tensor& x = a.tensor(0);
  const Tensor& scale = a.tensor(1);
  // Q7: the output type is output_dtype when set, else the scale's; it is float, float16 or bfloat16.
  const DType out = q.output_dtype != 0 ? static_cast<DType>(q.output_dtype) : scale.dtype();
  if (!in_types(out, dequant_out_types))
    eval_error("Q7", op + ": output element type " +
                         std::string(dtype_known(static_cast<int32_t>(out)) ? dtype_name(out) : "?") + " (code " +
                         std::to_string(static_cast<int>(out)) + ") is not float, float16 or bfloat16");
  if (!in_types(scale.dtype(), hana::tuple_t<float, float16_t, bfloat16_t, float8e8m0_t>))
    eval_error("Q7", op + ": scale has element type " + std::string(dtype_name(scale.dtype())) +
                         ", expected float, float16, bfloat16 or float8e8m0");
  if (!in_types(x.dtype(), hana::concat(quant_int_types, float8_types)) || x.dtype() == DType::float8e8m0)
    eval_error("Q7",
               op + ": x has element type " + std::string(dtype_name(x.dtype())) + ", which is not a quantized type");
  const Granularity g = granularity(x, scale, q.axis, q.block_size, q.per_tensor_only, op);
  const std::vector<double> xs = widen_all(x, op), ss = widen_all(scale, op);
  const std::vector<double> zs = zero_points(a, 2, scale, x.dtype(), op);
  return dispatch(out, dequant_out_types, op, [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto [y, yo] = Tensor::allocate<T>(cx, x.shape());
    ONNXSEM_CLAUSE(Q7);  // the marker of the loop below, once per call
    for (int64_t i = 0; i < x.size(); ++i) {
      const int64_t p = g.index(i);
      // [spec:Q7] (x - zero_point) is exact; the product with the scale is rounded once to the output type.
      yo[i] = narrow_float<T>(product_round_odd(xs[i] - zs[p], ss[p]));
    }
    return y;
  });
}

std::vector<std::optional<Value>> quantize_10(const KernelArgs& a) {
  return {Value(quantize(a, {.per_tensor_only = true}))};
}
std::vector<std::optional<Value>> quantize_13(const KernelArgs& a) {
  return {Value(quantize(a, {.axis = attr_int(a.node, "axis", 1)}))};
}
std::vector<std::optional<Value>> quantize_19(const KernelArgs& a) {
  return {Value(quantize(a, {.axis = attr_int(a.node, "axis", 1), .saturate = attr_int(a.node, "saturate", 1) != 0}))};
}
std::vector<std::optional<Value>> quantize_21(const KernelArgs& a) {
  return {Value(quantize(a, {.axis = attr_int(a.node, "axis", 1),
                             .saturate = attr_int(a.node, "saturate", 1) != 0,
                             .block_size = attr_int(a.node, "block_size", 0),
                             .output_dtype = attr_int(a.node, "output_dtype", 0)}))};
}
std::vector<std::optional<Value>> quantize_23(const KernelArgs& a) {
  return {Value(quantize(a, {.axis = attr_int(a.node, "axis", 1),
                             .saturate = attr_int(a.node, "saturate", 1) != 0,
                             .block_size = attr_int(a.node, "block_size", 0),
                             .output_dtype = attr_int(a.node, "output_dtype", 0),
                             .precision = attr_int(a.node, "precision", 0)}))};
}

std::vector<std::optional<Value>> dequantize_10(const KernelArgs& a) {
  return {Value(dequantize(a, {.per_tensor_only = true}))};
}
std::vector<std::optional<Value>> dequantize_13(const KernelArgs& a) {
  return {Value(dequantize(a, {.axis = attr_int(a.node, "axis", 1)}))};
}
std::vector<std::optional<Value>> dequantize_21(const KernelArgs& a) {
  return {Value(dequantize(a, {.axis = attr_int(a.node, "axis", 1), .block_size = attr_int(a.node, "block_size", 0)}))};
}
std::vector<std::optional<Value>> dequantize_23(const KernelArgs& a) {
  return {Value(dequantize(a, {.axis = attr_int(a.node, "axis", 1),
                               .block_size = attr_int(a.node, "block_size", 0),
                               .output_dtype = attr_int(a.node, "output_dtype", 0)}))};
}

std::vector<std::optional<Value>> dynamic_quantize_11(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "DynamicQuantizeLinear";
  const Tensor& x = a.tensor(0);
  if (x.dtype() != DType::float32)
    eval_error("Q8", op + ": x has element type " + std::string(dtype_name(x.dtype())) + ", expected float");
  auto xd = x.data<float>();
  // [spec:Q8] the range [min(0, min x), max(0, max x)] in float32; scale = (max - min) / 255 in float32,
  // or 1 when the range is empty; zero point = round_half_even(clamp(0 - min / scale, 0, 255)).
  ONNXSEM_CLAUSE(Q8);
  float lo = 0, hi = 0;
  for (float v : xd) {
    if (!std::isfinite(v))
      eval_error("Q8", op + ": x holds the non-finite value " + std::to_string(v) + ", which has no scale");
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  const float scale = hi == lo ? 1.0f : (hi - lo) / 255.0f;
  float zpf = 0.0f - lo / scale;
  zpf = std::clamp(zpf, 0.0f, 255.0f);
  const auto zp = static_cast<int64_t>(std::nearbyint(zpf));
  // [spec:Q9] y is QuantizeLinear(x, scale, zero point) to uint8, the division done in float32.
  ONNXSEM_CLAUSE(Q9);
  auto [y, yo] = Tensor::allocate<uint8_t>(cx, x.shape());
  for (size_t i = 0; i < xd.size(); ++i) yo[i] = saturate_round<uint8_t>(static_cast<double>(xd[i] / scale), zp, op);
  return {Value(y), Value(Tensor::scalar<float>(cx, scale)),
          Value(Tensor::scalar<uint8_t>(cx, static_cast<uint8_t>(zp)))};
}

}  // namespace

void add_linear(Registry& r) {
  r.add("", "QuantizeLinear", {10}, quantize_10);
  r.add("", "QuantizeLinear", {13}, quantize_13);
  r.add("", "QuantizeLinear", {19}, quantize_19);
  r.add("", "QuantizeLinear", {21}, quantize_21);
  r.add("", "QuantizeLinear", {23, 24, 25}, quantize_23);
  r.add("", "DequantizeLinear", {10}, dequantize_10);
  r.add("", "DequantizeLinear", {13, 19}, dequantize_13);
  r.add("", "DequantizeLinear", {21}, dequantize_21);
  r.add("", "DequantizeLinear", {23, 24, 25}, dequantize_23);
  r.add("", "DynamicQuantizeLinear", {11}, dynamic_quantize_11);
}

}  // namespace onnxsem::ops::quant

// The accuracy an implementation owes (spec/accuracy.md, AC1-AC5).
#include "conformance/accuracy.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string>

namespace onnxsem::conformance {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// The largest finite value of an IEEE 754 binary format: (2 - 2^-p) * 2^e_max, with e_max = 1 - e_min.
double largest_finite(FloatFormat f) noexcept {
  return (2.0 - std::ldexp(1.0, -f.fraction_bits)) * std::ldexp(1.0, 1 - f.min_exponent);
}

bool is_default_domain(std::string_view domain) noexcept { return domain.empty() || domain == "ai.onnx"; }

}  // namespace

std::optional<FloatFormat> float_format(DType t) noexcept {
  switch (t) {
    case DType::float16: return FloatFormat{10, -14};
    case DType::bfloat16: return FloatFormat{7, -126};
    case DType::float32: return FloatFormat{23, -126};
    case DType::float64: return FloatFormat{52, -1022};
    default: return std::nullopt;
  }
}

double unit_of_error(FloatFormat f, double r) noexcept {
  // [spec:AC1] ulp_T(r) = 2^(e - p), e the exponent of |r|, or 2^(e_min - p) below the smallest normal.
  const double a = std::fabs(r);
  if (a < std::ldexp(1.0, f.min_exponent)) return std::ldexp(1.0, f.min_exponent - f.fraction_bits);
  return std::ldexp(1.0, std::ilogb(a) - f.fraction_bits);
}

double error_in_ulp(FloatFormat f, double v, double r) noexcept {
  // [spec:AC1] NaN meets only NaN, an infinity only the same infinity; otherwise |v - r| / ulp_T(r).
  if (std::isnan(r) || std::isnan(v)) return std::isnan(r) && std::isnan(v) ? 0.0 : kInfinity;
  if (std::isinf(r) || std::isinf(v)) return v == r ? 0.0 : kInfinity;
  return std::fabs(v - r) / unit_of_error(f, r);
}

namespace {
// [spec:AC2] data movement, selection, sign and rounding, comparisons: one correct result.
const std::set<std::string>& exact_operators() {
  static const std::set<std::string> ops{"Identity",
                                         "Reshape",
                                         "Flatten",
                                         "Squeeze",
                                         "Unsqueeze",
                                         "Transpose",
                                         "Concat",
                                         "Split",
                                         "Slice",
                                         "Gather",
                                         "GatherElements",
                                         "GatherND",
                                         "Expand",
                                         "Tile",
                                         "Pad",
                                         "DepthToSpace",
                                         "SpaceToDepth",
                                         "Compress",
                                         "Trilu",
                                         "ReverseSequence",
                                         "Where",
                                         "Max",
                                         "Min",
                                         "Relu",
                                         "Clip",
                                         "ReduceMax",
                                         "ReduceMin",
                                         "MaxPool",
                                         "GlobalMaxPool",
                                         "TopK",
                                         "ArgMax",
                                         "ArgMin",
                                         "Abs",
                                         "Neg",
                                         "Sign",
                                         "Floor",
                                         "Ceil",
                                         "Round",
                                         "Equal",
                                         "Less",
                                         "LessOrEqual",
                                         "Greater",
                                         "GreaterOrEqual",
                                         "IsNaN",
                                         "IsInf"};
  return ops;
}
// [spec:AC3] IEEE 754's basic operations: the reference rounded once.
const std::set<std::string>& rounded_operators() {
  static const std::set<std::string> ops{"Add", "Sub", "Mul", "Div", "Sqrt", "Reciprocal", "Cast", "CastLike"};
  return ops;
}
// [spec:AC4] sums of products, added in an order ONNX leaves open.
const std::set<std::string>& sum_operators() {
  static const std::set<std::string> ops{"MatMul",    "Gemm",       "Conv",        "ConvTranspose",     "Einsum",
                                         "ReduceSum", "ReduceMean", "AveragePool", "GlobalAveragePool", "Sum",
                                         "Mean"};
  return ops;
}
}  // namespace

BoundKind bound_kind(std::string_view domain, std::string_view op_type) noexcept {
  if (!is_default_domain(domain)) return BoundKind::none;
  const std::string op(op_type);
  if (exact_operators().count(op)) return BoundKind::exact;
  if (rounded_operators().count(op)) return BoundKind::correctly_rounded;
  if (sum_operators().count(op)) return BoundKind::sum_of_products;
  // [spec:AC5] no bound stated: the suite's tolerance judges.
  return BoundKind::none;
}

std::vector<std::string> operators_bounded_by(BoundKind k) {
  const std::set<std::string>* ops = k == BoundKind::exact               ? &exact_operators()
                                     : k == BoundKind::correctly_rounded ? &rounded_operators()
                                     : k == BoundKind::sum_of_products   ? &sum_operators()
                                                                         : nullptr;
  return ops ? std::vector<std::string>(ops->begin(), ops->end()) : std::vector<std::string>{};
}

const char* bound_clause(BoundKind k) noexcept {
  switch (k) {
    case BoundKind::exact: return "AC2";
    case BoundKind::correctly_rounded: return "AC3";
    case BoundKind::sum_of_products: return "AC4";
    case BoundKind::none: break;
  }
  return "AC5";
}

std::optional<double> allowed_error(BoundKind k, DType t, int64_t terms) noexcept {
  switch (k) {
    case BoundKind::exact: return 0.0;                                           // AC2
    case BoundKind::correctly_rounded: return t == DType::bfloat16 ? 1.0 : 0.5;  // AC3
    case BoundKind::sum_of_products:  // AC4: 2 units per term; 3 times that for float32
      return (t == DType::float32 ? 6.0 : 2.0) * static_cast<double>(std::max<int64_t>(terms, 1));
    case BoundKind::none: break;
  }
  return std::nullopt;  // AC5
}

std::optional<double> sum_error_in_units(FloatFormat f, double v, double r, double m, double allowed) noexcept {
  // [spec:AC4] the error of a sum in units of max(m * 2^(-1-p), 2^e_min), m the sum over absolute values.
  if (std::isnan(r)) return std::isnan(v) ? 0.0 : kInfinity;
  if (std::isnan(m)) return std::nullopt;
  const double half_ulp = std::ldexp(1.0, -1 - f.fraction_bits);
  if (m * (1.0 + allowed * half_ulp) > largest_finite(f)) return std::nullopt;  // may overflow: no bound
  if (m == 0.0) return v == 0.0 ? 0.0 : kInfinity;                              // every term is zero
  if (std::isnan(v) || std::isinf(v)) return kInfinity;
  const double unit = std::max(m * half_ulp, std::ldexp(1.0, f.min_exponent));
  return std::fabs(v - r) / unit;
}

bool spread_within(double sum_of_squares, int64_t terms, int64_t elements) noexcept {
  // [spec:AC4] the squared errors over an output add up to at most 1.6 * K * N.
  return sum_of_squares <= 1.6 * static_cast<double>(std::max<int64_t>(terms, 1)) * static_cast<double>(elements);
}

}  // namespace onnxsem::conformance

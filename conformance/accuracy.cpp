// The accuracy an implementation owes (spec/accuracy.md, AC1-AC7).
#include "conformance/accuracy.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <set>
#include <string>

#include "values/ir.hpp"

namespace onnxsem::conformance {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// The largest finite value of an IEEE 754 binary format: (2 - 2^-p) * 2^e_max, with e_max = 1 - e_min.
double largest_finite(FloatFormat f) noexcept {
  return (2.0 - std::ldexp(1.0, -f.fraction_bits)) * std::ldexp(1.0, 1 - f.min_exponent);
}

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
const std::set<std::string, std::less<>>& exact_operators() {
  static const std::set<std::string, std::less<>> ops{"Identity",
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
                                                      "ThresholdedRelu",
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
const std::set<std::string, std::less<>>& rounded_operators() {
  static const std::set<std::string, std::less<>> ops{"Add",  "Sub",      "Mul",       "Div",   "Sqrt",
                                                      "Cast", "CastLike", "LeakyRelu", "PRelu", "Shrink"};
  return ops;
}
// [spec:AC4] sums of products, added in an order ONNX leaves open.
const std::set<std::string, std::less<>>& sum_operators() {
  static const std::set<std::string, std::less<>> ops{"MatMul",        "Gemm",        "Conv",
                                                      "ConvTranspose", "Einsum",      "ReduceSum",
                                                      "ReduceMean",    "AveragePool", "GlobalAveragePool",
                                                      "Sum",           "Mean",        "ReduceSumSquare",
                                                      "ReduceL1"};
  return ops;
}

// [spec:AC6] elementwise compositions of AC3's and AC5's operations.
const std::set<std::string, std::less<>>& elementwise_compositions() {
  static const std::set<std::string, std::less<>> ops{"Softsign", "HardSigmoid", "HardSwish", "Elu", "Celu",
                                                      "Selu",     "Softplus",    "Mish",      "Gelu"};
  return ops;
}

// [spec:AC5] elementwise functions with TOSA's bounds.
const std::set<std::string, std::less<>>& function_operators() {
  static const std::set<std::string, std::less<>> ops{"Exp",        "Log", "Tanh", "Sigmoid", "Erf",
                                                      "Reciprocal", "Sin", "Cos",  "Pow"};
  return ops;
}
}  // namespace

BoundKind bound_kind(std::string_view domain, std::string_view op_type) noexcept {
  if (!normalise_domain(std::string(domain)).empty()) return BoundKind::none;
  if (exact_operators().count(op_type)) return BoundKind::exact;
  if (rounded_operators().count(op_type)) return BoundKind::correctly_rounded;
  if (sum_operators().count(op_type)) return BoundKind::sum_of_products;
  if (function_operators().count(op_type)) return BoundKind::function;
  if (op_type == "ReduceProd") return BoundKind::product;    // [spec:AC6]
  if (op_type == "Resize") return BoundKind::interpolation;  // [spec:AC6] in its linear modes
  if (op_type == "ReduceL2" || op_type == "Softmax" || op_type == "LogSoftmax" || op_type == "BatchNormalization" ||
      op_type == "LpNormalization" || op_type == "RMSNormalization" || elementwise_compositions().count(op_type))
    return BoundKind::composition;  // [spec:AC6] BatchNormalization in inference mode (crosscheck/localise.cpp)
  // [spec:AC7] no bound stated: the suite's tolerance judges.
  return BoundKind::none;
}

bool resize_mode_bounded(std::string_view mode) noexcept { return mode == "linear" || mode == "bilinear"; }

std::vector<std::string> operators_bounded_by(BoundKind k) {
  if (k == BoundKind::product) return {"ReduceProd"};
  if (k == BoundKind::interpolation) return {"Resize"};
  if (k == BoundKind::composition) {
    std::vector<std::string> ops{"BatchNormalization", "LogSoftmax", "LpNormalization",
                                 "RMSNormalization",   "ReduceL2",   "Softmax"};
    ops.insert(ops.end(), elementwise_compositions().begin(), elementwise_compositions().end());
    return ops;
  }
  const std::set<std::string, std::less<>>* ops = k == BoundKind::exact               ? &exact_operators()
                                                  : k == BoundKind::correctly_rounded ? &rounded_operators()
                                                  : k == BoundKind::sum_of_products   ? &sum_operators()
                                                  : k == BoundKind::function          ? &function_operators()
                                                                                      : nullptr;
  return ops ? std::vector<std::string>(ops->begin(), ops->end()) : std::vector<std::string>{};
}

const char* bound_clause(BoundKind k) noexcept {
  switch (k) {
    case BoundKind::exact: return "AC2";
    case BoundKind::correctly_rounded: return "AC3";
    case BoundKind::sum_of_products: return "AC4";
    case BoundKind::function: return "AC5";
    case BoundKind::product:
    case BoundKind::interpolation:
    case BoundKind::composition: return "AC6";
    case BoundKind::none: break;
  }
  return "AC7";
}

std::optional<double> allowed_error(BoundKind k, DType t, int64_t terms) noexcept {
  switch (k) {
    case BoundKind::exact: return 0.0;                                           // AC2
    case BoundKind::correctly_rounded: return t == DType::bfloat16 ? 1.0 : 0.5;  // AC3
    case BoundKind::sum_of_products:  // AC4: 2 units per term; 3 times that for float32
      return (t == DType::float32 ? 6.0 : 2.0) * static_cast<double>(std::max<int64_t>(terms, 1));
    case BoundKind::function:
    case BoundKind::product:
    case BoundKind::interpolation:
    case BoundKind::composition:
    case BoundKind::none: break;
  }
  return std::nullopt;  // AC5, AC6: absolute and per element; AC7: none
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

namespace {
// |a|_n of AC5: max(|a|, 2^e_min).
double at_least_normal(FloatFormat f, double a) noexcept {
  return std::max(std::fabs(a), std::ldexp(1.0, f.min_exponent));
}
}  // namespace

std::optional<double> function_bound(std::string_view op, FloatFormat f, double x, double y, double r) noexcept {
  // [spec:AC5] TOSA 1.0's bounds for EXP, LOG, TANH, SIGMOID, ERF, RECIPROCAL, SIN, COS and POW.
  const double eps = std::ldexp(1.0, -f.fraction_bits);       // 2^-p
  const double b = f.fraction_bits == 23 ? 3.0 : 1.0;         // float32's exponentials get more room
  const double half_eps = std::exp2(-f.fraction_bits / 2.0);  // 2^(-p/2)
  if (op == "Exp") return (b + 2 * std::fabs(x)) * eps * at_least_normal(f, r);
  if (op == "Log") return 5 * eps * std::max(at_least_normal(f, r), 0.1);
  if (op == "Tanh") {
    const double k = 4 * (b + 2 * std::fabs(x));
    return k * eps * std::max(at_least_normal(f, r), 0.5 / k);
  }
  if (op == "Sigmoid") return 2 * (1 + std::fabs(x)) * eps * at_least_normal(f, r);
  if (op == "Erf") return 5 * unit_of_error(f, r);
  if (op == "Reciprocal") return unit_of_error(f, r);
  if (op == "Sin")
    return std::max(2 * half_eps * at_least_normal(f, x), std::numbers::pi * std::ldexp(1.0, f.min_exponent));
  if (op == "Cos") return half_eps * (1 + std::fabs(x));
  if (op == "Pow") {
    if (!std::isfinite(x) || !std::isfinite(y)) return std::nullopt;
    if (x == 0 && y > 0) return 0.0;  // exactly 0
    if (x > 0 && y == 0) return 0.0;  // exactly 1
    if (x <= 0) return std::nullopt;  // x < 0, or 0 to a power <= 0: no bound
    const double t = y * std::log(x);
    const double m = 5.5 * eps * std::max(at_least_normal(f, t), std::fabs(0.55 * y) / 5.5);
    const double e = (b + 2 * std::fabs(t + m)) * eps * at_least_normal(f, r);
    return std::fabs(r) * std::expm1(m) + e;
  }
  return std::nullopt;
}

double product_bound(FloatFormat f, double r, int64_t factors) noexcept {
  // [spec:AC6] n relative roundings of at most 2^(-1-p) each.
  const double n = static_cast<double>(std::max<int64_t>(factors, 1));
  return at_least_normal(f, r) * std::expm1(n * std::log1p(std::ldexp(1.0, -1 - f.fraction_bits)));
}

double interpolation_bound(FloatFormat f, double largest) noexcept {
  // [spec:AC6] TOSA's RESIZE bound: from the input's largest magnitude.
  const double a = std::fabs(largest);
  return std::max(20 * std::ldexp(1.0, -f.fraction_bits) * at_least_normal(f, a), 0.006 * a);
}

namespace {
// A(k) of AC6: AC4's allowed error for a sum of k terms, in units.
double sum_allowed(FloatFormat f, int64_t terms) noexcept {
  return (f.fraction_bits == 23 ? 6.0 : 2.0) * static_cast<double>(std::max<int64_t>(terms, 1));
}
}  // namespace

namespace {
// A result whose relative error is `share` of a sum of positive terms' (A(k) roundings: halved by a square root)
// plus `roundings` roundings of 2^(-1-p), doubled, at least 2^e_min (AC6).
double relative_bound(FloatFormat f, double r, int64_t terms, double share, double roundings) noexcept {
  const double half = std::ldexp(1.0, -1 - f.fraction_bits);
  return std::max(2 * std::fabs(r) * (sum_allowed(f, terms) * share + roundings) * half,
                  std::ldexp(1.0, f.min_exponent));
}
}  // namespace

double root_of_squares_bound(FloatFormat f, double r, int64_t terms) noexcept {
  // [spec:AC6] the sum's relative error halved by the root, one rounding more, doubled.
  return relative_bound(f, r, terms, 0.5, 1);
}

double lp_normalization_bound(FloatFormat f, double r, int64_t terms, int64_t p) noexcept {
  // [spec:AC6] the norm's error (a sum of |x|, or ReduceL2's), then the division, doubled.
  return p == 1 ? relative_bound(f, r, terms, 1, 1) : relative_bound(f, r, terms, 0.5, 2);
}

double rms_normalization_bound(FloatFormat f, double r, int64_t terms) noexcept {
  // [spec:AC6] the sum's error halved by the root, and six roundings: the mean, epsilon, the root, the
  // reciprocal, the two products (or the division and a cast back to T), doubled.
  return relative_bound(f, r, terms, 0.5, 6);
}

std::vector<double> softmax_bounds(FloatFormat f, bool log, const std::vector<double>& x,
                                   const std::vector<double>& r) {
  // [spec:AC6] the subtraction of the maximum, the exponentials, their sum and the division (or the logarithm
  // and the subtraction), to first order, doubled.
  const size_t k = x.size();
  std::vector<double> bounds(k, 0.0);
  if (k == 0 || r.size() != k) return bounds;
  const double top = *std::max_element(x.begin(), x.end());
  if (!std::isfinite(top)) return bounds;  // a NaN or infinite input: only the reference itself is met
  const double eps = std::ldexp(1.0, -f.fraction_bits), half = eps / 2;
  const double b = f.fraction_bits == 23 ? 3.0 : 1.0;
  std::vector<double> d(k), a(k), e(k);
  double sum = 0;
  for (size_t j = 0; j < k; ++j) {
    d[j] = x[j] - top;
    a[j] = (b + 2.5 * std::fabs(d[j])) * eps;
    sum += e[j] = std::exp(d[j]);
  }
  double weighted = 0;  // sum_j s_j a_j: the exponentials' errors as they reach the sum
  for (size_t j = 0; j < k; ++j) weighted += e[j] / sum * a[j];
  const double sum_error = weighted + sum_allowed(f, static_cast<int64_t>(k)) * half;
  for (size_t i = 0; i < k; ++i) {
    const double first_order = log ? half * std::fabs(d[i]) + sum_error +
                                         5 * eps * std::max(std::fabs(std::log(sum)), 0.1) + half * std::fabs(r[i])
                                   : std::fabs(r[i]) * (a[i] + sum_error + half);
    bounds[i] = std::max(2 * first_order, std::ldexp(1.0, f.min_exponent));
  }
  return bounds;
}

double batch_normalization_bound(FloatFormat f, double x, double scale, double bias, double mean, double variance,
                                 double epsilon) noexcept {
  // [spec:AC6] the unfolded steps or the folded form x * a + b, to first order (5.5 roundings of the magnitude
  // |x a| + |mean a| + |bias|), doubled.
  const double a = scale / std::sqrt(variance + epsilon);
  const double magnitude = std::fabs(x * a) + std::fabs(mean * a) + std::fabs(bias);
  const double half = std::ldexp(1.0, -1 - f.fraction_bits);
  return std::max(2 * 5.5 * half * magnitude, std::ldexp(1.0, f.min_exponent));
}

bool elementwise_composition(std::string_view op_type) noexcept {
  return elementwise_compositions().count(op_type) > 0;
}

std::optional<double> elementwise_composition_bound(std::string_view op, FloatFormat f, double x, double r,
                                                    double alpha, double beta) noexcept {
  // [spec:AC6] the roundings of AC3's steps and the errors of AC5's Exp, Log and Tanh, each carried through the
  // steps after it, to first order, doubled.
  if (!std::isfinite(x)) return std::nullopt;
  const double u = std::ldexp(1.0, -1 - f.fraction_bits);
  auto exp_error = [&](double z) { return function_bound("Exp", f, z, 0, std::exp(z)).value_or(kInfinity); };
  double first = 0;  // the first-order error
  if (op == "Softsign") {
    first = 2 * u * std::fabs(r);  // 1 + |x|, the division
  } else if (op == "HardSigmoid" || op == "HardSwish") {
    const bool swish = op == "HardSwish";
    const double a = swish ? 1.0 / 6 : alpha, b = swish ? 0.5 : beta;
    const double sigmoid = u * (std::fabs(a * x) + std::fabs(a * x + b));  // the product, the sum; clamping is exact
    first = swish ? std::fabs(x) * sigmoid + u * std::fabs(r) : sigmoid;
  } else if (op == "Elu" || op == "Selu") {
    const bool selu = op == "Selu";
    if (x > 0 || (!selu && x == 0)) {
      first = selu ? u * std::fabs(r) : 0;  // gamma x; x itself
    } else {
      const double e = std::exp(x);
      first = std::fabs(alpha * (selu ? beta : 1)) * (exp_error(x) + u * std::fabs(e - 1)) +
              (selu ? 2 : 1) * u * std::fabs(r);
    }
  } else if (op == "Celu") {
    if (x < 0) {
      const double z = x / alpha, e = std::exp(z);
      first = std::fabs(alpha) * (exp_error(z) + e * u * std::fabs(z) + u * std::fabs(e - 1)) + u * std::fabs(r);
    }
  } else if (op == "Softplus" || op == "Mish") {
    const double e = std::exp(x), s = std::log1p(e);
    const double softplus = exp_error(x) / (1 + e) + u +
                            function_bound("Log", f, 1 + e, 0, s).value_or(kInfinity);  // exp, 1 +, log
    if (op == "Softplus") {
      first = softplus;
    } else {
      const double t = std::tanh(s);
      const double tanh = function_bound("Tanh", f, s, 0, t).value_or(kInfinity) + (1 - t * t) * softplus;
      first = std::fabs(x) * tanh + u * std::fabs(r);
    }
  } else {
    return std::nullopt;
  }
  const double bound = 2 * first;
  if (!std::isfinite(bound)) return std::nullopt;
  return std::max(bound, std::ldexp(1.0, f.min_exponent));
}

std::optional<double> gelu_bound(FloatFormat f, double x, double r, bool tanh_form) noexcept {
  // [spec:AC6] Gelu's steps (a constant's representation counting as one rounding), AC5's Erf or Tanh, each
  // error carried through the steps after it, to first order, doubled.
  if (!std::isfinite(x)) return std::nullopt;
  const double u = std::ldexp(1.0, -1 - f.fraction_bits);
  double inner = 0;  // the error of 1 + erf(z) or 1 + tanh(v)
  if (!tanh_form) {
    const double z = x / std::sqrt(2.0), e = std::erf(z);
    const double dz = 2 * u * std::fabs(z);  // 1/sqrt(2) represented, the product
    inner = 2 / std::sqrt(std::numbers::pi) * std::exp(-z * z) * dz + function_bound("Erf", f, z, 0, e).value_or(0) +
            u * std::fabs(1 + e);
  } else {
    const double c = 0.044715, k = std::sqrt(2 / std::numbers::pi);
    const double cube = c * x * x * x, w = x + cube, v = k * w, t = std::tanh(v);
    const double dw = 4 * u * std::fabs(cube) + u * std::fabs(w);  // x^3 (2), c (2), the sum
    const double dv = std::fabs(k) * dw + 2 * u * std::fabs(v);    // k represented, the product
    const auto h = function_bound("Tanh", f, v, 0, t);
    if (!h) return std::nullopt;
    inner = *h + (1 - t * t) * dv + u * std::fabs(1 + t);
  }
  const double bound = 2 * (0.5 * std::fabs(x) * inner + u * std::fabs(r));  // x / 2 times it, one rounding
  if (!std::isfinite(bound)) return std::nullopt;
  return std::max(bound, std::ldexp(1.0, f.min_exponent));
}

double error_in_bound_units(double v, double r, double allowed) noexcept {
  if (std::isnan(r) || std::isnan(v)) return std::isnan(r) && std::isnan(v) ? 0.0 : kInfinity;
  if (std::isinf(r) || std::isinf(v)) return v == r ? 0.0 : kInfinity;
  const double e = std::fabs(v - r);
  if (e == 0) return 0.0;
  return allowed > 0 ? e / allowed : kInfinity;
}

}  // namespace onnxsem::conformance

// The accuracy an implementation owes (spec/accuracy.md): expected values worked out by hand from the
// clauses' formulas, and every operator a clause names checked against ONNX's catalog.
#include "conformance/accuracy.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <numbers>

#include "ops/registry.hpp"

using namespace onnxsem;
using namespace onnxsem::conformance;

// Named for this file alone: a unity build compiles it together with conformance.test.cpp.
namespace accuracy_test {
const FloatFormat f16 = *float_format(DType::float16);
const FloatFormat bf16 = *float_format(DType::bfloat16);
const FloatFormat f32 = *float_format(DType::float32);
const FloatFormat f64 = *float_format(DType::float64);
constexpr double inf = std::numeric_limits<double>::infinity();
const double qnan = std::nan("");
}  // namespace accuracy_test
using namespace accuracy_test;

TEST_CASE("[AC1] the unit of error is the spacing of the type at the reference, the subnormal one below") {
  CHECK_FALSE(float_format(DType::int32));
  CHECK_FALSE(float_format(DType::float8e4m3fn));
  CHECK(unit_of_error(f32, 1.0) == std::ldexp(1.0, -23));
  CHECK(unit_of_error(f32, 1.5) == std::ldexp(1.0, -23));
  CHECK(unit_of_error(f32, -2.0) == std::ldexp(1.0, -22));
  CHECK(unit_of_error(f32, 0.0) == std::ldexp(1.0, -149));
  CHECK(unit_of_error(f16, 1.0) == std::ldexp(1.0, -10));
  CHECK(unit_of_error(f16, 6e-5) == std::ldexp(1.0, -24));  // below 2^-14, the smallest normal float16
  CHECK(unit_of_error(bf16, 1.0) == std::ldexp(1.0, -7));
  CHECK(unit_of_error(f64, 1.0) == std::ldexp(1.0, -52));
}

TEST_CASE("[AC1] the error of a value is its distance to the reference in units of ulp_T(r)") {
  CHECK(error_in_ulp(f32, 1.0 + std::ldexp(1.0, -23), 1.0) == 1.0);
  CHECK(error_in_ulp(f32, 1.0 - std::ldexp(1.0, -24), 1.0) == 0.5);
  // float32's nearest to 0.1 lies 1.490116119384765625e-9 from it, a fifth of ulp(0.1) = 2^-27.
  CHECK(error_in_ulp(f32, static_cast<double>(0.1f), 0.1) == doctest::Approx(0.2).epsilon(1e-6));
  CHECK(error_in_ulp(f32, qnan, qnan) == 0.0);
  CHECK(error_in_ulp(f32, 1.0, qnan) == inf);
  CHECK(error_in_ulp(f32, qnan, 1.0) == inf);
  CHECK(error_in_ulp(f32, inf, inf) == 0.0);
  CHECK(error_in_ulp(f32, -inf, inf) == inf);
  CHECK(error_in_ulp(f32, 3.4e38, inf) == inf);
  CHECK(error_in_ulp(f32, inf, 3.4e38) == inf);
}

TEST_CASE("[AC2] moving, selecting and comparing values allows no error") {
  for (const char* op : {"Reshape", "Transpose", "Gather", "Relu", "MaxPool", "Equal", "Floor"}) {
    CAPTURE(op);
    CHECK(bound_kind("", op) == BoundKind::exact);
  }
  CHECK(bound_kind("ai.onnx", "Where") == BoundKind::exact);
  CHECK(std::string(bound_clause(BoundKind::exact)) == "AC2");
  CHECK(allowed_error(BoundKind::exact, DType::float32, 1) == 0.0);
  CHECK(allowed_error(BoundKind::exact, DType::bfloat16, 1) == 0.0);
}

TEST_CASE("[AC3] IEEE 754's basic operations allow half a unit, a whole one for bfloat16") {
  for (const char* op : {"Add", "Sub", "Mul", "Div", "Sqrt", "Cast", "CastLike", "LeakyRelu", "PRelu"}) {
    CAPTURE(op);
    CHECK(bound_kind("", op) == BoundKind::correctly_rounded);
  }
  CHECK(std::string(bound_clause(BoundKind::correctly_rounded)) == "AC3");
  CHECK(allowed_error(BoundKind::correctly_rounded, DType::float32, 1) == 0.5);
  CHECK(allowed_error(BoundKind::correctly_rounded, DType::float16, 1) == 0.5);
  CHECK(allowed_error(BoundKind::correctly_rounded, DType::bfloat16, 1) == 1.0);
}

TEST_CASE("[AC4] a sum of K terms may err by 2K units of its magnitude, 6K for float32") {
  for (const char* op : {"MatMul", "Gemm", "Conv", "ConvTranspose", "Einsum", "ReduceSum", "AveragePool", "Sum"}) {
    CAPTURE(op);
    CHECK(bound_kind("", op) == BoundKind::sum_of_products);
  }
  CHECK(std::string(bound_clause(BoundKind::sum_of_products)) == "AC4");
  CHECK(allowed_error(BoundKind::sum_of_products, DType::float32, 10) == 60.0);
  CHECK(allowed_error(BoundKind::sum_of_products, DType::float16, 10) == 20.0);
  CHECK(allowed_error(BoundKind::sum_of_products, DType::bfloat16, 0) == 2.0);  // at least one term
  // The unit is max(m * 2^-24, 2^-126) for float32: with m = 4 it is 2^-22, so 2^-23 away is half a unit.
  CHECK(sum_error_in_units(f32, 1.0 + std::ldexp(1.0, -23), 1.0, 4.0, 60.0) == 0.5);
  // Cancellation: r = 0 from terms of magnitude 2; the unit is 2 * 2^-24 = 2^-23, so 2^-22 away is two units.
  CHECK(sum_error_in_units(f32, std::ldexp(1.0, -22), 0.0, 2.0, 60.0) == 2.0);
  // Tiny magnitudes: the unit does not fall below the smallest normal number.
  CHECK(sum_error_in_units(f32, std::ldexp(1.0, -126), 0.0, 1e-300, 60.0) == 1.0);
  // Every term zero: only zero is right.
  CHECK(sum_error_in_units(f32, 0.0, 0.0, 0.0, 60.0) == 0.0);
  CHECK(sum_error_in_units(f32, 1e-30, 0.0, 0.0, 60.0) == inf);
  // float16: 65000 * (1 + 20 * 2^-11) = 65634.8... exceeds 65504, the largest float16: the sum may overflow.
  CHECK_FALSE(sum_error_in_units(f16, inf, 65000.0, 65000.0, 20.0));
  CHECK(sum_error_in_units(f16, 60000.0, 60000.0, 60000.0, 20.0) == 0.0);
  CHECK(sum_error_in_units(f32, qnan, qnan, 1.0, 60.0) == 0.0);
  CHECK(sum_error_in_units(f32, 1.0, qnan, 1.0, 60.0) == inf);
  CHECK(sum_error_in_units(f32, qnan, 1.0, 1.0, 60.0) == inf);
  // The spread over an output: at most 1.6 * K * N squared units.
  CHECK(spread_within(16.0, 10, 1));
  CHECK_FALSE(spread_within(16.5, 10, 1));
  CHECK(spread_within(1600.0, 10, 100));
}

TEST_CASE("[AC5] elementwise functions allow TOSA's bounds, growing with |x| where the error does") {
  for (const char* op : {"Exp", "Log", "Tanh", "Sigmoid", "Erf", "Reciprocal", "Sin", "Cos", "Pow"}) {
    CAPTURE(op);
    CHECK(bound_kind("", op) == BoundKind::function);
  }
  CHECK(std::string(bound_clause(BoundKind::function)) == "AC5");
  CHECK_FALSE(allowed_error(BoundKind::function, DType::float32, 1));  // absolute, per element
  const double e32 = std::ldexp(1.0, -23), e16 = std::ldexp(1.0, -10);
  // Exp(2) in float32: (3 + 4) * 2^-23 * e^2; in float16 the base is 1: (1 + 4) * 2^-10 * e^2.
  CHECK(*function_bound("Exp", f32, 2, 0, std::exp(2.0)) == doctest::Approx(7 * e32 * std::exp(2.0)));
  CHECK(*function_bound("Exp", f16, 2, 0, std::exp(2.0)) == doctest::Approx(5 * e16 * std::exp(2.0)));
  // Exp(-200) underflows: the bound does not fall below (b + 2|x|) * 2^-p * 2^-126.
  CHECK(*function_bound("Exp", f32, -200, 0, 0.0) == doctest::Approx(403 * e32 * std::ldexp(1.0, -126)));
  // Log near 1 is near 0: the bound keeps 5 * 2^-p * 0.1 of absolute room.
  CHECK(*function_bound("Log", f32, 1.0, 0, 0.0) == doctest::Approx(0.5 * e32));
  CHECK(*function_bound("Log", f32, 100.0, 0, std::log(100.0)) == doctest::Approx(5 * e32 * std::log(100.0)));
  // Tanh(0.5): k = 4 (3 + 1) = 16, max(|r|, 1/32) = tanh(0.5) = 0.46...
  CHECK(*function_bound("Tanh", f32, 0.5, 0, std::tanh(0.5)) == doctest::Approx(16 * e32 * std::tanh(0.5)));
  CHECK(*function_bound("Tanh", f32, 0.0, 0, 0.0) == doctest::Approx(12 * e32 / 24));  // 0.5 * 2^-p near 0
  CHECK(*function_bound("Sigmoid", f32, -3, 0, 0.0474) == doctest::Approx(2 * 4 * e32 * 0.0474));
  CHECK(*function_bound("Erf", f32, 0.3, 0, 0.75) == doctest::Approx(5 * std::ldexp(1.0, -24)));
  CHECK(*function_bound("Reciprocal", f32, 4, 0, 0.25) == std::ldexp(1.0, -25));
  // Sin and Cos lose half the bits: 2^-11.5 for float32.
  CHECK(*function_bound("Cos", f32, 3, 0, std::cos(3.0)) == doctest::Approx(4 * std::exp2(-11.5)));
  CHECK(*function_bound("Sin", f32, 3, 0, std::sin(3.0)) == doctest::Approx(6 * std::exp2(-11.5)));
  // Pow: exact at 0^y (y > 0) and x^0, no bound for a negative base, otherwise the composed bound.
  CHECK(*function_bound("Pow", f32, 0, 2, 0) == 0.0);
  CHECK(*function_bound("Pow", f32, 5, 0, 1) == 0.0);
  CHECK_FALSE(function_bound("Pow", f32, -2, 2, 4));
  CHECK_FALSE(function_bound("Pow", f32, 0, -1, inf));
  const double t = 3 * std::log(2.0), mul = 5.5 * e32 * t;
  CHECK(*function_bound("Pow", f32, 2, 3, 8) == doctest::Approx(8 * std::expm1(mul) + (3 + 2 * (t + mul)) * e32 * 8));
  CHECK_FALSE(function_bound("Softmax", f32, 1, 0, 1));
  // Units of an absolute bound: NaN meets NaN, an error where none is allowed is unbounded.
  CHECK(error_in_bound_units(1.5, 1.0, 0.25) == 2.0);
  CHECK(error_in_bound_units(qnan, qnan, 0.25) == 0.0);
  CHECK(error_in_bound_units(1.0, qnan, 0.25) == inf);
  CHECK(error_in_bound_units(1.0, 1.0, 0.0) == 0.0);
  CHECK(error_in_bound_units(1.5, 1.0, 0.0) == inf);
}

TEST_CASE("[AC6] a product of n factors and a linear interpolation") {
  CHECK(bound_kind("", "ReduceProd") == BoundKind::product);
  CHECK(bound_kind("", "Resize") == BoundKind::interpolation);
  CHECK(std::string(bound_clause(BoundKind::product)) == "AC6");
  CHECK(std::string(bound_clause(BoundKind::interpolation)) == "AC6");
  CHECK(resize_mode_bounded("linear"));
  CHECK(resize_mode_bounded("bilinear"));
  CHECK_FALSE(resize_mode_bounded("nearest"));
  CHECK_FALSE(resize_mode_bounded("cubic"));
  // 3 factors, r = 8: 8 * ((1 + 2^-24)^3 - 1), about 3 * 8 * 2^-24.
  CHECK(product_bound(f32, 8.0, 3) == doctest::Approx(8 * (std::pow(1 + std::ldexp(1.0, -24), 3) - 1)));
  CHECK(product_bound(f32, 8.0, 3) == doctest::Approx(24 * std::ldexp(1.0, -24)).epsilon(1e-6));
  // The interpolation's bound is 0.6 % of the largest input (20 * 2^-23 is far smaller).
  CHECK(interpolation_bound(f32, 10.0) == doctest::Approx(0.06));
  CHECK(interpolation_bound(f32, 0.0) == doctest::Approx(20 * std::ldexp(1.0, -23) * std::ldexp(1.0, -126)));
}

TEST_CASE("[AC6] compositions: ReduceL2, Softmax and LogSoftmax from the bounds of their steps, doubled") {
  for (const char* op : {"ReduceL2", "Softmax", "LogSoftmax"}) {
    CAPTURE(op);
    CHECK(bound_kind("", op) == BoundKind::composition);
  }
  CHECK(std::string(bound_clause(BoundKind::composition)) == "AC6");
  CHECK(bound_kind("", "ReduceSumSquare") == BoundKind::sum_of_products);
  CHECK(bound_kind("", "ReduceL1") == BoundKind::sum_of_products);
  const double h = std::ldexp(1.0, -24), e = std::ldexp(1.0, -23);  // 2^(-1-p) and 2^-p for float32
  // ReduceL2 of 4 squares, r = 2: 2 * 2 * (24 * 2^-25 + 2^-24) = 4 * 13 * 2^-24.
  CHECK(root_of_squares_bound(f32, 2.0, 4) == doctest::Approx(4 * 13 * h));
  CHECK(root_of_squares_bound(f32, 0.0, 4) == std::ldexp(1.0, -126));
  // Softmax of two equal inputs: d = 0, a = 3 * 2^-23, each share 1/2, r = 1/2; A(2) = 12:
  // 2 * 0.5 * (3e + 3e + 12h + h) = 6e + 6.5e.
  const auto two = softmax_bounds(f32, false, {1.5, 1.5}, {0.5, 0.5});
  REQUIRE(two.size() == 2);
  CHECK(two[0] == doctest::Approx(6 * e + 6.5 * e));
  CHECK(two[1] == two[0]);
  // A far smaller input: its d = -10 raises its own a (3 + 25) but barely the sum's share-weighted error.
  const double s1 = 1 / (1 + std::exp(-10.0)), s2 = std::exp(-10.0) / (1 + std::exp(-10.0));
  const double weighted = s1 * 3 * e + s2 * 28 * e, sum_error = weighted + 12 * h;
  const auto far = softmax_bounds(f32, false, {0.0, -10.0}, {s1, s2});
  CHECK(far[0] == doctest::Approx(2 * s1 * (3 * e + sum_error + h)));
  CHECK(far[1] == doctest::Approx(2 * s2 * (28 * e + sum_error + h)));
  // LogSoftmax of the same: 2 (h |d| + sum_error + 5e * max(|log S|, 0.1) + h |r|), S = 1 + e^-10.
  const double log_s = std::log(1 + std::exp(-10.0));
  const auto lg = softmax_bounds(f32, true, {0.0, -10.0}, {-log_s, -10 - log_s});
  CHECK(lg[0] == doctest::Approx(2 * (sum_error + 5 * e * 0.1 + h * log_s)));
  CHECK(lg[1] == doctest::Approx(2 * (10 * h + sum_error + 5 * e * 0.1 + h * (10 + log_s))));
  // An infinite input: no bound but the reference itself.
  CHECK(softmax_bounds(f32, false, {inf, 1.0}, {qnan, qnan}) == std::vector<double>{0.0, 0.0});
}

TEST_CASE("[AC6] BatchNormalization in inference mode: 5.5 roundings of |x a| + |mean a| + |B|, doubled") {
  CHECK(bound_kind("", "BatchNormalization") == BoundKind::composition);
  const double h = std::ldexp(1.0, -24);  // 2^(-1-p) for float32
  // x = 2, scale 3, B -1, mean 0.5, var 3.99, epsilon 0.01: a = 3 / sqrt(4) = 1.5, M = 3 + 0.75 + 1 = 4.75,
  // E = 11 * 4.75 * 2^-24.
  CHECK(batch_normalization_bound(f32, 2.0, 3.0, -1.0, 0.5, 3.99, 0.01) == doctest::Approx(11 * 4.75 * h));
  // The magnitude is the terms', not the result's: x = 0.5 and B = 0.5 give y = 0.75 - 0.75 + 0.5 = 0.5 but
  // M = 0.75 + 0.75 + 0.5 = 2, since the cancellation of x a and mean a may cost their bits.
  CHECK(batch_normalization_bound(f32, 0.5, 3.0, 0.5, 0.5, 3.99, 0.01) ==
        doctest::Approx(11 * (0.75 + 0.75 + 0.5) * h));
  // Nothing to round: the smallest normal number.
  CHECK(batch_normalization_bound(f32, 0.0, 0.0, 0.0, 0.0, 1.0, 1e-5) == std::ldexp(1.0, -126));
}

TEST_CASE("[AC6] LpNormalization and RMSNormalization: a norm's error, then a few roundings, doubled") {
  for (const char* op : {"LpNormalization", "RMSNormalization"}) {
    CAPTURE(op);
    CHECK(bound_kind("", op) == BoundKind::composition);
  }
  const double h = std::ldexp(1.0, -24);  // 2^(-1-p) for float32
  // A line of 4, r = 0.5; float32's A(4) = 24 roundings.
  // p = 2: 2 * 0.5 * (24 / 2 + 2) h; p = 1: 2 * 0.5 * (24 + 1) h.
  CHECK(lp_normalization_bound(f32, 0.5, 4, 2) == doctest::Approx(14 * h));
  CHECK(lp_normalization_bound(f32, -0.5, 4, 1) == doctest::Approx(25 * h));
  // RMSNormalization over 4: 2 * 0.5 * (24 / 2 + 6) h.
  CHECK(rms_normalization_bound(f32, 0.5, 4) == doctest::Approx(18 * h));
  CHECK(rms_normalization_bound(f32, 0.0, 4) == std::ldexp(1.0, -126));
}

TEST_CASE("[AC6] elementwise compositions: each step's rounding or AC5 error carried through, doubled") {
  for (const char* op : {"Softsign", "HardSigmoid", "HardSwish", "Elu", "Celu", "Selu", "Softplus", "Mish"}) {
    CAPTURE(op);
    CHECK(bound_kind("", op) == BoundKind::composition);
    CHECK(elementwise_composition(op));
  }
  CHECK_FALSE(elementwise_composition("Softmax"));
  CHECK(bound_kind("", "ThresholdedRelu") == BoundKind::exact);
  CHECK(bound_kind("", "Shrink") == BoundKind::correctly_rounded);
  const double u = std::ldexp(1.0, -24), n = std::ldexp(1.0, -126);  // float32: 2^(-1-p), 2^e_min
  auto bound = [&](const char* op, double x, double r, double alpha = 1, double beta = 0.5) {
    return elementwise_composition_bound(op, f32, x, r, alpha, beta).value_or(-1);
  };
  // Softsign(1) = 0.5: 2 * 2u * 0.5.
  CHECK(bound("Softsign", 1, 0.5) == doctest::Approx(2 * u));
  // HardSigmoid(1), alpha 0.2, beta 0.5: 2u (0.2 + 0.7).
  CHECK(bound("HardSigmoid", 1, 0.7, 0.2, 0.5) == doctest::Approx(1.8 * u));
  // HardSwish(3) = 3: 2 (3u (0.5 + 1) + 3u) = 15u.
  CHECK(bound("HardSwish", 3, 3) == doctest::Approx(15 * u));
  // Elu(-1), alpha 1: X(-1) = (3 + 2) 2^-23 e^-1 = 10u e^-1; 2 (10u e^-1 + 2u (1 - e^-1)).
  const double e1 = std::exp(-1.0);
  CHECK(bound("Elu", -1, e1 - 1) == doctest::Approx(2 * (10 * u * e1 + 2 * u * (1 - e1))));
  CHECK(bound("Elu", 2, 2) == n);  // x itself
  // Selu(2), gamma 1.05: 2u |r|.
  CHECK(bound("Selu", 2, 2.1, 1.6733, 1.05) == doctest::Approx(2 * u * 2.1));
  // Softplus(0) = log 2: X(0) / 2 = 3u, one rounding, L = 10u log 2 (5 * 2^-23 * max(log 2, 0.1)); doubled.
  CHECK(bound("Softplus", 0, std::log(2.0)) == doctest::Approx(2 * (3 * u + u + 10 * u * std::log(2.0))));
  // Mish(0) = 0: nothing to carry, the least bound.
  CHECK(bound("Mish", 0, 0) == n);
  // Celu(-2), alpha 2: z = -1, 2 (2 (10u e^-1 + e^-1 u + u (1 - e^-1)) + 2u (1 - e^-1)).
  CHECK(bound("Celu", -2, 2 * (e1 - 1), 2) ==
        doctest::Approx(2 * (2 * (10 * u * e1 + e1 * u + u * (1 - e1)) + 2 * u * (1 - e1))));
  // Gelu(2), erf form: z = sqrt(2), dz = 2u sqrt(2), erf'(z) = (2 / sqrt(pi)) e^-2, Erf's 5 ulp of erf(z) (in
  // [0.5, 1): 5u), 1 + erf(z) rounds once; r = 1 + erf(z).
  CHECK(elementwise_composition("Gelu"));
  const double z = std::sqrt(2.0), ez = std::erf(z);
  const double inner = 2 / std::sqrt(std::numbers::pi) * std::exp(-2.0) * 2 * u * z + 5 * u + u * (1 + ez);
  CHECK(gelu_bound(f32, 2, 1 + ez, false).value_or(-1) == doctest::Approx(2 * (inner + u * (1 + ez))));
  CHECK(gelu_bound(f32, 0, 0, false).value_or(-1) == n);
  CHECK(gelu_bound(f32, 0, 0, true).value_or(-1) == n);
  CHECK_FALSE(gelu_bound(f32, inf, inf, true));
  // No bound: an infinite input; an exponential beyond binary64's range.
  CHECK_FALSE(elementwise_composition_bound("Softsign", f32, inf, 1, 1, 0.5));
  CHECK_FALSE(elementwise_composition_bound("Softplus", f32, 800, 800, 1, 0.5));
}

TEST_CASE("[AC7] the other operators have no stated bound") {
  for (const char* op : {"Attention", "LayerNormalization", "InstanceNormalization", "Sinh", "Tan", "LSTM", "If"}) {
    CAPTURE(op);
    CHECK(bound_kind("", op) == BoundKind::none);
  }
  CHECK(bound_kind("com.microsoft", "MatMul") == BoundKind::none);  // another domain's operator
  CHECK(std::string(bound_clause(BoundKind::none)) == "AC7");
  CHECK_FALSE(allowed_error(BoundKind::none, DType::float32, 1));
  CHECK(operators_bounded_by(BoundKind::none).empty());
}

TEST_CASE("[AC2] [AC3] [AC4] [AC5] [AC6] every operator a clause names is an operator of ai.onnx, named once") {
  size_t named = 0;
  for (BoundKind k : {BoundKind::exact, BoundKind::correctly_rounded, BoundKind::sum_of_products, BoundKind::function,
                      BoundKind::product, BoundKind::interpolation, BoundKind::composition}) {
    for (const auto& op : operators_bounded_by(k)) {
      CAPTURE(op);
      CHECK_FALSE(ops::onnx_defined_versions("", op).empty());
      CHECK(bound_kind("", op) == k);
      ++named;
    }
  }
  CHECK(named == 46 + 10 + 13 + 9 + 1 + 1 + 15);
}

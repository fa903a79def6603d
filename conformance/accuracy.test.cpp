// The accuracy an implementation owes (spec/accuracy.md): expected values worked out by hand from the
// clauses' formulas, and every operator a clause names checked against ONNX's catalog.
#include "conformance/accuracy.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

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
  for (const char* op : {"Add", "Sub", "Mul", "Div", "Sqrt", "Reciprocal", "Cast", "CastLike"}) {
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

TEST_CASE("[AC5] the other operators have no stated bound") {
  for (const char* op : {"Exp", "Log", "Tanh", "Erf", "Pow", "Softmax", "LayerNormalization", "Resize"}) {
    CAPTURE(op);
    CHECK(bound_kind("", op) == BoundKind::none);
  }
  CHECK(bound_kind("com.microsoft", "MatMul") == BoundKind::none);  // another domain's operator
  CHECK(std::string(bound_clause(BoundKind::none)) == "AC5");
  CHECK_FALSE(allowed_error(BoundKind::none, DType::float32, 1));
  CHECK(operators_bounded_by(BoundKind::none).empty());
}

TEST_CASE("[AC2] [AC3] [AC4] every operator a clause names is an operator of ai.onnx, named by one clause") {
  size_t named = 0;
  for (BoundKind k : {BoundKind::exact, BoundKind::correctly_rounded, BoundKind::sum_of_products}) {
    for (const auto& op : operators_bounded_by(k)) {
      CAPTURE(op);
      CHECK_FALSE(ops::onnx_defined_versions("", op).empty());
      CHECK(bound_kind("", op) == k);
      ++named;
    }
  }
  CHECK(named == 45 + 8 + 11);
}

// How far an implementation's floating-point results may lie from onnxsem's (spec/accuracy.md, AC1-AC5):
// the unit of error at a reference value, the kind of bound an operator has, and the error of one output
// element in units of its bound. They judge another implementation's values; onnxsem's own results do not
// depend on them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "values/value.hpp"

namespace onnxsem::conformance {

// The fraction bits and the smallest normal exponent of a floating-point element type (AC1): float16,
// bfloat16, float32 and float64; nullopt for any other type.
struct FloatFormat {
  int fraction_bits = 0;
  int min_exponent = 0;
};
[[nodiscard]] std::optional<FloatFormat> float_format(DType t) noexcept;

// AC1: ulp_T(r), the unit of error at the reference value r for the element type t (float_format(t) must
// hold); r is finite.
[[nodiscard]] double unit_of_error(FloatFormat f, double r) noexcept;

// AC1: the error of an implementation's value v against the reference value r, in units of ulp_T(r): 0
// when both are NaN or the same infinity, infinity when one is NaN or infinite and the other is not.
[[nodiscard]] double error_in_ulp(FloatFormat f, double v, double r) noexcept;

// Which clause bounds an operator's floating-point results (AC2-AC5).
enum class BoundKind { exact, correctly_rounded, sum_of_products, none };
[[nodiscard]] BoundKind bound_kind(std::string_view domain, std::string_view op_type) noexcept;
[[nodiscard]] const char* bound_clause(BoundKind k) noexcept;  // "AC2" ... "AC5"
// The operators of ai.onnx a clause names (empty for AC5, which takes every other operator).
[[nodiscard]] std::vector<std::string> operators_bounded_by(BoundKind k);

// The error allowed for one output element, in the units the kind measures in: ulp_T(r) for exact and
// correctly rounded results (AC2, AC3), units of the sum's magnitude for a sum of `terms` terms (AC4);
// nullopt for an operator without a stated bound (AC5).
[[nodiscard]] std::optional<double> allowed_error(BoundKind k, DType t, int64_t terms) noexcept;

// AC4: the error of one element of a sum of products, in units of max(m * 2^(-1-p), 2^e_min), where m is
// the same sum computed on the absolute values of its operands; nullopt when no bound applies (m times
// (1 + allowed units * 2^(-1-p)) overflows the type). With m == 0 the error is 0 when v is 0 and infinity
// otherwise; a NaN reference is met only by a NaN.
[[nodiscard]] std::optional<double> sum_error_in_units(FloatFormat f, double v, double r, double m,
                                                       double allowed) noexcept;

// AC4: whether the errors of a whole output of `elements` sums of `terms` terms each, whose squares add up to
// `sum_of_squares`, are within the variance bound 1.6 * terms * elements.
[[nodiscard]] bool spread_within(double sum_of_squares, int64_t terms, int64_t elements) noexcept;

}  // namespace onnxsem::conformance

// How far an implementation's floating-point results may lie from onnxsem's (spec/accuracy.md, AC1-AC7):
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

// Which clause bounds an operator's floating-point results (AC2-AC7). Resize is `interpolation` in its
// linear modes only (resize_mode_bounded); ReduceL2, Softmax, LogSoftmax, LpNormalization, RMSNormalization and
// BatchNormalization (in inference mode only) are AC6's `composition`.
enum class BoundKind { exact, correctly_rounded, sum_of_products, function, product, interpolation, composition, none };
[[nodiscard]] BoundKind bound_kind(std::string_view domain, std::string_view op_type) noexcept;
[[nodiscard]] const char* bound_clause(BoundKind k) noexcept;  // "AC2" ... "AC7"
// The operators of ai.onnx a clause names (empty for AC7, which takes every other operator).
[[nodiscard]] std::vector<std::string> operators_bounded_by(BoundKind k);
// AC6, AC7: Resize's mode attribute ("nearest" when absent) has a bound only when linear.
[[nodiscard]] bool resize_mode_bounded(std::string_view mode) noexcept;

// The error allowed for one output element, in the units the kind measures in: ulp_T(r) for exact and
// correctly rounded results (AC2, AC3), units of the sum's magnitude for a sum of `terms` terms (AC4);
// nullopt for the kinds whose bound is absolute and depends on the element (AC5, AC6) and for an operator
// without a stated bound (AC7).
[[nodiscard]] std::optional<double> allowed_error(BoundKind k, DType t, int64_t terms) noexcept;

// AC5: the absolute error E allowed for one element of the elementwise function `op_type` (Exp, Log, Tanh,
// Sigmoid, Erf, Reciprocal, Sin, Cos, Pow) at the input x (x and y for Pow) and the finite reference value r;
// 0 where the result is exact (Pow's 0 and 1); nullopt where the clause states no bound (Pow outside its
// domain).
[[nodiscard]] std::optional<double> function_bound(std::string_view op_type, FloatFormat f, double x, double y,
                                                   double r) noexcept;
// AC6: the absolute error allowed for a product of `factors` factors whose reference value is r (ReduceProd).
[[nodiscard]] double product_bound(FloatFormat f, double r, int64_t factors) noexcept;
// AC6: the absolute error allowed for a linear interpolation of an input whose largest |element| is `largest`.
[[nodiscard]] double interpolation_bound(FloatFormat f, double largest) noexcept;
// AC6: the absolute error allowed for ReduceL2's result r, the root of a sum of `terms` squares.
[[nodiscard]] double root_of_squares_bound(FloatFormat f, double r, int64_t terms) noexcept;
// AC6: the absolute error allowed for LpNormalization's result r on a line of `terms` elements, p 1 or 2.
[[nodiscard]] double lp_normalization_bound(FloatFormat f, double r, int64_t terms, int64_t p) noexcept;
// AC6: the absolute error allowed for RMSNormalization's result r, normalised over `terms` elements.
[[nodiscard]] double rms_normalization_bound(FloatFormat f, double r, int64_t terms) noexcept;
// AC6: whether the operator is one of the elementwise compositions below, or Gelu.
[[nodiscard]] bool elementwise_composition(std::string_view op_type) noexcept;
// AC6: the absolute error allowed for one element of the elementwise compositions (Softsign, HardSigmoid,
// HardSwish, Elu, Celu, Selu, Softplus, Mish) at the input x and the reference r; alpha and beta are the
// operator's attributes (HardSigmoid's alpha and beta, Elu's and Celu's alpha, Selu's alpha and gamma). nullopt
// where the clause states no bound (an infinite or NaN input, an exponential out of binary64's range).
[[nodiscard]] std::optional<double> elementwise_composition_bound(std::string_view op, FloatFormat f, double x,
                                                                  double r, double alpha, double beta) noexcept;
// AC6: the absolute error allowed for Gelu at x with the reference r, in its erf form or (tanh_form) its tanh form;
// nullopt for an infinite or NaN input.
[[nodiscard]] std::optional<double> gelu_bound(FloatFormat f, double x, double r, bool tanh_form) noexcept;
// AC6: the absolute errors allowed for the elements of one row of Softmax (or LogSoftmax when `log`): `x` the
// row's inputs and `r` the reference values of its outputs, in binary64.
[[nodiscard]] std::vector<double> softmax_bounds(FloatFormat f, bool log, const std::vector<double>& x,
                                                 const std::vector<double>& r);
// AC6: the absolute error allowed for one output element of BatchNormalization in inference mode, from its input
// element x, its channel's scale, bias, mean and variance, and the attribute epsilon, all in binary64.
[[nodiscard]] double batch_normalization_bound(FloatFormat f, double x, double scale, double bias, double mean,
                                               double variance, double epsilon) noexcept;
// The error of v against the reference value r in units of the absolute bound `allowed` (AC5, AC6): NaN
// meets only NaN and an infinity only the same infinity (0 units, else infinitely many); an error where
// 0 is allowed is infinitely many units.
[[nodiscard]] double error_in_bound_units(double v, double r, double allowed) noexcept;

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

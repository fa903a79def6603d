// Unary operators: Neg, Abs, Sign, Reciprocal, Sqrt, Exp, Log, Ceil, Floor, Round, Erf, the trigonometric
// and hyperbolic functions, IsNaN, IsInf, BitwiseNot, Not (spec/ops-elementwise.md, EW1, EW5, EW19-EW21,
// EW30).
#include <cmath>
#include <limits>

#include "ops/elementwise/elementwise_common.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::ew {
namespace {

// [spec:EW30] the floating functions are those of real analysis evaluated on the exact binary64 value and
// rounded once to the element type; outside a function's domain the result is NaN (never an error),
// at a pole the signed infinity.
Kernel float_unary(std::string op, double (*fn)(double)) {
  return [op, fn](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    ONNXSEM_CLAUSE(EW30);
    return one(apply_float(cx, args.tensor(0), op, fn));
  };
}

double reciprocal(double x) { return 1.0 / x; }

// [spec:EW21] Round: to the nearest integer, halves to the even neighbour; integers, zeros (with their
// sign), infinities and NaN are returned unchanged.
double round_half_even(double x) {
  ONNXSEM_CLAUSE(EW21);
  if (!std::isfinite(x)) return x;
  const double f = std::floor(x);
  const double d = x - f;  // exact: x and f are within one unit of each other
  double r = f;
  if (d > 0.5 || (d == 0.5 && std::fmod(f, 2.0) != 0.0)) r = f + 1.0;
  return r == 0.0 ? std::copysign(0.0, x) : r;
}

Kernel neg_kernel() {
  return [](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    const Tensor& x = args.tensor(0);
    return one(dispatch(x.dtype(), signed_numeric_types, "Neg", [&](auto tag) {
      using T = typename decltype(tag)::type;
      return map_unary<T, T>(cx, x, [](const T& v) {
        if constexpr (is_float_v<T>) return narrow<T>(-wide(v));
        else return wrap_neg(v);  // EW5: the minimum negates to itself
      });
    }));
  };
}

Kernel abs_kernel() {
  return [](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    const Tensor& x = args.tensor(0);
    return one(dispatch(x.dtype(), numeric_types, "Abs", [&](auto tag) {
      using T = typename decltype(tag)::type;
      return map_unary<T, T>(cx, x, [](const T& v) {
        if constexpr (is_float_v<T>) return narrow<T>(std::fabs(wide(v)));
        else if constexpr (std::is_signed_v<T>) return v < 0 ? wrap_neg(v) : v;
        else return v;
      });
    }));
  };
}

Kernel sign_kernel() {
  return [](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    const Tensor& x = args.tensor(0);
    return one(dispatch(x.dtype(), numeric_types, "Sign", [&](auto tag) {
      using T = typename decltype(tag)::type;
      return map_unary<T, T>(cx, x, [](const T& v) {
        // [spec:EW20] Sign is 1 for positive, -1 for negative elements; zeros (with their sign) and NaN
        // are returned unchanged.
        ONNXSEM_CLAUSE(EW20);
        if constexpr (is_float_v<T>) {
          const double d = wide(v);
          return d > 0 ? narrow<T>(1.0) : d < 0 ? narrow<T>(-1.0) : v;
        } else if constexpr (std::is_signed_v<T>) {
          return static_cast<T>(v > 0 ? 1 : v < 0 ? -1 : 0);
        } else {
          return static_cast<T>(v > 0 ? 1 : 0);
        }
      });
    }));
  };
}

Kernel isnan_kernel() {
  return [](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    const Tensor& x = args.tensor(0);
    return one(dispatch(x.dtype(), float_and_float8_types, "IsNaN", [&](auto tag) {
      using T = typename decltype(tag)::type;
      return map_unary<bool, T>(cx, x, [](const T& v) { return std::isnan(num::to_double(v)); });
    }));
  };
}

Kernel isinf_kernel() {
  return [](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    const bool neg = attr_int(args.node, "detect_negative", 1) != 0;
    const bool pos = attr_int(args.node, "detect_positive", 1) != 0;
    const Tensor& x = args.tensor(0);
    return one(dispatch(x.dtype(), float_and_float8_types, "IsInf", [&](auto tag) {
      using T = typename decltype(tag)::type;
      // [spec:EW19] IsInf is true for +inf when detect_positive is nonzero and for -inf when
      // detect_negative is nonzero (both default 1); IsNaN is true exactly for NaN elements.
      ONNXSEM_CLAUSE(EW19);
      return map_unary<bool, T>(cx, x, [neg, pos](const T& v) {
        const double d = num::to_double(v);
        return std::isinf(d) && (d > 0 ? pos : neg);
      });
    }));
  };
}

Kernel bitwise_not_kernel() {
  return [](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    const Tensor& x = args.tensor(0);
    return one(dispatch(x.dtype(), int_types, "BitwiseNot", [&](auto tag) {
      using T = typename decltype(tag)::type;
      return map_unary<T, T>(cx, x, [](const T& v) { return static_cast<T>(~v); });  // EW18
    }));
  };
}

Kernel not_kernel() {
  return [](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    const Tensor& x = args.tensor(0);
    return one(dispatch(x.dtype(), hana::tuple_t<bool>, "Not", [&](auto) {
      return map_unary<bool, bool>(cx, x, [](bool v) { return !v; });  // EW13
    }));
  };
}

}  // namespace

void add_unary(Registry& r) {
  r.add("", "Neg", {1, 6, 13}, neg_kernel());
  r.add("", "Abs", {1, 6, 13}, abs_kernel());
  r.add("", "Sign", {9, 13}, sign_kernel());
  r.add("", "Reciprocal", {1, 6, 13}, float_unary("Reciprocal", reciprocal));
  r.add("", "Sqrt", {1, 6, 13}, float_unary("Sqrt", [](double x) { return std::sqrt(x); }));
  r.add("", "Exp", {1, 6, 13}, float_unary("Exp", [](double x) { return std::exp(x); }));
  r.add("", "Log", {1, 6, 13}, float_unary("Log", [](double x) { return std::log(x); }));
  r.add("", "Ceil", {1, 6, 13}, float_unary("Ceil", [](double x) { return std::ceil(x); }));
  r.add("", "Floor", {1, 6, 13}, float_unary("Floor", [](double x) { return std::floor(x); }));
  r.add("", "Round", {11, 22}, float_unary("Round", round_half_even));
  r.add("", "Erf", {9, 13}, float_unary("Erf", [](double x) { return std::erf(x); }));
  r.add("", "Sin", {7, 22}, float_unary("Sin", [](double x) { return std::sin(x); }));
  r.add("", "Cos", {7, 22}, float_unary("Cos", [](double x) { return std::cos(x); }));
  r.add("", "Tan", {7, 22}, float_unary("Tan", [](double x) { return std::tan(x); }));
  r.add("", "Asin", {7, 22}, float_unary("Asin", [](double x) { return std::asin(x); }));
  r.add("", "Acos", {7, 22}, float_unary("Acos", [](double x) { return std::acos(x); }));
  r.add("", "Atan", {7, 22}, float_unary("Atan", [](double x) { return std::atan(x); }));
  r.add("", "Sinh", {9, 22}, float_unary("Sinh", [](double x) { return std::sinh(x); }));
  r.add("", "Cosh", {9, 22}, float_unary("Cosh", [](double x) { return std::cosh(x); }));
  r.add("", "Asinh", {9, 22}, float_unary("Asinh", [](double x) { return std::asinh(x); }));
  r.add("", "Acosh", {9, 22}, float_unary("Acosh", [](double x) { return std::acosh(x); }));
  r.add("", "Atanh", {9, 22}, float_unary("Atanh", [](double x) { return std::atanh(x); }));
  r.add("", "IsNaN", {9, 13, 20}, isnan_kernel());
  r.add("", "IsInf", {10, 20}, isinf_kernel());
  r.add("", "BitwiseNot", {18}, bitwise_not_kernel());
  r.add("", "Not", {1}, not_kernel());
}

}  // namespace onnxsem::ops::ew

// The arithmetic of kernels that fold elements into sums and products (the reduce and linalg families):
// the accumulator domain of each element type and the single rounding step of spec/precision.md (P1).
// Floating types are computed in binary64 and rounded once; integers wrap around (two's complement).
#pragma once

#include <type_traits>

#include "values/numeric.hpp"
#include "values/value.hpp"

namespace onnxsem::ops::arith {

template <class T>
inline constexpr bool is_float_elem = std::is_same_v<T, float> || std::is_same_v<T, double> ||
                                      std::is_same_v<T, float16_t> || std::is_same_v<T, bfloat16_t>;
template <class T>
inline constexpr bool is_int_elem = std::is_integral_v<T> && !std::is_same_v<T, bool>;

// Exact widening of a floating or integer element to binary64.
template <class T>
[[nodiscard]] inline double wide(T x) {
  return num::to_double(x);
}

// The one rounding step of P1: binary64 to a floating element type, round to nearest even.
template <class T>
[[nodiscard]] inline T round_to(double x) {
  if constexpr (std::is_same_v<T, double>) {
    return x;
  } else if constexpr (std::is_same_v<T, float>) {
    return static_cast<float>(x);
  } else if constexpr (std::is_same_v<T, float16_t>) {
    return num::to_float16(x);
  } else {
    static_assert(std::is_same_v<T, bfloat16_t>);
    return num::to_bfloat16(x);
  }
}

// Integer arithmetic wraps around (two's complement): it is carried out in the unsigned type of the same
// width, where C++ defines overflow.
template <class T>
using wrap_t = std::make_unsigned_t<T>;
template <class T>
[[nodiscard]] inline wrap_t<T> to_wrap(T x) {
  return static_cast<wrap_t<T>>(x);
}
template <class T>
[[nodiscard]] inline T from_wrap(wrap_t<T> x) {
  return static_cast<T>(x);  // modular since C++20
}

// Products and sums in an accumulator type without C++'s promotion of short unsigned types to int
// (whose overflow would be undefined).
template <class A>
[[nodiscard]] inline A mul(A x, A y) {
  if constexpr (std::is_integral_v<A> && sizeof(A) < sizeof(unsigned)) return static_cast<A>(unsigned(x) * unsigned(y));
  else return x * y;
}
template <class A>
[[nodiscard]] inline A add(A x, A y) {
  if constexpr (std::is_integral_v<A> && sizeof(A) < sizeof(unsigned)) return static_cast<A>(unsigned(x) + unsigned(y));
  else return x + y;
}

// The accumulator domain of an element type: binary64 for floating types, the wrapping unsigned type for
// integers. acc_in widens an element, acc_out rounds (floats) or reinterprets (integers) once at the end.
template <class T>
struct Domain {
  using acc =
      std::conditional_t<is_float_elem<T>, double, std::make_unsigned_t<std::conditional_t<is_int_elem<T>, T, int>>>;
  static acc in(T x) {
    if constexpr (is_float_elem<T>) return wide(x);
    else return to_wrap(x);
  }
  static T out(acc a) {
    if constexpr (is_float_elem<T>) return round_to<T>(a);
    else return from_wrap<T>(a);
  }
};

}  // namespace onnxsem::ops::arith

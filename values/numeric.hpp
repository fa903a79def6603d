// Numeric rules of spec/numeric.md (clauses N1-N15): exact widening of every element type to binary64,
// and narrowing from binary64 with round-to-nearest-ties-to-even and ONNX's saturation rules.
// Operators compute on float16 / bfloat16 / float8 / float4 / float32 values in binary64 and round once
// to the output type (spec/precision.md, P1).
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "runtime/coverage.hpp"
#include "values/value.hpp"

namespace onnxsem::num {

// ---- widening: exact -------------------------------------------------------------------------------
[[nodiscard]] double to_double(float16_t x) noexcept;
[[nodiscard]] double to_double(bfloat16_t x) noexcept;
[[nodiscard]] double to_double(float8e4m3fn_t x) noexcept;
[[nodiscard]] double to_double(float8e4m3fnuz_t x) noexcept;
[[nodiscard]] double to_double(float8e5m2_t x) noexcept;
[[nodiscard]] double to_double(float8e5m2fnuz_t x) noexcept;
[[nodiscard]] double to_double(float8e8m0_t x) noexcept;
[[nodiscard]] double to_double(float4e2m1_t x) noexcept;
[[nodiscard]] inline double to_double(int4_t x) noexcept { return x.v; }
[[nodiscard]] inline double to_double(uint4_t x) noexcept { return x.v; }
[[nodiscard]] inline double to_double(int2_t x) noexcept { return x.v; }
[[nodiscard]] inline double to_double(uint2_t x) noexcept { return x.v; }
template <class T>
requires std::is_arithmetic_v<T>
[[nodiscard]] inline double to_double(T x) noexcept { return static_cast<double>(x); }

// ---- narrowing from binary64: round to nearest, ties to even (N2) -------------------------------------
// float16, bfloat16: overflow gives infinity, NaN stays NaN (N3).
[[nodiscard]] float16_t to_float16(double x) noexcept;
[[nodiscard]] bfloat16_t to_bfloat16(double x) noexcept;
// float8 and float4: `saturate` as ONNX's Cast attribute defines it (N4): with saturate, a finite value
// beyond the largest finite clamps to it (and so do infinities, for the types with infinities); without
// it, overflow gives infinity where the type has one, else NaN.
[[nodiscard]] float8e4m3fn_t to_float8e4m3fn(double x, bool saturate) noexcept;
[[nodiscard]] float8e4m3fnuz_t to_float8e4m3fnuz(double x, bool saturate) noexcept;
[[nodiscard]] float8e5m2_t to_float8e5m2(double x, bool saturate) noexcept;
[[nodiscard]] float8e5m2fnuz_t to_float8e5m2fnuz(double x, bool saturate) noexcept;
// float8e8m0 (powers of two only): rounding as ONNX defines for the type (N5). The two-argument form
// rounds up (toward the larger power of two), ONNX's default; Cast's round_mode selects the others.
enum class E8M0Round { up, down, nearest };
[[nodiscard]] float8e8m0_t to_float8e8m0(double x, bool saturate) noexcept;
[[nodiscard]] float8e8m0_t to_float8e8m0(double x, bool saturate, E8M0Round mode) noexcept;
// The same, refusing negative values and -0 (eval error N15), as from_double<float8e8m0_t> and Cast do.
[[nodiscard]] float8e8m0_t to_float8e8m0_checked(double x, bool saturate, E8M0Round mode);
[[nodiscard]] float4e2m1_t to_float4e2m1(double x, bool saturate) noexcept;
// binary32: IEEE round to nearest even (the C++ conversion).
[[nodiscard]] inline float to_float32(double x) noexcept { return static_cast<float>(x); }

// Generic narrowing to any non-string element type T from binary64.
//  - floating T: as above (saturate ignored by float16/bfloat16/float32/float64);
//  - integer T (incl. int4/uint4/int2/uint2) and bool: the value must be finite; it is truncated toward
//    zero and must then lie in T's range, else an evaluation error with clause N6 (ONNX leaves this
//    undefined; onnxsem refuses to guess). bool: x != 0.
template <class T>
[[nodiscard]] T from_double(double x, bool saturate = true);

// Integer to integer of another width: two's-complement wrap-around, as Cast defines (N7). From and To
// are any of int8..uint64, int4/uint4/int2/uint2, or bool (from bool: 0 or 1; to bool: x != 0).
namespace detail {
template <class T>
struct small_int_bits {
  static constexpr int value = 0;
};
template <>
struct small_int_bits<int4_t> {
  static constexpr int value = 4;
};
template <>
struct small_int_bits<uint4_t> {
  static constexpr int value = 4;
};
template <>
struct small_int_bits<int2_t> {
  static constexpr int value = 2;
};
template <>
struct small_int_bits<uint2_t> {
  static constexpr int value = 2;
};
template <class T>
inline constexpr bool is_small_int = small_int_bits<T>::value != 0;
}  // namespace detail

template <class To, class From>
[[nodiscard]] To wrap_integer(From x) noexcept {
  // [spec:N7] keep the low bits of the two's-complement representation at the target width.
  // The source value as a 64-bit two's-complement pattern (sign-extended for signed sources).
  ONNXSEM_CLAUSE(N7);
  uint64_t bits = 0;
  if constexpr (detail::is_small_int<From>) {
    bits = static_cast<uint64_t>(static_cast<int64_t>(x.v));
  } else if constexpr (std::is_same_v<From, bool>) {
    bits = x ? 1u : 0u;
  } else {
    static_assert(std::is_integral_v<From>);
    bits = static_cast<uint64_t>(x);  // sign-extends signed sources (modular conversion)
  }
  if constexpr (std::is_same_v<To, bool>) {
    return bits != 0;
  } else if constexpr (detail::is_small_int<To>) {
    constexpr int n = detail::small_int_bits<To>::value;
    const uint64_t low = bits & ((uint64_t{1} << n) - 1);
    To out;
    if constexpr (std::is_signed_v<decltype(out.v)>) {
      const bool neg = (low >> (n - 1)) & 1;
      out.v = static_cast<decltype(out.v)>(neg ? static_cast<int64_t>(low) - (int64_t{1} << n)
                                               : static_cast<int64_t>(low));
    } else {
      out.v = static_cast<decltype(out.v)>(low);
    }
    return out;
  } else {
    static_assert(std::is_integral_v<To>);
    // C++20 defines the conversion of an unsigned value to a narrower or signed type as modular.
    return static_cast<To>(bits);
  }
}

// Strings (Cast to and from string, N8): the shortest decimal that reads back to the same value for
// floating types ("NaN", "INF", "-INF" for the specials), the decimal integer for integers, "1"/"0"... see
// spec/numeric.md for the exact forms.
template <class T>
[[nodiscard]] std::string to_string_value(T x);
template <class T>
[[nodiscard]] T parse_string_value(const std::string& s);  // eval error N8 when s does not parse

}  // namespace onnxsem::num

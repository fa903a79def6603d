// Numeric rules of spec/values.md (clauses N1-N9): exact widening of every element type to binary64,
// and narrowing from binary64 with round-to-nearest-ties-to-even and ONNX's saturation rules.
// Operators compute on float16 / bfloat16 / float8 / float4 / float32 values in binary64 and round once
// to the output type (spec/precision.md, P1).
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "semantics/value.hpp"

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
[[nodiscard]] inline double to_double(T x) noexcept {
  return static_cast<double>(x);
}

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
// float8e8m0 (powers of two only): rounding as ONNX defines for the type (N5).
[[nodiscard]] float8e8m0_t to_float8e8m0(double x, bool saturate) noexcept;
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

// Integer to integer of another width: two's-complement wrap-around, as Cast defines (N7).
template <class To, class From>
[[nodiscard]] To wrap_integer(From x) noexcept;

// Strings (Cast to and from string, N8): the shortest decimal that reads back to the same value for
// floating types ("NaN", "INF", "-INF" for the specials), the decimal integer for integers, "1"/"0"... see
// spec/values.md for the exact forms.
template <class T>
[[nodiscard]] std::string to_string_value(T x);
template <class T>
[[nodiscard]] T parse_string_value(const std::string& s);  // eval error N8 when s does not parse

}  // namespace onnxsem::num

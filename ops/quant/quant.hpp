// Internal interface of the quant operator family (spec/ops-quant.md): per-file registration functions and
// the helpers the files share (reading parameters as exact values, narrowing to quantized types).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "ops/common/values.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"
#include "values/dispatch.hpp"
#include "values/numeric.hpp"
#include "values/value.hpp"

namespace onnxsem::ops::quant {

void add_linear(Registry& r);   // linear.cpp: QuantizeLinear, DequantizeLinear, DynamicQuantizeLinear
void add_integer(Registry& r);  // integer.cpp: QLinearMatMul, ConvInteger, QLinearConv

// Every element type whose values widen exactly to binary64 (all but strings).
inline constexpr auto widenable_types = hana::concat(hana::concat(numeric_and_bool_types, float8_types),
                                                     small_int_types);
// Integer element types that quantized tensors and zero points use.
inline constexpr auto quant_int_types =
    hana::tuple_t<int8_t, uint8_t, int16_t, uint16_t, int32_t, int4_t, uint4_t, int2_t, uint2_t>;
// The quantized element types QuantizeLinear produces (every version's union).
inline constexpr auto quant_out_types =
    hana::tuple_t<int8_t, uint8_t, int16_t, uint16_t, int4_t, uint4_t, int2_t, uint2_t, float8e4m3fn_t,
                  float8e4m3fnuz_t, float8e5m2_t, float8e5m2fnuz_t, float4e2m1_t>;
// The full-precision element types DequantizeLinear produces.
inline constexpr auto dequant_out_types = hana::tuple_t<float, float16_t, bfloat16_t>;

// The elements of a tensor as exact binary64 values (unsupported for strings).
[[nodiscard]] std::vector<double> widen_all(const Tensor& t, const std::string& what);
// The elements of an integer tensor (8, 16, 32-bit or sub-byte) as int64 values.
[[nodiscard]] std::vector<int64_t> ints_of(const Tensor& t, const std::string& what);

// Whether T is an integer element type (including the unpacked sub-byte ones).
template <class T>
inline constexpr bool is_int_elem = std::is_integral_v<T> || num::detail::is_small_int<T>;

// The range [lo, hi] of an integer element type.
template <class T>
[[nodiscard]] constexpr std::pair<int64_t, int64_t> int_range() {
  if constexpr (num::detail::is_small_int<T>) {
    constexpr int n = num::detail::small_int_bits<T>::value;
    if constexpr (std::is_signed_v<decltype(T{}.v)>) return {-(int64_t{1} << (n - 1)), (int64_t{1} << (n - 1)) - 1};
    else return {0, (int64_t{1} << n) - 1};
  } else {
    return {static_cast<int64_t>(std::numeric_limits<T>::min()), static_cast<int64_t>(std::numeric_limits<T>::max())};
  }
}

// An integer element from an int64 value that lies in its range.
template <class T>
[[nodiscard]] T int_elem(int64_t v) noexcept {
  if constexpr (num::detail::is_small_int<T>) {
    T out;
    out.v = static_cast<decltype(out.v)>(v);
    return out;
  } else {
    return static_cast<T>(v);
  }
}

// Saturating quantization of a real value r to integer type T (spec Q5): round half to even, add the
// zero point, clamp to T's range. `what` names the operator for the NaN error.
template <class T>
[[nodiscard]] T saturate_round(double r, int64_t zero_point, const std::string& what) {
  // [spec:Q5] round to nearest integer, ties to even; add the zero point; saturate to the type's range.
  ONNXSEM_CLAUSE(Q5);
  if (std::isnan(r)) eval_error("Q5", what + ": the scaled value is NaN, which has no quantized value");
  const auto [lo, hi] = int_range<T>();
  const double v = std::nearbyint(r) + static_cast<double>(zero_point);  // FE_TONEAREST: ties to even
  if (v <= static_cast<double>(lo)) return int_elem<T>(lo);
  if (v >= static_cast<double>(hi)) return int_elem<T>(hi);
  return int_elem<T>(static_cast<int64_t>(v));
}

// Whether `p` broadcasts (numpy-style) to `target` without changing it.
[[nodiscard]] bool broadcasts_to(const Shape& p, const Shape& target);

// For every element of `out` in row-major order, the offset of the element of a tensor of shape `p`
// that broadcasts to it (p must broadcast to out).
[[nodiscard]] std::vector<int64_t> broadcast_offsets(const Shape& p, const Shape& out);

}  // namespace onnxsem::ops::quant

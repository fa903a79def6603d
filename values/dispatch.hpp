// Compile-time dispatch from a run-time element type to the C++ type that stores it (Boost.Hana type
// lists). One generic implementation is instantiated for each type of a list; no per-type copies.
#pragma once

#include <boost/hana.hpp>
#include <string>

#include "values/value.hpp"

namespace onnxsem {
namespace hana = boost::hana;

// Type lists used by operators to say which element types an implementation accepts.
inline constexpr auto float_types = hana::tuple_t<float, double, float16_t, bfloat16_t>;
inline constexpr auto float8_types =
    hana::tuple_t<float8e4m3fn_t, float8e4m3fnuz_t, float8e5m2_t, float8e5m2fnuz_t, float8e8m0_t, float4e2m1_t>;
inline constexpr auto signed_int_types = hana::tuple_t<int8_t, int16_t, int32_t, int64_t>;
inline constexpr auto unsigned_int_types = hana::tuple_t<uint8_t, uint16_t, uint32_t, uint64_t>;
inline constexpr auto small_int_types = hana::tuple_t<int4_t, uint4_t, int2_t, uint2_t>;
inline constexpr auto int_types = hana::concat(signed_int_types, unsigned_int_types);
inline constexpr auto numeric_types = hana::concat(float_types, int_types);  // the usual "T" of ONNX
inline constexpr auto numeric_and_bool_types = hana::append(numeric_types, hana::type_c<bool>);
inline constexpr auto all_types = hana::concat(
    hana::concat(hana::append(numeric_and_bool_types, hana::type_c<std::string>), float8_types), small_int_types);

// Calls f(hana::type_c<T>) for the C++ type T of `dtype` if T is in `types`; otherwise reports the element
// type as unsupported for `what` (an operator name, for the message).
template <class Types, class F>
decltype(auto) dispatch(DType dtype, Types types, const std::string& what, F&& f) {
  using R = decltype(f(hana::front(types)));
  if constexpr (std::is_void_v<R>) {
    bool done = false;
    hana::for_each(types, [&](auto t) {
      using T = typename decltype(t)::type;
      if (!done && dtype_of<T> == dtype) {
        done = true;
        f(t);
      }
    });
    if (!done) unsupported(what + ": element type " + dtype_name(dtype) + " is not accepted");
  } else {
    std::optional<R> r;
    hana::for_each(types, [&](auto t) {
      using T = typename decltype(t)::type;
      if (!r && dtype_of<T> == dtype) r.emplace(f(t));
    });
    if (!r) unsupported(what + ": element type " + dtype_name(dtype) + " is not accepted");
    return R(std::move(*r));
  }
}

}  // namespace onnxsem

// Shared helpers of the reduce family (reductions, softmax family, linear algebra): element type lists,
// the arithmetic domain of each element type and the single rounding step of spec/precision.md (P1).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "ops/common/values.hpp"
#include "ops/registry.hpp"
#include "semantics/coverage.hpp"
#include "semantics/dispatch.hpp"
#include "semantics/numeric.hpp"
#include "semantics/value.hpp"

namespace onnxsem::ops::rd {

// Element types of the family. Floating types are computed in binary64 and rounded once (P1).
inline constexpr auto rd_float_types = float_types;
inline constexpr auto rd_wide_int_types = hana::tuple_t<int32_t, int64_t, uint32_t, uint64_t>;
inline constexpr auto rd_numeric_types = hana::concat(rd_float_types, int_types);
inline constexpr auto rd_numeric_and_bool_types = hana::append(rd_numeric_types, hana::type_c<bool>);

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

// Total order key used for comparisons: the element itself for C++ arithmetic types (exact for 64-bit
// integers), binary64 for the bit-pattern float types (exact).
template <class T>
[[nodiscard]] inline auto key(T x) {
  if constexpr (std::is_arithmetic_v<T>) return x;
  else return num::to_double(x);
}
template <class T>
[[nodiscard]] inline bool is_nan(T x) {
  if constexpr (is_float_elem<T>) return std::isnan(static_cast<double>(key(x)));
  else return false;
}

// The preference of ArgMax / ArgMin / Hardmax: whether `a` is strictly more extreme than `b`.
template <class T>
[[nodiscard]] inline bool beats(T a, T b, bool is_max) {
  // [spec:RD14] a NaN is more extreme than every number, for the maximum and for the minimum alike.
  // (Its marker is in the callers, once per line: this runs once per comparison.)
  if (is_nan(a)) return !is_nan(b);
  if (is_nan(b)) return false;
  return is_max ? key(a) > key(b) : key(a) < key(b);
}

// The index in [0, n) of the most extreme of x[0], x[s], ..., x[(n-1)s]: the first such, or the last one
// when `last`. n >= 1.
template <class T>
[[nodiscard]] inline int64_t extreme_index(const T* x, int64_t n, int64_t s, bool is_max, bool last) {
  ONNXSEM_CLAUSE(RD14);
  int64_t best = 0;
  for (int64_t i = 1; i < n; ++i) {
    const bool take = last ? !beats(x[best * s], x[i * s], is_max) : beats(x[i * s], x[best * s], is_max);
    if (take) best = i;
  }
  return best;
}

[[nodiscard]] inline int64_t product(const Shape& s, size_t from, size_t to) {
  int64_t n = 1;
  for (size_t i = from; i < to; ++i) n *= s[i];
  return n;
}

// Whether `small` broadcasts to `big` in one direction (numpy alignment at the last dimension; every
// aligned dimension of `small` equals that of `big` or is 1).
[[nodiscard]] inline bool broadcasts_to(const Shape& small, const Shape& big) {
  if (small.size() > big.size()) return false;
  const size_t shift = big.size() - small.size();
  for (size_t i = 0; i < small.size(); ++i)
    if (small[i] != 1 && small[i] != big[i + shift]) return false;
  return true;
}

// Registration functions of the family's files. Each hands (op_type, since-versions, kernel) of the
// default domain to a sink: add_reduce passes the registry's add, the unit tests a table of their own.
using Adder = std::function<void(const std::string& op_type, std::initializer_list<int64_t> since, Kernel k)>;
void add_reductions(const Adder& add);
void add_argminmax(const Adder& add);
void add_softmax(const Adder& add);
void add_matmul(const Adder& add);
void add_gemm(const Adder& add);
void add_cumulative(const Adder& add);
void add_topk(const Adder& add);
void add_einsum(const Adder& add);

// Matrix product core shared by MatMul, Gemm and MatMulInteger: C[M,N] += A[M,K] * B[K,N], all row-major,
// in the accumulator domain Acc. For every C[i,j] the products are added in increasing order of k.
template <class Acc>
void gemm_core(const Acc* a, const Acc* b, Acc* c, int64_t m, int64_t k, int64_t n) {
  constexpr int64_t kBlock = 128;  // a panel of B rows stays in cache while every row of C is updated
  for (int64_t k0 = 0; k0 < k; k0 += kBlock) {
    const int64_t k1 = std::min(k, k0 + kBlock);
    for (int64_t i = 0; i < m; ++i) {
      Acc* crow = c + i * n;
      for (int64_t kk = k0; kk < k1; ++kk) {
        const Acc aik = a[i * k + kk];
        const Acc* brow = b + kk * n;
        for (int64_t j = 0; j < n; ++j) crow[j] = add(crow[j], mul(aik, brow[j]));
      }
    }
  }
}

}  // namespace onnxsem::ops::rd

// Shared helpers of the reduce family (reductions, the softmax family, CumSum and CumProd, TopK): element
// type lists, the arithmetic of ops/common/arith.hpp (P1) and the comparisons of the extreme (RD14).
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

#include "ops/common/arith.hpp"
#include "ops/common/values.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"
#include "values/dispatch.hpp"
#include "values/numeric.hpp"
#include "values/value.hpp"

namespace onnxsem::ops::rd {

// Element types of the family. Floating types are computed in binary64 and rounded once (P1).
inline constexpr auto rd_float_types = float_types;
inline constexpr auto rd_numeric_types = hana::concat(rd_float_types, int_types);
inline constexpr auto rd_numeric_and_bool_types = hana::append(rd_numeric_types, hana::type_c<bool>);

// The accumulator domain and the rounding step, shared with the linalg family (ops/common/arith.hpp).
using arith::add, arith::Domain, arith::from_wrap, arith::is_float_elem, arith::mul, arith::round_to, arith::to_wrap,
    arith::wide, arith::wrap_t;

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

// Registration functions of the family's files. Each hands (op_type, since-versions, kernel) of the
// default domain to a sink: add_reduce passes the registry's add, the unit tests a table of their own.
using Adder = std::function<void(const std::string& op_type, std::initializer_list<int64_t> since, Kernel k)>;
void add_reductions(const Adder& add);
void add_argminmax(const Adder& add);
void add_softmax(const Adder& add);
void add_cumulative(const Adder& add);
void add_topk(const Adder& add);

}  // namespace onnxsem::ops::rd

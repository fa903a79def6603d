// Helpers that every operator family uses for messages and binary64 working values (spec/precision.md).
#pragma once

#include <string>
#include <vector>

#include <type_traits>

#include "values/dispatch.hpp"
#include "values/numeric.hpp"
#include "values/value.hpp"

namespace onnxsem::ops {

// Sum and product of sizes in a kernel: an evaluation error under L1 when they overflow int64 (the shape
// rules' checked_add and checked_mul, ops/common/shape_rules.hpp, say nullopt instead).
[[nodiscard]] int64_t size_add(int64_t a, int64_t b);
[[nodiscard]] int64_t size_mul(int64_t a, int64_t b);

// A shape as "[2,3]", for error messages.
[[nodiscard]] std::string show(const Shape& s);

// Exact widening of an element to binary64 (spec/precision.md, P1).
template <class T>
[[nodiscard]] inline double widen(T x) noexcept {
  if constexpr (std::is_arithmetic_v<T>) return static_cast<double>(x);
  else return num::to_double(x);
}

// The single rounding of a binary64 result to a floating-point element type (P1).
template <class T>
[[nodiscard]] inline T narrow_float(double x) {
  if constexpr (std::is_same_v<T, double>) return x;
  else if constexpr (std::is_same_v<T, float>) return static_cast<float>(x);
  else return num::from_double<T>(x);
}

// The elements of a tensor whose element type is one of `types`, widened exactly to binary64 in storage
// order.
template <class Types>
[[nodiscard]] std::vector<double> widen_all(const Tensor& t, Types types, const std::string& what) {
  return dispatch(t.dtype(), types, what, [&](auto tag) {
    using T = typename decltype(tag)::type;
    std::vector<double> v;
    v.reserve(static_cast<size_t>(t.size()));
    for (const T& x : t.data<T>()) v.push_back(widen(x));
    return v;
  });
}

// The same for a float, double, float16 or bfloat16 tensor.
[[nodiscard]] std::vector<double> widen_all(const Tensor& t, const std::string& what);

// A zeroed binary64 working buffer with the element count of `s`; it obeys the allocation limit as an
// output of that shape would (L3).
[[nodiscard]] std::vector<double> work_buffer(EvalContext& cx, const Shape& s);

}  // namespace onnxsem::ops

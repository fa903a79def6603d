// Shared machinery of the elementwise family (spec/ops-elementwise.md): element-type predicates, exact
// widening and single rounding (P1), two's-complement integer arithmetic, the layouts of broadcast
// operands, and the walks that apply a scalar function over one tensor or a broadcast pair.
// Internal to ops/elementwise/: nothing outside this folder includes it.
#pragma once

#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "ops/common/attrs.hpp"
#include "ops/common/broadcast.hpp"
#include "ops/common/values.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"
#include "runtime/parallel.hpp"
#include "values/dispatch.hpp"
#include "values/numeric.hpp"
#include "values/operator.hpp"

namespace onnxsem::ops::ew {

using Outputs = std::vector<std::optional<Value>>;

// ---- element-type lists used by this family -----------------------------------------------------------
inline constexpr auto signed_numeric_types = hana::concat(float_types, signed_int_types);             // Neg, Relu
inline constexpr auto float_and_float8_types = hana::concat(float_types, float8_types);               // IsNaN, IsInf
inline constexpr auto equal_types = hana::append(numeric_and_bool_types, hana::type_c<std::string>);  // Equal-19
inline constexpr auto where_types = all_types;

// ---- element-type predicates ------------------------------------------------------------------------------
template <class T>
inline constexpr bool is_float_v = std::is_same_v<T, float> || std::is_same_v<T, double> ||
                                   std::is_same_v<T, float16_t> || std::is_same_v<T, bfloat16_t>;
template <class T>
inline constexpr bool is_int_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;

// Exact widening of a floating or integer element to binary64.
template <class T>
[[nodiscard]] inline double wide(T x) {
  return num::to_double(x);
}
// Rounding of an exact binary64 result to the element type T, once (P1); integer T: N6 rules.
template <class T>
[[nodiscard]] inline T narrow(double x) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) return narrow_float<T>(x);  // inline
  else return num::from_double<T>(x, true);
}

// ---- two's-complement integer arithmetic -------------------------------------------------------------------
// [spec:EW5] integer Add, Sub, Mul, Neg, Abs (and PRelu, Pow) compute modulo 2^bits of the element type.
// Computed in an unsigned type at least as wide as `unsigned` (so no promotion to a signed int can
// overflow), then converted back, which C++20 defines as modular.
template <class T>
using wide_unsigned_t = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
template <class T>
[[nodiscard]] inline T wrap_add(T a, T b) {
  using U = wide_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
}
template <class T>
[[nodiscard]] inline T wrap_sub(T a, T b) {
  using U = wide_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b)));
}
template <class T>
[[nodiscard]] inline T wrap_mul(T a, T b) {
  using U = wide_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) * static_cast<U>(b)));
}
template <class T>
[[nodiscard]] inline T wrap_neg(T a) {
  using U = wide_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(U{0} - static_cast<U>(a)));
}

// [spec:N9] integer division, remainder, or a power needing one, by zero is an evaluation error.
[[noreturn]] inline void division_by_zero(const std::string& what) {
  ONNXSEM_CLAUSE(N9);
  eval_error("N9", what);
}

// Ordering of elements: floating elements by value (NaN unordered), others natively.
template <class T>
[[nodiscard]] inline bool elem_less(const T& a, const T& b) {
  if constexpr (is_float_v<T>) return wide(a) < wide(b);
  else return a < b;
}
template <class T>
[[nodiscard]] inline bool is_nan(const T& x) {
  if constexpr (is_float_v<T>) return std::isnan(wide(x));
  else return false;
}

// ---- layouts ------------------------------------------------------------------------------------------------
// Where each input element of a k-ary elementwise operation comes from: the output shape and, per input,
// its element strides seen through the broadcast (0 along broadcast dimensions).
template <size_t K>
struct Layout {
  Shape out;
  std::array<std::vector<int64_t>, K> strides;
};

// [spec:EW2] from opset 7 (binary) and 8 (variadic) on, the inputs broadcast multidirectionally (B1) and
// the operation applies at every position of the broadcast shape to the elements that broadcast there.
template <size_t K>
[[nodiscard]] Layout<K> broadcast_layout(const std::array<const Tensor*, K>& in, const std::string& what) {
  ONNXSEM_CLAUSE(EW2);
  std::vector<Shape> shapes;
  for (const Tensor* t : in) shapes.push_back(t->shape());
  Layout<K> l;
  l.out = broadcast_shape(shapes, what);
  for (size_t k = 0; k < K; ++k) l.strides[k] = broadcast_strides(in[k]->shape(), l.out);
  return l;
}

// The layout of a binary operation of opset 1-6 style (attributes broadcast and axis, spec EW3).
[[nodiscard]] Layout<2> legacy_layout(const Node& n, const Tensor& a, const Tensor& b);
// Unidirectional broadcasting of b to a's shape (spec EW16): the output has a's shape.
[[nodiscard]] Layout<2> unidirectional_layout(const Tensor& a, const Tensor& b, const std::string& what);

// ---- walks ---------------------------------------------------------------------------------------------------
// [spec:EW1] a unary elementwise operator applies its function to every element independently; the result
// has the input's shape (an empty tensor gives an empty tensor).
// E9: the elements in slices on the threads at hand (f is a function of its arguments alone).
// A run of binary32 elements as the processor's vector loop computes it (the same values as f, element by
// element): dst[i] for i < n from x[i] (product_detail::VectorLoops).
using FloatRun = void (*)(const float* x, int64_t n, float* dst);
// A row of a binary32 operation likewise: dst[u] from a[u * sa] and b[u * sb], steps 0 or 1.
using FloatRow = void (*)(const float* a, int64_t sa, const float* b, int64_t sb, int64_t n, float* dst);

// `run` (binary32 only, optional): f's vector loop.
template <class Out, class In, class F>
[[nodiscard]] Tensor map_unary(EvalContext& cx, const Tensor& x, F&& f, FloatRun run = nullptr) {
  ONNXSEM_CLAUSE(EW1);
  // Every element written below, element i after reading element i: over x's storage when x is handed
  // over (spec/graph.md, E10).
  auto [t, out_view] = Tensor::overwrite_or_allocate<Out>(cx, x, x.shape());
  const std::span<Out> out = out_view;  // a plain variable: clang 14 cannot capture structured bindings
  auto in = x.data<In>();
  const auto n = static_cast<int64_t>(in.size());
  parallel_slices(cx, n, n, kElementGrain, [&](int64_t lo, int64_t hi) {
    if constexpr (std::is_same_v<Out, float> && std::is_same_v<In, float>)
      if (run) return run(in.data() + lo, hi - lo, out.data() + lo);
    for (int64_t i = lo; i < hi; ++i) out[static_cast<size_t>(i)] = f(in[static_cast<size_t>(i)]);
  });
  return t;
}

// E9: rows of the broadcast shape in slices on the threads at hand. `row` (binary32 only, optional): f's vector
// loop, for rows whose operands are contiguous or repeated.
template <class Out, class A, class B, class F>
[[nodiscard]] Tensor map_binary(EvalContext& cx, const Layout<2>& layout, const Tensor& a, const Tensor& b, F&& f,
                                FloatRow row = nullptr) {
  // The walk over the output in row-major order in rows as long as the operands allow (coalesce, B1): the
  // same element pairs in the same order.
  const StridedWalk<2> l = coalesce<2>(layout.out, layout.strides);
  // Every element written below, element i after reading the operands' elements at i: over the storage of
  // an operand of the output's shape and type when it is handed over (spec/graph.md, E10).
  auto [t, out_view] = [&] {
    for (const Tensor* operand : {&a, &b})
      if (operand->shape() == layout.out)
        if (auto r = Tensor::reuse<Out>(*operand, layout.out)) return std::move(*r);
    return Tensor::allocate_for_overwrite<Out>(cx, layout.out);
  }();
  const std::span<Out> out = out_view;  // a plain variable: clang 14 cannot capture structured bindings
  auto da = a.data<A>();
  auto db = b.data<B>();
  const int64_t inner = l.out.empty() ? 1 : l.out.back();  // elements per row of the walk
  parallel_slices(
      cx, broadcast_rows(l.out), static_cast<int64_t>(out.size()), kElementGrain, [&](int64_t lo, int64_t hi) {
        Out* dst = out.data() + lo * inner;
        for_each_broadcast_row<2>(l.out, l.strides, lo, hi,
                                  [&](const std::array<int64_t, 2>& o, const std::array<int64_t, 2>& step, int64_t n) {
                                    // The common cases as plain loops over contiguous or repeated operands.
                                    const A* pa = da.data() + o[0];
                                    const B* pb = db.data() + o[1];
                                    if constexpr (std::is_same_v<Out, float> && std::is_same_v<A, float> &&
                                                  std::is_same_v<B, float>)
                                      if (row && (step[0] == 0 || step[0] == 1) && (step[1] == 0 || step[1] == 1)) {
                                        row(pa, step[0], pb, step[1], n, dst);
                                        dst += n;
                                        return;
                                      }
                                    if (step[0] == 1 && step[1] == 1) {
                                      for (int64_t u = 0; u < n; ++u) dst[u] = f(pa[u], pb[u]);
                                    } else if (step[0] == 1 && step[1] == 0) {
                                      const B y = *pb;
                                      for (int64_t u = 0; u < n; ++u) dst[u] = f(pa[u], y);
                                    } else if (step[0] == 0 && step[1] == 1) {
                                      const A x = *pa;
                                      for (int64_t u = 0; u < n; ++u) dst[u] = f(x, pb[u]);
                                    } else {
                                      for (int64_t u = 0; u < n; ++u) dst[u] = f(pa[u * step[0]], pb[u * step[1]]);
                                    }
                                    dst += n;
                                  });
      });
  return t;
}

// ---- kernels' small helpers -------------------------------------------------------------------------------
[[nodiscard]] inline Outputs one(Tensor t) {
  Outputs o;
  o.emplace_back(Value(std::move(t)));
  return o;
}

// A unary operator on floating elements given by a function of the exact value (P1: computed in
// binary64, rounded once to the element type).
template <class F>
[[nodiscard]] Tensor apply_float(EvalContext& cx, const Tensor& x, const std::string& op, F&& f) {
  return dispatch(x.dtype(), float_types, op, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return map_unary<T, T>(cx, x, [&](T v) { return narrow<T>(f(wide(v))); });
  });
}

// [spec:EW6] operands that share a type constraint must have the same element type.
inline void require_same_type(const Tensor& a, const Tensor& b, const std::string& op, const char* an, const char* bn) {
  ONNXSEM_CLAUSE(EW6);
  if (a.dtype() != b.dtype())
    eval_error("EW6", op + ": inputs " + an + " and " + bn + " must have the same element type, got " +
                          dtype_name(a.dtype()) + " and " + dtype_name(b.dtype()));
}

// A binary operator whose operands share the element type T (from `types`): f(T, T) gives the result
// element (T or bool). `legacy` selects the opset 1-6 broadcast attributes (EW3) instead of
// multidirectional broadcasting (EW2).
template <class Types, class F>
[[nodiscard]] Kernel binary_kernel(std::string op, Types types, bool legacy, F f, FloatRow row = nullptr) {
  return [op, types, legacy, f, row](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    const Tensor& a = args.tensor(0);
    const Tensor& b = args.tensor(1);
    require_same_type(a, b, op, "A", "B");
    const Layout<2> l = legacy ? legacy_layout(args.node, a, b) : broadcast_layout<2>({&a, &b}, op);
    return one(dispatch(a.dtype(), types, op, [&](auto tag) {
      using T = typename decltype(tag)::type;
      using R = std::invoke_result_t<const F&, const T&, const T&>;
      return map_binary<R, T, T>(
          cx, l, a, b, [&](const T& x, const T& y) { return f(x, y); }, row);
    }));
  };
}

// Registration of each file's operators.
void add_arithmetic(Registry& r);
void add_unary(Registry& r);
void add_logic(Registry& r);
void add_variadic(Registry& r);
void add_activation(Registry& r);

}  // namespace onnxsem::ops::ew

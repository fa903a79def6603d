// Constant, ConstantOfShape, Range, EyeLike (spec/ops-shape.md, SH21-SH24).
#include <algorithm>
#include <cstdint>
#include <type_traits>

#include <cmath>

#include "ops/common/attrs.hpp"
#include "ops/common/product.hpp"
#include "ops/shape/common.hpp"
#include "runtime/coverage.hpp"
#include "runtime/parallel.hpp"
#include "values/numeric.hpp"

namespace onnxsem::ops::shape {
namespace {

using Outputs = std::vector<std::optional<Value>>;

// ---- Constant ----------------------------------------------------------------------------------------------
// The attributes that may carry the constant, in the order ONNX lists them.
const char* const kConstantAttrs[] = {"value",     "sparse_value", "value_float",  "value_floats",
                                      "value_int", "value_ints",   "value_string", "value_strings"};

Outputs constant(const KernelArgs& a, bool typed_forms) {
  EvalContext& cx = a.context();
  const Node& n = a.node;
  std::vector<std::string> given;
  for (const char* name : kConstantAttrs)
    if (n.attr(name)) given.emplace_back(name);
  // [spec:SH21] a Constant carries its value in exactly one attribute: 'value' (and, from version 11,
  // 'sparse_value'; from version 12 also value_float(s), value_int(s) and value_string(s)); the singular
  // forms give a rank-0 tensor, the plural forms a 1-D one.
  ONNXSEM_CLAUSE(SH21);
  if (given.size() != 1) {
    std::string list;
    for (const auto& g : given) list += (list.empty() ? "" : ", ") + g;
    eval_error("SH21", "Constant needs exactly one value attribute, got " + std::to_string(given.size()) +
                           (list.empty() ? "" : " (" + list + ")"));
  }
  const std::string& g = given[0];
  if (g == "value") return one(*attr_tensor_opt(n, "value"));
  if (g == "sparse_value") unsupported("Constant: sparse_value (sparse tensors) is not implemented");
  if (!typed_forms) eval_error("SH21", "Constant attribute '" + g + "' is defined only from version 12");
  if (g == "value_float") return one(Tensor::scalar<float>(cx, *attr_float_opt(n, g)));
  if (g == "value_int") return one(Tensor::scalar<int64_t>(cx, *attr_int_opt(n, g)));
  if (g == "value_string") return one(Tensor::scalar<std::string>(cx, *attr_string_opt(n, g)));
  if (g == "value_floats") {
    auto v = *attr_floats_opt(n, g);
    return one(Tensor::from_vector<float>(cx, {static_cast<int64_t>(v.size())}, v));
  }
  if (g == "value_ints") {
    auto v = *attr_ints_opt(n, g);
    return one(Tensor::from_vector<int64_t>(cx, {static_cast<int64_t>(v.size())}, v));
  }
  auto v = *attr_strings_opt(n, g);
  return one(Tensor::from_vector<std::string>(cx, {static_cast<int64_t>(v.size())}, v));
}

// ---- ConstantOfShape ---------------------------------------------------------------------------------------
// The least size (bytes) of a fill written with stores that bypass the caches (VectorLoops::fill, streamed):
// 16 MiB, past every cache of the machines measured (at 1 MiB, ResNet-50 was 2% slower).
constexpr int64_t kStreamedFill = int64_t{1} << 24;

Outputs constant_of_shape(const KernelArgs& a) {
  EvalContext& cx = a.context();
  Shape shape = int_list(a.tensor(0), "input 'input' (the shape)");
  // [spec:SH22] every requested dimension is >= 0; the value attribute, when given, holds exactly one
  // element, whose type and value fill the output (default: float32 zero).
  ONNXSEM_CLAUSE(SH22);
  for (int64_t d : shape)
    if (d < 0) eval_error("SH22", "ConstantOfShape: negative dimension " + std::to_string(d) + " in " + show(shape));
  const Tensor* value = attr_tensor_opt(a.node, "value");
  Tensor fill = value ? *value : Tensor::scalar<float>(cx, 0.0f);
  if (fill.size() != 1)
    eval_error("SH22", "ConstantOfShape: attribute 'value' must hold one element, got " + std::to_string(fill.size()));
  return one(dispatch(fill.dtype(), all_types, "ConstantOfShape", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T v = fill.data<T>()[0];
    auto [t, out_view] = Tensor::allocate_for_overwrite<T>(cx, shape);  // every element written below
    const std::span<T> out = out_view;  // a plain variable: clang 14 cannot capture structured bindings
    // E9: a copy of one value, in slices on the threads at hand.
    const auto n = static_cast<int64_t>(out.size());
    parallel_slices(cx, n, n, kElementGrain, [&](int64_t lo, int64_t hi) {
      if constexpr (std::is_trivially_copyable_v<T> && (sizeof(T) == 4 || sizeof(T) == 8))
        return product_detail::vector_loops().fill(out.data() + lo, hi - lo, sizeof(T), &v,
                                                   n * static_cast<int64_t>(sizeof(T)) >= kStreamedFill);
      else std::fill(out.begin() + lo, out.begin() + hi, v);
    });
    return t;
  }));
}

// ---- Range -------------------------------------------------------------------------------------------------
Outputs range(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& s = a.tensor(0);
  const Tensor& l = a.tensor(1);
  const Tensor& d = a.tensor(2);
  same_type(s, l, "SH23", "Range input 'limit'");
  same_type(s, d, "SH23", "Range input 'delta'");
  for (const Tensor* t : {&s, &l, &d})
    if (t->size() != 1)
      eval_error("SH23", "Range inputs must be scalars, got a tensor of " + std::to_string(t->size()) + " elements");
  return one(dispatch(s.dtype(), numeric_types, "Range", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T start = s.data<T>()[0], limit = l.data<T>()[0], delta = d.data<T>()[0];
    // [spec:SH23] Range has max(ceil((limit - start) / delta), 0) elements, element i being
    // start + i * delta (computed exactly for integers, in binary64 and rounded once for floating types);
    // delta must not be zero.
    ONNXSEM_CLAUSE(SH23);
    int64_t count = 0;
    if constexpr (std::is_integral_v<T>) {
      if (delta == T(0)) eval_error("SH23", "Range: delta is zero");
      const __int128 diff = static_cast<__int128>(limit) - static_cast<__int128>(start);
      const __int128 dl = delta;
      if ((diff > 0 && dl > 0) || (diff < 0 && dl < 0)) {
        const __int128 ad = diff < 0 ? -diff : diff, add = dl < 0 ? -dl : dl;
        count = static_cast<int64_t>((ad + add - 1) / add);
      }
      auto [t, out] = Tensor::allocate<T>(cx, {count});
      for (int64_t i = 0; i < count; ++i) out[i] = static_cast<T>(static_cast<__int128>(start) + i * dl);
      return t;
    } else {
      const double x0 = num::to_double(start), x1 = num::to_double(limit), dx = num::to_double(delta);
      if (dx == 0) eval_error("SH23", "Range: delta is zero");
      const double q = std::ceil((x1 - x0) / dx);
      if (std::isnan(q)) eval_error("SH23", "Range: the element count is not a number (NaN or infinite inputs)");
      if (q > 9.0e18) eval_error("L1", "Range: the element count overflows");
      count = q > 0 ? static_cast<int64_t>(q) : 0;
      auto [t, out] = Tensor::allocate<T>(cx, {count});
      for (int64_t i = 0; i < count; ++i) out[i] = num::from_double<T>(x0 + static_cast<double>(i) * dx);
      return t;
    }
  }));
}

// ---- EyeLike -----------------------------------------------------------------------------------------------
Outputs eye_like(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  // [spec:SH24] EyeLike takes a 2-D input and gives a tensor of its shape, of type 'dtype' (default: the
  // input's), holding one where column - row = k and zero elsewhere.
  ONNXSEM_CLAUSE(SH24);
  if (x.rank() != 2) eval_error("SH24", "EyeLike needs a 2-D input, got rank " + std::to_string(x.rank()));
  DType out_type = x.dtype();
  if (auto dt = attr_int_opt(a.node, "dtype")) {
    if (!dtype_known(static_cast<int32_t>(*dt)))
      eval_error("SH24", "EyeLike: attribute 'dtype' " + std::to_string(*dt) + " is not an element type");
    out_type = static_cast<DType>(*dt);
  }
  const int64_t k = attr_int(a.node, "k", 0);
  const int64_t rows = x.dim(0), cols = x.dim(1);
  return one(dispatch(out_type, numeric_and_bool_types, "EyeLike", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T unit = num::from_double<T>(1.0);
    auto [t, out] = Tensor::allocate<T>(cx, {rows, cols});
    for (int64_t i = 0; i < rows; ++i) {
      const int64_t j = i + k;
      if (j >= 0 && j < cols) out[i * cols + j] = unit;
    }
    return t;
  }));
}

}  // namespace

void add_constants(Registry& r) {
  r.add("", "Constant", {1, 9, 11}, [](const KernelArgs& a) { return constant(a, false); });
  r.add("", "Constant", {12, 13, 19, 21, 23, 24, 25}, [](const KernelArgs& a) { return constant(a, true); });
  r.add("", "ConstantOfShape", {9, 20, 21, 23, 24, 25}, constant_of_shape);
  r.add("", "Range", {11, 27}, range);
  r.add("", "EyeLike", {9, 22}, eye_like);
}

}  // namespace onnxsem::ops::shape

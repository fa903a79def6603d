// Internal interface of the loss operator family (spec/ops-loss.md): the per-file registration functions
// and the small numeric helpers the family's files share.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "ops/registry.hpp"
#include "semantics/dispatch.hpp"
#include "semantics/numeric.hpp"
#include "semantics/value.hpp"

namespace onnxsem::ops::loss {

void add_losses(Registry& r);      // losses.cpp: NegativeLogLikelihoodLoss, SoftmaxCrossEntropyLoss
void add_optimizers(Registry& r);  // optim.cpp: ai.onnx.preview.training Adagrad, Adam, Momentum

// The floating-point element types of the losses' constraint T (a version without bfloat16 is simply
// never given one).
inline constexpr auto loss_float_types = hana::tuple_t<float, double, float16_t, bfloat16_t>;
// The element types of the optimizers' constraints T1 and T3.
inline constexpr auto optim_float_types = hana::tuple_t<float, double>;

// Exact widening of an element to binary64 (spec/precision.md, P1).
template <class T>
[[nodiscard]] inline double widen(T x) noexcept {
  if constexpr (std::is_arithmetic_v<T>) return static_cast<double>(x);
  else return num::to_double(x);
}

// The single rounding of a binary64 result to the output element type (P1).
template <class T>
[[nodiscard]] inline T narrow(double x) {
  if constexpr (std::is_same_v<T, double>) return x;
  else if constexpr (std::is_same_v<T, float>) return static_cast<float>(x);
  else return num::from_double<T>(x);
}

// Builds a tensor of element type `dtype` (one of `types`) from binary64 values, rounding each once.
template <class Types>
[[nodiscard]] Tensor narrow_to(DType dtype, Types types, const std::string& what, Shape shape,
                               const std::vector<double>& v) {
  return dispatch(dtype, types, what, [&](auto tag) -> Tensor {
    using T = typename decltype(tag)::type;
    auto [t, out] = Tensor::allocate<T>(std::move(shape));
    for (size_t i = 0; i < out.size(); ++i) out[i] = narrow<T>(v[i]);
    return t;
  });
}

// The elements of a tensor whose type is one of `types`, widened to binary64.
template <class Types>
[[nodiscard]] std::vector<double> widen_all(const Tensor& t, Types types, const std::string& what) {
  return dispatch(t.dtype(), types, what, [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto d = t.data<T>();
    std::vector<double> v(d.size());
    for (size_t i = 0; i < d.size(); ++i) v[i] = widen(d[i]);
    return v;
  });
}

// Shape as text, for messages: "[2,3,4]".
[[nodiscard]] std::string show(const Shape& s);

}  // namespace onnxsem::ops::loss

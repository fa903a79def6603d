// Internal interface of the loss operator family (spec/ops-loss.md): the per-file registration functions
// and the small numeric helpers the family's files share.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "ops/common/values.hpp"
#include "ops/registry.hpp"
#include "values/dispatch.hpp"
#include "values/numeric.hpp"
#include "values/value.hpp"

namespace onnxsem::ops::loss {

void add_losses(Registry& r);      // losses.cpp: NegativeLogLikelihoodLoss, SoftmaxCrossEntropyLoss
void add_optimizers(Registry& r);  // optim.cpp: ai.onnx.preview.training Adagrad, Adam, Momentum

// The floating-point element types of the losses' constraint T (a version without bfloat16 is simply
// never given one).
inline constexpr auto loss_float_types = hana::tuple_t<float, double, float16_t, bfloat16_t>;
// The element types of the optimizers' constraints T1 and T3.
inline constexpr auto optim_float_types = hana::tuple_t<float, double>;

// Builds a tensor of element type `dtype` (one of `types`) from binary64 values, rounding each once.
template <class Types>
[[nodiscard]] Tensor narrow_to(EvalContext& cx, DType dtype, Types types, const std::string& what, Shape shape,
                               const std::vector<double>& v) {
  return dispatch(dtype, types, what, [&](auto tag) -> Tensor {
    using T = typename decltype(tag)::type;
    auto [t, out] = Tensor::allocate<T>(cx, std::move(shape));
    for (size_t i = 0; i < out.size(); ++i) out[i] = narrow_float<T>(v[i]);
    return t;
  });
}

}  // namespace onnxsem::ops::loss

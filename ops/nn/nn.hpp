// Internal interface of the nn operator family (spec/ops-nn.md): the per-file registration functions and
// the small numeric helpers every file of the family shares.
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

namespace onnxsem::ops::nn {

void add_conv(Registry& r);         // conv.cpp: Conv, ConvTranspose
void add_pool(Registry& r);         // pool.cpp: MaxPool, AveragePool, LpPool, Global*Pool
void add_norm(Registry& r);         // norm.cpp: BatchNormalization, InstanceNormalization, LayerNormalization, ...
void add_misc(Registry& r);         // misc.cpp: Dropout, LRN
void add_random(Registry& r);       // random.cpp: RandomNormal, RandomUniform, their Like forms, Bernoulli, Multinomial
void add_causal_conv(Registry& r);  // causal_conv.cpp: CausalConvWithState
void add_deform_conv(Registry& r);  // deform_conv.cpp: DeformConv

// The floating-point element types of the family's type constraints (float16, float, double, and
// bfloat16 where ONNX admits it; one list, since a bfloat16-less version is simply never given one).
inline constexpr auto nn_float_types = hana::tuple_t<float, double, float16_t, bfloat16_t>;

// Builds a tensor of element type T from binary64 values, rounding each once.
template <class T>
[[nodiscard]] Tensor narrow_all(EvalContext& cx, Shape shape, const std::vector<double>& v) {
  auto [t, out] = Tensor::allocate<T>(cx, std::move(shape));
  for (size_t i = 0; i < out.size(); ++i) out[i] = narrow_float<T>(v[i]);
  return t;
}

}  // namespace onnxsem::ops::nn

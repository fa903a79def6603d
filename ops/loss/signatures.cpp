// The signatures of the loss family's operator versions (spec/types.md, TY1): inputs and outputs, type
// constraints, attributes. Facts from ONNX's operator definitions, written in onnxsem's signature text
// (semantics/signature.hpp); every version ONNX defines for these operators, implemented or not.
#include "ops/registry.hpp"

namespace onnxsem::ops {

void describe_loss(Registry& r) {
  r.describe(R"sig(
op ai.onnx NegativeLogLikelihoodLoss 12
in input T
in target Tind
in weight T optional
out loss T
arity in 2 3
type T tensor(float16) tensor(float) tensor(double)
type Tind tensor(int32) tensor(int64)
attr ignore_index int
attr reduction string default mean

op ai.onnx NegativeLogLikelihoodLoss 13
in input T
in target Tind
in weight T optional
out loss T
arity in 2 3
type T tensor(float16) tensor(float) tensor(double)
type Tind tensor(int32) tensor(int64)
attr ignore_index int
attr reduction string default mean

op ai.onnx NegativeLogLikelihoodLoss 22
in input T
in target Tind
in weight T optional
out loss T
arity in 2 3
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
type Tind tensor(int32) tensor(int64)
attr ignore_index int
attr reduction string default mean

op ai.onnx SoftmaxCrossEntropyLoss 12
in scores T
in labels Tind
in weights T optional
out output T
out log_prob T optional
arity in 2 3
arity out 1 2
type T tensor(float16) tensor(float) tensor(double)
type Tind tensor(int32) tensor(int64)
attr ignore_index int
attr reduction string default mean

op ai.onnx SoftmaxCrossEntropyLoss 13
in scores T
in labels Tind
in weights T optional
out output T
out log_prob T optional
arity in 2 3
arity out 1 2
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type Tind tensor(int32) tensor(int64)
attr ignore_index int
attr reduction string default mean

op ai.onnx.preview.training Adagrad 1
in R T1
in T T2
in inputs T3 variadic-mixed
out outputs T3 variadic-mixed
arity in 3 inf
arity out 1 inf
type T1 tensor(float) tensor(double)
type T2 tensor(int64)
type T3 tensor(float) tensor(double)
attr decay_factor float default 0.0
attr epsilon float default 0.0
attr norm_coefficient float default 0.0

op ai.onnx.preview.training Adam 1
in R T1
in T T2
in inputs T3 variadic-mixed
out outputs T3 variadic-mixed
arity in 3 inf
arity out 1 inf
type T1 tensor(float) tensor(double)
type T2 tensor(int64)
type T3 tensor(float) tensor(double)
attr alpha float default 0.9
attr beta float default 0.999
attr epsilon float default 0.0
attr norm_coefficient float default 0.0
attr norm_coefficient_post float default 0.0

op ai.onnx.preview.training Gradient 1
in Inputs T1 variadic-mixed
out Outputs T2 variadic-mixed
arity in 1 inf
arity out 1 inf
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T2 tensor(float16) tensor(float) tensor(double)
attr xs strings required
attr y string required
attr zs strings

op ai.onnx.preview.training Momentum 1
in R T1
in T T2
in inputs T3 variadic-mixed
out outputs T3 variadic-mixed
arity in 3 inf
arity out 1 inf
type T1 tensor(float) tensor(double)
type T2 tensor(int64)
type T3 tensor(float) tensor(double)
attr alpha float required
attr beta float required
attr mode string required
attr norm_coefficient float required
)sig");
}

}  // namespace onnxsem::ops

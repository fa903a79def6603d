// The signatures of the reduce family's operator versions (spec/types.md, TY1): inputs and outputs, type
// constraints, attributes. Facts from ONNX's operator definitions, written in onnxsem's signature text
// (semantics/signature.hpp); every version ONNX defines for these operators, implemented or not.
#include "ops/registry.hpp"

namespace onnxsem::ops {

void describe_reduce(Registry& r) {
  r.describe(R"sig(
op ai.onnx ArgMax 1
in data T
out reduced tensor(int64)
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axis int default 0
attr keepdims int default 1

op ai.onnx ArgMax 11
in data T
out reduced tensor(int64)
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axis int default 0
attr keepdims int default 1

op ai.onnx ArgMax 12
in data T
out reduced tensor(int64)
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axis int default 0
attr keepdims int default 1
attr select_last_index int default 0

op ai.onnx ArgMax 13
in data T
out reduced tensor(int64)
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr axis int default 0
attr keepdims int default 1
attr select_last_index int default 0

op ai.onnx ArgMin 1
in data T
out reduced tensor(int64)
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axis int default 0
attr keepdims int default 1

op ai.onnx ArgMin 11
in data T
out reduced tensor(int64)
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axis int default 0
attr keepdims int default 1

op ai.onnx ArgMin 12
in data T
out reduced tensor(int64)
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axis int default 0
attr keepdims int default 1
attr select_last_index int default 0

op ai.onnx ArgMin 13
in data T
out reduced tensor(int64)
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr axis int default 0
attr keepdims int default 1
attr select_last_index int default 0

op ai.onnx CumSum 11
in x T
in axis T2
out y T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float) tensor(double)
type T2 tensor(int32) tensor(int64)
attr exclusive int default 0
attr reverse int default 0

op ai.onnx CumSum 14
in x T
in axis T2
out y T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type T2 tensor(int32) tensor(int64)
attr exclusive int default 0
attr reverse int default 0

op ai.onnx Einsum 12
in Inputs T variadic
out Output T
arity in 1 inf
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr equation string required

op ai.onnx Gemm 1
in A T
in B T
in C T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr alpha float default 1.0
attr beta float default 1.0
attr broadcast int default 0
attr transA int default 0
attr transB int default 0

op ai.onnx Gemm 6
in A T
in B T
in C T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr alpha float default 1.0
attr beta float default 1.0
attr broadcast int default 0
attr transA int default 0
attr transB int default 0

op ai.onnx Gemm 7
in A T
in B T
in C T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr alpha float default 1.0
attr beta float default 1.0
attr transA int default 0
attr transB int default 0

op ai.onnx Gemm 9
in A T
in B T
in C T
out Y T
type T tensor(float16) tensor(float) tensor(double) tensor(uint32) tensor(uint64) tensor(int32) tensor(int64)
attr alpha float default 1.0
attr beta float default 1.0
attr transA int default 0
attr transB int default 0

op ai.onnx Gemm 11
in A T
in B T
in C T optional
out Y T
arity in 2 3
type T tensor(float16) tensor(float) tensor(double) tensor(uint32) tensor(uint64) tensor(int32) tensor(int64)
attr alpha float default 1.0
attr beta float default 1.0
attr transA int default 0
attr transB int default 0

op ai.onnx Gemm 13
in A T
in B T
in C T optional
out Y T
arity in 2 3
type T tensor(float16) tensor(float) tensor(double) tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(bfloat16)
attr alpha float default 1.0
attr beta float default 1.0
attr transA int default 0
attr transB int default 0

op ai.onnx Hardmax 1
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)
attr axis int default 1

op ai.onnx Hardmax 11
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)
attr axis int default 1

op ai.onnx Hardmax 13
in input T
out output T
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr axis int default -1

op ai.onnx LogSoftmax 1
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)
attr axis int default 1

op ai.onnx LogSoftmax 11
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)
attr axis int default 1

op ai.onnx LogSoftmax 13
in input T
out output T
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr axis int default -1

op ai.onnx MatMul 1
in A T
in B T
out Y T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx MatMul 9
in A T
in B T
out Y T
type T tensor(float16) tensor(float) tensor(double) tensor(uint32) tensor(uint64) tensor(int32) tensor(int64)

op ai.onnx MatMul 13
in A T
in B T
out Y T
type T tensor(float16) tensor(float) tensor(double) tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(bfloat16)

op ai.onnx MatMulInteger 10
in A T1
in B T2
in a_zero_point T1 optional
in b_zero_point T2 optional
out Y T3
arity in 2 4
type T1 tensor(int8) tensor(uint8)
type T2 tensor(int8) tensor(uint8)
type T3 tensor(int32)

op ai.onnx ReduceL1 1
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceL1 11
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceL1 13
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceL1 18
in data T
in axes tensor(int64) optional
out reduced T
arity in 1 2
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr keepdims int default 1
attr noop_with_empty_axes int default 0

op ai.onnx ReduceL2 1
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceL2 11
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceL2 13
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceL2 18
in data T
in axes tensor(int64) optional
out reduced T
arity in 1 2
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr keepdims int default 1
attr noop_with_empty_axes int default 0

op ai.onnx ReduceLogSum 1
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceLogSum 11
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceLogSum 13
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceLogSum 18
in data T
in axes tensor(int64) optional
out reduced T
arity in 1 2
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr keepdims int default 1
attr noop_with_empty_axes int default 0

op ai.onnx ReduceLogSumExp 1
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceLogSumExp 11
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceLogSumExp 13
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceLogSumExp 18
in data T
in axes tensor(int64) optional
out reduced T
arity in 1 2
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr keepdims int default 1
attr noop_with_empty_axes int default 0

op ai.onnx ReduceMax 1
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceMax 11
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceMax 12
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(uint8) tensor(int8)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceMax 13
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16) tensor(uint8) tensor(int8)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceMax 18
in data T
in axes tensor(int64) optional
out reduced T
arity in 1 2
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16) tensor(uint8) tensor(int8)
attr keepdims int default 1
attr noop_with_empty_axes int default 0

op ai.onnx ReduceMax 20
in data T
in axes tensor(int64) optional
out reduced T
arity in 1 2
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16) tensor(uint8) tensor(int8) tensor(bool)
attr keepdims int default 1
attr noop_with_empty_axes int default 0

op ai.onnx ReduceMean 1
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceMean 11
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceMean 13
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceMean 18
in data T
in axes tensor(int64) optional
out reduced T
arity in 1 2
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr keepdims int default 1
attr noop_with_empty_axes int default 0

op ai.onnx ReduceMin 1
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceMin 11
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceMin 12
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(uint8) tensor(int8)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceMin 13
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16) tensor(uint8) tensor(int8)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceMin 18
in data T
in axes tensor(int64) optional
out reduced T
arity in 1 2
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16) tensor(uint8) tensor(int8)
attr keepdims int default 1
attr noop_with_empty_axes int default 0

op ai.onnx ReduceMin 20
in data T
in axes tensor(int64) optional
out reduced T
arity in 1 2
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16) tensor(uint8) tensor(int8) tensor(bool)
attr keepdims int default 1
attr noop_with_empty_axes int default 0

op ai.onnx ReduceProd 1
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceProd 11
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceProd 13
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceProd 18
in data T
in axes tensor(int64) optional
out reduced T
arity in 1 2
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr keepdims int default 1
attr noop_with_empty_axes int default 0

op ai.onnx ReduceSum 1
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceSum 11
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceSum 13
in data T
in axes tensor(int64) optional
out reduced T
arity in 1 2
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr keepdims int default 1
attr noop_with_empty_axes int default 0

op ai.onnx ReduceSumSquare 1
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceSumSquare 11
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceSumSquare 13
in data T
out reduced T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr axes ints
attr keepdims int default 1

op ai.onnx ReduceSumSquare 18
in data T
in axes tensor(int64) optional
out reduced T
arity in 1 2
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr keepdims int default 1
attr noop_with_empty_axes int default 0

op ai.onnx Softmax 1
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)
attr axis int default 1

op ai.onnx Softmax 11
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)
attr axis int default 1

op ai.onnx Softmax 13
in input T
out output T
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr axis int default -1

op ai.onnx TopK 1
in X T
out Values T
out Indices I
type T tensor(float16) tensor(float) tensor(double)
type I tensor(int64)
attr axis int default -1
attr k int required

op ai.onnx TopK 10
in X T
in K tensor(int64)
out Values T
out Indices I
type T tensor(float16) tensor(float) tensor(double)
type I tensor(int64)
attr axis int default -1

op ai.onnx TopK 11
in X T
in K tensor(int64)
out Values T
out Indices I
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
type I tensor(int64)
attr axis int default -1
attr largest int default 1
attr sorted int default 1

op ai.onnx TopK 24
in X T
in K tensor(int64)
out Values T
out Indices I
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type I tensor(int64)
attr axis int default -1
attr largest int default 1
attr sorted int default 1
)sig");
}

}  // namespace onnxsem::ops

// The signatures of the quant family's operator versions (spec/types.md, TY1): inputs and outputs, type
// constraints, attributes. Facts from ONNX's operator definitions, written in onnxsem's signature text
// (semantics/signature.hpp); every version ONNX defines for these operators, implemented or not.
#include "ops/registry.hpp"

namespace onnxsem::ops {

void describe_quant(Registry& r) {
  r.describe(R"sig(
op ai.onnx ConvInteger 10
in x T1
in w T2
in x_zero_point T1 optional
in w_zero_point T2 optional
out y T3
arity in 2 4
type T1 tensor(int8) tensor(uint8)
type T2 tensor(int8) tensor(uint8)
type T3 tensor(int32)
attr auto_pad string default NOTSET
attr dilations ints
attr group int default 1
attr kernel_shape ints
attr pads ints
attr strides ints

op ai.onnx DequantizeLinear 10
in x T
in x_scale tensor(float)
in x_zero_point T optional
out y tensor(float)
arity in 2 3
type T tensor(int8) tensor(uint8) tensor(int32)

op ai.onnx DequantizeLinear 13
in x T
in x_scale tensor(float)
in x_zero_point T optional
out y tensor(float)
arity in 2 3
type T tensor(int8) tensor(uint8) tensor(int32)
attr axis int default 1

op ai.onnx DequantizeLinear 19
in x T1
in x_scale T2
in x_zero_point T1 optional
out y T2
arity in 2 3
type T1 tensor(int8) tensor(uint8) tensor(int32) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
type T2 tensor(float) tensor(float16) tensor(bfloat16)
attr axis int default 1

op ai.onnx DequantizeLinear 21
in x T1
in x_scale T2
in x_zero_point T1 optional
out y T2
arity in 2 3
type T1 tensor(int8) tensor(uint8) tensor(int16) tensor(uint16) tensor(int32) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4)
type T2 tensor(float) tensor(float16) tensor(bfloat16)
attr axis int default 1
attr block_size int default 0

op ai.onnx DequantizeLinear 23
in x T1
in x_scale T2
in x_zero_point T1 optional
out y T3
arity in 2 3
type T1 tensor(int8) tensor(uint8) tensor(int16) tensor(uint16) tensor(int32) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1)
type T2 tensor(float) tensor(float16) tensor(bfloat16)
type T3 tensor(float) tensor(float16) tensor(bfloat16)
attr axis int default 1
attr block_size int default 0
attr output_dtype int default 0

op ai.onnx DequantizeLinear 24
in x T1
in x_scale T2
in x_zero_point T1 optional
out y T3
arity in 2 3
type T1 tensor(int8) tensor(uint8) tensor(int16) tensor(uint16) tensor(int32) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1)
type T2 tensor(float) tensor(float16) tensor(bfloat16) tensor(float8e8m0)
type T3 tensor(float) tensor(float16) tensor(bfloat16)
attr axis int default 1
attr block_size int default 0
attr output_dtype int default 0

op ai.onnx DequantizeLinear 25
in x T1
in x_scale T2
in x_zero_point T1 optional
out y T3
arity in 2 3
type T1 tensor(int8) tensor(uint8) tensor(int16) tensor(uint16) tensor(int32) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(uint2) tensor(int2)
type T2 tensor(float) tensor(float16) tensor(bfloat16) tensor(float8e8m0)
type T3 tensor(float) tensor(float16) tensor(bfloat16)
attr axis int default 1
attr block_size int default 0
attr output_dtype int default 0

op ai.onnx DynamicQuantizeLinear 11
in x T1
out y T2
out y_scale tensor(float)
out y_zero_point T2
type T1 tensor(float)
type T2 tensor(uint8)

op ai.onnx QLinearConv 10
in x T1
in x_scale tensor(float)
in x_zero_point T1
in w T2
in w_scale tensor(float)
in w_zero_point T2
in y_scale tensor(float)
in y_zero_point T3
in B T4 optional
out y T3
arity in 8 9
type T1 tensor(int8) tensor(uint8)
type T2 tensor(int8) tensor(uint8)
type T3 tensor(int8) tensor(uint8)
type T4 tensor(int32)
attr auto_pad string default NOTSET
attr dilations ints
attr group int default 1
attr kernel_shape ints
attr pads ints
attr strides ints

op ai.onnx QLinearMatMul 10
in a T1
in a_scale tensor(float)
in a_zero_point T1
in b T2
in b_scale tensor(float)
in b_zero_point T2
in y_scale tensor(float)
in y_zero_point T3
out y T3
type T1 tensor(int8) tensor(uint8)
type T2 tensor(int8) tensor(uint8)
type T3 tensor(int8) tensor(uint8)

op ai.onnx QLinearMatMul 21
in a T1
in a_scale TS
in a_zero_point T1
in b T2
in b_scale TS
in b_zero_point T2
in y_scale TS
in y_zero_point T3
out y T3
type TS tensor(float) tensor(float16) tensor(bfloat16)
type T1 tensor(int8) tensor(uint8) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
type T2 tensor(int8) tensor(uint8) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
type T3 tensor(int8) tensor(uint8) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)

op ai.onnx QuantizeLinear 10
in x T1
in y_scale tensor(float)
in y_zero_point T2 optional
out y T2
arity in 2 3
type T1 tensor(float) tensor(int32)
type T2 tensor(int8) tensor(uint8)

op ai.onnx QuantizeLinear 13
in x T1
in y_scale tensor(float)
in y_zero_point T2 optional
out y T2
arity in 2 3
type T1 tensor(float) tensor(int32)
type T2 tensor(int8) tensor(uint8)
attr axis int default 1

op ai.onnx QuantizeLinear 19
in x T1
in y_scale T1
in y_zero_point T2 optional
out y T2
arity in 2 3
type T1 tensor(float) tensor(float16) tensor(bfloat16) tensor(int32)
type T2 tensor(int8) tensor(uint8) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
attr axis int default 1
attr saturate int default 1

op ai.onnx QuantizeLinear 21
in x T1
in y_scale T1
in y_zero_point T2 optional
out y T2
arity in 2 3
type T1 tensor(float) tensor(float16) tensor(bfloat16) tensor(int32)
type T2 tensor(int8) tensor(uint8) tensor(int16) tensor(uint16) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4)
attr axis int default 1
attr block_size int default 0
attr output_dtype int default 0
attr saturate int default 1

op ai.onnx QuantizeLinear 23
in x T1
in y_scale T2
in y_zero_point T3 optional
out y T3
arity in 2 3
type T1 tensor(float) tensor(float16) tensor(bfloat16) tensor(int32)
type T2 tensor(float) tensor(float16) tensor(bfloat16) tensor(int32)
type T3 tensor(int8) tensor(uint8) tensor(int16) tensor(uint16) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1)
attr axis int default 1
attr block_size int default 0
attr output_dtype int default 0
attr precision int default 0
attr saturate int default 1

op ai.onnx QuantizeLinear 24
in x T1
in y_scale T2
in y_zero_point T3 optional
out y T3
arity in 2 3
type T1 tensor(float) tensor(float16) tensor(bfloat16) tensor(int32)
type T2 tensor(float) tensor(float16) tensor(bfloat16) tensor(int32) tensor(float8e8m0)
type T3 tensor(int8) tensor(uint8) tensor(int16) tensor(uint16) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1)
attr axis int default 1
attr block_size int default 0
attr output_dtype int default 0
attr precision int default 0
attr saturate int default 1

op ai.onnx QuantizeLinear 25
in x T1
in y_scale T2
in y_zero_point T3 optional
out y T3
arity in 2 3
type T1 tensor(float) tensor(float16) tensor(bfloat16) tensor(int32)
type T2 tensor(float) tensor(float16) tensor(bfloat16) tensor(int32) tensor(float8e8m0)
type T3 tensor(int8) tensor(uint8) tensor(int16) tensor(uint16) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(uint2) tensor(int2)
attr axis int default 1
attr block_size int default 0
attr output_dtype int default 0
attr precision int default 0
attr saturate int default 1
)sig");
}

}  // namespace onnxsem::ops

// The signatures of the cast family's operator versions (spec/types.md, TY1): inputs and outputs, type
// constraints, attributes. Facts from ONNX's operator definitions, written in onnxsem's signature text
// (semantics/signature.hpp); every version ONNX defines for these operators, implemented or not.
#include "ops/registry.hpp"

namespace onnxsem::ops {

void describe_cast(Registry& r) {
  r.describe(R"sig(
op ai.onnx BitCast 26
in input T1
out output T2
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2)
type T2 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2)
attr to int required

op ai.onnx Cast 1
in input T1
out output T2
type T1 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool)
type T2 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool)
attr to string required

op ai.onnx Cast 6
in input T1
out output T2
type T1 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool)
type T2 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool)
attr to int required

op ai.onnx Cast 9
in input T1
out output T2
type T1 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool) tensor(string)
type T2 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool) tensor(string)
attr to int required

op ai.onnx Cast 13
in input T1
out output T2
type T1 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool) tensor(string) tensor(bfloat16)
type T2 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool) tensor(string) tensor(bfloat16)
attr to int required

op ai.onnx Cast 19
in input T1
out output T2
type T1 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool) tensor(string) tensor(bfloat16) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
type T2 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool) tensor(string) tensor(bfloat16) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
attr saturate int default 1
attr to int required

op ai.onnx Cast 21
in input T1
out output T2
type T1 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool) tensor(string) tensor(bfloat16) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4)
type T2 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool) tensor(string) tensor(bfloat16) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4)
attr saturate int default 1
attr to int required

op ai.onnx Cast 23
in input T1
out output T2
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1)
type T2 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1)
attr saturate int default 1
attr to int required

op ai.onnx Cast 24
in input T1
out output T2
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0)
type T2 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0)
attr round_mode string default up
attr saturate int default 1
attr to int required

op ai.onnx Cast 25
in input T1
out output T2
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2)
type T2 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2)
attr round_mode string default up
attr saturate int default 1
attr to int required

op ai.onnx CastLike 15
in input T1
in target_type T2
out output T2
type T1 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool) tensor(string) tensor(bfloat16)
type T2 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool) tensor(string) tensor(bfloat16)

op ai.onnx CastLike 19
in input T1
in target_type T2
out output T2
type T1 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool) tensor(string) tensor(bfloat16) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
type T2 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool) tensor(string) tensor(bfloat16) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
attr saturate int default 1

op ai.onnx CastLike 21
in input T1
in target_type T2
out output T2
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4)
type T2 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4)
attr saturate int default 1

op ai.onnx CastLike 23
in input T1
in target_type T2
out output T2
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1)
type T2 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1)
attr saturate int default 1

op ai.onnx CastLike 24
in input T1
in target_type T2
out output T2
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0)
type T2 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0)
attr round_mode string default up
attr saturate int default 1

op ai.onnx CastLike 25
in input T1
in target_type T2
out output T2
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2)
type T2 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2)
attr round_mode string default up
attr saturate int default 1
)sig");
}

}  // namespace onnxsem::ops

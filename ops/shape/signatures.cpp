// The signatures of the shape family's operator versions (spec/types.md, TY1): inputs and outputs, type
// constraints, attributes. Facts from ONNX's operator definitions, written in onnxsem's signature text
// (semantics/signature.hpp); every version ONNX defines for these operators, implemented or not.
#include "ops/registry.hpp"

namespace onnxsem::ops {

void describe_shape(Registry& r) {
  r.describe(R"sig(
op ai.onnx Compress 9
in input T
in condition T1
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T1 tensor(bool)
attr axis int

op ai.onnx Compress 11
in input T
in condition T1
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T1 tensor(bool)
attr axis int

op ai.onnx Concat 1
in inputs T variadic
out concat_result T
arity in 1 inf
type T tensor(float16) tensor(float) tensor(double)
attr axis int

op ai.onnx Concat 4
in inputs T variadic
out concat_result T
arity in 1 inf
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axis int required

op ai.onnx Concat 11
in inputs T variadic
out concat_result T
arity in 1 inf
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axis int required

op ai.onnx Concat 13
in inputs T variadic
out concat_result T
arity in 1 inf
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axis int required

op ai.onnx Constant 1
out output T
type T tensor(float16) tensor(float) tensor(double)
attr value tensor required

op ai.onnx Constant 9
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr value tensor required

op ai.onnx Constant 11
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr sparse_value sparse_tensor
attr value tensor

op ai.onnx Constant 12
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr sparse_value sparse_tensor
attr value tensor
attr value_float float
attr value_floats floats
attr value_int int
attr value_ints ints
attr value_string string
attr value_strings strings

op ai.onnx Constant 13
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr sparse_value sparse_tensor
attr value tensor
attr value_float float
attr value_floats floats
attr value_int int
attr value_ints ints
attr value_string string
attr value_strings strings

op ai.onnx Constant 19
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
attr sparse_value sparse_tensor
attr value tensor
attr value_float float
attr value_floats floats
attr value_int int
attr value_ints ints
attr value_string string
attr value_strings strings

op ai.onnx Constant 21
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4)
attr sparse_value sparse_tensor
attr value tensor
attr value_float float
attr value_floats floats
attr value_int int
attr value_ints ints
attr value_string string
attr value_strings strings

op ai.onnx Constant 23
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1)
attr sparse_value sparse_tensor
attr value tensor
attr value_float float
attr value_floats floats
attr value_int int
attr value_ints ints
attr value_string string
attr value_strings strings

op ai.onnx Constant 24
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0)
attr sparse_value sparse_tensor
attr value tensor
attr value_float float
attr value_floats floats
attr value_int int
attr value_ints ints
attr value_string string
attr value_strings strings

op ai.onnx Constant 25
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2)
attr sparse_value sparse_tensor
attr value tensor
attr value_float float
attr value_floats floats
attr value_int int
attr value_ints ints
attr value_string string
attr value_strings strings

op ai.onnx ConstantOfShape 9
in input T1
out output T2
type T1 tensor(int64)
type T2 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool)
attr value tensor

op ai.onnx ConstantOfShape 20
in input T1
out output T2
type T1 tensor(int64)
type T2 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool) tensor(bfloat16) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
attr value tensor

op ai.onnx ConstantOfShape 21
in input T1
out output T2
type T1 tensor(int64)
type T2 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(uint4) tensor(int4) tensor(bool) tensor(bfloat16) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
attr value tensor

op ai.onnx ConstantOfShape 23
in input T1
out output T2
type T1 tensor(int64)
type T2 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(uint4) tensor(int4) tensor(bool) tensor(bfloat16) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(float4e2m1)
attr value tensor

op ai.onnx ConstantOfShape 24
in input T1
out output T2
type T1 tensor(int64)
type T2 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(uint4) tensor(int4) tensor(bool) tensor(bfloat16) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(float4e2m1) tensor(float8e8m0)
attr value tensor

op ai.onnx ConstantOfShape 25
in input T1
out output T2
type T1 tensor(int64)
type T2 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(uint4) tensor(int4) tensor(bool) tensor(bfloat16) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2)
attr value tensor

op ai.onnx DepthToSpace 1
in input T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr blocksize int required

op ai.onnx DepthToSpace 11
in input T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr blocksize int required
attr mode string default DCR

op ai.onnx DepthToSpace 13
in input T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr blocksize int required
attr mode string default DCR

op ai.onnx Expand 8
in input T
in shape tensor(int64)
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)

op ai.onnx Expand 13
in input T
in shape tensor(int64)
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)

op ai.onnx EyeLike 9
in input T1
out output T2
type T1 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool)
type T2 tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(bool)
attr dtype int
attr k int default 0

op ai.onnx EyeLike 22
in input T1
out output T2
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(bool)
type T2 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(bool)
attr dtype int
attr k int default 0

op ai.onnx Flatten 1
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)
attr axis int default 1

op ai.onnx Flatten 9
in input T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axis int default 1

op ai.onnx Flatten 11
in input T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axis int default 1

op ai.onnx Flatten 13
in input T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axis int default 1

op ai.onnx Flatten 21
in input T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4)
attr axis int default 1

op ai.onnx Flatten 23
in input T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1)
attr axis int default 1

op ai.onnx Flatten 24
in input T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0)
attr axis int default 1

op ai.onnx Flatten 25
in input T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2)
attr axis int default 1

op ai.onnx Gather 1
in data T
in indices Tind
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type Tind tensor(int32) tensor(int64)
attr axis int default 0

op ai.onnx Gather 11
in data T
in indices Tind
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type Tind tensor(int32) tensor(int64)
attr axis int default 0

op ai.onnx Gather 13
in data T
in indices Tind
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type Tind tensor(int32) tensor(int64)
attr axis int default 0

op ai.onnx GatherElements 11
in data T
in indices Tind
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type Tind tensor(int32) tensor(int64)
attr axis int default 0

op ai.onnx GatherElements 13
in data T
in indices Tind
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type Tind tensor(int32) tensor(int64)
attr axis int default 0

op ai.onnx GatherND 11
in data T
in indices tensor(int64)
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)

op ai.onnx GatherND 12
in data T
in indices tensor(int64)
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr batch_dims int default 0

op ai.onnx GatherND 13
in data T
in indices tensor(int64)
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr batch_dims int default 0

op ai.onnx Identity 1
in input T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)

op ai.onnx Identity 13
in input T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)

op ai.onnx Identity 14
in input V
out output V
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))

op ai.onnx Identity 16
in input V
out output V
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128)) optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128))

op ai.onnx Identity 19
in input V
out output V
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128)) optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128))

op ai.onnx Identity 21
in input V
out output V
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128)) optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128))

op ai.onnx Identity 23
in input V
out output V
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128)) optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128))

op ai.onnx Identity 24
in input V
out output V
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128)) optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128))

op ai.onnx Identity 25
in input V
out output V
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128)) optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128))

op ai.onnx NonZero 9
in X T
out Y tensor(int64)
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)

op ai.onnx NonZero 13
in X T
out Y tensor(int64)
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)

op ai.onnx OneHot 9
in indices T1
in depth T2
in values T3
out output T3
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
type T2 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
type T3 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axis int default -1

op ai.onnx OneHot 11
in indices T1
in depth T2
in values T3
out output T3
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
type T2 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
type T3 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axis int default -1

op ai.onnx Pad 1
in data T
out output T
type T tensor(float16) tensor(float) tensor(double)
attr mode string default constant
attr paddings ints required
attr value float default 0.0

op ai.onnx Pad 2
in data T
out output T
type T tensor(float16) tensor(float) tensor(double)
attr mode string default constant
attr pads ints required
attr value float default 0.0

op ai.onnx Pad 11
in data T
in pads tensor(int64)
in constant_value T optional
out output T
arity in 2 3
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr mode string default constant

op ai.onnx Pad 13
in data T
in pads tensor(int64)
in constant_value T optional
out output T
arity in 2 3
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr mode string default constant

op ai.onnx Pad 18
in data T
in pads tensor(int64)
in constant_value T optional
in axes Tind optional
out output T
arity in 2 4
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type Tind tensor(int32) tensor(int64)
attr mode string default constant

op ai.onnx Pad 19
in data T
in pads tensor(int64)
in constant_value T optional
in axes Tind optional
out output T
arity in 2 4
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type Tind tensor(int32) tensor(int64)
attr mode string default constant

op ai.onnx Pad 21
in data T
in pads tensor(int64)
in constant_value T optional
in axes Tind optional
out output T
arity in 2 4
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4)
type Tind tensor(int32) tensor(int64)
attr mode string default constant

op ai.onnx Pad 23
in data T
in pads tensor(int64)
in constant_value T optional
in axes Tind optional
out output T
arity in 2 4
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1)
type Tind tensor(int32) tensor(int64)
attr mode string default constant

op ai.onnx Pad 24
in data T
in pads tensor(int64)
in constant_value T optional
in axes Tind optional
out output T
arity in 2 4
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0)
type Tind tensor(int32) tensor(int64)
attr mode string default constant

op ai.onnx Pad 25
in data T
in pads tensor(int64)
in constant_value T optional
in axes Tind optional
out output T
arity in 2 4
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2)
type Tind tensor(int32) tensor(int64)
attr mode string default constant

op ai.onnx Range 11
in start T
in limit T
in delta T
out output T
type T tensor(float) tensor(double) tensor(int16) tensor(int32) tensor(int64)

op ai.onnx Range 27
in start T
in limit T
in delta T
out output T
type T tensor(float) tensor(double) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(bfloat16)
attr stash_type int default 1

op ai.onnx Reshape 1
in data T
out reshaped T
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints
attr shape ints

op ai.onnx Reshape 5
in data T
in shape tensor(int64)
out reshaped T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)

op ai.onnx Reshape 13
in data T
in shape tensor(int64)
out reshaped T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)

op ai.onnx Reshape 14
in data T
in shape tensor(int64)
out reshaped T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr allowzero int default 0

op ai.onnx Reshape 19
in data T
in shape tensor(int64)
out reshaped T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
attr allowzero int default 0

op ai.onnx Reshape 21
in data T
in shape tensor(int64)
out reshaped T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4)
attr allowzero int default 0

op ai.onnx Reshape 23
in data T
in shape tensor(int64)
out reshaped T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1)
attr allowzero int default 0

op ai.onnx Reshape 24
in data T
in shape tensor(int64)
out reshaped T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0)
attr allowzero int default 0

op ai.onnx Reshape 25
in data T
in shape tensor(int64)
out reshaped T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2)
attr allowzero int default 0

op ai.onnx ReverseSequence 10
in input T
in sequence_lens tensor(int64)
out Y T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr batch_axis int default 1
attr time_axis int default 0

op ai.onnx Scatter 9
in data T
in indices Tind
in updates T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type Tind tensor(int32) tensor(int64)
attr axis int default 0

op ai.onnx Scatter 11
deprecated

op ai.onnx ScatterElements 11
in data T
in indices Tind
in updates T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type Tind tensor(int32) tensor(int64)
attr axis int default 0

op ai.onnx ScatterElements 13
in data T
in indices Tind
in updates T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type Tind tensor(int32) tensor(int64)
attr axis int default 0

op ai.onnx ScatterElements 16
in data T
in indices Tind
in updates T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type Tind tensor(int32) tensor(int64)
attr axis int default 0
attr reduction string default none

op ai.onnx ScatterElements 18
in data T
in indices Tind
in updates T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type Tind tensor(int32) tensor(int64)
attr axis int default 0
attr reduction string default none

op ai.onnx ScatterND 11
in data T
in indices tensor(int64)
in updates T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)

op ai.onnx ScatterND 13
in data T
in indices tensor(int64)
in updates T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)

op ai.onnx ScatterND 16
in data T
in indices tensor(int64)
in updates T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr reduction string default none

op ai.onnx ScatterND 18
in data T
in indices tensor(int64)
in updates T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr reduction string default none

op ai.onnx Shape 1
in data T
out shape T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T1 tensor(int64)

op ai.onnx Shape 13
in data T
out shape T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T1 tensor(int64)

op ai.onnx Shape 15
in data T
out shape T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T1 tensor(int64)
attr end int
attr start int default 0

op ai.onnx Shape 19
in data T
out shape T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
type T1 tensor(int64)
attr end int
attr start int default 0

op ai.onnx Shape 21
in data T
out shape T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4)
type T1 tensor(int64)
attr end int
attr start int default 0

op ai.onnx Shape 23
in data T
out shape T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1)
type T1 tensor(int64)
attr end int
attr start int default 0

op ai.onnx Shape 24
in data T
out shape T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0)
type T1 tensor(int64)
attr end int
attr start int default 0

op ai.onnx Shape 25
in data T
out shape T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2)
type T1 tensor(int64)
attr end int
attr start int default 0

op ai.onnx Size 1
in data T
out size T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T1 tensor(int64)

op ai.onnx Size 13
in data T
out size T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T1 tensor(int64)

op ai.onnx Size 19
in data T
out size T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
type T1 tensor(int64)

op ai.onnx Size 21
in data T
out size T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4)
type T1 tensor(int64)

op ai.onnx Size 23
in data T
out size T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1)
type T1 tensor(int64)

op ai.onnx Size 24
in data T
out size T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0)
type T1 tensor(int64)

op ai.onnx Size 25
in data T
out size T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2)
type T1 tensor(int64)

op ai.onnx Slice 1
in data T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axes ints
attr ends ints required
attr starts ints required

op ai.onnx Slice 10
in data T
in starts Tind
in ends Tind
in axes Tind optional
in steps Tind optional
out output T
arity in 3 5
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type Tind tensor(int32) tensor(int64)

op ai.onnx Slice 11
in data T
in starts Tind
in ends Tind
in axes Tind optional
in steps Tind optional
out output T
arity in 3 5
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type Tind tensor(int32) tensor(int64)

op ai.onnx Slice 13
in data T
in starts Tind
in ends Tind
in axes Tind optional
in steps Tind optional
out output T
arity in 3 5
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type Tind tensor(int32) tensor(int64)

op ai.onnx SpaceToDepth 1
in input T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr blocksize int required

op ai.onnx SpaceToDepth 13
in input T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr blocksize int required

op ai.onnx Split 1
in input T
in split T optional
out outputs... T variadic
arity in 1 2
arity out 1 inf
type T tensor(float16) tensor(float) tensor(double)
attr axis int
attr split ints

op ai.onnx Split 2
in input T
out outputs T variadic
arity out 1 inf
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axis int default 0
attr split ints

op ai.onnx Split 11
in input T
out outputs T variadic
arity out 1 inf
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axis int default 0
attr split ints

op ai.onnx Split 13
in input T
in split tensor(int64) optional
out outputs T variadic
arity in 1 2
arity out 1 inf
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axis int default 0

op ai.onnx Split 18
in input T
in split tensor(int64) optional
out outputs T variadic
arity in 1 2
arity out 1 inf
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axis int default 0
attr num_outputs int

op ai.onnx Squeeze 1
in data T
out squeezed T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axes ints

op ai.onnx Squeeze 11
in data T
out squeezed T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axes ints

op ai.onnx Squeeze 13
in data T
in axes tensor(int64) optional
out squeezed T
arity in 1 2
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)

op ai.onnx Squeeze 21
in data T
in axes tensor(int64) optional
out squeezed T
arity in 1 2
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4)

op ai.onnx Squeeze 23
in data T
in axes tensor(int64) optional
out squeezed T
arity in 1 2
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1)

op ai.onnx Squeeze 24
in data T
in axes tensor(int64) optional
out squeezed T
arity in 1 2
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0)

op ai.onnx Squeeze 25
in data T
in axes tensor(int64) optional
out squeezed T
arity in 1 2
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2)

op ai.onnx TensorScatter 24
in past_cache T
in update T
in write_indices tensor(int64) optional
out present_cache T
arity in 2 3
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0)
attr axis int default -2
attr mode string default linear

op ai.onnx Tile 1
in input T
in tiles T
in axis T
out output T
type T tensor(float16) tensor(float) tensor(double)
type T1 tensor(int64)

op ai.onnx Tile 6
in input T
in repeats T1
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T1 tensor(int64)

op ai.onnx Tile 13
in input T
in repeats T1
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T1 tensor(int64)

op ai.onnx Transpose 1
in data T
out transposed T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr perm ints

op ai.onnx Transpose 13
in data T
out transposed T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr perm ints

op ai.onnx Transpose 21
in data T
out transposed T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4)
attr perm ints

op ai.onnx Transpose 23
in data T
out transposed T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1)
attr perm ints

op ai.onnx Transpose 24
in data T
out transposed T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0)
attr perm ints

op ai.onnx Transpose 25
in data T
out transposed T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2)
attr perm ints

op ai.onnx Trilu 14
in input T
in k tensor(int64) optional
out output T
arity in 1 2
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr upper int default 1

op ai.onnx Unsqueeze 1
in data T
out expanded T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axes ints required

op ai.onnx Unsqueeze 11
in data T
out expanded T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axes ints required

op ai.onnx Unsqueeze 13
in data T
in axes tensor(int64)
out expanded T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)

op ai.onnx Unsqueeze 21
in data T
in axes tensor(int64)
out expanded T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4)

op ai.onnx Unsqueeze 23
in data T
in axes tensor(int64)
out expanded T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1)

op ai.onnx Unsqueeze 24
in data T
in axes tensor(int64)
out expanded T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0)

op ai.onnx Unsqueeze 25
in data T
in axes tensor(int64)
out expanded T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2)
)sig");
}

}  // namespace onnxsem::ops

// The signatures of the control family's operator versions (spec/types.md, TY1): inputs and outputs, type
// constraints, attributes. Facts from ONNX's operator definitions, written in onnxsem's signature text
// (semantics/signature.hpp); every version ONNX defines for these operators, implemented or not.
#include "ops/registry.hpp"

namespace onnxsem::ops {

void describe_control(Registry& r) {
  r.describe(R"sig(
op ai.onnx If 1
in cond B
out outputs V variadic-mixed
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type B tensor(bool)
attr else_branch graph required
attr then_branch graph required

op ai.onnx If 11
in cond B
out outputs V variadic-mixed
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type B tensor(bool)
attr else_branch graph required
attr then_branch graph required

op ai.onnx If 13
in cond B
out outputs V variadic-mixed
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))
type B tensor(bool)
attr else_branch graph required
attr then_branch graph required

op ai.onnx If 16
in cond B
out outputs V variadic-mixed
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(bfloat16)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128)) optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(bfloat16))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(bfloat16)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128))
type B tensor(bool)
attr else_branch graph required
attr then_branch graph required

op ai.onnx If 19
in cond B
out outputs V variadic-mixed
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(bfloat16)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128)) seq(tensor(float8e4m3fn)) seq(tensor(float8e4m3fnuz)) seq(tensor(float8e5m2)) seq(tensor(float8e5m2fnuz)) optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(bfloat16))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(bfloat16)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128)) optional(tensor(float8e4m3fn)) optional(tensor(float8e4m3fnuz)) optional(tensor(float8e5m2)) optional(tensor(float8e5m2fnuz))
type B tensor(bool)
attr else_branch graph required
attr then_branch graph required

op ai.onnx If 21
in cond B
out outputs V variadic-mixed
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(bfloat16)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128)) seq(tensor(float8e4m3fn)) seq(tensor(float8e4m3fnuz)) seq(tensor(float8e5m2)) seq(tensor(float8e5m2fnuz)) seq(tensor(uint4)) seq(tensor(int4)) optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(bfloat16))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(bfloat16)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128)) optional(tensor(float8e4m3fn)) optional(tensor(float8e4m3fnuz)) optional(tensor(float8e5m2)) optional(tensor(float8e5m2fnuz)) optional(tensor(uint4)) optional(tensor(int4))
type B tensor(bool)
attr else_branch graph required
attr then_branch graph required

op ai.onnx If 23
in cond B
out outputs V variadic-mixed
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(bfloat16)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128)) seq(tensor(float8e4m3fn)) seq(tensor(float8e4m3fnuz)) seq(tensor(float8e5m2)) seq(tensor(float8e5m2fnuz)) seq(tensor(uint4)) seq(tensor(int4)) seq(tensor(float4e2m1)) optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(bfloat16))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(bfloat16)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128)) optional(tensor(float8e4m3fn)) optional(tensor(float8e4m3fnuz)) optional(tensor(float8e5m2)) optional(tensor(float8e5m2fnuz)) optional(tensor(uint4)) optional(tensor(int4)) optional(tensor(float4e2m1))
type B tensor(bool)
attr else_branch graph required
attr then_branch graph required

op ai.onnx If 24
in cond B
out outputs V variadic-mixed
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(bfloat16)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128)) seq(tensor(float8e4m3fn)) seq(tensor(float8e4m3fnuz)) seq(tensor(float8e5m2)) seq(tensor(float8e5m2fnuz)) seq(tensor(uint4)) seq(tensor(int4)) seq(tensor(float4e2m1)) seq(tensor(float8e8m0)) optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(bfloat16))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(bfloat16)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128)) optional(tensor(float8e4m3fn)) optional(tensor(float8e4m3fnuz)) optional(tensor(float8e5m2)) optional(tensor(float8e5m2fnuz)) optional(tensor(uint4)) optional(tensor(int4)) optional(tensor(float4e2m1)) optional(tensor(float8e8m0))
type B tensor(bool)
attr else_branch graph required
attr then_branch graph required

op ai.onnx If 25
in cond B
out outputs V variadic-mixed
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(bfloat16)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128)) seq(tensor(float8e4m3fn)) seq(tensor(float8e4m3fnuz)) seq(tensor(float8e5m2)) seq(tensor(float8e5m2fnuz)) seq(tensor(uint4)) seq(tensor(int4)) seq(tensor(float4e2m1)) seq(tensor(float8e8m0)) seq(tensor(uint2)) seq(tensor(int2)) optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(bfloat16))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(bfloat16)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128)) optional(tensor(float8e4m3fn)) optional(tensor(float8e4m3fnuz)) optional(tensor(float8e5m2)) optional(tensor(float8e5m2fnuz)) optional(tensor(uint4)) optional(tensor(int4)) optional(tensor(float4e2m1)) optional(tensor(float8e8m0)) optional(tensor(uint2)) optional(tensor(int2))
type B tensor(bool)
attr else_branch graph required
attr then_branch graph required

op ai.onnx Loop 1
in M I optional
in cond B optional
in v_initial V variadic-mixed
out v_final_and_scan_outputs V variadic-mixed
arity in 3 inf
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type I tensor(int64)
type B tensor(bool)
attr body graph required

op ai.onnx Loop 11
in M I optional
in cond B optional
in v_initial V variadic-mixed
out v_final_and_scan_outputs V variadic-mixed
arity in 2 inf
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type I tensor(int64)
type B tensor(bool)
attr body graph required

op ai.onnx Loop 13
in M I optional
in cond B optional
in v_initial V variadic-mixed
out v_final_and_scan_outputs V variadic-mixed
arity in 2 inf
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))
type I tensor(int64)
type B tensor(bool)
attr body graph required

op ai.onnx Loop 16
in M I optional
in cond B optional
in v_initial V variadic-mixed
out v_final_and_scan_outputs V variadic-mixed
arity in 2 inf
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(bfloat16)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128)) optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(bfloat16))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(bfloat16)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128))
type I tensor(int64)
type B tensor(bool)
attr body graph required

op ai.onnx Loop 19
in M I optional
in cond B optional
in v_initial V variadic-mixed
out v_final_and_scan_outputs V variadic-mixed
arity in 2 inf
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(bfloat16)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128)) seq(tensor(float8e4m3fn)) seq(tensor(float8e4m3fnuz)) seq(tensor(float8e5m2)) seq(tensor(float8e5m2fnuz)) optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(bfloat16))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(bfloat16)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128)) optional(tensor(float8e4m3fn)) optional(tensor(float8e4m3fnuz)) optional(tensor(float8e5m2)) optional(tensor(float8e5m2fnuz))
type I tensor(int64)
type B tensor(bool)
attr body graph required

op ai.onnx Loop 21
in M I optional
in cond B optional
in v_initial V variadic-mixed
out v_final_and_scan_outputs V variadic-mixed
arity in 2 inf
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(bfloat16)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128)) seq(tensor(float8e4m3fn)) seq(tensor(float8e4m3fnuz)) seq(tensor(float8e5m2)) seq(tensor(float8e5m2fnuz)) seq(tensor(uint4)) seq(tensor(int4)) optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(bfloat16))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(bfloat16)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128)) optional(tensor(float8e4m3fn)) optional(tensor(float8e4m3fnuz)) optional(tensor(float8e5m2)) optional(tensor(float8e5m2fnuz)) optional(tensor(uint4)) optional(tensor(int4))
type I tensor(int64)
type B tensor(bool)
attr body graph required

op ai.onnx Loop 23
in M I optional
in cond B optional
in v_initial V variadic-mixed
out v_final_and_scan_outputs V variadic-mixed
arity in 2 inf
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(bfloat16)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128)) seq(tensor(float8e4m3fn)) seq(tensor(float8e4m3fnuz)) seq(tensor(float8e5m2)) seq(tensor(float8e5m2fnuz)) seq(tensor(uint4)) seq(tensor(int4)) seq(tensor(float4e2m1)) optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(bfloat16))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(bfloat16)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128)) optional(tensor(float8e4m3fn)) optional(tensor(float8e4m3fnuz)) optional(tensor(float8e5m2)) optional(tensor(float8e5m2fnuz)) optional(tensor(uint4)) optional(tensor(int4)) optional(tensor(float4e2m1))
type I tensor(int64)
type B tensor(bool)
attr body graph required

op ai.onnx Loop 24
in M I optional
in cond B optional
in v_initial V variadic-mixed
out v_final_and_scan_outputs V variadic-mixed
arity in 2 inf
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(bfloat16)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128)) seq(tensor(float8e4m3fn)) seq(tensor(float8e4m3fnuz)) seq(tensor(float8e5m2)) seq(tensor(float8e5m2fnuz)) seq(tensor(uint4)) seq(tensor(int4)) seq(tensor(float4e2m1)) seq(tensor(float8e8m0)) optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(bfloat16))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(bfloat16)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128)) optional(tensor(float8e4m3fn)) optional(tensor(float8e4m3fnuz)) optional(tensor(float8e5m2)) optional(tensor(float8e5m2fnuz)) optional(tensor(uint4)) optional(tensor(int4)) optional(tensor(float4e2m1)) optional(tensor(float8e8m0))
type I tensor(int64)
type B tensor(bool)
attr body graph required

op ai.onnx Loop 25
in M I optional
in cond B optional
in v_initial V variadic-mixed
out v_final_and_scan_outputs V variadic-mixed
arity in 2 inf
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(bfloat16)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128)) seq(tensor(float8e4m3fn)) seq(tensor(float8e4m3fnuz)) seq(tensor(float8e5m2)) seq(tensor(float8e5m2fnuz)) seq(tensor(uint4)) seq(tensor(int4)) seq(tensor(float4e2m1)) seq(tensor(float8e8m0)) seq(tensor(uint2)) seq(tensor(int2)) optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(bfloat16))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(bfloat16)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128)) optional(tensor(float8e4m3fn)) optional(tensor(float8e4m3fnuz)) optional(tensor(float8e5m2)) optional(tensor(float8e5m2fnuz)) optional(tensor(uint4)) optional(tensor(int4)) optional(tensor(float4e2m1)) optional(tensor(float8e8m0)) optional(tensor(uint2)) optional(tensor(int2))
type I tensor(int64)
type B tensor(bool)
attr body graph required

op ai.onnx Scan 8
in sequence_lens I optional
in initial_state_and_scan_inputs V variadic-mixed
out final_state_and_scan_outputs V variadic-mixed
arity in 2 inf
arity out 1 inf
type I tensor(int64)
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr body graph required
attr directions ints
attr num_scan_inputs int required

op ai.onnx Scan 9
in initial_state_and_scan_inputs V variadic-mixed
out final_state_and_scan_outputs V variadic-mixed
arity in 1 inf
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr body graph required
attr num_scan_inputs int required
attr scan_input_axes ints
attr scan_input_directions ints
attr scan_output_axes ints
attr scan_output_directions ints

op ai.onnx Scan 11
in initial_state_and_scan_inputs V variadic-mixed
out final_state_and_scan_outputs V variadic-mixed
arity in 1 inf
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr body graph required
attr num_scan_inputs int required
attr scan_input_axes ints
attr scan_input_directions ints
attr scan_output_axes ints
attr scan_output_directions ints

op ai.onnx Scan 16
in initial_state_and_scan_inputs V variadic-mixed
out final_state_and_scan_outputs V variadic-mixed
arity in 1 inf
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr body graph required
attr num_scan_inputs int required
attr scan_input_axes ints
attr scan_input_directions ints
attr scan_output_axes ints
attr scan_output_directions ints

op ai.onnx Scan 19
in initial_state_and_scan_inputs V variadic-mixed
out final_state_and_scan_outputs V variadic-mixed
arity in 1 inf
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
attr body graph required
attr num_scan_inputs int required
attr scan_input_axes ints
attr scan_input_directions ints
attr scan_output_axes ints
attr scan_output_directions ints

op ai.onnx Scan 21
in initial_state_and_scan_inputs V variadic-mixed
out final_state_and_scan_outputs V variadic-mixed
arity in 1 inf
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4)
attr body graph required
attr num_scan_inputs int required
attr scan_input_axes ints
attr scan_input_directions ints
attr scan_output_axes ints
attr scan_output_directions ints

op ai.onnx Scan 23
in initial_state_and_scan_inputs V variadic-mixed
out final_state_and_scan_outputs V variadic-mixed
arity in 1 inf
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1)
attr body graph required
attr num_scan_inputs int required
attr scan_input_axes ints
attr scan_input_directions ints
attr scan_output_axes ints
attr scan_output_directions ints

op ai.onnx Scan 24
in initial_state_and_scan_inputs V variadic-mixed
out final_state_and_scan_outputs V variadic-mixed
arity in 1 inf
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0)
attr body graph required
attr num_scan_inputs int required
attr scan_input_axes ints
attr scan_input_directions ints
attr scan_output_axes ints
attr scan_output_directions ints

op ai.onnx Scan 25
in initial_state_and_scan_inputs V variadic-mixed
out final_state_and_scan_outputs V variadic-mixed
arity in 1 inf
arity out 1 inf
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz) tensor(uint4) tensor(int4) tensor(float4e2m1) tensor(float8e8m0) tensor(uint2) tensor(int2)
attr body graph required
attr num_scan_inputs int required
attr scan_input_axes ints
attr scan_input_directions ints
attr scan_output_axes ints
attr scan_output_directions ints

op ai.onnx SequenceMap 17
in input_sequence S
in additional_inputs V variadic-mixed
out out_sequence S variadic-mixed
arity in 1 inf
arity out 1 inf
type S seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))
attr body graph required
)sig");
}

}  // namespace onnxsem::ops

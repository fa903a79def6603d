// The signatures of the elementwise family's operator versions (spec/types.md, TY1): inputs and outputs, type
// constraints, attributes. Facts from ONNX's operator definitions, written in onnxsem's signature text
// (semantics/signature.hpp); every version ONNX defines for these operators, implemented or not.
#include "ops/registry.hpp"

namespace onnxsem::ops {

void describe_elementwise(Registry& r) {
  r.describe(R"sig(
op ai.onnx Abs 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints

op ai.onnx Abs 6
in X T
out Y T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)

op ai.onnx Abs 13
in X T
out Y T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Acos 7
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Acos 22
in input T
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx Acosh 9
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Acosh 22
in input T
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx Add 1
in A T
in B T
out C T
type T tensor(float16) tensor(float) tensor(double)
attr axis int
attr broadcast int default 0
attr consumed_inputs ints

op ai.onnx Add 6
in A T
in B T
out C T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axis int
attr broadcast int default 0

op ai.onnx Add 7
in A T
in B T
out C T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)

op ai.onnx Add 13
in A T
in B T
out C T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Add 14
in A T
in B T
out C T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx And 1
in A T
in B T
out C T1
type T tensor(bool)
type T1 tensor(bool)
attr axis int
attr broadcast int default 0

op ai.onnx And 7
in A T
in B T
out C T1
type T tensor(bool)
type T1 tensor(bool)

op ai.onnx Asin 7
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Asin 22
in input T
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx Asinh 9
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Asinh 22
in input T
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx Atan 7
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Atan 22
in input T
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx Atanh 9
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Atanh 22
in input T
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx BitShift 11
in X T
in Y T
out Z T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64)
attr direction string required

op ai.onnx BitwiseAnd 18
in A T
in B T
out C T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64)

op ai.onnx BitwiseNot 18
in X T
out Y T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64)

op ai.onnx BitwiseOr 18
in A T
in B T
out C T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64)

op ai.onnx BitwiseXor 18
in A T
in B T
out C T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64)

op ai.onnx Ceil 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints

op ai.onnx Ceil 6
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Ceil 13
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Celu 12
in X T
out Y T
type T tensor(float)
attr alpha float default 1.0

op ai.onnx Celu 28
in X T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr alpha float default 1.0

op ai.onnx Clip 1
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints
attr max float
attr min float

op ai.onnx Clip 6
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)
attr max float default (3.402823e+38)
attr min float default (-3.402823e+38)

op ai.onnx Clip 11
in input T
in min T optional
in max T optional
out output T
arity in 1 3
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Clip 12
in input T
in min T optional
in max T optional
out output T
arity in 1 3
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)

op ai.onnx Clip 13
in input T
in min T optional
in max T optional
out output T
arity in 1 3
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Cos 7
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Cos 22
in input T
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx Cosh 9
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Cosh 22
in input T
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx Div 1
in A T
in B T
out C T
type T tensor(float16) tensor(float) tensor(double)
attr axis int
attr broadcast int default 0
attr consumed_inputs ints

op ai.onnx Div 6
in A T
in B T
out C T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axis int
attr broadcast int default 0

op ai.onnx Div 7
in A T
in B T
out C T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)

op ai.onnx Div 13
in A T
in B T
out C T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Div 14
in A T
in B T
out C T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Elu 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr alpha float default 1.0
attr consumed_inputs ints

op ai.onnx Elu 6
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr alpha float default 1.0

op ai.onnx Elu 22
in X T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr alpha float default 1.0

op ai.onnx Equal 1
in A T
in B T
out C T1
type T tensor(bool) tensor(int32) tensor(int64)
type T1 tensor(bool)
attr axis int
attr broadcast int default 0

op ai.onnx Equal 7
in A T
in B T
out C T1
type T tensor(bool) tensor(int32) tensor(int64)
type T1 tensor(bool)

op ai.onnx Equal 11
in A T
in B T
out C T1
type T tensor(bool) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
type T1 tensor(bool)

op ai.onnx Equal 13
in A T
in B T
out C T1
type T tensor(bool) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type T1 tensor(bool)

op ai.onnx Equal 19
in A T
in B T
out C T1
type T tensor(bool) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16) tensor(string)
type T1 tensor(bool)

op ai.onnx Erf 9
in input T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)

op ai.onnx Erf 13
in input T
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx Exp 1
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints

op ai.onnx Exp 6
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Exp 13
in input T
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx Floor 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints

op ai.onnx Floor 6
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Floor 13
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Gelu 20
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr approximate string default none

op ai.onnx Greater 1
in A T
in B T
out C T1
type T tensor(float16) tensor(float) tensor(double)
type T1 tensor(bool)
attr axis int
attr broadcast int default 0

op ai.onnx Greater 7
in A T
in B T
out C T1
type T tensor(float16) tensor(float) tensor(double)
type T1 tensor(bool)

op ai.onnx Greater 9
in A T
in B T
out C T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
type T1 tensor(bool)

op ai.onnx Greater 13
in A T
in B T
out C T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type T1 tensor(bool)

op ai.onnx GreaterOrEqual 12
in A T
in B T
out C T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
type T1 tensor(bool)

op ai.onnx GreaterOrEqual 16
in A T
in B T
out C T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type T1 tensor(bool)

op ai.onnx HardSigmoid 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr alpha float default 0.2
attr beta float default 0.5
attr consumed_inputs ints

op ai.onnx HardSigmoid 6
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr alpha float default 0.2
attr beta float default 0.5

op ai.onnx HardSigmoid 22
in X T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr alpha float default 0.2
attr beta float default 0.5

op ai.onnx HardSwish 14
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx HardSwish 22
in X T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx IsInf 10
in X T1
out Y T2
type T1 tensor(float) tensor(double)
type T2 tensor(bool)
attr detect_negative int default 1
attr detect_positive int default 1

op ai.onnx IsInf 20
in X T1
out Y T2
type T1 tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
type T2 tensor(bool)
attr detect_negative int default 1
attr detect_positive int default 1

op ai.onnx IsNaN 9
in X T1
out Y T2
type T1 tensor(float16) tensor(float) tensor(double)
type T2 tensor(bool)

op ai.onnx IsNaN 13
in X T1
out Y T2
type T1 tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type T2 tensor(bool)

op ai.onnx IsNaN 20
in X T1
out Y T2
type T1 tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
type T2 tensor(bool)

op ai.onnx LeakyRelu 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr alpha float default 0.01
attr consumed_inputs ints

op ai.onnx LeakyRelu 6
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr alpha float default 0.01

op ai.onnx LeakyRelu 16
in X T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr alpha float default 0.01

op ai.onnx Less 1
in A T
in B T
out C T1
type T tensor(float16) tensor(float) tensor(double)
type T1 tensor(bool)
attr axis int
attr broadcast int default 0

op ai.onnx Less 7
in A T
in B T
out C T1
type T tensor(float16) tensor(float) tensor(double)
type T1 tensor(bool)

op ai.onnx Less 9
in A T
in B T
out C T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
type T1 tensor(bool)

op ai.onnx Less 13
in A T
in B T
out C T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type T1 tensor(bool)

op ai.onnx LessOrEqual 12
in A T
in B T
out C T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
type T1 tensor(bool)

op ai.onnx LessOrEqual 16
in A T
in B T
out C T1
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type T1 tensor(bool)

op ai.onnx Log 1
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints

op ai.onnx Log 6
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Log 13
in input T
out output T
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Max 1
in data_0 T variadic
out max T
arity in 1 inf
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints

op ai.onnx Max 6
in data_0 T variadic
out max T
arity in 1 inf
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Max 8
in data_0 T variadic
out max T
arity in 1 inf
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Max 12
in data_0 T variadic
out max T
arity in 1 inf
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)

op ai.onnx Max 13
in data_0 T variadic
out max T
arity in 1 inf
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Mean 1
in data_0 T variadic
out mean T
arity in 1 inf
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints

op ai.onnx Mean 6
in data_0 T variadic
out mean T
arity in 1 inf
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Mean 8
in data_0 T variadic
out mean T
arity in 1 inf
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Mean 13
in data_0 T variadic
out mean T
arity in 1 inf
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Min 1
in data_0 T variadic
out min T
arity in 1 inf
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints

op ai.onnx Min 6
in data_0 T variadic
out min T
arity in 1 inf
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Min 8
in data_0 T variadic
out min T
arity in 1 inf
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Min 12
in data_0 T variadic
out min T
arity in 1 inf
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)

op ai.onnx Min 13
in data_0 T variadic
out min T
arity in 1 inf
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Mish 18
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Mish 22
in X T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx Mod 10
in A T
in B T
out C T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr fmod int default 0

op ai.onnx Mod 13
in A T
in B T
out C T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr fmod int default 0

op ai.onnx Mul 1
in A T
in B T
out C T
type T tensor(float16) tensor(float) tensor(double)
attr axis int
attr broadcast int default 0
attr consumed_inputs ints

op ai.onnx Mul 6
in A T
in B T
out C T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axis int
attr broadcast int default 0

op ai.onnx Mul 7
in A T
in B T
out C T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)

op ai.onnx Mul 13
in A T
in B T
out C T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Mul 14
in A T
in B T
out C T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Neg 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints

op ai.onnx Neg 6
in X T
out Y T
type T tensor(float) tensor(int32) tensor(int8) tensor(int16) tensor(int64) tensor(float16) tensor(double)

op ai.onnx Neg 13
in X T
out Y T
type T tensor(float) tensor(int32) tensor(int8) tensor(int16) tensor(int64) tensor(float16) tensor(double) tensor(bfloat16)

op ai.onnx Not 1
in X T
out Y T
type T tensor(bool)

op ai.onnx Or 1
in A T
in B T
out C T1
type T tensor(bool)
type T1 tensor(bool)
attr axis int
attr broadcast int default 0

op ai.onnx Or 7
in A T
in B T
out C T1
type T tensor(bool)
type T1 tensor(bool)

op ai.onnx PRelu 1
in X T
in slope T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints

op ai.onnx PRelu 6
in X T
in slope T
out Y T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx PRelu 7
in X T
in slope T
out Y T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx PRelu 9
in X T
in slope T
out Y T
type T tensor(float16) tensor(float) tensor(double) tensor(uint32) tensor(uint64) tensor(int32) tensor(int64)

op ai.onnx PRelu 16
in X T
in slope T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(uint32) tensor(uint64) tensor(int32) tensor(int64)

op ai.onnx Pow 1
in X T
in Y T
out Z T
type T tensor(float16) tensor(float) tensor(double)
attr axis int
attr broadcast int default 0

op ai.onnx Pow 7
in X T
in Y T
out Z T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Pow 12
in X T
in Y T1
out Z T
type T tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)

op ai.onnx Pow 13
in X T
in Y T1
out Z T
type T tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)

op ai.onnx Pow 15
in X T
in Y T1
out Z T
type T tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Reciprocal 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints

op ai.onnx Reciprocal 6
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Reciprocal 13
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Relu 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints

op ai.onnx Relu 6
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Relu 13
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Relu 14
in X T
out Y T
type T tensor(float) tensor(int32) tensor(int8) tensor(int16) tensor(int64) tensor(float16) tensor(double) tensor(bfloat16)

op ai.onnx Round 11
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Round 22
in X T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx Selu 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr alpha float default 1.6732
attr consumed_inputs ints
attr gamma float default 1.0507

op ai.onnx Selu 6
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr alpha float default 1.67326
attr gamma float default 1.0507

op ai.onnx Selu 22
in X T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr alpha float default 1.67326
attr gamma float default 1.0507

op ai.onnx Shrink 9
in input T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr bias float default 0.0
attr lambd float default 0.5

op ai.onnx Sigmoid 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints

op ai.onnx Sigmoid 6
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Sigmoid 13
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Sign 9
in input T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)

op ai.onnx Sign 13
in input T
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Sin 7
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Sin 22
in input T
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx Sinh 9
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Sinh 22
in input T
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx Softplus 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Softplus 22
in X T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx Softsign 1
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Softsign 22
in input T
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx Sqrt 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints

op ai.onnx Sqrt 6
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Sqrt 13
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Sub 1
in A T
in B T
out C T
type T tensor(float16) tensor(float) tensor(double)
attr axis int
attr broadcast int default 0
attr consumed_inputs ints

op ai.onnx Sub 6
in A T
in B T
out C T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr axis int
attr broadcast int default 0

op ai.onnx Sub 7
in A T
in B T
out C T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)

op ai.onnx Sub 13
in A T
in B T
out C T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Sub 14
in A T
in B T
out C T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx Sum 1
in data_0 T variadic
out sum T
arity in 1 inf
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints

op ai.onnx Sum 6
in data_0 T variadic
out sum T
arity in 1 inf
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Sum 8
in data_0 T variadic
out sum T
arity in 1 inf
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Sum 13
in data_0 T variadic
out sum T
arity in 1 inf
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)

op ai.onnx SwiGLU 28
in A T
in B T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr alpha float default 1.0

op ai.onnx Swish 24
in X T
out Y T
type T tensor(float16) tensor(float) tensor(bfloat16) tensor(double)
attr alpha float default 1.0

op ai.onnx Tan 7
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Tan 22
in input T
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx Tanh 1
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints

op ai.onnx Tanh 6
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Tanh 13
in input T
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx ThresholdedRelu 10
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr alpha float default 1.0

op ai.onnx ThresholdedRelu 22
in X T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr alpha float default 1.0

op ai.onnx Where 9
in condition B
in X T
in Y T
out output T
type B tensor(bool)
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)

op ai.onnx Where 16
in condition B
in X T
in Y T
out output T
type B tensor(bool)
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)

op ai.onnx Xor 1
in A T
in B T
out C T1
type T tensor(bool)
type T1 tensor(bool)
attr axis int
attr broadcast int default 0

op ai.onnx Xor 7
in A T
in B T
out C T1
type T tensor(bool)
type T1 tensor(bool)
)sig");
}

}  // namespace onnxsem::ops

// The signatures of the nn family's operator versions (spec/types.md, TY1): inputs and outputs, type
// constraints, attributes. Facts from ONNX's operator definitions, written in onnxsem's signature text
// (semantics/signature.hpp); every version ONNX defines for these operators, implemented or not.
#include "ops/registry.hpp"

namespace onnxsem::ops {

void describe_nn(Registry& r) {
  r.describe(R"sig(
op ai.onnx AveragePool 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr auto_pad string default NOTSET
attr kernel_shape ints required
attr pads ints
attr strides ints

op ai.onnx AveragePool 7
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr auto_pad string default NOTSET
attr count_include_pad int default 0
attr kernel_shape ints required
attr pads ints
attr strides ints

op ai.onnx AveragePool 10
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr auto_pad string default NOTSET
attr ceil_mode int default 0
attr count_include_pad int default 0
attr kernel_shape ints required
attr pads ints
attr strides ints

op ai.onnx AveragePool 11
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr auto_pad string default NOTSET
attr ceil_mode int default 0
attr count_include_pad int default 0
attr kernel_shape ints required
attr pads ints
attr strides ints

op ai.onnx AveragePool 19
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr auto_pad string default NOTSET
attr ceil_mode int default 0
attr count_include_pad int default 0
attr dilations ints
attr kernel_shape ints required
attr pads ints
attr strides ints

op ai.onnx AveragePool 22
in X T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr auto_pad string default NOTSET
attr ceil_mode int default 0
attr count_include_pad int default 0
attr dilations ints
attr kernel_shape ints required
attr pads ints
attr strides ints

op ai.onnx BatchNormalization 1
in X T
in scale T
in B T
in mean T
in var T
out Y T
out mean T optional
out var T optional
out saved_mean T optional
out saved_var T optional
arity out 1 5
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints required
attr epsilon float default 1e-05
attr is_test int default 0
attr momentum float default 0.9
attr spatial int default 1

op ai.onnx BatchNormalization 6
in X T
in scale T
in B T
in mean T
in var T
out Y T
out mean T optional
out var T optional
out saved_mean T optional
out saved_var T optional
arity out 1 5
type T tensor(float16) tensor(float) tensor(double)
attr epsilon float default 1e-05
attr is_test int default 0
attr momentum float default 0.9
attr spatial int default 1

op ai.onnx BatchNormalization 7
in X T
in scale T
in B T
in mean T
in var T
out Y T
out mean T optional
out var T optional
out saved_mean T optional
out saved_var T optional
arity out 1 5
type T tensor(float16) tensor(float) tensor(double)
attr epsilon float default 1e-05
attr momentum float default 0.9
attr spatial int default 1

op ai.onnx BatchNormalization 9
in X T
in scale T
in B T
in mean T
in var T
out Y T
out mean T optional
out var T optional
out saved_mean T optional
out saved_var T optional
arity out 1 5
type T tensor(float16) tensor(float) tensor(double)
attr epsilon float default 1e-05
attr momentum float default 0.9

op ai.onnx BatchNormalization 14
in X T
in scale T
in B T
in input_mean U
in input_var U
out Y T
out running_mean U optional
out running_var U optional
arity out 1 3
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type U tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr epsilon float default 1e-05
attr momentum float default 0.9
attr training_mode int default 0

op ai.onnx BatchNormalization 15
in X T
in scale T1
in B T1
in input_mean T2
in input_var T2
out Y T
out running_mean T2 optional
out running_var T2 optional
arity out 1 3
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type T1 tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type T2 tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr epsilon float default 1e-05
attr momentum float default 0.9
attr training_mode int default 0

op ai.onnx Bernoulli 15
in input T1
out output T2
type T1 tensor(float16) tensor(float) tensor(double)
type T2 tensor(float16) tensor(float) tensor(double) tensor(bfloat16) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bool)
attr dtype int
attr seed float

op ai.onnx Bernoulli 22
in input T1
out output T2
type T1 tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
type T2 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(bool)
attr dtype int
attr seed float

op ai.onnx CausalConvWithState 27
in input T
in weight T
in bias T optional
in past_state T optional
out output T
out present_state T
arity in 2 4
type T tensor(float) tensor(float16) tensor(bfloat16)
attr activation string default none

op ai.onnx Conv 1
in X T
in W T
in B T optional
out Y T
arity in 2 3
type T tensor(float16) tensor(float) tensor(double)
attr auto_pad string default NOTSET
attr dilations ints
attr group int default 1
attr kernel_shape ints
attr pads ints
attr strides ints

op ai.onnx Conv 11
in X T
in W T
in B T optional
out Y T
arity in 2 3
type T tensor(float16) tensor(float) tensor(double)
attr auto_pad string default NOTSET
attr dilations ints
attr group int default 1
attr kernel_shape ints
attr pads ints
attr strides ints

op ai.onnx Conv 22
in X T
in W T
in B T optional
out Y T
arity in 2 3
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr auto_pad string default NOTSET
attr dilations ints
attr group int default 1
attr kernel_shape ints
attr pads ints
attr strides ints

op ai.onnx ConvTranspose 1
in X T
in W T
in B T optional
out Y T
arity in 2 3
type T tensor(float16) tensor(float) tensor(double)
attr auto_pad string default NOTSET
attr dilations ints
attr group int default 1
attr kernel_shape ints
attr output_padding ints
attr output_shape ints
attr pads ints
attr strides ints

op ai.onnx ConvTranspose 11
in X T
in W T
in B T optional
out Y T
arity in 2 3
type T tensor(float16) tensor(float) tensor(double)
attr auto_pad string default NOTSET
attr dilations ints
attr group int default 1
attr kernel_shape ints
attr output_padding ints
attr output_shape ints
attr pads ints
attr strides ints

op ai.onnx ConvTranspose 22
in X T
in W T
in B T optional
out Y T
arity in 2 3
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr auto_pad string default NOTSET
attr dilations ints
attr group int default 1
attr kernel_shape ints
attr output_padding ints
attr output_shape ints
attr pads ints
attr strides ints

op ai.onnx DeformConv 19
in X T
in W T
in offset T
in B T optional
in mask T optional
out Y T
arity in 3 5
type T tensor(float16) tensor(float) tensor(double)
attr dilations ints
attr group int default 1
attr kernel_shape ints
attr offset_group int default 1
attr pads ints
attr strides ints

op ai.onnx DeformConv 22
in X T
in W T
in offset T
in B T optional
in mask T optional
out Y T
arity in 3 5
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr dilations ints
attr group int default 1
attr kernel_shape ints
attr offset_group int default 1
attr pads ints
attr strides ints

op ai.onnx Dropout 1
in data T
out output T
out mask T optional
arity out 1 2
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints
attr is_test int default 0
attr ratio float default 0.5

op ai.onnx Dropout 6
in data T
out output T
out mask T optional
arity out 1 2
type T tensor(float16) tensor(float) tensor(double)
attr is_test int default 0
attr ratio float default 0.5

op ai.onnx Dropout 7
in data T
out output T
out mask T optional
arity out 1 2
type T tensor(float16) tensor(float) tensor(double)
attr ratio float default 0.5

op ai.onnx Dropout 10
in data T
out output T
out mask T1 optional
arity out 1 2
type T tensor(float16) tensor(float) tensor(double)
type T1 tensor(bool)
attr ratio float default 0.5

op ai.onnx Dropout 12
in data T
in ratio T1 optional
in training_mode T2 optional
out output T
out mask T2 optional
arity in 1 3
arity out 1 2
type T tensor(float16) tensor(float) tensor(double)
type T1 tensor(float16) tensor(float) tensor(double)
type T2 tensor(bool)
attr seed int

op ai.onnx Dropout 13
in data T
in ratio T1 optional
in training_mode T2 optional
out output T
out mask T2 optional
arity in 1 3
arity out 1 2
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type T1 tensor(float16) tensor(float) tensor(double)
type T2 tensor(bool)
attr seed int

op ai.onnx Dropout 22
in data T
in ratio T1 optional
in training_mode T2 optional
out output T
out mask T2 optional
arity in 1 3
arity out 1 2
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
type T1 tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(float8e4m3fn) tensor(float8e4m3fnuz) tensor(float8e5m2) tensor(float8e5m2fnuz)
type T2 tensor(bool)
attr seed int

op ai.onnx GlobalAveragePool 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx GlobalAveragePool 22
in X T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx GlobalLpPool 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr p float default 2.0

op ai.onnx GlobalLpPool 2
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr p int default 2

op ai.onnx GlobalLpPool 22
in X T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr p int default 2

op ai.onnx GlobalMaxPool 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx GlobalMaxPool 22
in X T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx GroupNormalization 18
deprecated

op ai.onnx GroupNormalization 21
in X T
in scale T
in bias T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr epsilon float default 1e-05
attr num_groups int required
attr stash_type int default 1

op ai.onnx InstanceNormalization 1
in input T
in scale T
in B T
out output T
type T tensor(float16) tensor(float) tensor(double)
attr consumed_inputs ints
attr epsilon float default 1e-05

op ai.onnx InstanceNormalization 6
in input T
in scale T
in B T
out output T
type T tensor(float16) tensor(float) tensor(double)
attr epsilon float default 1e-05

op ai.onnx InstanceNormalization 22
in input T
in scale T
in B T
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr epsilon float default 1e-05

op ai.onnx LRN 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr alpha float default 0.0001
attr beta float default 0.75
attr bias float default 1.0
attr size int required

op ai.onnx LRN 13
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr alpha float default 0.0001
attr beta float default 0.75
attr bias float default 1.0
attr size int required

op ai.onnx LayerNormalization 17
in X T
in Scale T
in B T optional
out Y T
out Mean U optional
out InvStdDev U optional
arity in 2 3
arity out 1 3
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type U tensor(float) tensor(bfloat16)
attr axis int default -1
attr epsilon float default 1e-05
attr stash_type int default 1

op ai.onnx LpNormalization 1
in input T
out output T
type T tensor(float16) tensor(float) tensor(double)
attr axis int default -1
attr p int default 2

op ai.onnx LpNormalization 22
in input T
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr axis int default -1
attr p int default 2

op ai.onnx LpPool 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr auto_pad string default NOTSET
attr kernel_shape ints
attr p float default 2.0
attr pads ints
attr strides ints

op ai.onnx LpPool 2
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr auto_pad string default NOTSET
attr kernel_shape ints required
attr p int default 2
attr pads ints
attr strides ints

op ai.onnx LpPool 11
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr auto_pad string default NOTSET
attr kernel_shape ints required
attr p int default 2
attr pads ints
attr strides ints

op ai.onnx LpPool 18
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr auto_pad string default NOTSET
attr ceil_mode int default 0
attr dilations ints
attr kernel_shape ints required
attr p int default 2
attr pads ints
attr strides ints

op ai.onnx LpPool 22
in X T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr auto_pad string default NOTSET
attr ceil_mode int default 0
attr dilations ints
attr kernel_shape ints required
attr p int default 2
attr pads ints
attr strides ints

op ai.onnx MaxPool 1
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr auto_pad string default NOTSET
attr kernel_shape ints required
attr pads ints
attr strides ints

op ai.onnx MaxPool 8
in X T
out Y T
out Indices I optional
arity out 1 2
type T tensor(float16) tensor(float) tensor(double)
type I tensor(int64)
attr auto_pad string default NOTSET
attr kernel_shape ints required
attr pads ints
attr storage_order int default 0
attr strides ints

op ai.onnx MaxPool 10
in X T
out Y T
out Indices I optional
arity out 1 2
type T tensor(float16) tensor(float) tensor(double)
type I tensor(int64)
attr auto_pad string default NOTSET
attr ceil_mode int default 0
attr dilations ints
attr kernel_shape ints required
attr pads ints
attr storage_order int default 0
attr strides ints

op ai.onnx MaxPool 11
in X T
out Y T
out Indices I optional
arity out 1 2
type T tensor(float16) tensor(float) tensor(double)
type I tensor(int64)
attr auto_pad string default NOTSET
attr ceil_mode int default 0
attr dilations ints
attr kernel_shape ints required
attr pads ints
attr storage_order int default 0
attr strides ints

op ai.onnx MaxPool 12
in X T
out Y T
out Indices I optional
arity out 1 2
type T tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(uint8)
type I tensor(int64)
attr auto_pad string default NOTSET
attr ceil_mode int default 0
attr dilations ints
attr kernel_shape ints required
attr pads ints
attr storage_order int default 0
attr strides ints

op ai.onnx MaxPool 22
in X T
out Y T
out Indices I optional
arity out 1 2
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(int8) tensor(uint8)
type I tensor(int64)
attr auto_pad string default NOTSET
attr ceil_mode int default 0
attr dilations ints
attr kernel_shape ints required
attr pads ints
attr storage_order int default 0
attr strides ints

op ai.onnx MaxUnpool 9
in X T1
in I T2
in output_shape T2 optional
out output T1
arity in 2 3
type T1 tensor(float16) tensor(float) tensor(double)
type T2 tensor(int64)
attr kernel_shape ints required
attr pads ints
attr strides ints

op ai.onnx MaxUnpool 11
in X T1
in I T2
in output_shape T2 optional
out output T1
arity in 2 3
type T1 tensor(float16) tensor(float) tensor(double)
type T2 tensor(int64)
attr kernel_shape ints required
attr pads ints
attr strides ints

op ai.onnx MaxUnpool 22
in X T1
in I T2
in output_shape T2 optional
out output T1
arity in 2 3
type T1 tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
type T2 tensor(int64)
attr kernel_shape ints required
attr pads ints
attr strides ints

op ai.onnx MeanVarianceNormalization 9
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr axes ints default ['0', '2', '3']

op ai.onnx MeanVarianceNormalization 13
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr axes ints default ['0', '2', '3']

op ai.onnx Multinomial 7
in input T1
out output T2
type T1 tensor(float16) tensor(float) tensor(double)
type T2 tensor(int32) tensor(int64)
attr dtype int default 6
attr sample_size int default 1
attr seed float

op ai.onnx Multinomial 22
in input T1
out output T2
type T1 tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
type T2 tensor(int32) tensor(int64)
attr dtype int default 6
attr sample_size int default 1
attr seed float

op ai.onnx RMSNormalization 23
in X T
in scale V
out Y V
type T tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type V tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr axis int default -1
attr epsilon float default 1e-05
attr stash_type int default 1

op ai.onnx RandomNormal 1
out output T
type T tensor(float16) tensor(float) tensor(double)
attr dtype int default 1
attr mean float default 0.0
attr scale float default 1.0
attr seed float
attr shape ints required

op ai.onnx RandomNormal 22
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr dtype int default 1
attr mean float default 0.0
attr scale float default 1.0
attr seed float
attr shape ints required

op ai.onnx RandomNormalLike 1
in input T1
out output T2
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T2 tensor(float16) tensor(float) tensor(double)
attr dtype int
attr mean float default 0.0
attr scale float default 1.0
attr seed float

op ai.onnx RandomNormalLike 22
in input T1
out output T2
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T2 tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr dtype int
attr mean float default 0.0
attr scale float default 1.0
attr seed float

op ai.onnx RandomUniform 1
out output T
type T tensor(float16) tensor(float) tensor(double)
attr dtype int default 1
attr high float default 1.0
attr low float default 0.0
attr seed float
attr shape ints required

op ai.onnx RandomUniform 22
out output T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr dtype int default 1
attr high float default 1.0
attr low float default 0.0
attr seed float
attr shape ints required

op ai.onnx RandomUniformLike 1
in input T1
out output T2
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T2 tensor(float16) tensor(float) tensor(double)
attr dtype int
attr high float default 1.0
attr low float default 0.0
attr seed float

op ai.onnx RandomUniformLike 22
in input T1
out output T2
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T2 tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr dtype int
attr high float default 1.0
attr low float default 0.0
attr seed float
)sig");
}

}  // namespace onnxsem::ops

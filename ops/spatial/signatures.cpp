// The signatures of the spatial family's operator versions (spec/types.md, TY1): inputs and outputs, type
// constraints, attributes. Facts from ONNX's operator definitions, written in onnxsem's signature text
// (semantics/signature.hpp); every version ONNX defines for these operators, implemented or not.
#include "ops/registry.hpp"

namespace onnxsem::ops {

void describe_spatial(Registry& r) {
  r.describe(R"sig(
op ai.onnx AffineGrid 20
in theta T1
in size T2
out grid T1
type T1 tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
type T2 tensor(int64)
attr align_corners int default 0

op ai.onnx CenterCropPad 18
in input_data T
in shape Tind
out output_data T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type Tind tensor(int32) tensor(int64)
attr axes ints

op ai.onnx Col2Im 18
in input T
in image_shape tensor(int64)
in block_shape tensor(int64)
out output T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr dilations ints
attr pads ints
attr strides ints

op ai.onnx GridSample 16
in X T1
in grid T2
out Y T1
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T2 tensor(float16) tensor(float) tensor(double)
attr align_corners int default 0
attr mode string default bilinear
attr padding_mode string default zeros

op ai.onnx GridSample 20
in X T1
in grid T2
out Y T1
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T2 tensor(float16) tensor(float) tensor(double)
attr align_corners int default 0
attr mode string default linear
attr padding_mode string default zeros

op ai.onnx GridSample 22
in X T1
in grid T2
out Y T1
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T2 tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr align_corners int default 0
attr mode string default linear
attr padding_mode string default zeros

op ai.onnx MaxRoiPool 1
in X T
in rois T
out Y T
type T tensor(float16) tensor(float) tensor(double)
attr pooled_shape ints required
attr spatial_scale float default 1.0

op ai.onnx MaxRoiPool 22
in X T
in rois T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr pooled_shape ints required
attr spatial_scale float default 1.0

op ai.onnx Resize 10
in X T
in scales tensor(float)
out Y T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr mode string default nearest

op ai.onnx Resize 11
in X T1
in roi T2
in scales tensor(float)
in sizes tensor(int64) optional
out Y T1
arity in 3 4
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T2 tensor(float16) tensor(float) tensor(double)
attr coordinate_transformation_mode string default half_pixel
attr cubic_coeff_a float default -0.75
attr exclude_outside int default 0
attr extrapolation_value float default 0.0
attr mode string default nearest
attr nearest_mode string default round_prefer_floor

op ai.onnx Resize 13
in X T1
in roi T2 optional
in scales tensor(float) optional
in sizes tensor(int64) optional
out Y T1
arity in 1 4
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T2 tensor(float16) tensor(float) tensor(double)
attr coordinate_transformation_mode string default half_pixel
attr cubic_coeff_a float default -0.75
attr exclude_outside int default 0
attr extrapolation_value float default 0.0
attr mode string default nearest
attr nearest_mode string default round_prefer_floor

op ai.onnx Resize 18
in X T1
in roi T2 optional
in scales tensor(float) optional
in sizes tensor(int64) optional
out Y T1
arity in 1 4
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T2 tensor(float16) tensor(float) tensor(double)
attr antialias int default 0
attr axes ints
attr coordinate_transformation_mode string default half_pixel
attr cubic_coeff_a float default -0.75
attr exclude_outside int default 0
attr extrapolation_value float default 0.0
attr keep_aspect_ratio_policy string default stretch
attr mode string default nearest
attr nearest_mode string default round_prefer_floor

op ai.onnx Resize 19
in X T1
in roi T2 optional
in scales tensor(float) optional
in sizes tensor(int64) optional
out Y T1
arity in 1 4
type T1 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type T2 tensor(float16) tensor(float) tensor(double)
attr antialias int default 0
attr axes ints
attr coordinate_transformation_mode string default half_pixel
attr cubic_coeff_a float default -0.75
attr exclude_outside int default 0
attr extrapolation_value float default 0.0
attr keep_aspect_ratio_policy string default stretch
attr mode string default nearest
attr nearest_mode string default round_prefer_floor

op ai.onnx RoiAlign 10
in X T1
in rois T1
in batch_indices T2
out Y T1
type T1 tensor(float16) tensor(float) tensor(double)
type T2 tensor(int64)
attr mode string default avg
attr output_height int default 1
attr output_width int default 1
attr sampling_ratio int default 0
attr spatial_scale float default 1.0

op ai.onnx RoiAlign 16
in X T1
in rois T1
in batch_indices T2
out Y T1
type T1 tensor(float16) tensor(float) tensor(double)
type T2 tensor(int64)
attr coordinate_transformation_mode string default half_pixel
attr mode string default avg
attr output_height int default 1
attr output_width int default 1
attr sampling_ratio int default 0
attr spatial_scale float default 1.0

op ai.onnx RoiAlign 22
in X T1
in rois T1
in batch_indices T2
out Y T1
type T1 tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
type T2 tensor(int64)
attr coordinate_transformation_mode string default half_pixel
attr mode string default avg
attr output_height int default 1
attr output_width int default 1
attr sampling_ratio int default 0
attr spatial_scale float default 1.0

op ai.onnx Upsample 1
in X T
out Y T
type T tensor(bool) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double)
attr height_scale float required
attr mode string default nearest
attr width_scale float required

op ai.onnx Upsample 7
in X T
out Y T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr mode string default nearest
attr scales floats required

op ai.onnx Upsample 9
in X T
in scales tensor(float)
out Y T
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr mode string default nearest

op ai.onnx Upsample 10
deprecated
)sig");
}

}  // namespace onnxsem::ops

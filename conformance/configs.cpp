// The built-in node configurations (spec/conformance.md, GN1): calls of the deterministic ai.onnx operators
// that no test of either suite calls at the top level of a model, written in ONNX's textual syntax. A
// graph input with an initializer of the same name is fed that value (a free input: the generator may
// redraw its element type and shape); an initializer that is not a graph input keeps its value.
#include "conformance/generate.hpp"

namespace onnxsem::conformance {

const std::vector<std::string_view>& builtin_config_texts() {
  static const std::vector<std::string_view> texts = {
      // GlobalLpPool-22: Y[n, c, 1, 1] = (sum over the spatial axes of |X|^p)^(1/p), p = 2 by default.
      R"(<ir_version: 10, opset_import: ["" : 22]>
globallppool_default (float[1,2,3,3] x) => (float[1,2,1,1] y)
  <float[1,2,3,3] x = {0.5, -1.25, 2.0, 0.0, 1.0, -0.5, 3.0, 0.25, -2.0,
                       1.5, 0.75, -3.5, 2.5, -0.125, 0.0, 1.0, 4.0, -1.0}> {
  y = GlobalLpPool (x)
})",
      R"(<ir_version: 10, opset_import: ["" : 22]>
globallppool_p3 (float[2,1,2,2,2] x) => (float[2,1,1,1,1] y)
  <float[2,1,2,2,2] x = {1.0, -2.0, 0.5, 0.0, 3.0, -0.25, 1.5, 2.0,
                         -1.0, 0.125, 2.5, -3.0, 0.75, 1.0, -0.5, 4.0}> {
  y = GlobalLpPool <p = 3> (x)
})",
      // MaxRoiPool-22: rois are [batch index, x1, y1, x2, y2] rows, kept as initializers.
      R"(<ir_version: 10, opset_import: ["" : 22]>
maxroipool (float[1,2,4,4] x) => (float[3,2,2,2] y)
  <float[1,2,4,4] x = {0.5, -1.0, 2.0, 0.25, 1.0, 3.0, -0.5, 0.0, 1.5, -2.0, 0.75, 2.5, -1.5, 0.125, 1.0, -0.25,
                       2.0, 0.0, -3.0, 1.25, 0.5, 1.0, 4.0, -1.0, 0.25, -0.75, 3.5, 2.0, 1.0, -2.5, 0.5, 1.5},
   float[3,5] rois = {0.0, 0.0, 0.0, 3.0, 3.0,  0.0, 1.0, 1.0, 2.0, 3.0,  0.0, 0.0, 2.0, 3.0, 3.0}> {
  y = MaxRoiPool <pooled_shape = [2, 2]> (x, rois)
})",
      R"(<ir_version: 10, opset_import: ["" : 22]>
maxroipool_scaled (float[2,1,3,5] x) => (float[2,1,1,3] y)
  <float[2,1,3,5] x = {1.0, 0.5, -1.0, 2.0, 0.0, 3.0, -2.0, 0.25, 1.5, -0.5, 0.75, 2.5, -1.5, 1.0, 4.0,
                       -1.0, 2.0, 0.5, -0.25, 1.0, 0.0, 3.5, -2.0, 1.25, 0.5, 2.0, -1.0, 0.75, 1.5, -3.0},
   float[2,5] rois = {1.0, 0.0, 0.0, 8.0, 4.0,  0.0, 2.0, 0.0, 6.0, 2.0}> {
  y = MaxRoiPool <pooled_shape = [1, 3], spatial_scale = 0.5> (x, rois)
})",
      // LpNormalization-1 and LpPool-11 (whose tests the newer suite has, Debian's older one not).
      R"(<ir_version: 6, opset_import: ["" : 11]>
lpnormalization_axis0 (float[3,2] x) => (float[3,2] y)
  <float[3,2] x = {3.0, -1.0, 0.0, 2.0, -4.0, 0.5}> {
  y = LpNormalization <axis = 0, p = 1> (x)
})",
      R"(<ir_version: 6, opset_import: ["" : 11]>
lppool_2d (float[1,2,4,4] x) => (float[1,2,3,2] y)
  <float[1,2,4,4] x = {0.5, -1.0, 2.0, 0.25, 1.0, 3.0, -0.5, 0.0, 1.5, -2.0, 0.75, 2.5, -1.5, 0.125, 1.0, -0.25,
                       2.0, 0.0, -3.0, 1.25, 0.5, 1.0, 4.0, -1.0, 0.25, -0.75, 3.5, 2.0, 1.0, -2.5, 0.5, 1.5}> {
  y = LpPool <kernel_shape = [2, 3], strides = [1, 1], pads = [0, 0, 0, 1], p = 3> (x)
})",
      // Optional-15 of a tensor: the optional holding it (the textual syntax of this onnx library has no
      // optional types, so its output is read by OptionalHasElement to give the graph a typed output).
      R"(<ir_version: 8, opset_import: ["" : 18]>
optional_tensor (float[2,3] x) => (bool h)
  <float[2,3] x = {1.0, -0.5, 2.0, 0.0, 0.25, -3.0}> {
  y = Optional (x)
  h = OptionalHasElement (y)
})",
  };
  return texts;
}

}  // namespace onnxsem::conformance

#include "ops/shape/test_util.hpp"

using namespace shape_test;

TEST_CASE("shape family registers every ONNX version of its operators") {
  ops::Registry r;
  ops::add_shape(r);
  // Every since-version of the ONNX catalogue (opset <= 17) of this family's operators has a kernel.
  for (std::string op : {"Identity",        "Shape",           "Size",    "Reshape",   "Flatten",      "Transpose",
                         "Squeeze",         "Unsqueeze",       "Concat",  "Split",     "Slice",        "Gather",
                         "GatherElements",  "GatherND",        "Expand",  "Tile",      "Pad",          "Constant",
                         "ConstantOfShape", "Range",           "EyeLike", "Trilu",     "OneHot",       "Compress",
                         "NonZero",         "ScatterElements", "Scatter", "ScatterND", "DepthToSpace", "SpaceToDepth",
                         "ReverseSequence"}) {
    auto versions = ops::onnx_defined_versions("", op);
    CHECK_MESSAGE(!versions.empty(), op);
    for (int64_t v : versions) CHECK_MESSAGE(r.kernel("", op, v) != nullptr, op << "-" << v);
  }
}

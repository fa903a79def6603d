// The shape rules of the image family (spec/types.md, TY5): for each operator version, the output types its
// definition determines from the input types, the attributes and the known input values.
#include <string>

#include "ops/common/attrs.hpp"
#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {

void shapes_image(Registry& r) {
  // ImageDecoder: a uint8 image (height, width, channels), 3 channels for RGB and BGR and 1 for Grayscale
  // (IMG2); height and width depend on the stream (0 for one that cannot be decoded, IMG4).
  r.shape_rule("", "ImageDecoder", [](const InferenceArgs& a) {
    const std::string format = choice_attr(a.node, "pixel_format", "RGB", {"RGB", "BGR", "Grayscale"});
    std::vector<Type> out(a.output_count);
    if (!out.empty())
      out[0] = make_tensor_type(DType::uint8,
                                Dims{unknown_dim(), unknown_dim(), fixed_dim(format == "Grayscale" ? 1 : 3)});
    return out;
  });
}

}  // namespace onnxsem::ops

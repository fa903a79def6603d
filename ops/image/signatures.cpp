// The signatures of the image family's operator versions (spec/types.md, TY1): inputs and outputs, type
// constraints, attributes. Facts from ONNX's operator definitions, written in onnxsem's signature text
// (semantics/signature.hpp); every version ONNX defines for these operators, implemented or not.
#include "ops/registry.hpp"

namespace onnxsem::ops {

void describe_image(Registry& r) {
  r.describe(R"sig(
op ai.onnx ImageDecoder 20
in encoded_stream T1
out image T2
type T1 tensor(uint8)
type T2 tensor(uint8)
attr pixel_format string default RGB
)sig");
}

}  // namespace onnxsem::ops

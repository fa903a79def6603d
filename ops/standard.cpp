// The standard operator table: every family of ops/, gathered by explicit calls (no static registration).
#include "ops/registry.hpp"

namespace onnxsem::ops {

const Registry& standard_registry() {
  static const Registry table = [] {
    Registry r;
    add_elementwise(r);
    add_cast(r);
    add_shape(r);
    add_reduce(r);
    add_nn(r);
    add_loss(r);
    add_spatial(r);
    add_quant(r);
    add_text(r);
    add_rnn(r);
    add_signal(r);
    add_sequence(r);
    add_attention(r);
    add_ml(r);
    add_image(r);
    add_detection(r);
    add_linalg(r);
    // The signatures (spec/types.md, TY1), beside each family's kernels.
    describe_elementwise(r);
    describe_cast(r);
    describe_shape(r);
    describe_reduce(r);
    describe_nn(r);
    describe_loss(r);
    describe_spatial(r);
    describe_quant(r);
    describe_text(r);
    describe_rnn(r);
    describe_signal(r);
    describe_sequence(r);
    describe_attention(r);
    describe_ml(r);
    describe_image(r);
    describe_control(r);
    describe_detection(r);
    describe_linalg(r);
    // The shape rules (TY5), beside each family's kernels.
    shapes_elementwise(r);
    shapes_cast(r);
    shapes_shape(r);
    shapes_reduce(r);
    shapes_nn(r);
    shapes_loss(r);
    shapes_spatial(r);
    shapes_quant(r);
    shapes_text(r);
    shapes_rnn(r);
    shapes_signal(r);
    shapes_sequence(r);
    shapes_attention(r);
    shapes_ml(r);
    shapes_image(r);
    shapes_detection(r);
    shapes_linalg(r);
    return r;
  }();
  return table;
}

}  // namespace onnxsem::ops

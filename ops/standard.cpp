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
    return r;
  }();
  return table;
}

}  // namespace onnxsem::ops

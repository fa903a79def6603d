// Operator family: losses and training operators (spec/ops-loss.md). This file gathers the family's
// operators into the registry.
#include "ops/loss/loss.hpp"

namespace onnxsem::ops {

void add_loss(Registry& r) {
  loss::add_losses(r);
  loss::add_optimizers(r);
}

}  // namespace onnxsem::ops

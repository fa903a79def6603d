// Operator family: neural-network layers (spec/ops-nn.md). This file gathers the family's operators
// into the registry and holds the helpers its files share.
#include "ops/nn/nn.hpp"
#include "ops/common/values.hpp"

namespace onnxsem::ops {

void add_nn(Registry& r) {
  nn::add_conv(r);
  nn::add_pool(r);
  nn::add_norm(r);
  nn::add_misc(r);
  nn::add_random(r);
  nn::add_causal_conv(r);
  nn::add_deform_conv(r);
}

}  // namespace onnxsem::ops

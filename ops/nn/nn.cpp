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

namespace nn {

int64_t checked_add(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) eval_error("L1", "size computation overflows");
  return r;
}
int64_t checked_mul(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) eval_error("L1", "size computation overflows");
  return r;
}

}  // namespace nn
}  // namespace onnxsem::ops

// Operator family: elementwise (spec/ops-elementwise.md). Each file of this folder registers a group.
#include "ops/elementwise/elementwise_common.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
void add_elementwise(Registry& r) {
  ew::add_arithmetic(r);
  ew::add_unary(r);
  ew::add_logic(r);
  ew::add_variadic(r);
  ew::add_activation(r);
}
}  // namespace onnxsem::ops

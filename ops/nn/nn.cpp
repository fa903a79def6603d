// Operator family: nn (placeholder until the family lands).
#include "ops/registry.hpp"

namespace onnxsem::ops {
void add_nn(Registry& r) { (void)r; }
}  // namespace onnxsem::ops

// Operator family: elementwise (placeholder until the family lands).
#include "ops/registry.hpp"

namespace onnxsem::ops {
void add_elementwise(Registry& r) { (void)r; }
}  // namespace onnxsem::ops

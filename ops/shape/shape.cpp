// Operator family: shape (placeholder until the family lands).
#include "ops/registry.hpp"

namespace onnxsem::ops {
void add_shape(Registry& r) { (void)r; }
}  // namespace onnxsem::ops

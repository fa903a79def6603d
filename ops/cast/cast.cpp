// Operator family: cast (placeholder until the family lands).
#include "ops/registry.hpp"

namespace onnxsem::ops {
void add_cast(Registry& r) { (void)r; }
}  // namespace onnxsem::ops

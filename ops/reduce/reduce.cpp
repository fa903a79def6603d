// Operator family: reduce (placeholder until the family lands).
#include "ops/registry.hpp"

namespace onnxsem::ops {
void add_reduce(Registry& r) { (void)r; }
}  // namespace onnxsem::ops

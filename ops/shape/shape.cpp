// Operator family: shape, index and constant operators (spec/ops-shape.md). Each file of the folder
// registers its operators; this one gathers them.
#include "ops/registry.hpp"
#include "ops/shape/common.hpp"

namespace onnxsem::ops {
void add_shape(Registry& r) {
  shape::add_basic(r);
  shape::add_constants(r);
  shape::add_layout(r);
  shape::add_concat_split(r);
  shape::add_slice_pad(r);
  shape::add_gather(r);
  shape::add_scatter(r);
  shape::add_tensor_scatter(r);
}
}  // namespace onnxsem::ops

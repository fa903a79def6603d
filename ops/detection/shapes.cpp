// The shape rules of the detection family (spec/ops-detection.md, "Shapes"; spec/types.md, TY5).
#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {

void shapes_detection(Registry& r) {
  // selected_indices: one row [batch, class, box] per selected box (TX43).
  r.shape_rule("", "NonMaxSuppression", [](const InferenceArgs& a) {
    return outputs(a, {make_tensor_type(DType::int64, Dims{unknown_dim(), fixed_dim(3)})});
  });
}

}  // namespace onnxsem::ops

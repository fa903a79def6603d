// Tests of the detection family's shape rules (spec/ops-detection.md, "Shapes"; spec/types.md, TY5).
#include <doctest/doctest.h>

#include "ops/common/testing.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {

using namespace testing;

const Registry& reg() { return testing::shape_registry<add_detection, describe_detection, shapes_detection>(); }

TEST_CASE("[TX43] NonMaxSuppression gives int64 [K, 3], K unknown") {
  const auto out = infer_with(reg(), make_node("NonMaxSuppression", {}, "", 1), 11,
                              {ttype(DType::float32, {1, 6, 4}), ttype(DType::float32, {1, 1, 6})}, {});
  CHECK(out[0].elem == DType::int64);
  CHECK(dims_of(out[0]) == std::vector<int64_t>{-1, 3});
}

}  // namespace
}  // namespace onnxsem::ops

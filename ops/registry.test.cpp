// The registry and opset resolution data (spec/ops.md, "Registry").
#include <doctest/doctest.h>

#include "ops/registry.hpp"

using namespace onnxsem;

TEST_CASE("[O1] the catalog lists ONNX's since-versions in ascending order") {
  auto v = ops::onnx_defined_versions("", "ReduceSum");
  REQUIRE(v.size() >= 3);
  CHECK(v[0] == 1);
  CHECK(v[1] == 11);
  CHECK(v[2] == 13);
  CHECK(ops::onnx_defined_versions("", "NoSuchOperator").empty());
}

// Tests of the text family.
#include <doctest/doctest.h>

#include "ops/registry.hpp"

TEST_CASE("the text family registers only operators ONNX defines") {
  onnxsem::ops::Registry r;
  onnxsem::ops::add_text(r);
  for (const auto& [domain, op, since] : r.implemented()) {
    const auto v = onnxsem::ops::onnx_defined_versions(domain, op);
    CHECK(std::find(v.begin(), v.end(), since) != v.end());
  }
}

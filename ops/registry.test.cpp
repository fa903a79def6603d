// The registry and opset resolution data (spec/ops.md, "Registry").
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

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

TEST_CASE("[TY1] every operator version onnxsem registers, and every control-flow version, has a signature") {
  const auto& r = ops::standard_registry();
  size_t missing = 0;
  for (const auto& [domain, op, since] : r.implemented()) {
    if (!r.signature(domain, op, since)) {
      ++missing;
      MESSAGE("no signature: " << domain << "::" << op << "-" << since);
    }
  }
  CHECK(missing == 0);
  for (const char* op : {"If", "Loop", "Scan", "SequenceMap"})
    for (int64_t v : ops::onnx_defined_versions("", op)) CHECK_MESSAGE(r.signature("", op, v), op << "-" << v);
  // Every signature is of a version ONNX's catalog defines, and its formals name declared types.
  for (const Signature* s : r.signatures()) {
    const auto v = ops::onnx_defined_versions(s->domain, s->op_type);
    CHECK_MESSAGE(std::find(v.begin(), v.end(), s->since_version) != v.end(), s->name());
    CHECK(s->min_inputs <= s->max_inputs);
    CHECK(s->min_outputs <= s->max_outputs);
  }
  MESSAGE(r.implemented().size() << " operator versions registered, " << r.signatures().size() << " signatures");
}

TEST_CASE("[TY5] every operator version onnxsem registers has a shape rule") {
  const auto& r = ops::standard_registry();
  size_t missing = 0;
  for (const auto& [domain, op, since] : r.implemented())
    if (!r.shape_rule(domain, op, since)) {
      ++missing;
      MESSAGE("no shape rule: " << domain << "::" << op << "-" << since);
    }
  CHECK(missing == 0);
}

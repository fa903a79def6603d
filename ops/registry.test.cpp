// The registry and opset resolution data (spec/ops.md, "Registry").
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

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

TEST_CASE("[TY1] an operator version described twice is refused, and nothing of the second text is taken") {
  const std::string foo7 = "op ai.onnx Foo 7\nin X T\nout Y T\ntype T tensor(float)\n";
  ops::Registry r;
  r.describe(foo7);
  // Again in a later text: refused, the first description stays, and the text's other version is not taken.
  CHECK_THROWS_WITH_AS(r.describe("op ai.onnx Bar 1\nin X T\nout Y T\ntype T tensor(int8)\n\n" + foo7),
                       doctest::Contains("Foo-7 is described twice"), Failure);
  REQUIRE(r.signature("", "Foo", 7));
  CHECK(type_text(r.signature("", "Foo", 7)->type_vars.at(0).allowed.at(0)) == "tensor(float)");
  CHECK(r.signature("", "Bar", 1) == nullptr);
  CHECK(r.signatures().size() == 1);
  // Twice within one text.
  ops::Registry r2;
  CHECK_THROWS_WITH_AS(r2.describe(foo7 + "\n" + foo7), doctest::Contains("Foo-7 is described twice"), Failure);
  CHECK(r2.signatures().empty());
  // One op_type in two domains, or at two since-versions, is two operator versions.
  ops::Registry r3;
  r3.describe(foo7 + "\nop ai.onnx Foo 8\nin X T\nout Y T\ntype T tensor(float)\n\n" +
              "op ai.onnx.ml Foo 7\nin X T\nout Y T\ntype T tensor(float)\n");
  CHECK(r3.signatures().size() == 3);
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

namespace {
// The clause and message of the internal error `f` raises ("" when it raises none).
std::string internal_error(auto&& f) {
  try {
    f();
  } catch (const Failure& e) {
    return e.error().kind == ErrorKind::internal ? e.error().clause + ": " + e.error().message : "not internal";
  }
  return "";
}
std::vector<std::optional<Value>> no_kernel(const KernelArgs&) { return {}; }
std::vector<Type> no_rule(const InferenceArgs&) { return {}; }
}  // namespace

TEST_CASE("[O1] each operator version is registered once: a second kernel for it is an internal error") {
  ops::Registry r;
  r.add("", "Foo", {1, 7}, no_kernel);
  CHECK(internal_error([&] { r.add("", "Foo", {7, 9}, no_kernel); }).starts_with("O1: ::Foo-7 is registered twice"));
  r.add("", "Foo", {9}, no_kernel);            // a new version is taken
  r.add("ai.onnx.ml", "Foo", {1}, no_kernel);  // the same op_type in another domain is another operator
  CHECK(r.kernel("", "Foo", 9) != nullptr);
  CHECK(r.kernel("ai.onnx.ml", "Foo", 1) != nullptr);
}

TEST_CASE("[TY5] a shape rule serves registered versions only, once each; without a list, every registered one") {
  ops::Registry r;
  r.add("", "Foo", {1, 7, 13}, no_kernel);
  r.add("", "Bar", {5}, no_kernel);
  r.add("", "Fool", {2}, no_kernel);  // a name that Foo's is a prefix of: not one of Foo's versions
  r.shape_rule("", "Foo", no_rule);   // the version list written once, at the kernel
  CHECK(r.shape_rule("", "Foo", 1) != nullptr);
  CHECK(r.shape_rule("", "Foo", 7) != nullptr);
  CHECK(r.shape_rule("", "Foo", 13) != nullptr);
  CHECK(r.shape_rule("", "Fool", 2) == nullptr);
  CHECK(r.shape_rule("", "Bar", 5) == nullptr);
  CHECK(internal_error([&] { r.shape_rule("", "Foo", {7}, no_rule); }) == "TY5: ::Foo-7 has two shape rules");
  CHECK(internal_error([&] { r.shape_rule("", "Bar", {6}, no_rule); }) ==
        "TY5: ::Bar-6 has a shape rule but no kernel");
  CHECK(internal_error([&] { r.shape_rule("", "Baz", no_rule); }) == "TY5: ::Baz has a shape rule but no kernel");
  CHECK(internal_error([&] { r.shape_rule("", "Foo", no_rule); }) == "TY5: ::Foo-1 has two shape rules");
  r.shape_rule("", "Bar", {5}, no_rule);
  CHECK(r.shape_rule("", "Bar", 5) != nullptr);
}

// Tests of the static checks (spec/graph.md, "Constraints", "Restrictions", "Well-formedness", "Profiles").
#include <doctest/doctest.h>

#include <algorithm>

#include "semantics/check.hpp"
#include "semantics/loader.hpp"
#include "semantics/testing.hpp"

using namespace onnxsem;

namespace {
const onnxsem::testing::ToyTable toys;

std::vector<std::string> clauses(const std::string& text, Profile p = Profile::onnx) {
  std::vector<std::string> out;
  for (const auto& f : check(load_model_text(text), p, toys)) out.push_back(f.clause);
  return out;
}
bool has(const std::vector<std::string>& v, const std::string& c) { return std::find(v.begin(), v.end(), c) != v.end(); }

const char* clean = R"(
  < ir_version: 8, opset_import: ["" : 1] >
  g (float[1] x) => (float[1] z) {
    a = Neg(x)
    z = Identity(a)
  })";
}  // namespace

TEST_CASE("[PR1] a clean graph has no finding under either profile") {
  CHECK(clauses(clean).empty());
  CHECK(clauses(clean, Profile::sonnx).empty());
}

TEST_CASE("[C1] a tensor assigned by two operations is refused") {
  auto c = clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      z = Neg(x)
      z = Identity(x)
    })");
  CHECK(has(c, "C1"));
  auto d = clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      x = Neg(x)
      z = Identity(x)
    })");
  CHECK(has(d, "C1"));
}

TEST_CASE("[C2][PR1] an unused graph input is refused by sonnx only") {
  const char* m = R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x, float[1] unused) => (float[1] z) {
      z = Neg(x)
    })";
  CHECK_FALSE(has(clauses(m), "C2"));
  CHECK(has(clauses(m, Profile::sonnx), "C2"));
}

TEST_CASE("[C3] a graph output that no operation assigns is refused") {
  CHECK(has(clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z, float[1] ghost) {
      z = Neg(x)
    })"), "C3"));
}

TEST_CASE("[R1][PR1] a dead operation is refused by sonnx only") {
  const char* m = R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      z = Neg(x)
      dead = Identity(x)
    })";
  CHECK_FALSE(has(clauses(m), "R1"));
  CHECK(has(clauses(m, Profile::sonnx), "R1"));
}

TEST_CASE("[R2] random operators and training-mode Dropout are refused by sonnx") {
  CHECK(has(clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      r = RandomNormal <shape = [1]> ()
      z = Add(x, r)
    })", Profile::sonnx), "R2"));
  const char* training = R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      ratio = Constant <value = float {0.5}> ()
      mode = Constant <value = bool {1}> ()
      z = Dropout(x, ratio, mode)
    })";
  CHECK(has(clauses(training, Profile::sonnx), "R2"));
  const char* inference = R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      z = Dropout(x)
    })";
  CHECK_FALSE(has(clauses(inference, Profile::sonnx), "R2"));
}

TEST_CASE("[W1] a name that nothing defines is refused") {
  CHECK(has(clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      z = Add(x, nowhere)
    })"), "W1"));
}

TEST_CASE("[W2] a cycle is refused") {
  CHECK(has(clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      p = Add(x, q)
      q = Neg(p)
      z = Identity(q)
    })"), "W2"));
}

TEST_CASE("[W3] an unsorted node list is a warning, not a refusal") {
  const auto f = check(load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      z = Identity(a)
      a = Neg(x)
    })"), Profile::onnx, toys);
  REQUIRE(f.size() == 1);
  CHECK(f[0].clause == "W3");
  CHECK(f[0].severity == Finding::Severity::warning);
  CHECK_FALSE(refuses(f));
}

TEST_CASE("[W4][W6] an operator outside the imported opsets is refused") {
  CHECK(has(clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      z = NoSuchOp(x)
    })"), "W4"));
  CHECK(has(clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      z = com.example.Neg(x)
    })"), "W6"));
}

TEST_CASE("[W5] an attribute given twice is refused") {
  Model m = load_model_text(clean);
  Attribute a;
  a.name = "alpha";
  a.type = AttrType::f;
  m.graph.nodes[0].attributes = {a, a};
  bool found = false;
  for (const auto& f : check(m, Profile::onnx, toys)) found = found || f.clause == "W5";
  CHECK(found);
}

TEST_CASE("[W7] a graph output declared twice is refused") {
  Model m = load_model_text(clean);
  m.graph.outputs.push_back(m.graph.outputs[0]);
  bool found = false;
  for (const auto& f : check(m, Profile::onnx, toys)) found = found || f.clause == "W7";
  CHECK(found);
}

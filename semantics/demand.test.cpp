// Tests of the demand-driven formulation (spec/graph.md, D1-D4) against the fixpoint, on toy operators.
#include <doctest/doctest.h>

#include "loader/loader.hpp"
#include "semantics/demand.hpp"
#include "semantics/fixpoint.hpp"
#include "values/testing.hpp"

using namespace onnxsem;
using onnxsem::testing::floats;

namespace {
const onnxsem::testing::ToyTable toys;

Outcome forward(const Model& m, const std::map<std::string, Value>& in) { return evaluate(m, in, toys, {}); }
Outcome demand(const Model& m, const std::map<std::string, Value>& in) { return evaluate_demand(m, in, toys, {}); }
std::map<std::string, Value> x12() { return {{"x", Value(floats({2}, {1.0f, 2.0f}))}}; }
}  // namespace

TEST_CASE("[D1][D3] demand evaluates what the outputs need, once each, and agrees with the fixpoint") {
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x) => (float[2] z, float[2] w) {
      a = Neg(x)
      unused = Identity(x)
      z = Add(a, a)
      w = Add(z, a)
    })");
  const Outcome f = forward(m, x12()), d = demand(m, x12());
  REQUIRE(f.ok());
  REQUIRE(d.ok());
  CHECK(d.outputs == f.outputs);
  CHECK(d.outputs.at(1) == Value(floats({2}, {-3.0f, -6.0f})));
  CHECK(f.firings == 4);
  CHECK(d.firings == 3);  // 'unused' is never evaluated, 'a' only once though read three times
}

TEST_CASE("[D4] a failing dead operation fails the fixpoint but not the demand-driven evaluation") {
  const Model m = load_model_text(onnxsem::testing::dead_failure_model);
  const Outcome f = forward(m, x12()), d = demand(m, x12());
  REQUIRE_FALSE(f.ok());
  CHECK(f.error->clause == "T1");
  REQUIRE(d.ok());
  CHECK(d.outputs.at(0) == Value(floats({2}, {-1.0f, -2.0f})));
}

TEST_CASE("[D4][W2] an output behind a cycle is C3 at the fixpoint and W2 on demand") {
  const Model m = load_model_text(onnxsem::testing::cycle_model);
  CHECK(forward(m, x12()).error->clause == "C3");
  const Outcome d = demand(m, x12());
  REQUIRE_FALSE(d.ok());
  CHECK(d.error->clause == "W2");
}

TEST_CASE("[D2] a demanded name with two writers is an error on demand") {
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x) => (float[2] z) {
      z = Neg(x)
      z = Identity(x)
    })");
  const Outcome d = demand(m, x12());
  REQUIRE_FALSE(d.ok());
  CHECK(d.error->clause == "D2");
  CHECK(d.error->tensor == "z");
}

TEST_CASE("[D3][SB4][SB6] control flow and functions evaluate the same on demand") {
  const Model m = load_model_text(onnxsem::testing::control_model);
  const std::map<std::string, Value> in = onnxsem::testing::control_model_inputs();
  const Outcome f = forward(m, in), d = demand(m, in);
  REQUIRE(f.ok());
  REQUIRE(d.ok());
  CHECK(d.outputs == f.outputs);
  CHECK(d.outputs.at(1) == Value(floats({2, 2}, {0.0f, 0.0f, 2.0f, 4.0f})));
}

TEST_CASE("[E8][D3] on demand, a remembered value is forgotten once every reader of it has been evaluated") {
  // z is demanded first: b = Neg(a) is evaluated (a still unread by Keep), then Keep (a's last reader), then
  // Holders counts who else still holds a.
  const Model m = load_model_text(onnxsem::testing::kept_value_model);
  EvalOptions keep_all;
  keep_all.release = false;
  const Outcome kept = evaluate_demand(m, x12(), toys, keep_all), dropped = evaluate_demand(m, x12(), toys, {});
  REQUIRE(kept.ok());
  REQUIRE(dropped.ok());
  CHECK(kept.outputs.at(0) == Value(floats({}, {1.0f})));
  CHECK(dropped.outputs.at(0) == Value(floats({}, {0.0f})));
  CHECK(dropped.outputs.at(1) == kept.outputs.at(1));  // b, a graph output, is still there when demanded
  CHECK(dropped.outputs.at(1) == forward(m, x12()).outputs.at(1));
  onnxsem::testing::kept() = Tensor();
}

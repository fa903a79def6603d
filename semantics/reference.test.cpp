// Tests of the reference fixpoint (semantics/reference.hpp, spec/graph.md E1-E7) on toy operators: its
// functions as the clauses state them, and its agreement with the engine of semantics/fixpoint.cpp.
#include <doctest/doctest.h>

#include "loader/loader.hpp"
#include "semantics/fixpoint.hpp"
#include "semantics/reference.hpp"
#include "values/testing.hpp"

using namespace onnxsem;
using onnxsem::testing::floats;

namespace {
const onnxsem::testing::ToyTable toys;

std::map<std::string, Value> x12() { return {{"x", Value(floats({2}, {1.0f, 2.0f}))}}; }

const char* const chain = R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x) => (float[2] z) {
      z = Add(a, b)
      b = Neg(a)
      a = Neg(x)
    })";
}  // namespace

TEST_CASE("[E2][E3] executable and fire as the clauses state them; fire returns the next state") {
  const Model m = load_model_text(chain);
  const EvalOptions options;
  EvalContext context(options.limits());
  const reference::Setting at{m, toys, m.opset_imports, options, context};
  const State s0 = initial_state(m.graph, x12(), false);
  // Only a = Neg(x) (operation 2) can fire: the others read names without value.
  CHECK(reference::executable_set(m.graph, at, s0) == std::vector<size_t>{2});
  int64_t firings = 0;
  const State s1 = reference::fire(m.graph, at, s0, 2, firings);
  CHECK(s0.size() == 1);  // the state it was given is unchanged: states are values
  CHECK(s1.size() == 2);
  CHECK(s1.at("a") == Value(floats({2}, {-1.0f, -2.0f})));
  CHECK(firings == 1);
  // a has a value now: Neg(a) is executable, a = Neg(x) is not (its output has a value).
  CHECK(reference::executable_set(m.graph, at, s1) == std::vector<size_t>{1});
  // Firing an operation that is not executable is an internal error, not a silent change of the state.
  CHECK_THROWS_AS((void)reference::fire(m.graph, at, s1, 0, firings), Failure);
  CHECK_THROWS_AS((void)reference::fire(m.graph, at, s1, 7, firings), Failure);
  // E6: at the fixpoint nothing is executable, and every operation fired once.
  const State end = reference::fixpoint(m.graph, at, s0, firings);
  CHECK(reference::executable_set(m.graph, at, end).empty());
  CHECK(end.at("z") == Value(floats({2}, {0.0f, 0.0f})));
  CHECK(firings == 4);
}

TEST_CASE("[E5][E6] every schedule of the reference gives the engine's bits") {
  const Model m = load_model_text(onnxsem::testing::control_model);
  const std::map<std::string, Value> in = onnxsem::testing::control_model_inputs();
  const Outcome engine = evaluate(m, in, toys, {});
  REQUIRE(engine.ok());
  CHECK(engine.outputs.at(1) == Value(floats({2, 2}, {0.0f, 0.0f, 2.0f, 4.0f})));
  for (const auto kind :
       {Scheduler::Kind::ordered, Scheduler::Kind::reverse, Scheduler::Kind::random, Scheduler::Kind::depth_first}) {
    EvalOptions o;
    o.scheduler = Scheduler{kind, 5};
    const Outcome r = reference::evaluate(m, in, toys, o);
    CAPTURE(schedule_name(kind));
    REQUIRE(r.ok());
    CHECK(r.outputs == engine.outputs);
    CHECK(r.firings == engine.firings);
  }
}

TEST_CASE("[E7][C3] the reference stops at a failing operation and names it; an output without value is C3") {
  const Model failing = load_model_text(onnxsem::testing::dead_failure_model);
  const Outcome f = reference::evaluate(failing, x12(), toys, {});
  REQUIRE_FALSE(f.ok());
  CHECK(f.error->clause == "T1");
  CHECK(f.error->op.find("Boom") != std::string::npos);
  const Model cycle = load_model_text(onnxsem::testing::cycle_model);
  const Outcome c = reference::evaluate(cycle, x12(), toys, {});
  REQUIRE_FALSE(c.ok());
  CHECK(c.error->clause == "C3");
  CHECK(c.error->message.find("'z'") != std::string::npos);
}

// Tests of nested graphs (spec/subgraphs.md) and model-local functions (spec/functions.md), on toy
// operators only: If, Loop and Scan are evaluated by the graph semantics itself.
#include <doctest/doctest.h>

#include <optional>
#include <set>
#include <string_view>
#include <tuple>
#include <vector>

#include "loader/loader.hpp"
#include "semantics/check.hpp"
#include "semantics/demand.hpp"
#include "semantics/fixpoint.hpp"
#include "values/testing.hpp"

using namespace onnxsem;
using onnxsem::testing::floats;

namespace {
const onnxsem::testing::ToyTable toys;

Outcome run(const Model& m, std::map<std::string, Value> in, Scheduler s = {}, int64_t max_iterations = 1000) {
  EvalOptions o;
  o.scheduler = s;
  o.max_loop_iterations = max_iterations;
  return evaluate(m, in, toys, o);
}

Value flag(bool b) { return Value(Tensor::scalar<bool>(test_context(), b)); }
Value count(int64_t n) { return Value(Tensor::scalar<int64_t>(test_context(), n)); }

// If whose branches read x and y from the enclosing graph; the else branch fails when evaluated.
Model if_model() {
  return load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11] >
    g (bool c, float[2] x, float[2] y) => (float[2] z) {
      s = Add(x, y)
      z = If(c) <then_branch = thn () => (float[2] t) { t = Neg(s) },
                 else_branch = els () => (float[2] e) { e = Boom(x) }>
    })");
}

// Loop adding y (read from the enclosing graph) to the carried value and emitting each new value.
Model loop_model() {
  return load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11] >
    g (int64 m, float[2] x, float[2] y) => (float[2] last, float[?, 2] all) {
      last, all = Loop(m, , x) <body = step (int64 i, bool cin, float[2] acc) => (bool cout, float[2] next, float[2] out) {
        cout = Identity(cin)
        next = Add(acc, y)
        out = Identity(next)
      }>
    })");
}
}  // namespace

TEST_CASE("[SB1][SB4] If evaluates only the branch its condition selects, reading outer values by name") {
  const Model m = if_model();
  const auto x = Value(floats({2}, {1.0f, 2.0f})), y = Value(floats({2}, {10.0f, 20.0f}));
  const Outcome taken = run(m, {{"c", flag(true)}, {"x", x}, {"y", y}});
  REQUIRE(taken.ok());
  CHECK(taken.outputs.at(0) == Value(floats({2}, {-11.0f, -22.0f})));
  // The other branch raises T1 when evaluated: it is, when the condition selects it.
  const Outcome other = run(m, {{"c", flag(false)}, {"x", x}, {"y", y}});
  REQUIRE_FALSE(other.ok());
  CHECK(other.error->clause == "T1");
  // SB1: the If reads s from the enclosing graph, so it cannot fire before s has a value, under any schedule.
  for (uint64_t seed = 0; seed < 8; ++seed)
    CHECK(run(m, {{"c", flag(true)}, {"x", x}, {"y", y}}, {Scheduler::Kind::random, seed}).outputs == taken.outputs);
  CHECK(run(m, {{"c", flag(true)}, {"x", x}, {"y", y}}, {Scheduler::Kind::reverse, 0}).outputs == taken.outputs);
}

TEST_CASE("[SB4] If's condition must be a one-element bool tensor") {
  const Model m = if_model();
  const Outcome o = run(m, {{"c", Value(Tensor::from_vector<bool>(test_context(), {2}, {true, false}))},
                            {"x", Value(floats({2}, {1.0f, 2.0f}))},
                            {"y", Value(floats({2}, {1.0f, 2.0f}))}});
  REQUIRE_FALSE(o.ok());
  CHECK(o.error->clause == "SB4");
  CHECK(o.error->op == "If");
}

TEST_CASE("[SB2][SB3] a subgraph output without value at its fixpoint is an error") {
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11] >
    g (bool c, float[2] x) => (float[2] z) {
      z = If(c) <then_branch = thn () => (float[2] t) { t = Add(x, u) },
                 else_branch = els () => (float[2] e) { e = Neg(x) }>
    })");
  const Outcome o = run(m, {{"c", flag(true)}, {"x", Value(floats({2}, {1.0f, 2.0f}))}});
  REQUIRE_FALSE(o.ok());
  // u is free in the branch and defined nowhere: the If never becomes executable, so z gets no value.
  CHECK(o.error->clause == "C3");

  const Model dangling = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11] >
    g (bool c, float[2] x) => (float[2] z) {
      z = If(c) <then_branch = thn () => (float[2] t) { p = Add(x, q)
                                                       q = Neg(p)
                                                       t = Identity(q) },
                 else_branch = els () => (float[2] e) { e = Neg(x) }>
    })");
  const Outcome d = run(dangling, {{"c", flag(true)}, {"x", Value(floats({2}, {1.0f, 2.0f}))}});
  REQUIRE_FALSE(d.ok());
  CHECK(d.error->clause == "SB3");
}

TEST_CASE("[SB5][SB6] Loop carries values through its iterations and stacks its scan outputs") {
  const Model m = loop_model();
  const Outcome o =
      run(m, {{"m", count(3)}, {"x", Value(floats({2}, {0.0f, 1.0f}))}, {"y", Value(floats({2}, {1.0f, 10.0f}))}});
  REQUIRE(o.ok());
  CHECK(o.outputs.at(0) == Value(floats({2}, {3.0f, 31.0f})));
  CHECK(o.outputs.at(1) == Value(floats({3, 2}, {1.0f, 11.0f, 2.0f, 21.0f, 3.0f, 31.0f})));
}

TEST_CASE("[E6][E8] evaluations that share what was prepared of a model each give what they give alone") {
  // A Loop whose body lets values go (E8) at every iteration, and a graph whose E8 is observable (Keep
  // and Holders): two rounds under each schedule, with one Prepared for all, against evaluations without.
  const Model looped = loop_model(), kept = load_model_text(onnxsem::testing::kept_value_model);
  const std::map<std::string, Value> loop_in{{"m", count(3)},
                                             {"x", Value(floats({2}, {0.0f, 1.0f}))},
                                             {"y", Value(floats({2}, {1.0f, 10.0f}))}};
  const std::map<std::string, Value> kept_in{{"x", Value(floats({2}, {1.0f, 2.0f}))}};
  Prepared for_loop(looped), for_kept(kept);
  for (int round = 0; round < 2; ++round)
    for (auto kind :
         {Scheduler::Kind::ordered, Scheduler::Kind::reverse, Scheduler::Kind::random, Scheduler::Kind::depth_first}) {
      CAPTURE(round);
      CAPTURE(schedule_name(kind));
      EvalOptions o;
      o.scheduler = Scheduler{kind, 5};
      for (auto [m, in, p] : {std::tuple{&looped, &loop_in, &for_loop}, std::tuple{&kept, &kept_in, &for_kept}}) {
        const Outcome alone = evaluate(*m, *in, toys, o);
        const Outcome shared = evaluate(*m, *in, toys, o, *p);
        REQUIRE(alone.ok());
        REQUIRE(shared.ok());
        CHECK(shared.outputs == alone.outputs);
        CHECK(shared.firings == alone.firings);
      }
    }
  CHECK(evaluate(kept, kept_in, toys, {}, for_kept).outputs.at(0) == Value(floats({}, {0.0f})));  // a let go
  onnxsem::testing::kept() = Tensor();
  // What was prepared for one model is not taken for another's.
  const Outcome wrong = evaluate(kept, kept_in, toys, {}, for_loop);
  REQUIRE_FALSE(wrong.ok());
  CHECK(wrong.error->clause == "E6");
  CHECK(wrong.error->kind == ErrorKind::internal);
}

TEST_CASE("[SB7] a Loop without iterations yields empty scan outputs of the declared element type") {
  const Model m = loop_model();
  const Outcome o =
      run(m, {{"m", count(0)}, {"x", Value(floats({2}, {5.0f, 6.0f}))}, {"y", Value(floats({2}, {1.0f, 1.0f}))}});
  REQUIRE(o.ok());
  CHECK(o.outputs.at(0) == Value(floats({2}, {5.0f, 6.0f})));
  REQUIRE(o.outputs.at(1).is_tensor());
  CHECK(o.outputs.at(1).tensor().dtype() == DType::float32);
  CHECK(o.outputs.at(1).tensor().shape() == Shape{0, 2});
}

TEST_CASE("[SB6] Loop's trip count must be a one-element int64 tensor") {
  const Model m = loop_model();
  const Outcome o = run(m, {{"m", Value(Tensor::from_vector<int64_t>(test_context(), {2}, {1, 2}))},
                            {"x", Value(floats({2}, {0.0f, 1.0f}))},
                            {"y", Value(floats({2}, {1.0f, 1.0f}))}});
  REQUIRE_FALSE(o.ok());
  CHECK(o.error->clause == "SB6");
}

TEST_CASE("[L4] a Loop with neither trip count nor condition stops at the iteration limit") {
  // The text parser of libonnx 1.12 cannot write a leading absent input, so the model is written with two
  // placeholders that are then made absent.
  Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11] >
    g (float[2] x) => (float[2] last) {
      last = Loop(no_m, no_c, x) <body = step (int64 i, bool cin, float[2] acc) => (bool cout, float[2] next) {
        cout = Identity(cin)
        next = Neg(acc)
      }>
    })");
  m.graph.nodes.at(0).inputs.at(0).clear();
  m.graph.nodes.at(0).inputs.at(1).clear();
  const Outcome o = run(m, {{"x", Value(floats({2}, {1.0f, 2.0f}))}}, {}, 25);
  REQUIRE_FALSE(o.ok());
  CHECK(o.error->clause == "L4");
  CHECK(o.error->op == "Loop");
}

TEST_CASE("[SB8] Scan slices its scan inputs, in reverse when asked, and stacks its outputs") {
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11] >
    g (float[2] s0, float[3, 2] xs) => (float[2] sum, float[3, 2] partial) {
      sum, partial = Scan(s0, xs) <num_scan_inputs = 1, scan_input_directions = [1],
          body = step (float[2] acc, float[2] x) => (float[2] next, float[2] out) {
            next = Add(acc, x)
            out = Identity(next)
          }>
    })");
  const Outcome o = run(m, {{"s0", Value(floats({2}, {0.0f, 0.0f}))},
                            {"xs", Value(floats({3, 2}, {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f}))}});
  REQUIRE(o.ok());
  CHECK(o.outputs.at(0) == Value(floats({2}, {9.0f, 12.0f})));
  // Reversed input direction: the rows are visited 2, 1, 0.
  CHECK(o.outputs.at(1) == Value(floats({3, 2}, {5.0f, 6.0f, 8.0f, 10.0f, 9.0f, 12.0f})));
}

TEST_CASE("[FN1] a function call evaluates the body with its attributes bound, in a scope of its own") {
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11, "local" : 1] >
    g (float[2] x) => (float[2] y) {
      y = local.Twice <k = 3.0> (x)
    }
    < domain: "local", opset_import: ["" : 11] >
    Twice <k> (a) => (b) {
      s = Scale <k = @k> (a)
      b = Add(s, s)
    })");
  REQUIRE(m.functions.size() == 1);
  const Outcome o = run(m, {{"x", Value(floats({2}, {1.0f, -2.0f}))}});
  REQUIRE(o.ok());
  CHECK(o.outputs.at(0) == Value(floats({2}, {6.0f, -12.0f})));
}

TEST_CASE("[FN1][E6] the bodies of calls, made anew at each call, are each evaluated as what they are") {
  // The fixpoint keeps what it works out of each graph of the model (a Loop's body is evaluated at every
  // iteration); a function's body, made at each call, is no graph of the model: the bodies of Flip and
  // Double, made one after the other, must not be taken for one another.
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11, "local" : 1] >
    g (float[2] x) => (float[2] y3) {
      y1 = local.Flip(x)
      y2 = local.Double(y1)
      y3 = local.Flip(y2)
    }
    < domain: "local", opset_import: ["" : 11] >
    Flip (a) => (b) {
      b = Neg(a)
    }
    < domain: "local", opset_import: ["" : 11] >
    Double (a) => (b) {
      s = Identity(a)
      t = Identity(a)
      b = Add(s, t)
    })");
  for (auto kind : {Scheduler::Kind::ordered, Scheduler::Kind::reverse, Scheduler::Kind::depth_first}) {
    CAPTURE(schedule_name(kind));
    const Outcome o = run(m, {{"x", Value(floats({2}, {1.0f, -2.0f}))}}, Scheduler{kind, 0});
    REQUIRE(o.ok());
    CHECK(o.outputs.at(0) == Value(floats({2}, {2.0f, -4.0f})));
  }
}

TEST_CASE("[O1][FN1] a subgraph met under two opset imports resolves its operations under each") {
  // Pick imports nothing of its own (cleared below), so its body runs under its caller's imports: the
  // main graph's ("" : 1, where Versioned is implemented) for y, Late's ("" : 7, where it is not, U1)
  // for z. Its If branch is one graph of the model, whose operators the fixpoint resolves once per table
  // and imports: z must not be computed with what was resolved for y.
  Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1, "local" : 1] >
    g (float[2] x, bool c) => (float[2] y, float[2] z) {
      y = local.Pick(x, c)
      z = local.Late(x, c)
    }
    < domain: "local", opset_import: ["" : 1] >
    Pick (a, c) => (b) {
      b = If(c) <then_branch = t () => (float[2] p) { p = Versioned(a) },
                 else_branch = e () => (float[2] q) { q = Identity(a) }>
    }
    < domain: "local", opset_import: ["" : 7, "local" : 1] >
    Late (a, c) => (b) {
      b = local.Pick(a, c)
    })");
  for (auto& f : m.functions)
    if (f.name == "Pick") f.opset_imports.clear();
  const std::map<std::string, Value> in{{"x", Value(floats({2}, {1.0f, -2.0f}))},
                                        {"c", Value(Tensor::from_vector<bool>(test_context(), {}, {true}))}};
  for (auto kind : {Scheduler::Kind::depth_first, Scheduler::Kind::ordered, Scheduler::Kind::reverse}) {
    CAPTURE(schedule_name(kind));
    const Outcome o = run(m, in, Scheduler{kind, 0});
    REQUIRE(o.error);
    CHECK(o.error->clause == "U1");
    CHECK(o.error->op == "Versioned");
  }
  // Without z, y alone is computed under the main graph's imports.
  m.graph.outputs.pop_back();
  m.graph.nodes.pop_back();
  const Outcome y = run(m, in);
  REQUIRE(y.ok());
  CHECK(y.outputs.at(0) == Value(floats({2}, {1.0f, -2.0f})));
}

TEST_CASE("[FN2] a function that calls itself through another is refused by check") {
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11, "local" : 1] >
    g (float[2] x) => (float[2] y) {
      y = local.Ping(x)
    }
    < domain: "local", opset_import: ["" : 11, "local" : 1] >
    Ping (a) => (b) {
      b = local.Pong(a)
    }
    < domain: "local", opset_import: ["" : 11, "local" : 1] >
    Pong (a) => (b) {
      b = local.Ping(a)
    })");
  bool found = false;
  for (const auto& f : check(m, Profile::onnx, toys))
    if (f.clause == "FN2") found = true;
  CHECK(found);
  // Evaluated anyway, the recursion ends at the nesting limit instead of running without end.
  const Outcome o = run(m, {{"x", Value(floats({2}, {1.0f, 2.0f}))}});
  REQUIRE_FALSE(o.ok());
  CHECK(o.error->clause == "L4");
}

namespace {
Value sequence_of(std::vector<Value> items) { return Value(Sequence{nullptr, Items(items)}); }
}  // namespace

TEST_CASE("[SB9] SequenceMap runs the body per item, passing tensors whole") {
  // libonnx 1.12's text parser has no sequence types: the sequence inputs and outputs are declared as
  // tensors and then given the unknown type.
  Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 17] >
    g (float[2] xs, float[2] y) => (float[2] zs) {
      zs = SequenceMap(xs, y) <body = f (float[2] x, float[2] b) => (float[2] z) { z = Add(x, b) }>
    })");
  m.graph.inputs.at(0).type = Type{};
  m.graph.outputs.at(0).type = Type{};
  const Value xs = sequence_of(
      {Value(floats({2}, {1.0f, 2.0f})), Value(floats({2}, {3.0f, 4.0f})), Value(floats({2}, {5.0f, 6.0f}))});
  const Outcome o = run(m, {{"xs", xs}, {"y", Value(floats({2}, {10.0f, 100.0f}))}});
  REQUIRE(o.ok());
  REQUIRE(o.outputs.at(0).is_sequence());
  const auto& items = o.outputs.at(0).sequence().items;
  REQUIRE(items.size() == 3);
  CHECK(items[0] == Value(floats({2}, {11.0f, 102.0f})));
  CHECK(items[2] == Value(floats({2}, {15.0f, 106.0f})));

  // A second sequence input of another length is an error.
  Model two = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 17] >
    g (float[2] xs, float[2] ys) => (float[2] zs) {
      zs = SequenceMap(xs, ys) <body = f (float[2] x, float[2] b) => (float[2] z) { z = Add(x, b) }>
    })");
  for (auto* vi : {&two.graph.inputs.at(0), &two.graph.inputs.at(1), &two.graph.outputs.at(0)}) vi->type = Type{};
  const Outcome bad = run(two, {{"xs", xs}, {"ys", sequence_of({Value(floats({2}, {1.0f, 1.0f}))})}});
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error->clause == "SB9");
}

TEST_CASE("[SB10] Scan version 8 scans each batch entry on its own") {
  Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 8] >
    g (float[2, 1] s0, float[2, 3, 1] xs) => (float[2, 1] sum, float[2, 3, 1] partial) {
      sum, partial = Scan(no_lens, s0, xs) <num_scan_inputs = 1,
          body = step (float[1] acc, float[1] x) => (float[1] next, float[1] out) {
            next = Add(acc, x)
            out = Identity(next)
          }>
    })");
  m.graph.nodes.at(0).inputs.at(0).clear();  // sequence_lens absent (the parser cannot write it so)
  const Outcome o = run(m, {{"s0", Value(floats({2, 1}, {0.0f, 100.0f}))},
                            {"xs", Value(floats({2, 3, 1}, {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f}))}});
  REQUIRE(o.ok());
  CHECK(o.outputs.at(0) == Value(floats({2, 1}, {6.0f, 115.0f})));
  CHECK(o.outputs.at(1) == Value(floats({2, 3, 1}, {1.0f, 3.0f, 6.0f, 104.0f, 109.0f, 115.0f})));
}

TEST_CASE("[SB7] a Scan over a length of 0 yields empty scan outputs shaped as the body declares") {
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11] >
    g (float[2] s0, float[0, 2] xs) => (float[2] sum, float[2, 0] partial) {
      sum, partial = Scan(s0, xs) <num_scan_inputs = 1, scan_output_axes = [1],
          body = step (float[2] acc, float[2] x) => (float[2] next, float[2] out) {
            next = Add(acc, x)
            out = Identity(next)
          }>
    })");
  const Outcome o = run(m, {{"s0", Value(floats({2}, {7.0f, 8.0f}))}, {"xs", Value(floats({0, 2}, {}))}});
  REQUIRE(o.ok());
  CHECK(o.outputs.at(0) == Value(floats({2}, {7.0f, 8.0f})));
  REQUIRE(o.outputs.at(1).is_tensor());
  CHECK(o.outputs.at(1).tensor().shape() == Shape{2, 0});
}

namespace {
bool finds(const Model& m, const std::string& clause) {
  for (const auto& f : check(m, Profile::onnx, toys))
    if (f.clause == clause) return true;
  return false;
}
}  // namespace

TEST_CASE("[SB11] check refuses a subgraph that redefines an outer name") {
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11] >
    g (bool c, float[2] x) => (float[2] z) {
      y = Neg(x)
      z = If(c) <then_branch = thn () => (float[2] t) { y = Identity(x)
                                                       t = Neg(y) },
                 else_branch = els () => (float[2] e) { e = Identity(y) }>
    })");
  CHECK(finds(m, "SB11"));
  CHECK_FALSE(finds(m, "W1"));
}

namespace {
// The names check refuses under SB11.
std::set<std::string> shadowed(const Model& m) {
  std::set<std::string> names;
  for (const auto& f : check(m, Profile::onnx, toys))
    if (f.clause == "SB11") names.insert(f.tensor);
  return names;
}

// Every schedule of the fixpoint, and the demand-driven formulation, give `want`.
void check_outputs_everywhere(const Model& m, const std::map<std::string, Value>& in, const std::vector<Value>& want) {
  for (auto kind :
       {Scheduler::Kind::ordered, Scheduler::Kind::reverse, Scheduler::Kind::random, Scheduler::Kind::depth_first}) {
    CAPTURE(schedule_name(kind));
    const Outcome o = run(m, in, Scheduler{kind, 3});
    REQUIRE(o.ok());
    CHECK(o.outputs == want);
  }
  const Outcome d = evaluate_demand(m, in, toys, {});
  REQUIRE(d.ok());
  CHECK(d.outputs == want);
}
}  // namespace

TEST_CASE("[SB11] a Scan body may define the names the outer graph assigns by the Scan and after it") {
  // Outside, 'y' is the Scan's own output and 'z' and 'w' are computed from it: the body could never read
  // them, so it may define them (the formal input 'w', the outputs 'y' and 'z'); inside, each is the body's own.
  // The body still reads 's0' from outside.
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11] >
    g (float[2] s0, float[3, 2] xs) => (float[2] y, float[3, 2] ys, float[2] z, float[2] w) {
      y, ys = Scan(s0, xs) <num_scan_inputs = 1,
          body = step (float[2] w, float[2] x) => (float[2] y, float[2] z) {
            y = Add(w, x)
            z = Add(y, s0)
          }>
      z = Neg(y)
      w = Add(z, s0)
    })");
  CHECK(shadowed(m).empty());
  CHECK_FALSE(refuses(check(m, Profile::onnx, toys)));
  // By hand, s0 = (1, 2) and rows (1, 1), (2, 3), (0, -1): the states are (2, 3), (4, 6), (4, 5) and each
  // row's z is its state plus s0: (3, 5), (5, 8), (5, 7). Outside, z = -(4, 5) and w = z + s0 = (-3, -3).
  check_outputs_everywhere(m,
                           {{"s0", Value(floats({2}, {1.0f, 2.0f}))},
                            {"xs", Value(floats({3, 2}, {1.0f, 1.0f, 2.0f, 3.0f, 0.0f, -1.0f}))}},
                           {Value(floats({2}, {4.0f, 5.0f})),
                            Value(floats({3, 2}, {3.0f, 5.0f, 5.0f, 8.0f, 5.0f, 7.0f})),
                            Value(floats({2}, {-4.0f, -5.0f})), Value(floats({2}, {-3.0f, -3.0f}))});
}

TEST_CASE("[SB11] what a subgraph may define follows the dependences on its operation, at every level") {
  // 'q' is listed after the Scan but not computed from it: the body could read it, so it may not define it.
  const Model independent = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11] >
    g (float[2] s0, float[3, 2] xs) => (float[2] y, float[3, 2] ys, float[2] q) {
      y, ys = Scan(s0, xs) <num_scan_inputs = 1,
          body = step (float[2] acc, float[2] x) => (float[2] n, float[2] q) {
            n = Add(acc, x)
            q = Identity(n)
          }>
      q = Neg(s0)
    })");
  CHECK(shadowed(independent) == std::set<std::string>{"q"});
  // Here 'q' depends on the Scan through the then-branch that reads 'y': it may be defined in the body.
  const Model through_branch = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11] >
    g (bool c, float[2] s0, float[3, 2] xs) => (float[2] y, float[3, 2] ys, float[2] q) {
      y, ys = Scan(s0, xs) <num_scan_inputs = 1,
          body = step (float[2] acc, float[2] x) => (float[2] n, float[2] q) {
            n = Add(acc, x)
            q = Identity(n)
          }>
      q = If(c) <then_branch = a () => (float[2] r) { r = Neg(y) },
                 else_branch = b () => (float[2] e) { e = Identity(s0) }>
    })");
  CHECK(shadowed(through_branch).empty());
  CHECK_FALSE(refuses(check(through_branch, Profile::onnx, toys)));
  const std::map<std::string, Value> scan_in{{"s0", Value(floats({2}, {1.0f, 2.0f}))},
                                             {"xs", Value(floats({3, 2}, {1.0f, 1.0f, 2.0f, 3.0f, 0.0f, -1.0f}))}};
  // By hand: the states are (2, 3), (4, 6), (4, 5), each also a row of ys; q is -(4, 5), or s0 when c is false.
  auto with = [&](bool c) {
    auto in = scan_in;
    in.emplace("c", flag(c));
    return in;
  };
  const Value y = Value(floats({2}, {4.0f, 5.0f})), ys = Value(floats({3, 2}, {2.0f, 3.0f, 4.0f, 6.0f, 4.0f, 5.0f}));
  check_outputs_everywhere(through_branch, with(true), {y, ys, Value(floats({2}, {-4.0f, -5.0f}))});
  check_outputs_everywhere(through_branch, with(false), {y, ys, Value(floats({2}, {1.0f, 2.0f}))});

  // Two levels deep: the inner then-branch may define 'z' and 'u', which the main graph computes from the
  // outer If; it may not define 'v', which the main graph computes before and apart from the outer If.
  const char* nested = R"(
    < ir_version: 8, opset_import: ["" : 11] >
    g (bool c, float[2] x) => (float[2] z, float[2] u) {
      v = Neg(x)
      z = If(c) <then_branch = outer_then () => (float[2] t) {
                   t = If(c) <then_branch = inner_then () => (float[2] z) { INNER },
                              else_branch = inner_else () => (float[2] e) { e = Identity(v) }>
                 },
                 else_branch = outer_else () => (float[2] r) { r = Identity(x) }>
      u = Add(z, v)
    })";
  auto with_inner = [&](const std::string& inner) {
    std::string text = nested;
    text.replace(text.find("INNER"), 5, inner);
    return load_model_text(text);
  };
  const Model later = with_inner("u = Neg(v)\n z = Add(u, u)");
  CHECK(shadowed(later).empty());
  CHECK_FALSE(refuses(check(later, Profile::onnx, toys)));
  // By hand, x = (1, 2): v = (-1, -2); when c holds, the inner u = (1, 2) and z = (2, 4), so the outer z is
  // (2, 4) and u = z + v = (1, 2); otherwise z = x and u = (0, 0).
  const auto x = Value(floats({2}, {1.0f, 2.0f}));
  check_outputs_everywhere(later, {{"c", flag(true)}, {"x", x}},
                           {Value(floats({2}, {2.0f, 4.0f})), Value(floats({2}, {1.0f, 2.0f}))});
  check_outputs_everywhere(later, {{"c", flag(false)}, {"x", x}}, {x, Value(floats({2}, {0.0f, 0.0f}))});
  CHECK(shadowed(with_inner("v = Neg(x)\n z = Identity(v)")) == std::set<std::string>{"v"});
  // A graph input of the main graph, two levels out, stays visible.
  CHECK(shadowed(with_inner("x = Neg(v)\n z = Identity(x)")) == std::set<std::string>{"x"});
}

namespace {
// The toy operators and Draw(a), a random operator (K13): it yields the candidate result given for its output
// when there is one, and has no value otherwise (unsupported).
class WithDraw final : public OperatorTable {
 public:
  [[nodiscard]] std::vector<int64_t> defined_versions(std::string_view domain, std::string_view op) const override {
    if (domain.empty() && op == "Draw") return {1};
    return toys_.defined_versions(domain, op);
  }
  [[nodiscard]] const Kernel* kernel(std::string_view domain, std::string_view op, int64_t since) const override {
    return domain.empty() && op == "Draw" ? &draw_ : toys_.kernel(domain, op, since);
  }
  [[nodiscard]] bool nondeterministic(std::string_view domain, std::string_view op) const override {
    return (domain.empty() && op == "Draw") || toys_.nondeterministic(domain, op);
  }

 private:
  onnxsem::testing::ToyTable toys_;
  Kernel draw_ = [](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    if (a.choices.empty() || !a.choices[0]) unsupported("Draw: no candidate result");
    return {*a.choices[0]};
  };
};
}  // namespace

TEST_CASE("[K13][SB11] a candidate result goes to the main graph's operation, not to a body's name like it") {
  // The then-branch defines 'y', the name of the main graph's output (SB11 allows it: the If assigns it).
  // Inside the branch 'y' is another tensor: its random operation has no candidate result.
  const WithDraw table;
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11] >
    g (bool c, float[2] x) => (float[2] y) {
      y = If(c) <then_branch = a () => (float[2] y) { y = Draw(x) },
                 else_branch = b () => (float[2] e) { e = Identity(x) }>
    })");
  CHECK(check(m, Profile::onnx, table).empty());
  EvalOptions o;
  o.choices = {{"y", Value(floats({2}, {9.0f, 9.0f}))}};
  const auto x = Value(floats({2}, {1.0f, 2.0f}));
  for (const Outcome& drawn : {evaluate(m, {{"c", flag(true)}, {"x", x}}, table, o),
                               evaluate_demand(m, {{"c", flag(true)}, {"x", x}}, table, o)}) {
    REQUIRE_FALSE(drawn.ok());
    CHECK(drawn.error->kind == ErrorKind::unsupported);
    CHECK(drawn.error->op == "Draw");
  }
  const Outcome skipped = evaluate(m, {{"c", flag(false)}, {"x", x}}, table, o);
  REQUIRE(skipped.ok());
  CHECK(skipped.outputs.at(0) == x);
  // In the main graph, the operation that assigns the output 'y' yields the candidate.
  const Model main_draw = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11] >
    g (float[2] x) => (float[2] y) { y = Draw(x) })");
  const Outcome direct = evaluate(main_draw, {{"x", x}}, table, o);
  REQUIRE(direct.ok());
  CHECK(direct.outputs.at(0) == Value(floats({2}, {9.0f, 9.0f})));
}

TEST_CASE("[SB12][W1] check refuses bodies of the wrong arity and undefined names inside subgraphs") {
  const Model loop = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11] >
    g (int64 m, bool c, float[2] x) => (float[2] last) {
      last = Loop(m, c, x) <body = step (int64 i, bool cin) => (bool cout, float[2] next) {
        cout = Identity(cin)
        next = Neg(x)
      }>
    })");
  CHECK(finds(loop, "SB12"));
  const Model undefined = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11] >
    g (bool c, float[2] x) => (float[2] z) {
      z = If(c) <then_branch = thn () => (float[2] t) { t = Neg(nowhere) },
                 else_branch = els () => (float[2] e) { e = Identity(x) }>
    })");
  CHECK(finds(undefined, "W1"));
  CHECK_FALSE(finds(undefined, "SB12"));
  // A well-formed If and Loop reading outer names raise nothing.
  const Model ok = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11] >
    g (bool c, int64 m, float[2] x) => (float[2] z, float[2] w) {
      y = Neg(x)
      z = If(c) <then_branch = thn () => (float[2] t) { t = Neg(y) },
                 else_branch = els () => (float[2] e) { e = Identity(y) }>
      w = Loop(m, c, z) <body = step (int64 i, bool cin, float[2] acc) => (bool cout, float[2] next) {
        cout = Identity(cin)
        next = Add(acc, y)
      }>
    })");
  CHECK(check(ok, Profile::sonnx, toys).empty());
}

TEST_CASE("[FN3] check refuses a function whose formal output is never assigned") {
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11, "local" : 1] >
    g (float[2] x) => (float[2] y) {
      y = local.Half(x)
    }
    < domain: "local", opset_import: ["" : 11] >
    Half (a) => (b, c) {
      b = Neg(a)
    })");
  CHECK(finds(m, "FN3"));
}

TEST_CASE("[SB13] a kernel applies its graph attribute through the graph semantics, reading outer names") {
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 11] >
    g (float[2] x, float[2] y) => (float[2] z) {
      z = Apply(x) <body = f (float[2] a) => (float[2] b) { b = Add(a, y) }>
    })");
  const Outcome o = run(m, {{"x", Value(floats({2}, {1.0f, 2.0f}))}, {"y", Value(floats({2}, {10.0f, 20.0f}))}});
  REQUIRE(o.ok());
  CHECK(o.outputs.at(0) == Value(floats({2}, {11.0f, 22.0f})));
  const Outcome d = evaluate_demand(
      m, {{"x", Value(floats({2}, {1.0f, 2.0f}))}, {"y", Value(floats({2}, {10.0f, 20.0f}))}}, toys, {});
  REQUIRE(d.ok());
  CHECK(d.outputs == o.outputs);
}

TEST_CASE("[SB8] the evaluation raises SB8 for a missing num_scan_inputs and for axes out of range") {
  auto scan = [](const std::string& attrs) {
    const Model m = load_model_text(R"(
      < ir_version: 8, opset_import: ["" : 11] >
      g (float[2] s0, float[3, 2] xs) => (float[2] sum, float[3, 2] partial) {
        sum, partial = Scan(s0, xs) <)" +
                                    attrs + R"(body = step (float[2] acc, float[2] x) => (float[2] next, float[2] out) {
              next = Add(acc, x)
              out = Identity(next)
            }>
      })");
    return run(m, {{"s0", Value(floats({2}, {0.0f, 0.0f}))},
                   {"xs", Value(floats({3, 2}, {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f}))}});
  };
  for (const std::string attrs : {"", "num_scan_inputs = 1, scan_input_axes = [2], ",
                                  "num_scan_inputs = 1, scan_output_axes = [-3], ", "num_scan_inputs = -1, "}) {
    const Outcome o = scan(attrs);
    REQUIRE_FALSE(o.ok());
    CHECK(o.error->clause == "SB8");
  }
  CHECK(scan("num_scan_inputs = 1, scan_output_axes = [-2], ").ok());  // -2 + rank 2 = axis 0
}

TEST_CASE("[L5] the work of a Loop's iterations and of the whole evaluation is bounded") {
  // Each iteration costs the run of the body (2^16) to the Loop's own firing, and the body's two firings
  // (2^16 each plus the elements they read) to the evaluation.
  const Model m = loop_model();
  const std::map<std::string, Value> in{{"m", count(100)},
                                        {"x", Value(floats({2}, {0.0f, 0.0f}))},
                                        {"y", Value(floats({2}, {1.0f, 1.0f}))}};
  EvalOptions o;
  REQUIRE(evaluate(m, in, toys, o).ok());
  // The Loop's firing: 101 units of reading, then 2^16 per iteration; 10 iterations pass, the 11th does not.
  o.max_firing_work = kFiringCost * 11;
  Outcome out = evaluate(m, in, toys, o);
  REQUIRE_FALSE(out.ok());
  CHECK(out.error->clause == "L5");
  CHECK(out.error->op == "Loop");
  CHECK(out.error->message.find("--max-firing-work") != std::string::npos);
  // The whole evaluation: the same bound fails on both formulations, whatever the schedule.
  o.max_firing_work = 0;
  o.max_work = kFiringCost * 50;
  for (const Outcome& r : {evaluate(m, in, toys, o), evaluate_demand(m, in, toys, o)}) {
    REQUIRE_FALSE(r.ok());
    CHECK(r.error->clause == "L5");
    CHECK(r.error->message.find("--max-work") != std::string::npos);
  }
  o.max_work = kFiringCost * 1000;
  CHECK(evaluate(m, in, toys, o).ok());
  CHECK(evaluate_demand(m, in, toys, o).ok());
}

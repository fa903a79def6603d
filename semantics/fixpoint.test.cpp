// Tests of the execution semantics (spec/graph.md, "Execution"), on toy operators only.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <thread>

#include "loader/loader.hpp"
#include "semantics/fixpoint.hpp"
#include "values/testing.hpp"

using namespace onnxsem;
using onnxsem::testing::floats;

namespace {
const onnxsem::testing::ToyTable toys;

Model diamond() {
  return load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x, float[2] y) => (float[2] z, float[2] w) {
      a = Add(x, y)
      b = Neg(a)
      c = Identity(a)
      z = Add(b, c)
      w = Neg(c)
    })");
}

std::map<std::string, Value> xy() {
  return {{"x", Value(floats({2}, {1.0f, 2.0f}))}, {"y", Value(floats({2}, {10.0f, 20.0f}))}};
}

Outcome run(const Model& m, std::map<std::string, Value> in, Scheduler s = {}) {
  EvalOptions o;
  o.scheduler = s;
  return evaluate(m, in, toys, o);
}
}  // namespace

TEST_CASE("[E1][E2][E3][E6] a graph evaluates to its fixpoint and yields its outputs") {
  const Outcome o = run(diamond(), xy());
  REQUIRE(o.ok());
  CHECK(o.firings == 5);
  REQUIRE(o.outputs.size() == 2);
  CHECK(o.outputs[0] == Value(floats({2}, {0.0f, 0.0f})));
  CHECK(o.outputs[1] == Value(floats({2}, {-11.0f, -22.0f})));
}

TEST_CASE("[E5][E6] the outputs do not depend on the schedule or on the order of the node list") {
  const Model m = diamond();
  const Outcome ref = run(m, xy());
  REQUIRE(ref.ok());
  CHECK(run(m, xy(), {Scheduler::Kind::reverse, 0}).outputs == ref.outputs);
  CHECK(run(m, xy(), {Scheduler::Kind::depth_first, 0}).outputs == ref.outputs);
  for (uint64_t seed = 0; seed < 16; ++seed)
    CHECK(run(m, xy(), {Scheduler::Kind::random, seed}).outputs == ref.outputs);
  Model shuffled = m;
  std::mt19937_64 rng(7);
  for (int i = 0; i < 8; ++i) {
    std::shuffle(shuffled.graph.nodes.begin(), shuffled.graph.nodes.end(), rng);
    CHECK(run(shuffled, xy()).outputs == ref.outputs);
  }
}

TEST_CASE("[E1] an initializer is a default that a fed input overrides") {
  Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x, float[2] k) => (float[2] z) <float[2] k = {5.0, 6.0}> {
      z = Add(x, k)
    })");
  const auto x = Value(floats({2}, {1.0f, 1.0f}));
  CHECK(run(m, {{"x", x}}).outputs.at(0) == Value(floats({2}, {6.0f, 7.0f})));
  CHECK(run(m, {{"x", x}, {"k", Value(floats({2}, {0.0f, 1.0f}))}}).outputs.at(0) == Value(floats({2}, {1.0f, 2.0f})));
}

TEST_CASE("[E4] the empty name is an absent optional input") {
  Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z, float[1] w) {
      z = Opt(x, )
      w = Opt(x, x)
    })");
  const Outcome o = run(m, {{"x", Value(floats({1}, {3.0f}))}});
  REQUIRE(o.ok());
  CHECK(o.outputs[0] == Value(floats({1}, {3.0f})));
  CHECK(o.outputs[1] == Value(floats({1}, {6.0f})));
}

TEST_CASE("[TY2] a node naming an output position its operator does not give is refused, not an internal error") {
  // The toy operators have no signatures, so check cannot see the arity; the evaluation does (a fuzzing find:
  // a Cast with three outputs under an opset whose Cast version has no signature ended in an internal error).
  Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      z, extra = Neg(x)
    })");
  const Outcome o = run(m, {{"x", Value(floats({1}, {3.0f}))}});
  REQUIRE_FALSE(o.ok());
  CHECK(o.error->clause == "TY2");
  CHECK(o.error->kind == ErrorKind::refused);
  CHECK(o.error->tensor == "extra");
}

TEST_CASE("[E7] an evaluation error names the node and the operator that raised it") {
  Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      z = Boom(x)
    })");
  const Outcome o = run(m, {{"x", Value(floats({1}, {3.0f}))}});
  REQUIRE_FALSE(o.ok());
  CHECK(o.error->clause == "T1");
  CHECK(o.error->kind == ErrorKind::evaluation);
  CHECK(o.error->node == "#0");
  CHECK(o.error->op == "Boom");
}

TEST_CASE("[C3] an output that never gets a value is an error at the fixpoint") {
  // z depends on a cycle (p <-> q), so it never gets a value.
  Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      p = Add(x, q)
      q = Neg(p)
      z = Identity(q)
    })");
  const Outcome o = run(m, {{"x", Value(floats({1}, {3.0f}))}});
  REQUIRE_FALSE(o.ok());
  CHECK(o.error->clause == "C3");
}

TEST_CASE("[E2] an operation whose output already has a value is not executable") {
  Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      z = Neg(x)
      z = Identity(x)
    })");
  // Both operations are executable at the start; once one has fired, the other is no longer executable,
  // so only one fires. Which one depends on the schedule: that is why check refuses the graph (C1).
  const Outcome o = run(m, {{"x", Value(floats({1}, {3.0f}))}});
  REQUIRE(o.ok());
  CHECK(o.firings == 1);
}

TEST_CASE("[I1][I2][I3][I4] graph inputs must be fed, declared, and of the declared type") {
  const Model m = diamond();
  auto missing = run(m, {{"x", Value(floats({2}, {1.0f, 2.0f}))}});
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error->clause == "I1");
  auto extra = xy();
  extra.emplace("nope", Value(floats({1}, {0.0f})));
  CHECK(run(m, extra).error->clause == "I2");
  auto wrong = xy();
  wrong["x"] = Value(Tensor::from_vector<int64_t>(test_context(), {2}, {1, 2}));
  CHECK(run(m, wrong).error->clause == "I3");
  auto badshape = xy();
  badshape["x"] = Value(floats({3}, {1.0f, 2.0f, 3.0f}));
  CHECK(run(m, badshape).error->clause == "T2");  // not I4: declared shapes are enforced only on request
  EvalOptions strict;
  strict.strict_shapes = true;
  CHECK(evaluate(m, badshape, toys, strict).error->clause == "I4");
}

TEST_CASE("[O1][O2][U1][W4][W6] operator versions resolve to the highest since-version not above the import") {
  Node n;
  n.op_type = "Versioned";
  CHECK(resolve(toys, {{"", 4}}, n).since_version == 1);
  CHECK(resolve(toys, {{"", 4}}, n).kernel != nullptr);
  const Resolved five = resolve(toys, {{"", 7}}, n);
  CHECK(five.since_version == 5);
  REQUIRE(five.error);
  CHECK(five.error->clause == "U1");
  CHECK(five.error->kind == ErrorKind::unsupported);
  n.op_type = "Nope";
  CHECK(resolve(toys, {{"", 7}}, n).error->clause == "W4");
  n.op_type = "Add";
  n.domain = "com.example";
  CHECK(resolve(toys, {{"", 7}}, n).error->clause == "W6");
  CHECK(normalise_domain("ai.onnx").empty());
}

TEST_CASE("[E2] an operation without a named output never fires") {
  Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      z = Neg(x)
    })");
  Node silent;
  silent.name = "silent";
  silent.op_type = "Boom";
  silent.inputs = {"x"};
  silent.outputs = {""};
  m.graph.nodes.push_back(silent);
  const Outcome o = run(m, {{"x", Value(floats({1}, {3.0f}))}});
  REQUIRE(o.ok());
  CHECK(o.firings == 1);
}

TEST_CASE("[L3] a tensor beyond the allocation limit is refused before it is allocated") {
  AllocationLimit limit(1024);
  CHECK_THROWS_AS((void)Tensor::allocate<double>(test_context(), {1000}), Failure);
  try {
    (void)Tensor::allocate<double>(test_context(), {1000});
  } catch (const Failure& f) {
    CHECK(f.error().clause == "L3");
  }
  CHECK_NOTHROW((void)Tensor::allocate<double>(test_context(), {100}));
}

TEST_CASE("[E8] a value is let go once its last reader has fired, under every schedule; nothing else changes") {
  const Model m = load_model_text(testing::kept_value_model);
  const std::map<std::string, Value> in{{"x", Value(floats({2}, {1.0f, 2.0f}))}};
  EvalOptions keep_all;
  keep_all.release = false;
  const Outcome kept = evaluate(m, in, toys, keep_all);
  REQUIRE(kept.ok());
  CHECK(kept.outputs.at(0) == Value(floats({}, {1.0f})));  // without E8 the state still holds a
  for (auto kind :
       {Scheduler::Kind::ordered, Scheduler::Kind::reverse, Scheduler::Kind::random, Scheduler::Kind::depth_first}) {
    EvalOptions o;
    o.scheduler = Scheduler{kind, 7};
    const Outcome r = evaluate(m, in, toys, o);
    REQUIRE(r.ok());
    CHECK(r.outputs.at(0) == Value(floats({}, {0.0f})));  // nobody but Keep's copy holds a any more
    CHECK(r.outputs.at(1) == kept.outputs.at(1));
    CHECK(r.firings == kept.firings);
  }
  testing::kept() = Tensor();
}

TEST_CASE("[E8] a graph output is never let go, even when every reader of it has fired") {
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x) => (float[2] a, float z) {
      a = Neg(x)
      k = Keep(a)
      z = Holders(k)
    })");
  const Outcome r = evaluate(m, {{"x", Value(floats({2}, {1.0f, 2.0f}))}}, toys, {});
  REQUIRE(r.ok());
  CHECK(r.outputs.at(0) == Value(floats({2}, {-1.0f, -2.0f})));
  CHECK(r.outputs.at(1) == Value(floats({}, {1.0f})));  // the state holds a until the end
  testing::kept() = Tensor();
}

// The element storage each name was assigned, as the evaluation assigns it (no copy kept, so that the
// observer itself holds no value).
struct Storage {
  std::map<std::string, const void*> at;
  EvalOptions options(EvalOptions o = {}) {
    o.observe = [this](const Graph&, const std::string& name, const Value& v) {
      at[name] = v.tensor().data<float>().data();
    };
    return o;
  }
};

TEST_CASE("[E10] the last reader of a value may build its output in the value's storage; nothing else changes") {
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[3] x) => (float[3] c, float[3] d) {
      a = Neg(x)
      b = NegOver(a)
      c = NegOver(b)
      d = NegOver(x)
    })");
  const Tensor x = floats({3}, {1.0f, -2.0f, 3.5f});
  const std::map<std::string, Value> in{{"x", Value(x)}};
  Storage handed;
  const Outcome r = evaluate(m, in, toys, handed.options());
  REQUIRE(r.ok());
  CHECK(r.outputs.at(0) == Value(floats({3}, {-1.0f, 2.0f, -3.5f})));
  CHECK(r.outputs.at(1) == Value(floats({3}, {-1.0f, 2.0f, -3.5f})));
  // a's storage went on to b, then to c; the graph input, which the caller holds, was never written.
  CHECK(handed.at.at("b") == handed.at.at("a"));
  CHECK(handed.at.at("c") == handed.at.at("a"));
  CHECK(handed.at.at("d") != static_cast<const void*>(x.data<float>().data()));
  CHECK(x == floats({3}, {1.0f, -2.0f, 3.5f}));
  // Keeping every value (E8 off) hands nothing over: fresh storage each time, the same bits.
  EvalOptions keep_all;
  keep_all.release = false;
  Storage kept;
  const Outcome k = evaluate(m, in, toys, kept.options(keep_all));
  REQUIRE(k.ok());
  CHECK(k.outputs == r.outputs);
  CHECK(kept.at.at("b") != kept.at.at("a"));
  CHECK(kept.at.at("c") != kept.at.at("b"));
}

TEST_CASE(
    "[E10] a value read again later, read twice by one operation, read by a subgraph, or a graph output, is not handed over") {
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x) => (float[2] a, float[2] s) {
      a = Neg(x)
      p = NegOver(a)
      b = Neg(x)
      u = NegOver(b)
      v = NegOver(b)
      w = Add(u, v)
      t = Add(w, w)
      e = Neg(x)
      f = Apply(e) <body = inner (float[2] q) => (float[2] r) { r = Add(q, e) }>
      g = Add(t, p)
      s = Add(g, f)
    })");
  const std::map<std::string, Value> in{{"x", Value(floats({2}, {1.0f, 2.0f}))}};
  for (auto kind :
       {Scheduler::Kind::ordered, Scheduler::Kind::reverse, Scheduler::Kind::random, Scheduler::Kind::depth_first}) {
    EvalOptions o;
    o.scheduler = Scheduler{kind, 11};
    Storage st;
    const Outcome r = evaluate(m, in, toys, st.options(o));
    REQUIRE(r.ok());
    // a is a graph output: p never takes its storage. Of u and v, only the one that fires last may take b's.
    // w, read twice by one Add, stays in the state for its second read, and e, read by Apply and by its
    // body, for the body's read (the evaluation would fail else).
    CHECK(r.outputs.at(0) == Value(floats({2}, {-1.0f, -2.0f})));
    CHECK(r.outputs.at(1) == Value(floats({2}, {3.0f, 6.0f})));
    CHECK(st.at.at("p") != st.at.at("a"));
    CHECK_FALSE((st.at.at("u") == st.at.at("b") && st.at.at("v") == st.at.at("b")));
  }
}

TEST_CASE("[E5] the depth-first schedule fires an operation after the writers of what it reads, close to its readers") {
  // Every weight made first in node order, as the light models of the suite list them; a subgraph reading
  // one from outside; an operation no output depends on.
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x) => (float[2] z, float[2] y) {
      w1 = Neg(x)
      w2 = Neg(x)
      w3 = Neg(x)
      unused = Neg(x)
      a = Add(x, w1)
      b = Add(a, w2)
      y = Apply(b) <body = inner (float[2] v) => (float[2] r) { r = Add(v, w3) }>
      z = Neg(b)
    })");
  std::vector<std::string> fired;
  EvalOptions o;
  o.scheduler = Scheduler{Scheduler::Kind::depth_first, 0};
  o.observe = [&](const Graph& g, const std::string& name, const Value&) {
    if (&g == &m.graph) fired.push_back(name);
  };
  const Outcome r = evaluate(m, {{"x", Value(floats({2}, {1.0f, 2.0f}))}}, toys, o);
  REQUIRE(r.ok());
  // z first (the first output): its writers' writers in the order read, then y's (w3, read by y's subgraph),
  // then the operation no output needs.
  CHECK(fired == std::vector<std::string>{"w1", "a", "w2", "b", "z", "w3", "y", "unused"});
  CHECK(r.outputs == run(m, {{"x", Value(floats({2}, {1.0f, 2.0f}))}}).outputs);
  CHECK(parse_schedule("depth-first") == Scheduler::Kind::depth_first);
  CHECK(std::string(schedule_name(Scheduler::Kind::depth_first)) == "depth-first");
}

TEST_CASE(
    "[O1][E3] evaluations sharing what was prepared resolve each operation against their own table of operators") {
  // The operators are resolved once per graph and table (and opset imports) and kept with the prepared
  // graph: an evaluation under another table must not fire the first table's kernels.
  const Model m = diamond();
  const onnxsem::testing::RenamedToys other("Neg", "Identity");  // which table was used shows in the outputs
  Prepared prepared(m);
  for (int round = 0; round < 2; ++round) {
    CAPTURE(round);
    const Outcome a = evaluate(m, xy(), toys, EvalOptions{}, prepared);
    REQUIRE(a.ok());
    // a = x + y = (11, 22); z = -a + a = 0; w = -a.
    CHECK(a.outputs[0].tensor().data<float>()[1] == 0.0f);
    CHECK(a.outputs[1].tensor().data<float>()[1] == -22.0f);
    const Outcome b = evaluate(m, xy(), other, EvalOptions{}, prepared);
    REQUIRE(b.ok());
    // Neg as Identity: z = a + a, w = a.
    CHECK(b.outputs[0].tensor().data<float>()[1] == 44.0f);
    CHECK(b.outputs[1].tensor().data<float>()[1] == 22.0f);
  }
}

TEST_CASE("[E9] [L3] [L5] two evaluations at once in one process keep their own limits and thread counts") {
  // A refuses its 4,000-byte tensors (limit 1,000 bytes, 2 threads); B, with the default limit on 3
  // threads and a work bound, computes. Each runs 200 times while the other runs on another thread.
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1000] x) => (float[1000] z) {
      a = Neg(x)
      z = Neg(a)
    })");
  std::vector<float> ones(1000, 1.0f);
  const std::map<std::string, Value> in{{"x", Value(onnxsem::testing::floats({1000}, ones))}};
  EvalOptions small, large;
  small.max_tensor_bytes = 1000;
  small.threads = 2;
  large.threads = 3;
  large.max_work = 1'000'000;
  std::atomic<int> refused{0}, computed{0};
  std::thread a([&] {
    for (int i = 0; i < 200; ++i) {
      const Outcome o = evaluate(m, in, toys, small);
      if (!o.ok() && o.error->clause == "L3") ++refused;
    }
  });
  std::thread b([&] {
    for (int i = 0; i < 200; ++i) {
      const Outcome o = evaluate(m, in, toys, large);
      if (o.ok() && o.outputs.at(0) == in.at("x")) ++computed;
    }
  });
  a.join();
  b.join();
  CHECK(refused == 200);
  CHECK(computed == 200);
}

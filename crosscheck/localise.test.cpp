// Tests of localisation (spec/conformance.md, XC10-XC11): a small model whose "runtime" values are onnxsem's
// own, unchanged or with one operation's output perturbed by a few hundred ulp (the perturbation inserted
// as a Mul, so that every later value is computed from the perturbed one, as a runtime's would be).
#include "crosscheck/localise.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "loader/loader.hpp"
#include "ops/registry.hpp"
#include "values/testing.hpp"

using namespace onnxsem;
using namespace onnxsem::crosscheck;

// Named for this file alone: a unity build compiles it together with crosscheck.test.cpp.
namespace localise_test {

// X -> Add(X, X) -> Exp -> Relu -> MatMul(., W) -> Softmax -> Tan: one operation of each kind of bound
// (AC3, AC5, AC2, AC4, AC6) and one without (AC7). With `perturb`, the Add's output is multiplied by `perturb` before the Exp reads it.
std::string model_text(const std::string& perturb = "") {
  const std::string add = perturb.empty()
                              ? "A = Add(X, X)\n"
                              : "A0 = Add(X, X)\n  c = Constant<value = float {" + perturb + "}>()\n  A = Mul(A0, c)\n";
  return R"(<ir_version: 8, opset_import: ["" : 17]>
g (float[2,3] X, float[3,2] W) => (float[2,2] Z) {
  )" + add +
         R"(  E = Exp(A)
  R = Relu(E)
  Y = MatMul(R, W)
  S = Softmax(Y)
  Z = Tan(S)
})";
}

std::map<std::string, Value> feeds() {
  const EvalContext& cx = test_context();
  return {{"X", Value(Tensor::from_vector<float>(cx, {2, 3}, {0.1f, -0.7f, 0.33f, 1.2f, -1.9f, 0.05f}))},
          {"W", Value(Tensor::from_vector<float>(cx, {3, 2}, {0.5f, -1.25f, 2.0f, 0.3f, -0.6f, 1.1f}))}};
}

const conformance::Tolerance tol{};
const OperatorTable& table() { return ops::standard_registry(); }

Localisation run(const std::map<std::string, Value>& runtime, LocaliseMode mode) {
  const Model m = load_model_text(model_text());
  const auto spec = every_value(m, feeds(), table(), kDefaultTensorBytes);
  return localise(m, spec, runtime, mode, table(), tol, kDefaultTensorBytes);
}

// The values of the model with the Add's output perturbed, under the names of the unperturbed model.
std::map<std::string, Value> perturbed_values(const std::string& factor) {
  const Model p = load_model_text(model_text(factor));
  auto v = every_value(p, feeds(), table(), kDefaultTensorBytes);
  v.erase("A0");
  v.erase("c");
  return v;
}

// 1 + 2^-15: 256 ulp of float32 at 1.
const std::string k256ulp = "1.000030517578125";

// The last operation of `m` judged (isolated) with the runtime's Y being onnxsem's, its element `at` moved by |ulps|
// units in the last place, up when ulps > 0 and down when below.
NodeJudgement judge_moved(const Model& m, const std::map<std::string, Value>& in, size_t at, int ulps) {
  const auto spec = every_value(m, in, table(), kDefaultTensorBytes);
  auto runtime = spec;
  const Tensor& t = spec.at("Y").tensor();
  std::vector<float> y(t.data<float>().begin(), t.data<float>().end());
  const float toward = ulps > 0 ? INFINITY : -INFINITY;
  for (int k = 0; k < std::abs(ulps); ++k) y[at] = std::nextafter(y[at], toward);
  runtime["Y"] = Value(Tensor::from_vector<float>(test_context(), t.shape(), y));
  return localise(m, spec, runtime, LocaliseMode::isolated, table(), tol, kDefaultTensorBytes).nodes.back();
}

}  // namespace localise_test
using namespace localise_test;

TEST_CASE("[XC10] every operation's outputs become graph outputs, after the model's own") {
  const Model m = load_model_text(model_text());
  const auto values = every_value(m, feeds(), table(), kDefaultTensorBytes);
  const Model all = with_every_value_as_output(m, values);
  std::vector<std::string> names;
  for (const auto& vo : all.graph.outputs) names.push_back(vo.name);
  CHECK(names == std::vector<std::string>{"Z", "A", "E", "R", "Y", "S"});
  CHECK(all.graph.outputs[1].type.elem == DType::float32);
  CHECK(all.graph.nodes.size() == m.graph.nodes.size());
  // The rewritten model is itself a model onnxsem evaluates to the same values.
  const auto again = every_value(all, feeds(), table(), kDefaultTensorBytes);
  CHECK(again.at("Y").tensor().data<float>()[3] == values.at("Y").tensor().data<float>()[3]);
}

TEST_CASE("[XC11] onnxsem's own values are within every bound, and no node departs") {
  const Model m = load_model_text(model_text());
  for (LocaliseMode mode : {LocaliseMode::isolated, LocaliseMode::cumulative}) {
    CAPTURE(mode_name(mode));
    const Localisation loc = run(every_value(m, feeds(), table(), kDefaultTensorBytes), mode);
    REQUIRE(loc.nodes.size() == 6);
    CHECK_FALSE(loc.first_departing);
    CHECK(loc.missing.empty());
    const char* clauses[] = {"AC3", "AC5", "AC2", "AC4", "AC6", "AC7"};
    const char* types[] = {"Add", "Exp", "Relu", "MatMul", "Softmax", "Tan"};
    for (size_t i = 0; i < 6; ++i) {
      CAPTURE(i);
      CHECK(loc.nodes[i].op_type == types[i]);
      CHECK(loc.nodes[i].clause == clauses[i]);
      CHECK_FALSE(loc.nodes[i].reference_in_t);
    }
    for (size_t i = 0; i < 5; ++i) {
      CHECK(loc.nodes[i].verdict == NodeVerdict::in_bound);
      REQUIRE(loc.nodes[i].bound_units);
      // onnxsem's float32 results are the reference rounded once: within half an ulp, which is at most
      // 1 bound unit for AC3, and far less for the others.
      CHECK(*loc.nodes[i].bound_units <= 1.0);
      CHECK(loc.nodes[i].max_ulp <= 0.5);
    }
    CHECK(loc.nodes[5].verdict == NodeVerdict::in_tolerance);  // AC7: judged by K1, no bound units
    CHECK_FALSE(loc.nodes[5].bound_units);
  }
}

TEST_CASE("[XC10] [XC11] a planted departure is the first departing node in both modes") {
  const auto runtime = perturbed_values(k256ulp);
  const Localisation iso = run(runtime, LocaliseMode::isolated);
  REQUIRE(iso.first_departing);
  CHECK(*iso.first_departing == 0);
  CHECK(iso.nodes[0].verdict == NodeVerdict::out_of_bound);
  // 256 to 512 ulp of error where half an ulp is allowed.
  REQUIRE(iso.nodes[0].bound_units);
  CHECK(*iso.nodes[0].bound_units > 400);  // 256 to 512 ulp, by where in its binade each element lies
  CHECK(*iso.nodes[0].bound_units < 1100);
  CHECK(iso.nodes[0].max_ulp > 150);
  // Isolated: every later operation computed from the runtime's own (perturbed) inputs is within its bound.
  for (size_t i = 1; i < 5; ++i) {
    CAPTURE(i);
    CHECK(iso.nodes[i].verdict == NodeVerdict::in_bound);
  }
  CHECK(iso.nodes[5].verdict == NodeVerdict::in_tolerance);

  // Cumulative: the departure propagates (the Exp of a perturbed argument is far from exp of onnxsem's), but
  // the first departing node is still the Add.
  const Localisation cum = run(runtime, LocaliseMode::cumulative);
  REQUIRE(cum.first_departing);
  CHECK(*cum.first_departing == 0);
  CHECK(cum.nodes[1].verdict == NodeVerdict::out_of_bound);
  CHECK(cum.nodes[2].verdict == NodeVerdict::out_of_bound);  // Relu: exact, and its input differs
  REQUIRE(cum.nodes[2].bound_units);
  CHECK(std::isinf(*cum.nodes[2].bound_units));
}

TEST_CASE("[XC11] a departure smaller than the bound of an elementwise function is within it") {
  // 1 + 2^-22: 2 ulp of the Add's result; the Add departs (AC3 allows 0.5), the Exp in isolated mode does not.
  const Localisation loc = run(perturbed_values("1.0000002384185791015625"), LocaliseMode::isolated);
  REQUIRE(loc.first_departing);
  CHECK(*loc.first_departing == 0);
  REQUIRE(loc.nodes[0].bound_units);
  CHECK(*loc.nodes[0].bound_units > 2);  // 2 to 4 ulp, depending on where in its binade each element lies
  CHECK(*loc.nodes[0].bound_units < 10);
  CHECK(loc.nodes[1].verdict == NodeVerdict::in_bound);
}

TEST_CASE("[XC10] a value the runtime does not give makes its operation not comparable") {
  const Model m = load_model_text(model_text());
  auto runtime = every_value(m, feeds(), table(), kDefaultTensorBytes);
  runtime.erase("R");
  const Localisation loc = run(runtime, LocaliseMode::isolated);
  CHECK(loc.missing == std::vector<std::string>{"R"});
  CHECK(loc.nodes[2].verdict == NodeVerdict::not_comparable);
  CHECK(loc.nodes[2].detail.find("'R'") != std::string::npos);
  // The MatMul reads onnxsem's R in its place and is judged as usual.
  CHECK(loc.nodes[3].verdict == NodeVerdict::in_bound);
  CHECK_FALSE(loc.first_departing);
  CHECK_FALSE(departs(NodeVerdict::not_comparable));
  CHECK(departs(NodeVerdict::out_of_tolerance));
  CHECK(std::string(node_verdict_name(NodeVerdict::out_of_bound)) == "out-of-bound");
}

TEST_CASE("[XC11] a shape that differs departs; an operation alone is a model of its own") {
  const Model m = load_model_text(model_text());
  auto runtime = every_value(m, feeds(), table(), kDefaultTensorBytes);
  runtime["E"] = Value(Tensor::from_vector<float>(test_context(), {6}, std::vector<float>(6, 1.0f)));
  const Localisation loc = run(runtime, LocaliseMode::cumulative);
  REQUIRE(loc.first_departing);
  CHECK(*loc.first_departing == 1);
  CHECK(loc.nodes[1].detail.find("tensor(float)") != std::string::npos);

  const auto spec = every_value(m, feeds(), table(), kDefaultTensorBytes);
  const auto nm = node_model(m, 3, node_inputs(m, 3, spec, runtime, LocaliseMode::isolated));
  REQUIRE(nm);
  CHECK(nm->model.graph.nodes.size() == 1);
  CHECK(nm->model.graph.inputs.size() == 2);
  CHECK(nm->inputs.count("R") == 1);
  CHECK(nm->inputs.count("W") == 1);
  REQUIRE(nm->model.graph.outputs.size() == 1);
  CHECK(nm->model.graph.outputs[0].name == "Y");
  // Written and read back, it is a model onnxsem accepts.
  const Model back = load_model_bytes(model_to_bytes(nm->model), "node model");
  CHECK(back.graph.nodes.front().op_type == "MatMul");
}

TEST_CASE("[AC6] [AC7] BatchNormalization is judged by its bound in inference mode, by K1 in training mode") {
  const EvalContext& cx = test_context();
  auto text = [](const std::string& attrs) {
    return R"(<ir_version: 8, opset_import: ["" : 15]>
g (float[1,2,2] X) => (float[1,2,2] Y) {
  s = Constant<value = float[2] {3.0, 0.5}>()
  b = Constant<value = float[2] {-1.0, 0.25}>()
  m = Constant<value = float[2] {0.5, -2.0}>()
  v = Constant<value = float[2] {3.99, 1.0}>()
  Y = BatchNormalization)" +
           attrs + R"((X, s, b, m, v)
})";
  };
  const std::map<std::string, Value> in{
      {"X", Value(Tensor::from_vector<float>(cx, {1, 2, 2}, {2.0f, -0.3f, 1.7f, 0.01f}))}};
  auto judge = [&](const std::string& attrs, int ulps) {
    return judge_moved(load_model_text(text(attrs)), in, 0, ulps);
  };
  // Y[0] = (2 - 0.5) / sqrt(3.99 + 1e-5) * 3 - 1, about 1.25, where a float32 ulp is 2^-23: the bound,
  // 11 * 2^-24 * (|2 a| + |0.5 a| + 1), a about 1.5, is about 26 ulp.
  const NodeJudgement exact = judge("<epsilon = 0.00001>", 0), close = judge("", 20), distant = judge("", -40);
  CHECK(exact.clause == "AC6");
  CHECK(exact.verdict == NodeVerdict::in_bound);
  CHECK(close.verdict == NodeVerdict::in_bound);
  REQUIRE(close.bound_units);
  CHECK(*close.bound_units < 1);
  CHECK(distant.verdict == NodeVerdict::out_of_bound);
  REQUIRE(distant.bound_units);
  CHECK(*distant.bound_units > 1);
  CHECK(*distant.bound_units < 2);
  // Training mode computes its statistics (AC7): no bound, K1's tolerance judges; 40 ulp are within it.
  const NodeJudgement training = judge("<training_mode = 1>", -40);
  CHECK(training.clause == "AC7");
  CHECK(training.verdict == NodeVerdict::in_tolerance);
  CHECK_FALSE(training.bound_units);
}

TEST_CASE("[AC6] LpNormalization and RMSNormalization are judged by their bounds") {
  const EvalContext& cx = test_context();
  const std::map<std::string, Value> in{
      {"X", Value(Tensor::from_vector<float>(cx, {2, 4}, {0.3f, -1.2f, 2.5f, 0.7f, 1.0f, 1.0f, -1.0f, 0.25f}))},
      {"S", Value(Tensor::from_vector<float>(cx, {4}, {1.0f, 0.5f, -2.0f, 1.5f}))}};
  for (const std::string node : {"Y = LpNormalization<axis = 1, p = 2>(X)", "Y = LpNormalization<p = 1>(X)",
                                 "Y = RMSNormalization<axis = 1>(X, S)"}) {
    CAPTURE(node);
    const Model m = load_model_text(R"(<ir_version: 10, opset_import: ["" : 23]>
g (float[2,4] X, float[4] S) => (float[2,4] Y) {
  )" + node + "\n}");
    auto verdict = [&](int ulps) { return judge_moved(m, in, 2, ulps); };  // the third element moved
    const NodeJudgement same = verdict(0), off = verdict(400);
    CHECK(same.clause == "AC6");
    CHECK(same.verdict == NodeVerdict::in_bound);
    CHECK(verdict(3).verdict == NodeVerdict::in_bound);  // a few ulp: within the roundings the clause allows
    CHECK(off.verdict == NodeVerdict::out_of_bound);
  }
}

TEST_CASE("[AC6] [AC2] [AC3] the elementwise compositions, ThresholdedRelu and Shrink are judged by their bounds") {
  const EvalContext& cx = test_context();
  const std::map<std::string, Value> in{{"X", Value(Tensor::from_vector<float>(cx, {4}, {-1.5f, -0.3f, 0.7f, 2.0f}))}};
  const std::vector<std::pair<std::string, std::string>> cases{
      {"Softsign", "AC6"},  {"HardSigmoid", "AC6"},
      {"HardSwish", "AC6"}, {"Elu", "AC6"},
      {"Celu", "AC6"},      {"Selu", "AC6"},
      {"Softplus", "AC6"},  {"Mish", "AC6"},
      {"Gelu", "AC6"},      {"Gelu<approximate = \"tanh\">", "AC6"},
      {"Shrink", "AC3"},    {"ThresholdedRelu", "AC2"}};
  for (const auto& c : cases) {  // not a structured binding: clang 14 cannot capture one (CAPTURE does)
    const std::string& op = c.first;
    const std::string& clause = c.second;
    CAPTURE(op);
    const Model m = load_model_text(R"(<ir_version: 10, opset_import: ["" : 22]>
g (float[4] X) => (float[4] Y) {
  Y = )" + op + "(X)\n}");
    auto verdict = [&](int ulps) { return judge_moved(m, in, 0, ulps); };  // the first element (x = -1.5) moved
    const NodeJudgement same = verdict(0);
    CHECK(same.clause == clause);
    CHECK(same.verdict == NodeVerdict::in_bound);
    CHECK(verdict(1000).verdict == NodeVerdict::out_of_bound);
    // One ulp: within every AC6 bound here; AC2 allows none (ThresholdedRelu's 0 below its threshold), AC3 half
    // of one (Shrink's -1.5 + 0 is exact).
    CHECK(verdict(1).verdict == (clause == "AC6" ? NodeVerdict::in_bound : NodeVerdict::out_of_bound));
  }
}

// Tests of the rnn family (spec/ops-rnn.md). Expected values are the cell equations evaluated by hand on
// one-unit layers (or with std::tanh / std::exp for the transcendental parts).
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ops/registry.hpp"
#include "values/testing.hpp"
#include "values/value.hpp"

using namespace onnxsem;

namespace {

Attribute attr_i(const std::string& name, int64_t v) {
  Attribute a;
  a.name = name;
  a.type = AttrType::i;
  a.i = v;
  return a;
}
Attribute attr_f(const std::string& name, float v) {
  Attribute a;
  a.name = name;
  a.type = AttrType::f;
  a.f = v;
  return a;
}
Attribute attr_s(const std::string& name, const std::string& v) {
  Attribute a;
  a.name = name;
  a.type = AttrType::s;
  a.s = v;
  return a;
}
Attribute attr_ss(const std::string& name, std::vector<std::string> v) {
  Attribute a;
  a.name = name;
  a.type = AttrType::strings;
  a.strings = std::move(v);
  return a;
}
Attribute attr_fs(const std::string& name, std::vector<float> v) {
  Attribute a;
  a.name = name;
  a.type = AttrType::floats;
  a.floats = std::move(v);
  return a;
}

Node make_node(const std::string& op, std::vector<Attribute> attrs = {}) {
  Node n;
  n.op_type = op;
  n.name = "n";
  n.attributes = std::move(attrs);
  return n;
}

std::vector<std::optional<Value>> run(const Node& n, int64_t version, std::vector<std::optional<Value>> inputs,
                                      size_t outputs) {
  ops::Registry r;
  ops::add_rnn(r);
  const Kernel* k = r.kernel("", n.op_type, version);
  REQUIRE(k != nullptr);
  KernelArgs a{n, std::move(inputs), std::vector<bool>(outputs, true)};
  a.eval_context = &test_context();
  return (*k)(a);
}

Tensor tf(Shape s, std::vector<float> v) { return Tensor::from_vector<float>(test_context(), std::move(s), v); }
Tensor td(Shape s, std::vector<double> v) { return Tensor::from_vector<double>(test_context(), std::move(s), v); }
Tensor ti(Shape s, std::vector<int32_t> v) { return Tensor::from_vector<int32_t>(test_context(), std::move(s), v); }

template <class T = float>
std::vector<T> vals(const std::optional<Value>& v) {
  REQUIRE(v.has_value());
  auto d = v->tensor().data<T>();
  return {d.begin(), d.end()};
}
Shape shape_of(const std::optional<Value>& v) {
  REQUIRE(v.has_value());
  return v->tensor().shape();
}

std::string clause_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Failure& e) {
    return e.error().clause;
  }
  return "";
}

template <class T>
void check_close(const std::vector<T>& got, const std::vector<double>& want, double tol = 1e-6) {
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    INFO("element " << i << ": got " << got[i] << ", want " << want[i]);
    CHECK(std::fabs(static_cast<double>(got[i]) - want[i]) <= tol * std::max(1.0, std::fabs(want[i])));
  }
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

}  // namespace

TEST_CASE("the rnn family registers only operators ONNX defines") {
  onnxsem::ops::Registry r;
  onnxsem::ops::add_rnn(r);
  for (const auto& [domain, op, since] : r.implemented()) {
    const auto v = onnxsem::ops::onnx_defined_versions(domain, op);
    CHECK(std::find(v.begin(), v.end(), since) != v.end());
  }
  for (int64_t v : {1, 7, 14, 22}) CHECK(r.kernel("", "RNN", v) != nullptr);
  for (int64_t v : {1, 3, 7, 14, 22}) CHECK(r.kernel("", "GRU", v) != nullptr);
  for (int64_t v : {1, 7, 14, 22}) CHECK(r.kernel("", "LSTM", v) != nullptr);
}

TEST_CASE("[RN9] [RN8] RNN forward and reverse over two steps") {
  // I = H = 1, W = 0.5, R = 0.25, B = (Wb 0.1, Rb 0.2), X = [1, 2].
  const auto X = tf({2, 1, 1}, {1, 2});
  const auto W = tf({1, 1, 1}, {0.5f});
  const auto R = tf({1, 1, 1}, {0.25f});
  const auto B = tf({1, 2}, {0.1f, 0.2f});
  const double wb = static_cast<double>(0.1f) + static_cast<double>(0.2f);
  auto out = run(make_node("RNN", {attr_i("hidden_size", 1)}), 14, {X, W, R, B}, 2);
  const double h0 = std::tanh(0.5 + wb);
  const double h1 = std::tanh(1.0 + 0.25 * h0 + wb);
  CHECK(shape_of(out[0]) == Shape{2, 1, 1, 1});
  CHECK(shape_of(out[1]) == Shape{1, 1, 1});
  check_close(vals(out[0]), {h0, h1});
  check_close(vals(out[1]), {h1});

  out = run(make_node("RNN", {attr_s("direction", "reverse")}), 7, {X, W, R, B}, 2);
  const double r1 = std::tanh(1.0 + wb);              // t = 1 first
  const double r0 = std::tanh(0.5 + 0.25 * r1 + wb);  // then t = 0
  check_close(vals(out[0]), {r0, r1});
  check_close(vals(out[1]), {r0});
}

TEST_CASE("[RN8] [RN1] bidirectional RNN writes both directions; layout 1 moves batch first") {
  const auto X = tf({2, 1, 1}, {1, 2});
  const auto W = tf({2, 1, 1}, {1, 2});
  const auto R = tf({2, 1, 1}, {0.5f, 0.5f});
  auto out = run(make_node("RNN", {attr_s("direction", "bidirectional")}), 14, {X, W, R}, 2);
  const double f0 = std::tanh(1.0), f1 = std::tanh(2.0 + 0.5 * f0);
  const double b1 = std::tanh(4.0), b0 = std::tanh(2.0 + 0.5 * b1);
  CHECK(shape_of(out[0]) == Shape{2, 2, 1, 1});
  check_close(vals(out[0]), {f0, b0, f1, b1});
  check_close(vals(out[1]), {f1, b0});

  // Layout 1: X is [B, S, I] = [1, 2, 1], Y is [B, S, D, H], Y_h is [B, D, H].
  out = run(make_node("RNN", {attr_s("direction", "bidirectional"), attr_i("layout", 1)}), 14,
            {X.reshaped({1, 2, 1}), W, R}, 2);
  CHECK(shape_of(out[0]) == Shape{1, 2, 2, 1});
  CHECK(shape_of(out[1]) == Shape{1, 2, 1});
  check_close(vals(out[0]), {f0, b0, f1, b1});

  CHECK(clause_of([&] { run(make_node("RNN", {attr_s("direction", "sideways")}), 14, {X, W, R}, 1); }) == "RN1");
  CHECK(clause_of([&] { run(make_node("RNN", {attr_i("layout", 2)}), 14, {X, W, R}, 1); }) == "RN1");
}

TEST_CASE("[RN4] [RN8] [RN12] sequence_lens: padding steps are zero, final state from the last real step") {
  // B = 2, S = 2: entry 0 has one step, entry 1 two steps, in both directions.
  const auto X = tf({2, 2, 1}, {1, 3, 2, 4});  // X[t][b]
  const auto W = tf({2, 1, 1}, {1, 1});
  const auto R = tf({2, 1, 1}, {1, 1});
  const auto h0 = tf({2, 2, 1}, {0.5f, 0, 0.25f, 0});
  auto out = run(make_node("RNN", {attr_s("direction", "bidirectional")}), 14,
                 {X, W, R, std::nullopt, Value(ti({2}, {1, 2})), h0}, 2);
  const double e0 = std::tanh(1.0 + 0.5);  // forward, entry 0, t = 0
  const double e1a = std::tanh(3.0), e1b = std::tanh(4.0 + e1a);
  const double r0 = std::tanh(1.0 + 0.25);  // reverse, entry 0: only t = 0
  const double r1b = std::tanh(4.0), r1a = std::tanh(3.0 + r1b);
  // Y[t][d][b]
  check_close(vals(out[0]), {e0, e1a, r0, r1a, 0, e1b, 0, r1b});
  check_close(vals(out[1]), {e0, e1b, r0, r1a});

  // A length of zero keeps the initial state and writes no step.
  CHECK(
      clause_of([&] {
        run(make_node("RNN"), 14, {X, tf({1, 1, 1}, {1}), tf({1, 1, 1}, {1}), std::nullopt, Value(ti({2}, {0, 3}))}, 2);
      }) == "RN4");
  auto z = run(make_node("RNN"), 14,
               {X, tf({1, 1, 1}, {1}), tf({1, 1, 1}, {1}), std::nullopt, Value(ti({2}, {0, 2})),
                tf({1, 2, 1}, {0.75f, 0})},
               2);
  CHECK(vals(z[0])[0] == 0.0f);
  CHECK(vals(z[1])[0] == 0.75f);
  CHECK(clause_of([&] {
          run(make_node("RNN"), 14,
              {X, tf({1, 1, 1}, {1}), tf({1, 1, 1}, {1}), std::nullopt, Value(ti({3}, {1, 1, 1}))}, 2);
        }) == "RN4");
}

TEST_CASE("[RN2] [RN3] shapes and hidden_size are checked") {
  const auto X = tf({1, 1, 2}, {1, 2});
  const auto W = tf({1, 1, 2}, {1, 1});
  const auto R = tf({1, 1, 1}, {1});
  CHECK(clause_of([&] { run(make_node("RNN"), 14, {X, tf({1, 1, 3}, {1, 1, 1}), R}, 1); }) == "RN2");
  CHECK(clause_of([&] { run(make_node("RNN"), 14, {X, W, R, tf({1, 1}, {0})}, 1); }) == "RN2");
  CHECK(clause_of([&] { run(make_node("RNN"), 14, {tf({2}, {1, 2}), W, R}, 1); }) == "RN2");
  CHECK(clause_of([&] { run(make_node("RNN"), 14, {X, td({1, 1, 2}, {1, 1}), R}, 1); }) == "RN2");
  CHECK(clause_of([&] {
          run(make_node("RNN"), 14, {X, W, R, std::nullopt, std::nullopt, tf({1, 2, 1}, {0, 0})}, 1);
        }) == "RN2");
  CHECK(clause_of([&] { run(make_node("RNN", {attr_i("hidden_size", 2)}), 14, {X, W, R}, 1); }) == "RN3");
  auto out = run(make_node("RNN", {attr_i("hidden_size", 1)}), 14, {X, W, R}, 1);
  check_close(vals(out[0]), {std::tanh(3.0)});
  // An empty sequence gives an empty Y and the initial state.
  out = run(make_node("RNN"), 14, {tf({0, 1, 2}, {}), W, R}, 2);
  CHECK(shape_of(out[0]) == Shape{0, 1, 1, 1});
  check_close(vals(out[1]), {0.0});
}

TEST_CASE("[RN5] [RN6] activation lists and their alpha/beta parameters") {
  const auto X = tf({1, 1, 1}, {-2});
  const auto W = tf({1, 1, 1}, {1});
  const auto R = tf({1, 1, 1}, {0});
  auto one = [&](std::vector<Attribute> attrs) { return vals(run(make_node("RNN", attrs), 14, {X, W, R}, 1)[0])[0]; };
  CHECK(one({attr_ss("activations", {"Relu"})}) == 0.0f);
  CHECK(one({attr_ss("activations", {"LeakyRelu"})}) == doctest::Approx(-0.02));
  CHECK(one({attr_ss("activations", {"leakyrelu"}), attr_fs("activation_alpha", {0.5f})}) == doctest::Approx(-1.0));
  CHECK(one({attr_ss("activations", {"Affine"}), attr_fs("activation_alpha", {3}), attr_fs("activation_beta", {1})}) ==
        doctest::Approx(-5.0));
  CHECK(one({attr_ss("activations", {"Affine"})}) == doctest::Approx(-2.0));
  CHECK(one({attr_ss("activations", {"ThresholdedRelu"})}) == 0.0f);
  CHECK(one({attr_ss("activations", {"ThresholdedRelu"}), attr_fs("activation_alpha", {-2})}) == -2.0f);  // x >= alpha
  CHECK(one({attr_ss("activations", {"ScaledTanh"}), attr_fs("activation_alpha", {2}),
             attr_fs("activation_beta", {0.5f})}) == doctest::Approx(2 * std::tanh(-1.0)));
  CHECK(one({attr_ss("activations", {"HardSigmoid"})}) == doctest::Approx(0.1));  // 0.2 * -2 + 0.5
  CHECK(one({attr_ss("activations", {"Elu"})}) == doctest::Approx(std::exp(-2.0) - 1.0));
  CHECK(one({attr_ss("activations", {"Softsign"})}) == doctest::Approx(-2.0 / 3.0));
  CHECK(one({attr_ss("activations", {"Softplus"})}) == doctest::Approx(std::log(1.0 + std::exp(-2.0))));
  CHECK(one({attr_ss("activations", {"Sigmoid"})}) == doctest::Approx(sigmoid(-2.0)));
  CHECK(clause_of([&] { one({attr_ss("activations", {"Swish"})}); }) == "RN5");
  CHECK(clause_of([&] { one({attr_ss("activations", {"Tanh", "Tanh"})}); }) == "RN5");

  // Bidirectional with two lists; alphas are consumed in order: LeakyRelu takes 0.5, Elu takes 0.25.
  const auto W2 = tf({2, 1, 1}, {1, 1});
  const auto R2 = tf({2, 1, 1}, {0, 0});
  auto out = run(make_node("RNN", {attr_s("direction", "bidirectional"), attr_ss("activations", {"LeakyRelu", "Elu"}),
                                   attr_fs("activation_alpha", {0.5f, 0.25f})}),
                 14, {X, W2, R2}, 2);
  check_close(vals(out[1]), {-1.0, 0.25 * (std::exp(-2.0) - 1.0)});
  // A single list for a bidirectional layer serves both directions.
  out = run(make_node("RNN", {attr_s("direction", "bidirectional"), attr_ss("activations", {"Relu"})}), 14, {X, W2, R2},
            2);
  check_close(vals(out[1]), {0.0, 0.0});
}

TEST_CASE("[RN7] clip clamps every activation argument and must be positive") {
  const auto X = tf({1, 1, 1}, {2});
  const auto W = tf({1, 1, 1}, {1});
  const auto R = tf({1, 1, 1}, {0});
  auto out = run(make_node("RNN", {attr_ss("activations", {"Affine"}), attr_f("clip", 0.5f)}), 14, {X, W, R}, 1);
  check_close(vals(out[0]), {0.5});
  CHECK(clause_of([&] { run(make_node("RNN", {attr_f("clip", -1)}), 14, {X, W, R}, 1); }) == "RN7");
  CHECK(clause_of([&] { run(make_node("RNN", {attr_f("clip", 0)}), 14, {X, W, R}, 1); }) == "RN7");
}

TEST_CASE("[RN10] GRU cell with and without linear_before_reset") {
  // I = H = 1; W = (z 0.5, r -0.5, h 1), R = (z 0.25, r 0.5, h -1), B = Wb (0.1 0.2 0.3), Rb (0.4 0.5 0.6).
  const auto X = td({2, 1, 1}, {1, -1});
  const auto W = td({1, 3, 1}, {0.5, -0.5, 1});
  const auto R = td({1, 3, 1}, {0.25, 0.5, -1});
  const auto B = td({1, 6}, {0.1, 0.2, 0.3, 0.4, 0.5, 0.6});
  const auto H0 = td({1, 1, 1}, {0.3});
  auto step = [](double x, double h, bool lbr) {
    const double z = sigmoid(0.5 * x + 0.25 * h + 0.1 + 0.4);
    const double r = sigmoid(-0.5 * x + 0.5 * h + 0.2 + 0.5);
    const double c = lbr ? std::tanh(x + 0.3 + r * (-1 * h + 0.6)) : std::tanh(x + 0.3 + (-1 * (r * h)) + 0.6);
    return (1 - z) * c + z * h;
  };
  for (bool lbr : {false, true}) {
    auto out = run(make_node("GRU", {attr_i("linear_before_reset", lbr ? 1 : 0)}), 14, {X, W, R, B, std::nullopt, H0},
                   2);
    const double h1 = step(1, 0.3, lbr), h2 = step(-1, h1, lbr);
    check_close(vals<double>(out[0]), {h1, h2}, 1e-14);
    check_close(vals<double>(out[1]), {h2}, 1e-14);
  }
  // Version 1 has no linear_before_reset: the attribute is not read.
  auto out = run(make_node("GRU", {attr_i("linear_before_reset", 1)}), 1, {X, W, R, B, std::nullopt, H0}, 2);
  check_close(vals<double>(out[1]), {step(-1, step(1, 0.3, false), false)}, 1e-14);
}

TEST_CASE("[RN11] [RN12] LSTM cell with peepholes, initial cell state and input_forget") {
  // I = H = 1; gates i, o, f, c.
  const auto X = td({1, 1, 1}, {1});
  const auto W = td({1, 4, 1}, {0.5, -0.5, 0.25, 1});
  const auto R = td({1, 4, 1}, {0.1, 0.2, 0.3, 0.4});
  const auto B = td({1, 8}, {0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08});
  const auto H0 = td({1, 1, 1}, {0.5});
  const auto C0 = td({1, 1, 1}, {-0.5});
  const auto P = td({1, 3}, {0.3, 0.6, 0.9});  // Pi, Po, Pf
  for (bool coupled : {false, true}) {
    auto out = run(make_node("LSTM", {attr_i("input_forget", coupled ? 1 : 0)}), 22,
                   {X, W, R, B, std::nullopt, H0, C0, P}, 3);
    const double i = sigmoid(0.5 + 0.1 * 0.5 + 0.3 * -0.5 + 0.01 + 0.05);
    const double f = coupled ? 1 - i : sigmoid(0.25 + 0.3 * 0.5 + 0.9 * -0.5 + 0.03 + 0.07);
    const double c = std::tanh(1 + 0.4 * 0.5 + 0.04 + 0.08);
    const double C = f * -0.5 + i * c;
    const double o = sigmoid(-0.5 + 0.2 * 0.5 + 0.6 * C + 0.02 + 0.06);
    const double H = o * std::tanh(C);
    CHECK(out.size() == 3);
    check_close(vals<double>(out[0]), {H}, 1e-14);
    check_close(vals<double>(out[1]), {H}, 1e-14);
    check_close(vals<double>(out[2]), {C}, 1e-14);
  }
  CHECK(clause_of([&] {
          run(make_node("LSTM"), 14, {X, W, R, B, std::nullopt, H0, C0, td({1, 4}, {0, 0, 0, 0})}, 3);
        }) == "RN2");
}

TEST_CASE("[RN9] float16 layers compute in binary64 and round the outputs once") {
  auto h = [](uint16_t bits) { return Tensor::scalar<float16_t>(test_context(), float16_t{bits}).reshaped({1, 1, 1}); };
  // X = 1, W = 0.5, R = 0: Y = tanh(0.5) = 0.4621171..., nearest float16 0.462158203125 (bits 0x3765).
  auto out = run(make_node("RNN"), 22, {h(0x3C00), h(0x3800), h(0x0000)}, 2);
  REQUIRE(out[0]->tensor().dtype() == DType::float16);
  CHECK(out[0]->tensor().data<float16_t>()[0].bits == 0x3765);
  CHECK(out[1]->tensor().data<float16_t>()[0].bits == 0x3765);
}

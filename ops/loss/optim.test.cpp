// Adagrad, Momentum and Adam of ai.onnx.preview.training (spec/ops-loss.md, LOSS10-LOSS15).
#include "ops/loss/test_util.hpp"

using namespace losstest;

namespace {
const std::string kTraining = "ai.onnx.preview.training";
Node training(const std::string& op, std::vector<Attribute> attrs) {
  return make_node(op, std::move(attrs), kTraining);
}
Value R(float r) { return Value(Tensor::scalar<float>(test_context(), r)); }
Value T(int64_t t) { return Value(Tensor::scalar<int64_t>(test_context(), t)); }
Value F(Shape s, std::vector<float> v) { return Value(tf(std::move(s), std::move(v))); }
Node momentum(const std::string& mode, float norm = 0) {
  return training("Momentum", {attr_f("alpha", 0.5f), attr_f("beta", 0.25f), attr_f("norm_coefficient", norm),
                               attr_s("mode", mode)});
}
}  // namespace

TEST_CASE("[LOSS13] Adagrad: decayed rate, regularized gradient, accumulated square") {
  // r = 1 / (1 + 2 * 0.5) = 0.5; g = 0.5 * 2 + 1 = 2; H_new = 0 + 4; X_new = 2 - 0.5 * 2 / (2 + 0)
  auto node = training("Adagrad",
                       {attr_f("decay_factor", 0.5f), attr_f("norm_coefficient", 0.5f), attr_f("epsilon", 0)});
  auto y = run(node, 1, {R(1), T(2), F({1}, {2}), F({1}, {1}), F({1}, {0})}, 2);
  CHECK(vals(y[0]) == std::vector<float>{1.5f});
  CHECK(vals(y[1]) == std::vector<float>{4});
  // defaults: epsilon 1e-6, no decay, no regularization: g = 1, H_new = 1, X_new = 2 - 1 / (1 + 1e-6)
  y = run(training("Adagrad", {}), 1, {R(1), T(5), F({1}, {2}), F({1}, {1}), F({1}, {0})}, 2);
  check_close(vals(y[0]), {2 - 1 / (1 + double(1e-6f))});
  CHECK(vals(y[1]) == std::vector<float>{1});
}

TEST_CASE("[LOSS10] [LOSS13] Adagrad over several tensors: outputs are all X_new, then all H_new") {
  auto node = training("Adagrad", {attr_f("epsilon", 0)});
  auto y = run(node, 1,
               {R(1), T(0), F({1}, {2}), F({2}, {1, 3}), F({1}, {1}), F({2}, {0, 1}), F({1}, {0}), F({2}, {1, 0})}, 4);
  REQUIRE(y.size() == 4);
  CHECK(vals(y[0]) == std::vector<float>{1});
  CHECK(vals(y[1]) == std::vector<float>{1, 2});
  CHECK(vals(y[2]) == std::vector<float>{1});
  CHECK(vals(y[3]) == std::vector<float>{1, 1});
  // fewer outputs than 2n: only those positions are produced
  y = run(node, 1, {R(1), T(0), F({1}, {2}), F({2}, {1, 3}), F({1}, {1}), F({2}, {0, 1}), F({1}, {0}), F({2}, {1, 0})},
          1);
  REQUIRE(y.size() == 1);
  CHECK(vals(y[0]) == std::vector<float>{1});
  // empty tensors stay empty
  y = run(node, 1, {R(1), T(0), F({0}, {}), F({0}, {}), F({0}, {})}, 2);
  CHECK(shape_of(y[0]) == Shape{0});
  CHECK(shape_of(y[1]) == Shape{0});
}

TEST_CASE("[LOSS14] Momentum: standard and Nesterov updates") {
  const std::vector<std::optional<Value>> in1 = {R(0.5f), T(1), F({1}, {1}), F({1}, {2}), F({1}, {4})};
  // T > 0: V_new = 0.5 * 4 + 0.25 * 2 = 2.5; X_new = 1 - 0.5 * 2.5
  auto y = run(momentum("standard"), 1, in1, 2);
  CHECK(vals(y[0]) == std::vector<float>{-0.25f});
  CHECK(vals(y[1]) == std::vector<float>{2.5f});
  // T = 0: beta is replaced by 1: V_new = 2 + 2 = 4; X_new = 1 - 0.5 * 4
  y = run(momentum("standard"), 1, {R(0.5f), T(0), F({1}, {1}), F({1}, {2}), F({1}, {4})}, 2);
  CHECK(vals(y[0]) == std::vector<float>{-1});
  CHECK(vals(y[1]) == std::vector<float>{4});
  // Nesterov: X_new = 1 - 0.5 * (2 + 0.5 * 2.5)
  y = run(momentum("nesterov"), 1, in1, 2);
  CHECK(vals(y[0]) == std::vector<float>{-0.625f});
  CHECK(vals(y[1]) == std::vector<float>{2.5f});
  // regularization: g = 0.5 * 1 + 2 = 2.5; V_new = 2 + 0.25 * 2.5 = 2.625; X_new = 1 - 0.5 * 2.625
  y = run(momentum("standard", 0.5f), 1, in1, 2);
  CHECK(vals(y[0]) == std::vector<float>{-0.3125f});
  CHECK(vals(y[1]) == std::vector<float>{2.625f});
  CHECK(clause_of([&] { run(momentum("heavy"), 1, in1, 2); }) == "LOSS14");
  CHECK(clause_of([&] {
          run(training("Momentum", {attr_f("beta", 1), attr_f("norm_coefficient", 0), attr_s("mode", "standard")}), 1,
              in1, 2);
        }) == "A1");
  CHECK(clause_of([&] {
          run(training("Momentum", {attr_f("alpha", 1), attr_f("beta", 1), attr_f("norm_coefficient", 0)}), 1, in1, 2);
        }) == "A1");
}

TEST_CASE("[LOSS15] Adam: moving averages, bias-corrected rate, post-update scaling") {
  auto node = [](float post) {
    return training("Adam", {attr_f("alpha", 0.5f), attr_f("beta", 0.75f), attr_f("epsilon", 0),
                             attr_f("norm_coefficient_post", post)});
  };
  // V_new = 0.5 * 2 = 1; H_new = 0.25 * 4 = 1; T = 0: rate R = 1; X_new = 3 - 1 / 1
  auto y = run(node(0), 1, {R(1), T(0), F({1}, {3}), F({1}, {2}), F({1}, {0}), F({1}, {0})}, 3);
  CHECK(vals(y[0]) == std::vector<float>{2});
  CHECK(vals(y[1]) == std::vector<float>{1});
  CHECK(vals(y[2]) == std::vector<float>{1});
  y = run(node(0.5f), 1, {R(1), T(0), F({1}, {3}), F({1}, {2}), F({1}, {0}), F({1}, {0})}, 3);
  CHECK(vals(y[0]) == std::vector<float>{1});
  // T = 2: rate = sqrt(1 - 0.75^2) / (1 - 0.5^2)
  y = run(node(0), 1, {R(1), T(2), F({1}, {3}), F({1}, {2}), F({1}, {0}), F({1}, {0})}, 3);
  check_close(vals(y[0]), {3 - std::sqrt(1 - 0.5625) / 0.75});
  // defaults (alpha 0.9, beta 0.999, epsilon 1e-6) on double tensors with a double rate, two tensors
  const double a = double(0.9f), b = double(0.999f), e = double(1e-6f);
  y = run(training("Adam", {}), 1,
          {Value(Tensor::scalar<double>(test_context(), 0.5)), T(0), Value(td({1}, {1})), Value(td({}, {4})),
           Value(td({1}, {2})), Value(td({}, {0})), Value(td({1}, {1})), Value(td({}, {3})), Value(td({1}, {0})),
           Value(td({}, {1}))},
          6);
  const double v1 = a * 1 + (1 - a) * 2, h1 = b * 0 + (1 - b) * 4;
  const double v2 = a * 3 + 0, h2 = b * 1 + 0;
  check_close(vals<double>(y[0]), {1 - 0.5 * v1 / (std::sqrt(h1) + e)}, 1e-15);
  check_close(vals<double>(y[1]), {4 - 0.5 * v2 / (std::sqrt(h2) + e)}, 1e-15);
  check_close(vals<double>(y[2]), {v1}, 1e-15);
  check_close(vals<double>(y[3]), {v2}, 1e-15);
  check_close(vals<double>(y[4]), {h1}, 1e-15);
  check_close(vals<double>(y[5]), {h2}, 1e-15);
  CHECK(shape_of(y[1]) == Shape{});
}

TEST_CASE("[LOSS10] [LOSS11] [LOSS12] optimizer operands are checked") {
  auto adam = training("Adam", {});
  auto adagrad = training("Adagrad", {});
  // Adam needs groups of four, Adagrad of three, and at least one tensor
  CHECK(clause_of([&] { run(adam, 1, {R(1), T(0), F({1}, {1}), F({1}, {1}), F({1}, {1})}, 3); }) == "LOSS10");
  CHECK(clause_of([&] { run(adagrad, 1, {R(1), T(0)}, 0); }) == "LOSS10");
  // more outputs than 2n
  CHECK(clause_of([&] { run(adagrad, 1, {R(1), T(0), F({1}, {1}), F({1}, {1}), F({1}, {1})}, 3); }) == "LOSS10");
  // R and T
  CHECK(clause_of([&] { run(adagrad, 1, {T(1), T(0), F({1}, {1}), F({1}, {1}), F({1}, {1})}, 2); }) == "LOSS11");
  CHECK(clause_of([&] {
          run(adagrad, 1, {F({2}, {1, 1}), T(0), F({1}, {1}), F({1}, {1}), F({1}, {1})}, 2);
        }) == "LOSS11");
  CHECK(clause_of([&] { run(adagrad, 1, {R(1), R(0), F({1}, {1}), F({1}, {1}), F({1}, {1})}, 2); }) == "LOSS11");
  CHECK(clause_of([&] {
          run(adagrad, 1, {R(1), Value(ti64({2}, {0, 1})), F({1}, {1}), F({1}, {1}), F({1}, {1})}, 2);
        }) == "LOSS11");
  // a gradient of another shape or element type than its tensor
  CHECK(clause_of([&] { run(adagrad, 1, {R(1), T(0), F({2}, {1, 1}), F({1}, {1}), F({2}, {1, 1})}, 2); }) == "LOSS12");
  CHECK(clause_of([&] {
          run(adagrad, 1, {R(1), T(0), F({1}, {1}), Value(td({1}, {1})), F({1}, {1})}, 2);
        }) == "LOSS12");
}

// Dropout, LRN and the random operators (spec/ops-nn.md, NN40-NN44).
#include "ops/nn/test_util.hpp"

using namespace nntest;

TEST_CASE("[NN41] Dropout in inference is the identity with a mask that keeps everything") {
  Tensor x = tf({2, 2}, {1, 2, 3, 4});
  auto y = run(make_node("Dropout"), 13, {Value(x)}, 2);
  CHECK(vals(y[0]) == std::vector<float>{1, 2, 3, 4});
  CHECK(vals<bool>(y[1]) == std::vector<bool>{true, true, true, true});
  y = run(make_node("Dropout", {attr_f("ratio", 0.3f)}), 10, {Value(x)}, 2);
  CHECK(vals<bool>(y[1]) == std::vector<bool>{true, true, true, true});
  // before version 10 the mask has X's type
  y = run(make_node("Dropout"), 7, {Value(x)}, 2);
  CHECK(vals(y[1]) == std::vector<float>{1, 1, 1, 1});
  y = run(make_node("Dropout", {attr_i("is_test", 1)}), 6, {Value(x)});
  CHECK(vals(y[0]) == std::vector<float>{1, 2, 3, 4});
  // explicit ratio and training_mode = false
  y = run(make_node("Dropout"), 12, {Value(x), Value(tf({}, {0.5f})), Value(Tensor::scalar<bool>(false))}, 2);
  CHECK(vals(y[0]) == std::vector<float>{1, 2, 3, 4});
}

TEST_CASE("[NN40] Dropout training form: ratio 0 keeps everything, a positive ratio is random") {
  Tensor x = tf({3}, {1, 2, 3});
  auto y = run(make_node("Dropout"), 22, {Value(x), Value(tf({}, {0})), Value(Tensor::scalar<bool>(true))}, 2);
  CHECK(vals(y[0]) == std::vector<float>{1, 2, 3});
  CHECK(vals<bool>(y[1]) == std::vector<bool>{true, true, true});
  CHECK(kind_of([&] { run(make_node("Dropout"), 13, {Value(x), std::nullopt, Value(Tensor::scalar<bool>(true))}); }) ==
        ErrorKind::unsupported);
  CHECK(clause_of([&] { run(make_node("Dropout"), 13, {Value(x), Value(tf({}, {1.5f})), Value(Tensor::scalar<bool>(true))}); }) ==
        "NN40");
  CHECK(kind_of([&] { run(make_node("Dropout"), 6, {Value(x)}); }) == ErrorKind::unsupported);
  y = run(make_node("Dropout", {attr_f("ratio", 0)}), 1, {Value(x)});
  CHECK(vals(y[0]) == std::vector<float>{1, 2, 3});
}

TEST_CASE("[NN42] [NN43] LRN normalises across neighbouring channels") {
  Tensor x = tf({1, 3, 1}, {1, 2, 3});
  // size 3, alpha/size = 1, beta 1, bias 1: windows {0,1}, {0,1,2}, {1,2}
  auto y = run(make_node("LRN", {attr_i("size", 3), attr_f("alpha", 3), attr_f("beta", 1), attr_f("bias", 1)}), 13, {Value(x)});
  check_close(vals(y[0]), {1.0 / 6, 2.0 / 15, 3.0 / 14});
  // size 2: one channel before is floor(1/2) = 0, after ceil(1/2) = 1: windows {0,1}, {1,2}, {2}
  y = run(make_node("LRN", {attr_i("size", 2), attr_f("alpha", 2), attr_f("beta", 1), attr_f("bias", 1)}), 1, {Value(x)});
  check_close(vals(y[0]), {1.0 / 6, 2.0 / 14, 3.0 / 10});
  // defaults: alpha 1e-4, beta 0.75, bias 1
  y = run(make_node("LRN", {attr_i("size", 1)}), 13, {Value(tf({1, 1}, {2}))});
  check_close(vals(y[0]), {2 / std::pow(1 + double(1e-4f) * 4, 0.75)});
  CHECK(clause_of([&] { run(make_node("LRN"), 13, {Value(x)}); }) == "A1");
  CHECK(clause_of([&] { run(make_node("LRN", {attr_i("size", 0)}), 13, {Value(x)}); }) == "NN42");
  CHECK(clause_of([&] { run(make_node("LRN", {attr_i("size", 1)}), 13, {Value(tf({3}, {1, 2, 3}))}); }) == "NN42");
}

TEST_CASE("[NN44] the random operators are unsupported with their reason, after their operands are checked") {
  Tensor x = tf({2}, {0.25f, 0.75f});
  for (const char* op : {"RandomUniformLike", "RandomNormalLike", "Bernoulli"})
    for (int64_t v : {std::string(op) == "Bernoulli" ? int64_t{15} : int64_t{1}, int64_t{22}}) {
      CAPTURE(op);
      CHECK(kind_of([&] { run(make_node(op, {attr_f("seed", 1)}), v, {Value(x)}); }) == ErrorKind::unsupported);
      std::string why;
      try {
        run(make_node(op), v, {Value(x)});
      } catch (const Failure& f) {
        why = f.error().message;
      }
      CHECK(why.find("generator ONNX does not specify") != std::string::npos);
    }
  CHECK(kind_of([&] { run(make_node("Multinomial"), 7, {Value(tf({1, 2}, {0, 0}))}); }) == ErrorKind::unsupported);
  for (const char* op : {"RandomUniform", "RandomNormal"}) {
    CHECK(kind_of([&] { run(make_node(op, {onnxsem::ops::testing::attr_ints("shape", {2, 3})}), 22, {}); }) == ErrorKind::unsupported);
    // Without its shape attribute the operator is malformed: an evaluation error, not unsupported.
    CHECK(clause_of([&] { run(make_node(op), 1, {}); }) == "NN44");
  }
}

// Normalisation layers (spec/ops-nn.md, NN30-NN33).
#include "ops/nn/test_util.hpp"

using namespace nntest;

TEST_CASE("[NN30] BatchNormalization inference: per-channel affine normalisation") {
  Tensor x = tf({1, 2, 2}, {1, 2, 3, 4});
  std::vector<std::optional<Value>> in{Value(x), Value(tf({2}, {1, 2})), Value(tf({2}, {0, 1})), Value(tf({2}, {1, 3})),
                                       Value(tf({2}, {4, 1}))};
  for (int64_t v : {6, 7, 9, 14, 15}) {
    std::vector<Attribute> at{attr_f("epsilon", 0)};
    if (v == 6) at.push_back(attr_i("is_test", 1));
    auto y = run(make_node("BatchNormalization", at), v, in);
    CHECK(vals(y[0]) == std::vector<float>{0, 0.5, 1, 3});
  }
  // default epsilon 1e-5: (2 - 1) / sqrt(4 + 1e-5)
  auto y = run(make_node("BatchNormalization"), 9, in);
  CHECK(vals(y[0])[1] == static_cast<float>(1.0 / std::sqrt(4.0 + double(1e-5f))));
  // rank 1: a single channel
  y = run(make_node("BatchNormalization", {attr_f("epsilon", 0)}), 15,
          {Value(tf({2}, {5, 7})), Value(tf({1}, {2})), Value(tf({1}, {1})), Value(tf({1}, {5})), Value(tf({1}, {4}))});
  CHECK(vals(y[0]) == std::vector<float>{1, 3});
  // version 15: parameters of another float type than X
  y = run(make_node("BatchNormalization", {attr_f("epsilon", 0)}), 15,
          {Value(x), Value(td({2}, {1, 2})), Value(td({2}, {0, 1})), Value(td({2}, {1, 3})), Value(td({2}, {4, 1}))});
  CHECK(vals(y[0]) == std::vector<float>{0, 0.5, 1, 3});
  CHECK(clause_of([&] {
          run(make_node("BatchNormalization"), 9,
              {Value(x), Value(tf({3}, {1, 1, 1})), Value(tf({2}, {0, 1})), Value(tf({2}, {1, 3})),
               Value(tf({2}, {4, 1}))});
        }) == "NN30");
}

TEST_CASE("[NN30] BatchNormalization with spatial = 0: parameters per channel and position") {
  Tensor x = tf({2, 1, 2}, {1, 2, 3, 6});
  auto y = run(make_node("BatchNormalization", {attr_i("spatial", 0), attr_f("epsilon", 0)}), 7,
               {Value(x), Value(tf({1, 2}, {1, 1})), Value(tf({1, 2}, {0, 0})), Value(tf({1, 2}, {1, 2})),
                Value(tf({1, 2}, {1, 4}))});
  CHECK(vals(y[0]) == std::vector<float>{0, 0, 2, 2});
}

TEST_CASE("[NN31] BatchNormalization training form: batch statistics and running averages") {
  Tensor x = tf({2, 1, 1}, {1, 3});
  std::vector<std::optional<Value>> in{Value(x), Value(tf({1}, {1})), Value(tf({1}, {0})), Value(tf({1}, {0})),
                                       Value(tf({1}, {1}))};
  auto y = run(make_node("BatchNormalization", {attr_i("training_mode", 1), attr_f("epsilon", 0)}), 15, in, 3);
  CHECK(vals(y[0]) == std::vector<float>{-1, 1});
  check_close(vals(y[1]), {0.2});  // 0 * 0.9 + 2 * 0.1
  check_close(vals(y[2]), {1.0});  // 1 * 0.9 + 1 * 0.1
  y = run(make_node("BatchNormalization", {attr_i("training_mode", 1), attr_f("epsilon", 0), attr_f("momentum", 0.5f)}),
          14, in, 3);
  CHECK(vals(y[1]) == std::vector<float>{1});
  CHECK(clause_of([&] { run(make_node("BatchNormalization"), 15, in, 3); }) == "NN31");
  CHECK(kind_of([&] { run(make_node("BatchNormalization"), 6, in); }) == ErrorKind::unsupported);
  CHECK(kind_of([&] { run(make_node("BatchNormalization"), 9, in, 5); }) == ErrorKind::unsupported);
}

TEST_CASE("[NN32] InstanceNormalization and GroupNormalization") {
  auto y = run(make_node("InstanceNormalization", {attr_f("epsilon", 0)}), 6,
               {Value(tf({1, 2, 2}, {1, 3, 4, 6})), Value(tf({2}, {2, 1})), Value(tf({2}, {1, 7}))});
  CHECK(vals(y[0]) == std::vector<float>{-1, 3, 6, 8});
  CHECK(clause_of([&] {
          run(make_node("InstanceNormalization"), 6,
              {Value(tf({1, 2}, {1, 3})), Value(tf({2}, {2, 1})), Value(tf({2}, {1, 7}))});
        }) == "NN32");
  CHECK(clause_of([&] {
          run(make_node("InstanceNormalization"), 22,
              {Value(tf({1, 2, 2}, {1, 3, 5, 5})), Value(tf({1}, {2})), Value(tf({2}, {1, 7}))});
        }) == "NN32");
  // one group over both channels: mean 2, variance 1
  Tensor x = tf({1, 2, 1}, {1, 3});
  y = run(make_node("GroupNormalization", {attr_i("num_groups", 1), attr_f("epsilon", 0)}), 21,
          {Value(x), Value(tf({2}, {1, 2})), Value(tf({2}, {0, 0}))});
  CHECK(vals(y[0]) == std::vector<float>{-1, 2});
  y = run(make_node("GroupNormalization", {attr_i("num_groups", 1), attr_f("epsilon", 0)}), 18,
          {Value(x), Value(tf({1}, {3})), Value(tf({1}, {1}))});
  CHECK(vals(y[0]) == std::vector<float>{-2, 4});
  CHECK(clause_of([&] {
          run(make_node("GroupNormalization", {attr_i("num_groups", 3)}), 21,
              {Value(x), Value(tf({2}, {1, 2})), Value(tf({2}, {0, 0}))});
        }) == "NN32");
}

TEST_CASE("[NN33] LayerNormalization over the trailing axes, with Mean and InvStdDev") {
  Tensor x = tf({2, 2}, {1, 3, 2, 4});
  auto y = run(make_node("LayerNormalization", {attr_f("epsilon", 0)}), 17,
               {Value(x), Value(tf({2}, {1, 2})), Value(tf({2}, {0.5, 0}))}, 3);
  CHECK(vals(y[0]) == std::vector<float>{-0.5, 2, -0.5, 2});
  CHECK(shape_of(y[1]) == Shape{2, 1});
  CHECK(vals(y[1]) == std::vector<float>{2, 3});
  CHECK(vals(y[2]) == std::vector<float>{1, 1});
  // axis 0: all four elements, mean 2.5, variance 1.25; no bias
  y = run(make_node("LayerNormalization", {attr_i("axis", 0), attr_f("epsilon", 0)}), 17,
          {Value(x), Value(tf({1}, {1})), std::nullopt}, 3);
  const double s = 1 / std::sqrt(1.25);
  check_close(vals(y[0]), {-1.5 * s, 0.5 * s, -0.5 * s, 1.5 * s});
  CHECK(shape_of(y[1]) == Shape{1, 1});
  // stash_type 11: the statistics come out as double
  y = run(make_node("LayerNormalization", {attr_f("epsilon", 0), attr_i("stash_type", 11)}), 17,
          {Value(x), Value(tf({2}, {1, 1}))}, 2);
  CHECK(vals<double>(y[1]) == std::vector<double>{2, 3});
  CHECK(clause_of([&] { run(make_node("LayerNormalization"), 17, {Value(x), Value(tf({3}, {1, 1, 1}))}); }) == "NN33");
  CHECK(clause_of([&] {
          run(make_node("LayerNormalization", {attr_i("axis", 2)}), 17, {Value(x), Value(tf({1}, {1}))});
        }) == "X1");
}

TEST_CASE("[NN34] RMSNormalization divides by the root mean square") {
  auto y = run(make_node("RMSNormalization", {attr_f("epsilon", 0)}), 23,
               {Value(tf({1, 2}, {3, 4})), Value(tf({2}, {1, 2}))});
  const double rms = std::sqrt(12.5);
  check_close(vals(y[0]), {3 / rms, 8 / rms});
  y = run(make_node("RMSNormalization", {attr_i("axis", 0), attr_f("epsilon", 0)}), 23,
          {Value(tf({2, 1}, {3, 4})), Value(tf({1}, {1}))});
  check_close(vals(y[0]), {3 / rms, 4 / rms});
  CHECK(clause_of([&] {
          run(make_node("RMSNormalization"), 23, {Value(tf({1, 2}, {3, 4})), Value(tf({3}, {1, 1, 1}))});
        }) == "NN34");
  // scale of another element type than X (a generated graph found that check and evaluation disagreed).
  CHECK(clause_of([&] {
          run(make_node("RMSNormalization"), 23,
              {Value(tf({1, 2}, {3, 4})), Value(Tensor::from_vector<double>(test_context(), {2}, {1, 2}))});
        }) == "NN34");
}

TEST_CASE("[NN35] LpNormalization by the 1- or 2-norm along an axis") {
  Tensor x = tf({2, 2}, {3, 4, 0, 0});
  auto y = run(make_node("LpNormalization"), 1, {Value(x)});
  auto v = vals(y[0]);
  CHECK(v[0] == doctest::Approx(0.6));
  CHECK(v[1] == doctest::Approx(0.8));
  CHECK(v[2] == 0);
  CHECK(v[3] == 0);
  y = run(make_node("LpNormalization", {attr_i("axis", 0), attr_i("p", 1)}), 22, {Value(x)});
  CHECK(vals(y[0]) == std::vector<float>{1, 1, 0, 0});
  CHECK(clause_of([&] { run(make_node("LpNormalization", {attr_i("p", 3)}), 1, {Value(x)}); }) == "NN35");
}

TEST_CASE("[NN36] MeanVarianceNormalization over the default axes 0, 2, 3") {
  auto y = run(make_node("MeanVarianceNormalization"), 13, {Value(tf({1, 2, 1, 2}, {1, 3, 10, 30}))});
  check_close(vals(y[0]), {-1 / (1 + 1e-9), 1 / (1 + 1e-9), -10 / (10 + 1e-9), 10 / (10 + 1e-9)});
  y = run(make_node("MeanVarianceNormalization", {attr_is("axes", {1})}), 9, {Value(tf({1, 2, 1, 1}, {1, 3}))});
  check_close(vals(y[0]), {-1, 1});
  CHECK(clause_of([&] {
          run(make_node("MeanVarianceNormalization", {attr_is("axes", {1, -3})}), 9, {Value(tf({1, 2, 1, 1}, {1, 3}))});
        }) == "NN36");
}

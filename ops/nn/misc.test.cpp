// Dropout, LRN and the random operators (spec/ops-nn.md, NN40-NN44).
#include <cstring>

#include "ops/nn/test_util.hpp"
#include "runtime/parallel.hpp"

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
  y = run(make_node("Dropout"), 12,
          {Value(x), Value(tf({}, {0.5f})), Value(Tensor::scalar<bool>(test_context(), false))}, 2);
  CHECK(vals(y[0]) == std::vector<float>{1, 2, 3, 4});
}

TEST_CASE("[NN40] Dropout training form: ratio 0 keeps everything, a positive ratio is random") {
  Tensor x = tf({3}, {1, 2, 3});
  auto y = run(make_node("Dropout"), 22,
               {Value(x), Value(tf({}, {0})), Value(Tensor::scalar<bool>(test_context(), true))}, 2);
  CHECK(vals(y[0]) == std::vector<float>{1, 2, 3});
  CHECK(vals<bool>(y[1]) == std::vector<bool>{true, true, true});
  CHECK(kind_of([&] {
          run(make_node("Dropout"), 13, {Value(x), std::nullopt, Value(Tensor::scalar<bool>(test_context(), true))});
        }) == ErrorKind::unsupported);
  CHECK(clause_of([&] {
          run(make_node("Dropout"), 13,
              {Value(x), Value(tf({}, {1.5f})), Value(Tensor::scalar<bool>(test_context(), true))});
        }) == "NN40");
  CHECK(kind_of([&] { run(make_node("Dropout"), 6, {Value(x)}); }) == ErrorKind::unsupported);
  y = run(make_node("Dropout", {attr_f("ratio", 0)}), 1, {Value(x)});
  CHECK(vals(y[0]) == std::vector<float>{1, 2, 3});
}

TEST_CASE("[NN42] [NN43] LRN normalises across neighbouring channels") {
  Tensor x = tf({1, 3, 1}, {1, 2, 3});
  // size 3, alpha/size = 1, beta 1, bias 1: windows {0,1}, {0,1,2}, {1,2}
  auto y = run(make_node("LRN", {attr_i("size", 3), attr_f("alpha", 3), attr_f("beta", 1), attr_f("bias", 1)}), 13,
               {Value(x)});
  check_close(vals(y[0]), {1.0 / 6, 2.0 / 15, 3.0 / 14});
  // size 2: one channel before is floor(1/2) = 0, after ceil(1/2) = 1: windows {0,1}, {1,2}, {2}
  y = run(make_node("LRN", {attr_i("size", 2), attr_f("alpha", 2), attr_f("beta", 1), attr_f("bias", 1)}), 1,
          {Value(x)});
  check_close(vals(y[0]), {1.0 / 6, 2.0 / 14, 3.0 / 10});
  // defaults: alpha 1e-4, beta 0.75, bias 1
  y = run(make_node("LRN", {attr_i("size", 1)}), 13, {Value(tf({1, 1}, {2}))});
  check_close(vals(y[0]), {2 / std::pow(1 + double(1e-4f) * 4, 0.75)});
  CHECK(clause_of([&] { run(make_node("LRN"), 13, {Value(x)}); }) == "A1");
  CHECK(clause_of([&] { run(make_node("LRN", {attr_i("size", 0)}), 13, {Value(x)}); }) == "NN42");
  CHECK(clause_of([&] { run(make_node("LRN", {attr_i("size", 1)}), 13, {Value(tf({3}, {1, 2, 3}))}); }) == "NN42");
}

TEST_CASE("[NN43] [E9] LRN on 1, 2 and 3 threads: the bits of the definition, element by element") {
  // 2 x 7 planes of 40 x 40, enough to be cut into slices of planes; values of both signs and zeros, of
  // magnitudes that differ across the elements of a window, so that the order of its additions shows in
  // binary64 results (a sum one unit off rarely survives the rounding to binary32).
  const Shape xs{2, 7, 40, 40};
  const int64_t C = 7, S = 1600, size = 4;
  std::vector<double> x(static_cast<size_t>(element_count(xs)));
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = std::ldexp(static_cast<float>(static_cast<int64_t>(i * 37 % 101) - 50) / 7.0f, static_cast<int>(i % 11) * 3);
  const double alpha = double(0.5f), beta = double(0.75f), bias = double(2.0f);
  // NN43 for each element: +0, then the squares of the window's channels c-1 .. c+2 (floor and ceil of 3/2)
  // added in channel order in binary64, then the quotient by the power, rounded once.
  std::vector<double> want(x.size());
  for (int64_t n = 0; n < 2; ++n)
    for (int64_t c = 0; c < C; ++c)
      for (int64_t i = 0; i < S; ++i) {
        double sq = 0;
        for (int64_t k = std::max<int64_t>(0, c - 1); k <= std::min<int64_t>(C - 1, c + 2); ++k) {
          const double v = x[static_cast<size_t>((n * C + k) * S + i)];
          sq += v * v;
        }
        const size_t at = static_cast<size_t>((n * C + c) * S + i);
        want[at] = x[at] / std::pow(bias + alpha / double(size) * sq, beta);
      }
  std::vector<float> x32(x.begin(), x.end()), want32(want.size());
  for (size_t i = 0; i < want.size(); ++i) want32[i] = static_cast<float>(want[i]);  // x is binary32-valued
  const Node node = make_node("LRN", {attr_i("size", size), attr_f("alpha", 0.5f), attr_f("beta", 0.75f),
                                      attr_f("bias", 2.0f)});
  KeepAlive keep;  // every result and copy held to the end (E9 tests)
  for (int t : {1, 2, 3}) {
    CAPTURE(t);
    Threads threads(t);
    const auto& y = keep(run(node, 13, {Value(td(xs, x))}));
    CHECK(std::memcmp(keep(vals<double>(y[0])).data(), want.data(), want.size() * sizeof(double)) == 0);
    const auto& y32 = keep(run(node, 13, {Value(tf(xs, x32))}));
    CHECK(std::memcmp(keep(vals(y32[0])).data(), want32.data(), want32.size() * sizeof(float)) == 0);
  }
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
    CHECK(kind_of([&] {
            run(make_node(op, {onnxsem::ops::testing::attr_ints("shape", {2, 3})}), 22, {});
          }) == ErrorKind::unsupported);
    // Without its shape attribute the operator is malformed: an evaluation error, not unsupported.
    CHECK(clause_of([&] { run(make_node(op), 1, {}); }) == "NN44");
  }
}

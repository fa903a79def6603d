// The random operators judged by membership (spec/ops-nn.md, NN45) and Dropout's training form given
// candidate results (NN40): possible results are yielded, impossible ones are NN45 errors.
#include "ops/nn/test_util.hpp"

using namespace nntest;
using ops::testing::Inputs;
using ops::testing::Outputs;

namespace {

Outputs choose(const Node& n, int64_t version, Inputs in, Outputs choices) {
  return ops::testing::run_with_choices(ops::add_nn, n, version, std::move(in), std::move(choices));
}
std::string choose_fails(const Node& n, int64_t version, Inputs in, Outputs choices) {
  return clause_of([&] { (void)choose(n, version, std::move(in), std::move(choices)); });
}
Node shaped(const char* op, std::vector<Attribute> more = {}) {
  more.push_back(ops::testing::attr_ints("shape", {2, 2}));
  return make_node(op, std::move(more));
}

}  // namespace

TEST_CASE("[NN45] RandomUniform and RandomNormal: element type, shape, and the values' range") {
  const Tensor in_range = tf({2, 2}, {0, 0.5f, 0.25f, 1});  // 1 is high itself: rounding may reach it
  auto y = choose(shaped("RandomUniform"), 22, {}, {Value(in_range)});
  CHECK(vals(y[0]) == std::vector<float>{0, 0.5f, 0.25f, 1});
  CHECK(choose_fails(shaped("RandomUniform"), 22, {}, {Value(tf({2, 2}, {0, 0.5f, 1.5f, 1}))}) == "NN45");
  CHECK(choose_fails(shaped("RandomUniform", {attr_f("low", -1), attr_f("high", 0)}), 22, {}, {Value(in_range)}) ==
        "NN45");
  CHECK(choose_fails(shaped("RandomUniform"), 22, {}, {Value(tf({4}, {0, 0, 0, 0}))}) == "NN45");  // shape
  CHECK(choose_fails(shaped("RandomUniform", {attr_i("dtype", 11)}), 22, {}, {Value(in_range)}) ==
        "NN45");  // double wanted
  const Tensor normal = tf({2, 2}, {-3, 0.5f, 7, 1e6f});
  CHECK(vals(choose(shaped("RandomNormal"), 1, {}, {Value(normal)})[0]) == std::vector<float>{-3, 0.5f, 7, 1e6f});
  CHECK(choose_fails(shaped("RandomNormal"), 1, {}, {Value(tf({2, 2}, {0, std::nanf(""), 0, 0}))}) == "NN45");
  // The Like forms take the input's shape and, without dtype, its element type.
  const Tensor like = td({2, 2}, {1, 2, 3, 4});
  CHECK(choose_fails(make_node("RandomUniformLike"), 22, {Value(like)}, {Value(in_range)}) ==
        "NN45");  // float, not double
  CHECK(choose(make_node("RandomUniformLike", {attr_i("dtype", 1)}), 22, {Value(like)}, {Value(in_range)})[0]
            .has_value());
  // No candidate: unsupported, as NN44 says.
  CHECK(kind_of([&] { (void)choose(shaped("RandomUniform"), 22, {}, {std::nullopt}); }) == ErrorKind::unsupported);
}

TEST_CASE("[NN45] Bernoulli draws 0 or 1, and its certain cases are certain; Multinomial draws possible classes") {
  const Tensor p = tf({4}, {0, 1, 0.5f, 0.5f});
  CHECK(vals(choose(make_node("Bernoulli"), 15, {Value(p)}, {Value(tf({4}, {0, 1, 1, 0}))})[0]) ==
        std::vector<float>{0, 1, 1, 0});
  CHECK(choose_fails(make_node("Bernoulli"), 15, {Value(p)}, {Value(tf({4}, {1, 1, 1, 0}))}) ==
        "NN45");  // p = 0 gave 1
  CHECK(choose_fails(make_node("Bernoulli"), 15, {Value(p)}, {Value(tf({4}, {0, 0, 1, 0}))}) ==
        "NN45");  // p = 1 gave 0
  CHECK(choose_fails(make_node("Bernoulli"), 15, {Value(p)}, {Value(tf({4}, {0, 1, 0.5f, 0}))}) ==
        "NN45");  // not 0 or 1
  // A probability outside [0, 1] is outside the operator's domain, with or without a candidate (NN44).
  CHECK(choose_fails(make_node("Bernoulli"), 15, {Value(tf({2}, {0.5f, 1.5f}))}, {Value(tf({2}, {0, 1}))}) == "NN44");
  CHECK(clause_of([&] { (void)run(make_node("Bernoulli"), 15, {Value(tf({1}, {-0.25f}))}); }) == "NN44");
  // dtype chooses the element type of the draw.
  auto b = choose(make_node("Bernoulli", {attr_i("dtype", 9)}), 22, {Value(p)},
                  {Value(Tensor::from_vector<bool>(test_context(), {4}, {false, true, false, true}))});
  CHECK(vals<bool>(b[0]) == std::vector<bool>{false, true, false, true});
  // Multinomial: [batch, classes] log-probabilities; -inf is a class that cannot come.
  const float ninf = -std::numeric_limits<float>::infinity();
  const Tensor logp = tf({2, 3}, {0, 0, ninf, ninf, 0, ninf});
  const Node m = make_node("Multinomial", {attr_i("sample_size", 2)});
  auto s = choose(m, 7, {Value(logp)}, {Value(Tensor::from_vector<int32_t>(test_context(), {2, 2}, {0, 1, 1, 1}))});
  CHECK(vals<int32_t>(s[0]) == std::vector<int32_t>{0, 1, 1, 1});
  CHECK(
      choose_fails(m, 7, {Value(logp)}, {Value(Tensor::from_vector<int32_t>(test_context(), {2, 2}, {2, 1, 1, 1}))}) ==
      "NN45");  // -inf class
  CHECK(
      choose_fails(m, 7, {Value(logp)}, {Value(Tensor::from_vector<int32_t>(test_context(), {2, 2}, {0, 1, 0, 1}))}) ==
      "NN45");  // row 1: class 0
  CHECK(
      choose_fails(m, 7, {Value(logp)}, {Value(Tensor::from_vector<int64_t>(test_context(), {2, 2}, {0, 1, 1, 1}))}) ==
      "NN45");  // int32 by default
  CHECK(choose_fails(m, 7, {Value(logp)}, {Value(Tensor::from_vector<int32_t>(test_context(), {2, 1}, {0, 1}))}) ==
        "NN45");  // sample_size 2
}

TEST_CASE("[NN40] Dropout's training form with candidate results: the mask decides, the values follow") {
  const Tensor x = tf({4}, {1, 2, 0, 3});
  const Value ratio(tf({}, {0.5f})), training(Tensor::scalar<bool>(test_context(), true));
  // A candidate mask: outputs computed from it (x / (1 - 0.5) where kept).
  auto y = choose(make_node("Dropout"), 13, {Value(x), ratio, training},
                  {std::nullopt, Value(Tensor::from_vector<bool>(test_context(), {4}, {true, false, true, true}))});
  CHECK(vals(y[0]) == std::vector<float>{2, 0, 0, 6});
  CHECK(vals<bool>(y[1]) == std::vector<bool>{true, false, true, true});
  // Only the output: the mask is read from it (0 where x is not 0 means dropped); the values are onnxsem's.
  y = choose(make_node("Dropout"), 13, {Value(x), ratio, training}, {Value(tf({4}, {2.0001f, 0, 0, 0}))});
  CHECK(vals(y[0]) == std::vector<float>{2, 0, 0, 0});
  // A mask of the wrong kind is not a possible result.
  CHECK(choose_fails(make_node("Dropout"), 13, {Value(x), ratio, training},
                     {std::nullopt, Value(tf({4}, {1, 0, 1, 1}))}) == "NN45");
  // Versions 1 to 7: the mask has X's type, 0 and 1.
  y = choose(make_node("Dropout", {attr_f("ratio", 0.75f)}), 7, {Value(x)},
             {std::nullopt, Value(tf({4}, {1, 1, 0, 0}))});
  // Version 7 has no training form (it is always inference): the output is X.
  CHECK(vals(y[0]) == std::vector<float>{1, 2, 0, 3});
  y = choose(make_node("Dropout", {attr_f("ratio", 0.75f), attr_i("is_test", 0)}), 6, {Value(x)},
             {std::nullopt, Value(tf({4}, {1, 1, 0, 0}))});
  CHECK(vals(y[0]) == std::vector<float>{4, 8, 0, 0});
  CHECK(vals(y[1]) == std::vector<float>{1, 1, 0, 0});
}

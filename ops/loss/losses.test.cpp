// NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss (spec/ops-loss.md, LOSS1-LOSS7).
#include <limits>

#include "ops/loss/test_util.hpp"
#include "values/numeric.hpp"

using namespace losstest;

namespace {
// Scores of shape (N=2, C=3, d1=2): x[n][c][d].
Tensor nll_scores() { return tf({2, 3, 2}, {1, 2, 2, 2, 3, 2, 0, 1, 2, 2, 1, 2}); }
// Targets (N=2, d1=2): classes 2, 1 for n = 0 and 0, 2 for n = 1; the picked scores are 3, 2, 0, 2.
Tensor nll_targets() { return ti64({2, 2}, {2, 1, 0, 2}); }
Node nll(std::vector<Attribute> attrs = {}) { return make_node("NegativeLogLikelihoodLoss", std::move(attrs)); }
Node sce(std::vector<Attribute> attrs = {}) { return make_node("SoftmaxCrossEntropyLoss", std::move(attrs)); }
const double ln2 = std::log(2.0), ln3 = std::log(3.0);
}  // namespace

TEST_CASE("[LOSS4] [LOSS5] NegativeLogLikelihoodLoss picks the negated score of the target class") {
  auto y = run(nll({attr_s("reduction", "none")}), 13, {Value(nll_scores()), Value(nll_targets())});
  CHECK(shape_of(y[0]) == Shape{2, 2});
  CHECK(vals(y[0]) == std::vector<float>{-3, -2, 0, -2});
  // default reduction is mean: (-3 - 2 - 0 - 2) / 4
  y = run(nll(), 12, {Value(nll_scores()), Value(nll_targets())});
  CHECK(shape_of(y[0]) == Shape{});
  CHECK(vals(y[0]) == std::vector<float>{-1.75f});
  y = run(nll({attr_s("reduction", "sum")}), 22, {Value(nll_scores()), Value(nll_targets())});
  CHECK(vals(y[0]) == std::vector<float>{-7});
}

TEST_CASE("[LOSS4] [LOSS5] weighted NLL: mean divides by the sum of the applied weights") {
  Tensor w = tf({3}, {0.5f, 0.25f, 2});
  // losses: -3 * 2, -2 * 0.25, -0 * 0.5, -2 * 2; applied weights 2, 0.25, 0.5, 2
  auto y = run(nll({attr_s("reduction", "none")}), 13, {Value(nll_scores()), Value(nll_targets()), Value(w)});
  CHECK(vals(y[0]) == std::vector<float>{-6, -0.5f, 0, -4});
  y = run(nll({attr_s("reduction", "sum")}), 13, {Value(nll_scores()), Value(nll_targets()), Value(w)});
  CHECK(vals(y[0]) == std::vector<float>{-10.5f});
  y = run(nll(), 13, {Value(nll_scores()), Value(nll_targets()), Value(w)});
  CHECK(vals(y[0]) == std::vector<float>{static_cast<float>(-10.5 / 4.75)});
  // a (N, C) input with int32 targets, double precision
  y = run(nll({attr_s("reduction", "none")}), 12,
          {Value(td({3, 2}, {-1, -2, -3, -4, -5, -6})), Value(ti32({3}, {1, 0, 1}))});
  CHECK(vals<double>(y[0]) == std::vector<double>{2, 3, 6});
}

TEST_CASE("[LOSS3] [LOSS4] [LOSS5] ignore_index: ignored samples have loss 0 and weight 0") {
  auto y = run(nll({attr_s("reduction", "none"), attr_i("ignore_index", 2)}), 13,
               {Value(nll_scores()), Value(nll_targets())});
  CHECK(vals(y[0]) == std::vector<float>{0, -2, 0, 0});
  // mean over the two remaining samples: (-2 - 0) / 2
  y = run(nll({attr_i("ignore_index", 2)}), 13, {Value(nll_scores()), Value(nll_targets())});
  CHECK(vals(y[0]) == std::vector<float>{-1});
  // with weights: (-2 * 0.25 + -0 * 0.5) / (0.25 + 0.5)
  y = run(nll({attr_i("ignore_index", 2)}), 13,
          {Value(nll_scores()), Value(nll_targets()), Value(tf({3}, {0.5f, 0.25f, 2}))});
  check_close(vals(y[0]), {-0.5 / 0.75});
  // a negative ignore_index outside [0, C) marks targets that would otherwise be out of range
  y = run(nll({attr_s("reduction", "sum"), attr_i("ignore_index", -5)}), 13,
          {Value(nll_scores()), Value(ti64({2, 2}, {-5, 1, -5, 2}))});
  CHECK(vals(y[0]) == std::vector<float>{-4});
  // every sample ignored: the mean is 0 / 0
  y = run(nll({attr_i("ignore_index", 1)}), 13, {Value(tf({1, 2}, {1, 2})), Value(ti64({1}, {1}))});
  CHECK(std::isnan(vals(y[0])[0]));
  // out-of-range targets
  CHECK(clause_of([&] { run(nll(), 13, {Value(nll_scores()), Value(ti64({2, 2}, {2, 3, 0, 0}))}); }) == "LOSS3");
  CHECK(clause_of([&] { run(nll(), 13, {Value(nll_scores()), Value(ti64({2, 2}, {-1, 0, 0, 0}))}); }) == "LOSS3");
  CHECK(clause_of([&] {
          run(nll({attr_i("ignore_index", 7)}), 13, {Value(nll_scores()), Value(ti64({2, 2}, {3, 0, 0, 0}))});
        }) == "LOSS3");
}

TEST_CASE("[LOSS5] empty batches and other element types") {
  Tensor x = tf({0, 3}, {});
  Tensor t = ti64({0}, {});
  auto y = run(nll({attr_s("reduction", "none")}), 13, {Value(x), Value(t)});
  CHECK(shape_of(y[0]) == Shape{0});
  y = run(nll({attr_s("reduction", "sum")}), 13, {Value(x), Value(t)});
  CHECK(vals(y[0]) == std::vector<float>{0});
  y = run(nll(), 13, {Value(x), Value(t)});
  CHECK(std::isnan(vals(y[0])[0]));
  // float16 scores, computed in binary64 and rounded once: (1.5 + 0.25) / 2 = 0.875
  auto [h, ho] = Tensor::allocate<float16_t>(test_context(), {2, 2});
  const double hv[] = {-1.5, -3, -7, -0.25};
  for (size_t i = 0; i < 4; ++i) ho[i] = num::to_float16(hv[i]);
  y = run(nll(), 13, {Value(h), Value(ti64({2}, {0, 1}))});
  REQUIRE(y[0]->tensor().dtype() == DType::float16);
  CHECK(num::to_double(y[0]->tensor().data<float16_t>()[0]) == 0.875);
}

TEST_CASE("[LOSS1] [LOSS2] loss operands and reduction attribute are checked") {
  Tensor x = nll_scores(), t = nll_targets();
  CHECK(clause_of([&] { run(nll({attr_s("reduction", "avg")}), 13, {Value(x), Value(t)}); }) == "LOSS2");
  CHECK(clause_of([&] { run(sce({attr_s("reduction", "")}), 13, {Value(x), Value(t)}); }) == "LOSS2");
  // scores of rank 1
  CHECK(clause_of([&] { run(nll(), 13, {Value(tf({3}, {1, 2, 3})), Value(ti64({}, {0}))}); }) == "LOSS1");
  // target shape must be (N, d1)
  CHECK(clause_of([&] { run(nll(), 13, {Value(x), Value(ti64({2}, {0, 0}))}); }) == "LOSS1");
  CHECK(clause_of([&] { run(sce(), 13, {Value(x), Value(ti64({2, 3}, {0, 0, 0, 0, 0, 0}))}); }) == "LOSS1");
  // target of a non-integer type
  CHECK(clause_of([&] { run(nll(), 13, {Value(x), Value(tf({2, 2}, {0, 0, 0, 0}))}); }) == "LOSS1");
  // weight of the wrong length or type
  CHECK(clause_of([&] { run(nll(), 13, {Value(x), Value(t), Value(tf({2}, {1, 1}))}); }) == "LOSS1");
  CHECK(clause_of([&] { run(nll(), 13, {Value(x), Value(t), Value(tf({1, 3}, {1, 1, 1}))}); }) == "LOSS1");
  CHECK(clause_of([&] { run(sce(), 13, {Value(x), Value(t), Value(td({3}, {1, 1, 1}))}); }) == "LOSS1");
}

TEST_CASE("[LOSS6] [LOSS4] [LOSS5] SoftmaxCrossEntropyLoss is NLL of the log-softmax over classes") {
  // row 0: scores 1, 2, 3, target 2: loss ln(1 + e^-1 + e^-2); row 1: equal scores, target 0: loss ln 3
  const double l0 = std::log(1 + std::exp(-1.0) + std::exp(-2.0));
  Tensor x = tf({2, 3}, {1, 2, 3, 0, 0, 0});
  Tensor t = ti64({2}, {2, 0});
  auto y = run(sce({attr_s("reduction", "none")}), 13, {Value(x), Value(t)});
  check_close(vals(y[0]), {l0, ln3});
  y = run(sce({attr_s("reduction", "sum")}), 12, {Value(x), Value(t)});
  check_close(vals(y[0]), {l0 + ln3});
  y = run(sce(), 13, {Value(x), Value(t)});
  check_close(vals(y[0]), {(l0 + ln3) / 2});
  // large scores: the maximum is subtracted first, so the result stays finite and exact
  y = run(sce(), 13, {Value(td({1, 2}, {1000, 0})), Value(ti64({1}, {1}))});
  CHECK(vals<double>(y[0]) == std::vector<double>{1000});
  // spatial layout (N=1, C=2, d1=2): sample d=0 has scores (0, 0), sample d=1 has scores (1, 0)
  y = run(sce({attr_s("reduction", "none")}), 13, {Value(tf({1, 2, 2}, {0, 1, 0, 0})), Value(ti64({1, 2}, {0, 0}))});
  CHECK(shape_of(y[0]) == Shape{1, 2});
  check_close(vals(y[0]), {ln2, std::log(1 + std::exp(-1.0))});
  // weights and ignore_index: losses 0, 3 ln 2, 3 ln 2 over applied weights 0 + 3 + 3
  y = run(sce({attr_i("ignore_index", 0)}), 13,
          {Value(tf({3, 2}, {0, 0, 0, 0, 0, 0})), Value(ti32({3}, {0, 1, 1})), Value(tf({2}, {1, 3}))});
  check_close(vals(y[0]), {ln2});
  // a NaN score makes its sample's loss NaN
  y = run(sce({attr_s("reduction", "none")}), 13,
          {Value(tf({2, 2}, {std::numeric_limits<float>::quiet_NaN(), 0, 0, 0})), Value(ti64({2}, {1, 1}))});
  auto v = vals(y[0]);
  CHECK(std::isnan(v[0]));
  check_close(std::vector<float>{v[1]}, {ln2});
}

TEST_CASE("[LOSS7] SoftmaxCrossEntropyLoss's optional log_prob output") {
  const double l0 = std::log(1 + std::exp(-1.0) + std::exp(-2.0));
  Tensor x = tf({2, 3}, {1, 2, 3, 0, 0, 0});
  Tensor t = ti64({2}, {2, 0});
  auto y = run(sce(), 13, {Value(x), Value(t)}, 2);
  REQUIRE(y.size() == 2);
  CHECK(shape_of(y[1]) == Shape{2, 3});
  check_close(vals(y[1]), {-2 - l0, -1 - l0, -l0, -ln3, -ln3, -ln3});
  // a second output that is not requested is not produced
  y = run(sce(), 13, {Value(x), Value(t)}, 2, {true, false});
  CHECK(y.size() == 2);
  CHECK(y[0].has_value());
  CHECK(!y[1].has_value());
}

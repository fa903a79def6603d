// Tests of the ai.onnx.ml family's registration and shared helpers (spec/ops-ml.md, ML2, ML40-ML46).
#include "ops/ml/ml.hpp"

#include <cmath>
#include <limits>
#include <numbers>

#include "ops/ml/test_util.hpp"

using namespace mltest;
namespace ml = onnxsem::ops::ml;

TEST_CASE("the ml family registers only operator versions ONNX defines, in the ai.onnx.ml domain") {
  ops::Registry r;
  ops::add_ml(r);
  CHECK(!r.implemented().empty());
  for (const auto& entry : r.implemented()) {
    const std::string& domain = std::get<0>(entry);
    const std::string& op = std::get<1>(entry);
    const int64_t& since = std::get<2>(entry);
    INFO(domain << "::" << op << "-" << since);
    CHECK(domain == "ai.onnx.ml");
    const auto v = ops::onnx_defined_versions(domain, op);
    CHECK(std::find(v.begin(), v.end(), since) != v.end());
  }
}

TEST_CASE("the ml family registers every version of the operators it implements") {
  ops::Registry r;
  ops::add_ml(r);
  for (const char* op : {"ArrayFeatureExtractor", "Binarizer", "LabelEncoder", "CategoryMapper", "OneHotEncoder",
                         "Imputer", "Scaler", "Normalizer", "FeatureVectorizer", "TreeEnsemble",
                         "TreeEnsembleRegressor", "TreeEnsembleClassifier", "LinearRegressor", "LinearClassifier",
                         "SVMRegressor", "SVMClassifier", "ZipMap", "DictVectorizer", "CastMap"}) {
    const auto v = ops::onnx_defined_versions("ai.onnx.ml", op);
    CHECK(!v.empty());
    for (int64_t since : v) {
      INFO(op << "-" << since);
      CHECK(r.kernel("ai.onnx.ml", op, since) != nullptr);
    }
  }
}

TEST_CASE("[ML2] feature rows: [C] is one row, [N, C] is N rows, other ranks are refused") {
  const auto one = ml::read_rows(tf({3}, {1, 2, 3}), "t");
  CHECK(one.n == 1);
  CHECK(one.c == 3);
  const auto two = ml::read_rows(ti64({2, 2}, {1, 2, 3, 4}), "t");
  CHECK(two.n == 2);
  CHECK(two.x == std::vector<double>{1, 2, 3, 4});
  CHECK(clause_of([] { (void)ml::read_rows(tf({}, {1}), "t"); }) == "ML2");
  CHECK(clause_of([] { (void)ml::read_rows(tf({1, 1, 1}, {1}), "t"); }) == "ML2");
  CHECK(clause_of([] { (void)ml::read_rows(tf({3}, {1, 2, 3}), "t", false); }) == "ML2");
}

TEST_CASE("[ML40] post_transform names and numbers") {
  CHECK(ml::parse_post_transform("NONE", "t") == ml::PostTransform::none);
  CHECK(ml::parse_post_transform("SOFTMAX_ZERO", "t") == ml::PostTransform::softmax_zero);
  CHECK(ml::post_transform_from_int(4, "t") == ml::PostTransform::probit);
  CHECK(clause_of([] { (void)ml::parse_post_transform("softmax", "t"); }) == "ML40");
  CHECK(clause_of([] { (void)ml::post_transform_from_int(5, "t"); }) == "ML40");
  CHECK(clause_of([] { (void)ml::post_transform_from_int(-1, "t"); }) == "ML40");
}

TEST_CASE("[ML41] SOFTMAX normalises the exponentials of a row") {
  std::vector<double> row{0, std::log(3.0)};  // e^0 = 1, e^ln3 = 3
  ml::apply_post_transform(ml::PostTransform::softmax, row);
  check_close(row, {0.25, 0.75}, 1e-15);
  std::vector<double> big{1000, 1000};  // no overflow thanks to the maximum
  ml::apply_post_transform(ml::PostTransform::softmax, big);
  check_close(big, {0.5, 0.5}, 1e-15);
  std::vector<double> nan{1, std::numeric_limits<double>::quiet_NaN()};
  ml::apply_post_transform(ml::PostTransform::softmax, nan);
  CHECK(std::isnan(nan[0]));
  CHECK(std::isnan(nan[1]));
}

TEST_CASE("[ML42] LOGISTIC is 1 / (1 + e^-x)") {
  std::vector<double> row{0, std::log(3.0), -std::log(3.0), -800, 800};
  ml::apply_post_transform(ml::PostTransform::logistic, row);
  check_close(row, {0.5, 0.75, 0.25, 0, 1}, 1e-15);
  CHECK(row[3] == 0);  // e^-800 underflows to 0: the result is 0, never NaN
}

TEST_CASE("[ML43] SOFTMAX_ZERO leaves zero scores out of the normalisation") {
  std::vector<double> row{0, std::log(3.0), 0};
  // max m = ln3; contributions 0 * e^-m = 0, e^0 = 1, 0: the non-zero score takes everything
  ml::apply_post_transform(ml::PostTransform::softmax_zero, row);
  check_close(row, {0, 1, 0}, 1e-15);
  std::vector<double> two{std::log(2.0), std::log(6.0)};  // 1/3 and 1 after subtracting ln6 -> 1/4, 3/4
  ml::apply_post_transform(ml::PostTransform::softmax_zero, two);
  check_close(two, {0.25, 0.75}, 1e-15);
  std::vector<double> zeros{0, 0, 0};
  ml::apply_post_transform(ml::PostTransform::softmax_zero, zeros);
  check_close(zeros, {0.5, 0.5, 0.5}, 0);
}

TEST_CASE("[ML44] PROBIT is the standard normal quantile") {
  // Phi(1) = 0.841344746068543, Phi(-2) = 0.0227501319481792, Phi(0) = 0.5
  std::vector<double> row{0.5, 0.841344746068543, 0.0227501319481792, 0, 1, 1.5};
  ml::apply_post_transform(ml::PostTransform::probit, row);
  check_close(row,
              {0, 1, -2, -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
               std::numeric_limits<double>::quiet_NaN()},
              1e-12);
}

TEST_CASE("[ML45] arg max takes the first largest score, a NaN first of all") {
  CHECK(ml::arg_max({1, 3, 3, 2}) == 1);
  CHECK(ml::arg_max({1, std::numeric_limits<double>::quiet_NaN(), 5}) == 1);
  CHECK(ml::arg_max({-1}) == 0);
}

TEST_CASE("[ML46] exactly one non-empty list of class labels") {
  auto node = ml_node("LinearClassifier", {attr_is("classlabels_ints", {4, 5})});
  CHECK(ml::read_labels(node, "classlabels_ints", "t").size() == 2);
  node = ml_node("LinearClassifier", {attr_is("classlabels_ints", {4}), attr_ss("classlabels_strings", {"a"})});
  CHECK(clause_of([&] { (void)ml::read_labels(node, "classlabels_ints", "t"); }) == "ML46");
  node = ml_node("LinearClassifier", {});
  CHECK(clause_of([&] { (void)ml::read_labels(node, "classlabels_ints", "t"); }) == "ML46");
  node = ml_node("LinearClassifier", {attr_ss("classlabels_strings", {})});
  CHECK(clause_of([&] { (void)ml::read_labels(node, "classlabels_ints", "t"); }) == "ML46");
}

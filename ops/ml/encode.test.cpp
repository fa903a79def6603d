// Feature encoders and transforms (spec/ops-ml.md, ML10-ML21). Expected values are worked out by hand.
#include <bit>
#include <cmath>
#include <limits>

#include "ops/ml/test_util.hpp"

using namespace mltest;

namespace {
const float nanf_ = std::numeric_limits<float>::quiet_NaN();
}

TEST_CASE("[ML10] ArrayFeatureExtractor picks last-axis positions") {
  // x = [[0 1 2] [3 4 5]], indices [2, 0, 2]
  auto y = run_ml("ArrayFeatureExtractor", 1, {Value(tf({2, 3}, {0, 1, 2, 3, 4, 5})), Value(ti64({3}, {2, 0, 2}))});
  CHECK(shape_of(y[0]) == Shape{2, 3});
  CHECK(vals(y[0]) == std::vector<float>{2, 0, 2, 5, 3, 5});
  // a rank-1 string input gives [1, K]
  y = run_ml("ArrayFeatureExtractor", 1, {Value(tstr({3}, {"a", "b", "c"})), Value(ti64({1, 2}, {1, 1}))});
  CHECK(shape_of(y[0]) == Shape{1, 2});
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"b", "b"});
  // no indices: an empty last axis
  y = run_ml("ArrayFeatureExtractor", 1, {Value(ti32({2, 1, 2}, {1, 2, 3, 4})), Value(ti64({0}, {}))});
  CHECK(shape_of(y[0]) == Shape{2, 1, 0});
  CHECK(clause_of([] {
          run_ml("ArrayFeatureExtractor", 1, {Value(tf({2}, {1, 2})), Value(ti64({1}, {2}))});
        }) == "ML10");
  CHECK(clause_of([] {
          run_ml("ArrayFeatureExtractor", 1, {Value(tf({2}, {1, 2})), Value(ti64({1}, {-1}))});
        }) == "ML10");
  CHECK(clause_of([] { run_ml("ArrayFeatureExtractor", 1, {Value(tf({}, {1})), Value(ti64({1}, {0}))}); }) == "ML10");
}

TEST_CASE("[ML11] Binarizer: 1 above the threshold, 0 elsewhere and for NaN") {
  auto y = run_ml("Binarizer", 1, {Value(tf({5}, {-1, 0.5f, 0.50001f, 3, nanf_}))}, {attr_f("threshold", 0.5f)});
  CHECK(vals(y[0]) == std::vector<float>{0, 0, 1, 1, 0});
  // default threshold 0; integers compare exactly with a fractional threshold
  y = run_ml("Binarizer", 1, {Value(ti64({3}, {-2, 0, 1}))});
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{0, 0, 1});
  y = run_ml("Binarizer", 1, {Value(ti32({3}, {1, 2, 3}))}, {attr_f("threshold", 1.5f)});
  CHECK(vals<int32_t>(y[0]) == std::vector<int32_t>{0, 1, 1});
  // an int64 just above 2^53 against the threshold 2^53 (rounding both to binary64 would say "equal")
  y = run_ml("Binarizer", 1, {Value(ti64({1}, {9007199254740993}))}, {attr_f("threshold", 9007199254740992.0f)});
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{1});
  y = run_ml("Binarizer", 1, {Value(td({0}, {}))});
  CHECK(shape_of(y[0]) == Shape{0});
}

TEST_CASE("[ML12] LabelEncoder-1 maps strings to positions and back") {
  const auto classes = attr_ss("classes_strings", {"x", "y", "x"});
  auto y = run_ml("LabelEncoder", 1, {Value(tstr({2, 2}, {"y", "x", "z", "y"}))}, {classes});
  CHECK(shape_of(y[0]) == Shape{2, 2});
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{1, 0, -1, 1});
  y = run_ml("LabelEncoder", 1, {Value(tstr({1}, {"q"}))}, {classes, attr_i("default_int64", 7)});
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{7});
  y = run_ml("LabelEncoder", 1, {Value(ti64({4}, {2, 1, 3, -1}))}, {classes});
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"x", "y", "_Unused", "_Unused"});
  y = run_ml("LabelEncoder", 1, {Value(ti64({1}, {5}))}, {classes, attr_s("default_string", "?")});
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"?"});
}

TEST_CASE("[ML13] [ML15] LabelEncoder-2: lists of keys and values with their defaults") {
  auto y = run_ml("LabelEncoder", 2, {Value(ti64({3}, {5, 6, 7}))},
                  {attr_is("keys_int64s", {7, 5}), attr_fs("values_floats", {0.5f, 1.5f})});
  CHECK(vals(y[0])[0] == 1.5f);
  CHECK(vals(y[0])[2] == 0.5f);
  CHECK(std::signbit(vals(y[0])[1]));  // the default -0.0
  CHECK(vals(y[0])[1] == 0.0f);
  y = run_ml("LabelEncoder", 2, {Value(tf({2}, {1, 2}))},
             {attr_fs("keys_floats", {2}), attr_ss("values_strings", {"two"}), attr_s("default_string", "-")});
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"-", "two"});
  // scalar input
  y = run_ml("LabelEncoder", 2, {Value(tstr({}, {"b"}))},
             {attr_ss("keys_strings", {"b"}), attr_is("values_int64s", {9})});
  CHECK(shape_of(y[0]) == Shape{});
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{9});
  // errors: two key lists, no value list, different lengths, input type not the keys' type
  CHECK(clause_of([] {
          run_ml("LabelEncoder", 2, {Value(ti64({1}, {1}))},
                 {attr_is("keys_int64s", {1}), attr_ss("keys_strings", {"a"}), attr_is("values_int64s", {1})});
        }) == "ML13");
  CHECK(clause_of([] { run_ml("LabelEncoder", 2, {Value(ti64({1}, {1}))}, {attr_is("keys_int64s", {1})}); }) == "ML13");
  CHECK(clause_of([] {
          run_ml("LabelEncoder", 2, {Value(ti64({1}, {1}))},
                 {attr_is("keys_int64s", {1, 2}), attr_is("values_int64s", {1})});
        }) == "ML13");
  CHECK(clause_of([] {
          run_ml("LabelEncoder", 2, {Value(ti32({1}, {1}))},
                 {attr_is("keys_int64s", {1}), attr_is("values_int64s", {1})});
        }) == "ML13");
}

TEST_CASE("[ML14] LabelEncoder key matching: NaN, signed zero and repeated keys") {
  const float nan2 = std::bit_cast<float>(0x7fc00001u);  // another NaN pattern
  const auto keys = attr_fs("keys_floats", {nanf_, 0.0f, 3.0f, 3.0f});
  const auto values = attr_is("values_int64s", {10, 20, 30, 40});
  const Tensor x = tf({4}, {nan2, -0.0f, 3.0f, nanf_});
  // version 4: any NaN matches the NaN key, -0 matches +0, the last of the repeated keys wins
  auto y = run_ml("LabelEncoder", 4, {Value(x)}, {keys, values});
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{10, 20, 40, 10});
  // version 2: bit patterns
  y = run_ml("LabelEncoder", 2, {Value(x)}, {keys, values});
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{-1, -1, 40, 10});
}

TEST_CASE("[ML15] LabelEncoder-4 tensors and default_tensor") {
  const Tensor keys = ti32({3}, {1, 2, 3});
  const Tensor values = tv<int16_t>({3}, {-1, -2, -3});
  auto y = run_ml("LabelEncoder", 4, {Value(ti32({4}, {3, 4, 1, 2}))},
                  {attr_t("keys_tensor", keys), attr_t("values_tensor", values),
                   attr_t("default_tensor", tv<int16_t>({1}, {99}))});
  CHECK(vals<int16_t>(y[0]) == std::vector<int16_t>{-3, 99, -1, -2});
  // without default_tensor, default_int64 (-1 by default) fills in for int16 values
  y = run_ml("LabelEncoder", 4, {Value(ti32({1}, {4}))},
             {attr_t("keys_tensor", keys), attr_t("values_tensor", values)});
  CHECK(vals<int16_t>(y[0]) == std::vector<int16_t>{-1});
  // string values from a list, int64 keys from a tensor, empty input
  y = run_ml("LabelEncoder", 4, {Value(ti64({0}, {}))},
             {attr_t("keys_tensor", ti64({1}, {1})), attr_ss("values_strings", {"one"})});
  CHECK(shape_of(y[0]) == Shape{0});
  CHECK(clause_of([&] {
          run_ml("LabelEncoder", 4, {Value(ti32({1}, {4}))},
                 {attr_t("keys_tensor", keys), attr_t("values_tensor", values),
                  attr_t("default_tensor", ti32({1}, {1}))});
        }) == "ML15");
  CHECK(clause_of([&] {
          run_ml("LabelEncoder", 4, {Value(ti32({1}, {4}))},
                 {attr_t("keys_tensor", keys), attr_t("values_tensor", values),
                  attr_t("default_tensor", tv<int16_t>({2}, {1, 2}))});
        }) == "ML15");
  CHECK(clause_of([&] {
          run_ml("LabelEncoder", 4, {Value(ti32({1}, {4}))},
                 {attr_t("keys_tensor", ti32({1, 3}, {1, 2, 3})), attr_t("values_tensor", values)});
        }) == "ML15");
  CHECK(clause_of([&] {
          run_ml("LabelEncoder", 4, {Value(ti32({1}, {4}))},
                 {attr_t("keys_tensor", keys), attr_t("values_tensor", values), attr_i("default_int64", 40000)});
        }) == "ML15");
}

TEST_CASE("[ML16] CategoryMapper maps both ways, first pair wins") {
  const std::vector<Attribute> cats{attr_ss("cats_strings", {"a", "b", "a"}), attr_is("cats_int64s", {1, 2, 3})};
  auto y = run_ml("CategoryMapper", 1, {Value(tstr({2, 2}, {"a", "b", "c", "a"}))}, cats);
  CHECK(shape_of(y[0]) == Shape{2, 2});
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{1, 2, -1, 1});
  y = run_ml("CategoryMapper", 1, {Value(ti64({4}, {3, 2, 0, 1}))}, cats);
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"a", "b", "_Unused", "a"});
  auto with_defaults = cats;
  with_defaults.push_back(attr_s("default_string", "none"));
  y = run_ml("CategoryMapper", 1, {Value(ti64({1}, {7}))}, with_defaults);
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"none"});
  CHECK(clause_of([] {
          run_ml("CategoryMapper", 1, {Value(ti64({1}, {7}))},
                 {attr_ss("cats_strings", {"a"}), attr_is("cats_int64s", {})});
        }) == "ML16");
}

TEST_CASE("[ML17] OneHotEncoder") {
  auto y = run_ml("OneHotEncoder", 1, {Value(ti64({2}, {3, 9}))}, {attr_is("cats_int64s", {9, 3, 4})});
  CHECK(shape_of(y[0]) == Shape{2, 3});
  CHECK(vals(y[0]) == std::vector<float>{0, 1, 0, 1, 0, 0});
  // floats truncate toward zero: -1.7 -> -1, 2.9 -> 2; NaN matches nothing
  y = run_ml("OneHotEncoder", 1, {Value(td({1, 3}, {-1.7, 2.9, std::nan("")}))}, {attr_is("cats_int64s", {2, -1})});
  CHECK(shape_of(y[0]) == Shape{1, 3, 2});
  CHECK(vals(y[0]) == std::vector<float>{0, 1, 1, 0, 0, 0});
  y = run_ml("OneHotEncoder", 1, {Value(tstr({1}, {"b"}))}, {attr_ss("cats_strings", {"a", "b"})});
  CHECK(vals(y[0]) == std::vector<float>{0, 1});
  CHECK(clause_of([] {
          run_ml("OneHotEncoder", 1, {Value(tstr({1}, {"c"}))}, {attr_ss("cats_strings", {"a"}), attr_i("zeros", 0)});
        }) == "ML17");
  CHECK(clause_of([] { run_ml("OneHotEncoder", 1, {Value(tstr({1}, {"c"}))}, {attr_is("cats_int64s", {1})}); }) ==
        "ML17");
  CHECK(clause_of([] {
          run_ml("OneHotEncoder", 1, {Value(ti64({1}, {1}))},
                 {attr_is("cats_int64s", {1}), attr_ss("cats_strings", {"a"})});
        }) == "ML17");
}

TEST_CASE("[ML18] Imputer replaces one value per feature") {
  auto y = run_ml("Imputer", 1, {Value(tf({2, 2}, {0, 1, 2, 0}))}, {attr_fs("imputed_value_floats", {7, 8})});
  CHECK(vals(y[0]) == std::vector<float>{7, 1, 2, 8});
  y = run_ml("Imputer", 1, {Value(td({3}, {std::nan(""), 1, std::nan("")}))},
             {attr_fs("imputed_value_floats", {5}), attr_f("replaced_value_float", nanf_)});
  CHECK(vals<double>(y[0]) == std::vector<double>{5, 1, 5});
  y = run_ml("Imputer", 1, {Value(ti32({2, 1}, {-1, 4}))},
             {attr_is("imputed_value_int64s", {0}), attr_i("replaced_value_int64", -1)});
  CHECK(vals<int32_t>(y[0]) == std::vector<int32_t>{0, 4});
  CHECK(clause_of([] {
          run_ml("Imputer", 1, {Value(tf({2, 3}, {0, 0, 0, 0, 0, 0}))}, {attr_fs("imputed_value_floats", {1, 2})});
        }) == "ML18");
  CHECK(clause_of([] {
          run_ml("Imputer", 1, {Value(ti32({1}, {0}))}, {attr_is("imputed_value_int64s", {1LL << 40})});
        }) == "ML18");
  CHECK(clause_of([] { run_ml("Imputer", 1, {Value(ti64({1}, {0}))}, {attr_fs("imputed_value_floats", {1})}); }) ==
        "ML18");
}

TEST_CASE("[ML19] Scaler subtracts the offset, then multiplies by the scale") {
  auto y = run_ml("Scaler", 1, {Value(ti64({2, 2}, {1, 2, 3, 4}))},
                  {attr_fs("offset", {1, 2}), attr_fs("scale", {2, 0.5f})});
  CHECK(vals(y[0]) == std::vector<float>{0, 0, 4, 1});
  y = run_ml("Scaler", 1, {Value(td({3}, {1, 2, 3}))}, {attr_fs("scale", {-1})});
  CHECK(vals(y[0]) == std::vector<float>{-1, -2, -3});
  CHECK(clause_of([] { run_ml("Scaler", 1, {Value(tf({3}, {1, 2, 3}))}, {attr_fs("offset", {1, 2})}); }) == "ML19");
}

TEST_CASE("[ML20] Normalizer divides each row by MAX, L1 or L2") {
  const Tensor x = tf({2, 2}, {3, -4, 0, 0});
  auto y = run_ml("Normalizer", 1, {Value(x)});
  CHECK(vals(y[0]) == std::vector<float>{1, -4.0f / 3, 0, 0});
  y = run_ml("Normalizer", 1, {Value(x)}, {attr_s("norm", "L1")});
  check_close(vals(y[0]), {3.0 / 7, -4.0 / 7, 0, 0});
  y = run_ml("Normalizer", 1, {Value(ti32({2}, {3, -4}))}, {attr_s("norm", "L2")});
  check_close(vals(y[0]), {0.6, -0.8});
  CHECK(clause_of([&] { run_ml("Normalizer", 1, {Value(x)}, {attr_s("norm", "LINF")}); }) == "ML20");
}

TEST_CASE("[ML21] FeatureVectorizer joins the inputs' features") {
  auto y = run_ml("FeatureVectorizer", 1, {Value(ti64({2, 1}, {1, 2})), Value(tf({2, 2}, {3, 4, 5, 6}))});
  CHECK(shape_of(y[0]) == Shape{2, 3});
  CHECK(vals(y[0]) == std::vector<float>{1, 3, 4, 2, 5, 6});
  // inputdimensions cuts and pads
  y = run_ml("FeatureVectorizer", 1, {Value(td({3}, {1, 2, 3})), Value(td({1}, {4}))},
             {attr_is("inputdimensions", {2, 3})});
  CHECK(shape_of(y[0]) == Shape{1, 5});
  CHECK(vals(y[0]) == std::vector<float>{1, 2, 4, 0, 0});
  CHECK(clause_of([] {
          run_ml("FeatureVectorizer", 1, {Value(tf({2, 1}, {1, 2})), Value(tf({1, 1}, {1}))});
        }) == "ML21");
  CHECK(clause_of([] {
          run_ml("FeatureVectorizer", 1, {Value(tf({1}, {1}))}, {attr_is("inputdimensions", {1, 1})});
        }) == "ML21");
}

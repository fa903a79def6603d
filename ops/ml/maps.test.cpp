// ZipMap, DictVectorizer and CastMap (spec/ops-ml.md, ML60-ML63), with results written out by hand.
#include <cmath>
#include <limits>

#include "ops/ml/test_util.hpp"

using namespace mltest;

namespace {
std::shared_ptr<const Type> float_type() {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::tensor;
  t->elem = DType::float32;
  return t;
}
// A map from keys to rank-0 tensors of type T.
template <class K, class T>
Value make(std::vector<K> keys, std::vector<T> values) {
  std::vector<Value> v;
  for (auto& x : values) v.emplace_back(Tensor::scalar<T>(test_context(), x));
  const auto n = static_cast<int64_t>(keys.size());
  return Value(make_map(Tensor::from_vector<K>(test_context(), {n}, keys), std::move(v), nullptr));
}
// The keys and float values of a map ZipMap made.
template <class K>
std::vector<K> keys_of(const Value& m) {
  auto k = m.map().keys.data<K>();
  return {k.begin(), k.end()};
}
std::vector<float> floats_of(const Value& m) {
  std::vector<float> out;
  for (const auto& v : *m.map().values) {
    CHECK(v.tensor().rank() == 0);
    out.push_back(v.tensor().data<float>()[0]);
  }
  return out;
}
}  // namespace

TEST_CASE("[ML60] ZipMap: one map per row, keys in attribute order, with int64 labels") {
  const auto z = run_ml("ZipMap", 1, {Value(tf({2, 3}, {0.1f, 0.2f, 0.7f, 1, 0, -1}))},
                        {attr_is("classlabels_int64s", {30, 10, 20})});
  const auto& items = z[0]->sequence().items;
  REQUIRE(items.size() == 2);
  CHECK(keys_of<int64_t>(items[0]) == std::vector<int64_t>{30, 10, 20});
  CHECK(floats_of(items[0]) == std::vector<float>{0.1f, 0.2f, 0.7f});
  CHECK(floats_of(items[1]) == std::vector<float>{1, 0, -1});
  REQUIRE(z[0]->sequence().elem);
  CHECK(z[0]->sequence().elem->describe() == "map(int64,tensor(float))");
}

TEST_CASE("[ML60] ZipMap with string labels, a rank-1 input and no rows") {
  auto z = run_ml("ZipMap", 1, {Value(tf({2}, {0.25f, 0.75f}))}, {attr_ss("classlabels_strings", {"no", "yes"})});
  const auto& items = z[0]->sequence().items;
  REQUIRE(items.size() == 1);
  CHECK(keys_of<std::string>(items[0]) == std::vector<std::string>{"no", "yes"});
  CHECK(floats_of(items[0]) == std::vector<float>{0.25f, 0.75f});
  // N = 0: the empty sequence, still typed as a sequence of maps
  z = run_ml("ZipMap", 1, {Value(tf({0, 2}, {}))}, {attr_ss("classlabels_strings", {"no", "yes"})});
  CHECK(z[0]->sequence().items.empty());
  CHECK(z[0]->sequence().elem->describe() == "map(string,tensor(float))");
  // a NaN score is kept as it is
  z = run_ml("ZipMap", 1, {Value(tf({1, 1}, {std::nanf("")}))}, {attr_is("classlabels_int64s", {1})});
  CHECK(std::isnan(floats_of(z[0]->sequence().items.at(0))[0]));
}

TEST_CASE("[ML60] ZipMap refuses wrong label attributes, column counts, ranks and types") {
  const auto x = Value(tf({1, 2}, {1, 2}));
  CHECK(clause_of([&] { run_ml("ZipMap", 1, {x}, {}); }) == "ML60");
  CHECK(clause_of([&] {
          run_ml("ZipMap", 1, {x}, {attr_is("classlabels_int64s", {1, 2}), attr_ss("classlabels_strings", {"a", "b"})});
        }) == "ML60");
  CHECK(clause_of([&] { run_ml("ZipMap", 1, {x}, {attr_is("classlabels_int64s", {1, 2, 3})}); }) == "ML60");
  CHECK(clause_of([] {
          run_ml("ZipMap", 1, {Value(tf({1, 1, 2}, {1, 2}))}, {attr_is("classlabels_int64s", {1, 2})});
        }) == "ML60");
  CHECK(clause_of([] {
          run_ml("ZipMap", 1, {Value(td({1, 2}, {1, 2}))}, {attr_is("classlabels_int64s", {1, 2})});
        }) == "ML60");
  CHECK(clause_of([&] { run_ml("ZipMap", 1, {x}, {attr_ss("classlabels_strings", {"a", "a"})}); }) == "V4");
  CHECK(clause_of([] {
          run_ml("ZipMap", 1, {Value(tf({0, 2}, {}))}, {attr_is("classlabels_int64s", {3, 3})});
        }) == "V4");
}

TEST_CASE("[ML61] DictVectorizer: vocabulary positions, absent keys zero, unknown keys ignored") {
  // the example of ONNX's documentation: ["a", "c", "b", "z"] and {"a": 4, "c": 8} give [4, 8, 0, 0]
  auto y = run_ml("DictVectorizer", 1, {make<std::string, int64_t>({"a", "c"}, {4, 8})},
                  {attr_ss("string_vocabulary", {"a", "c", "b", "z"})});
  CHECK(shape_of(y[0]) == Shape{1, 4});
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{4, 8, 0, 0});
  // int64 keys, float values; key 99 is not in the vocabulary
  y = run_ml("DictVectorizer", 1, {make<int64_t, float>({5, 99, 1}, {0.5f, 7, -2})},
             {attr_is("int64_vocabulary", {1, 2, 5})});
  CHECK(vals<float>(y[0]) == std::vector<float>{-2, 0, 0.5f});
  // double values; a vocabulary entry given twice is filled twice
  y = run_ml("DictVectorizer", 1, {make<int64_t, double>({3}, {1.25})}, {attr_is("int64_vocabulary", {3, 4, 3})});
  CHECK(vals<double>(y[0]) == std::vector<double>{1.25, 0, 1.25});
  // string values: absent keys give the empty string
  y = run_ml("DictVectorizer", 1, {make<int64_t, std::string>({2}, {"two"})}, {attr_is("int64_vocabulary", {1, 2})});
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"", "two"});
  // an empty map of known value type
  std::vector<Value> none;
  const Value empty(make_map(Tensor::from_vector<std::string>(test_context(), {0}, {}), none, float_type()));
  y = run_ml("DictVectorizer", 1, {empty}, {attr_ss("string_vocabulary", {"a"})});
  CHECK(vals<float>(y[0]) == std::vector<float>{0});
}

TEST_CASE("[ML61] DictVectorizer refuses mismatched vocabularies and value types") {
  const Value m = make<std::string, float>({"a"}, {1});
  CHECK(clause_of([&] { run_ml("DictVectorizer", 1, {m}, {}); }) == "ML61");
  CHECK(clause_of([&] { run_ml("DictVectorizer", 1, {m}, {attr_is("int64_vocabulary", {1})}); }) == "ML61");
  CHECK(clause_of([&] {
          run_ml("DictVectorizer", 1, {m}, {attr_is("int64_vocabulary", {1}), attr_ss("string_vocabulary", {"a"})});
        }) == "ML61");
  CHECK(clause_of([] {
          run_ml("DictVectorizer", 1, {make<std::string, int32_t>({"a"}, {1})}, {attr_ss("string_vocabulary", {"a"})});
        }) == "ML61");
  std::vector<Value> none;
  const Value untyped(make_map(Tensor::from_vector<std::string>(test_context(), {0}, {}), none, nullptr));
  CHECK(clause_of([&] { run_ml("DictVectorizer", 1, {untyped}, {attr_ss("string_vocabulary", {"a"})}); }) == "ML61");
  // values of mixed types
  std::vector<Value> mixed{Value(Tensor::scalar<float>(test_context(), 1)),
                           Value(Tensor::scalar<double>(test_context(), 2))};
  const Value mm(make_map(Tensor::from_vector<std::string>(test_context(), {2}, {"a", "b"}), mixed, nullptr));
  CHECK(clause_of([&] { run_ml("DictVectorizer", 1, {mm}, {attr_ss("string_vocabulary", {"a"})}); }) == "ML61");
  // the input must be a map
  CHECK(clause_of([] { run_ml("DictVectorizer", 1, {Value(tf({1}, {1}))}, {attr_ss("string_vocabulary", {"a"})}); }) ==
        "V2");
}

TEST_CASE("[ML62] [ML63] CastMap DENSE: values in ascending key order, each cast_to") {
  const Value m = make<int64_t, float>({7, -1, 3}, {2.5f, -0.75f, 1e-5f});
  auto y = run_ml("CastMap", 1, {m});  // TO_FLOAT, DENSE by default
  CHECK(shape_of(y[0]) == Shape{3});
  CHECK(vals<float>(y[0]) == std::vector<float>{-0.75f, 1e-5f, 2.5f});
  y = run_ml("CastMap", 1, {m}, {attr_s("cast_to", "TO_INT64")});
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{0, 0, 2});  // truncation toward zero
  y = run_ml("CastMap", 1, {m}, {attr_s("cast_to", "TO_STRING")});
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"-0.75", "1e-05", "2.5"});
  const Value s = make<int64_t, std::string>({2, 1}, {" 42 ", "-1.5e1"});
  y = run_ml("CastMap", 1, {s});
  CHECK(vals<float>(y[0]) == std::vector<float>{-15, 42});
  y = run_ml("CastMap", 1, {s}, {attr_s("cast_to", "TO_STRING")});
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"-1.5e1", " 42 "});
  y = run_ml("CastMap", 1, {make<int64_t, std::string>({0}, {"-9007199254740993"})}, {attr_s("cast_to", "TO_INT64")});
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{-9007199254740993});  // read exactly
  // the empty map gives the empty tensor
  std::vector<Value> none;
  y = run_ml("CastMap", 1, {Value(make_map(Tensor::from_vector<int64_t>(test_context(), {0}, {}), none, nullptr))});
  CHECK(shape_of(y[0]) == Shape{0});
}

TEST_CASE("[ML62] [ML63] CastMap SPARSE: values at their key's position, the rest padded") {
  const Value m = make<int64_t, float>({3, 0}, {1.5f, -2});
  auto y = run_ml("CastMap", 1, {m}, {attr_s("map_form", "SPARSE"), attr_i("max_map", 5)});
  CHECK(shape_of(y[0]) == Shape{5});
  CHECK(vals<float>(y[0]) == std::vector<float>{-2, 0, 0, 1.5f, 0});
  y = run_ml("CastMap", 1, {m}, {attr_s("map_form", "SPARSE"), attr_i("max_map", 4), attr_s("cast_to", "TO_INT64")});
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{-2, 0, 0, 1});
  y = run_ml("CastMap", 1, {m}, {attr_s("map_form", "SPARSE"), attr_i("max_map", 4), attr_s("cast_to", "TO_STRING")});
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"-2.0", "0", "0", "1.5"});
  const Value s = make<int64_t, std::string>({1}, {"7"});
  y = run_ml("CastMap", 1, {s}, {attr_s("map_form", "SPARSE"), attr_i("max_map", 3), attr_s("cast_to", "TO_STRING")});
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"0", "7", "0"});
  y = run_ml("CastMap", 1, {s}, {attr_s("map_form", "SPARSE"), attr_i("max_map", 2)});
  CHECK(vals<float>(y[0]) == std::vector<float>{0, 7});
  // a key beyond max_map - 1 (the default max_map is 1), a negative key, a non-positive max_map
  CHECK(clause_of([&] { run_ml("CastMap", 1, {m}, {attr_s("map_form", "SPARSE")}); }) == "ML62");
  CHECK(clause_of([] {
          run_ml("CastMap", 1, {make<int64_t, float>({-1}, {1})}, {attr_s("map_form", "SPARSE"), attr_i("max_map", 3)});
        }) == "ML62");
  CHECK(clause_of([&] { run_ml("CastMap", 1, {m}, {attr_s("map_form", "SPARSE"), attr_i("max_map", 0)}); }) == "ML62");
}

TEST_CASE("[ML62] [ML63] CastMap refuses bad attributes, keys, values and conversions") {
  const Value m = make<int64_t, float>({1}, {1});
  CHECK(clause_of([&] { run_ml("CastMap", 1, {m}, {attr_s("cast_to", "TO_DOUBLE")}); }) == "ML62");
  CHECK(clause_of([&] { run_ml("CastMap", 1, {m}, {attr_s("map_form", "COMPACT")}); }) == "ML62");
  CHECK(clause_of([] { run_ml("CastMap", 1, {make<std::string, float>({"a"}, {1})}); }) == "ML62");
  CHECK(clause_of([] { run_ml("CastMap", 1, {make<int64_t, double>({1}, {1})}); }) == "ML62");
  CHECK(clause_of([] { run_ml("CastMap", 1, {make<int64_t, std::string>({1}, {"one"})}); }) == "N8");
  CHECK(clause_of([] {
          run_ml("CastMap", 1, {make<int64_t, float>({1}, {std::nanf("")})}, {attr_s("cast_to", "TO_INT64")});
        }) == "N6");
  CHECK(clause_of([] {
          run_ml("CastMap", 1, {make<int64_t, float>({1}, {1e30f})}, {attr_s("cast_to", "TO_INT64")});
        }) == "N6");
}

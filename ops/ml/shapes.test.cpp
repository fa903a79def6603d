// Tests of the ml family's shape rules (ops/ml/shapes.cpp; spec/types.md TY5, spec/ops-ml.md).
#include <doctest/doctest.h>

#include <limits>
#include <memory>

#include "ops/common/testing.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {

using testing::attr_fs;
using testing::attr_i;
using testing::attr_is;
using testing::attr_s;
using testing::attr_ss;
using testing::attr_t;
using testing::clause_of;
using testing::dims_of;
using testing::make_node;
using testing::ttype;
using Dims64 = std::vector<int64_t>;

const Registry& reg() { return testing::shape_registry<add_ml, describe_ml, shapes_ml>(); }

std::vector<Type> infer(const std::string& op, int64_t since, std::vector<std::optional<Type>> in,
                        std::vector<Attribute> attrs = {}, size_t outputs = 1) {
  return testing::infer_with(reg(), make_node(op, std::move(attrs), "ai.onnx.ml", outputs), since, std::move(in));
}

const auto f = DType::float32;
const auto i64 = DType::int64;
const auto str = DType::string;
const int64_t big = std::numeric_limits<int64_t>::max();

Type map_of(DType key, DType value) {
  Type m;
  m.kind = Type::Kind::map;
  m.key = key;
  m.inner = std::make_shared<const Type>(make_tensor_type(value));
  return m;
}

TEST_CASE("ml shapes: encoders keep X's shape and set the element type their attributes fix") {
  CHECK(dims_of(infer("Binarizer", 1, {ttype(f, {2, 3})})[0]) == Dims64{2, 3});
  CHECK(dims_of(infer("Imputer", 1, {ttype(i64, {-1, 3})})[0]) == Dims64{-1, 3});
  auto out = infer("CategoryMapper", 1, {ttype(str, {4})});
  CHECK(out[0].elem == i64);
  CHECK(dims_of(out[0]) == Dims64{4});
  CHECK(infer("LabelEncoder", 1, {ttype(i64, {4})})[0].elem == str);
  out = infer("LabelEncoder", 2, {ttype(str, {2, 2})}, {attr_ss("keys_strings", {"a"}), attr_fs("values_floats", {1})});
  CHECK(out[0].elem == f);
  CHECK(dims_of(out[0]) == Dims64{2, 2});
  out = infer("LabelEncoder", 4, {ttype(i64, {3})},
              {attr_is("keys_int64s", {1}), attr_t("values_tensor", testing::tv<int16_t>({1}, {7}))});
  CHECK(out[0].elem == DType::int16);
  out = infer("LabelEncoder", 4, {ttype(i64, {3})}, {attr_is("keys_int64s", {1})});
  CHECK(out[0].elem == DType::undefined);
  out = infer("OneHotEncoder", 1, {ttype(str, {2, 3})}, {attr_ss("cats_strings", {"a", "b", "c", "d"})});
  CHECK(out[0].elem == f);
  CHECK(dims_of(out[0]) == Dims64{2, 3, 4});
  out = infer("Scaler", 1, {ttype(DType::int32, {5})});
  CHECK(out[0].elem == f);
  CHECK(dims_of(out[0]) == Dims64{5});
  out = infer("Normalizer", 1, {ttype(DType::float64, {2, 5})}, {attr_s("norm", "L2")});
  CHECK(out[0].elem == f);
  CHECK(clause_of([] { (void)infer("Normalizer", 1, {ttype(f, {2})}, {attr_s("norm", "L3")}); }) == "TY10");
}

TEST_CASE("ml shapes: ArrayFeatureExtractor replaces the last extent by the number of indices") {
  CHECK(dims_of(infer("ArrayFeatureExtractor", 1, {ttype(f, {2, 3, 9}), ttype(i64, {2, 2})})[0]) == Dims64{2, 3, 4});
  CHECK(dims_of(infer("ArrayFeatureExtractor", 1, {ttype(f, {9}), ttype(i64, {-1})})[0]) == Dims64{1, -1});
  CHECK(dims_of(infer("ArrayFeatureExtractor", 1, {ttype(f, {2, 9}), ttype(i64, {big, big})})[0]) == Dims64{2, -1});
  CHECK_FALSE(infer("ArrayFeatureExtractor", 1, {ttype(f, {}), ttype(i64, {1})})[0].shape);
}

TEST_CASE("ml shapes: maps: CastMap, DictVectorizer and ZipMap") {
  const Type m = map_of(i64, f);
  auto out = infer("CastMap", 1, {m}, {attr_s("cast_to", "TO_STRING")});
  CHECK(out[0].elem == str);
  CHECK(dims_of(out[0]) == Dims64{-1});
  out = infer("CastMap", 1, {m}, {attr_s("map_form", "SPARSE"), attr_i("max_map", 6)});
  CHECK(out[0].elem == f);
  CHECK(dims_of(out[0]) == Dims64{6});
  CHECK(dims_of(infer("CastMap", 1, {m}, {attr_s("map_form", "SPARSE"), attr_i("max_map", -6)})[0]) == Dims64{-1});
  CHECK(clause_of([&] { (void)infer("CastMap", 1, {m}, {attr_s("cast_to", "TO_DOUBLE")}); }) == "TY10");
  CHECK(clause_of([&] { (void)infer("CastMap", 1, {m}, {attr_s("map_form", "dense")}); }) == "TY10");
  out = infer("DictVectorizer", 1, {map_of(str, DType::float64)}, {attr_ss("string_vocabulary", {"a", "b", "c"})});
  CHECK(out[0].elem == DType::float64);
  CHECK(dims_of(out[0]) == Dims64{1, 3});
  out = infer("ZipMap", 1, {ttype(f, {2, 3})}, {attr_ss("classlabels_strings", {"a", "b", "c"})});
  CHECK(out[0].kind == Type::Kind::sequence);
  REQUIRE(out[0].inner);
  CHECK(out[0].inner->kind == Type::Kind::map);
  CHECK(out[0].inner->key == str);
  out = infer("ZipMap", 1, {ttype(f, {3})}, {attr_is("classlabels_int64s", {1, 2, 3})});
  REQUIRE(out[0].inner);
  CHECK(out[0].inner->key == i64);
  CHECK(infer("ZipMap", 1, {ttype(f, {3})})[0].kind == Type::Kind::unknown);
}

TEST_CASE("ml shapes: FeatureVectorizer joins the inputs' columns") {
  auto out = infer("FeatureVectorizer", 1, {ttype(f, {-1, 2}), ttype(i64, {-1, 3})});
  CHECK(out[0].elem == f);
  CHECK(dims_of(out[0]) == Dims64{-1, 5});
  out = infer("FeatureVectorizer", 1, {ttype(f, {4}), ttype(i64, {1, -1})}, {attr_is("inputdimensions", {4, 7})});
  CHECK(dims_of(out[0]) == Dims64{1, 11});
  out = infer("FeatureVectorizer", 1, {ttype(f, {4}), ttype(i64, {1, 2})}, {attr_is("inputdimensions", {big, 7})});
  CHECK(dims_of(out[0]) == Dims64{1, -1});
  out = infer("FeatureVectorizer", 1, {ttype(f, {2, 4}), ttype(i64, {2, 2})}, {attr_is("inputdimensions", {4})});
  CHECK(dims_of(out[0]) == Dims64{2, -1});
}

TEST_CASE("ml shapes: linear models, SVMs and tree ensembles give [N] labels and [N, columns] scores") {
  auto out = infer("LinearClassifier", 1, {ttype(f, {-1, 3})},
                   {attr_is("classlabels_ints", {5, 6}), attr_fs("coefficients", {1, 2, 3})}, 2);
  CHECK(out[0].elem == i64);
  CHECK(dims_of(out[0]) == Dims64{-1});
  CHECK(out[1].elem == f);
  CHECK(dims_of(out[1]) == Dims64{-1, 2});
  out = infer("LinearClassifier", 1, {ttype(f, {3})},
              {attr_ss("classlabels_strings", {"a", "b", "c"}), attr_fs("coefficients", {1, 2, 3, 4, 5, 6, 7, 8, 9})},
              2);
  CHECK(out[0].elem == str);
  CHECK(dims_of(out[0]) == Dims64{1});
  CHECK(dims_of(out[1]) == Dims64{1, 3});
  out = infer("LinearRegressor", 1, {ttype(f, {7, 3})}, {attr_i("targets", 2)});
  CHECK(out[0].elem == f);
  CHECK(dims_of(out[0]) == Dims64{7, 2});
  out = infer("SVMRegressor", 1, {ttype(DType::float64, {7, 3})});
  CHECK(out[0].elem == f);
  CHECK(dims_of(out[0]) == Dims64{7, 1});
  out = infer("SVMClassifier", 1, {ttype(f, {7, 3})}, {attr_is("classlabels_ints", {0, 1, 2})}, 2);
  CHECK(dims_of(out[0]) == Dims64{7});
  CHECK(dims_of(out[1]) == Dims64{7, -1});
  out = infer("TreeEnsemble", 5, {ttype(DType::float64, {7, 3})}, {attr_i("n_targets", 4)});
  CHECK(dims_of(out[0]) == Dims64{7, 4});
  out = infer("TreeEnsembleRegressor", 3, {ttype(f, {7, 3})}, {attr_i("n_targets", 2)});
  CHECK(dims_of(out[0]) == Dims64{7, 2});
  CHECK(dims_of(infer("TreeEnsembleRegressor", 1, {ttype(f, {7, 3})})[0]) == Dims64{7, -1});
  out = infer("TreeEnsembleClassifier", 1, {ttype(f, {-1, 3})}, {attr_ss("classlabels_strings", {"x", "y"})}, 2);
  CHECK(out[0].elem == str);
  CHECK(dims_of(out[1]) == Dims64{-1, 2});
  // both or neither label lists: the label type is not determined
  out = infer("TreeEnsembleClassifier", 3, {ttype(f, {}, false)}, {}, 2);
  CHECK(out[0].elem == DType::undefined);
  CHECK_FALSE(out[1].shape);
}

TEST_CASE("[ML64] ml shapes: feature-row inputs have rank 1 or 2 (TreeEnsemble: 2)") {
  CHECK(clause_of([] { (void)infer("LinearRegressor", 1, {ttype(f, {2, 3, 4})}); }) == "ML64");
  CHECK(clause_of([] { (void)infer("SVMClassifier", 1, {ttype(f, {})}, {}, 2); }) == "ML64");
  CHECK(clause_of([] { (void)infer("TreeEnsemble", 5, {ttype(f, {3})}); }) == "ML64");
  CHECK(clause_of([] { (void)infer("FeatureVectorizer", 1, {ttype(f, {3}), ttype(f, {1, 1, 1})}); }) == "ML64");
  CHECK(clause_of([] { (void)infer("Normalizer", 1, {ttype(f, {1, 1, 1})}); }) == "ML64");
}

}  // namespace
}  // namespace onnxsem::ops

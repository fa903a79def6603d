// Internal interface of the ai.onnx.ml operator family (spec/ops-ml.md): the per-file registration
// functions and the helpers the family's files share (reading numeric inputs, score transforms).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "ops/common/values.hpp"
#include "ops/registry.hpp"
#include "values/dispatch.hpp"
#include "values/numeric.hpp"
#include "values/value.hpp"

namespace onnxsem::ops::ml {

inline const std::string domain = "ai.onnx.ml";

void add_encoders(Registry& r);  // encode.cpp: ArrayFeatureExtractor, Binarizer, LabelEncoder, CategoryMapper, ...
void add_trees(Registry& r);     // trees.cpp: TreeEnsemble, TreeEnsembleRegressor, TreeEnsembleClassifier
void add_linear(Registry& r);    // linear.cpp: LinearRegressor, LinearClassifier, SVMRegressor, SVMClassifier
void add_maps(Registry& r);      // maps.cpp: ZipMap, DictVectorizer, CastMap

// The usual numeric input constraint of the family: float, double, int64, int32.
inline constexpr auto ml_numeric_types = hana::tuple_t<float, double, int64_t, int32_t>;

// Refuses (L3) a binary64 working array of that shape when a tensor of it would exceed the allocation
// limit, and (L1) a shape whose element count overflows; returns the element count.
int64_t check_work(EvalContext& cx, const Shape& shape);

// A float tensor from binary64 values, each rounded once.
[[nodiscard]] Tensor float_tensor(EvalContext& cx, Shape shape, const std::vector<double>& v);

// A numeric input read as rows: rank 1 ([C], one row) or rank 2 ([N, C]) (clause ML2).
struct Rows {
  int64_t n = 0, c = 0;
  std::vector<double> x;  // n * c values, row-major, widened exactly to binary64
};
[[nodiscard]] Rows read_rows(const Tensor& t, const std::string& op, bool allow_rank1 = true);

// The post_transform attribute's transforms (clauses ML40-ML44).
enum class PostTransform { none, softmax, logistic, softmax_zero, probit };
[[nodiscard]] PostTransform parse_post_transform(const std::string& s, const std::string& op);
[[nodiscard]] PostTransform post_transform_from_int(int64_t v, const std::string& op);
// Applies the transform to one row of scores, in place.
void apply_post_transform(PostTransform t, std::vector<double>& row);
[[nodiscard]] double logistic(double x);
[[nodiscard]] double probit(double p);

// The index of the largest score of a row (the first one on ties; a NaN counts as largest) (ML45).
[[nodiscard]] size_t arg_max(const std::vector<double>& row);

// Class labels of a classifier: integers or strings, exactly one of them given (ML46).
struct Labels {
  std::optional<std::vector<int64_t>> ints;
  std::optional<std::vector<std::string>> strings;
  [[nodiscard]] size_t size() const { return ints ? ints->size() : strings->size(); }
};
[[nodiscard]] Labels read_labels(const Node& node, const std::string& ints_name, const std::string& op);
// The label output: for each row the label at the given index, or the given fallback (0 / "").
[[nodiscard]] Tensor label_tensor(EvalContext& cx, const Labels& labels, const std::vector<int64_t>& index);
// The outputs of a classifier: the labels (label_tensor) and the scores, `rows` x `width` in row-major
// order, as many of the two as the operation has.
[[nodiscard]] std::vector<std::optional<Value>> classifier_outputs(const KernelArgs& a, const Labels& labels,
                                                                   const std::vector<int64_t>& index, int64_t rows,
                                                                   int64_t width, const std::vector<double>& scores);

}  // namespace onnxsem::ops::ml

// The shape rules of the ml family (spec/types.md, TY5): for each operator version of ai.onnx.ml, the output
// types its definition determines from the input types and the attributes. Many outputs' element types are
// fixed by attributes (class labels, values lists, cast_to) rather than by type variables; the rules set them.
#include <string>

#include "ops/common/attrs.hpp"
#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops {
namespace {

const std::string ml = "ai.onnx.ml";

// A feature-row input (ML2): [N, C], or [C] read as one row where `rank1` allows it. Rows of a known shape
// give N and C; the rank is checked where it is known.
struct Rows {
  Dim n, c;
};
std::optional<Rows> rows(const InferenceArgs& a, size_t k, bool rank1 = true) {
  const auto& x = input_dims(a, k);
  if (!x) return std::nullopt;
  // [spec:ML64] a feature-row input has rank 2, or rank 1 where the operator reads [C] as one row.
  ONNXSEM_CLAUSE(ML64);
  if (x->size() != 2 && !(rank1 && x->size() == 1))
    type_error("ML64", a.node.op_type + ": input " + std::to_string(k) + " has rank " + std::to_string(x->size()) +
                           (rank1 ? ", not 1 or 2" : ", not 2"));
  if (x->size() == 1) return Rows{fixed_dim(1), (*x)[0]};
  return Rows{(*x)[0], (*x)[1]};
}

// The element type and number of a classifier's labels (ML46): exactly one non-empty list of labels.
struct Labels {
  DType elem = DType::undefined;
  std::optional<int64_t> count;
};
Labels labels(const InferenceArgs& a, const std::string& ints_name) {
  const auto ints = attr_ints_opt(a.node, ints_name);
  const auto strings = attr_strings_opt(a.node, "classlabels_strings");
  if (ints.has_value() == strings.has_value()) return {};
  const auto n = static_cast<int64_t>(ints ? ints->size() : strings->size());
  if (n == 0) return {};
  return {ints ? DType::int64 : DType::string, n};
}

Dim maybe(const std::optional<int64_t>& v) { return v && *v >= 0 ? fixed_dim(*v) : unknown_dim(); }

// A classifier's outputs: the labels [N] and the float scores [N, columns].
std::vector<Type> classifier(const InferenceArgs& a, const std::optional<Rows>& r, DType label,
                             const std::optional<int64_t>& columns) {
  if (!r) return outputs(a, {make_tensor_type(label), make_tensor_type(DType::float32)});
  return outputs(a,
                 {make_tensor_type(label, Dims{r->n}), make_tensor_type(DType::float32, Dims{r->n, maybe(columns)})});
}

// A float output of the input's shape (Normalizer, Scaler).
std::vector<Type> float_like_input(const InferenceArgs& a) {
  return outputs(a, {make_tensor_type(DType::float32, input_dims(a, 0))});
}

// ArrayFeatureExtractor (ML10): X's shape with the last extent replaced by the number of indices, [1, K]
// for a rank-1 X.
std::vector<Type> array_feature_extractor(const InferenceArgs& a) {
  const auto& x = input_dims(a, 0);
  const auto& y = input_dims(a, 1);
  if (!x || x->empty()) return outputs(a, {});
  Dim k = unknown_dim();
  if (y) {
    if (y->size() == 1) k = y->front();
    else if (const auto p = dims_product(*y)) k = fixed_dim(*p);
  }
  Dims z = x->size() == 1 ? Dims{fixed_dim(1)} : Dims(x->begin(), x->end() - 1);
  z.push_back(k);
  return outputs(a, {make_tensor_type(DType::undefined, z)});
}

// CastMap (ML62): a 1-D tensor of cast_to's element type, of the map's size (DENSE) or max_map (SPARSE).
std::vector<Type> cast_map(const InferenceArgs& a) {
  (void)choice_attr(a.node, "cast_to", "TO_FLOAT", {"TO_FLOAT", "TO_STRING", "TO_INT64"});
  (void)choice_attr(a.node, "map_form", "DENSE", {"DENSE", "SPARSE"});
  const std::string to = attr_string(a.node, "cast_to", "TO_FLOAT");
  const DType elem = to == "TO_STRING" ? DType::string : to == "TO_INT64" ? DType::int64 : DType::float32;
  Dim n = unknown_dim();
  const int64_t max_map = attr_int(a.node, "max_map", 1);
  if (attr_string(a.node, "map_form", "DENSE") == "SPARSE" && max_map > 0) n = fixed_dim(max_map);
  return outputs(a, {make_tensor_type(elem, Dims{n})});
}

// CategoryMapper and LabelEncoder-1 (ML12, ML16): strings to int64 and int64 to strings, of X's shape.
std::vector<Type> string_int_map(const InferenceArgs& a) {
  const DType x = input_elem(a, 0);
  const DType y = x == DType::string ? DType::int64 : x == DType::int64 ? DType::string : DType::undefined;
  return outputs(a, {make_tensor_type(y, input_dims(a, 0))});
}

// DictVectorizer (ML61): [1, V] of the map's value type, V the vocabulary's length.
std::vector<Type> dict_vectorizer(const InferenceArgs& a) {
  const Type& m = a.input(0);
  DType elem = DType::undefined;
  if (m.kind == Type::Kind::map && m.inner && m.inner->kind == Type::Kind::tensor) elem = m.inner->elem;
  const auto s = attr_strings_opt(a.node, "string_vocabulary");
  const auto i = attr_ints_opt(a.node, "int64_vocabulary");
  if (s.has_value() == i.has_value()) return outputs(a, {make_tensor_type(elem)});
  const auto v = static_cast<int64_t>(s ? s->size() : i->size());
  return outputs(a, {make_tensor_type(elem, Dims{fixed_dim(1), fixed_dim(v)})});
}

// FeatureVectorizer (ML21): float [N, sum of the inputs' widths], inputdimensions giving the widths.
std::vector<Type> feature_vectorizer(const InferenceArgs& a) {
  std::optional<Rows> first;
  const auto dims = attr_ints_opt(a.node, "inputdimensions");
  std::optional<int64_t> width = 0;
  for (size_t k = 0; k < a.inputs.size(); ++k) {
    const auto r = rows(a, k);
    if (k == 0) first = r;
    std::optional<int64_t> w;
    if (dims) w = k < dims->size() && (*dims)[k] >= 0 ? std::optional<int64_t>((*dims)[k]) : std::nullopt;
    else if (r) w = r->c.value;
    width = width && w ? checked_add(*width, *w) : std::nullopt;
  }
  if (dims && dims->size() != a.inputs.size()) width = std::nullopt;
  if (!first) return outputs(a, {make_tensor_type(DType::float32)});
  return outputs(a, {make_tensor_type(DType::float32, Dims{first->n, maybe(width)})});
}

// LabelEncoder 2 and 4 (ML13): X's shape, of the values' element type.
std::vector<Type> label_encoder(const InferenceArgs& a) {
  std::vector<DType> given;
  if (a.node.attr("values_strings")) given.push_back(DType::string);
  if (a.node.attr("values_int64s")) given.push_back(DType::int64);
  if (a.node.attr("values_floats")) given.push_back(DType::float32);
  if (a.signature.since_version >= 4)
    if (const Tensor* t = attr_tensor_opt(a.node, "values_tensor")) given.push_back(t->dtype());
  return outputs(a, {make_tensor_type(given.size() == 1 ? given[0] : DType::undefined, input_dims(a, 0))});
}

// LinearClassifier (ML51, ML52): E = coefficients / C score rows, two columns for E = 1 and two labels.
std::vector<Type> linear_classifier(const InferenceArgs& a) {
  const auto r = rows(a, 0);
  const Labels l = labels(a, "classlabels_ints");
  std::optional<int64_t> columns;
  const auto w = attr_floats_opt(a.node, "coefficients");
  if (r && r->c.value && *r->c.value > 0 && w && !w->empty() && w->size() % static_cast<size_t>(*r->c.value) == 0) {
    const auto e = static_cast<int64_t>(w->size()) / *r->c.value;
    columns = e == 1 && l.count == 2 ? 2 : e;
  }
  return classifier(a, r, l.elem, columns);
}

// A regressor's output [N, targets], float unless `elem` says otherwise.
std::vector<Type> regressor(const InferenceArgs& a, const std::optional<Rows>& r, std::optional<int64_t> targets,
                            DType elem = DType::float32) {
  if (!r) return outputs(a, {make_tensor_type(elem)});
  if (targets && *targets < 1) targets.reset();
  return outputs(a, {make_tensor_type(elem, Dims{r->n, maybe(targets)})});
}

// OneHotEncoder (ML17): float, X's shape plus one axis of the categories.
std::vector<Type> one_hot_encoder(const InferenceArgs& a) {
  const auto& x = input_dims(a, 0);
  const auto i = attr_ints_opt(a.node, "cats_int64s");
  const auto s = attr_strings_opt(a.node, "cats_strings");
  if (!x || i.has_value() == s.has_value()) return outputs(a, {make_tensor_type(DType::float32)});
  Dims y = *x;
  y.push_back(fixed_dim(static_cast<int64_t>(i ? i->size() : s->size())));
  return outputs(a, {make_tensor_type(DType::float32, y)});
}

// ZipMap (ML60): a sequence of maps from the labels' type to float.
std::vector<Type> zip_map(const InferenceArgs& a) {
  const bool i = attr_ints_opt(a.node, "classlabels_int64s").has_value();
  const bool s = attr_strings_opt(a.node, "classlabels_strings").has_value();
  const TypeVar* var = a.signature.var("T");
  if (i == s || !var) return outputs(a, {});
  const DType key = i ? DType::int64 : DType::string;
  for (const Type& t : var->allowed)
    if (t.inner && t.inner->key == key) return outputs(a, {t});
  return outputs(a, {});
}

}  // namespace

void shapes_ml(Registry& r) {
  r.shape_rule(ml, "ArrayFeatureExtractor", array_feature_extractor);
  r.shape_rule(ml, "Binarizer", same_as_input(0));
  r.shape_rule(ml, "CastMap", cast_map);
  r.shape_rule(ml, "CategoryMapper", string_int_map);
  r.shape_rule(ml, "DictVectorizer", dict_vectorizer);
  r.shape_rule(ml, "FeatureVectorizer", feature_vectorizer);
  r.shape_rule(ml, "Imputer", same_as_input(0));
  r.shape_rule(ml, "LabelEncoder", {1}, string_int_map);
  r.shape_rule(ml, "LabelEncoder", {2, 4}, label_encoder);
  r.shape_rule(ml, "LinearClassifier", linear_classifier);
  r.shape_rule(ml, "LinearRegressor",
               [](const InferenceArgs& a) { return regressor(a, rows(a, 0), attr_int(a.node, "targets", 1)); });
  r.shape_rule(ml, "Normalizer", [](const InferenceArgs& a) {
    (void)choice_attr(a.node, "norm", "MAX", {"MAX", "L1", "L2"});
    (void)rows(a, 0);
    return float_like_input(a);
  });
  r.shape_rule(ml, "OneHotEncoder", one_hot_encoder);
  r.shape_rule(ml, "Scaler", float_like_input);
  r.shape_rule(ml, "SVMClassifier", [](const InferenceArgs& a) {
    return classifier(a, rows(a, 0), labels(a, "classlabels_ints").elem, std::nullopt);
  });
  r.shape_rule(ml, "SVMRegressor", [](const InferenceArgs& a) { return regressor(a, rows(a, 0), 1); });
  // TreeEnsemble-5 (ML30): [N, n_targets] of X's element type, X 2-D.
  r.shape_rule(ml, "TreeEnsemble", [](const InferenceArgs& a) {
    return regressor(a, rows(a, 0, false), attr_int_opt(a.node, "n_targets"), DType::undefined);
  });
  // The older tree ensembles (ML36, ML38): float [N, n_targets]; labels [N] and scores [N, E].
  r.shape_rule(ml, "TreeEnsembleRegressor",
               [](const InferenceArgs& a) { return regressor(a, rows(a, 0), attr_int_opt(a.node, "n_targets")); });
  r.shape_rule(ml, "TreeEnsembleClassifier", [](const InferenceArgs& a) {
    const Labels l = labels(a, "classlabels_int64s");
    return classifier(a, rows(a, 0), l.elem, l.count);
  });
  r.shape_rule(ml, "ZipMap", zip_map);
}

}  // namespace onnxsem::ops

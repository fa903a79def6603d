// The shape rules of the text family (spec/types.md, TY5): for each operator version, the output types its
// definition determines from the input types, the attributes and the known input values.
#include <algorithm>
#include <limits>
#include <string>

#include "ops/common/attrs.hpp"
#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops {
namespace {

// StringNormalizer: X is [C] or [1, C], Y [K] or [1, K] (TX1, TX4). Without stop words K is C, except that an
// empty X gives one empty string.
std::vector<Type> string_normalizer(const InferenceArgs& a) {
  (void)choice_attr(a.node, "case_change_action", "NONE", {"NONE", "LOWER", "UPPER"});
  const auto& x = input_dims(a, 0);
  if (!x) return outputs(a, {make_tensor_type(DType::string)});
  // [spec:TX61] StringNormalizer's input is [C] or [1, C].
  ONNXSEM_CLAUSE(TX61);
  if (x->empty() || x->size() > 2 || (x->size() == 2 && (*x)[0].value && *(*x)[0].value != 1))
    type_error("TX61", "StringNormalizer: X has shape of rank " + std::to_string(x->size()) +
                           (x->size() == 2 ? " and first extent " + dim_text((*x)[0]) : "") + ", not [C] or [1, C]");
  const auto stop = attr_strings_opt(a.node, "stopwords");
  Dim k = unknown_dim();
  const Dim& c = x->back();
  if ((!stop || stop->empty()) && c.value && *c.value > 0) k = c;
  Dims y{k};
  if (x->size() == 2) y.insert(y.begin(), fixed_dim(1));
  return outputs(a, {make_tensor_type(DType::string, y)});
}

// StringSplit: Y is X's shape plus one axis of data-dependent length, Z X's shape (TX8).
std::vector<Type> string_split(const InferenceArgs& a) {
  const auto& x = input_dims(a, 0);
  std::optional<Dims> y = x;
  if (y) y->push_back(unknown_dim());
  return outputs(a, {make_tensor_type(DType::string, y), make_tensor_type(DType::int64, x)});
}

// TfIdfVectorizer: Y is float [columns] or [N, columns], columns = max(ngram_indexes) + 1 (TX20, TX21).
std::vector<Type> tfidf(const InferenceArgs& a) {
  if (a.node.attr("mode")) (void)choice_attr(a.node, "mode", "", {"TF", "IDF", "TFIDF"});
  const auto& x = input_dims(a, 0);
  if (!x || x->empty() || x->size() > 2) return outputs(a, {make_tensor_type(DType::float32)});
  Dim cols = unknown_dim();
  const auto idx = attr_ints_opt(a.node, "ngram_indexes");
  if (idx && !idx->empty()) {
    const int64_t hi = *std::max_element(idx->begin(), idx->end());
    const int64_t lo = *std::min_element(idx->begin(), idx->end());
    if (lo >= 0 && hi < std::numeric_limits<int64_t>::max()) cols = fixed_dim(hi + 1);
  }
  Dims y{cols};
  if (x->size() == 2) y.insert(y.begin(), (*x)[0]);
  return outputs(a, {make_tensor_type(DType::float32, y)});
}

// Unique (TX32): Y is [U] without axis and X's shape with the axis's extent U with it; indices and counts are
// [U], inverse_indices as long as X has items; U depends on the data.
std::vector<Type> unique(const InferenceArgs& a) {
  const auto& x = input_dims(a, 0);
  const auto axis_attr = attr_int_opt(a.node, "axis");
  std::optional<Dims> y;
  std::optional<Dims> inverse;
  if (!axis_attr) {
    y = Dims{unknown_dim()};
    if (x) {
      const auto n = dims_product(*x);
      inverse = Dims{n ? fixed_dim(*n) : (x->size() == 1 ? (*x)[0] : unknown_dim())};
    } else {
      inverse = Dims{unknown_dim()};
    }
  } else if (x) {
    const auto axis = static_cast<size_t>(
        static_axis(*axis_attr, static_cast<int64_t>(x->size()), "Unique attribute axis"));
    y = *x;
    (*y)[axis] = unknown_dim();
    inverse = Dims{(*x)[axis]};
  } else {
    inverse = Dims{unknown_dim()};
  }
  const Dims u{unknown_dim()};
  return outputs(a, {make_tensor_type(DType::undefined, y), make_tensor_type(DType::int64, u),
                     make_tensor_type(DType::int64, inverse), make_tensor_type(DType::int64, u)});
}

}  // namespace

void shapes_text(Registry& r) {
  r.shape_rule("", "RegexFullMatch",
               [](const InferenceArgs& a) { return outputs(a, {make_tensor_type(DType::boolean, input_dims(a, 0))}); });
  r.shape_rule("", "StringNormalizer", string_normalizer);
  r.shape_rule("", "StringConcat", [](const InferenceArgs& a) {
    auto out = broadcast_inputs()(a);
    if (!out.empty()) {
      out[0].kind = Type::Kind::tensor;
      out[0].elem = DType::string;
    }
    return out;
  });
  r.shape_rule("", "StringSplit", string_split);
  r.shape_rule("", "TfIdfVectorizer", tfidf);
  r.shape_rule("", "Unique", unique);
}

}  // namespace onnxsem::ops

// The shape rules of the reduce family (spec/types.md, TY5; spec/ops-reduce.md, "Shapes"): for each operator
// version, the output types its definition determines from the input types, the attributes and the known
// input values. Reductions and ArgMax/ArgMin follow RD1 and RD4, the softmax family keeps its input's type
// (RD16, RD18), TopK follows RD27; what depends on values not known before evaluation stays unknown (TY11).
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "ops/common/attrs.hpp"
#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops {
namespace {

using Ints = std::vector<int64_t>;

// ---- reductions (RD1, RD4) and ArgMax/ArgMin (RD13)

// What is known of the reduced axes: their values, or only their count, or nothing.
struct Axes {
  std::optional<Ints> values;
  std::optional<int64_t> count;
};

// The output shape of a reduction of x over `axes`: x's shape with the reduced axes set to 1 (keepdims) or
// removed; no axes reduce every axis, or none with noop_with_empty_axes (RD4).
std::optional<Dims> reduced_dims(const InferenceArgs& a, const Axes& axes, bool keepdims, bool noop) {
  const auto& x = input_dims(a, 0);
  const bool none = (axes.values && axes.values->empty()) || (axes.count && *axes.count == 0);
  if (none && noop) return x;
  if (none && !keepdims) return Dims{};  // every axis removed: a scalar, whatever x's rank
  if (!x) return std::nullopt;
  const auto r = static_cast<int64_t>(x->size());
  std::vector<bool> mask(x->size(), none);
  if (axes.values) {
    for (int64_t ax : *axes.values) mask[static_cast<size_t>(static_axis(ax, r, "axis"))] = true;
  } else if (!none) {
    // The axes are not known: with keepdims every size may become 1, so only a size 1 is certain; without
    // it the rank drops by their count, distinct axes (RD2) being the only ones evaluation accepts.
    if (!keepdims) {
      if (!axes.count || *axes.count < 0 || *axes.count > r) return std::nullopt;
      return Dims(static_cast<size_t>(r - *axes.count), unknown_dim());
    }
    Dims out;
    for (const Dim& d : *x) out.push_back(is_fixed(d, 1) ? d : unknown_dim());
    return out;
  }
  Dims out;
  for (size_t i = 0; i < x->size(); ++i) {
    if (!mask[i]) out.push_back((*x)[i]);
    else if (keepdims) out.push_back(fixed_dim(1));
  }
  return out;
}

std::vector<Type> reduce_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  const bool keepdims = attr_int(a.node, "keepdims", 1) != 0;
  Axes axes;
  bool noop = false;
  if (a.signature.attr("axes")) {  // versions with the axes attribute: absent means every axis
    axes.values = attr_ints_opt(a.node, "axes").value_or(Ints{});
  } else {
    noop = attr_int(a.node, "noop_with_empty_axes", 0) != 0;
    if (!a.has_input(1)) {
      axes.values = Ints{};
    } else if (auto v = constant_ints(a, 1)) {
      axes.values = std::move(v);
    } else if (const auto& d = input_dims(a, 1)) {
      if (d->empty()) axes.count = 1;
      else if (d->size() == 1 && (*d)[0].value) axes.count = *(*d)[0].value;
    }
  }
  if (!out.empty()) out[0] = tensor_of(reduced_dims(a, axes, keepdims, noop));
  return out;
}

std::vector<Type> arg_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  const Axes axis{Ints{attr_int(a.node, "axis", 0)}, std::nullopt};
  const bool keepdims = attr_int(a.node, "keepdims", 1) != 0;
  if (!out.empty()) out[0] = tensor_of(reduced_dims(a, axis, keepdims, false), DType::int64);
  return out;
}

// ---- one axis kept: the softmax family, CumSum and CumProd, TopK

// Output 0 as input 0, after checking the axis attribute (default: `def` before version 13, -1 from 13).
ShapeRule softmax_rule(int64_t def) {
  return [def](const InferenceArgs& a) {
    const int64_t d = a.signature.since_version >= 13 ? -1 : def;
    if (const auto r = input_rank(a, 0)) (void)static_axis(attr_int(a.node, "axis", d), *r, "attribute axis");
    return same_as_input(0)(a);
  };
}

// CumSum and CumProd: y is x; a known axis lies within x's rank (TS2).
std::vector<Type> cumulative_rule(const InferenceArgs& a) {
  const auto axis = constant_ints(a, 1);
  if (const auto r = input_rank(a, 0); r && axis && axis->size() == 1) (void)static_axis((*axis)[0], *r, "input axis");
  return same_as_input(0)(a);
}

// TopK: Values and Indices have X's shape with the axis's size replaced by k (RD27); Indices are int64.
std::vector<Type> topk_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  std::optional<int64_t> k;
  if (a.signature.attr("k")) k = attr_int_opt(a.node, "k");
  else if (const auto v = constant_ints(a, 1); v && v->size() == 1) k = (*v)[0];
  std::optional<Dims> y = input_dims(a, 0);
  if (y) {
    const auto r = static_cast<int64_t>(y->size());
    Dim& d = (*y)[static_cast<size_t>(static_axis(attr_int(a.node, "axis", -1), r, "attribute axis"))];
    // [spec:RD35] a known k is at most the axis's fixed size (a negative k is left to evaluation, RD27).
    ONNXSEM_CLAUSE(RD35);
    if (k && d.value && *k > *d.value)
      type_error("RD35", "k is " + std::to_string(*k) + ", the axis has size " + dim_text(d));
    d = k ? size_dim(*k) : unknown_dim();
  }
  for (size_t o = 0; o < out.size() && o < 2; ++o) out[o] = tensor_of(y, o == 1 ? DType::int64 : DType::undefined);
  return out;
}

}  // namespace

void shapes_reduce(Registry& r) {
  r.shape_rule("", "ReduceSum", reduce_rule);
  for (const char* op : {"ReduceMean", "ReduceProd", "ReduceL1", "ReduceL2", "ReduceSumSquare"})
    r.shape_rule("", op, reduce_rule);
  for (const char* op : {"ReduceLogSum", "ReduceLogSumExp"}) r.shape_rule("", op, reduce_rule);
  for (const char* op : {"ReduceMax", "ReduceMin"}) r.shape_rule("", op, reduce_rule);
  for (const char* op : {"ArgMax", "ArgMin"}) r.shape_rule("", op, arg_rule);
  for (const char* op : {"Softmax", "LogSoftmax", "Hardmax"}) r.shape_rule("", op, softmax_rule(1));
  r.shape_rule("", "CumSum", cumulative_rule);
  r.shape_rule("", "CumProd", cumulative_rule);
  r.shape_rule("", "TopK", topk_rule);
}

}  // namespace onnxsem::ops

// The shape rules of the reduce family (spec/types.md, TY5; spec/ops-reduce.md, "Shapes"): for each operator
// version, the output types its definition determines from the input types, the attributes and the known
// input values. Reductions and ArgMax/ArgMin follow RD1 and RD4, the softmax family keeps its input's type
// (RD16, RD18), MatMul follows numpy (RD20), Gemm RD23-RD24, TopK RD27; what depends on values not known
// before evaluation stays unknown (TY11).
#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ops/common/attrs.hpp"
#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"
#include "semantics/coverage.hpp"

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

// ---- MatMul, MatMulInteger (RD20, RD21) and Gemm (RD23, RD24)

// [spec:RD33] MatMul's operands have rank at least 1 and their fixed inner dimensions agree.
void matmul_operands(const Dims& x, const Dims& y) {
  ONNXSEM_CLAUSE(RD33);
  if (x.empty() || y.empty())
    type_error("RD33", "an operand has rank 0 (A has rank " + std::to_string(x.size()) + ", B rank " +
                           std::to_string(y.size()) + ")");
  const Dim& k1 = x.back();
  const Dim& k2 = y.size() == 1 ? y[0] : y[y.size() - 2];
  if (differ(k1, k2))
    type_error("RD33", "A's last dimension is " + dim_text(k1) + " but B's " +
                           (y.size() == 1 ? std::string("only") : std::string("second-to-last")) + " dimension is " +
                           dim_text(k2));
}

std::vector<Type> matmul_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  const auto& x = input_dims(a, 0);
  const auto& y = input_dims(a, 1);
  if (!x || !y || out.empty()) return out;
  matmul_operands(*x, *y);
  // Batch dimensions: all but the last two of each (none for a 1-D operand), broadcast together (B1).
  const Dims bx(x->begin(), x->end() - (x->size() >= 2 ? 2 : 1));
  const Dims by(y->begin(), y->end() - (y->size() >= 2 ? 2 : 1));
  Dims r = broadcast_dims({bx, by}, "the batch dimensions of A and B");
  if (x->size() >= 2) r.push_back((*x)[x->size() - 2]);
  if (y->size() >= 2) r.push_back(y->back());
  out[0] = tensor_of(std::move(r));
  return out;
}

// [spec:RD34] Gemm's A and B have rank 2 with agreeing fixed inner dimensions, and a C of known shape
// broadcasts in one direction to [M, N].
std::vector<Type> gemm_rule(const InferenceArgs& a) {
  ONNXSEM_CLAUSE(RD34);
  std::vector<Type> out(a.output_count, tensor_of());
  const auto& x = input_dims(a, 0);
  const auto& y = input_dims(a, 1);
  for (const auto* d : {&x, &y})
    if (*d && (*d)->size() != 2)
      type_error("RD34", std::string(d == &x ? "A" : "B") + " has rank " + std::to_string((*d)->size()) + ", not 2");
  const bool ta = attr_int(a.node, "transA", 0) != 0, tb = attr_int(a.node, "transB", 0) != 0;
  Dim m = dim_at(x, ta ? 1 : 0), n = dim_at(y, tb ? 0 : 1);
  const Dim ka = dim_at(x, ta ? 0 : 1), kb = dim_at(y, tb ? 1 : 0);
  if (differ(ka, kb))
    type_error("RD34", "the inner dimensions of A (" + dim_text(ka) + ") and B (" + dim_text(kb) + ") differ");
  if (const auto& c = a.has_input(2) ? input_dims(a, 2) : std::nullopt) {
    if (c->size() > 2) type_error("RD34", "C has rank " + std::to_string(c->size()) + ", more than [M, N]'s 2");
    for (size_t i = 0; i < c->size(); ++i) {
      Dim& target = c->size() - i == 2 ? m : n;
      const Dim& ci = (*c)[i];
      if (is_fixed(ci, 1)) continue;
      if (differ(ci, target))
        type_error("RD34",
                   "C's dimension " + dim_text(ci) + " does not broadcast to " + dim_text(target) + " of [M, N]");
      target = agreed(target, ci, "RD34", "C and [M, N]");
    }
  }
  if (!out.empty()) out[0] = tensor_of(Dims{m, n});
  return out;
}

// ---- Einsum (RD30-RD32): the output shape when the equation has no ellipsis and every term fits its input

std::vector<Type> einsum_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  if (out.empty()) return out;
  std::string eq;
  for (char c : attr_string(a.node, "equation", "")) {
    if (c == '.') return out;  // ellipsis dimensions: left unknown
    if (c != ' ') eq.push_back(c);
  }
  const size_t arrow = eq.find("->");
  const std::string lhs = eq.substr(0, arrow);
  std::map<char, Dim> size;
  std::map<char, int> count;
  size_t k = 0;
  for (size_t start = 0; start <= lhs.size(); ++k) {
    const size_t comma = std::min(lhs.find(',', start), lhs.size());
    const std::string term = lhs.substr(start, comma - start);
    if (k >= a.inputs.size()) return out;
    const auto& d = input_dims(a, k);
    if (d && d->size() != term.size()) return out;
    for (size_t i = 0; i < term.size(); ++i) {
      const char c = term[i];
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return out;
      ++count[c];
      auto [it, fresh] = size.try_emplace(c, dim_at(d, i));
      if (fresh) continue;
      if (differ(it->second, dim_at(d, i))) return out;  // one label, two sizes: evaluation refuses (RD31)
      it->second = agreed(it->second, dim_at(d, i), "RD31", std::string("Einsum: label ") + c);
    }
    start = comma + 1;
  }
  if (k != a.inputs.size()) return out;
  Dims r;
  if (arrow != std::string::npos) {
    for (char c : eq.substr(arrow + 2)) {
      if (!size.count(c)) return out;
      r.push_back(size[c]);
    }
  } else {
    for (const auto& [c, n] : count)  // letters occurring once, in ASCII order
      if (n == 1) r.push_back(size[c]);
  }
  out[0] = tensor_of(std::move(r));
  return out;
}

}  // namespace

void shapes_reduce(Registry& r) {
  r.shape_rule("", "ReduceSum", {1, 11, 13}, reduce_rule);
  for (const char* op : {"ReduceMean", "ReduceProd", "ReduceL1", "ReduceL2", "ReduceSumSquare"})
    r.shape_rule("", op, {1, 11, 13, 18}, reduce_rule);
  for (const char* op : {"ReduceLogSum", "ReduceLogSumExp"}) r.shape_rule("", op, {1, 11, 13, 18}, reduce_rule);
  for (const char* op : {"ReduceMax", "ReduceMin"}) r.shape_rule("", op, {1, 11, 12, 13, 18, 20}, reduce_rule);
  for (const char* op : {"ArgMax", "ArgMin"}) r.shape_rule("", op, {1, 11, 12, 13}, arg_rule);
  for (const char* op : {"Softmax", "LogSoftmax", "Hardmax"}) r.shape_rule("", op, {1, 11, 13}, softmax_rule(1));
  r.shape_rule("", "CumSum", {11, 14}, cumulative_rule);
  r.shape_rule("", "CumProd", {26}, cumulative_rule);
  r.shape_rule("", "TopK", {1, 10, 11, 24}, topk_rule);
  r.shape_rule("", "MatMul", {1, 9, 13}, matmul_rule);
  r.shape_rule("", "MatMulInteger", {10}, matmul_rule);
  r.shape_rule("", "Gemm", {1, 6, 7, 9, 11, 13}, gemm_rule);
  r.shape_rule("", "Einsum", {12}, einsum_rule);
}

}  // namespace onnxsem::ops

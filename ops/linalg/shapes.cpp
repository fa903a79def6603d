// The shape rules of the linalg family (spec/types.md, TY5; spec/ops-linalg.md, "Shapes"): for each operator
// version, the output types its definition determines from the input types and the attributes. MatMul
// follows numpy (RD20), Gemm RD23-RD24, Einsum RD30-RD32 where its equation has no ellipsis, Det TX50; what
// depends on values not known before evaluation stays unknown (TY11).
#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ops/common/attrs.hpp"
#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"
#include "runtime/require.hpp"

namespace onnxsem::ops {
namespace {

// ---- MatMul, MatMulInteger (RD20, RD21) and Gemm (RD23, RD24)

// MatMul's operands have rank at least 1 and their fixed inner dimensions agree.
void matmul_operands(const Dims& x, const Dims& y) {
  require_typed<"RD33">(!x.empty() && !y.empty(), [&] {
    return "an operand has rank 0 (A has rank " + std::to_string(x.size()) + ", B rank " + std::to_string(y.size()) +
           ")";
  });
  const Dim& k1 = x.back();
  const Dim& k2 = y.size() == 1 ? y[0] : y[y.size() - 2];
  require_typed<"RD33">(!differ(k1, k2), [&] {
    return "A's last dimension is " + dim_text(k1) + " but B's " +
           (y.size() == 1 ? std::string("only") : std::string("second-to-last")) + " dimension is " + dim_text(k2);
  });
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

// ---- Det (TX50)

// Det: X is [*, M, M] and Y is [*] (TX50).
std::vector<Type> det_rule(const InferenceArgs& a) {
  const auto& x = input_dims(a, 0);
  if (!x) return outputs(a, {});
  // Det's operand has rank at least 2 and its last two extents are equal.
  require_typed<"TX60">(x->size() >= 2,
                        [&] { return "Det: X has rank " + std::to_string(x->size()) + ", not at least 2"; });
  const Dim& r = (*x)[x->size() - 2];
  const Dim& c = x->back();
  require_typed<"TX60">(!(r.value && c.value && *r.value != *c.value), [&] {
    return "Det: the matrices of X are " + dim_text(r) + " x " + dim_text(c) + ", not square";
  });
  return outputs(a, {make_tensor_type(DType::undefined, Dims(x->begin(), x->end() - 2))});
}

}  // namespace

void shapes_linalg(Registry& r) {
  r.shape_rule("", "MatMul", matmul_rule);
  r.shape_rule("", "MatMulInteger", matmul_rule);
  r.shape_rule("", "Gemm", gemm_rule);
  r.shape_rule("", "Einsum", einsum_rule);
  r.shape_rule("", "Det", det_rule);
}

}  // namespace onnxsem::ops

// The shape rules of the attention family (spec/types.md, TY5; spec/ops-attention.md, "Shapes"): Attention's
// Y, present_key, present_value and qk_matmul_output (AT5, AT12, AT14), RotaryEmbedding's Y (AT15),
// LinearAttention's output and present_state (AT22, AT23) and FlexAttention's Y (FA1), from the operands'
// shapes and the head counts.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ops/common/attrs.hpp"
#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops {
namespace {

// Attention-23/24/25 (AT1, AT2, AT5, AT12, AT14; AT25 and AT26 for version 25).
std::vector<Type> attention_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  const std::string op = a.node.op_type;
  if (a.signature.since_version >= 25) {
    // [spec:AT25] window sizes below -1 are refused.
    ONNXSEM_CLAUSE(AT25);
    for (const char* name : {"left_window_size", "right_window_size"})
      if (const auto w = attr_int_opt(a.node, name); w && *w < -1)
        type_error("AT25", std::string(name) + " must be -1 or nonnegative, got " + std::to_string(*w));
    // [spec:AT26] what Attention-25 refuses: present_key without present_value or the reverse,
    // nonpad_kv_seqlen beside a cache input or output, head-count attributes with 4-D operands.
    ONNXSEM_CLAUSE(AT26);
    auto named = [&](size_t k) { return k < a.node.outputs.size() && !a.node.outputs[k].empty(); };
    if (named(1) != named(2)) type_error("AT26", "present_key and present_value must be requested together");
    if (a.has_input(6) && (a.has_input(4) || a.has_input(5) || named(1) || named(2)))
      type_error("AT26", "nonpad_kv_seqlen cannot be combined with past or present key/value");
    const auto& q0 = input_dims(a, 0);
    if (q0 && q0->size() == 4 && (a.node.attr("q_num_heads") || a.node.attr("kv_num_heads")))
      type_error("AT26", "q_num_heads and kv_num_heads must not be given for 4-D operands");
  }
  // [spec:AT6] a mask that is not boolean has the element type of Q.
  ONNXSEM_CLAUSE(AT6);
  if (a.has_input(3)) {
    const DType m = input_elem(a, 3), qe = input_elem(a, 0);
    if (m != DType::undefined && m != DType::boolean && qe != DType::undefined && m != qe)
      type_error("AT6", std::string("a floating attn_mask must have Q's element type ") + dtype_name(qe) + ", got " +
                            dtype_name(m));
  }
  const auto& q = input_dims(a, 0);
  const auto& k = input_dims(a, 1);
  const auto& v = input_dims(a, 2);
  std::optional<size_t> rank;
  for (const auto* d : {&q, &k, &v}) {
    if (!*d) continue;
    // [spec:AT24] Q, K and V are all 3-D or all 4-D; 3-D operands need both head counts.
    ONNXSEM_CLAUSE(AT24);
    if ((*d)->size() != 3 && (*d)->size() != 4)
      type_error("AT24", op + ": Q, K and V must be 3-D or 4-D, one has rank " + std::to_string((*d)->size()));
    if (rank && *rank != (*d)->size())
      type_error("AT24", op + ": Q, K and V have ranks " + std::to_string(*rank) + " and " +
                             std::to_string((*d)->size()) + " (all 3-D or all 4-D)");
    rank = (*d)->size();
  }
  if (!rank) return out;
  const auto hq_attr = attr_int_opt(a.node, "q_num_heads"), hkv_attr = attr_int_opt(a.node, "kv_num_heads");
  if (*rank == 3 && (!hq_attr || !hkv_attr || *hq_attr < 1 || *hkv_attr < 1))
    type_error("AT24", op + ": 3-D operands need positive q_num_heads and kv_num_heads attributes");
  // The 4-D view (AT2): batch, heads, sequence, head size of each operand.
  struct View {
    Dim b, h, s, d;
  };
  auto view = [&](const std::optional<Dims>& x, std::optional<int64_t> heads) {
    if (!x) return View{unknown_dim(), heads ? fixed_dim(*heads) : unknown_dim(), unknown_dim(), unknown_dim()};
    if (*rank == 4) return View{(*x)[0], (*x)[1], (*x)[2], (*x)[3]};
    return View{(*x)[0], fixed_dim(*heads), (*x)[1], divided((*x)[2], heads)};
  };
  const View Q = view(q, hq_attr), K = view(k, hkv_attr), V = view(v, hkv_attr);
  const Dim B = Q.b.value || !Q.b.param.empty() ? Q.b : K.b.value || !K.b.param.empty() ? K.b : V.b;
  const Dim Hkv = K.h.value ? K.h : V.h;
  // The total sequence length T = P + kv length (AT5).
  const bool past = a.has_input(4);
  const Dim P = past ? dim_at(input_dims(a, 4), 2) : fixed_dim(0);
  const Dim Skv = K.s.value || !K.s.param.empty() ? K.s : V.s;
  const Dim T = plus(Skv, P);
  if (!out.empty()) {
    if (*rank == 4) out[0].shape = Dims{B, Q.h, Q.s, V.d};
    else out[0].shape = Dims{B, Q.s, times(V.d, hq_attr)};
  }
  if (out.size() > 1) out[1].shape = Dims{B, Hkv, T, K.d};
  if (out.size() > 2) out[2].shape = Dims{B, Hkv, T, V.d};
  if (out.size() > 3) out[3].shape = Dims{B, Q.h, Q.s, T};
  return out;
}

// RotaryEmbedding-23: Y has X's shape (AT15).
std::vector<Type> rotary_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  if (!out.empty()) out[0].shape = input_dims(a, 0);
  return out;
}

// LinearAttention-27: output [B, T, Hq * dv], present_state [B, Hkv, dk, dv] (AT20, AT22, AT23).
std::vector<Type> linear_attention_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  const auto& q = input_dims(a, 0);
  const auto& k = input_dims(a, 1);
  const auto& v = input_dims(a, 2);
  const auto hq = attr_int_opt(a.node, "q_num_heads"), hkv = attr_int_opt(a.node, "kv_num_heads");
  const bool valid = (!q || q->size() == 3) && (!k || k->size() == 3) && (!v || v->size() == 3) && hq && hkv &&
                     *hq >= 1 && *hkv >= 1;
  if (!valid) return out;  // evaluation refuses other operands (AT20)
  const Dim B = q ? (*q)[0] : dim_at(k, 0), T = q ? (*q)[1] : dim_at(k, 1);
  const Dim dv = divided(dim_at(v, 2), hkv), dk = divided(dim_at(k, 2), hkv);
  if (!out.empty()) out[0].shape = Dims{B, T, times(dv, hq)};
  if (out.size() > 1) {
    out[1].shape = Dims{B, fixed_dim(*hkv), dk, dv};
    // present_state has past_state's element type (bound by the signature), else query's.
    if (!a.has_input(3)) out[1].elem = input_elem(a, 0);
  }
  return out;
}

// FlexAttention (ai.onnx.preview, 1): Y [B, Hq, L, Ev] (FA1).
std::vector<Type> flex_attention_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  const auto& q = input_dims(a, 0);
  const auto& v = input_dims(a, 2);
  if (out.empty() || (q && q->size() != 4) || (v && v->size() != 4) || (!q && !v)) return out;
  out[0].shape = Dims{q ? (*q)[0] : (*v)[0], dim_at(q, 1), dim_at(q, 2), dim_at(v, 3)};
  return out;
}

}  // namespace

void shapes_attention(Registry& r) {
  r.shape_rule("", "Attention", attention_rule);
  r.shape_rule("", "RotaryEmbedding", rotary_rule);
  r.shape_rule("", "LinearAttention", linear_attention_rule);
  r.shape_rule("ai.onnx.preview", "FlexAttention", flex_attention_rule);
}

}  // namespace onnxsem::ops

// LinearAttention-27 (spec/ops-attention.md, AT19-AT23): a recurrent attention whose state is one
// [d_k, d_v] matrix per batch and key/value head. For each time step t, in order, with key k_t, value v_t:
//   gated rules:  S <- diag(exp(decay_t)) S                  (decay per head or per key dimension)
//   delta rules:  v_t <- beta_t * (v_t - S^T (e_t ⊙ k_t))    (e_t the erase gate, 1 when absent)
//   every rule:   S <- S + k_t v_t^T
//   output:       o_t = scale * S^T q_t                       (for every query head of the group)
// Computed in binary64 and rounded once per output element (P1).
#include <cmath>
#include <string>
#include <vector>

#include "ops/attention/attention_internal.hpp"
#include "ops/common/attrs.hpp"
#include "runtime/coverage.hpp"
#include "runtime/error.hpp"
#include "values/dispatch.hpp"
#include "values/numeric.hpp"

namespace onnxsem::ops::attn {
namespace {

Tensor narrow(EvalContext& cx, DType dt, Shape shape, const std::vector<double>& v) {
  return dispatch(dt, float_types, "LinearAttention", [&](auto tt) {
    using T = typename decltype(tt)::type;
    auto [t, out] = Tensor::allocate<T>(cx, std::move(shape));
    for (size_t i = 0; i < out.size(); ++i) out[i] = num::from_double<T>(v[i]);
    return t;
  });
}

std::vector<std::optional<Value>> linear_attention_27(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Node& n = a.node;
  const Tensor& q = a.tensor(0);
  const Tensor& k = a.tensor(1);
  const Tensor& v = a.tensor(2);
  // [spec:AT19] update_rule selects the recurrence and which of decay / beta / erase_gate it takes.
  ONNXSEM_CLAUSE(AT19);
  const std::string rule = attr_string(n, "update_rule", "gated_delta");
  if (rule != "linear" && rule != "gated" && rule != "delta" && rule != "gated_delta")
    eval_error("AT19", "update_rule must be linear, gated, delta or gated_delta, got '" + rule + "'");
  const bool gating = rule == "gated" || rule == "gated_delta";
  const bool delta = rule == "delta" || rule == "gated_delta";
  if (gating != a.has_input(4))
    eval_error("AT19", "update_rule '" + rule + "' " + (gating ? "requires" : "forbids") + " the decay input");
  if (delta != a.has_input(5))
    eval_error("AT19", "update_rule '" + rule + "' " + (delta ? "requires" : "forbids") + " the beta input");
  if (a.has_input(6) && !delta) eval_error("AT19", "update_rule '" + rule + "' forbids the erase_gate input");

  // [spec:AT20] query [B, T, Hq*dk], key [B, T, Hkv*dk], value [B, T, Hkv*dv]; Hkv divides Hq.
  ONNXSEM_CLAUSE(AT20);
  const auto qh = attr_int_opt(n, "q_num_heads");
  const auto kh = attr_int_opt(n, "kv_num_heads");
  if (!qh || !kh) eval_error("AT20", "LinearAttention needs the q_num_heads and kv_num_heads attributes");
  const int64_t Hq = *qh, Hkv = *kh;
  if (Hq <= 0 || Hkv <= 0 || Hq % Hkv != 0)
    eval_error("AT20", "q_num_heads " + std::to_string(Hq) + " must be a positive multiple of kv_num_heads " +
                           std::to_string(Hkv));
  if (q.rank() != 3 || k.rank() != 3 || v.rank() != 3)
    eval_error("AT20", "query, key and value must be 3-D, got " + show(q.shape()) + ", " + show(k.shape()) + ", " +
                           show(v.shape()));
  const DType dt = q.dtype();
  if (k.dtype() != dt || v.dtype() != dt) eval_error("AT20", "query, key and value must have one element type");
  const int64_t B = q.dim(0), T = q.dim(1);
  if (q.dim(2) % Hq != 0 || v.dim(2) % Hkv != 0)
    eval_error("AT20", "hidden sizes " + std::to_string(q.dim(2)) + " / " + std::to_string(v.dim(2)) +
                           " are not multiples of the head counts");
  const int64_t dk = q.dim(2) / Hq, dv = v.dim(2) / Hkv;
  if (k.shape() != Shape{B, T, Hkv * dk} || v.dim(0) != B || v.dim(1) != T)
    eval_error("AT20", "key " + show(k.shape()) + " / value " + show(v.shape()) + " do not match query " +
                           show(q.shape()) + " with " + std::to_string(Hkv) + " kv heads");
  const int64_t group = Hq / Hkv;

  const std::vector<double> Q = widen_all(q, "LinearAttention"), K = widen_all(k, "LinearAttention"),
                            V = widen_all(v, "LinearAttention");
  // [spec:AT21] decay [B, T, Hkv] (per head) or [B, T, Hkv*dk] (per key dimension); beta [B, T, Hkv] or
  // [B, T, 1]; erase_gate [B, T, Hkv*dk].
  ONNXSEM_CLAUSE(AT21);
  std::vector<double> decay, beta, erase;
  int64_t decay_w = 0, beta_w = 0;
  if (gating) {
    const Tensor& d = a.tensor(4);
    if (d.rank() != 3 || d.dim(0) != B || d.dim(1) != T || (d.dim(2) != Hkv && d.dim(2) != Hkv * dk))
      eval_error("AT21", "decay must be [" + std::to_string(B) + "," + std::to_string(T) + "," + std::to_string(Hkv) +
                             " or " + std::to_string(Hkv * dk) + "], got " + show(d.shape()));
    decay = widen_all(d, "LinearAttention"), decay_w = d.dim(2);
  }
  if (delta) {
    const Tensor& bt = a.tensor(5);
    if (bt.rank() != 3 || bt.dim(0) != B || bt.dim(1) != T || (bt.dim(2) != Hkv && bt.dim(2) != 1))
      eval_error("AT21", "beta must be [" + std::to_string(B) + "," + std::to_string(T) + "," + std::to_string(Hkv) +
                             " or 1], got " + show(bt.shape()));
    beta = widen_all(bt, "LinearAttention"), beta_w = bt.dim(2);
  }
  if (a.has_input(6)) {
    const Tensor& e = a.tensor(6);
    if (e.shape() != Shape{B, T, Hkv * dk})
      eval_error("AT21", "erase_gate must be [" + std::to_string(B) + "," + std::to_string(T) + "," +
                             std::to_string(Hkv * dk) + "], got " + show(e.shape()));
    erase = widen_all(e, "LinearAttention");
  }

  // [spec:AT22] the state starts at past_state [B, Hkv, dk, dv] or at zero; present_state has past_state's
  // element type, or query's when past_state is absent.
  ONNXSEM_CLAUSE(AT22);
  std::vector<double> S(static_cast<size_t>(B * Hkv * dk * dv), 0.0);
  DType state_dt = dt;
  if (a.has_input(3)) {
    const Tensor& p = a.tensor(3);
    if (p.shape() != Shape{B, Hkv, dk, dv})
      eval_error("AT22", "past_state must be [" + std::to_string(B) + "," + std::to_string(Hkv) + "," +
                             std::to_string(dk) + "," + std::to_string(dv) + "], got " + show(p.shape()));
    S = widen_all(p, "LinearAttention"), state_dt = p.dtype();
  }
  const auto scale_attr = attr_float_opt(n, "scale");
  const double scale = scale_attr && *scale_attr != 0.0f ? static_cast<double>(*scale_attr)
                                                         : 1.0 / std::sqrt(static_cast<double>(dk));

  std::vector<double> out(static_cast<size_t>(B * T * Hq * dv), 0.0);
  std::vector<double> vt(static_cast<size_t>(dv));
  for (int64_t b = 0; b < B; ++b)
    for (int64_t g = 0; g < Hkv; ++g) {
      double* st = S.data() + (b * Hkv + g) * dk * dv;  // st[d * dv + m]
      for (int64_t t = 0; t < T; ++t) {
        const int64_t bt = b * T + t;
        const double* kt = K.data() + (bt * Hkv + g) * dk;
        const double* vin = V.data() + (bt * Hkv + g) * dv;
        // [spec:AT23] one step of the recurrence, then the read of every query head of the group.
        ONNXSEM_CLAUSE(AT23);
        if (gating)
          for (int64_t d = 0; d < dk; ++d) {
            const double f = std::exp(decay_w == Hkv ? decay[static_cast<size_t>(bt * Hkv + g)]
                                                     : decay[static_cast<size_t>((bt * Hkv + g) * dk + d)]);
            for (int64_t m = 0; m < dv; ++m) st[d * dv + m] *= f;
          }
        for (int64_t m = 0; m < dv; ++m) vt[static_cast<size_t>(m)] = vin[m];
        if (delta) {
          const double bb = beta[static_cast<size_t>(bt * beta_w + (beta_w == 1 ? 0 : g))];
          for (int64_t m = 0; m < dv; ++m) {
            double r = 0;
            for (int64_t d = 0; d < dk; ++d) {
              const double ke = erase.empty() ? kt[d] : erase[static_cast<size_t>((bt * Hkv + g) * dk + d)] * kt[d];
              r += st[d * dv + m] * ke;
            }
            vt[static_cast<size_t>(m)] = bb * (vin[m] - r);
          }
        }
        for (int64_t d = 0; d < dk; ++d)
          for (int64_t m = 0; m < dv; ++m) st[d * dv + m] += kt[d] * vt[static_cast<size_t>(m)];
        for (int64_t h = g * group; h < (g + 1) * group; ++h) {
          const double* qt = Q.data() + (bt * Hq + h) * dk;
          double* o = out.data() + (bt * Hq + h) * dv;
          for (int64_t m = 0; m < dv; ++m) {
            double s = 0;
            for (int64_t d = 0; d < dk; ++d) s += qt[d] * st[d * dv + m];
            o[m] = scale * s;
          }
        }
      }
    }
  std::vector<std::optional<Value>> res;
  res.emplace_back(narrow(cx, dt, {B, T, Hq * dv}, out));
  if (a.output_count() > 1) res.emplace_back(narrow(cx, state_dt, {B, Hkv, dk, dv}, S));
  return res;
}

}  // namespace

void add_linear_attention(Registry& r) { r.add("", "LinearAttention", {27}, linear_attention_27); }

}  // namespace onnxsem::ops::attn

// CausalConvWithState-27: stateful causal depthwise 1-D convolution (spec/ops-nn.md, CC1-CC4).
//
// For X of shape (B, C, L), W of shape (C, 1, k), optional bias b of shape (C) and optional past state S of
// shape (B, C, k-1) (zeros when absent), let P[n, c] = S[n, c, :] ++ X[n, c, :] be the padded line of
// k - 1 + L elements. Then
//
//   z[n, c, t]      = b[c] + sum_{j=0}^{k-1} W[c, 0, j] * P[n, c, t + j]          t = 0 .. L-1
//   Y[n, c, t]      = act(z[n, c, t]),  act(z) = z (activation "none") or z * sigmoid(z) ("silu", "swish")
//   present[n, c, i] = P[n, c, L + i]                                             i = 0 .. k-2
//
// so output position t sees the input positions t-k+1 .. t (causal) and only its own channel (depthwise),
// and present_state is the last k - 1 elements of the padded line, the past state of the next call.
// Every sum is formed in binary64 and rounded once to the element type (P1).
#include <cmath>

#include "ops/common/attrs.hpp"
#include "ops/nn/nn.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::nn {
namespace {

double silu(double z) {
  // z * sigmoid(z) in IEEE arithmetic, as Swish (EW23): NaN stays NaN and -inf gives -inf * 0 = NaN.
  return z >= 0 ? z / (1.0 + std::exp(-z)) : z * std::exp(z) / (1.0 + std::exp(z));
}

std::vector<std::optional<Value>> causal_conv_with_state(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "CausalConvWithState";
  const Tensor& x = a.tensor(0);
  const Tensor& w = a.tensor(1);
  // [spec:CC1] X is (B, C, L), W is (C, 1, k) with k >= 1, bias is (C) and past_state is (B, C, k - 1), all of
  // X's floating element type.
  ONNXSEM_CLAUSE(CC1);
  if (x.rank() != 3) eval_error("CC1", op + ": input has shape " + show(x.shape()) + ", expected rank 3 (B, C, L)");
  const int64_t B = x.dim(0), C = x.dim(1), L = x.dim(2);
  if (w.rank() != 3 || w.dim(0) != C || w.dim(1) != 1 || w.dim(2) < 1)
    eval_error("CC1", op + ": weight has shape " + show(w.shape()) + ", expected (" + std::to_string(C) +
                          ", 1, k) with k >= 1");
  const int64_t k = w.dim(2);
  auto same_type = [&](const Tensor& t, const char* name) {
    if (t.dtype() != x.dtype())
      eval_error("CC1", op + ": " + name + " has element type " + std::string(dtype_name(t.dtype())) + ", input has " +
                            dtype_name(x.dtype()));
  };
  same_type(w, "weight");
  if (a.has_input(2)) {
    const Tensor& b = a.tensor(2);
    same_type(b, "bias");
    if (b.shape() != Shape{C})
      eval_error("CC1", op + ": bias has shape " + show(b.shape()) + ", expected [" + std::to_string(C) + "]");
  }
  if (a.has_input(3)) {
    const Tensor& s = a.tensor(3);
    same_type(s, "past_state");
    if (s.shape() != Shape{B, C, k - 1})
      eval_error("CC1", op + ": past_state has shape " + show(s.shape()) + ", expected " + show(Shape{B, C, k - 1}));
  }
  // [spec:CC4] activation is "none" (the default), "silu" or "swish"; the last two both mean z * sigmoid(z).
  ONNXSEM_CLAUSE(CC4);
  const std::string act = attr_string(a.node, "activation", "none");
  if (act != "none" && act != "silu" && act != "swish")
    eval_error("CC4", op + ": attribute activation is '" + act + "', expected 'none', 'silu' or 'swish'");
  const bool fused = act != "none";

  const std::vector<double> xd = widen_all(x, op);
  const std::vector<double> wd = widen_all(w, op);
  const std::vector<double> bd = a.has_input(2) ? widen_all(a.tensor(2), op)
                                                : std::vector<double>(static_cast<size_t>(C), 0.0);
  const std::vector<double> sd = a.has_input(3) ? widen_all(a.tensor(3), op) : std::vector<double>{};
  const int64_t padded = size_add(k - 1, L);
  std::vector<double> y(static_cast<size_t>(size_mul(size_mul(B, C), L)));
  std::vector<double> present(static_cast<size_t>(size_mul(size_mul(B, C), k - 1)));
  std::vector<double> line(static_cast<size_t>(padded));
  for (int64_t n = 0; n < B; ++n)
    for (int64_t c = 0; c < C; ++c) {
      const int64_t row = n * C + c;
      // The padded line P[n, c]: the past state (or zeros), then the input.
      for (int64_t i = 0; i < k - 1; ++i) line[i] = sd.empty() ? 0.0 : sd[row * (k - 1) + i];
      for (int64_t t = 0; t < L; ++t) line[k - 1 + t] = xd[row * L + t];
      // [spec:CC2] z[t] = bias + sum_j W[c, 0, j] * P[t + j], then the activation.
      ONNXSEM_CLAUSE(CC2);
      for (int64_t t = 0; t < L; ++t) {
        double z = bd[c];
        for (int64_t j = 0; j < k; ++j) z += wd[c * k + j] * line[t + j];
        y[row * L + t] = fused ? silu(z) : z;
      }
      // [spec:CC3] present_state holds the last k - 1 elements of the padded line.
      ONNXSEM_CLAUSE(CC3);
      for (int64_t i = 0; i < k - 1; ++i) present[row * (k - 1) + i] = line[L + i];
    }
  return dispatch(x.dtype(), nn_float_types, op, [&](auto tag) -> std::vector<std::optional<Value>> {
    using T = typename decltype(tag)::type;
    std::vector<std::optional<Value>> out;
    out.emplace_back(Value(narrow_all<T>(cx, x.shape(), y)));
    if (a.output_count() > 1 && a.requested[1]) out.emplace_back(Value(narrow_all<T>(cx, Shape{B, C, k - 1}, present)));
    return out;
  });
}

}  // namespace

void add_causal_conv(Registry& r) { r.add("", "CausalConvWithState", {27}, causal_conv_with_state); }

}  // namespace onnxsem::ops::nn

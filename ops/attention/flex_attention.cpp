// FlexAttention-1 of domain ai.onnx.preview (spec/ops-attention.md, FA1-FA4).
//
// For Q (B, Hq, L, E), K (B, Hkv, S, E) and V (B, Hkv, S, Ev), with query head h reading key/value head
// g = h / (Hq / Hkv):
//
//   scores[b,h,i,j] = scale * sum_e Q[b,h,i,e] * K[b,g,j,e]          (scale = 1/sqrt(E) by default)
//   scores          = score_mod(scores)                              (only when the graph attribute is given)
//   probs[b,h,i,:]  = softmax(scores[b,h,i,:])
//   probs           = prob_mod(probs)                                (only when the graph attribute is given)
//   Y[b,h,i,:]      = sum_j probs[b,h,i,j] * V[b,g,j,:]
//
// Everything is computed in binary64 and rounded once to Q's element type (P1). score_mod and prob_mod are
// graphs: the graph semantics evaluates them for the kernel (KernelArgs::subgraph, spec/subgraphs.md SB13);
// the tensor handed to them is rounded from binary64 to float (double when Q is double) (FA4).
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "ops/attention/attention_internal.hpp"
#include "ops/common/attrs.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"
#include "runtime/error.hpp"
#include "values/dispatch.hpp"
#include "values/numeric.hpp"

namespace onnxsem::ops::attn {
namespace {

std::vector<std::optional<Value>> flex_attention_1(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "FlexAttention";
  // [spec:FA4] score_mod and prob_mod are applied by the graph semantics; any other graph attribute is
  // not part of the operator's definition.
  ONNXSEM_CLAUSE(FA4);
  const Graph* score_mod = nullptr;
  const Graph* prob_mod = nullptr;
  for (const Attribute& g : a.node.attributes) {
    if (g.type != AttrType::g && g.type != AttrType::graphs) continue;
    if (g.type == AttrType::g && g.g && g.name == "score_mod") score_mod = g.g.get();
    else if (g.type == AttrType::g && g.g && g.name == "prob_mod") prob_mod = g.g.get();
    else unsupported(op + ": the graph attribute " + g.name + " is not part of FlexAttention-1");
  }
  if ((score_mod || prob_mod) && !a.subgraph)
    unsupported(op + ": a modifier graph needs the graph semantics, which this call of the kernel does not offer");
  const Tensor& q = a.tensor(0);
  const Tensor& k = a.tensor(1);
  const Tensor& v = a.tensor(2);
  // [spec:FA1] Q, K and V are rank-4 tensors of one floating element type with agreeing extents.
  ONNXSEM_CLAUSE(FA1);
  for (const Tensor* t : {&q, &k, &v})
    if (t->rank() != 4)
      eval_error("FA1", op + ": Q, K and V must have rank 4, got shapes " + show(q.shape()) + ", " + show(k.shape()) +
                            ", " + show(v.shape()));
  if (k.dtype() != q.dtype() || v.dtype() != q.dtype())
    eval_error("FA1", op + ": Q, K and V must share one element type, got " + std::string(dtype_name(q.dtype())) +
                          ", " + dtype_name(k.dtype()) + ", " + dtype_name(v.dtype()));
  const int64_t B = q.dim(0), Hq = q.dim(1), L = q.dim(2), E = q.dim(3);
  const int64_t Hkv = k.dim(1), S = k.dim(2), Ev = v.dim(3);
  if (k.dim(0) != B || v.dim(0) != B || v.dim(1) != Hkv || v.dim(2) != S || k.dim(3) != E)
    eval_error("FA1", op + ": shapes Q " + show(q.shape()) + ", K " + show(k.shape()) + ", V " + show(v.shape()) +
                          " do not agree (batch, K/V heads and length, Q/K head size)");
  if (Hkv < 1 || Hq % Hkv != 0)
    eval_error("FA1", op + ": " + std::to_string(Hq) + " query heads are not a multiple of " + std::to_string(Hkv) +
                          " key/value heads");
  // [spec:FA3] softmax_precision names a floating type; binary64 is at least as precise as each.
  ONNXSEM_CLAUSE(FA3);
  if (auto p = attr_int_opt(a.node, "softmax_precision")) {
    const auto dt = static_cast<DType>(*p);
    if (dt != DType::float32 && dt != DType::float16 && dt != DType::float64 && dt != DType::bfloat16)
      eval_error("FA3", op + ": softmax_precision " + std::to_string(*p) + " is not a floating element type");
  }
  // [spec:FA2] scale defaults to 1/sqrt(E); an empty dot product (E = 0) scores 0.
  ONNXSEM_CLAUSE(FA2);
  const auto scale_attr = attr_float_opt(a.node, "scale");
  const double scale = scale_attr ? static_cast<double>(*scale_attr) : 1.0 / std::sqrt(static_cast<double>(E));

  const std::vector<double> qd = widen_all(q, op), kd = widen_all(k, op), vd = widen_all(v, op);
  const int64_t group = Hq / Hkv;
  int64_t count = 1;
  for (int64_t f : {B, Hq, L, Ev})
    if (__builtin_mul_overflow(count, f, &count)) eval_error("L1", op + ": the output size overflows");
  int64_t cells = 1;
  for (int64_t f : {B, Hq, L, S})
    if (__builtin_mul_overflow(cells, f, &cells)) eval_error("L1", op + ": the score tensor's size overflows");
  // [spec:FA2] the scaled scores, for every batch, query head, query row and key.
  ONNXSEM_CLAUSE(FA2);
  std::vector<double> sc(static_cast<size_t>(cells));
  for (int64_t b = 0; b < B; ++b)
    for (int64_t h = 0; h < Hq; ++h) {
      const double* kb = kd.data() + (b * Hkv + h / group) * S * E;
      for (int64_t i = 0; i < L; ++i) {
        const double* qi = qd.data() + ((b * Hq + h) * L + i) * E;
        double* si = sc.data() + ((b * Hq + h) * L + i) * S;
        for (int64_t j = 0; j < S; ++j) {
          double dot = 0;
          for (int64_t e = 0; e < E; ++e) dot += qi[e] * kb[j * E + e];
          si[j] = E == 0 ? 0.0 : scale * dot;
        }
      }
    }
  // [spec:FA4] a modifier receives the tensor [B, Hq, L, S] rounded to float (double when Q is double) and
  // must return one tensor of that type and shape.
  ONNXSEM_CLAUSE(FA4);
  const DType mod_type = q.dtype() == DType::float64 ? DType::float64 : DType::float32;
  auto modify = [&](const Graph* g, std::vector<double>& cells_in, const char* what) {
    if (!g) return;
    const Shape shape{B, Hq, L, S};
    Tensor t = dispatch(mod_type, float_types, op, [&](auto tt) -> Tensor {
      using T = typename decltype(tt)::type;
      auto [r, out] = Tensor::allocate<T>(cx, shape);
      for (size_t i = 0; i < out.size(); ++i) out[i] = num::from_double<T>(cells_in[i]);
      return r;
    });
    const std::vector<Value> res = a.subgraph(*g, {Value(t)});
    if (res.size() != 1 || !res[0].is_tensor() || res[0].tensor().dtype() != mod_type ||
        res[0].tensor().shape() != shape)
      eval_error("FA4",
                 op + ": " + what + " must return one " + dtype_name(mod_type) + " tensor of shape " + show(shape));
    cells_in = widen_all(res[0].tensor(), op);
  };
  modify(score_mod, sc, "score_mod");
  // [spec:FA2] the softmax of each row over its S keys, in binary64 with the row maximum subtracted.
  ONNXSEM_CLAUSE(FA2);
  for (int64_t row = 0; row < B * Hq * L; ++row) {
    double* s = sc.data() + row * S;
    double top = -std::numeric_limits<double>::infinity();
    for (int64_t j = 0; j < S; ++j)
      if (std::isnan(s[j]) || s[j] > top) top = std::isnan(top) ? top : s[j];
    double sum = 0;
    for (int64_t j = 0; j < S; ++j) sum += (s[j] = std::exp(s[j] - top));
    for (int64_t j = 0; j < S; ++j) s[j] /= sum;
  }
  modify(prob_mod, sc, "prob_mod");
  std::vector<double> y(static_cast<size_t>(count), 0.0);
  for (int64_t b = 0; b < B; ++b)
    for (int64_t h = 0; h < Hq; ++h) {
      const double* vb = vd.data() + (b * Hkv + h / group) * S * Ev;
      for (int64_t i = 0; i < L; ++i) {
        const double* p = sc.data() + ((b * Hq + h) * L + i) * S;
        double* yi = y.data() + ((b * Hq + h) * L + i) * Ev;
        for (int64_t j = 0; j < S; ++j)
          for (int64_t e = 0; e < Ev; ++e) yi[e] += p[j] * vb[j * Ev + e];
      }
    }
  return {dispatch(q.dtype(), float_types, op, [&](auto tt) -> Value {
    using T = typename decltype(tt)::type;
    auto [t, out] = Tensor::allocate<T>(cx, Shape{B, Hq, L, Ev});
    for (size_t i = 0; i < out.size(); ++i) out[i] = num::from_double<T>(y[i]);
    return t;
  })};
}

}  // namespace

void add_flex_attention(Registry& r) { r.add("ai.onnx.preview", "FlexAttention", {1}, flex_attention_1); }

}  // namespace onnxsem::ops::attn

// Operator family: attention (spec/ops-attention.md, AT1-AT18, AT25-AT26). Attention-23/24/25 and
// RotaryEmbedding-23; LinearAttention-27 is in linear_attention.cpp (AT19-AT23).
//
// Attention, for one query row i of one batch b and one query head h (kv head g = h / (Hq / Hkv)):
//   s_j   = scale * Σ_d Q[b,h,i,d] * K'[b,g,j,d]                   (K' = past_key ++ K along the sequence)
//   s_j   = c * tanh(s_j / c)                                      (only when softcap c > 0)
//   x_j   = s_j + bias_j                                           (mask, causal frontier, window, padding)
//   p     = softmax(x), or 0 when every x_j is -inf
//   Y[b,h,i,:] = Σ_j p_j * V'[b,g,j,:]                             (V' = past_value ++ V)
// Everything is computed in binary64 and rounded once to the output type (P1).
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "ops/attention/attention_internal.hpp"
#include "ops/common/attrs.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"
#include "runtime/error.hpp"
#include "values/dispatch.hpp"
#include "values/numeric.hpp"

namespace onnxsem::ops {
namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

// A tensor of element type `dt` holding the binary64 values `v`, each rounded once (P1).
Tensor narrow_all(EvalContext& cx, DType dt, Shape shape, const std::vector<double>& v, const std::string& op) {
  return dispatch(dt, float_types, op, [&](auto tt) {
    using T = typename decltype(tt)::type;
    auto [t, out] = Tensor::allocate<T>(cx, std::move(shape));
    for (size_t i = 0; i < out.size(); ++i) out[i] = num::from_double<T>(v[i]);
    return t;
  });
}

// ---- Attention -------------------------------------------------------------------------------------------

// A tensor seen as [batch, heads, seq, size], held in binary64 in that order.
struct Heads {
  int64_t b = 0, h = 0, s = 0, d = 0;
  std::vector<double> v;
  [[nodiscard]] const double* row(int64_t bi, int64_t hi, int64_t si) const {
    return v.data() + ((bi * h + hi) * s + si) * d;
  }
  [[nodiscard]] Shape shape() const { return {b, h, s, d}; }
};

// Reads Q, K or V: 4-D as it is; 3-D [batch, seq, heads * size] split into `heads` heads (AT2).
Heads read_heads(const Tensor& t, int64_t heads, const std::string& name) {
  Heads r;
  std::vector<double> x = widen_all(t, "Attention");
  if (t.rank() == 4) {
    r.b = t.dim(0), r.h = t.dim(1), r.s = t.dim(2), r.d = t.dim(3);
    r.v = std::move(x);
    return r;
  }
  // [spec:AT2] a 3-D input is [batch, seq, heads * head_size], split into heads and moved to [b, h, s, d].
  ONNXSEM_CLAUSE(AT2);
  const int64_t hidden = t.dim(2);
  if (heads <= 0 || hidden % heads != 0)
    eval_error("AT2", "3-D input " + name + " has hidden size " + std::to_string(hidden) +
                          ", not a positive multiple of the head count " + std::to_string(heads));
  r.b = t.dim(0), r.s = t.dim(1), r.h = heads, r.d = hidden / heads;
  r.v.resize(x.size());
  for (int64_t bi = 0; bi < r.b; ++bi)
    for (int64_t si = 0; si < r.s; ++si)
      for (int64_t hi = 0; hi < r.h; ++hi)
        for (int64_t di = 0; di < r.d; ++di)
          r.v[static_cast<size_t>(((bi * r.h + hi) * r.s + si) * r.d + di)] =
              x[static_cast<size_t>(((bi * r.s + si) * r.h + hi) * r.d + di)];
  return r;
}

// [spec:AT5] past ++ current along the sequence axis.
Heads concat_seq(const Heads& past, const Heads& cur) {
  ONNXSEM_CLAUSE(AT5);
  Heads r;
  r.b = cur.b, r.h = cur.h, r.d = cur.d, r.s = past.s + cur.s;
  r.v.resize(static_cast<size_t>(r.b * r.h * r.s * r.d));
  for (int64_t bi = 0; bi < r.b; ++bi)
    for (int64_t hi = 0; hi < r.h; ++hi) {
      double* out = r.v.data() + (bi * r.h + hi) * r.s * r.d;
      const double* p = past.v.data() + (bi * r.h + hi) * past.s * r.d;
      const double* c = cur.v.data() + (bi * r.h + hi) * cur.s * r.d;
      std::copy(p, p + past.s * r.d, out);
      std::copy(c, c + cur.s * r.d, out + past.s * r.d);
    }
  return r;
}

// The attention mask as an additive bias, broadcast to [batch, q_heads, q_seq] and covering the first
// `len` key positions (AT6, AT7).
struct Mask {
  bool present = false;
  int64_t len = 0;                  // last dimension of the mask
  std::vector<double> bias;         // additive values, in the mask's storage order
  std::array<int64_t, 3> stride{};  // element strides for batch, head, query row (0 when broadcast)
  [[nodiscard]] double at(int64_t b, int64_t h, int64_t i, int64_t j) const {
    if (j >= len) {
      ONNXSEM_CLAUSE(AT7);
      return kNegInf;  // [spec:AT7] positions past the mask's last dimension are masked out
    }
    return bias[static_cast<size_t>(b * stride[0] + h * stride[1] + i * stride[2] + j)];
  }
};

Mask read_mask(const Tensor& m, int64_t B, int64_t Hq, int64_t Sq, int64_t T) {
  Mask r;
  r.present = true;
  const int64_t rank = m.rank();
  // [spec:AT6] the mask broadcasts to [batch, q_heads, q_seq, total_seq]; bool true keeps, false masks out.
  ONNXSEM_CLAUSE(AT6);
  if (rank < 1 || rank > 4) eval_error("AT6", "attn_mask must have rank 1 to 4, got shape " + show(m.shape()));
  r.len = m.dim(rank - 1);
  if (r.len > T)
    eval_error("AT7", "attn_mask's last dimension " + std::to_string(r.len) + " exceeds the total sequence length " +
                          std::to_string(T));
  const std::array<int64_t, 3> target{B, Hq, Sq};
  int64_t stride = r.len;
  for (int64_t k = rank - 2, t = 2; t >= 0; --k, --t) {
    const int64_t dim = k >= 0 ? m.dim(k) : 1;
    if (dim != 1 && dim != target[static_cast<size_t>(t)])
      eval_error("AT6", "attn_mask shape " + show(m.shape()) + " does not broadcast to [" + std::to_string(B) + "," +
                            std::to_string(Hq) + "," + std::to_string(Sq) + "," + std::to_string(T) + "]");
    r.stride[static_cast<size_t>(t)] = dim == 1 ? 0 : stride;
    stride *= dim;
  }
  if (m.dtype() == DType::boolean) {
    for (bool keep : m.data<bool>()) r.bias.push_back(keep ? 0.0 : kNegInf);
  } else {
    r.bias = widen_all(m, "Attention (attn_mask)");
  }
  return r;
}

enum class QkMode { raw = 0, softcapped = 1, biased = 2, softmax = 3 };

// [spec:AT26] the input and output combinations Attention-25 refuses, which earlier versions let pass.
void check_attention_25_combinations(const KernelArgs& a, int64_t q_rank) {
  ONNXSEM_CLAUSE(AT26);
  const Node& n = a.node;
  if (q_rank == 4 && (n.attr("q_num_heads") != nullptr || n.attr("kv_num_heads") != nullptr))
    eval_error("AT26", "Attention-25 refuses q_num_heads and kv_num_heads with 4-D operands");
  const bool want_pk = a.output_count() > 1 && a.requested[1];
  const bool want_pv = a.output_count() > 2 && a.requested[2];
  if (want_pk != want_pv) eval_error("AT26", "present_key and present_value must be requested together");
  if (a.has_input(6) && (a.has_input(4) || a.has_input(5) || want_pk || want_pv))
    eval_error("AT26", "nonpad_kv_seqlen cannot be combined with past_key/past_value or present_key/present_value");
}

// The sliding window of Attention-25 (AT25): -1 leaves a side unbounded, other negative sizes are refused.
struct Window {
  int64_t left = -1, right = -1;
  [[nodiscard]] bool active() const { return left >= 0 || right >= 0; }
  // Whether the query at absolute position p may attend key j.
  [[nodiscard]] bool admits(int64_t p, int64_t j) const {
    const int64_t d = p - j;  // how far key j lies to the left of p (negative: to the right)
    return (left < 0 || d <= left) && (right < 0 || -d <= right);
  }
};

Window read_window(const Node& n) {
  Window w;
  w.left = attr_int(n, "left_window_size", -1);
  w.right = attr_int(n, "right_window_size", -1);
  for (const auto& [name, size] : {std::pair{"left_window_size", w.left}, std::pair{"right_window_size", w.right}})
    if (size < -1) eval_error("AT25", std::string(name) + " must be -1 or nonnegative, got " + std::to_string(size));
  return w;
}

// The three behaviour versions share one kernel; `version` is the since-version (23, 24 or 25) and decides
// only which inputs and attributes exist and which combinations are refused.
std::vector<std::optional<Value>> attention(const KernelArgs& a, int64_t version) {
  EvalContext& cx = a.context();
  const bool has_nonpad_input = version >= 24;
  const Node& n = a.node;
  const Tensor& q = a.tensor(0);
  const Tensor& k = a.tensor(1);
  const Tensor& v = a.tensor(2);
  const DType dt = q.dtype();
  // [spec:AT1] Q, K and V have the same rank, 3 or 4, and one floating element type.
  ONNXSEM_CLAUSE(AT1);
  if ((q.rank() != 3 && q.rank() != 4) || k.rank() != q.rank() || v.rank() != q.rank())
    eval_error("AT1", "Q, K and V must all be 3-D or all 4-D; got " + show(q.shape()) + ", " + show(k.shape()) + ", " +
                          show(v.shape()));
  if (k.dtype() != dt || v.dtype() != dt) eval_error("AT1", "Q, K and V must have one element type");
  if (version >= 25) check_attention_25_combinations(a, q.rank());
  const Window window = version >= 25 ? read_window(n) : Window{};
  const bool three_d = q.rank() == 3;
  int64_t q_heads = 0, kv_heads = 0;
  if (three_d) {
    const auto qh = attr_int_opt(n, "q_num_heads");
    const auto kh = attr_int_opt(n, "kv_num_heads");
    if (!qh || !kh) eval_error("AT2", "3-D inputs need the q_num_heads and kv_num_heads attributes");
    q_heads = *qh, kv_heads = *kh;
  }
  const Heads Q = read_heads(q, q_heads, "Q");
  Heads K = read_heads(k, kv_heads, "K");
  Heads V = read_heads(v, kv_heads, "V");

  // [spec:AT3] shapes agree: batch, kv heads and kv sequence; Q and K share the head size; Hkv divides Hq.
  ONNXSEM_CLAUSE(AT3);
  if (K.b != Q.b || V.b != Q.b || V.h != K.h || V.s != K.s || K.d != Q.d)
    eval_error("AT3", "Q, K, V (as [batch, heads, seq, size]) do not agree: " + show(Q.shape()) + ", " +
                          show(K.shape()) + ", " + show(V.shape()));
  if (K.h <= 0 || Q.h % K.h != 0)
    eval_error("AT3", "the query head count " + std::to_string(Q.h) +
                          " is not a multiple of the key/value head count " + std::to_string(K.h));

  // Past key and value.
  const bool has_pk = a.has_input(4), has_pv = a.has_input(5);
  if (has_pk != has_pv) eval_error("AT5", "past_key and past_value must be given together");
  int64_t past = 0;
  if (has_pk) {
    const Tensor& pk = a.tensor(4);
    const Tensor& pv = a.tensor(5);
    if (pk.dtype() != dt || pv.dtype() != dt) eval_error("AT5", "past_key/past_value must have Q's element type");
    const Shape want_k{K.b, K.h, pk.rank() == 4 ? pk.dim(2) : -1, K.d};
    if (pk.rank() != 4 || pk.shape() != want_k || pv.rank() != 4 || pv.shape() != Shape{V.b, V.h, pk.dim(2), V.d})
      eval_error("AT5", "past_key " + show(pk.shape()) + " / past_value " + show(pv.shape()) +
                            " must be [batch, kv_heads, past_seq, head_size] matching K " + show(K.shape()) +
                            " and V " + show(V.shape()));
    past = pk.dim(2);
    K = concat_seq(read_heads(pk, 0, "past_key"), K);
    V = concat_seq(read_heads(pv, 0, "past_value"), V);
  }
  const int64_t B = Q.b, Hq = Q.h, Sq = Q.s, T = K.s, Dk = Q.d, Dv = V.d;
  const int64_t group = Hq / K.h;

  Mask mask;
  if (a.has_input(3)) {
    const Tensor& m = a.tensor(3);
    // [spec:AT6] a floating mask is "of the same type as query", as Attention's text describes it.
    ONNXSEM_CLAUSE(AT6);
    if (m.dtype() != DType::boolean && m.dtype() != a.tensor(0).dtype())
      eval_error("AT6", std::string("attn_mask of element type ") + dtype_name(m.dtype()) +
                            " is neither boolean nor Q's element type " + dtype_name(a.tensor(0).dtype()));
    mask = read_mask(m, B, Hq, Sq, T);
  }

  // [spec:AT9] nonpad_kv_seqlen (version 24): per batch, keys at positions >= its value are masked out.
  ONNXSEM_CLAUSE(AT9);
  std::vector<int64_t> nonpad;
  if (has_nonpad_input && a.has_input(6)) {
    const Tensor& np = a.tensor(6);
    if (np.dtype() != DType::int64 || np.rank() != 1 || np.dim(0) != B)
      eval_error("AT9", "nonpad_kv_seqlen must be an int64 tensor of shape [" + std::to_string(B) + "], got " +
                            std::string(dtype_name(np.dtype())) + show(np.shape()));
    for (int64_t x : np.data<int64_t>()) {
      if (x < 0 || x > T)
        eval_error("AT9", "nonpad_kv_seqlen value " + std::to_string(x) + " is outside [0, " + std::to_string(T) + "]");
      nonpad.push_back(x);
    }
  }

  // Attributes.
  const bool causal = attr_int(n, "is_causal", 0) != 0;
  const auto scale_attr = attr_float_opt(n, "scale");
  // [spec:AT4] the scale defaults to 1/sqrt(head_size of Q and K).
  ONNXSEM_CLAUSE(AT4);
  const double scale = scale_attr ? static_cast<double>(*scale_attr) : 1.0 / std::sqrt(static_cast<double>(Dk));
  const double softcap = attr_float(n, "softcap", 0.0f);
  const int64_t mode_i = attr_int(n, "qk_matmul_output_mode", 0);
  if (mode_i < 0 || mode_i > 3)
    eval_error("AT12", "qk_matmul_output_mode must be 0, 1, 2 or 3, got " + std::to_string(mode_i));
  const auto mode = static_cast<QkMode>(mode_i);
  if (const auto sp = attr_int_opt(n, "softmax_precision")) {
    // [spec:AT13] softmax_precision names a floating type; onnxsem computes the softmax in binary64 anyway.
    ONNXSEM_CLAUSE(AT13);
    if (!dtype_known(static_cast<int32_t>(*sp)) || !is_float(static_cast<DType>(*sp)))
      eval_error("AT13", "softmax_precision " + std::to_string(*sp) + " is not a floating element type");
  }
  const bool want_qk = a.output_count() > 3 && a.requested[3];
  // The binary64 working buffers obey the allocation limit like the tensors they become (L3).
  for (const Shape& sh : {Shape{B, Hq, Sq, Dv}, want_qk ? Shape{B, Hq, Sq, T} : Shape{}})
    if (element_count(sh) > cx.limits().tensor_bytes / static_cast<int64_t>(sizeof(double)))
      eval_error("L3", "Attention working buffer of shape " + show(sh) + " exceeds the allocation limit");

  std::vector<double> y(static_cast<size_t>(B * Hq * Sq * Dv), 0.0);
  std::vector<double> qk_out(want_qk ? static_cast<size_t>(B * Hq * Sq * T) : 0);
  std::vector<double> x(static_cast<size_t>(T));
  for (int64_t b = 0; b < B; ++b) {
    // [spec:AT8] the causal frontier: query i sees key j iff j <= i + offset, where offset is the past length
    // with past_key, nonpad_kv_seqlen[b] - q_seq with nonpad_kv_seqlen and no past_key, else 0.
    ONNXSEM_CLAUSE(AT8);
    int64_t offset = past;
    if (!has_pk && !nonpad.empty()) offset = nonpad[static_cast<size_t>(b)] - Sq;
    for (int64_t h = 0; h < Hq; ++h) {
      const int64_t g = h / group;  // [spec:AT3] query head h reads key/value head h / (Hq / Hkv)
      for (int64_t i = 0; i < Sq; ++i) {
        const double* qr = Q.row(b, h, i);
        double* qko = want_qk ? qk_out.data() + ((b * Hq + h) * Sq + i) * T : nullptr;
        bool all_masked = true, any_nan = false;
        double mx = kNegInf;
        for (int64_t j = 0; j < T; ++j) {
          const double* kr = K.row(b, g, j);
          double s = 0;
          for (int64_t d = 0; d < Dk; ++d) s += qr[d] * kr[d];
          s *= scale;
          if (qko && mode == QkMode::raw) qko[j] = s;
          // [spec:AT10] softcap c > 0 maps s to c * tanh(s / c), before the bias is added.
          ONNXSEM_CLAUSE(AT10);
          if (softcap > 0) s = softcap * std::tanh(s / softcap);
          if (qko && mode == QkMode::softcapped) qko[j] = s;
          double bias = 0;
          if (mask.present) bias += mask.at(b, h, i, j);
          if (causal && j > i + offset) bias += kNegInf;
          // [spec:AT25] the window keeps keys j with i + offset - left <= j <= i + offset + right.
          ONNXSEM_CLAUSE(AT25);
          if (window.active() && !window.admits(i + offset, j)) bias += kNegInf;
          if (!nonpad.empty() && j >= nonpad[static_cast<size_t>(b)]) bias += kNegInf;
          const double xv = s + bias;
          if (qko && mode == QkMode::biased) qko[j] = xv;
          x[static_cast<size_t>(j)] = xv;
          if (std::isnan(xv)) any_nan = true;
          if (xv != kNegInf) all_masked = false;
          if (xv > mx) mx = xv;
        }
        // [spec:AT11] softmax over the keys in binary64; a row whose every entry is -inf (including a row
        // with no keys) gives probabilities 0, so its output row is 0; a NaN in the row makes the row NaN.
        ONNXSEM_CLAUSE(AT11);
        if (all_masked) {
          for (int64_t j = 0; j < T; ++j) x[static_cast<size_t>(j)] = 0.0;
        } else if (any_nan) {
          for (int64_t j = 0; j < T; ++j) x[static_cast<size_t>(j)] = std::numeric_limits<double>::quiet_NaN();
        } else {
          double sum = 0;
          for (int64_t j = 0; j < T; ++j) {
            x[static_cast<size_t>(j)] = std::exp(x[static_cast<size_t>(j)] - mx);
            sum += x[static_cast<size_t>(j)];
          }
          for (int64_t j = 0; j < T; ++j) x[static_cast<size_t>(j)] /= sum;
        }
        if (qko && mode == QkMode::softmax)
          for (int64_t j = 0; j < T; ++j) qko[j] = x[static_cast<size_t>(j)];
        double* yr = y.data() + ((b * Hq + h) * Sq + i) * Dv;
        for (int64_t j = 0; j < T; ++j) {
          const double p = x[static_cast<size_t>(j)];
          if (p == 0.0 && all_masked) continue;
          const double* vr = V.row(b, g, j);
          for (int64_t d = 0; d < Dv; ++d) yr[d] += p * vr[d];
        }
      }
    }
  }

  std::vector<std::optional<Value>> out;
  // [spec:AT14] Y is [batch, q_heads, q_seq, v_head_size] for 4-D inputs and [batch, q_seq, q_heads *
  // v_head_size] for 3-D inputs.
  ONNXSEM_CLAUSE(AT14);
  if (three_d) {
    std::vector<double> y3(y.size());
    for (int64_t b = 0; b < B; ++b)
      for (int64_t h = 0; h < Hq; ++h)
        for (int64_t i = 0; i < Sq; ++i)
          for (int64_t d = 0; d < Dv; ++d)
            y3[static_cast<size_t>(((b * Sq + i) * Hq + h) * Dv + d)] =
                y[static_cast<size_t>(((b * Hq + h) * Sq + i) * Dv + d)];
    out.emplace_back(narrow_all(cx, dt, {B, Sq, Hq * Dv}, y3, "Attention"));
  } else {
    out.emplace_back(narrow_all(cx, dt, {B, Hq, Sq, Dv}, y, "Attention"));
  }
  // [spec:AT5] present_key / present_value are the 4-D concatenations past ++ current.
  ONNXSEM_CLAUSE(AT5);
  if (a.output_count() > 1) out.emplace_back(narrow_all(cx, dt, K.shape(), K.v, "Attention"));
  if (a.output_count() > 2) out.emplace_back(narrow_all(cx, dt, V.shape(), V.v, "Attention"));
  if (a.output_count() > 3) {
    // [spec:AT12] qk_matmul_output: 0 scaled Q·K, 1 after softcap, 2 after the bias, 3 after the softmax.
    ONNXSEM_CLAUSE(AT12);
    if (want_qk) out.emplace_back(narrow_all(cx, dt, {B, Hq, Sq, T}, qk_out, "Attention"));
    else out.emplace_back(std::nullopt);
  }
  return out;
}

std::vector<std::optional<Value>> attention_23(const KernelArgs& a) {
  if (a.has_input(6)) eval_error("AT9", "Attention-23 has no nonpad_kv_seqlen input");
  return attention(a, 23);
}
std::vector<std::optional<Value>> attention_24(const KernelArgs& a) { return attention(a, 24); }
std::vector<std::optional<Value>> attention_25(const KernelArgs& a) { return attention(a, 25); }

// ---- RotaryEmbedding -------------------------------------------------------------------------------------

std::vector<std::optional<Value>> rotary_embedding_23(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Node& n = a.node;
  const Tensor& x = a.tensor(0);
  const Tensor& cos_t = a.tensor(1);
  const Tensor& sin_t = a.tensor(2);
  const DType dt = x.dtype();
  if (cos_t.dtype() != dt || sin_t.dtype() != dt)
    eval_error("AT15", "cos_cache and sin_cache must have the input's element type");
  // [spec:AT15] X is [batch, heads, seq, head_size], or [batch, seq, hidden] split into num_heads heads.
  ONNXSEM_CLAUSE(AT15);
  if (x.rank() != 3 && x.rank() != 4)
    eval_error("AT15", "RotaryEmbedding input must be 3-D or 4-D, got " + show(x.shape()));
  int64_t B = x.dim(0), H = 0, S = 0, D = 0;
  if (x.rank() == 4) {
    H = x.dim(1), S = x.dim(2), D = x.dim(3);
  } else {
    const int64_t heads = attr_int(n, "num_heads", 0);
    S = x.dim(1);
    if (heads <= 0 || x.dim(2) % heads != 0)
      eval_error("AT15", "a 3-D input needs num_heads > 0 dividing its hidden size " + std::to_string(x.dim(2)) +
                             ", got num_heads " + std::to_string(heads));
    H = heads, D = x.dim(2) / heads;
  }
  // [spec:AT16] the first rotary_embedding_dim elements of each head are rotated (0: the whole head).
  ONNXSEM_CLAUSE(AT16);
  int64_t R = attr_int(n, "rotary_embedding_dim", 0);
  if (R == 0) R = D;
  if (R < 0 || R > D || R % 2 != 0)
    eval_error("AT16", "rotary_embedding_dim " + std::to_string(R) + " must be even and at most the head size " +
                           std::to_string(D));
  const int64_t half = R / 2;
  const bool interleaved = attr_int(n, "interleaved", 0) != 0;

  // [spec:AT17] the angle table row for (b, s): position_ids[b, s] into [max_pos, R/2] caches, or directly
  // caches of shape [batch, seq, R/2] when position_ids is absent.
  ONNXSEM_CLAUSE(AT17);
  std::vector<int64_t> pos;
  if (a.has_input(3)) {
    const Tensor& p = a.tensor(3);
    if (p.dtype() != DType::int64 || p.shape() != Shape{B, S})
      eval_error("AT17", "position_ids must be int64 of shape [" + std::to_string(B) + "," + std::to_string(S) +
                             "], got " + std::string(dtype_name(p.dtype())) + show(p.shape()));
    if (cos_t.rank() != 2 || cos_t.dim(1) != half || sin_t.shape() != cos_t.shape())
      eval_error("AT17", "with position_ids, cos_cache and sin_cache must both be [max_position, " +
                             std::to_string(half) + "], got " + show(cos_t.shape()) + " and " + show(sin_t.shape()));
    for (int64_t id : p.data<int64_t>()) {
      if (id < 0 || id >= cos_t.dim(0))
        eval_error("AT17",
                   "position id " + std::to_string(id) + " is outside [0, " + std::to_string(cos_t.dim(0)) + ")");
      pos.push_back(id);
    }
  } else if (cos_t.shape() != Shape{B, S, half} || sin_t.shape() != cos_t.shape()) {
    eval_error("AT17", "without position_ids, cos_cache and sin_cache must both be [" + std::to_string(B) + "," +
                           std::to_string(S) + "," + std::to_string(half) + "], got " + show(cos_t.shape()) + " and " +
                           show(sin_t.shape()));
  }
  const std::vector<double> xv = widen_all(x, "RotaryEmbedding");
  const std::vector<double> cv = widen_all(cos_t, "RotaryEmbedding");
  const std::vector<double> sv = widen_all(sin_t, "RotaryEmbedding");
  std::vector<double> y = xv;  // elements past R are copied unchanged
  for (int64_t b = 0; b < B; ++b)
    for (int64_t s = 0; s < S; ++s) {
      const int64_t row = pos.empty() ? b * S + s : pos[static_cast<size_t>(b * S + s)];
      const double* c = cv.data() + row * half;
      const double* sn = sv.data() + row * half;
      for (int64_t h = 0; h < H; ++h) {
        // offset of element 0 of head h at (b, s)
        const int64_t base = x.rank() == 4 ? ((b * H + h) * S + s) * D : ((b * S + s) * H + h) * D;
        for (int64_t k = 0; k < half; ++k) {
          // [spec:AT18] pairs (k, k + R/2), or (2k, 2k + 1) when interleaved, rotate by the angle of column k:
          // (x1, x2) -> (cos*x1 - sin*x2, sin*x1 + cos*x2).
          ONNXSEM_CLAUSE(AT18);
          const int64_t i1 = base + (interleaved ? 2 * k : k);
          const int64_t i2 = base + (interleaved ? 2 * k + 1 : k + half);
          const double x1 = xv[static_cast<size_t>(i1)], x2 = xv[static_cast<size_t>(i2)];
          y[static_cast<size_t>(i1)] = c[k] * x1 - sn[k] * x2;
          y[static_cast<size_t>(i2)] = sn[k] * x1 + c[k] * x2;
        }
      }
    }
  return {Value(narrow_all(cx, dt, x.shape(), y, "RotaryEmbedding"))};
}

}  // namespace

void add_attention(Registry& r) {
  r.add("", "Attention", {23}, attention_23);
  r.add("", "Attention", {24}, attention_24);
  r.add("", "Attention", {25}, attention_25);
  r.add("", "RotaryEmbedding", {23}, rotary_embedding_23);
  attn::add_linear_attention(r);
  attn::add_flex_attention(r);
}

}  // namespace onnxsem::ops

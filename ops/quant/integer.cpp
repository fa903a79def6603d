// Integer products of quantized tensors (spec/ops-quant.md, Q10-Q15): QLinearMatMul, ConvInteger and
// QLinearConv.
//
// Each subtracts the zero points from the 8-bit operands, forms the integer matrix product or
// convolution, wraps the sum to int32 (two's complement, as ONNX's 32-bit accumulation does), and, for the
// QLinear operators, requantizes: y = saturate(round_half_even(sum * (scale_a * scale_b / scale_y)) + zp_y),
// the real factor computed in binary64. The window geometry of the convolutions is the nn family's
// (spec/ops-nn.md, NN2-NN6).
#include <algorithm>
#include <array>

#include "ops/common/attrs.hpp"
#include "ops/common/broadcast.hpp"
#include "ops/nn/window.hpp"
#include "ops/quant/quant.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::quant {
namespace {

constexpr auto int8_types = hana::tuple_t<int8_t, uint8_t>;

bool is_8bit(DType t) { return t == DType::int8 || t == DType::uint8; }

int32_t wrap32(int64_t v) { return num::wrap_integer<int32_t>(v); }

// ---- QLinearMatMul ------------------------------------------------------------------------------------

// Checks a (scale, zero point) pair of QLinearMatMul against the shape it must broadcast to (Q10).
void check_params(const Tensor& scale, const Tensor& zp, DType zp_type, const Shape& target, const std::string& what) {
  const std::string op = "QLinearMatMul";
  // [spec:Q10] scale and zero point have one shape, broadcasting to the operand's per-row (a), per-column
  // (b) or output (y) shape; the zero point has the operand's 8-bit integer type.
  ONNXSEM_CLAUSE(Q10);
  if (scale.shape() != zp.shape())
    eval_error("Q10", op + ": " + what + " scale of shape " + show(scale.shape()) + " and zero point of shape " +
                          show(zp.shape()) + " differ");
  if (zp.dtype() != zp_type || !is_8bit(zp_type))
    eval_error("Q10", op + ": " + what + " zero point has element type " + dtype_name(zp.dtype()) + ", expected " +
                          (is_8bit(zp_type) ? dtype_name(zp_type) : "int8 or uint8"));
  if (!broadcasts_to(scale.shape(), target))
    eval_error("Q10",
               op + ": " + what + " scale of shape " + show(scale.shape()) + " does not broadcast to " + show(target));
}

std::vector<std::optional<Value>> qlinear_matmul(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "QLinearMatMul";
  const Tensor &A = a.tensor(0), &As = a.tensor(1), &Az = a.tensor(2);
  const Tensor &B = a.tensor(3), &Bs = a.tensor(4), &Bz = a.tensor(5);
  const Tensor &Ys = a.tensor(6), &Yz = a.tensor(7);
  for (const Tensor* t : {&A, &B, &Yz})
    if (is_float(t->dtype()) && t->dtype() != DType::float32 && t->dtype() != DType::float64 &&
        t->dtype() != DType::float16 && t->dtype() != DType::bfloat16)
      unsupported(op + ": float8 operands (version 21) are not implemented; ONNX does not define their accumulation");
  if (!is_8bit(A.dtype()) || !is_8bit(B.dtype()))
    eval_error("Q10", op + ": a and b have element types " + std::string(dtype_name(A.dtype())) + " and " +
                          dtype_name(B.dtype()) + ", expected int8 or uint8");
  // [spec:Q12] numpy matmul shapes: a 1-D a is a row [1, K], a 1-D b a column [K, 1] (the added axis is
  // removed from the result); the inner extents agree; the batch axes broadcast.
  ONNXSEM_CLAUSE(Q12);
  if (A.rank() < 1 || B.rank() < 1)
    eval_error("Q12", op + ": a " + show(A.shape()) + " and b " + show(B.shape()) + " must have rank >= 1");
  const Shape a2 = A.rank() == 1 ? Shape{1, A.dim(0)} : A.shape();
  const Shape b2 = B.rank() == 1 ? Shape{B.dim(0), 1} : B.shape();
  const int64_t M = a2[a2.size() - 2], K = a2.back(), N = b2.back();
  if (b2[b2.size() - 2] != K)
    eval_error("Q12", op + ": the inner extents of a " + show(A.shape()) + " and b " + show(B.shape()) + " differ");
  const Shape abatch(a2.begin(), a2.end() - 2), bbatch(b2.begin(), b2.end() - 2);
  const Shape batch = broadcast_shape({abatch, bbatch}, op);
  Shape full = batch, final_shape = batch;
  full.push_back(M);
  full.push_back(N);
  if (A.rank() > 1) final_shape.push_back(M);
  if (B.rank() > 1) final_shape.push_back(N);

  Shape arow = A.rank() == 1 ? Shape{1} : A.shape();
  arow.back() = 1;
  Shape bcol = B.rank() == 1 ? Shape{1} : B.shape();
  if (B.rank() > 1) bcol[bcol.size() - 2] = 1;
  check_params(As, Az, A.dtype(), arow, "a");
  check_params(Bs, Bz, B.dtype(), bcol, "b");
  check_params(Ys, Yz, Yz.dtype(), final_shape, "y");

  // Operands minus their zero points.
  auto centred = [&](const Tensor& t, const Tensor& zp) {
    std::vector<int64_t> v = ints_of(t, op);
    const std::vector<int64_t> z = ints_of(zp, op);
    const std::vector<int64_t> zo = broadcast_offsets(zp.shape(), t.shape());
    for (size_t i = 0; i < v.size(); ++i) v[i] -= z[static_cast<size_t>(zo[i])];
    return v;
  };
  const std::vector<int64_t> ai = centred(A, Az), bi = centred(B, Bz);

  // [spec:Q11] C = (a - a_zero_point) x (b - b_zero_point), wrapped to int32.
  ONNXSEM_CLAUSE(Q11);
  std::vector<int32_t> c;
  c.reserve(static_cast<size_t>(element_count(full)));
  const std::array<std::vector<int64_t>, 2> strides{broadcast_strides(abatch, batch), broadcast_strides(bbatch, batch)};
  auto matrix = [&](const std::array<int64_t, 2>& o) {
    const int64_t* ap = ai.data() + o[0] * M * K;
    const int64_t* bp = bi.data() + o[1] * K * N;
    for (int64_t m = 0; m < M; ++m)
      for (int64_t n = 0; n < N; ++n) {
        int64_t s = 0;
        for (int64_t k = 0; k < K; ++k) s += ap[m * K + k] * bp[k * N + n];
        c.push_back(wrap32(s));
      }
  };
  if (batch.empty()) matrix({0, 0});
  else for_each_broadcast<2>(batch, strides, matrix);

  const std::vector<double> as = widen_all(As, op), bs = widen_all(Bs, op), ys = widen_all(Ys, op);
  const std::vector<int64_t> yz = ints_of(Yz, op);
  const std::vector<int64_t> aso = broadcast_offsets(As.shape(), full), bso = broadcast_offsets(Bs.shape(), full);
  const std::vector<int64_t> yso = broadcast_offsets(Ys.shape(), final_shape),
                             yzo = broadcast_offsets(Yz.shape(), final_shape);
  return {dispatch(Yz.dtype(), int8_types, op, [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    auto [y, yo] = Tensor::allocate<T>(cx, final_shape);
    for (size_t i = 0; i < yo.size(); ++i) {
      // Q11: requantize with the factor a_scale * b_scale / y_scale, in binary64.
      const double factor = as[static_cast<size_t>(aso[i])] * bs[static_cast<size_t>(bso[i])] /
                            ys[static_cast<size_t>(yso[i])];
      yo[i] = saturate_round<T>(static_cast<double>(c[i]) * factor, yz[static_cast<size_t>(yzo[i])], op);
    }
    return y;
  })};
}

// ---- ConvInteger and QLinearConv ----------------------------------------------------------------------

// The integer convolution of x and w (already centred on their zero points), wrapped to int32 (Q14), with
// an optional per-output-channel int32 bias added (modulo 2^32).
struct IntConv {
  Shape shape;
  std::vector<int32_t> y;
  int64_t M = 0, P = 0;
};

IntConv conv_integer(EvalContext& cx, const Node& node, const Tensor& x, const std::vector<int64_t>& xi,
                     const Tensor& w, const std::vector<int64_t>& wi, const std::vector<int64_t>* bias,
                     const std::string& op) {
  nn::require_spatial_input(x, op);
  const int64_t G = attr_int(node, "group", 1);
  const int64_t N = x.dim(0), C = x.dim(1);
  // [spec:Q13] W is (M, C / group, k1, ..., kn) with C and M divisible by group; kernel_shape, when
  // given, equals W's spatial extents.
  ONNXSEM_CLAUSE(Q13);
  if (w.rank() != x.rank())
    eval_error("Q13", op + ": w has shape " + show(w.shape()) + ", expected the rank of x " + show(x.shape()));
  if (G < 1) eval_error("Q13", op + ": attribute group is " + std::to_string(G) + ", expected >= 1");
  if (C % G != 0 || w.dim(0) % G != 0)
    eval_error("Q13", op + ": " + std::to_string(C) + " input and " + std::to_string(w.dim(0)) +
                          " output channels are not divisible into " + std::to_string(G) + " groups");
  const int64_t Cg = C / G, M = w.dim(0), Mg = M / G;
  if (w.dim(1) != Cg)
    eval_error("Q13",
               op + ": w has shape " + show(w.shape()) + ", its axis 1 must be C / group = " + std::to_string(Cg));
  const Shape kernel(w.shape().begin() + 2, w.shape().end());
  if (auto ks = attr_ints_opt(node, "kernel_shape"); ks && *ks != kernel)
    eval_error("Q13", op + ": attribute kernel_shape " + show(*ks) + " differs from w's spatial shape " + show(kernel));
  const Shape in(x.shape().begin() + 2, x.shape().end());
  const nn::WindowGeometry g = nn::window_geometry(node, in, kernel, {.dilations = true, .ceil_mode = false}, op);
  nn::charge_windows(cx, g, work_product({x.dim(0), M}), Cg, op);
  const auto rank = static_cast<int64_t>(g.rank());
  const int64_t P = g.out_count(), K = g.kernel_count(), plane = g.in_count();

  // Input offset (within one plane) of tap j of output position p, or -1 in the padding.
  std::vector<int64_t> tap(static_cast<size_t>(P * K));
  std::vector<int64_t> oc(static_cast<size_t>(rank)), jc(static_cast<size_t>(rank));
  for (int64_t p = 0; p < P; ++p) {
    for (int64_t rem = p, d = rank - 1; d >= 0; --d) {
      oc[d] = rem % g.out[d];
      rem /= g.out[d];
    }
    for (int64_t j = 0; j < K; ++j) {
      for (int64_t rem = j, d = rank - 1; d >= 0; --d) {
        jc[d] = rem % g.kernel[d];
        rem /= g.kernel[d];
      }
      int64_t off = 0;
      for (int64_t d = 0; d < rank && off >= 0; ++d) {
        const int64_t q = g.tap(static_cast<size_t>(d), oc[d], jc[d]);
        off = (q >= 0 && q < g.in[d]) ? off * g.in[d] + q : -1;
      }
      tap[static_cast<size_t>(p * K + j)] = off;
    }
  }

  IntConv r;
  r.M = M;
  r.P = P;
  r.shape = {N, M};
  r.shape.insert(r.shape.end(), g.out.begin(), g.out.end());
  r.y.resize(static_cast<size_t>(element_count(r.shape)));
  std::vector<int64_t> acc(static_cast<size_t>(P));
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < M; ++m) {
      const int64_t grp = m / Mg;
      std::fill(acc.begin(), acc.end(), bias ? (*bias)[static_cast<size_t>(m)] : 0);
      for (int64_t c = 0; c < Cg; ++c) {
        const int64_t* xp = xi.data() + (n * C + grp * Cg + c) * plane;
        const int64_t* wp = wi.data() + (m * Cg + c) * K;
        for (int64_t p = 0; p < P; ++p) {
          const int64_t* tp = tap.data() + p * K;
          int64_t s = 0;
          for (int64_t j = 0; j < K; ++j)
            if (tp[j] >= 0) s += xp[tp[j]] * wp[j];
          acc[static_cast<size_t>(p)] += s;
        }
      }
      // [spec:Q14] the sum over the group's channels and the taps that hit x, wrapped to int32.
      ONNXSEM_CLAUSE(Q14);
      int32_t* yp = r.y.data() + (n * M + m) * P;
      for (int64_t p = 0; p < P; ++p) yp[p] = wrap32(acc[static_cast<size_t>(p)]);
    }
  return r;
}

// A zero point or scale of a convolution: one value, or (when per_channel) one per output channel (Q13).
void check_conv_param(const Tensor& t, int64_t M, bool per_channel, const std::string& what, const std::string& op) {
  // Q13: x's and y's parameters hold one value; w's hold one value or one per output channel.
  const bool single = t.size() == 1 && t.rank() <= 1;
  const bool channel = per_channel && t.rank() == 1 && t.dim(0) == M;
  if (!single && !channel)
    eval_error("Q13", op + ": " + what + " has shape " + show(t.shape()) + ", expected a single value" +
                          (per_channel ? " or one per output channel (" + std::to_string(M) + ")" : std::string()));
}

// The values of an 8-bit operand minus its zero point (per output channel along axis 0 when zp has M values).
std::vector<int64_t> centred(const Tensor& t, const Tensor* zp, const std::string& what, const std::string& op) {
  if (!is_8bit(t.dtype()))
    eval_error("Q13", op + ": " + what + " has element type " + std::string(dtype_name(t.dtype())) +
                          ", expected int8 or uint8");
  std::vector<int64_t> v = ints_of(t, op);
  if (!zp || v.empty()) return v;
  if (zp->dtype() != t.dtype())
    eval_error("Q13", op + ": the zero point of " + what + " has element type " + dtype_name(zp->dtype()) +
                          ", expected " + dtype_name(t.dtype()));
  const std::vector<int64_t> z = ints_of(*zp, op);
  const int64_t per = static_cast<int64_t>(v.size()) / t.dim(0);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] -= z.size() == 1 ? z[0] : z[static_cast<size_t>(static_cast<int64_t>(i) / per)];
  return v;
}

std::vector<std::optional<Value>> conv_integer_10(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "ConvInteger";
  const Tensor& x = a.tensor(0);
  const Tensor& w = a.tensor(1);
  const Tensor* xz = a.has_input(2) ? &a.tensor(2) : nullptr;
  const Tensor* wz = a.has_input(3) ? &a.tensor(3) : nullptr;
  if (w.rank() < 1) eval_error("Q13", op + ": w has rank 0");
  if (xz) check_conv_param(*xz, w.dim(0), false, "x_zero_point", op);
  if (wz) check_conv_param(*wz, w.dim(0), true, "w_zero_point", op);
  const std::vector<int64_t> xi = centred(x, xz, "x", op), wi = centred(w, wz, "w", op);
  IntConv r = conv_integer(cx, a.node, x, xi, w, wi, nullptr, op);
  return {Value(Tensor::from_vector<int32_t>(cx, r.shape, r.y))};
}

std::vector<std::optional<Value>> qlinear_conv_10(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "QLinearConv";
  const Tensor &x = a.tensor(0), &xs = a.tensor(1), &xz = a.tensor(2);
  const Tensor &w = a.tensor(3), &ws = a.tensor(4), &wz = a.tensor(5);
  const Tensor &ys = a.tensor(6), &yz = a.tensor(7);
  if (w.rank() < 1) eval_error("Q13", op + ": w has rank 0");
  const int64_t M = w.dim(0);
  check_conv_param(xs, M, false, "x_scale", op);
  check_conv_param(xz, M, false, "x_zero_point", op);
  check_conv_param(ws, M, true, "w_scale", op);
  check_conv_param(wz, M, true, "w_zero_point", op);
  check_conv_param(ys, M, false, "y_scale", op);
  check_conv_param(yz, M, false, "y_zero_point", op);
  if (!is_8bit(yz.dtype()))
    eval_error("Q13", op + ": y_zero_point has element type " + std::string(dtype_name(yz.dtype())) +
                          ", expected int8 or uint8");
  std::vector<int64_t> bias;
  if (a.has_input(8)) {
    const Tensor& b = a.tensor(8);
    // Q13: the bias B is an int32 tensor of shape (M).
    if (b.dtype() != DType::int32 || b.shape() != Shape{M})
      eval_error("Q13", op + ": bias B is " + std::string(dtype_name(b.dtype())) + show(b.shape()) +
                            ", expected int32[" + std::to_string(M) + "]");
    bias = ints_of(b, op);
  }
  const std::vector<int64_t> xi = centred(x, &xz, "x", op), wi = centred(w, &wz, "w", op);
  const IntConv r = conv_integer(cx, a.node, x, xi, w, wi, a.has_input(8) ? &bias : nullptr, op);
  const double xsv = widen_all(xs, op)[0], ysv = widen_all(ys, op)[0];
  const std::vector<double> wsv = widen_all(ws, op);
  const int64_t yzv = ints_of(yz, op)[0];
  return {dispatch(yz.dtype(), int8_types, op, [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    auto [y, yo] = Tensor::allocate<T>(cx, r.shape);
    ONNXSEM_CLAUSE(Q15);  // the marker of the loop below, once per call
    for (size_t i = 0; i < yo.size(); ++i) {
      const int64_t m = (static_cast<int64_t>(i) / r.P) % r.M;
      // [spec:Q15] requantize with x_scale * w_scale[m] / y_scale, in binary64.
      const double factor = xsv * wsv[wsv.size() == 1 ? 0 : static_cast<size_t>(m)] / ysv;
      yo[i] = saturate_round<T>(static_cast<double>(r.y[i]) * factor, yzv, op);
    }
    return y;
  })};
}

}  // namespace

void add_integer(Registry& r) {
  r.add("", "QLinearMatMul", {10, 21}, qlinear_matmul);
  r.add("", "ConvInteger", {10}, conv_integer_10);
  r.add("", "QLinearConv", {10}, qlinear_conv_10);
}

}  // namespace onnxsem::ops::quant

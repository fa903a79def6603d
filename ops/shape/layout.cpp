// Transpose, DepthToSpace, SpaceToDepth, Trilu (spec/ops-shape.md, SH7, SH25, SH31): operators that move
// elements to new positions (or replace them by zero), each described by the input position of every
// output element.
#include <algorithm>
#include <type_traits>

#include "ops/common/attrs.hpp"
#include "ops/common/broadcast.hpp"
#include "ops/shape/common.hpp"
#include "runtime/coverage.hpp"
#include "runtime/parallel.hpp"

namespace onnxsem::ops::shape {
namespace {

using Outputs = std::vector<std::optional<Value>>;

// ---- Transpose ---------------------------------------------------------------------------------------------
Outputs transpose(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const int64_t r = x.rank();
  std::vector<int64_t> perm(static_cast<size_t>(r));
  for (int64_t i = 0; i < r; ++i) perm[i] = r - 1 - i;
  if (auto p = attr_ints_opt(a.node, "perm")) perm = *p;
  // [spec:SH7] perm (default: the axes reversed) is a permutation of 0..r-1; output axis i is input axis
  // perm[i].
  ONNXSEM_CLAUSE(SH7);
  std::vector<int64_t> sorted = perm;
  std::sort(sorted.begin(), sorted.end());
  bool ok = static_cast<int64_t>(sorted.size()) == r;
  for (int64_t i = 0; ok && i < r; ++i) ok = sorted[i] == i;
  if (!ok)
    eval_error("SH7",
               "perm " + show(perm) + " is not a permutation of the " + std::to_string(r) + " axes of the input");
  const auto in_st = strides_of(x.shape());
  Shape out(static_cast<size_t>(r));
  std::vector<int64_t> st(static_cast<size_t>(r));
  for (int64_t i = 0; i < r; ++i) {
    out[i] = x.dim(perm[i]);
    st[i] = in_st[perm[i]];
  }
  // Output element (i0, ..., i_{r-1}) is input element sum_i i_i * st[i]: the output is walked in order,
  // with the input offset carried along (the broadcasting walk, one operand read through strides st).
  // The walk in rows as long as the input allows (coalesce, B1: a channel shuffle copies whole planes).
  const StridedWalk<1> w = coalesce<1>(out, {st});
  const Shape& walk = w.out;
  return one(dispatch(x.dtype(), all_types, "Transpose", [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto in = x.data<T>();
    auto [t, o_view] = Tensor::allocate_for_overwrite<T>(cx, out);  // every element written below
    T* const o = o_view.data();
    if (o_view.empty()) return t;
    const int64_t inner = walk.empty() ? 1 : walk.back();
    // Rows [lo, hi) of the walk, each a run of the input (copied as a block) or a strided read.
    auto rows = [&](int64_t lo, int64_t hi) {
      T* dst = o + lo * inner;
      for_each_broadcast_row<1>(walk, w.strides, lo, hi,
                                [&](const std::array<int64_t, 1>& start, const std::array<int64_t, 1>& step,
                                    int64_t n) {
                                  const T* src = in.data() + start[0];
                                  if (step[0] == 1) std::copy(src, src + n, dst);
                                  else
                                    for (int64_t u = 0; u < n; ++u) dst[u] = src[u * step[0]];
                                  dst += n;
                                });
    };
    // E9: slices of the rows on the threads at hand (strings, which allocate, on this one).
    const int64_t count = broadcast_rows(walk);
    if constexpr (std::is_trivially_copyable_v<T>) parallel_slices(cx, count, count * inner, kElementGrain, rows);
    else rows(0, count);
    return t;
  }));
}

// ---- DepthToSpace / SpaceToDepth -------------------------------------------------------------------------
int64_t blocksize(const KernelArgs& a, const Tensor& x, const char* op) {
  const int64_t b = attr_int_req(a.node, "blocksize");
  // [spec:SH31] DepthToSpace and SpaceToDepth take a 4-D input [N,C,H,W] and a blocksize b >= 1.
  // DepthToSpace needs C divisible by b*b and gives [N, C/(b*b), H*b, W*b]: output (n, c, h*b+i, w*b+j) is
  // input (n, (i*b+j)*C/(b*b) + c, h, w) in mode DCR (the default) and (n, c*b*b + i*b + j, h, w) in mode
  // CRD. SpaceToDepth needs H and W divisible by b and is the inverse of DepthToSpace in mode DCR.
  ONNXSEM_CLAUSE(SH31);
  if (b < 1) eval_error("SH31", std::string(op) + ": blocksize " + std::to_string(b) + " is not positive");
  if (x.rank() != 4) eval_error("SH31", std::string(op) + " needs a 4-D input, got rank " + std::to_string(x.rank()));
  return b;
}

Outputs depth_to_space(const KernelArgs& a, bool has_mode) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const int64_t b = blocksize(a, x, "DepthToSpace");
  std::string mode = has_mode ? attr_string(a.node, "mode", "DCR") : "DCR";
  if (mode != "DCR" && mode != "CRD") eval_error("SH31", "DepthToSpace: unknown mode '" + mode + "'");
  const int64_t N = x.dim(0), C = x.dim(1), H = x.dim(2), W = x.dim(3);
  // Every product of the blocksize is computed with an overflow check: an overflowing one cannot divide C or
  // size an output.
  int64_t bb = 0, Hb = 0, Wb = 0;
  if (__builtin_mul_overflow(b, b, &bb) || C % bb != 0)
    eval_error("SH31", "DepthToSpace: channel count " + std::to_string(C) + " is not divisible by blocksize^2 (" +
                           std::to_string(b) + "^2)");
  if (__builtin_mul_overflow(H, b, &Hb) || __builtin_mul_overflow(W, b, &Wb))
    eval_error("SH31", "DepthToSpace: the output extent " + std::to_string(H) + "x" + std::to_string(W) +
                           " times blocksize " + std::to_string(b) + " overflows int64");
  const int64_t Co = C / bb;
  Shape out{N, Co, Hb, Wb};
  std::vector<int64_t> src;
  src.reserve(static_cast<size_t>(x.size()));
  for_each_index(out, [&](const std::vector<int64_t>& o) {
    const int64_t i = o[2] % b, j = o[3] % b, h = o[2] / b, w = o[3] / b;
    const int64_t c = mode == "DCR" ? (i * b + j) * Co + o[1] : o[1] * b * b + i * b + j;
    src.push_back(((o[0] * C + c) * H + h) * W + w);
  });
  return one(take(cx, x, out, src));
}

Outputs space_to_depth(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const int64_t b = blocksize(a, x, "SpaceToDepth");
  const int64_t N = x.dim(0), C = x.dim(1), H = x.dim(2), W = x.dim(3);
  if (H % b != 0 || W % b != 0)
    eval_error("SH31", "SpaceToDepth: spatial size " + std::to_string(H) + "x" + std::to_string(W) +
                           " is not divisible by blocksize " + std::to_string(b));
  int64_t Cbb = 0;
  if (__builtin_mul_overflow(C, b, &Cbb) || __builtin_mul_overflow(Cbb, b, &Cbb))
    eval_error("SH31", "SpaceToDepth: channel count " + std::to_string(C) + " times blocksize^2 (" + std::to_string(b) +
                           "^2) overflows int64");
  Shape out{N, Cbb, H / b, W / b};
  std::vector<int64_t> src;
  src.reserve(static_cast<size_t>(x.size()));
  for_each_index(out, [&](const std::vector<int64_t>& o) {
    const int64_t c = o[1] % C, j = (o[1] / C) % b, i = o[1] / (C * b);
    src.push_back(((o[0] * C + c) * H + o[2] * b + i) * W + o[3] * b + j);
  });
  return one(take(cx, x, out, src));
}

// ---- Trilu -------------------------------------------------------------------------------------------------
Outputs trilu(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  // [spec:SH25] Trilu works on the last two axes of an input of rank >= 2: with upper (the default) it keeps
  // the elements with column - row >= k, otherwise those with column - row <= k (k: the optional scalar
  // input, default 0), and sets the others to zero.
  ONNXSEM_CLAUSE(SH25);
  if (x.rank() < 2) eval_error("SH25", "Trilu needs an input of rank >= 2, got rank " + std::to_string(x.rank()));
  const int64_t k = a.has_input(1) ? scalar_int(a.tensor(1), "Trilu input 'k'") : 0;
  const bool upper = attr_int(a.node, "upper", 1) != 0;
  const int64_t rows = x.dim(x.rank() - 2), cols = x.dim(x.rank() - 1);
  std::vector<int64_t> src(static_cast<size_t>(x.size()));
  for (int64_t e = 0; e < x.size(); ++e) {
    const int64_t col = e % cols, row = (e / cols) % rows;
    const int64_t diff = col - row;
    src[e] = (upper ? diff >= k : diff <= k) ? e : -1;
  }
  return one(take(cx, x, x.shape(), src));
}

}  // namespace

void add_layout(Registry& r) {
  r.add("", "Transpose", {1, 13, 21, 23, 24, 25}, transpose);
  r.add("", "DepthToSpace", {1}, [](const KernelArgs& a) { return depth_to_space(a, false); });
  r.add("", "DepthToSpace", {11, 13}, [](const KernelArgs& a) { return depth_to_space(a, true); });
  r.add("", "SpaceToDepth", {1, 13}, space_to_depth);
  r.add("", "Trilu", {14}, trilu);
}

}  // namespace onnxsem::ops::shape

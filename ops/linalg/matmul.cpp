// MatMul and MatMulInteger (spec/ops-linalg.md, RD20-RD22, RD29).
//
//   MatMul(A, B) is numpy.matmul: for A of shape [..., M, K] and B of shape [..., K, N],
//     Y[b, i, j] = Σ_{k < K} A[b_A, i, k] * B[b_B, k, j]
//   where the batch index b ranges over the broadcast (B1) of the two batch shapes and b_A, b_B are its
//   images in A's and B's batch shapes. A 1-D A is read as [1, K] and a 1-D B as [K, 1]; the dimension so
//   added is removed from the result.
//   MatMulInteger(A, B, a_zero_point, b_zero_point) is MatMul(A - a_zero_point, B - b_zero_point) in int32.
#include "ops/common/attrs.hpp"
#include "ops/common/broadcast.hpp"
#include "ops/common/product.hpp"
#include "ops/linalg/linalg.hpp"
#include "runtime/coverage.hpp"
#include "runtime/require.hpp"

namespace onnxsem::ops::la {
namespace {

struct Layout {
  int64_t m = 0, k = 0, n = 0;
  Shape out;                          // the result's shape
  std::vector<int64_t> a_off, b_off;  // per batch element (row-major over the broadcast batch shape): offsets
};

Layout layout(const Shape& sa, const Shape& sb, const std::string& op) {
  // Both operands have rank >= 1 and agree on the contracted dimension.
  require<"RD21">(!sa.empty() && !sb.empty(),
                  [&] { return op + ": operands must have rank >= 1, got shapes " + show(sa) + " and " + show(sb); });
  Shape a = sa, b = sb;
  // [spec:RD20] a 1-D operand is promoted to a matrix, and the promoted dimension dropped from the result.
  ONNXSEM_CLAUSE(RD20);
  if (sa.size() == 1) a.insert(a.begin(), 1);
  if (sb.size() == 1) b.push_back(1);
  Layout l;
  l.m = a[a.size() - 2], l.k = a[a.size() - 1], l.n = b[b.size() - 1];
  require<"RD21">(b[b.size() - 2] == l.k,
                  [&] { return op + ": inner dimensions differ: A " + show(sa) + ", B " + show(sb); });
  const Shape ba(a.begin(), a.end() - 2), bb(b.begin(), b.end() - 2);
  const Shape batch = broadcast_shape({ba, bb}, op + " batch dimensions");
  const auto sa_str = broadcast_strides(ba, batch), sb_str = broadcast_strides(bb, batch);
  for_each_broadcast<2>(batch, {sa_str, sb_str}, [&](const std::array<int64_t, 2>& o) {
    l.a_off.push_back(o[0] * l.m * l.k);
    l.b_off.push_back(o[1] * l.k * l.n);
  });
  l.out = batch;
  if (sa.size() > 1) l.out.push_back(l.m);
  if (sb.size() > 1) l.out.push_back(l.n);
  return l;
}

// Y (in the accumulator domain) for operands already in that domain.
template <class Acc>
std::vector<Acc> product(const Layout& l, const std::vector<Acc>& a, const std::vector<Acc>& b) {
  const int64_t mn = l.m * l.n;
  std::vector<Acc> c(l.a_off.size() * static_cast<size_t>(mn), Acc(0));
  // [spec:RD22] each Y[b,i,j] adds its products in increasing k, in binary64 (floats) or wrapping (integers).
  ONNXSEM_CLAUSE(RD22);
  for (size_t q = 0; q < l.a_off.size(); ++q)
    gemm_core(a.data() + l.a_off[q], b.data() + l.b_off[q], c.data() + static_cast<int64_t>(q) * mn, l.m, l.k, l.n);
  return c;
}

Kernel matmul_kernel() {
  return [](const KernelArgs& args) -> std::vector<std::optional<Value>> {
    EvalContext& cx = args.context();
    const Tensor& ta = args.tensor(0);
    const Tensor& tb = args.tensor(1);
    require<"RD21">(ta.dtype() == tb.dtype(), [&] {
      return std::string("MatMul: operands of different element types ") + dtype_name(ta.dtype()) + " and " +
             dtype_name(tb.dtype());
    });
    const Layout l = layout(ta.shape(), tb.shape(), "MatMul");
    Tensor y = dispatch(ta.dtype(), numeric_types, "MatMul", [&](auto tt) {
      using T = typename decltype(tt)::type;
      using D = Domain<T>;
      if constexpr (is_float_elem<T>) {
        // (RD22) floating types: the cache-blocked binary64 product, which adds in increasing k (P2).
        const int64_t mn = l.m * l.n;
        auto [t, out] = Tensor::allocate<T>(cx, l.out);
        // The sums of one batch element; `product` writes every one (no zeros written first).
        const product_detail::LineArray<double> c = product_detail::line_array<double>(std::max<int64_t>(mn, 1));
        const T* a = ta.data<T>().data();
        const T* b = tb.data<T>().data();
        for (size_t q = 0; q < l.a_off.size(); ++q) {
          ops::product(cx, l.m, l.n, l.k, MatrixView<T>{a + l.a_off[q], l.k, 1}, MatrixView<T>{b + l.b_off[q], l.n, 1},
                       c.get(), l.n);
          T* o = out.data() + static_cast<int64_t>(q) * mn;
          if constexpr (std::is_same_v<T, float>)
            product_detail::typed::narrow(c.get(), mn, o);  // the same rounding, vectorised
          else
            for (int64_t i = 0; i < mn; ++i) o[i] = D::out(c[i]);
        }
        return t;
      }
      auto widen = [](const Tensor& t) {
        std::vector<typename D::acc> v;
        v.reserve(static_cast<size_t>(t.size()));
        for (T e : t.data<T>()) v.push_back(D::in(e));
        return v;
      };
      const auto c = product(l, widen(ta), widen(tb));
      auto [t, out] = Tensor::allocate<T>(cx, l.out);
      for (size_t i = 0; i < out.size(); ++i) out[i] = D::out(c[i]);
      return t;
    });
    return {Value(std::move(y))};
  };
}

// x - zero_point in int32, the zero point read through its broadcast to x (RD29).
std::vector<uint32_t> shifted(const Tensor& x, const Tensor* zp, bool per_row, const char* what) {
  std::vector<int32_t> z(static_cast<size_t>(x.size()), 0);
  if (zp) {
    Shape zs = zp->shape();
    // A 1-D zero point of A with one entry per row of an (at least 2-D) A is per row.
    if (per_row && zs.size() == 1 && x.rank() >= 2 && zp->size() != 1 && zs[0] == x.dim(x.rank() - 2)) zs.push_back(1);
    if (zp->size() == 1) zs.clear();
    require<"RD29">(broadcasts_to(zs, x.shape()), [&] {
      return std::string("MatMulInteger: ") + what + " of shape " + show(zp->shape()) +
             " does not broadcast to its operand's shape " + show(x.shape());
    });
    require<"RD29">(zp->dtype() == x.dtype(), [&] {
      return std::string("MatMulInteger: ") + what + " has element type " + dtype_name(zp->dtype()) + ", its operand " +
             dtype_name(x.dtype());
    });
    const auto strides = broadcast_strides(zs, x.shape());
    dispatch(zp->dtype(), hana::tuple_t<int8_t, uint8_t>, "MatMulInteger", [&](auto tt) {
      using T = typename decltype(tt)::type;
      auto zd = zp->data<T>();
      size_t i = 0;
      for_each_broadcast<1>(x.shape(), {strides}, [&](const std::array<int64_t, 1>& o) {
        z[i++] = static_cast<int32_t>(zd[static_cast<size_t>(o[0])]);
      });
    });
  }
  std::vector<uint32_t> out(static_cast<size_t>(x.size()));
  dispatch(x.dtype(), hana::tuple_t<int8_t, uint8_t>, "MatMulInteger", [&](auto tt) {
    using T = typename decltype(tt)::type;
    auto xd = x.data<T>();
    for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<uint32_t>(static_cast<int32_t>(xd[i]) - z[i]);
  });
  return out;
}

Kernel matmul_integer_kernel() {
  return [](const KernelArgs& args) -> std::vector<std::optional<Value>> {
    EvalContext& cx = args.context();
    const Tensor& ta = args.tensor(0);
    const Tensor& tb = args.tensor(1);
    const Layout l = layout(ta.shape(), tb.shape(), "MatMulInteger");
    const auto a = shifted(ta, args.has_input(2) ? &args.tensor(2) : nullptr, true, "a_zero_point");
    const auto b = shifted(tb, args.has_input(3) ? &args.tensor(3) : nullptr, false, "b_zero_point");
    const auto c = product(l, a, b);
    auto [t, out] = Tensor::allocate<int32_t>(cx, l.out);
    for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<int32_t>(c[i]);
    return {Value(std::move(t))};
  };
}

}  // namespace

void add_matmul(Registry& r) {
  r.add("", "MatMul", {1, 9, 13}, matmul_kernel());  // 9 and 13 add element types only
  r.add("", "MatMulInteger", {10}, matmul_integer_kernel());
}

}  // namespace onnxsem::ops::la

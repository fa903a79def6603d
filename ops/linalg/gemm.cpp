// Gemm (spec/ops-linalg.md, RD23-RD25).
//
//   Y = alpha * A' B' + beta * C, with A' = A^T if transA else A (shape [M, K]), B' = B^T if transB else B
//   (shape [K, N]), C broadcast in one direction to [M, N]. Y[i,j] = alpha Σ_k A'[i,k] B'[k,j] + beta C[i,j].
#include <cmath>

#include "ops/common/attrs.hpp"
#include "ops/common/broadcast.hpp"
#include "ops/common/product.hpp"
#include "ops/linalg/linalg.hpp"
#include "runtime/coverage.hpp"
#include "runtime/require.hpp"

namespace onnxsem::ops::la {
namespace {

// Gemm's integer element types (its type constraint from version 9): the 32- and 64-bit integers.
constexpr auto wide_int_types = hana::tuple_t<int32_t, int64_t, uint32_t, uint64_t>;

enum class Form { v1, v7, v11 };  // v1/v6: `broadcast` attribute; v7/v9: C required; v11/v13: C optional

// Copies a rank-2 tensor into an accumulator-domain matrix of shape [rows, cols], transposed if asked.
template <class T>
std::vector<typename Domain<T>::acc> matrix(const Tensor& t, bool trans) {
  const int64_t r = t.dim(0), c = t.dim(1);
  auto d = t.data<T>();
  std::vector<typename Domain<T>::acc> out(static_cast<size_t>(r * c));
  for (int64_t i = 0; i < r; ++i)
    for (int64_t j = 0; j < c; ++j)
      out[static_cast<size_t>(trans ? j * r + i : i * c + j)] = Domain<T>::in(d[static_cast<size_t>(i * c + j)]);
  return out;
}

Kernel gemm_kernel(Form form) {
  return [form](const KernelArgs& args) -> std::vector<std::optional<Value>> {
    EvalContext& cx = args.context();
    const Tensor& ta = args.tensor(0);
    const Tensor& tb = args.tensor(1);
    const Tensor* tc = nullptr;
    if (form != Form::v11 || args.has_input(2)) tc = &args.tensor(2);  // before 11, C is required (A2)
    const bool trans_a = attr_int(args.node, "transA", 0) != 0;
    const bool trans_b = attr_int(args.node, "transB", 0) != 0;
    const double alpha = attr_float(args.node, "alpha", 1.0f);
    const double beta = attr_float(args.node, "beta", 1.0f);
    // A and B are matrices whose contracted dimensions agree.
    require<"RD23">(ta.rank() == 2 && tb.rank() == 2, [&] {
      return "Gemm: A and B must have rank 2, got shapes " + show(ta.shape()) + " and " + show(tb.shape());
    });
    const int64_t m = trans_a ? ta.dim(1) : ta.dim(0), k = trans_a ? ta.dim(0) : ta.dim(1);
    const int64_t k2 = trans_b ? tb.dim(1) : tb.dim(0), n = trans_b ? tb.dim(0) : tb.dim(1);
    require<"RD23">(k == k2, [&] {
      return "Gemm: inner dimensions differ: A " + show(ta.shape()) + (trans_a ? " (transposed)" : "") + ", B " +
             show(tb.shape()) + (trans_b ? " (transposed)" : "");
    });
    require<"RD23">(ta.dtype() == tb.dtype() && (!tc || tc->dtype() == ta.dtype()),
                    "Gemm: A, B and C must have one element type");
    const Shape out_shape{m, n};
    std::vector<int64_t> c_strides;
    if (tc) {
      // C broadcasts in one direction to [M, N]; versions 1 and 6 require broadcast = 1 for that.
      const bool exact_only = form == Form::v1 && attr_int(args.node, "broadcast", 0) == 0;
      require<"RD24">(exact_only ? tc->shape() == out_shape : broadcasts_to(tc->shape(), out_shape), [&] {
        return "Gemm: C of shape " + show(tc->shape()) + (exact_only ? " is not " : " does not broadcast to ") +
               show(out_shape) + (exact_only ? " (attribute broadcast is 0)" : "");
      });
      c_strides = broadcast_strides(tc->shape(), out_shape);
    }
    Tensor y = dispatch(ta.dtype(), hana::concat(float_types, wide_int_types), "Gemm", [&](auto tt) {
      using T = typename decltype(tt)::type;
      using D = Domain<T>;
      using Acc = typename D::acc;
      std::vector<Acc> acc(static_cast<size_t>(m * n), Acc(0));
      if constexpr (is_float_elem<T>) {
        // (RD22) floating types: the cache-blocked binary64 product, which adds in increasing k (P2), read
        // through A' and B' as strided views.
        const int64_t ca = ta.dim(1), cb = tb.dim(1);
        ops::product(cx, m, n, k, MatrixView<T>{ta.data<T>().data(), trans_a ? 1 : ca, trans_a ? ca : 1},
                     MatrixView<T>{tb.data<T>().data(), trans_b ? 1 : cb, trans_b ? cb : 1}, acc.data(), n);
      } else {
        gemm_core(matrix<T>(ta, trans_a).data(), matrix<T>(tb, trans_b).data(), acc.data(), m, k, n);
      }
      auto [t, out_view] = Tensor::allocate<T>(cx, out_shape);
      auto out = out_view;  // a plain variable: clang 14 cannot capture structured bindings
      const T* cd = tc ? tc->data<T>().data() : nullptr;
      Acc ia = 0, ib = 0;  // integer alpha, beta
      if constexpr (!is_float_elem<T>) {
        // On integers, alpha and beta must be whole numbers; the arithmetic wraps around.
        require<"RD25">(alpha == std::trunc(alpha) && beta == std::trunc(beta) && std::fabs(alpha) <= 9.0e18 &&
                            std::fabs(beta) <= 9.0e18,
                        [&] {
                          return "Gemm on " + std::string(dtype_name(dtype_of<T>)) +
                                 " needs whole-number alpha and beta, got " + std::to_string(alpha) + " and " +
                                 std::to_string(beta);
                        });
        ia = static_cast<Acc>(static_cast<int64_t>(alpha));
        ib = static_cast<Acc>(static_cast<int64_t>(beta));
      }
      size_t q = 0;
      for_each_broadcast<1>(out_shape, {tc ? c_strides : std::vector<int64_t>{0, 0}},
                            [&](const std::array<int64_t, 1>& o) {
                              if constexpr (is_float_elem<T>) {
                                // (RD24) beta = 0 (or no C) omits the C term: C is then not read.
                                double v = alpha * acc[q];
                                if (cd && beta != 0) v += beta * wide(cd[o[0]]);
                                out[q] = round_to<T>(v);
                              } else {
                                Acc v = mul(ia, acc[q]);
                                if (cd) v = add(v, mul(ib, D::in(cd[o[0]])));
                                out[q] = D::out(v);
                              }
                              ++q;
                            });
      return t;
    });
    return {Value(std::move(y))};
  };
}

}  // namespace

void add_gemm(Registry& r) {
  r.add("", "Gemm", {1, 6}, gemm_kernel(Form::v1));
  r.add("", "Gemm", {7, 9}, gemm_kernel(Form::v7));     // 9 adds integer types
  r.add("", "Gemm", {11, 13}, gemm_kernel(Form::v11));  // 13 adds bfloat16
}

}  // namespace onnxsem::ops::la

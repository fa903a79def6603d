// Det and CumProd (spec/ops-text.md, TX50-TX56).
//
// Det: the determinant of each trailing M x M matrix, by Gaussian elimination with partial pivoting in
// binary64, rounded once to the element type. CumProd: running products along one axis.
#include <algorithm>
#include <cmath>
#include <utility>

#include "ops/common/attrs.hpp"
#include "ops/text/text.hpp"
#include "semantics/coverage.hpp"

namespace onnxsem::ops::text {
namespace {

inline constexpr auto det_types = hana::tuple_t<float, double, float16_t, bfloat16_t>;
inline constexpr auto cumprod_types =
    hana::tuple_t<float, double, float16_t, bfloat16_t, int32_t, int64_t, uint32_t, uint64_t>;

std::vector<std::optional<Value>> det(const KernelArgs& a) {
  const std::string op = "Det";
  const Tensor& x = a.tensor(0);
  // [spec:TX50] X has shape [*, M, M].
  ONNXSEM_CLAUSE(TX50);
  if (x.rank() < 2 || x.dim(x.rank() - 1) != x.dim(x.rank() - 2))
    eval_error("TX50", op + ": input X must have shape [*, M, M], got " + show(x.shape()));
  const int64_t M = x.dim(x.rank() - 1);
  const Shape out_shape(x.shape().begin(), x.shape().end() - 2);
  return {dispatch(x.dtype(), det_types, op, [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    auto xd = x.data<T>();
    auto [y, yd] = Tensor::allocate<T>(out_shape);
    std::vector<double> m(static_cast<size_t>(M * M));
    for (size_t b = 0; b < yd.size(); ++b) {
      for (size_t k = 0; k < m.size(); ++k) m[k] = widen(xd[b * m.size() + k]);
      // [spec:TX51] elimination with partial pivoting (largest magnitude, first on ties); the determinant
      // is the signed product of the pivots, 1 for M = 0.
      // A NaN element makes every term of the determinant's expansion NaN, so the determinant is NaN,
      // whatever pivot the elimination meets first (a zero pivot would otherwise end it at 0).
      ONNXSEM_CLAUSE(TX51);
      double d = std::any_of(m.begin(), m.end(), [](double v) { return std::isnan(v); }) ? std::nan("") : 1.0;
      for (int64_t c = 0; c < M && !std::isnan(d); ++c) {
        int64_t piv = c;
        for (int64_t r = c + 1; r < M; ++r)
          if (std::fabs(m[static_cast<size_t>(r * M + c)]) > std::fabs(m[static_cast<size_t>(piv * M + c)])) piv = r;
        if (piv != c) {
          for (int64_t k = 0; k < M; ++k)
            std::swap(m[static_cast<size_t>(c * M + k)], m[static_cast<size_t>(piv * M + k)]);
          d = -d;
        }
        const double p = m[static_cast<size_t>(c * M + c)];
        d *= p;
        if (p == 0) break;
        for (int64_t r = c + 1; r < M; ++r) {
          const double f = m[static_cast<size_t>(r * M + c)] / p;
          if (f == 0) continue;
          for (int64_t k = c; k < M; ++k) m[static_cast<size_t>(r * M + k)] -= f * m[static_cast<size_t>(c * M + k)];
        }
      }
      yd[b] = narrow_float<T>(d);
    }
    return y;
  })};
}

std::vector<std::optional<Value>> cumprod(const KernelArgs& a) {
  const std::string op = "CumProd";
  const Tensor& x = a.tensor(0);
  const Tensor& axis_t = a.tensor(1);
  // [spec:TX55] axis is a 0-D or one-element int32/int64 tensor in [-r, r-1]; X has rank >= 1.
  ONNXSEM_CLAUSE(TX55);
  if ((axis_t.dtype() != DType::int32 && axis_t.dtype() != DType::int64) || axis_t.size() != 1 || axis_t.rank() > 1)
    eval_error("TX55", op + ": input axis must be a single int32 or int64 value, got " + Value(axis_t).describe());
  if (x.rank() < 1) eval_error("TX55", op + ": input x must have rank >= 1");
  const int64_t axis = normalise_axis(int_list(axis_t, op + " input axis")[0], x.rank(), op + " input axis");
  const bool exclusive = attr_int(a.node, "exclusive", 0) != 0;
  const bool reverse = attr_int(a.node, "reverse", 0) != 0;
  int64_t outer = 1, inner = 1;
  const int64_t A = x.dim(axis);
  for (int64_t d = 0; d < axis; ++d) outer *= x.dim(d);
  for (int64_t d = axis + 1; d < x.rank(); ++d) inner *= x.dim(d);
  return {dispatch(x.dtype(), cumprod_types, op, [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    auto xd = x.data<T>();
    auto [y, yd] = Tensor::allocate<T>(x.shape());
    if (x.size() == 0) return y;  // no line to walk, whatever the other axes' sizes
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i) {
        // [spec:TX56] y[k] is the product of x[j] over j <= k (j < k when exclusive; j >= k or j > k when
        // reversed): binary64 for floating types, rounded once; wrapping for integers.
        ONNXSEM_CLAUSE(TX56);
        if constexpr (std::is_integral_v<T>) {
          using U = std::make_unsigned_t<T>;
          U acc = 1;
          for (int64_t s = 0; s < A; ++s) {
            const int64_t k = reverse ? A - 1 - s : s;
            const auto at = static_cast<size_t>((o * A + k) * inner + i);
            if (!exclusive) acc = static_cast<U>(acc * static_cast<U>(xd[at]));
            yd[at] = static_cast<T>(acc);
            if (exclusive) acc = static_cast<U>(acc * static_cast<U>(xd[at]));
          }
        } else {
          double acc = 1;
          for (int64_t s = 0; s < A; ++s) {
            const int64_t k = reverse ? A - 1 - s : s;
            const auto at = static_cast<size_t>((o * A + k) * inner + i);
            if (!exclusive) acc *= widen(xd[at]);
            yd[at] = narrow_float<T>(acc);
            if (exclusive) acc *= widen(xd[at]);
          }
        }
      }
    return y;
  })};
}

}  // namespace

void add_linalg(Registry& r) {
  // Det: 22 added bfloat16.
  r.add("", "Det", {11, 22}, det);
  r.add("", "CumProd", {26}, cumprod);
}

}  // namespace onnxsem::ops::text

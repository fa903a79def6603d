// Det (spec/ops-linalg.md, TX50, TX51).
//
// Det: the determinant of each trailing M x M matrix, by Gaussian elimination with partial pivoting in
// binary64, rounded once to the element type.
#include <algorithm>
#include <cmath>
#include <utility>

#include "ops/common/attrs.hpp"
#include "ops/linalg/linalg.hpp"
#include "runtime/coverage.hpp"
#include "runtime/require.hpp"

namespace onnxsem::ops::la {
namespace {

inline constexpr auto det_types = hana::tuple_t<float, double, float16_t, bfloat16_t>;

std::vector<std::optional<Value>> det(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "Det";
  const Tensor& x = a.tensor(0);
  // X has shape [*, M, M].
  require<"TX50">(x.rank() >= 2 && x.dim(x.rank() - 1) == x.dim(x.rank() - 2),
                  [&] { return op + ": input X must have shape [*, M, M], got " + show(x.shape()); });
  const int64_t M = x.dim(x.rank() - 1);
  const Shape out_shape(x.shape().begin(), x.shape().end() - 2);
  return {dispatch(x.dtype(), det_types, op, [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    auto xd = x.data<T>();
    auto [y, yd] = Tensor::allocate<T>(cx, out_shape);
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

}  // namespace

void add_det(Registry& r) {
  // Det: 22 added bfloat16.
  r.add("", "Det", {11, 22}, det);
}

}  // namespace onnxsem::ops::la

// Softmax, LogSoftmax and Hardmax (spec/ops-reduce.md, RD16-RD19).
//
//   Along a line v of n elements (m = max v):
//     Softmax     y_i = exp(v_i - m) / Σ_j exp(v_j - m)       (= exp(v_i) / Σ_j exp(v_j))
//     LogSoftmax  y_i = (v_i - m) - log Σ_j exp(v_j - m)      (= v_i - log Σ_j exp(v_j))
//     Hardmax     y_i = 1 if i is the first index of a maximum of v, else 0
//   Version 13 takes the lines along one axis (default -1). Versions 1 and 11 view x as a matrix
//   [a_0 * ... * a_{k-1}, a_k * ... * a_{r-1}] for the axis k (default 1) and take its rows.
#include <cmath>
#include <vector>

#include "ops/common/attrs.hpp"
#include "ops/reduce/rd_common.hpp"
#include "runtime/coverage.hpp"
#include "runtime/parallel.hpp"
#include "runtime/work.hpp"

namespace onnxsem::ops::rd {
namespace {

enum class Fn { softmax, log_softmax, hardmax };
enum class Form { v1, v13 };  // v1: versions 1 and 11 (coerced to a matrix); v13: one axis

const char* fn_name(Fn f) { return f == Fn::softmax ? "Softmax" : f == Fn::log_softmax ? "LogSoftmax" : "Hardmax"; }

// exp(d) for d <= 0. Below -746 the exponential is under half the least subnormal and rounds to +0; it is
// given directly, as the C library's exp reaches that result through its slow underflow path (a masked
// attention score of -3.4e38 gave a twentieth of a transformer's evaluation to it).
inline double exp_below_range(double d) { return d < -746.0 ? 0.0 : std::exp(d); }

// Applies f to every line: `outer` blocks of n * inner elements, lines of n elements with stride inner.
// E9: slices of the lines go to the threads; each line is computed whole, as on one thread.
template <class T>
void apply_lines(EvalContext& cx, Fn f, const T* x, T* y, int64_t outer, int64_t n, int64_t inner) {
  if (n == 0) return;
  const int64_t lines = outer * inner;
  parallel_slices(cx, lines, work_product({lines, n, f == Fn::hardmax ? 1 : 4}), kElementGrain,
                  [&](int64_t lo, int64_t hi) {
                    std::vector<double> e(static_cast<size_t>(n));
                    for (int64_t q = lo; q < hi; ++q) {
                      const int64_t o = q / inner, i = q % inner;
                      const T* xl = x + o * n * inner + i;
                      T* yl = y + o * n * inner + i;
                      if (f == Fn::hardmax) {
                        // [spec:RD19] one 1 at the first maximum (a NaN counts as the maximum, RD14), 0 elsewhere.
                        ONNXSEM_CLAUSE(RD19);
                        const int64_t best = extreme_index(xl, n, inner, true, false);
                        for (int64_t j = 0; j < n; ++j) yl[j * inner] = round_to<T>(j == best ? 1.0 : 0.0);
                        continue;
                      }
                      // [spec:RD17] in binary64 with the maximum subtracted first; rounded once per output element.
                      ONNXSEM_CLAUSE(RD17);
                      double m = wide(xl[0]);
                      for (int64_t j = 1; j < n; ++j) m = std::fmax(m, wide(xl[j * inner]));
                      double sum = 0;
                      // e holds v_j - m (LogSoftmax) or its exponential (Softmax), computed once.
                      for (int64_t j = 0; j < n; ++j) {
                        const double d = wide(xl[j * inner]) - m, x = exp_below_range(d);
                        e[static_cast<size_t>(j)] = f == Fn::softmax ? x : d;
                        sum += x;
                      }
                      if (f == Fn::softmax) {
                        for (int64_t j = 0; j < n; ++j) yl[j * inner] = round_to<T>(e[static_cast<size_t>(j)] / sum);
                      } else {
                        const double ls = std::log(sum);
                        for (int64_t j = 0; j < n; ++j) yl[j * inner] = round_to<T>(e[static_cast<size_t>(j)] - ls);
                      }
                    }
                  });
}

Kernel softmax_kernel(Fn f, Form form) {
  return [=](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    EvalContext& cx = a.context();
    const Tensor& x = a.tensor(0);
    const Shape& s = x.shape();
    int64_t axis = attr_int(a.node, "axis", form == Form::v13 ? -1 : 1);
    const size_t ax = static_cast<size_t>(normalise_axis(axis, x.rank(), "axis"));
    int64_t outer = 0, n = 0, inner = 0;
    if (form == Form::v13) {
      // [spec:RD16] version 13: the lines along the axis.
      ONNXSEM_CLAUSE(RD16);
      outer = product(s, 0, ax), n = s[ax], inner = product(s, ax + 1, s.size());
    } else {
      // [spec:RD18] versions 1 and 11: the rows of x seen as a matrix split before the axis.
      ONNXSEM_CLAUSE(RD18);
      outer = product(s, 0, ax), n = product(s, ax, s.size()), inner = 1;
    }
    Tensor y = dispatch(x.dtype(), rd_float_types, fn_name(f), [&](auto tt) {
      using T = typename decltype(tt)::type;
      auto [t, out] = Tensor::allocate<T>(cx, s);
      // An empty tensor may have other axes of any size: no line is walked (RD16).
      if (x.size() == 0) return t;
      apply_lines<T>(cx, f, x.data<T>().data(), out.data(), outer, n, inner);
      return t;
    });
    return {Value(std::move(y))};
  };
}

}  // namespace

void add_softmax(const Adder& add) {
  for (Fn f : {Fn::softmax, Fn::log_softmax, Fn::hardmax}) {
    add(fn_name(f), {1, 11}, softmax_kernel(f, Form::v1));  // negative axes in version 1 too (RD3)
    add(fn_name(f), {13}, softmax_kernel(f, Form::v13));
  }
}

}  // namespace onnxsem::ops::rd

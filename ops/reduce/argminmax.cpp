// ArgMax and ArgMin (spec/ops-reduce.md, RD13-RD15).
//
//   For x of rank r and an axis a, the output at index o (x's index with axis a removed, or set to 0 when
//   keepdims = 1) is the smallest i (the largest i when select_last_index = 1) such that x[o with a := i]
//   is a maximum (ArgMax) or a minimum (ArgMin) of the line { x[o with a := j] : 0 <= j < dim a }.
#include <algorithm>

#include "ops/common/attrs.hpp"
#include "ops/reduce/rd_common.hpp"
#include "runtime/coverage.hpp"
#include "runtime/parallel.hpp"
#include "runtime/work.hpp"

namespace onnxsem::ops::rd {
namespace {

Kernel arg_kernel(bool is_max, bool has_select_last) {
  return [=](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    EvalContext& cx = a.context();
    const Tensor& x = a.tensor(0);
    const char* op = is_max ? "ArgMax" : "ArgMin";
    int64_t axis = attr_int(a.node, "axis", 0);
    axis = normalise_axis(axis, x.rank(), "axis");
    const bool keepdims = attr_int(a.node, "keepdims", 1) != 0;
    const bool last = has_select_last && attr_int(a.node, "select_last_index", 0) != 0;
    const Shape& s = x.shape();
    const size_t ax = static_cast<size_t>(axis);
    const int64_t outer = product(s, 0, ax), n = s[ax], inner = product(s, ax + 1, s.size());
    Shape out_shape;
    for (size_t d = 0; d < s.size(); ++d) {
      if (d != ax) out_shape.push_back(s[d]);
      else if (keepdims) out_shape.push_back(1);
    }
    auto [t, out_view] = Tensor::allocate<int64_t>(cx, out_shape);
    auto out = out_view;  // a plain variable: clang 14 cannot capture structured bindings
    // [spec:RD15] a line without elements has no index of an extreme.
    ONNXSEM_CLAUSE(RD15);
    if (n == 0 && !out.empty())
      eval_error("RD15", std::string(op) + ": axis " + std::to_string(axis) + " has dimension 0 in shape " + show(s));
    dispatch(x.dtype(), rd_numeric_types, op, [&](auto tt) {
      using T = typename decltype(tt)::type;
      const T* xd = x.data<T>().data();
      // [spec:RD13] first (or last) index of the extreme along the axis, as int64.
      ONNXSEM_CLAUSE(RD13);
      if (inner == 1) {
        parallel_slices(cx, outer, work_product({outer, n}), kElementGrain, [&](int64_t lo, int64_t hi) {
          for (int64_t o = lo; o < hi; ++o) out[static_cast<size_t>(o)] = extreme_index(xd + o * n, n, 1, is_max, last);
        });
        return;
      }
      // Lines along an inner axis: a block of up to kBlock neighbouring lines at a time, walked together
      // along the axis (consecutive elements of x), each line keeping its own best index and value and
      // making the comparisons extreme_index makes, in its order (RD14). E9: the blocks go to the threads.
      constexpr int64_t kBlock = 256;
      const int64_t blocks_per_outer = (inner + kBlock - 1) / kBlock;
      parallel_slices(cx, outer * blocks_per_outer, work_product({outer, n, inner}), kElementGrain,
                      [&](int64_t lo, int64_t hi) {
                        ONNXSEM_CLAUSE(RD14);
                        int64_t best[kBlock];
                        T value[kBlock];
                        for (int64_t q = lo; q < hi; ++q) {
                          const int64_t o = q / blocks_per_outer, i0 = q % blocks_per_outer * kBlock;
                          const int64_t w = std::min(kBlock, inner - i0);
                          const T* line0 = xd + o * n * inner + i0;
                          for (int64_t k = 0; k < w; ++k) {
                            best[k] = 0;
                            value[k] = line0[k];
                          }
                          for (int64_t j = 1; j < n; ++j) {
                            const T* row = line0 + j * inner;
                            for (int64_t k = 0; k < w; ++k) {
                              const bool take = last ? !beats(value[k], row[k], is_max)
                                                     : beats(row[k], value[k], is_max);
                              if (take) {
                                best[k] = j;
                                value[k] = row[k];
                              }
                            }
                          }
                          std::copy(best, best + w, out.begin() + o * inner + i0);
                        }
                      });
    });
    return {Value(std::move(t))};
  };
}

}  // namespace

void add_argminmax(const Adder& add) {
  for (bool is_max : {true, false}) {
    const char* name = is_max ? "ArgMax" : "ArgMin";
    add(name, {1, 11}, arg_kernel(is_max, false));  // negative axes in version 1 too (RD3)
    add(name, {12, 13}, arg_kernel(is_max, true));  // 13 adds bfloat16 only
  }
}

}  // namespace onnxsem::ops::rd

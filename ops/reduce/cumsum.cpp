// CumSum (spec/ops-reduce.md, RD26).
//
//   Along the axis, with n = dim axis:  y_j = Σ_{i <= j} x_i  (exclusive: i < j); with reverse = 1 the
//   sums run from the other end:  y_j = Σ_{i >= j} x_i  (exclusive: i > j).
#include "ops/common/attrs.hpp"
#include "ops/reduce/rd_common.hpp"
#include "semantics/coverage.hpp"

namespace onnxsem::ops::rd {
namespace {

Kernel cumsum_kernel() {
  return [](const KernelArgs& args) -> std::vector<std::optional<Value>> {
    const Tensor& x = args.tensor(0);
    const Tensor& ta = args.tensor(1);
    // [spec:RD26] the axis is one int32/int64 value (a 0-D tensor, or 1-D with one element).
    ONNXSEM_CLAUSE(RD26);
    const auto av = int_list(ta, "CumSum axis");
    if (av.size() != 1) eval_error("RD26", "CumSum: axis must hold one value, got " + std::to_string(av.size()));
    const size_t ax = static_cast<size_t>(normalise_axis(av[0], x.rank(), "axis"));
    const bool exclusive = attr_int(args.node, "exclusive", 0) != 0;
    const bool reverse = attr_int(args.node, "reverse", 0) != 0;
    const Shape& s = x.shape();
    const int64_t outer = product(s, 0, ax), n = s[ax], inner = product(s, ax + 1, s.size());
    Tensor y = dispatch(x.dtype(), rd_numeric_types, "CumSum", [&](auto tt) {
      using T = typename decltype(tt)::type;
      using D = Domain<T>;
      const T* xd = x.data<T>().data();
      auto [t, out] = Tensor::allocate<T>(s);
      if (x.size() == 0) return t;  // no line to walk, whatever the other axes' sizes
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t i = 0; i < inner; ++i) {
          // running sum in the accumulator domain (binary64 or wrapping), each output rounded once (P1)
          typename D::acc acc = 0;
          for (int64_t step = 0; step < n; ++step) {
            const int64_t j = reverse ? n - 1 - step : step;
            const int64_t off = (o * n + j) * inner + i;
            if (exclusive) out[static_cast<size_t>(off)] = D::out(acc);
            acc = add(acc, D::in(xd[off]));
            if (!exclusive) out[static_cast<size_t>(off)] = D::out(acc);
          }
        }
      return t;
    });
    return {Value(std::move(y))};
  };
}

}  // namespace

void add_cumsum(const Adder& add) { add("CumSum", {11, 14}, cumsum_kernel()); }  // 14 adds float16, bfloat16

}  // namespace onnxsem::ops::rd

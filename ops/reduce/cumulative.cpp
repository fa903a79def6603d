// CumSum and CumProd (spec/ops-reduce.md, RD26, TX55, TX56): running sums and products along one axis.
//
//   Along the axis, with n = dim axis:  y_j = Σ_{i <= j} x_i  (exclusive: i < j); with reverse = 1 the
//   sums run from the other end:  y_j = Σ_{i >= j} x_i  (exclusive: i > j).
#include "ops/common/attrs.hpp"
#include "ops/reduce/rd_common.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::rd {
namespace {

inline constexpr auto cumprod_types =
    hana::tuple_t<float, double, float16_t, bfloat16_t, int32_t, int64_t, uint32_t, uint64_t>;

Kernel cumsum_kernel() {
  return [](const KernelArgs& args) -> std::vector<std::optional<Value>> {
    EvalContext& cx = args.context();
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
      auto [t, out] = Tensor::allocate<T>(cx, s);
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

// CumProd: y = running products along the axis.
std::vector<std::optional<Value>> cumprod(const KernelArgs& a) {
  EvalContext& cx = a.context();
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
    auto [y, yd] = Tensor::allocate<T>(cx, x.shape());
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

void add_cumulative(const Adder& add) {
  add("CumSum", {11, 14}, cumsum_kernel());  // 14 adds float16, bfloat16
  add("CumProd", {26}, cumprod);
}

}  // namespace onnxsem::ops::rd

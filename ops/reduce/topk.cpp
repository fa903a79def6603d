// TopK (spec/ops-reduce.md, RD27-RD28).
//
//   Along the axis, the k largest (largest = 1) or smallest elements of each line, in order from the most
//   extreme, with their indices in the line; equal values are ordered by lower index first.
//   Values and Indices have x's shape with the axis dimension replaced by k.
#include <algorithm>
#include <numeric>

#include "ops/common/attrs.hpp"
#include "ops/reduce/rd_common.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::rd {
namespace {

enum class Form { v1, v10, v11 };  // v1: k attribute; v10: K input; v11/v24: largest, sorted

Kernel topk_kernel(Form form) {
  return [form](const KernelArgs& args) -> std::vector<std::optional<Value>> {
    EvalContext& cx = args.context();
    const Tensor& x = args.tensor(0);
    int64_t k = 0;
    if (form == Form::v1) {
      k = attr_int_req(args.node, "k");
    } else {
      // [spec:RD27] K is a 1-D int64 tensor holding one value.
      ONNXSEM_CLAUSE(RD27);
      const Tensor& tk = args.tensor(1);
      if (tk.dtype() != DType::int64 || tk.rank() != 1 || tk.size() != 1)
        eval_error("RD27", "TopK: K must be a 1-D int64 tensor with one element, got " + Value(tk).describe());
      k = tk.data<int64_t>()[0];
    }
    const size_t ax = static_cast<size_t>(normalise_axis(attr_int(args.node, "axis", -1), x.rank(), "axis"));
    const bool largest = form != Form::v11 || attr_int(args.node, "largest", 1) != 0;
    const Shape& s = x.shape();
    const int64_t outer = product(s, 0, ax), n = s[ax], inner = product(s, ax + 1, s.size());
    // (RD27) 0 <= k <= the axis dimension.
    if (k < 0 || k > n)
      eval_error("RD27", "TopK: k = " + std::to_string(k) + " is outside [0, " + std::to_string(n) + "] (axis " +
                             std::to_string(ax) + " of shape " + show(s) + ")");
    Shape out_shape = s;
    out_shape[ax] = k;
    auto [ti, idx_view] = Tensor::allocate<int64_t>(cx, out_shape);
    auto idx = idx_view;  // a plain variable: clang 14 cannot capture structured bindings
    Tensor values = dispatch(x.dtype(), rd_numeric_types, "TopK", [&](auto tt) {
      using T = typename decltype(tt)::type;
      const T* xd = x.data<T>().data();
      auto [tv, val] = Tensor::allocate<T>(cx, out_shape);
      if (tv.size() == 0) return tv;  // no line to walk, whatever the other axes' sizes
      std::vector<int64_t> order(static_cast<size_t>(n));
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t i = 0; i < inner; ++i) {
          const T* line = xd + o * n * inner + i;
          std::iota(order.begin(), order.end(), int64_t{0});
          // [spec:RD28] most extreme first (NaN above every number), ties by lower index; always sorted.
          ONNXSEM_CLAUSE(RD28, RD14);
          std::stable_sort(order.begin(), order.end(), [&](int64_t p, int64_t q) {
            return largest ? beats(line[p * inner], line[q * inner], true)
                           : beats(line[q * inner], line[p * inner], true);
          });
          for (int64_t j = 0; j < k; ++j) {
            const size_t off = static_cast<size_t>((o * k + j) * inner + i);
            val[off] = line[order[static_cast<size_t>(j)] * inner];
            idx[off] = order[static_cast<size_t>(j)];
          }
        }
      return tv;
    });
    return {Value(std::move(values)), Value(std::move(ti))};
  };
}

}  // namespace

void add_topk(const Adder& add) {
  add("TopK", {1}, topk_kernel(Form::v1));
  add("TopK", {10}, topk_kernel(Form::v10));
  add("TopK", {11, 24}, topk_kernel(Form::v11));  // 24 adds element types only
}

}  // namespace onnxsem::ops::rd

// ArgMax and ArgMin (spec/ops-reduce.md, RD13-RD15).
//
//   For x of rank r and an axis a, the output at index o (x's index with axis a removed, or set to 0 when
//   keepdims = 1) is the smallest i (the largest i when select_last_index = 1) such that x[o with a := i]
//   is a maximum (ArgMax) or a minimum (ArgMin) of the line { x[o with a := j] : 0 <= j < dim a }.
#include "ops/common/attrs.hpp"
#include "ops/reduce/rd_common.hpp"
#include "semantics/coverage.hpp"

namespace onnxsem::ops::rd {
namespace {

Kernel arg_kernel(bool is_max, bool has_select_last) {
  return [=](const KernelArgs& a) -> std::vector<std::optional<Value>> {
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
    auto [t, out_view] = Tensor::allocate<int64_t>(out_shape);
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
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t i = 0; i < inner; ++i)
          out[static_cast<size_t>(o * inner + i)] = extreme_index(xd + o * n * inner + i, n, inner, is_max, last);
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

// Comparison and logic: Equal, Greater, Less, GreaterOrEqual, LessOrEqual, And, Or, Xor, Where
// (spec/ops-elementwise.md, EW12-EW14).
#include "ops/elementwise/elementwise_common.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::ew {
namespace {

// [spec:EW12] comparisons compare the exact values of numeric elements (a NaN operand makes every
// comparison false, Equal included), bool elements as false < true, strings by their bytes; the result is
// a bool tensor.
struct EqualOp {
  template <class T>
  bool operator()(const T& a, const T& b) const {
    if constexpr (is_float_v<T>) return wide(a) == wide(b);
    else return a == b;
  }
};
struct GreaterOp {
  template <class T>
  bool operator()(const T& a, const T& b) const {
    return elem_less(b, a);
  }
};
struct LessOp {
  template <class T>
  bool operator()(const T& a, const T& b) const {
    return elem_less(a, b);
  }
};
struct GreaterOrEqualOp {
  template <class T>
  bool operator()(const T& a, const T& b) const {
    if constexpr (is_float_v<T>) return wide(a) >= wide(b);
    else return a >= b;
  }
};
struct LessOrEqualOp {
  template <class T>
  bool operator()(const T& a, const T& b) const {
    if constexpr (is_float_v<T>) return wide(a) <= wide(b);
    else return a <= b;
  }
};

inline constexpr auto bool_types = hana::tuple_t<bool>;

// [spec:EW13] And, Or, Xor and Not are the boolean connectives applied to bool elements.
struct AndOp {
  bool operator()(bool a, bool b) const { return a && b; }
};
struct OrOp {
  bool operator()(bool a, bool b) const { return a || b; }
};
struct XorOp {
  bool operator()(bool a, bool b) const { return a != b; }
};

// The markers of EW12 and EW13, once per firing: the functors above run once per element.
Kernel comparison(Kernel k) {
  return [k = std::move(k)](const KernelArgs& args) {
    ONNXSEM_CLAUSE(EW12);
    return k(args);
  };
}
Kernel connective(Kernel k) {
  return [k = std::move(k)](const KernelArgs& args) {
    ONNXSEM_CLAUSE(EW13);
    return k(args);
  };
}

Kernel where_kernel() {
  return [](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    const Tensor& c = args.tensor(0);
    const Tensor& x = args.tensor(1);
    const Tensor& y = args.tensor(2);
    if (c.dtype() != DType::boolean)
      eval_error("EW6", std::string("Where: condition must be a bool tensor, got ") + dtype_name(c.dtype()));
    require_same_type(x, y, "Where", "X", "Y");
    const Layout<3> l = broadcast_layout<3>({&c, &x, &y}, "Where");
    return one(dispatch(x.dtype(), where_types, "Where", [&](auto tag) {
      using T = typename decltype(tag)::type;
      auto [t, out_view] = Tensor::allocate<T>(cx, l.out);
      auto out = out_view;  // a plain variable: clang 14 cannot capture structured bindings
      auto dc = c.data<bool>();
      auto dx = x.data<T>();
      auto dy = y.data<T>();
      size_t i = 0;
      // [spec:EW14] Where takes, at each position of the broadcast shape of its three inputs, the element
      // of X where the condition is true and the element of Y where it is false.
      ONNXSEM_CLAUSE(EW14);
      for_each_broadcast<3>(l.out, l.strides, [&](const std::array<int64_t, 3>& o) {
        out[i++] = dc[static_cast<size_t>(o[0])] ? dx[static_cast<size_t>(o[1])] : dy[static_cast<size_t>(o[2])];
      });
      return t;
    }));
  };
}

}  // namespace

void add_logic(Registry& r) {
  // Opset 1: limited broadcasting by attributes (EW3).
  r.add("", "Equal", {1}, comparison(binary_kernel("Equal", equal_types, true, EqualOp{})));
  r.add("", "Equal", {7, 11, 13, 19}, comparison(binary_kernel("Equal", equal_types, false, EqualOp{})));
  r.add("", "Greater", {1}, comparison(binary_kernel("Greater", numeric_types, true, GreaterOp{})));
  r.add("", "Greater", {7, 9, 13}, comparison(binary_kernel("Greater", numeric_types, false, GreaterOp{})));
  r.add("", "Less", {1}, comparison(binary_kernel("Less", numeric_types, true, LessOp{})));
  r.add("", "Less", {7, 9, 13}, comparison(binary_kernel("Less", numeric_types, false, LessOp{})));
  r.add("", "GreaterOrEqual", {12, 16},
        comparison(binary_kernel("GreaterOrEqual", numeric_types, false, GreaterOrEqualOp{})));
  r.add("", "LessOrEqual", {12, 16}, comparison(binary_kernel("LessOrEqual", numeric_types, false, LessOrEqualOp{})));
  r.add("", "And", {1}, connective(binary_kernel("And", bool_types, true, AndOp{})));
  r.add("", "And", {7}, connective(binary_kernel("And", bool_types, false, AndOp{})));
  r.add("", "Or", {1}, connective(binary_kernel("Or", bool_types, true, OrOp{})));
  r.add("", "Or", {7}, connective(binary_kernel("Or", bool_types, false, OrOp{})));
  r.add("", "Xor", {1}, connective(binary_kernel("Xor", bool_types, true, XorOp{})));
  r.add("", "Xor", {7}, connective(binary_kernel("Xor", bool_types, false, XorOp{})));
  r.add("", "Where", {9, 16}, where_kernel());
}

}  // namespace onnxsem::ops::ew

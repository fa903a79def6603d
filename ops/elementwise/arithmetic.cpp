// Binary arithmetic: Add, Sub, Mul, Div, Pow, Mod, BitShift, BitwiseAnd/Or/Xor
// (spec/ops-elementwise.md, EW2-EW8, EW17, EW18).
#include <cmath>
#include <cstdint>

#include "ops/common/product.hpp"
#include "ops/elementwise/elementwise_common.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::ew {
namespace {

// Floating elements: the exact operation on binary64 values, rounded once (P1). Integers: modular (EW5).
// Binary32 rows of Add and Mul in the processor's vector loop (the values of AddOp and MulOp).
void add_rows(const float* a, int64_t sa, const float* b, int64_t sb, int64_t n, float* dst) {
  product_detail::typed::here().add_row(a, sa, b, sb, n, dst);
}
void mul_rows(const float* a, int64_t sa, const float* b, int64_t sb, int64_t n, float* dst) {
  product_detail::typed::here().mul_row(a, sa, b, sb, n, dst);
}

struct AddOp {
  template <class T>
  T operator()(const T& a, const T& b) const {
    if constexpr (is_float_v<T>) return narrow<T>(wide(a) + wide(b));
    else return wrap_add(a, b);
  }
};
struct SubOp {
  template <class T>
  T operator()(const T& a, const T& b) const {
    if constexpr (is_float_v<T>) return narrow<T>(wide(a) - wide(b));
    else return wrap_sub(a, b);
  }
};
struct MulOp {
  template <class T>
  T operator()(const T& a, const T& b) const {
    // The product of two binary64 values of at most 24 significant bits is exact; float64 is IEEE.
    if constexpr (is_float_v<T>) return narrow<T>(wide(a) * wide(b));
    else return wrap_mul(a, b);
  }
};
struct DivOp {
  template <class T>
  T operator()(const T& a, const T& b) const {
    if constexpr (is_float_v<T>) {
      return narrow<T>(wide(a) / wide(b));
    } else {
      // [spec:EW7] integer division truncates toward zero; a zero divisor is an evaluation error (N9);
      // the one overflowing quotient (minimum / -1) wraps around to the minimum.
      ONNXSEM_CLAUSE(EW7);
      if (b == 0) division_by_zero("integer division by zero");
      if constexpr (std::is_signed_v<T>) {
        if (b == static_cast<T>(-1)) return wrap_neg(a);
      }
      return static_cast<T>(a / b);
    }
  }
};

// [spec:EW9] Mod: with fmod=0 (integers only) the remainder takes the divisor's sign; with fmod=1 it takes
// the dividend's sign (C fmod), the only form floating operands have; a zero integer divisor is N9.
struct ModOp {
  bool c_fmod = false;
  template <class T>
  T operator()(const T& a, const T& b) const {
    if constexpr (is_float_v<T>) {
      return narrow<T>(std::fmod(wide(a), wide(b)));  // exact
    } else {
      if (b == 0) division_by_zero("integer modulo by zero");
      if constexpr (std::is_signed_v<T>) {
        if (b == static_cast<T>(-1)) return 0;
      }
      T r = static_cast<T>(a % b);
      if constexpr (std::is_signed_v<T>) {
        if (!c_fmod && r != 0 && ((r < 0) != (b < 0))) r = static_cast<T>(r + b);
      }
      return r;
    }
  }
};

Kernel mod_kernel() {
  return [](const KernelArgs& args) -> Outputs {
    ONNXSEM_CLAUSE(EW9);
    const int64_t f = attr_int(args.node, "fmod", 0);
    if (f != 0 && f != 1) eval_error("EW9", "attribute 'fmod' must be 0 or 1, got " + std::to_string(f));
    const Tensor& a = args.tensor(0);
    if (f == 0 && is_float(a.dtype()))
      eval_error("EW9", std::string("Mod of floating operands (") + dtype_name(a.dtype()) + ") requires fmod=1");
    return binary_kernel("Mod", numeric_types, false, ModOp{f == 1})(args);
  };
}

// ---- Pow ---------------------------------------------------------------------------------------------------
inline constexpr auto pow_base_types = hana::tuple_t<float, double, float16_t, bfloat16_t, int32_t, int64_t>;

// [spec:EW8] integer base and exponent: exact power modulo 2^bits; a negative exponent gives the power's
// value truncated toward zero (1 for base 1, +-1 for base -1, 0 otherwise) and base 0 is N9.
template <class T, class E>
T int_pow(T x, E e) {
  ONNXSEM_CLAUSE(EW8);
  if constexpr (std::is_signed_v<E>) {
    if (e < 0) {
      if (x == 0) division_by_zero("0 raised to the negative power " + std::to_string(e));
      if (x == 1) return 1;
      if constexpr (std::is_signed_v<T>) {
        if (x == -1) return (e % 2 == 0) ? T{1} : T{-1};
      }
      return 0;
    }
  }
  using U = wide_unsigned_t<T>;
  U base = static_cast<U>(x);
  U result = 1;
  for (auto n = static_cast<uint64_t>(e); n != 0; n >>= 1) {
    if (n & 1) result = static_cast<U>(result * base);
    base = static_cast<U>(base * base);
  }
  return static_cast<T>(result);
}

template <class T, class E>
T pow_elem(const T& x, const E& e) {
  if constexpr (is_int_v<T> && is_int_v<E>) {
    return int_pow(x, e);
  } else if constexpr (is_int_v<E>) {
    // Floating base, integer exponent: the sign comes from the exponent's parity, taken from the integer
    // itself (a 64-bit exponent may not be exact in binary64).
    const double b = wide(x);
    double r = std::pow(std::fabs(b), static_cast<double>(e));
    if (!std::isnan(b) && std::signbit(b) && (e % 2 != 0)) r = -r;
    return narrow<T>(r);
  } else {
    // Floating exponent: the binary64 power, rounded once; for an integer base the result is truncated
    // toward zero and must be finite and in range (N6).
    return narrow<T>(std::pow(wide(x), wide(e)));
  }
}

Kernel pow_kernel(bool legacy) {
  return [legacy](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    const Tensor& a = args.tensor(0);
    const Tensor& b = args.tensor(1);
    if (legacy) require_same_type(a, b, "Pow", "X", "Y");
    const Layout<2> l = legacy ? legacy_layout(args.node, a, b) : broadcast_layout<2>({&a, &b}, "Pow");
    return one(dispatch(a.dtype(), pow_base_types, "Pow", [&](auto ta) {
      using T = typename decltype(ta)::type;
      return dispatch(b.dtype(), numeric_types, "Pow", [&](auto tb) {
        using E = typename decltype(tb)::type;
        return map_binary<T, T, E>(cx, l, a, b, [](const T& x, const E& e) { return pow_elem<T, E>(x, e); });
      });
    }));
  };
}

// ---- bits ---------------------------------------------------------------------------------------------------
Kernel bitshift_kernel() {
  return [](const KernelArgs& args) -> Outputs {
    const auto dir = attr_string_opt(args.node, "direction");
    if (!dir) eval_error("A1", "required attribute 'direction' is missing");
    // [spec:EW17] BitShift moves the bits of X by Y positions toward the most (LEFT) or least (RIGHT)
    // significant end, filling with zeros; a shift by at least the bit width gives 0.
    ONNXSEM_CLAUSE(EW17);
    if (*dir != "LEFT" && *dir != "RIGHT")
      eval_error("EW17", "attribute 'direction' must be \"LEFT\" or \"RIGHT\", got \"" + *dir + "\"");
    const bool left = *dir == "LEFT";
    return binary_kernel("BitShift", unsigned_int_types, false, [left](const auto& x, const auto& y) {
      using T = std::decay_t<decltype(x)>;
      using U = wide_unsigned_t<T>;
      if (static_cast<uint64_t>(y) >= sizeof(T) * 8) return T{0};
      return left ? static_cast<T>(static_cast<U>(x) << y) : static_cast<T>(static_cast<U>(x) >> y);
    })(args);
  };
}

// The marker of EW18, once per firing: the bitwise functions below run once per element.
Kernel bitwise(Kernel k) {
  return [k = std::move(k)](const KernelArgs& args) {
    ONNXSEM_CLAUSE(EW18);
    return k(args);
  };
}

}  // namespace

void add_arithmetic(Registry& r) {
  // Opset 1 and 6: limited broadcasting by attributes; consumed_inputs (opset 1) is ignored (EW4).
  r.add("", "Add", {1, 6}, binary_kernel("Add", numeric_types, true, AddOp{}, add_rows));
  r.add("", "Add", {7, 13, 14}, binary_kernel("Add", numeric_types, false, AddOp{}, add_rows));
  r.add("", "Sub", {1, 6}, binary_kernel("Sub", numeric_types, true, SubOp{}));
  r.add("", "Sub", {7, 13, 14}, binary_kernel("Sub", numeric_types, false, SubOp{}));
  r.add("", "Mul", {1, 6}, binary_kernel("Mul", numeric_types, true, MulOp{}, mul_rows));
  r.add("", "Mul", {7, 13, 14}, binary_kernel("Mul", numeric_types, false, MulOp{}, mul_rows));
  r.add("", "Div", {1, 6}, binary_kernel("Div", numeric_types, true, DivOp{}));
  r.add("", "Div", {7, 13, 14}, binary_kernel("Div", numeric_types, false, DivOp{}));
  r.add("", "Pow", {1}, pow_kernel(true));
  r.add("", "Pow", {7, 12, 13, 15}, pow_kernel(false));
  r.add("", "Mod", {10, 13}, mod_kernel());
  r.add("", "BitShift", {11}, bitshift_kernel());
  // [spec:EW18] bitwise operators act on the two's-complement bit patterns of integer elements.
  r.add("", "BitwiseAnd", {18}, bitwise(binary_kernel("BitwiseAnd", int_types, false, [](const auto& x, const auto& y) {
          return static_cast<std::decay_t<decltype(x)>>(x & y);
        })));
  r.add("", "BitwiseOr", {18}, bitwise(binary_kernel("BitwiseOr", int_types, false, [](const auto& x, const auto& y) {
          return static_cast<std::decay_t<decltype(x)>>(x | y);
        })));
  r.add("", "BitwiseXor", {18}, bitwise(binary_kernel("BitwiseXor", int_types, false, [](const auto& x, const auto& y) {
          return static_cast<std::decay_t<decltype(x)>>(x ^ y);
        })));
}

}  // namespace onnxsem::ops::ew

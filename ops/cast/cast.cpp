// Operator family: cast (spec/numeric.md). Cast and CastLike convert every element of a tensor to another
// element type by the conversion rules N1-N16; the versions differ only in the attributes they read.
#include <cmath>
#include <span>
#include <string>
#include <type_traits>

#include "ops/common/attrs.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"
#include "runtime/parallel.hpp"
#include "values/dispatch.hpp"
#include "values/numeric.hpp"

namespace onnxsem::ops {
namespace {

struct CastOptions {
  bool saturate = true;
  num::E8M0Round round = num::E8M0Round::up;
};

template <class T>
inline constexpr bool is_small_int = num::detail::is_small_int<T>;
template <class T>
inline constexpr bool is_string = std::is_same_v<T, std::string>;
// Integers of every width, and bool.
template <class T>
inline constexpr bool is_int_like = std::is_integral_v<T> || is_small_int<T>;
template <class T>
inline constexpr bool is_floating = !is_int_like<T> && !is_string<T>;

// The binary64 value from which a single rounding to a floating type narrower than binary64 gives the
// correctly rounded result: the exact value for every type but 64-bit integers beyond 2^53, which are
// rounded to odd at 53 bits (a later rounding to at most 51 bits is then the same as rounding once).
template <class From>
double widen_for_narrowing(From x) {
  if constexpr (std::is_integral_v<From> && sizeof(From) == 8) {
    const bool neg = x < 0;
    const uint64_t mag = neg ? uint64_t{0} - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
    constexpr uint64_t k53 = uint64_t{1} << 53;
    if (mag < k53) return neg ? -static_cast<double>(mag) : static_cast<double>(mag);
    int shift = 0;
    while ((mag >> shift) >= k53) ++shift;
    uint64_t hi = mag >> shift;
    if ((hi << shift) != mag) hi |= 1;  // sticky bit: round to odd
    const double d = std::ldexp(static_cast<double>(hi), shift);
    return neg ? -d : d;
  } else {
    return num::to_double(x);
  }
}

// One element, From -> To, by the rules of spec/numeric.md.
template <class To, class From>
To convert(const From& x, const CastOptions& o) {
  if constexpr (std::is_same_v<To, From>) {
    ONNXSEM_CLAUSE(N19);
    return x;  // [spec:N19] a cast to the input's own type leaves every element unchanged
  } else if constexpr (is_string<From>) {
    if constexpr (is_int_like<To>) {
      return num::parse_string_value<To>(x);
    } else {
      // N8: a string converts to a floating type by reading it as binary64, then converting that.
      return convert<To, double>(num::parse_string_value<double>(x), o);
    }
  } else if constexpr (is_string<To>) {
    return num::to_string_value(x);
  } else if constexpr (is_int_like<From> && is_int_like<To>) {
    return num::wrap_integer<To>(x);  // N7; bool sources give 0/1, bool targets test nonzero
  } else if constexpr (is_floating<From> && std::is_same_v<To, bool>) {
    return num::from_double<bool>(num::to_double(x));  // N13
  } else if constexpr (is_floating<From> && is_small_int<To>) {
    // [spec:N16] floating -> int4/uint4/int2/uint2: truncation toward zero, then two's-complement wrap
    // around to the type's width, as ONNX's reference conversion does; the truncated value must be a
    // finite int64 (else N6).
    ONNXSEM_CLAUSE(N16);
    const double v = std::trunc(num::to_double(x));
    if (!(v >= -std::ldexp(1.0, 63) && v < std::ldexp(1.0, 63)))
      eval_error("N6", "cannot convert " + num::to_string_value(num::to_double(x)) + " to a " +
                           std::to_string(num::detail::small_int_bits<To>::value) + "-bit integer");
    return num::wrap_integer<To>(static_cast<int64_t>(v));
  } else if constexpr (is_floating<From> && is_int_like<To>) {
    return num::from_double<To>(num::to_double(x));  // N6
  } else if constexpr (std::is_same_v<To, double>) {
    return static_cast<double>(num::to_double(x));  // integer or bool -> binary64: one rounding (N1)
  } else if constexpr (std::is_same_v<To, float8e8m0_t>) {
    return num::to_float8e8m0_checked(widen_for_narrowing(x), o.saturate, o.round);  // N5, N15
  } else {
    // [spec:P1] floating targets are reached by rounding once from the exact (binary64) value.
    ONNXSEM_CLAUSE(P1);
    return num::from_double<To>(widen_for_narrowing(x), o.saturate);
  }
}

Tensor cast_tensor(EvalContext& cx, const Tensor& in, DType to, const CastOptions& o, const char* op) {
  if (in.dtype() == to) return in;  // N19; values are immutable, the buffer is shared
  return dispatch(in.dtype(), all_types, op, [&](auto from_t) {
    using From = typename decltype(from_t)::type;
    return dispatch(to, all_types, op, [&](auto to_t) {
      using To = typename decltype(to_t)::type;
      auto src = in.data<From>();
      auto [t, out_view] = Tensor::allocate<To>(cx, in.shape());
      const std::span<To> out = out_view;  // a plain variable: clang 14 cannot capture structured bindings
      if constexpr (std::is_same_v<From, std::string> || std::is_same_v<To, std::string>) {
        for (size_t i = 0; i < src.size(); ++i) out[i] = convert<To, From>(src[i], o);
      } else {
        // E9: slices of the elements go to the threads; each element converts alone.
        const auto n = static_cast<int64_t>(src.size());
        parallel_slices(cx, n, n, kElementGrain, [&](int64_t lo, int64_t hi) {
          for (int64_t i = lo; i < hi; ++i)
            out[static_cast<size_t>(i)] = convert<To, From>(src[static_cast<size_t>(i)], o);
        });
      }
      return t;
    });
  });
}

// [spec:N17] Cast's `to` must name a non-complex element type: by its TensorProto number, or (Cast-1) by
// its TensorProto enum name.
DType target_type(int64_t code) {
  ONNXSEM_CLAUSE(N17);
  if (code < 1 || code > 26 || code == 14 || code == 15 || !dtype_known(static_cast<int32_t>(code)))
    eval_error("N17", "attribute 'to' = " + std::to_string(code) + " is not a non-complex element type");
  return static_cast<DType>(code);
}

DType target_type_by_name(const std::string& name) {
  static constexpr struct {
    const char* name;
    DType type;
  } kNames[] = {
      {"FLOAT", DType::float32},
      {"UINT8", DType::uint8},
      {"INT8", DType::int8},
      {"UINT16", DType::uint16},
      {"INT16", DType::int16},
      {"INT32", DType::int32},
      {"INT64", DType::int64},
      {"STRING", DType::string},
      {"BOOL", DType::boolean},
      {"FLOAT16", DType::float16},
      {"DOUBLE", DType::float64},
      {"UINT32", DType::uint32},
      {"UINT64", DType::uint64},
      {"BFLOAT16", DType::bfloat16},
      {"FLOAT8E4M3FN", DType::float8e4m3fn},
      {"FLOAT8E4M3FNUZ", DType::float8e4m3fnuz},
      {"FLOAT8E5M2", DType::float8e5m2},
      {"FLOAT8E5M2FNUZ", DType::float8e5m2fnuz},
      {"UINT4", DType::uint4},
      {"INT4", DType::int4},
      {"FLOAT4E2M1", DType::float4e2m1},
      {"FLOAT8E8M0", DType::float8e8m0},
      {"UINT2", DType::uint2},
      {"INT2", DType::int2},
  };
  std::string upper = name;
  for (char& c : upper)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  for (const auto& n : kNames)
    if (upper == n.name) return n.type;
  eval_error("N17", "attribute 'to' = '" + name + "' is not the name of a non-complex element type");
}

// [spec:N18] round_mode is one of "up" (default), "down", "nearest".
num::E8M0Round round_mode(const Node& n) {
  ONNXSEM_CLAUSE(N18);
  const std::string m = attr_string(n, "round_mode", "up");
  if (m == "up") return num::E8M0Round::up;
  if (m == "down") return num::E8M0Round::down;
  if (m == "nearest") return num::E8M0Round::nearest;
  eval_error("N18", "attribute 'round_mode' = '" + m + "' is not one of up, down, nearest");
}

std::vector<std::optional<Value>> one(Tensor t) {
  std::vector<std::optional<Value>> r;
  r.emplace_back(Value(std::move(t)));
  return r;
}

// Cast-1: `to` is a string attribute.
std::vector<std::optional<Value>> cast_1(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const auto to = attr_string_opt(a.node, "to");
  if (!to) eval_error("A1", "required attribute 'to' is missing");
  return one(cast_tensor(cx, a.tensor(0), target_type_by_name(*to), {}, "Cast"));
}

// Cast-6, 9, 13: `to` is an integer attribute (9 added strings, 13 bfloat16).
std::vector<std::optional<Value>> cast_6(const KernelArgs& a) {
  EvalContext& cx = a.context();
  return one(cast_tensor(cx, a.tensor(0), target_type(attr_int_req(a.node, "to")), {}, "Cast"));
}

// Cast-19, 21, 23: `saturate` (19 added float8, 21 int4/uint4, 23 float4e2m1).
std::vector<std::optional<Value>> cast_19(const KernelArgs& a) {
  EvalContext& cx = a.context();
  CastOptions o;
  o.saturate = attr_int(a.node, "saturate", 1) != 0;
  return one(cast_tensor(cx, a.tensor(0), target_type(attr_int_req(a.node, "to")), o, "Cast"));
}

// Cast-24, 25, 28: `round_mode` for float8e8m0 (24 added float8e8m0, 25 int2/uint2, 28 more types).
std::vector<std::optional<Value>> cast_24(const KernelArgs& a) {
  EvalContext& cx = a.context();
  CastOptions o;
  o.saturate = attr_int(a.node, "saturate", 1) != 0;
  o.round = round_mode(a.node);
  return one(cast_tensor(cx, a.tensor(0), target_type(attr_int_req(a.node, "to")), o, "Cast"));
}

// CastLike: the target type is the element type of the second input (its values are not read).
std::vector<std::optional<Value>> castlike_15(const KernelArgs& a) {
  EvalContext& cx = a.context();
  return one(cast_tensor(cx, a.tensor(0), a.tensor(1).dtype(), {}, "CastLike"));
}
std::vector<std::optional<Value>> castlike_19(const KernelArgs& a) {
  EvalContext& cx = a.context();
  CastOptions o;
  o.saturate = attr_int(a.node, "saturate", 1) != 0;
  return one(cast_tensor(cx, a.tensor(0), a.tensor(1).dtype(), o, "CastLike"));
}
std::vector<std::optional<Value>> castlike_24(const KernelArgs& a) {
  EvalContext& cx = a.context();
  CastOptions o;
  o.saturate = attr_int(a.node, "saturate", 1) != 0;
  o.round = round_mode(a.node);
  return one(cast_tensor(cx, a.tensor(0), a.tensor(1).dtype(), o, "CastLike"));
}

}  // namespace

void add_bitcast(Registry& r);  // bitcast.cpp

void add_cast(Registry& r) {
  r.add("", "Cast", {1}, cast_1);
  r.add("", "Cast", {6, 9, 13}, cast_6);
  r.add("", "Cast", {19, 21, 23}, cast_19);
  r.add("", "Cast", {24, 25}, cast_24);
  r.add("", "CastLike", {15}, castlike_15);
  r.add("", "CastLike", {19, 21, 23}, castlike_19);
  r.add("", "CastLike", {24, 25}, castlike_24);
  add_bitcast(r);
}

}  // namespace onnxsem::ops

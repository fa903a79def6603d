// BitCast (spec/numeric.md, N20-N22): every element keeps its bit pattern and is read as an element of
// another type of the same bit width; no value is converted.
//
//   output[i] = the element of type `to` whose w-bit pattern equals the w-bit pattern of input[i]
//
// Each element type is mapped to and from its pattern (at most 64 bits) by one pair of generic functions.
#include <bit>
#include <cstdint>
#include <string>
#include <type_traits>

#include "ops/common/attrs.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"
#include "values/dispatch.hpp"

namespace onnxsem::ops {
namespace {

// Every element type BitCast can represent: all of onnxsem's types but string (complex has no storage).
inline constexpr auto bitcast_types = hana::concat(hana::concat(numeric_and_bool_types, float8_types), small_int_types);

// [spec:N20] The width of an element type in bits, as ONNX stores it; 0 for types BitCast does not take.
int bit_width(DType t) {
  ONNXSEM_CLAUSE(N20);
  switch (t) {
    case DType::boolean:
    case DType::int8:
    case DType::uint8:
    case DType::float8e4m3fn:
    case DType::float8e4m3fnuz:
    case DType::float8e5m2:
    case DType::float8e5m2fnuz:
    case DType::float8e8m0: return 8;
    case DType::int16:
    case DType::uint16:
    case DType::float16:
    case DType::bfloat16: return 16;
    case DType::int32:
    case DType::uint32:
    case DType::float32: return 32;
    case DType::int64:
    case DType::uint64:
    case DType::float64:
    case DType::complex64: return 64;
    case DType::complex128: return 128;
    case DType::int4:
    case DType::uint4:
    case DType::float4e2m1: return 4;
    case DType::int2:
    case DType::uint2: return 2;
    default: return 0;
  }
}

template <class T>
constexpr int width_of() {
  if constexpr (std::is_same_v<T, bool>) return 8;
  else if constexpr (std::is_same_v<T, int4_t> || std::is_same_v<T, uint4_t> || std::is_same_v<T, float4e2m1_t>)
    return 4;
  else if constexpr (std::is_same_v<T, int2_t> || std::is_same_v<T, uint2_t>) return 2;
  else return static_cast<int>(8 * sizeof(T));
}

template <class T>
constexpr uint64_t mask_of() {
  return width_of<T>() == 64 ? ~uint64_t{0} : (uint64_t{1} << width_of<T>()) - 1;
}

// The bit pattern of one element, in the low bits of the result.
template <class T>
uint64_t pattern_of(const T& x) {
  if constexpr (std::is_same_v<T, bool>) {
    return x ? 1 : 0;  // N21: false is the byte 0x00, true the byte 0x01
  } else if constexpr (std::is_integral_v<T>) {
    return static_cast<uint64_t>(static_cast<std::make_unsigned_t<T>>(x));
  } else if constexpr (std::is_same_v<T, float>) {
    return std::bit_cast<uint32_t>(x);
  } else if constexpr (std::is_same_v<T, double>) {
    return std::bit_cast<uint64_t>(x);
  } else if constexpr (requires { x.bits; }) {
    return static_cast<uint64_t>(x.bits) & mask_of<T>();
  } else {
    // sub-byte integers hold their (sign-extended) value: keep the low bits (two's complement)
    return static_cast<uint64_t>(static_cast<uint8_t>(x.v)) & mask_of<T>();
  }
}

// The element whose bit pattern is the low width_of<T>() bits of p.
template <class T>
T element_of(uint64_t p) {
  if constexpr (std::is_same_v<T, bool>) {
    // [spec:N21] a byte read as bool must be 0x00 or 0x01; no other byte is a bool.
    ONNXSEM_CLAUSE(N21);
    if (p > 1) eval_error("N21", "BitCast: the byte " + std::to_string(p) + " is not the pattern of a bool (0 or 1)");
    return p == 1;
  } else if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(p));
  } else if constexpr (std::is_same_v<T, float>) {
    return std::bit_cast<float>(static_cast<uint32_t>(p));
  } else if constexpr (std::is_same_v<T, double>) {
    return std::bit_cast<double>(p);
  } else if constexpr (requires { T{}.bits; }) {
    T t;
    t.bits = static_cast<decltype(t.bits)>(p);
    return t;
  } else {
    T t;
    constexpr int w = width_of<T>();
    if constexpr (std::is_signed_v<decltype(t.v)>) {
      const bool neg = (p >> (w - 1)) & 1;  // sign-extend the w-bit two's-complement pattern
      t.v = static_cast<decltype(t.v)>(neg ? static_cast<int>(p) - (1 << w) : static_cast<int>(p));
    } else {
      t.v = static_cast<decltype(t.v)>(p);
    }
    return t;
  }
}

std::vector<std::optional<Value>> bitcast_26(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const int64_t code = attr_int_req(a.node, "to");
  // [spec:N20] `to` names a non-string element type of the input's bit width.
  ONNXSEM_CLAUSE(N20);
  if (code < 1 || code > 26 || code == static_cast<int64_t>(DType::string) || !dtype_known(static_cast<int32_t>(code)))
    eval_error("N20", "BitCast: attribute 'to' = " + std::to_string(code) + " is not a non-string element type");
  const DType to = static_cast<DType>(code);
  if (x.dtype() == DType::string) eval_error("N20", "BitCast: the input is a string tensor, which has no bit pattern");
  if (bit_width(x.dtype()) != bit_width(to))
    eval_error("N20", std::string("BitCast: ") + dtype_name(x.dtype()) + " has " +
                          std::to_string(bit_width(x.dtype())) + " bits, " + dtype_name(to) + " has " +
                          std::to_string(bit_width(to)));
  if (x.dtype() == to) return {Value(x)};  // N22: the same type gives the same tensor
  // [spec:N22] the output has the input's shape; element i has the bit pattern of input element i.
  ONNXSEM_CLAUSE(N22);
  std::vector<std::optional<Value>> r;
  r.emplace_back(Value(dispatch(x.dtype(), bitcast_types, "BitCast", [&](auto from_t) {
    using From = typename decltype(from_t)::type;
    return dispatch(to, bitcast_types, "BitCast", [&](auto to_t) {
      using To = typename decltype(to_t)::type;
      auto src = x.data<From>();
      auto [t, out] = Tensor::allocate<To>(cx, x.shape());
      // pairs of different widths were refused above (N20); only equal widths are instantiated with a body
      if constexpr (width_of<From>() == width_of<To>()) {
        for (size_t i = 0; i < src.size(); ++i) out[i] = element_of<To>(pattern_of(src[i]));
      }
      return t;
    });
  })));
  return r;
}

}  // namespace

void add_bitcast(Registry& r) { r.add("", "BitCast", {26}, bitcast_26); }

}  // namespace onnxsem::ops

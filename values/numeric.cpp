// Numeric rules of spec/numeric.md: exact widening of every element type to binary64 (N1), narrowing
// from binary64 with round to nearest, ties to even (N2) and ONNX's overflow rules (N3, N4, N5), the
// float -> integer (N6) and integer -> integer (N7) conversions, and the string forms (N8).
#include "values/numeric.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <string_view>

#include "runtime/coverage.hpp"

namespace onnxsem::num {
namespace {

// A binary floating-point format narrower than binary64: `mbits` stored mantissa bits, exponent bias, and
// `max_code`, the bit pattern (without sign) of the largest finite magnitude. Bit patterns of magnitudes
// are ordered like the magnitudes they encode, which the encoder below relies on.
struct Format {
  int mbits;
  int bias;
  uint32_t max_code;
};

constexpr Format kFloat16{10, 15, 0x7BFF};
constexpr Format kBFloat16{7, 127, 0x7F7F};
constexpr Format kE4M3FN{3, 7, 0x7E};
constexpr Format kE4M3FNUZ{3, 8, 0x7F};
constexpr Format kE5M2{2, 15, 0x7B};
constexpr Format kE5M2FNUZ{2, 16, 0x7F};
constexpr Format kE2M1{1, 1, 0x7};

// Value of a magnitude pattern (no sign bit, not a special): subnormal when the exponent field is 0.
double decode_magnitude(uint32_t code, Format f) {
  const uint32_t exp_field = code >> f.mbits;
  const uint32_t mant = code & ((1u << f.mbits) - 1);
  if (exp_field == 0) return std::ldexp(static_cast<double>(mant), 1 - f.bias - f.mbits);
  return std::ldexp(static_cast<double>(mant | (1u << f.mbits)), static_cast<int>(exp_field) - f.bias - f.mbits);
}

// Rounds an integral-or-not double n (0 <= n < 2^53) to the nearest integer, ties to even. Independent
// of the floating-point environment's rounding mode.
double round_half_even(double n) {
  const double fl = std::floor(n);
  const double diff = n - fl;  // exact: n is a small multiple of a power of two
  if (diff > 0.5) return fl + 1;
  if (diff < 0.5) return fl;
  return std::fmod(fl, 2.0) == 0.0 ? fl : fl + 1;
}

// [spec:N2] The pattern of the representable magnitude nearest to the finite a >= 0, ties to the even
// pattern; a pattern above f.max_code (possibly max_code + 1 after a carry, or larger) means the value
// rounds beyond the largest finite magnitude (the caller applies the overflow rule of the type).
uint64_t encode_magnitude(double a, Format f) {
  ONNXSEM_CLAUSE(N2);
  if (a == 0) return 0;
  int e2 = 0;
  (void)std::frexp(a, &e2);  // a = m * 2^e2 with m in [0.5, 1)
  const int ex = e2 - 1;     // floor(log2(a))
  const int emin = 1 - f.bias;
  const int max_exp = static_cast<int>(f.max_code >> f.mbits) - f.bias;
  if (ex > max_exp + 1) return uint64_t{f.max_code} + 1;  // far beyond the range
  const int quantum_exp = (ex < emin ? emin : ex) - f.mbits;
  const double n = round_half_even(std::ldexp(a, -quantum_exp));  // in [0, 2^(mbits+1)]
  const auto r = static_cast<uint64_t>(n);
  if (ex < emin) return r;  // subnormal (r == 2^mbits is the smallest normal, same pattern)
  return (static_cast<uint64_t>(ex + f.bias) << f.mbits) + r - (uint64_t{1} << f.mbits);
}

// [spec:N10] NaN handling shared by the IEEE-like 16-bit formats: sign and the leading payload bits that
// fit are kept, and the quiet bit is set.
uint16_t nan16(double x, int mbits, uint16_t exp_mask) {
  ONNXSEM_CLAUSE(N10);
  uint64_t bits = 0;
  std::memcpy(&bits, &x, sizeof bits);
  const auto sign = static_cast<uint16_t>((bits >> 63) << 15);
  const uint64_t payload = (bits & ((uint64_t{1} << 52) - 1)) >> (52 - mbits);
  const auto quiet = static_cast<uint16_t>(1u << (mbits - 1));
  return static_cast<uint16_t>(sign | exp_mask | quiet | static_cast<uint16_t>(payload));
}

double nan_from16(uint16_t bits, int mbits) {
  // binary64 NaN with the same sign and payload (leading bits), quiet.
  const uint64_t sign = static_cast<uint64_t>(bits >> 15) << 63;
  const uint64_t payload = static_cast<uint64_t>(bits & ((1u << mbits) - 1)) << (52 - mbits);
  const uint64_t out = sign | (uint64_t{0x7FF} << 52) | (uint64_t{1} << 51) | payload;
  double d = 0;
  std::memcpy(&d, &out, sizeof d);
  return d;
}

// IEEE-like 16-bit formats: float16 and bfloat16 (exponent all ones = infinity / NaN).
double decode16(uint16_t bits, Format f) {
  ONNXSEM_CLAUSE(N1);  // the widening of float16 and bfloat16 (to_double below)
  const auto exp_mask = static_cast<uint16_t>(f.max_code + 1);
  const bool neg = (bits & 0x8000) != 0;
  const uint16_t mag = bits & 0x7FFF;
  if ((mag & exp_mask) == exp_mask) {
    if ((mag & ~exp_mask) == 0)
      return neg ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    return nan_from16(bits, f.mbits);
  }
  const double v = decode_magnitude(mag, f);
  return neg ? -v : v;
}

uint16_t encode16(double x, Format f) {
  const auto exp_mask = static_cast<uint16_t>(f.max_code + 1);  // max_code = exp 0x..E, mantissa all ones
  if (std::isnan(x)) return nan16(x, f.mbits, exp_mask);
  const uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  // [spec:N3] beyond the largest finite value after rounding (or infinite): infinity of the same sign.
  ONNXSEM_CLAUSE(N3);
  if (std::isinf(x)) return sign | exp_mask;
  const uint64_t code = encode_magnitude(std::fabs(x), f);
  if (code > f.max_code) return sign | exp_mask;
  return static_cast<uint16_t>(sign | code);
}

// 8-bit and 4-bit formats (N4). `nan_pattern` is the pattern for NaN of a positive sign (the fn types keep
// the sign; the fnuz types have the single NaN 0x80); `inf_code` is the magnitude pattern of infinity, or 0
// when the type has none; `unsigned_zero`: the type has no negative zero (0x80 is NaN).
struct SmallFormat {
  Format f;
  uint8_t sign_bit;
  bool has_nan;
  uint8_t nan_pattern;
  bool nan_keeps_sign;
  uint8_t inf_code;
  bool unsigned_zero;
};

constexpr SmallFormat kSmallE4M3FN{kE4M3FN, 0x80, true, 0x7F, true, 0, false};
constexpr SmallFormat kSmallE4M3FNUZ{kE4M3FNUZ, 0x80, true, 0x80, false, 0, true};
constexpr SmallFormat kSmallE5M2{kE5M2, 0x80, true, 0x7E, true, 0x7C, false};
constexpr SmallFormat kSmallE5M2FNUZ{kE5M2FNUZ, 0x80, true, 0x80, false, 0, true};
constexpr SmallFormat kSmallE2M1{kE2M1, 0x8, false, 0, false, 0, false};

uint8_t encode_small(double x, bool saturate, const SmallFormat& s) {
  const bool neg = std::signbit(x);
  const uint8_t sign = neg ? s.sign_bit : 0;
  const auto nan = [&]() -> uint8_t {
    return static_cast<uint8_t>(s.nan_keeps_sign ? (s.nan_pattern | sign) : s.nan_pattern);
  };
  if (std::isnan(x)) {
    // [spec:N11] float4e2m1 has no NaN: NaN converts to the pattern 0x8 (negative zero), whatever its
    // sign, as ONNX's reference conversion does.
    ONNXSEM_CLAUSE(N11);
    if (!s.has_nan) return s.sign_bit;
    return nan();
  }
  // [spec:N4] overflow (after rounding, infinities included): with saturate, the largest finite magnitude
  // of the same sign; without it, infinity of the same sign where the type has one, else NaN (float4e2m1,
  // which has neither, saturates always).
  ONNXSEM_CLAUSE(N4);
  const uint64_t code = std::isinf(x) ? uint64_t{s.f.max_code} + 1 : encode_magnitude(std::fabs(x), s.f);
  if (code > s.f.max_code) {
    if (saturate || !s.has_nan) return static_cast<uint8_t>(sign | s.f.max_code);
    if (s.inf_code != 0) return static_cast<uint8_t>(sign | s.inf_code);
    return nan();
  }
  // [spec:N12] the fnuz types have a single zero: a negative value that rounds to zero gives +0.
  ONNXSEM_CLAUSE(N12);
  if (code == 0 && s.unsigned_zero) return 0;
  return static_cast<uint8_t>(sign | code);
}

double decode_small(uint8_t bits, const SmallFormat& s) {
  ONNXSEM_CLAUSE(N1);  // the widening of the 8- and 4-bit floating types (to_double below)
  const bool neg = (bits & s.sign_bit) != 0;
  const uint8_t mag = bits & static_cast<uint8_t>(s.sign_bit - 1);
  if (s.has_nan) {
    const double qnan = std::copysign(std::numeric_limits<double>::quiet_NaN(), neg ? -1.0 : 1.0);
    if (s.unsigned_zero ? bits == s.nan_pattern : mag == s.nan_pattern) return s.unsigned_zero ? std::fabs(qnan) : qnan;
    if (s.inf_code != 0 && mag > s.inf_code) return qnan;
    if (s.inf_code != 0 && mag == s.inf_code)
      return neg ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  }
  const double v = decode_magnitude(mag, s.f);
  return neg ? -v : v;
}

template <class T>
constexpr const char* int_name() {
  if constexpr (std::is_same_v<T, int4_t>) return "int4";
  else if constexpr (std::is_same_v<T, uint4_t>) return "uint4";
  else if constexpr (std::is_same_v<T, int2_t>) return "int2";
  else if constexpr (std::is_same_v<T, uint2_t>) return "uint2";
  else return dtype_name(dtype_of<T>);
}

std::string show(double x) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, x);
  return std::string(buf, r.ptr);
}

}  // namespace

// ---- widening --------------------------------------------------------------------------------------
// [spec:N1] every element type widens exactly to binary64 (64-bit integers: see to_double of int64).
double to_double(float16_t x) noexcept { return decode16(x.bits, kFloat16); }
double to_double(bfloat16_t x) noexcept { return decode16(x.bits, kBFloat16); }
double to_double(float8e4m3fn_t x) noexcept { return decode_small(x.bits, kSmallE4M3FN); }
double to_double(float8e4m3fnuz_t x) noexcept { return decode_small(x.bits, kSmallE4M3FNUZ); }
double to_double(float8e5m2_t x) noexcept { return decode_small(x.bits, kSmallE5M2); }
double to_double(float8e5m2fnuz_t x) noexcept { return decode_small(x.bits, kSmallE5M2FNUZ); }
double to_double(float4e2m1_t x) noexcept { return decode_small(static_cast<uint8_t>(x.bits & 0xF), kSmallE2M1); }
double to_double(float8e8m0_t x) noexcept {
  if (x.bits == 0xFF) return std::numeric_limits<double>::quiet_NaN();
  return std::ldexp(1.0, static_cast<int>(x.bits) - 127);
}

// ---- narrowing -------------------------------------------------------------------------------------
float16_t to_float16(double x) noexcept { return float16_t{encode16(x, kFloat16)}; }
bfloat16_t to_bfloat16(double x) noexcept { return bfloat16_t{encode16(x, kBFloat16)}; }
float8e4m3fn_t to_float8e4m3fn(double x, bool saturate) noexcept {
  return float8e4m3fn_t{encode_small(x, saturate, kSmallE4M3FN)};
}
float8e4m3fnuz_t to_float8e4m3fnuz(double x, bool saturate) noexcept {
  return float8e4m3fnuz_t{encode_small(x, saturate, kSmallE4M3FNUZ)};
}
float8e5m2_t to_float8e5m2(double x, bool saturate) noexcept {
  return float8e5m2_t{encode_small(x, saturate, kSmallE5M2)};
}
float8e5m2fnuz_t to_float8e5m2fnuz(double x, bool saturate) noexcept {
  return float8e5m2fnuz_t{encode_small(x, saturate, kSmallE5M2FNUZ)};
}
float4e2m1_t to_float4e2m1(double x, bool saturate) noexcept {
  return float4e2m1_t{encode_small(x, saturate, kSmallE2M1)};
}

float8e8m0_t to_float8e8m0(double x, bool saturate) noexcept { return to_float8e8m0(x, saturate, E8M0Round::up); }

float8e8m0_t to_float8e8m0(double x, bool saturate, E8M0Round mode) noexcept {
  // [spec:N5] float8e8m0 holds 2^(k-127) for k = 0..254 and NaN (0xFF); it has no zero, no sign and no
  // infinity. |x| is rounded to a power of two by the rounding mode. With saturate, infinities and
  // results beyond 2^127 give 2^127, and magnitudes below 2^-127 (zero included) give 2^-127; without
  // it, all of these give NaN. NaN gives NaN. (This function ignores the sign; see N15.)
  ONNXSEM_CLAUSE(N5);
  constexpr uint8_t kNaN8 = 0xFF;
  if (std::isnan(x)) return float8e8m0_t{kNaN8};
  if (std::isinf(x)) return float8e8m0_t{static_cast<uint8_t>(saturate ? 0xFE : kNaN8)};
  const double a = std::fabs(x);
  if (a < std::ldexp(1.0, -127)) return float8e8m0_t{static_cast<uint8_t>(saturate ? 0x00 : kNaN8)};
  int e2 = 0;
  const double m = std::frexp(a, &e2);  // a = m * 2^e2, m in [0.5, 1): 2^(e2-1) <= a < 2^e2
  int k = e2 - 1;                       // floor(log2 a)
  if (m != 0.5) {
    switch (mode) {
      case E8M0Round::up: k += 1; break;
      case E8M0Round::down: break;
      case E8M0Round::nearest:
        // Between 2^k and 2^(k+1) ONNX compares the significand with 1.5: from 1.5 on (ties
        // included) the larger power.
        if (m >= 0.75) k += 1;
        break;
    }
  }
  if (k > 127) return float8e8m0_t{static_cast<uint8_t>(saturate ? 0xFE : kNaN8)};
  return float8e8m0_t{static_cast<uint8_t>(k + 127)};
}

float8e8m0_t to_float8e8m0_checked(double x, bool saturate, E8M0Round mode) {
  // [spec:N15] ONNX leaves the conversion of negative values (and -0) to float8e8m0 undefined: refused.
  ONNXSEM_CLAUSE(N15);
  if (std::signbit(x) && !std::isnan(x))
    eval_error("N15", "cannot convert the negative value " + show(x) + " to float8e8m0");
  return to_float8e8m0(x, saturate, mode);
}

template <class T>
T from_double(double x, bool saturate) {
  if constexpr (std::is_same_v<T, double>) {
    return x;
  } else if constexpr (std::is_same_v<T, float>) {
    return static_cast<float>(x);
  } else if constexpr (std::is_same_v<T, float16_t>) {
    return to_float16(x);
  } else if constexpr (std::is_same_v<T, bfloat16_t>) {
    return to_bfloat16(x);
  } else if constexpr (std::is_same_v<T, float8e4m3fn_t>) {
    return to_float8e4m3fn(x, saturate);
  } else if constexpr (std::is_same_v<T, float8e4m3fnuz_t>) {
    return to_float8e4m3fnuz(x, saturate);
  } else if constexpr (std::is_same_v<T, float8e5m2_t>) {
    return to_float8e5m2(x, saturate);
  } else if constexpr (std::is_same_v<T, float8e5m2fnuz_t>) {
    return to_float8e5m2fnuz(x, saturate);
  } else if constexpr (std::is_same_v<T, float8e8m0_t>) {
    return to_float8e8m0_checked(x, saturate, E8M0Round::up);
  } else if constexpr (std::is_same_v<T, float4e2m1_t>) {
    return to_float4e2m1(x, saturate);
  } else if constexpr (std::is_same_v<T, bool>) {
    // [spec:N13] to bool: zero (either sign) is false, every other value, NaN included, is true.
    ONNXSEM_CLAUSE(N13);
    return x != 0 || std::isnan(x);
  } else {
    constexpr bool small = std::is_same_v<T, int4_t> || std::is_same_v<T, uint4_t> || std::is_same_v<T, int2_t> ||
                           std::is_same_v<T, uint2_t>;
    double lo = 0, hi = 0;  // the range, exclusive of the next integer beyond it
    // clang-format off
    if constexpr (std::is_same_v<T, int4_t>) { lo = -8; hi = 7; }
    else if constexpr (std::is_same_v<T, uint4_t>) { lo = 0; hi = 15; }
    else if constexpr (std::is_same_v<T, int2_t>) { lo = -2; hi = 1; }
    else if constexpr (std::is_same_v<T, uint2_t>) { lo = 0; hi = 3; }
    // clang-format on
    else {
      lo = static_cast<double>(std::numeric_limits<T>::min());
      // max of 64-bit types is not representable; compare against 2^bits (exclusive) below.
      hi = static_cast<double>(std::numeric_limits<T>::max());
    }
    // [spec:N6] float -> integer: truncation toward zero of a finite value that then lies in the range;
    // NaN, infinities and out-of-range values are an evaluation error.
    ONNXSEM_CLAUSE(N6);
    if (!std::isfinite(x)) eval_error("N6", "cannot convert " + show(x) + " to " + int_name<T>());
    const double t = std::trunc(x);
    bool in_range = t >= lo;
    if constexpr (!small && sizeof(T) == 8) {
      // 2^63 or 2^64: the first value beyond the range (max itself rounds up to it as a double).
      in_range = in_range && t < std::ldexp(1.0, std::is_signed_v<T> ? 63 : 64);
    } else {
      in_range = in_range && t <= hi;
    }
    if (!in_range) eval_error("N6", "value " + show(x) + " is outside the range of " + int_name<T>());
    if constexpr (small) {
      T out;
      out.v = static_cast<decltype(out.v)>(t);
      return out;
    } else {
      return static_cast<T>(t);
    }
  }
}

// ---- strings ---------------------------------------------------------------------------------------
namespace {

// Lays out a shortest scientific form "d.ddde±XX" (as std::to_chars or printf "%.*e" produce it) the way
// Python's repr does: positional notation for decimal exponents -4..15 (with ".0" for integral values),
// else scientific with at least two exponent digits.
std::string layout_decimal(const std::string& sci) {
  std::string out;
  size_t i = 0;
  if (sci[i] == '-') {
    out += '-';
    ++i;
  }
  std::string digits;
  for (; i < sci.size() && sci[i] != 'e'; ++i)
    if (sci[i] != '.') digits += sci[i];
  const int exp10 = i < sci.size() ? std::stoi(sci.substr(i + 1)) : 0;
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  if (exp10 >= -4 && exp10 < 16) {
    if (exp10 < 0) {
      out += "0." + std::string(static_cast<size_t>(-exp10 - 1), '0') + digits;
    } else {
      const auto int_len = static_cast<size_t>(exp10) + 1;
      if (digits.size() <= int_len) {
        out += digits + std::string(int_len - digits.size(), '0') + ".0";
      } else {
        out += digits.substr(0, int_len) + "." + digits.substr(int_len);
      }
    }
    return out;
  }
  out += digits.substr(0, 1);
  if (digits.size() > 1) out += "." + digits.substr(1);
  const int a = exp10 < 0 ? -exp10 : exp10;
  out += exp10 < 0 ? "e-" : "e+";
  if (a < 10) out += '0';
  out += std::to_string(a);
  return out;
}

// [spec:N8] a floating value prints as the shortest decimal that converts back (by the rules of its own
// type) to the same value, laid out as layout_decimal says; the specials print "NaN", "INF", "-INF".
template <class T>
std::string float_to_string(T x) {
  ONNXSEM_CLAUSE(N8);
  const double v = to_double(x);
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "INF" : "-INF";
  char buf[64];
  if constexpr (std::is_same_v<T, float8e8m0_t>) {
    // Powers of two, all exact in binary32; a shortest round trip through float8e8m0's own (directed)
    // rounding would print 0.125 as "0.1", so these print as the binary32 value.
    return float_to_string(static_cast<float>(v));
  } else if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    auto r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific);
    return layout_decimal(std::string(buf, r.ptr));
  } else {
    for (int digits = 1; digits <= 17; ++digits) {
      std::snprintf(buf, sizeof buf, "%.*e", digits - 1, v);
      if (from_double<T>(std::strtod(buf, nullptr), true) == x) break;
    }
    return layout_decimal(buf);
  }
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char ca = a[i], cb = b[i];
    if (ca >= 'A' && ca <= 'Z') ca = static_cast<char>(ca - 'A' + 'a');
    if (cb >= 'A' && cb <= 'Z') cb = static_cast<char>(cb - 'A' + 'a');
    if (ca != cb) return false;
  }
  return true;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// Reads a decimal (plain or scientific), or one of the special words, as binary64; nullopt if not.
// N8: "INF", "+INF", "-INF", "NaN" (any case; a sign before NaN is allowed), plain and scientific
// decimals with an optional sign, surrounded by optional white space.
std::optional<double> parse_double(std::string_view s) {
  s = trim(s);
  if (s.empty()) return std::nullopt;
  bool neg = false;
  std::string_view body = s;
  if (body.front() == '+' || body.front() == '-') {
    neg = body.front() == '-';
    body.remove_prefix(1);
  }
  if (iequals(body, "inf"))
    return neg ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  if (iequals(body, "nan")) return std::copysign(std::numeric_limits<double>::quiet_NaN(), neg ? -1.0 : 1.0);
  if (body.empty() || body.front() == '+' || body.front() == '-') return std::nullopt;
  double v = 0;
  auto r = std::from_chars(body.data(), body.data() + body.size(), v, std::chars_format::general);
  if (r.ec == std::errc::result_out_of_range) {
    // from_chars reports overflow and underflow alike; tell them apart by the magnitude of the digits.
    std::string tmp(body);
    v = std::strtod(tmp.c_str(), nullptr);
  } else if (r.ec != std::errc()) {
    return std::nullopt;
  }
  if (r.ptr != body.data() + body.size()) return std::nullopt;
  return neg ? -v : v;
}

}  // namespace

template <class T>
std::string to_string_value(T x) {
  if constexpr (std::is_same_v<T, bool>) {
    // [spec:N14] bool prints as "1" or "0" (and reads back from any numeric form: nonzero is true).
    ONNXSEM_CLAUSE(N14);
    return x ? "1" : "0";
  } else if constexpr (std::is_integral_v<T>) {
    return std::to_string(x);
  } else if constexpr (std::is_same_v<T, int4_t> || std::is_same_v<T, uint4_t> || std::is_same_v<T, int2_t> ||
                       std::is_same_v<T, uint2_t>) {
    return std::to_string(static_cast<int>(x.v));
  } else {
    return float_to_string(x);
  }
}

template <class T>
T parse_string_value(const std::string& s) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    // Integers: an exact decimal integer of the range is read directly (64-bit values beyond 2^53 stay
    // exact); any other numeric form goes through binary64 and the float -> integer rule (N6).
    std::string_view b = trim(s);
    if (!b.empty() && b.front() == '+') b.remove_prefix(1);
    T v{};
    auto r = std::from_chars(b.data(), b.data() + b.size(), v);
    if (r.ec == std::errc() && r.ptr == b.data() + b.size() && !b.empty()) return v;
  }
  auto d = parse_double(s);
  // N8: a string that is not a number in one of these forms is an evaluation error.
  if (!d) eval_error("N8", "string '" + s + "' is not a number");
  return from_double<T>(*d, true);
}

// Explicit instantiations for every non-string element type.
#define ONNXSEM_NUMERIC_INST(T)               \
  template T from_double<T>(double, bool);    \
  template std::string to_string_value<T>(T); \
  template T parse_string_value<T>(const std::string&);
ONNXSEM_NUMERIC_INST(float)
ONNXSEM_NUMERIC_INST(double)
ONNXSEM_NUMERIC_INST(int8_t)
ONNXSEM_NUMERIC_INST(int16_t)
ONNXSEM_NUMERIC_INST(int32_t)
ONNXSEM_NUMERIC_INST(int64_t)
ONNXSEM_NUMERIC_INST(uint8_t)
ONNXSEM_NUMERIC_INST(uint16_t)
ONNXSEM_NUMERIC_INST(uint32_t)
ONNXSEM_NUMERIC_INST(uint64_t)
ONNXSEM_NUMERIC_INST(bool)
ONNXSEM_NUMERIC_INST(float16_t)
ONNXSEM_NUMERIC_INST(bfloat16_t)
ONNXSEM_NUMERIC_INST(float8e4m3fn_t)
ONNXSEM_NUMERIC_INST(float8e4m3fnuz_t)
ONNXSEM_NUMERIC_INST(float8e5m2_t)
ONNXSEM_NUMERIC_INST(float8e5m2fnuz_t)
ONNXSEM_NUMERIC_INST(float8e8m0_t)
ONNXSEM_NUMERIC_INST(float4e2m1_t)
ONNXSEM_NUMERIC_INST(int4_t)
ONNXSEM_NUMERIC_INST(uint4_t)
ONNXSEM_NUMERIC_INST(int2_t)
ONNXSEM_NUMERIC_INST(uint2_t)
#undef ONNXSEM_NUMERIC_INST

}  // namespace onnxsem::num

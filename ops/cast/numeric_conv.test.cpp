// Unit tests of values/numeric.cpp (spec/numeric.md, spec/precision.md). Expected bit patterns are
// derived by hand from the formats' definitions (sign, exponent field, bias, mantissa).
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "values/numeric.hpp"

using namespace onnxsem;
using namespace onnxsem::num;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string clause_of(auto&& f) {
  try {
    f();
  } catch (const Failure& e) {
    return e.error().clause;
  }
  return "no error";
}

uint64_t bits_of(double d) {
  uint64_t b = 0;
  std::memcpy(&b, &d, sizeof b);
  return b;
}
}  // namespace

TEST_CASE("[N1] every element type widens exactly to binary64") {
  // float16 0x3555 = (1 + 341/1024) * 2^-2 = 1365/4096
  CHECK(to_double(float16_t{0x3555}) == 1365.0 / 4096.0);
  CHECK(to_double(float16_t{0x0001}) == std::ldexp(1.0, -24));  // smallest subnormal
  CHECK(to_double(float16_t{0x7BFF}) == 65504.0);
  CHECK(to_double(float16_t{0xFC00}) == -kInf);
  CHECK(std::signbit(to_double(float16_t{0x8000})));
  CHECK(to_double(bfloat16_t{0x3F80}) == 1.0);
  CHECK(to_double(bfloat16_t{0x7F7F}) == std::ldexp(255.0, 120));  // (2 - 2^-7) * 2^127
  CHECK(to_double(bfloat16_t{0x0001}) == std::ldexp(1.0, -133));
  CHECK(to_double(float8e4m3fn_t{0x7E}) == 448.0);
  CHECK(to_double(float8e4m3fn_t{0x01}) == std::ldexp(1.0, -9));
  CHECK(to_double(float8e4m3fnuz_t{0x7F}) == 240.0);
  CHECK(to_double(float8e4m3fnuz_t{0x01}) == std::ldexp(1.0, -10));
  CHECK(to_double(float8e5m2_t{0x7B}) == 57344.0);
  CHECK(to_double(float8e5m2_t{0xFC}) == -kInf);
  CHECK(to_double(float8e5m2fnuz_t{0x7F}) == 57344.0);
  CHECK(to_double(float8e5m2fnuz_t{0x01}) == std::ldexp(1.0, -17));
  CHECK(to_double(float8e8m0_t{0x00}) == std::ldexp(1.0, -127));
  CHECK(to_double(float8e8m0_t{0x7F}) == 1.0);
  CHECK(to_double(float8e8m0_t{0xFE}) == std::ldexp(1.0, 127));
  CHECK(to_double(float4e2m1_t{0x7}) == 6.0);
  CHECK(to_double(float4e2m1_t{0x1}) == 0.5);
  CHECK(to_double(float4e2m1_t{0xD}) == -3.0);
  CHECK(to_double(int4_t{-8}) == -8.0);
  CHECK(to_double(uint2_t{3}) == 3.0);
  // 64-bit integers beyond 2^53 round to nearest even binary64: 2^53 + 1 is a tie -> 2^53.
  CHECK(to_double(int64_t{(int64_t{1} << 53) + 1}) == std::ldexp(1.0, 53));
  CHECK(to_double(int64_t{(int64_t{1} << 53) + 3}) == std::ldexp(1.0, 53) + 4);
}

TEST_CASE("[N2] narrowing rounds to nearest, ties to even") {
  CHECK(to_float16(1.0).bits == 0x3C00);
  CHECK(to_float16(1.0 + std::ldexp(1.0, -11)).bits == 0x3C00);      // tie -> even (1.0)
  CHECK(to_float16(1.0 + 3 * std::ldexp(1.0, -11)).bits == 0x3C02);  // tie -> even (odd 0x3C01 skipped)
  CHECK(to_float16(1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -30)).bits == 0x3C01);  // above the tie
  CHECK(to_float16(std::ldexp(1.0, -25)).bits == 0x0000);                               // tie between 0 and 2^-24 -> 0
  CHECK(to_float16(3 * std::ldexp(1.0, -26)).bits == 0x0001);                           // 1.5 * 2^-25 -> 2^-24
  CHECK(to_float16(std::ldexp(1.0, -14)).bits == 0x0400);                               // smallest normal
  CHECK(to_float16(std::ldexp(1023.5, -24)).bits == 0x0400);  // subnormal rounding carries into normal
  CHECK(to_float16(-2.0).bits == 0xC000);
  CHECK(to_bfloat16(1.0 + std::ldexp(1.0, -8)).bits == 0x3F80);      // tie -> even
  CHECK(to_bfloat16(1.0 + 3 * std::ldexp(1.0, -8)).bits == 0x3F82);  // tie -> even
  CHECK(to_bfloat16(3.140625).bits == 0x4049);
  // float8: 0.47892547 lies between 0.46875 (0x2F in e4m3fn) and 0.5 (0x30), nearer the first
  CHECK(to_float8e4m3fn(0.47892547, true).bits == 0x2F);
  CHECK(to_float8e4m3fn(464.0, false).bits == 0x7E);  // tie between 448 and 480: even pattern 0x7E
  CHECK(to_float8e5m2(0.8191, true).bits == 0x3B);    // 0.875
  CHECK(to_float8e4m3fnuz(0.4999, true).bits == 0x38);
  CHECK(to_float4e2m1(0.25, true).bits == 0x0);  // tie between 0 and 0.5 -> 0
  CHECK(to_float4e2m1(-3.5, true).bits == 0xE);  // tie between 3 and 4 -> 4 (even)
  CHECK(to_float4e2m1(2.5, true).bits == 0x4);   // tie between 2 and 3 -> 2 (even)
  CHECK(to_float4e2m1(0.75, true).bits == 0x2);  // tie between 0.5 and 1 -> 1 (even)
  CHECK(from_double<float>(1.0 + std::ldexp(1.0, -24)) == 1.0f);
}

TEST_CASE("[N3] float16 and bfloat16 overflow to infinity, NaN stays NaN") {
  CHECK(to_float16(65504.0).bits == 0x7BFF);
  CHECK(to_float16(65519.99).bits == 0x7BFF);  // below the midpoint 65520
  CHECK(to_float16(65520.0).bits == 0x7C00);   // midpoint, ties to even = 65536 -> overflow
  CHECK(to_float16(-1e300).bits == 0xFC00);
  CHECK(to_float16(kInf).bits == 0x7C00);
  CHECK(to_bfloat16(1e39).bits == 0x7F80);
  CHECK(to_bfloat16(-kInf).bits == 0xFF80);
  CHECK(std::isnan(to_double(to_float16(kNaN))));
  CHECK(std::isnan(to_double(to_bfloat16(kNaN))));
  CHECK(std::isnan(from_double<float>(kNaN)));
}

TEST_CASE("[N4] float8 overflow saturates or gives infinity / NaN") {
  // saturate: largest finite of the sign (infinities too)
  CHECK(to_float8e4m3fn(1e6, true).bits == 0x7E);
  CHECK(to_float8e4m3fn(-kInf, true).bits == 0xFE);
  CHECK(to_float8e4m3fnuz(1e6, true).bits == 0x7F);
  CHECK(to_float8e4m3fnuz(-1e6, true).bits == 0xFF);
  CHECK(to_float8e5m2(kInf, true).bits == 0x7B);
  CHECK(to_float8e5m2fnuz(-kInf, true).bits == 0xFF);
  // without saturate
  CHECK(to_float8e4m3fn(1e6, false).bits == 0x7F);
  CHECK(to_float8e4m3fn(-kInf, false).bits == 0xFF);
  CHECK(to_float8e4m3fn(470.0, false).bits == 0x7F);  // rounds to 480 > 448
  CHECK(to_float8e4m3fnuz(1e6, false).bits == 0x80);
  CHECK(to_float8e4m3fnuz(-kInf, false).bits == 0x80);
  CHECK(to_float8e5m2(1e6, false).bits == 0x7C);
  CHECK(to_float8e5m2(-kInf, false).bits == 0xFC);
  CHECK(to_float8e5m2(61440.0, false).bits == 0x7C);  // midpoint of 57344 and 65536: tie to even -> inf
  CHECK(to_float8e5m2(61439.0, false).bits == 0x7B);
  CHECK(to_float8e5m2fnuz(1e6, false).bits == 0x80);
  // NaN
  CHECK(to_float8e4m3fn(kNaN, true).bits == 0x7F);
  CHECK(to_float8e4m3fn(-kNaN, true).bits == 0xFF);
  CHECK(to_float8e4m3fnuz(kNaN, true).bits == 0x80);
  CHECK(to_float8e5m2(kNaN, true).bits == 0x7E);
  CHECK(to_float8e5m2fnuz(kNaN, false).bits == 0x80);
  CHECK(std::isnan(to_double(float8e4m3fn_t{0xFF})));
  CHECK(std::isnan(to_double(float8e4m3fnuz_t{0x80})));
  CHECK(std::isnan(to_double(float8e5m2_t{0x7D})));
  // float4e2m1 has neither infinity nor NaN: it saturates whatever `saturate` says
  CHECK(to_float4e2m1(9.0, true).bits == 0x7);
  CHECK(to_float4e2m1(-kInf, false).bits == 0xF);
  CHECK(to_float4e2m1(1e6, false).bits == 0x7);
  // from_double passes saturate through
  CHECK(from_double<float8e5m2_t>(1e6, false).bits == 0x7C);
  CHECK(from_double<float8e5m2_t>(1e6).bits == 0x7B);
}

TEST_CASE("[N5] float8e8m0 rounds to a power of two") {
  CHECK(to_float8e8m0(1.0, true).bits == 0x7F);
  CHECK(to_float8e8m0(1.1, true).bits == 0x80);    // up (default): 2
  CHECK(to_float8e8m0(0.124, true).bits == 0x7C);  // up: 0.125
  CHECK(to_float8e8m0(1.1, true, E8M0Round::down).bits == 0x7F);
  CHECK(to_float8e8m0(1.4, true, E8M0Round::nearest).bits == 0x7F);
  CHECK(to_float8e8m0(1.5, true, E8M0Round::nearest).bits == 0x80);  // tie: the larger power
  CHECK(to_float8e8m0(-4.0, true).bits == 0x81);                     // sign dropped
  CHECK(to_float8e8m0(0.0, true).bits == 0x00);                      // no zero: the smallest value 2^-127
  CHECK(to_float8e8m0(1e-300, true, E8M0Round::up).bits == 0x00);
  CHECK(to_float8e8m0(0.0, false).bits == 0xFF);  // without saturate: below 2^-127 is NaN
  CHECK(to_float8e8m0(std::ldexp(1.0, -128), false, E8M0Round::nearest).bits == 0xFF);
  CHECK(to_float8e8m0(kNaN, true).bits == 0xFF);
  CHECK(to_float8e8m0(kInf, true).bits == 0xFE);
  CHECK(to_float8e8m0(kInf, false).bits == 0xFF);
  CHECK(to_float8e8m0(std::ldexp(1.0, 127), false).bits == 0xFE);
  CHECK(to_float8e8m0(std::ldexp(1.5, 127), true).bits == 0xFE);   // up beyond 2^127: saturate
  CHECK(to_float8e8m0(std::ldexp(1.5, 127), false).bits == 0xFF);  // no saturate: NaN
  CHECK(to_float8e8m0(std::ldexp(1.5, 127), false, E8M0Round::down).bits == 0xFE);
  CHECK(std::isnan(to_double(float8e8m0_t{0xFF})));
}

TEST_CASE("[N6] float to integer truncates; NaN, infinity and out of range are errors") {
  CHECK(from_double<int8_t>(127.9) == 127);
  CHECK(from_double<int8_t>(-128.9) == -128);
  CHECK(from_double<int32_t>(-2.5) == -2);
  CHECK(from_double<uint8_t>(-0.5) == 0);
  CHECK(from_double<int64_t>(-std::ldexp(1.0, 63)) == std::numeric_limits<int64_t>::min());
  CHECK(from_double<uint64_t>(std::ldexp(1.0, 64) - 2048) == 18446744073709549568ull);
  CHECK(from_double<int4_t>(-8.0).v == -8);
  CHECK(from_double<uint2_t>(3.7).v == 3);
  CHECK(clause_of([] { (void)from_double<int8_t>(128.0); }) == "N6");
  CHECK(clause_of([] { (void)from_double<uint8_t>(-1.0); }) == "N6");
  CHECK(clause_of([] { (void)from_double<int32_t>(kNaN); }) == "N6");
  CHECK(clause_of([] { (void)from_double<int64_t>(-kInf); }) == "N6");
  CHECK(clause_of([] { (void)from_double<int64_t>(std::ldexp(1.0, 63)); }) == "N6");
  CHECK(clause_of([] { (void)from_double<uint64_t>(std::ldexp(1.0, 64)); }) == "N6");
  CHECK(clause_of([] { (void)from_double<int4_t>(8.0); }) == "N6");
  CHECK(clause_of([] { (void)from_double<uint2_t>(4.0); }) == "N6");
  CHECK(clause_of([] { (void)from_double<int2_t>(-3.0); }) == "N6");
}

TEST_CASE("[N7] integer narrowing wraps around in two's complement") {
  CHECK(wrap_integer<int8_t>(int16_t{200}) == -56);
  CHECK(wrap_integer<uint8_t>(int8_t{-1}) == 255);
  CHECK(wrap_integer<int32_t>(uint64_t{0xFFFFFFFF80000000ull}) == std::numeric_limits<int32_t>::min());
  CHECK(wrap_integer<uint64_t>(int32_t{-2}) == 0xFFFFFFFFFFFFFFFEull);
  CHECK(wrap_integer<int4_t>(int8_t{9}).v == -7);
  CHECK(wrap_integer<uint4_t>(int32_t{-1}).v == 15);
  CHECK(wrap_integer<int2_t>(uint8_t{2}).v == -2);
  CHECK(wrap_integer<uint2_t>(int64_t{-1}).v == 3);
  CHECK(wrap_integer<int8_t>(int4_t{-8}) == -8);
  CHECK(wrap_integer<uint8_t>(int2_t{-1}) == 255);
  CHECK(wrap_integer<bool>(int32_t{256}) == true);  // nonzero, not its low byte
  CHECK(wrap_integer<int16_t>(true) == 1);
}

TEST_CASE("[N8] string forms: printing and parsing") {
  CHECK(to_string_value(1.5f) == "1.5");
  CHECK(to_string_value(0.1f) == "0.1");
  CHECK(to_string_value(0.1) == "0.1");
  CHECK(to_string_value(1e20f) == "1e+20");
  CHECK(to_string_value(-0.0f) == "-0.0");
  CHECK(to_string_value(1.0f) == "1.0");
  CHECK(to_string_value(100.0) == "100.0");
  CHECK(to_string_value(0.039187793f) == "0.039187793");
  CHECK(to_string_value(0.0001f) == "0.0001");
  CHECK(to_string_value(0.00001f) == "1e-05");
  CHECK(to_string_value(1e16) == "1e+16");
  CHECK(to_string_value(1.5e15) == "1500000000000000.0");
  CHECK(to_string_value(-2.5e-7) == "-2.5e-07");
  CHECK(to_string_value(std::numeric_limits<float>::quiet_NaN()) == "NaN");
  CHECK(to_string_value(-std::numeric_limits<double>::infinity()) == "-INF");
  CHECK(to_string_value(std::numeric_limits<float>::infinity()) == "INF");
  CHECK(to_string_value(int64_t{-9007199254740993}) == "-9007199254740993");
  CHECK(to_string_value(uint8_t{255}) == "255");
  CHECK(to_string_value(int4_t{-3}) == "-3");
  CHECK(to_string_value(float16_t{0x3555}) == "0.3333");  // shortest for float16, not for float32
  CHECK(to_string_value(float8e8m0_t{0x7C}) == "0.125");
  CHECK(to_string_value(float4e2m1_t{0xF}) == "-6.0");
  CHECK(to_string_value(float8e4m3fn_t{0x7F}) == "NaN");
  CHECK(parse_string_value<float>("3.14") == 3.14f);
  CHECK(parse_string_value<double>("1e-5") == 1e-5);
  CHECK(parse_string_value<double>("1E8") == 1e8);
  CHECK(parse_string_value<double>("-INF") == -kInf);
  CHECK(parse_string_value<double>("+inf") == kInf);
  CHECK(parse_string_value<float>("iNf") == std::numeric_limits<float>::infinity());
  CHECK(std::isnan(parse_string_value<double>("nan")));
  CHECK(parse_string_value<int64_t>("9007199254740993") == 9007199254740993);  // exact beyond 2^53
  CHECK(parse_string_value<int32_t>("100.5") == 100);
  CHECK(parse_string_value<int32_t>("-7") == -7);
  CHECK(parse_string_value<float16_t>("1").bits == 0x3C00);
  CHECK(parse_string_value<double>("1e400") == kInf);
  CHECK(parse_string_value<double>("1e-400") == 0.0);
  CHECK(clause_of([] { (void)parse_string_value<float>("Hello World!"); }) == "N8");
  CHECK(clause_of([] { (void)parse_string_value<float>(""); }) == "N8");
  CHECK(clause_of([] { (void)parse_string_value<float>("1.5x"); }) == "N8");
  CHECK(clause_of([] { (void)parse_string_value<int8_t>("300"); }) == "N6");
}

TEST_CASE("[N10] NaN conversions keep the sign and leading payload bits, quieted") {
  const uint64_t payload_nan_bits = 0x7FF0000000000000ull | (uint64_t{0x155} << 42);  // signalling, payload
  double snan = 0;
  std::memcpy(&snan, &payload_nan_bits, sizeof snan);
  CHECK(to_float16(snan).bits == (0x7C00 | 0x200 | 0x155));
  CHECK(to_float16(-kNaN).bits == 0xFE00);
  CHECK(to_bfloat16(kNaN).bits == 0x7FC0);
  CHECK(bits_of(to_double(float16_t{0xFE01})) == (0xFFF8000000000000ull | (uint64_t{1} << 42)));
}

TEST_CASE("[N11] float4e2m1 has no NaN: NaN converts to 0x8") {
  CHECK(to_float4e2m1(kNaN, true).bits == 0x8);
  CHECK(to_float4e2m1(-kNaN, false).bits == 0x8);
  CHECK(to_double(float4e2m1_t{0x8}) == 0.0);
  CHECK(std::signbit(to_double(float4e2m1_t{0x8})));
}

TEST_CASE("[N12] signed zero is kept except by the fnuz types") {
  CHECK(to_float16(-0.0).bits == 0x8000);
  CHECK(to_float8e4m3fn(-0.0, true).bits == 0x80);
  CHECK(to_float8e4m3fn(-1e-7, true).bits == 0x80);  // underflows to -0
  CHECK(to_float8e4m3fnuz(-0.0, true).bits == 0x00);
  CHECK(to_float8e4m3fnuz(-1e-7, true).bits == 0x00);  // never the NaN pattern 0x80
  CHECK(to_float8e5m2fnuz(-1e-9, false).bits == 0x00);
  CHECK(to_float4e2m1(-0.1, true).bits == 0x8);
  CHECK(std::signbit(from_double<float>(-0.0)));
}

TEST_CASE("[N13] conversion to bool: zero is false, everything else true") {
  CHECK(from_double<bool>(0.0) == false);
  CHECK(from_double<bool>(-0.0) == false);
  CHECK(from_double<bool>(0.5) == true);
  CHECK(from_double<bool>(-kInf) == true);
  CHECK(from_double<bool>(kNaN) == true);
}

TEST_CASE("[N14] bool prints as 1 or 0 and parses from numbers") {
  CHECK(to_string_value(true) == "1");
  CHECK(to_string_value(false) == "0");
  CHECK(parse_string_value<bool>("0") == false);
  CHECK(parse_string_value<bool>("2.5") == true);
  CHECK(parse_string_value<bool>("-0.0") == false);
}

TEST_CASE("[N15] negative values do not convert to float8e8m0") {
  CHECK(clause_of([] { (void)from_double<float8e8m0_t>(-4.0); }) == "N15");
  CHECK(clause_of([] { (void)from_double<float8e8m0_t>(-0.0); }) == "N15");
  CHECK(clause_of([] { (void)to_float8e8m0_checked(-1.0, true, E8M0Round::down); }) == "N15");
  CHECK(from_double<float8e8m0_t>(4.0).bits == 0x81);
  CHECK(from_double<float8e8m0_t>(kNaN).bits == 0xFF);
}

TEST_CASE("[P1] a conversion chain through binary64 rounds once") {
  // x = 1 + 2^-11 + 2^-40. Rounded once to float16 it is 1 + 2^-10 (0x3C01), the nearest. Rounded
  // first to float32 (24 bits) it becomes 1 + 2^-11, an exact float16 tie, which then goes to 1.0.
  const double x = 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40);
  CHECK(to_float16(x).bits == 0x3C01);
  CHECK(to_float16(static_cast<float>(x)).bits == 0x3C00);
  CHECK(from_double<float16_t>(x).bits == 0x3C01);
}

// Unit tests of Cast and CastLike (spec/numeric.md). Expected values are derived by hand from the rules.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "ops/registry.hpp"
#include "runtime/error.hpp"
#include "runtime/parallel.hpp"
#include "values/testing.hpp"
#include "values/value.hpp"

using namespace onnxsem;

namespace {

const ops::Registry& reg() {
  static const ops::Registry r = [] {
    ops::Registry x;
    ops::add_cast(x);
    return x;
  }();
  return r;
}

Attribute attr_i(const std::string& n, int64_t v) {
  Attribute a;
  a.name = n;
  a.type = AttrType::i;
  a.i = v;
  return a;
}
Attribute attr_s(const std::string& n, const std::string& v) {
  Attribute a;
  a.name = n;
  a.type = AttrType::s;
  a.s = v;
  return a;
}

Tensor run(const std::string& op, int64_t version, std::vector<Tensor> inputs, std::vector<Attribute> attrs) {
  const Kernel* k = reg().kernel("", op, version);
  REQUIRE_MESSAGE(k != nullptr, op << "-" << version << " is not registered");
  Node n;
  n.name = "n";
  n.op_type = op;
  n.attributes = std::move(attrs);
  std::vector<std::optional<Value>> in;
  for (auto& t : inputs) in.emplace_back(Value(std::move(t)));
  KernelArgs a{n, std::move(in), {true}};
  a.eval_context = &test_context();
  auto out = (*k)(a);
  REQUIRE(out.size() == 1);
  REQUIRE(out[0].has_value());
  return out[0]->tensor();
}

// Cast-`version` of x to the element type `to` (a TensorProto number) with extra attributes.
Tensor cast(int64_t version, Tensor x, int64_t to, std::vector<Attribute> more = {}) {
  more.push_back(attr_i("to", to));
  return run("Cast", version, {std::move(x)}, std::move(more));
}

std::string clause_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Failure& e) {
    return e.error().clause;
  }
  return "";
}

template <class T>
std::vector<T> vals(const Tensor& t) {
  auto d = t.data<T>();
  return {d.begin(), d.end()};
}
template <class T>
std::vector<uint8_t> bits8(const Tensor& t) {
  std::vector<uint8_t> r;
  for (auto v : t.data<T>()) r.push_back(v.bits);
  return r;
}
template <class T>
Tensor vec(std::vector<T> v) {
  return Tensor::from_vector<T>(test_context(), {static_cast<int64_t>(v.size())}, v);
}

constexpr float kInfF = std::numeric_limits<float>::infinity();
const float kNaNF = std::numeric_limits<float>::quiet_NaN();

}  // namespace

TEST_CASE("[N17] Cast is registered for every behaviour version; `to` must name a non-complex type") {
  for (int64_t v : {1, 6, 9, 13, 19, 21, 23, 24, 25}) CHECK(reg().kernel("", "Cast", v) != nullptr);
  for (int64_t v : {15, 19, 21, 23, 24, 25}) CHECK(reg().kernel("", "CastLike", v) != nullptr);
  CHECK(reg().kernel("", "Cast", 20) == nullptr);
  CHECK(reg().kernel("", "Cast", 28) == nullptr);  // ONNX 1.23 defines no Cast-28
  const Tensor x = vec<float>({1.5f});
  CHECK(clause_of([&] { (void)cast(13, x, 14); }) == "N17");  // complex64
  CHECK(clause_of([&] { (void)cast(19, x, 15); }) == "N17");  // complex128
  CHECK(clause_of([&] { (void)cast(19, x, 0); }) == "N17");
  CHECK(clause_of([&] { (void)cast(25, x, 27); }) == "N17");
  CHECK(clause_of([&] { (void)run("Cast", 13, {x}, {}); }) == "A1");
  // Cast-1 names the type
  const Tensor d = run("Cast", 1, {x}, {attr_s("to", "DOUBLE")});
  CHECK(vals<double>(d) == std::vector<double>{1.5});
  CHECK(run("Cast", 1, {x}, {attr_s("to", "int32")}).dtype() == DType::int32);
  CHECK(clause_of([&] { (void)run("Cast", 1, {x}, {attr_s("to", "COMPLEX64")}); }) == "N17");
  CHECK(clause_of([&] { (void)run("Cast", 1, {x}, {}); }) == "A1");
}

TEST_CASE("[N19] Cast keeps the shape; a cast to the same type keeps every bit") {
  const Tensor x = Tensor::from_vector<int16_t>(test_context(), {2, 2}, {200, -1, 127, 128});
  const Tensor y = cast(13, x, 3);  // int8
  CHECK(y.shape() == Shape{2, 2});
  CHECK(vals<int8_t>(y) == std::vector<int8_t>{-56, -1, 127, -128});
  // float with a NaN payload, cast to float: unchanged, bit for bit
  uint32_t nan_bits = 0x7FA00001u;
  float payload_nan = 0;
  std::memcpy(&payload_nan, &nan_bits, sizeof payload_nan);
  const Tensor f = vec<float>({payload_nan, -0.0f});
  const Tensor g = cast(21, f, 1);
  CHECK(g == f);
  // empty tensors stay empty with their shape
  const Tensor e = Tensor::from_vector<float>(test_context(), {0, 3}, {});
  const Tensor ee = cast(19, e, 7);
  CHECK(ee.dtype() == DType::int64);
  CHECK(ee.shape() == Shape{0, 3});
  // rank 0
  const Tensor s = cast(6, Tensor::scalar<double>(test_context(), -2.75), 6);
  CHECK(s.shape().empty());
  CHECK(vals<int32_t>(s) == std::vector<int32_t>{-2});
}

TEST_CASE("[N7] Cast between integer types wraps around") {
  CHECK(vals<uint8_t>(cast(13, vec<int64_t>({-1, 256, 257}), 2)) == std::vector<uint8_t>{255, 0, 1});
  CHECK(vals<int32_t>(cast(13, vec<uint64_t>({0xFFFFFFFFFFFFFFFFull, 0x80000000ull}), 6)) ==
        std::vector<int32_t>{-1, std::numeric_limits<int32_t>::min()});
  CHECK(vals<int64_t>(cast(13, vec<bool>({true, false}), 7)) == std::vector<int64_t>{1, 0});
  // int8 -> int4 keeps the low four bits: 9 -> -7, -9 -> 7; uint8 200 -> uint2 0
  const Tensor i4 = cast(21, vec<int8_t>({9, -9, 7}), 22);
  std::vector<int> got;
  for (auto v : i4.data<int4_t>()) got.push_back(v.v);
  CHECK(got == std::vector<int>{-7, 7, 7});
  const Tensor u2 = cast(25, vec<uint8_t>({200, 7}), 25);
  CHECK(u2.data<uint2_t>()[0].v == 0);
  CHECK(u2.data<uint2_t>()[1].v == 3);
  // int4 -> int8 sign-extends
  const Tensor back = cast(21, Tensor::from_vector<int4_t>(test_context(), {2}, {int4_t{-8}, int4_t{7}}), 3);
  CHECK(vals<int8_t>(back) == std::vector<int8_t>{-8, 7});
}

TEST_CASE("[N13] Cast to bool: zero is false, anything else true") {
  CHECK(vals<bool>(cast(13, vec<float>({0.0f, -0.0f, 0.5f, kNaNF, -kInfF}), 9)) ==
        std::vector<bool>{false, false, true, true, true});
  CHECK(vals<bool>(cast(13, vec<int32_t>({256, 0, -1}), 9)) == std::vector<bool>{true, false, true});
  CHECK(vals<float>(cast(13, vec<bool>({true, false}), 1)) == std::vector<float>{1.0f, 0.0f});
}

TEST_CASE("[N6] Cast of floats to integers truncates; out of range is an error") {
  CHECK(vals<int32_t>(cast(13, vec<float>({2.9f, -2.9f, -0.0f}), 6)) == std::vector<int32_t>{2, -2, 0});
  CHECK(vals<uint8_t>(cast(13, vec<double>({255.99}), 2)) == std::vector<uint8_t>{255});
  CHECK(clause_of([] { (void)cast(13, vec<float>({3e9f}), 6); }) == "N6");
  CHECK(clause_of([] { (void)cast(13, vec<float>({-1.0f}), 12); }) == "N6");  // uint32
  CHECK(clause_of([] { (void)cast(13, vec<float>({kNaNF}), 7); }) == "N6");
  CHECK(clause_of([] {
          (void)cast(13, Tensor::from_vector<float16_t>(test_context(), {1}, {float16_t{0x7C00}}), 5);
        }) == "N6");
}

TEST_CASE("[N16] Cast of floats to sub-byte integers truncates then wraps") {
  const Tensor i4 = cast(21, vec<float>({-9.0f, 8.0f, 15.0f, 2.7f, -2.7f}), 22);
  std::vector<int> got;
  for (auto v : i4.data<int4_t>()) got.push_back(v.v);
  CHECK(got == std::vector<int>{7, -8, -1, 2, -2});
  const Tensor u2 = cast(25, vec<float>({-1.0f, 4.0f, 5.5f}), 25);
  std::vector<int> got2;
  for (auto v : u2.data<uint2_t>()) got2.push_back(v.v);
  CHECK(got2 == std::vector<int>{3, 0, 1});
  const Tensor i2 = cast(25,
                         Tensor::from_vector<float16_t>(test_context(), {2}, {float16_t{0x4200}, float16_t{0xC000}}),
                         26);
  CHECK(i2.data<int2_t>()[0].v == -1);  // 3.0 -> 0b11 -> -1
  CHECK(i2.data<int2_t>()[1].v == -2);  // -2.0
  CHECK(clause_of([] { (void)cast(21, vec<float>({kNaNF}), 21); }) == "N6");
  CHECK(clause_of([] { (void)cast(21, vec<double>({1e19}), 22); }) == "N6");
}

TEST_CASE("[N3][N4] Cast to narrow floats: overflow, saturate and its default") {
  // float16 overflows to infinity (Cast-6 has no saturate); uint64 -> float16 likewise
  CHECK(bits8<float8e5m2_t>(cast(19, vec<float>({1e6f, -1e6f, kInfF}), 19)) == std::vector<uint8_t>{0x7B, 0xFB, 0x7B});
  CHECK(bits8<float8e5m2_t>(cast(19, vec<float>({1e6f, -1e6f, kInfF}), 19, {attr_i("saturate", 0)})) ==
        std::vector<uint8_t>{0x7C, 0xFC, 0x7C});
  CHECK(bits8<float8e4m3fn_t>(cast(23, vec<int32_t>({1000, -1000, 3}), 17, {attr_i("saturate", 0)})) ==
        std::vector<uint8_t>{0x7F, 0xFF, 0x44});
  CHECK(bits8<float8e4m3fnuz_t>(cast(21, vec<float>({-1e-7f, kNaNF}), 18)) == std::vector<uint8_t>{0x00, 0x80});
  const Tensor h = cast(6, vec<uint64_t>({70000, 65504}), 10);
  CHECK(h.data<float16_t>()[0].bits == 0x7C00);
  CHECK(h.data<float16_t>()[1].bits == 0x7BFF);
  const Tensor b = cast(13, vec<float>({1.00390625f}), 16);  // 1 + 2^-8: tie -> 1.0
  CHECK(b.data<bfloat16_t>()[0].bits == 0x3F80);
  // widening back: bfloat16 0x3F81 = 1 + 2^-7; e4m3fnuz 0x80 is NaN; float4 0xF is -6
  CHECK(vals<float>(cast(13, Tensor::from_vector<bfloat16_t>(test_context(), {1}, {bfloat16_t{0x3F81}}), 1)) ==
        std::vector<float>{1.0078125f});
  CHECK(std::isnan(vals<double>(
      cast(19, Tensor::from_vector<float8e4m3fnuz_t>(test_context(), {1}, {float8e4m3fnuz_t{0x80}}), 11))[0]));
  CHECK(vals<float>(cast(23, Tensor::from_vector<float4e2m1_t>(test_context(), {1}, {float4e2m1_t{0xF}}), 1)) ==
        std::vector<float>{-6.0f});
  // float4e2m1 saturates and maps NaN to 0x8 (N11)
  CHECK(bits8<float4e2m1_t>(cast(23, vec<float>({9.0f, kNaNF, -0.0f, 2.5f}), 23)) ==
        std::vector<uint8_t>{0x7, 0x8, 0x8, 0x4});
}

TEST_CASE("[N5][N18] Cast to float8e8m0 follows round_mode and saturate") {
  const Tensor x = vec<float>({1.1f, 1.5f, 1.9f, 4.0f, 0.0f});
  CHECK(bits8<float8e8m0_t>(cast(24, x, 24)) == std::vector<uint8_t>{0x80, 0x80, 0x80, 0x81, 0x00});
  CHECK(bits8<float8e8m0_t>(cast(25, x, 24, {attr_s("round_mode", "down")})) ==
        std::vector<uint8_t>{0x7F, 0x7F, 0x7F, 0x81, 0x00});
  CHECK(bits8<float8e8m0_t>(cast(25, x, 24, {attr_s("round_mode", "nearest"), attr_i("saturate", 0)})) ==
        std::vector<uint8_t>{0x7F, 0x80, 0x80, 0x81, 0xFF});
  CHECK(clause_of([&] { (void)cast(24, x, 24, {attr_s("round_mode", "zero")}); }) == "N18");
  CHECK(clause_of([&] { (void)cast(24, x, 1, {attr_s("round_mode", "UP")}); }) == "N18");
  // Cast-19 has no round_mode: float8e8m0 outputs round up
  CHECK(bits8<float8e8m0_t>(cast(19, vec<float>({1.1f}), 24)) == std::vector<uint8_t>{0x80});
  // CastLike-24 reads round_mode too
  const Tensor like = Tensor::from_vector<float8e8m0_t>(test_context(), {1}, {float8e8m0_t{0x7F}});
  const Tensor y = run("CastLike", 24, {vec<double>({3.0}), like}, {attr_s("round_mode", "down")});
  CHECK(bits8<float8e8m0_t>(y) == std::vector<uint8_t>{0x80});
}

TEST_CASE("[N15] Cast of negative values to float8e8m0 is refused") {
  CHECK(clause_of([] { (void)cast(24, vec<float>({-2.0f}), 24); }) == "N15");
  CHECK(clause_of([] { (void)cast(24, vec<int32_t>({-1}), 24); }) == "N15");
  CHECK(clause_of([] { (void)cast(24, vec<float>({-0.0f}), 24); }) == "N15");
}

TEST_CASE("[N8][N14] Cast between strings and numbers") {
  const Tensor s = vec<std::string>({"0.5", "1e-5", "-INF", "nan", "+Inf", " 3 "});
  const auto f = vals<float>(cast(13, s, 1));
  CHECK(f[0] == 0.5f);
  CHECK(f[1] == 1e-5f);
  CHECK(f[2] == -kInfF);
  CHECK(std::isnan(f[3]));
  CHECK(f[4] == kInfF);
  CHECK(f[5] == 3.0f);
  CHECK(vals<int32_t>(cast(9, vec<std::string>({"100.5", "-7", "1E2"}), 6)) == std::vector<int32_t>{100, -7, 100});
  CHECK(vals<int64_t>(cast(9, vec<std::string>({"9007199254740993"}), 7)) == std::vector<int64_t>{9007199254740993});
  CHECK(clause_of([] { (void)cast(9, vec<std::string>({"Hello World!"}), 1); }) == "N8");
  CHECK(vals<std::string>(cast(13, vec<float>({1.0f, 0.039187793f, kNaNF, -kInfF, 1e-5f}), 8)) ==
        std::vector<std::string>{"1.0", "0.039187793", "NaN", "-INF", "1e-05"});
  CHECK(vals<std::string>(cast(9, vec<int64_t>({-42, 0}), 8)) == std::vector<std::string>{"-42", "0"});
  CHECK(vals<std::string>(cast(9, vec<bool>({true, false}), 8)) == std::vector<std::string>{"1", "0"});
  CHECK(vals<bool>(cast(9, vec<std::string>({"0", "0.25", "-0"}), 9)) == std::vector<bool>{false, true, false});
  // strings to float8 obey saturate
  CHECK(bits8<float8e5m2_t>(cast(19, vec<std::string>({"1e6"}), 19, {attr_i("saturate", 0)})) ==
        std::vector<uint8_t>{0x7C});
  CHECK(vals<std::string>(cast(13, vec<std::string>({"x"}), 8)) == std::vector<std::string>{"x"});
}

TEST_CASE("[N19] CastLike takes the element type of its second input, not its values or shape") {
  const Tensor like = Tensor::from_vector<int64_t>(test_context(), {3}, {7, 8, 9});
  const Tensor y = run("CastLike", 15, {Tensor::from_vector<float>(test_context(), {2, 1}, {1.9f, -1.9f}), like}, {});
  CHECK(y.dtype() == DType::int64);
  CHECK(y.shape() == Shape{2, 1});
  CHECK(vals<int64_t>(y) == std::vector<int64_t>{1, -1});
  const Tensor like8 = Tensor::from_vector<float8e4m3fn_t>(test_context(), {0}, {});
  const Tensor z = run("CastLike", 19, {vec<float>({1e6f}), like8}, {attr_i("saturate", 0)});
  CHECK(bits8<float8e4m3fn_t>(z) == std::vector<uint8_t>{0x7F});
  CHECK(bits8<float8e4m3fn_t>(run("CastLike", 21, {vec<float>({1e6f}), like8}, {})) == std::vector<uint8_t>{0x7E});
}

TEST_CASE("[P1] Cast rounds once from the exact value, also for 64-bit integers") {
  // x = 2^60 + 2^36 + 1 lies just above the midpoint of the float32 neighbours 2^60 and 2^60 + 2^37.
  // Correct rounding gives 2^60 + 2^37; rounding first to binary64 (which drops the +1) and then to
  // float32 would give the even neighbour 2^60.
  const int64_t x = (int64_t{1} << 60) + (int64_t{1} << 36) + 1;
  CHECK(
      vals<float>(cast(13, vec<int64_t>({x, -x}), 1)) ==
      std::vector<float>{std::ldexp(1.0f, 60) + std::ldexp(1.0f, 37), -(std::ldexp(1.0f, 60) + std::ldexp(1.0f, 37))});
  // to binary64 itself: one rounding to nearest even (2^53 + 1 -> 2^53)
  CHECK(vals<double>(cast(13, vec<uint64_t>({(uint64_t{1} << 53) + 1}), 11)) ==
        std::vector<double>{std::ldexp(1.0, 53)});
  // double -> float16 directly, not through float32: 1 + 2^-11 + 2^-40 -> 1 + 2^-10
  const Tensor h = cast(13, vec<double>({1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)}), 10);
  CHECK(h.data<float16_t>()[0].bits == 0x3C01);
}

TEST_CASE("[N18][N7] Cast-25: round_mode on float8e8m0 and wrap-around to int2") {
  // 3.0 lies between 2 (0x80) and 4 (0x81): up gives 4, down gives 2
  CHECK(bits8<float8e8m0_t>(cast(25, vec<float>({3.0f}), 24)) == std::vector<uint8_t>{0x81});
  CHECK(bits8<float8e8m0_t>(cast(25, vec<float>({3.0f}), 24, {attr_s("round_mode", "down")})) ==
        std::vector<uint8_t>{0x80});
  // int32 -> int2 keeps the low two bits: 5 = 0b101 -> 1, -3 = ...101 -> 1, 2 = 0b10 -> -2
  const Tensor y = cast(25, vec<int32_t>({5, -3, 2}), 26);
  std::vector<int> got;
  for (auto v : y.data<int2_t>()) got.push_back(v.v);
  CHECK(got == std::vector<int>{1, 1, -2});
  CHECK(clause_of([] { (void)cast(25, vec<float>({1.0f}), 15); }) == "N17");  // complex128
}

TEST_CASE("[N4][N11] CastLike-23 rounds to float4e2m1, saturating, ties to even") {
  const Tensor like = Tensor::from_vector<float4e2m1_t>(test_context(), {1}, {float4e2m1_t{0x2}});
  // 100 saturates to 6 (0x7); -0.25 is halfway between -0 and -0.5: the even code -0 (0x8); 1.25 -> 1 (0x2)
  const Tensor y = run("CastLike", 23, {vec<float>({100.0f, -0.25f, 1.25f}), like}, {});
  CHECK(bits8<float4e2m1_t>(y) == std::vector<uint8_t>{0x7, 0x8, 0x2});
}

TEST_CASE("[N7] CastLike-25 wraps integers around to uint2") {
  const Tensor like = Tensor::from_vector<uint2_t>(test_context(), {1}, {uint2_t{1}});
  // 7 = 0b111 -> 3; -1 -> 3; 4 = 0b100 -> 0
  const Tensor y = run("CastLike", 25, {vec<int64_t>({7, -1, 4}), like}, {});
  std::vector<int> got;
  for (auto v : y.data<uint2_t>()) got.push_back(v.v);
  CHECK(got == std::vector<int>{3, 3, 0});
  // an empty input stays empty, with the type of the second input
  const Tensor e = run("CastLike", 25, {Tensor::from_vector<float>(test_context(), {0, 2}, {}), like}, {});
  CHECK(e.dtype() == DType::uint2);
  CHECK(e.shape() == Shape{0, 2});
}

TEST_CASE("[P1][N6] Cast gives the same bits on 1, 2 and 3 threads, and the error of the first bad element") {
  // 2^17 binary64 values of every magnitude to binary32 (rounded once, P1, as the processor's conversion
  // rounds): enough elements to be shared among threads (E9).
  std::vector<double> x(size_t{1} << 17);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = (static_cast<double>(i % 1009) - 504.3) *
           std::ldexp(1.0 + static_cast<double>(i % 7) / 7.0, static_cast<int>(i % 61) - 30);
  std::vector<float> want(x.size());
  for (size_t i = 0; i < x.size(); ++i) want[i] = static_cast<float>(x[i]);
  // Two values out of int32's range, far apart: the first (in element order) is the error on every thread
  // count, as one thread meets it first.
  std::vector<double> bad(size_t{1} << 17, 1.0);
  bad[1000] = 3e9;
  bad[bad.size() - 10] = -4e9;
  for (int t : {1, 2, 3}) {
    CAPTURE(t);
    Threads threads(t);
    const Tensor y = cast(13, vec<double>(x), 1);
    const auto got = y.data<float>();
    REQUIRE(got.size() == want.size());
    CHECK(std::memcmp(got.data(), want.data(), want.size() * sizeof(float)) == 0);
    std::string message;
    try {
      (void)cast(13, vec<double>(bad), 6);
    } catch (const Failure& e) {
      message = e.error().clause + ": " + e.error().message;
    }
    CHECK(message == "N6: value 3e+09 is outside the range of int32");
  }
}

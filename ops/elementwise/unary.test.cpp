// Tests of the unary operators (spec/ops-elementwise.md).
#include <numbers>

#include "ops/elementwise/ew_test_util.hpp"

using namespace ewt;

TEST_CASE("[EW1] unary operators keep the shape, empty tensors included") {
  const Tensor e = Call("Neg", 13)({tv<float>({2, 0}, {})});
  CHECK(e.shape() == Shape{2, 0});
  const Tensor s = Call("Exp", 13)({Tensor::scalar<double>(test_context(), 0)});
  CHECK(s.shape() == Shape{});
  CHECK(vals<double>(s) == std::vector<double>{1});
  const Tensor m = Call("Neg", 6)({tv<float>({2, 2}, {1, -2.5f, 0, 3})});
  CHECK(m.shape() == Shape{2, 2});
  CHECK(vals<float>(m) == std::vector<float>{-1, 2.5f, -0.0f, -3});
}

TEST_CASE("[EW5] Neg and Abs of the most negative integer wrap to itself") {
  CHECK(vals<int8_t>(Call("Neg", 13)({t1<int8_t>({-128, 5})})) == std::vector<int8_t>{-128, -5});
  CHECK(vals<int32_t>(Call("Abs", 13)({t1<int32_t>({INT32_MIN, -7, 7})})) == std::vector<int32_t>{INT32_MIN, 7, 7});
  CHECK(vals<uint8_t>(Call("Abs", 13)({t1<uint8_t>({200})})) == std::vector<uint8_t>{200});
  CHECK(Call("Neg", 13).kind({t1<uint8_t>({1})}) == ErrorKind::unsupported);
  const auto a = vals<float>(Call("Abs", 6)({t1<float>({-0.0f, -kInf})}));
  CHECK(a[0] == 0.0f);
  CHECK_FALSE(std::signbit(a[0]));
  CHECK(a[1] == kInf);
}

TEST_CASE("[EW30] floating functions: binary64 values, rounded once; NaN outside the domain") {
  const auto r = vals<float>(Call("Sqrt", 13)({t1<float>({4, -1, kInf})}));
  CHECK(r[0] == 2);
  CHECK(std::isnan(r[1]));
  CHECK(r[2] == kInf);
  const auto l = vals<double>(Call("Log", 13)({t1<double>({0, 1, -1})}));
  CHECK(l[0] == -kInfD);
  CHECK(l[1] == 0);
  CHECK(std::isnan(l[2]));
  CHECK(vals<float>(Call("Reciprocal", 13)({t1<float>({4, -0.0f})})) == std::vector<float>{0.25f, -kInf});
  CHECK(vals<float>(Call("Ceil", 13)({t1<float>({-1.5f, 1.2f, -0.5f})})) == std::vector<float>{-1, 2, -0.0f});
  CHECK(vals<float>(Call("Floor", 13)({t1<float>({-1.5f, 1.7f})})) == std::vector<float>{-2, 1});
  // sqrt(2) = 1.41421356...; float16 values in [1, 2) are multiples of 2^-10; 1448 * 2^-10 = 1.4140625 is
  // the nearest.
  CHECK(f16vals(Call("Sqrt", 13)({f16({2.0})})) == std::vector<double>{1.4140625});
  CHECK(vals<double>(Call("Sin", 7)({t1<double>({0})})) == std::vector<double>{0});
  CHECK(vals<double>(Call("Cos", 22)({t1<double>({0})})) == std::vector<double>{1});
  CHECK(vals<double>(Call("Atan", 7)({t1<double>({1})}))[0] == doctest::Approx(std::numbers::pi / 4));
  CHECK(vals<double>(Call("Acos", 7)({t1<double>({-1})}))[0] == doctest::Approx(std::numbers::pi));
  CHECK(vals<float>(Call("Acosh", 9)({t1<float>({1})})) == std::vector<float>{0});
  CHECK(vals<float>(Call("Atanh", 9)({t1<float>({1})})) == std::vector<float>{kInf});
  CHECK(std::isnan(vals<float>(Call("Asin", 22)({t1<float>({2})}))[0]));
  CHECK(vals<double>(Call("Sinh", 9)({t1<double>({0})})) == std::vector<double>{0});
  CHECK(vals<double>(Call("Cosh", 9)({t1<double>({0})})) == std::vector<double>{1});
  CHECK(vals<double>(Call("Asinh", 9)({t1<double>({0})})) == std::vector<double>{0});
  CHECK(vals<double>(Call("Tan", 7)({t1<double>({0})})) == std::vector<double>{0});
  // erf(0) = 0, erf(+inf) = 1, erf(1) = 0.8427007929497149
  const auto e = vals<double>(Call("Erf", 13)({t1<double>({0, kInfD, 1})}));
  CHECK(e[0] == 0);
  CHECK(e[1] == 1);
  CHECK(e[2] == doctest::Approx(0.8427007929497149).epsilon(1e-15));
  CHECK(Call("Sqrt", 13).kind({t1<int32_t>({4})}) == ErrorKind::unsupported);
}

TEST_CASE("[EW21] Round rounds halves to even and keeps the sign of zero") {
  const auto r = vals<float>(
      Call("Round", 11)({t1<float>({0.5f, 1.5f, 2.5f, -0.5f, -1.5f, 2.4f, -2.6f, kInf, 1e20f})}));
  CHECK(r == std::vector<float>{0, 2, 2, -0.0f, -2, 2, -3, kInf, 1e20f});
  CHECK(std::signbit(r[3]));
  CHECK(std::isnan(vals<double>(Call("Round", 22)({t1<double>({kNaND})}))[0]));
  CHECK(vals<double>(Call("Round", 22)({t1<double>({4503599627370497.0})})) == std::vector<double>{4503599627370497.0});
}

TEST_CASE("[EW20] Sign of floating, signed and unsigned elements") {
  const auto f = vals<float>(Call("Sign", 13)({t1<float>({-3, 0, 2, kNaN, -kInf})}));
  CHECK(f[0] == -1);
  CHECK(f[1] == 0);
  CHECK(f[2] == 1);
  CHECK(std::isnan(f[3]));
  CHECK(f[4] == -1);
  CHECK(vals<int8_t>(Call("Sign", 9)({t1<int8_t>({-5, 0, 7})})) == std::vector<int8_t>{-1, 0, 1});
  CHECK(vals<uint64_t>(Call("Sign", 13)({t1<uint64_t>({0, 9})})) == std::vector<uint64_t>{0, 1});
}

TEST_CASE("[EW19] IsNaN and IsInf, with detect_negative and detect_positive") {
  const Tensor x = t1<float>({1, kNaN, kInf, -kInf});
  CHECK(bools(Call("IsNaN", 13)({x})) == std::vector<bool>{false, true, false, false});
  CHECK(bools(Call("IsInf", 10)({x})) == std::vector<bool>{false, false, true, true});
  CHECK(bools(Call("IsInf", 10).i("detect_negative", 0)({x})) == std::vector<bool>{false, false, true, false});
  CHECK(bools(Call("IsInf", 20).i("detect_positive", 0)({x})) == std::vector<bool>{false, false, false, true});
  CHECK(bools(Call("IsInf", 20)({f16({kInfD, 65504.0})})) == std::vector<bool>{true, false});
  // float8e4m3fn has no infinity; 0x7F is its NaN
  std::vector<float8e4m3fn_t> f8{float8e4m3fn_t{0x7F}, float8e4m3fn_t{0x38}};
  CHECK(bools(Call("IsNaN", 20)({t1(f8)})) == std::vector<bool>{true, false});
  CHECK(Call("IsNaN", 20).kind({t1<int32_t>({1})}) == ErrorKind::unsupported);
}

TEST_CASE("[EW13] Not negates bool elements") {
  CHECK(bools(Call("Not", 1)({tv<bool>({2, 1}, {true, false})})) == std::vector<bool>{false, true});
  CHECK(Call("Not", 1).kind({t1<int32_t>({1})}) == ErrorKind::unsupported);
}

// One edge case for each elementwise operator version that no other test calls directly: the version-1
// and -6 forms (limited broadcasting, equal shapes), the versions that only widened ONNX's type lists,
// and the trigonometric version 22. Expected values are worked out by hand from the clauses named.
#include <cmath>
#include <numbers>

#include "ops/elementwise/ew_test_util.hpp"

using namespace ewt;

namespace {
float f(double d) { return static_cast<float>(d); }
Tensor s(float v) { return Tensor::scalar<float>(test_context(), v); }
float one(const Tensor& t) {
  REQUIRE(t.size() == 1);
  return t.data<float>()[0];
}
}  // namespace

TEST_CASE("[EW1][EW30] old unary versions at their edges: signed zeros, infinities, NaN outside the domain") {
  const auto abs1 = vals<float>(Call("Abs", 1)({t1<float>({-0.0f, -3, kNaN})}));
  CHECK(abs1[0] == 0.0f);
  CHECK_FALSE(std::signbit(abs1[0]));
  CHECK(abs1[1] == 3);
  CHECK(std::isnan(abs1[2]));
  const auto neg1 = vals<float>(Call("Neg", 1)({t1<float>({0.0f, -2})}));
  CHECK(std::signbit(neg1[0]));
  CHECK(neg1[1] == 2);
  for (int64_t v : {1, 6}) {
    CAPTURE(v);
    CHECK(vals<float>(Call("Reciprocal", v)({t1<float>({-0.0f, 4})})) == std::vector<float>{-kInf, 0.25f});
    const auto sq = vals<float>(Call("Sqrt", v)({t1<float>({-0.0f, 4, -1})}));
    CHECK(sq[0] == 0.0f);
    CHECK(std::signbit(sq[0]));
    CHECK(sq[1] == 2);
    CHECK(std::isnan(sq[2]));
    CHECK(vals<float>(Call("Exp", v)({t1<float>({-kInf, 0})})) == std::vector<float>{0, 1});
    const auto lg = vals<float>(Call("Log", v)({t1<float>({0, 1, -1})}));
    CHECK(lg[0] == -kInf);
    CHECK(lg[1] == 0);
    CHECK(std::isnan(lg[2]));
    const auto ce = vals<float>(Call("Ceil", v)({t1<float>({-0.5f, 1.5f})}));
    CHECK(ce[0] == 0.0f);
    CHECK(std::signbit(ce[0]));  // ceil(-0.5) = -0
    CHECK(ce[1] == 2);
    CHECK(vals<float>(Call("Floor", v)({t1<float>({-0.5f, 1.5f})})) == std::vector<float>{-1, 1});
    CHECK(vals<float>(Call("Tanh", v)({t1<float>({-kInf, 0})})) == std::vector<float>{-1, 0});
  }
  CHECK(vals<float>(Call("Sigmoid", 1)({t1<float>({0, -kInf, kInf})})) == std::vector<float>{0.5f, 0, 1});
  CHECK(vals<float>(Call("Erf", 9)({t1<float>({-kInf, 0})})) == std::vector<float>{-1, 0});
  CHECK(bools(Call("IsNaN", 9)({t1<float>({kNaN, kInf, 0})})) == std::vector<bool>{true, false, false});
  // empty and rank-0 inputs keep their shape
  CHECK(Call("Exp", 1)({tv<double>({0, 3}, {})}).shape() == Shape{0, 3});
  CHECK(Call("Floor", 6)({Tensor::scalar<double>(test_context(), -2.5)}).shape() == Shape{});
}

TEST_CASE("[EW30] trigonometric and hyperbolic functions, version 22 (and Cos-7, Asin-7), at their edges") {
  CHECK(std::signbit(one(Call("Sin", 22)({s(-0.0f)}))));
  CHECK(one(Call("Cos", 22)({s(0)})) == 1);
  CHECK(std::isnan(one(Call("Cos", 7)({s(kInf)}))));
  CHECK(std::signbit(one(Call("Tan", 22)({s(-0.0f)}))));
  CHECK(std::isnan(one(Call("Asin", 22)({s(2)}))));
  CHECK(one(Call("Asin", 7)({s(1)})) == f(std::numbers::pi / 2));
  CHECK(one(Call("Acos", 22)({s(1)})) == 0);
  CHECK(one(Call("Atan", 22)({s(-kInf)})) == f(-std::numbers::pi / 2));
  CHECK(std::signbit(one(Call("Sinh", 22)({s(-0.0f)}))));
  CHECK(one(Call("Cosh", 22)({s(-kInf)})) == kInf);
  CHECK(one(Call("Asinh", 22)({s(-kInf)})) == -kInf);
  CHECK(one(Call("Acosh", 22)({s(1)})) == 0);
  CHECK(std::isnan(one(Call("Acosh", 22)({s(0.5f)}))));
  CHECK(one(Call("Atanh", 22)({s(1)})) == kInf);
  // the result keeps the rank-0 shape
  CHECK(Call("Sin", 22)({s(1)}).shape() == Shape{});
}

TEST_CASE("[EW27][EW28] old rectifier and sigmoid versions with their default attributes") {
  for (int64_t v : {6, 13}) {
    CAPTURE(v);
    const auto r = vals<float>(Call("Relu", v)({t1<float>({-1, kNaN, 2})}));
    CHECK(r[0] == 0);
    CHECK(std::isnan(r[1]));
    CHECK(r[2] == 2);
  }
  // alpha = 0.01f used exactly: -2 * 0.01f is exact in float
  CHECK(vals<float>(Call("LeakyRelu", 1)({t1<float>({-2, 3})})) == std::vector<float>{-2 * 0.01f, 3});
  for (int64_t v : {1, 22}) {
    CAPTURE(v);
    CHECK(vals<float>(Call("Elu", v)({t1<float>({-kInf, 0, 1})})) == std::vector<float>{-1, 0, 1});
    const double alpha = 1.67326319217681884765625, gamma = 1.05070102214813232421875;
    CHECK(vals<float>(Call("Selu", v)({t1<float>({-kInf, 0, 1})})) ==
          std::vector<float>{f(-gamma * alpha), 0, f(gamma)});
  }
  CHECK(vals<float>(Call("HardSigmoid", 1)({t1<float>({-10, 0, 10})})) == std::vector<float>{0, 0.5f, 1});
}

TEST_CASE("[EW2][EW5][EW7] Add, Sub, Mul, Div 7 and 13 broadcast a rank-0 operand; integers wrap, x/0 fails") {
  const Tensor a = tv<int32_t>({2, 2}, {INT32_MAX, -7, 7, 0});
  const Tensor two = Tensor::scalar<int32_t>(test_context(), 2);
  for (int64_t v : {7, 13}) {
    CAPTURE(v);
    const Tensor y = Call("Add", v)({a, two});
    CHECK(y.shape() == Shape{2, 2});
    // INT32_MAX + 2 wraps to INT32_MIN + 1
    CHECK(vals<int32_t>(y) == std::vector<int32_t>{INT32_MIN + 1, -5, 9, 2});
    // Div truncates toward zero; a zero divisor is an evaluation error
    CHECK(vals<int32_t>(Call("Div", v)({a, two})) == std::vector<int32_t>{INT32_MAX / 2, -3, 3, 0});
    CHECK(Call("Div", v).clause({two, Tensor::scalar<int32_t>(test_context(), 0)}) == "N9");
  }
  // Sub-13: INT32_MIN + 1 - 2 wraps to INT32_MAX; Mul-7: 2^30 * 2 wraps to INT32_MIN
  CHECK(vals<int32_t>(Call("Sub", 13)({t1<int32_t>({INT32_MIN + 1}), two})) == std::vector<int32_t>{INT32_MAX});
  CHECK(vals<int32_t>(Call("Mul", 7)({t1<int32_t>({1 << 30}), two})) == std::vector<int32_t>{INT32_MIN});
  // floating division by zero follows IEEE 754
  const auto q = vals<float>(Call("Div", 7)({t1<float>({1, -1, 0}), s(0)}));
  CHECK(q[0] == kInf);
  CHECK(q[1] == -kInf);
  CHECK(std::isnan(q[2]));
}

TEST_CASE("[EW3] Sub, Mul and Div version 1 broadcast B along the axis attribute, only with broadcast = 1") {
  const Tensor a = tv<float>({2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor b = t1<float>({1, 2});  // matches A's dimension 0
  CHECK(vals<float>(Call("Sub", 1).i("broadcast", 1).i("axis", 0)({a, b})) == std::vector<float>{0, 1, 2, 2, 3, 4});
  CHECK(vals<float>(Call("Mul", 1).i("broadcast", 1).i("axis", 0)({a, b})) == std::vector<float>{1, 2, 3, 8, 10, 12});
  CHECK(vals<float>(Call("Div", 1).i("broadcast", 1).i("axis", 0)({a, b})) == std::vector<float>{1, 2, 3, 2, 2.5f, 3});
  // without broadcast = 1, B must have A's shape
  CHECK(Call("Sub", 1).clause({a, b}) == "EW3");
  CHECK(Call("Div", 1).i("broadcast", 1).clause({a, b}) == "EW3");  // default axis: A's last dimension, 3 != 2
}

TEST_CASE("[EW8] Pow 7, 12, 13: x^0 is 1 even for NaN; integer bases from version 12 wrap around") {
  for (int64_t v : {7, 12, 13}) {
    CAPTURE(v);
    CHECK(vals<float>(Call("Pow", v)({t1<float>({kNaN, 2}), t1<float>({0, -1})})) == std::vector<float>{1, 0.5f});
  }
  for (int64_t v : {12, 13}) {
    CAPTURE(v);
    // 2^31 modulo 2^32 is INT32_MIN; the exponent has its own type (int64)
    CHECK(vals<int32_t>(Call("Pow", v)({t1<int32_t>({2, -3}), t1<int64_t>({31, 3})})) ==
          std::vector<int32_t>{INT32_MIN, -27});
  }
}

TEST_CASE("[EW12][EW3] comparisons of the old versions: NaN compares false, -0 equals +0") {
  const Tensor a = t1<float>({1, kNaN, 3});
  // version 1: B of one element with broadcast = 1
  CHECK(bools(Call("Greater", 1).i("broadcast", 1)({a, t1<float>({2})})) == std::vector<bool>{false, false, true});
  CHECK(bools(Call("Less", 1).i("broadcast", 1)({a, t1<float>({2})})) == std::vector<bool>{true, false, false});
  CHECK(Call("Less", 1).clause({a, t1<float>({2})}) == "EW3");
  for (int64_t v : {7, 9}) {
    CAPTURE(v);
    CHECK(bools(Call("Less", v)({a, s(2)})) == std::vector<bool>{true, false, false});
  }
  CHECK(bools(Call("Greater", 7)({a, s(2)})) == std::vector<bool>{false, false, true});
  CHECK(bools(Call("Less", 9)({t1<int64_t>({INT64_MIN, INT64_MAX}), Tensor::scalar<int64_t>(test_context(), 0)})) ==
        std::vector<bool>{true, false});
  const Tensor z = t1<float>({-0.0f, kNaN});
  const Tensor pz = t1<float>({0.0f, kNaN});
  CHECK(bools(Call("GreaterOrEqual", 12)({z, pz})) == std::vector<bool>{true, false});
  CHECK(bools(Call("LessOrEqual", 16)({z, pz})) == std::vector<bool>{true, false});
  CHECK(bools(Call("Equal", 7)({z, pz})) == std::vector<bool>{true, false});
  CHECK(bools(Call("Equal", 7)({t1<int32_t>({1, 2}), Tensor::scalar<int32_t>(test_context(), 2)})) ==
        std::vector<bool>{false, true});
}

TEST_CASE("[EW13][EW3] And-1 broadcasts B along the axis only with broadcast = 1") {
  const Tensor a = tv<bool>({2, 2}, {true, true, false, true});
  const Tensor b = t1<bool>({true, false});  // along axis 1
  CHECK(bools(Call("And", 1).i("broadcast", 1)({a, b})) == std::vector<bool>{true, false, false, false});
  CHECK(bools(Call("And", 1).i("broadcast", 1).i("axis", 0)({a, b})) == std::vector<bool>{true, true, false, false});
  CHECK(Call("And", 1).clause({a, b}) == "EW3");
}

TEST_CASE("[EW10][EW11][EW22] Sum, Mean, Max, Min of the old versions: equal shapes, NaN, one input") {
  const Tensor x = t1<float>({1, kNaN});
  const Tensor y = t1<float>({2, 3});
  CHECK(Call("Sum", 1)({x}) == x);  // one input: returned unchanged
  const auto m = vals<float>(Call("Mean", 1)({x, y}));
  CHECK(m[0] == 1.5f);
  CHECK(std::isnan(m[1]));
  const auto mx = vals<float>(Call("Max", 6)({x, y}));
  CHECK(mx[0] == 2);
  CHECK(std::isnan(mx[1]));
  const auto mn = vals<float>(Call("Min", 1)({x, y}));
  CHECK(mn[0] == 1);
  CHECK(std::isnan(mn[1]));
  CHECK(Call("Min", 1).clause({x, s(0)}) == "EW22");  // no broadcasting before version 8
  // Min-8 broadcasts a rank-0 input
  const Tensor b = Call("Min", 8)({tv<float>({2, 2}, {1, 5, -1, kNaN}), s(2)});
  CHECK(b.shape() == Shape{2, 2});
  const auto bv = vals<float>(b);
  CHECK(bv[0] == 1);
  CHECK(bv[1] == 2);
  CHECK(bv[2] == -1);
  CHECK(std::isnan(bv[3]));
}

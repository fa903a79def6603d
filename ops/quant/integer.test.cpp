// Unit tests of QLinearMatMul, ConvInteger and QLinearConv (spec/ops-quant.md, Q10-Q15).
// Expected values are derived by hand from the formulas.
#include "ops/quant/test_util.hpp"

using namespace qtest;

namespace {
const Node QMM = make_node("QLinearMatMul");
const Node CI = make_node("ConvInteger");
const Node QC = make_node("QLinearConv");

std::vector<std::optional<Value>> qmm(const Tensor& a, const Tensor& as, const Tensor& az, const Tensor& b,
                                      const Tensor& bs, const Tensor& bz, const Tensor& ys, const Tensor& yz,
                                      int64_t version = 10) {
  return run(QMM, version, {a, as, az, b, bs, bz, ys, yz});
}
Tensor f(float v) { return Tensor::scalar<float>(test_context(), v); }
Tensor u8(uint8_t v) { return Tensor::scalar<uint8_t>(test_context(), v); }
}  // namespace

TEST_CASE("[Q11] QLinearMatMul: integer product of the centred operands, requantized half to even") {
  const Tensor a = t<uint8_t>({2, 2}, {10, 12, 14, 16});  // minus 10: [0, 2; 4, 6]
  const Tensor b = t<uint8_t>({2, 1}, {3, 4});            // minus 1: [2; 3]
  // C = [6; 26], factor 0.5 * 2 / 4 = 0.25: 1.5 -> 2, 6.5 -> 6
  auto y = qmm(a, f(0.5f), u8(10), b, f(2), u8(1), f(4), u8(100));
  CHECK(y[0]->tensor().shape() == Shape{2, 1});
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{102, 106});
  // int8 output saturates; version 21 with float16 scales gives the same
  y = qmm(a, f(0.5f), u8(10), b, f(2), u8(1), f(4), Tensor::scalar<int8_t>(test_context(), 125), 21);
  CHECK(vals<int8_t>(y[0]) == std::vector<int8_t>{127, 127});
  auto h = [](double v) { return Tensor::scalar(test_context(), num::to_float16(v)); };
  y = qmm(a, h(0.5), u8(10), b, h(2), u8(1), h(4), u8(100), 21);
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{102, 106});
}

TEST_CASE("[Q10][Q11] QLinearMatMul per-row and per-column parameters") {
  const Tensor a = t<uint8_t>({2, 2}, {10, 12, 14, 16});
  const Tensor b = t<uint8_t>({2, 1}, {3, 4});
  // per row of a: row 1 has scale 1, so its factor is 0.5: 26 * 0.5 = 13
  auto y = qmm(a, tf({2, 1}, {0.5f, 1}), t<uint8_t>({2, 1}, {10, 10}), b, f(2), u8(1), f(4), u8(100));
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{102, 113});
  // per column of b: b = [2 5; 3 7] minus [1 2] = [1 3; 2 5]; C = [0*1+2*2, 0*3+2*5; 4+12, 12+30] = [4 10; 16 42]
  // factors 1 * [1 0.5] / 1
  const Tensor b2 = t<uint8_t>({2, 2}, {2, 5, 3, 7});
  y = qmm(a, f(1), u8(10), b2, tf({2}, {1, 0.5f}), t<uint8_t>({2}, {1, 2}), f(1), u8(0));
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{4, 5, 16, 21});
  // a 1-D per-row vector is not of a's row shape [2, 1]
  CHECK(clause_of([&] {
          (void)qmm(a, tf({2}, {1, 1}), t<uint8_t>({2}, {10, 10}), b, f(2), u8(1), f(4), u8(100));
        }) == "Q10");
  // scale and zero point shapes differ; zero point type differs from a's
  CHECK(clause_of([&] {
          (void)qmm(a, tf({1}, {1}), t<uint8_t>({1, 1}, {10}), b, f(2), u8(1), f(4), u8(100));
        }) == "Q10");
  CHECK(clause_of([&] {
          (void)qmm(a, f(1), Tensor::scalar<int8_t>(test_context(), 0), b, f(2), u8(1), f(4), u8(100));
        }) == "Q10");
  CHECK(clause_of([&] {
          (void)qmm(t<int16_t>({1, 1}, {1}), f(1), Tensor::scalar<int16_t>(test_context(), 0), t<uint8_t>({1, 1}, {1}),
                    f(1), u8(0), f(1), u8(0));
        }) == "Q10");
}

TEST_CASE("[Q10] QLinearMatMul with float8 operands is reported as unsupported") {
  const Tensor a = t<float8e4m3fn_t>({1, 1}, {{0x38}});
  const Tensor z = Tensor::scalar(test_context(), float8e4m3fn_t{0});
  try {
    (void)qmm(a, f(1), z, a, f(1), z, f(1), z, 21);
    FAIL("no failure");
  } catch (const Failure& e) {
    CHECK(e.error().kind == ErrorKind::unsupported);
  }
}

TEST_CASE("[Q12] QLinearMatMul shapes: batch broadcasting, 1-D operands, inner extent mismatch") {
  // a [2, 1, 2] (batch 2) times b [2, 1]: each batch row dotted with [1; 1]
  const Tensor a = t<uint8_t>({2, 1, 2}, {1, 2, 3, 4});
  const Tensor b = t<uint8_t>({2, 1}, {1, 1});
  auto y = qmm(a, f(1), u8(0), b, f(1), u8(0), f(1), u8(0));
  CHECK(y[0]->tensor().shape() == Shape{2, 1, 1});
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{3, 7});
  // 1-D a: [1, 2] . [[1], [1]] -> shape [1]
  y = qmm(t<uint8_t>({2}, {5, 6}), f(1), u8(0), b, f(1), u8(0), f(1), u8(0));
  CHECK(y[0]->tensor().shape() == Shape{1});
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{11});
  // 1-D a and 1-D b: a scalar
  y = qmm(t<uint8_t>({2}, {5, 6}), f(1), u8(0), t<uint8_t>({2}, {2, 3}), f(1), u8(0), f(1), u8(0));
  CHECK(y[0]->tensor().shape() == Shape{});
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{28});
  CHECK(clause_of([&] {
          (void)qmm(a, f(1), u8(0), t<uint8_t>({3, 1}, {1, 1, 1}), f(1), u8(0), f(1), u8(0));
        }) == "Q12");
  CHECK(clause_of([&] {
          (void)qmm(Tensor::scalar<uint8_t>(test_context(), 1), f(1), u8(0), b, f(1), u8(0), f(1), u8(0));
        }) == "Q12");
}

TEST_CASE("[Q11] QLinearMatMul wraps the integer sum to int32") {
  // 40000 products of 255 * 255 = 2601000000, which wraps to 2601000000 - 2^32 = -1693967296 and then
  // saturates to 0 (unwrapped it would saturate to 255)
  const int64_t K = 40000;
  const Tensor a = t<uint8_t>({1, K}, std::vector<uint8_t>(K, 255));
  const Tensor b = t<uint8_t>({K, 1}, std::vector<uint8_t>(K, 255));
  auto y = qmm(a, f(1), u8(0), b, f(1), u8(0), f(1), u8(0));
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{0});
}

TEST_CASE("[Q14] ConvInteger subtracts the zero points; padding contributes zero") {
  // x = 1..9 minus 1 = 0..8, a 2x2 kernel of ones
  const Tensor x = t<uint8_t>({1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  const Tensor w = t<uint8_t>({1, 1, 2, 2}, {1, 1, 1, 1});
  auto y = run(CI, 10, {x, w, u8(1)});
  CHECK(y[0]->tensor().shape() == Shape{1, 1, 2, 2});
  CHECK(vals<int32_t>(y[0]) == std::vector<int32_t>{8, 12, 20, 24});
  // with pads 1 the output is 4x4; corners see one element of x
  y = run(make_node("ConvInteger", {attr_is("pads", {1, 1, 1, 1})}), 10, {x, w, u8(1), u8(0)});
  CHECK(y[0]->tensor().shape() == Shape{1, 1, 4, 4});
  const auto v = vals<int32_t>(y[0]);
  CHECK(v[0] == 0);
  CHECK(v[1] == 1);
  CHECK(v[5] == 8);
  CHECK(v[15] == 8);
  // no zero points: int8 operands
  y = run(CI, 10, {t<int8_t>({1, 1, 1, 2}, {-128, 127}), t<int8_t>({1, 1, 1, 2}, {-128, -128})});
  CHECK(vals<int32_t>(y[0]) == std::vector<int32_t>{16384 - 16256});
}

TEST_CASE("[Q13][Q14] ConvInteger per-channel weight zero points and groups") {
  const Tensor x = t<uint8_t>({1, 1, 1, 2}, {3, 7});
  // weights 5 - [1, 3] = [4, 2]
  auto y = run(CI, 10, {x, t<uint8_t>({2, 1, 1, 1}, {5, 5}), u8(0), t<uint8_t>({2}, {1, 3})});
  CHECK(y[0]->tensor().shape() == Shape{1, 2, 1, 2});
  CHECK(vals<int32_t>(y[0]) == std::vector<int32_t>{12, 28, 6, 14});
  // two groups: channel 0 times 2, channel 1 times 10
  y = run(make_node("ConvInteger", {attr_i("group", 2)}), 10,
          {t<uint8_t>({1, 2, 1, 1}, {3, 7}), t<uint8_t>({2, 1, 1, 1}, {2, 10})});
  CHECK(vals<int32_t>(y[0]) == std::vector<int32_t>{6, 70});
  // errors: W's channel axis, x's zero point with two values, kernel_shape, operand type
  CHECK(clause_of([&] { (void)run(CI, 10, {x, t<uint8_t>({1, 2, 1, 1}, {1, 1})}); }) == "Q13");
  CHECK(clause_of([&] { (void)run(CI, 10, {x, t<uint8_t>({1, 1, 1, 1}, {1}), t<uint8_t>({2}, {0, 0})}); }) == "Q13");
  CHECK(
      clause_of([&] {
        (void)run(make_node("ConvInteger", {attr_is("kernel_shape", {2, 2})}), 10, {x, t<uint8_t>({1, 1, 1, 1}, {1})});
      }) == "Q13");
  CHECK(clause_of([&] { (void)run(CI, 10, {t<int16_t>({1, 1, 1, 1}, {1}), t<uint8_t>({1, 1, 1, 1}, {1})}); }) == "Q13");
  CHECK(clause_of([&] {
          (void)run(CI, 10, {x, t<uint8_t>({1, 1, 1, 1}, {1}), Tensor::scalar<int8_t>(test_context(), 0)});
        }) == "Q13");
}

TEST_CASE("[Q15] QLinearConv requantizes the integer convolution plus bias") {
  // x - 10 = [0 10 20 30], weight 3 - 1 = 2, plus bias 6: [6 26 46 66]; factor 0.5 * 1 / 2 = 0.25
  const Tensor x = t<uint8_t>({1, 1, 2, 2}, {10, 20, 30, 40});
  const Tensor w = t<int8_t>({1, 1, 1, 1}, {3});
  const Tensor bias = t<int32_t>({1}, {6});
  auto y = run(QC, 10, {x, f(0.5f), u8(10), w, f(1), Tensor::scalar<int8_t>(test_context(), 1), f(2), u8(100), bias});
  // 1.5 -> 2, 6.5 -> 6, 11.5 -> 12, 16.5 -> 16
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{102, 106, 112, 116});
  y = run(QC, 10,
          {x, f(0.5f), u8(10), w, f(1), Tensor::scalar<int8_t>(test_context(), 1), f(2),
           Tensor::scalar<int8_t>(test_context(), 120), bias});
  CHECK(vals<int8_t>(y[0]) == std::vector<int8_t>{122, 126, 127, 127});
  // without bias: [0 20 40 60] * 0.25
  y = run(QC, 10, {x, f(0.5f), u8(10), w, f(1), Tensor::scalar<int8_t>(test_context(), 1), f(2), u8(0)});
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{0, 5, 10, 15});
}

TEST_CASE("[Q13][Q15] QLinearConv per-channel weight scales; malformed parameters") {
  const Tensor x = t<uint8_t>({1, 1, 1, 2}, {10, 20});
  const Tensor w = t<int8_t>({2, 1, 1, 1}, {3, 3});
  // weights 2 and 2; sums [0 20] for both channels; factors 0.5 * [1 2] / 1
  auto y = run(QC, 10, {x, f(0.5f), u8(10), w, tf({2}, {1, 2}), t<int8_t>({2}, {1, 1}), f(1), u8(0)});
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{0, 10, 0, 20});
  CHECK(clause_of([&] {
          (void)run(QC, 10,
                    {x, tf({2}, {1, 1}), u8(10), w, f(1), Tensor::scalar<int8_t>(test_context(), 1), f(1), u8(0)});
        }) == "Q13");
  CHECK(clause_of([&] {
          (void)run(QC, 10,
                    {x, f(1), u8(10), w, tf({3}, {1, 1, 1}), Tensor::scalar<int8_t>(test_context(), 1), f(1), u8(0)});
        }) == "Q13");
  CHECK(clause_of([&] {
          (void)run(QC, 10,
                    {x, f(1), u8(10), w, f(1), Tensor::scalar<int8_t>(test_context(), 1), f(1), u8(0),
                     t<int64_t>({2}, {0, 0})});
        }) == "Q13");
  CHECK(clause_of([&] {
          (void)run(QC, 10,
                    {x, f(1), u8(10), w, f(1), Tensor::scalar<int8_t>(test_context(), 1), f(1),
                     Tensor::scalar<int32_t>(test_context(), 0)});
        }) == "Q13");
}

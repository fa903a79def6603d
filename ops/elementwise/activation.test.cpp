// Tests of the activations, PRelu and Clip (spec/ops-elementwise.md).
#include "ops/elementwise/ew_test_util.hpp"

using namespace ewt;
using doctest::Approx;

TEST_CASE("[EW27] rectifiers: Relu, LeakyRelu, ThresholdedRelu, Elu, Selu, Celu") {
  const auto r = vals<float>(Call("Relu", 14)({t1<float>({-1, 0, 2, kNaN})}));
  CHECK(r[0] == 0);
  CHECK(r[1] == 0);
  CHECK(r[2] == 2);
  CHECK(std::isnan(r[3]));
  CHECK(vals<int8_t>(Call("Relu", 14)({t1<int8_t>({-5, 5})})) == std::vector<int8_t>{0, 5});
  // alpha = 0.01f = 0.00999999977648...; -100 * alpha = -0.99999997765 rounds to the float -1
  CHECK(vals<float>(Call("LeakyRelu", 16)({t1<float>({-100, 3})})) == std::vector<float>{-1, 3});
  CHECK(vals<double>(Call("LeakyRelu", 6).f("alpha", 0.5f)({t1<double>({-4})})) == std::vector<double>{-2});
  CHECK(vals<float>(Call("ThresholdedRelu", 10)({t1<float>({0.5f, 1, 2})})) == std::vector<float>{0, 0, 2});
  CHECK(vals<float>(Call("ThresholdedRelu", 22).f("alpha", -1)({t1<float>({-0.5f, -2})})) ==
        std::vector<float>{-0.5f, 0});
  // NaN is not greater than alpha: 0, as ONNX's formula and function body give (found by generated graphs).
  CHECK(vals<float>(Call("ThresholdedRelu", 22)({t1<float>({kNaN, 3})})) == std::vector<float>{0, 3});
  const auto e = vals<double>(Call("Elu", 6)({t1<double>({-kInfD, 0, 2, -1})}));
  CHECK(e[0] == -1);
  CHECK(e[1] == 0);
  CHECK(e[2] == 2);
  CHECK(e[3] == Approx(std::exp(-1.0) - 1).epsilon(1e-15));
  // Selu(1) = gamma; Selu(-inf) = -gamma*alpha = -1.7580993463430303 (with the float defaults)
  const auto s = vals<double>(Call("Selu", 6)({t1<double>({1, 0, -kInfD})}));
  CHECK(s[0] == 1.05070102214813232421875);
  CHECK(s[1] == 0);
  CHECK(s[2] == Approx(-1.7580993463430303).epsilon(1e-15));
  // Celu with alpha 2: 2*(e^-1 - 1) = -1.2642411176571153
  const auto c = vals<double>(Call("Celu", 12).f("alpha", 2)({t1<double>({-2, 3, 0})}));
  CHECK(c[0] == Approx(-1.2642411176571153).epsilon(1e-15));
  CHECK(c[1] == 3);
  CHECK(c[2] == 0);
}

TEST_CASE("[EW25] Celu refuses alpha = 0") {
  CHECK(Call("Celu", 28).f("alpha", 0).clause({t1<float>({1})}) == "EW25");
  CHECK(f16vals(Call("Celu", 28)({f16({1.0, 0.0})})) == std::vector<double>{1.0, 0.0});
}

TEST_CASE("[EW28] sigmoids: Sigmoid, HardSigmoid, HardSwish, Swish") {
  CHECK(vals<double>(Call("Sigmoid", 13)({t1<double>({0, -kInfD, kInfD, -1000, 1000})})) ==
        std::vector<double>{0.5, 0, 1, 0, 1});
  CHECK(vals<float>(Call("HardSigmoid", 6)({t1<float>({0, 10, -10})})) == std::vector<float>{0.5f, 1, 0});
  CHECK(vals<double>(Call("HardSigmoid", 22).f("alpha", 0.5f).f("beta", 0.25f)({t1<double>({1})})) ==
        std::vector<double>{0.75});
  CHECK(vals<double>(Call("HardSwish", 14)({t1<double>({3, 0, -3, 1.5, 6})})) ==
        std::vector<double>{3, 0, 0, 1.125, 6});
  const auto sw = vals<double>(Call("Swish", 24)({t1<double>({0, 1})}));
  CHECK(sw[0] == 0);
  CHECK(sw[1] == Approx(0.7310585786300049).epsilon(1e-15));  // 1/(1 + e^-1)
  CHECK(vals<double>(Call("Swish", 24).f("alpha", 2)({t1<double>({1})}))[0] ==
        Approx(0.8807970779778823).epsilon(1e-15));  // 1/(1 + e^-2)
  CHECK(std::isnan(vals<float>(Call("HardSigmoid", 6)({t1<float>({kNaN})}))[0]));
}

TEST_CASE("[EW29] Tanh, Softplus, Softsign, Mish") {
  CHECK(vals<double>(Call("Tanh", 13)({t1<double>({0, kInfD, -kInfD})})) == std::vector<double>{0, 1, -1});
  const auto sp = vals<double>(Call("Softplus", 1)({t1<double>({0, 1000, -1000})}));
  CHECK(sp[0] == Approx(0.6931471805599453).epsilon(1e-15));  // ln 2
  CHECK(sp[1] == 1000);                                       // no overflow of e^1000
  CHECK(sp[2] == 0);
  CHECK(vals<float>(Call("Softsign", 22)({t1<float>({1, -3, 0})})) == std::vector<float>{0.5f, -0.75f, 0});
  // Mish(1) = tanh(ln(1 + e)) = (e^2 + 2e)/(e^2 + 2e + 2) = 0.8650983882673103
  const auto m = vals<double>(Call("Mish", 18)({t1<double>({0, 1})}));
  CHECK(m[0] == 0);
  CHECK(m[1] == Approx(0.8650983882673103).epsilon(1e-15));
}

TEST_CASE("[EW23] activations at infinite arguments are their formulas in IEEE arithmetic, not limits") {
  // x / (1 + |x|) at +-inf is inf / inf: NaN, as ONNX's function body (Div after Add and Abs) gives.
  for (float v : vals<float>(Call("Softsign", 1)({t1<float>({kInf, -kInf})}))) CHECK(std::isnan(v));
  CHECK(vals<float>(Call("Softplus", 22)({t1<float>({kInf, -kInf})})) == std::vector<float>{kInf, 0});
  CHECK(vals<float>(Call("Sigmoid", 6)({t1<float>({kInf, -kInf})})) == std::vector<float>{1, 0});
  // x times a factor that is 1 at +inf and 0 at -inf: +inf, then -inf * 0 = NaN.
  const std::vector<Call> products = {Call("Swish", 24), Call("Mish", 22),
                                      Call("Mish", 18),  Call("HardSwish", 22),
                                      Call("Gelu", 20),  Call("Gelu", 20).s("approximate", "tanh")};
  for (const Call& c : products) {
    const auto y = vals<float>(c({t1<float>({kInf, -kInf})}));
    CHECK(y[0] == kInf);
    CHECK(std::isnan(y[1]));
  }
}

TEST_CASE("[EW24] Gelu: exact (erf) and tanh approximations") {
  // Gelu(1) = Phi(1) = 0.8413447460685429; the tanh form gives 0.8411919906082768
  const auto g = vals<double>(Call("Gelu", 20)({t1<double>({0, 1})}));
  CHECK(g[0] == 0);
  CHECK(g[1] == Approx(0.8413447460685429).epsilon(1e-15));
  CHECK(vals<double>(Call("Gelu", 20).s("approximate", "tanh")({t1<double>({1})}))[0] ==
        Approx(0.8411919906082768).epsilon(1e-15));
  CHECK(Call("Gelu", 20).s("approximate", "erf").clause({t1<float>({1})}) == "EW24");
}

TEST_CASE("[EW26] Shrink with lambd and bias, on floating and integer elements") {
  CHECK(vals<float>(Call("Shrink", 9)({t1<float>({-1, -0.4f, 0.4f, 1})})) == std::vector<float>{-1, 0, 0, 1});
  CHECK(vals<float>(Call("Shrink", 9).f("bias", 1.5f).f("lambd", 1.5f)({t1<float>({-2, -1, 0, 1, 2})})) ==
        std::vector<float>{-0.5f, 0, 0, 0, 0.5f});
  CHECK(vals<int8_t>(Call("Shrink", 9).f("bias", 1).f("lambd", 1)({t1<int8_t>({-3, 0, 1, 3})})) ==
        std::vector<int8_t>{-2, 0, 0, 2});
  // NaN is neither below -lambd nor above lambd: 0 (found by generated graphs).
  CHECK(vals<float>(Call("Shrink", 9)({t1<float>({kNaN, -1})})) == std::vector<float>{0, -1});
}

TEST_CASE("[EW16] PRelu broadcasts the slope to X's shape only") {
  const Tensor x = tv<float>({2, 3}, {-1, 2, -3, 4, -5, 6});
  CHECK(vals<float>(Call("PRelu", 16)({x, t1<float>({0.5f, 1, 2})})) == std::vector<float>{-0.5f, 2, -6, 4, -5, 6});
  CHECK(vals<int32_t>(Call("PRelu", 9)({t1<int32_t>({-3, 4}), Tensor::scalar<int32_t>(test_context(), 2)})) ==
        std::vector<int32_t>{-6, 4});
  CHECK(Call("PRelu", 7).clause({t1<float>({1, 2, 3}), tv<float>({2, 3}, {1, 2, 3, 4, 5, 6})}) == "EW16");
  CHECK(Call("PRelu", 7).clause({t1<float>({1, 2, 3}), t1<float>({1, 2})}) == "B1");
}

TEST_CASE("[EW31] PRelu of opsets 1 and 6: one slope element, a slope of X's shape, or one per channel") {
  const Tensor x = t1<float>({-2, 2});
  CHECK(vals<float>(Call("PRelu", 6)({x, t1<float>({0.25f})})) == std::vector<float>{-0.5f, 2});
  CHECK(vals<float>(Call("PRelu", 1)({x, t1<float>({3, 3})})) == std::vector<float>{-6, 2});
  // X [1, 2, 2]: channel 0 holds -1, -2 (slope 10), channel 1 holds -3, 4 (slope 100).
  CHECK(vals<float>(Call("PRelu", 6)({tv<float>({1, 2, 2}, {-1, -2, -3, 4}), t1<float>({10, 100})})) ==
        std::vector<float>{-10, -20, -300, 4});
  // Three slopes for two channels: no meaning.
  CHECK(Call("PRelu", 6).kind({tv<float>({2, 2}, {1, 2, 3, 4}), t1<float>({1, 2, 3})}) == ErrorKind::evaluation);
}

TEST_CASE("[EW15] Clip: attribute bounds (opsets 1, 6) and optional one-element inputs (opset 11 on)") {
  const Tensor x = t1<float>({-2, 0, 2, kNaN});
  const auto a = vals<float>(
      Call("Clip", 13)({x, Tensor::scalar<float>(test_context(), -1), Tensor::scalar<float>(test_context(), 1)}));
  CHECK(a[0] == -1);
  CHECK(a[1] == 0);
  CHECK(a[2] == 1);
  CHECK(std::isnan(a[3]));
  // only max given (min absent)
  CHECK(vals<float>(Call("Clip", 11)({t1<float>({-5, 5}), Tensor(), Tensor::scalar<float>(test_context(), 1)})) ==
        std::vector<float>{-5, 1});
  // no bounds at all: finite values unchanged, infinities clipped to the type's finite range, NaN kept
  const auto nb = vals<float>(Call("Clip", 11)({t1<float>({-5, 5, kInf, -kInf, kNaN})}));
  CHECK(std::vector<float>(nb.begin(), nb.begin() + 4) ==
        std::vector<float>{-5, 5, std::numeric_limits<float>::max(), std::numeric_limits<float>::lowest()});
  CHECK(std::isnan(nb[4]));
  // an absent max defaults to the largest finite value of X's type: float16 65504, double DBL_MAX
  const Tensor h = Call("Clip", 13)(
      {Tensor::from_vector<float16_t>(test_context(), {2}, {num::to_float16(kInfD), num::to_float16(-kInfD)}),
       Tensor::scalar<float16_t>(test_context(), num::to_float16(0.0))});
  CHECK(num::to_double(h.data<float16_t>()[0]) == 65504.0);
  CHECK(num::to_double(h.data<float16_t>()[1]) == 0.0);
  CHECK(vals<double>(Call("Clip", 13)({t1<double>({kInfD}), Tensor(), Tensor()})) ==
        std::vector<double>{std::numeric_limits<double>::max()});
  CHECK(num::to_double(
            Call("Clip", 13)({Tensor::from_vector<bfloat16_t>(test_context(), {1}, {num::to_bfloat16(-kInfD)})})
                .data<bfloat16_t>()[0]) == -std::ldexp(255.0, 120));
  // integers: their own range, nothing to clip
  CHECK(vals<int8_t>(Call("Clip", 13)({t1<int8_t>({-128, 127})})) == std::vector<int8_t>{-128, 127});
  // min > max: every element becomes max
  CHECK(vals<int32_t>(Call("Clip", 12)({t1<int32_t>({-5, 0, 5}), Tensor::scalar<int32_t>(test_context(), 2),
                                        Tensor::scalar<int32_t>(test_context(), 1)})) == std::vector<int32_t>{1, 1, 1});
  CHECK(vals<int64_t>(Call("Clip", 13)({t1<int64_t>({(int64_t{1} << 53) + 1}), Tensor(),
                                        t1<int64_t>({int64_t{1} << 53})})) == std::vector<int64_t>{int64_t{1} << 53});
  CHECK(Call("Clip", 13).clause({x, t1<float>({-1, 0}), Tensor()}) == "EW15");
  CHECK(Call("Clip", 13).clause({x, Tensor::scalar<double>(test_context(), -1), Tensor()}) == "EW6");
  // opsets 1 and 6: absent bounds default to the float32 range
  CHECK(vals<double>(Call("Clip", 6)({t1<double>({1e39, -1e39})})) ==
        std::vector<double>{std::numeric_limits<float>::max(), std::numeric_limits<float>::lowest()});
  CHECK(vals<float>(Call("Clip", 1).f("max", 2)({t1<float>({-kInf, 3})})) ==
        std::vector<float>{std::numeric_limits<float>::lowest(), 2});
  CHECK(vals<float>(Call("Clip", 6).f("min", 0).f("max", 6)({t1<float>({-1, 3, 7})})) == std::vector<float>{0, 3, 6});
}

TEST_CASE("[EW4] consumed_inputs of opset 1 changes nothing") {
  const Tensor x = t1<float>({-1, 2});
  CHECK(vals<float>(Call("Relu", 1).ints("consumed_inputs", {1})({x})) == std::vector<float>{0, 2});
  CHECK(vals<float>(Call("Add", 1).ints("consumed_inputs", {0, 1})({x, x})) == std::vector<float>{-2, 4});
}

TEST_CASE("[EW33] SwiGLU is Swish(A) times B, broadcast") {
  // A = 0: 0 * sigmoid(0) * b = 0; A = 1: sigmoid(1) = 0.7310585786300049, times B = 2.
  const auto y = vals<double>(Call("SwiGLU", 28)({t1<double>({0, 1, -kInfD}), t1<double>({5, 2, 3})}));
  CHECK(y[0] == 0);
  CHECK(y[1] == Approx(2 * 0.7310585786300049).epsilon(1e-15));
  CHECK(std::isnan(y[2]));  // Swish(-inf) = -inf * 0 = NaN (EW23), times 3
  // alpha = 2: 1 * sigmoid(2) = 0.8807970779778823; B of shape [2, 1] broadcasts against A of shape [3].
  const Tensor b = Call("SwiGLU", 28).f("alpha", 2)({t1<double>({1, 0, 1}), tv<double>({2, 1}, {1, -1})});
  CHECK(b.shape() == Shape{2, 3});
  const auto v = vals<double>(b);
  CHECK(v[0] == Approx(0.8807970779778823).epsilon(1e-15));
  CHECK(v[1] == 0);
  CHECK(v[5] == Approx(-0.8807970779778823).epsilon(1e-15));
  // NaN propagates; an empty A gives an empty result.
  CHECK(std::isnan(vals<float>(Call("SwiGLU", 28)({t1<float>({kNaN}), t1<float>({1})}))[0]));
  CHECK(Call("SwiGLU", 28)({t1<float>({}), t1<float>({})}).size() == 0);
  // float16 rounds once: 2 * sigmoid(2) * 1 = 1.7615941559557646 rounds to 1.76171875 (binary16 step 2^-10).
  CHECK(f16vals(Call("SwiGLU", 28)({f16({2}), f16({1})})) == std::vector<double>{1.76171875});
}

TEST_CASE("[EW6] SwiGLU refuses inputs of different element types") {
  CHECK(Call("SwiGLU", 28).clause({t1<float>({1}), t1<double>({1})}) == "EW6");
  CHECK(Call("SwiGLU", 28).clause({t1<float>({1, 2}), t1<float>({1, 2, 3})}) == "B1");
}

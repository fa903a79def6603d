// Unit tests of QuantizeLinear, DequantizeLinear and DynamicQuantizeLinear (spec/ops-quant.md, Q1-Q9).
// Expected values are derived by hand from the formulas.
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "ops/quant/test_util.hpp"

using namespace qtest;

namespace {
const Node Q = make_node("QuantizeLinear");
const Node DQ = make_node("DequantizeLinear");

Node q_with(std::vector<Attribute> attrs) { return make_node("QuantizeLinear", std::move(attrs)); }
Node dq_with(std::vector<Attribute> attrs) { return make_node("DequantizeLinear", std::move(attrs)); }
}  // namespace

TEST_CASE("[Q5][Q3] per-tensor uint8 quantization rounds half to even and saturates") {
  const Tensor x = tf({10}, {0, 2, 3, 1000, -254, -1000, 5, 7, 1, -1});
  for (int64_t v : {10, 13, 19, 21, 23, 25}) {
    auto y = run(Q, v, {x, Tensor::scalar<float>(test_context(), 2), Tensor::scalar<uint8_t>(test_context(), 128)});
    CHECK(y[0]->tensor().shape() == Shape{10});
    // 0, 1, 1.5->2, 500, -127, -500, 2.5->2, 3.5->4, 0.5->0, -0.5->-0; plus 128, clamped to [0, 255]
    CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{128, 129, 130, 255, 1, 0, 130, 132, 128, 128});
  }
}

TEST_CASE("[Q3][Q5] without a zero point the output is uint8 with zero point 0; infinities clamp") {
  const float inf = std::numeric_limits<float>::infinity();
  auto y = run(Q, 13, {tf({5}, {-3, 300.4f, 1.5f, inf, -inf}), Tensor::scalar<float>(test_context(), 1)});
  CHECK(y[0]->tensor().dtype() == DType::uint8);
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{0, 255, 2, 255, 0});
}

TEST_CASE("[Q5] int8 output adds a negative zero point; NaN is an evaluation error") {
  auto y = run(Q, 13,
               {tf({4}, {-300, 0.5f, 2.5f, -2.5f}), Tensor::scalar<float>(test_context(), 1),
                Tensor::scalar<int8_t>(test_context(), -1)});
  CHECK(vals<int8_t>(y[0]) == std::vector<int8_t>{-128, -1, 1, -3});
  const float nan = std::numeric_limits<float>::quiet_NaN();
  CHECK(clause_of([&] { (void)run(Q, 13, {tf({1}, {nan}), Tensor::scalar<float>(test_context(), 1)}); }) == "Q5");
  // 0 / 0 is NaN as well
  CHECK(clause_of([&] { (void)run(Q, 13, {tf({1}, {0}), Tensor::scalar<float>(test_context(), 0)}); }) == "Q5");
}

TEST_CASE("[Q5] sub-byte and 16-bit integer outputs saturate to their ranges") {
  const Tensor x = tf({5}, {-20, -1.5f, 0.5f, 2.5f, 20});
  CHECK(small_vals<int4_t>(
            run(Q, 21, {x, Tensor::scalar<float>(test_context(), 1), Tensor::scalar(test_context(), int4_t{0})})[0]) ==
        std::vector<int>{-8, -2, 0, 2, 7});
  CHECK(small_vals<uint4_t>(
            run(Q, 21, {x, Tensor::scalar<float>(test_context(), 1), Tensor::scalar(test_context(), uint4_t{3})})[0]) ==
        std::vector<int>{0, 1, 3, 5, 15});
  CHECK(small_vals<int2_t>(
            run(Q, 25, {x, Tensor::scalar<float>(test_context(), 1), Tensor::scalar(test_context(), int2_t{0})})[0]) ==
        std::vector<int>{-2, -2, 0, 1, 1});
  CHECK(small_vals<uint2_t>(
            run(Q, 25, {x, Tensor::scalar<float>(test_context(), 1), Tensor::scalar(test_context(), uint2_t{1})})[0]) ==
        std::vector<int>{0, 0, 1, 3, 3});
  CHECK(vals<int16_t>(run(Q, 21,
                          {tf({2}, {-1e6f, 1e6f}), Tensor::scalar<float>(test_context(), 1),
                           Tensor::scalar<int16_t>(test_context(), 0)})[0]) == std::vector<int16_t>{-32768, 32767});
  CHECK(vals<uint16_t>(run(Q, 21,
                           {tf({2}, {-1, 70000}), Tensor::scalar<float>(test_context(), 1),
                            Tensor::scalar<uint16_t>(test_context(), 0)})[0]) == std::vector<uint16_t>{0, 65535});
}

TEST_CASE("[Q1] per-axis scales and zero points follow the axis, negative axes included") {
  const Tensor x = tf({2, 3}, {1, 2, 3, 4, 5, 6});
  auto y = run(Q, 13, {x, tf({3}, {1, 2, 4}), t<uint8_t>({3}, {0, 10, 20})});
  // row 0: 1, 1, 0.75->1; row 1: 4, 2.5->2, 1.5->2
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{1, 11, 21, 4, 12, 22});
  // row 1 divided by 10: 0.4 -> 0, 0.5 -> 0 (tie, even), 1.5 -> 2 (tie, even)
  y = run(q_with({attr_i("axis", -2)}), 13, {tf({2, 3}, {1, 2, 3, 4, 5, 15}), tf({2}, {1, 10})});
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{1, 2, 3, 0, 0, 2});
  // a scalar x with a per-tensor scale ignores the (out of range) default axis
  CHECK(vals<uint8_t>(
            run(Q, 13, {Tensor::scalar<float>(test_context(), 3), Tensor::scalar<float>(test_context(), 2)})[0]) ==
        std::vector<uint8_t>{2});
  // an empty x
  CHECK(run(Q, 13, {tf({0, 3}, {}), tf({3}, {1, 2, 3})})[0]->tensor().shape() == Shape{0, 3});
}

TEST_CASE("[Q1] scales that do not fit x are evaluation errors") {
  const Tensor x = tf({2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK(clause_of([&] { (void)run(Q, 13, {x, tf({4}, {1, 1, 1, 1})}); }) == "Q1");
  CHECK(clause_of([&] { (void)run(Q, 13, {x, tf({2, 3}, {1, 1, 1, 1, 1, 1})}); }) == "Q1");
  CHECK(clause_of([&] { (void)run(q_with({attr_i("axis", 2)}), 13, {x, tf({3}, {1, 1, 1})}); }) == "X1");
  CHECK(clause_of([&] { (void)run(Q, 10, {x, tf({3}, {1, 1, 1})}); }) == "Q1");
  CHECK(clause_of([&] { (void)run(DQ, 10, {t<uint8_t>({3}, {1, 2, 3}), tf({3}, {1, 1, 1})}); }) == "Q1");
}

TEST_CASE("[Q1] blocked quantization repeats each scale over block_size indices, the last block short") {
  const Tensor x = tf({2, 4}, {1, 2, 3, 4, 8, 16, 24, 32});
  const Node n = q_with({attr_i("axis", 1), attr_i("block_size", 3)});
  auto y = run(n, 21, {x, tf({2, 2}, {1, 2, 4, 8})});
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{1, 2, 3, 2, 2, 4, 6, 4});
  // blocked along axis 0 with zero points
  const Node n0 = q_with({attr_i("axis", 0), attr_i("block_size", 2)});
  y = run(n0, 21, {tf({3, 1}, {2, 4, 9}), tf({2, 1}, {2, 3}), t<uint8_t>({2, 1}, {10, 20})});
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{11, 12, 23});
  // the same blocking dequantizes back
  auto d = run(dq_with({attr_i("axis", 0), attr_i("block_size", 2)}), 21,
               {t<uint8_t>({3, 1}, {11, 12, 23}), tf({2, 1}, {2, 3}), t<uint8_t>({2, 1}, {10, 20})});
  CHECK(vals<float>(d[0]) == std::vector<float>{2, 4, 9});
  CHECK(clause_of([&] { (void)run(n, 21, {x, tf({2, 3}, {1, 1, 1, 1, 1, 1})}); }) == "Q1");
  CHECK(clause_of([&] { (void)run(n, 21, {x, tf({2}, {1, 1})}); }) == "Q1");
  CHECK(clause_of([&] { (void)run(q_with({attr_i("block_size", -1)}), 21, {x, tf({2, 2}, {1, 1, 1, 1})}); }) == "Q1");
  // a block size near the int64 limit is one block per row (the count of blocks does not overflow)
  const Node huge = q_with({attr_i("axis", 1), attr_i("block_size", std::numeric_limits<int64_t>::max() - 1)});
  y = run(huge, 21, {x, tf({2, 1}, {1, 8})});
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{1, 2, 3, 4, 1, 2, 3, 4});
  CHECK(clause_of([&] { (void)run(huge, 21, {x, tf({2, 2}, {1, 1, 1, 1})}); }) == "Q1");
}

TEST_CASE("[Q2] the zero point has the scale's shape, and for DequantizeLinear x's type") {
  const Tensor x = tf({2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK(clause_of([&] { (void)run(Q, 13, {x, tf({3}, {1, 1, 1}), t<uint8_t>({1}, {0})}); }) == "Q2");
  CHECK(clause_of([&] { (void)run(Q, 13, {x, tf({3}, {1, 1, 1}), t<uint8_t>({1, 3}, {0, 0, 0})}); }) == "Q2");
  // a single value of rank 1 goes with a scalar scale
  auto y = run(Q, 13, {tf({1}, {3}), Tensor::scalar<float>(test_context(), 1), t<uint8_t>({1}, {5})});
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{8});
  CHECK(clause_of([&] {
          (void)run(DQ, 13,
                    {t<uint8_t>({2}, {1, 2}), Tensor::scalar<float>(test_context(), 1),
                     Tensor::scalar<int8_t>(test_context(), 0)});
        }) == "Q2");
}

TEST_CASE("[Q3] output_dtype chooses the output type and must agree with the zero point") {
  const Tensor x = tf({2}, {-200, 1});
  auto y = run(q_with({attr_i("output_dtype", 3)}), 21, {x, Tensor::scalar<float>(test_context(), 1)});
  CHECK(vals<int8_t>(y[0]) == std::vector<int8_t>{-128, 1});
  CHECK(clause_of([&] {
          (void)run(q_with({attr_i("output_dtype", 2)}), 21,
                    {x, Tensor::scalar<float>(test_context(), 1), Tensor::scalar<int8_t>(test_context(), 0)});
        }) == "Q3");
  CHECK(clause_of([&] {
          (void)run(Q, 21, {x, Tensor::scalar<float>(test_context(), 1), Tensor::scalar<int32_t>(test_context(), 0)});
        }) == "Q3");
  CHECK(clause_of([&] {
          (void)run(Q, 21, {t<double>({1}, {1.0}), Tensor::scalar<float>(test_context(), 1)});
        }) == "Q3");
}

TEST_CASE("[Q4] the division is done in the scale's type or the precision attribute's") {
  // 2049 is not a float16 value: rounded to the division type float16 it becomes 2048 (ties to even)
  const Tensor x = tf({1}, {2049});
  const Tensor zp = Tensor::scalar<int16_t>(test_context(), 0);
  CHECK(vals<int16_t>(run(Q, 23, {x, Tensor::scalar(test_context(), num::to_float16(1.0)), zp})[0]) ==
        std::vector<int16_t>{2048});
  CHECK(vals<int16_t>(run(Q, 23, {x, Tensor::scalar<float>(test_context(), 1), zp})[0]) == std::vector<int16_t>{2049});
  // 2.50049 is 2.5 in float16, which rounds to 2; in float32 it rounds to 3
  const Tensor x2 = tf({1}, {2.50049f});
  CHECK(vals<uint8_t>(run(q_with({attr_i("precision", 10)}), 23, {x2, Tensor::scalar<float>(test_context(), 1)})[0]) ==
        std::vector<uint8_t>{2});
  CHECK(vals<uint8_t>(run(Q, 23, {x2, Tensor::scalar<float>(test_context(), 1)})[0]) == std::vector<uint8_t>{3});
  // int32 x and int32 scale divide exactly: 7 / 2 = 3.5 -> 4
  CHECK(vals<uint8_t>(run(Q, 23, {t<int32_t>({1}, {7}), Tensor::scalar<int32_t>(test_context(), 2)})[0]) ==
        std::vector<uint8_t>{4});
  CHECK(clause_of([&] {
          (void)run(q_with({attr_i("precision", 7)}), 23, {x2, Tensor::scalar<float>(test_context(), 1)});
        }) == "Q4");
  CHECK(clause_of([&] { (void)run(Q, 23, {x2, Tensor::scalar<int8_t>(test_context(), 1)}); }) == "Q4");
}

TEST_CASE("[Q6] float8 quantization saturates by default and follows the saturate attribute") {
  const Tensor x = tf({6}, {0, 1, 2, 100000, 200, -0.0f});
  auto y = run(Q, 19, {x, Tensor::scalar<float>(test_context(), 2), Tensor::scalar(test_context(), float8e4m3fn_t{0})});
  // 0.5 = 0x30, 1 = 0x38, 50000 saturates to 448 = 0x7E, 100 -> 96 (tie, even mantissa) = 0x6C, -0 + 0 = +0
  CHECK(bit_vals<float8e4m3fn_t>(y[0]) == std::vector<int>{0, 0x30, 0x38, 0x7E, 0x6C, 0});
  y = run(q_with({attr_i("saturate", 0)}), 19,
          {x, Tensor::scalar<float>(test_context(), 2), Tensor::scalar(test_context(), float8e4m3fn_t{0})});
  CHECK(bit_vals<float8e4m3fn_t>(y[0])[3] == 0x7F);  // NaN: e4m3fn has no infinity
  // 50000 is finite in float8e5m2 (largest 57344): 1.5 * 2^15 = 0x7A; 100000 overflows to +infinity 0x7C
  y = run(q_with({attr_i("saturate", 0)}), 19,
          {tf({2}, {50000, 100000}), Tensor::scalar<float>(test_context(), 1),
           Tensor::scalar(test_context(), float8e5m2_t{0})});
  CHECK(bit_vals<float8e5m2_t>(y[0]) == std::vector<int>{0x7A, 0x7C});
  y = run(Q, 19,
          {tf({1}, {100000}), Tensor::scalar<float>(test_context(), 1),
           Tensor::scalar(test_context(), float8e5m2_t{0})});
  CHECK(bit_vals<float8e5m2_t>(y[0]) == std::vector<int>{0x7B});  // saturated to 57344
}

TEST_CASE("[Q6] float4e2m1 quantization always saturates") {
  const Tensor x = tf({5}, {1.25f, -10, 5, 2.5f, -0.0f});
  for (int64_t sat : {0, 1}) {
    auto y = run(q_with({attr_i("saturate", sat)}), 23,
                 {x, Tensor::scalar<float>(test_context(), 1), Tensor::scalar(test_context(), float4e2m1_t{0})});
    // 1.25 -> 1 (code 2), -10 -> -6 (code 15), 5 -> 4 (code 6), 2.5 -> 2 (code 4), -0 + 0 -> +0
    CHECK(bit_vals<float4e2m1_t>(y[0]) == std::vector<int>{2, 15, 6, 4, 0});
  }
}

namespace {
// The pattern of -0 in each floating output type, from its format (spec/numeric.md): the sign bit alone, bit 7
// of a float8 and bit 3 of a float4e2m1. float8e4m3fnuz and float8e5m2fnuz have no negative zero (0x80 is
// their NaN), so -0 can only come out as +0, 0x00.
template <class T>
constexpr int negative_zero_bits() {
  if constexpr (std::is_same_v<T, float8e4m3fnuz_t> || std::is_same_v<T, float8e5m2fnuz_t>) return 0x00;
  else if constexpr (std::is_same_v<T, float4e2m1_t>) return 0x8;
  else return 0x80;
}
}  // namespace

TEST_CASE_TEMPLATE("[Q6] the sign of -0: kept without a zero point, +0 with an explicit zero point +0", T,
                   float8e4m3fn_t, float8e4m3fnuz_t, float8e5m2_t, float8e5m2fnuz_t, float4e2m1_t) {
  constexpr int neg0 = negative_zero_bits<T>();
  constexpr bool has_neg0 = neg0 != 0;
  const auto to = static_cast<int64_t>(dtype_of<T>);
  // -0, +0 and -2^-30, a nonzero quotient that every one of these types rounds to a zero (of its sign).
  const Tensor x = tf({3}, {-0.0f, 0.0f, -std::ldexp(1.0f, -30)});
  const std::vector<int64_t> versions = std::is_same_v<T, float4e2m1_t> ? std::vector<int64_t>{23, 24, 25}
                                                                        : std::vector<int64_t>{21, 23, 24, 25};
  for (int64_t v : versions) {
    CAPTURE(v);
    // No zero point input (the type from output_dtype): nothing is added, each zero keeps its sign.
    auto y = run(q_with({attr_i("output_dtype", to)}), v, {x, Tensor::scalar<float>(test_context(), 1)});
    REQUIRE(y[0]->tensor().dtype() == dtype_of<T>);
    CHECK(bit_vals<T>(y[0]) == std::vector<int>{neg0, 0x00, neg0});
    // +0 / -1 is -0, which no addition turns into +0 here.
    y = run(q_with({attr_i("output_dtype", to)}), v, {tf({1}, {0.0f}), Tensor::scalar<float>(test_context(), -1)});
    CHECK(bit_vals<T>(y[0]) == std::vector<int>{neg0});
    // An explicit zero point +0 (pattern 0x00) is added: -0 + +0 = +0; -2^-30 + 0 is still negative.
    y = run(Q, v, {x, Tensor::scalar<float>(test_context(), 1), Tensor::scalar(test_context(), T{0x00})});
    CHECK(bit_vals<T>(y[0]) == std::vector<int>{0x00, 0x00, neg0});
    // An explicit zero point -0, where the type has one: -0 + -0 = -0 and +0 + -0 = +0.
    if constexpr (has_neg0) {
      y = run(Q, v,
              {x, Tensor::scalar<float>(test_context(), 1),
               Tensor::scalar(test_context(), T{static_cast<uint8_t>(neg0)})});
      CHECK(bit_vals<T>(y[0]) == std::vector<int>{neg0, 0x00, neg0});
    }
  }
}

TEST_CASE("[Q7] dequantization subtracts the zero point and multiplies by the scale") {
  auto y = run(DQ, 10,
               {t<uint8_t>({4}, {0, 3, 128, 255}), Tensor::scalar<float>(test_context(), 2),
                Tensor::scalar<uint8_t>(test_context(), 128)});
  CHECK(vals<float>(y[0]) == std::vector<float>{-256, -250, 0, 254});
  y = run(DQ, 13,
          {t<int32_t>({2}, {std::numeric_limits<int32_t>::min(), 5}), Tensor::scalar<float>(test_context(), 0.5f)});
  CHECK(vals<float>(y[0]) == std::vector<float>{-1073741824.0f, 2.5f});
  y = run(dq_with({attr_i("axis", 0)}), 13,
          {t<int8_t>({2, 2}, {1, 2, 3, 4}), tf({2}, {1, 0.5f}), t<int8_t>({2}, {0, 2})});
  CHECK(vals<float>(y[0]) == std::vector<float>{1, 2, 0.5f, 1});
  // empty x
  CHECK(run(DQ, 13, {t<uint8_t>({0}, {}), Tensor::scalar<float>(test_context(), 1)})[0]->tensor().shape() == Shape{0});
}

TEST_CASE("[Q7] the product is rounded once to the output type: the scale's or output_dtype") {
  const float16_t s = num::to_float16(0.1);  // 1638 / 16384
  const Tensor x = t<uint8_t>({2}, {1, 3});
  auto y = run(DQ, 19, {x, Tensor::scalar(test_context(), s)});
  // 3 * 1638/16384 = 1228.5 / 4096: a tie in float16, rounded to the even 1228 / 4096
  const auto v = vals<float16_t>(y[0]);
  CHECK(num::to_double(v[0]) == 1638.0 / 16384);
  CHECK(num::to_double(v[1]) == 1228.0 / 4096);
  y = run(dq_with({attr_i("output_dtype", 1)}), 23, {x, Tensor::scalar(test_context(), s)});
  CHECK(vals<float>(y[0]) == std::vector<float>{1638.0f / 16384, 4914.0f / 16384});
  // 2^24 + 1 is not a float: ties to even gives 2^24
  y = run(DQ, 13, {t<int32_t>({1}, {16777217}), Tensor::scalar<float>(test_context(), 1)});
  CHECK(vals<float>(y[0]) == std::vector<float>{16777216.0f});
  // float8 input with a float8 zero point, float16 output
  y = run(DQ, 19,
          {t<float8e4m3fn_t>({2}, {{0x38}, {0xED}}), Tensor::scalar(test_context(), num::to_float16(2.0)),
           Tensor::scalar(test_context(), float8e4m3fn_t{0})});
  const auto w = vals<float16_t>(y[0]);
  CHECK(num::to_double(w[0]) == 2.0);     // 1 * 2
  CHECK(num::to_double(w[1]) == -208.0);  // 0xED = -1.625 * 64 = -104, times 2
}

TEST_CASE("[Q7] output and scale types outside the constraints are evaluation errors") {
  const Tensor x = t<uint8_t>({1}, {1});
  CHECK(clause_of([&] {
          (void)run(dq_with({attr_i("output_dtype", 6)}), 23, {x, Tensor::scalar<float>(test_context(), 1)});
        }) == "Q7");
  CHECK(clause_of([&] { (void)run(DQ, 24, {x, Tensor::scalar(test_context(), float8e8m0_t{127})}); }) == "Q7");
  CHECK(clause_of([&] { (void)run(DQ, 13, {x, Tensor::scalar<double>(test_context(), 1)}); }) == "Q7");
  CHECK(clause_of([&] { (void)run(DQ, 13, {tf({1}, {1}), Tensor::scalar<float>(test_context(), 1)}); }) == "Q7");
  // a float8e8m0 scale (128 encodes 2^(128-127) = 2) with output_dtype float works
  auto y = run(dq_with({attr_i("output_dtype", 1)}), 24, {x, Tensor::scalar(test_context(), float8e8m0_t{128})});
  CHECK(vals<float>(y[0]) == std::vector<float>{2});
}

TEST_CASE("[Q8][Q9] DynamicQuantizeLinear derives scale and zero point in float32") {
  const Node n = make_node("DynamicQuantizeLinear");
  auto r = run(n, 11, {tf({3}, {0, 51, 255})}, 3);
  CHECK(vals<float>(r[1]) == std::vector<float>{1});
  CHECK(vals<uint8_t>(r[2]) == std::vector<uint8_t>{0});
  CHECK(vals<uint8_t>(r[0]) == std::vector<uint8_t>{0, 51, 255});
  // range [-1, 1]: scale = f32(2 / 255) is slightly above 2/255, so 1 / scale is 127.49999 in float32
  r = run(n, 11, {tf({3}, {-1, 0, 1})}, 3);
  const float s = 2.0f / 255.0f;
  CHECK(vals<float>(r[1]) == std::vector<float>{s});
  CHECK(vals<uint8_t>(r[2]) == std::vector<uint8_t>{127});
  CHECK(vals<uint8_t>(r[0]) == std::vector<uint8_t>{0, 127, 254});
  // all zero and empty: scale 1, zero point 0
  r = run(n, 11, {tf({2}, {0, 0})}, 3);
  CHECK(vals<float>(r[1]) == std::vector<float>{1});
  CHECK(vals<uint8_t>(r[0]) == std::vector<uint8_t>{0, 0});
  r = run(n, 11, {tf({0}, {})}, 3);
  CHECK(vals<float>(r[1]) == std::vector<float>{1});
  CHECK(r[0]->tensor().shape() == Shape{0});
  const float nan = std::numeric_limits<float>::quiet_NaN();
  CHECK(clause_of([&] { (void)run(n, 11, {tf({2}, {1, nan})}, 3); }) == "Q8");
  CHECK(clause_of([&] { (void)run(n, 11, {t<double>({1}, {1.0})}, 3); }) == "Q8");
}

TEST_CASE("[Q1][Q5] QuantizeLinear-24: per-axis on a negative axis, ties to even, saturation at 0") {
  // column 0: scale 1, zero point 0; column 1: scale 2, zero point 10
  // 0.5 -> 0; 5 / 2 = 2.5 -> 2, + 10 = 12; 2.5 -> 2; -30 / 2 = -15, + 10 = -5 -> 0
  auto y = run(q_with({attr_i("axis", -1)}), 24,
               {tf({2, 2}, {0.5f, 5, 2.5f, -30}), tf({2}, {1, 2}), t<uint8_t>({2}, {0, 10})});
  CHECK(y[0]->tensor().shape() == Shape{2, 2});
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{0, 12, 2, 0});
}

TEST_CASE("[Q7] DequantizeLinear-25: int2 input with an int2 zero point") {
  // (x - zp) * 0.5 with zp = 1: -2 -> -1.5, -1 -> -1, 0 -> -0.5, 1 -> 0
  auto y = run(DQ, 25,
               {t<int2_t>({4}, {int2_t{-2}, int2_t{-1}, int2_t{0}, int2_t{1}}),
                Tensor::scalar<float>(test_context(), 0.5f), Tensor::scalar(test_context(), int2_t{1})});
  CHECK(vals<float>(y[0]) == std::vector<float>{-1.5f, -1, -0.5f, 0});
}

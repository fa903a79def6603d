// Conv and ConvTranspose (spec/ops-nn.md, NN10-NN14).
#include <cmath>
#include <cstring>
#include "ops/nn/test_util.hpp"

#include "runtime/parallel.hpp"
#include "runtime/work.hpp"

using namespace nntest;

TEST_CASE("[NN11] Conv 1-D: correlation with the kernel, zero padding and bias") {
  Tensor x = tf({1, 1, 4}, {1, 2, 3, 4});
  Tensor w = tf({1, 1, 3}, {1, 0, -1});
  auto y = run(make_node("Conv"), 11, {Value(x), Value(w)});
  CHECK(shape_of(y[0]) == Shape{1, 1, 2});
  CHECK(vals(y[0]) == std::vector<float>{-2, -2});
  y = run(make_node("Conv"), 11, {Value(x), Value(w), Value(tf({1}, {10}))});
  CHECK(vals(y[0]) == std::vector<float>{8, 8});
  y = run(make_node("Conv", {attr_is("pads", {1, 1})}), 1, {Value(x), Value(w)});
  CHECK(vals(y[0]) == std::vector<float>{-2, -2, -2, 3});
  // an absent optional bias
  y = run(make_node("Conv"), 22, {Value(x), Value(w), std::nullopt});
  CHECK(vals(y[0]) == std::vector<float>{-2, -2});
}

TEST_CASE("[NN11] Conv 2-D with strides and padding, several channels, groups, dilations, 3-D") {
  Tensor x = tf({1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  Tensor ones = tf({1, 1, 2, 2}, {1, 1, 1, 1});
  auto y = run(make_node("Conv"), 11, {Value(x), Value(ones)});
  CHECK(vals(y[0]) == std::vector<float>{12, 16, 24, 28});
  y = run(make_node("Conv", {attr_is("strides", {2, 2}), attr_is("pads", {1, 1, 1, 1})}), 11, {Value(x), Value(ones)});
  CHECK(shape_of(y[0]) == Shape{1, 1, 2, 2});
  CHECK(vals(y[0]) == std::vector<float>{1, 5, 11, 28});
  // two input channels summed
  y = run(make_node("Conv"), 11, {Value(tf({1, 2, 2}, {1, 2, 3, 4})), Value(tf({1, 2, 1}, {1, 10}))});
  CHECK(vals(y[0]) == std::vector<float>{31, 42});
  // group = 2: each output channel sees its own input channel
  y = run(make_node("Conv", {attr_i("group", 2)}), 11,
          {Value(tf({1, 2, 2}, {1, 2, 3, 4})), Value(tf({2, 1, 1}, {2, 3}))});
  CHECK(vals(y[0]) == std::vector<float>{2, 4, 9, 12});
  // dilation 2
  y = run(make_node("Conv", {attr_is("dilations", {2})}), 11,
          {Value(tf({1, 1, 5}, {1, 2, 3, 4, 5})), Value(tf({1, 1, 2}, {1, 1}))});
  CHECK(vals(y[0]) == std::vector<float>{4, 6, 8});
  // 3-D
  y = run(make_node("Conv"), 11,
          {Value(tf({1, 1, 2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8})), Value(tf({1, 1, 2, 2, 2}, {1, 1, 1, 1, 1, 1, 1, 1}))});
  CHECK(shape_of(y[0]) == Shape{1, 1, 1, 1, 1});
  CHECK(vals(y[0]) == std::vector<float>{36});
  // double
  auto yd = run(make_node("Conv"), 11, {Value(td({1, 1, 2}, {0.5, 0.25})), Value(td({1, 1, 2}, {2, 4}))});
  CHECK(vals<double>(yd[0]) == std::vector<double>{2});
}

TEST_CASE("[NN11] [NN5] Conv with auto_pad") {
  Tensor x = tf({1, 1, 4}, {1, 2, 3, 4});
  auto y = run(make_node("Conv", {attr_s("auto_pad", "SAME_UPPER")}), 11, {Value(x), Value(tf({1, 1, 3}, {1, 1, 1}))});
  CHECK(vals(y[0]) == std::vector<float>{3, 6, 9, 7});
  Tensor x3 = tf({1, 1, 3}, {1, 2, 3});
  Tensor w2 = tf({1, 1, 2}, {1, 2});
  y = run(make_node("Conv", {attr_s("auto_pad", "SAME_LOWER")}), 11, {Value(x3), Value(w2)});
  CHECK(vals(y[0]) == std::vector<float>{2, 5, 8});
  y = run(make_node("Conv", {attr_s("auto_pad", "SAME_UPPER")}), 11, {Value(x3), Value(w2)});
  CHECK(vals(y[0]) == std::vector<float>{5, 8, 3});
  y = run(make_node("Conv", {attr_s("auto_pad", "VALID")}), 11, {Value(x3), Value(w2)});
  CHECK(vals(y[0]) == std::vector<float>{5, 8});
}

TEST_CASE("[NN11] Conv accumulates in binary64 and rounds once (P1); empty batches") {
  // In binary32, 1e8 + 1 - 1e8 would be 0.
  auto y = run(make_node("Conv"), 11, {Value(tf({1, 1, 3}, {1e8f, 1, -1e8f})), Value(tf({1, 1, 3}, {1, 1, 1}))});
  CHECK(vals(y[0]) == std::vector<float>{1});
  y = run(make_node("Conv"), 11, {Value(tf({0, 1, 3}, {})), Value(tf({1, 1, 2}, {1, 1}))});
  CHECK(shape_of(y[0]) == Shape{0, 1, 2});
}

namespace {
// The definition of NN11, summed directly.
std::vector<double> naive_conv(const std::vector<float>& x, Shape xs, const std::vector<float>& w, Shape ws, int64_t G,
                               Shape strides, Shape pads, Shape dil, Shape& ys) {
  const int64_t N = xs[0], C = xs[1], H = xs[2], W = xs[3], M = ws[0], Cg = ws[1], KH = ws[2], KW = ws[3];
  const int64_t OH = (H + pads[0] + pads[2] - ((KH - 1) * dil[0] + 1)) / strides[0] + 1;
  const int64_t OW = (W + pads[1] + pads[3] - ((KW - 1) * dil[1] + 1)) / strides[1] + 1;
  ys = {N, M, OH, OW};
  std::vector<double> y;
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < M; ++m)
      for (int64_t oh = 0; oh < OH; ++oh)
        for (int64_t ow = 0; ow < OW; ++ow) {
          double s = 0;
          const int64_t g = m / (M / G);
          for (int64_t c = 0; c < Cg; ++c)
            for (int64_t kh = 0; kh < KH; ++kh)
              for (int64_t kw = 0; kw < KW; ++kw) {
                const int64_t ih = oh * strides[0] - pads[0] + kh * dil[0],
                              iw = ow * strides[1] - pads[1] + kw * dil[1];
                if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
                s += double(w[((m * Cg + c) * KH + kh) * KW + kw]) * x[((n * C + g * Cg + c) * H + ih) * W + iw];
              }
          y.push_back(s);
        }
  return y;
}
}  // namespace

TEST_CASE("[NN11] Conv agrees with the directly summed definition on a larger grouped case") {
  const Shape xs{2, 6, 9, 7}, ws{10, 3, 3, 2};
  std::vector<float> x, w;
  for (int64_t i = 0; i < 2 * 6 * 9 * 7; ++i) x.push_back(float((i * 37) % 23) / 8.0f - 1.0f);
  for (int64_t i = 0; i < 10 * 3 * 3 * 2; ++i) w.push_back(float((i * 11) % 17) / 4.0f - 2.0f);
  Shape ys;
  auto want = naive_conv(x, xs, w, ws, 2, {2, 1}, {1, 0, 1, 1}, {1, 2}, ys);
  auto y = run(make_node("Conv", {attr_i("group", 2), attr_is("strides", {2, 1}), attr_is("pads", {1, 0, 1, 1}),
                                  attr_is("dilations", {1, 2}), attr_is("kernel_shape", {3, 2})}),
               11, {Value(tf(xs, x)), Value(tf(ws, w))});
  CHECK(shape_of(y[0]) == ys);
  check_close(vals(y[0]), want, 1e-7);
}

TEST_CASE("[NN10] Conv shape preconditions") {
  Tensor x = tf({1, 2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK(clause_of([&] { run(make_node("Conv"), 11, {Value(x), Value(tf({1, 1, 2}, {1, 1}))}); }) == "NN10");
  CHECK(clause_of([&] { run(make_node("Conv"), 11, {Value(x), Value(tf({1, 2}, {1, 1}))}); }) == "NN10");
  CHECK(clause_of([&] {
          run(make_node("Conv", {attr_i("group", 2)}), 11, {Value(x), Value(tf({3, 1, 1}, {1, 1, 1}))});
        }) == "NN10");
  CHECK(clause_of([&] {
          run(make_node("Conv", {attr_i("group", 0)}), 11, {Value(x), Value(tf({1, 2, 1}, {1, 1}))});
        }) == "NN10");
  CHECK(clause_of([&] {
          run(make_node("Conv"), 11, {Value(x), Value(tf({1, 2, 1}, {1, 1})), Value(tf({2}, {0, 0}))});
        }) == "NN10");
  CHECK(clause_of([&] {
          run(make_node("Conv", {attr_is("kernel_shape", {2})}), 11, {Value(x), Value(tf({1, 2, 1}, {1, 1}))});
        }) == "NN10");
  CHECK(clause_of([&] { run(make_node("Conv"), 11, {Value(x), Value(td({1, 2, 1}, {1, 1}))}); }) == "NN10");
}

TEST_CASE("[NN13] [NN14] ConvTranspose scatters every input element through the kernel") {
  Tensor x = tf({1, 1, 3}, {1, 2, 3});
  Tensor w = tf({1, 1, 2}, {1, 1});
  auto y = run(make_node("ConvTranspose"), 11, {Value(x), Value(w)});
  CHECK(shape_of(y[0]) == Shape{1, 1, 4});
  CHECK(vals(y[0]) == std::vector<float>{1, 3, 5, 3});
  y = run(make_node("ConvTranspose", {attr_is("strides", {2})}), 11, {Value(x), Value(w)});
  CHECK(vals(y[0]) == std::vector<float>{1, 1, 2, 2, 3, 3});
  y = run(make_node("ConvTranspose", {attr_is("strides", {2}), attr_is("pads", {1, 1})}), 11, {Value(x), Value(w)});
  CHECK(vals(y[0]) == std::vector<float>{1, 2, 2, 3});
  y = run(make_node("ConvTranspose", {attr_is("strides", {2}), attr_is("output_shape", {5})}), 11,
          {Value(x), Value(w)});
  CHECK(vals(y[0]) == std::vector<float>{1, 2, 2, 3, 3});
  // an output_shape beyond the scattered extent: total padding -1, pad_begin = -1 - floor(-1/2) = 0, so the
  // extra position (bias only) is at the end
  y = run(make_node("ConvTranspose", {attr_is("output_shape", {5})}), 11, {Value(x), Value(w)});
  CHECK(vals(y[0]) == std::vector<float>{1, 3, 5, 3, 0});
  y = run(make_node("ConvTranspose", {attr_is("strides", {2}), attr_is("output_padding", {1})}), 11,
          {Value(x), Value(w), Value(tf({1}, {10}))});
  CHECK(vals(y[0]) == std::vector<float>{11, 11, 12, 12, 13, 13, 10});
  // two output channels, W is (C, M/group, k)
  y = run(make_node("ConvTranspose"), 11, {Value(tf({1, 1, 1}, {2})), Value(tf({1, 2, 1}, {1, 3}))});
  CHECK(shape_of(y[0]) == Shape{1, 2, 1});
  CHECK(vals(y[0]) == std::vector<float>{2, 6});
  CHECK(clause_of([&] {
          run(make_node("ConvTranspose", {attr_is("pads", {2, 3})}), 11, {Value(x), Value(w)});
        }) == "NN3");
}

TEST_CASE("[NN11] Conv on float16 and bfloat16: binary64 accumulation, one rounding") {
  // float16 1 = 0x3C00, 2048 = 0x6800; 2048 + 1 is not a float16 (ties to even: 2048), 2048 + 1 + 1 = 2050 is.
  auto h = [](uint16_t b) { return float16_t{b}; };
  Tensor x = Tensor::from_vector<float16_t>(test_context(), {1, 1, 3}, {h(0x6800), h(0x3C00), h(0x3C00)});
  Tensor w = Tensor::from_vector<float16_t>(test_context(), {1, 1, 3}, {h(0x3C00), h(0x3C00), h(0x3C00)});
  auto y = run(make_node("Conv"), 11, {Value(x), Value(w)});
  REQUIRE(y[0]->tensor().dtype() == DType::float16);
  CHECK(y[0]->tensor().data<float16_t>()[0].bits == 0x6801);  // 2050
  // bfloat16 1 = 0x3F80, 3 = 0x4040
  auto b = [](uint16_t v) { return bfloat16_t{v}; };
  Tensor xb = Tensor::from_vector<bfloat16_t>(test_context(), {1, 1, 2}, {b(0x3F80), b(0x3F80)});
  Tensor wb = Tensor::from_vector<bfloat16_t>(test_context(), {1, 1, 1}, {b(0x4040)});
  y = run(make_node("Conv"), 22, {Value(xb), Value(wb)});
  CHECK(y[0]->tensor().data<bfloat16_t>()[1].bits == 0x4040);
}

TEST_CASE("[L5] Conv counts its matrix products, not only the gathering of its taps") {
  // 100 output channels over 4 positions of one input channel: gathering costs 4 taps (plus the window
  // geometry), the product 100 x 4 x 1 = 400 units. A firing bound of 300 stops it, 1000 does not.
  Tensor x = tf({1, 1, 2, 2}, {1, 2, 3, 4});
  Tensor w = tf({100, 1, 1, 1}, std::vector<float>(100, 1.0f));
  {
    WorkBudget bound(1000, int64_t{1} << 40);
    auto y = run(make_node("Conv"), 11, {Value(x), Value(w)});
    CHECK(shape_of(y[0]) == Shape{1, 100, 2, 2});
  }
  WorkBudget bound(300, int64_t{1} << 40);
  CHECK(clause_of([&] { run(make_node("Conv"), 11, {Value(x), Value(w)}); }) == "L5");
}

TEST_CASE("[L3] ConvTranspose refuses a tap table beyond the allocation limit before building it") {
  // dilation 2^30 on a kernel of 2 taps: 2^30 + 3 output positions of 2 taps each, 16 GiB of table
  const Tensor x = tf({1, 1, 3}, {1, 2, 3}), w = tf({1, 1, 2}, {1, 1});
  CHECK(clause_of([&] {
          run(make_node("ConvTranspose", {attr_is("dilations", {int64_t{1} << 30})}), 11, {Value(x), Value(w)});
        }) == "L3");
  // a small dilation still works: taps 0 and 3 of the kernel [1, 1]
  auto y = run(make_node("ConvTranspose", {attr_is("dilations", {3})}), 11, {Value(x), Value(w)});
  CHECK(shape_of(y[0]) == Shape{1, 1, 6});
}

TEST_CASE("[NN11] a NaN weight reaches the outputs whose taps lie in the padding too") {
  // W * 0 is NaN, as in the product.
  auto y = run(make_node("Conv", {attr_i("group", 2), attr_is("pads", {1, 1})}), 11,
               {Value(tf({1, 2, 2}, {1, 2, 3, 4})), Value(tf({2, 1, 3}, {NAN, 1, 1, 0, 1, 0}))});
  const auto v = vals(y[0]);
  CHECK(std::isnan(v[0]));
  CHECK(std::isnan(v[1]));
  CHECK(v[2] == 3.0f);
  CHECK(v[3] == 4.0f);
}

namespace {
// NN11 term for term, in any rank: Y[n, m, o] = narrow(sum + B[m]), the sum from +0 adding
// W[m, c, j] * X(tap) in the order (c, j), a tap in the padding reading +0 (so W * 0 is added too).
std::vector<float> defined_conv(const std::vector<float>& x, const Shape& xs, const std::vector<float>& w,
                                const Shape& ws, const std::vector<float>& bias, int64_t G, const Shape& pads,
                                const Shape& dil, Shape& ys, const Shape& strides = {}) {
  const size_t rank = xs.size() - 2;
  const int64_t N = xs[0], C = xs[1], M = ws[0], Cg = ws[1];
  Shape in(xs.begin() + 2, xs.end()), k(ws.begin() + 2, ws.end()), out(rank);
  const Shape st = strides.empty() ? Shape(rank, 1) : strides;
  for (size_t d = 0; d < rank; ++d) out[d] = (in[d] + pads[d] + pads[rank + d] - (k[d] - 1) * dil[d] - 1) / st[d] + 1;
  ys = {N, M};
  ys.insert(ys.end(), out.begin(), out.end());
  const int64_t P = element_count(out), K = element_count(k), plane = element_count(in);
  std::vector<float> y;
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < M; ++m)
      for (int64_t p = 0; p < P; ++p) {
        const int64_t g = m / (M / G);
        double s = 0;
        for (int64_t c = 0; c < Cg; ++c)
          for (int64_t j = 0; j < K; ++j) {
            // Coordinates of p and j, last axis fastest; the input index of the tap, or none.
            int64_t rp = p, rj = j, idx = 0, scale = 1;
            bool inside = true;
            for (size_t d = rank; d-- > 0;) {
              const int64_t o = rp % out[d], t = rj % k[d];
              rp /= out[d];
              rj /= k[d];
              const int64_t q = o * st[d] - pads[d] + t * dil[d];
              inside = inside && q >= 0 && q < in[d];
              idx += q * scale;
              scale *= in[d];
            }
            const double xv = inside ? double(x[(n * C + g * Cg + c) * plane + idx]) : 0.0;
            s = s + double(w[(m * Cg + c) * K + j]) * xv;
          }
        y.push_back(static_cast<float>(s + double(bias[m])));
      }
  return y;
}

// Finite binary32 values over a wide range of exponents, with zeros of both signs.
std::vector<float> wide_values(int64_t n, uint32_t seed) {
  std::vector<float> v;
  uint32_t r = seed;
  for (int64_t i = 0; i < n; ++i) {
    r = r * 1664525u + 1013904223u;
    const int e = static_cast<int>((r >> 8) % 41) - 20;
    const float mant = static_cast<float>((r >> 12) % 1000003) / 1000003.0f + 0.5f;
    float f = std::ldexp(mant, e) * ((r & 1) ? -1.0f : 1.0f);
    if (r % 53 == 0) f = (r & 2) ? -0.0f : 0.0f;
    v.push_back(f);
  }
  return v;
}
// A Conv of X (xs), W (ws) and a bias on 1, 2 and 3 threads: the bits defined_conv gives, each time.
struct ConvCase {
  Shape xs, ws;
  int64_t group;
  Shape pads, dil, strides = {};
};
void check_defined_bits(const ConvCase& c, uint32_t& seed) {
  CAPTURE(c.xs);
  CAPTURE(c.ws);
  const auto x = wide_values(element_count(c.xs), seed++);
  const auto w = wide_values(element_count(c.ws), seed++);
  const auto b = wide_values(c.ws[0], seed++);
  Shape ys;
  const auto want = defined_conv(x, c.xs, w, c.ws, b, c.group, c.pads, c.dil, ys, c.strides);
  std::vector<Attribute> attrs{attr_i("group", c.group), attr_is("pads", c.pads), attr_is("dilations", c.dil)};
  if (!c.strides.empty()) attrs.push_back(attr_is("strides", c.strides));
  const Node node = make_node("Conv", attrs);
  // Every result kept to the end (and read in place), so that no run's output lands in storage that held an
  // earlier run's result, whose elements would hide any that a piece left unwritten.
  KeepAlive keep;
  for (int t : {1, 2, 3}) {
    CAPTURE(t);
    Threads threads(t);
    const auto& y = keep(run(node, 11, {Value(tf(c.xs, x)), Value(tf(c.ws, w)), Value(tf({c.ws[0]}, b))}));
    CHECK(shape_of(y[0]) == ys);
    const auto got = y[0]->tensor().data<float>();  // read in place: a copy freed here could be reused
    REQUIRE(got.size() == want.size());
    CHECK(std::memcmp(got.data(), want.data(), want.size() * sizeof(float)) == 0);
  }
}
}  // namespace

TEST_CASE(
    "[NN11] [E9] Conv with two or more spatial axes (taps read in place from the padded input's stride phases): the defined bits") {
  using Case = ConvCase;
  const Case cases[] = {
      // Groups, fewer output rows than a register tile, asymmetric padding, dilation along one axis.
      {{2, 6, 13, 21}, {10, 3, 3, 3}, 2, {1, 0, 2, 1}, {2, 1}},
      // 2304 rows of taps: several blocks of k and several tiles of rows.
      {{1, 256, 20, 40}, {8, 256, 3, 3}, 1, {1, 1, 1, 1}, {1, 1}},
      // 5x5, more output channels than positions per row.
      {{1, 8, 30, 40}, {20, 8, 5, 5}, 1, {2, 2, 2, 2}, {1, 1}},
      // Three spatial axes.
      {{1, 4, 5, 6, 7}, {7, 4, 3, 2, 3}, 1, {1, 0, 1, 1, 1, 0}, {1, 2, 1}},
      // No padding: the padded grid is the input.
      {{1, 3, 9, 30}, {6, 3, 2, 3}, 1, {0, 0, 0, 0}, {1, 1}},
      // Depthwise (one input and one output channel per group), two images; and two outputs per group.
      {{2, 8, 13, 11}, {8, 1, 3, 3}, 8, {1, 1, 1, 1}, {1, 1}},
      {{1, 4, 12, 17}, {8, 1, 3, 5}, 4, {1, 2, 0, 2}, {1, 1}},
      // Strides: 3x3 by 2 with groups and asymmetric padding over an odd extent (four phases).
      {{2, 6, 13, 21}, {10, 3, 3, 3}, 2, {1, 0, 2, 1}, {1, 1}, {2, 2}},
      // 7x7 by 2 over three channels, as a network's first layer.
      {{1, 3, 23, 30}, {8, 3, 7, 7}, 1, {3, 3, 3, 3}, {1, 1}, {2, 2}},
      // One tap by 2 (one phase), without and with padding.
      {{1, 16, 14, 15}, {12, 16, 1, 1}, 1, {0, 0, 0, 0}, {1, 1}, {2, 2}},
      {{1, 5, 9, 8}, {7, 5, 1, 1}, 1, {1, 0, 0, 1}, {1, 1}, {2, 3}},
      // Unequal strides with dilation (the dilated taps of the first axis all in one phase).
      {{1, 4, 17, 19}, {6, 4, 3, 3}, 1, {1, 2, 0, 1}, {2, 1}, {2, 3}},
      // Strides wider than the kernel: some phases never read.
      {{1, 3, 16, 16}, {4, 3, 2, 2}, 1, {0, 0, 1, 1}, {1, 1}, {3, 3}},
      // Depthwise by 2, two images; 2304 rows of taps by 2 (several blocks of k).
      {{2, 8, 13, 11}, {8, 1, 3, 3}, 8, {1, 1, 1, 1}, {1, 1}, {2, 2}},
      {{1, 256, 20, 40}, {8, 256, 3, 3}, 1, {1, 1, 1, 1}, {1, 1}, {2, 2}},
      // Three spatial axes, strided along two.
      {{1, 4, 9, 6, 11}, {5, 4, 3, 2, 3}, 1, {1, 0, 1, 1, 1, 0}, {1, 2, 1}, {2, 1, 2}},
      // Depthwise with work enough to be shared among threads (cut by groups), two images; and by 2.
      {{2, 40, 30, 30}, {40, 1, 3, 3}, 40, {1, 1, 1, 1}, {1, 1}},
      {{1, 72, 33, 29}, {72, 1, 3, 3}, 72, {1, 1, 1, 1}, {1, 1}, {2, 2}},
  };
  uint32_t seed = 1;
  for (const Case& c : cases) check_defined_bits(c, seed);
}

TEST_CASE("[NN11] [E9] depthwise and ordinary Conv with work enough to share: the defined bits on 1, 2 and 3 threads") {
  const ConvCase cases[] = {
      // A depthwise 3x3 (one channel per group, padding 1, stride 2 along one axis), two outputs per group
      // likewise, and an ordinary 3x3 with 48 output channels.
      {{1, 16, 40, 33}, {16, 1, 3, 3}, 16, {1, 1, 1, 1}, {1, 1}, {1, 2}},
      {{1, 16, 40, 33}, {48, 16, 3, 3}, 1, {1, 1, 1, 1}, {1, 1}, {1, 2}},
      {{1, 16, 40, 33}, {32, 1, 3, 3}, 16, {1, 1, 1, 1}, {1, 1}, {1, 2}},
      // Fewer positions (36) than output channels (128): shared by slices of the rows over every position.
      {{1, 32, 6, 6}, {128, 32, 3, 3}, 1, {1, 1, 1, 1}, {1, 1}},
      // The same with a kernel of one tap (the matrix of taps is X itself, spread into panels).
      {{1, 256, 6, 6}, {128, 256, 1, 1}, 1, {0, 0, 0, 0}, {1, 1}},
      // More positions than output channels but fewer than three per channel, in one tile: also by slices
      // of the rows. One tap over 300 positions and 128 channels; and 3x3 by 2 over 64 channels (576 rows
      // of taps: gathered), 64 positions and 48 channels, two images (each piece gathers its own taps).
      {{1, 256, 15, 20}, {128, 256, 1, 1}, 1, {0, 0, 0, 0}, {1, 1}},
      {{2, 64, 15, 15}, {48, 64, 3, 3}, 1, {1, 1, 1, 1}, {1, 1}, {2, 2}},
  };
  uint32_t seed = 201;
  for (const ConvCase& c : cases) check_defined_bits(c, seed);
}

TEST_CASE(
    "[NN11] [E9] grouped Conv with work enough to share, cut by groups where there are as many as threads: the defined bits") {
  const ConvCase cases[] = {
      // One tap (the direct path), four groups of 16 channels in and 32 out.
      {{1, 64, 40, 40}, {128, 16, 1, 1}, 4, {0, 0, 0, 0}, {1, 1}},
      // 3x3 by 2 over 48 channels per group (the taps gathered), two groups: fewer than three threads.
      {{1, 96, 20, 20}, {64, 48, 3, 3}, 2, {1, 1, 1, 1}, {1, 1}, {2, 2}},
      // 3x3 read in place, four groups of 8 channels in and 16 out, two images.
      {{2, 32, 40, 40}, {64, 8, 3, 3}, 4, {1, 1, 1, 1}, {1, 1}},
      // Two groups, read in place.
      {{1, 16, 40, 40}, {32, 8, 3, 3}, 2, {1, 1, 1, 1}, {1, 1}},
  };
  uint32_t seed = 101;
  for (const ConvCase& c : cases) check_defined_bits(c, seed);
}

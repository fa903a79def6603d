// DeformConv-19/22 (spec/ops-nn.md, DC1-DC5). Expected values are worked out by hand: a tap moved by its
// offset reads the linear interpolation of its two (per axis) neighbours, a neighbour outside X reading 0.
#include <cmath>
#include <limits>

#include "ops/nn/test_util.hpp"

using namespace nntest;

namespace {
std::vector<float> deform(const Node& n, int64_t version, std::vector<std::optional<Value>> in) {
  return vals(run(n, version, std::move(in))[0]);
}
}  // namespace

TEST_CASE("[DC5] with zero offsets DeformConv is Conv") {
  // X = 0..8 as 3x3, W = [[1, 2], [3, 4]]: Y[0,0] = 0 + 2 + 9 + 16 = 27, then 37, 57, 67.
  const Tensor x = tf({1, 1, 3, 3}, {0, 1, 2, 3, 4, 5, 6, 7, 8});
  const Tensor w = tf({1, 1, 2, 2}, {1, 2, 3, 4});
  const Tensor off = tf({1, 8, 2, 2}, std::vector<float>(32, 0.0f));
  auto y = run(make_node("DeformConv"), 19, {Value(x), Value(w), Value(off)});
  CHECK(shape_of(y[0]) == Shape{1, 1, 2, 2});
  CHECK(vals(y[0]) == std::vector<float>{27, 37, 57, 67});
  // 1-D with pads [1, 1] and zero offsets: taps at -1..4 over X = [1, 2, 3, 4], W = [1, 1]: output extent 5.
  y = run(make_node("DeformConv", {attr_is("pads", {1, 1})}), 22,
          {Value(tf({1, 1, 4}, {1, 2, 3, 4})), Value(tf({1, 1, 2}, {1, 1})),
           Value(tf({1, 2, 5}, std::vector<float>(10, 0.0f)))});
  CHECK(vals(y[0]) == std::vector<float>{1, 3, 5, 7, 4});
}

TEST_CASE("[DC3] fractional offsets interpolate linearly, zero outside the input") {
  // X = [1, 2, 4] (1x3), 1x1 kernel: offsets (dy, dx) per output position; dy = 0.
  const Tensor x = tf({1, 1, 1, 3}, {1, 2, 4});
  const Tensor w = tf({1, 1, 1, 1}, {1});
  // dx = 0.5, -0.5, 0.25: positions 0.5 -> (1 + 2) / 2; 0.5 -> 1.5; 2.25 -> 0.75 * 4 + 0.25 * 0 (outside) = 3.
  CHECK(deform(make_node("DeformConv"), 19,
               {Value(x), Value(w), Value(tf({1, 2, 1, 3}, {0, 0, 0, 0.5f, -0.5f, 0.25f}))}) ==
        std::vector<float>{1.5f, 1.5f, 3});
  // dx = -0.5 at position 0: -0.5 -> half of X[0]; dx = -1 at position 1: exactly X[0]; dx = -3: outside.
  CHECK(deform(make_node("DeformConv"), 19, {Value(x), Value(w), Value(tf({1, 2, 1, 3}, {0, 0, 0, -0.5f, -1, -3}))}) ==
        std::vector<float>{0.5f, 1, 0});
  // dy = 0.5 in a single row: half of the element, the other neighbour row lies outside.
  CHECK(
      deform(make_node("DeformConv"), 19, {Value(x), Value(w), Value(tf({1, 2, 1, 3}, {0.5f, 0.5f, 0.5f, 0, 0, 0}))}) ==
      std::vector<float>{0.5f, 1, 2});
}

TEST_CASE("[DC3] two axes and NaN offsets") {
  // A 1x1 kernel with strides 2 over 2x2 X gives one output position at (0, 0).
  const Node n = make_node("DeformConv", {attr_is("strides", {2, 2})});
  const Tensor x = tf({1, 1, 2, 2}, {1, 2, 3, 4});
  const Tensor w = tf({1, 1, 1, 1}, {1});
  CHECK(deform(n, 19, {Value(x), Value(w), Value(tf({1, 2, 1, 1}, {0.5f, 0.5f}))}) == std::vector<float>{2.5f});
  // (0.5, 1.5): the corners (0, 1), (1, 1) are inside with weight 1/4 each, the others outside: (2 + 4) / 4.
  CHECK(deform(n, 19, {Value(x), Value(w), Value(tf({1, 2, 1, 1}, {0.5f, 1.5f}))}) == std::vector<float>{1.5f});
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  CHECK(std::isnan(deform(n, 19, {Value(x), Value(w), Value(tf({1, 2, 1, 1}, {nan, 0}))})[0]));
  CHECK(deform(n, 19, {Value(x), Value(w), Value(tf({1, 2, 1, 1}, {inf, 0}))}) == std::vector<float>{0});
}

TEST_CASE("[DC5] mask, bias, groups and offset groups") {
  const Tensor x = tf({1, 1, 1, 3}, {1, 2, 4});
  const Tensor w = tf({1, 1, 1, 1}, {1});
  const Tensor off = tf({1, 2, 1, 3}, {0, 0, 0, 0.5f, -0.5f, 0.25f});  // samples 1.5, 1.5, 3
  // mask [2, 0, 1] and bias 10: 13, 10, 13.
  CHECK(deform(make_node("DeformConv"), 22,
               {Value(x), Value(w), Value(off), Value(tf({1}, {10})), Value(tf({1, 1, 1, 3}, {2, 0, 1}))}) ==
        std::vector<float>{13, 10, 13});
  // Two channels, two offset groups: channel 0 unmoved, channel 1 moved by dx = 1; W = [1, 1] sums them.
  const Tensor x2 = tf({1, 2, 1, 2}, {1, 2, 10, 20});
  const Tensor off2 = tf({1, 4, 1, 2}, {0, 0, 0, 0, 0, 0, 1, 1});
  CHECK(deform(make_node("DeformConv", {attr_i("offset_group", 2)}), 19,
               {Value(x2), Value(tf({1, 2, 1, 1}, {1, 1})), Value(off2)}) == std::vector<float>{21, 2});
  // Two groups: output channel 0 sees input channel 0, output channel 1 sees input channel 1 (weight 3).
  CHECK(deform(make_node("DeformConv", {attr_i("group", 2)}), 19,
               {Value(x2), Value(tf({2, 1, 1, 1}, {1, 3})), Value(tf({1, 2, 1, 2}, {0, 0, 0, 0}))}) ==
        std::vector<float>{1, 2, 30, 60});
  // 1-D, strides 2, per-tap offsets: y[0] = X(0.5) + X(1) = 5 + 10, y[1] = X(2) + X(4) (outside) = 20.
  CHECK(deform(make_node("DeformConv", {attr_is("strides", {2})}), 19,
               {Value(tf({1, 1, 4}, {0, 10, 20, 30})), Value(tf({1, 1, 2}, {1, 1})),
                Value(tf({1, 2, 2}, {0.5f, 0, 0, 1}))}) == std::vector<float>{15, 20});
}

TEST_CASE("[DC1] [DC2] [DC4] operand shapes, groups and attributes are checked") {
  const Value x(tf({1, 2, 1, 2}, {1, 2, 3, 4}));
  const Value w(tf({1, 2, 1, 1}, {1, 1}));
  const Value off(tf({1, 2, 1, 2}, {0, 0, 0, 0}));
  auto fails = [&](const Node& n, std::vector<std::optional<Value>> in) {
    return clause_of([&] { (void)run(n, 19, std::move(in)); });
  };
  const Node plain = make_node("DeformConv");
  CHECK(fails(plain, {x, w, off}).empty());
  CHECK(fails(plain, {x, Value(tf({1, 1, 1, 1}, {1})), off}) == "DC1");               // W axis 1 is not C/group
  CHECK(fails(make_node("DeformConv", {attr_i("group", 0)}), {x, w, off}) == "DC1");  // group 0
  CHECK(fails(make_node("DeformConv", {attr_i("group", 2)}), {x, w, off}) == "DC1");  // M = 1 not divisible by 2
  CHECK(fails(plain, {x, Value(td({1, 2, 1, 1}, {1, 1})), off}) == "DC1");            // W of another type
  CHECK(fails(plain, {x, w, off, Value(tf({2}, {1, 1}))}) == "DC1");                  // bias of 2 for M = 1
  CHECK(fails(plain, {x, w, Value(tf({1, 2, 1, 1}, {0, 0}))}) == "DC2");              // offset extent 1, output 2
  CHECK(fails(make_node("DeformConv", {attr_i("offset_group", 3)}), {x, w, off}) == "DC2");  // C = 2 not divisible
  CHECK(fails(make_node("DeformConv", {attr_i("offset_group", 2)}), {x, w, off}) == "DC2");  // offset needs 4 channels
  CHECK(fails(plain, {x, w, off, std::nullopt, Value(tf({1, 2, 1, 2}, {1, 1, 1, 1}))}) == "DC2");  // mask of 2 channels
  CHECK(fails(make_node("DeformConv", {attr_s("auto_pad", "SAME_UPPER")}), {x, w, off}) == "DC4");
  CHECK(fails(make_node("DeformConv", {attr_is("kernel_shape", {2, 2})}), {x, w, off}) == "DC1");
  CHECK(fails(plain, {Value(tf({2, 2}, {1, 2, 3, 4})), w, off}) == "NN1");
  CHECK(fails(make_node("DeformConv", {attr_is("strides", {0, 1})}), {x, w, off}) == "NN2");
}

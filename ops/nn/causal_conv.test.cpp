// CausalConvWithState-27 (spec/ops-nn.md, CC1-CC4). Expected values are worked out by hand from the
// definition: the padded line past ++ input, a k-tap depthwise dot product per position, the last k - 1
// elements of the padded line as the new state.
#include <cmath>
#include <limits>

#include "ops/nn/test_util.hpp"
#include "values/numeric.hpp"

using namespace nntest;

namespace {
Node ccws(const std::string& act = "") {
  return act.empty() ? make_node("CausalConvWithState") : make_node("CausalConvWithState", {attr_s("activation", act)});
}
double silu(double z) { return z / (1.0 + std::exp(-z)); }
}  // namespace

TEST_CASE("[CC2] [CC3] causal depthwise convolution without past state and bias") {
  // One batch, two channels, L = 3, k = 2. Channel 0: W = [1, 10], X = [1, 2, 3]; padded [0, 1, 2, 3].
  // y = [0*1 + 1*10, 1*1 + 2*10, 2*1 + 3*10] = [10, 21, 32]; state = [3].
  // Channel 1: W = [2, -1], X = [4, 5, 6]; padded [0, 4, 5, 6]; y = [-4, 8 - 5, 10 - 6] = [-4, 3, 4].
  auto y = run(ccws(), 27, {Value(tf({1, 2, 3}, {1, 2, 3, 4, 5, 6})), Value(tf({2, 1, 2}, {1, 10, 2, -1}))}, 2);
  CHECK(shape_of(y[0]) == Shape{1, 2, 3});
  CHECK(vals(y[0]) == std::vector<float>{10, 21, 32, -4, 3, 4});
  CHECK(shape_of(y[1]) == Shape{1, 2, 1});
  CHECK(vals(y[1]) == std::vector<float>{3, 6});
}

TEST_CASE("[CC2] [CC3] past state and bias; the state of a short input keeps part of the past") {
  // k = 3, past [7, 8], X = [1] (decode step), W = [1, 2, 3], bias 0.5: padded [7, 8, 1];
  // y = 7 + 16 + 3 + 0.5 = 26.5; present = [8, 1].
  auto y = run(ccws(), 27,
               {Value(td({1, 1, 1}, {1})), Value(td({1, 1, 3}, {1, 2, 3})), Value(td({1}, {0.5})),
                Value(td({1, 1, 2}, {7, 8}))},
               2);
  CHECK(vals<double>(y[0]) == std::vector<double>{26.5});
  CHECK(vals<double>(y[1]) == std::vector<double>{8, 1});
  // Empty input (L = 0): no output positions, and the state is the past state unchanged.
  y = run(ccws(), 27,
          {Value(td({1, 1, 0}, {})), Value(td({1, 1, 3}, {1, 2, 3})), std::nullopt, Value(td({1, 1, 2}, {7, 8}))}, 2);
  CHECK(shape_of(y[0]) == Shape{1, 1, 0});
  CHECK(vals<double>(y[1]) == std::vector<double>{7, 8});
  // k = 1: a pointwise scale, and a state of extent 0.
  y = run(ccws(), 27, {Value(tf({1, 1, 2}, {3, 4})), Value(tf({1, 1, 1}, {2}))}, 2);
  CHECK(vals(y[0]) == std::vector<float>{6, 8});
  CHECK(shape_of(y[1]) == Shape{1, 1, 0});
}

TEST_CASE("[CC4] silu and swish apply z * sigmoid(z) after the convolution") {
  // k = 1, W = [1]: y = silu(x).
  for (const char* act : {"silu", "swish"}) {
    auto y = run(ccws(act), 27, {Value(td({1, 1, 3}, {0, 1, -2})), Value(td({1, 1, 1}, {1}))});
    const std::vector<double> got = vals<double>(y[0]);
    CHECK(got[0] == 0);
    CHECK(got[1] == doctest::Approx(silu(1)).epsilon(1e-15));
    CHECK(got[2] == doctest::Approx(silu(-2)).epsilon(1e-15));
  }
  // at infinities silu is z * sigmoid(z) in IEEE arithmetic, as Swish (EW23): +inf, and NaN at -inf
  const auto inf = std::numeric_limits<double>::infinity();
  const auto yi = vals<double>(
      run(ccws("silu"), 27, {Value(td({1, 1, 2}, {inf, -inf})), Value(td({1, 1, 1}, {1}))})[0]);
  CHECK(yi[0] == inf);
  CHECK(std::isnan(yi[1]));
  auto y = run(ccws("none"), 27, {Value(td({1, 1, 1}, {-2})), Value(td({1, 1, 1}, {1}))});
  CHECK(vals<double>(y[0]) == std::vector<double>{-2});
  CHECK(clause_of([&] {
          (void)run(ccws("relu"), 27, {Value(td({1, 1, 1}, {1})), Value(td({1, 1, 1}, {1}))});
        }) == "CC4");
  // float16 is computed in binary64 and rounded once: silu(1) = 0.7310585786300049 -> 0.73095703125.
  const Tensor h = Tensor::from_vector<float16_t>(test_context(), {1, 1, 1}, {num::to_float16(1.0)});
  y = run(ccws("silu"), 27, {Value(h), Value(h)});
  CHECK(num::to_double(vals<float16_t>(y[0])[0]) == 0.73095703125);
}

TEST_CASE("[CC1] operand shapes and element types are checked") {
  const Value x(tf({1, 2, 3}, {1, 2, 3, 4, 5, 6}));
  const Value w(tf({2, 1, 2}, {1, 1, 1, 1}));
  auto fails = [&](std::vector<std::optional<Value>> in) { return clause_of([&] { (void)run(ccws(), 27, in); }); };
  CHECK(fails({Value(tf({2, 3}, {1, 2, 3, 4, 5, 6})), w}) == "CC1");                // input of rank 2
  CHECK(fails({x, Value(tf({3, 1, 2}, {1, 1, 1, 1, 1, 1}))}) == "CC1");             // 3 channels of weight for 2
  CHECK(fails({x, Value(tf({2, 2, 1}, {1, 1, 1, 1}))}) == "CC1");                   // not depthwise
  CHECK(fails({x, Value(tf({2, 1, 0}, {}))}) == "CC1");                             // k = 0
  CHECK(fails({x, Value(td({2, 1, 2}, {1, 1, 1, 1}))}) == "CC1");                   // weight of another type
  CHECK(fails({x, w, Value(tf({3}, {1, 1, 1}))}) == "CC1");                         // bias of 3
  CHECK(fails({x, w, std::nullopt, Value(tf({1, 2, 2}, {1, 1, 1, 1}))}) == "CC1");  // state of k, not k - 1
  CHECK(fails({x, w, std::nullopt, Value(tf({1, 2, 1}, {1, 1}))}).empty());
}

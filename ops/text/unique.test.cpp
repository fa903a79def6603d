// Tests of Unique (spec/ops-text.md, TX30-TX32).
#include <cmath>

#include "ops/text/test_util.hpp"

using namespace txtest;
using I = std::vector<int64_t>;

namespace {
std::vector<std::optional<Value>> unique(const Tensor& x, std::vector<Attribute> attrs = {}) {
  return run(make_node("Unique", std::move(attrs), 4), 11, {Value(x)}, 4);
}
}  // namespace

TEST_CASE("[TX31] [TX32] sorted and first-occurrence order without axis") {
  const Tensor x = Tensor::from_vector<float>(test_context(), {6}, {2, 1, 1, 3, 4, 3});
  auto r = unique(x);
  CHECK(vals<float>(r[0]) == std::vector<float>{1, 2, 3, 4});
  CHECK(vals<int64_t>(r[1]) == I{1, 0, 3, 4});
  CHECK(vals<int64_t>(r[2]) == I{1, 0, 0, 2, 3, 2});
  CHECK(vals<int64_t>(r[3]) == I{2, 1, 2, 1});
  r = unique(x, {attr_i("sorted", 0)});
  CHECK(vals<float>(r[0]) == std::vector<float>{2, 1, 3, 4});
  CHECK(vals<int64_t>(r[1]) == I{0, 1, 3, 4});
  CHECK(vals<int64_t>(r[2]) == I{0, 1, 1, 2, 3, 2});
  CHECK(vals<int64_t>(r[3]) == I{1, 2, 2, 1});
  // A matrix is flattened; a scalar is one item.
  r = unique(i64({2, 2}, {7, -1, 7, 7}));
  CHECK(shape_of(r[0]) == Shape{2});
  CHECK(vals<int64_t>(r[0]) == I{-1, 7});
  CHECK(vals<int64_t>(r[2]) == I{1, 0, 1, 1});
  r = unique(i64({}, {5}));
  CHECK(vals<int64_t>(r[0]) == I{5});
  r = unique(i64({0}, {}));
  CHECK(shape_of(r[0]) == Shape{0});
  CHECK(shape_of(r[2]) == Shape{0});
  CHECK(clause_of([&] { unique(x, {attr_i("sorted", 2)}); }) == "TX31");
}

TEST_CASE("[TX30] slices along an axis, negative axis, NaN and signed zero, strings") {
  auto r = unique(i64({3, 3}, {1, 0, 0, 1, 0, 0, 2, 3, 4}), {attr_i("axis", 0)});
  CHECK(shape_of(r[0]) == Shape{2, 3});
  CHECK(vals<int64_t>(r[0]) == I{1, 0, 0, 2, 3, 4});
  CHECK(vals<int64_t>(r[1]) == I{0, 2});
  CHECK(vals<int64_t>(r[2]) == I{0, 0, 1});
  CHECK(vals<int64_t>(r[3]) == I{2, 1});
  // Columns (2,2) and (1,0): the second sorts first.
  r = unique(i64({2, 2}, {2, 1, 2, 0}), {attr_i("axis", -1)});
  CHECK(shape_of(r[0]) == Shape{2, 2});
  CHECK(vals<int64_t>(r[0]) == I{1, 2, 0, 2});
  CHECK(vals<int64_t>(r[1]) == I{1, 0});
  CHECK(vals<int64_t>(r[2]) == I{1, 0});
  const double nan = std::nan("");
  r = unique(Tensor::from_vector<double>(test_context(), {5}, {nan, 0.0, -0.0, 1, nan}));
  auto y = vals<double>(r[0]);
  REQUIRE(y.size() == 3);
  CHECK(y[0] == 0.0);
  CHECK_FALSE(std::signbit(y[0]));
  CHECK(y[1] == 1);
  CHECK(std::isnan(y[2]));
  CHECK(vals<int64_t>(r[1]) == I{1, 3, 0});
  CHECK(vals<int64_t>(r[2]) == I{2, 0, 0, 1, 2});
  CHECK(vals<int64_t>(r[3]) == I{2, 1, 2});
  r = unique(strs({4}, {"b", "a", "b", ""}));
  CHECK(vals<std::string>(r[0]) == std::vector<std::string>{"", "a", "b"});
  CHECK(vals<int64_t>(r[3]) == I{1, 1, 2});
  r = unique(Tensor::from_vector<bool>(test_context(), {3}, {true, false, true}), {attr_i("sorted", 0)});
  CHECK(vals<bool>(r[0]) == std::vector<bool>{true, false});
  CHECK(clause_of([&] { unique(i64({2}, {1, 2}), {attr_i("axis", 1)}); }) == "X1");
}

// Tests of CumProd (spec/ops-reduce.md, TX55, TX56); CumSum's (RD26) are in axis.test.cpp.
#include <cmath>
#include <limits>

#include "ops/common/testing.hpp"
#include "ops/registry.hpp"

using namespace onnxsem;
using ops::testing::clause_of, ops::testing::shape_of, ops::testing::vals;
using D = std::vector<double>;

namespace {
Tensor f32(Shape s, std::vector<float> v) { return ops::testing::tf(std::move(s), std::move(v)); }
Tensor i64(Shape s, std::vector<int64_t> v) { return ops::testing::ti64(std::move(s), std::move(v)); }
std::vector<std::optional<Value>> cumprod(const Tensor& x, const Tensor& axis, int64_t exclusive = 0,
                                          int64_t reverse = 0) {
  return ops::testing::run_op(ops::add_reduce, "CumProd", 26, {Value(x), Value(axis)},
                              {ops::testing::attr_i("exclusive", exclusive), ops::testing::attr_i("reverse", reverse)});
}
}  // namespace

TEST_CASE("[TX56] running products: exclusive, reverse, axes, wrap-around and binary64 accumulation") {
  const Tensor x = Tensor::from_vector<double>(test_context(), {5}, {1, 2, 3, 4, 5});
  const Tensor ax0 = Tensor::scalar<int64_t>(test_context(), 0);
  CHECK(vals<double>(cumprod(x, ax0)[0]) == D{1, 2, 6, 24, 120});
  CHECK(vals<double>(cumprod(x, ax0, 1)[0]) == D{1, 1, 2, 6, 24});
  CHECK(vals<double>(cumprod(x, ax0, 0, 1)[0]) == D{120, 120, 60, 20, 5});
  CHECK(vals<double>(cumprod(x, ax0, 1, 1)[0]) == D{120, 60, 20, 5, 1});
  const Tensor m = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK(vals<float>(cumprod(m, Tensor::from_vector<int32_t>(test_context(), {1}, {1}))[0]) ==
        std::vector<float>{1, 2, 6, 4, 20, 120});
  CHECK(vals<float>(cumprod(m, Tensor::scalar<int64_t>(test_context(), -1))[0]) ==
        std::vector<float>{1, 2, 6, 4, 20, 120});
  CHECK(vals<float>(cumprod(m, ax0)[0]) == std::vector<float>{1, 2, 3, 4, 10, 18});
  // int32 wraps: 2^16 * 2^16 = 2^32 -> 0; signs multiply.
  auto r = cumprod(Tensor::from_vector<int32_t>(test_context(), {3}, {65536, 65536, 7}), ax0);
  CHECK(vals<int32_t>(r[0]) == std::vector<int32_t>{65536, 0, 0});
  r = cumprod(Tensor::from_vector<int32_t>(test_context(), {2}, {-2, 3}), ax0);
  CHECK(vals<int32_t>(r[0]) == std::vector<int32_t>{-2, -6});
  r = cumprod(Tensor::from_vector<uint64_t>(test_context(), {2}, {uint64_t{1} << 63, 3}), ax0);
  CHECK(vals<uint64_t>(r[0]) == std::vector<uint64_t>{uint64_t{1} << 63, uint64_t{1} << 63});
  // float: the product 2^200 overflows binary32 but the running product stays in binary64.
  const float big = std::ldexp(1.0f, 100), small = std::ldexp(1.0f, -100);
  auto f = vals<float>(cumprod(f32({3}, {big, big, small}), ax0)[0]);
  CHECK(f[0] == big);
  CHECK(f[1] == std::numeric_limits<float>::infinity());
  CHECK(f[2] == big);
  CHECK(shape_of(cumprod(f32({0, 2}, {}), ax0)[0]) == Shape{0, 2});
}

TEST_CASE("[TX55] CumProd axis input") {
  const Tensor x = f32({2}, {1, 2});
  CHECK(clause_of([&] { cumprod(x, i64({2}, {0, 0})); }) == "TX55");
  CHECK(clause_of([&] { cumprod(x, f32({}, {0})); }) == "TX55");
  CHECK(clause_of([&] { cumprod(f32({}, {1}), Tensor::scalar<int64_t>(test_context(), 0)); }) == "TX55");
  CHECK(clause_of([&] { cumprod(x, Tensor::scalar<int64_t>(test_context(), 1)); }) == "X1");
}

// Tests of Det and CumProd (spec/ops-text.md, TX50-TX56).
#include <cmath>
#include <limits>

#include "ops/text/test_util.hpp"
#include "semantics/numeric.hpp"

using namespace txtest;
using D = std::vector<double>;

namespace {
std::vector<std::optional<Value>> det(const Tensor& x, int64_t version = 22) {
  return run(make_node("Det"), version, {Value(x)});
}
std::vector<std::optional<Value>> cumprod(const Tensor& x, const Tensor& axis, int64_t exclusive = 0,
                                          int64_t reverse = 0) {
  return run(make_node("CumProd", {attr_i("exclusive", exclusive), attr_i("reverse", reverse)}), 26,
             {Value(x), Value(axis)});
}
}  // namespace

TEST_CASE("[TX51] determinants of small matrices, with pivoting, batches and M = 0") {
  auto y = det(Tensor::from_vector<double>({2, 2}, {1, 2, 3, 4}), 11);
  CHECK(shape_of(y[0]) == Shape{});
  CHECK(vals<double>(y[0]) == D{-2});
  y = det(Tensor::from_vector<double>({3, 3}, {6, 1, 1, 4, -2, 5, 2, 8, 7}));
  CHECK(vals<double>(y[0])[0] == doctest::Approx(-306).epsilon(1e-14));
  y = det(Tensor::from_vector<double>({2, 2}, {0, 1, 1, 0}));
  CHECK(vals<double>(y[0]) == D{-1});
  y = det(Tensor::from_vector<double>({2, 2}, {1, 2, 2, 4}));
  CHECK(vals<double>(y[0]) == D{0});
  y = det(f32({2, 2, 2}, {1, 2, 3, 4, 2, 0, 0, 3}));
  CHECK(shape_of(y[0]) == Shape{2});
  CHECK(vals<float>(y[0]) == std::vector<float>{-2, 6});
  // A NaN element gives NaN, also where the first column is zero (found by generated graphs: the zero
  // pivot ended the elimination at 0).
  y = det(Tensor::from_vector<double>({2, 2}, {0, std::nan(""), 0, 1}));
  CHECK(std::isnan(vals<double>(y[0])[0]));
  y = det(Tensor::from_vector<double>({2, 2}, {1, 2, 3, std::nan("")}));
  CHECK(std::isnan(vals<double>(y[0])[0]));
  y = det(f32({3, 0, 0}, {}));
  CHECK(vals<float>(y[0]) == std::vector<float>{1, 1, 1});
  // float16: computed in binary64, rounded once.
  std::vector<float16_t> h{num::to_float16(1), num::to_float16(2), num::to_float16(3), num::to_float16(4)};
  y = det(Tensor::from_vector<float16_t>({2, 2}, h));
  CHECK(num::to_double(vals<float16_t>(y[0])[0]) == -2);
  CHECK(kind_of([&] { det(i64({1, 1}, {1})); }) == ErrorKind::unsupported);
}

TEST_CASE("[TX50] Det needs square trailing matrices") {
  CHECK(clause_of([&] { det(f32({2, 3}, {1, 2, 3, 4, 5, 6})); }) == "TX50");
  CHECK(clause_of([&] { det(f32({2}, {1, 2})); }) == "TX50");
}

TEST_CASE("[TX56] running products: exclusive, reverse, axes, wrap-around and binary64 accumulation") {
  const Tensor x = Tensor::from_vector<double>({5}, {1, 2, 3, 4, 5});
  const Tensor ax0 = Tensor::scalar<int64_t>(0);
  CHECK(vals<double>(cumprod(x, ax0)[0]) == D{1, 2, 6, 24, 120});
  CHECK(vals<double>(cumprod(x, ax0, 1)[0]) == D{1, 1, 2, 6, 24});
  CHECK(vals<double>(cumprod(x, ax0, 0, 1)[0]) == D{120, 120, 60, 20, 5});
  CHECK(vals<double>(cumprod(x, ax0, 1, 1)[0]) == D{120, 60, 20, 5, 1});
  const Tensor m = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK(vals<float>(cumprod(m, Tensor::from_vector<int32_t>({1}, {1}))[0]) == std::vector<float>{1, 2, 6, 4, 20, 120});
  CHECK(vals<float>(cumprod(m, Tensor::scalar<int64_t>(-1))[0]) == std::vector<float>{1, 2, 6, 4, 20, 120});
  CHECK(vals<float>(cumprod(m, ax0)[0]) == std::vector<float>{1, 2, 3, 4, 10, 18});
  // int32 wraps: 2^16 * 2^16 = 2^32 -> 0; signs multiply.
  auto r = cumprod(Tensor::from_vector<int32_t>({3}, {65536, 65536, 7}), ax0);
  CHECK(vals<int32_t>(r[0]) == std::vector<int32_t>{65536, 0, 0});
  r = cumprod(Tensor::from_vector<int32_t>({2}, {-2, 3}), ax0);
  CHECK(vals<int32_t>(r[0]) == std::vector<int32_t>{-2, -6});
  r = cumprod(Tensor::from_vector<uint64_t>({2}, {uint64_t{1} << 63, 3}), ax0);
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
  CHECK(clause_of([&] { cumprod(f32({}, {1}), Tensor::scalar<int64_t>(0)); }) == "TX55");
  CHECK(clause_of([&] { cumprod(x, Tensor::scalar<int64_t>(1)); }) == "X1");
}

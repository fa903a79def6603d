// Tests of Det (spec/ops-linalg.md, TX50, TX51).
#include <cmath>
#include <limits>

#include "ops/linalg/test_util.hpp"
#include "values/numeric.hpp"

using namespace lat;
using DV = std::vector<double>;

namespace {
Tensor det(const Tensor& x, int64_t version = 22) { return run1(NodeB("Det"), version, {Value(x)}); }
}  // namespace

TEST_CASE("[TX51] determinants of small matrices, with pivoting, batches and M = 0") {
  auto y = det(Tensor::from_vector<double>(test_context(), {2, 2}, {1, 2, 3, 4}), 11);
  CHECK(y.shape() == Shape{});
  CHECK(vals<double>(y) == DV{-2});
  y = det(Tensor::from_vector<double>(test_context(), {3, 3}, {6, 1, 1, 4, -2, 5, 2, 8, 7}));
  CHECK(vals<double>(y)[0] == doctest::Approx(-306).epsilon(1e-14));
  y = det(Tensor::from_vector<double>(test_context(), {2, 2}, {0, 1, 1, 0}));
  CHECK(vals<double>(y) == DV{-1});
  y = det(Tensor::from_vector<double>(test_context(), {2, 2}, {1, 2, 2, 4}));
  CHECK(vals<double>(y) == DV{0});
  y = det(F({2, 2, 2}, {1, 2, 3, 4, 2, 0, 0, 3}));
  CHECK(y.shape() == Shape{2});
  CHECK(vals<float>(y) == std::vector<float>{-2, 6});
  // A NaN element gives NaN, also where the first column is zero (found by generated graphs: the zero
  // pivot ended the elimination at 0).
  y = det(Tensor::from_vector<double>(test_context(), {2, 2}, {0, std::nan(""), 0, 1}));
  CHECK(std::isnan(vals<double>(y)[0]));
  y = det(Tensor::from_vector<double>(test_context(), {2, 2}, {1, 2, 3, std::nan("")}));
  CHECK(std::isnan(vals<double>(y)[0]));
  y = det(F({3, 0, 0}, {}));
  CHECK(vals<float>(y) == std::vector<float>{1, 1, 1});
  // float16: computed in binary64, rounded once.
  std::vector<float16_t> h{num::to_float16(1), num::to_float16(2), num::to_float16(3), num::to_float16(4)};
  y = det(Tensor::from_vector<float16_t>(test_context(), {2, 2}, h));
  CHECK(num::to_double(vals<float16_t>(y)[0]) == -2);
  CHECK(kind_of([&] { det(I64({1, 1}, {1})); }) == ErrorKind::unsupported);
}

TEST_CASE("[TX50] Det needs square trailing matrices") {
  CHECK(clause_of(NodeB("Det"), 22, {F({2, 3}, {1, 2, 3, 4, 5, 6})}) == "TX50");
  CHECK(clause_of(NodeB("Det"), 22, {F({2}, {1, 2})}) == "TX50");
}

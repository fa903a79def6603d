// Tests of the binary64 matrix product (ops/common/product.hpp; spec/precision.md, P2).
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <array>
#include <random>

#include "ops/common/product.hpp"

using namespace onnxsem;
using namespace onnxsem::ops;

namespace {
// The definition: for each element, +0 then the products added in increasing k, each rounded first.
template <class TA, class TB>
std::vector<double> textbook(int64_t m, int64_t n, int64_t k, MatrixView<TA> a, MatrixView<TB> b) {
  std::vector<double> c(static_cast<size_t>(m * n));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double s = 0.0;
      for (int64_t q = 0; q < k; ++q) {
        volatile double p = static_cast<double>(a.at(i, q)) * static_cast<double>(b.at(q, j));  // rounded product
        s = s + p;
      }
      c[static_cast<size_t>(i * n + j)] = s;
    }
  return c;
}

bool same_bits(const std::vector<double>& x, const std::vector<double>& y) {
  return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(double)) == 0;
}
}  // namespace

TEST_CASE("[P2] the blocked product gives the textbook sum's bits, at every size and edge") {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  // Sizes around the register tile (6 x 8) and the cache blocks (96 x 256 x 2048).
  const int64_t sizes[][3] = {{1, 1, 1}, {1, 4096, 300}, {5, 7, 3}, {6, 8, 1}, {7, 9, 257}, {13, 17, 600},
                              {97, 33, 20}, {2, 2050, 5}, {100, 3, 513}};
  for (const auto& sz : sizes) {
    const int64_t m = sz[0], n = sz[1], k = sz[2];
    CAPTURE(m);
    CAPTURE(n);
    CAPTURE(k);
    std::vector<float> a(static_cast<size_t>(m * k)), b(static_cast<size_t>(k * n));
    for (auto& x : a) x = static_cast<float>(u(rng));
    for (auto& x : b) x = static_cast<float>(u(rng));
    const MatrixView<float> va{a.data(), k, 1}, vb{b.data(), n, 1};
    std::vector<double> c(static_cast<size_t>(m * n), 42.0);
    product(m, n, k, va, vb, c.data(), n);
    CHECK(same_bits(c, textbook(m, n, k, va, vb)));
    // The same matrices read transposed through strides: A^T stored [k, m], B^T stored [n, k].
    std::vector<double> at(a.size()), bt(b.size());
    for (int64_t i = 0; i < m; ++i)
      for (int64_t q = 0; q < k; ++q) at[static_cast<size_t>(q * m + i)] = a[static_cast<size_t>(i * k + q)];
    for (int64_t q = 0; q < k; ++q)
      for (int64_t j = 0; j < n; ++j) bt[static_cast<size_t>(j * k + q)] = b[static_cast<size_t>(q * n + j)];
    std::vector<double> ct(static_cast<size_t>(m * n));
    product(m, n, k, MatrixView<double>{at.data(), 1, m}, MatrixView<double>{bt.data(), 1, k}, ct.data(), n);
    CHECK(same_bits(ct, c));
  }
}

TEST_CASE("[P2] products are rounded before they are added (no fused multiply-add)") {
  // -1 * 1 + (1 + 2^-30)^2: the product rounds to 1 + 2^-29, so the sum is exactly 2^-29; a fused
  // multiply-add would keep the 2^-60 of the exact product.
  const double e = std::ldexp(1.0, -30);
  const double a[] = {-1.0, 1.0 + e}, b[] = {1.0, 1.0 + e};
  double c = 7.0;
  product(1, 1, 2, MatrixView<double>{a, 2, 1}, MatrixView<double>{b, 1, 1}, &c, 1);
  CHECK(c == std::ldexp(1.0, -29));
  // Wide enough to use the register tile rather than an edge.
  std::vector<double> aa(12 * 2), bb(2 * 16), cc(12 * 16);
  for (int i = 0; i < 12; ++i) aa[i * 2] = -1.0, aa[i * 2 + 1] = 1.0 + e;
  for (int j = 0; j < 16; ++j) bb[j] = 1.0, bb[16 + j] = 1.0 + e;
  product(12, 16, 2, MatrixView<double>{aa.data(), 2, 1}, MatrixView<double>{bb.data(), 16, 1}, cc.data(), 16);
  for (double x : cc) CHECK(x == std::ldexp(1.0, -29));
}

TEST_CASE("[P2] accumulating continues each sum; K = 0 gives +0; the sum starts at +0") {
  const double a[] = {1.0, 2.0, 3.0, 4.0}, b[] = {10.0, 20.0};
  std::vector<double> c = {0.5, 0.25, 0.125, 0.0625};
  product(2, 2, 1, MatrixView<double>{a, 2, 1}, MatrixView<double>{b, 2, 1}, c.data(), 2, true);
  CHECK(c == std::vector<double>{10.5, 20.25, 30.125, 60.0625});
  std::vector<double> z = {9.0, 9.0};
  product(1, 2, 0, MatrixView<double>{a, 0, 1}, MatrixView<double>{b, 2, 1}, z.data(), 2);
  CHECK(z == std::vector<double>{0.0, 0.0});
  // -0 * 1 added to +0 is +0: the sum starts at +0, not at the first product.
  const double nz[] = {-0.0}, one[] = {1.0};
  double r = 5.0;
  product(1, 1, 1, MatrixView<double>{nz, 1, 1}, MatrixView<double>{one, 1, 1}, &r, 1);
  CHECK(r == 0.0);
  CHECK(!std::signbit(r));
}

TEST_CASE("[P2] a product from a packed B gives the same bits as from B itself") {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (const auto& sz : {std::array<int64_t, 3>{1, 1, 1}, {7, 13, 300}, {96, 9, 27}, {100, 2100, 3}}) {
    const int64_t m = sz[0], n = sz[1], k = sz[2];
    std::vector<double> a(static_cast<size_t>(m * k)), b(static_cast<size_t>(k * n));
    for (auto& x : a) x = u(rng);
    for (auto& x : b) x = u(rng);
    std::vector<double> packed(static_cast<size_t>(packed_size(k, n)), 0.0);
    for (int64_t q = 0; q < k; ++q)
      for (int64_t j = 0; j < n; ++j) packed[static_cast<size_t>(packed_index(k, q, j))] = b[static_cast<size_t>(q * n + j)];
    std::vector<double> c1(static_cast<size_t>(m * n)), c2(static_cast<size_t>(m * n));
    const MatrixView<double> va{a.data(), k, 1};
    product(m, n, k, va, MatrixView<double>{b.data(), n, 1}, c1.data(), n);
    product_packed(n, pack(m, k, va), packed.data(), c2.data(), n);
    CHECK(same_bits(c1, c2));
    CHECK(same_bits(c1, textbook(m, n, k, va, MatrixView<double>{b.data(), n, 1})));
  }
}

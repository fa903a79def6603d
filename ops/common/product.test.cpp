// Tests of the binary64 matrix product (ops/common/product.hpp; spec/precision.md, P2).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <string>

#include "ops/common/product.hpp"
#include "values/testing.hpp"

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

// `count` binary32 values drawn from [-1, 1).
std::vector<float> random_binary32(int64_t count, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<float> v(static_cast<size_t>(count));
  for (auto& x : v) x = static_cast<float>(u(rng));
  return v;
}

// B (k x n, row-major) in the packed form product_packed_rows reads (packed_index), widened.
template <class T>
std::vector<double> packed_b(const std::vector<T>& b, int64_t k, int64_t n) {
  std::vector<double> packed(static_cast<size_t>(packed_size(k, n)), 0.0);
  for (int64_t q = 0; q < k; ++q)
    for (int64_t j = 0; j < n; ++j)
      packed[static_cast<size_t>(packed_index(k, q, j))] = b[static_cast<size_t>(q * n + j)];
  return packed;
}

bool same_bits(const std::vector<double>& x, const std::vector<double>& y) {
  return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(double)) == 0;
}
}  // namespace

TEST_CASE("[P2] the blocked product gives the textbook sum's bits, at every size and edge") {
  std::mt19937_64 rng(7);
  // Sizes around the register tile (6 x 8) and the cache blocks (96 x 256 x 2048).
  const int64_t sizes[][3] = {
      {1, 1, 1},    {1, 4096, 300}, {5, 7, 3},     {6, 8, 1},     {7, 9, 257}, {13, 17, 600},
      {97, 33, 20}, {2, 2050, 5},   {100, 3, 513}, {8, 2059, 260}};  // two column blocks, the second ending in a partial panel
  for (const auto& sz : sizes) {
    const int64_t m = sz[0], n = sz[1], k = sz[2];
    CAPTURE(m);
    CAPTURE(n);
    CAPTURE(k);
    const std::vector<float> a = random_binary32(m * k, rng), b = random_binary32(k * n, rng);
    const MatrixView<float> va{a.data(), k, 1}, vb{b.data(), n, 1};
    std::vector<double> c(static_cast<size_t>(m * n), 42.0);
    product(test_context(), m, n, k, va, vb, c.data(), n);
    CHECK(same_bits(c, textbook(m, n, k, va, vb)));
    // The same matrices read transposed through strides: A^T stored [k, m], B^T stored [n, k].
    std::vector<double> at(a.size()), bt(b.size());
    for (int64_t i = 0; i < m; ++i)
      for (int64_t q = 0; q < k; ++q) at[static_cast<size_t>(q * m + i)] = a[static_cast<size_t>(i * k + q)];
    for (int64_t q = 0; q < k; ++q)
      for (int64_t j = 0; j < n; ++j) bt[static_cast<size_t>(j * k + q)] = b[static_cast<size_t>(q * n + j)];
    std::vector<double> ct(static_cast<size_t>(m * n));
    product(test_context(), m, n, k, MatrixView<double>{at.data(), 1, m}, MatrixView<double>{bt.data(), 1, k},
            ct.data(), n);
    CHECK(same_bits(ct, c));
  }
}

TEST_CASE("[P2] products are rounded before they are added (no fused multiply-add)") {
  // -1 * 1 + (1 + 2^-30)^2: the product rounds to 1 + 2^-29, so the sum is exactly 2^-29; a fused
  // multiply-add would keep the 2^-60 of the exact product.
  const double e = std::ldexp(1.0, -30);
  const double a[] = {-1.0, 1.0 + e}, b[] = {1.0, 1.0 + e};
  double c = 7.0;
  product(test_context(), 1, 1, 2, MatrixView<double>{a, 2, 1}, MatrixView<double>{b, 1, 1}, &c, 1);
  CHECK(c == std::ldexp(1.0, -29));
  // Wide enough to use the register tile rather than an edge.
  std::vector<double> aa(12 * 2), bb(2 * 16), cc(12 * 16);
  for (int i = 0; i < 12; ++i) aa[i * 2] = -1.0, aa[i * 2 + 1] = 1.0 + e;
  for (int j = 0; j < 16; ++j) bb[j] = 1.0, bb[16 + j] = 1.0 + e;
  product(test_context(), 12, 16, 2, MatrixView<double>{aa.data(), 2, 1}, MatrixView<double>{bb.data(), 16, 1},
          cc.data(), 16);
  for (double x : cc) CHECK(x == std::ldexp(1.0, -29));
}

TEST_CASE("[P2] accumulating continues each sum; K = 0 gives +0; the sum starts at +0") {
  const double a[] = {1.0, 2.0, 3.0, 4.0}, b[] = {10.0, 20.0};
  std::vector<double> c = {0.5, 0.25, 0.125, 0.0625};
  product(test_context(), 2, 2, 1, MatrixView<double>{a, 2, 1}, MatrixView<double>{b, 2, 1}, c.data(), 2, true);
  CHECK(c == std::vector<double>{10.5, 20.25, 30.125, 60.0625});
  std::vector<double> z = {9.0, 9.0};
  product(test_context(), 1, 2, 0, MatrixView<double>{a, 0, 1}, MatrixView<double>{b, 2, 1}, z.data(), 2);
  CHECK(z == std::vector<double>{0.0, 0.0});
  // -0 * 1 added to +0 is +0: the sum starts at +0, not at the first product.
  const double nz[] = {-0.0}, one[] = {1.0};
  double r = 5.0;
  product(test_context(), 1, 1, 1, MatrixView<double>{nz, 1, 1}, MatrixView<double>{one, 1, 1}, &r, 1);
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
    const std::vector<double> packed = packed_b(b, k, n);
    std::vector<double> c1(static_cast<size_t>(m * n)), c2(static_cast<size_t>(m * n));
    const MatrixView<double> va{a.data(), k, 1};
    product(test_context(), m, n, k, va, MatrixView<double>{b.data(), n, 1}, c1.data(), n);
    product_packed_rows(n, va, m, k, 0, m, packed.data(), c2.data(), n, false, false);
    CHECK(same_bits(c1, c2));
    CHECK(same_bits(c1, textbook(m, n, k, va, MatrixView<double>{b.data(), n, 1})));
  }
}

TEST_CASE("[E9] [P2] on 1, 2 and 3 threads the product gives the textbook sum's bits (column and row slices)") {
  std::mt19937_64 rng(23);
  // Wide C (sliced by columns), tall narrow C (sliced by rows), one too small to share, and products of
  // fewer rows than a register tile (a fully connected layer on one image: B's columns sliced).
  for (const auto& sz : {std::array<int64_t, 3>{130, 260, 300},
                         {400, 9, 700},
                         {3, 5, 7},
                         {61, 1000, 40},
                         {1, 600, 500},
                         {3, 400, 200}}) {
    const int64_t m = sz[0], n = sz[1], k = sz[2];
    CAPTURE(m);
    CAPTURE(n);
    const std::vector<float> a = random_binary32(m * k, rng), b = random_binary32(k * n, rng);
    const MatrixView<float> va{a.data(), k, 1}, vb{b.data(), n, 1};
    const std::vector<double> want = textbook(m, n, k, va, vb);
    for (int t : {1, 2, 3}) {
      CAPTURE(t);
      Threads threads(t);
      std::vector<double> c(static_cast<size_t>(m * n), -1.0);
      product(test_context(), m, n, k, va, vb, c.data(), n);
      CHECK(same_bits(c, want));
      // B packed; rows of C in slices of whole register panels, as a convolution hands them out.
      const std::vector<double> packed = packed_b(b, k, n);
      std::vector<double> c2(static_cast<size_t>(m * n), -1.0);
      const int64_t cut = (m / 2) / product_detail::kMR * product_detail::kMR;
      product_packed_rows(n, va, m, k, cut, m, packed.data(), c2.data(), n, false, true);
      product_packed_rows(n, va, m, k, 0, cut, packed.data(), c2.data(), n, false, true);
      CHECK(same_bits(c2, want));
      // Narrowed by the product to binary32 (Conv's output), over every block of k: after an addend per row
      // (B added last), and from sums that start at the addend (B added first, `accumulate`).
      std::vector<double> add(static_cast<size_t>(m));
      for (auto& v : add) v = static_cast<float>(std::ldexp(static_cast<double>(rng() % 2001) - 1000.0, -10));
      std::vector<float> y(static_cast<size_t>(m * n), 7.0f), want_last(y.size()), want_first(y.size());
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
          const size_t e = static_cast<size_t>(i * n + j);
          want_last[e] = static_cast<float>(want[e] + add[static_cast<size_t>(i)]);
          double sum = add[static_cast<size_t>(i)];
          for (int64_t q = 0; q < k; ++q) {
            volatile double p = static_cast<double>(va.at(i, q)) * static_cast<double>(vb.at(q, j));
            sum = sum + p;
          }
          want_first[e] = static_cast<float>(sum);
        }
      const product_detail::Narrowing last{y.data(), n, add.data()}, first{y.data(), n, nullptr};
      product_packed_rows(n, va, m, k, cut, m, packed.data(), c2.data(), n, false, true, &last);
      product_packed_rows(n, va, m, k, 0, cut, packed.data(), c2.data(), n, false, true, &last);
      CHECK(std::memcmp(y.data(), want_last.data(), y.size() * sizeof(float)) == 0);
      for (int64_t i = 0; i < m; ++i)
        std::fill(c2.begin() + i * n, c2.begin() + (i + 1) * n, add[static_cast<size_t>(i)]);
      std::fill(y.begin(), y.end(), 7.0f);
      product_packed_rows(n, va, m, k, cut, m, packed.data(), c2.data(), n, true, true, &first);
      product_packed_rows(n, va, m, k, 0, cut, packed.data(), c2.data(), n, true, true, &first);
      CHECK(std::memcmp(y.data(), want_first.data(), y.size() * sizeof(float)) == 0);
    }
  }
}

namespace {
// The instruction-set variants this processor runs: the register kernel and the loops of each.
struct Variant {
  const char* name;
  product_detail::PanelsFn* panels;
  const product_detail::VectorLoops* loops;
};
std::vector<Variant> variants_here() {
  using namespace product_detail;
  std::vector<Variant> variants{{"baseline", baseline::panels, &baseline::vector_loops}};
#if defined(__x86_64__)
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    variants.push_back({"avx2", avx2::panels, &avx2::vector_loops});
  if (__builtin_cpu_supports("avx512f")) variants.push_back({"avx512", avx512::panels, &avx512::vector_loops});
#endif
  return variants;
}

// The definition on packed panels: each element from +0 (or its value), products rounded, added in k order.
std::vector<double> textbook_panels(int64_t mc, int64_t nc, int64_t kc, const std::vector<double>& ap,
                                    const std::vector<double>& bp, std::vector<double> c, bool from_zero) {
  using namespace product_detail;
  for (int64_t i = 0; i < mc; ++i)
    for (int64_t j = 0; j < nc; ++j) {
      double s = from_zero ? 0.0 : c[static_cast<size_t>(i * nc + j)];
      for (int64_t q = 0; q < kc; ++q) {
        volatile double p = ap[static_cast<size_t>(i * kc + q)] *
                            bp[static_cast<size_t>((j / kNR) * kNR * kc + q * kNR + j % kNR)];
        s = s + p;
      }
      c[static_cast<size_t>(i * nc + j)] = s;
    }
  return c;
}
}  // namespace

TEST_CASE("[P2] every instruction-set variant of the register kernel this processor runs gives the textbook bits") {
  using namespace product_detail;
  const auto variants = variants_here();
  MESSAGE("variants run here: " << variants.size());
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(-1e3, 1e3);
  // Partial tiles in both directions; 37 columns: two double panels, then a partial one. 17 rows: a tile of
  // six, then (where a variant takes up to twelve at once) the last eleven together; 8 and 3 rows: one tile.
  for (const int64_t mc : {17, 8, 3}) {
    CAPTURE(mc);
    const int64_t nc = 37, kc = 301;
    std::vector<double> ap(static_cast<size_t>((mc + kMR - 1) / kMR * kMR * kc)),
        bp(static_cast<size_t>((nc + kNR - 1) / kNR * kNR * kc));
    std::vector<double> start(static_cast<size_t>(mc * nc));
    for (auto& v : start) v = u(rng);
    // Binary32 operands, exact products (`exact`, where a variant may fuse), among them the extremes of
    // binary32: the largest finite, the least normal and subnormal values, and zeros of both signs.
    const float extremes[] = {3.4028235e38f, -3.4028235e38f, 1.17549435e-38f, 1.4e-45f, -1.4e-45f, 0.0f, -0.0f};
    // Binary64 operands, inexact products (a fused multiply-add would round differently).
    for (bool exact : {true, false}) {
      for (size_t q = 0; q < ap.size(); ++q)
        ap[q] = exact ? (q % 97 < 7 ? extremes[q % 97] : static_cast<float>(u(rng))) : u(rng) * (1.0 + 0x1p-40);
      for (size_t q = 0; q < bp.size(); ++q)
        bp[q] = exact ? (q % 89 < 7 ? extremes[q % 89] : static_cast<float>(u(rng))) : u(rng) * (1.0 + 0x1p-41);
      // B read in place: B(kk, j) = src[koff[kk] + j], rows at overlapping offsets (as a convolution's taps
      // read a padded input), against the definition on the same matrix packed.
      std::vector<double> src(static_cast<size_t>(2000 + nc + kNR));
      for (size_t q = 0; q < src.size(); ++q)
        src[q] = exact ? (q % 89 < 7 ? extremes[q % 89] : static_cast<float>(u(rng))) : u(rng) * (1.0 + 0x1p-41);
      std::vector<int64_t> koff(static_cast<size_t>(kc));
      for (auto& o : koff) o = static_cast<int64_t>(rng() % 2000);
      std::vector<double> packed(bp.size(), 0.0);
      for (int64_t kk = 0; kk < kc; ++kk)
        for (int64_t j = 0; j < nc; ++j) packed[packed_index(kc, kk, j)] = src[koff[kk] + j];
      for (bool in_place : {false, true})
        for (bool from_zero : {true, false}) {
          CAPTURE(exact);
          CAPTURE(in_place);
          CAPTURE(from_zero);
          const std::vector<double> want = textbook_panels(mc, nc, kc, ap, in_place ? packed : bp, start, from_zero);
          for (const auto& variant : variants) {
            const char* const name = variant.name;
            CAPTURE(name);
            std::vector<double> c = start;
            auto run = [&](const Narrowing* narrowing) {
              if (in_place)
                variant.panels(mc, nc, kc, ap.data(), src.data(), 0, koff.data(), c.data(), nc, from_zero, exact,
                               narrowing);
              else
                variant.panels(mc, nc, kc, ap.data(), bp.data(), kNR * kc, nullptr, c.data(), nc, from_zero, exact,
                               narrowing);
            };
            run(nullptr);
            CHECK(same_bits(c, want));
            // Narrowed to binary32 by the kernel, with a binary64 addend per row (among them -0, which leaves
            // a sum of -0 as it is, and +0, which turns it into +0) or none: the bits of narrow_float<float>
            // of the sum plus the addend. C is left as it was.
            for (bool with_add : {true, false}) {
              CAPTURE(with_add);
              std::vector<double> add(static_cast<size_t>(mc));
              for (size_t i = 0; i < add.size(); ++i) add[i] = i % 4 == 0 ? 0.0 : i % 4 == 1 ? -0.0 : u(rng) * 1e-3;
              std::vector<float> y(static_cast<size_t>(mc * nc), 7.0f), want_y(y.size());
              for (int64_t i = 0; i < mc; ++i)
                for (int64_t j = 0; j < nc; ++j) {
                  const double sum = want[static_cast<size_t>(i * nc + j)];
                  want_y[static_cast<size_t>(i * nc + j)] = static_cast<float>(
                      with_add ? sum + add[static_cast<size_t>(i)] : sum);
                }
              c = start;
              const Narrowing narrowing{y.data(), nc, with_add ? add.data() : nullptr};
              run(&narrowing);
              CHECK(std::memcmp(y.data(), want_y.data(), y.size() * sizeof(float)) == 0);
              CHECK(same_bits(c, start));
            }
          }
        }
    }
  }
}

TEST_CASE(
    "[P2] the fused kernels are kept to exact products: told (wrongly) that binary64 products are exact, they differ") {
  // This checks the test above can fail: the AVX variants do fuse when `exact` is set, so `exact` must be
  // (and is, by exact_products) false for binary64 operands.
  using namespace product_detail;
  static_assert(exact_products<float, float> && !exact_products<double, float> && !exact_products<float, double>);
  const auto variants = variants_here();
  std::mt19937_64 rng(9);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const int64_t mc = 6, nc = 16, kc = 64;
  std::vector<double> ap(static_cast<size_t>(kMR * kc)), bp(static_cast<size_t>(2 * kNR * kc));
  for (auto& v : ap) v = u(rng);
  for (auto& v : bp) v = u(rng);
  const std::vector<double> want = textbook_panels(mc, nc, kc, ap, bp, std::vector<double>(mc * nc), true);
  for (const auto& variant : variants) {
    if (std::string(variant.name) == "baseline") continue;
    const char* const name = variant.name;
    CAPTURE(name);
    std::vector<double> fused(static_cast<size_t>(mc * nc)), separate(static_cast<size_t>(mc * nc));
    variant.panels(mc, nc, kc, ap.data(), bp.data(), kNR * kc, nullptr, fused.data(), nc, true, true, nullptr);
    variant.panels(mc, nc, kc, ap.data(), bp.data(), kNR * kc, nullptr, separate.data(), nc, true, false, nullptr);
    CHECK(same_bits(separate, want));
    CHECK_FALSE(same_bits(fused, want));
  }
}

namespace {
template <class T>
bool same_bits(const T* x, const T* y, size_t n) {
  return std::memcmp(x, y, n * sizeof(T)) == 0;
}
}  // namespace

TEST_CASE(
    "[P1] every instruction-set variant of the conversion loops gives the bits of widen and narrow_float element by element") {
  using namespace product_detail;
  const auto variants = variants_here();
  std::mt19937_64 rng(11);
  // Binary32 values of every kind: random bit patterns (NaNs, infinities, subnormals included) and the extremes.
  const int64_t n = 203;  // 25 panels and a partial one
  std::vector<float> x(static_cast<size_t>(n));
  for (auto& v : x) {
    const uint32_t bits = static_cast<uint32_t>(rng());
    std::memcpy(&v, &bits, sizeof v);
  }
  const float extremes[] = {3.4028235e38f, -3.4028235e38f, 1.17549435e-38f, 1.4e-45f,  -1.4e-45f,
                            0.0f,          -0.0f,          INFINITY,        -INFINITY, NAN};
  for (size_t q = 0; q < std::size(extremes); ++q) x[q * 13] = extremes[q];
  // Binary64 sums to narrow: random values across binary32's range and beyond it, ties, overflow, underflow.
  std::vector<double> d(static_cast<size_t>(n));
  std::uniform_real_distribution<double> expo(-160.0, 140.0);
  for (auto& v : d)
    v = std::ldexp((rng() & 1 ? -1.0 : 1.0) * (1.0 + static_cast<double>(rng() % (1u << 30)) * 0x1p-30),
                   static_cast<int>(expo(rng)));
  const double special[] = {1.0 + 0x1p-24,
                            1.0 + 0x1p-24 + 0x1p-52,
                            0x1.fffffefffffffp127,
                            0x1.ffffffp127,
                            0x1p-150,
                            0x1.8p-149,
                            -0.0,
                            INFINITY,
                            NAN,
                            0x1p-1074};
  for (size_t q = 0; q < std::size(special); ++q) d[q * 17] = special[q];
  // For sum_taps (below): positions in a run of 32, a run of 8 and the single ones where each of the three
  // taps' products is -0, so that their sum is +0 only when it starts at +0.
  for (const size_t t : {size_t{40}, size_t{165}, size_t{189}}) {
    d[t] = -0.0, d[t + 2] = 0.0, d[t + 5] = -0.0;
    x[t] = -0.0f, x[t + 2] = 0.0f, x[t + 5] = -0.0f;
  }
  // Offsets for the gathers: runs of kNR consecutive entries, scattered entries and padding (-1).
  std::vector<int64_t> offs(static_cast<size_t>(n));
  std::vector<char> runs(static_cast<size_t>((n + kNR - 1) / kNR));
  for (int64_t q = 0; q * kNR < n; ++q) {
    runs[static_cast<size_t>(q)] = q % 3 == 0 && (q + 1) * kNR <= n;
    const int64_t base = static_cast<int64_t>(rng() % static_cast<uint64_t>(n - kNR));
    for (int64_t u = 0; u < kNR && q * kNR + u < n; ++u)
      offs[static_cast<size_t>(q * kNR + u)] = runs[static_cast<size_t>(q)]
                                                   ? base + u
                                                   : (rng() % 4 == 0
                                                          ? -1
                                                          : static_cast<int64_t>(rng() % static_cast<uint64_t>(n)));
  }
  const int64_t stride = 3 * kNR;  // panels 3*kNR doubles apart, as in a packed matrix of three rows
  const size_t spread_size = static_cast<size_t>((n + kNR - 1) / kNR * stride);
  const double w = -0.8125;

  // The definitions, element by element.
  std::vector<double> widened(static_cast<size_t>(n)), spread_want(spread_size, 7.0), gather_want(spread_size, 7.0);
  std::vector<float> narrowed(static_cast<size_t>(n)), plus_want(static_cast<size_t>(n));
  std::vector<double> taps_want = d;
  for (int64_t t = 0; t < n; ++t) {
    const size_t i = static_cast<size_t>(t), at = static_cast<size_t>(t / kNR * stride + t % kNR);
    widened[i] = widen(x[i]);
    narrowed[i] = narrow_float<float>(d[i]);
    plus_want[i] = narrow_float<float>(d[i] + 0.5);
    spread_want[at] = widen(x[i]);
    const double g = offs[i] >= 0 ? widen(x[static_cast<size_t>(offs[i])]) : 0.0;
    gather_want[at] = g;
    volatile double p = w * g;
    taps_want[i] = taps_want[i] + p;
  }
  // sum_taps: three taps at offsets 0, 2 and 5, over runs of 32 and of 8 positions and single ones. On
  // binary64 data with weights whose products are inexact: each rounded, then added (a fused multiply-add
  // would round once and differ). On widened binary32 data with binary32 weights: exact products, which
  // the vector variants fuse with their additions (the same bits).
  const int64_t tap_offs[] = {0, 2, 5};
  const double inexact_w[] = {0.1, -0.3, 0.7};
  const double exact_w[] = {widen(0.1f), widen(-0.3f), widen(0.7f)};
  const int64_t tn = n - 13;  // 5 runs of 32, 3 of 8 and 6 single positions
  auto taps_definition = [&](const std::vector<double>& src, const double* tw) {
    std::vector<double> want(static_cast<size_t>(tn));
    for (int64_t t = 0; t < tn; ++t) {
      double s = 0;
      for (int j = 0; j < 3; ++j) {
        volatile double p = tw[j] * src[static_cast<size_t>(t + tap_offs[j])];
        s = s + p;
      }
      want[static_cast<size_t>(t)] = s;
    }
    return want;
  };
  const std::vector<double> inexact_want = taps_definition(d, inexact_w),
                            exact_want = taps_definition(widened, exact_w);
  for (const auto& variant : variants) {
    const char* const name = variant.name;
    const auto* conv = variant.loops;
    CAPTURE(name);
    std::vector<double> wd(static_cast<size_t>(n)), sp(spread_size, 7.0), ga(spread_size, 7.0), taps = d;
    std::vector<float> nf(static_cast<size_t>(n)), pf(static_cast<size_t>(n));
    conv->widen(x.data(), n, wd.data());
    conv->narrow(d.data(), n, nf.data());
    conv->narrow_plus(d.data(), n, 0.5, pf.data());
    conv->spread_rows(x.data(), n, 1, n, sp.data(), stride);
    conv->gather(x.data(), offs.data(), runs.data(), n, ga.data(), stride);
    conv->add_taps(x.data(), offs.data(), runs.data(), n, w, taps.data());
    std::vector<double> inexact_sums(static_cast<size_t>(tn)), exact_sums(static_cast<size_t>(tn));
    conv->sum_taps(d.data(), tap_offs, inexact_w, 3, tn, inexact_sums.data(), false);
    conv->sum_taps(widened.data(), tap_offs, exact_w, 3, tn, exact_sums.data(), true);
    CHECK(same_bits(wd.data(), widened.data(), wd.size()));
    CHECK(same_bits(nf.data(), narrowed.data(), nf.size()));
    CHECK(same_bits(pf.data(), plus_want.data(), pf.size()));
    // narrow_plus by rows: three rows of 60 sums 67 apart into rows 64 apart (the 4 between untouched).
    std::vector<float> rows_got(3 * 64, 0.25f), rows_want = rows_got;
    for (size_t r = 0; r < 3; ++r)
      for (size_t i = 0; i < 60; ++i) rows_want[r * 64 + i] = narrow_float<float>(d[r * 67 + i] + 0.5);
    conv->narrow_plus_rows(d.data(), 67, 60, 3, 0.5, rows_got.data(), 64);
    CHECK(same_bits(rows_got.data(), rows_want.data(), rows_got.size()));
    CHECK(same_bits(sp.data(), spread_want.data(), sp.size()));  // entries outside the panels untouched
    // spread_rows: 11 rows (a block of eight, then three) of 203 and of 24 entries, 211 apart in x, into
    // panels of 13 rows (the last two untouched), against the definition entry by entry.
    for (const int64_t len : {int64_t{203}, int64_t{24}}) {
      const int64_t rows = 11, prow = 13, pstride = prow * kNR, plane = 211;
      std::vector<float> xr(static_cast<size_t>(rows * plane));
      for (size_t i = 0; i < xr.size(); ++i) xr[i] = x[i % x.size()];
      const size_t size = static_cast<size_t>((len + kNR - 1) / kNR * pstride);
      std::vector<double> got(size, 7.0), want(size, 7.0);
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t t = 0; t < len; ++t)
          want[static_cast<size_t>(t / kNR * pstride + r * kNR + t % kNR)] = widen(
              xr[static_cast<size_t>(r * plane + t)]);
      conv->spread_rows(xr.data(), plane, rows, len, got.data(), pstride);
      CAPTURE(len);
      CHECK(same_bits(got.data(), want.data(), got.size()));
    }
    CHECK(same_bits(ga.data(), gather_want.data(), ga.size()));
    CHECK(same_bits(taps.data(), taps_want.data(), taps.size()));
    CHECK(same_bits(inexact_sums.data(), inexact_want.data(), inexact_sums.size()));
    CHECK(same_bits(exact_sums.data(), exact_want.data(), exact_sums.size()));
  }
  // narrow_plus adds before it rounds: -0 + 0.5 and a sum that crosses a rounding boundary.
  const double sums[] = {-0.0, 0x1.000001p0 - 0.5};
  float out[2];
  vector_loops().narrow_plus(sums, 2, 0.5, out);
  CHECK(out[0] == 0.5f);
  CHECK(out[1] == narrow_float<float>(0x1.000001p0));
}

// kNR windows of one tap each, the last ending at the input's last element, in every variant: window u
// gives scale * x[u * step], and nothing past the input is read (the sanitizer build reports a read past a
// heap block). `run` calls one pooling loop of the variant.
template <class Run>
void tail_windows(Run run, float scale) {
  using product_detail::kNR;
  for (int32_t step : {1, 2, 3}) {
    auto tail = std::make_unique<float[]>(static_cast<size_t>(7 * step + 1));
    for (int32_t i = 0; i <= 7 * step; ++i) tail[static_cast<size_t>(i)] = static_cast<float>((i * 7) % 5);
    const int64_t one_tap[] = {0};
    for (const auto& variant : variants_here()) {
      const char* const name = variant.name;
      CAPTURE(name);
      CAPTURE(step);
      float got[kNR];
      run(*variant.loops, tail.get(), one_tap, step, got);
      for (int64_t u = 0; u < kNR; ++u) CHECK(got[u] == tail[static_cast<size_t>(u * step)] * scale);
    }
  }
}

TEST_CASE("[NN20] every instruction-set variant of the max pooling loop keeps the first NaN, else the first largest") {
  using namespace product_detail;
  std::mt19937_64 rng(13);
  // With NaNs among the elements (about every twelfth) and without (the loop's other path), zeros of both
  // signs among equal values.
  for (bool with_nans : {true, false}) {
    CAPTURE(with_nans);
    std::vector<float> x(400);
    for (size_t i = 0; i < x.size(); ++i) {
      const unsigned r = static_cast<unsigned>(rng() % 12);
      uint32_t bits = 0x7fc00000u | static_cast<uint32_t>(i) |
                      (rng() % 2 ? 0x80000000u : 0);  // a NaN of its own payload
      if (r == 0 && with_nans) std::memcpy(&x[i], &bits, sizeof bits);
      else if (r < 5) x[i] = rng() % 2 ? 0.0f : -0.0f;
      else x[i] = static_cast<float>(static_cast<int>(rng() % 5) - 2);
    }
    const int64_t taps[] = {0, 1, 2, 40, 41, 42, 80, 81, 82};
    for (int32_t step : {1, 2, 3})
      for (int64_t base = 0; base < 200; base += 7) {
        float want[kNR];
        for (int64_t u = 0; u < kNR; ++u) {
          float best = x[static_cast<size_t>(base + taps[0] + u * step)];
          for (int64_t j = 1; j < 9; ++j) {
            const float v = x[static_cast<size_t>(base + taps[j] + u * step)];
            if (!std::isnan(best) && (std::isnan(v) || v > best)) best = v;
          }
          want[u] = best;
        }
        for (const auto& variant : variants_here()) {
          const char* const name = variant.name;
          const auto* loops = variant.loops;
          CAPTURE(name);
          CAPTURE(step);
          CAPTURE(base);
          float got[kNR];
          loops->max_windows(x.data() + base, taps, 9, step, got);
          CHECK(std::memcmp(got, want, sizeof got) == 0);
        }
      }
  }
  tail_windows([](const VectorLoops& loops, const float* x, const int64_t* taps, int32_t step,
                  float* got) { loops.max_windows(x, taps, 1, step, got); },
               1.0f);
}

TEST_CASE(
    "[NN23] every instruction-set variant of the average pooling loop gives each window's sum divided, rounded once") {
  using namespace product_detail;
  std::mt19937_64 rng(19);
  std::vector<float> x = random_binary32(400, rng);
  // Sums that cancel to zero (+0, never -0, since each starts at +0), infinities of both signs, and NaN.
  const float specials[] = {-0.0f,
                            0.0f,
                            3.4028235e38f,
                            -3.4028235e38f,
                            std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity(),
                            std::numeric_limits<float>::quiet_NaN(),
                            1.4e-45f};
  for (size_t i = 0; i < x.size(); i += 5) x[i] = specials[rng() % 8];
  for (size_t i = 0; i < 110; ++i) x[i] = -0.0f;  // windows of -0 alone (those at base 0 to 21): +0
  const int64_t taps[] = {0, 1, 2, 40, 41, 42, 80, 81, 82};
  for (int32_t step : {1, 2, 3})
    for (int64_t base = 0; base < 200; base += 7)
      for (double count : {9.0, 6.0, 3.0}) {
        float want[kNR];
        for (int64_t u = 0; u < kNR; ++u) {
          double sum = 0;
          for (int64_t j = 0; j < 9; ++j) sum += static_cast<double>(x[static_cast<size_t>(base + taps[j] + u * step)]);
          want[u] = static_cast<float>(sum / count);
        }
        for (const auto& variant : variants_here()) {
          const char* const name = variant.name;
          CAPTURE(name);
          CAPTURE(step);
          CAPTURE(base);
          float got[kNR];
          variant.loops->average_windows(x.data() + base, taps, 9, step, count, got);
          // The same bits, or NaN where the formula gives NaN (its sign and payload depend on which operand
          // of an addition the processor propagates, which the clause leaves open).
          for (int64_t u = 0; u < kNR; ++u) {
            CAPTURE(u);
            if (std::isnan(want[u])) CHECK(std::isnan(got[u]));
            else CHECK(std::memcmp(&got[u], &want[u], sizeof(float)) == 0);
          }
        }
      }
  tail_windows([](const VectorLoops& loops, const float* x, const int64_t* taps, int32_t step,
                  float* got) { loops.average_windows(x, taps, 1, step, 2.0, got); },
               0.5f);
}

TEST_CASE("[EW11] every instruction-set variant of the two-input Sum loop gives the formula's bits, in place too") {
  using namespace product_detail;
  std::mt19937_64 rng(23);
  const int64_t n = 203;  // vectors and a tail
  std::vector<float> a = random_binary32(n, rng), b = random_binary32(n, rng);
  const float big = 3.4028235e38f, inf = std::numeric_limits<float>::infinity();
  // -0 + -0 (+0 from the +0 start), overflow on narrowing, infinities of both signs (NaN), a tie of binary32
  // (1 + 2^-24: the sum is exact in binary64 and rounds to even), subnormals.
  const std::pair<float, float> cases[] = {{-0.0f, -0.0f},        {big, big},       {inf, -inf},
                                           {-inf, 1.0f},          {1.0f, 0x1p-24f}, {1.0f, 0x1.8p-24f},
                                           {1.4e-45f, -1.4e-45f}, {1e-45f, 1e-45f}};
  for (size_t c = 0; c < std::size(cases); ++c) {
    a[c * 25] = cases[c].first;
    b[c * 25] = cases[c].second;
  }
  std::vector<float> want(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i)
    want[static_cast<size_t>(i)] = static_cast<float>((0.0 + static_cast<double>(a[static_cast<size_t>(i)])) +
                                                      static_cast<double>(b[static_cast<size_t>(i)]));
  auto same = [&](const std::vector<float>& got) {
    for (int64_t i = 0; i < n; ++i) {
      CAPTURE(i);
      const float g = got[static_cast<size_t>(i)], w = want[static_cast<size_t>(i)];
      if (std::isnan(w)) CHECK(std::isnan(g));
      else CHECK(std::memcmp(&g, &w, sizeof g) == 0);
    }
  };
  for (const auto& variant : variants_here()) {
    const char* const name = variant.name;
    CAPTURE(name);
    std::vector<float> got(static_cast<size_t>(n));
    variant.loops->sum2(a.data(), b.data(), n, got.data());
    same(got);
    std::vector<float> over = a;  // the output over the first input's storage (spec/graph.md, E10)
    variant.loops->sum2(over.data(), b.data(), n, over.data());
    same(over);
  }
  CHECK(want[0] == 0.0f);
  CHECK_FALSE(std::signbit(want[0]));
}

TEST_CASE(
    "[EW2][EW27] every instruction-set variant of the Mul, Add and Relu rows gives the formulas' bits, in place too") {
  using namespace product_detail;
  std::mt19937_64 rng(29);
  const int64_t n = 203;  // vectors of 16 and of 8, and a tail
  std::vector<float> a = random_binary32(n, rng), b = random_binary32(n, rng);
  const float big = 3.4028235e38f, inf = std::numeric_limits<float>::infinity(), nan = std::nanf("");
  // Zeros of both signs (-0 + -0 is -0 here: no +0 start), overflow, infinities (NaN from inf - inf and
  // 0 * inf), NaN, binary32 ties (1 + 2^-24 and 1 + 1.5 * 2^-24), subnormal results and operands, products
  // rounding to a subnormal.
  const std::pair<float, float> cases[] = {
      {-0.0f, -0.0f},    {-0.0f, 0.0f},    {big, big},         {inf, -inf},           {0.0f, inf},
      {nan, 1.0f},       {1.0f, 0x1p-24f}, {1.0f, 0x1.8p-24f}, {1.4e-45f, -1.4e-45f}, {0x1p-70f, 0x1.8p-70f},
      {-3.0f, 0x1p-149f}};
  for (size_t c = 0; c < std::size(cases); ++c) {
    a[c * 17] = cases[c].first;
    b[c * 17] = cases[c].second;
  }
  auto same = [&](const std::vector<float>& got, const std::vector<float>& want) {
    for (int64_t i = 0; i < n; ++i) {
      CAPTURE(i);
      const float g = got[static_cast<size_t>(i)], w = want[static_cast<size_t>(i)];
      if (std::isnan(w)) CHECK(std::isnan(g));
      else CHECK(std::memcmp(&g, &w, sizeof g) == 0);
    }
  };
  // Steps (1, 1), (1, 0) and (0, 1): a repeated operand is element 5 of its input.
  for (const auto& steps : {std::pair<int64_t, int64_t>{1, 1}, {1, 0}, {0, 1}}) {
    const int64_t sa = steps.first, sb = steps.second;  // plain variables: clang 14 cannot capture bindings
    CAPTURE(sa);
    CAPTURE(sb);
    const float* pa = sa ? a.data() : a.data() + 5;
    const float* pb = sb ? b.data() : b.data() + 5;
    std::vector<float> want_mul(static_cast<size_t>(n)), want_add(static_cast<size_t>(n));
    for (int64_t u = 0; u < n; ++u) {
      const double x = pa[u * sa], y = pb[u * sb];
      want_mul[static_cast<size_t>(u)] = static_cast<float>(x * y);
      want_add[static_cast<size_t>(u)] = static_cast<float>(x + y);
    }
    for (const auto& variant : variants_here()) {
      const char* const name = variant.name;
      CAPTURE(name);
      std::vector<float> got(static_cast<size_t>(n));
      variant.loops->mul_row(pa, sa, pb, sb, n, got.data());
      same(got, want_mul);
      variant.loops->add_row(pa, sa, pb, sb, n, got.data());
      same(got, want_add);
      if (sa == 1) {  // the output over the first input's storage (spec/graph.md, E10)
        std::vector<float> over = a;
        variant.loops->add_row(over.data(), 1, pb, sb, n, over.data());
        same(over, want_add);
      }
    }
  }
  // Relu: +0 below zero; -0, NaN and everything else kept.
  a[3] = -0.0f;
  a[4] = nan;
  a[6] = -inf;
  a[7] = -1.4e-45f;
  std::vector<float> want(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    const float v = a[static_cast<size_t>(i)];
    want[static_cast<size_t>(i)] = static_cast<double>(v) < 0 ? 0.0f : v;
  }
  for (const auto& variant : variants_here()) {
    const char* const name = variant.name;
    CAPTURE(name);
    std::vector<float> got(static_cast<size_t>(n));
    variant.loops->relu(a.data(), n, got.data());
    same(got, want);
    CHECK(std::signbit(got[3]));
    std::vector<float> over = a;
    variant.loops->relu(over.data(), n, over.data());
    same(over, want);
  }
}

// Each start of an aligned block and a few lengths, streamed or through the caches (lengths from 1 KiB up
// take the string store): elements [start, start + n) hold v's bits, the rest of the buffer is untouched.
template <class T>
void check_fill(const product_detail::VectorLoops& loops, T v, T guard) {
  constexpr int64_t size = 1200;
  std::vector<T> buffer(size + 16);
  for (bool streamed : {false, true})
    for (int64_t start = 0; start < 4; ++start)
      for (int64_t n : {0, 1, 3, 4, 5, 37, 64, 127, 128, 129, 255, 256, 257, 1000}) {
        CAPTURE(streamed);
        CAPTURE(start);
        CAPTURE(n);
        std::fill(buffer.begin(), buffer.end(), guard);
        loops.fill(buffer.data() + start, n, static_cast<int32_t>(sizeof(T)), &v, streamed);
        int64_t wrong = 0;
        for (int64_t i = 0; i < size + 16; ++i) wrong += buffer[i] != (i >= start && i < start + n ? v : guard);
        CHECK(wrong == 0);
      }
}

TEST_CASE("[SH22] every instruction-set variant's fill writes each element of the run and nothing else") {
  for (const auto& variant : variants_here()) {
    const char* const name = variant.name;
    CAPTURE(name);
    check_fill<uint32_t>(*variant.loops, 0xC0200000u, 0x7FC00001u);  // -2.5f's bits; a NaN's
    check_fill<uint64_t>(*variant.loops, 0x8000000000000001ull, 0x0123456789ABCDEFull);
  }
}

TEST_CASE("[P2] every instruction-set variant of the one-row product loop gives the textbook bits") {
  using namespace product_detail;
  std::mt19937_64 rng(17);
  // B read by rows (col = 1), by columns of a transposed matrix (row = 1: eight columns' entries loaded as
  // runs and transposed, the last k % 8 under a mask), or with both strides above 1 (a vector gather); 40
  // sums are a block of 32 (four chains) and one of 8; k = 300, 13 and 5 end blocks of eight entries at 4, 5
  // and 5.
  const int64_t ld = 301;
  for (const int64_t k : {int64_t{300}, int64_t{13}, int64_t{5}})
    for (const int64_t n : {int64_t{8}, int64_t{40}}) {
      std::vector<float> a = random_binary32(k, rng), b = random_binary32((k + n) * (2 * k + ld + 2), rng);
      const float extremes[] = {3.4028235e38f, -3.4028235e38f, 1.17549435e-38f, 1.4e-45f, -0.0f};
      for (size_t q = 0; q < std::size(extremes); ++q)
        a[q * 31 % static_cast<size_t>(k)] = extremes[q], b[q * 977] = extremes[q];
      const int64_t strides[][2] = {{ld, 1}, {1, ld}, {2, 2 * k + 1}};
      for (const auto& stride : strides)
        for (bool from_zero : {true, false}) {
          const int64_t row = stride[0], col = stride[1];  // not a structured binding: clang 14 cannot capture one
          std::vector<double> want(static_cast<size_t>(n), 0.25);
          for (int64_t u = 0; u < n; ++u) {
            double s = from_zero ? 0.0 : want[static_cast<size_t>(u)];
            for (int64_t q = 0; q < k; ++q) {
              volatile double p = static_cast<double>(a[static_cast<size_t>(q)]) *
                                  static_cast<double>(b[static_cast<size_t>(q * row + u * col)]);
              s = s + p;
            }
            want[static_cast<size_t>(u)] = s;
          }
          for (const auto& variant : variants_here()) {
            const char* const name = variant.name;
            const auto* loops = variant.loops;
            CAPTURE(name);
            CAPTURE(k);
            CAPTURE(n);
            CAPTURE(row);
            CAPTURE(from_zero);
            std::vector<double> c(static_cast<size_t>(n), 0.25);
            loops->row_times(a.data(), b.data(), k, row, col, n, c.data(), from_zero);
            CHECK(same_bits(c, want));
          }
        }
    }
  const int64_t k = 300;
  std::vector<float> a = random_binary32(k, rng);
  // Through product_slice: one row of A times B (45 columns: a block of 32 and one of 8 in the vector loop,
  // five after it) and times a transposed view (five blocks of 8 transposed in registers, five after them).
  const int64_t cols = 45;
  std::vector<float> w = random_binary32(cols * k, rng);
  const MatrixView<float> av{a.data(), k, 1}, bt{w.data(), 1, k}, bn{w.data(), cols, 1};
  for (const auto& bv : {bt, bn}) {  // both k x cols
    std::vector<double> c(cols, 0.0);
    product_detail::product_slice(1, cols, k, av, bv, c.data(), cols, false);
    CHECK(same_bits(c, textbook(1, cols, k, av, bv)));
  }
}

namespace {
// The definition of loops::normalize, element by element, each operation rounded to binary64.
std::vector<float> normalized(const std::vector<float>& x, double m, double s, double g, double b) {
  std::vector<float> y(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    volatile double q = (static_cast<double>(x[i]) - m) / s;
    volatile double p = q * g;
    y[i] = static_cast<float>(p + b);
  }
  return y;
}
bool same_bits(const std::vector<float>& x, const std::vector<float>& y) {
  return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(float)) == 0;
}
}  // namespace

TEST_CASE("[NN30] every instruction-set variant of the normalisation loop gives the divider's quotients, bit for bit") {
  using namespace product_detail;
  const auto variants = variants_here();
  std::mt19937_64 rng(23);
  auto random_double = [&](int lo, int hi) {  // a random significand, exponent in [lo, hi]
    const double f = 1.0 + static_cast<double>(rng() >> 11) * 0x1p-53;
    return std::ldexp(f, lo + static_cast<int>(rng() % static_cast<uint64_t>(hi - lo + 1)));
  };
  // Quotients next to a rounding midpoint, the hardest to round: a = s * (q + ulp(q) / 2) rounded (in the
  // 64-bit extended format, then to binary64), and its two neighbours. With x = +0 and m = -a every lane's
  // d is a; with g = 1 and b = -(a / s) the result is +0 exactly when the loop's quotient is the divider's,
  // and a quotient one unit off leaves a nonzero binary32 (the difference is exact and far above binary32's
  // smallest normal for the quotients drawn here).
  const std::vector<float> zeros(11, 0.0f);  // one vector of eight, then three in the scalar tail
  const std::vector<float> want_zero(11, 0.0f);
  int64_t hard = 0, failed = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const double s = random_double(-30, 30), q = random_double(-40, 40);
    const long double mid = static_cast<long double>(q) + static_cast<long double>(std::nextafter(q, INFINITY) - q) / 2;
    const double a0 = static_cast<double>(static_cast<long double>(s) * mid);
    for (const double a : {std::nextafter(a0, 0.0), a0, std::nextafter(a0, INFINITY), -a0}) {
      volatile double want_q = a / s;
      ++hard;
      for (const auto& variant : variants) {
        std::vector<float> y(11, 7.0f);
        variant.loops->normalize(zeros.data(), 11, -a, s, 1.0, -want_q, y.data());
        if (!same_bits(y, want_zero)) {
          ++failed;
          if (failed <= 5) {
            const char* const name = variant.name;
            CAPTURE(name);
            CAPTURE(a);
            CAPTURE(s);
            CHECK(same_bits(y, want_zero));
          }
        }
      }
    }
  }
  CHECK(hard == 80000);
  CHECK(failed == 0);
  // Every kind of lane side by side: binary32 inputs of random bit patterns (NaNs, infinities, subnormals),
  // against divisors in and out of the range the vector proof covers, zero, subnormal, infinite and NaN.
  const int64_t n = 203;
  std::vector<float> x(static_cast<size_t>(n));
  for (auto& v : x) {
    const uint32_t bits = static_cast<uint32_t>(rng());
    std::memcpy(&v, &bits, sizeof v);
  }
  for (size_t i = 0; i < 40; ++i) x[i * 5] = static_cast<float>(random_double(-20, 20));  // ordinary values
  x[3] = 0.0f, x[4] = -0.0f, x[6] = 1.4e-45f, x[7] = INFINITY, x[8] = -INFINITY;
  const double divisors[] = {1.0,
                             3.0,
                             0.1,
                             0x1p-200,
                             0x1p200,
                             0x1.8p-201,
                             0x1.8p200,
                             0x1p-1074,
                             0.0,
                             INFINITY,
                             NAN,
                             random_double(-150, 150),
                             random_double(-150, 150),
                             random_double(-300, 300)};
  for (const double s : divisors)
    // m = 2^-1000 and -2^1000 make d tiny or huge, outside the range the vector quotient covers.
    for (const double m : {0.0, 0.75, -1e30, random_double(-60, 60), 0x1p-1000, -0x1p1000})
      for (const auto& variant : variants) {
        const char* const name = variant.name;
        CAPTURE(name);
        CAPTURE(s);
        CAPTURE(m);
        std::vector<float> y(static_cast<size_t>(n));
        variant.loops->normalize(x.data(), n, m, s, 1.25, -0.5, y.data());
        CHECK(same_bits(y, normalized(x, m, s, 1.25, -0.5)));
      }
}

TEST_CASE(
    "[NN11] every instruction-set variant's strided widening of a row and of a band's rows gives each element's binary64 value, +0 in the padding, and writes nothing else") {
  // Strides 1 to 3 over runs of 0 to 40 elements, from each of the first four positions of a buffer that
  // ends right after the last element read; NaNs (a signalling one too), infinities, -0, subnormals among
  // them. Compared bit for bit with the element-by-element conversion.
  std::mt19937_64 rng(23);
  std::vector<float> pool = random_binary32(200, rng);
  const uint32_t specials[] = {0x7FC00001u, 0xFF800000u, 0x7F800000u, 0x80000000u, 0x00000001u, 0x7F800001u};
  for (size_t q = 0; q < std::size(specials); ++q) std::memcpy(&pool[q * 29], &specials[q], sizeof(float));
  for (const auto& variant : variants_here()) {
    const char* const name = variant.name;
    CAPTURE(name);
    for (int64_t stride = 1; stride <= 3; ++stride)
      for (int64_t start = 0; start < 4; ++start)
        for (int64_t n = 0; n <= 40; ++n) {
          CAPTURE(stride);
          CAPTURE(start);
          CAPTURE(n);
          // The elements read, at the end of their own allocation: a read past the last would be outside it.
          const int64_t span = n == 0 ? 0 : (n - 1) * stride + 1;
          std::vector<float> src(pool.begin() + start, pool.begin() + start + span);
          std::vector<double> got(static_cast<size_t>(n) + 3, 0.5), want(static_cast<size_t>(n) + 3, 0.5);
          for (int64_t i = 0; i < n; ++i)
            want[static_cast<size_t>(i)] = static_cast<double>(src[static_cast<size_t>(i * stride)]);
          variant.loops->widen_strided(src.data(), stride, n, got.data());
          CHECK(std::memcmp(got.data(), want.data(), got.size() * sizeof(double)) == 0);
        }
    // widen_rows: three rows 50 elements apart, each with +0 before lo and from hi to the width, the rows
    // 45 doubles apart in dst (the 5 between rows untouched), an empty middle (hi <= lo) reading nothing.
    for (int64_t stride = 1; stride <= 3; ++stride)
      for (const auto& bounds :
           {std::array<int64_t, 3>{0, 40, 40}, {1, 39, 40}, {3, 20, 40}, {5, 5, 40}, {7, 3, 40}, {0, 0, 0}}) {
        const int64_t lo = bounds[0], hi = bounds[1], width = bounds[2];  // plain variables for clang 14's CAPTURE
        CAPTURE(stride);
        CAPTURE(lo);
        CAPTURE(hi);
        const int64_t rows = 3, src_row = 50, dst_row = 45, n = std::max<int64_t>(0, hi - lo);
        // The elements read, at the end of their own allocation (the last row's last element ends it).
        const int64_t span = n == 0 ? 0 : (rows - 1) * src_row + (n - 1) * stride + 1;
        std::vector<float> src(static_cast<size_t>(span));
        for (size_t i = 0; i < src.size(); ++i) src[i] = pool[i % pool.size()];
        std::vector<double> got(static_cast<size_t>(rows * dst_row), 0.5), want = got;
        for (int64_t r = 0; r < rows; ++r)
          for (int64_t i = 0; i < width; ++i)
            want[static_cast<size_t>(r * dst_row + i)] =
                i >= lo && i < hi ? static_cast<double>(src[static_cast<size_t>(r * src_row + (i - lo) * stride)])
                                  : 0.0;
        variant.loops->widen_rows(src.data(), src_row, stride, rows, lo, hi, width, got.data(), dst_row);
        CHECK(std::memcmp(got.data(), want.data(), got.size() * sizeof(double)) == 0);
      }
  }
}

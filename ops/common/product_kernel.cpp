// The register kernel of ops/common/product.hpp, compiled once per instruction-set variant
// (ONNXSEM_PRODUCT_VARIANT names the namespace: baseline, avx2, avx512). Built without floating-point
// contraction (ISO C++ mode, -ffp-contract=off): the compiler never fuses a product with its addition.
// Where the caller says every product is exact in binary64 (`exact`: operands binary32 or narrower, P2),
// the AVX2 and AVX-512 variants add each term with an explicit fused multiply-add: it rounds a*b + c once,
// and so does the separate addition when a*b needs no rounding, so both give the same bits. Every variant
// adds the terms of each element in the same order.
#include <cstdint>
#include <cstring>

#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

#include "ops/common/product.hpp"

namespace onnxsem::ops::product_detail::ONNXSEM_PRODUCT_VARIANT {

template <class V>
inline V load(const double* p) {
  V v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
template <class V>
inline void store(double* p, V v) {
  std::memcpy(p, &v, sizeof v);
}

#if defined(__AVX512F__)
// AVX-512: a row of a panel's part of the tile is one vector of eight.
using v8d = double __attribute__((vector_size(64)));

// acc + a*b: the product rounded, then the sum rounded; fused only when the product is exact (`Fused`).
template <bool Fused>
inline v8d madd(v8d acc, v8d a, v8d b) {
  if constexpr (Fused) return (v8d)_mm512_fmadd_pd((__m512d)a, (__m512d)b, (__m512d)acc);
  else return acc + a * b;
}

// The tile C[0..MR, 0..8*NP) (row stride ldc) += A panel x NP adjacent B panels over kc values of k, in k
// order. Two panels give twelve independent sums in flight for six rows. B's row kk of panel p is at
// bp + p * bstride + kk * kNR (packed), or at bp + p * kNR + koff[kk] when `Shifted` (rows read in place).
// [spec:P2] each element's terms are added in increasing k, each product rounded before it is added (fused
// with its addition only where it is exact, when rounding it changes nothing).
// With `nw`, the sums are narrowed to binary32 at nw->y instead (after nw->add[i] is added to row i, when
// given): each lane as narrow_float<float>(sum + add), a vector conversion rounding as the scalar one does.
template <int MR, int NP, bool Fused, bool Shifted>
void tile(int64_t kc, const double* ap, const double* bp, int64_t bstride, const int64_t* koff, double* c, int64_t ldc,
          bool from_zero, const Narrowing* nw) {
  static_assert(kNR == 8, "the kernel holds a row of a panel in one vector of eight");
  v8d acc[MR][NP];
  for (int i = 0; i < MR; ++i)
    for (int p = 0; p < NP; ++p) acc[i][p] = from_zero ? v8d{} : load<v8d>(c + i * ldc + p * kNR);
  for (int64_t kk = 0; kk < kc; ++kk) {
    v8d b[NP];
    for (int p = 0; p < NP; ++p)
      b[p] = Shifted ? load<v8d>(bp + p * kNR + koff[kk]) : load<v8d>(bp + p * bstride + kk * kNR);
    for (int i = 0; i < MR; ++i) {
      const v8d ai = (v8d)_mm512_set1_pd(ap[i * kc + kk]);  // a broadcast (adding to 0 would turn -0 into +0)
      for (int p = 0; p < NP; ++p) acc[i][p] = madd<Fused>(acc[i][p], ai, b[p]);
    }
  }
  if (nw) {
    for (int i = 0; i < MR; ++i)
      for (int p = 0; p < NP; ++p) {
        const __m512d v = nw->add ? _mm512_add_pd((__m512d)acc[i][p], _mm512_set1_pd(nw->add[i])) : (__m512d)acc[i][p];
        _mm256_storeu_ps(nw->y + i * nw->ldy + p * kNR, _mm512_maskz_cvtpd_ps(0xFF, v));  // maskz: see vector_loops.cpp
      }
    return;
  }
  for (int i = 0; i < MR; ++i)
    for (int p = 0; p < NP; ++p) store(c + i * ldc + p * kNR, acc[i][p]);
}
inline constexpr int kPanelsAtOnce = 2;
// The most rows one tile of two panels takes (24 sums, two rows of B and a broadcast within the 32
// registers): the last rows of a block are taken together rather than leaving a short tile of 1 to 5.
inline constexpr int64_t kMaxRows = 12;
#else
using v4d = double __attribute__((vector_size(32)));
static_assert(kNR == 8, "the kernel holds a row of the tile in two vectors of four");

template <bool Fused>
inline v4d madd(v4d acc, v4d a, v4d b) {
#if defined(__AVX2__)
  if constexpr (Fused) return (v4d)_mm256_fmadd_pd((__m256d)a, (__m256d)b, (__m256d)acc);
#endif
  return acc + a * b;
}

// The tile C[0..MR, 0..8) (row stride ldc) += A panel x B panel over kc values of k, in k order; B's row kk
// at bp + kk * kNR (packed), or at bp + koff[kk] when `Shifted`.
// [spec:P2] each element's terms are added in increasing k, each product rounded before it is added (fused
// with its addition only where it is exact, when rounding it changes nothing).
// With `nw`, the sums narrowed as the AVX-512 tile narrows them.
template <int MR, int NP, bool Fused, bool Shifted>
void tile(int64_t kc, const double* ap, const double* bp, int64_t, const int64_t* koff, double* c, int64_t ldc,
          bool from_zero, const Narrowing* nw) {
  static_assert(NP == 1, "one panel of B at a time");
  v4d acc[MR][2];
  for (int i = 0; i < MR; ++i) {
    if (from_zero) {
      acc[i][0] = v4d{0, 0, 0, 0};
      acc[i][1] = v4d{0, 0, 0, 0};
    } else {
      acc[i][0] = load<v4d>(c + i * ldc);
      acc[i][1] = load<v4d>(c + i * ldc + 4);
    }
  }
  for (int64_t kk = 0; kk < kc; ++kk) {
    const double* row = Shifted ? bp + koff[kk] : bp + kk * kNR;
    const v4d b0 = load<v4d>(row), b1 = load<v4d>(row + 4);
    for (int i = 0; i < MR; ++i) {
      const double a = ap[i * kc + kk];
      const v4d ai = v4d{a, a, a, a};
      acc[i][0] = madd<Fused>(acc[i][0], ai, b0);
      acc[i][1] = madd<Fused>(acc[i][1], ai, b1);
    }
  }
  if (nw) {
    for (int i = 0; i < MR; ++i) {
      float* y = nw->y + i * nw->ldy;
      for (int h = 0; h < 2; ++h) {
        v4d v = acc[i][h];
        if (nw->add) v = v + nw->add[i];
#if defined(__AVX2__)
        _mm_storeu_ps(y + 4 * h, _mm256_cvtpd_ps((__m256d)v));
#else
        for (int u = 0; u < 4; ++u) y[4 * h + u] = narrow_float<float>(v[u]);
#endif
      }
    }
    return;
  }
  for (int i = 0; i < MR; ++i) {
    store(c + i * ldc, acc[i][0]);
    store(c + i * ldc + 4, acc[i][1]);
  }
}
inline constexpr int kPanelsAtOnce = 1;
inline constexpr int64_t kMaxRows = kMR;
#endif

// The tile of h rows (1 <= h <= kMaxRows). A switch, so that each tile is inlined here: counting up
// through nested templates or a table of pointers to the tiles measured 10-20% slower.
template <int NP, bool Fused, bool Shifted>
void tile_rows(int64_t h, int64_t kc, const double* a, const double* b, int64_t bstride, const int64_t* koff, double* t,
               int64_t lt, bool from_zero, const Narrowing* nw) {
  switch (h) {
    case 1: tile<1, NP, Fused, Shifted>(kc, a, b, bstride, koff, t, lt, from_zero, nw); break;
    case 2: tile<2, NP, Fused, Shifted>(kc, a, b, bstride, koff, t, lt, from_zero, nw); break;
    case 3: tile<3, NP, Fused, Shifted>(kc, a, b, bstride, koff, t, lt, from_zero, nw); break;
    case 4: tile<4, NP, Fused, Shifted>(kc, a, b, bstride, koff, t, lt, from_zero, nw); break;
    case 5: tile<5, NP, Fused, Shifted>(kc, a, b, bstride, koff, t, lt, from_zero, nw); break;
    case 6: tile<6, NP, Fused, Shifted>(kc, a, b, bstride, koff, t, lt, from_zero, nw); break;
    default:
      if constexpr (kMaxRows > kMR) {
        switch (h) {
          case 7: tile<7, NP, Fused, Shifted>(kc, a, b, bstride, koff, t, lt, from_zero, nw); break;
          case 8: tile<8, NP, Fused, Shifted>(kc, a, b, bstride, koff, t, lt, from_zero, nw); break;
          case 9: tile<9, NP, Fused, Shifted>(kc, a, b, bstride, koff, t, lt, from_zero, nw); break;
          case 10: tile<10, NP, Fused, Shifted>(kc, a, b, bstride, koff, t, lt, from_zero, nw); break;
          case 11: tile<11, NP, Fused, Shifted>(kc, a, b, bstride, koff, t, lt, from_zero, nw); break;
          default: tile<12, NP, Fused, Shifted>(kc, a, b, bstride, koff, t, lt, from_zero, nw); break;
        }
      }
      break;
  }
}

template <bool Fused, bool Shifted>
void panels_as(int64_t mc, int64_t nc, int64_t kc, const double* ap, const double* bp, int64_t bstride,
               const int64_t* koff, double* c, int64_t ldc, bool from_zero, const Narrowing* narrowing) {
  alignas(64) double edge[kMR * kNR];
  // The narrowing of the tile at row i, column j.
  auto at = [narrowing](int64_t i, int64_t j) {
    return Narrowing{narrowing->y + i * narrowing->ldy + j, narrowing->ldy,
                     narrowing->add ? narrowing->add + i : nullptr};
  };
  for (int64_t j = 0; j < nc;) {
    const double* b = Shifted ? bp + j : bp + (j / kNR) * bstride;
    // Several whole panels of B at once where the variant can hold them, else one (maybe partial).
    if (kPanelsAtOnce > 1 && nc - j >= kPanelsAtOnce * kNR) {
      for (int64_t i = 0; i < mc;) {
        // kMR rows at a time; the last up to kMaxRows in one tile.
        const int64_t h = mc - i <= kMaxRows ? mc - i : kMR;
        const Narrowing nw = narrowing ? at(i, j) : Narrowing{};
        tile_rows<kPanelsAtOnce, Fused, Shifted>(h, kc, ap + i * kc, b, bstride, koff, c + i * ldc + j, ldc, from_zero,
                                                 narrowing ? &nw : nullptr);
        i += h;
      }
      j += kPanelsAtOnce * kNR;
      continue;
    }
    const int64_t w = nc - j < kNR ? nc - j : kNR;
    for (int64_t i = 0; i < mc; i += kMR) {
      const double* a = ap + i * kc;
      const int64_t h = mc - i < kMR ? mc - i : kMR;
      // A partial tile is worked on in a scratch tile holding C's values, then copied back.
      const bool full = w == kNR;
      double* t = full ? c + i * ldc + j : edge;
      const int64_t lt = full ? ldc : kNR;
      if (!full && !from_zero)
        for (int64_t ii = 0; ii < h; ++ii)
          for (int64_t jj = 0; jj < w; ++jj) edge[ii * kNR + jj] = c[(i + ii) * ldc + j + jj];
      const Narrowing nw = narrowing && full ? at(i, j) : Narrowing{};
      tile_rows<1, Fused, Shifted>(h, kc, a, b, bstride, koff, t, lt, from_zero, narrowing && full ? &nw : nullptr);
      if (!full && narrowing) {
        // The partial tile's sums, narrowed as a full tile narrows them.
        for (int64_t ii = 0; ii < h; ++ii) {
          const Narrowing row = at(i + ii, j);
          for (int64_t jj = 0; jj < w; ++jj)
            row.y[jj] = narrow_float<float>(row.add ? edge[ii * kNR + jj] + *row.add : edge[ii * kNR + jj]);
        }
      } else if (!full) {
        for (int64_t ii = 0; ii < h; ++ii)
          for (int64_t jj = 0; jj < w; ++jj) c[(i + ii) * ldc + j + jj] = edge[ii * kNR + jj];
      }
    }
    j += kNR;
  }
}

void panels(int64_t mc, int64_t nc, int64_t kc, const double* ap, const double* bp, int64_t bstride,
            const int64_t* koff, double* c, int64_t ldc, bool from_zero, bool exact, const Narrowing* narrowing) {
#if defined(__AVX2__) || defined(__AVX512F__)
  if (exact && koff) return panels_as<true, true>(mc, nc, kc, ap, bp, bstride, koff, c, ldc, from_zero, narrowing);
  if (exact) return panels_as<true, false>(mc, nc, kc, ap, bp, bstride, koff, c, ldc, from_zero, narrowing);
#endif
  (void)exact;
  if (koff) return panels_as<false, true>(mc, nc, kc, ap, bp, bstride, koff, c, ldc, from_zero, narrowing);
  panels_as<false, false>(mc, nc, kc, ap, bp, bstride, koff, c, ldc, from_zero, narrowing);
}

}  // namespace onnxsem::ops::product_detail::ONNXSEM_PRODUCT_VARIANT

// The plain loops of ops/common/product.hpp (VectorLoops: binary32 <-> binary64 conversions, the gathering of
// convolution taps and of strided rows, pooling windows, the elementwise rows of normalisation and ReLU, and a
// fill of 4- or 8-byte elements with stores that bypass the caches), compiled once per instruction-set
// variant like the register kernel (ONNXSEM_PRODUCT_VARIANT: baseline, avx2, avx512), so that they use the
// widest vectors the processor has.
// Most are product.hpp's generic loops (namespace loops) instantiated for binary32 here, where the compiler
// may vectorize them; a vector conversion or comparison gives the same bits as a scalar one, element by
// element. Built with -ffp-contract=off like the kernel: add_taps rounds each product and each sum.
#include <cassert>
#include <cstdint>

#include <algorithm>
#include <cstring>

#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "ops/common/product.hpp"

namespace onnxsem::ops::product_detail::ONNXSEM_PRODUCT_VARIANT {
namespace {

// Panel entries u < e: x[offsets[u]] widened, +0 where offsets[u] is -1. A full panel is one masked vector
// gather on AVX-512 (a lane in the padding is not read and gives +0.0f, widened to +0).
inline void gather_panel(const float* x, const int64_t* offsets, int64_t e, double* out) {
#if defined(__AVX512F__)
  if (e == kNR) {
    static_assert(kNR == 8);
    const __m512i idx = _mm512_loadu_si512(offsets);
    const __mmask8 inside = _mm512_cmpge_epi64_mask(idx, _mm512_setzero_si512());
    _mm512_storeu_pd(out,
                     _mm512_maskz_cvtps_pd(0xFF, _mm512_mask_i64gather_ps(_mm256_setzero_ps(), inside, idx, x, 4)));
    return;
  }
#endif
  loops::gather_panel(x, offsets, e, out);
}

#if defined(__AVX2__)
// The mask of AVX's masked moves for the lanes below `left` (of eight binary32 lanes).
inline __m256i first_lanes(int64_t left) {
  return _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(left)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}
#endif

#if defined(__AVX512F__)
// Eight at a time, the last up to seven under a mask (nothing read or written past n): the rows of a
// convolution's band and of its sums are often 7 to 28 elements long. The binary32 side of the last lanes
// through AVX's masked moves (first_lanes), as this variant has no 256-bit AVX-512 forms; maskz: no
// undefined source (GCC warns).
void widen_f32(const float* src, int64_t n, double* dst) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) _mm512_storeu_pd(dst + i, _mm512_maskz_cvtps_pd(0xFF, _mm256_loadu_ps(src + i)));
  if (i < n) {
    const __m256 v = _mm256_maskload_ps(src + i, first_lanes(n - i));
    _mm512_mask_storeu_pd(dst + i, static_cast<__mmask8>((1u << (n - i)) - 1), _mm512_maskz_cvtps_pd(0xFF, v));
  }
}
void narrow_f64_plus(const double* src, int64_t n, double add, float* dst) {
  const __m512d a = _mm512_set1_pd(add);
  int64_t i = 0;
  for (; i + 8 <= n; i += 8)
    _mm256_storeu_ps(dst + i, _mm512_maskz_cvtpd_ps(0xFF, _mm512_add_pd(_mm512_loadu_pd(src + i), a)));
  if (i < n) {
    const __m512d v = _mm512_maskz_loadu_pd(static_cast<__mmask8>((1u << (n - i)) - 1), src + i);
    _mm256_maskstore_ps(dst + i, first_lanes(n - i), _mm512_maskz_cvtpd_ps(0xFF, _mm512_add_pd(v, a)));
  }
}
// Eight rows at a time, panel by panel: a panel's rows are consecutive lines, written one after the other
// (row by row, each row's panels lie a whole panel apart). Measured alone, 256 rows of 2048 entries: 378 ->
// 266 us; 64 of 3136: 138 -> 78.
void spread_rows_f32(const float* x, int64_t plane, int64_t rows, int64_t n, double* dst, int64_t stride) {
  const int64_t full = n / kNR * kNR;
  for (int64_t r0 = 0; r0 < rows; r0 += 8) {
    const int64_t block = std::min<int64_t>(8, rows - r0);
    const float* xr = x + r0 * plane;
    double* const dr = dst + r0 * kNR;
    for (int64_t t = 0; t < full; t += kNR) {
      double* d = dr + t / kNR * stride;
      for (int64_t r = 0; r < block; ++r)
        _mm512_storeu_pd(d + r * kNR, _mm512_maskz_cvtps_pd(0xFF, _mm256_loadu_ps(xr + r * plane + t)));
    }
    if (full < n) {  // the last panel's first n - full entries: widen_f32's masked step
      double* d = dr + full / kNR * stride;
      for (int64_t r = 0; r < block; ++r) widen_f32(xr + r * plane + full, n - full, d + r * kNR);
    }
  }
}
#else
void spread_rows_f32(const float* x, int64_t plane, int64_t rows, int64_t n, double* dst, int64_t stride) {
  loops::spread_rows(x, plane, rows, n, dst, stride);
}
void widen_f32(const float* src, int64_t n, double* dst) { loops::widen_run(src, n, dst); }
void narrow_f64_plus(const double* src, int64_t n, double add, float* dst) { loops::narrow_run_plus(src, n, add, dst); }
#endif
void narrow_f64(const double* src, int64_t n, float* dst) { loops::narrow_run(src, n, dst); }
void gather_f32(const float* x, const int64_t* offsets, const char* runs, int64_t n, double* dst, int64_t stride) {
  loops::gather(x, offsets, runs, n, dst, stride, gather_panel);
}
#if defined(__AVX512F__)
// sum_taps a run of 8 * V positions at a time: the V vectors of sums stay in registers over all k taps and
// are stored once (rather than each tap's pass loading and storing every sum again).
template <bool Fused, int V>
inline void sum_taps_run(const double* x, const int64_t* offs, const double* w, int64_t k, int64_t t, double* acc) {
  __m512d a[V];
  for (int v = 0; v < V; ++v) a[v] = _mm512_setzero_pd();
  for (int64_t j = 0; j < k; ++j) {
    const __m512d wj = _mm512_set1_pd(w[j]);
    const double* p = x + offs[j] + t;
    for (int v = 0; v < V; ++v) {
      const __m512d xv = _mm512_loadu_pd(p + 8 * v);
      // a + w x: fused only when the product is exact (the same rounding); -ffp-contract=off keeps the
      // other form apart.
      a[v] = Fused ? _mm512_fmadd_pd(wj, xv, a[v]) : _mm512_add_pd(a[v], _mm512_mul_pd(wj, xv));
    }
  }
  for (int v = 0; v < V; ++v) _mm512_storeu_pd(acc + t + 8 * v, a[v]);
}
template <bool Fused>
void sum_taps_as(const double* x, const int64_t* offs, const double* w, int64_t k, int64_t n, double* acc) {
  int64_t t = 0;
  for (; t + 32 <= n; t += 32) sum_taps_run<Fused, 4>(x, offs, w, k, t, acc);
  for (; t + 8 <= n; t += 8) sum_taps_run<Fused, 1>(x, offs, w, k, t, acc);
  loops::sum_taps(x + t, offs, w, k, n - t, acc + t);  // the last positions (fewer than 8), unfused: the same bits
}
#endif
void sum_taps_f64(const double* x, const int64_t* offs, const double* w, int64_t k, int64_t n, double* acc,
                  bool exact) {
#if defined(__AVX512F__)
  if (exact) return sum_taps_as<true>(x, offs, w, k, n, acc);
  return sum_taps_as<false>(x, offs, w, k, n, acc);
#else
  (void)exact;
  loops::sum_taps(x, offs, w, k, n, acc);
#endif
}
void add_taps_f32(const float* x, const int64_t* offsets, const char* runs, int64_t n, double w, double* acc) {
  loops::add_taps(x, offsets, runs, n, w, acc, gather_panel);
}

#if defined(__AVX2__)
// Tap j of kNR windows side by side: p[u * dx] for u < kNR (p = x + taps[j]), reading nothing else.
class WindowTaps {
 public:
  explicit WindowTaps(int32_t dx)
      : dx_(dx), lanes_(_mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(dx))) {}
  [[nodiscard]] __m256 operator()(const float* p) const {
    static_assert(kNR == 8);
    if (dx_ == 1) return _mm256_loadu_ps(p);
    if (dx_ == 2) {
      // The even elements of p[0 .. 14], without a gather: two loads (the second masked, so that p[15],
      // which no window reads, is not read either), the even ones of each 128-bit half, then the halves
      // put in order.
      const __m256i seven = _mm256_setr_epi32(-1, -1, -1, -1, -1, -1, -1, 0);
      const __m256 a = _mm256_loadu_ps(p), b = _mm256_maskload_ps(p + 8, seven);
      const __m256 even = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));  // a0 a2 b0 b2 | a4 a6 b4 b6
      return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(even), _MM_SHUFFLE(3, 1, 2, 0)));
    }
    return _mm256_i32gather_ps(p, lanes_, 4);
  }

 private:
  int32_t dx_;
  __m256i lanes_;
};
#endif

void max_windows_f32(const float* x, const int64_t* taps, int64_t k, int32_t dx, float* out) {
  static_assert(kNR == 8);
#if defined(__AVX2__)
  // Eight windows side by side: a lane takes the tap when it holds no NaN yet and the tap is a NaN or
  // larger (so the first NaN, else the first largest, stays: equal values, +0 and -0 among them, do not
  // replace it).
  const WindowTaps window_taps(dx);
  auto tap = [&](int64_t j) { return window_taps(x + taps[j]); };
  // Without a NaN among the taps, a lane takes the tap when it is larger: _mm256_max_ps(v, best) gives v
  // when v > best and best otherwise (equal values too). NaNs are only noted on the way; when a lane met
  // one, the windows are taken again as below.
  __m256 best = tap(0);
  __m256 nan = _mm256_cmp_ps(best, best, _CMP_UNORD_Q);
  for (int64_t j = 1; j < k; ++j) {
    const __m256 v = tap(j);
    nan = _mm256_or_ps(nan, _mm256_cmp_ps(v, v, _CMP_UNORD_Q));
    best = _mm256_max_ps(v, best);
  }
  if (_mm256_movemask_ps(nan) != 0) {
    best = tap(0);
    for (int64_t j = 1; j < k; ++j) {
      const __m256 v = tap(j);
      const __m256 take = _mm256_andnot_ps(_mm256_cmp_ps(best, best, _CMP_UNORD_Q),
                                           _mm256_or_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q),
                                                        _mm256_cmp_ps(v, best, _CMP_GT_OQ)));
      best = _mm256_blendv_ps(best, v, take);
    }
  }
  _mm256_storeu_ps(out, best);
#else
  for (int64_t u = 0; u < kNR; ++u) {
    float best = x[taps[0] + u * dx];
    for (int64_t j = 1; j < k && best == best; ++j) {
      const float v = x[taps[j] + u * dx];
      if (v != v || v > best) best = v;
    }
    out[u] = best;
  }
#endif
}

void average_windows_f32(const float* x, const int64_t* taps, int64_t k, int32_t dx, double count, float* out) {
  static_assert(kNR == 8);
#if defined(__AVX2__)
  // Eight windows side by side, each lane's sum in the taps' order (a vector addition rounds each lane as
  // the scalar one does), then divided and narrowed lane by lane.
  const WindowTaps window_taps(dx);
#if defined(__AVX512F__)
  __m512d sum = _mm512_setzero_pd();
  for (int64_t j = 0; j < k; ++j) sum = _mm512_add_pd(sum, _mm512_maskz_cvtps_pd(0xFF, window_taps(x + taps[j])));
  _mm256_storeu_ps(out, _mm512_maskz_cvtpd_ps(0xFF, _mm512_div_pd(sum, _mm512_set1_pd(count))));
#else
  __m256d lo = _mm256_setzero_pd(), hi = _mm256_setzero_pd();
  for (int64_t j = 0; j < k; ++j) {
    const __m256 t = window_taps(x + taps[j]);
    lo = _mm256_add_pd(lo, _mm256_cvtps_pd(_mm256_castps256_ps128(t)));
    hi = _mm256_add_pd(hi, _mm256_cvtps_pd(_mm256_extractf128_ps(t, 1)));
  }
  const __m256d c = _mm256_set1_pd(count);
  _mm_storeu_ps(out, _mm256_cvtpd_ps(_mm256_div_pd(lo, c)));
  _mm_storeu_ps(out + 4, _mm256_cvtpd_ps(_mm256_div_pd(hi, c)));
#endif
#else
  for (int64_t u = 0; u < kNR; ++u) {
    double sum = 0;
    for (int64_t j = 0; j < k; ++j) sum += static_cast<double>(x[taps[j] + u * dx]);
    out[u] = static_cast<float>(sum / count);
  }
#endif
}

#if defined(__AVX2__)
// The 8x8 block r[v][t] (row v, entry t) transposed in place: r[t] holds entry t of the eight rows.
inline void transpose8(__m256 r[8]) {
  __m256 u[8], s[8];
  for (int v = 0; v < 8; v += 2) {
    u[v] = _mm256_unpacklo_ps(r[v], r[v + 1]);
    u[v + 1] = _mm256_unpackhi_ps(r[v], r[v + 1]);
  }
  for (int v = 0; v < 8; v += 4) {
    s[v] = _mm256_shuffle_ps(u[v], u[v + 2], 0x44);
    s[v + 1] = _mm256_shuffle_ps(u[v], u[v + 2], 0xEE);
    s[v + 2] = _mm256_shuffle_ps(u[v + 1], u[v + 3], 0x44);
    s[v + 3] = _mm256_shuffle_ps(u[v + 1], u[v + 3], 0xEE);
  }
  for (int t = 0; t < 4; ++t) {
    r[t] = _mm256_permute2f128_ps(s[t], s[t + 4], 0x20);
    r[t + 4] = _mm256_permute2f128_ps(s[t], s[t + 4], 0x31);
  }
}

// Eight sums as one register of the variant: AVX-512 one vector of eight, AVX2 two of four.
struct Sums8 {
#if defined(__AVX512F__)
  __m512d v;
  void start(const double* c, bool from_zero) { v = from_zero ? _mm512_setzero_pd() : _mm512_loadu_pd(c); }
  // Each lane's term a * t[lane] (exact: binary32 operands) fused with its addition (P2).
  void add(const double* a, __m256 t) { v = _mm512_fmadd_pd(_mm512_set1_pd(*a), _mm512_maskz_cvtps_pd(0xFF, t), v); }
  void store(double* c) const { _mm512_storeu_pd(c, v); }
#else
  __m256d lo, hi;
  void start(const double* c, bool from_zero) {
    lo = from_zero ? _mm256_setzero_pd() : _mm256_loadu_pd(c);
    hi = from_zero ? _mm256_setzero_pd() : _mm256_loadu_pd(c + 4);
  }
  void add(const double* a, __m256 t) {
    const __m256d av = _mm256_broadcast_sd(a);
    lo = _mm256_fmadd_pd(av, _mm256_cvtps_pd(_mm256_castps256_ps128(t)), lo);
    hi = _mm256_fmadd_pd(av, _mm256_cvtps_pd(_mm256_extractf128_ps(t, 1)), hi);
  }
  void store(double* c) const {
    _mm256_storeu_pd(c, lo);
    _mm256_storeu_pd(c + 4, hi);
  }
#endif
};

// Eight sums over columns that are rows of b (row == 1): sum u (u < 8) adds a[q] * b[u * col + q]. Eight
// entries of the eight columns are loaded as eight runs and transposed in registers, instead of gathered (a
// gather of eight binary32 values from eight lines is slow on some processors: on an AMD EPYC here, the one-row
// products of AlexNet's fully connected layers took 48 ms per evaluation gathered, 11 transposed). Each lane's
// chain of additions is the textbook one. (Two or four such groups at once, to overlap their chains, were no
// faster from memory, and four spill registers.)
void dot_rows(const float* a, const float* b, int64_t k, int64_t col, double* c, bool from_zero) {
  Sums8 sums;
  sums.start(c, from_zero);
  alignas(32) double ad[8];
  for (int64_t q = 0; q < k; q += 8) {
    const int64_t e = std::min<int64_t>(8, k - q);
    const __m256i lanes = first_lanes(e);
    const __m256 av = _mm256_maskload_ps(a + q, lanes);
    _mm256_store_pd(ad, _mm256_cvtps_pd(_mm256_castps256_ps128(av)));
    _mm256_store_pd(ad + 4, _mm256_cvtps_pd(_mm256_extractf128_ps(av, 1)));
    __m256 r[8];
    if (e == 8) {
      for (int v = 0; v < 8; ++v) r[v] = _mm256_loadu_ps(b + v * col + q);
      transpose8(r);
      for (int t = 0; t < 8; ++t) sums.add(ad + t, r[t]);
    } else {  // the last entries: nothing read past a column's end
      for (int v = 0; v < 8; ++v) r[v] = _mm256_maskload_ps(b + v * col + q, lanes);
      transpose8(r);
      for (int64_t t = 0; t < e; ++t) sums.add(ad + t, r[t]);
    }
  }
  sums.store(c);
}

// G groups of eight adjacent sums over rows of b (col == 1): sum u adds a[q] * b[q * row + u].
template <int G>
void dot_columns(const float* a, const float* b, int64_t k, int64_t row, double* c, bool from_zero) {
  Sums8 sums[G];
  for (int g = 0; g < G; ++g) sums[g].start(c + 8 * g, from_zero);
  for (int64_t q = 0; q < k; ++q) {
    const double aq = static_cast<double>(a[q]);
    for (int g = 0; g < G; ++g) sums[g].add(&aq, _mm256_loadu_ps(b + q * row + 8 * g));
  }
  for (int g = 0; g < G; ++g) sums[g].store(c + 8 * g);
}
#endif

void row_times_f32(const float* a, const float* b, int64_t k, int64_t row, int64_t col, int64_t n, double* c,
                   bool from_zero) {
  static_assert(kNR == 8);
  assert(n % kNR == 0);
#if defined(__AVX2__)
  // The products of binary32 operands are exact in binary64, so the fused multiply-add rounds each term's
  // addition exactly as the separate addition does (P2).
  int64_t u = 0;
  if (row == 1) {
    for (; u < n; u += 8) dot_rows(a, b + u * col, k, col, c + u, from_zero);
  } else if (col == 1) {
    for (; u + 32 <= n; u += 32) dot_columns<4>(a, b + u, k, row, c + u, from_zero);
    for (; u < n; u += 8) dot_columns<1>(a, b + u, k, row, c + u, from_zero);
  } else {
    // Other strides: eight columns at a time by a vector gather (col <= INT32_MAX / 8, the caller checks).
    const __m256i lanes = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                                             _mm256_set1_epi32(static_cast<int>(col)));
    for (; u < n; u += 8) {
      Sums8 sum;
      sum.start(c + u, from_zero);
      for (int64_t q = 0; q < k; ++q) {
        const double aq = static_cast<double>(a[q]);
        sum.add(&aq, _mm256_i32gather_ps(b + u * col + q * row, lanes, 4));
      }
      sum.store(c + u);
    }
  }
#else
  for (int64_t u0 = 0; u0 < n; u0 += kNR) {
    double sum[kNR];
    for (int64_t u = 0; u < kNR; ++u) sum[u] = from_zero ? 0.0 : c[u0 + u];
    for (int64_t q = 0; q < k; ++q) {
      const double av = static_cast<double>(a[q]);
      for (int64_t u = 0; u < kNR; ++u) sum[u] = sum[u] + av * static_cast<double>(b[q * row + (u0 + u) * col]);
    }
    for (int64_t u = 0; u < kNR; ++u) c[u0 + u] = sum[u];
  }
#endif
}

#if defined(__AVX512F__)
// Eight correctly rounded binary64 quotients d / s without the divider, whose throughput (one quotient per
// two cycles at any vector width) bounded BatchNormalization. y = RN(1 / s); s lies in [2^-200, 2^200].
// For a lane with |d| = a in [2^-600, 2^600), or a = 0, with u = 2^-53 and z = a / s:
//   y = (1 / s)(1 + e), |e| <= u (a rounding to nearest; so |1 - s y| <= u).
//   q0 = RN(a y) = z (1 + d0), |d0| <= 2u + u^2.
//   r0 = RN(a - q0 s) (fused: one rounding of the exact -s z d0), q1 = RN(q0 + r0 y) (fused). Before its
//   rounding, q0 + r0 y = z (1 - d0 (d1 + e + d1 e)) with |d1| <= u, so it lies within (2u + u^2)^2 |z|
//   < 5u^2 |z| of z, while the midpoints that lie beyond the two floats around z (or beyond z itself, if z
//   is a float) are at least u |z| / 4 from z (a quarter of a unit where z is just above a power of two). So
//   q1, its rounding, is one of those two floats (or z): within one ulp of z.
//   r1 = RN(a - q1 s), q2 = RN(q1 + r1 y) (fused each). Markstein's theorem (P. Markstein, IBM J. Res.
//   Dev. 34(1), 1990; proved mechanically in D. Russinoff's ACL2 library of floating-point arithmetic): for
//   q within one ulp of a / s and |1 - s y| <= u, the remainder a - q s is a float (r1 is exact) and
//   RN(q + r1 y) = RN(a / s). So q2 = RN(z).
//   The theorem is stated without bounds on the exponent: here every value involved is a normal float. y
//   lies in [2^-201, 2^201]; z, q0 and q1 in [2^-801, 2^801]. A nonzero remainder a - q s is at least the
//   unit of the grid that a and q s share, min(ulp(a), ulp(q) ulp(s)), where ulp(q) ulp(s) >= 2^(E(a) - 106)
//   (E: the exponent; q s is within a relative 2u of a, so E(q) + E(s) >= E(a) - 2); so at least 2^-706.
//   A zero a gives q0 = r0 = q1 = r1 = q2 = +0.
// RN(d / s) is then q2 with d's sign (rounding to nearest even is symmetric). A lane outside the range (a
// subnormal or tiny d, a quotient that could leave the normal range, an infinite or NaN d) takes the
// divider's quotient instead. So every lane is the quotient of the division the clause states, bit for bit.
inline __m512d quotients(__m512d d, __m512d s, __m512d y) {
  const __m512i sign = _mm512_set1_epi64(INT64_MIN);
  const __m512i low = _mm512_set1_epi64(0x1A70000000000000),
                span = _mm512_set1_epi64(0x4B00000000000000);  // 2^-600, 2^600 - 2^-600
  const __m512d a = _mm512_abs_pd(d);
  const __m512d q0 = _mm512_mul_pd(a, y);
  const __m512d q1 = _mm512_fmadd_pd(_mm512_fnmadd_pd(q0, s, a), y, q0);
  const __m512d q2 = _mm512_fmadd_pd(_mm512_fnmadd_pd(q1, s, a), y, q1);
  const __m512i d_sign = _mm512_and_si512(_mm512_castpd_si512(d), sign);
  const __m512d q = _mm512_castsi512_pd(_mm512_or_si512(_mm512_castpd_si512(q2), d_sign));
  const __m512i bits = _mm512_castpd_si512(a);
  const __mmask8 inside = _mm512_cmplt_epu64_mask(_mm512_sub_epi64(bits, low), span);
  if (inside == 0xFF) return q;
  const __mmask8 proved = inside | _mm512_cmpeq_epi64_mask(bits, _mm512_setzero_si512());
  if (proved == 0xFF) return q;
  return _mm512_mask_blend_pd(proved, _mm512_div_pd(d, s), q);
}

// (x - m) / s * g + b, each operation rounded to binary64, then narrowed: the eight lanes of v.
inline __m256 normalize8(__m256 v, __m512d m, __m512d s, __m512d y, __m512d g, __m512d b) {
  const __m512d d = _mm512_sub_pd(_mm512_maskz_cvtps_pd(0xFF, v), m);
  // The product and the sum rounded each (-ffp-contract=off keeps them apart).
  return _mm512_maskz_cvtpd_ps(0xFF, _mm512_add_pd(_mm512_mul_pd(quotients(d, s, y), g), b));  // maskz: see above
}
#endif

void normalize_f32(const float* x, int64_t n, double m, double s, double g, double b, float* dst) {
#if defined(__AVX512F__)
  if (s >= 0x1p-200 && s <= 0x1p200) {
    const __m512d vm = _mm512_set1_pd(m), vs = _mm512_set1_pd(s), vy = _mm512_set1_pd(1.0 / s), vg = _mm512_set1_pd(g),
                  vb = _mm512_set1_pd(b);
    int64_t i = 0;
    for (; i + kNR <= n; i += kNR) {
      static_assert(kNR == 8);
      _mm256_storeu_ps(dst + i, normalize8(_mm256_loadu_ps(x + i), vm, vs, vy, vg, vb));
    }
    if (i < n) {  // the last lanes under a mask (nothing read or written past n); the others' values unused
      const __m256i lanes = first_lanes(n - i);
      _mm256_maskstore_ps(dst + i, lanes, normalize8(_mm256_maskload_ps(x + i, lanes), vm, vs, vy, vg, vb));
    }
    return;
  }
#endif
  loops::normalize(x, n, m, s, g, b, dst);
}

void sum2_f32(const float* a, const float* b, int64_t n, float* dst) {
  int64_t i = 0;
#if defined(__AVX512F__)
  // Each lane as the scalar loop: +0 + a (which turns -0 into +0), then + b, each rounded, then narrowed.
  for (; i + kNR <= n; i += kNR) {
    static_assert(kNR == 8);
    const __m512d va = _mm512_maskz_cvtps_pd(0xFF, _mm256_loadu_ps(a + i));
    const __m512d vb = _mm512_maskz_cvtps_pd(0xFF, _mm256_loadu_ps(b + i));
    const __m512d s = _mm512_add_pd(_mm512_add_pd(_mm512_setzero_pd(), va), vb);
    _mm256_storeu_ps(dst + i, _mm512_maskz_cvtpd_ps(0xFF, s));
  }
#endif
  loops::sum2(a + i, b + i, n - i, dst + i);
}

// A row of Mul or Add: 16 lanes (AVX-512) or 8 (AVX2) at a time, each lane binary32's own operation (the
// loops' values, VectorLoops), a repeated operand broadcast; the rest as the generic loop.
template <bool Mul>
void binary_row_f32(const float* a, int64_t sa, const float* b, int64_t sb, int64_t n, float* dst) {
  int64_t u = 0;
#if defined(__AVX512F__)
  auto op = [](__m512 x, __m512 y) { return Mul ? _mm512_mul_ps(x, y) : _mm512_add_ps(x, y); };
  for (; u + 16 <= n; u += 16) {
    const __m512 x = sa ? _mm512_loadu_ps(a + u) : _mm512_set1_ps(*a);
    const __m512 y = sb ? _mm512_loadu_ps(b + u) : _mm512_set1_ps(*b);
    _mm512_storeu_ps(dst + u, op(x, y));
  }
  if (u < n) {  // the last lanes, masked (nothing read or written past n)
    const __mmask16 m = static_cast<__mmask16>((1u << (n - u)) - 1);
    const __m512 x = sa ? _mm512_maskz_loadu_ps(m, a + u) : _mm512_set1_ps(*a);
    const __m512 y = sb ? _mm512_maskz_loadu_ps(m, b + u) : _mm512_set1_ps(*b);
    _mm512_mask_storeu_ps(dst + u, m, op(x, y));
    return;
  }
#elif defined(__AVX2__)
  auto op = [](__m256 x, __m256 y) { return Mul ? _mm256_mul_ps(x, y) : _mm256_add_ps(x, y); };
  for (; u + 8 <= n; u += 8) {
    const __m256 x = sa ? _mm256_loadu_ps(a + u) : _mm256_set1_ps(*a);
    const __m256 y = sb ? _mm256_loadu_ps(b + u) : _mm256_set1_ps(*b);
    _mm256_storeu_ps(dst + u, op(x, y));
  }
#endif
  if (Mul) loops::mul_row(a + u * sa, sa, b + u * sb, sb, n - u, dst + u);
  else loops::add_row(a + u * sa, sa, b + u * sb, sb, n - u, dst + u);
}
void mul_row_f32(const float* a, int64_t sa, const float* b, int64_t sb, int64_t n, float* dst) {
  binary_row_f32<true>(a, sa, b, sb, n, dst);
}
void add_row_f32(const float* a, int64_t sa, const float* b, int64_t sb, int64_t n, float* dst) {
  binary_row_f32<false>(a, sa, b, sb, n, dst);
}

void relu_f32(const float* x, int64_t n, float* dst) {
  int64_t i = 0;
#if defined(__AVX512F__)
  // +0 in the lanes below zero (an ordered comparison: NaN is not below zero), the element elsewhere.
  for (; i + 16 <= n; i += 16) {
    const __m512 v = _mm512_loadu_ps(x + i);
    const __mmask16 below = _mm512_cmp_ps_mask(v, _mm512_setzero_ps(), _CMP_LT_OQ);
    _mm512_storeu_ps(dst + i, _mm512_mask_mov_ps(v, below, _mm512_setzero_ps()));
  }
  if (i < n) {  // the last lanes, masked
    const __mmask16 m = static_cast<__mmask16>((1u << (n - i)) - 1);
    const __m512 v = _mm512_maskz_loadu_ps(m, x + i);
    const __mmask16 below = _mm512_cmp_ps_mask(v, _mm512_setzero_ps(), _CMP_LT_OQ);
    _mm512_mask_storeu_ps(dst + i, m, _mm512_mask_mov_ps(v, below, _mm512_setzero_ps()));
    return;
  }
#elif defined(__AVX2__)
  for (; i + 8 <= n; i += 8) {
    const __m256 v = _mm256_loadu_ps(x + i);
    const __m256 below = _mm256_cmp_ps(v, _mm256_setzero_ps(), _CMP_LT_OQ);
    _mm256_storeu_ps(dst + i, _mm256_andnot_ps(below, v));
  }
#endif
  loops::relu(x + i, n - i, dst + i);
}

// A fill that stays in the caches: on x86-64, the processor's string store (rep stos) for runs of at least
// 1 KiB, elsewhere and below that std::fill. Measured (2026-11-27), 16-byte stores against rep stos, fills
// followed by a read: 1 MB 16 -> 27 GB/s, 4 MB 13 -> 25, 9 MB 5.4 -> 20, the read after it no slower.
template <class T>
void cached_fill_as(T* dst, int64_t n, T v) {
#if defined(__x86_64__)
  if (n * static_cast<int64_t>(sizeof(T)) >= 1024) {
    auto count = static_cast<uint64_t>(n);
    if constexpr (sizeof(T) == 4) asm volatile("rep stosl" : "+D"(dst), "+c"(count) : "a"(v) : "memory");
    else asm volatile("rep stosq" : "+D"(dst), "+c"(count) : "a"(v) : "memory");
    return;
  }
#endif
  std::fill(dst, dst + n, v);
}

// Streamed stores of the variant's widest vector (64 bytes on AVX-512, 32 on AVX2, 16 on SSE2) from the first
// element aligned to it. On an AMD EPYC here, 150 MB filled: 16-byte streamed stores 10.5-10.8 GB/s, 64-byte
// ones 18.4-19.5 (the read after either 24-27).
template <class T>
void stream_fill_as(T* dst, int64_t n, T v) {
  int64_t i = 0;
#if defined(__SSE2__)
#if defined(__AVX512F__)
  using Vec = __m512i;
#elif defined(__AVX2__)
  using Vec = __m256i;
#else
  using Vec = __m128i;
#endif
  constexpr int64_t per = static_cast<int64_t>(sizeof(Vec) / sizeof(T));
  for (; i < n && reinterpret_cast<uintptr_t>(dst + i) % sizeof(Vec) != 0; ++i) dst[i] = v;
  alignas(sizeof(Vec)) T block[per];
  std::fill(block, block + per, v);
  Vec pattern;
  std::memcpy(&pattern, block, sizeof pattern);
  for (; i + per <= n; i += per) {
#if defined(__AVX512F__)
    _mm512_stream_si512(reinterpret_cast<Vec*>(dst + i), pattern);
#elif defined(__AVX2__)
    _mm256_stream_si256(reinterpret_cast<Vec*>(dst + i), pattern);
#else
    _mm_stream_si128(reinterpret_cast<Vec*>(dst + i), pattern);
#endif
  }
  _mm_sfence();  // the streamed stores ordered before what follows (the job's end, another thread's reads)
#endif
  std::fill(dst + i, dst + n, v);
}

template <class T>
void fill_as(T* dst, int64_t n, T v, bool streamed) {
  if (streamed) stream_fill_as(dst, n, v);
  else cached_fill_as(dst, n, v);
}

// The element's bytes copied as an unsigned integer of its size: the same bits stored.
void fill(void* dst, int64_t n, int32_t size, const void* v, bool streamed) {
  assert(size == 4 || size == 8);  // the caller's contract (ConstantOfShape passes only these sizes)
  if (size == 4) {
    uint32_t bits;
    std::memcpy(&bits, v, 4);
    fill_as(static_cast<uint32_t*>(dst), n, bits, streamed);
  } else {
    uint64_t bits;
    std::memcpy(&bits, v, 8);
    fill_as(static_cast<uint64_t*>(dst), n, bits, streamed);
  }
}

void widen_strided_f32(const float* src, int64_t stride, int64_t n, double* dst) {
  int64_t i = 0;
#if defined(__AVX512F__)
  if (stride == 2) {
    // Eight at a time: src[2i .. 2i + 14] in one load (masked: the element after the last wanted one is not
    // read), its even elements put first, widened.
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 0, 0, 0, 0, 0, 0, 0, 0);
    for (; i + 8 <= n; i += 8) {
      const __m512 v = _mm512_maskz_loadu_ps(0x7FFF, src + 2 * i);
      // maskz forms: no undefined source (GCC warns of one in the plain permute, cast and conversion).
      const __m512 first = _mm512_maskz_permutexvar_ps(0xFF, even, v);
      const __m256 low = _mm256_castpd_ps(_mm512_maskz_extractf64x4_pd(0xF, _mm512_castps_pd(first), 0));
      _mm512_storeu_pd(dst + i, _mm512_maskz_cvtps_pd(0xFF, low));
    }
  }
#endif
  if (stride == 1) return widen_f32(src + i, n - i, dst + i);
  loops::widen_strided(src + i * stride, stride, n - i, dst + i);
}

// The rows one by one, each row's narrowing or widening this variant's, inline rather than a call per row.
void narrow_plus_rows_f32(const double* src, int64_t src_row, int64_t n, int64_t rows, double add, float* dst,
                          int64_t dst_row) {
  loops::narrow_plus_rows(src, src_row, n, rows, add, dst, dst_row, narrow_f64_plus);
}
void widen_rows_f32(const float* src, int64_t src_row, int64_t stride, int64_t rows, int64_t lo, int64_t hi,
                    int64_t width, double* dst, int64_t dst_row) {
  loops::widen_rows(src, src_row, stride, rows, lo, hi, width, dst, dst_row, widen_strided_f32);
}

}  // namespace

const VectorLoops vector_loops{widen_f32,           narrow_f64,           narrow_f64_plus, spread_rows_f32,
                               gather_f32,          add_taps_f32,         sum_taps_f64,    max_windows_f32,
                               average_windows_f32, row_times_f32,        normalize_f32,   sum2_f32,
                               mul_row_f32,         add_row_f32,          relu_f32,        fill,
                               widen_strided_f32,   narrow_plus_rows_f32, widen_rows_f32};

}  // namespace onnxsem::ops::product_detail::ONNXSEM_PRODUCT_VARIANT

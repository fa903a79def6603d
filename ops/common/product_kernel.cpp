// The register kernel of ops/common/product.hpp, compiled once per instruction-set variant
// (ONNXSEM_PRODUCT_VARIANT names the namespace: baseline, avx2, avx512). Built without floating-point contraction (ISO C++ mode,
// -ffp-contract=off): every product is rounded before it is added, in every variant, so all variants
// give the same bits.
#include <cstdint>
#include <cstring>

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
// AVX-512: a row of the tile is one vector of eight.
using v8d = double __attribute__((vector_size(64)));

// The tile C[0..MR, 0..8) (row stride ldc) += A panel x B panel over kc values of k, in k order.
// [spec:P2] each element's terms are added in increasing k, each product rounded before it is added.
template <int MR>
void tile(int64_t kc, const double* ap, const double* bp, double* c, int64_t ldc, bool from_zero) {
  static_assert(kNR == 8, "the kernel holds a row of the tile in one vector of eight");
  v8d acc[MR];
  for (int i = 0; i < MR; ++i) acc[i] = from_zero ? v8d{} : load<v8d>(c + i * ldc);
  for (int64_t kk = 0; kk < kc; ++kk) {
    const v8d b = load<v8d>(bp + kk * kNR);
    const double* a = ap + kk * kMR;
    for (int i = 0; i < MR; ++i) acc[i] += a[i] * b;
  }
  for (int i = 0; i < MR; ++i) store(c + i * ldc, acc[i]);
}
#else
using v4d = double __attribute__((vector_size(32)));
static_assert(kNR == 8, "the kernel holds a row of the tile in two vectors of four");

// The tile C[0..MR, 0..8) (row stride ldc) += A panel x B panel over kc values of k, in k order.
// [spec:P2] each element's terms are added in increasing k, each product rounded before it is added.
template <int MR>
void tile(int64_t kc, const double* ap, const double* bp, double* c, int64_t ldc, bool from_zero) {
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
    const v4d b0 = load<v4d>(bp + kk * kNR), b1 = load<v4d>(bp + kk * kNR + 4);
    const double* a = ap + kk * kMR;
    for (int i = 0; i < MR; ++i) {
      const v4d ai = v4d{a[i], a[i], a[i], a[i]};
      acc[i][0] += ai * b0;
      acc[i][1] += ai * b1;
    }
  }
  for (int i = 0; i < MR; ++i) {
    store(c + i * ldc, acc[i][0]);
    store(c + i * ldc + 4, acc[i][1]);
  }
}
#endif

void panels(int64_t mc, int64_t nc, int64_t kc, const double* ap, const double* bp, int64_t bstride, double* c,
            int64_t ldc, bool from_zero) {
  alignas(64) double edge[kMR * kNR];
  for (int64_t j = 0; j < nc; j += kNR) {
    const double* b = bp + (j / kNR) * bstride;
    const int64_t w = nc - j < kNR ? nc - j : kNR;
    for (int64_t i = 0; i < mc; i += kMR) {
      const double* a = ap + (i / kMR) * kMR * kc;
      const int64_t h = mc - i < kMR ? mc - i : kMR;
      // A partial tile is worked on in a scratch tile holding C's values, then copied back.
      const bool full = w == kNR;
      double* t = full ? c + i * ldc + j : edge;
      const int64_t lt = full ? ldc : kNR;
      if (!full && !from_zero)
        for (int64_t ii = 0; ii < h; ++ii)
          for (int64_t jj = 0; jj < w; ++jj) edge[ii * kNR + jj] = c[(i + ii) * ldc + j + jj];
      switch (h) {
        case 1: tile<1>(kc, a, b, t, lt, from_zero); break;
        case 2: tile<2>(kc, a, b, t, lt, from_zero); break;
        case 3: tile<3>(kc, a, b, t, lt, from_zero); break;
        case 4: tile<4>(kc, a, b, t, lt, from_zero); break;
        case 5: tile<5>(kc, a, b, t, lt, from_zero); break;
        default: tile<6>(kc, a, b, t, lt, from_zero); break;
      }
      if (!full)
        for (int64_t ii = 0; ii < h; ++ii)
          for (int64_t jj = 0; jj < w; ++jj) c[(i + ii) * ldc + j + jj] = edge[ii * kNR + jj];
    }
  }
}

}  // namespace onnxsem::ops::product_detail::ONNXSEM_PRODUCT_VARIANT

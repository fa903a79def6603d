// The binary32 <-> binary64 conversions of ops/common/product.hpp (Conversions), compiled once per
// instruction-set variant like the register kernel (ONNXSEM_PRODUCT_VARIANT: baseline, avx2, avx512), so that
// the compiler can use the widest vector conversions the processor has. Each is a plain loop: widening a
// binary32 value is exact, narrowing rounds to nearest even (P1), and a vector conversion gives the same
// bits as a scalar one, element by element. Built with -ffp-contract=off like the kernel: add_taps rounds
// each product and each sum, as the scalar loop it replaces does.
#include <cstdint>

#include "ops/common/product.hpp"

namespace onnxsem::ops::product_detail::ONNXSEM_PRODUCT_VARIANT {
namespace {

void widen_f32(const float* src, int64_t n, double* dst) {
  for (int64_t i = 0; i < n; ++i) dst[i] = static_cast<double>(src[i]);
}

void narrow_f64(const double* src, int64_t n, float* dst) {
  for (int64_t i = 0; i < n; ++i) dst[i] = static_cast<float>(src[i]);
}

void narrow_f64_plus(const double* src, int64_t n, double add, float* dst) {
  for (int64_t i = 0; i < n; ++i) dst[i] = static_cast<float>(src[i] + add);
}

void spread_f32(const float* x, int64_t n, double* dst, int64_t stride) {
  int64_t t0 = 0;
  for (; t0 + kNR <= n; t0 += kNR, dst += stride)
    for (int64_t u = 0; u < kNR; ++u) dst[u] = static_cast<double>(x[t0 + u]);
  for (int64_t u = 0; t0 + u < n; ++u) dst[u] = static_cast<double>(x[t0 + u]);
}

void gather_f32(const float* x, const int64_t* offsets, const char* runs, int64_t n, double* dst, int64_t stride) {
  for (int64_t t0 = 0, q = 0; t0 < n; t0 += kNR, ++q, dst += stride) {
    if (runs[q]) {
      const float* src = x + offsets[t0];
      for (int64_t u = 0; u < kNR; ++u) dst[u] = static_cast<double>(src[u]);
      continue;
    }
    const int64_t e = n - t0 < kNR ? n - t0 : kNR;
    for (int64_t u = 0; u < e; ++u) {
      const int64_t off = offsets[t0 + u];
      dst[u] = off >= 0 ? static_cast<double>(x[off]) : 0.0;
    }
  }
}

void add_taps_f32(const float* x, const int64_t* offsets, const char* runs, int64_t n, double w, double* acc) {
  for (int64_t t0 = 0, q = 0; t0 < n; t0 += kNR, ++q) {
    if (runs[q]) {
      const float* src = x + offsets[t0];
      for (int64_t u = 0; u < kNR; ++u) acc[t0 + u] = acc[t0 + u] + w * static_cast<double>(src[u]);
      continue;
    }
    const int64_t e = n - t0 < kNR ? n - t0 : kNR;
    for (int64_t u = 0; u < e; ++u) {
      const int64_t off = offsets[t0 + u];
      acc[t0 + u] = acc[t0 + u] + w * (off >= 0 ? static_cast<double>(x[off]) : 0.0);
    }
  }
}

}  // namespace

const Conversions conversions{widen_f32, narrow_f64, narrow_f64_plus, spread_f32, gather_f32, add_taps_f32};

}  // namespace onnxsem::ops::product_detail::ONNXSEM_PRODUCT_VARIANT

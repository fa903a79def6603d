// The binary64 matrix product that Conv, MatMul and Gemm are computed with (spec/precision.md, P2).
//
//   C[i, j] = Σ_{k = 0 .. K-1} A(i, k) * B(k, j)
//
// formed in binary64 in exactly this order: C starts at +0 (or at its present value when accumulating),
// and the products A(i,0)B(0,j), A(i,1)B(1,j), ... are added one after the other. The result is therefore
// the same bits as the textbook triple loop; the blocking below only changes which element is worked on
// when, never the order of the additions into one element.
//
// How: the classic cache blocking of a matrix product. B is copied (widened to binary64) in blocks of
// kBlockK rows by kBlockN columns into panels of kNR columns, A in blocks of kBlockM rows by kBlockK
// columns (row by row, into one thread-local buffer, just before the products that read the block); a
// register-sized kernel then updates a tile of kMR rows of C over a whole block of k, reading B's panels
// and A's rows with unit stride. The kernel is compiled per instruction set (baseline x86-64, AVX2 with FMA,
// AVX-512) and the one the processor supports is chosen once at start-up; all perform the same additions in
// the same order. Where the operands are binary32 or narrower every product is exact in binary64 (P2), and
// the AVX2 and AVX-512 kernels add it with a fused multiply-add, which then rounds exactly as the separate
// addition does (exact_products below).
//
// On several threads (spec/graph.md, E9) a product is cut into slices of C's columns (or rows, for a
// narrow C), one per thread, each computed as above by one thread: every element of C is still formed by
// one thread in the order above, so the bits do not depend on the number of threads.
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

#include "ops/common/values.hpp"
#include "runtime/parallel.hpp"
#include "runtime/work.hpp"

namespace onnxsem::ops {

// A strided view of a matrix: element (r, c) is data[r * row_stride + c * col_stride].
template <class T>
struct MatrixView {
  const T* data;
  int64_t row_stride;
  int64_t col_stride;
  [[nodiscard]] T at(int64_t r, int64_t c) const { return data[r * row_stride + c * col_stride]; }
};

namespace product_detail {
inline constexpr int64_t kMR = 6, kNR = 8;
inline constexpr int64_t kBlockM = 96, kBlockK = 256, kBlockN = 2048;
// The least number of multiply-adds worth handing to another thread (E9): about a tenth of a millisecond.
inline constexpr int64_t kParallelGrain = int64_t{1} << 19;

// Whether every product of an element of TA by one of TB is exact in binary64: floating operands of
// binary32 or narrower (24 significant bits or fewer each, 48 together, within binary64's 53; the
// exponents stay far inside binary64's range). Such a product needs no rounding (P2).
template <class TA, class TB>
inline constexpr bool exact_products = !std::is_integral_v<TA> && !std::is_integral_v<TB> && sizeof(TA) <= 4 &&
                                       sizeof(TB) <= 4;

// C (mc x nc, row stride ldc) updated by B over kc values of k: A's block row-major (row stride kc, as
// pack_a writes it); B either packed (koff null: panels of kNR columns each, k-major, `bstride` doubles
// apart, zero-padded at the edge) or read in place (koff given: B(kk, j) = bp[koff[kk] + j], and up to
// kNR - 1 elements past column nc of each row are read, to be ignored). `from_zero`: C is not read, the sums
// start at +0. `exact`: every product is exact (B and A were widened from exact_products types), so a
// variant may fuse it with its addition.
// `narrowing` (when given; binary32 results): the sums are not stored in C but narrowed to binary32 at
// narrowing->y[i * ldy + j], after narrowing->add[i] is added to row i in binary64 (when add is given): the
// caller's narrow_float<float>(sum + add), done on the sums while the kernel still holds them.
struct Narrowing {
  float* y;
  int64_t ldy;
  const double* add;
};
using PanelsFn = void(int64_t mc, int64_t nc, int64_t kc, const double* ap, const double* bp, int64_t bstride,
                      const int64_t* koff, double* c, int64_t ldc, bool from_zero, bool exact,
                      const Narrowing* narrowing);
PanelsFn panels;
// The loops of VectorLoops (below) for any element type T, element by element with widen and narrow_float:
// vector_loops.cpp compiles them for binary32 once per instruction set, and kernels call them directly for
// the other types. `Panel` gathers one panel of taps (gather_panel, or a vector form of it).
namespace loops {
template <class T>
inline void widen_run(const T* src, int64_t n, double* dst) {
  for (int64_t i = 0; i < n; ++i) dst[i] = widen(src[i]);
}
template <class T>
inline void narrow_run(const double* src, int64_t n, T* dst) {
  for (int64_t i = 0; i < n; ++i) dst[i] = narrow_float<T>(src[i]);
}
template <class T>
inline void narrow_run_plus(const double* src, int64_t n, double add, T* dst) {
  for (int64_t i = 0; i < n; ++i) dst[i] = narrow_float<T>(src[i] + add);
}
template <class T>
inline void spread(const T* x, int64_t n, double* dst, int64_t stride) {
  for (int64_t t0 = 0; t0 < n; t0 += kNR, dst += stride) widen_run(x + t0, std::min(kNR, n - t0), dst);
}
template <class T>
inline void spread_rows(const T* x, int64_t plane, int64_t rows, int64_t n, double* dst, int64_t stride) {
  for (int64_t r = 0; r < rows; ++r) spread(x + r * plane, n, dst + r * kNR, stride);
}
// Entries u < e of a panel: x[offsets[u]] widened, +0 where offsets[u] is -1.
template <class T>
inline void gather_panel(const T* x, const int64_t* offsets, int64_t e, double* out) {
  for (int64_t u = 0; u < e; ++u) out[u] = offsets[u] >= 0 ? widen(x[offsets[u]]) : 0.0;
}
template <class T, class Panel = decltype(&gather_panel<T>)>
inline void gather(const T* x, const int64_t* offsets, const char* runs, int64_t n, double* dst, int64_t stride,
                   Panel panel = &gather_panel<T>) {
  for (int64_t t0 = 0, q = 0; t0 < n; t0 += kNR, ++q, dst += stride) {
    if (runs[q]) widen_run(x + offsets[t0], kNR, dst);
    else panel(x, offsets + t0, std::min(kNR, n - t0), dst);
  }
}
// acc[t] = the sum over j = 0 .. k-1 of w[j] * x[offs[j] + t], in increasing j from +0, each product and
// each addition rounded to binary64, for t < n (a tap at a time over all t: the same operations per t).
inline void sum_taps(const double* x, const int64_t* offs, const double* w, int64_t k, int64_t n, double* acc) {
  std::fill(acc, acc + n, 0.0);
  for (int64_t j = 0; j < k; ++j) {
    const double* xj = x + offs[j];
    for (int64_t t = 0; t < n; ++t) acc[t] = acc[t] + w[j] * xj[t];
  }
}
template <class T, class Panel = decltype(&gather_panel<T>)>
inline void add_taps(const T* x, const int64_t* offsets, const char* runs, int64_t n, double w, double* acc,
                     Panel panel = &gather_panel<T>) {
  for (int64_t t0 = 0, q = 0; t0 < n; t0 += kNR, ++q) {
    if (runs[q]) {
      const T* src = x + offsets[t0];
      for (int64_t u = 0; u < kNR; ++u) acc[t0 + u] = acc[t0 + u] + w * widen(src[u]);
      continue;
    }
    const int64_t e = std::min(kNR, n - t0);
    double g[kNR];
    panel(x, offsets + t0, e, g);
    for (int64_t u = 0; u < e; ++u) acc[t0 + u] = acc[t0 + u] + w * g[u];
  }
}
// dst[i] = narrow_float<T>((+0 + widen(a[i])) + widen(b[i])) for i < n, each addition rounded to binary64: the
// sum of two inputs as Sum forms it (EW11), from +0.
template <class T>
inline void sum2(const T* a, const T* b, int64_t n, T* dst) {
  for (int64_t i = 0; i < n; ++i) dst[i] = narrow_float<T>((0.0 + widen(a[i])) + widen(b[i]));
}
// dst[i] = narrow_float<T>((widen(x[i]) - m) / s * g + b) for i < n, each operation rounded to binary64: a run
// of a normalisation whose mean m, divisor s, scale g and bias b are the same along the run (NN30).
template <class T>
inline void normalize(const T* x, int64_t n, double m, double s, double g, double b, T* dst) {
  for (int64_t i = 0; i < n; ++i) dst[i] = narrow_float<T>((widen(x[i]) - m) / s * g + b);
}
// A row of Mul and of Add (EW2; P1: the exact operation in binary64, rounded once): dst[u] =
// narrow_float<T>(widen(a[u * sa]) op widen(b[u * sb])) for u < n, each step 0 (an operand repeated along the
// row by the broadcast) or 1. dst may be a or b itself (each element read before it is written).
template <class T>
inline void mul_row(const T* a, int64_t sa, const T* b, int64_t sb, int64_t n, T* dst) {
  for (int64_t u = 0; u < n; ++u) dst[u] = narrow_float<T>(widen(a[u * sa]) * widen(b[u * sb]));
}
template <class T>
inline void add_row(const T* a, int64_t sa, const T* b, int64_t sb, int64_t n, T* dst) {
  for (int64_t u = 0; u < n; ++u) dst[u] = narrow_float<T>(widen(a[u * sa]) + widen(b[u * sb]));
}
// Relu (EW27): dst[i] = +0 where x[i] < 0, else x[i] (NaN and -0 kept). dst may be x.
template <class T>
inline void relu(const T* x, int64_t n, T* dst) {
  for (int64_t i = 0; i < n; ++i) dst[i] = widen(x[i]) < 0 ? narrow_float<T>(0.0) : x[i];
}
// dst[i] = widen(src[i * stride]) for i < n: a row of one stride phase of a convolution's input.
template <class T>
inline void widen_strided(const T* src, int64_t stride, int64_t n, double* dst) {
  for (int64_t i = 0; i < n; ++i) dst[i] = widen(src[i * stride]);
}
// narrow_run_plus over `rows` rows: dst[r * dst_row + i] = narrow_float<T>(src[r * src_row + i] + add) for
// i < n, r < rows. `Row` narrows one row (a vector variant's, or the loop above).
template <class T, class Row = decltype(&narrow_run_plus<T>)>
inline void narrow_plus_rows(const double* src, int64_t src_row, int64_t n, int64_t rows, double add, T* dst,
                             int64_t dst_row, Row row = &narrow_run_plus<T>) {
  for (int64_t r = 0; r < rows; ++r) row(src + r * src_row, n, add, dst + r * dst_row);
}
// Rows r < rows of a convolution's band: row r (at dst + r * dst_row) holds +0 at [0, lo) and [hi, width),
// and at [lo, hi) the row src + r * src_row read every stride-th element, widened (`Row`: widen_strided or
// a vector variant's).
template <class T, class Row = decltype(&widen_strided<T>)>
inline void widen_rows(const T* src, int64_t src_row, int64_t stride, int64_t rows, int64_t lo, int64_t hi,
                       int64_t width, double* dst, int64_t dst_row, Row row = &widen_strided<T>) {
  for (int64_t r = 0; r < rows; ++r, dst += dst_row) {
    std::fill(dst, dst + lo, 0.0);
    if (hi > lo) row(src + r * src_row, stride, hi - lo, dst + lo);
    std::fill(dst + std::max(lo, hi), dst + width, 0.0);
  }
}
}  // namespace loops

// Plain loops in the instruction-set variant this processor runs (vector_loops.cpp), over binary32 data
// except sum_taps: runs widened to binary64 and sums narrowed back (P1), the same values as widen and
// narrow_float element by element; the gathering of convolution taps; depthwise taps; max pooling windows;
// one-row products.
struct VectorLoops {
  // dst[i] = widen(src[i]) for i < n.
  void (*widen)(const float* src, int64_t n, double* dst);
  // dst[i] = narrow_float<float>(src[i]) for i < n.
  void (*narrow)(const double* src, int64_t n, float* dst);
  // dst[i] = narrow_float<float>(src[i] + add) for i < n (the addition in binary64, rounded once).
  void (*narrow_plus)(const double* src, int64_t n, double add, float* dst);
  // x[0 .. n) widened into panels of kNR (dst, dst + stride, ...; the last panel's n % kNR first entries),
  // for each of `rows` rows: row r is x + r * plane, its entries go to row r of the panels (dst + r * kNR).
  // The vector variant takes the rows eight at a time, panel by panel: it writes consecutive lines.
  void (*spread_rows)(const float* x, int64_t plane, int64_t rows, int64_t n, double* dst, int64_t stride);
  // The same for n gathered elements: entry t is x[offsets[t]], or +0 where offsets[t] is -1; runs[q] says
  // that panel q's kNR offsets are consecutive (and none is -1).
  void (*gather)(const float* x, const int64_t* offsets, const char* runs, int64_t n, double* dst, int64_t stride);
  // acc[t] = acc[t] + w * (the gathered entry t, as `gather` defines it), for t < n: one tap of a depthwise
  // convolution, the product and the sum each rounded to binary64.
  void (*add_taps)(const float* x, const int64_t* offsets, const char* runs, int64_t n, double w, double* acc);
  // acc[t] = the sum of w[j] * x[offs[j] + t] over the k taps in order, from +0 (loops::sum_taps), binary64
  // data of any origin: the taps of a depthwise convolution read in place from its widened, padded input.
  // With `exact` (every product exact: w and x widened from binary32), each product is fused with its
  // addition, which rounds once as the separate addition of the exact product does: the same bits.
  void (*sum_taps)(const double* x, const int64_t* offs, const double* w, int64_t k, int64_t n, double* acc,
                   bool exact);
  // kNR max pooling windows of k taps each, tap j of window u at x[taps[j] + u * dx]: out[u] is the first
  // NaN among the window's taps in order, else the first of its largest (spec/ops-nn.md, NN20).
  void (*max_windows)(const float* x, const int64_t* taps, int64_t k, int32_t dx, float* out);
  // kNR average pooling windows laid out as for max_windows: out[u] is the binary64 sum of window u's taps
  // in order, starting at +0, divided by `count` and rounded once to binary32 (spec/ops-nn.md, NN23).
  void (*average_windows)(const float* x, const int64_t* taps, int64_t k, int32_t dx, double count, float* out);
  // n sums of a one-row product (n a multiple of kNR; col <= INT32_MAX / kNR unless row or col is 1): sum u
  // starts at c[u] (+0 when from_zero) and adds a[q] * b[q * row + u * col] for q = 0 .. k-1 in order, each
  // product exact in binary64 (binary32 operands), each addition rounded.
  void (*row_times)(const float* a, const float* b, int64_t k, int64_t row, int64_t col, int64_t n, double* c,
                    bool from_zero);
  // dst[i] = narrow_float<float>((widen(x[i]) - m) / s * g + b) for i < n (loops::normalize): the quotient is
  // the correctly rounded binary64 one, which AVX-512 obtains without the divider where it can prove it.
  void (*normalize)(const float* x, int64_t n, double m, double s, double g, double b, float* dst);
  // dst[i] = narrow_float<float>((+0 + widen(a[i])) + widen(b[i])) for i < n (loops::sum2): Sum of two inputs.
  // dst may be a or b itself (each element is read before it is written).
  void (*sum2)(const float* a, const float* b, int64_t n, float* dst);
  // A row of Mul, of Add (loops::mul_row, loops::add_row: steps 0 or 1), of Relu (loops::relu). The exact
  // product of two binary32 values rounded once is binary32's own product, and their binary64 sum rounded
  // again to binary32 is binary32's own sum (binary64 has more than twice binary32's precision): the vector
  // variants use the binary32 instructions.
  void (*mul_row)(const float* a, int64_t sa, const float* b, int64_t sb, int64_t n, float* dst);
  void (*add_row)(const float* a, int64_t sa, const float* b, int64_t sb, int64_t n, float* dst);
  void (*relu)(const float* x, int64_t n, float* dst);
  // dst[i] = v for i < n, elements of `size` bytes (4 or 8; v points to one). `streamed`: with stores that
  // bypass the caches (the variant's widest vector, from the first element aligned to it), for fills larger
  // than the caches, which would not stay there for their reader anyway (such stores do not read each line
  // first). Otherwise through the caches, by the processor's string store where there is one. Ordered
  // before what follows.
  void (*fill)(void* dst, int64_t n, int32_t size, const void* v, bool streamed);
  // dst[i] = widen(src[i * stride]) for i < n (loops::widen_strided); only src[0], src[stride], ... are read.
  void (*widen_strided)(const float* src, int64_t stride, int64_t n, double* dst);
  // narrow_plus for each of `rows` rows (loops::narrow_plus_rows), in one call.
  void (*narrow_plus_rows)(const double* src, int64_t src_row, int64_t n, int64_t rows, double add, float* dst,
                           int64_t dst_row);
  // Rows of a band: widen_strided for each row, with the padding at either end, in one call (loops::widen_rows).
  void (*widen_rows)(const float* src, int64_t src_row, int64_t stride, int64_t rows, int64_t lo, int64_t hi,
                     int64_t width, double* dst, int64_t dst_row);
};
[[nodiscard]] const VectorLoops& vector_loops();

// The loops for elements of type T: the processor's vector variant for binary32, the generic loop
// otherwise (the same values either way).
namespace typed {
// vector_loops(), looked up once: these are called per row of a tile, where a call into product.cpp
// each time is measurable.
inline const VectorLoops& here() {
  static const VectorLoops& chosen = vector_loops();
  return chosen;
}
template <class T>
inline void widen(const T* src, int64_t n, double* dst) {
  if constexpr (std::is_same_v<T, float>) here().widen(src, n, dst);
  else loops::widen_run(src, n, dst);
}
template <class T>
inline void widen_strided(const T* src, int64_t stride, int64_t n, double* dst) {
  if constexpr (std::is_same_v<T, float>) here().widen_strided(src, stride, n, dst);
  else loops::widen_strided(src, stride, n, dst);
}
template <class T>
inline void narrow_plus_rows(const double* src, int64_t src_row, int64_t n, int64_t rows, double add, T* dst,
                             int64_t dst_row) {
  if constexpr (std::is_same_v<T, float>) here().narrow_plus_rows(src, src_row, n, rows, add, dst, dst_row);
  else loops::narrow_plus_rows(src, src_row, n, rows, add, dst, dst_row);
}
template <class T>
inline void widen_rows(const T* src, int64_t src_row, int64_t stride, int64_t rows, int64_t lo, int64_t hi,
                       int64_t width, double* dst, int64_t dst_row) {
  if constexpr (std::is_same_v<T, float>) here().widen_rows(src, src_row, stride, rows, lo, hi, width, dst, dst_row);
  else loops::widen_rows(src, src_row, stride, rows, lo, hi, width, dst, dst_row);
}
template <class T>
inline void narrow(const double* src, int64_t n, T* dst) {
  if constexpr (std::is_same_v<T, float>) here().narrow(src, n, dst);
  else loops::narrow_run(src, n, dst);
}
template <class T>
inline void narrow_plus(const double* src, int64_t n, double add, T* dst) {
  if constexpr (std::is_same_v<T, float>) here().narrow_plus(src, n, add, dst);
  else loops::narrow_run_plus(src, n, add, dst);
}
template <class T>
inline void spread_rows(const T* x, int64_t plane, int64_t rows, int64_t n, double* dst, int64_t stride) {
  if constexpr (std::is_same_v<T, float>) here().spread_rows(x, plane, rows, n, dst, stride);
  else loops::spread_rows(x, plane, rows, n, dst, stride);
}
template <class T>
inline void gather(const T* x, const int64_t* offsets, const char* runs, int64_t n, double* dst, int64_t stride) {
  if constexpr (std::is_same_v<T, float>) here().gather(x, offsets, runs, n, dst, stride);
  else loops::gather(x, offsets, runs, n, dst, stride);
}
template <class T>
inline void add_taps(const T* x, const int64_t* offsets, const char* runs, int64_t n, double w, double* acc) {
  if constexpr (std::is_same_v<T, float>) here().add_taps(x, offsets, runs, n, w, acc);
  else loops::add_taps(x, offsets, runs, n, w, acc);
}
template <class T>
inline void normalize(const T* x, int64_t n, double m, double s, double g, double b, T* dst) {
  if constexpr (std::is_same_v<T, float>) here().normalize(x, n, m, s, g, b, dst);
  else loops::normalize(x, n, m, s, g, b, dst);
}
}  // namespace typed

// The instruction-set variants of the kernel and of the loops (product_kernel.cpp, vector_loops.cpp), one
// of which `panels` and `vector_loops` give; all give the same bits.
namespace baseline {
PanelsFn panels;
extern const VectorLoops vector_loops;
}  // namespace baseline
#if defined(__x86_64__)
namespace avx2 {
PanelsFn panels;
extern const VectorLoops vector_loops;
}  // namespace avx2
namespace avx512 {
PanelsFn panels;
extern const VectorLoops vector_loops;
}  // namespace avx512
#endif

// Uninitialised working arrays that start on a cache line (64 bytes): the kernel's and the loops' vector
// loads of panels then never straddle two lines. The heap's own alignment (16 bytes) made the speed of a
// model depend on where its buffers happened to fall (ResNet-50 measured 7% apart between two builds).
inline constexpr std::align_val_t kLine{64};
struct LineDelete {
  void operator()(void* p) const noexcept { ::operator delete[](p, kLine); }
};
template <class T>
using LineArray = std::unique_ptr<T[], LineDelete>;
template <class T>
[[nodiscard]] LineArray<T> line_array(int64_t n) {
  static_assert(std::is_trivially_default_constructible_v<T> && std::is_trivially_destructible_v<T>);
  return LineArray<T>(static_cast<T*>(::operator new[](static_cast<size_t>(n) * sizeof(T), kLine)));
}

// One thread's block of A (kBlockM rows by kBlockK columns, as pack_a writes it), packed just before the
// products that read it, so that it stays in the processor's cache. Kept outside the evaluation's context:
// every entry is written before it is read, so it cannot change a result.
[[nodiscard]] inline double* a_block_buffer() {
  thread_local const LineArray<double> buffer = line_array<double>(kBlockM * kBlockK);
  return buffer.get();
}

// Packs rows [i0, i0 + mc) and columns [k0, k0 + kc) of A, widened, row after row (row stride kc): the
// panel of rows i .. i+kMR-1 starts at row i. Rows are copied whole (a contiguous widening where A's rows are
// contiguous); the kernel reads only the rows there are.
template <class TA>
void pack_a(MatrixView<TA> a, int64_t i0, int64_t mc, int64_t k0, int64_t kc, double* ap) {
  for (int64_t ii = 0; ii < mc; ++ii) {
    double* dst = ap + ii * kc;
    const TA* src = a.data + (i0 + ii) * a.row_stride + k0 * a.col_stride;
    if (a.col_stride != 1)
      for (int64_t kk = 0; kk < kc; ++kk) dst[kk] = widen(src[kk * a.col_stride]);
    else typed::widen(src, kc, dst);
  }
}

// One thread's part of `product` (below): the same, without the charge and the slicing.
template <class TA, class TB>
void product_slice(int64_t m, int64_t n, int64_t k, MatrixView<TA> a, MatrixView<TB> b, double* c, int64_t ldc,
                   bool accumulate) {
  if (k <= 0) {
    if (!accumulate)
      for (int64_t i = 0; i < m; ++i) std::fill(c + i * ldc, c + i * ldc + n, 0.0);
    return;
  }
  if (m < kMR) {
    // A few rows (a matrix-vector product, a fully connected layer on one image): each column block of B
    // is read once, straight into the sums, without packing. Same order of additions. One row of binary32
    // operands: the columns of whole blocks of kNR in the processor's vector loop (the products are exact, P2).
    int64_t j_start = 0;
    if constexpr (std::is_same_v<TA, float> && std::is_same_v<TB, float>) {
      if (m == 1 && a.col_stride == 1 && b.col_stride > 0 &&
          (b.row_stride == 1 || b.col_stride == 1 || b.col_stride <= INT32_MAX / kNR)) {
        j_start = n / kNR * kNR;
        vector_loops().row_times(a.data, b.data, k, b.row_stride, b.col_stride, j_start, c, !accumulate);
      }
    }
    for (int64_t j0 = j_start; j0 < n; j0 += kNR) {
      const int64_t w = std::min(kNR, n - j0);
      double acc[kMR][kNR];
      for (int64_t i = 0; i < m; ++i)
        for (int64_t jj = 0; jj < w; ++jj) acc[i][jj] = accumulate ? c[i * ldc + j0 + jj] : 0.0;
      for (int64_t q = 0; q < k; ++q) {
        double bv[kNR];
        const TB* src = b.data + q * b.row_stride + j0 * b.col_stride;
        for (int64_t jj = 0; jj < w; ++jj) bv[jj] = widen(src[jj * b.col_stride]);
        for (int64_t i = 0; i < m; ++i) {
          const double av = widen(a.at(i, q));
          for (int64_t jj = 0; jj < w; ++jj) acc[i][jj] = acc[i][jj] + av * bv[jj];
        }
      }
      for (int64_t i = 0; i < m; ++i)
        for (int64_t jj = 0; jj < w; ++jj) c[i * ldc + j0 + jj] = acc[i][jj];
    }
    return;
  }
  const int64_t nb = std::min(n, kBlockN), kb = std::min(k, kBlockK);
  const LineArray<double> bp = line_array<double>(((nb + kNR - 1) / kNR) * kNR * kb);
  double* const ap = a_block_buffer();
  for (int64_t j0 = 0; j0 < n; j0 += kBlockN) {
    const int64_t nc = std::min(kBlockN, n - j0);
    for (int64_t k0 = 0; k0 < k; k0 += kBlockK) {
      const int64_t kc = std::min(kBlockK, k - k0);
      // B block -> panels of kNR columns: bp[panel][kk][jj]. Where B's rows are contiguous, by spread_rows,
      // which takes a few rows at a time across the panels: B is read as a few sequential streams. (Read a
      // panel at a time, each read fell on a new cache line of a matrix too large for the caches, and
      // widening the weights took a sixth of a transformer's evaluation.)
      if (b.col_stride == 1) {
        typed::spread_rows(b.data + k0 * b.row_stride + j0, b.row_stride, kc, nc, bp.get(), kNR * kc);
        if (const int64_t w = nc % kNR; w != 0) {
          double* last = bp.get() + (nc / kNR) * kNR * kc;
          for (int64_t kk = 0; kk < kc; ++kk) std::fill(last + kk * kNR + w, last + (kk + 1) * kNR, 0.0);
        }
      } else {
        for (int64_t jp = 0; jp < nc; jp += kNR) {
          double* dst = bp.get() + (jp / kNR) * kNR * kc;
          const int64_t w = std::min(kNR, nc - jp);
          for (int64_t kk = 0; kk < kc; ++kk) {
            double* row = dst + kk * kNR;
            const TB* src = b.data + (k0 + kk) * b.row_stride + (j0 + jp) * b.col_stride;
            for (int64_t jj = 0; jj < w; ++jj) row[jj] = widen(src[jj * b.col_stride]);
            for (int64_t jj = w; jj < kNR; ++jj) row[jj] = 0.0;
          }
        }
      }
      for (int64_t i0 = 0; i0 < m; i0 += kBlockM) {
        const int64_t mc = std::min(kBlockM, m - i0);
        pack_a(a, i0, mc, k0, kc, ap);
        panels(mc, nc, kc, ap, bp.get(), kNR * kc, nullptr, c + i0 * ldc + j0, ldc, k0 == 0 && !accumulate,
               exact_products<TA, TB>, nullptr);
      }
    }
  }
}

}  // namespace product_detail

// C (m x n, row-major with row stride ldc) = A B, or C += A B in the order above when `accumulate`.
template <class TA, class TB>
void product(EvalContext& cx, int64_t m, int64_t n, int64_t k, MatrixView<TA> a, MatrixView<TB> b, double* c,
             int64_t ldc, bool accumulate = false) {
  using namespace product_detail;
  if (m <= 0 || n <= 0) return;
  // L5: m x n x k multiply-adds, counted before they are done.
  cx.charge(work_product({m, n, k}), "a matrix product");
  // E9: a product of fewer rows than a register tile reads each element of B once, unpacked, for its few
  // multiply-adds: its work is judged as a pass over B's elements (kElementGrain), not by the register
  // kernel's grain.
  int64_t parts = k > 0 ? pieces_for(cx, work_product({m, n, k}), m < kMR ? kElementGrain : kParallelGrain) : 1;
  // E9: slices of columns when C is wide enough (each at least two panels), else of rows.
  const bool by_columns = n >= parts * 2 * kNR;
  if (!by_columns) parts = std::min(parts, std::max<int64_t>(1, m / kMR));
  if (parts <= 1) return product_slice(m, n, k, a, b, c, ldc, accumulate);
  parallel_for(cx, parts, [&](int64_t q) {
    if (by_columns) {
      const auto [j0, j1] = slice_bounds(n, parts, q, kNR);
      MatrixView<TB> bq{b.data + j0 * b.col_stride, b.row_stride, b.col_stride};
      product_slice(m, j1 - j0, k, a, bq, c + j0, ldc, accumulate);
    } else {
      const auto [i0, i1] = slice_bounds(m, parts, q, kMR);
      MatrixView<TA> aq{a.data + i0 * a.row_stride, a.row_stride, a.col_stride};
      product_slice(i1 - i0, n, k, aq, b, c + i0 * ldc, ldc, accumulate);
    }
  });
}

// The index of B(k, j) in the packed form product_packed_rows reads: panels of kNR columns, each holding all
// k rows (k-major), the last panel zero-padded.
[[nodiscard]] inline int64_t packed_index(int64_t k_total, int64_t k, int64_t j) {
  using product_detail::kNR;
  return (j / kNR) * kNR * k_total + k * kNR + j % kNR;
}
[[nodiscard]] inline int64_t packed_size(int64_t k_total, int64_t n) {
  using product_detail::kNR;
  return (n + kNR - 1) / kNR * kNR * k_total;
}

namespace product_detail {
// product_packed_rows and product_shifted_rows (below): B packed (koff null) or read in place.
// With `narrowing` (rows and columns as C's), the last block of k narrows the sums instead of storing them.
template <class TA>
void rows_of_product(int64_t n, MatrixView<TA> a, int64_t m, int64_t k, int64_t r0, int64_t r1, const double* b,
                     const int64_t* koff, double* c, int64_t ldc, bool accumulate, bool exact,
                     const Narrowing* narrowing) {
  r1 = std::min(r1, m);
  if (r1 <= r0 || n <= 0) return;
  if (k <= 0) {
    for (int64_t i = r0; i < r1; ++i) {
      if (!accumulate) std::fill(c + i * ldc, c + i * ldc + n, 0.0);
      if (narrowing)
        for (int64_t j = 0; j < n; ++j)
          narrowing->y[i * narrowing->ldy + j] = narrow_float<float>(narrowing->add ? c[i * ldc + j] + narrowing->add[i]
                                                                                    : c[i * ldc + j]);
    }
    return;
  }
  double* const ap = a_block_buffer();
  for (int64_t k0 = 0; k0 < k; k0 += kBlockK) {
    const int64_t kc = std::min(kBlockK, k - k0);
    for (int64_t lo = r0; lo < r1; lo += kBlockM) {
      const int64_t hi = std::min(lo + kBlockM, r1);
      pack_a(a, lo, hi - lo, k0, kc, ap);
      for (int64_t j0 = 0; j0 < n; j0 += kBlockN) {
        const bool zero = k0 == 0 && !accumulate;
        Narrowing here;  // the block's corner
        const Narrowing* last = nullptr;
        if (narrowing && k0 + kc == k) {
          here = {narrowing->y + lo * narrowing->ldy + j0, narrowing->ldy,
                  narrowing->add ? narrowing->add + lo : nullptr};
          last = &here;
        }
        if (koff)
          panels(hi - lo, std::min(kBlockN, n - j0), kc, ap, b + j0, 0, koff + k0, c + lo * ldc + j0, ldc, zero, exact,
                 last);
        else
          panels(hi - lo, std::min(kBlockN, n - j0), kc, ap, b + packed_index(k, k0, j0), kNR * k, nullptr,
                 c + lo * ldc + j0, ldc, zero, exact, last);
      }
    }
  }
}
}  // namespace product_detail

// Rows [r0, r1) of C = A B as `product` computes them (the same order of additions), for A (m x k) and B
// already packed (packed_index), as a convolution's gathering of taps produces it; r0 is a multiple of
// kMR (r0 = 0, r1 = m: every row). With `accumulate`, the sums continue from C's present values. Each
// block of A is packed where it is used. Charges no work: the caller has counted it (L5) before handing
// out the rows. `exact`: A's and B's values are of exact_products types (B was widened from one).
// With `narrowing` (product_detail::Narrowing, rows and columns as C's), each sum is narrowed to binary32
// at y[i * ldy + j] after add[i] is added (the caller's narrow_float<float>(C(i, j) + add[i])), and C holds
// no final sums (where k exceeds one block, it holds the partial sums of the blocks before the last).
template <class TA>
void product_packed_rows(int64_t n, MatrixView<TA> a, int64_t m, int64_t k, int64_t r0, int64_t r1,
                         const double* bpacked, double* c, int64_t ldc, bool accumulate, bool exact,
                         const product_detail::Narrowing* narrowing = nullptr) {
  product_detail::rows_of_product(n, a, m, k, r0, r1, bpacked, nullptr, c, ldc, accumulate, exact, narrowing);
}

// The same for B read in place: B(k, j) = b[koff[k] + j] (a convolution of unit strides reads the rows of
// the matrix of taps as shifted views of its padded input, spec/ops-nn.md NN11). Up to kNR - 1 elements
// past column n - 1 of each row are read (and their sums thrown away): b must be readable there.
template <class TA>
void product_shifted_rows(int64_t n, MatrixView<TA> a, int64_t m, int64_t k, int64_t r0, int64_t r1, const double* b,
                          const int64_t* koff, double* c, int64_t ldc, bool accumulate, bool exact) {
  product_detail::rows_of_product(n, a, m, k, r0, r1, b, koff, c, ldc, accumulate, exact, nullptr);
}

}  // namespace onnxsem::ops

// Chooses the variants of the register kernel and of the plain loops (VectorLoops) of product.hpp that this processor runs
// (see product_kernel.cpp and vector_loops.cpp).
#include "ops/common/product.hpp"

#include "semantics/coverage.hpp"

namespace onnxsem::ops::product_detail {
namespace {
PanelsFn* choose() {
#if defined(__x86_64__)
  if (__builtin_cpu_supports("avx512f")) return avx512::panels;
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return avx2::panels;
#endif
  return baseline::panels;
}
const VectorLoops& choose_loops() {
#if defined(__x86_64__)
  if (__builtin_cpu_supports("avx512f")) return avx512::vector_loops;
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return avx2::vector_loops;
#endif
  return baseline::vector_loops;
}
}  // namespace

const VectorLoops& vector_loops() {
  static const VectorLoops& chosen = choose_loops();
  return chosen;
}

void panels(int64_t mc, int64_t nc, int64_t kc, const double* ap, const double* bp, int64_t bstride, double* c,
            int64_t ldc, bool from_zero, bool exact) {
  // Not in product_kernel.cpp: its variants are built for instruction sets the processor may lack, and a
  // marker's registration runs at start-up on any processor.
  ONNXSEM_CLAUSE(P2);
  static PanelsFn* const chosen = choose();
  chosen(mc, nc, kc, ap, bp, bstride, c, ldc, from_zero, exact);
}

}  // namespace onnxsem::ops::product_detail

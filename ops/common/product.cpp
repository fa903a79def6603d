// Chooses the variants of the register kernel and of the plain loops (VectorLoops) of product.hpp that this processor runs
// (see product_kernel.cpp and vector_loops.cpp).
#include "ops/common/product.hpp"

#include "runtime/coverage.hpp"

namespace onnxsem::ops::product_detail {
namespace {
// The variant of this processor: the widest instruction set it has among those the variants are built for.
struct Variant {
  PanelsFn* panels;
  const VectorLoops* loops;
};
Variant choose() {
#if defined(__x86_64__)
  if (__builtin_cpu_supports("avx512f")) return {avx512::panels, &avx512::vector_loops};
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return {avx2::panels, &avx2::vector_loops};
#endif
  return {baseline::panels, &baseline::vector_loops};
}
const Variant& chosen() {
  static const Variant variant = choose();
  return variant;
}
}  // namespace

const VectorLoops& vector_loops() { return *chosen().loops; }

void panels(int64_t mc, int64_t nc, int64_t kc, const double* ap, const double* bp, int64_t bstride,
            const int64_t* koff, double* c, int64_t ldc, bool from_zero, bool exact, const Narrowing* narrowing) {
  // Not in product_kernel.cpp: its variants are built for instruction sets the processor may lack, and a
  // marker's registration runs at start-up on any processor.
  ONNXSEM_CLAUSE(P2);
  static PanelsFn* const kernel = chosen().panels;
  kernel(mc, nc, kc, ap, bp, bstride, koff, c, ldc, from_zero, exact, narrowing);
}

}  // namespace onnxsem::ops::product_detail

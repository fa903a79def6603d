// The linalg family's entry point: registers every operator version of ops/linalg/ in the table.
#include "ops/linalg/linalg.hpp"

namespace onnxsem::ops {

void add_linalg(Registry& r) {
  la::add_matmul(r);
  la::add_gemm(r);
  la::add_einsum(r);
  la::add_det(r);
}

}  // namespace onnxsem::ops

// Internal interface of the linalg family (spec/ops-linalg.md): per-file registration functions and the
// helpers its files share: the arithmetic of ops/common/arith.hpp (P1) and the matrix product of the
// accumulator domain.
#pragma once

#include <algorithm>
#include <cstdint>

#include "ops/common/arith.hpp"
#include "ops/common/values.hpp"
#include "ops/registry.hpp"
#include "values/dispatch.hpp"
#include "values/value.hpp"

namespace onnxsem::ops::la {

using arith::add, arith::Domain, arith::is_float_elem, arith::mul, arith::round_to, arith::wide;

void add_matmul(Registry& r);  // matmul.cpp: MatMul, MatMulInteger
void add_gemm(Registry& r);    // gemm.cpp: Gemm
void add_einsum(Registry& r);  // einsum.cpp: Einsum
void add_det(Registry& r);     // det.cpp: Det

// Whether `small` broadcasts to `big` in one direction (numpy alignment at the last dimension; every
// aligned dimension of `small` equals that of `big` or is 1).
[[nodiscard]] inline bool broadcasts_to(const Shape& small, const Shape& big) {
  if (small.size() > big.size()) return false;
  const size_t shift = big.size() - small.size();
  for (size_t i = 0; i < small.size(); ++i)
    if (small[i] != 1 && small[i] != big[i + shift]) return false;
  return true;
}

// Matrix product core shared by MatMul, Gemm and MatMulInteger: C[M,N] += A[M,K] * B[K,N], all row-major,
// in the accumulator domain Acc. For every C[i,j] the products are added in increasing order of k.
template <class Acc>
void gemm_core(const Acc* a, const Acc* b, Acc* c, int64_t m, int64_t k, int64_t n) {
  constexpr int64_t kBlock = 128;  // a panel of B rows stays in cache while every row of C is updated
  for (int64_t k0 = 0; k0 < k; k0 += kBlock) {
    const int64_t k1 = std::min(k, k0 + kBlock);
    for (int64_t i = 0; i < m; ++i) {
      Acc* crow = c + i * n;
      for (int64_t kk = k0; kk < k1; ++kk) {
        const Acc aik = a[i * k + kk];
        const Acc* brow = b + kk * n;
        for (int64_t j = 0; j < n; ++j) crow[j] = add(crow[j], mul(aik, brow[j]));
      }
    }
  }
}

}  // namespace onnxsem::ops::la

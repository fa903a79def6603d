// Helpers for the quant family's unit tests: the shared ones of ops/common/testing.hpp, `run`, which calls
// the kernels add_quant registers, and readers of small-integer and float8/float4 results.
#pragma once

#include "ops/common/testing.hpp"
#include "values/numeric.hpp"

namespace qtest {
using namespace onnxsem;

using ops::testing::attr_i, ops::testing::attr_is, ops::testing::attr_s, ops::testing::clause_of,
    ops::testing::make_node, ops::testing::tf, ops::testing::vals;

// Calls the kernel registered for (op, since_version); `outputs` outputs requested.
inline constexpr ops::testing::FamilyRun<ops::add_quant> run{};

template <class T>
Tensor t(Shape s, std::vector<T> v) {
  return ops::testing::tv<T>(std::move(s), std::move(v));
}

// Values of a tensor of small integers (int4, uint4, int2, uint2) as ints.
template <class T>
std::vector<int> small_vals(const std::optional<Value>& v) {
  std::vector<int> r;
  for (T e : vals<T>(v)) r.push_back(e.v);
  return r;
}
// Bit patterns of a tensor of float8 / float4 elements.
template <class T>
std::vector<int> bit_vals(const std::optional<Value>& v) {
  std::vector<int> r;
  for (T e : vals<T>(v)) r.push_back(e.bits);
  return r;
}

}  // namespace qtest

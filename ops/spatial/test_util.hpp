// Helpers for the spatial family's unit tests: the shared ones of ops/common/testing.hpp, `run`, which calls
// the kernels add_spatial registers, and the family's short tensor builders.
#pragma once

#include "ops/common/testing.hpp"
#include "values/numeric.hpp"

namespace sptest {
using namespace onnxsem;

using ops::testing::attr_f, ops::testing::attr_fs, ops::testing::attr_i, ops::testing::attr_is, ops::testing::attr_s,
    ops::testing::check_close, ops::testing::clause_of, ops::testing::make_node, ops::testing::shape_of,
    ops::testing::tf, ops::testing::vals;

// Calls the kernel registered for (op, since_version); `outputs` outputs requested.
inline constexpr ops::testing::FamilyRun<ops::add_spatial> run{};

inline Tensor ti(Shape s, std::vector<int64_t> v) { return ops::testing::ti64(std::move(s), std::move(v)); }
inline Tensor tf1(std::vector<float> v) { return ops::testing::t1<float>(std::move(v)); }
inline Tensor ti1(std::vector<int64_t> v) { return ops::testing::t1<int64_t>(std::move(v)); }

}  // namespace sptest

// Helpers for the linalg family's unit tests: the shared ones of ops/common/testing.hpp (NodeB, which builds
// a node, and the short names of the tensor builders), and `run`, which calls the kernels add_linalg registers.
#pragma once

#include "ops/common/testing.hpp"

namespace lat {
using namespace onnxsem;

using ops::testing::kind_of, ops::testing::NodeB, ops::testing::vals;
using namespace ops::testing::short_names;

inline const ops::Registry& reg() { return ops::testing::family_registry<ops::add_linalg>(); }

// Runs op `b.n.op_type` at since-version v: `run` returns all outputs (as tensors), `run1` the first, and
// `clause_of` the clause of the failure thrown, or "" if none.
inline constexpr ops::testing::NodeRun<reg> run{};
inline constexpr ops::testing::NodeRun1<reg> run1{};
inline constexpr ops::testing::NodeClause<reg> clause_of{};

}  // namespace lat

// Helpers for the nn family's unit tests: the shared ones of ops/common/testing.hpp, and `run`, which calls
// the kernels add_nn registers.
#pragma once

#include "ops/common/testing.hpp"

namespace nntest {
using namespace onnxsem;

using ops::testing::KeepAlive, ops::testing::attr_f, ops::testing::attr_i, ops::testing::attr_is, ops::testing::attr_s,
    ops::testing::check_close, ops::testing::clause_of, ops::testing::kind_of, ops::testing::make_node,
    ops::testing::shape_of, ops::testing::td, ops::testing::tf, ops::testing::vals;

// Calls the kernel registered for (op, since_version); `outputs` outputs requested.
inline constexpr ops::testing::FamilyRun<ops::add_nn> run{};

}  // namespace nntest

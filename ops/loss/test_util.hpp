// Helpers for the loss family's unit tests: the shared ones of ops/common/testing.hpp, and `run`, which
// calls the kernels add_loss registers (in any domain) with a chosen set of requested outputs.
#pragma once

#include "ops/common/testing.hpp"

namespace losstest {
using namespace onnxsem;

using ops::testing::attr_f, ops::testing::attr_i, ops::testing::attr_s, ops::testing::check_close,
    ops::testing::clause_of, ops::testing::make_node, ops::testing::shape_of, ops::testing::td, ops::testing::tf,
    ops::testing::ti32, ops::testing::ti64, ops::testing::vals;

// Calls the kernel registered for (node's domain, op, since_version) on the inputs; the first `outputs`
// outputs are requested unless `requested` says otherwise.
inline std::vector<std::optional<Value>> run(const Node& n, int64_t version, std::vector<std::optional<Value>> inputs,
                                             size_t outputs = 1, std::vector<bool> requested = {}) {
  if (requested.empty()) requested.assign(outputs, true);
  return ops::testing::run(ops::add_loss, n, version, std::move(inputs), std::move(requested));
}

}  // namespace losstest

// Seeded random input sets (spec/conformance.md, XC4): for the cross-check and the run fuzzer.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "values/ir.hpp"
#include "values/value.hpp"

namespace onnxsem::conformance {

// Seeded random inputs for the graph inputs without initializer (XC4). Empty optional (and `why` set)
// when some input's declared type has no random form.
inline constexpr int64_t symbolic_dim_size = 2;
[[nodiscard]] std::optional<std::map<std::string, Value>> random_inputs(EvalContext& cx, const Graph& g, uint64_t seed,
                                                                        std::string& why);

// The seed of random set `set` of the test named `test_key` under the command's `--seed`.
[[nodiscard]] uint64_t random_set_seed(uint64_t seed, const std::string& test_key, int set);

}  // namespace onnxsem::conformance

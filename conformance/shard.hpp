// Shards (spec/conformance.md, K15): a deterministic split of a sweep's or a cross-check's tests into N
// parts, so that N machines (or the N tasks of a batch engine's job array) cover the work exactly once.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace onnxsem::conformance {

struct Shard {
  int64_t k = 0;  // this part, 0 <= k < n
  int64_t n = 1;  // the number of parts; 1: everything
  [[nodiscard]] std::string text() const { return std::to_string(k) + "/" + std::to_string(n); }
  // Whether the test with this key belongs to this part: FNV-1a (64 bits) of the key, modulo n.
  [[nodiscard]] bool holds(std::string_view key) const noexcept;
  friend bool operator==(const Shard&, const Shard&) = default;
};

// [K16] How the reports of the shards of one run go back together: `shards[p]` is part p's shard and
// `positions[p]` the positions of its tests among the `found` tests of the run. The parts must be the N
// shards of one N, each once, holding `found` tests in all, each position once; element n of the result is
// (part, index in that part) of the test at position n. A usage error K16 otherwise, naming `what` ("sweep").
[[nodiscard]] std::vector<std::pair<size_t, size_t>> merge_order(const std::vector<Shard>& shards,
                                                                 const std::vector<std::vector<size_t>>& positions,
                                                                 size_t found, const std::string& what);

// Parses "K/N" (0 <= K < N, 1 <= N <= 1,000,000); a usage error U2 otherwise, naming `what`.
[[nodiscard]] Shard parse_shard(const std::string& text, const std::string& what = "--shard");

}  // namespace onnxsem::conformance

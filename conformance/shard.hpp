// Shards (spec/conformance.md, K15): a deterministic split of a sweep's or a cross-check's tests into N
// parts, so that N machines (or the N tasks of a batch engine's job array) cover the work exactly once.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace onnxsem::conformance {

struct Shard {
  int64_t k = 0;  // this part, 0 <= k < n
  int64_t n = 1;  // the number of parts; 1: everything
  [[nodiscard]] std::string text() const { return std::to_string(k) + "/" + std::to_string(n); }
  // Whether the test with this key belongs to this part: FNV-1a (64 bits) of the key, modulo n.
  [[nodiscard]] bool holds(std::string_view key) const noexcept;
  friend bool operator==(const Shard&, const Shard&) = default;
};

// Parses "K/N" (0 <= K < N, 1 <= N <= 1,000,000); a usage error U2 otherwise, naming `what`.
[[nodiscard]] Shard parse_shard(const std::string& text, const std::string& what = "--shard");

}  // namespace onnxsem::conformance

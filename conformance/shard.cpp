#include "conformance/shard.hpp"

#include <algorithm>
#include <charconv>

#include "conformance/hash.hpp"
#include "runtime/error.hpp"

namespace onnxsem::conformance {

// [spec:K15] a test belongs to part FNV-1a(key) mod N: the split depends on the key alone, not on which
// other tests exist, the order they are found in, or the machine.
bool Shard::holds(std::string_view key) const noexcept {
  return static_cast<int64_t>(fnv1a(key) % static_cast<uint64_t>(n)) == k;
}

std::vector<std::pair<size_t, size_t>> merge_order(const std::vector<Shard>& shards,
                                                   const std::vector<std::vector<size_t>>& positions, size_t found,
                                                   const std::string& what) {
  if (shards.empty()) usage_error("K16", "nothing to merge");
  const int64_t n = shards.front().n;
  std::vector<bool> have(static_cast<size_t>(n), false);
  size_t tests = 0;
  for (size_t p = 0; p < shards.size(); ++p) {
    if (shards[p].n != n)
      usage_error("K16", "the reports are not parts of one " + what + ": their numbers of shards differ (shard " +
                             shards.front().text() + " and shard " + shards[p].text() + ")");
    if (have[static_cast<size_t>(shards[p].k)]) usage_error("K16", "shard " + shards[p].text() + " is given twice");
    have[static_cast<size_t>(shards[p].k)] = true;
    tests += positions[p].size();
  }
  for (size_t k = 0; k < have.size(); ++k)
    if (!have[k]) usage_error("K16", "shard " + std::to_string(k) + "/" + std::to_string(n) + " is missing");
  if (tests != found)
    usage_error("K16", "the shards hold " + std::to_string(tests) + " tests, but the " + what + " found " +
                           std::to_string(found));
  std::vector<std::pair<size_t, std::pair<size_t, size_t>>> order;  // position, (part, index)
  for (size_t p = 0; p < positions.size(); ++p)
    for (size_t i = 0; i < positions[p].size(); ++i) order.push_back({positions[p][i], {p, i}});
  std::sort(order.begin(), order.end());
  std::vector<std::pair<size_t, size_t>> out;
  for (size_t k = 0; k < order.size(); ++k) {
    if (order[k].first != k)
      usage_error("K16", "the shards do not hold test " + std::to_string(k) + " of the " + what + " exactly once");
    out.push_back(order[k].second);
  }
  return out;
}

Shard parse_shard(const std::string& text, const std::string& what) {
  const auto slash = text.find('/');
  Shard s;
  auto number = [](std::string_view t, int64_t& out) {
    const auto r = std::from_chars(t.data(), t.data() + t.size(), out);
    return !t.empty() && r.ec == std::errc{} && r.ptr == t.data() + t.size();
  };
  if (slash == std::string::npos || !number(std::string_view(text).substr(0, slash), s.k) ||
      !number(std::string_view(text).substr(slash + 1), s.n) || s.n < 1 || s.n > 1000000 || s.k < 0 || s.k >= s.n)
    usage_error("U2", what + " takes K/N with 0 <= K < N <= 1000000 (got '" + text + "')");
  return s;
}

}  // namespace onnxsem::conformance

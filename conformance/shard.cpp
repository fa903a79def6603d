#include "conformance/shard.hpp"

#include <charconv>

#include "semantics/error.hpp"

namespace onnxsem::conformance {

// [spec:K15] a test belongs to part FNV-1a(key) mod N: the split depends on the key alone, not on which
// other tests exist, the order they are found in, or the machine.
bool Shard::holds(std::string_view key) const noexcept {
  uint64_t h = 14695981039346656037ULL;
  for (unsigned char c : key) h = (h ^ c) * 1099511628211ULL;
  return static_cast<int64_t>(h % static_cast<uint64_t>(n)) == k;
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

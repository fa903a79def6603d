// The two small hash functions that sweeps, shards, generated graphs and the cross-check's random inputs
// share: FNV-1a over bytes, and splitmix64's mixing step. Both are fixed by their algorithms, so results
// built on them are the same on every machine.
#pragma once

#include <cstdint>
#include <string_view>

namespace onnxsem::conformance {

inline constexpr uint64_t fnv1a_offset = 14695981039346656037ULL;

// FNV-1a (64 bits) of `bytes`, continuing from `h`.
[[nodiscard]] inline uint64_t fnv1a(std::string_view bytes, uint64_t h = fnv1a_offset) noexcept {
  for (unsigned char c : bytes) h = (h ^ c) * 1099511628211ULL;
  return h;
}

// splitmix64: x advanced by the golden-ratio increment, then mixed.
[[nodiscard]] inline uint64_t splitmix64(uint64_t x) noexcept {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace onnxsem::conformance

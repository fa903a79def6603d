// The clause IDs of spec/ as the compiler knows them (runtime/clause_ids.inc, kept equal to spec/ by the
// clause check): raise sites (runtime/error.hpp, Clause) and coverage markers (runtime/coverage.hpp,
// ONNXSEM_CLAUSE) are checked against them while compiling.
#pragma once

#include <algorithm>
#include <iterator>
#include <string_view>

namespace onnxsem {

namespace detail {
inline constexpr std::string_view kClauseIds[] = {
#include "runtime/clause_ids.inc"
};
}  // namespace detail

// Whether `id` is the ID of a clause of spec/.
[[nodiscard]] constexpr bool known_clause(std::string_view id) {
  return std::binary_search(std::begin(detail::kClauseIds), std::end(detail::kClauseIds), id);
}

// Whether every ID of a list "ID" or "ID1, ID2, ..." (a coverage marker's arguments) is known; an empty list
// or an empty item is not.
[[nodiscard]] constexpr bool known_clauses(std::string_view list) {
  if (list.empty()) return false;
  for (;;) {
    const size_t comma = list.find(',');
    std::string_view id = list.substr(0, comma);
    while (!id.empty() && id.front() == ' ') id.remove_prefix(1);
    while (!id.empty() && id.back() == ' ') id.remove_suffix(1);
    if (!known_clause(id)) return false;
    if (comma == std::string_view::npos) return true;
    list.remove_prefix(comma + 1);
  }
}

}  // namespace onnxsem

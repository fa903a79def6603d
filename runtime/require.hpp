// One form for a clause's precondition: the site names the clause once, and that one name cites the clause
// (the clause check reads `require<"ID">` as a code site of ID), marks its coverage (K17) and raises when the
// precondition does not hold:
//
//     require<"RD21">(a.rank() >= 1, [&] { return "MatMul needs operands of rank 1 or more"; });
//
// The ID is checked when compiling: a literal that is not the ID of a clause of spec/ does not compile. The
// message is a string or a function that returns one; a function is called only when the precondition fails,
// so that a kernel's hot path builds no text.
//
// Four forms, one per outcome (spec/conventions.md, "Outcomes"): `require` an evaluation error (an operator's
// precondition, exit 3), `require_model` a refusal (a well-formedness clause, exit 1), `require_typed` the
// refusal of a typing or shape rule (type_error's), `require_usage` a usage error (exit 2).
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

#include "runtime/coverage.hpp"
#include "runtime/error.hpp"

namespace onnxsem {

// A clause ID written as a template argument: `require<"ID">`.
template <size_t N>
struct ClauseLiteral {
  char text[N];
  consteval ClauseLiteral(const char (&id)[N]) {  // NOLINT(google-explicit-constructor): literals convert
    std::copy_n(id, N, text);
    if (!known_clause(text)) detail::unknown_clause_id();  // an unknown clause ID does not compile
  }
};

namespace detail {
// The coverage marker of clause `id`, one per clause: registered when the program starts (as every
// ONNXSEM_CLAUSE marker is), so that the clause counts as instrumented.
template <ClauseLiteral id>
struct RequireMarker {
  static constexpr const char* ids() noexcept { return id.text; }
};

template <ClauseLiteral id>
inline void reach_clause() noexcept {
  if (coverage::Sink* sink = coverage::active_sink) [[unlikely]]
    coverage::reach(*sink, coverage::marker_index<RequireMarker<id>>);
}

template <class Message>
std::string message_of(Message&& message) {
  if constexpr (std::is_invocable_v<Message>) return std::string(std::forward<Message>(message)());
  else return std::string(std::forward<Message>(message));
}
}  // namespace detail

// An operator's precondition: an evaluation error under clause `id` unless `holds`.
template <ClauseLiteral id, class Message>
inline void require(bool holds, Message&& message) {
  detail::reach_clause<id>();
  if (!holds) [[unlikely]]
    throw Failure(Error{ErrorKind::evaluation, Clause(id.text), detail::message_of(std::forward<Message>(message))});
}

// A well-formedness clause: a refusal under clause `id` unless `holds`.
template <ClauseLiteral id, class Message>
inline void require_model(bool holds, Message&& message) {
  detail::reach_clause<id>();
  if (!holds) [[unlikely]]
    throw Failure(Error{ErrorKind::refused, Clause(id.text), detail::message_of(std::forward<Message>(message))});
}

// A typing or shape rule: the refusal type_error raises, under clause `id`, unless `holds`.
template <ClauseLiteral id, class Message>
inline void require_typed(bool holds, Message&& message) {
  require_model<id>(holds, std::forward<Message>(message));
}

// A usage clause (the command line, a file): a usage error under clause `id` unless `holds`.
template <ClauseLiteral id, class Message>
inline void require_usage(bool holds, Message&& message) {
  detail::reach_clause<id>();
  if (!holds) [[unlikely]]
    throw Failure(Error{ErrorKind::usage, Clause(id.text), detail::message_of(std::forward<Message>(message))});
}

}  // namespace onnxsem

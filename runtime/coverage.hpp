// Clause coverage (spec/conformance.md, K17): which clauses' code sites an evaluation passes through.
//
// A code site that implements a clause carries, beside its `[spec:ID]` comment, a marker
//
//     ONNXSEM_CLAUSE(ID);          or, for a site of several clauses,     ONNXSEM_CLAUSE(ID1, ID2);
//
// Every marker compiled into the program is registered before main runs, so the set of instrumented
// clauses is known without running anything (runtime/coverage_recording.hpp reads it). Passing a marker
// costs one thread-local load and a branch; only when a recording is active on the thread (a sink is
// installed) does it also set the marker's flag. A marker never changes what the code computes.
//
// The IDs a marker names are checked while compiling (runtime/clause_ids.hpp): an unknown one does not
// compile.
//
// This header is included by most of ops/: it includes <atomic>, <cstdint> and the list of clause IDs.
#pragma once

#include <atomic>
#include <cstdint>

#include "runtime/clause_ids.hpp"

namespace onnxsem::coverage {

// Where a recording keeps its flags: one byte per registered marker.
struct Sink {
  unsigned char* flags = nullptr;
  std::uint32_t size = 0;
  void* owner = nullptr;  // the Recording that installed it (for a marker registered after it was made)
};

// The sink of this thread's active recording; null when nothing records.
inline constinit thread_local Sink* active_sink = nullptr;

// Registers a marker with the clause IDs it names ("ID" or "ID1, ID2"); returns its index.
[[nodiscard]] std::uint32_t register_marker(const char* ids) noexcept;

// Records a marker whose index lies beyond the sink's flags (not expected: markers register before main),
// apart from the flags and under a lock, so that the threads of a job may pass it at once.
void reach_late(Sink& sink, std::uint32_t marker) noexcept;

// The pieces of one firing may run on several threads (E9), all recording into the evaluation's sink:
// a flag is set with an atomic store, so that those threads may set the same flag at once.
inline void reach(Sink& sink, std::uint32_t marker) noexcept {
  if (marker < sink.size) std::atomic_ref<unsigned char>(sink.flags[marker]).store(1, std::memory_order_relaxed);
  else reach_late(sink, marker);
}

// One variable per marker, keyed by the marker's own (local) class: its initialiser registers the marker
// when the program starts, whether or not the marker is ever passed.
template <class Marker>
inline const std::uint32_t marker_index = register_marker(Marker::ids());

}  // namespace onnxsem::coverage

#define ONNXSEM_CLAUSE(...)                                                                                         \
  do {                                                                                                              \
    struct onnxsem_clause_marker_ {                                                                                 \
      static constexpr const char* ids() noexcept { return #__VA_ARGS__; }                                          \
    };                                                                                                              \
    static_assert(::onnxsem::known_clauses(#__VA_ARGS__), "ONNXSEM_CLAUSE names an unknown clause");                \
    if (::onnxsem::coverage::Sink* onnxsem_clause_sink_ = ::onnxsem::coverage::active_sink) [[unlikely]]            \
      ::onnxsem::coverage::reach(*onnxsem_clause_sink_, ::onnxsem::coverage::marker_index<onnxsem_clause_marker_>); \
  } while (false)

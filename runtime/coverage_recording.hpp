// Recording clause coverage (spec/conformance.md, K17): the clauses whose markers (runtime/coverage.hpp)
// some code passed while a recording was active on its thread, and the clauses the program has markers for.
#pragma once

#include <cstdint>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "runtime/coverage.hpp"

namespace onnxsem::coverage {

// While it lives, a Recording is the active sink of the thread that made it: every marker that thread
// passes is recorded. Recordings nest: an inner one hands what it recorded on to the outer one when it
// ends, so the outer recording sees everything passed during its life. Not copyable, not movable.
class Recording {
 public:
  Recording();
  ~Recording();
  Recording(const Recording&) = delete;
  Recording& operator=(const Recording&) = delete;

  // The clause IDs of the markers passed so far, sorted, each once.
  [[nodiscard]] std::vector<std::string> clauses() const;

 private:
  friend void reach_late(Sink& sink, std::uint32_t marker) noexcept;
  std::vector<unsigned char> flags_;  // sized once, when the recording begins
  Sink sink_;
  Sink* previous_;
  // The markers registered after the recording began that were passed (reach_late), under the lock.
  mutable std::mutex late_mutex_;
  std::set<std::uint32_t> late_;
};

// The clause IDs that some marker of the program names, sorted, each once.
[[nodiscard]] std::vector<std::string> instrumented();

// Runs f() with a recording active; returns f's result and the clauses it reached.
template <class F>
[[nodiscard]] auto recorded(F&& f) {
  struct Result {
    decltype(f()) value;
    std::vector<std::string> clauses;
  };
  Recording r;
  auto value = f();
  return Result{std::move(value), r.clauses()};
}

}  // namespace onnxsem::coverage

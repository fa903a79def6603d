// The registry of clause markers and the recordings (runtime/coverage.hpp, spec/conformance.md K17).
#include "runtime/coverage.hpp"

#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "runtime/coverage_recording.hpp"

namespace onnxsem::coverage {
namespace {

// The markers, by index: the text each names ("ID" or "ID1, ID2"). Registration happens before main (one
// thread) and reading after it; the mutex keeps it sound should a library register later.
struct Markers {
  std::mutex mutex;
  std::vector<const char*> ids;
};

Markers& markers() {
  static Markers m;
  return m;
}

// The clause IDs a marker's text names: the words of letters and digits between commas and spaces.
void add_ids(const char* text, std::set<std::string>& out) {
  std::string word;
  for (const char* c = text;; ++c) {
    const bool part = *c != '\0' && *c != ',' && *c != ' ';
    if (part) word += *c;
    else if (!word.empty()) {
      out.insert(word);
      word.clear();
    }
    if (*c == '\0') break;
  }
}

std::uint32_t marker_count() {
  Markers& m = markers();
  std::lock_guard lock(m.mutex);
  return static_cast<std::uint32_t>(m.ids.size());
}

}  // namespace

std::uint32_t register_marker(const char* ids) noexcept {
  Markers& m = markers();
  std::lock_guard lock(m.mutex);
  try {
    m.ids.push_back(ids);
  } catch (...) {
    return UINT32_MAX;  // out of memory as the program starts: an index that no sink records
  }
  return static_cast<std::uint32_t>(m.ids.size() - 1);
}

// The sink's flags are never resized: the threads of a job read them without a lock (reach). A late
// marker is kept apart, under the recording's own lock.
void reach_late(Sink& sink, std::uint32_t marker) noexcept {
  auto* r = static_cast<Recording*>(sink.owner);
  if (!r || marker >= marker_count()) return;
  std::lock_guard lock(r->late_mutex_);
  try {
    r->late_.insert(marker);
  } catch (...) {
    // no room to record it; what the evaluation computes is unaffected
  }
}

Recording::Recording() : flags_(marker_count(), 0), previous_(active_sink) {
  sink_.flags = flags_.data();
  sink_.size = static_cast<std::uint32_t>(flags_.size());
  sink_.owner = this;
  active_sink = &sink_;
}

Recording::~Recording() {
  active_sink = previous_;
  if (!previous_) return;
  for (std::uint32_t k = 0; k < sink_.size; ++k)
    if (sink_.flags[k]) reach(*previous_, k);
  std::lock_guard lock(late_mutex_);
  for (std::uint32_t k : late_) reach(*previous_, k);
}

std::vector<std::string> Recording::clauses() const {
  std::set<std::string> out;
  Markers& m = markers();
  std::lock_guard lock(m.mutex);
  for (std::uint32_t k = 0; k < sink_.size && k < m.ids.size(); ++k)
    if (sink_.flags[k]) add_ids(m.ids[k], out);
  std::lock_guard late_lock(late_mutex_);
  for (std::uint32_t k : late_)
    if (k < m.ids.size()) add_ids(m.ids[k], out);
  return {out.begin(), out.end()};
}

std::vector<std::string> instrumented() {
  std::set<std::string> out;
  Markers& m = markers();
  std::lock_guard lock(m.mutex);
  for (const char* ids : m.ids) add_ids(ids, out);
  return {out.begin(), out.end()};
}

}  // namespace onnxsem::coverage

// Fuzz targets (docs/fuzzing.md): every input ends in a value, a refusal, an evaluation error,
// unsupported or a usage error; an internal error (what `onnxsem` reports with exit 5) or an exception
// that escapes is a finding, and the target aborts so that libFuzzer keeps the input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "runtime/error.hpp"
#include "semantics/fixpoint.hpp"

namespace onnxsem::fuzz {

// The file being replayed (replay_main), named in a finding's report.
inline std::string current_input;

// Reports an internal error or an escaped exception on stderr and aborts.
[[noreturn]] void finding(const std::string& target, const std::string& what);

// Runs `body`; Failures of kinds other than internal are the expected outcomes of hostile input.
template <class Body>
void guard(const char* target, Body&& body) {
  try {
    body();
  } catch (const Failure& f) {
    if (f.error().kind == ErrorKind::internal) finding(target, "internal error " + f.error().describe());
  } catch (const std::exception& e) {
    finding(target, std::string("escaped exception: ") + e.what());
  }
}

// An evaluation outcome that is an internal error is a finding.
void judge(const char* target, const Outcome& o);

// The bounds the targets evaluate under, the same limits (L3, L4, L5) that `onnxsem run` applies with
// larger defaults: small enough that an evaluation within them ends well inside the campaign's 10-second
// limit per input under ASan+UBSan, where the slowest kernels (conversions to float16) take about 400 ns
// an element: at most 2^25 units of work (L5), 2^24 in one firing, and 16 MB for one tensor (L3), the
// generated inputs included.
[[nodiscard]] EvalOptions bounded_options();

// The bytes as a string.
[[nodiscard]] inline std::string bytes_of(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace onnxsem::fuzz

// Defined by each target.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

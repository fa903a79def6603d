// Judging a cross-check case (spec/conformance.md, XC1-XC3): what each side computed, how an adapter run
// ended, the outcome of a case and how far two tensors are apart; when two runtime errors are the same (XC8).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "conformance/compare.hpp"
#include "values/value.hpp"

namespace onnxsem::crosscheck {

// The outcome of one case (a model and one input set), XC2.
enum class Outcome { agree, differ, runtime_error, runtime_unsupported, spec_unsupported, spec_error };
inline constexpr int outcome_count = 6;
[[nodiscard]] const char* outcome_name(Outcome o) noexcept;  // "agree", "differ", "runtime-error", ...

// What one side computed: outputs in graph-output order, or why it has none.
struct Side {
  enum class Kind { ok, unsupported, error };
  Kind kind = Kind::ok;
  std::vector<Value> outputs;
  std::string reason;  // one line, when kind != ok
};

// How far two numeric tensors are apart (XC3). Indexes count elements in row-major order.
struct Difference {
  size_t output = 0;                      // which graph output
  double max_abs = 0;                     // max |runtime - spec|
  double max_rel = 0;                     // max |runtime - spec| / |spec|
  double max_ulp = 0;                     // max distance in units in the last place of the element type
  int64_t first_index = -1;               // first element outside the tolerance of K1
  std::string spec_value, runtime_value;  // the two values there
  int64_t differing = 0;                  // how many elements are outside the tolerance
};

// Distance between two values of the element type `t` in units in the last place: the count of values of
// that type between them (0 for equal values, +0 and -0, or two NaNs; infinity for a NaN against a
// number). For integer types, |a - b|.
[[nodiscard]] double ulp_distance(DType t, double a, double b);

// [spec:K1] whether a runtime's element r meets onnxsem's element s under `tol`: two NaNs, the same
// infinity, or |r - s| <= atol + rtol * |s|.
[[nodiscard]] bool within_tolerance(double s, double r, const conformance::Tolerance& tol) noexcept;

// Measures two tensors of the same element type and shape (numbers only).
[[nodiscard]] Difference measure(const Tensor& spec, const Tensor& runtime, const conformance::Tolerance& tol);

struct Verdict {
  Outcome outcome = Outcome::agree;
  std::string detail;              // one line
  std::optional<Difference> diff;  // for differ, when the values could be measured
  // For agree: how close the runtime came within the tolerance, the largest ULP distance and relative
  // error over the numeric outputs (0 when bit-identical).
  double ulp = 0, rel = 0;
};

// Judges one case from the two sides (XC2).
[[nodiscard]] Verdict judge(const Side& spec, const Side& runtime, const conformance::Tolerance& tol);

// Exit status of an adapter run (XC1): how it ended, as a Side without outputs.
[[nodiscard]] Side adapter_status(bool timed_out, bool exited, int code_or_signal, const std::string& stderr_text);

// One line of text: newlines and runs of blanks become one blank (a reason in a report or a protocol line).
[[nodiscard]] std::string one_line(std::string s);
// A number as the shortest text that reads back as the same double.
[[nodiscard]] std::string number_text(double x);
// A verdict's one-line detail: the measured difference when there is one.
[[nodiscard]] std::string case_line(const Verdict& v);

// A runtime's error message without what a reduction legitimately changes (XC8): every occurrence of one of
// `names` (the model's node and value names, the paths of the model file and folders given to the adapter)
// that is not part of a longer word of letters, digits and underscores becomes "<name>", the longest name
// first at each place. Two runtime errors are the same error when their normalized messages are equal.
[[nodiscard]] std::string normalized_message(const std::string& message, std::vector<std::string> names);

}  // namespace onnxsem::crosscheck

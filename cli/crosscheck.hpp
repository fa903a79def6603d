// `onnxsem crosscheck`: runs a model in onnxsem and in another runtime (through an adapter command,
// README.md "Cross-checking a runtime") on the same inputs, and says where they part (spec/conformance.md,
// XC1-XC5).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "conformance/compare.hpp"
#include "semantics/ir.hpp"
#include "semantics/operator.hpp"
#include "semantics/value.hpp"

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
  size_t output = 0;          // which graph output
  double max_abs = 0;         // max |runtime - spec|
  double max_rel = 0;         // max |runtime - spec| / |spec|
  double max_ulp = 0;         // max distance in units in the last place of the element type
  int64_t first_index = -1;   // first element outside the tolerance of K1
  std::string spec_value, runtime_value;  // the two values there
  int64_t differing = 0;      // how many elements are outside the tolerance
};

// Distance between two values of the element type `t` in units in the last place: the count of values of
// that type between them (0 for equal values, +0 and -0, or two NaNs; infinity for a NaN against a
// number). For integer types, |a - b|.
[[nodiscard]] double ulp_distance(DType t, double a, double b);

// Measures two tensors of the same element type and shape (numbers only).
[[nodiscard]] Difference measure(const Tensor& spec, const Tensor& runtime, const conformance::Tolerance& tol);

struct Verdict {
  Outcome outcome = Outcome::agree;
  std::string detail;                 // one line
  std::optional<Difference> diff;     // for differ, when the values could be measured
};

// Judges one case from the two sides (XC2).
[[nodiscard]] Verdict judge(const Side& spec, const Side& runtime, const conformance::Tolerance& tol);

// Seeded random inputs for the graph inputs without initializer (XC4). Empty optional (and `why` set)
// when some input's declared type has no random form.
inline constexpr int64_t symbolic_dim_size = 2;
[[nodiscard]] std::optional<std::map<std::string, Value>> random_inputs(const Graph& g, uint64_t seed, std::string& why);

// Exit status of an adapter run (XC1): how it ended, as a Side without outputs.
[[nodiscard]] Side adapter_status(bool timed_out, bool exited, int code_or_signal, const std::string& stderr_text);

struct Options {
  std::vector<std::string> targets;   // suite folders or model files
  std::string runtime_name;
  std::vector<std::string> adapter;   // the command line before MODEL INPUT_DIR OUTPUT_DIR
  int random_sets = 0;
  uint64_t seed = 1;
  std::string filter;                 // regex on test keys
  std::string optimize = "all";
  bool transform = false;
  double timeout_seconds = 60;
  std::string json_file, markdown_file;
  std::string keep_dir;               // where to keep model and inputs of cases that do not agree
  int64_t max_tensor_bytes = int64_t{1} << 30;
  int jobs = 1;                       // tests run in this many worker processes, each with its own adapter
  bool one_shot = false;              // one adapter process per case even when the adapter has a serve mode
};

// Runs the cross-check; prints non-agreeing cases and the summary to standard output. The adapter is used in
// its serve mode when it has one (XC6), one process per case otherwise. Returns the exit code.
int run(const Options& o, const OperatorTable& ops);

// The command `onnxsem crosscheck ARGS...` (arguments after the command name); `source_dir` and `build_dir`
// locate the adapters of known runtime names (crosscheck/NAME/ in the source tree, or the build tree for
// the OpenCV adapter, which is compiled).
int command(const std::vector<std::string>& args, const OperatorTable& ops, const std::string& source_dir,
            const std::string& build_dir);

}  // namespace onnxsem::crosscheck

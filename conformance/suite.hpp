// The ONNX backend test suite as onnxsem reads it (spec/conformance.md): test folders, how one test is
// run and judged, and the status it gets.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "conformance/compare.hpp"
#include "semantics/check.hpp"
#include "values/operator.hpp"

namespace onnxsem::conformance {

struct DataSet {
  std::string dir;
  std::vector<std::string> inputs;   // input_K.pb in K order
  std::vector<std::string> outputs;  // output_K.pb in K order
};

struct TestCase {
  std::string key;  // path relative to the swept folder, e.g. "node/test_abs"
  std::string dir;
  std::string model_path;  // empty when the model is not available (then `problem` says why)
  std::vector<DataSet> sets;
  Tolerance tol;
  bool generated_input = false;      // light/real models: input arange(n)/n, expected output file
  std::string expected_output_path;  // for generated_input
  std::string problem;
};

// Every test under `root`, sorted by key.
[[nodiscard]] std::vector<TestCase> discover(const std::string& root);

enum class Status { pass, fail, error, unsupported, rejected };
[[nodiscard]] const char* status_name(Status s) noexcept;
[[nodiscard]] bool parse_status(const std::string& s, Status& out) noexcept;

struct RunOptions {
  int schedules = 0;  // random schedules run besides ordered and reverse (0: ordered only)
  uint64_t seed = 1;
  int64_t max_tensor_bytes = int64_t{4} << 30;
  Profile profile = Profile::onnx;
  bool coverage = true;  // record the clauses whose markers the test passes (K17)
};

struct Result {
  std::string key;
  Status status = Status::error;
  std::string clause;    // clause of a refusal or error, when there is one
  std::string reason;    // one line
  std::string ops;       // operator types of the model, space separated
  std::string versions;  // resolved operator versions of the main graph, "Op-since" space separated
  double seconds = 0;
  int schedules_run = 0;          // how many schedules were compared (ordered included)
  bool order_independent = true;  // all schedules gave bit-identical outputs
  bool formulations_agree =
      true;                   // the demand-driven and the reference evaluations gave the same bits (with schedules)
  bool pure = true;           // inputs and initializers kept their bits (checked with schedules)
  bool deterministic = true;  // a second run and a shuffled node list gave the same bits (with schedules)
  uint64_t digest = 14695981039346656037ULL;  // FNV-1a of the outputs of all data sets (passing tests)
  std::vector<std::string> clauses;           // the clauses whose markers the test passed, sorted (K17; with coverage)
};

// Whether two results of one test say the same thing: every field but the measured seconds.
[[nodiscard]] bool same_outcome(const Result& a, const Result& b);

// The input that real-model tests are run on (K3): arange(n) / n in the shape of a float input of fixed
// shape. Unsupported (U-status) for any other input.
[[nodiscard]] Tensor generated_input(EvalContext& cx, const ValueInfo& vi);

[[nodiscard]] Result run_test(const TestCase& test, const OperatorTable& ops, const RunOptions& options);

}  // namespace onnxsem::conformance

// The latency benchmark (docs/benchmark.md; spec/conformance.md, K12): how long one evaluation of a
// model takes on one thread. Not a test: it measures, it judges nothing.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "values/operator.hpp"

namespace onnxsem::conformance {

struct BenchOptions {
  int repeat = 5;        // timed evaluations (after one untimed warm-up evaluation)
  std::string data_dir;  // when set: DATA_DIR/NAME/model.onnx and input_K.pb are written for other runtimes
  int threads = 1;       // the evaluation's threads (spec/graph.md, E9)
  std::map<std::string, int64_t> dims;        // the value of each symbolic dimension (`--dim NAME=V`)
  std::map<std::string, int64_t> int_bounds;  // integer input NAME holds i mod B (`--int-bound NAME=B`)
};

// The input K12 feeds to a graph input: arange(n)/n for floating-point types, i mod B for integer types
// (B from o.int_bounds, 1 when not given), i even for bool; symbolic dimensions take their values from o.dims.
// Unsupported (with the reason) for an input that is not a tensor or has a dimension without a value.
[[nodiscard]] Tensor bench_input(EvalContext& cx, const ValueInfo& vi, const BenchOptions& o);

struct BenchResult {
  std::string name;  // the model file's name without its extension
  std::string model_path;
  std::vector<double> seconds;  // one per timed evaluation, in run order
  std::string problem;          // set when the model could not be measured (then seconds is empty)
  [[nodiscard]] double median() const;
  [[nodiscard]] double min() const;
  [[nodiscard]] double max() const;
};

[[nodiscard]] BenchResult bench_model(const std::string& model_path, const OperatorTable& ops, const BenchOptions& o);

}  // namespace onnxsem::conformance

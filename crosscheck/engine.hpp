// The cross-check engine (docs/crosscheck.md; spec/conformance.md, XC1-XC7): runs every
// case of a set of suites or models once in onnxsem and once in each runtime, through the runtimes'
// adapters (one process per case, or a server per runtime and job), in worker processes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "conformance/shard.hpp"
#include "values/operator.hpp"

namespace onnxsem::crosscheck {

// A runtime on the other side: its name and its adapter's command line before MODEL INPUT_DIR OUTPUT_DIR.
struct Runtime {
  std::string name;
  std::vector<std::string> adapter;
};

struct Options {
  std::vector<std::string> targets;  // suite folders or model files
  std::vector<std::string> labels;   // how the reports name each target ("" or missing: its path)
  std::vector<Runtime> runtimes;     // each case runs once in onnxsem and once in each of them
  int random_sets = 0;
  uint64_t seed = 1;
  std::string filter;  // regex on test keys
  std::string optimize = "all";
  bool transform = false;
  double timeout_seconds = 60;
  std::string json_file, markdown_file;
  std::string keep_dir;    // where to keep model and inputs of cases that do not agree
  std::string inputs_dir;  // a folder of input_K.pb: the input set of every model file given (onnxsem compare)
  int64_t max_tensor_bytes = int64_t{1} << 30;
  int jobs = 1;                                // tests run in this many worker processes, each with its own adapter
  bool one_shot = false;                       // one adapter process per case even when the adapter has a serve mode
  bool localise = false;                       // judge every case node by node (XC10, XC11)
  int localise_mode = 0;                       // 0 isolated, 1 cumulative (LocaliseMode)
  std::string localise_optimize = "disabled";  // the runtime's graph optimisation when it gives every value
  bool reduce = false;                         // reduce every case that does not agree (XC8)
  int reduce_runs = 100;                       // at most this many runtime runs per reduction
  conformance::Shard shard;                    // run the tests of this part only (K15)
  // When not empty: the keys of every test of the unsharded run, in the order they are found (a generation
  // campaign's shard, GN5, whose cases were chosen by index): the tests given are the shard's, positions
  // are taken from this list, and no test is left out by its key's hash.
  std::vector<std::string> universe;
};

struct Reporter;  // crosscheck/results.hpp

// Runs the cross-check, telling `reporter` each case as its test ends and the results at the end. Each
// adapter is used in its serve mode when it has one (XC6), one process per case otherwise. Returns the exit
// code.
int run(const Options& o, const OperatorTable& ops, const Reporter& reporter);

}  // namespace onnxsem::crosscheck

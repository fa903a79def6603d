// Sweeps: every test under some folders, run in isolated worker processes, judged against the list of
// known results (conformance/expected/), and reported (spec/conformance.md, K6-K8).
#pragma once

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "conformance/suite.hpp"

namespace onnxsem::conformance {

struct SweepOptions {
  std::vector<std::string> roots;
  int jobs = 1;
  double timeout_seconds = 600;
  std::string filter;         // regular expression on the test key (empty: all)
  std::string expected_file;  // known results to compare with (empty: none)
  std::string write_expected; // write the known-results list from this sweep
  std::string json_file, junit_file, markdown_file;
  RunOptions run;
  bool progress = false;
};

struct Expected {
  Status status;
  std::string reason;
};
[[nodiscard]] std::map<std::string, Expected> read_expected(const std::string& path);

struct SweepReport {
  std::vector<Result> results;
  std::vector<std::string> unexpected;  // results that differ from the known list, and stale entries
  [[nodiscard]] int count(Status s) const;
};

[[nodiscard]] SweepReport sweep(const SweepOptions& options, const OperatorTable& ops);

// Writes `s` as a JSON string literal (quotes, backslashes and control characters escaped).
void json_string(std::ostream& o, const std::string& s);

}  // namespace onnxsem::conformance

// Sweeps: every test under some folders, run in isolated worker processes, judged against the list of
// known results (conformance/expected/), and reported (spec/conformance.md, K6-K8).
#pragma once

#include <array>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "conformance/shard.hpp"
#include "conformance/suite.hpp"

namespace onnxsem::conformance {

// Every status, in the order of Status (the order the reports' tables and counts use).
inline constexpr std::array<Status, 5> statuses = {Status::pass, Status::fail, Status::error, Status::unsupported,
                                                   Status::rejected};

struct SweepOptions {
  std::vector<std::string> roots;
  int jobs = 1;
  double timeout_seconds = 600;
  std::string filter;         // regular expression on the test key (empty: all)
  std::string expected_file;  // known results to compare with (empty: none)
  RunOptions run;
  Shard shard;  // run only this part of the tests found (K15)
  bool progress = false;
};

struct Expected {
  Status status;
  std::string reason;
};
[[nodiscard]] std::map<std::string, Expected> read_expected(const std::string& path);

struct SweepReport {
  std::vector<Result> results;
  std::vector<size_t> positions;     // each result's position among all the tests the sweep found
  std::vector<std::string> differs;  // each result's difference from the known list ("": none)
  std::vector<std::string> stale;    // entries of the known list that name no test found
  // What was run: the shard merging checks (K16).
  std::vector<std::string> roots;
  std::string filter, expected_file, profile;
  Shard shard;
  size_t found = 0;  // tests found under the roots (and the filter), before the split into shards
  int schedules = 0;
  uint64_t seed = 1;
  // Clause coverage (K17): the clauses the program has markers for (empty when coverage was off).
  std::vector<std::string> instrumented;
  [[nodiscard]] int count(Status s) const;
  // For each clause some test reached, how many tests reached it.
  [[nodiscard]] std::map<std::string, int> reached() const;
  // The differences from the known list, in the order of the results, then the stale entries.
  [[nodiscard]] std::vector<std::string> unexpected() const;
};

// [spec:K17] the clause coverage family by family (families in alphabetical order, clauses by number): how
// many clauses of the family have a marker, and which of those no test reached.
struct FamilyCoverage {
  std::string family;
  size_t instrumented = 0;
  std::vector<std::string> unreached;
};
[[nodiscard]] std::vector<FamilyCoverage> coverage_by_family(const SweepReport& report);
// Per operator (as the results' `ops` name it: "Add", "ai.onnx.ml::LabelEncoder"), the number of tests of
// each status (indexed by Status) whose model uses it.
[[nodiscard]] std::map<std::string, std::array<int, 5>> operator_counts(const SweepReport& report);

// Runs the sweep and compares with the known-results list (the reports are written by reports/sweep.hpp).
[[nodiscard]] SweepReport sweep(const SweepOptions& options, const OperatorTable& ops);

// The sweep's exit code: 0, or 1 when a result differs from the list, or without a list, when one fails.
[[nodiscard]] int exit_code(const SweepReport& report);

// Merges the reports of the shards of one sweep into the report the unsharded sweep gives (K16); a usage
// error K16 when they are not the N parts of one sweep, each once.
[[nodiscard]] SweepReport merge_reports(const std::vector<SweepReport>& shards);

// A field of a tab-separated line: tabs and line breaks become spaces.
[[nodiscard]] std::string tsv_field(const std::string& s);

}  // namespace onnxsem::conformance

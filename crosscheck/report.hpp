// The cross-check's reports (docs/crosscheck.md; spec/conformance.md, XC7): the cases
// that do not agree as they come, then per runtime the totals, per target and per operator (the runtime x
// operator matrix) and the precision of the agreeing cases, on standard output and in JSON and Markdown.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "crosscheck/engine.hpp"
#include "crosscheck/judge.hpp"

namespace onnxsem::crosscheck {

// One case: a test's input set run in one runtime.
struct Case {
  std::string key, set, ops;
  Verdict v;
  std::optional<Verdict> t;  // the transformed graph against the original one (XC5)
  size_t target = 0;         // which of the command's targets (suite folders, model files) the test came from
  size_t runtime = 0;        // which of the command's runtimes
  size_t test = 0;           // the test's position among all the tests of the run, before any shard (K15)
  // The reduction (XC8), when the case was reduced: its operations, their operator types, the outcome's
  // detail on the reduced model, and where the reduced model and inputs were saved ("" when not kept).
  size_t reduced_nodes = 0;
  std::string reduced_ops, reduced_detail, reproducer;
};

// Prints a case that does not agree (or whose transform differs) on standard output.
void print_case(const Case& c);

// A note about a test (not run, no random input set, a crash of onnxsem's worker).
struct Note {
  size_t test = 0;  // the test's position, as Case::test
  std::string text;
};

// What a run covered: each test's position among all the tests found (before any shard) and its target.
struct TestList {
  size_t found = 0;               // tests found under the targets (and the filter), before the shard
  std::vector<size_t> positions;  // per test run
  std::vector<size_t> target_of;  // per test run: the position of its target in o.targets
};

// Prints the summary and writes the JSON and Markdown reports `o` asks for.
void report(const Options& o, const TestList& tests, const std::vector<Case>& cases, const std::vector<Note>& notes);

// A cross-check's JSON report read back (for merging the reports of shards, K16): the options that make
// runs comparable, the tests, cases and notes.
struct ReadReport {
  Options options;  // targets, runtime names (no adapter commands), random sets, seed, filter, optimize,
                    // transform, shard
  TestList tests;
  std::vector<Case> cases;
  std::vector<Note> notes;
};
// Whether the JSON file is a cross-check's report (rather than a sweep's).
[[nodiscard]] bool is_crosscheck_report(const std::string& path);
// Reads a report written by `report`; a usage error F1 when it is not one.
[[nodiscard]] ReadReport read_crosscheck_report(const std::string& path);
// The shards' reports merged into what the unsharded run reports (K16); a usage error K16 when they are not
// the N parts of one run, each once. `o` names the reports to write; prints the summary as `report` does.
void merge_crosscheck_reports(const std::vector<ReadReport>& parts, const std::string& json_file,
                              const std::string& markdown_file);

}  // namespace onnxsem::crosscheck

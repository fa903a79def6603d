// The cross-check's results (docs/crosscheck.md; spec/conformance.md, XC7): the cases as they come, and what
// they sum up to per runtime, the totals, per target and per operator (the runtime x operator matrix), the
// precision of the agreeing cases and the reduced departures grouped (XC9). Plain data: reports/crosscheck.hpp
// prints them and writes them as JSON and Markdown.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "crosscheck/engine.hpp"
#include "crosscheck/judge.hpp"
#include "crosscheck/localise.hpp"

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
  // The node-by-node judgement (XC10, XC11), with --localise; where the first departing node was saved as a
  // one-operation test folder ("" when not kept or none departs).
  std::optional<Localisation> localisation;
  std::string localised_reproducer;
};

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

// A run's results: the options that make runs comparable, the tests, cases and notes.
struct Results {
  Options options;
  TestList tests;
  std::vector<Case> cases;
  std::vector<Note> notes;
};

// What a run tells as it goes (each case when its test ends) and at its end (everything); either may be empty.
struct Reporter {
  std::function<void(const Case&)> on_case;
  std::function<void(const Results&)> on_end;
};

// How a target is named in the reports: its label, or its path when it has none.
[[nodiscard]] const std::string& target_label(const Options& o, size_t target);

using Counts = std::array<int, outcome_count>;  // cases per outcome
[[nodiscard]] int case_count(const Counts& counts);

// How close the agreeing cases of an operator came in a runtime.
struct Precision {
  int cases = 0;
  double ulp = 0, rel = 0;
  // [spec:XC11] over the localised cases (whatever their outcome): the operations of this operator judged
  // against a bound (AC2-AC6), and the largest error among them in units of that bound.
  int bounded_nodes = 0;
  double bound_units = 0;
};

// [spec:XC9] the reduced departures of one runtime, outcome and set of operators of the reduced model: one
// finding, with its first case as the example.
struct FindingGroup {
  size_t runtime = 0;
  Outcome outcome = Outcome::agree;
  std::string operators;
  size_t cases = 0;
  const Case* example = nullptr;  // into the Results summed up
};

// What the cases sum up to; per runtime r (indexed as o.runtimes) and target k (as o.targets).
struct Summary {
  size_t models = 0;                                                // tests run
  std::vector<int> models_of;                                       // [k]
  std::vector<Counts> total, transform_total;                       // [r]
  std::vector<std::vector<Counts>> by_target, transform_by_target;  // [r][k]
  std::vector<std::vector<int>> cases_of;                           // [r][k]
  std::map<std::string, std::vector<Counts>> by_op;                 // operator -> [r]: the runtime x operator matrix
  std::map<std::string, std::vector<Precision>> precision;          // operator -> [r]: agreeing cases, judged nodes
  std::vector<FindingGroup> findings;                               // in the order of runtime, outcome and operators
};
[[nodiscard]] Summary summarise(const Results& results);

// The shards' results merged into what the unsharded run gives (K16); a usage error K16 when they are not
// the N parts of one run, each once.
[[nodiscard]] Results merge_results(const std::vector<Results>& parts);

}  // namespace onnxsem::crosscheck

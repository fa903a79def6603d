// The cross-check's reports (README.md, "Cross-checking a runtime"; spec/conformance.md, XC7): the cases
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
  // The reduction (XC8), when the case was reduced: its operations, their operator types, the outcome's
  // detail on the reduced model, and where the reduced model and inputs were saved ("" when not kept).
  size_t reduced_nodes = 0;
  std::string reduced_ops, reduced_detail, reproducer;
};

// Prints a case that does not agree (or whose transform differs) on standard output.
void print_case(const Case& c);

// Prints the summary and writes the JSON and Markdown reports `o` asks for. `target_of` has one entry per
// test: the position of its target in o.targets.
void report(const Options& o, const std::vector<size_t>& target_of, const std::vector<Case>& cases,
            const std::vector<std::string>& notes);

}  // namespace onnxsem::crosscheck

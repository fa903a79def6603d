// The cross-check's reports (docs/crosscheck.md; spec/conformance.md, XC7, XC11, K16): the cases that do not
// agree as they come, then the summary on standard output, and the JSON and Markdown reports, written from the
// results crosscheck/ computed; the JSON report read back, for merging the reports of shards.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "crosscheck/results.hpp"
#include "values/operator.hpp"

namespace onnxsem::reports {

// [spec:XC11] the positions of a localisation's operations, worst first, as the reports list them: those that
// depart, then those within their bound or tolerance, then those not comparable; within each, the largest
// error in bound units first (an operation without a bound after those with one), then the largest in ulp;
// the model's order among equals.
[[nodiscard]] std::vector<size_t> worst_nodes_first(const crosscheck::Localisation& l);

// [spec:XC11] a case's localisation as the JSON report writes it (its "localisation" member); `reproducer` is
// where its first departing node was saved (Case::localised_reproducer), none when empty.
[[nodiscard]] nlohmann::ordered_json localisation_json(const crosscheck::Localisation& l,
                                                       const std::string& reproducer = "");

// A case's localisation as the JSON report writes it (its "localisation" member), read back; a
// std::exception naming what is wrong when it is malformed. Its "reproducer" is Case::localised_reproducer.
[[nodiscard]] crosscheck::Localisation read_localisation(const nlohmann::json& x);

// Prints a case that does not agree (or whose transform differs), and the first departing node of a localised
// case, on standard output; `runtime` names the case's runtime on the localisation's line.
void print_case(const crosscheck::Case& c, const std::string& runtime);

// Prints the summary and writes the JSON and Markdown reports the results' options name.
void write_crosscheck_reports(const crosscheck::Results& results);

// The reporter of the command: each case as it comes, then the summary and reports.
[[nodiscard]] crosscheck::Reporter crosscheck_reporter(const crosscheck::Options& o);

// Runs the cross-check (crosscheck::run) with that reporter; returns the exit code.
int run_crosscheck(const crosscheck::Options& options, const OperatorTable& ops);

// Whether the JSON file is a cross-check's report (rather than a sweep's).
[[nodiscard]] bool is_crosscheck_report(const std::string& path);
// Reads a report written by `write_crosscheck_reports` (no adapter commands); a usage error F1 when it is not
// one.
[[nodiscard]] crosscheck::Results read_crosscheck_report(const std::string& path);
// Merges the shards' reports (crosscheck::merge_results), prints the summary and writes the merged JSON and
// Markdown reports to the files named ("" for none).
void merge_crosscheck_reports(const std::vector<crosscheck::Results>& parts, const std::string& json_file,
                              const std::string& markdown_file);

}  // namespace onnxsem::reports

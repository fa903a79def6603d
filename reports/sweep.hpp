// A sweep's reports (spec/conformance.md, K6-K8, K16, K17): the known-results list, JSON, JUnit and Markdown
// written from a SweepReport (conformance/sweep.hpp), the summary printed, and the JSON report read back.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "conformance/sweep.hpp"

namespace onnxsem::reports {

// The files to write ("" for none).
struct SweepFiles {
  std::string json, junit, markdown, expected;
};

// Writes the known-results list, JSON, JUnit and Markdown reports that `files` names.
void write_sweep_reports(const SweepFiles& files, const conformance::SweepReport& report);

// The sweep's JSON report.
[[nodiscard]] std::string sweep_json(const conformance::SweepReport& report);

// Reads a JSON report written by `write_sweep_reports`; a usage error F1 when it is not one.
[[nodiscard]] conformance::SweepReport read_sweep_report(const std::string& path);

// Prints the per-operator summary, the errors, the differences from the known list and the totals.
void print_sweep_summary(std::ostream& o, const conformance::SweepReport& report);

// The Markdown rows of the clause coverage table: family | instrumented | reached | the clauses no test reached.
void write_family_rows(std::ostream& o, const std::vector<conformance::FamilyCoverage>& families);

}  // namespace onnxsem::reports

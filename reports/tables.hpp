// `onnxsem tables --into FILE REPORT.json...`: rebuilds the tables of a Markdown paper from sweep reports.
#pragma once

#include <string>
#include <vector>

namespace onnxsem::reports {

// Replaces the blocks `<!-- table:results -->`, `<!-- table:properties -->` and `<!-- table:unsupported -->`
// (each up to its `<!-- end:NAME -->`) of `into` with tables computed from the reports. Returns the exit code.
int tables(const std::string& into, const std::vector<std::string>& reports);

}  // namespace onnxsem::reports

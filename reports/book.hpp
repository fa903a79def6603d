// `onnxsem book DIR [--sweep REPORT.json]... [--crosscheck REPORT.json]... [--source ROOT]`: the reviewer's
// book, a static site that opens offline (docs/book.md). A page per operator (every version's
// signature and typing rules, the clauses that name it in full with their code sites and unit tests, its
// suite tests and their status, the clauses' coverage, each runtime's outcomes, precision and findings), a
// page per chapter of spec/, a page per cited source file, the reports, and an index with a search box.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "ops/registry.hpp"

namespace onnxsem::reports {

struct BookOptions {
  std::string dir;                       // where the site is written
  std::string source_root;               // the source tree: spec/, the code, conformance/findings/
  std::vector<std::string> sweeps;       // JSON reports of `onnxsem sweep --json`
  std::vector<std::string> crosschecks;  // JSON reports of `onnxsem crosscheck --json`
};

// Writes the site and a summary line to `out`; returns the exit code. A report that cannot be read or is
// not what its option says is a usage error (F1), before anything is written.
int book(const ops::Registry& registry, const BookOptions& options, std::ostream& out);

}  // namespace onnxsem::reports

// The operator index: every operator version of the registry, where it is registered and, from sweep
// reports, the suite tests that exercise it. The build writes it without reports (build/cli/operators.md,
// cli/meson.build); the book shows it with the reports it is given.
// `onnxsem index --into FILE [REPORT.json...]`: writes the operator index to FILE.
// `onnxsem index --check FILE`: whether FILE's registration sites are the registry's.
#pragma once

#include <map>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "conformance/sweep.hpp"
#include "ops/registry.hpp"

namespace onnxsem::reports {

// What sweep reports say of the operator versions: the suite tests whose main graph resolves to each
// (clause O1), passing and not, each named "REPORT: TEST".
struct SuiteUse {
  struct Tests {
    std::set<std::string> pass, other;
  };
  std::vector<std::string> reports;       // the names of the reports added, in order
  std::map<std::string, Tests> versions;  // "Op-since", "domain::Op-since" outside ai.onnx
  void add(const std::string& name, const conformance::SweepReport& report);
};

// The operator index as Markdown: a row per operator version of `registry` with its registration site
// (file:line) and, when `suite` has reports, how many of their tests exercise it, with examples.
[[nodiscard]] std::string operator_index(const ops::Registry& registry, const SuiteUse& suite);

// Writes the operator index, with the sweep reports at `reports`, to `into`. Returns the exit code.
int index(const ops::Registry& registry, const std::string& into, const std::vector<std::string>& reports);

// Compares the operator index at `path` with the registry: a row for each registered operator version and no
// other, each naming the file and line where the version is registered (the lines of this build's sources).
// Prints each disagreement to `out`; returns 0 when there is none, else 1.
int check_index(const ops::Registry& registry, const std::string& path, std::ostream& out);

}  // namespace onnxsem::reports

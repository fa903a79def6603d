// `onnxsem index --into FILE REPORT.json...`: writes the operator index (spec/operators.md).
// `onnxsem index --check FILE`: whether FILE's registration sites are the registry's.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "ops/registry.hpp"

namespace onnxsem::cli {

// Lists every operator version of `registry` with its registration site and the suite tests of the sweep
// reports that exercise it. Returns the exit code.
int index(const ops::Registry& registry, const std::string& into, const std::vector<std::string>& reports);

// Compares the operator index at `path` with the registry: a row for each registered operator version and no
// other, each naming the file and line where the version is registered (the line numbers move whenever code
// above a registration is added or removed, and the index is rebuilt by hand). Prints each disagreement to
// `out`; returns 0 when there is none, else 1.
int check_index(const ops::Registry& registry, const std::string& path, std::ostream& out);

}  // namespace onnxsem::cli

// `onnxsem index --into FILE REPORT.json...`: writes the operator index (spec/operators.md).
#pragma once

#include <string>
#include <vector>

#include "ops/registry.hpp"

namespace onnxsem::cli {

// Lists every operator version of `registry` with its registration site and the suite tests of the sweep
// reports that exercise it. Returns the exit code.
int index(const ops::Registry& registry, const std::string& into, const std::vector<std::string>& reports);

}  // namespace onnxsem::cli

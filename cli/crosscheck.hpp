// `onnxsem crosscheck`: the command line of the cross-check (docs/crosscheck.md); the
// engine, its judging and its reports are in crosscheck/.
#pragma once

#include <string>
#include <vector>

#include "crosscheck/engine.hpp"
#include "values/operator.hpp"

namespace onnxsem::crosscheck {

// The command `onnxsem crosscheck ARGS...` (arguments after the command name); `source_dir` and `build_dir`
// locate the adapters of known runtime names (crosscheck/NAME/ in the source tree, or the build tree for
// the OpenCV adapter, which is compiled).
int command(const std::vector<std::string>& args, const OperatorTable& ops, const std::string& source_dir,
            const std::string& build_dir);

// The command `onnxsem compare MODEL --runtime NAME [--inputs DIR] [--mode isolated|cumulative] ...`: one
// model and one input set cross-checked node by node (spec/conformance.md, XC10, XC11).
int compare_command(const std::vector<std::string>& args, const OperatorTable& ops, const std::string& source_dir,
                    const std::string& build_dir);

}  // namespace onnxsem::crosscheck

// The demand-driven formulation of the graph semantics (spec/graph.md, D1-D4): the value of each graph
// output is computed by evaluating, recursively and once each, the operations it depends on. Operations
// the outputs do not need are never evaluated.
#pragma once

#include <map>
#include <string>

#include "semantics/fixpoint.hpp"

namespace onnxsem {

// Evaluates the main graph of `model` on demand. On the graphs where both formulations are defined (no
// error anywhere, C1 and acyclic), the outputs are bit-identical to those of `evaluate` (spec D4).
[[nodiscard]] Outcome evaluate_demand(const Model& model, const std::map<std::string, Value>& inputs,
                                      const OperatorTable& ops, const EvalOptions& options);

}  // namespace onnxsem

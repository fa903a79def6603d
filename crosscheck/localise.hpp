// Localisation (spec/conformance.md, XC10-XC11; spec/accuracy.md): a runtime's value of every operation's
// outputs judged node by node, each operation evaluated by onnxsem alone on the inputs the mode gives it,
// against the bound of its clause. Plain functions of values: the engine (crosscheck/engine.cpp) obtains the
// runtime's values through its adapter and calls them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "conformance/compare.hpp"
#include "values/ir.hpp"
#include "values/operator.hpp"
#include "values/value.hpp"

namespace onnxsem::crosscheck {

// [spec:XC10] where an operation's inputs come from: the runtime's values (isolated) or onnxsem's (cumulative).
enum class LocaliseMode { isolated, cumulative };
[[nodiscard]] const char* mode_name(LocaliseMode m) noexcept;  // "isolated", "cumulative"

// [spec:XC11] an operation's verdict.
enum class NodeVerdict { in_bound, out_of_bound, in_tolerance, out_of_tolerance, not_comparable };
[[nodiscard]] const char* node_verdict_name(NodeVerdict v) noexcept;  // "in-bound", "out-of-bound", ...
// out-of-bound and out-of-tolerance: the operation departs.
[[nodiscard]] bool departs(NodeVerdict v) noexcept;

// One operation of the main graph, judged.
struct NodeJudgement {
  size_t index = 0;     // its position in the main graph
  std::string name;     // as the model names it ("#K" for an unnamed one, K its position)
  std::string op_type;  // with its domain before it when that is not ai.onnx ("com.example::Op", as Case::ops)
  std::string clause;   // the accuracy clause that bounds it (AC2-AC7)
  NodeVerdict verdict = NodeVerdict::not_comparable;
  // The largest error over its outputs' elements, in ulp of the reference (AC1; the ULP distance of XC3 for
  // an element type other than float16, bfloat16, float32 and float64) and in units of its bound (nullopt
  // for an operation without one, AC7; infinity for an error where 0 is allowed). 0 when not comparable.
  double max_ulp = 0;
  std::optional<double> bound_units;
  bool reference_in_t = false;  // onnxsem does not define the operation for float64: the reference is its T result
  std::string detail;           // one line: the worst element and its values, or why the node is not comparable
};

// The judgement of a case's every operation, in the model's order.
struct Localisation {
  LocaliseMode mode = LocaliseMode::isolated;
  std::vector<NodeJudgement> nodes;
  std::optional<size_t> first_departing;  // into nodes: the first whose verdict departs
  std::vector<std::string> missing;       // values the runtime did not give, in the model's order
};

// [spec:XC10] the model with every output of every main-graph operation also a graph output, after the
// model's own outputs, each with the element type and shape of onnxsem's value of it (`values`, as an
// evaluation observes them); values that are not tensors, or that onnxsem did not compute, are left out.
[[nodiscard]] Model with_every_value_as_output(const Model& m, const std::map<std::string, Value>& values);

// Every value of the main graph an evaluation of `m` computes, with the graph inputs and initializers; what
// could be computed when the evaluation stops on an error.
[[nodiscard]] std::map<std::string, Value> every_value(const Model& m, const std::map<std::string, Value>& inputs,
                                                       const OperatorTable& ops, int64_t max_tensor_bytes);

// One operation as a model of its own (XC10, XC11's reproducer): the operation, its inputs as graph inputs
// (with their values' types) or initializers, its outputs as graph outputs; the model's opsets and functions.
struct NodeModel {
  Model model;
  std::map<std::string, Value> inputs;  // by graph-input name
};
[[nodiscard]] std::optional<NodeModel> node_model(const Model& m, size_t node,
                                                  const std::map<std::string, Value>& values);

// [spec:XC10, XC11] judges the runtime's values of every operation of `m`'s main graph. `spec_values` are
// onnxsem's values of the case (every_value), `runtime_values` the runtime's by name (those it gave).
[[nodiscard]] Localisation localise(const Model& m, const std::map<std::string, Value>& spec_values,
                                    const std::map<std::string, Value>& runtime_values, LocaliseMode mode,
                                    const OperatorTable& ops, const conformance::Tolerance& tol,
                                    int64_t max_tensor_bytes);

// The inputs XC10's mode gives operation `node`: the runtime's values (isolated) or onnxsem's (cumulative).
[[nodiscard]] std::map<std::string, Value> node_inputs(const Model& m, size_t node,
                                                       const std::map<std::string, Value>& spec_values,
                                                       const std::map<std::string, Value>& runtime_values,
                                                       LocaliseMode mode);

}  // namespace onnxsem::crosscheck

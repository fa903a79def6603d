// The interface through which the graph semantics reaches operator semantics (spec/graph.md, "Operators").
// semantics/ knows only this interface; ops/ provides a table that implements it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/context.hpp"
#include "values/ir.hpp"
#include "values/signature.hpp"
#include "values/value.hpp"

namespace onnxsem {

// What one firing of an operation hands to its operator: the node (for its attributes and its name), one
// entry per input position (nullopt: the optional input is absent), and which outputs are requested.
struct KernelArgs {
  const Node& node;
  std::vector<std::optional<Value>> inputs;
  std::vector<bool> requested;  // one per output position of the node
  // For an operator whose definition applies one of its graph attributes to values (FlexAttention's
  // score_mod): evaluates that graph on the given formal inputs by the graph semantics and returns its
  // outputs (spec/subgraphs.md, SB13). Set by the evaluator for every firing; empty when a kernel is called
  // outside an evaluation (unit tests).
  std::function<std::vector<Value>(const Graph& body, const std::vector<Value>& formals)> subgraph = {};
  // For an operator that draws at random: per output position, the candidate result the evaluation was
  // given for that output's name (spec/conformance.md, K13), or nullopt; empty when none were given.
  std::vector<std::optional<Value>> choices = {};
  // Per output position, the candidate result given by picks for that output's name (EvalOptions::picks,
  // K14), or nullopt; empty when none were given.
  std::vector<std::optional<std::vector<int64_t>>> picks = {};
  // The context of the evaluation that fires the operation: its limits (L3, L5), its work meter and its
  // threads (E9). The evaluator sets it for every firing; a test that calls a kernel directly sets its own.
  EvalContext* eval_context = nullptr;

  [[nodiscard]] size_t input_count() const noexcept { return inputs.size(); }
  [[nodiscard]] bool has_input(size_t k) const noexcept { return k < inputs.size() && inputs[k].has_value(); }
  // The k-th input as a tensor; eval error (clause A2) when it is absent or not a tensor.
  [[nodiscard]] const Tensor& tensor(size_t k) const;
  [[nodiscard]] const Value& value(size_t k) const;
  [[nodiscard]] size_t output_count() const noexcept { return requested.size(); }
  // The evaluation's context; an internal error when none was set.
  [[nodiscard]] EvalContext& context() const;
};

// An operator version is a pure function from input values and attributes to output values. It returns
// one entry per output position (nullopt allowed only for an output that was not requested).
using Kernel = std::function<std::vector<std::optional<Value>>(const KernelArgs&)>;

class OperatorTable {
 public:
  virtual ~OperatorTable() = default;
  // The since-versions at which ONNX defines (domain, op_type), ascending; empty when ONNX does not define
  // the operator in that domain at all.
  [[nodiscard]] virtual std::vector<int64_t> defined_versions(std::string_view domain,
                                                              std::string_view op_type) const = 0;
  // The implementation of the operator version with that since-version, or null if onnxsem does not
  // implement it.
  [[nodiscard]] virtual const Kernel* kernel(std::string_view domain, std::string_view op_type,
                                             int64_t since_version) const = 0;
  // Whether the operator is nondeterministic (spec R2) regardless of its attributes.
  [[nodiscard]] virtual bool nondeterministic(std::string_view domain, std::string_view op_type) const = 0;
  // The signature of the operator version with that since-version (spec/types.md, TY1), or null when
  // the table has none.
  [[nodiscard]] virtual const Signature* signature(std::string_view domain, std::string_view op_type,
                                                   int64_t since_version) const {
    return nullptr;
  }
  // Its shape rule (TY5), or null when its outputs' shapes are not inferred.
  [[nodiscard]] virtual const ShapeRule* shape_rule(std::string_view domain, std::string_view op_type,
                                                    int64_t since_version) const {
    return nullptr;
  }
};

}  // namespace onnxsem

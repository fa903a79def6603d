// Operator interface helpers (spec/graph.md, "Operators").
#include "values/operator.hpp"

#include "runtime/coverage.hpp"

namespace onnxsem {

const Value& KernelArgs::value(size_t k) const {
  // [spec:A2] an operator reads only inputs that are present.
  ONNXSEM_CLAUSE(A2);
  if (k >= inputs.size() || !inputs[k]) eval_error("A2", "required input " + std::to_string(k) + " is missing");
  return *inputs[k];
}

const Tensor& KernelArgs::tensor(size_t k) const {
  const Value& v = value(k);
  if (!v.is_tensor()) eval_error("A2", "input " + std::to_string(k) + " must be a tensor, got " + v.describe());
  return v.tensor();
}

EvalContext& KernelArgs::context() const {
  // [spec:E3] a firing applies its operator within the evaluation it belongs to: the evaluator names it.
  if (!eval_context)
    throw Failure(Error{ErrorKind::internal,
                        "E3",
                        "operator " + node.op_type + " was called without the context of an evaluation",
                        {},
                        {},
                        {}});
  return *eval_context;
}

}  // namespace onnxsem

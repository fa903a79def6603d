// The shape rules of the loss family (spec/types.md, TY5): for each operator version, the output types its
// definition determines from the input types, the attributes and the known input values.
#include <string>

#include "ops/common/attrs.hpp"
#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops {
namespace {

// NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss: scores (N, C, d1..dk), target (N, d1..dk), weight
// (C) (LOSS1); the loss is shaped as the target with reduction "none" and a scalar otherwise (LOSS5), the
// optional log-probabilities as the scores (LOSS7). Element types are the scores' (T).
std::vector<Type> loss(const InferenceArgs& a) {
  const std::string op = a.node.op_type;
  const std::string reduction = choice_attr(a.node, "reduction", "mean", {"none", "sum", "mean"});
  const auto& x = input_dims(a, 0);
  const auto& t = input_dims(a, 1);
  const auto& w = input_dims(a, 2);
  // [spec:LOSS16] the scores have rank at least 2, the target the scores' shape without C, the weight rank 1
  // and length C, where these are known.
  ONNXSEM_CLAUSE(LOSS16);
  if (x && x->size() < 2)
    type_error("LOSS16", op + ": the scores have rank " + std::to_string(x->size()) + ", not at least 2");
  if (x && t) {
    if (t->size() + 1 != x->size())
      type_error("LOSS16", op + ": the target has rank " + std::to_string(t->size()) + " for scores of rank " +
                               std::to_string(x->size()));
    for (size_t i = 0; i < t->size(); ++i) {
      const Dim& want = (*x)[i == 0 ? 0 : i + 1];
      const Dim& got = (*t)[i];
      if (want.value && got.value && *want.value != *got.value)
        type_error("LOSS16", op + ": target extent " + dim_text(got) + " at axis " + std::to_string(i) +
                                 " differs from the scores' " + dim_text(want));
    }
  }
  if (w && a.has_input(2)) {
    if (w->size() != 1) type_error("LOSS16", op + ": the weight has rank " + std::to_string(w->size()) + ", not 1");
    if (x && (*x)[1].value && w->front().value && *(*x)[1].value != *w->front().value)
      type_error("LOSS16",
                 op + ": the weight has " + dim_text(w->front()) + " entries for " + dim_text((*x)[1]) + " classes");
  }
  std::vector<Type> out(a.output_count);
  if (!out.empty()) out[0] = make_tensor_type(DType::undefined, reduction == "none" ? t : std::optional<Dims>(Dims{}));
  if (out.size() > 1) out[1] = make_tensor_type(DType::undefined, x);
  return out;
}

// The optimizers (LOSS10, LOSS12): inputs R, T and `groups` groups of n tensors (X, G and the states); the
// outputs are the new X and the new states, each of the type of the tensor it replaces.
ShapeRule optimizer(size_t groups) {
  return [groups](const InferenceArgs& a) {
    std::vector<Type> out(a.output_count);
    if (a.inputs.size() < 2) return out;
    const size_t tensors = a.inputs.size() - 2;
    if (tensors % groups != 0) return out;
    const size_t n = tensors / groups;
    for (size_t k = 0; k < out.size() && n > 0; ++k) {
      const size_t g = k / n;  // output group: 0 the new X, then the states, which follow G among the inputs
      const size_t in = 2 + (g == 0 ? 0 : g + 1) * n + k % n;
      if (g + 1 < groups && a.has_input(in)) out[k] = a.input(in);
    }
    return out;
  };
}

}  // namespace

void shapes_loss(Registry& r) {
  r.shape_rule("", "NegativeLogLikelihoodLoss", loss);
  r.shape_rule("", "SoftmaxCrossEntropyLoss", loss);
  r.shape_rule("ai.onnx.preview.training", "Adagrad", optimizer(3));
  r.shape_rule("ai.onnx.preview.training", "Momentum", optimizer(3));
  r.shape_rule("ai.onnx.preview.training", "Adam", optimizer(4));
}

}  // namespace onnxsem::ops

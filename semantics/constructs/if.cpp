// If (spec/subgraphs.md, SB4): its check, its typing and its firing.
#include "runtime/coverage.hpp"
#include "semantics/constructs/construct.hpp"

namespace onnxsem::constructs {
namespace {

void check_if(const CheckSite& at) {
  const Node& n = at.n;
  at.arity(at.body("then_branch"), 0, n.outputs.size(), "the node's outputs");
  at.arity(at.body("else_branch"), 0, n.outputs.size(), "the node's outputs");
  // [spec:SB4] If's condition is present and is declared, when it is declared, as a bool tensor of one
  // element.
  ONNXSEM_CLAUSE(SB4);
  if (n.inputs.empty() || n.inputs[0].empty()) {
    at.add("SB4", "If has no condition");
    return;
  }
  if (auto why = mismatch(declared(at.declared, n.inputs[0]), DType::boolean, true); !why.empty())
    at.add("SB4", "If's condition " + why, n.inputs[0]);
}

std::vector<Type> type_if(const Node& n, int64_t, BodyTyping& typing) {
  std::vector<Type> outs(n.outputs.size());
  const Graph* then_g = typing.graph("then_branch");
  const Graph* else_g = typing.graph("else_branch");
  if (!then_g || !else_g) return outs;
  const auto a = typing.type_body(*then_g, "then_branch", {});
  const auto b = typing.type_body(*else_g, "else_branch", {});
  for (size_t k = 0; k < outs.size() && k < a.size() && k < b.size(); ++k) {
    std::string why;
    outs[k] = join(a[k], b[k], why);
    // (TY8) the two branches of an If give each output the same kind and element type.
    if (!why.empty())
      typing.find("TY8",
                  "output " + std::to_string(k) + " is " + type_text(a[k]) + " in then_branch and " + type_text(b[k]) +
                      " in else_branch (" + why + ")",
                  n.outputs[k]);
  }
  return outs;
}

std::vector<std::optional<Value>> fire_if(const Node& n, int64_t, const std::vector<std::optional<Value>>& in,
                                          const GraphRunner& runner) {
  // [spec:SB4] If evaluates only the branch its boolean condition selects; the branch's outputs are the
  // node's outputs.
  ONNXSEM_CLAUSE(SB4);
  if (in.empty() || !in[0] || !in[0]->is_tensor() || in[0]->tensor().dtype() != DType::boolean ||
      in[0]->tensor().size() != 1)
    eval_error("SB4", "If's condition must be a bool tensor of one element");
  const bool c = in[0]->tensor().data<bool>()[0];
  const Graph& branch = graph_attr(n, c ? "then_branch" : "else_branch");
  auto values = run_body(runner, branch, {}, 1);
  if (values.size() != n.outputs.size())
    eval_error("SB12", "the branch has " + std::to_string(values.size()) + " outputs, the node " +
                           std::to_string(n.outputs.size()));
  std::vector<std::optional<Value>> out;
  for (auto& v : values) out.emplace_back(std::move(v));
  return out;
}

}  // namespace

const Construct if_construct{"If", check_if, type_if, fire_if};

}  // namespace onnxsem::constructs

// Loop (spec/subgraphs.md, SB6, SB7): its check, its typing and its firing.
#include "runtime/coverage.hpp"
#include "semantics/constructs/construct.hpp"
#include "semantics/subgraph.hpp"

namespace onnxsem::constructs {
namespace {

// The value of a one-element bool tensor that `g` holds as an initializer (not a graph input) or a Constant.
std::optional<bool> constant_bool(const Graph& g, const std::string& name) {
  for (const auto& vi : g.inputs)
    if (vi.name == name) return std::nullopt;
  for (const auto& [iname, t] : g.initializers)
    if (iname == name && t.dtype() == DType::boolean && t.size() == 1) return t.data<bool>()[0];
  for (const auto& c : g.nodes)
    if (normalise_domain(c.domain).empty() && c.op_type == "Constant" && c.outputs.size() == 1 && c.outputs[0] == name)
      if (const Attribute* v = c.attr("value");
          v && v->type == AttrType::t && v->t.dtype() == DType::boolean && v->t.size() == 1)
        return v->t.data<bool>()[0];
  return std::nullopt;
}

// Whether a Loop body returns its condition input unchanged (the output names it, or an Identity of it).
bool returns_condition_unchanged(const Graph& body) {
  if (body.inputs.size() < 2 || body.outputs.empty()) return false;
  const std::string& cin = body.inputs[1].name;
  const std::string& cout = body.outputs[0].name;
  if (cout == cin) return true;
  for (const auto& b : body.nodes)
    if (normalise_domain(b.domain).empty() && b.op_type == "Identity" && b.inputs.size() == 1 && b.inputs[0] == cin &&
        b.outputs.size() == 1 && b.outputs[0] == cout)
      return true;
  return false;
}

void check_loop(const CheckSite& at) {
  const Node& n = at.n;
  at.arity(at.body("body"), n.inputs.size(), n.outputs.size() + 1, "2 + N inputs and N + K outputs of the node");
  // [spec:SB6] Loop's trip count is declared an int64 tensor of one element and its condition a bool
  // tensor of one element; its loop-carried values are present; its body declares its iteration number
  // int64 and its condition input and output bool.
  ONNXSEM_CLAUSE(SB6);
  const Types& types = at.declared;
  if (n.inputs.size() > 0 && !n.inputs[0].empty())
    if (auto why = mismatch(declared(types, n.inputs[0]), DType::int64, true); !why.empty())
      at.add("SB6", "Loop's trip count M " + why, n.inputs[0]);
  if (n.inputs.size() > 1 && !n.inputs[1].empty())
    if (auto why = mismatch(declared(types, n.inputs[1]), DType::boolean, true); !why.empty())
      at.add("SB6", "Loop's condition " + why, n.inputs[1]);
  for (size_t k = 2; k < n.inputs.size(); ++k)
    if (n.inputs[k].empty()) at.add("SB6", "Loop's loop-carried value " + std::to_string(k - 2) + " is absent");
  const Attribute* a = n.attr("body");
  if (a && a->g) {
    const Graph& body = *a->g;
    if (body.inputs.size() > 0)
      if (auto why = mismatch(&body.inputs[0].type, DType::int64, false); !why.empty())
        at.add("SB6", "Loop's body: the iteration number " + why, body.inputs[0].name);
    if (body.inputs.size() > 1)
      if (auto why = mismatch(&body.inputs[1].type, DType::boolean, false); !why.empty())
        at.add("SB6", "Loop's body: the condition input " + why, body.inputs[1].name);
    if (body.outputs.size() > 0)
      if (auto why = mismatch(&body.outputs[0].type, DType::boolean, false); !why.empty())
        at.add("SB6", "Loop's body: the condition output " + why, body.outputs[0].name);
  }
  // [spec:SB6] (the iteration limit) a Loop without trip count whose condition is absent or a constant
  // true and whose body returns its condition unchanged iterates until the limit of L4 in every evaluation.
  ONNXSEM_CLAUSE(SB6);
  if (!a || !a->g || (!n.inputs.empty() && !n.inputs[0].empty())) return;
  if (n.inputs.size() > 1 && !n.inputs[1].empty() && constant_bool(at.graph, n.inputs[1]) != std::optional<bool>(true))
    return;
  if (returns_condition_unchanged(*a->g))
    at.add("SB6", "Loop has no trip count, its condition stays true: it runs until the iteration limit (L4)");
}

std::vector<Type> type_loop(const Node& n, int64_t, BodyTyping& typing) {
  std::vector<Type> outs(n.outputs.size());
  const Graph* g = typing.graph("body");
  if (!g) return outs;
  const size_t carried = n.inputs.size() >= 2 ? n.inputs.size() - 2 : 0;
  std::vector<Type> formals{make_tensor_type(DType::int64, std::vector<Dim>{}),
                            make_tensor_type(DType::boolean, std::vector<Dim>{})};
  for (size_t k = 0; k < carried; ++k) formals.push_back(relaxed(typing.input(2 + k)));
  const auto res = typing.type_body(*g, "body", formals);
  for (size_t k = 0; k < outs.size(); ++k) {
    const Type b = k + 1 < res.size() ? res[k + 1] : Type{};
    if (k < carried) {
      std::string why;
      outs[k] = join(typing.input(2 + k), b, why);
      if (!why.empty())
        typing.find("TY8",
                    "loop-carried value " + std::to_string(k) + " enters as " + type_text(typing.input(2 + k)) +
                        " and leaves the body as " + type_text(b) + " (" + why + ")",
                    n.outputs[k]);
    } else if (b.kind == Type::Kind::tensor) {
      outs[k] = stacked(b, 0);
    }
  }
  return outs;
}

std::vector<std::optional<Value>> fire_loop(const Node& n, int64_t, const std::vector<std::optional<Value>>& in,
                                            const GraphRunner& runner) {
  EvalContext& cx = runner.context();
  // [spec:SB6] Loop: an optional trip count M and an optional condition; the body receives the iteration
  // number, the condition and the N loop-carried values, and returns the next condition, the N values
  // and K scan outputs, which are stacked along a new first axis. M absent and condition absent: the loop
  // runs until the iteration limit (L4).
  ONNXSEM_CLAUSE(SB6);
  const Graph& body = graph_attr(n, "body");
  auto scalar = [&](size_t k, DType d, const char* what) -> const Tensor* {
    if (k >= in.size() || !in[k]) return nullptr;
    const Tensor& t = in[k]->tensor();
    if (t.dtype() != d || t.size() != 1) eval_error("SB6", std::string("Loop's ") + what + " must hold one element");
    return &t;
  };
  const Tensor* m = scalar(0, DType::int64, "trip count M (int64)");
  const Tensor* c0 = scalar(1, DType::boolean, "condition (bool)");
  const int64_t trip = m ? m->data<int64_t>()[0] : -1;
  bool cond = c0 ? c0->data<bool>()[0] : true;
  std::vector<Value> carried;
  for (size_t k = 2; k < in.size(); ++k) {
    if (!in[k]) eval_error("SB6", "Loop's loop-carried values cannot be absent");
    carried.push_back(*in[k]);
  }
  const size_t N = carried.size();
  if (body.inputs.size() != N + 2 || body.outputs.size() < N + 1)
    eval_error("SB12",
               "Loop's body must take 2 + N inputs and return 1 + N + K outputs (N = " + std::to_string(N) + ")");
  const size_t K = body.outputs.size() - 1 - N;
  std::vector<std::vector<Tensor>> scans(K);
  int64_t i = 0;
  while ((m == nullptr || i < trip) && cond) {
    if (i >= runner.options().max_loop_iterations)
      eval_error("L4", "Loop exceeded the iteration limit of " + std::to_string(runner.options().max_loop_iterations));
    std::vector<Value> formals{Value(Tensor::scalar<int64_t>(cx, i)), Value(Tensor::scalar<bool>(cx, cond))};
    formals.insert(formals.end(), carried.begin(), carried.end());
    auto res = run_body(runner, body, formals, static_cast<uint64_t>(i) + 7);
    const Tensor& c = res[0].tensor();
    if (c.dtype() != DType::boolean || c.size() != 1)
      eval_error("SB6", "Loop's body must return a one-element bool condition");
    cond = c.data<bool>()[0];
    for (size_t k = 0; k < N; ++k) carried[k] = res[1 + k];
    for (size_t k = 0; k < K; ++k) scans[k].push_back(res[1 + N + k].tensor());
    ++i;
  }
  std::vector<std::optional<Value>> out;
  for (auto& v : carried) out.emplace_back(std::move(v));
  for (size_t k = 0; k < K; ++k) {
    if (!scans[k].empty()) {
      out.emplace_back(Value(stack(cx, scans[k], 0, "Loop scan output")));
    } else {
      // [spec:SB7] a scan output of zero iterations is empty along its first axis.
      ONNXSEM_CLAUSE(SB7);
      out.emplace_back(empty_stack(cx, body.outputs[1 + N + k], 0, "Loop"));
    }
  }
  return out;
}

}  // namespace

const Construct loop_construct{"Loop", check_loop, type_loop, fire_loop};

}  // namespace onnxsem::constructs

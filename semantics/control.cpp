// The control-flow operators (spec/subgraphs.md) and calls of model-local functions (spec/functions.md).
// Their contracts belong to the graph semantics and are shared by both of its formulations (the forward
// fixpoint of fixpoint.cpp and the demand-driven evaluation of demand.cpp); what differs between the two
// is how a nested graph is evaluated, which each supplies as a GraphRunner.
#include "semantics/control.hpp"

#include <algorithm>
#include <memory>

#include "runtime/coverage.hpp"
#include "runtime/work.hpp"
#include "semantics/constructs/construct.hpp"
#include "semantics/subgraph.hpp"
#include "values/dispatch.hpp"

namespace onnxsem {

std::vector<Value> run_body(const GraphRunner& runner, const Graph& body, const std::vector<Value>& formals,
                            uint64_t salt) {
  // L5: each run of a subgraph (a Loop or Scan iteration, a branch, an item of SequenceMap) costs as
  // much as a firing, counted in the work of the operation that runs it.
  runner.context().charge(kFiringCost, "running a subgraph");
  // [spec:SB2] a subgraph is evaluated by the same semantics as its enclosing graph, its formal inputs
  // bound in order, in a scope that reads the enclosing scopes' values by name.
  ONNXSEM_CLAUSE(SB2);
  if (formals.size() != body.inputs.size())
    eval_error("SB2", "the body declares " + std::to_string(body.inputs.size()) + " inputs but receives " +
                          std::to_string(formals.size()));
  State local;
  for (const auto& [name, t] : body.initializers) local.insert_or_assign(name, Value(t));
  for (size_t i = 0; i < formals.size(); ++i) {
    // A value bound to a formal input declared optional is wrapped in an optional when it is not one
    // (a Loop body that receives optional(seq) and returns the seq it carries).
    if (body.inputs[i].type.kind == Type::Kind::optional && !formals[i].is_optional())
      local.insert_or_assign(body.inputs[i].name, Value(OptionalValue{body.inputs[i].type.inner,
                                                                      std::make_shared<const Value>(formals[i])}));
    else local.insert_or_assign(body.inputs[i].name, formals[i]);
  }
  auto results = runner.run(body, std::move(local), nullptr, false, salt);
  std::vector<Value> values;
  for (size_t k = 0; k < body.outputs.size(); ++k) {
    // [spec:SB3] every output of a subgraph has a value when its evaluation ends.
    ONNXSEM_CLAUSE(SB3);
    if (k >= results.size() || !results[k])
      eval_error("SB3", "subgraph output '" + body.outputs[k].name + "' has no value at the end of its evaluation");
    values.push_back(std::move(*results[k]));
  }
  return values;
}

// (FN1) a body node's attribute that refers to an attribute of the call takes the call's value, or the
// function's default, or is unset.
Node bind_call_attributes(const Node& n0, const Node& call, const Function& f) {
  Node n = n0;
  n.attributes.clear();
  for (const auto& a : n0.attributes) {
    if (a.ref_attr_name.empty()) {
      n.attributes.push_back(a);
      continue;
    }
    const Attribute* given = call.attr(a.ref_attr_name);
    if (!given)
      for (const auto& d : f.attribute_defaults)
        if (d.name == a.ref_attr_name) given = &d;
    if (!given) continue;  // an unbound reference leaves the attribute unset
    Attribute b = *given;
    b.name = a.name;
    n.attributes.push_back(std::move(b));
  }
  return n;
}

bool is_control(const Node& n) { return constructs::construct_of(n) != nullptr; }

std::vector<std::optional<Value>> fire_control(const Node& n, int64_t since,
                                               const std::vector<std::optional<Value>>& in, const GraphRunner& runner) {
  const constructs::Construct* c = constructs::construct_of(n);
  if (!c)
    throw Failure(
        Error{ErrorKind::internal, "E3", n.op_type + " is not a control-flow operator", n.name, n.op_type, {}});
  return c->fire(n, since, in, runner);
}

std::vector<std::optional<Value>> apply_operation(const Model& model, const OperatorTable& ops,
                                                  const std::map<std::string, int64_t>& opsets, const Node& n,
                                                  std::vector<std::optional<Value>> inputs, const GraphRunner& runner,
                                                  const Resolved* resolved) {
  // L5: a firing costs kFiringCost units plus one per element or item it reads, counted before
  // its operator runs; the operator adds what it states before its main loops.
  FiringWork firing_work(runner.context());
  int64_t reads = kFiringCost;
  for (const auto& v : inputs) {
    if (!v) continue;
    if (v->is_tensor()) reads = work_sum(reads, v->tensor().size());
    else if (v->is_sequence()) reads = work_sum(reads, static_cast<int64_t>(v->sequence().items.size()));
    else if (v->is_map()) reads = work_sum(reads, static_cast<int64_t>(v->map().size()));
    else reads = work_sum(reads, 1);
  }
  runner.context().charge(reads, "reading the inputs");
  std::vector<std::optional<Value>> results;
  if (const Function* f = function_of(model, n)) {
    results = call_function(runner, *f, n, inputs);
  } else {
    std::optional<Resolved> fresh;
    if (resolved) reach_resolution_clauses(*resolved);
    const Resolved& r = resolved ? *resolved : fresh.emplace(resolve(ops, opsets, n));
    const bool control = is_control(n);
    if (r.error && !(control && r.error->clause == "U1")) throw Failure(*r.error);
    if (control) {
      results = fire_control(n, r.since_version, inputs, runner);
    } else {
      KernelArgs args{n, std::move(inputs), {}};
      args.eval_context = &runner.context();
      for (const auto& o : n.outputs) args.requested.push_back(!o.empty());
      // [spec:SB13] a kernel that applies one of its graph attributes gets it evaluated by the graph
      // semantics, as a subgraph of the operation (SB1-SB3), one level deeper (L4).
      ONNXSEM_CLAUSE(SB13);
      args.subgraph = [&runner](const Graph& body, const std::vector<Value>& formals) {
        return run_body(runner, body, formals, 23);
      };
      // [spec:K13] the candidate results given for the operation's output names (K14: also by picks), for
      // an operation of the main graph only: a subgraph or a function body may define a name of the main
      // graph (SB11 allows one it cannot read), which is another tensor.
      ONNXSEM_CLAUSE(K13);
      const auto& choices = runner.options().choices;
      const auto& picks = runner.options().picks;
      if ((!choices.empty() || !picks.empty()) && runner.depth() == 0)
        for (const auto& o : n.outputs) {
          auto it = o.empty() ? choices.end() : choices.find(o);
          args.choices.push_back(it == choices.end() ? std::nullopt : std::optional<Value>(it->second));
          auto p = o.empty() ? picks.end() : picks.find(o);
          args.picks.push_back(p == picks.end() ? std::nullopt : std::optional<std::vector<int64_t>>(p->second));
        }
      results = (*r.kernel)(args);
    }
  }
  if (results.size() > n.outputs.size())
    throw Failure(Error{ErrorKind::internal,
                        "E3",
                        "operator returned " + std::to_string(results.size()) + " outputs for " +
                            std::to_string(n.outputs.size()) + " output names",
                        n.name,
                        n.op_type,
                        {}});
  for (size_t j = 0; j < n.outputs.size(); ++j) {
    if (n.outputs[j].empty()) continue;
    // TY2: a node that names an output position its operator does not have breaks the operator's arity
    // (check finds it where the operator version is typed; here it is not).
    if (j >= results.size())
      throw Failure(Error{ErrorKind::refused, "TY2",
                          "names output position " + std::to_string(j) + " ('" + n.outputs[j] +
                              "'), but its operator gives " + std::to_string(results.size()) + " output" +
                              (results.size() == 1 ? "" : "s"),
                          n.name, n.op_type, n.outputs[j]});
    if (!results[j])
      throw Failure(Error{ErrorKind::internal, "E3",
                          "operator produced no value for requested output " + std::to_string(j), n.name, n.op_type,
                          n.outputs[j]});
  }
  return results;
}

const Function* function_of(const Model& model, const Node& n) {
  for (const auto& f : model.functions)
    if (normalise_domain(f.domain) == normalise_domain(n.domain) && f.name == n.op_type) return &f;
  return nullptr;
}

std::vector<std::optional<Value>> call_function(const GraphRunner& runner, const Function& f, const Node& call,
                                                const std::vector<std::optional<Value>>& in) {
  // [spec:FN1] a call of a model-local function evaluates the function's body as a graph in a fresh
  // scope: the actual inputs bound to the formal inputs by position (an absent one left without value),
  // attribute references replaced by the caller's attributes (or the function's defaults), the body's
  // operators resolved under the function's own opset imports; the formal outputs are the call's outputs.
  ONNXSEM_CLAUSE(FN1);
  Graph body;
  body.name = f.name;
  for (const auto& name : f.outputs) body.outputs.push_back(ValueInfo{name, {}});
  for (const auto& n0 : f.nodes) body.nodes.push_back(bind_call_attributes(n0, call, f));
  State local;
  for (size_t i = 0; i < f.inputs.size() && i < in.size(); ++i)
    if (in[i] && !f.inputs[i].empty()) local.insert_or_assign(f.inputs[i], *in[i]);
  auto results = runner.run(body, std::move(local), f.opset_imports.empty() ? nullptr : &f.opset_imports, true, 3);
  for (size_t k = 0; k < f.outputs.size(); ++k)
    if (k >= results.size() || !results[k])
      eval_error("FN1", "function output '" + f.outputs[k] + "' of " + f.name + " has no value");
  return results;
}

}  // namespace onnxsem

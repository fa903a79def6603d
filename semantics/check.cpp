// Static checks (spec/graph.md, sections "Constraints", "Restrictions", "Well-formedness", "Profiles").
// Each function below checks one clause and says so; `check` runs those that the profile selects.
#include "semantics/check.hpp"

#include <map>
#include <set>

#include "semantics/fixpoint.hpp"
#include "semantics/subgraph.hpp"

namespace onnxsem {

std::optional<Profile> parse_profile(const std::string& s) {
  if (s == "onnx") return Profile::onnx;
  if (s == "sonnx") return Profile::sonnx;
  return std::nullopt;
}

std::string Finding::describe() const {
  std::string out = "[" + clause + "] ";
  if (severity == Severity::warning) out += "warning: ";
  if (!node.empty()) out += "node '" + node + "': ";
  if (!tensor.empty()) out += "tensor '" + tensor + "': ";
  return out + message;
}

bool refuses(const std::vector<Finding>& findings) noexcept {
  for (const auto& f : findings)
    if (f.severity == Finding::Severity::error) return true;
  return false;
}

namespace {

using Findings = std::vector<Finding>;

void add(Findings& out, std::string clause, std::string message, std::string node = {}, std::string tensor = {},
         Finding::Severity sev = Finding::Severity::error) {
  out.push_back(Finding{sev, std::move(clause), std::move(message), std::move(node), std::move(tensor)});
}

// Names that have a value before any operation fires: graph inputs and initializers.
std::set<std::string> given_names(const Graph& g) {
  std::set<std::string> s;
  for (const auto& vi : g.inputs) s.insert(vi.name);
  for (const auto& [name, t] : g.initializers) s.insert(name);
  return s;
}

void check_single_assignment(const Graph& g, Findings& out) {
  // [spec:C1] a tensor is an output of exactly one operation, graph inputs and initializers excepted (they
  // are an output of none).
  std::map<std::string, std::string> writer;
  const auto given = given_names(g);
  for (const auto& n : g.nodes) {
    for (const auto& o : n.outputs) {
      if (o.empty()) continue;
      if (given.count(o)) {
        add(out, "C1", "assigned by this operation but it is also a graph input or initializer", n.name, o);
        continue;
      }
      auto [it, fresh] = writer.emplace(o, n.name);
      if (!fresh) add(out, "C1", "assigned by node '" + it->second + "' and again by this operation", n.name, o);
    }
  }
}

void check_input_usage(const Graph& g, Findings& out) {
  // [spec:C2] every graph input is read by at least one operation.
  std::set<std::string> read;
  for (const auto& n : g.nodes) {
    for (const auto& i : n.inputs) read.insert(i);
    for (const auto& i : implicit_inputs(n)) read.insert(i);  // read inside a subgraph (SB1)
  }
  for (const auto& vi : g.inputs)
    if (!read.count(vi.name)) add(out, "C2", "graph input is not read by any operation", {}, vi.name);
}

void check_outputs_defined(const Graph& g, Findings& out) {
  // [spec:C3] (static part) a graph output can only get a value if some operation assigns it or it is given.
  std::set<std::string> defined = given_names(g);
  for (const auto& n : g.nodes)
    for (const auto& o : n.outputs) defined.insert(o);
  for (const auto& vi : g.outputs)
    if (!defined.count(vi.name)) add(out, "C3", "graph output is assigned by no operation", {}, vi.name);
}

void check_undefined_names(const Graph& g, Findings& out) {
  // [spec:W1] every name an operation reads is a graph input, an initializer or an output of an operation.
  std::set<std::string> defined = given_names(g);
  for (const auto& n : g.nodes)
    for (const auto& o : n.outputs) defined.insert(o);
  for (const auto& n : g.nodes)
    for (const auto& i : n.inputs)
      if (!i.empty() && !defined.count(i)) add(out, "W1", "read by " + n.op_type + " but never defined", n.name, i);
}

// Which operations can ever fire: the fixpoint of the graph over the two-point domain {value, none}.
std::vector<char> reachable_operations(const Graph& g) {
  std::set<std::string> has = given_names(g);
  std::vector<char> fired(g.nodes.size(), 0);
  for (bool progress = true; progress;) {
    progress = false;
    for (size_t k = 0; k < g.nodes.size(); ++k) {
      if (fired[k]) continue;
      bool ready = true;
      for (const auto& i : g.nodes[k].inputs)
        if (!i.empty() && !has.count(i)) ready = false;
      if (!ready) continue;
      fired[k] = 1;
      progress = true;
      for (const auto& o : g.nodes[k].outputs) has.insert(o);
    }
  }
  return fired;
}

void check_cycles(const Graph& g, Findings& out) {
  // [spec:W2] the operations and the tensors they read and write form no cycle. An operation whose inputs
  // are all defined but which never becomes executable lies on or behind a cycle.
  std::set<std::string> defined = given_names(g);
  for (const auto& n : g.nodes)
    for (const auto& o : n.outputs) defined.insert(o);
  const auto fired = reachable_operations(g);
  for (size_t k = 0; k < g.nodes.size(); ++k) {
    if (fired[k]) continue;
    bool all_defined = true;
    for (const auto& i : g.nodes[k].inputs)
      if (!i.empty() && !defined.count(i)) all_defined = false;
    if (all_defined)
      add(out, "W2", g.nodes[k].op_type + " can never fire: it lies on or behind a cycle", g.nodes[k].name);
  }
}

void check_topological_order(const Graph& g, Findings& out) {
  // [spec:W3] (warning) ONNX requires the node list to be topologically sorted; the fixpoint does not.
  std::set<std::string> seen = given_names(g);
  std::set<std::string> produced;
  for (const auto& n : g.nodes)
    for (const auto& o : n.outputs) produced.insert(o);
  for (const auto& n : g.nodes) {
    for (const auto& i : n.inputs) {
      if (!i.empty() && !seen.count(i) && produced.count(i)) {
        add(out, "W3", "reads '" + i + "' before the node that assigns it in the node list", n.name, i,
            Finding::Severity::warning);
        break;
      }
    }
    for (const auto& o : n.outputs) seen.insert(o);
  }
}

bool is_function_call(const Model& m, const Node& n) {
  for (const auto& f : m.functions)
    if (normalise_domain(f.domain) == normalise_domain(n.domain) && f.name == n.op_type) return true;
  return false;
}

void check_operators(const Model& m, const Graph& g, const OperatorTable& ops, Findings& out) {
  for (const auto& n : g.nodes) {
    if (is_function_call(m, n)) continue;
    Resolved r = resolve(ops, m.opset_imports, n);
    // W4 and W6 are enforced by `resolve`; unsupported is not a finding of the check.
    if (r.error && r.error->kind == ErrorKind::refused) add(out, r.error->clause, r.error->message, n.name);
  }
}

void check_attributes(const Graph& g, Findings& out) {
  // [spec:W5] an attribute has a type, a name unique on its node, and (outside a function body) a value
  // rather than a reference to a caller's attribute.
  for (const auto& n : g.nodes) {
    std::set<std::string> names;
    for (const auto& a : n.attributes) {
      if (!names.insert(a.name).second) add(out, "W5", "attribute '" + a.name + "' is given twice", n.name);
      if (!a.ref_attr_name.empty())
        add(out, "W5", "attribute '" + a.name + "' refers to a caller attribute outside a function", n.name);
      else if (a.type == AttrType::undefined)
        add(out, "W5", "attribute '" + a.name + "' has no type", n.name);
    }
  }
}

void check_unique_declarations(const Graph& g, Findings& out) {
  // [spec:W7] graph inputs, graph outputs and the outputs of one operation are each declared once.
  std::set<std::string> ins, outs;
  for (const auto& vi : g.inputs)
    if (!ins.insert(vi.name).second) add(out, "W7", "graph input declared twice", {}, vi.name);
  for (const auto& vi : g.outputs) {
    if (vi.name.empty()) add(out, "W7", "graph output with an empty name", {}, vi.name);
    if (!outs.insert(vi.name).second) add(out, "W7", "graph output declared twice", {}, vi.name);
  }
  for (const auto& n : g.nodes) {
    std::set<std::string> own;
    for (const auto& o : n.outputs)
      if (!o.empty() && !own.insert(o).second) add(out, "W7", "output listed twice by " + n.op_type, n.name, o);
  }
}

void check_dead_nodes(const Graph& g, Findings& out) {
  // [spec:R1] every operation has an output that another operation reads or that is a graph output.
  std::set<std::string> used;
  for (const auto& n : g.nodes) {
    for (const auto& i : n.inputs) used.insert(i);
    for (const auto& i : implicit_inputs(n)) used.insert(i);  // read inside a subgraph (SB1)
  }
  for (const auto& vi : g.outputs) used.insert(vi.name);
  for (const auto& n : g.nodes) {
    bool live = false;
    for (const auto& o : n.outputs)
      if (!o.empty() && used.count(o)) live = true;
    if (!live) add(out, "R1", n.op_type + " is dead: none of its outputs is used", n.name);
  }
}

// Whether a Dropout node is known, without running the graph, to be in inference mode.
bool dropout_is_inference(const Graph& g, const Node& n) {
  if (auto* is_test = n.attr("is_test")) return is_test->i != 0;  // versions 1-6: is_test (default 0: training)
  // No training_mode input: versions 7-11 are inference-only; 12+ default to training_mode false.
  if (n.inputs.size() < 3 || n.inputs[2].empty()) return true;
  for (const auto& [name, t] : g.initializers)
    if (name == n.inputs[2] && t.dtype() == DType::boolean && t.size() == 1) return !t.data<bool>()[0];
  for (const auto& c : g.nodes) {
    if (c.op_type != "Constant" || c.outputs.empty() || c.outputs[0] != n.inputs[2]) continue;
    if (const Attribute* v = c.attr("value"); v && v->t.dtype() == DType::boolean && v->t.size() == 1)
      return !v->t.data<bool>()[0];
  }
  return false;  // not statically known: treated as possibly random
}

void check_determinism(const Graph& g, const OperatorTable& ops, Findings& out) {
  // [spec:R2] only deterministic operators: no random operator, no Dropout that may run in training mode.
  for (const auto& n : g.nodes) {
    if (ops.nondeterministic(normalise_domain(n.domain), n.op_type))
      add(out, "R2", n.op_type + " draws random values", n.name);
    else if (normalise_domain(n.domain).empty() && n.op_type == "Dropout" && !dropout_is_inference(g, n))
      add(out, "R2", "Dropout may run in training mode (random mask)", n.name);
  }
}

// ---- Subgraphs (spec/subgraphs.md) ------------------------------------------------------------------------

// The names a graph defines: its inputs, its initializers and the outputs of its operations.
std::set<std::string> defined_names(const Graph& g) {
  std::set<std::string> s = given_names(g);
  for (const auto& n : g.nodes)
    for (const auto& o : n.outputs)
      if (!o.empty()) s.insert(o);
  return s;
}

// The graph-valued attributes of a node, by attribute name.
std::vector<std::pair<std::string, const Graph*>> subgraphs_of(const Node& n) {
  std::vector<std::pair<std::string, const Graph*>> out;
  for (const auto& a : n.attributes) {
    if (a.g) out.emplace_back(a.name, a.g.get());
    for (const auto& sub : a.graphs)
      if (sub) out.emplace_back(a.name, sub.get());
  }
  return out;
}

void check_body_arity(const Model& m, const Node& n, const OperatorTable& ops, Findings& out) {
  // [spec:SB12] the bodies of If, Loop, Scan and SequenceMap have the number of inputs and outputs their
  // operation's inputs and outputs call for.
  if (!normalise_domain(n.domain).empty()) return;
  auto body = [&](const char* name) -> const Graph* {
    const Attribute* a = n.attr(name);
    if (!a || !a->g) {
      add(out, "W5", n.op_type + " needs the graph attribute '" + std::string(name) + "'", n.name);
      return nullptr;
    }
    return a->g.get();
  };
  auto arity = [&](const Graph* g, size_t ins, size_t outs, const std::string& why) {
    if (g && (g->inputs.size() != ins || g->outputs.size() != outs))
      add(out, "SB12", "the body takes " + std::to_string(g->inputs.size()) + " inputs and returns " +
                           std::to_string(g->outputs.size()) + " outputs; " + why + " call for " + std::to_string(ins) +
                           " and " + std::to_string(outs),
          n.name);
  };
  const size_t I = n.inputs.size(), O = n.outputs.size();
  if (n.op_type == "If") {
    arity(body("then_branch"), 0, O, "the node's outputs");
    arity(body("else_branch"), 0, O, "the node's outputs");
  } else if (n.op_type == "Loop") {
    arity(body("body"), I, O + 1, "2 + N inputs and N + K outputs of the node");
  } else if (n.op_type == "SequenceMap") {
    arity(body("body"), I, O, "the node's inputs and outputs");
  } else if (n.op_type == "Scan") {
    const Resolved r = resolve(ops, m.opset_imports, n);
    const size_t state_and_scan = r.since_version == 8 && I > 0 ? I - 1 : I;  // Scan-8 begins with sequence_lens
    arity(body("body"), state_and_scan, O, "the node's states, scan inputs and outputs");
  }
}

void check_subgraphs(const Model& m, const Graph& g, const std::set<std::string>& outer, const OperatorTable& ops,
                     Findings& out) {
  std::set<std::string> visible = outer;
  const auto own = defined_names(g);
  visible.insert(own.begin(), own.end());
  for (const auto& n : g.nodes) {
    check_body_arity(m, n, ops, out);
    for (const auto& [attr, sub] : subgraphs_of(n)) {
      const std::string where = " (in " + attr + " of " + n.op_type + " '" + n.name + "')";
      const auto inner = defined_names(*sub);
      // [spec:SB11] a subgraph defines no name that an enclosing scope defines: outer values are never
      // shadowed, so a name means one tensor wherever it is read.
      for (const auto& name : inner)
        if (visible.count(name)) add(out, "SB11", "redefines a name of an enclosing scope" + where, n.name, name);
      for (const auto& sn : sub->nodes)
        for (const auto& i : sn.inputs)
          if (!i.empty() && !inner.count(i) && !visible.count(i))
            add(out, "W1", "read by " + sn.op_type + " but never defined" + where, sn.name, i);
      Findings local;
      check_single_assignment(*sub, local);
      check_attributes(*sub, local);
      for (auto& f : local) {
        f.message += where;
        out.push_back(std::move(f));
      }
      check_subgraphs(m, *sub, visible, ops, out);
    }
  }
}

void check_function_bodies(const Model& m, Findings& out) {
  // [spec:FN3] in a function body every name a node reads is a formal input or an output of a body node,
  // and every formal output is assigned by a body node or is a formal input.
  for (const auto& f : m.functions) {
    std::set<std::string> defined(f.inputs.begin(), f.inputs.end());
    for (const auto& n : f.nodes)
      for (const auto& o : n.outputs)
        if (!o.empty()) defined.insert(o);
    const std::string where = " in function " + f.name;
    for (const auto& n : f.nodes)
      for (const auto& i : n.inputs)
        if (!i.empty() && !defined.count(i)) add(out, "FN3", "read but never defined" + where, n.name, i);
    for (const auto& o : f.outputs)
      if (!defined.count(o)) add(out, "FN3", "formal output is never assigned" + where, {}, o);
  }
}

// Model-local functions called by a list of nodes (including the nodes of their subgraphs).
void collect_calls(const Model& m, const std::vector<Node>& nodes, std::set<size_t>& out) {
  for (const auto& n : nodes) {
    for (size_t k = 0; k < m.functions.size(); ++k)
      if (normalise_domain(m.functions[k].domain) == normalise_domain(n.domain) && m.functions[k].name == n.op_type)
        out.insert(k);
    for (const auto& a : n.attributes) {
      if (a.g) collect_calls(m, a.g->nodes, out);
      for (const auto& sub : a.graphs)
        if (sub) collect_calls(m, sub->nodes, out);
    }
  }
}

void check_function_recursion(const Model& m, Findings& out) {
  // [spec:FN2] no model-local function calls itself, directly or through other functions: the call graph
  // of the functions has no cycle, so every call can be replaced by its body.
  const size_t F = m.functions.size();
  std::vector<std::set<size_t>> calls(F);
  for (size_t k = 0; k < F; ++k) collect_calls(m, m.functions[k].nodes, calls[k]);
  for (size_t start = 0; start < F; ++start) {
    // Is `start` reachable from its own callees?
    std::set<size_t> seen;
    std::vector<size_t> todo(calls[start].begin(), calls[start].end());
    bool cyclic = false;
    while (!todo.empty() && !cyclic) {
      const size_t k = todo.back();
      todo.pop_back();
      if (k == start) cyclic = true;
      if (!seen.insert(k).second) continue;
      todo.insert(todo.end(), calls[k].begin(), calls[k].end());
    }
    if (cyclic) {
      const auto& f = m.functions[start];
      add(out, "FN2", "function " + (f.domain.empty() ? std::string() : f.domain + "::") + f.name +
                          " calls itself, directly or through other functions", {});
    }
  }
}

}  // namespace

std::vector<Finding> check(const Model& model, Profile profile, const OperatorTable& ops) {
  Findings out;
  const Graph& g = model.graph;
  check_unique_declarations(g, out);
  check_single_assignment(g, out);
  check_undefined_names(g, out);
  check_outputs_defined(g, out);
  check_cycles(g, out);
  check_operators(model, g, ops, out);
  check_attributes(g, out);
  check_function_recursion(model, out);
  check_function_bodies(model, out);
  check_subgraphs(model, g, {}, ops, out);
  // [spec:PR1] the sonnx profile adds C2, R1 and R2 to the rules of the onnx profile.
  if (profile == Profile::sonnx) {
    check_input_usage(g, out);
    check_dead_nodes(g, out);
    check_determinism(g, ops, out);
  }
  check_topological_order(g, out);
  return out;
}

}  // namespace onnxsem

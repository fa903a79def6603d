// Static checks (spec/graph.md, sections "Constraints", "Restrictions", "Well-formedness", "Profiles").
// Each function below checks one clause and says so; `check` runs those that the profile selects.
#include "semantics/check.hpp"

#include <map>
#include <optional>
#include <set>
#include <vector>

#include "runtime/coverage.hpp"
#include "semantics/constructs/construct.hpp"
#include "semantics/control.hpp"
#include "semantics/fixpoint.hpp"
#include "semantics/subgraph.hpp"
#include "semantics/types.hpp"

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

void add(Findings& out, Clause clause, std::string message, std::string node = {}, std::string tensor = {},
         Finding::Severity sev = Finding::Severity::error) {
  out.push_back(Finding{sev, clause, std::move(message), std::move(node), std::move(tensor)});
}
// The finding of an error raised elsewhere (its clause was checked where it was raised).
void relay(Findings& out, const Error& e, std::string message, std::string node, std::string tensor = {}) {
  out.push_back(
      Finding{Finding::Severity::error, Relayed{e.clause}, std::move(message), std::move(node), std::move(tensor)});
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
  ONNXSEM_CLAUSE(C1);
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
  ONNXSEM_CLAUSE(C2);
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
  ONNXSEM_CLAUSE(C3);
  std::set<std::string> defined = given_names(g);
  for (const auto& n : g.nodes)
    for (const auto& o : n.outputs) defined.insert(o);
  for (const auto& vi : g.outputs)
    if (!defined.count(vi.name)) add(out, "C3", "graph output is assigned by no operation", {}, vi.name);
}

void check_undefined_names(const Graph& g, Findings& out) {
  // [spec:W1] every name an operation reads is a graph input, an initializer or an output of an operation.
  ONNXSEM_CLAUSE(W1);
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
  ONNXSEM_CLAUSE(W2);
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
  ONNXSEM_CLAUSE(W3);
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
    if (r.error && r.error->kind == ErrorKind::refused) relay(out, *r.error, r.error->message, n.name);
  }
}

void check_attributes(const Graph& g, Findings& out) {
  // [spec:W5] an attribute has a type, a name unique on its node, and (outside a function body) a value
  // rather than a reference to a caller's attribute.
  ONNXSEM_CLAUSE(W5);
  for (const auto& n : g.nodes) {
    std::set<std::string> names;
    for (const auto& a : n.attributes) {
      if (!names.insert(a.name).second) add(out, "W5", "attribute '" + a.name + "' is given twice", n.name);
      if (!a.ref_attr_name.empty())
        add(out, "W5", "attribute '" + a.name + "' refers to a caller attribute outside a function", n.name);
      else if (a.type == AttrType::undefined) add(out, "W5", "attribute '" + a.name + "' has no type", n.name);
    }
  }
}

void check_unique_declarations(const Graph& g, Findings& out) {
  // [spec:W7] graph inputs, graph outputs and the outputs of one operation are each declared once.
  ONNXSEM_CLAUSE(W7);
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
  ONNXSEM_CLAUSE(R1);
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
  ONNXSEM_CLAUSE(R2);
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

// ---- Declared types (the static parts of SB2-SB10, SB13) -------------------------------------------------

// Name -> declared type, for the names of a graph and of the graphs that enclose it.
using Types = std::map<std::string, Type>;

// Adds what `g` declares: value_info, outputs, initializers, Constant values, then inputs (an initializer
// that is also an input may be overridden by a fed value of the input's declared type).
void add_declared_types(const Graph& g, Types& types) {
  auto put = [&](const ValueInfo& vi) {
    if (vi.type.kind != Type::Kind::unknown) types[vi.name] = vi.type;
  };
  for (const auto& vi : g.value_info) put(vi);
  for (const auto& vi : g.outputs) put(vi);
  for (const auto& [name, t] : g.initializers) types[name] = tensor_type_of(t);
  for (const auto& n : g.nodes)
    if (normalise_domain(n.domain).empty() && n.op_type == "Constant" && n.outputs.size() == 1)
      if (const Attribute* v = n.attr("value"); v && v->type == AttrType::t) types[n.outputs[0]] = tensor_type_of(v->t);
  for (const auto& vi : g.inputs) put(vi);
}

void check_applied_graphs(const Node& n, Findings& out) {
  // Graphs that an operator applies to values it computes (SB13): FlexAttention passes one tensor to
  // score_mod and prob_mod and takes one back.
  if (normalise_domain(n.domain) != "ai.onnx.preview" || n.op_type != "FlexAttention") return;
  for (const char* name : {"score_mod", "prob_mod"}) {
    const Attribute* a = n.attr(name);
    if (!a || !a->g) continue;
    // [spec:SB2] the operator binds one value per formal input: a graph declaring another number of formal
    // inputs fails at every application.
    ONNXSEM_CLAUSE(SB2);
    if (a->g->inputs.size() != 1)
      add(out, "SB2",
          std::string("FlexAttention's ") + name + " declares " + std::to_string(a->g->inputs.size()) +
              " formal inputs; the operator passes 1",
          n.name);
    // [spec:SB13] an applied graph returns as many outputs as its operator takes back.
    ONNXSEM_CLAUSE(SB13);
    if (a->g->outputs.size() != 1)
      add(out, "SB13",
          std::string("FlexAttention's ") + name + " declares " + std::to_string(a->g->outputs.size()) +
              " outputs; the operator takes 1",
          n.name);
  }
}

// The checks of a control-flow construct (semantics/constructs/): its bodies' arity (SB12) and the declared
// types its contract constrains; and those of the graphs an operator applies (SB13).
void check_constructs(const Model& m, const Graph& g, const Node& n, const Types& types, const OperatorTable& ops,
                      Findings& out) {
  if (const constructs::Construct* c = constructs::construct_of(n)) {
    const Resolved r = resolve(ops, m.opset_imports, n);
    c->check(constructs::CheckSite{g, n, r.since_version, types, out});
  }
  check_applied_graphs(n, out);
}

void check_call(const Model& m, const Node& n, Findings& out, const std::string& where) {
  // [spec:FN1] a call passes no more actual inputs than the function has formal inputs and requests no
  // more outputs than it has formal outputs.
  ONNXSEM_CLAUSE(FN1);
  const Function* f = function_of(m, n);
  if (!f) return;
  if (n.inputs.size() > f->inputs.size())
    add(out, "FN1",
        "calls " + f->name + " with " + std::to_string(n.inputs.size()) + " inputs; it declares " +
            std::to_string(f->inputs.size()) + where,
        n.name);
  if (n.outputs.size() > f->outputs.size())
    add(out, "FN1",
        "requests " + std::to_string(n.outputs.size()) + " outputs of " + f->name + "; it declares " +
            std::to_string(f->outputs.size()) + where,
        n.name);
}

void check_outer_reads(const Graph& g, const std::string& where, Findings& out) {
  // [spec:SB1] the names an operation's subgraphs read from its graph are inputs of the operation: an
  // operation whose subgraph reads a tensor that gets a value only after the operation fires (its own
  // output, or one computed from it) never fires.
  ONNXSEM_CLAUSE(SB1);
  const auto own = defined_names(g);
  std::set<std::string> has = given_names(g);
  std::vector<std::vector<std::string>> implicit(g.nodes.size());
  for (size_t k = 0; k < g.nodes.size(); ++k)
    for (const auto& i : implicit_inputs(g.nodes[k]))
      if (own.count(i)) implicit[k].push_back(i);
  auto ready = [&](size_t k, bool with_implicit) {
    for (const auto& i : g.nodes[k].inputs)
      if (!i.empty() && own.count(i) && !has.count(i)) return false;
    if (with_implicit)
      for (const auto& i : implicit[k])
        if (!has.count(i)) return false;
    return true;
  };
  std::vector<char> fired(g.nodes.size(), 0);
  for (bool progress = true; progress;) {
    progress = false;
    for (size_t k = 0; k < g.nodes.size(); ++k) {
      if (fired[k] || !ready(k, true)) continue;
      fired[k] = 1;
      progress = true;
      for (const auto& o : g.nodes[k].outputs) has.insert(o);
    }
  }
  for (size_t k = 0; k < g.nodes.size(); ++k) {
    if (fired[k] || !ready(k, false)) continue;
    for (const auto& i : implicit[k])
      if (!has.count(i)) {
        add(out, "SB1",
            "a subgraph of " + g.nodes[k].op_type + " reads '" + i +
                "', which gets a value only after this operation fires" + where,
            g.nodes[k].name, i);
        break;
      }
  }
}

// The graphs around a subgraph, innermost first: each with the names it defines and, among them, those that
// get a value only after the operation carrying the subgraph (or the graph between) fires.
struct Enclosing {
  const std::set<std::string>& defined;
  const std::set<std::string>& after;
  const Enclosing* up = nullptr;  // the graphs around this one (none: this is the main graph)

  // Whether an enclosing graph defines `name` (W1, SB3: a name read that none defines).
  [[nodiscard]] bool defines(const std::string& name) const {
    for (const Enclosing* e = this; e; e = e->up)
      if (e->defined.count(name)) return true;
    return false;
  }
  // Whether `name` is visible in the subgraph (SB11): the subgraph reads it, innermost first, from the first
  // enclosing graph that defines it, and can do so without a cycle only when there it does not depend on the
  // operation that carries the subgraph (or the graph between).
  [[nodiscard]] bool visible(const std::string& name) const {
    for (const Enclosing* e = this; e; e = e->up)
      if (e->defined.count(name)) return !e->after.count(name);
    return false;
  }
};

// Per name of `g`, the operations of `g` that read it: as an input, or from a subgraph (SB1).
std::map<std::string, std::vector<size_t>> readers_of(const Graph& g) {
  std::map<std::string, std::vector<size_t>> readers;
  for (size_t k = 0; k < g.nodes.size(); ++k)
    for (const auto& i : read_names(g.nodes[k])) readers[i].push_back(k);
  return readers;
}

// The names of `g` that depend on its operation k: its outputs and, transitively, the outputs of every
// operation that reads one of them (as an input or from a subgraph). None of them has a value before k
// fires, so a subgraph of k cannot read them. A graph input or initializer depends on nothing.
std::set<std::string> depending_on(const Graph& g, size_t k, const std::map<std::string, std::vector<size_t>>& readers,
                                   const std::set<std::string>& given) {
  std::set<std::string> after;
  std::vector<char> seen(g.nodes.size(), 0);
  std::vector<size_t> todo{k};
  seen[k] = 1;
  while (!todo.empty()) {
    const size_t j = todo.back();
    todo.pop_back();
    for (const auto& o : g.nodes[j].outputs) {
      if (o.empty() || given.count(o) || !after.insert(o).second) continue;
      if (auto it = readers.find(o); it != readers.end())
        for (size_t r : it->second)
          if (!seen[r]) {
            seen[r] = 1;
            todo.push_back(r);
          }
    }
  }
  return after;
}

void check_subgraphs(const Model& m, const Graph& g, const Enclosing* up, const Types& outer_types,
                     const OperatorTable& ops, Findings& out) {
  const auto own = defined_names(g);
  const auto given = given_names(g);
  // A name `g` defines is typed by its own declarations, never by an enclosing graph's (SB1: innermost first).
  Types types = outer_types;
  for (const auto& name : own) types.erase(name);
  add_declared_types(g, types);
  std::optional<std::map<std::string, std::vector<size_t>>> readers;  // worked out at the first subgraph
  for (size_t k = 0; k < g.nodes.size(); ++k) {
    const Node& n = g.nodes[k];
    check_constructs(m, g, n, types, ops, out);
    check_call(m, n, out, "");
    const auto subs = subgraphs_of(n);
    if (subs.empty()) continue;
    if (!readers) readers = readers_of(g);
    const auto after = depending_on(g, k, *readers, given);
    const Enclosing here{own, after, up};
    for (const auto& [attr, sub] : subs) {
      const std::string where = " (in " + attr + " of " + n.op_type + " '" + n.name + "')";
      const auto inner = defined_names(*sub);
      // [spec:SB3] (static part) a subgraph output can get a value only if the subgraph or an enclosing
      // scope defines its name.
      ONNXSEM_CLAUSE(SB3);
      for (const auto& vi : sub->outputs)
        if (!vi.name.empty() && !inner.count(vi.name) && !here.defines(vi.name))
          add(out, "SB3", "subgraph output is defined neither in the subgraph nor in an enclosing scope" + where,
              n.name, vi.name);
      check_outer_reads(*sub, where, out);
      // [spec:SB11] a subgraph defines no name that is visible in it: no name of an enclosing scope that it
      // could read without a cycle. Only the names that depend on the operation carrying it (or the graph
      // between) may be defined again inside; the subgraph could never read those from outside.
      ONNXSEM_CLAUSE(SB11);
      for (const auto& name : inner)
        if (here.visible(name))
          add(out, "SB11", "redefines a name that it could read from an enclosing scope" + where, n.name, name);
      for (const auto& sn : sub->nodes)
        for (const auto& i : sn.inputs)
          if (!i.empty() && !inner.count(i) && !here.defines(i))
            add(out, "W1", "read by " + sn.op_type + " but never defined" + where, sn.name, i);
      Findings local;
      check_single_assignment(*sub, local);
      check_attributes(*sub, local);
      for (auto& f : local) {
        f.message += where;
        out.push_back(std::move(f));
      }
      check_subgraphs(m, *sub, &here, types, ops, out);
    }
  }
}

void check_function_bodies(const Model& m, Findings& out) {
  // [spec:FN3] in a function body every name a node reads is a formal input or an output of a body node,
  // and every formal output is assigned by a body node or is a formal input.
  ONNXSEM_CLAUSE(FN3);
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
  ONNXSEM_CLAUSE(FN2);
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
      add(out, "FN2",
          "function " + (f.domain.empty() ? std::string() : f.domain + "::") + f.name +
              " calls itself, directly or through other functions",
          {});
    }
  }
}

// The operator table of the evaluation of the constant part: the given one, where every random operator
// (R2) is unsupported, so that nothing depending on a random value is evaluated.
class DeterministicPart final : public OperatorTable {
 public:
  explicit DeterministicPart(const OperatorTable& base) : base_(base) {}
  [[nodiscard]] std::vector<int64_t> defined_versions(std::string_view domain, std::string_view op) const override {
    return base_.defined_versions(domain, op);
  }
  [[nodiscard]] const Kernel* kernel(std::string_view domain, std::string_view op, int64_t since) const override {
    const Kernel* k = base_.kernel(domain, op, since);
    return k && base_.nondeterministic(domain, op) ? &random_ : k;
  }
  [[nodiscard]] bool nondeterministic(std::string_view domain, std::string_view op) const override {
    return base_.nondeterministic(domain, op);
  }

 private:
  const OperatorTable& base_;
  Kernel random_ = [](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    unsupported(a.node.op_type + " draws random values (R2): what depends on them is not evaluated by check");
  };
};

}  // namespace

PartialOutcome constant_part(const Model& model, const OperatorTable& ops) {
  // [spec:PE1] the bounds of the evaluation of the constant part: 64 MiB per tensor, 100000 loop iterations,
  // 100000 firings (nested ones included), 2^20 input elements per firing, 2^34 units of work (L5) in all;
  // the random operators (R2) are not evaluated.
  ONNXSEM_CLAUSE(PE1);
  EvalOptions eo;
  eo.max_tensor_bytes = int64_t{64} << 20;
  eo.max_loop_iterations = 100'000;
  eo.max_firings = 100'000;
  eo.max_input_elements = int64_t{1} << 20;
  eo.max_work = int64_t{1} << 34;
  const DeterministicPart table(ops);
  return evaluate_constant_part(model, table, eo);
}

std::vector<Finding> check_constant_part(const Model& model, const OperatorTable& ops) {
  // An error of the evaluation of the constant part that is not unsupported, a limit or internal refuses the
  // model with its own clause ID (PE1).
  const PartialOutcome po = constant_part(model, ops);
  Findings out;
  for (const auto& e : po.errors)
    relay(out, e,
          (e.op.empty() ? std::string() : e.op + ": ") + e.message +
              " (the operation's inputs follow from the initializers alone, so every evaluation fails here: PE1)",
          e.node, e.tensor);
  return out;
}

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
  check_outer_reads(g, "", out);
  for (const auto& f : model.functions)
    for (const auto& n : f.nodes) check_call(model, n, out, " (in function " + f.name + ")");
  check_subgraphs(model, g, nullptr, {}, ops, out);
  // The static semantics (spec/types.md): typing and shape inference of every graph and function call.
  for (auto& f : infer_types(model, ops).findings) out.push_back(std::move(f));
  // [spec:PR1] the sonnx profile adds C2, R1 and R2 to the rules of the onnx profile.
  ONNXSEM_CLAUSE(PR1);
  if (profile == Profile::sonnx) {
    check_input_usage(g, out);
    check_dead_nodes(g, out);
    check_determinism(g, ops, out);
  }
  check_topological_order(g, out);
  return out;
}

std::vector<Finding> check_model(const Model& model, Profile profile, const OperatorTable& ops) {
  auto findings = check(model, profile, ops);
  // The evaluation of the constant part (PE1) runs on a model that the static checks accept.
  if (!refuses(findings))
    for (auto& f : check_constant_part(model, ops)) findings.push_back(std::move(f));
  return findings;
}

}  // namespace onnxsem

// The reference fixpoint (semantics/reference.hpp): spec/graph.md, E1-E7, read as functions.
#include "semantics/reference.hpp"

#include <random>

#include "runtime/parallel.hpp"
#include "semantics/control.hpp"
#include "semantics/subgraph.hpp"

namespace onnxsem::reference {

const Value* Scope::find(const std::string& name) const {
  for (const Scope* sc = this; sc; sc = sc->outer)
    if (auto it = sc->state.find(name); it != sc->state.end()) return &it->second;
  return nullptr;
}

namespace {

// A name has a value in s, or in an enclosing scope (SB1).
bool has_value(const Setting& at, const State& s, const std::string& name) {
  return s.count(name) || (at.outer && at.outer->find(name));
}

// How the reference evaluates a nested graph: by its own fixpoint, one level deeper, seeing the state of
// the operation that carries it (none for a function body).
class Runner final : public GraphRunner {
 public:
  Runner(const Setting& at, const Scope& here, int64_t& firings) : at_(at), here_(here), firings_(&firings) {}
  [[nodiscard]] std::vector<std::optional<Value>> run(const Graph& body, State local,
                                                      const std::map<std::string, int64_t>* opsets, bool fresh,
                                                      uint64_t salt) const override {
    if (at_.depth >= 64) eval_error("L4", "subgraphs and function calls nest deeper than 64 levels");
    const Setting inner{at_.model,   at_.ops,       opsets ? *opsets : at_.opsets, at_.options,
                        at_.context, at_.depth + 1, fresh ? nullptr : &here_,      salt};
    const State out = fixpoint(body, inner, std::move(local), *firings_);
    const Scope result{out, inner.outer};
    std::vector<std::optional<Value>> values;
    for (const auto& vi : body.outputs) {
      const Value* v = result.find(vi.name);
      values.push_back(v ? std::optional<Value>(*v) : std::nullopt);
    }
    return values;
  }
  [[nodiscard]] const EvalOptions& options() const override { return at_.options; }
  [[nodiscard]] EvalContext& context() const override { return at_.context; }
  [[nodiscard]] int depth() const override { return at_.depth; }

 private:
  const Setting& at_;
  const Scope& here_;
  int64_t* firings_;
};

}  // namespace

std::vector<size_t> depth_first_rank(const Graph& g) {
  std::map<std::string, std::vector<size_t>> writers;
  for (size_t k = 0; k < g.nodes.size(); ++k)
    for (const auto& o : g.nodes[k].outputs)
      if (!o.empty()) writers[o].push_back(k);
  const size_t none = g.nodes.size();
  std::vector<size_t> rank(g.nodes.size(), none);
  std::vector<char> entered(g.nodes.size(), 0);
  size_t next = 0;
  struct Frame {
    size_t op;
    std::vector<std::string> reads;
    size_t done = 0;
  };
  std::vector<Frame> stack;
  auto enter_writers_of = [&](const std::string& name) {
    auto w = writers.find(name);
    if (w == writers.end()) return;
    for (size_t k : w->second) {
      if (entered[k]) continue;
      entered[k] = 1;
      Frame f{k, g.nodes[k].inputs};
      for (const auto& i : implicit_inputs(g.nodes[k])) f.reads.push_back(i);
      stack.push_back(std::move(f));
    }
  };
  for (const auto& vi : g.outputs) {
    enter_writers_of(vi.name);
    while (!stack.empty()) {
      if (stack.back().done == stack.back().reads.size()) {
        rank[stack.back().op] = next++;
        stack.pop_back();
        continue;
      }
      const std::string name = stack.back().reads[stack.back().done++];
      enter_writers_of(name);
    }
  }
  for (size_t k = 0; k < g.nodes.size(); ++k)
    if (rank[k] == none) rank[k] = next++;
  return rank;
}

bool executable(const Graph& g, const Setting& at, const State& s, size_t k) {
  const Node& n = g.nodes[k];
  bool names_output = false;
  for (const auto& o : n.outputs) {
    if (o.empty()) continue;
    names_output = true;
    if (s.count(o)) return false;
  }
  if (!names_output) return false;
  for (const auto& i : n.inputs)
    if (!i.empty() && !has_value(at, s, i)) return false;
  for (const auto& i : implicit_inputs(n))
    if (!has_value(at, s, i)) return false;
  return true;
}

std::vector<size_t> executable_set(const Graph& g, const Setting& at, const State& s) {
  std::vector<size_t> ex;
  for (size_t k = 0; k < g.nodes.size(); ++k)
    if (executable(g, at, s, k)) ex.push_back(k);
  return ex;
}

State fire(const Graph& g, const Setting& at, State s, size_t k, int64_t& firings) {
  if (k >= g.nodes.size() || !executable(g, at, s, k))
    throw Failure(Error{
        ErrorKind::internal, "E2", "operation #" + std::to_string(k) + " is fired but not executable", {}, {}, {}});
  const Node& n = g.nodes[k];
  const Scope here{s, at.outer};
  std::vector<std::optional<Value>> inputs;
  for (const auto& i : n.inputs)
    inputs.push_back(i.empty() ? std::nullopt : std::optional<Value>(*here.find(i)));  // E4: absent
  std::vector<std::optional<Value>> results = firing(n, [&] {
    return apply_operation(at.model, at.ops, at.opsets, n, std::move(inputs), Runner(at, here, firings));
  });
  ++firings;
  for (size_t j = 0; j < n.outputs.size(); ++j)
    if (!n.outputs[j].empty()) {
      if (at.options.observe) at.options.observe(g, n.outputs[j], *results[j]);
      s.emplace(n.outputs[j], std::move(*results[j]));
    }
  return s;
}

State fixpoint(const Graph& g, const Setting& at, State s, int64_t& firings) {
  const Scheduler& sch = at.options.scheduler;
  std::mt19937_64 rng(sch.seed * 1000003 + at.salt + static_cast<uint64_t>(at.depth));
  const std::vector<size_t> rank = sch.kind == Scheduler::Kind::depth_first ? depth_first_rank(g)
                                                                            : std::vector<size_t>{};
  for (std::vector<size_t> ex = executable_set(g, at, s); !ex.empty(); ex = executable_set(g, at, s)) {
    size_t k = ex.front();  // ordered
    if (sch.kind == Scheduler::Kind::reverse) k = ex.back();
    if (sch.kind == Scheduler::Kind::random) k = ex[rng() % ex.size()];
    if (sch.kind == Scheduler::Kind::depth_first)
      for (size_t c : ex)
        if (rank[c] < rank[k]) k = c;
    s = fire(g, at, std::move(s), k, firings);
  }
  return s;
}

Outcome evaluate(const Model& model, const std::map<std::string, Value>& inputs, const OperatorTable& ops,
                 const EvalOptions& options) {
  Outcome out;
  EvalContext context(options.limits(), 1);
  try {
    const Setting at{model, ops, model.opset_imports, options, context};
    const State s = fixpoint(model.graph, at, initial_state(model.graph, inputs, options.strict_shapes), out.firings);
    std::vector<std::string> missing;
    for (const auto& vi : model.graph.outputs)
      if (auto it = s.find(vi.name); it != s.end()) out.outputs.push_back(it->second);
      else missing.push_back(vi.name);
    if (!missing.empty()) {
      out.outputs.clear();
      out.error = outputs_without_value(missing, "at the fixpoint");
    }
  } catch (const Failure& f) {
    out.outputs.clear();
    out.error = f.error();
  }
  return out;
}

}  // namespace onnxsem::reference

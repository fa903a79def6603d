// The demand-driven formulation of the graph semantics (spec/graph.md, "The demand-driven formulation",
// D1-D4). To know the value of a tensor, take it from the initial state, or evaluate the operation that
// assigns it, after the values of that operation's inputs, recursively; every value is computed once.
// It shares with the fixpoint only the operator semantics and the contracts of control flow and functions
// (control.hpp); how a graph is evaluated is its own.
#include "semantics/demand.hpp"

#include <set>

#include "runtime/coverage.hpp"
#include "runtime/parallel.hpp"
#include "semantics/control.hpp"
#include "semantics/subgraph.hpp"

namespace onnxsem {

namespace {

struct DemandContext {
  const Model& model;
  const OperatorTable& ops;
  const EvalOptions& options;
  EvalContext& context;  // the evaluation's limits, meter and threads
  int depth = 0;
};

// One graph being evaluated on demand: its memo (the values known so far) and who assigns each name.
class Demand {
 public:
  Demand(const DemandContext& cx, const Graph& g, const std::map<std::string, int64_t>& opsets, State initial,
         const Demand* outer, int64_t& firings)
      : cx_(cx), graph_(g), opsets_(opsets), outer_(outer), memo_(std::move(initial)), firings_(firings),
        progress_(g.nodes.size(), Progress::not_started) {
    for (size_t k = 0; k < g.nodes.size(); ++k) {
      for (const auto& o : g.nodes[k].outputs)
        if (!o.empty()) writers_[o].push_back(k);
      const std::set<std::string> r = read_names(g.nodes[k]);
      for (const auto& i : r) ++unread_[i];
      reads_.emplace_back(r.begin(), r.end());
    }
    for (const auto& vi : g.outputs) kept_.insert(vi.name);
  }

  // [spec:D1] the value of a name: from the memo (initial state or computed before); else from the one
  // operation of this graph that assigns it, evaluated on demand; else from the enclosing scopes (SB1).
  // None when it has no value.
  [[nodiscard]] std::optional<Value> value(const std::string& name) {
    ONNXSEM_CLAUSE(D1);
    if (auto it = memo_.find(name); it != memo_.end()) return it->second;
    auto w = writers_.find(name);
    if (w == writers_.end()) {
      const Value* v = outer_ ? outer_->known(name) : nullptr;
      return v ? std::optional<Value>(*v) : std::nullopt;
    }
    // [spec:D2] a demanded tensor assigned by two operations has no single meaning on demand.
    ONNXSEM_CLAUSE(D2);
    if (w->second.size() > 1)
      throw Failure(Error{ErrorKind::refused, "D2",
                          "the tensor is assigned by " + std::to_string(w->second.size()) +
                              " operations, so its demanded value is not defined",
                          graph_.nodes[w->second[1]].name, graph_.nodes[w->second[1]].op_type, name});
    evaluate(w->second.front());
    if (auto it = memo_.find(name); it != memo_.end()) return it->second;
    return std::nullopt;
  }

  // A value already known in this scope or an enclosing one (read-only).
  [[nodiscard]] const Value* known(const std::string& name) const {
    for (const Demand* d = this; d; d = d->outer_)
      if (auto it = d->memo_.find(name); it != d->memo_.end()) return &it->second;
    return nullptr;
  }

 private:
  enum class Progress { not_started, in_progress, done };

  // How this formulation evaluates a nested graph: on demand, one level deeper, reading this scope.
  class Runner final : public GraphRunner {
   public:
    explicit Runner(const Demand& d) : d_(d) {}
    [[nodiscard]] std::vector<std::optional<Value>> run(const Graph& body, State local,
                                                        const std::map<std::string, int64_t>* opsets, bool fresh,
                                                        uint64_t) const override {
      // [spec:L4] (demand-driven) nesting of subgraphs and function calls is bounded.
      ONNXSEM_CLAUSE(L4);
      if (d_.cx_.depth >= 64) eval_error("L4", "subgraphs and function calls nest deeper than 64 levels");
      DemandContext inner_cx{d_.cx_.model, d_.cx_.ops, d_.cx_.options, d_.cx_.context, d_.cx_.depth + 1};
      Demand inner(inner_cx, body, opsets ? *opsets : d_.opsets_, std::move(local), fresh ? nullptr : &d_, d_.firings_);
      std::vector<std::optional<Value>> values;
      for (const auto& vi : body.outputs) values.push_back(inner.value(vi.name));
      return values;
    }
    [[nodiscard]] const EvalOptions& options() const override { return d_.cx_.options; }
    [[nodiscard]] EvalContext& context() const override { return d_.cx_.context; }
    [[nodiscard]] int depth() const override { return d_.cx_.depth; }

   private:
    const Demand& d_;
  };

  // [spec:D3] evaluating an operation: demand each of its inputs (and the names its subgraphs read from
  // outside), then apply its operator once and remember its outputs. An operation met again while its
  // inputs are being demanded lies on a cycle; an operation with an input without value assigns nothing.
  void evaluate(size_t k) {
    ONNXSEM_CLAUSE(D3);
    const Node& n = graph_.nodes[k];
    if (progress_[k] == Progress::done) return;
    if (progress_[k] == Progress::in_progress)
      throw Failure(Error{
          ErrorKind::refused, "W2", "the demanded value depends on itself through a cycle", n.name, n.op_type, {}});
    progress_[k] = Progress::in_progress;
    std::vector<std::optional<Value>> inputs;
    bool all = true;
    for (const auto& i : n.inputs) {
      if (i.empty()) {
        inputs.emplace_back(std::nullopt);  // E4: an absent optional input
        continue;
      }
      inputs.push_back(value(i));
      if (!inputs.back()) all = false;
    }
    for (const auto& i : implicit_inputs(n))
      if (!value(i)) all = false;
    if (all) {
      auto results = firing(n, [&] {
        return apply_operation(cx_.model, cx_.ops, opsets_, n, std::move(inputs), Runner(*this));
      });
      ++firings_;
      for (size_t j = 0; j < n.outputs.size(); ++j)
        if (!n.outputs[j].empty()) memo_.emplace(n.outputs[j], std::move(*results[j]));
    }
    progress_[k] = Progress::done;
    // [spec:E8] (on demand) a remembered value that every operation reading it has been evaluated after,
    // and that is no graph output, is demanded no more: it is forgotten.
    if (cx_.options.release) {
      ONNXSEM_CLAUSE(E8);
      for (const auto& name : reads_[k])
        if (--unread_.at(name) == 0 && !kept_.count(name)) memo_.erase(name);
    }
  }

  const DemandContext& cx_;
  const Graph& graph_;
  const std::map<std::string, int64_t>& opsets_;
  const Demand* outer_;
  State memo_;
  int64_t& firings_;
  std::map<std::string, std::vector<size_t>, std::less<>> writers_;
  std::vector<Progress> progress_;
  // E8: per operation the names it reads (each once), per name how many of its readers are still to be
  // evaluated, and the graph outputs (never forgotten).
  std::vector<std::vector<std::string>> reads_;
  std::map<std::string, size_t, std::less<>> unread_;
  std::set<std::string> kept_;
};

}  // namespace

Outcome evaluate_demand(const Model& model, const std::map<std::string, Value>& inputs, const OperatorTable& ops,
                        const EvalOptions& options) {
  Outcome out;
  EvalContext context(options.limits(), options.threads);
  const Graph& g = model.graph;
  try {
    DemandContext cx{model, ops, options, context, 0};
    Demand d(cx, g, model.opset_imports, initial_state(g, inputs, options.strict_shapes), nullptr, out.firings);
    std::vector<std::string> missing;
    for (const auto& vi : g.outputs) {
      auto v = d.value(vi.name);
      if (v) out.outputs.push_back(std::move(*v));
      else missing.push_back(vi.name);
    }
    // [spec:D4] (C3 on demand) every graph output has a value.
    ONNXSEM_CLAUSE(D4);
    if (!missing.empty()) {
      out.outputs.clear();
      out.error = outputs_without_value(missing, "on demand,");
    }
  } catch (const Failure& f) {
    out.outputs.clear();
    out.error = f.error();
  }
  return out;
}

}  // namespace onnxsem

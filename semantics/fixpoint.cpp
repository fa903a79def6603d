// The execution semantics of a graph (spec/graph.md, "Execution"). The code follows the text: an initial
// state, the set of executable operations, firing one of them, and the fixpoint.
#include "semantics/fixpoint.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <unordered_map>

#include "runtime/coverage.hpp"
#include "runtime/parallel.hpp"
#include "semantics/control.hpp"
#include "semantics/reference.hpp"
#include "semantics/subgraph.hpp"

namespace onnxsem {

std::optional<Scheduler::Kind> parse_schedule(const std::string& s) {
  if (s == "ordered") return Scheduler::Kind::ordered;
  if (s == "reverse") return Scheduler::Kind::reverse;
  if (s == "random") return Scheduler::Kind::random;
  if (s == "depth-first") return Scheduler::Kind::depth_first;
  return std::nullopt;
}

const char* schedule_name(Scheduler::Kind k) {
  switch (k) {
    case Scheduler::Kind::ordered: return "ordered";
    case Scheduler::Kind::reverse: return "reverse";
    case Scheduler::Kind::random: return "random";
    case Scheduler::Kind::depth_first: return "depth-first";
  }
  return "ordered";
}

namespace {
// resolve without the coverage marks (reach_resolution_clauses makes them, here and where a kept
// resolution is used).
Resolved resolve_unmarked(const OperatorTable& ops, const std::map<std::string, int64_t>& opset_imports,
                          const Node& node) {
  Resolved r;
  const std::string domain = normalise_domain(node.domain);
  auto imp = opset_imports.find(domain);
  // [spec:W6] every operator's domain is imported by the model.
  if (imp == opset_imports.end()) {
    r.error = Error{ErrorKind::refused,
                    "W6",
                    "the model imports no opset for domain '" + (domain.empty() ? std::string("ai.onnx") : domain) +
                        "'",
                    node.name,
                    node.op_type,
                    {}};
    return r;
  }
  const auto versions = ops.defined_versions(domain, node.op_type);
  // [spec:O1] the operator version is the highest since-version not above the imported version.
  int64_t since = 0;
  for (int64_t v : versions)
    if (v <= imp->second) since = std::max(since, v);
  // [spec:W4] the imported opset must define the operator.
  if (since == 0) {
    r.error = Error{ErrorKind::refused,
                    "W4",
                    "operator " + (domain.empty() ? std::string() : domain + "::") + node.op_type +
                        " is not defined by opset " + std::to_string(imp->second) + " of its domain",
                    node.name,
                    node.op_type,
                    {}};
    return r;
  }
  r.since_version = since;
  r.kernel = ops.kernel(domain, node.op_type, since);
  if (!r.kernel)
    r.error = Error{ErrorKind::unsupported,
                    "U1",
                    "operator " + (domain.empty() ? std::string() : domain + "::") + node.op_type + " version " +
                        std::to_string(since) + " is not implemented",
                    node.name,
                    node.op_type,
                    {}};
  return r;
}

}  // namespace

// The clauses resolution reaches: W6 always; O1 and W4 once the domain is imported.
void reach_resolution_clauses(const Resolved& r) {
  ONNXSEM_CLAUSE(W6);
  if (r.error && r.error->clause == "W6") return;
  ONNXSEM_CLAUSE(O1);
  ONNXSEM_CLAUSE(W4);
}

Resolved resolve(const OperatorTable& ops, const std::map<std::string, int64_t>& opset_imports, const Node& node) {
  Resolved r = resolve_unmarked(ops, opset_imports, node);
  reach_resolution_clauses(r);
  return r;
}

namespace {

// The values visible to a graph: its own state, then the states of the graphs that enclose it (read-only).
struct Scope {
  const State* state = nullptr;
  const Scope* parent = nullptr;
  [[nodiscard]] const Value* find(const std::string& name) const {
    for (const Scope* s = this; s; s = s->parent) {
      if (!s->state) continue;
      auto it = s->state->find(name);
      if (it != s->state->end()) return &it->second;
    }
    return nullptr;
  }
};

}  // namespace

namespace detail {

// What the fixpoint works out of a graph before it fires anything, from the graph alone (its operations and
// the names they read and write): nothing here depends on a state.
struct GraphIndex {
  explicit GraphIndex(const Graph& g) : graph(g) {
    const size_t count = g.nodes.size();
    implicit.reserve(count);
    for (const auto& n : g.nodes) implicit.push_back(implicit_inputs(n));
    handable.resize(count);
    read_ids.resize(count);
    input_ids.resize(count);
    output_ids.resize(count);
    std::unordered_map<std::string_view, size_t> id_of;
    auto id = [&](const std::string& name) {
      auto [at, fresh] = id_of.emplace(name, names.size());
      if (fresh) names.push_back(&name);
      return at->second;
    };
    // read_names gives copies: kept here, so that the numbered names point at strings that stay.
    reads.resize(count);
    for (size_t k = 0; k < count; ++k) {
      const Node& n = g.nodes[k];
      const std::set<std::string> r = read_names(n);
      reads[k].assign(r.begin(), r.end());
      for (const auto& i : reads[k]) {
        readers[i].push_back(k);
        read_ids[k].push_back(id(i));
      }
      for (const auto& i : n.inputs) input_ids[k].push_back(i.empty() ? kNone : id(i));
      for (const auto& o : n.outputs)
        if (!o.empty()) {
          writers[o].push_back(k);
          output_ids[k].push_back(id(o));
        }
      std::unordered_map<std::string_view, int> uses;
      for (const auto& i : n.inputs) ++uses[i];
      for (const auto& i : n.inputs) handable[k].push_back(!i.empty() && uses[i] == 1 && !implicit[k].count(i));
    }
    affected.reserve(count);
    for (size_t k = 0; k < count; ++k) affected.push_back(affected_by(k));
    unread.assign(names.size(), 0);
    for (const auto& ids : read_ids)
      for (size_t i : ids) ++unread[i];
    kept.assign(names.size(), 0);
    std::set<std::string_view> outputs;
    for (const auto& vi : g.outputs) outputs.insert(vi.name);
    for (size_t i = 0; i < names.size(); ++i) kept[i] = outputs.count(*names[i]) ? 1 : 0;
  }
  GraphIndex(const GraphIndex&) = delete;
  GraphIndex& operator=(const GraphIndex&) = delete;

  const Graph& graph;
  std::vector<std::set<std::string>> implicit;  // per operation: names its subgraphs read from outside
  // Name -> the operations that read it (as an input or from a subgraph) and that write it.
  std::unordered_map<std::string, std::vector<size_t>> readers, writers;
  // Per operation, the names it reads, each once (inputs and the names its subgraphs read from outside).
  std::vector<std::vector<std::string>> reads;
  // Per operation and input position, whether the input may be handed over when the operation is its last
  // reader (E10): a name the operation gives at that position alone, which none of its subgraphs reads.
  std::vector<std::vector<char>> handable;
  // The names the operations read or write, numbered (names[id]), so that the fixpoint's bookkeeping
  // (which names have values, E2; the readers still to fire, E8 and E10) is kept in arrays rather than
  // looked up by name at every firing. Per operation: the ids of reads[k], of its inputs by position (kNone
  // for the empty name) and of its named outputs; and affected_by(k), worked out once.
  static constexpr size_t kNone = static_cast<size_t>(-1);
  std::vector<const std::string*> names;
  std::vector<std::vector<size_t>> read_ids, input_ids, output_ids, affected;
  // Per name id: how many operations read it (E8's count before anything fires) and whether it is a graph
  // output (E8 keeps its value).
  std::vector<size_t> unread;
  std::vector<char> kept;

  // The operations whose executability (E2) can change when `k` fires: E2 looks only at whether the
  // operation's inputs and outputs have values, and firing k gives values to k's outputs and to nothing
  // else (values are never taken away, and the enclosing scopes do not change while this graph is
  // evaluated). So only k itself and the operations that read or write one of k's outputs can change.
  [[nodiscard]] std::vector<size_t> affected_by(size_t k) const {
    std::vector<size_t> out{k};
    for (const auto& o : graph.nodes[k].outputs) {
      if (o.empty()) continue;
      for (const auto* index : {&readers, &writers})
        if (auto it = index->find(o); it != index->end()) out.insert(out.end(), it->second.begin(), it->second.end());
    }
    return out;
  }

  // resolve(ops, opsets, n) for each operation n (W6, O1, W4; their clauses are marked where it fires),
  // worked out the first time the graph is evaluated with this table of operators and these opset imports
  // and kept with the index: a graph is evaluated many times (a Loop's body, every evaluation sharing a
  // Prepared), each time under the same imports. Kept for every pair met (a model has one or two: its own
  // imports, a function's).
  [[nodiscard]] const std::vector<Resolved>& resolutions(const OperatorTable& ops,
                                                         const std::map<std::string, int64_t>& opsets) const {
    std::lock_guard lock(resolutions_mutex_);
    for (const auto& r : resolutions_)
      if (r->ops == &ops && r->opsets == opsets) return r->of;
    auto r = std::make_unique<Resolutions>(Resolutions{&ops, opsets, {}});
    r->of.reserve(graph.nodes.size());
    for (const Node& n : graph.nodes) r->of.push_back(resolve_unmarked(ops, opsets, n));  // marked where fired
    resolutions_.push_back(std::move(r));
    return resolutions_.back()->of;
  }

  // E5's depth-first order (reference::depth_first_rank), worked out the first time it is asked for.
  [[nodiscard]] const std::vector<size_t>& depth_first() const {
    std::call_once(rank_once_, [this] { rank_ = reference::depth_first_rank(graph); });
    return rank_;
  }

 private:
  // [spec:E5] the depth-first order: the operations in the order a depth-first walk from the graph outputs
  // (in declaration order) finishes them, an operation after the writers of the names it reads (its inputs
  // in order, then the names its subgraphs read), as the demand-driven formulation evaluates them (D3); the
  // operations no graph output depends on follow in node order. rank[k] is operation k's place.
  mutable std::once_flag rank_once_;
  mutable std::vector<size_t> rank_;
  struct Resolutions {
    const OperatorTable* ops;
    std::map<std::string, int64_t> opsets;
    std::vector<Resolved> of;  // per operation
  };
  mutable std::mutex resolutions_mutex_;  // a subgraph's index may be shared by a kernel's pieces (E9)
  mutable std::vector<std::unique_ptr<const Resolutions>> resolutions_;
};

// The GraphIndex of each graph of the model (its main graph and the graphs in the attributes of its
// operations and of its functions' operations, at any depth), worked out the first time the evaluation
// evaluates the graph and kept until it ends: a Loop's body is evaluated at every iteration. A graph made
// during the evaluation (a function's body with the caller's attributes bound) is not one of them and
// gets its index worked out at each evaluation.
class GraphIndexes {
 public:
  explicit GraphIndexes(const Model& m) : model(&m) {
    add(m.graph);
    for (const auto& f : m.functions)
      for (const auto& n : f.nodes) add_attributes(n);
  }
  const Model* model;
  // The index of g: the kept one for a graph of the model, else `fresh`, filled.
  [[nodiscard]] const GraphIndex& of(const Graph& g, std::optional<GraphIndex>& fresh) {
    if (!model_graphs_.count(&g)) return fresh.emplace(g);
    std::lock_guard lock(mutex_);  // subgraphs may be evaluated on several threads (a kernel's pieces)
    auto& slot = kept_[&g];
    if (!slot) slot = std::make_unique<const GraphIndex>(g);
    return *slot;
  }

 private:
  void add(const Graph& g) {
    if (!model_graphs_.insert(&g).second) return;
    for (const auto& n : g.nodes) add_attributes(n);
  }
  void add_attributes(const Node& n) {
    for (const auto& a : n.attributes) {
      if (a.g) add(*a.g);
      for (const auto& sub : a.graphs)
        if (sub) add(*sub);
    }
  }
  std::set<const Graph*> model_graphs_;
  std::mutex mutex_;
  std::map<const Graph*, std::unique_ptr<const GraphIndex>> kept_;
};

}  // namespace detail

namespace {
using detail::GraphIndex;
using detail::GraphIndexes;

struct Context {
  const Model& model;
  const OperatorTable& ops;
  const EvalOptions& options;
  EvalContext& context;             // the evaluation's limits, meter and threads (one for all its graphs)
  int depth = 0;                    // nesting of subgraphs and function calls
  GraphIndexes* indexes = nullptr;  // of the evaluation (none: each graph's worked out where evaluated)
};

State run_graph(const Context& cx, const Graph& g, const std::map<std::string, int64_t>& opsets, State s,
                const Scope* outer, int64_t& firings, uint64_t seed_salt);

// How the fixpoint evaluates a nested graph (a subgraph or a function body): by its own fixpoint, one
// level deeper, in a scope whose parent is the scope of the operation that carries it.
class Runner final : public GraphRunner {
 public:
  Runner(const Context& cx, const std::map<std::string, int64_t>& opsets, const Scope& here, int64_t& firings)
      : cx_(cx), opsets_(opsets), here_(here), firings_(&firings) {}
  [[nodiscard]] std::vector<std::optional<Value>> run(const Graph& body, State local,
                                                      const std::map<std::string, int64_t>* opsets, bool fresh,
                                                      uint64_t salt) const override {
    // [spec:L4] nesting of subgraphs and function calls is bounded.
    ONNXSEM_CLAUSE(L4);
    if (cx_.depth >= 64) eval_error("L4", "subgraphs and function calls nest deeper than 64 levels");
    Context inner{cx_.model, cx_.ops, cx_.options, cx_.context, cx_.depth + 1, cx_.indexes};
    const Scope* parent = fresh ? nullptr : &here_;
    State out = run_graph(inner, body, opsets ? *opsets : opsets_, std::move(local), parent, *firings_, salt);
    std::vector<std::optional<Value>> values;
    for (const auto& vi : body.outputs) {
      auto it = out.find(vi.name);
      const Value* v = it != out.end() ? &it->second : (parent ? parent->find(vi.name) : nullptr);
      values.push_back(v ? std::optional<Value>(*v) : std::nullopt);
    }
    return values;
  }
  [[nodiscard]] const EvalOptions& options() const override { return cx_.options; }
  [[nodiscard]] EvalContext& context() const override { return cx_.context; }
  [[nodiscard]] int depth() const override { return cx_.depth; }

 private:
  const Context& cx_;
  const std::map<std::string, int64_t>& opsets_;
  const Scope& here_;
  int64_t* firings_;
};

// The graph seen as the specification sees it: operations over named tensors.
struct Evaluation {
  const Context& cx;
  const Graph& graph;
  const std::map<std::string, int64_t>& opsets;
  const Scope* outer;
  std::optional<GraphIndex> own;  // the index when the evaluation keeps none for this graph
  const GraphIndex& ix;

  const std::vector<Resolved>& resolved;  // per operation: its operator (GraphIndex::resolutions)

  Evaluation(const Context& c, const Graph& g, const std::map<std::string, int64_t>& o, const Scope* up)
      : cx(c), graph(g), opsets(o), outer(up), ix(c.indexes ? c.indexes->of(g, own) : own.emplace(g)),
        resolved(ix.resolutions(c.ops, o)) {}

  [[nodiscard]] const Value* lookup(const State& s, const std::string& name) const {
    auto it = s.find(name);
    if (it != s.end()) return &it->second;
    return outer ? outer->find(name) : nullptr;
  }

  // [spec:E2] an operation is executable when every input it maps has a value and none of its outputs has
  // one. An operation with no named output assigns nothing and is never executable. The inputs of an
  // operation with subgraphs include the names its subgraphs read from the enclosing scopes (SB1).
  [[nodiscard]] bool executable(const State& s, size_t k) const {
    ONNXSEM_CLAUSE(E2);
    const Node& n = graph.nodes[k];
    bool any_output = false;
    for (const auto& o : n.outputs) {
      if (o.empty()) continue;
      any_output = true;
      if (s.count(o)) return false;
    }
    if (!any_output) return false;
    for (const auto& i : n.inputs)
      if (!i.empty() && !lookup(s, i)) return false;
    for (const auto& i : ix.implicit[k])
      if (!lookup(s, i)) return false;
    return true;
  }

  // Per name id (GraphIndex::names): whether the name has a value in this graph's state (`local`), and in
  // it or an enclosing scope (`visible`), as `executable` looks them up (outputs in the state, inputs
  // through `lookup`); and, where `local`, the state's entry (`at`), so that the name is looked up once.
  // The state is a map: its entries stay where they are while it grows in place (fire_into), and none is
  // ever removed (E8 leaves each dropped name the undefined tensor).
  struct Presence {
    std::vector<char> local, visible;
    std::vector<State::iterator> at;
  };
  [[nodiscard]] Presence presence(State& s) const {
    const size_t count = ix.names.size();
    Presence p{std::vector<char>(count), std::vector<char>(count), std::vector<State::iterator>(count, s.end())};
    for (size_t i = 0; i < count; ++i) {
      const std::string& name = *ix.names[i];
      if (auto it = s.find(name); it != s.end()) {
        p.local[i] = p.visible[i] = 1;
        p.at[i] = it;
      } else {
        p.visible[i] = outer && outer->find(name) ? 1 : 0;
      }
    }
    return p;
  }
  // [spec:E2] `executable` read off the presence of the names, for a Presence that mirrors the state.
  [[nodiscard]] bool executable(const Presence& p, size_t k) const {
    ONNXSEM_CLAUSE(E2);
    if (ix.output_ids[k].empty()) return false;
    for (size_t o : ix.output_ids[k])
      if (p.local[o]) return false;
    for (size_t i : ix.read_ids[k])
      if (!p.visible[i]) return false;
    return true;
  }

  // [spec:E3] firing an operation applies its operator to the values of its inputs (apply_operation)
  // and assigns each requested output. Returns the next state.
  [[nodiscard]] State fire(State s, size_t k, int64_t& firings) {
    fire_into(s, k, firings, {}, nullptr);
    return s;
  }
  // The same on the state in place (the next state replaces it). With `p` (a Presence mirroring the state),
  // the inputs are found through p.at and the outputs' entries recorded there.
  // `handed` (empty: none): per input position, whether the value of this graph's name there goes to the
  // operator itself rather than as a copy (E10); the name keeps a value in the state (the undefined tensor,
  // as E8 leaves it).
  void fire_into(State& s, size_t k, int64_t& firings, const std::vector<char>& handed, Presence* p) {
    ONNXSEM_CLAUSE(E3);
    const Node& n = graph.nodes[k];
    std::vector<std::optional<Value>> inputs;
    inputs.reserve(n.inputs.size());
    for (size_t j = 0; j < n.inputs.size(); ++j) {
      const std::string& i = n.inputs[j];
      if (i.empty()) {
        ONNXSEM_CLAUSE(E4);
        inputs.emplace_back(std::nullopt);  // [spec:E4] the empty name is an absent optional input
        continue;
      }
      auto it = s.end();
      if (!p) it = s.find(i);
      else if (const size_t id = ix.input_ids[k][j]; p->local[id]) it = p->at[id];
      if (it == s.end()) {
        inputs.emplace_back(*lookup(s, i));  // from an enclosing scope
      } else if (!handed.empty() && handed[j]) {
        inputs.emplace_back(std::move(it->second));
        it->second = Value(Tensor());
      } else {
        inputs.emplace_back(it->second);
      }
    }
    // [spec:PE1] an evaluation given a bound on the elements a firing reads does not fire an operation
    // whose input tensors (sequence items included) hold more (unsupported).
    ONNXSEM_CLAUSE(PE1);
    if (cx.options.max_input_elements > 0) {
      int64_t elements = 0;
      for (const auto& v : inputs) {
        if (!v) continue;
        if (v->is_tensor()) elements = work_sum(elements, v->tensor().size());
        else if (v->is_sequence()) elements = work_sum(elements, v->sequence().items.tensor_elements());
      }
      if (elements > cx.options.max_input_elements)
        throw Failure(Error{ErrorKind::unsupported,
                            "PE1",
                            "the inputs hold " + std::to_string(elements) + " elements, more than the bound of " +
                                std::to_string(cx.options.max_input_elements),
                            {},
                            {},
                            {}});
    }
    Scope here{&s, outer};
    std::vector<std::optional<Value>> results = apply_operation(cx.model, cx.ops, opsets, n, std::move(inputs),
                                                                Runner(cx, opsets, here, firings), &resolved[k]);
    for (size_t j = 0, named = 0; j < n.outputs.size(); ++j) {
      const std::string& name = n.outputs[j];
      if (name.empty()) continue;  // apply_operation returned a value for every requested output
      // By E2 no output of an executable operation has a value, so this assignment is the first.
      auto [at, fresh] = s.emplace(name, std::move(*results[j]));
      if (!fresh)
        throw Failure(Error{ErrorKind::internal, "E2", "output already has a value", n.name, n.op_type, name});
      if (p) p->at[ix.output_ids[k][named++]] = at;
      if (cx.options.observe) cx.options.observe(graph, name, at->second);
    }
  }
};

// [spec:E5] the scheduler picks which executable operation fires next.
// `rank` (depth_first only): each operation's place in the depth-first order of reference::depth_first_rank.
class Picker {
 public:
  Picker(const Scheduler& s, const std::vector<size_t>* rank) : kind_(s.kind), rng_(s.seed), rank_(rank) {}
  // Operation k has entered the executable set (depth_first keeps the entries by rank, least first).
  void entered(size_t k) {
    if (kind_ != Scheduler::Kind::depth_first) return;
    heap_.emplace_back((*rank_)[k], k);
    std::push_heap(heap_.begin(), heap_.end(), std::greater<>{});
  }
  // `executable` is the set in node-list order, in_set[k] whether k is in it.
  [[nodiscard]] size_t pick(const std::vector<size_t>& executable, const std::vector<char>& in_set) {
    ONNXSEM_CLAUSE(E5);
    switch (kind_) {
      case Scheduler::Kind::ordered: return executable.front();
      case Scheduler::Kind::reverse: return executable.back();
      case Scheduler::Kind::random: return executable[rng_() % executable.size()];
      case Scheduler::Kind::depth_first:
        // The operation of least rank in the set: the least entry still in it (an operation that has left
        // the set is dropped when it comes up).
        while (!in_set[heap_.front().second]) {
          std::pop_heap(heap_.begin(), heap_.end(), std::greater<>{});
          heap_.pop_back();
        }
        return heap_.front().second;
    }
    return executable.front();
  }

 private:
  Scheduler::Kind kind_;
  std::mt19937_64 rng_;
  const std::vector<size_t>* rank_;
  std::vector<std::pair<size_t, size_t>> heap_;  // (rank, operation), a min-heap
};

}  // namespace

Error with_context(Error e, const Node& n) {
  // [spec:E7] an error raised while firing an operation names that operation.
  ONNXSEM_CLAUSE(E7);
  if (e.node.empty()) e.node = n.name;
  if (e.op.empty()) e.op = n.domain.empty() ? n.op_type : n.domain + "::" + n.op_type;
  return e;
}

namespace {

// [spec:E6] the fixpoint: fire executable operations until none is executable.
State run_graph(const Context& cx, const Graph& g, const std::map<std::string, int64_t>& opsets, State s,
                const Scope* outer, int64_t& firings, uint64_t seed_salt) {
  ONNXSEM_CLAUSE(E6);
  Evaluation ev(cx, g, opsets, outer);
  Scheduler sch = cx.options.scheduler;
  sch.seed = sch.seed * 1000003 + seed_salt + static_cast<uint64_t>(cx.depth);
  Picker picker(sch, sch.kind == Scheduler::Kind::depth_first ? &ev.ix.depth_first() : nullptr);
  // The executable set of E2, in node-list order, read off the presence of the names (Evaluation::Presence,
  // kept beside the state as it grows: a firing gives values to its outputs and takes none away, E8 below
  // leaving each name a value). After each firing only the operations whose status can have changed are
  // looked at again (GraphIndex::affected_by); the set is at every step the operations k for which
  // executable(s, k) holds.
  Evaluation::Presence has = ev.presence(s);
  std::vector<size_t> ex;
  std::vector<char> in_set(g.nodes.size(), 0);
  for (size_t k = 0; k < g.nodes.size(); ++k)
    if (ev.executable(has, k)) {
      ex.push_back(k);
      in_set[k] = 1;
      picker.entered(k);
    }
  const GraphIndex& ix = ev.ix;
  // [spec:E8] for each name, how many of the operations that read it have not fired yet; when the last
  // has fired, the value is dropped from this graph's state unless it is a graph output. The name keeps a
  // value (the undefined tensor, which no operation reads), so that E2 sees the same state.
  std::vector<size_t> unread = ix.unread;
  auto drop_read = [&](size_t k) {
    ONNXSEM_CLAUSE(E8);
    for (size_t i : ix.read_ids[k]) {
      if (--unread[i] != 0 || ix.kept[i]) continue;
      if (has.local[i]) has.at[i]->second = Value(Tensor());
    }
  };
  // [spec:E10] per input position of operation k, whether k is the last to read the value there, as E8
  // counts them: an input it names once, that no subgraph of it reads (Evaluation::handable), and that is
  // no graph output. Handed to its operator, which may build an output in its storage.
  auto last_read = [&](size_t k) {
    ONNXSEM_CLAUSE(E10);
    const std::vector<size_t>& ids = ix.input_ids[k];
    std::vector<char> handed(ids.size(), 0);
    for (size_t j = 0; j < ids.size(); ++j) handed[j] = ix.handable[k][j] && unread[ids[j]] == 1 && !ix.kept[ids[j]];
    return handed;
  };
  while (!ex.empty()) {
    const size_t k = picker.pick(ex, in_set);
    // [spec:PE1] an evaluation given a bound on its firings stops (unsupported) when it reaches it.
    ONNXSEM_CLAUSE(PE1);
    if (cx.options.max_firings > 0 && firings >= cx.options.max_firings)
      throw Failure(Error{ErrorKind::unsupported,
                          "PE1",
                          "the bound of " + std::to_string(cx.options.max_firings) + " firings is reached",
                          {},
                          {},
                          {}});
    const std::vector<char> handed = cx.options.release ? last_read(k) : std::vector<char>{};
    firing(g.nodes[k], [&] { ev.fire_into(s, k, firings, handed, &has); });
    ++firings;
    if (cx.options.release) drop_read(k);
    for (size_t o : ix.output_ids[k]) has.local[o] = has.visible[o] = 1;
    // The set kept in node-list order: an operation whose status changed goes in or out at its place.
    for (size_t c : ix.affected[k]) {
      const char now = ev.executable(has, c) ? 1 : 0;
      if (now == in_set[c]) continue;
      in_set[c] = now;
      const auto at = std::lower_bound(ex.begin(), ex.end(), c);
      if (now) {
        ex.insert(at, c);
        picker.entered(c);
      } else {
        ex.erase(at);
      }
    }
  }
  return s;
}

std::string name_list(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "'" : ", '") + n + "'";
  return s;
}

}  // namespace

Error outputs_without_value(const std::vector<std::string>& missing, const std::string& where) {
  return Error{
      ErrorKind::refused, "C3", where + " graph output(s) " + name_list(missing) + " have no value", {}, {}, {}};
}

// [spec:E1] the initial state: initializers, then the fed graph inputs (which override an initializer of
// the same name); nothing else has a value.
State initial_state(const Graph& g, const std::map<std::string, Value>& inputs, bool strict_shapes) {
  ONNXSEM_CLAUSE(E1);
  State s;
  for (const auto& [name, t] : g.initializers) s.insert_or_assign(name, Value(t));
  std::set<std::string> declared;
  for (const auto& vi : g.inputs) declared.insert(vi.name);
  for (const auto& [name, v] : inputs) {
    // [spec:I2] only declared graph inputs can be fed.
    ONNXSEM_CLAUSE(I2);
    if (!declared.count(name))
      throw Failure(
          Error{ErrorKind::usage, "I2", "a value is fed for '" + name + "', which is not a graph input", {}, {}, name});
    s.insert_or_assign(name, v);
  }
  std::vector<std::string> missing;
  for (const auto& vi : g.inputs)
    if (!s.count(vi.name)) missing.push_back(vi.name);
  // [spec:I1] every graph input without an initializer must be fed.
  ONNXSEM_CLAUSE(I1);
  if (!missing.empty())
    throw Failure(Error{ErrorKind::usage, "I1", "no value for graph input(s) " + name_list(missing), {}, {}, {}});
  // [spec:I3] a fed tensor has the declared element type.
  ONNXSEM_CLAUSE(I3);
  for (const auto& vi : g.inputs) {
    const Value& v = s.at(vi.name);
    if (vi.type.kind != Type::Kind::tensor || !v.is_tensor()) continue;
    const Tensor& t = v.tensor();
    if (vi.type.elem != DType::undefined && t.dtype() != vi.type.elem)
      throw Failure(Error{ErrorKind::usage,
                          "I3",
                          std::string("graph input has element type ") + dtype_name(t.dtype()) + ", declared " +
                              dtype_name(vi.type.elem),
                          {},
                          {},
                          vi.name});
    // [spec:I4] with strict shapes, it also has the declared rank and fixed dimensions.
    ONNXSEM_CLAUSE(I4);
    if (strict_shapes && vi.type.shape) {
      const auto& dims = *vi.type.shape;
      bool ok = static_cast<int64_t>(dims.size()) == t.rank();
      for (size_t i = 0; ok && i < dims.size(); ++i)
        if (dims[i].value && *dims[i].value != t.shape()[i]) ok = false;
      if (!ok)
        throw Failure(Error{ErrorKind::usage,
                            "I4",
                            "graph input " + v.describe() + " does not fit the declared " + vi.type.describe(),
                            {},
                            {},
                            vi.name});
    }
  }
  return s;
}

// [spec:PE1] the constant part of the main graph: the fixpoint from the initializers that are not graph
// inputs (one that is a graph input is a default the caller may override), in node-list order. A failing
// operation is blocked (it never fires again, its outputs stay without value) and the evaluation goes on
// with the operations that do not depend on it.
PartialOutcome evaluate_constant_part(const Model& model, const OperatorTable& ops, const EvalOptions& options) {
  ONNXSEM_CLAUSE(PE1);
  PartialOutcome out;
  EvalContext context(options.limits(), options.threads);
  const Graph& g = model.graph;
  std::set<std::string> fed;
  for (const auto& vi : g.inputs) fed.insert(vi.name);
  State s;
  for (const auto& [name, t] : g.initializers)
    if (!fed.count(name)) s.insert_or_assign(name, Value(t));
  GraphIndexes indexes(model);
  Context cx{model, ops, options, context, 0, &indexes};
  Evaluation ev(cx, g, model.opset_imports, nullptr);
  std::vector<char> blocked(g.nodes.size(), 0);
  for (;;) {
    size_t k = g.nodes.size();
    for (size_t j = 0; j < g.nodes.size() && k == g.nodes.size(); ++j)
      if (!blocked[j] && ev.executable(s, j)) k = j;
    if (k == g.nodes.size()) break;
    try {
      if (options.max_firings > 0 && out.firings >= options.max_firings)
        throw Failure(Error{ErrorKind::unsupported,
                            "PE1",
                            "the bound of " + std::to_string(options.max_firings) + " firings is reached",
                            {},
                            {},
                            {}});
      s = firing(g.nodes[k], [&] { return ev.fire(s, k, out.firings); });
      ++out.firings;
    } catch (const Failure& f) {
      blocked[k] = 1;
      const Error& e = f.error();
      const bool limit_hit = e.clause == "L3" || e.clause == "L4" || e.clause == "L5" || e.clause == "PE1";
      if ((e.kind == ErrorKind::evaluation || e.kind == ErrorKind::refused) && !limit_hit) out.errors.push_back(e);
      else out.stopped.push_back(e);
      if (options.max_firings > 0 && out.firings >= options.max_firings) break;  // the bound of the whole evaluation
    }
  }
  out.values = std::move(s);
  return out;
}

Prepared::Prepared(const Model& model) : indexes_(std::make_unique<detail::GraphIndexes>(model)) {}
Prepared::~Prepared() = default;

Outcome evaluate(const Model& model, const std::map<std::string, Value>& inputs, const OperatorTable& ops,
                 const EvalOptions& options) {
  Prepared prepared(model);
  return evaluate(model, inputs, ops, options, prepared);
}

Outcome evaluate(const Model& model, const std::map<std::string, Value>& inputs, const OperatorTable& ops,
                 const EvalOptions& options, Prepared& prepared) {
  Outcome out;
  if (prepared.indexes_->model != &model) {
    out.error =
        Error{ErrorKind::internal, "E6", "the evaluation is handed what was prepared for another model", {}, {}, {}};
    return out;
  }
  // The evaluation's context (its limits, work meter and threads), handed to everything below through
  // `cx`.
  EvalContext context(options.limits(), options.threads);
  const Graph& g = model.graph;
  State s;
  try {
    s = initial_state(g, inputs, options.strict_shapes);
    Context cx{model, ops, options, context, 0, prepared.indexes_.get()};
    s = run_graph(cx, g, model.opset_imports, std::move(s), nullptr, out.firings, 0);
  } catch (const Failure& f) {
    out.error = f.error();
    return out;
  }
  // [spec:C3] at the fixpoint every graph output has a value.
  ONNXSEM_CLAUSE(C3);
  std::vector<std::string> missing;
  for (const auto& vi : g.outputs)
    if (!s.count(vi.name)) missing.push_back(vi.name);
  if (!missing.empty()) {
    out.error = outputs_without_value(missing, "at the fixpoint");
    return out;
  }
  for (const auto& vi : g.outputs) out.outputs.push_back(s.at(vi.name));
  return out;
}

}  // namespace onnxsem

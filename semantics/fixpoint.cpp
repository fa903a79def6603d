// The execution semantics of a graph (spec/graph.md, "Execution"). The code follows the text: an initial
// state, the set of executable operations, firing one of them, and the fixpoint.
#include "semantics/fixpoint.hpp"

#include <algorithm>
#include <random>
#include <set>

#include "semantics/dispatch.hpp"
#include "semantics/subgraph.hpp"

namespace onnxsem {

std::optional<Scheduler::Kind> parse_schedule(const std::string& s) {
  if (s == "ordered") return Scheduler::Kind::ordered;
  if (s == "reverse") return Scheduler::Kind::reverse;
  if (s == "random") return Scheduler::Kind::random;
  return std::nullopt;
}

Resolved resolve(const OperatorTable& ops, const std::map<std::string, int64_t>& opset_imports, const Node& node) {
  Resolved r;
  const std::string domain = normalise_domain(node.domain);
  auto imp = opset_imports.find(domain);
  // [spec:W6] every operator's domain is imported by the model.
  if (imp == opset_imports.end()) {
    r.error = Error{ErrorKind::refused, "W6",
                    "the model imports no opset for domain '" + (domain.empty() ? std::string("ai.onnx") : domain) +
                        "'",
                    node.name, node.op_type, {}};
    return r;
  }
  const auto versions = ops.defined_versions(domain, node.op_type);
  // [spec:O1] the operator version is the highest since-version not above the imported version.
  int64_t since = 0;
  for (int64_t v : versions)
    if (v <= imp->second) since = std::max(since, v);
  // [spec:W4] the imported opset must define the operator.
  if (since == 0) {
    r.error = Error{ErrorKind::refused, "W4",
                    "operator " + (domain.empty() ? std::string() : domain + "::") + node.op_type +
                        " is not defined by opset " + std::to_string(imp->second) + " of its domain",
                    node.name, node.op_type, {}};
    return r;
  }
  r.since_version = since;
  r.kernel = ops.kernel(domain, node.op_type, since);
  if (!r.kernel)
    r.error = Error{ErrorKind::unsupported, "U1",
                    "operator " + (domain.empty() ? std::string() : domain + "::") + node.op_type + " version " +
                        std::to_string(since) + " is not implemented",
                    node.name, node.op_type, {}};
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

struct Context {
  const Model& model;
  const OperatorTable& ops;
  const EvalOptions& options;
  int depth = 0;  // nesting of subgraphs and function calls
};

State run_graph(const Context& cx, const Graph& g, const std::map<std::string, int64_t>& opsets, State s,
                const Scope* outer, int64_t& firings, uint64_t seed_salt);

// The graph seen as the specification sees it: operations over named tensors.
struct Evaluation {
  const Context& cx;
  const Graph& graph;
  const std::map<std::string, int64_t>& opsets;
  const Scope* outer;
  std::vector<Resolved> resolved;  // per operation, filled when it first fires
  std::vector<char> is_resolved;
  std::vector<std::set<std::string>> implicit;  // per operation: names its subgraphs read from outside

  Evaluation(const Context& c, const Graph& g, const std::map<std::string, int64_t>& o, const Scope* up)
      : cx(c), graph(g), opsets(o), outer(up), resolved(g.nodes.size()), is_resolved(g.nodes.size(), 0) {
    implicit.reserve(g.nodes.size());
    for (const auto& n : g.nodes) implicit.push_back(implicit_inputs(n));
  }

  [[nodiscard]] const Value* lookup(const State& s, const std::string& name) const {
    auto it = s.find(name);
    if (it != s.end()) return &it->second;
    return outer ? outer->find(name) : nullptr;
  }

  // [spec:E2] an operation is executable when every input it maps has a value and none of its outputs has
  // one. An operation with no named output assigns nothing and is never executable. The inputs of an
  // operation with subgraphs include the names its subgraphs read from the enclosing scopes (SB1).
  [[nodiscard]] bool executable(const State& s, size_t k) const {
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
    for (const auto& i : implicit[k])
      if (!lookup(s, i)) return false;
    return true;
  }

  [[nodiscard]] std::vector<size_t> executable_set(const State& s) const {
    std::vector<size_t> out;
    for (size_t k = 0; k < graph.nodes.size(); ++k)
      if (executable(s, k)) out.push_back(k);
    return out;
  }

  // [spec:E3] firing an operation applies its operator to the values of its inputs and assigns each
  // requested output. Returns the next state.
  [[nodiscard]] State fire(State s, size_t k, int64_t& firings) {
    const Node& n = graph.nodes[k];
    std::vector<std::optional<Value>> inputs;
    inputs.reserve(n.inputs.size());
    for (const auto& i : n.inputs) {
      if (i.empty()) inputs.emplace_back(std::nullopt);  // [spec:E4] the empty name is an absent optional input
      else inputs.emplace_back(*lookup(s, i));
    }
    std::vector<std::optional<Value>> results;
    if (const Function* f = function_of(n)) {
      results = call_function(*f, n, inputs, s, firings);
    } else {
      if (!is_resolved[k]) {
        resolved[k] = resolve(cx.ops, opsets, n);
        is_resolved[k] = 1;
      }
      const Resolved& r = resolved[k];
      const bool control = normalise_domain(n.domain).empty() &&
                           (n.op_type == "If" || n.op_type == "Loop" || n.op_type == "Scan" || n.op_type == "SequenceMap");
      if (r.error && !(control && r.error->clause == "U1")) throw Failure(*r.error);
      Scope here{&s, outer};
      if (control) {
        results = fire_control(n, r.since_version, inputs, here, firings);
      } else {
        KernelArgs args{n, std::move(inputs), {}};
        for (const auto& o : n.outputs) args.requested.push_back(!o.empty());
        results = (*r.kernel)(args);
      }
    }
    if (results.size() > n.outputs.size())
      throw Failure(Error{ErrorKind::internal, "E3",
                          "operator returned " + std::to_string(results.size()) + " outputs for " +
                              std::to_string(n.outputs.size()) + " output names",
                          n.name, n.op_type, {}});
    for (size_t j = 0; j < n.outputs.size(); ++j) {
      const std::string& name = n.outputs[j];
      if (name.empty()) continue;
      if (j >= results.size() || !results[j])
        throw Failure(Error{ErrorKind::internal, "E3", "operator produced no value for requested output " +
                                                            std::to_string(j), n.name, n.op_type, name});
      // By E2 no output of an executable operation has a value, so this assignment is the first.
      if (!s.emplace(name, std::move(*results[j])).second)
        throw Failure(Error{ErrorKind::internal, "E2", "output already has a value", n.name, n.op_type, name});
    }
    return s;
  }

  // ---- subgraphs (spec/subgraphs.md) ------------------------------------------------------------------
  [[nodiscard]] std::vector<Value> run_body(const Graph& body, const std::vector<Value>& formals, const Scope& here,
                                            int64_t& firings, uint64_t salt) const {
    // [spec:SB2] a subgraph is evaluated by the same fixpoint, its formal inputs bound in order, in a scope
    // that reads the enclosing scopes' values by name.
    if (formals.size() != body.inputs.size())
      eval_error("SB2", "the body declares " + std::to_string(body.inputs.size()) + " inputs but receives " +
                            std::to_string(formals.size()));
    // [spec:L4] nesting of subgraphs and function calls is bounded.
    if (cx.depth >= 64) eval_error("L4", "subgraphs and function calls nest deeper than 64 levels");
    State local;
    for (const auto& [name, t] : body.initializers) local.insert_or_assign(name, Value(t));
    for (size_t i = 0; i < formals.size(); ++i) {
      // A value bound to a formal input declared optional is wrapped in an optional when it is not one
      // (a Loop body that receives optional(seq) and returns the seq it carries).
      if (body.inputs[i].type.kind == Type::Kind::optional && !formals[i].is_optional())
        local.insert_or_assign(body.inputs[i].name,
                               Value(OptionalValue{body.inputs[i].type.inner, std::make_shared<const Value>(formals[i])}));
      else
        local.insert_or_assign(body.inputs[i].name, formals[i]);
    }
    Context inner{cx.model, cx.ops, cx.options, cx.depth + 1};
    State out = run_graph(inner, body, opsets, std::move(local), &here, firings, salt);
    std::vector<Value> values;
    for (const auto& vi : body.outputs) {
      auto it = out.find(vi.name);
      const Value* v = it != out.end() ? &it->second : here.find(vi.name);
      // [spec:SB3] every output of a subgraph has a value when its fixpoint is reached.
      if (!v) eval_error("SB3", "subgraph output '" + vi.name + "' has no value at the fixpoint");
      values.push_back(*v);
    }
    return values;
  }

  [[nodiscard]] static const Graph& graph_attr(const Node& n, const std::string& name) {
    const Attribute* a = n.attr(name);
    if (!a || a->type != AttrType::g || !a->g) refused("W5", n.op_type + " needs the graph attribute '" + name + "'");
    return *a->g;
  }

  [[nodiscard]] std::vector<std::optional<Value>> fire_control(const Node& n, int64_t since,
                                                               const std::vector<std::optional<Value>>& in,
                                                               const Scope& here, int64_t& firings) const {
    std::vector<std::optional<Value>> out;
    if (n.op_type == "If") {
      // [spec:SB4] If evaluates only the branch its boolean condition selects; the branch's outputs are the
      // node's outputs.
      if (in.empty() || !in[0] || !in[0]->is_tensor() || in[0]->tensor().dtype() != DType::boolean ||
          in[0]->tensor().size() != 1)
        eval_error("SB4", "If's condition must be a bool tensor of one element");
      const bool c = in[0]->tensor().data<bool>()[0];
      const Graph& branch = graph_attr(n, c ? "then_branch" : "else_branch");
      auto values = run_body(branch, {}, here, firings, 1);
      if (values.size() != n.outputs.size())
        eval_error("SB4", "the branch has " + std::to_string(values.size()) + " outputs, the node " +
                              std::to_string(n.outputs.size()));
      for (auto& v : values) out.emplace_back(std::move(v));
      return out;
    }
    if (n.op_type == "Loop") return fire_loop(n, in, here, firings);
    if (n.op_type == "SequenceMap") return fire_sequence_map(n, in, here, firings);
    if (since < 9) return fire_scan8(n, in, here, firings);
    return fire_scan(n, in, here, firings);
  }

  // The value of a stacked output when there is nothing to stack (SB7): empty along the stacking axis, of
  // the element type the body declares, with the declared dimensions when all are fixed.
  [[nodiscard]] static Value empty_stack(const ValueInfo& declared, int64_t axis, const char* op) {
    const Type& t = declared.type;
    Shape shape{};
    bool all = t.shape.has_value();
    if (all)
      for (const auto& d : *t.shape) all = all && d.value.has_value();
    if (all)
      for (const auto& d : *t.shape) shape.push_back(*d.value);
    if (axis < 0) axis += static_cast<int64_t>(shape.size()) + 1;
    if (axis < 0 || axis > static_cast<int64_t>(shape.size())) axis = 0;
    shape.insert(shape.begin() + axis, 0);
    if (t.elem == DType::undefined)
      eval_error("SB7", std::string(op) + " ran no iteration and its body declares no element type for '" +
                            declared.name + "'");
    return Value(dispatch(t.elem, all_types, op, [&](auto tag) {
      using T = typename decltype(tag)::type;
      return Tensor::allocate<T>(shape).first;
    }));
  }

  [[nodiscard]] std::vector<std::optional<Value>> fire_sequence_map(const Node& n,
                                                                    const std::vector<std::optional<Value>>& in,
                                                                    const Scope& here, int64_t& firings) const {
    // [spec:SB9] SequenceMap: the body runs once per item of the input sequence; its j-th formal input
    // receives the item of the j-th input at that position when that input is a sequence, or the whole
    // value when it is a tensor; the k-th output is the sequence of the body's k-th outputs.
    const Graph& body = graph_attr(n, "body");
    if (in.empty() || !in[0] || !in[0]->is_sequence()) eval_error("SB9", "SequenceMap's first input must be a sequence");
    const size_t length = in[0]->sequence().items->size();
    for (size_t j = 0; j < in.size(); ++j) {
      if (!in[j]) eval_error("SB9", "SequenceMap's input " + std::to_string(j) + " is absent");
      if (in[j]->is_sequence() && in[j]->sequence().items->size() != length)
        eval_error("SB9", "SequenceMap's input " + std::to_string(j) + " has " +
                              std::to_string(in[j]->sequence().items->size()) + " items, the first has " +
                              std::to_string(length));
      if (in[j]->is_optional()) eval_error("SB9", "SequenceMap's inputs are sequences or tensors, not optionals");
    }
    std::vector<std::vector<Value>> items(body.outputs.size());
    for (size_t i = 0; i < length; ++i) {
      std::vector<Value> formals;
      for (const auto& v : in) formals.push_back(v->is_sequence() ? (*v->sequence().items)[i] : *v);
      auto res = run_body(body, formals, here, firings, static_cast<uint64_t>(i) + 13);
      for (size_t k = 0; k < res.size(); ++k) items[k].push_back(std::move(res[k]));
    }
    std::vector<std::optional<Value>> out;
    for (size_t k = 0; k < items.size(); ++k) {
      const Type& declared = body.outputs[k].type;
      std::shared_ptr<const Type> elem =
          declared.kind == Type::Kind::unknown ? nullptr : std::make_shared<const Type>(declared);
      out.emplace_back(Value(Sequence{elem, std::make_shared<const std::vector<Value>>(std::move(items[k]))}));
    }
    return out;
  }

  [[nodiscard]] std::vector<std::optional<Value>> fire_scan8(const Node& n, const std::vector<std::optional<Value>>& in,
                                                             const Scope& here, int64_t& firings) const {
    // [spec:SB10] Scan version 8: an optional sequence_lens input, then N states and M scan inputs that all
    // have a leading batch axis; each batch entry is scanned on its own along axis 1 (from the end when its
    // `directions` entry is 1), and the outputs are the per-entry results stacked along the batch axis.
    const Graph& body = graph_attr(n, "body");
    const Attribute* ma = n.attr("num_scan_inputs");
    if (!ma || ma->type != AttrType::i) eval_error("A1", "Scan needs the attribute num_scan_inputs");
    if (in.empty()) eval_error("SB10", "Scan-8 has no inputs");
    const auto M = static_cast<size_t>(ma->i);
    if (M + 1 > in.size()) eval_error("SB10", "num_scan_inputs exceeds the number of inputs after sequence_lens");
    const size_t N = in.size() - 1 - M;
    if (body.inputs.size() != N + M || body.outputs.size() < N)
      eval_error("SB10", "Scan's body must take N + M inputs and return N + K outputs");
    const size_t K = body.outputs.size() - N;
    const Attribute* da = n.attr("directions");
    std::vector<int64_t> dirs = da ? da->ints : std::vector<int64_t>(M, 0);
    if (dirs.size() != M) eval_error("SB10", "Scan's directions needs " + std::to_string(M) + " entries");
    for (size_t j = 1; j < in.size(); ++j)
      if (!in[j] || !in[j]->is_tensor() || in[j]->tensor().rank() < (j > N ? 2 : 1))
        eval_error("SB10", "Scan-8's states need a batch axis and its scan inputs a batch and a sequence axis");
    const int64_t batch = in[1]->tensor().dim(0);
    int64_t length = -1;
    for (size_t j = 1; j < in.size(); ++j) {
      if (in[j]->tensor().dim(0) != batch) eval_error("SB10", "Scan-8's inputs differ in their batch size");
      if (j > N) {
        if (length < 0) length = in[j]->tensor().dim(1);
        else if (in[j]->tensor().dim(1) != length) eval_error("SB10", "Scan inputs differ in their scanned length");
      }
    }
    if (length < 0) length = 0;
    if (in[0]) {
      const Tensor& lens = in[0]->tensor();
      if (lens.dtype() != DType::int32 || lens.size() != static_cast<size_t>(batch))
        eval_error("SB10", "Scan-8's sequence_lens must be an int32 tensor of one entry per batch element");
      for (int32_t l : lens.data<int32_t>())
        if (l != length) unsupported("Scan-8 with a sequence length shorter than the scanned axis is not implemented");
    }
    if (length == 0 && K > 0) unsupported("Scan-8 over a length of 0 is not implemented");
    std::vector<std::vector<Tensor>> states(N), scans(K);
    for (int64_t b = 0; b < batch; ++b) {
      std::vector<Value> st;
      for (size_t k = 0; k < N; ++k) st.push_back(Value(slice_along(in[1 + k]->tensor(), 0, b)));
      std::vector<std::vector<Tensor>> per(K);
      for (int64_t t = 0; t < length; ++t) {
        std::vector<Value> formals = st;
        for (size_t j = 0; j < M; ++j) {
          const Tensor row = slice_along(in[1 + N + j]->tensor(), 0, b);
          formals.push_back(Value(slice_along(row, 0, dirs[j] ? length - 1 - t : t)));
        }
        auto res = run_body(body, formals, here, firings, static_cast<uint64_t>(b * length + t) + 17);
        for (size_t k = 0; k < N; ++k) st[k] = res[k];
        for (size_t k = 0; k < K; ++k) per[k].push_back(res[N + k].tensor());
      }
      for (size_t k = 0; k < N; ++k) states[k].push_back(st[k].tensor());
      for (size_t k = 0; k < K; ++k) scans[k].push_back(stack(per[k], 0, "Scan output"));
    }
    if (batch == 0) unsupported("Scan-8 over a batch of 0 is not implemented");
    std::vector<std::optional<Value>> out;
    for (size_t k = 0; k < N; ++k) out.emplace_back(Value(stack(states[k], 0, "Scan state")));
    for (size_t k = 0; k < K; ++k) out.emplace_back(Value(stack(scans[k], 0, "Scan output")));
    return out;
  }

  [[nodiscard]] std::vector<std::optional<Value>> fire_loop(const Node& n, const std::vector<std::optional<Value>>& in,
                                                            const Scope& here, int64_t& firings) const {
    // [spec:SB6] Loop: an optional trip count M and an optional condition; the body receives the iteration
    // number, the condition and the N loop-carried values, and returns the next condition, the N values
    // and K scan outputs, which are stacked along a new first axis. M absent and condition absent: the loop
    // runs until the iteration limit (L4).
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
      eval_error("SB6", "Loop's body must take 2 + N inputs and return 1 + N + K outputs (N = " + std::to_string(N) + ")");
    const size_t K = body.outputs.size() - 1 - N;
    std::vector<std::vector<Tensor>> scans(K);
    int64_t i = 0;
    while ((m == nullptr || i < trip) && cond) {
      if (i >= cx.options.max_loop_iterations)
        eval_error("L4", "Loop exceeded the iteration limit of " + std::to_string(cx.options.max_loop_iterations));
      std::vector<Value> formals{Value(Tensor::scalar<int64_t>(i)), Value(Tensor::scalar<bool>(cond))};
      formals.insert(formals.end(), carried.begin(), carried.end());
      auto res = run_body(body, formals, here, firings, static_cast<uint64_t>(i) + 7);
      const Tensor& c = res[0].tensor();
      if (c.dtype() != DType::boolean || c.size() != 1) eval_error("SB6", "Loop's body must return a one-element bool condition");
      cond = c.data<bool>()[0];
      for (size_t k = 0; k < N; ++k) carried[k] = res[1 + k];
      for (size_t k = 0; k < K; ++k) scans[k].push_back(res[1 + N + k].tensor());
      ++i;
    }
    std::vector<std::optional<Value>> out;
    for (auto& v : carried) out.emplace_back(std::move(v));
    for (size_t k = 0; k < K; ++k) {
      if (!scans[k].empty()) {
        out.emplace_back(Value(stack(scans[k], 0, "Loop scan output")));
      } else {
        // [spec:SB7] a scan output of zero iterations is empty along its first axis.
        out.emplace_back(empty_stack(body.outputs[1 + N + k], 0, "Loop"));
      }
    }
    return out;
  }

  [[nodiscard]] std::vector<std::optional<Value>> fire_scan(const Node& n, const std::vector<std::optional<Value>>& in,
                                                            const Scope& here, int64_t& firings) const {
    // [spec:SB8] Scan (version 9 on): N state variables then M scan inputs; each iteration takes the next
    // slice of every scan input along its axis (from the end when its direction is 1), returns the N next
    // states and K values that are stacked along each scan output's axis (in reverse when its direction is 1).
    const Graph& body = graph_attr(n, "body");
    const Attribute* ma = n.attr("num_scan_inputs");
    if (!ma || ma->type != AttrType::i) eval_error("A1", "Scan needs the attribute num_scan_inputs");
    const auto M = static_cast<size_t>(ma->i);
    if (M > in.size()) eval_error("SB8", "num_scan_inputs exceeds the number of inputs");
    const size_t N = in.size() - M;
    auto ints = [&](const char* name, size_t count) {
      const Attribute* a = n.attr(name);
      std::vector<int64_t> v = a ? a->ints : std::vector<int64_t>(count, 0);
      if (v.size() != count) eval_error("SB8", std::string("Scan's ") + name + " needs " + std::to_string(count) + " entries");
      return v;
    };
    if (body.inputs.size() != N + M || body.outputs.size() < N)
      eval_error("SB8", "Scan's body must take N + M inputs and return N + K outputs");
    const size_t K = body.outputs.size() - N;
    const auto in_axes = ints("scan_input_axes", M), in_dirs = ints("scan_input_directions", M);
    const auto out_axes = ints("scan_output_axes", K), out_dirs = ints("scan_output_directions", K);
    std::vector<Value> states;
    for (size_t k = 0; k < N; ++k) states.push_back(*in[k]);
    int64_t length = -1;
    std::vector<int64_t> axes(M);
    for (size_t j = 0; j < M; ++j) {
      const Tensor& t = in[N + j]->tensor();
      int64_t ax = in_axes[j] < 0 ? in_axes[j] + t.rank() : in_axes[j];
      if (ax < 0 || ax >= t.rank()) eval_error("X1", "Scan input axis out of range");
      axes[j] = ax;
      if (length < 0) length = t.dim(ax);
      else if (t.dim(ax) != length) eval_error("SB8", "Scan inputs differ in their scanned length");
    }
    if (length < 0) length = 0;
    std::vector<std::vector<Tensor>> scans(K);
    for (int64_t t = 0; t < length; ++t) {
      std::vector<Value> formals = states;
      for (size_t j = 0; j < M; ++j)
        formals.push_back(Value(slice_along(in[N + j]->tensor(), axes[j], in_dirs[j] ? length - 1 - t : t)));
      auto res = run_body(body, formals, here, firings, static_cast<uint64_t>(t) + 11);
      for (size_t k = 0; k < N; ++k) states[k] = res[k];
      for (size_t k = 0; k < K; ++k) scans[k].push_back(res[N + k].tensor());
    }
    std::vector<std::optional<Value>> out;
    for (auto& v : states) out.emplace_back(std::move(v));
    for (size_t k = 0; k < K; ++k) {
      if (scans[k].empty()) {
        out.emplace_back(empty_stack(body.outputs[N + k], out_axes[k], "Scan"));
        continue;
      }
      if (out_dirs[k]) std::reverse(scans[k].begin(), scans[k].end());
      const int64_t r = scans[k][0].rank() + 1;
      const int64_t ax = out_axes[k] < 0 ? out_axes[k] + r : out_axes[k];
      out.emplace_back(Value(stack(scans[k], ax, "Scan output")));
    }
    return out;
  }

  // ---- functions (spec/functions.md) -----------------------------------------------------------------
  [[nodiscard]] const Function* function_of(const Node& n) const {
    for (const auto& f : cx.model.functions)
      if (normalise_domain(f.domain) == normalise_domain(n.domain) && f.name == n.op_type) return &f;
    return nullptr;
  }

  [[nodiscard]] std::vector<std::optional<Value>> call_function(const Function& f, const Node& call,
                                                                const std::vector<std::optional<Value>>& in,
                                                                const State& s, int64_t& firings) const {
    // [spec:FN1] a call of a model-local function evaluates the function's body as a graph in a fresh
    // scope: the actual inputs bound to the formal inputs by position (an absent one left without value),
    // attribute references replaced by the caller's attributes (or the function's defaults), the body's
    // operators resolved under the function's own opset imports; the formal outputs are the call's outputs.
    if (cx.depth >= 64) eval_error("L4", "subgraphs and function calls nest deeper than 64 levels");
    Graph body;
    body.name = f.name;
    for (const auto& name : f.outputs) body.outputs.push_back(ValueInfo{name, {}});
    for (const auto& n0 : f.nodes) body.nodes.push_back(substitute(n0, call, f));
    State local;
    for (size_t i = 0; i < f.inputs.size() && i < in.size(); ++i)
      if (in[i] && !f.inputs[i].empty()) local.insert_or_assign(f.inputs[i], *in[i]);
    Context inner{cx.model, cx.ops, cx.options, cx.depth + 1};
    (void)s;
    State out = run_graph(inner, body, f.opset_imports.empty() ? opsets : f.opset_imports, std::move(local), nullptr,
                          firings, 3);
    std::vector<std::optional<Value>> results;
    for (const auto& name : f.outputs) {
      auto it = out.find(name);
      if (it == out.end()) eval_error("FN1", "function output '" + name + "' of " + f.name + " has no value");
      results.emplace_back(it->second);
    }
    return results;
  }

  [[nodiscard]] static Node substitute(const Node& n0, const Node& call, const Function& f) {
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
};

// [spec:E5] the scheduler picks which executable operation fires next.
class Picker {
 public:
  explicit Picker(const Scheduler& s) : kind_(s.kind), rng_(s.seed) {}
  [[nodiscard]] size_t pick(const std::vector<size_t>& executable) {
    switch (kind_) {
      case Scheduler::Kind::ordered: return executable.front();
      case Scheduler::Kind::reverse: return executable.back();
      case Scheduler::Kind::random: return executable[rng_() % executable.size()];
    }
    return executable.front();
  }

 private:
  Scheduler::Kind kind_;
  std::mt19937_64 rng_;
};

Error with_context(Error e, const Node& n) {
  // [spec:E7] an error raised while firing an operation names that operation.
  if (e.node.empty()) e.node = n.name;
  if (e.op.empty()) e.op = n.domain.empty() ? n.op_type : n.domain + "::" + n.op_type;
  return e;
}

// [spec:E6] the fixpoint: fire executable operations until none is executable.
State run_graph(const Context& cx, const Graph& g, const std::map<std::string, int64_t>& opsets, State s,
                const Scope* outer, int64_t& firings, uint64_t seed_salt) {
  Evaluation ev(cx, g, opsets, outer);
  Scheduler sch = cx.options.scheduler;
  sch.seed = sch.seed * 1000003 + seed_salt + static_cast<uint64_t>(cx.depth);
  Picker picker(sch);
  for (;;) {
    const std::vector<size_t> ex = ev.executable_set(s);
    if (ex.empty()) break;
    const size_t k = picker.pick(ex);
    try {
      s = ev.fire(std::move(s), k, firings);
    } catch (const Failure& f) {
      throw Failure(with_context(f.error(), g.nodes[k]));
    } catch (const std::bad_alloc&) {
      throw Failure(with_context(Error{ErrorKind::evaluation, "L3", "out of memory", {}, {}, {}}, g.nodes[k]));
    } catch (const std::exception& e) {
      throw Failure(with_context(
          Error{ErrorKind::internal, "E7", std::string("unexpected exception: ") + e.what(), {}, {}, {}}, g.nodes[k]));
    }
    ++firings;
  }
  return s;
}

std::string name_list(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "'" : ", '") + n + "'";
  return s;
}

}  // namespace

// [spec:E1] the initial state: initializers, then the fed graph inputs (which override an initializer of
// the same name); nothing else has a value.
static State initial_state(const Graph& g, const std::map<std::string, Value>& inputs, bool strict_shapes) {
  State s;
  for (const auto& [name, t] : g.initializers) s.insert_or_assign(name, Value(t));
  std::set<std::string> declared;
  for (const auto& vi : g.inputs) declared.insert(vi.name);
  for (const auto& [name, v] : inputs) {
    // [spec:I2] only declared graph inputs can be fed.
    if (!declared.count(name))
      throw Failure(Error{ErrorKind::usage, "I2", "a value is fed for '" + name + "', which is not a graph input",
                          {}, {}, name});
    s.insert_or_assign(name, v);
  }
  std::vector<std::string> missing;
  for (const auto& vi : g.inputs)
    if (!s.count(vi.name)) missing.push_back(vi.name);
  // [spec:I1] every graph input without an initializer must be fed.
  if (!missing.empty())
    throw Failure(Error{ErrorKind::usage, "I1", "no value for graph input(s) " + name_list(missing), {}, {}, {}});
  // [spec:I3] a fed tensor has the declared element type.
  for (const auto& vi : g.inputs) {
    const Value& v = s.at(vi.name);
    if (vi.type.kind != Type::Kind::tensor || !v.is_tensor()) continue;
    const Tensor& t = v.tensor();
    if (vi.type.elem != DType::undefined && t.dtype() != vi.type.elem)
      throw Failure(Error{ErrorKind::usage, "I3",
                          std::string("graph input has element type ") + dtype_name(t.dtype()) + ", declared " +
                              dtype_name(vi.type.elem),
                          {}, {}, vi.name});
    // [spec:I4] with strict shapes, it also has the declared rank and fixed dimensions.
    if (strict_shapes && vi.type.shape) {
      const auto& dims = *vi.type.shape;
      bool ok = static_cast<int64_t>(dims.size()) == t.rank();
      for (size_t i = 0; ok && i < dims.size(); ++i)
        if (dims[i].value && *dims[i].value != t.shape()[i]) ok = false;
      if (!ok)
        throw Failure(Error{ErrorKind::usage, "I4",
                            "graph input " + v.describe() + " does not fit the declared " + vi.type.describe(), {},
                            {}, vi.name});
    }
  }
  return s;
}

Outcome evaluate(const Model& model, const std::map<std::string, Value>& inputs, const OperatorTable& ops,
                 const EvalOptions& options) {
  Outcome out;
  AllocationLimit limit(options.max_tensor_bytes);
  const Graph& g = model.graph;
  State s;
  try {
    s = initial_state(g, inputs, options.strict_shapes);
    Context cx{model, ops, options, 0};
    s = run_graph(cx, g, model.opset_imports, std::move(s), nullptr, out.firings, 0);
  } catch (const Failure& f) {
    out.error = f.error();
    return out;
  }
  // [spec:C3] at the fixpoint every graph output has a value.
  std::vector<std::string> missing;
  for (const auto& vi : g.outputs)
    if (!s.count(vi.name)) missing.push_back(vi.name);
  if (!missing.empty()) {
    out.error = Error{ErrorKind::refused, "C3",
                      "at the fixpoint graph output(s) " + name_list(missing) + " have no value", {}, {}, {}};
    return out;
  }
  for (const auto& vi : g.outputs) out.outputs.push_back(s.at(vi.name));
  return out;
}

}  // namespace onnxsem

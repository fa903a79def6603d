// The control-flow operators (spec/subgraphs.md) and calls of model-local functions (spec/functions.md).
// Their contracts belong to the graph semantics and are shared by both of its formulations (the forward
// fixpoint of fixpoint.cpp and the demand-driven evaluation of demand.cpp); what differs between the two
// is how a nested graph is evaluated, which each supplies as a GraphRunner.
#include "semantics/control.hpp"

#include <algorithm>
#include <memory>

#include "semantics/coverage.hpp"
#include "semantics/dispatch.hpp"
#include "semantics/subgraph.hpp"
#include "semantics/work.hpp"

namespace onnxsem {

namespace {

// Evaluates a subgraph on its formal inputs and returns its declared outputs, in order.
[[nodiscard]] std::vector<Value> run_body(const GraphRunner& runner, const Graph& body,
                                          const std::vector<Value>& formals, uint64_t salt) {
  // L5: each run of a subgraph (a Loop or Scan iteration, a branch, an item of SequenceMap) costs as
  // much as a firing, counted in the work of the operation that runs it.
  charge_work(kFiringCost, "running a subgraph");
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

[[nodiscard]] const Graph& graph_attr(const Node& n, const std::string& name) {
  const Attribute* a = n.attr(name);
  if (!a || a->type != AttrType::g || !a->g) refused("W5", n.op_type + " needs the graph attribute '" + name + "'");
  return *a->g;
}

// The value of a stacked output when there is nothing to stack (SB7): empty along the stacking axis, of
// the element type the body declares, with the declared dimensions when all are fixed.
[[nodiscard]] Value empty_stack(const ValueInfo& declared, int64_t axis, const char* op) {
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
    eval_error("SB7",
               std::string(op) + " ran no iteration and its body declares no element type for '" + declared.name + "'");
  return Value(dispatch(t.elem, all_types, op, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return Tensor::allocate<T>(shape).first;
  }));
}

[[nodiscard]] std::vector<std::optional<Value>> fire_sequence_map(const Node& n,
                                                                  const std::vector<std::optional<Value>>& in,
                                                                  const GraphRunner& runner) {
  // [spec:SB9] SequenceMap: the body runs once per item of the input sequence; its j-th formal input
  // receives the item of the j-th input at that position when that input is a sequence, or the whole
  // value when it is a tensor; the k-th output is the sequence of the body's k-th outputs.
  ONNXSEM_CLAUSE(SB9);
  const Graph& body = graph_attr(n, "body");
  if (in.empty() || !in[0] || !in[0]->is_sequence()) eval_error("SB9", "SequenceMap's first input must be a sequence");
  const size_t length = in[0]->sequence().items.size();
  for (size_t j = 0; j < in.size(); ++j) {
    if (!in[j]) eval_error("SB9", "SequenceMap's input " + std::to_string(j) + " is absent");
    if (in[j]->is_sequence() && in[j]->sequence().items.size() != length)
      eval_error("SB9", "SequenceMap's input " + std::to_string(j) + " has " +
                            std::to_string(in[j]->sequence().items.size()) + " items, the first has " +
                            std::to_string(length));
    if (in[j]->is_optional() || in[j]->is_map())
      eval_error("SB9", "SequenceMap's inputs are sequences or tensors, not " + in[j]->describe());
  }
  std::vector<std::vector<Value>> items(body.outputs.size());
  for (size_t i = 0; i < length; ++i) {
    std::vector<Value> formals;
    for (const auto& v : in) formals.push_back(v->is_sequence() ? v->sequence().items[i] : *v);
    auto res = run_body(runner, body, formals, static_cast<uint64_t>(i) + 13);
    for (size_t k = 0; k < res.size(); ++k) items[k].push_back(std::move(res[k]));
  }
  std::vector<std::optional<Value>> out;
  for (size_t k = 0; k < items.size(); ++k) {
    const Type& declared = body.outputs[k].type;
    std::shared_ptr<const Type> elem = declared.kind == Type::Kind::unknown ? nullptr
                                                                            : std::make_shared<const Type>(declared);
    out.emplace_back(Value(Sequence{elem, Items(items[k])}));
  }
  return out;
}

[[nodiscard]] std::vector<std::optional<Value>> fire_scan8(const Node& n, const std::vector<std::optional<Value>>& in,
                                                           const GraphRunner& runner) {
  // [spec:SB10] Scan version 8: an optional sequence_lens input, then N states and M scan inputs that all
  // have a leading batch axis; each batch entry is scanned on its own along axis 1 (from the end when its
  // `directions` entry is 1), and the outputs are the per-entry results stacked along the batch axis.
  ONNXSEM_CLAUSE(SB10);
  const Graph& body = graph_attr(n, "body");
  const Attribute* ma = n.attr("num_scan_inputs");
  if (!ma || ma->type != AttrType::i) eval_error("SB10", "Scan needs the attribute num_scan_inputs");
  if (in.empty()) eval_error("SB10", "Scan-8 has no inputs");
  const auto M = static_cast<size_t>(ma->i);
  if (M + 1 > in.size()) eval_error("SB10", "num_scan_inputs exceeds the number of inputs after sequence_lens");
  const size_t N = in.size() - 1 - M;
  if (body.inputs.size() != N + M || body.outputs.size() < N)
    eval_error("SB12", "Scan's body must take N + M inputs and return N + K outputs");
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
    if (lens.dtype() != DType::int32 || lens.size() != batch)
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
      auto res = run_body(runner, body, formals, static_cast<uint64_t>(b * length + t) + 17);
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
                                                          const GraphRunner& runner) {
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
    std::vector<Value> formals{Value(Tensor::scalar<int64_t>(i)), Value(Tensor::scalar<bool>(cond))};
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
      out.emplace_back(Value(stack(scans[k], 0, "Loop scan output")));
    } else {
      // [spec:SB7] a scan output of zero iterations is empty along its first axis.
      ONNXSEM_CLAUSE(SB7);
      out.emplace_back(empty_stack(body.outputs[1 + N + k], 0, "Loop"));
    }
  }
  return out;
}

[[nodiscard]] std::vector<std::optional<Value>> fire_scan(const Node& n, const std::vector<std::optional<Value>>& in,
                                                          const GraphRunner& runner) {
  // [spec:SB8] Scan (version 9 on): N state variables then M scan inputs; each iteration takes the next
  // slice of every scan input along its axis (from the end when its direction is 1), returns the N next
  // states and K values that are stacked along each scan output's axis (in reverse when its direction is 1).
  ONNXSEM_CLAUSE(SB8);
  const Graph& body = graph_attr(n, "body");
  const Attribute* ma = n.attr("num_scan_inputs");
  if (!ma || ma->type != AttrType::i) eval_error("SB8", "Scan needs the attribute num_scan_inputs");
  const auto M = static_cast<size_t>(ma->i);
  if (ma->i < 0 || M > in.size()) eval_error("SB8", "num_scan_inputs exceeds the number of inputs");
  const size_t N = in.size() - M;
  auto ints = [&](const char* name, size_t count) {
    const Attribute* a = n.attr(name);
    std::vector<int64_t> v = a ? a->ints : std::vector<int64_t>(count, 0);
    if (v.size() != count)
      eval_error("SB8", std::string("Scan's ") + name + " needs " + std::to_string(count) + " entries");
    return v;
  };
  if (body.inputs.size() != N + M || body.outputs.size() < N)
    eval_error("SB12", "Scan's body must take N + M inputs and return N + K outputs");
  const size_t K = body.outputs.size() - N;
  const auto in_axes = ints("scan_input_axes", M), in_dirs = ints("scan_input_directions", M);
  const auto out_axes = ints("scan_output_axes", K), out_dirs = ints("scan_output_directions", K);
  for (size_t j = 0; j < in.size(); ++j)
    if (!in[j] || (j >= N && !in[j]->is_tensor()))
      eval_error("SB8", "Scan's input " + std::to_string(j) + (in[j] ? " must be a tensor" : " is absent"));
  std::vector<Value> states;
  for (size_t k = 0; k < N; ++k) states.push_back(*in[k]);
  int64_t length = -1;
  std::vector<int64_t> axes(M);
  for (size_t j = 0; j < M; ++j) {
    const Tensor& t = in[N + j]->tensor();
    int64_t ax = in_axes[j] < 0 ? in_axes[j] + t.rank() : in_axes[j];
    if (ax < 0 || ax >= t.rank())
      eval_error("SB8", "Scan input axis " + std::to_string(in_axes[j]) + " is out of range");
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
    auto res = run_body(runner, body, formals, static_cast<uint64_t>(t) + 11);
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
    if (ax < 0 || ax >= r) eval_error("SB8", "Scan output axis " + std::to_string(out_axes[k]) + " is out of range");
    out.emplace_back(Value(stack(scans[k], ax, "Scan output")));
  }
  return out;
}

}  // namespace

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

bool is_control(const Node& n) {
  return normalise_domain(n.domain).empty() &&
         (n.op_type == "If" || n.op_type == "Loop" || n.op_type == "Scan" || n.op_type == "SequenceMap");
}

[[nodiscard]] std::vector<std::optional<Value>> fire_control(const Node& n, int64_t since,
                                                             const std::vector<std::optional<Value>>& in,
                                                             const GraphRunner& runner) {
  std::vector<std::optional<Value>> out;
  if (n.op_type == "If") {
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
    for (auto& v : values) out.emplace_back(std::move(v));
    return out;
  }
  if (n.op_type == "Loop") return fire_loop(n, in, runner);
  if (n.op_type == "SequenceMap") return fire_sequence_map(n, in, runner);
  if (since < 9) return fire_scan8(n, in, runner);
  return fire_scan(n, in, runner);
}

std::vector<std::optional<Value>> apply_operation(const Model& model, const OperatorTable& ops,
                                                  const std::map<std::string, int64_t>& opsets, const Node& n,
                                                  std::vector<std::optional<Value>> inputs, const GraphRunner& runner,
                                                  const Resolved* resolved) {
  // L5: a firing costs kFiringCost units plus one per element or item it reads, counted before
  // its operator runs; the operator adds what it states before its main loops.
  FiringWork firing_work;
  int64_t reads = kFiringCost;
  for (const auto& v : inputs) {
    if (!v) continue;
    if (v->is_tensor()) reads = work_sum(reads, v->tensor().size());
    else if (v->is_sequence()) reads = work_sum(reads, static_cast<int64_t>(v->sequence().items.size()));
    else if (v->is_map()) reads = work_sum(reads, static_cast<int64_t>(v->map().size()));
    else reads = work_sum(reads, 1);
  }
  charge_work(reads, "reading the inputs");
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

// Scan (spec/subgraphs.md: SB8 from version 9, SB10 for version 8, SB7): its check, its typing and its
// firing.
#include <algorithm>

#include "runtime/coverage.hpp"
#include "semantics/constructs/construct.hpp"
#include "semantics/subgraph.hpp"

namespace onnxsem::constructs {
namespace {

void check_scan(const CheckSite& at) {
  const Node& n = at.n;
  const size_t I = n.inputs.size();
  const size_t state_and_scan = at.since == 8 && I > 0 ? I - 1 : I;  // Scan-8 begins with sequence_lens
  at.arity(at.body("body"), state_and_scan, n.outputs.size(), "the node's states, scan inputs and outputs");
  if (at.since <= 0) return;
  const Attribute* a = n.attr("body");
  const Graph* body = a ? a->g.get() : nullptr;
  const Attribute* ma = n.attr("num_scan_inputs");
  const Clause clause = at.since == 8 ? Clause("SB10") : Clause("SB8");
  // [spec:SB8] Scan's num_scan_inputs is given and does not exceed its inputs; scan_input_axes and
  // scan_input_directions have one entry per scan input, scan_output_axes and scan_output_directions one
  // per scan output; each axis is within the declared rank of what it scans or stacks.
  // [spec:SB10] Scan-8: the same for num_scan_inputs and directions, and sequence_lens, when present, is
  // declared an int32 tensor.
  ONNXSEM_CLAUSE(SB8, SB10);
  if (!ma || ma->type != AttrType::i) {
    at.add(clause, "Scan needs the integer attribute num_scan_inputs");
    return;
  }
  const size_t avail = at.since == 8 ? (I > 0 ? I - 1 : 0) : I;
  if (ma->i < 0 || static_cast<size_t>(ma->i) > avail) {
    at.add(clause, "num_scan_inputs = " + std::to_string(ma->i) + " but Scan has " + std::to_string(avail) +
                       " state and scan inputs");
    return;
  }
  const auto M = static_cast<size_t>(ma->i);
  const size_t N = avail - M;
  auto length = [&](const char* name, size_t count) {
    const Attribute* v = n.attr(name);
    if (v && v->ints.size() != count) {
      at.add(clause, std::string("Scan's ") + name + " has " + std::to_string(v->ints.size()) + " entries, not " +
                         std::to_string(count));
      return false;
    }
    return v != nullptr;
  };
  if (at.since == 8) {
    length("directions", M);
    if (I > 0 && !n.inputs[0].empty())
      if (auto why = mismatch(declared(at.declared, n.inputs[0]), DType::int32, false); !why.empty())
        at.add("SB10", "Scan-8's sequence_lens " + why, n.inputs[0]);
    return;
  }
  length("scan_input_directions", M);
  if (length("scan_input_axes", M)) {
    const auto& axes = n.attr("scan_input_axes")->ints;
    for (size_t j = 0; j < M; ++j) {
      const std::string& name = n.inputs[N + j];
      const auto r = declared_rank(declared(at.declared, name));
      if (r && (axes[j] < -static_cast<int64_t>(*r) || axes[j] >= static_cast<int64_t>(*r)))
        at.add("SB8",
               "scan_input_axes entry " + std::to_string(axes[j]) + " is outside the declared rank " +
                   std::to_string(*r) + " of scan input " + std::to_string(j),
               name);
    }
  }
  if (!body || body->outputs.size() < N) return;  // SB12
  const size_t K = body->outputs.size() - N;
  length("scan_output_directions", K);
  if (length("scan_output_axes", K)) {
    const auto& axes = n.attr("scan_output_axes")->ints;
    for (size_t k = 0; k < K; ++k) {
      const auto r = declared_rank(&body->outputs[N + k].type);
      const int64_t stacked_rank = r ? static_cast<int64_t>(*r) + 1 : 0;
      if (r && (axes[k] < -stacked_rank || axes[k] >= stacked_rank))
        at.add("SB8",
               "scan_output_axes entry " + std::to_string(axes[k]) + " is outside the rank " +
                   std::to_string(stacked_rank) + " of scan output " + std::to_string(k),
               body->outputs[N + k].name);
    }
  }
}

std::vector<Type> type_scan(const Node& n, int64_t since, BodyTyping& typing) {
  std::vector<Type> outs(n.outputs.size());
  const Graph* g = typing.graph("body");
  if (!g) return outs;
  const Attribute* m_attr = n.attr("num_scan_inputs");
  if (!m_attr || m_attr->type != AttrType::i) return outs;
  const size_t first = since == 8 ? 1 : 0;  // Scan-8 begins with sequence_lens
  const size_t total = n.inputs.size() > first ? n.inputs.size() - first : 0;
  if (m_attr->i < 0 || static_cast<size_t>(m_attr->i) > total) return outs;
  const size_t m = static_cast<size_t>(m_attr->i), states = total - m;
  std::vector<Type> formals;
  for (size_t k = 0; k < states; ++k) formals.push_back(relaxed(typing.input(first + k)));
  const Attribute* axes = n.attr("scan_input_axes");
  for (size_t j = 0; j < m; ++j) {
    Type t = typing.input(first + states + j);
    if (since == 8 || t.kind != Type::Kind::tensor || !t.shape) {
      formals.push_back(relaxed(t));
      continue;
    }
    const int64_t r = static_cast<int64_t>(t.shape->size());
    int64_t axis = axes && axes->type == AttrType::ints && j < axes->ints.size() ? axes->ints[j] : 0;
    if (axis < 0) axis += r;
    if (axis < 0 || axis >= r) {
      formals.push_back(relaxed(t));
      continue;
    }
    std::vector<Dim> d = *t.shape;
    d.erase(d.begin() + axis);
    t.shape = std::move(d);
    formals.push_back(t);
  }
  const auto res = typing.type_body(*g, "body", formals);
  const Attribute* out_axes = n.attr("scan_output_axes");
  for (size_t k = 0; k < outs.size() && k < res.size(); ++k) {
    if (k < states) {
      std::string why;
      outs[k] = since == 8 ? relaxed(res[k]) : join(typing.input(first + k), res[k], why);
      if (!why.empty())
        typing.find("TY8",
                    "state variable " + std::to_string(k) + " enters as " + type_text(typing.input(first + k)) +
                        " and leaves the body as " + type_text(res[k]) + " (" + why + ")",
                    n.outputs[k]);
      continue;
    }
    if (res[k].kind != Type::Kind::tensor) continue;
    const size_t j = k - states;
    std::optional<int64_t> axis;
    if (since != 8)
      axis = out_axes && out_axes->type == AttrType::ints && j < out_axes->ints.size() ? out_axes->ints[j] : 0;
    outs[k] = stacked(res[k], axis);
  }
  return outs;
}

// The iterations of a scan (SB8; SB10 per batch entry): `length` runs of the body, each on the states and
// on the next slice of every scan input along its axis (from the end where its direction is 1). Gives the
// final states and, per scan output (K of them), the body's values in iteration order. The t-th run varies
// the random schedule by salt + t.
struct Scanned {
  std::vector<Value> states;
  std::vector<std::vector<Tensor>> outputs;
};
[[nodiscard]] Scanned scan_steps(const GraphRunner& runner, const Graph& body, std::vector<Value> states,
                                 const std::vector<Tensor>& inputs, const std::vector<int64_t>& axes,
                                 const std::vector<int64_t>& directions, int64_t length, size_t K, uint64_t salt) {
  EvalContext& cx = runner.context();
  const size_t N = states.size();
  Scanned r{std::move(states), std::vector<std::vector<Tensor>>(K)};
  for (int64_t t = 0; t < length; ++t) {
    std::vector<Value> formals = r.states;
    for (size_t j = 0; j < inputs.size(); ++j)
      formals.push_back(Value(slice_along(cx, inputs[j], axes[j], directions[j] ? length - 1 - t : t)));
    auto res = run_body(runner, body, formals, static_cast<uint64_t>(t) + salt);
    for (size_t k = 0; k < N; ++k) r.states[k] = res[k];
    for (size_t k = 0; k < K; ++k) r.outputs[k].push_back(res[N + k].tensor());
  }
  return r;
}

std::vector<std::optional<Value>> fire_scan8(const Node& n, const std::vector<std::optional<Value>>& in,
                                             const GraphRunner& runner) {
  EvalContext& cx = runner.context();
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
    // Batch entry b is scanned on its own, as Scan-9 scans along axis 0 of its rows.
    std::vector<Value> st;
    for (size_t k = 0; k < N; ++k) st.push_back(Value(slice_along(cx, in[1 + k]->tensor(), 0, b)));
    std::vector<Tensor> rows;
    for (size_t j = 0; j < M; ++j) rows.push_back(slice_along(cx, in[1 + N + j]->tensor(), 0, b));
    Scanned r = scan_steps(runner, body, std::move(st), rows, std::vector<int64_t>(M, 0), dirs, length, K,
                           static_cast<uint64_t>(b * length) + 17);
    for (size_t k = 0; k < N; ++k) states[k].push_back(r.states[k].tensor());
    for (size_t k = 0; k < K; ++k) scans[k].push_back(stack(cx, r.outputs[k], 0, "Scan output"));
  }
  if (batch == 0) unsupported("Scan-8 over a batch of 0 is not implemented");
  std::vector<std::optional<Value>> out;
  for (size_t k = 0; k < N; ++k) out.emplace_back(Value(stack(cx, states[k], 0, "Scan state")));
  for (size_t k = 0; k < K; ++k) out.emplace_back(Value(stack(cx, scans[k], 0, "Scan output")));
  return out;
}

std::vector<std::optional<Value>> fire_scan(const Node& n, int64_t since, const std::vector<std::optional<Value>>& in,
                                            const GraphRunner& runner) {
  EvalContext& cx = runner.context();
  if (since < 9) return fire_scan8(n, in, runner);
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
  std::vector<Tensor> scanned;
  for (size_t j = 0; j < M; ++j) scanned.push_back(in[N + j]->tensor());
  Scanned done = scan_steps(runner, body, std::move(states), scanned, axes, in_dirs, length, K, 11);
  states = std::move(done.states);
  std::vector<std::vector<Tensor>>& scans = done.outputs;
  std::vector<std::optional<Value>> out;
  for (auto& v : states) out.emplace_back(std::move(v));
  for (size_t k = 0; k < K; ++k) {
    if (scans[k].empty()) {
      out.emplace_back(empty_stack(cx, body.outputs[N + k], out_axes[k], "Scan"));
      continue;
    }
    if (out_dirs[k]) std::reverse(scans[k].begin(), scans[k].end());
    const int64_t r = scans[k][0].rank() + 1;
    const int64_t ax = out_axes[k] < 0 ? out_axes[k] + r : out_axes[k];
    if (ax < 0 || ax >= r) eval_error("SB8", "Scan output axis " + std::to_string(out_axes[k]) + " is out of range");
    out.emplace_back(Value(stack(cx, scans[k], ax, "Scan output")));
  }
  return out;
}

}  // namespace

const Construct scan_construct{"Scan", check_scan, type_scan, fire_scan};

}  // namespace onnxsem::constructs

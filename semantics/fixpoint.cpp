// The execution semantics of a graph (spec/graph.md, "Execution"). The code follows the text: an initial
// state, the set of executable operations, firing one of them, and the fixpoint.
#include "semantics/fixpoint.hpp"

#include <algorithm>
#include <random>
#include <set>

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

// The graph seen as the specification sees it: operations over named tensors.
struct Evaluation {
  const Model& model;
  const Graph& graph;
  const OperatorTable& ops;
  const EvalOptions& options;
  std::vector<Resolved> resolved;  // per operation, filled when it first fires
  std::vector<char> is_resolved;

  // [spec:E2] an operation is executable when every input it maps has a value and none of its outputs has
  // one. An operation with no named output assigns nothing and is never executable.
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
      if (!i.empty() && !s.count(i)) return false;
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
  [[nodiscard]] State fire(State s, size_t k) {
    const Node& n = graph.nodes[k];
    if (!is_resolved[k]) {
      resolved[k] = resolve(ops, model.opset_imports, n);
      is_resolved[k] = 1;
    }
    const Resolved& r = resolved[k];
    if (r.error) throw Failure(*r.error);
    KernelArgs args{n, {}, {}};
    args.inputs.reserve(n.inputs.size());
    for (const auto& i : n.inputs) {
      if (i.empty()) {
        args.inputs.emplace_back(std::nullopt);  // [spec:E4] the empty name is an absent optional input
      } else {
        args.inputs.emplace_back(s.find(i)->second);
      }
    }
    for (const auto& o : n.outputs) args.requested.push_back(!o.empty());
    std::vector<std::optional<Value>> results = (*r.kernel)(args);
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

namespace {
Error with_context(Error e, const Node& n) {
  // [spec:E7] an error raised while firing an operation names that operation.
  if (e.node.empty()) e.node = n.name;
  if (e.op.empty()) e.op = n.domain.empty() ? n.op_type : n.domain + "::" + n.op_type;
  return e;
}
}  // namespace

Outcome evaluate(const Model& model, const std::map<std::string, Value>& inputs, const OperatorTable& ops,
                 const EvalOptions& options) {
  Outcome out;
  AllocationLimit limit(options.max_tensor_bytes);
  const Graph& g = model.graph;
  Evaluation ev{model, g, ops, options, std::vector<Resolved>(g.nodes.size()), std::vector<char>(g.nodes.size(), 0)};
  Picker picker(options.scheduler);
  State s;
  try {
    s = initial_state(g, inputs, options.strict_shapes);
  } catch (const Failure& f) {
    out.error = f.error();
    return out;
  }
  // [spec:E6] the fixpoint: fire executable operations until none is executable.
  for (;;) {
    const std::vector<size_t> ex = ev.executable_set(s);
    if (ex.empty()) break;
    const size_t k = picker.pick(ex);
    const Node& n = g.nodes[k];
    try {
      s = ev.fire(std::move(s), k);
    } catch (const Failure& f) {
      out.error = with_context(f.error(), n);
      return out;
    } catch (const std::bad_alloc&) {
      out.error = with_context(Error{ErrorKind::evaluation, "L3", "out of memory", {}, {}, {}}, n);
      return out;
    } catch (const std::exception& e) {
      out.error = with_context(Error{ErrorKind::internal, "E7", std::string("unexpected exception: ") + e.what(), {},
                                     {}, {}}, n);
      return out;
    }
    ++out.firings;
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

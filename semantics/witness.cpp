// The witness of an internal random value (spec/conformance.md, K14).
#include "semantics/witness.hpp"

#include <cstring>
#include <type_traits>

#include "semantics/dispatch.hpp"

namespace onnxsem {
namespace {

// The operation of the main graph an error names (G1: its name, or #K for an unnamed one).
const Node* named_in(const Graph& g, const std::string& name) {
  for (size_t k = 0; k < g.nodes.size(); ++k)
    if ((g.nodes[k].name.empty() ? "#" + std::to_string(k) : g.nodes[k].name) == name) return &g.nodes[k];
  return nullptr;
}

double float_attr(const Node& n, const std::string& name, double def) {
  const Attribute* a = n.attr(name);
  return a && a->type == AttrType::f ? static_cast<double>(a->f) : def;
}

// The numbers each element of the random value is tried with: the ends of RandomUniform's range, a few
// normal draws, Bernoulli's two outcomes. Empty for the other operators (no witness is looked for).
std::vector<double> candidates(const Node& n) {
  if (!n.domain.empty() && n.domain != "ai.onnx") return {};
  if (n.op_type == "RandomUniform" || n.op_type == "RandomUniformLike")
    return {float_attr(n, "low", 0.0), float_attr(n, "high", 1.0)};
  if (n.op_type == "RandomNormal" || n.op_type == "RandomNormalLike") return {0.0, 1.0, -1.0};
  if (n.op_type == "Bernoulli") return {0.0, 1.0};
  return {};
}

// Whether element i of two tensors of the same element type has the same bits.
bool same_element(const Tensor& a, const Tensor& b, size_t i) {
  return dispatch(a.dtype(), all_types, "witness", [&](auto t) {
    using T = typename decltype(t)::type;
    const auto x = a.data<T>();
    const auto y = b.data<T>();
    if constexpr (std::is_same_v<T, std::string>) return x[i] == y[i];
    else return std::memcmp(&x[i], &y[i], sizeof(T)) == 0;
  });
}

}  // namespace

std::optional<Witness> find_witness(const Model& model, const std::map<std::string, Value>& inputs,
                                    const OperatorTable& ops, const EvalOptions& eo, const Outcome& first,
                                    const std::vector<Value>& expected) {
  // [spec:K14] only an evaluation that stopped unsupported at a random operation of the main graph whose
  // output has no candidate result (NN44, K13), and expected outputs that are tensors of one element count.
  if (first.ok() || first.error->kind != ErrorKind::unsupported) return std::nullopt;
  const Node* n = named_in(model.graph, first.error->node);
  if (!n || n->outputs.empty() || n->outputs[0].empty()) return std::nullopt;
  const std::string& name = n->outputs[0];
  const std::vector<double> tried = candidates(*n);
  if (tried.empty() || eo.choices.count(name) || eo.fills.count(name) || expected.empty()) return std::nullopt;
  size_t count = 0;
  for (size_t k = 0; k < expected.size(); ++k) {
    if (!expected[k].is_tensor() || expected[k].tensor().dtype() == DType::undefined) return std::nullopt;
    const auto c = static_cast<size_t>(expected[k].tensor().size());
    if (k > 0 && c != count) return std::nullopt;
    count = c;
  }
  // Element i takes the first number under which, with every element of the random value set to it, every
  // output's element i is the expected one.
  std::vector<int> pick(count, -1);
  for (size_t c = 0; c < tried.size(); ++c) {
    EvalOptions o = eo;
    o.fills[name] = {tried[c]};
    const Outcome r = evaluate(model, inputs, ops, o);
    if (!r.ok() || r.outputs.size() != expected.size()) continue;
    bool comparable = true;
    for (size_t k = 0; k < expected.size() && comparable; ++k)
      comparable = r.outputs[k].is_tensor() && r.outputs[k].tensor().dtype() == expected[k].tensor().dtype() &&
                   r.outputs[k].tensor().shape() == expected[k].tensor().shape();
    if (!comparable) continue;
    for (size_t i = 0; i < count; ++i) {
      if (pick[i] >= 0) continue;
      bool all = true;
      for (size_t k = 0; k < expected.size() && all; ++k)
        all = same_element(r.outputs[k].tensor(), expected[k].tensor(), i);
      if (all) pick[i] = static_cast<int>(c);
    }
  }
  Witness w{name, std::vector<double>(count), {}};
  for (size_t i = 0; i < count; ++i) {
    if (pick[i] < 0) return std::nullopt;
    w.values[i] = tried[static_cast<size_t>(pick[i])];
  }
  // The assembled value is a witness only if it is a possible result (NN45 judges it) and the graph gives
  // exactly the expected outputs with it.
  EvalOptions o = eo;
  o.fills[name] = w.values;
  w.outcome = evaluate(model, inputs, ops, o);
  if (!w.outcome.ok() || w.outcome.outputs.size() != expected.size()) return std::nullopt;
  for (size_t k = 0; k < expected.size(); ++k)
    if (!(w.outcome.outputs[k] == expected[k])) return std::nullopt;
  return w;
}

}  // namespace onnxsem

// The witness of an internal random value (spec/conformance.md, K14).
#include "semantics/witness.hpp"

#include <cstring>
#include <type_traits>

#include "runtime/coverage.hpp"
#include "values/dispatch.hpp"

namespace onnxsem {
namespace {

// At most this many numbers per element are tried (the operators offer two or three).
constexpr int64_t kMaxPicks = 8;

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
  // [spec:K14] only an evaluation that stopped unsupported at an operation of the main graph (named as G1
  // names it, which the loader has done) whose output has no candidate result (NN44, K13), and expected
  // outputs that are tensors of one element count.
  ONNXSEM_CLAUSE(K14);
  if (first.ok() || first.error->kind != ErrorKind::unsupported) return std::nullopt;
  const Node* n = nullptr;
  for (const auto& node : model.graph.nodes)
    if (node.name == first.error->node) n = &node;
  if (!n || n->outputs.empty() || n->outputs[0].empty()) return std::nullopt;
  const std::string& name = n->outputs[0];
  if (eo.choices.count(name) || eo.picks.count(name) || expected.empty()) return std::nullopt;
  size_t count = 0;
  for (size_t k = 0; k < expected.size(); ++k) {
    if (!expected[k].is_tensor() || expected[k].tensor().dtype() == DType::undefined) return std::nullopt;
    const auto c = static_cast<size_t>(expected[k].tensor().size());
    if (k > 0 && c != count) return std::nullopt;
    count = c;
  }
  // Element i takes the first number under which, with every element of the random value set to it, every
  // output's element i is the expected one. The operator says when its numbers end (K14 error); one that
  // offers none, or ignores picks (it does not draw at random), ends the search.
  std::vector<int64_t> pick(count, -1);
  for (int64_t c = 0; c < kMaxPicks; ++c) {
    EvalOptions o = eo;
    o.picks[name] = {c};
    const Outcome r = evaluate(model, inputs, ops, o);
    if (!r.ok() && (r.error->clause == "K14" || (r.error->kind == ErrorKind::unsupported && r.error->node == n->name)))
      break;
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
      if (all) pick[i] = c;
    }
  }
  for (int64_t p : pick)
    if (p < 0) return std::nullopt;
  // The assembled value is a witness only if it is a possible result (NN45 judges it) and the graph gives
  // exactly the expected outputs with it.
  Witness w{name, std::move(pick), {}};
  EvalOptions o = eo;
  o.picks[name] = w.picks;
  w.outcome = evaluate(model, inputs, ops, o);
  if (!w.outcome.ok() || w.outcome.outputs.size() != expected.size()) return std::nullopt;
  for (size_t k = 0; k < expected.size(); ++k)
    if (!(w.outcome.outputs[k] == expected[k])) return std::nullopt;
  return w;
}

}  // namespace onnxsem

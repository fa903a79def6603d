// SequenceMap (spec/subgraphs.md, SB9): its check, its typing and its firing.
#include "runtime/coverage.hpp"
#include "semantics/constructs/construct.hpp"

namespace onnxsem::constructs {
namespace {

void check_sequence_map(const CheckSite& at) {
  const Node& n = at.n;
  at.arity(at.body("body"), n.inputs.size(), n.outputs.size(), "the node's inputs and outputs");
  // [spec:SB9] SequenceMap's inputs are all present, none is declared an optional, and the first is not
  // declared a tensor (it must be a sequence).
  ONNXSEM_CLAUSE(SB9);
  for (size_t j = 0; j < n.inputs.size(); ++j) {
    if (n.inputs[j].empty()) {
      at.add("SB9", "SequenceMap's input " + std::to_string(j) + " is absent");
      continue;
    }
    const Type* t = declared(at.declared, n.inputs[j]);
    if (!t || t->kind == Type::Kind::unknown) continue;
    if (j == 0 && t->kind != Type::Kind::sequence)
      at.add("SB9", "SequenceMap's first input is declared " + t->describe() + ", not a sequence", n.inputs[j]);
    else if (j > 0 && t->kind == Type::Kind::optional)
      at.add("SB9", "SequenceMap's input " + std::to_string(j) + " is declared an optional", n.inputs[j]);
  }
}

std::vector<Type> type_sequence_map(const Node& n, int64_t, BodyTyping& typing) {
  std::vector<Type> outs(n.outputs.size());
  const Graph* g = typing.graph("body");
  if (!g) return outs;
  std::vector<Type> formals;
  for (size_t k = 0; k < n.inputs.size(); ++k) {
    const Type t = typing.input(k);
    if (t.kind == Type::Kind::sequence) formals.push_back(t.inner ? relaxed(*t.inner) : Type{});
    else formals.push_back(t);
  }
  const auto res = typing.type_body(*g, "body", formals);
  for (size_t k = 0; k < outs.size() && k < res.size(); ++k) {
    if (res[k].kind == Type::Kind::unknown) continue;
    outs[k].kind = Type::Kind::sequence;
    outs[k].inner = std::make_shared<const Type>(relaxed(res[k]));
  }
  return outs;
}

std::vector<std::optional<Value>> fire_sequence_map(const Node& n, int64_t, const std::vector<std::optional<Value>>& in,
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

}  // namespace

const Construct sequence_map_construct{"SequenceMap", check_sequence_map, type_sequence_map, fire_sequence_map};

}  // namespace onnxsem::constructs

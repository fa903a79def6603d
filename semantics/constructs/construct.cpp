// What the control-flow constructs share (semantics/constructs/construct.hpp).
#include "semantics/constructs/construct.hpp"

#include "runtime/coverage.hpp"
#include "runtime/error.hpp"
#include "values/dispatch.hpp"

namespace onnxsem::constructs {

void CheckSite::add(Clause clause, std::string message, std::string tensor) const {
  out.push_back(Finding{Finding::Severity::error, clause, std::move(message), n.name, std::move(tensor)});
}

const Graph* CheckSite::body(const char* name) const {
  const Attribute* a = n.attr(name);
  if (!a || !a->g) {
    add("W5", n.op_type + " needs the graph attribute '" + std::string(name) + "'");
    return nullptr;
  }
  return a->g.get();
}

void CheckSite::arity(const Graph* g, size_t ins, size_t outs, const std::string& why) const {
  // [spec:SB12] the bodies of If, Loop, Scan and SequenceMap have the number of inputs and outputs their
  // operation's inputs and outputs call for.
  ONNXSEM_CLAUSE(SB12);
  if (g && (g->inputs.size() != ins || g->outputs.size() != outs))
    add("SB12", "the body takes " + std::to_string(g->inputs.size()) + " inputs and returns " +
                    std::to_string(g->outputs.size()) + " outputs; " + why + " call for " + std::to_string(ins) +
                    " and " + std::to_string(outs));
}

const Construct* construct_of(const Node& n) {
  if (!normalise_domain(n.domain).empty()) return nullptr;
  for (const Construct* c : {&if_construct, &loop_construct, &scan_construct, &sequence_map_construct})
    if (n.op_type == c->op_type) return c;
  return nullptr;
}

std::string mismatch(const Type* t, DType want, bool one) {
  if (!t || t->kind == Type::Kind::unknown) return {};
  if (t->kind != Type::Kind::tensor) return "is declared " + t->describe() + ", not a tensor";
  if (t->elem != DType::undefined && t->elem != want)
    return "is declared " + t->describe() + ", not a tensor of " + dtype_name(want);
  if (one && t->shape) {
    int64_t count = 1;
    for (const auto& d : *t->shape) {
      if (!d.value) return {};
      count *= *d.value;
    }
    if (count != 1) return "is declared with " + std::to_string(count) + " elements, not one";
  }
  return {};
}

const Type* declared(const Types& types, const std::string& name) {
  auto it = types.find(name);
  return it == types.end() ? nullptr : &it->second;
}

std::optional<size_t> declared_rank(const Type* t) {
  if (!t || t->kind != Type::Kind::tensor || !t->shape) return std::nullopt;
  return t->shape->size();
}

Type relaxed(Type t) {
  if (t.kind == Type::Kind::tensor) t.shape.reset();
  if (t.inner) t.inner = std::make_shared<const Type>(form_of(*t.inner));
  return t;
}

Type stacked(const Type& b, std::optional<int64_t> axis) {
  Type out = make_tensor_type(b.elem);
  if (!axis || !b.shape) return out;
  const int64_t r = static_cast<int64_t>(b.shape->size()) + 1;
  const int64_t ax = *axis < 0 ? *axis + r : *axis;
  if (ax < 0 || ax >= r) return out;
  std::vector<Dim> d = *b.shape;
  d.insert(d.begin() + ax, Dim{});
  out.shape = std::move(d);
  return out;
}

const Graph& graph_attr(const Node& n, const std::string& name) {
  const Attribute* a = n.attr(name);
  if (!a || a->type != AttrType::g || !a->g) refused("W5", n.op_type + " needs the graph attribute '" + name + "'");
  return *a->g;
}

// The value of a stacked output when there is nothing to stack (SB7): empty along the stacking axis, of
// the element type the body declares, with the declared dimensions when all are fixed.
Value empty_stack(EvalContext& cx, const ValueInfo& declared, int64_t axis, const char* op) {
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
    return Tensor::allocate<T>(cx, shape).first;
  }));
}

}  // namespace onnxsem::constructs

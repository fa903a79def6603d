// Optional, OptionalHasElement, OptionalGetElement (spec/ops-sequence.md, SQ13-SQ15).
#include "ops/common/attrs.hpp"
#include "ops/sequence/common.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::sequence {
namespace {

// ---- Optional ----------------------------------------------------------------------------------------------
Outputs optional_15(const KernelArgs& a) {
  // [spec:SQ13] wrap the input tensor or sequence; without one, an empty optional of the 'type' attribute.
  ONNXSEM_CLAUSE(SQ13);
  if (a.has_input(0)) {
    const Value& v = a.value(0);
    std::shared_ptr<const Type> elem;
    if (v.is_tensor()) {
      elem = tensor_type(v.tensor().dtype());
    } else if (v.is_sequence()) {
      auto t = std::make_shared<Type>();
      t->kind = Type::Kind::sequence;
      t->inner = v.sequence().elem;
      if (!t->inner) {
        if (const auto d = elem_dtype(v.sequence())) t->inner = tensor_type(*d);
      }
      elem = t;
    } else {
      eval_error("SQ13", "Optional: the input is " + v.describe() + "; an optional holds a tensor or a sequence");
    }
    return one(OptionalValue{elem, std::make_shared<const Value>(v)});
  }
  const Attribute* type = find_attr(a.node, "type", AttrType::type_proto);
  if (!type) eval_error("SQ13", "Optional without an input needs the attribute 'type'");
  if (type->tp.kind != Type::Kind::tensor && type->tp.kind != Type::Kind::sequence)
    eval_error("SQ13", "Optional: attribute 'type' is " + type->tp.describe() + ", not a tensor or sequence type");
  return one(OptionalValue{std::make_shared<const Type>(type->tp), nullptr});
}

// ---- OptionalHasElement ------------------------------------------------------------------------------------
// [spec:SQ14] true when the optional holds a value; from version 18 a tensor or sequence counts as present and
// an absent input as empty.
Outputs has_element_15(const KernelArgs& a) {
  EvalContext& cx = a.context();
  ONNXSEM_CLAUSE(SQ14);
  return one(Tensor::scalar<bool>(cx, a.value(0).optional().item != nullptr));
}
Outputs has_element_18(const KernelArgs& a) {
  EvalContext& cx = a.context();
  if (!a.has_input(0)) return one(Tensor::scalar<bool>(cx, false));
  const Value& v = a.value(0);
  if (v.is_map())
    eval_error("SQ14", "OptionalHasElement: the input is " + v.describe() + ", not an optional, tensor or sequence");
  return one(Tensor::scalar<bool>(cx, !v.is_optional() || v.optional().item != nullptr));
}

// ---- OptionalGetElement ------------------------------------------------------------------------------------
Value held(const OptionalValue& o) {
  // [spec:SQ15] the held value; an empty optional has none to give.
  ONNXSEM_CLAUSE(SQ15);
  if (!o.item)
    eval_error("SQ15", "OptionalGetElement: the input optional is empty" +
                           (o.elem ? " (of type " + o.elem->describe() + ")" : std::string()));
  return *o.item;
}
Outputs get_element_15(const KernelArgs& a) { return one(held(a.value(0).optional())); }
Outputs get_element_18(const KernelArgs& a) {
  const Value& v = a.value(0);
  if (v.is_map())
    eval_error("SQ15", "OptionalGetElement: the input is " + v.describe() + ", not an optional, tensor or sequence");
  return one(v.is_optional() ? held(v.optional()) : v);
}

}  // namespace

void add_optional_ops(Registry& r) {
  r.add("", "Optional", {15}, optional_15);
  r.add("", "OptionalHasElement", {15}, has_element_15);
  r.add("", "OptionalHasElement", {18}, has_element_18);
  r.add("", "OptionalGetElement", {15}, get_element_15);
  r.add("", "OptionalGetElement", {18}, get_element_18);
}

}  // namespace onnxsem::ops::sequence

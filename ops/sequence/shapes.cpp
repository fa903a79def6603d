// The shape rules of the sequence family (spec/types.md, TY5): for each operator version, the output types its
// definition determines from the input types, the attributes and the known input values. A sequence's type
// carries its items' tensor type: their element type and, where every item is known to have it, a shape.
#include <memory>
#include <string>

#include "ops/common/attrs.hpp"
#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops {
namespace {

Type wrap(Type::Kind kind, Type inner) {
  Type t;
  t.kind = kind;
  t.inner = std::make_shared<const Type>(std::move(inner));
  return t;
}

// The type of a sequence's items (a tensor type, possibly without element type or shape).
Type item_type(const Type& seq) {
  if (seq.kind == Type::Kind::sequence && seq.inner && seq.inner->kind == Type::Kind::tensor) return *seq.inner;
  return make_tensor_type(DType::undefined);
}

// A tensor type that fits both: the element type either knows, and the dimensions both agree on.
Type join(const Type& x, const Type& y) {
  Type t = make_tensor_type(x.elem != DType::undefined ? x.elem : y.elem);
  if (x.shape && y.shape && x.shape->size() == y.shape->size()) {
    Dims d;
    for (size_t i = 0; i < x.shape->size(); ++i)
      d.push_back(same_dim((*x.shape)[i], (*y.shape)[i]) ? (*x.shape)[i] : unknown_dim());
    t.shape = std::move(d);
  }
  return t;
}

// The tensor type of input k (its element type and shape), whatever inference knows of it.
Type tensor_of(const InferenceArgs& a, size_t k) { return make_tensor_type(input_elem(a, k), input_dims(a, k)); }

// SequenceConstruct: the items are the inputs (SQ3).
std::vector<Type> construct(const InferenceArgs& a) {
  if (a.inputs.empty()) return outputs(a, {});
  Type item = tensor_of(a, 0);
  for (size_t k = 1; k < a.inputs.size(); ++k) item = join(item, tensor_of(a, k));
  return outputs(a, {wrap(Type::Kind::sequence, item)});
}

// SequenceEmpty: no items, of the element type `dtype` (default float), one that S allows (SQ4, TY10).
std::vector<Type> empty(const InferenceArgs& a) {
  const DType elem = element_type_attr(a, "dtype", static_cast<int64_t>(DType::float32), output_type_var(a));
  return outputs(a, {wrap(Type::Kind::sequence, make_tensor_type(elem))});
}

// SequenceInsert: the input's items and the tensor (SQ5).
std::vector<Type> insert(const InferenceArgs& a) {
  const Type& s = a.input(0);
  const Type t = tensor_of(a, 1);
  const Type item = s.kind == Type::Kind::sequence && s.inner ? join(item_type(s), t) : make_tensor_type(t.elem);
  return outputs(a, {wrap(Type::Kind::sequence, item)});
}

// SplitToSequence (SQ9-SQ11): the parts have x's shape but along the axis, where their length is 1 (or the
// axis is gone, keepdims 0) without split, and otherwise the split's length when every part has the same.
std::vector<Type> split_to_sequence(const InferenceArgs& a) {
  Type item = tensor_of(a, 0);
  if (item.shape) {
    Dims& d = *item.shape;
    const auto axis = static_cast<size_t>(
        static_axis(attr_int(a.node, "axis", 0), static_cast<int64_t>(d.size()), "SplitToSequence attribute axis"));
    if (!a.has_input(1)) {
      if (attr_int(a.node, "keepdims", 1) != 0) d[axis] = fixed_dim(1);
      else d.erase(d.begin() + static_cast<std::ptrdiff_t>(axis));
    } else {
      const auto split = constant_ints(a, 1);
      const Dim whole = d[axis];
      d[axis] = unknown_dim();
      if (split && !split->empty()) {
        const int64_t s = split->front();
        bool equal = s > 0;
        for (int64_t v : *split) equal = equal && v == s;
        const bool scalar = a.constant(1)->tensor().rank() == 0;
        // a scalar split s gives parts of length s when s divides the extent; a list, its common length
        if (equal && (!scalar || (whole.value && *whole.value > 0 && *whole.value % s == 0))) d[axis] = fixed_dim(s);
      }
    }
  }
  return outputs(a, {wrap(Type::Kind::sequence, item)});
}

// ConcatFromSequence (SQ12): the items joined along the axis, or stacked along a new one.
std::vector<Type> concat_from_sequence(const InferenceArgs& a) {
  const int64_t new_axis = attr_int(a.node, "new_axis", 0);
  if (new_axis != 0 && new_axis != 1)
    type_error("TY10", "ConcatFromSequence: new_axis " + std::to_string(new_axis) + " is not 0 or 1");
  Type y = item_type(a.input(0));
  if (y.shape) {
    Dims& d = *y.shape;
    const int64_t r = static_cast<int64_t>(d.size());
    const auto axis = static_cast<size_t>(
        static_axis(attr_int(a.node, "axis", 0), r + new_axis, "ConcatFromSequence attribute axis"));
    if (new_axis == 1) d.insert(d.begin() + static_cast<std::ptrdiff_t>(axis), unknown_dim());
    else d[axis] = unknown_dim();
  }
  return outputs(a, {y});
}

// Optional (SQ13): an optional of the input's type, or of the type attribute.
std::vector<Type> optional(const InferenceArgs& a) {
  if (a.has_input(0)) {
    Type o;
    o.kind = Type::Kind::optional;
    if (a.input(0).kind != Type::Kind::unknown) o.inner = std::make_shared<const Type>(a.input(0));
    return outputs(a, {o});
  }
  const Attribute* t = a.node.attr("type");
  // [spec:SQ16] Optional has an input or a type attribute describing a tensor or sequence type.
  ONNXSEM_CLAUSE(SQ16);
  if (!t || t->type != AttrType::type_proto || (t->tp.kind != Type::Kind::tensor && t->tp.kind != Type::Kind::sequence))
    type_error("SQ16", std::string("Optional: without an input, the type attribute ") +
                           (t ? "describes " + t->tp.describe() + ", not a tensor or sequence type" : "is required"));
  return outputs(a, {wrap(Type::Kind::optional, t->tp)});
}

// OptionalGetElement (SQ15): the optional's element, or (version 18) a tensor or sequence input itself.
std::vector<Type> get_element(const InferenceArgs& a) {
  const Type& x = a.input(0);
  if (x.kind == Type::Kind::optional) return outputs(a, {x.inner ? *x.inner : Type{}});
  if (x.kind == Type::Kind::tensor || x.kind == Type::Kind::sequence) return outputs(a, {x});
  return outputs(a, {});
}

std::vector<Type> bool_scalar(const InferenceArgs& a) { return outputs(a, {make_tensor_type(DType::boolean, Dims{})}); }

}  // namespace

void shapes_sequence(Registry& r) {
  r.shape_rule("", "SequenceConstruct", construct);
  r.shape_rule("", "SequenceEmpty", empty);
  r.shape_rule("", "SequenceInsert", insert);
  r.shape_rule("", "SequenceAt", [](const InferenceArgs& a) { return outputs(a, {item_type(a.input(0))}); });
  r.shape_rule("", "SequenceErase", same_as_input(0));
  r.shape_rule("", "SequenceLength",
               [](const InferenceArgs& a) { return outputs(a, {make_tensor_type(DType::int64, Dims{})}); });
  r.shape_rule("", "SplitToSequence", split_to_sequence);
  r.shape_rule("", "ConcatFromSequence", concat_from_sequence);
  r.shape_rule("", "Optional", optional);
  r.shape_rule("", "OptionalHasElement", bool_scalar);
  r.shape_rule("", "OptionalGetElement", get_element);
}

}  // namespace onnxsem::ops

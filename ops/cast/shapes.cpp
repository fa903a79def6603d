// The shape rules of the cast family (spec/types.md, TY5; spec/numeric.md, N17-N22): for each operator
// version, the output types its definition determines from the input types, the attributes and the known
// input values. Every output has the input's shape (N19, N22); its element type is `to`'s, or for CastLike
// the second input's.
#include <optional>
#include <string>
#include <vector>

#include "ops/common/attrs.hpp"
#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {

// The input's shape with the element type `elem`.
std::vector<Type> converted(const InferenceArgs& a, DType elem) {
  std::vector<Type> out(a.output_count, tensor_of());
  if (!out.empty()) out[0] = tensor_of(input_dims(a, 0), elem);
  return out;
}

// Cast-1 names the target type as a string: the TensorProto enum name of one of T2's types, in any case.
DType type_named(const InferenceArgs& a) {
  const auto to = attr_string_opt(a.node, "to");
  if (!to) return DType::undefined;
  std::string lower = *to;
  for (char& c : lower)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  if (const TypeVar* t2 = a.signature.var("T2"))
    for (const Type& t : t2->allowed)
      if (t.kind == Type::Kind::tensor && lower == dtype_name(t.elem)) return t.elem;
  // Cast-1's `to` names one of the element types T2 allows (TY10).
  type_error("TY10", "attribute to is \"" + *to + "\", not the name of an element type that T2 allows");
}

// Versions 24 and later: round_mode is one of the three modes (N18).
void check_round_mode(const InferenceArgs& a) {
  if (a.signature.attr("round_mode")) (void)choice_attr(a.node, "round_mode", "up", {"up", "down", "nearest"});
}

std::vector<Type> cast_rule(const InferenceArgs& a) {
  check_round_mode(a);
  return converted(a, element_type_attr(a, "to", std::nullopt, "T2"));
}

std::vector<Type> castlike_rule(const InferenceArgs& a) {
  check_round_mode(a);
  return converted(a, input_elem(a, 1));
}

}  // namespace

void shapes_cast(Registry& r) {
  r.shape_rule("", "Cast", {1}, [](const InferenceArgs& a) { return converted(a, type_named(a)); });
  r.shape_rule("", "Cast", {6, 9, 13, 19, 21, 23, 24, 25}, cast_rule);
  r.shape_rule("", "CastLike", castlike_rule);
  // BitCast keeps the shape: `to` has the input's bit width (N20), so one element maps to one element.
  r.shape_rule("", "BitCast", cast_rule);
}

}  // namespace onnxsem::ops

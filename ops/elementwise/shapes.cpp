// The shape rules of the elementwise family (spec/types.md, TY5; spec/ops-elementwise.md, "Shape rules"): for
// each operator version, the output types its definition determines from the input types, the attributes and
// the known input values. Unary operators keep their input's type (EW1), the broadcasting versions give the
// broadcast of their inputs (EW2, TS1), the limited-broadcast versions 1 and 6 A's shape (EW3).
#include <optional>
#include <string>
#include <vector>

#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {

// Output 0 has the shape of input k; its element type is left to the signature (a comparison's bool, a
// legacy operator's T).
ShapeRule shape_of_input(size_t k) {
  return [k](const InferenceArgs& a) {
    std::vector<Type> out(a.output_count, tensor_of());
    if (!out.empty()) out[0] = tensor_of(input_dims(a, k));
    return out;
  };
}

// Sum, Mean, Max, Min versions 1 and 6 (EW22): every input has the output's shape, so the first input whose
// shape is known gives it.
std::vector<Type> equal_shapes_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  for (size_t k = 0; k < a.inputs.size() && !out.empty(); ++k)
    if (const auto& d = input_dims(a, k)) {
      out[0] = tensor_of(d);
      break;
    }
  return out;
}

// PRelu from version 7 (EW16): Y has X's shape, slope broadcasting to it in one direction. Where the slope has
// at most X's rank, the broadcast of the two is X's shape whenever evaluation succeeds, so it refines the
// sizes of X that are unknown (and refuses sizes that cannot broadcast at all, TS1).
std::vector<Type> prelu_rule(const InferenceArgs& a) {
  std::vector<Type> out = shape_of_input(0)(a);
  const auto& x = input_dims(a, 0);
  const auto& slope = input_dims(a, 1);
  if (out.empty() || !x || !slope || slope->size() > x->size()) return out;
  out[0].shape = broadcast_dims({*x, *slope}, "X and slope");
  return out;
}

}  // namespace

void shapes_elementwise(Registry& r) {
  const ShapeRule unary = same_as_input(0);
  const ShapeRule broadcast = broadcast_inputs();
  const ShapeRule legacy = shape_of_input(0);  // EW3: A's shape

  // Unary functions and activations (EW1): the input's type.
  for (const char* op : {"Neg", "Abs", "Reciprocal", "Sqrt", "Exp", "Log", "Ceil", "Floor", "Sigmoid", "Tanh"})
    r.shape_rule("", op, unary);
  r.shape_rule("", "Sign", unary);
  r.shape_rule("", "Erf", unary);
  r.shape_rule("", "Round", unary);
  for (const char* op : {"Sin", "Cos", "Tan", "Asin", "Acos", "Atan"}) r.shape_rule("", op, unary);
  for (const char* op : {"Sinh", "Cosh", "Asinh", "Acosh", "Atanh"}) r.shape_rule("", op, unary);
  r.shape_rule("", "BitwiseNot", unary);
  r.shape_rule("", "Not", unary);
  r.shape_rule("", "Relu", unary);
  r.shape_rule("", "LeakyRelu", unary);
  r.shape_rule("", "ThresholdedRelu", unary);
  for (const char* op : {"Elu", "Selu", "HardSigmoid"}) r.shape_rule("", op, unary);
  r.shape_rule("", "Celu", unary);
  r.shape_rule("", "Softplus", unary);
  r.shape_rule("", "Softsign", unary);
  r.shape_rule("", "Mish", unary);
  r.shape_rule("", "HardSwish", unary);
  r.shape_rule("", "Swish", unary);
  r.shape_rule("", "Shrink", unary);
  r.shape_rule("", "Clip", unary);  // input 0's type; the bounds are scalars (EW15)
  r.shape_rule("", "Gelu", [unary](const InferenceArgs& a) {
    (void)choice_attr(a.node, "approximate", "none", {"none", "tanh"});
    return unary(a);
  });
  // IsNaN and IsInf: the input's shape, the bool element type of the signature.
  r.shape_rule("", "IsNaN", legacy);
  r.shape_rule("", "IsInf", legacy);
  r.shape_rule("", "PRelu", {1, 6}, legacy);  // EW31: X's shape
  r.shape_rule("", "PRelu", {7, 9, 16}, prelu_rule);

  // Binary operators: A's shape in the limited-broadcast versions (EW3), the broadcast from version 7 (EW2).
  for (const char* op : {"Add", "Sub", "Mul", "Div"}) {
    r.shape_rule("", op, {1, 6}, legacy);
    r.shape_rule("", op, {7, 13, 14}, broadcast);
  }
  r.shape_rule("", "Pow", {1}, legacy);
  r.shape_rule("", "Pow", {7, 12, 13, 15}, broadcast);  // the output takes the base's type (signature)
  r.shape_rule("", "Mod", broadcast);
  r.shape_rule("", "BitShift", [broadcast](const InferenceArgs& a) {
    (void)choice_attr(a.node, "direction", "", {"LEFT", "RIGHT"});
    return broadcast(a);
  });
  for (const char* op : {"BitwiseAnd", "BitwiseOr", "BitwiseXor"}) r.shape_rule("", op, broadcast);
  r.shape_rule("", "SwiGLU", broadcast);  // EW33
  for (const char* op : {"Equal", "Greater", "Less", "And", "Or", "Xor"}) r.shape_rule("", op, {1}, legacy);
  r.shape_rule("", "Equal", {7, 11, 13, 19}, broadcast);
  r.shape_rule("", "Greater", {7, 9, 13}, broadcast);
  r.shape_rule("", "Less", {7, 9, 13}, broadcast);
  r.shape_rule("", "GreaterOrEqual", broadcast);
  r.shape_rule("", "LessOrEqual", broadcast);
  for (const char* op : {"And", "Or", "Xor"}) r.shape_rule("", op, {7}, broadcast);
  r.shape_rule("", "Where", broadcast);  // EW14: the three inputs broadcast

  // Variadic operators: equal shapes in versions 1 and 6 (EW22), the broadcast of all from version 8.
  for (const char* op : {"Sum", "Mean", "Max", "Min"}) r.shape_rule("", op, {1, 6}, equal_shapes_rule);
  r.shape_rule("", "Sum", {8, 13}, broadcast);
  r.shape_rule("", "Mean", {8, 13}, broadcast);
  r.shape_rule("", "Max", {8, 12, 13}, broadcast);
  r.shape_rule("", "Min", {8, 12, 13}, broadcast);
}

}  // namespace onnxsem::ops

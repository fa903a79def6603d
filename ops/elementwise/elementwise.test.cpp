// The elementwise family registers every version ONNX defines for its operators.
#include "ops/elementwise/ew_test_util.hpp"

using namespace ewt;

TEST_CASE("elementwise family registers every operator version") {
  const std::vector<std::pair<std::string, std::vector<int64_t>>> expected = {
      {"Abs", {1, 6, 13}},
      {"Acos", {7, 22}},
      {"Acosh", {9, 22}},
      {"Add", {1, 6, 7, 13, 14}},
      {"And", {1, 7}},
      {"Asin", {7, 22}},
      {"Asinh", {9, 22}},
      {"Atan", {7, 22}},
      {"Atanh", {9, 22}},
      {"BitShift", {11}},
      {"BitwiseAnd", {18}},
      {"BitwiseNot", {18}},
      {"BitwiseOr", {18}},
      {"BitwiseXor", {18}},
      {"Ceil", {1, 6, 13}},
      {"Celu", {12, 28}},
      {"Clip", {1, 6, 11, 12, 13}},
      {"Cos", {7, 22}},
      {"Cosh", {9, 22}},
      {"Div", {1, 6, 7, 13, 14}},
      {"Elu", {1, 6, 22}},
      {"Equal", {1, 7, 11, 13, 19}},
      {"Erf", {9, 13}},
      {"Exp", {1, 6, 13}},
      {"Floor", {1, 6, 13}},
      {"Gelu", {20}},
      {"Greater", {1, 7, 9, 13}},
      {"GreaterOrEqual", {12, 16}},
      {"HardSigmoid", {1, 6, 22}},
      {"HardSwish", {14, 22}},
      {"IsInf", {10, 20}},
      {"IsNaN", {9, 13, 20}},
      {"LeakyRelu", {1, 6, 16}},
      {"Less", {1, 7, 9, 13}},
      {"LessOrEqual", {12, 16}},
      {"Log", {1, 6, 13}},
      {"Max", {1, 6, 8, 12, 13}},
      {"Mean", {1, 6, 8, 13}},
      {"Min", {1, 6, 8, 12, 13}},
      {"Mish", {18, 22}},
      {"Mod", {10, 13}},
      {"Mul", {1, 6, 7, 13, 14}},
      {"Neg", {1, 6, 13}},
      {"Not", {1}},
      {"Or", {1, 7}},
      {"PRelu", {1, 6, 7, 9, 16}},
      {"Pow", {1, 7, 12, 13, 15}},
      {"Reciprocal", {1, 6, 13}},
      {"Relu", {1, 6, 13, 14}},
      {"Round", {11, 22}},
      {"Selu", {1, 6, 22}},
      {"Shrink", {9}},
      {"Sigmoid", {1, 6, 13}},
      {"Sign", {9, 13}},
      {"Sin", {7, 22}},
      {"Sinh", {9, 22}},
      {"Softplus", {1, 22}},
      {"Softsign", {1, 22}},
      {"Sqrt", {1, 6, 13}},
      {"Sub", {1, 6, 7, 13, 14}},
      {"Sum", {1, 6, 8, 13}},
      {"SwiGLU", {28}},
      {"Swish", {24}},
      {"Tan", {7, 22}},
      {"Tanh", {1, 6, 13}},
      {"ThresholdedRelu", {10, 22}},
      {"Where", {9, 16}},
      {"Xor", {1, 7}},
  };
  size_t count = 0;
  for (const auto& [op_name, versions] : expected) {
    const auto& op = op_name;  // a plain variable: clang 14 cannot capture structured bindings
    for (int64_t v : versions) {
      INFO(op << "-" << v);
      CHECK(registry().kernel("", op, v) != nullptr);
      ++count;
    }
  }
  CHECK(registry().implemented().size() == count);
}

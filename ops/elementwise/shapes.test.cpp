// Tests of the elementwise family's shape rules (spec/ops-elementwise.md, "Shape rules"; spec/types.md, TY5).
#include <doctest/doctest.h>

#include <limits>

#include "ops/common/testing.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {

using namespace testing;
using V = std::vector<int64_t>;
constexpr auto F = DType::float32;
constexpr auto B = DType::boolean;
constexpr int64_t big = std::numeric_limits<int64_t>::max();

const Registry& reg() { return testing::shape_registry<add_elementwise, describe_elementwise, shapes_elementwise>(); }

std::vector<Type> infer(const std::string& op, int64_t since, std::vector<std::optional<Type>> in,
                        std::vector<Attribute> attrs = {}) {
  return infer_with(reg(), make_node(op, std::move(attrs), "", 1), since, std::move(in));
}

TEST_CASE("Unary operators and activations keep the input's type") {
  for (const char* op : {"Relu", "Sigmoid", "Neg", "Abs", "Exp"}) {
    auto y = infer(op, 13, {ttype(F, {2, 3})});
    CHECK(dims_of(y[0]) == V{2, 3});
    CHECK(y[0].elem == F);
  }
  auto y = infer("Softplus", 22, {stype(F, {"N", ""})});
  REQUIRE(y[0].shape);
  CHECK((*y[0].shape)[0].param == "N");
  CHECK_FALSE((*y[0].shape)[1].value);
  CHECK(dims_of(infer("Clip", 13, {ttype(F, {}), ttype(F, {}), ttype(F, {})})[0]) == V{});
  CHECK_FALSE(infer("Selu", 22, {ttype(F, {}, false)})[0].shape);
  CHECK(dims_of(infer("Tanh", 13, {ttype(F, {big, 0})})[0]) == V{big, 0});
  // IsNaN and IsInf: the shape, with the bool elements the signature fixes.
  y = infer("IsNaN", 20, {ttype(F, {4, 1})});
  CHECK(dims_of(y[0]) == V{4, 1});
  CHECK(y[0].elem != F);
}

TEST_CASE("Binary operators broadcast from version 7 (EW2, TS1)") {
  CHECK(dims_of(infer("Add", 14, {ttype(F, {2, 1, 3}), ttype(F, {4, 1})})[0]) == V{2, 4, 3});
  CHECK(dims_of(infer("Equal", 19, {ttype(F, {3}), ttype(F, {})})[0]) == V{3});
  CHECK(dims_of(infer("Pow", 15, {ttype(F, {2, 3}), ttype(DType::int64, {1})})[0]) == V{2, 3});
  CHECK(dims_of(infer("BitwiseAnd", 18, {ttype(DType::int32, {big}), ttype(DType::int32, {1})})[0]) == V{big});
  // A symbol against 1 stays; against an unknown size it is unknown.
  auto y = infer("Mul", 14, {stype(F, {"N", "C"}), ttype(F, {1, -1})});
  REQUIRE(y[0].shape);
  CHECK((*y[0].shape)[0].param == "N");
  CHECK_FALSE((*y[0].shape)[1].value);
  CHECK_FALSE(infer("Sub", 14, {ttype(F, {2}), ttype(F, {}, false)})[0].shape);
  CHECK(clause_of([] { (void)infer("Add", 14, {ttype(F, {2, 3}), ttype(F, {4})}); }) == "TS1");
  CHECK(clause_of([] { (void)infer("Less", 13, {ttype(F, {2}), ttype(F, {3})}); }) == "TS1");
}

TEST_CASE("Versions 1 and 6 of the binary operators give A's shape (EW3)") {
  CHECK(dims_of(infer("Add", 6, {ttype(F, {2, 3}), ttype(F, {3})}, {attr_i("broadcast", 1)})[0]) == V{2, 3});
  CHECK(dims_of(infer("Greater", 1, {ttype(F, {5}), ttype(F, {1})}, {attr_i("broadcast", 1)})[0]) == V{5});
  CHECK_FALSE(infer("Div", 1, {ttype(F, {}, false), ttype(F, {3})})[0].shape);
}

TEST_CASE("Variadic operators: equal shapes in versions 1 and 6, the broadcast of all from 8 (EW22)") {
  CHECK(dims_of(infer("Sum", 6, {ttype(F, {}, false), ttype(F, {2, 2})})[0]) == V{2, 2});
  CHECK(dims_of(infer("Max", 13, {ttype(F, {3, 1}), ttype(F, {1, 4}), ttype(F, {4})})[0]) == V{3, 4});
  CHECK(dims_of(infer("Mean", 13, {ttype(F, {7})})[0]) == V{7});
  CHECK(clause_of([] { (void)infer("Min", 13, {ttype(F, {3}), ttype(F, {1}), ttype(F, {2})}); }) == "TS1");
}

TEST_CASE("Where broadcasts its three inputs (EW14)") {
  CHECK(dims_of(infer("Where", 16, {ttype(B, {2, 1}), ttype(F, {3}), ttype(F, {1, 1, 1})})[0]) == V{1, 2, 3});
  CHECK(clause_of([] { (void)infer("Where", 16, {ttype(B, {2}), ttype(F, {3}), ttype(F, {1})}); }) == "TS1");
}

TEST_CASE("PRelu: X's shape, refined by the slope from version 7 (EW16, EW31)") {
  CHECK(dims_of(infer("PRelu", 16, {ttype(F, {2, 3}), ttype(F, {3})})[0]) == V{2, 3});
  CHECK(dims_of(infer("PRelu", 16, {ttype(F, {2, -1}), ttype(F, {4})})[0]) == V{2, 4});
  CHECK(dims_of(infer("PRelu", 6, {ttype(F, {1, 3, 2}), ttype(F, {3})})[0]) == V{1, 3, 2});
  CHECK(dims_of(infer("PRelu", 9, {ttype(F, {3}), ttype(F, {1, 3})})[0]) == V{3});  // left to evaluation
  CHECK(clause_of([] { (void)infer("PRelu", 16, {ttype(F, {2, 3}), ttype(F, {2})}); }) == "TS1");
}

TEST_CASE("SwiGLU and Mod broadcast") {
  CHECK(dims_of(infer("SwiGLU", 28, {ttype(F, {2, 8}), ttype(F, {2, 8})})[0]) == V{2, 8});
  CHECK(dims_of(infer("Mod", 13, {ttype(DType::int32, {4, 1}), ttype(DType::int32, {5})})[0]) == V{4, 5});
}

TEST_CASE("TY10: BitShift's direction and Gelu's approximate hold one of their values") {
  const Type u = ttype(DType::uint8, {2});
  CHECK(dims_of(infer("BitShift", 11, {u, u}, {attr_s("direction", "LEFT")})[0]) == V{2});
  CHECK(clause_of([&] { (void)infer("BitShift", 11, {u, u}, {attr_s("direction", "left")}); }) == "TY10");
  CHECK(dims_of(infer("Gelu", 20, {ttype(F, {3})}, {attr_s("approximate", "tanh")})[0]) == V{3});
  CHECK(clause_of([] { (void)infer("Gelu", 20, {ttype(F, {3})}, {attr_s("approximate", "erf")}); }) == "TY10");
}

}  // namespace
}  // namespace onnxsem::ops

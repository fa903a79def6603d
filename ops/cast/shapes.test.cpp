// Tests of the cast family's shape rules (spec/numeric.md, "Shapes"; spec/types.md, TY5 and TY10).
#include <doctest/doctest.h>

#include <limits>

#include "ops/common/testing.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {

using namespace testing;
using V = std::vector<int64_t>;
constexpr auto F = DType::float32;

const Registry& reg() { return testing::shape_registry<add_cast, describe_cast, shapes_cast>(); }

std::vector<Type> infer(const std::string& op, int64_t since, std::vector<std::optional<Type>> in,
                        std::vector<Attribute> attrs = {}) {
  return infer_with(reg(), make_node(op, std::move(attrs), "", 1), since, std::move(in));
}

TEST_CASE("Cast: the input's shape, the element type `to` names") {
  auto y = infer("Cast", 25, {ttype(F, {2, -1})}, {attr_i("to", 7)});
  CHECK(dims_of(y[0]) == V{2, -1});
  CHECK(y[0].elem == DType::int64);
  y = infer("Cast", 13, {ttype(DType::string, {}, false)}, {attr_i("to", 1)});
  CHECK_FALSE(y[0].shape);
  CHECK(y[0].elem == F);
  y = infer("Cast", 21, {ttype(F, {std::numeric_limits<int64_t>::max()})}, {attr_i("to", 21)});
  CHECK(y[0].elem == DType::uint4);
  // Cast-1 names the type: its TensorProto enum name, in any letter case.
  y = infer("Cast", 1, {ttype(F, {3})}, {attr_s("to", "Double")});
  CHECK(dims_of(y[0]) == V{3});
  CHECK(y[0].elem == DType::float64);
}

TEST_CASE("TY10: Cast's `to` is an element type that T2 allows, round_mode one of three") {
  CHECK(clause_of([] { (void)infer("Cast", 13, {ttype(F, {2})}, {attr_i("to", 14)}); }) == "TY10");  // complex64
  CHECK(clause_of([] { (void)infer("Cast", 13, {ttype(F, {2})}, {attr_i("to", 17)}); }) == "TY10");  // float8: from 19
  CHECK(clause_of([] { (void)infer("Cast", 25, {ttype(F, {2})}, {attr_i("to", -1)}); }) == "TY10");
  CHECK(clause_of([] { (void)infer("Cast", 25, {ttype(F, {2})}, {attr_i("to", 1LL << 40)}); }) == "TY10");
  CHECK(clause_of([] { (void)infer("Cast", 1, {ttype(F, {2})}, {attr_s("to", "STRING")}); }) == "TY10");
  CHECK(clause_of([] { (void)infer("Cast", 1, {ttype(F, {2})}, {attr_s("to", "FLOAT32")}); }) == "TY10");
  CHECK(clause_of([] {
          (void)infer("Cast", 25, {ttype(F, {2})}, {attr_i("to", 24), attr_s("round_mode", "zero")});
        }) == "TY10");
  CHECK(clause_of([] {
          (void)infer("CastLike", 25, {ttype(F, {2}), ttype(F, {})}, {attr_s("round_mode", "UP")});
        }) == "TY10");
  CHECK(clause_of([] { (void)infer("BitCast", 26, {ttype(F, {2})}, {attr_i("to", 8)}); }) == "TY10");  // string
}

TEST_CASE("CastLike: input 0's shape, input 1's element type") {
  auto y = infer("CastLike", 19, {ttype(F, {4, 5}), ttype(DType::float16, {7})});
  CHECK(dims_of(y[0]) == V{4, 5});
  CHECK(y[0].elem == DType::float16);
  y = infer("CastLike", 15, {ttype(F, {}, false), ttype(DType::int8, {})});
  CHECK_FALSE(y[0].shape);
  CHECK(y[0].elem == DType::int8);
}

TEST_CASE("BitCast keeps the shape (N22)") {
  auto y = infer("BitCast", 26, {ttype(F, {2, 3})}, {attr_i("to", 6)});
  CHECK(dims_of(y[0]) == V{2, 3});
  CHECK(y[0].elem == DType::int32);
  y = infer("BitCast", 26, {ttype(DType::boolean, {0})}, {attr_i("to", 2)});
  CHECK(dims_of(y[0]) == V{0});
  CHECK(y[0].elem == DType::uint8);
}

}  // namespace
}  // namespace onnxsem::ops

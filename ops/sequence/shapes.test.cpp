// Tests of the sequence family's shape rules (ops/sequence/shapes.cpp; spec/types.md TY5,
// spec/ops-sequence.md).
#include <doctest/doctest.h>

#include <limits>
#include <memory>

#include "ops/common/testing.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {

using testing::attr_i;
using testing::attr_type;
using testing::clause_of;
using testing::dims_of;
using testing::make_node;
using testing::ti64;
using testing::ttype;
using Dims64 = std::vector<int64_t>;

const Registry& reg() { return testing::shape_registry<add_sequence, describe_sequence, shapes_sequence>(); }

std::vector<Type> infer(const std::string& op, int64_t since, std::vector<std::optional<Type>> in,
                        std::vector<Attribute> attrs = {}, std::vector<std::optional<Value>> constants = {}) {
  return testing::infer_with(reg(), make_node(op, std::move(attrs), "", 1), since, std::move(in), std::move(constants));
}

Type seq_of(Type t) {
  Type s;
  s.kind = Type::Kind::sequence;
  s.inner = std::make_shared<const Type>(std::move(t));
  return s;
}
// The item type of an inferred sequence (or the element of an optional).
const Type& inner(const Type& t) {
  REQUIRE(t.inner);
  return *t.inner;
}

const auto f = DType::float32;

TEST_CASE("sequence shapes: SequenceConstruct's items keep the dimensions all inputs share") {
  Type n = ttype(f, {3});
  n.shape->insert(n.shape->begin(), Dim{std::nullopt, "N"});
  auto out = infer("SequenceConstruct", 11, {n, n});
  CHECK(out[0].kind == Type::Kind::sequence);
  CHECK(inner(out[0]).elem == f);
  REQUIRE(inner(out[0]).shape);
  CHECK(inner(out[0]).shape->at(0).param == "N");
  out = infer("SequenceConstruct", 11, {ttype(f, {2, 3}), ttype(f, {4, 3})});
  CHECK(dims_of(inner(out[0])) == Dims64{-1, 3});
  out = infer("SequenceConstruct", 11, {ttype(f, {2, 3}), ttype(f, {2})});
  CHECK_FALSE(inner(out[0]).shape);
  CHECK(inner(out[0]).elem == f);
}

TEST_CASE("sequence shapes: SequenceEmpty's items have dtype's element type") {
  auto out = infer("SequenceEmpty", 11, {});
  CHECK(out[0].kind == Type::Kind::sequence);
  CHECK(inner(out[0]).elem == f);
  CHECK(inner(out[0]).elem == DType::float32);
  CHECK(inner(infer("SequenceEmpty", 11, {}, {attr_i("dtype", 7)})[0]).elem == DType::int64);
}

TEST_CASE("[TY10] SequenceEmpty: dtype names an element type a sequence may have") {
  CHECK(clause_of([] { (void)infer("SequenceEmpty", 11, {}, {attr_i("dtype", 99)}); }) == "TY10");
  CHECK(clause_of([] {
          (void)infer("SequenceEmpty", 11, {}, {attr_i("dtype", std::numeric_limits<int64_t>::min())});
        }) == "TY10");
  CHECK(clause_of([] { (void)infer("SequenceEmpty", 11, {}, {attr_i("dtype", 17)}); }) == "TY10");
}

TEST_CASE("sequence shapes: SequenceInsert, SequenceAt, SequenceErase and SequenceLength") {
  const Type s = seq_of(ttype(f, {2, 3}));
  auto out = infer("SequenceInsert", 11, {s, ttype(f, {2, 5})});
  CHECK(dims_of(inner(out[0])) == Dims64{2, -1});
  out = infer("SequenceInsert", 11, {Type{}, ttype(f, {2, 5})});
  CHECK(inner(out[0]).elem == f);
  CHECK_FALSE(inner(out[0]).shape);
  out = infer("SequenceAt", 11, {s, ttype(DType::int64, {})});
  CHECK(out[0].kind == Type::Kind::tensor);
  CHECK(dims_of(out[0]) == Dims64{2, 3});
  out = infer("SequenceErase", 11, {s});
  CHECK(dims_of(inner(out[0])) == Dims64{2, 3});
  out = infer("SequenceLength", 11, {s});
  CHECK(out[0].elem == DType::int64);
  CHECK(dims_of(out[0]) == Dims64{});
}

TEST_CASE("sequence shapes: SplitToSequence's parts") {
  const Type x = ttype(f, {6, 4});
  auto out = infer("SplitToSequence", 11, {x});
  CHECK(dims_of(inner(out[0])) == Dims64{1, 4});
  out = infer("SplitToSequence", 24, {x}, {attr_i("axis", -1), attr_i("keepdims", 0)});
  CHECK(dims_of(inner(out[0])) == Dims64{6});
  const Type i = ttype(DType::int64, {});
  out = infer("SplitToSequence", 11, {x, i}, {}, {std::nullopt, Value(ti64({}, {3}))});
  CHECK(dims_of(inner(out[0])) == Dims64{3, 4});
  out = infer("SplitToSequence", 11, {x, i}, {}, {std::nullopt, Value(ti64({}, {4}))});
  CHECK(dims_of(inner(out[0])) == Dims64{-1, 4});
  out = infer("SplitToSequence", 11, {x, ttype(DType::int64, {2})}, {attr_i("keepdims", 0)},
              {std::nullopt, Value(ti64({2}, {3, 3}))});
  CHECK(dims_of(inner(out[0])) == Dims64{3, 4});
  out = infer("SplitToSequence", 11, {x, ttype(DType::int64, {2})}, {}, {std::nullopt, Value(ti64({2}, {2, 4}))});
  CHECK(dims_of(inner(out[0])) == Dims64{-1, 4});
  out = infer("SplitToSequence", 11, {x, i});
  CHECK(dims_of(inner(out[0])) == Dims64{-1, 4});
  CHECK(clause_of([&] { (void)infer("SplitToSequence", 11, {x}, {attr_i("axis", 2)}); }) == "TS2");
  CHECK_FALSE(inner(infer("SplitToSequence", 11, {ttype(f, {}, false)}, {attr_i("axis", 9)})[0]).shape);
}

TEST_CASE("sequence shapes: ConcatFromSequence joins or stacks the items") {
  const Type s = seq_of(ttype(f, {2, 3}));
  auto out = infer("ConcatFromSequence", 11, {s}, {attr_i("axis", 1)});
  CHECK(out[0].elem == f);
  CHECK(dims_of(out[0]) == Dims64{2, -1});
  out = infer("ConcatFromSequence", 11, {s}, {attr_i("axis", -1), attr_i("new_axis", 1)});
  CHECK(dims_of(out[0]) == Dims64{2, 3, -1});
  CHECK(clause_of([&] { (void)infer("ConcatFromSequence", 11, {s}, {attr_i("axis", 2)}); }) == "TS2");
  CHECK(clause_of([&] {
          (void)infer("ConcatFromSequence", 11, {s}, {attr_i("axis", 0), attr_i("new_axis", 2)});
        }) == "TY10");
  CHECK_FALSE(infer("ConcatFromSequence", 11, {Type{}}, {attr_i("axis", 7)})[0].shape);
}

TEST_CASE("sequence shapes: Optional, OptionalHasElement and OptionalGetElement") {
  auto out = infer("Optional", 15, {ttype(f, {2})});
  CHECK(out[0].kind == Type::Kind::optional);
  CHECK(dims_of(inner(out[0])) == Dims64{2});
  out = infer("Optional", 15, {std::nullopt}, {attr_type("type", seq_of(ttype(DType::int32, {}, false)))});
  CHECK(inner(out[0]).kind == Type::Kind::sequence);
  out = infer("OptionalGetElement", 18, {out[0]});
  CHECK(out[0].kind == Type::Kind::sequence);
  CHECK(dims_of(infer("OptionalGetElement", 18, {ttype(f, {4})})[0]) == Dims64{4});
  out = infer("OptionalHasElement", 18, {std::nullopt});
  CHECK(out[0].elem == DType::boolean);
  CHECK(dims_of(out[0]) == Dims64{});
}

TEST_CASE("[SQ16] Optional: without an input, the type attribute gives a tensor or sequence type") {
  CHECK(clause_of([] { (void)infer("Optional", 15, {std::nullopt}); }) == "SQ16");
  Type m;
  m.kind = Type::Kind::map;
  m.key = DType::int64;
  CHECK(clause_of([&] { (void)infer("Optional", 15, {std::nullopt}, {attr_type("type", m)}); }) == "SQ16");
}

}  // namespace
}  // namespace onnxsem::ops

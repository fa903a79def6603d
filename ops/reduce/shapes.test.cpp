// Tests of the reduce family's shape rules (spec/ops-reduce.md, "Shapes"; spec/types.md, TY5).
#include <doctest/doctest.h>

#include <limits>

#include "ops/common/testing.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {

using namespace testing;
using V = std::vector<int64_t>;
constexpr auto F = DType::float32;
constexpr auto I64 = DType::int64;
constexpr int64_t big = std::numeric_limits<int64_t>::max();

const Registry& reg() { return testing::shape_registry<add_reduce, describe_reduce, shapes_reduce>(); }

std::vector<Type> infer(const std::string& op, int64_t since, std::vector<std::optional<Type>> in,
                        std::vector<Attribute> attrs = {}, size_t outputs = 1,
                        std::vector<std::optional<Value>> constants = {}) {
  return infer_with(reg(), make_node(op, std::move(attrs), "", outputs), since, std::move(in), std::move(constants));
}

TEST_CASE("Reductions with the axes attribute (RD1, RD4)") {
  const Type x = ttype(F, {2, 3, 4});
  CHECK(dims_of(infer("ReduceMean", 13, {x}, {attr_is("axes", {1})})[0]) == V{2, 1, 4});
  CHECK(dims_of(infer("ReduceMax", 12, {x}, {attr_is("axes", {-1, 0}), attr_i("keepdims", 0)})[0]) == V{3});
  CHECK(dims_of(infer("ReduceSum", 11, {x})[0]) == V{1, 1, 1});
  CHECK(dims_of(infer("ReduceL2", 1, {x}, {attr_is("axes", {}), attr_i("keepdims", 0)})[0]) == V{});
  // Every axis removed gives a scalar even when x's rank is unknown; kept, the rank stays unknown.
  CHECK(dims_of(infer("ReduceProd", 13, {ttype(F, {}, false)}, {attr_i("keepdims", 0)})[0]) == V{});
  CHECK_FALSE(infer("ReduceProd", 13, {ttype(F, {}, false)})[0].shape);
  auto y = infer("ReduceSumSquare", 13, {stype(F, {"N", "C"})}, {attr_is("axes", {1})});
  REQUIRE(y[0].shape);
  CHECK((*y[0].shape)[0].param == "N");
  CHECK((*y[0].shape)[1].value == 1);
  CHECK(dims_of(infer("ReduceMin", 13, {ttype(F, {big, big})}, {attr_is("axes", {0})})[0]) == V{1, big});
}

TEST_CASE("Reductions with the axes input: constant, empty, of known length, unknown") {
  const Type x = ttype(F, {2, 1, 4});
  const Type axes2 = ttype(I64, {2});
  CHECK(dims_of(infer("ReduceSum", 13, {x, axes2}, {}, 1, {std::nullopt, Value(ti64({2}, {0, 2}))})[0]) == V{1, 1, 1});
  const auto y = infer("ReduceMean", 18, {x, axes2}, {attr_i("keepdims", 0)}, 1,
                       {std::nullopt, Value(ti64({2}, {0, -1}))});
  CHECK(dims_of(y[0]) == V{1});
  // Absent or empty axes: every axis, or none with noop_with_empty_axes.
  CHECK(dims_of(infer("ReduceMax", 20, {x})[0]) == V{1, 1, 1});
  CHECK(dims_of(infer("ReduceMax", 20, {x, std::nullopt}, {attr_i("noop_with_empty_axes", 1)})[0]) == V{2, 1, 4});
  CHECK(dims_of(infer("ReduceL1", 18, {x, ttype(I64, {0})}, {attr_i("keepdims", 0)})[0]) == V{});
  CHECK(dims_of(infer("ReduceL1", 18, {x, ttype(I64, {0})}, {attr_i("noop_with_empty_axes", 1)})[0]) == V{2, 1, 4});
  // Unknown values: with keepdims the rank, a size 1 staying 1; without it the rank drops by their count.
  CHECK(dims_of(infer("ReduceSum", 13, {x, ttype(I64, {-1})})[0]) == V{-1, 1, -1});
  CHECK(dims_of(infer("ReduceLogSum", 18, {x, axes2}, {attr_i("keepdims", 0)})[0]) == V{-1});
  CHECK_FALSE(infer("ReduceLogSum", 18, {x, ttype(I64, {-1})}, {attr_i("keepdims", 0)})[0].shape);
  CHECK_FALSE(infer("ReduceLogSum", 18, {x, ttype(I64, {big})}, {attr_i("keepdims", 0)})[0].shape);
  CHECK_FALSE(infer("ReduceLogSumExp", 18, {ttype(F, {}, false), axes2})[0].shape);
}

TEST_CASE("TS2: reduction axes lie within x's rank") {
  CHECK(clause_of([] { (void)infer("ReduceSum", 11, {ttype(F, {2, 3})}, {attr_is("axes", {2})}); }) == "TS2");
  CHECK(clause_of([] { (void)infer("ReduceMean", 13, {ttype(F, {2, 3})}, {attr_is("axes", {-big})}); }) == "TS2");
  CHECK(clause_of([] {
          (void)infer("ReduceSum", 13, {ttype(F, {2}), ttype(I64, {1})}, {}, 1, {std::nullopt, Value(ti64({1}, {-2}))});
        }) == "TS2");
  CHECK(clause_of([] { (void)infer("ArgMax", 13, {ttype(F, {2, 3})}, {attr_i("axis", 2)}); }) == "TS2");
  CHECK(clause_of([] { (void)infer("Softmax", 13, {ttype(F, {})}); }) == "TS2");
  CHECK(clause_of([] { (void)infer("Hardmax", 11, {ttype(F, {4})}); }) == "TS2");  // default axis 1
  CHECK(clause_of([] {
          (void)infer("CumSum", 14, {ttype(F, {4}), ttype(I64, {})}, {}, 1, {std::nullopt, Value(ti64({}, {1}))});
        }) == "TS2");
  CHECK(clause_of([] { (void)infer("TopK", 1, {ttype(F, {4})}, {attr_i("k", 1), attr_i("axis", 1)}, 2); }) == "TS2");
}

TEST_CASE("ArgMax and ArgMin: int64, the axis kept as 1 or removed (RD13)") {
  auto y = infer("ArgMin", 12, {ttype(F, {2, 3, 4})}, {attr_i("axis", -2)});
  CHECK(dims_of(y[0]) == V{2, 1, 4});
  CHECK(y[0].elem == I64);
  CHECK(dims_of(infer("ArgMax", 1, {ttype(F, {2, 3})}, {attr_i("keepdims", 0)})[0]) == V{3});
  CHECK_FALSE(infer("ArgMax", 13, {ttype(F, {}, false)})[0].shape);
}

TEST_CASE("Softmax family and CumSum keep the input's type") {
  CHECK(dims_of(infer("LogSoftmax", 13, {ttype(F, {2, 5})}, {attr_i("axis", -2)})[0]) == V{2, 5});
  CHECK(dims_of(infer("Softmax", 1, {ttype(F, {2, 5})})[0]) == V{2, 5});
  CHECK_FALSE(infer("Softmax", 13, {ttype(F, {}, false)}, {attr_i("axis", 100)})[0].shape);
  CHECK(dims_of(infer("CumSum", 14, {ttype(F, {3, 4}), ttype(I64, {})})[0]) == V{3, 4});
}

TEST_CASE("TopK: X's shape with k along the axis; Indices int64") {
  auto y = infer("TopK", 11, {ttype(F, {3, 10}), ttype(I64, {1})}, {}, 2, {std::nullopt, Value(ti64({1}, {4}))});
  REQUIRE(y.size() == 2);
  CHECK(dims_of(y[0]) == V{3, 4});
  CHECK(dims_of(y[1]) == V{3, 4});
  CHECK(y[1].elem == I64);
  y = infer("TopK", 1, {stype(F, {"N", "L"})}, {attr_i("k", 2), attr_i("axis", 1)}, 2);
  REQUIRE(y[0].shape);
  CHECK((*y[0].shape)[0].param == "N");
  CHECK((*y[0].shape)[1].value == 2);
  // K not known: the axis's size is unknown.
  CHECK(dims_of(infer("TopK", 24, {ttype(F, {3, 10}), ttype(I64, {1})}, {attr_i("axis", 0)}, 2)[0]) == V{-1, 10});
  CHECK_FALSE(infer("TopK", 10, {ttype(F, {}, false), ttype(I64, {1})}, {}, 2)[1].shape);
}

TEST_CASE("[RD35] TopK: a known k lies within the axis's size") {
  CHECK(clause_of([] {
          (void)infer("TopK", 11, {ttype(F, {3, 10}), ttype(I64, {1})}, {}, 2, {std::nullopt, Value(ti64({1}, {11}))});
        }) == "RD35");
  CHECK(clause_of([] { (void)infer("TopK", 1, {ttype(F, {2})}, {attr_i("k", 3)}, 2); }) == "RD35");
  CHECK(dims_of(infer("TopK", 1, {ttype(F, {2})}, {attr_i("k", -1)}, 2)[0]) == V{-1});  // left to evaluation
  CHECK(dims_of(infer("TopK", 1, {ttype(F, {-1})}, {attr_i("k", big)}, 2)[0]) == V{big});
}

TEST_CASE("reduce shapes: CumProd keeps x's type; a known axis lies within its rank") {
  const auto x = ttype(DType::int64, {2, 3});
  const auto ax = ttype(DType::int64, {});
  auto out = infer("CumProd", 26, {x, ax}, {}, 1, {std::nullopt, Value(ti64({}, {-2}))});
  CHECK(dims_of(out[0]) == V{2, 3});
  CHECK(out[0].elem == DType::int64);
  CHECK(clause_of([&] { (void)infer("CumProd", 26, {x, ax}, {}, 1, {std::nullopt, Value(ti64({1}, {2}))}); }) == "TS2");
}

}  // namespace
}  // namespace onnxsem::ops

// Tests of the spatial family's shape rules (spec/ops-spatial.md, "Shapes"; spec/types.md, TY5).
#include <doctest/doctest.h>

#include "ops/common/testing.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {

using namespace testing;
using V = std::vector<int64_t>;
using C = std::vector<std::optional<Value>>;
constexpr auto F = DType::float32;
constexpr auto I64 = DType::int64;

const Registry& reg() { return testing::shape_registry<add_spatial, describe_spatial, shapes_spatial>(); }

std::vector<Type> infer(const std::string& op, int64_t since, std::vector<std::optional<Type>> in,
                        std::vector<Attribute> attrs = {}, C constants = {}) {
  return infer_with(reg(), make_node(op, std::move(attrs), "", 1), since, std::move(in), std::move(constants));
}

Value floats(std::vector<float> v) { return Value(t1<float>(std::move(v))); }
Value ints(std::vector<int64_t> v) { return Value(t1<int64_t>(std::move(v))); }

TEST_CASE("Resize: extents from known scales and sizes") {
  auto y = infer("Resize", 13, {ttype(F, {1, 1, 4, 5}), std::nullopt, ttype(F, {4})}, {},
                 C{std::nullopt, std::nullopt, floats({1, 1, 2, 0.6f})});
  CHECK(dims_of(y[0]) == V{1, 1, 8, 3});
  y = infer("Resize", 19, {ttype(F, {1, 1, 4, 5}), std::nullopt, ttype(F, {0}), ttype(I64, {4})}, {},
            C{std::nullopt, std::nullopt, floats({}), ints({1, 1, 7, 9})});
  CHECK(dims_of(y[0]) == V{1, 1, 7, 9});
  y = infer("Resize", 18, {ttype(F, {1, 1, 4, 5}), std::nullopt, std::nullopt, ttype(I64, {2})},
            {attr_is("axes", {-1, 2}), attr_s("keep_aspect_ratio_policy", "not_larger")},
            C{std::nullopt, std::nullopt, std::nullopt, ints({10, 6})});
  CHECK(dims_of(y[0]) == V{1, 1, 6, 8});  // common scale min(10/5, 6/4) = 1.5
  // Unknown scales: X's rank, the resized axes unknown; a symbolic axis scaled by 1 keeps its symbol.
  y = infer("Resize", 13, {ttype(F, {1, 3, 4, 5}), std::nullopt, ttype(F, {4})});
  CHECK(dims_of(y[0]) == V{-1, -1, -1, -1});
  Type x = ttype(F, {-1, 3, 4});
  (*x.shape)[0].param = "N";
  y = infer("Resize", 11, {x, ttype(F, {0}), ttype(F, {3})}, {}, C{std::nullopt, std::nullopt, floats({1, 1, 2})});
  REQUIRE(y[0].shape);
  CHECK((*y[0].shape)[0].param == "N");
  CHECK(dims_of(y[0]) == V{-1, 3, 8});
  y = infer("Resize", 13, {ttype(F, {}, false), std::nullopt, ttype(F, {4})});
  CHECK_FALSE(y[0].shape);
  // A huge scale leaves the extent unknown rather than overflowing.
  y = infer("Resize", 13, {ttype(F, {1, int64_t{1} << 60}), std::nullopt, ttype(F, {2})}, {},
            C{std::nullopt, std::nullopt, floats({1, 1e30f})});
  CHECK(dims_of(y[0]) == V{1, -1});
  y = infer("Upsample", 9, {ttype(F, {1, 1, 2, 2}), ttype(F, {4})}, {}, C{std::nullopt, floats({1, 1, 2, 3})});
  CHECK(dims_of(y[0]) == V{1, 1, 4, 6});
  y = infer("Upsample", 7, {ttype(F, {2, 3})}, {attr_fs("scales", {2, 2})});
  CHECK(dims_of(y[0]) == V{4, 6});
}

TEST_CASE("[SP48] Resize: known scales and sizes fit the resized axes") {
  CHECK(clause_of([] {
          (void)infer("Resize", 13, {ttype(F, {1, 1, 4, 5}), std::nullopt, ttype(F, {2})}, {},
                      C{std::nullopt, std::nullopt, floats({2, 2})});
        }) == "SP48");
  CHECK(clause_of([] {
          (void)infer("Resize", 13, {ttype(F, {1, 4}), std::nullopt, ttype(F, {2})}, {},
                      C{std::nullopt, std::nullopt, floats({1, 0})});
        }) == "SP48");
  CHECK(clause_of([] {
          (void)infer("Resize", 13, {ttype(F, {1, 4}), std::nullopt, ttype(F, {2}), ttype(I64, {2})}, {},
                      C{std::nullopt, std::nullopt, floats({1, 2}), ints({1, 8})});
        }) == "SP48");
  CHECK(clause_of([] {
          (void)infer("Resize", 19, {ttype(F, {1, 4}), std::nullopt, std::nullopt, ttype(I64, {2})}, {},
                      C{std::nullopt, std::nullopt, std::nullopt, ints({1, -8})});
        }) == "SP48");
  CHECK(clause_of([] { (void)infer("Upsample", 7, {ttype(F, {2, 3})}, {attr_fs("scales", {1, 0.5f})}); }) == "SP48");
  CHECK(clause_of([] {
          (void)infer("Resize", 18, {ttype(F, {1, 4}), std::nullopt, ttype(F, {1})}, {attr_is("axes", {2})});
        }) == "TS2");
}

TEST_CASE("GridSample, AffineGrid, CenterCropPad, Col2Im, RoiAlign, MaxRoiPool") {
  auto y = infer("GridSample", 20, {ttype(F, {2, 3, 8, 8}), ttype(F, {2, 5, 6, 2})});
  CHECK(dims_of(y[0]) == V{2, 3, 5, 6});
  y = infer("AffineGrid", 20, {ttype(F, {2, 2, 3}), ttype(I64, {4})}, {}, C{std::nullopt, ints({2, 3, 5, 6})});
  CHECK(dims_of(y[0]) == V{2, 5, 6, 2});
  y = infer("AffineGrid", 20, {ttype(F, {2, 3, 4}), ttype(I64, {5})});
  CHECK(dims_of(y[0]) == V{2, -1, -1, -1, 3});
  y = infer("CenterCropPad", 18, {ttype(F, {20, 10, 3}), ttype(I64, {2})}, {attr_is("axes", {0, 1})},
            C{std::nullopt, ints({10, 20})});
  CHECK(dims_of(y[0]) == V{10, 20, 3});
  CHECK(clause_of([] {
          (void)infer("CenterCropPad", 18, {ttype(F, {20, 10}), ttype(I64, {1})}, {attr_is("axes", {-3})});
        }) == "TS2");
  y = infer("Col2Im", 18, {ttype(F, {1, 10, 12}), ttype(I64, {2}), ttype(I64, {2})}, {},
            C{std::nullopt, ints({5, 5}), ints({1, 5})});
  CHECK(dims_of(y[0]) == V{1, 2, 5, 5});
  y = infer("RoiAlign", 16, {ttype(F, {1, 3, 10, 10}), ttype(F, {7, 4}), ttype(I64, {7})},
            {attr_i("output_height", 5), attr_i("output_width", 4)});
  CHECK(dims_of(y[0]) == V{7, 3, 5, 4});
  y = infer("MaxRoiPool", 22, {ttype(F, {1, 3, 10, 10}), ttype(F, {-1, 5})}, {attr_is("pooled_shape", {2, 2})});
  CHECK(dims_of(y[0]) == V{-1, 3, 2, 2});
}

}  // namespace
}  // namespace onnxsem::ops

// Tests of the shape family's shape rules (spec/ops-shape.md, "Shapes"; spec/types.md, TY5).
#include <doctest/doctest.h>
#include <algorithm>

#include <cstdint>
#include <limits>

#include "ops/common/testing.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {

using namespace testing;
using V = std::vector<int64_t>;
using C = std::vector<std::optional<Value>>;
using In = std::vector<std::optional<Type>>;
constexpr auto F = DType::float32;
constexpr auto I64 = DType::int64;
constexpr auto B = DType::boolean;
constexpr int64_t big = int64_t{1} << 62;
constexpr int64_t imax = std::numeric_limits<int64_t>::max();
constexpr int64_t imin = std::numeric_limits<int64_t>::min();

const Registry& reg() { return testing::shape_registry<add_shape, describe_shape, shapes_shape>(); }

std::vector<Type> infer(const std::string& op, int64_t since, In in, std::vector<Attribute> attrs = {},
                        C constants = {}, size_t outputs = 1) {
  return infer_with(reg(), make_node(op, std::move(attrs), "", outputs), since, std::move(in), std::move(constants));
}
// The clause of the refusal of the same call ("" when none).
std::string refusal(const std::string& op, int64_t since, In in, std::vector<Attribute> attrs = {}, C constants = {},
                    size_t outputs = 1) {
  return clause_of([&] { (void)infer(op, since, in, attrs, constants, outputs); });
}

Value ints(std::vector<int64_t> v) { return Value(t1<int64_t>(std::move(v))); }
Value scalar_f(float v) { return Value(Tensor::scalar<float>(test_context(), v)); }
Value scalar_i(int64_t v) { return Value(Tensor::scalar<int64_t>(test_context(), v)); }
// A float tensor type whose dimension i is the symbol names[i] where that is not empty.
Type sym(std::vector<int64_t> dims, std::vector<std::string> names) {
  Type t = ttype(F, std::move(dims));
  for (size_t i = 0; i < names.size(); ++i) (*t.shape)[i].param = names[i];
  return t;
}
std::string param(const Type& t, size_t i) { return t.shape && i < t.shape->size() ? (*t.shape)[i].param : "?"; }
const std::optional<Value> none;
const Type unranked = ttype(F, {}, false);

// ---- Identity, Shape, Size

TEST_CASE("Identity, Shape and Size") {
  auto y = infer("Identity", 16, {sym({-1, 3}, {"N", ""})});
  CHECK(dims_of(y[0]) == V{-1, 3});
  CHECK(param(y[0], 0) == "N");
  y = infer("Shape", 13, {ttype(F, {2, -1, 4})});
  CHECK(y[0].elem == I64);
  CHECK(dims_of(y[0]) == V{3});
  y = infer("Shape", 15, {ttype(F, {2, -1, 4, 5})}, {attr_i("start", -3), attr_i("end", 3)});
  CHECK(dims_of(y[0]) == V{2});
  y = infer("Shape", 21, {ttype(F, {2, 3})}, {attr_i("start", 5)});
  CHECK(dims_of(y[0]) == V{0});
  y = infer("Shape", 21, {ttype(F, {2, 3})}, {attr_i("start", imin), attr_i("end", imax)});
  CHECK(dims_of(y[0]) == V{2});
  y = infer("Shape", 1, {unranked});
  CHECK(dims_of(y[0]) == V{-1});
  y = infer("Size", 13, {unranked});
  CHECK(y[0].elem == I64);
  CHECK(dims_of(y[0]) == V{});
}

// ---- Reshape

TEST_CASE("[TY11] a known shape of more than 4096 integers is not used") {
  auto y = infer("Reshape", 14, {ttype(F, {1}), ttype(I64, {4096})}, {}, C{none, ints(std::vector<int64_t>(4096, 1))});
  REQUIRE(dims_of(y[0]));
  CHECK(*dims_of(y[0]) == V(4096, 1));
  y = infer("Reshape", 14, {ttype(F, {1}), ttype(I64, {4097})}, {}, C{none, ints(std::vector<int64_t>(4097, 1))});
  const auto d = dims_of(y[0]);
  CHECK((!d || std::count(d->begin(), d->end(), 1) == 0));  // no dimension taken from the value
}

TEST_CASE("Reshape: known shapes, copies, the inferred -1 and symbols") {
  auto y = infer("Reshape", 14, {ttype(F, {2, 3, 4}), ttype(I64, {3})}, {}, C{none, ints({0, -1, 2})});
  CHECK(dims_of(y[0]) == V{2, 6, 2});
  y = infer("Reshape", 1, {ttype(F, {2, 3, 4})}, {attr_is("shape", {4, 0, 2})});
  CHECK(dims_of(y[0]) == V{4, 3, 2});
  y = infer("Reshape", 14, {ttype(F, {0, 3}), ttype(I64, {2})}, {attr_i("allowzero", 1)}, C{none, ints({3, 0})});
  CHECK(dims_of(y[0]) == V{3, 0});
  // Symbols: a copied N, and N on both sides cancelling for the -1.
  y = infer("Reshape", 13, {sym({-1, 3, 4}, {"N"}), ttype(I64, {2})}, {}, C{none, ints({0, -1})});
  CHECK(dims_of(y[0]) == V{-1, 12});
  CHECK(param(y[0], 0) == "N");
  y = infer("Reshape", 13, {sym({-1, 3, 4}, {"N"}), ttype(I64, {2})}, {}, C{none, ints({-1, 12})});
  CHECK(dims_of(y[0]) == V{-1, 12});  // the -1 is N, not known to be fixed
  // An unknown dimension: the -1 stays unknown; an unknown input rank: the shape's rank.
  y = infer("Reshape", 13, {ttype(F, {-1, 3}), ttype(I64, {2})}, {}, C{none, ints({-1, 3})});
  CHECK(dims_of(y[0]) == V{-1, 3});
  y = infer("Reshape", 13, {unranked, ttype(I64, {3})}, {}, C{none, ints({2, 0, -1})});
  CHECK(dims_of(y[0]) == V{2, -1, -1});
  // Shape not known: the rank from its fixed length, else nothing.
  y = infer("Reshape", 5, {ttype(F, {2, 3}), ttype(I64, {3})});
  CHECK(dims_of(y[0]) == V{-1, -1, -1});
  y = infer("Reshape", 5, {ttype(F, {2, 3}), ttype(I64, {-1})});
  CHECK_FALSE(y[0].shape);
  y = infer("Reshape", 5, {ttype(F, {2, 3}), ttype(I64, {big})});
  CHECK_FALSE(y[0].shape);
  // Counts overflowing int64 are not checked.
  y = infer("Reshape", 13, {ttype(F, {big, big}), ttype(I64, {2})}, {}, C{none, ints({big, 7})});
  CHECK(dims_of(y[0]) == V{big, 7});
}

TEST_CASE("[SH40] Reshape: a known shape fits the input") {
  CHECK(refusal("Reshape", 13, {ttype(F, {2, 3}), ttype(I64, {2})}, {}, C{none, ints({4, 2})}) == "SH40");
  CHECK(refusal("Reshape", 13, {ttype(F, {2, 3}), ttype(I64, {2})}, {}, C{none, ints({4, -1})}) == "SH40");
  CHECK(refusal("Reshape", 13, {ttype(F, {2, 3}), ttype(I64, {2})}, {}, C{none, ints({-1, -1})}) == "SH40");
  CHECK(refusal("Reshape", 13, {unranked, ttype(I64, {2})}, {}, C{none, ints({-2, 3})}) == "SH40");
  CHECK(refusal("Reshape", 13, {ttype(F, {6}), ttype(I64, {2})}, {}, C{none, ints({1, 0})}) == "SH40");
  CHECK(refusal("Reshape", 14, {ttype(F, {0, 3}), ttype(I64, {2})}, {attr_i("allowzero", 1)}, C{none, ints({0, -1})}) ==
        "SH40");
  CHECK(refusal("Reshape", 13, {ttype(F, {0, 3}), ttype(I64, {2})}, {}, C{none, ints({0, -1})}) == "SH40");
  CHECK(refusal("Reshape", 1, {ttype(F, {2, 3})}, {attr_is("shape", {7})}) == "SH40");
  // A symbol may be 0, so N*3 against 4*N is not refused.
  CHECK(refusal("Reshape", 13, {sym({-1, 3}, {"N"}), ttype(I64, {2})}, {}, C{none, ints({0, 4})}) == "");
}

// ---- Flatten, Squeeze, Unsqueeze, Transpose

TEST_CASE("Flatten: the products before and after the axis") {
  CHECK(dims_of(infer("Flatten", 13, {ttype(F, {2, 3, 4})}, {attr_i("axis", -1)})[0]) == V{6, 4});
  CHECK(dims_of(infer("Flatten", 13, {ttype(F, {2, 3, 4})}, {attr_i("axis", 0)})[0]) == V{1, 24});
  auto y = infer("Flatten", 9, {sym({-1, 3, 4}, {"N"})});
  CHECK(dims_of(y[0]) == V{-1, 12});
  CHECK(param(y[0], 0) == "N");
  CHECK(dims_of(infer("Flatten", 13, {ttype(F, {-1, 0, 4})}, {attr_i("axis", 2)})[0]) == V{0, 4});
  CHECK(dims_of(infer("Flatten", 13, {ttype(F, {big, big, 2})})[0]) == V{big, -1});
  CHECK(dims_of(infer("Flatten", 13, {unranked})[0]) == V{-1, -1});
}

TEST_CASE("Squeeze and Unsqueeze: known axes, unknown axes, no axes") {
  auto y = infer("Squeeze", 13, {sym({1, -1, 1, 3}, {"", "N"}), ttype(I64, {2})}, {}, C{none, ints({0, -2})});
  CHECK(dims_of(y[0]) == V{-1, 3});
  CHECK(param(y[0], 0) == "N");
  CHECK(dims_of(infer("Squeeze", 11, {ttype(F, {1, 3, 1})})[0]) == V{3});
  CHECK_FALSE(infer("Squeeze", 11, {ttype(F, {1, -1, 1})})[0].shape);
  CHECK(dims_of(infer("Squeeze", 1, {ttype(F, {1, -1, 1})}, {attr_is("axes", {2})})[0]) == V{1, -1});
  CHECK(dims_of(infer("Squeeze", 13, {ttype(F, {1, 4, 1}), ttype(I64, {2})})[0]) == V{-1});
  y = infer("Unsqueeze", 13, {sym({-1, 3}, {"N"}), ttype(I64, {2})}, {}, C{none, ints({-1, 0})});
  CHECK(dims_of(y[0]) == V{1, -1, 3, 1});
  CHECK(param(y[0], 1) == "N");
  CHECK(dims_of(infer("Unsqueeze", 1, {ttype(F, {})}, {attr_is("axes", {0})})[0]) == V{1});
  CHECK(dims_of(infer("Unsqueeze", 13, {ttype(F, {2}), ttype(I64, {2})})[0]) == V{-1, -1, -1});
  CHECK_FALSE(infer("Unsqueeze", 13, {ttype(F, {2}), ttype(I64, {big})})[0].shape);
  CHECK_FALSE(infer("Unsqueeze", 13, {unranked, ttype(I64, {1})}, {}, C{none, ints({0})})[0].shape);
}

TEST_CASE("Transpose: perm and the default reversal") {
  CHECK(dims_of(infer("Transpose", 13, {ttype(F, {2, 3, 4})})[0]) == V{4, 3, 2});
  CHECK(dims_of(infer("Transpose", 21, {ttype(F, {2, 3, 4})}, {attr_is("perm", {1, 2, 0})})[0]) == V{3, 4, 2});
  CHECK(dims_of(infer("Transpose", 1, {unranked}, {attr_is("perm", {1, 0})})[0]) == V{-1, -1});
  CHECK_FALSE(infer("Transpose", 1, {unranked})[0].shape);
  CHECK(dims_of(infer("Transpose", 1, {ttype(F, {})})[0]) == V{});
}

TEST_CASE("[SH41] Axis lists, Flatten's axis and Transpose's perm are checked") {
  CHECK(refusal("Squeeze", 13, {ttype(F, {1, 3}), ttype(I64, {2})}, {}, C{none, ints({0, -2})}) == "SH41");
  CHECK(refusal("Squeeze", 13, {ttype(F, {1, 3}), ttype(I64, {1})}, {}, C{none, ints({1})}) == "SH41");
  CHECK(refusal("Squeeze", 1, {ttype(F, {1, 3})}, {attr_is("axes", {-2})}) == "SH41");
  CHECK(refusal("Squeeze", 11, {ttype(F, {1, 3})}, {attr_is("axes", {2})}) == "TS2");
  CHECK(refusal("Unsqueeze", 13, {ttype(F, {3}), ttype(I64, {2})}, {}, C{none, ints({0, 0})}) == "SH41");
  CHECK(refusal("Unsqueeze", 11, {ttype(F, {3})}, {attr_is("axes", {2})}) == "TS2");
  CHECK(refusal("Unsqueeze", 1, {ttype(F, {3})}, {attr_is("axes", {-1})}) == "SH41");
  CHECK(refusal("Flatten", 9, {ttype(F, {2, 3})}, {attr_i("axis", -1)}) == "SH41");
  CHECK(refusal("Flatten", 13, {ttype(F, {2, 3})}, {attr_i("axis", 3)}) == "SH41");
  CHECK(refusal("Flatten", 13, {ttype(F, {2, 3})}, {attr_i("axis", 2)}) == "");
  CHECK(refusal("Transpose", 13, {ttype(F, {2, 3})}, {attr_is("perm", {0, 0})}) == "SH41");
  CHECK(refusal("Transpose", 13, {ttype(F, {2, 3})}, {attr_is("perm", {0, 1, 2})}) == "SH41");
  CHECK(refusal("Transpose", 13, {ttype(F, {2, 3})}, {attr_is("perm", {imin, 1})}) == "SH41");
  CHECK(refusal("Slice", 13, {ttype(F, {4, 4}), ttype(I64, {2}), ttype(I64, {2}), ttype(I64, {2})}, {},
                C{none, ints({0, 0}), ints({1, 1}), ints({1, -1})}) == "SH41");
}

// ---- Concat, Split

TEST_CASE("Concat: sums on the axis, agreement elsewhere") {
  auto y = infer("Concat", 13, {ttype(F, {2, 3}), ttype(F, {-1, 4}), sym({-1, -1}, {"N", "M"})}, {attr_i("axis", -1)});
  CHECK(dims_of(y[0]) == V{2, -1});
  y = infer("Concat", 4, {sym({-1, 3}, {"N"}), ttype(F, {0, 3})}, {attr_i("axis", 0)});
  CHECK(param(y[0], 0) == "N");
  CHECK(dims_of(infer("Concat", 11, {ttype(F, {2, 3}), unranked, ttype(F, {2, 5})}, {attr_i("axis", 1)})[0]) ==
        V{2, -1});
  CHECK(dims_of(infer("Concat", 1, {ttype(F, {2, 3}), ttype(F, {2, 5})})[0]) == V{2, 8});  // default axis 1
  CHECK(dims_of(infer("Concat", 13, {ttype(F, {big, 1}), ttype(F, {big, 1})}, {attr_i("axis", 0)})[0]) == V{-1, 1});
  CHECK_FALSE(infer("Concat", 13, {unranked, unranked}, {attr_i("axis", 0)})[0].shape);
}

TEST_CASE("Split: sizes, equal parts and num_outputs") {
  auto y = infer("Split", 13, {ttype(F, {2, 10}), ttype(I64, {2})}, {attr_i("axis", 1)}, C{none, ints({3, 7})}, 2);
  CHECK(dims_of(y[0]) == V{2, 3});
  CHECK(dims_of(y[1]) == V{2, 7});
  y = infer("Split", 11, {ttype(F, {6, 2})}, {}, {}, 3);
  CHECK(dims_of(y[2]) == V{2, 2});
  y = infer("Split", 2, {ttype(F, {6, 2})}, {attr_is("split", {1, 5})}, {}, 2);
  CHECK(dims_of(y[1]) == V{5, 2});
  y = infer("Split", 18, {ttype(F, {7})}, {attr_i("num_outputs", 3)}, {}, 3);
  CHECK(dims_of(y[0]) == V{3});
  CHECK(dims_of(y[2]) == V{1});
  y = infer("Split", 13, {sym({-1, 4}, {"N"})}, {}, {}, 1);
  CHECK(param(y[0], 0) == "N");
  y = infer("Split", 13, {ttype(F, {-1, 4}), ttype(I64, {2})}, {}, {}, 2);  // sizes not known
  CHECK(dims_of(y[1]) == V{-1, 4});
  CHECK_FALSE(infer("Split", 13, {unranked}, {}, {}, 2)[1].shape);
}

TEST_CASE("[SH42] Concat's and Split's operands fit") {
  CHECK(refusal("Concat", 13, {ttype(F, {2, 3}), ttype(F, {3, 3})}, {attr_i("axis", 1)}) == "SH42");
  CHECK(refusal("Concat", 13, {ttype(F, {2, 3}), ttype(F, {2, 3, 1})}, {attr_i("axis", 0)}) == "SH42");
  CHECK(refusal("Concat", 13, {ttype(F, {})}, {attr_i("axis", 0)}) == "SH42");
  CHECK(refusal("Concat", 13, {ttype(F, {2, 3})}, {attr_i("axis", 2)}) == "TS2");
  CHECK(refusal("Concat", 13, {ttype(F, {2, 3}), ttype(F, {5, 3})}, {attr_i("axis", 0)}) == "");
  CHECK(refusal("Split", 13, {ttype(F, {10}), ttype(I64, {2})}, {}, C{none, ints({3, 8})}, 2) == "SH42");
  CHECK(refusal("Split", 13, {ttype(F, {10}), ttype(I64, {2})}, {}, C{none, ints({3, 7})}, 3) == "SH42");
  CHECK(refusal("Split", 13, {ttype(F, {10}), ttype(I64, {2})}, {}, C{none, ints({-1, 11})}, 2) == "SH42");
  CHECK(refusal("Split", 13, {ttype(F, {10}), ttype(I64, {2})}, {}, C{none, ints({imax, imax})}, 2) == "SH42");
  CHECK(refusal("Split", 11, {ttype(F, {10})}, {}, {}, 3) == "SH42");
  CHECK(refusal("Split", 11, {ttype(F, {})}, {}, {}, 1) == "SH42");
  CHECK(refusal("Split", 18, {ttype(F, {10})}, {}, {}, 2) == "SH42");
  CHECK(refusal("Split", 18, {ttype(F, {10}), ttype(I64, {2})}, {attr_i("num_outputs", 2)}, {}, 2) == "SH42");
  CHECK(refusal("Split", 18, {ttype(F, {10})}, {attr_i("num_outputs", 0)}, {}, 0) == "SH42");
  // 2, 2, 2 and -1: evaluation fails, ONNX's inference does not (the Split may be in a branch never taken).
  CHECK(refusal("Split", 18, {ttype(F, {5})}, {attr_i("num_outputs", 4)}, {}, 4) == "");
  CHECK(dims_of(infer("Split", 18, {ttype(F, {5})}, {attr_i("num_outputs", 4)}, {}, 4)[3]) == V{-1});
}

// ---- Slice, Expand, Tile, Pad

TEST_CASE("Slice: counts on fixed axes, whole axes on symbolic ones") {
  auto y = infer("Slice", 13,
                 {ttype(F, {10, 8, 6}), ttype(I64, {2}), ttype(I64, {2}), ttype(I64, {2}), ttype(I64, {2})}, {},
                 C{none, ints({1, -1}), ints({imax, imin}), ints({0, 2}), ints({3, -2})});
  CHECK(dims_of(y[0]) == V{3, 8, 3});
  y = infer("Slice", 1, {ttype(F, {10, 8})}, {attr_is("starts", {2}), attr_is("ends", {-2})});
  CHECK(dims_of(y[0]) == V{6, 8});
  y = infer("Slice", 10, {sym({-1, 5}, {"N"}), ttype(I64, {2}), ttype(I64, {2})}, {},
            C{none, ints({0, 1}), ints({imax, 3})});
  CHECK(dims_of(y[0]) == V{-1, 2});
  CHECK(param(y[0], 0) == "N");
  y = infer("Slice", 13, {sym({-1}, {"N"}), ttype(I64, {1}), ttype(I64, {1}), std::nullopt, ttype(I64, {1})}, {},
            C{none, ints({-1}), ints({imin}), none, ints({-1})});
  CHECK(param(y[0], 0) == "N");
  y = infer("Slice", 13, {sym({-1, 5}, {"N"}), ttype(I64, {1}), ttype(I64, {1})}, {}, C{none, ints({0}), ints({4})});
  CHECK(dims_of(y[0]) == V{-1, 5});
  CHECK(param(y[0], 0) == "");
  y = infer("Slice", 13, {ttype(F, {4, 5}), ttype(I64, {1}), ttype(I64, {1}), ttype(I64, {1})}, {},
            C{none, none, none, ints({1})});
  CHECK(dims_of(y[0]) == V{4, -1});
  y = infer("Slice", 13, {ttype(F, {4, 5}), ttype(I64, {1}), ttype(I64, {1})});
  CHECK(dims_of(y[0]) == V{-1, -1});
  y = infer("Slice", 13, {ttype(F, {4}), ttype(I64, {1}), ttype(I64, {1}), std::nullopt, ttype(I64, {1})}, {},
            C{none, ints({imax}), ints({imin}), none, ints({imin})});
  CHECK(dims_of(y[0]) == V{1});
}

TEST_CASE("Expand, Tile and Pad") {
  auto y = infer("Expand", 13, {ttype(F, {3, 1}), ttype(I64, {3})}, {}, C{none, ints({2, 1, 4})});
  CHECK(dims_of(y[0]) == V{2, 3, 4});
  y = infer("Expand", 8, {sym({-1, 1}, {"N"}), ttype(I64, {2})}, {}, C{none, ints({1, 5})});
  CHECK(param(y[0], 0) == "N");
  CHECK(dims_of(infer("Expand", 13, {ttype(F, {3, 1}), ttype(I64, {3})})[0]) == V{-1, -1, -1});
  CHECK(refusal("Expand", 13, {ttype(F, {3, 2}), ttype(I64, {1})}, {}, C{none, ints({3})}) == "TS1");
  y = infer("Tile", 13, {sym({-1, 2, 3}, {"N"}), ttype(I64, {3})}, {}, C{none, ints({1, 0, big})});
  CHECK(dims_of(y[0]) == V{-1, 0, -1});
  CHECK(param(y[0], 0) == "N");
  CHECK(dims_of(infer("Tile", 1, {ttype(F, {2, 3}), ttype(I64, {}), ttype(I64, {})}, {},
                      C{none, scalar_i(4), scalar_i(-1)})[0]) == V{2, 12});
  CHECK(dims_of(infer("Tile", 6, {ttype(F, {2, 3}), ttype(I64, {2})})[0]) == V{-1, -1});
  y = infer("Pad", 13, {ttype(F, {2, 3}), ttype(I64, {4})}, {}, C{none, ints({1, -1, 2, 0})});
  CHECK(dims_of(y[0]) == V{5, 2});
  y = infer("Pad", 18, {sym({-1, 3, 4}, {"N"}), ttype(I64, {2}), std::nullopt, ttype(I64, {1})},
            {attr_s("mode", "edge")}, C{none, ints({1, 1}), none, ints({-1})});
  CHECK(dims_of(y[0]) == V{-1, 3, 6});
  CHECK(param(y[0], 0) == "N");
  y = infer("Pad", 18, {ttype(F, {2, 3, 4}), ttype(I64, {2}), std::nullopt, ttype(I64, {1})}, {},
            C{none, none, none, ints({1})});
  CHECK(dims_of(y[0]) == V{2, -1, 4});
  CHECK(dims_of(infer("Pad", 2, {ttype(F, {2, 3})}, {attr_is("pads", {0, 1, 0, 1})})[0]) == V{2, 5});
  CHECK(dims_of(infer("Pad", 1, {ttype(F, {2, 3})}, {attr_is("paddings", {0, 0, 0, 0})})[0]) == V{2, 3});
  CHECK(dims_of(infer("Pad", 13, {ttype(F, {big}), ttype(I64, {2})}, {}, C{none, ints({big, big})})[0]) == V{-1});
  CHECK(refusal("Pad", 19, {ttype(F, {2}), ttype(I64, {2})}, {attr_s("mode", "wrap")}) == "");
  CHECK(refusal("Pad", 18, {ttype(F, {2}), ttype(I64, {2})}, {attr_s("mode", "wrap")}) == "TY10");
}

TEST_CASE("[SH43] Known slicing, expanding, tiling and padding amounts fit") {
  CHECK(refusal("Slice", 13, {ttype(F, {4}), ttype(I64, {1}), ttype(I64, {2})}, {}, C{none, ints({0}), ints({1, 2})}) ==
        "SH43");
  CHECK(refusal("Slice", 13, {ttype(F, {4}), ttype(I64, {1}), ttype(I64, {1}), std::nullopt, ttype(I64, {1})}, {},
                C{none, ints({0}), ints({1}), none, ints({0})}) == "SH43");
  CHECK(refusal("Slice", 1, {ttype(F, {4})}, {attr_is("starts", {0, 0}), attr_is("ends", {1, 1})}) == "SH43");
  CHECK(refusal("Expand", 13, {ttype(F, {1}), ttype(I64, {1})}, {}, C{none, ints({-3})}) == "SH43");
  CHECK(refusal("Tile", 13, {ttype(F, {2, 3}), ttype(I64, {1})}, {}, C{none, ints({2})}) == "SH43");
  CHECK(refusal("Tile", 13, {ttype(F, {2}), ttype(I64, {1})}, {}, C{none, ints({-1})}) == "SH43");
  CHECK(refusal("Pad", 13, {ttype(F, {2, 3}), ttype(I64, {2})}, {}, C{none, ints({1, 1})}) == "SH43");
  CHECK(refusal("Pad", 13, {ttype(F, {2}), ttype(I64, {2})}, {}, C{none, ints({-3, 0})}) == "SH43");
  CHECK(refusal("Pad", 13, {ttype(F, {2}), ttype(I64, {2})}, {}, C{none, ints({-2, 1})}) == "");
  CHECK(refusal("Pad", 13, {ttype(F, {-1}), ttype(I64, {2})}, {}, C{none, ints({-5, 0})}) == "");
}

// ---- layout

TEST_CASE("DepthToSpace, SpaceToDepth, Trilu, EyeLike") {
  CHECK(dims_of(infer("DepthToSpace", 13, {ttype(F, {1, 8, 2, 3})}, {attr_i("blocksize", 2)})[0]) == V{1, 2, 4, 6});
  CHECK(dims_of(infer("DepthToSpace", 1, {ttype(F, {1, -1, 2, -1})}, {attr_i("blocksize", 2)})[0]) == V{1, -1, 4, -1});
  CHECK(dims_of(infer("DepthToSpace", 11, {ttype(F, {1, 8, 2, 3})}, {attr_i("blocksize", big)})[0]) ==
        V{1, -1, -1, -1});
  CHECK(dims_of(infer("SpaceToDepth", 13, {ttype(F, {1, 3, 4, 6})}, {attr_i("blocksize", 2)})[0]) == V{1, 12, 2, 3});
  CHECK(dims_of(infer("SpaceToDepth", 1, {ttype(F, {1, 3, -1, 6})}, {attr_i("blocksize", 3)})[0]) == V{1, 27, -1, 2});
  CHECK(dims_of(infer("Trilu", 14, {ttype(F, {2, 3, 4})})[0]) == V{2, 3, 4});
  auto y = infer("EyeLike", 22, {ttype(DType::int32, {3, 4})}, {attr_i("dtype", static_cast<int64_t>(DType::float64))});
  CHECK(y[0].elem == DType::float64);
  CHECK(dims_of(y[0]) == V{3, 4});
  CHECK(infer("EyeLike", 9, {ttype(DType::int32, {3, 4})})[0].elem == DType::int32);
  CHECK(refusal("EyeLike", 9, {ttype(F, {3, 4})}, {attr_i("dtype", 8)}) == "TY10");  // string
  CHECK(refusal("EyeLike", 9, {ttype(F, {3, 4})}, {attr_i("dtype", 999)}) == "TY10");
  CHECK(refusal("DepthToSpace", 13, {ttype(F, {1, 8, 2, 3})}, {attr_i("blocksize", 2), attr_s("mode", "XYZ")}) ==
        "TY10");
}

TEST_CASE("[SH45] Layout operands: ranks, blocksize and divisibility") {
  CHECK(refusal("DepthToSpace", 13, {ttype(F, {1, 6, 2, 3})}, {attr_i("blocksize", 2)}) == "SH45");
  CHECK(refusal("DepthToSpace", 13, {ttype(F, {1, 8, 2})}, {attr_i("blocksize", 2)}) == "SH45");
  CHECK(refusal("DepthToSpace", 13, {unranked}, {attr_i("blocksize", 0)}) == "SH45");
  CHECK(refusal("SpaceToDepth", 13, {ttype(F, {1, 3, 5, 6})}, {attr_i("blocksize", 2)}) == "SH45");
  CHECK(refusal("Trilu", 14, {ttype(F, {3})}) == "SH45");
  CHECK(refusal("EyeLike", 9, {ttype(F, {3, 4, 5})}) == "SH45");
}

// ---- indexing

TEST_CASE("Gather, GatherElements, GatherND") {
  auto y = infer("Gather", 13, {sym({5, -1, 3}, {"", "N"}), ttype(I64, {2, 4})}, {attr_i("axis", -1)});
  CHECK(dims_of(y[0]) == V{5, -1, 2, 4});
  CHECK(param(y[0], 1) == "N");
  CHECK(dims_of(infer("Gather", 1, {ttype(F, {5, 3}), ttype(I64, {})})[0]) == V{3});
  CHECK_FALSE(infer("Gather", 11, {ttype(F, {5, 3}), unranked})[0].shape);
  CHECK(dims_of(infer("GatherElements", 13, {ttype(F, {5, 3}), ttype(I64, {7, 2})})[0]) == V{7, 2});
  CHECK(dims_of(infer("GatherElements", 13, {ttype(F, {5, 3}), unranked})[0]) == V{-1, -1});
  y = infer("GatherND", 12, {ttype(F, {2, 5, 6, 7}), ttype(I64, {-1, 3, 2})}, {attr_i("batch_dims", 1)});
  CHECK(dims_of(y[0]) == V{2, 3, 7});
  CHECK(dims_of(infer("GatherND", 11, {ttype(F, {5, 6}), ttype(I64, {4, 2})})[0]) == V{4});
  CHECK_FALSE(infer("GatherND", 11, {ttype(F, {5, 6}), ttype(I64, {4, -1})})[0].shape);
}

TEST_CASE("Compress, NonZero, OneHot, ReverseSequence") {
  CHECK(dims_of(infer("Compress", 11, {ttype(F, {4, 5}), ttype(B, {3})}, {attr_i("axis", -1)})[0]) == V{4, -1});
  CHECK(dims_of(infer("Compress", 9, {ttype(F, {4, 5}), ttype(B, {3})})[0]) == V{-1});
  auto y = infer("NonZero", 13, {ttype(F, {4, 5, 6})});
  CHECK(y[0].elem == I64);
  CHECK(dims_of(y[0]) == V{3, -1});
  CHECK(dims_of(infer("NonZero", 9, {ttype(F, {})})[0]) == V{1, -1});
  CHECK(dims_of(infer("NonZero", 9, {unranked})[0]) == V{-1, -1});
  y = infer("OneHot", 11, {ttype(I64, {2, 3}), ttype(F, {}), ttype(F, {2})}, {attr_i("axis", 1)},
            C{none, scalar_f(4.7f)});
  CHECK(dims_of(y[0]) == V{2, 4, 3});
  y = infer("OneHot", 9, {ttype(I64, {2, 3}), ttype(F, {1}), ttype(F, {2})});
  CHECK(dims_of(y[0]) == V{2, 3, -1});
  CHECK(dims_of(infer("ReverseSequence", 10, {ttype(F, {4, 2, 3}), ttype(I64, {2})})[0]) == V{4, 2, 3});
}

TEST_CASE("Scatter, ScatterElements, ScatterND, TensorScatter keep the data's shape") {
  CHECK(dims_of(infer("ScatterElements", 18, {ttype(F, {4, 5}), ttype(I64, {2, 5}), ttype(F, {2, -1})},
                      {attr_s("reduction", "max")})[0]) == V{4, 5});
  CHECK(dims_of(infer("Scatter", 9, {ttype(F, {4, 5}), unranked, unranked})[0]) == V{4, 5});
  CHECK(dims_of(infer("ScatterND", 16, {ttype(F, {4, 5, 6}), ttype(I64, {3, 2}), ttype(F, {3, 6})})[0]) == V{4, 5, 6});
  CHECK(dims_of(infer("TensorScatter", 24, {ttype(F, {2, 8, 4}), ttype(F, {2, 3, 4}), ttype(I64, {2})})[0]) ==
        V{2, 8, 4});
  CHECK(refusal("ScatterElements", 16, {ttype(F, {4}), ttype(I64, {1}), ttype(F, {1})}, {attr_s("reduction", "max")}) ==
        "TY10");
  CHECK(refusal("ScatterND", 18, {ttype(F, {4}), ttype(I64, {1, 1}), ttype(F, {1})}, {attr_s("reduction", "sum")}) ==
        "TY10");
  CHECK(refusal("TensorScatter", 24, {ttype(F, {2, 8}), ttype(F, {2, 3})}, {attr_s("mode", "ring")}) == "TY10");
}

TEST_CASE("[SH44] The index operators' operands fit each other") {
  CHECK(refusal("Gather", 13, {ttype(F, {}), ttype(I64, {2})}) == "SH44");
  CHECK(refusal("Gather", 13, {ttype(F, {3}), ttype(I64, {2})}, {attr_i("axis", 1)}) == "TS2");
  CHECK(refusal("GatherElements", 13, {ttype(F, {5, 3}), ttype(I64, {2})}) == "SH44");
  CHECK(refusal("GatherElements", 13, {ttype(F, {5, 3}), ttype(I64, {9, 4})}) == "SH44");
  CHECK(refusal("GatherND", 12, {ttype(F, {5, 6}), ttype(I64, {4, 3})}) == "SH44");
  CHECK(refusal("GatherND", 12, {ttype(F, {5, 6}), ttype(I64, {4, 1})}, {attr_i("batch_dims", 2)}) == "SH44");
  CHECK(refusal("GatherND", 12, {ttype(F, {5, 6}), ttype(I64, {4, 1})}, {attr_i("batch_dims", 1)}) == "SH44");
  CHECK(refusal("GatherND", 11, {ttype(F, {5, 6}), ttype(I64, {})}) == "SH44");
  CHECK(refusal("Compress", 11, {ttype(F, {4, 5}), ttype(B, {2, 2})}) == "SH44");
  CHECK(refusal("Compress", 11, {ttype(F, {4, 5}), ttype(B, {6})}, {attr_i("axis", 1)}) == "SH44");
  CHECK(refusal("OneHot", 11, {ttype(I64, {2}), ttype(F, {}), ttype(F, {2})}, {}, C{none, scalar_f(0.5f)}) == "SH44");
  CHECK(refusal("OneHot", 11, {ttype(I64, {2}), ttype(F, {2}), ttype(F, {2})}) == "SH44");
  CHECK(refusal("OneHot", 11, {ttype(I64, {2}), ttype(F, {}), ttype(F, {3})}) == "SH44");
  CHECK(refusal("OneHot", 11, {ttype(I64, {2}), ttype(F, {}), ttype(F, {2})}, {attr_i("axis", 2)}) == "TS2");
  CHECK(refusal("ReverseSequence", 10, {ttype(F, {4, 2}), ttype(I64, {2})}, {attr_i("batch_axis", 0)}) == "SH44");
  CHECK(refusal("ReverseSequence", 10, {ttype(F, {4}), ttype(I64, {2})}) == "SH44");
  CHECK(refusal("ReverseSequence", 10, {ttype(F, {4, 2}), ttype(I64, {3})}) == "SH44");
  CHECK(refusal("ScatterElements", 13, {ttype(F, {4, 5}), ttype(I64, {2, 5}), ttype(F, {2, 4})}) == "SH44");
  CHECK(refusal("Scatter", 11, {ttype(F, {4, 5}), ttype(I64, {2}), ttype(F, {2})}) == "SH44");
  CHECK(refusal("ScatterND", 13, {ttype(F, {4, 5}), ttype(I64, {3, 3}), unranked}) == "SH44");
  CHECK(refusal("ScatterND", 13, {ttype(F, {4, 5}), ttype(I64, {3, 1}), ttype(F, {3, 4})}) == "SH44");
  CHECK(refusal("ScatterND", 13, {ttype(F, {4, 5}), ttype(I64, {3, 1}), ttype(F, {3})}) == "SH44");
  CHECK(refusal("TensorScatter", 24, {ttype(F, {2, 8}), ttype(F, {2, 9})}) == "SH44");
  CHECK(refusal("TensorScatter", 24, {ttype(F, {2, 8}), ttype(F, {3, 2})}) == "SH44");
  CHECK(refusal("TensorScatter", 24, {ttype(F, {2, 8}), ttype(F, {2, 2})}, {attr_i("axis", 0)}) == "SH44");
  CHECK(refusal("TensorScatter", 24, {ttype(F, {2, 8}), ttype(F, {2, 2}), ttype(I64, {3})}) == "SH44");
  CHECK(refusal("TensorScatter", 24, {ttype(F, {8}), ttype(F, {2})}) == "SH44");
}

// ---- constants

TEST_CASE("Constant, ConstantOfShape and Range") {
  auto y = infer("Constant", 13, {}, {attr_t("value", ti32({2, 3}, {1, 2, 3, 4, 5, 6}))});
  CHECK(y[0].elem == DType::int32);
  CHECK(dims_of(y[0]) == V{2, 3});
  y = infer("Constant", 12, {}, {attr_is("value_ints", {1, 2, 3})});
  CHECK(y[0].elem == I64);
  CHECK(dims_of(y[0]) == V{3});
  y = infer("Constant", 19, {}, {attr_f("value_float", 1.5f)});
  CHECK(y[0].elem == F);
  CHECK(dims_of(y[0]) == V{});
  CHECK(infer("Constant", 21, {}, {attr_ss("value_strings", {"a"})})[0].elem == DType::string);
  y = infer("ConstantOfShape", 9, {ttype(I64, {3})}, {}, C{ints({2, 0, 4})});
  CHECK(y[0].elem == F);
  CHECK(dims_of(y[0]) == V{2, 0, 4});
  y = infer("ConstantOfShape", 20, {ttype(I64, {2})}, {attr_t("value", ti64({1}, {7}))});
  CHECK(y[0].elem == I64);
  CHECK(dims_of(y[0]) == V{-1, -1});
  CHECK_FALSE(infer("ConstantOfShape", 20, {ttype(I64, {big})})[0].shape);
  CHECK(refusal("ConstantOfShape", 9, {ttype(I64, {1})}, {attr_t("value", tstr({1}, {"x"}))}) == "TY10");
  y = infer("Range", 11, {ttype(I64, {}), ttype(I64, {}), ttype(I64, {})}, {},
            C{scalar_i(10), scalar_i(1), scalar_i(-4)});
  CHECK(dims_of(y[0]) == V{3});
  y = infer("Range", 11, {ttype(F, {}), ttype(F, {}), ttype(F, {})}, {}, C{scalar_f(0), scalar_f(1), scalar_f(0.3f)});
  CHECK(dims_of(y[0]) == V{4});
  y = infer("Range", 11, {ttype(I64, {}), ttype(I64, {}), ttype(I64, {})}, {},
            C{scalar_i(imin), scalar_i(imax), scalar_i(1)});
  CHECK(dims_of(y[0]) == V{-1});  // 2^64 - 1 elements: not an int64
  y = infer("Range", 11, {ttype(F, {}), ttype(F, {}), ttype(F, {})}, {},
            C{scalar_f(0), scalar_f(1e30f), scalar_f(1e-30f)});
  CHECK(dims_of(y[0]) == V{-1});
  CHECK(dims_of(infer("Range", 27, {ttype(F, {}), ttype(F, {}), ttype(F, {})})[0]) == V{-1});
}

TEST_CASE("[SH46] Constants' arguments have their forms") {
  CHECK(refusal("Constant", 13, {}, {}) == "SH46");
  CHECK(refusal("Constant", 13, {}, {attr_i("value_int", 1), attr_f("value_float", 1)}) == "SH46");
  CHECK(refusal("ConstantOfShape", 9, {ttype(I64, {1})}, {}, C{ints({-1})}) == "SH46");
  CHECK(refusal("ConstantOfShape", 9, {ttype(I64, {1})}, {attr_t("value", tf({2}, {1, 2}))}) == "SH46");
  CHECK(refusal("Range", 11, {ttype(I64, {}), ttype(I64, {}), ttype(I64, {})}, {},
                C{scalar_i(0), scalar_i(1), scalar_i(0)}) == "SH46");
  CHECK(refusal("Range", 11, {ttype(F, {}), ttype(F, {}), ttype(F, {})}, {},
                C{scalar_f(0), scalar_f(1), scalar_f(0)}) == "SH46");
  CHECK(refusal("Range", 11, {ttype(F, {2}), ttype(F, {}), ttype(F, {})}) == "SH46");
}

// ---- robustness

TEST_CASE("Every rule accepts unknown ranks and huge dimensions without refusing or overflowing") {
  const Type huge = ttype(F, {imax, imax, imax, imax});
  for (const auto* op : {"Identity", "Flatten", "Transpose", "Trilu", "NonZero", "Size", "Shape"}) {
    CAPTURE(op);
    const int64_t since = std::string(op) == "Trilu" ? 14 : 13;
    CHECK(refusal(op, since, {unranked}) == "");
    CHECK(refusal(op, since, {huge}) == "");
  }
  CHECK(dims_of(infer("Flatten", 13, {huge})[0]) == V{imax, -1});
  CHECK(dims_of(infer("Tile", 13, {huge, ttype(I64, {4})}, {}, C{none, ints({2, 1, 0, imax})})[0]) ==
        V{-1, imax, 0, -1});
  CHECK(dims_of(infer("SpaceToDepth", 13, {huge}, {attr_i("blocksize", imax)})[0]) == V{imax, -1, 1, 1});
  CHECK(dims_of(infer("Concat", 13, {huge, huge}, {attr_i("axis", 0)})[0]) == V{-1, imax, imax, imax});
  CHECK(refusal("Reshape", 13, {huge, ttype(I64, {1})}, {}, C{none, ints({-1})}) == "");
  CHECK(refusal("Slice", 13, {huge, ttype(I64, {1}), ttype(I64, {1}), std::nullopt, ttype(I64, {1})}, {},
                C{none, ints({imax}), ints({imin}), none, ints({imin})}) == "");
  CHECK(refusal("Pad", 13, {huge, ttype(I64, {8})}, {},
                C{none, ints({imax, imax, imax, imax, imax, imax, imax, imax})}) == "");
  CHECK(refusal("Unsqueeze", 13, {unranked, ttype(I64, {imax})}) == "");
  CHECK(refusal("ConstantOfShape", 9, {ttype(I64, {imax})}) == "");
  CHECK(refusal("Expand", 13, {unranked, ttype(I64, {imax})}) == "");
  CHECK(refusal("Range", 11, {ttype(F, {imax, imax, 2}), unranked, unranked}) == "");
  for (const auto* op : {"Gather",       "GatherElements",  "GatherND",      "Compress", "OneHot",    "ReverseSequence",
                         "ScatterND",    "ScatterElements", "TensorScatter", "Concat",   "Split",     "Slice",
                         "Pad",          "Expand",          "Tile",          "Squeeze",  "Unsqueeze", "Reshape",
                         "DepthToSpace", "SpaceToDepth",    "EyeLike"}) {
    CAPTURE(op);
    const std::string o = op;
    std::vector<Attribute> attrs;
    if (o == "Concat") attrs.push_back(attr_i("axis", 0));
    if (o == "DepthToSpace" || o == "SpaceToDepth") attrs.push_back(attr_i("blocksize", 2));
    const int64_t since = o == "TensorScatter"                                  ? 24
                          : o == "EyeLike"                                      ? 22
                          : o == "OneHot" || o == "GatherND" || o == "Compress" ? 11
                          : o == "ReverseSequence"                              ? 10
                          : o == "Slice" || o == "Tile" || o == "Expand"        ? 13
                                                                                : 13;
    CHECK(refusal(op, since, {unranked, unranked, unranked}, attrs) == "");
    // Scalars everywhere: a refusal at most, never a crash or an exception of another kind.
    const Type scalar = ttype(I64, {});
    (void)refusal(op, since, {scalar, scalar, scalar}, attrs, C{scalar_i(1), scalar_i(-1), scalar_i(imin)});
  }
}

}  // namespace
}  // namespace onnxsem::ops

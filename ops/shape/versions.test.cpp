// One edge case for each shape-family operator version that only widened ONNX's type constraints (and so
// shares its kernel with an earlier version) or that no other test calls directly. Expected values are
// worked out by hand from the clauses named.
#include <limits>
#include <string>

#include "ops/shape/test_util.hpp"

using namespace shape_test;

TEST_CASE("[SH1] Identity of every later version returns empty and string tensors unchanged") {
  const Tensor e = f32({2, 0}, {});
  const Tensor s = tv<std::string>({2}, {"", "x"});
  for (int64_t v : {13, 14, 16, 19, 21, 23, 24, 25}) {
    CAPTURE(v);
    CHECK(run1("Identity", v, {Value(e)}) == e);
    CHECK(run1("Identity", v, {Value(s)}) == s);
  }
}

TEST_CASE("[SH2] Shape from version 19 on: a negative start counts from the end, a range past it is empty") {
  const Tensor x = iota_f({2, 3, 4});
  for (int64_t v : {19, 21, 23, 24, 25}) {
    CAPTURE(v);
    CHECK(vals<int64_t>(run1("Shape", v, {Value(x)}, {attr_i("start", -2)})) == std::vector<int64_t>{3, 4});
    const Tensor none = run1("Shape", v, {Value(x)}, {attr_i("start", 5)});  // clamped to 3: [3, 3) is empty
    CHECK(none.shape() == Shape{0});
    CHECK(run1("Shape", v, {Value(Tensor::scalar<float>(test_context(), 1))}).shape() ==
          Shape{0});  // rank 0: no dimension
  }
}

TEST_CASE("[SH3] Size from version 19 on: 0 for an empty tensor, 1 for a rank-0 one") {
  for (int64_t v : {19, 21, 23, 24, 25}) {
    CAPTURE(v);
    const Tensor z = run1("Size", v, {Value(f32({2, 0, 3}, {}))});
    CHECK(z.shape() == Shape{});
    CHECK(vals<int64_t>(z) == std::vector<int64_t>{0});
    CHECK(vals<int64_t>(run1("Size", v, {Value(Tensor::scalar<bool>(test_context(), false))})) ==
          std::vector<int64_t>{1});
  }
}

TEST_CASE("[SH4][SH5] Reshape from version 19 on: allowzero keeps a 0 entry, otherwise 0 copies the dimension") {
  for (int64_t v : {19, 21, 23, 24, 25}) {
    CAPTURE(v);
    // an empty [0, 3] tensor to [3, 0] needs allowzero (without it, 0 would copy the dimension 3)
    CHECK(run1("Reshape", v, {Value(f32({0, 3}, {})), Value(i64({3, 0}))}, {attr_i("allowzero", 1)}).shape() ==
          Shape{3, 0});
    const Tensor y = run1("Reshape", v, {Value(iota_f({2, 3})), Value(i64({0, -1}))});
    CHECK(y.shape() == Shape{2, 3});
    CHECK(clause_of([&] {
            (void)run1("Reshape", v, {Value(iota_f({2, 3})), Value(i64({0, -1}))}, {attr_i("allowzero", 1)});
          }) == "SH4");  // allowzero with both 0 and -1
  }
}

TEST_CASE("[SH6] Flatten from version 21 on: negative axis, axis 0 and axis r") {
  const Tensor x = iota_f({2, 3, 4});
  for (int64_t v : {21, 23, 24, 25}) {
    CAPTURE(v);
    CHECK(run1("Flatten", v, {Value(x)}, {attr_i("axis", -1)}).shape() == Shape{6, 4});
    CHECK(run1("Flatten", v, {Value(x)}, {attr_i("axis", 0)}).shape() == Shape{1, 24});
    CHECK(run1("Flatten", v, {Value(x)}, {attr_i("axis", 3)}).shape() == Shape{24, 1});
    CHECK(clause_of([&] { (void)run1("Flatten", v, {Value(x)}, {attr_i("axis", 4)}); }) != "");
  }
}

TEST_CASE("[SH8] Squeeze from version 21 on: negative axes input, squeezing to rank 0") {
  for (int64_t v : {21, 23, 24, 25}) {
    CAPTURE(v);
    CHECK(run1("Squeeze", v, {Value(iota_f({1, 3, 1})), Value(i64({-1}))}).shape() == Shape{1, 3});
    const Tensor s = run1("Squeeze", v, {Value(f32({1, 1}, {5}))});
    CHECK(s.shape() == Shape{});
    CHECK(vals<float>(s) == std::vector<float>{5});
    CHECK(clause_of([&] { (void)run1("Squeeze", v, {Value(iota_f({1, 3})), Value(i64({-1}))}); }) == "SH8");
  }
}

TEST_CASE("[SH9] Unsqueeze from version 21 on: a rank-0 input and negative axes of the output") {
  for (int64_t v : {21, 23, 24, 25}) {
    CAPTURE(v);
    CHECK(run1("Unsqueeze", v, {Value(Tensor::scalar<int8_t>(test_context(), 3)), Value(i64({-1}))}).shape() ==
          Shape{1});
    CHECK(run1("Unsqueeze", v, {Value(iota_f({3})), Value(i64({-1, 0}))}).shape() == Shape{1, 3, 1});
    CHECK(clause_of([&] {
            (void)run1("Unsqueeze", v, {Value(iota_f({3})), Value(i64({-1, 2}))});
          }) == "SH9");  // -1 is 2
  }
}

TEST_CASE("[SH7] Transpose from version 23 on: rank 0 and the default reversed order") {
  for (int64_t v : {23, 24, 25}) {
    CAPTURE(v);
    const Tensor s = Tensor::scalar<float>(test_context(), 2);
    CHECK(run1("Transpose", v, {Value(s)}) == s);
    const Tensor y = run1("Transpose", v, {Value(iota_f({2, 3}))});
    CHECK(y.shape() == Shape{3, 2});
    CHECK(vals<float>(y) == std::vector<float>{0, 3, 1, 4, 2, 5});
  }
}

TEST_CASE("[SH19][SH20] Pad from version 21 on: wrap mode on a negative axis of the axes input") {
  for (int64_t v : {21, 23, 24, 25}) {
    CAPTURE(v);
    // [[1, 2, 3]] padded on axis -1 by 2 before and 1 after, wrapping: 2 3 | 1 2 3 | 1
    const Tensor y = run1("Pad", v, {Value(f32({1, 3}, {1, 2, 3})), Value(i64({2, 1})), std::nullopt, Value(i64({-1}))},
                          {attr_s("mode", "wrap")});
    CHECK(y.shape() == Shape{1, 6});
    CHECK(vals<float>(y) == std::vector<float>{2, 3, 1, 2, 3, 1});
  }
}

TEST_CASE("[SH12] Slice-11: negative axes and a negative step over the whole axis") {
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  // rows of [[0, 1, 2], [3, 4, 5]] reversed on axis -1
  const Tensor y = run1("Slice", 11,
                        {Value(iota_f({2, 3})), Value(i64({-1})), Value(i64({kMin})), Value(i64({-1})),
                         Value(i64({-1}))});
  CHECK(vals<float>(y) == std::vector<float>{2, 1, 0, 5, 4, 3});
  // an empty slice keeps the other dimensions
  CHECK(run1("Slice", 11, {Value(iota_f({2, 3})), Value(i64({2})), Value(i64({1})), Value(i64({-2}))}).shape() ==
        Shape{0, 3});
}

TEST_CASE("[SH11] Split-11: a negative axis with the split attribute; equal parts must divide the axis") {
  auto p = run("Split", 11, {Value(iota_f({2, 3}))}, {attr_i("axis", -1), attr_ints("split", {1, 2})}, 2);
  REQUIRE(p.size() == 2);
  CHECK(vals<float>(p[0]->tensor()) == std::vector<float>{0, 3});
  CHECK(vals<float>(p[1]->tensor()) == std::vector<float>{1, 2, 4, 5});
  // 3 is not divisible into 2 equal parts; sizes 1 + 1 do not add up to 3
  CHECK(clause_of([] { (void)run("Split", 11, {Value(iota_f({2, 3}))}, {attr_i("axis", -1)}, 2); }) == "SH11");
  CHECK(clause_of([] {
          (void)run("Split", 11, {Value(iota_f({2, 3}))}, {attr_i("axis", -1), attr_ints("split", {1, 1})}, 2);
        }) == "SH11");
}

TEST_CASE("[SH21] Constant-9 takes a tensor value; versions 23 and 24 the scalar and list forms") {
  const Tensor t = tv<int16_t>({0}, {});
  CHECK(run1("Constant", 9, {}, {attr_t("value", t)}) == t);
  for (int64_t v : {23, 24}) {
    CAPTURE(v);
    const Tensor i = run1("Constant", v, {}, {attr_i("value_int", -3)});
    CHECK(i.shape() == Shape{});
    CHECK(vals<int64_t>(i) == std::vector<int64_t>{-3});
    CHECK(vals<std::string>(run1("Constant", v, {}, {attr_s("value_string", "")})) == std::vector<std::string>{""});
    CHECK(clause_of([&] {
            (void)run1("Constant", v, {}, {attr_i("value_int", 1), attr_f("value_float", 1)});
          }) == "SH21");
  }
}

TEST_CASE("[SH22] ConstantOfShape from version 23 on: an empty shape gives a scalar, a 0 dimension no element") {
  for (int64_t v : {23, 24, 25}) {
    CAPTURE(v);
    const Tensor s = run1("ConstantOfShape", v, {Value(i64({}))}, {attr_t("value", tv<int32_t>({1}, {7}))});
    CHECK(s.shape() == Shape{});
    CHECK(vals<int32_t>(s) == std::vector<int32_t>{7});
    const Tensor z = run1("ConstantOfShape", v, {Value(i64({2, 0}))});
    CHECK(z.shape() == Shape{2, 0});
    CHECK(z.dtype() == DType::float32);  // default value: float 0
  }
}

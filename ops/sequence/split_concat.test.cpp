// Tests of SplitToSequence and ConcatFromSequence (spec/ops-sequence.md, SQ9-SQ12).
#include "ops/sequence/test_util.hpp"

using namespace seq_test;

namespace {
Value split(Tensor x, std::optional<Tensor> sp, std::vector<Attribute> attrs = {}, int64_t version = 11) {
  Inputs in{Value(std::move(x))};
  if (sp) in.push_back(Value(*sp));
  return run("SplitToSequence", version, in, std::move(attrs));
}
Tensor concat(std::vector<Tensor> ts, std::vector<Attribute> attrs) {
  return run("ConcatFromSequence", 11, {seq(std::move(ts))}, std::move(attrs)).tensor();
}
}  // namespace

TEST_CASE("[SQ9] SplitToSequence without split gives parts of length 1, keepdims 0 drops the axis") {
  // x = [[0,1,2],[3,4,5]]
  const Value s = split(iota_f({2, 3}), std::nullopt, {attr_i("axis", 1)});
  REQUIRE(items(s).size() == 3);
  CHECK(items(s)[0].tensor().shape() == Shape{2, 1});
  CHECK(vals<float>(items(s)[0].tensor()) == std::vector<float>{0, 3});
  CHECK(vals<float>(items(s)[2].tensor()) == std::vector<float>{2, 5});
  CHECK(s.sequence().elem->elem == DType::float32);
  // Negative axis, keepdims 0: rows without the axis.
  const Value r = split(iota_f({2, 3}), std::nullopt, {attr_i("axis", -2), attr_i("keepdims", 0)}, 24);
  REQUIRE(items(r).size() == 2);
  CHECK(items(r)[1].tensor().shape() == Shape{3});
  CHECK(vals<float>(items(r)[1].tensor()) == std::vector<float>{3, 4, 5});
  // Default axis 0 on a 1-D string tensor with keepdims 0: rank-0 parts.
  const Value st = split(tv<std::string>({2}, {"a", "b"}), std::nullopt, {attr_i("keepdims", 0)});
  REQUIRE(items(st).size() == 2);
  CHECK(items(st)[1].tensor().rank() == 0);
  CHECK(vals<std::string>(items(st)[1].tensor()) == std::vector<std::string>{"b"});
  // A zero-length axis gives an empty sequence that still knows its element type.
  const Value e = split(tv<int8_t>({0, 4}, {}), std::nullopt);
  CHECK(items(e).empty());
  CHECK(e.sequence().elem->elem == DType::int8);
  CHECK(clause_of([] { split(f32({}, {1}), std::nullopt); }) == "X1");
  CHECK(clause_of([] { split(iota_f({2, 3}), std::nullopt, {attr_i("axis", 2)}); }) == "X1");
}

TEST_CASE("[SQ10] SplitToSequence with a scalar split cuts equal parts and a shorter last one") {
  const Value s = split(iota_f({7}), i64s(3), {attr_i("keepdims", 0)});
  REQUIRE(items(s).size() == 3);
  CHECK(vals<float>(items(s)[0].tensor()) == std::vector<float>{0, 1, 2});
  CHECK(vals<float>(items(s)[1].tensor()) == std::vector<float>{3, 4, 5});
  CHECK(items(s)[2].tensor().shape() == Shape{1});  // keepdims is ignored
  CHECK(vals<float>(items(s)[2].tensor()) == std::vector<float>{6});
  // Divisible case on axis 1 with an int32 split: [[0..5],[6..11],[12..17]] in parts of 2 columns.
  const Value d = split(iota_f({3, 6}), Tensor::scalar<int32_t>(test_context(), 2), {attr_i("axis", 1)});
  REQUIRE(items(d).size() == 3);
  CHECK(items(d)[1].tensor().shape() == Shape{3, 2});
  CHECK(vals<float>(items(d)[1].tensor()) == std::vector<float>{2, 3, 8, 9, 14, 15});
  // A split longer than the axis gives one part.
  CHECK(items(split(iota_f({2}), i64s(5))).size() == 1);
  // An empty axis gives no parts.
  CHECK(items(split(iota_f({0}), i64s(2))).empty());
  CHECK(clause_of([] { split(iota_f({4}), i64s(0)); }) == "SQ10");
  CHECK(clause_of([] { split(iota_f({4}), i64s(-2)); }) == "SQ10");
}

TEST_CASE("[SQ11] SplitToSequence with a list of positive lengths summing to the dimension") {
  const Value s = split(iota_f({2, 3}), tv<int64_t>({2}, {1, 2}), {attr_i("axis", 1), attr_i("keepdims", 0)});
  REQUIRE(items(s).size() == 2);
  CHECK(items(s)[0].tensor().shape() == Shape{2, 1});
  CHECK(vals<float>(items(s)[0].tensor()) == std::vector<float>{0, 3});
  CHECK(items(s)[1].tensor().shape() == Shape{2, 2});
  CHECK(vals<float>(items(s)[1].tensor()) == std::vector<float>{1, 2, 4, 5});
  const Value one = split(tv<uint16_t>({3}, {9, 8, 7}), tv<int32_t>({1}, {3}));
  REQUIRE(items(one).size() == 1);
  CHECK(vals<uint16_t>(items(one)[0].tensor()) == std::vector<uint16_t>{9, 8, 7});
  CHECK(clause_of([] { split(iota_f({3}), tv<int64_t>({2}, {1, 1})); }) == "SQ11");
  CHECK(clause_of([] { split(iota_f({3}), tv<int64_t>({3}, {0, 1, 2})); }) == "SQ11");
  CHECK(clause_of([] { split(iota_f({3}), tv<int64_t>({2}, {4, -1})); }) == "SQ11");
  CHECK(clause_of([] { split(iota_f({0}), tv<int64_t>({0}, {})); }) == "SQ11");
  CHECK(clause_of([] { split(iota_f({3}), tv<int64_t>({1, 1}, {3})); }) == "SQ11");
  CHECK(clause_of([] { split(iota_f({3}), f32({1}, {3})); }) == "A3");
}

TEST_CASE("[SQ12] ConcatFromSequence joins along an existing axis") {
  // [[0],[1]] and [[10,11],[12,13]] along axis 1 -> [[0,10,11],[1,12,13]]
  const Tensor r = concat({f32({2, 1}, {0, 1}), f32({2, 2}, {10, 11, 12, 13})}, {attr_i("axis", -1)});
  CHECK(r.shape() == Shape{2, 3});
  CHECK(vals<float>(r) == std::vector<float>{0, 10, 11, 1, 12, 13});
  const Tensor r0 = concat({tv<int64_t>({1}, {1}), tv<int64_t>({0}, {}), tv<int64_t>({2}, {2, 3})},
                           {attr_i("axis", 0)});
  CHECK(vals<int64_t>(r0) == std::vector<int64_t>{1, 2, 3});
  const Tensor one = concat({tv<bool>({2}, {true, false})}, {attr_i("axis", 0)});
  CHECK(vals<bool>(one) == std::vector<bool>{true, false});
  CHECK(clause_of([] { concat({f32({2, 1}, {0, 1}), f32({3, 1}, {0, 1, 2})}, {attr_i("axis", 1)}); }) == "SQ12");
  CHECK(clause_of([] { concat({f32({2}, {0, 1}), f32({1, 2}, {0, 1})}, {attr_i("axis", 0)}); }) == "SQ12");
  CHECK(clause_of([] { concat({f32({}, {0})}, {attr_i("axis", 0)}); }) == "X1");
  CHECK(clause_of([] { concat({f32({2}, {0, 1})}, {attr_i("axis", 1)}); }) == "X1");
  CHECK(clause_of([] { concat({f32({2}, {0, 1})}, {}); }) == "A1");
  CHECK(clause_of([] { concat({f32({2}, {0, 1})}, {attr_i("axis", 0), attr_i("new_axis", 2)}); }) == "SQ12");
  CHECK(clause_of([] { run("ConcatFromSequence", 11, {seq({})}, {attr_i("axis", 0)}); }) == "SQ12");
  CHECK(clause_of([] {
          const Items items(std::vector<Value>{Value(f32({1}, {0})), Value(tv<double>({1}, {1}))});
          run("ConcatFromSequence", 11, {Value(Sequence{nullptr, items})}, {attr_i("axis", 0)});
        }) == "SQ1");
}

TEST_CASE("[SQ12] ConcatFromSequence with new_axis 1 stacks") {
  const std::vector<Tensor> ts{f32({2}, {1, 2}), f32({2}, {3, 4}), f32({2}, {5, 6})};
  const Tensor s0 = concat(ts, {attr_i("axis", 0), attr_i("new_axis", 1)});
  CHECK(s0.shape() == Shape{3, 2});
  CHECK(vals<float>(s0) == std::vector<float>{1, 2, 3, 4, 5, 6});
  // Axis r = 1 (the last of the output) and its negative form -1 stack as columns.
  const Tensor s1 = concat(ts, {attr_i("axis", 1), attr_i("new_axis", 1)});
  CHECK(s1.shape() == Shape{2, 3});
  CHECK(vals<float>(s1) == std::vector<float>{1, 3, 5, 2, 4, 6});
  CHECK(concat(ts, {attr_i("axis", -1), attr_i("new_axis", 1)}) == s1);
  CHECK(concat(ts, {attr_i("axis", -2), attr_i("new_axis", 1)}) == s0);
  // Scalars stack into a vector.
  const Tensor v = concat({tv<int32_t>({}, {7}), tv<int32_t>({}, {8})}, {attr_i("axis", 0), attr_i("new_axis", 1)});
  CHECK(v.shape() == Shape{2});
  CHECK(vals<int32_t>(v) == std::vector<int32_t>{7, 8});
  CHECK(clause_of([&] { concat(ts, {attr_i("axis", 2), attr_i("new_axis", 1)}); }) == "X1");
  CHECK(clause_of([&] { concat(ts, {attr_i("axis", -3), attr_i("new_axis", 1)}); }) == "X1");
  CHECK(clause_of([] {
          concat({f32({2}, {1, 2}), f32({3}, {1, 2, 3})}, {attr_i("axis", 0), attr_i("new_axis", 1)});
        }) == "SQ12");
}

TEST_CASE("[L5] an empty tensor with huge other axes is split and joined without walking them") {
  // [65536, 65536, 4, 0]: split along axis -2 into 4 empty parts, whose outer axes multiply to 2^32.
  const Tensor x = f32({65536, 65536, 4, 0}, {});
  const Value s = split(x, std::nullopt, {attr_i("axis", -2)}, 24);
  REQUIRE(items(s).size() == 4);
  CHECK(items(s)[3].tensor().shape() == Shape{65536, 65536, 1, 0});
  const Tensor j = run("ConcatFromSequence", 11, {s}, {attr_i("axis", -2)}).tensor();
  CHECK(j.shape() == Shape{65536, 65536, 4, 0});
  CHECK(j.size() == 0);
}

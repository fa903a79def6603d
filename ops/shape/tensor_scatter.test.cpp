// Unit tests of TensorScatter (spec/ops-shape.md, SH33, SH34). Expected caches are written out by hand from
// the rule pos(b, s) = w[b] + s (linear) or (w[b] + s) mod max (circular).
#include <string>

#include "ops/shape/test_util.hpp"

using namespace shape_test;

namespace {
Tensor scatter(const Tensor& past, const Tensor& upd, std::optional<Tensor> w, std::vector<Attribute> attrs = {}) {
  Inputs in{Value(past), Value(upd)};
  if (w) in.emplace_back(Value(*w));
  return run1("TensorScatter", 24, std::move(in), std::move(attrs));
}
}  // namespace

TEST_CASE("[SH34] TensorScatter linear: each batch entry's update lands from its write index on") {
  // past [2, 4, 1] of zeros, sequence axis -2 = 1; batch 0 writes at 1..2, batch 1 at 2..3
  const Tensor past = f32({2, 4, 1}, std::vector<float>(8, 0.0f));
  const Tensor upd = f32({2, 2, 1}, {1, 2, 3, 4});
  const Tensor y = scatter(past, upd, i64({1, 2}));
  CHECK(y.shape() == Shape{2, 4, 1});
  CHECK(vals<float>(y) == std::vector<float>{0, 1, 2, 0, 0, 0, 3, 4});
  // without write_indices every batch entry writes from 0
  CHECK(vals<float>(scatter(past, upd, std::nullopt)) == std::vector<float>{1, 2, 0, 0, 3, 4, 0, 0});
  // the last position is reachable: w = max - sequence_length
  CHECK(vals<float>(scatter(past, upd, i64({2, 0}))) == std::vector<float>{0, 0, 1, 2, 3, 4, 0, 0});
}

TEST_CASE("[SH34] TensorScatter moves whole slices after the axis and repeats over the dimensions before it") {
  // past [1, 3, 2], axis -2 = 1: the update [7, 8] is the slice at sequence position 2
  const Tensor y = scatter(f32({1, 3, 2}, {1, 1, 2, 2, 3, 3}), f32({1, 1, 2}, {7, 8}), i64({2}));
  CHECK(vals<float>(y) == std::vector<float>{1, 1, 2, 2, 7, 8});
  // past [2, 2, 3] with axis 2 (= -1): prefixes (b, h); batch 0 writes at 2, batch 1 at 0
  const Tensor past = tv<int32_t>({2, 2, 3}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  const Tensor upd = tv<int32_t>({2, 2, 1}, {1, 2, 3, 4});
  const Tensor z = scatter(past, upd, i64({2, 0}), {attr_i("axis", -1)});
  CHECK(vals<int32_t>(z) == std::vector<int32_t>{0, 0, 1, 0, 0, 2, 3, 0, 0, 4, 0, 0});
  CHECK(vals<int32_t>(scatter(past, upd, i64({2, 0}), {attr_i("axis", 2)})) == vals<int32_t>(z));
}

TEST_CASE("[SH34] TensorScatter circular wraps the sequence position around, negative write indices too") {
  const Tensor past = f32({2, 4, 1}, {9, 9, 9, 9, 8, 8, 8, 8});
  const Tensor upd = f32({2, 2, 1}, {1, 2, 3, 4});
  // batch 0: w = 3, positions 3 and (3 + 1) mod 4 = 0; batch 1: w = 5 mod 4 = 1, positions 1 and 2
  const Tensor y = scatter(past, upd, i64({3, 5}), {attr_s("mode", "circular")});
  CHECK(vals<float>(y) == std::vector<float>{2, 9, 9, 1, 8, 3, 4, 8});
  // w = -1 is position 3 (the non-negative remainder), w = -4 is position 0
  const Tensor n = scatter(past, upd, i64({-1, -4}), {attr_s("mode", "circular")});
  CHECK(vals<float>(n) == std::vector<float>{2, 9, 9, 1, 3, 4, 8, 8});
  // an update as long as the cache overwrites all of it, rotated
  const Tensor full = scatter(f32({1, 3, 1}, {0, 0, 0}), f32({1, 3, 1}, {1, 2, 3}), i64({2}),
                              {attr_s("mode", "circular")});
  CHECK(vals<float>(full) == std::vector<float>{2, 3, 1});
}

TEST_CASE("[SH34] TensorScatter with an empty update returns the cache; strings move like any element") {
  const Tensor past = f32({1, 2, 2}, {1, 2, 3, 4});
  const Tensor y = scatter(past, f32({1, 0, 2}, {}), i64({2}));  // w = max - 0 is allowed in linear mode
  CHECK(y == past);
  // empty cache and empty update on the circular path: nothing is written, no division by zero
  const Tensor e = scatter(f32({1, 0, 2}, {}), f32({1, 0, 2}, {}), i64({5}), {attr_s("mode", "circular")});
  CHECK(e.shape() == Shape{1, 0, 2});
  const Tensor s = scatter(tv<std::string>({1, 3}, {"a", "b", "c"}), tv<std::string>({1, 1}, {"z"}), i64({1}),
                           {attr_i("axis", 1)});
  CHECK(vals<std::string>(s) == std::vector<std::string>{"a", "z", "c"});
}

TEST_CASE("[SH34] TensorScatter linear refuses a write that leaves the cache") {
  const Tensor past = f32({2, 4, 1}, std::vector<float>(8, 0.0f));
  const Tensor upd = f32({2, 2, 1}, {1, 2, 3, 4});
  CHECK(clause_of([&] { (void)scatter(past, upd, i64({3, 0})); }) == "SH34");   // 3 + 2 > 4
  CHECK(clause_of([&] { (void)scatter(past, upd, i64({0, -1})); }) == "SH34");  // negative
  CHECK(clause_of([&] { (void)scatter(past, upd, i64({0, 4}), {attr_s("mode", "linear")}); }) == "SH34");
}

TEST_CASE("[SH33] TensorScatter checks its axis, mode, shapes and write_indices") {
  const Tensor past = f32({2, 4, 1}, std::vector<float>(8, 0.0f));
  const Tensor upd = f32({2, 2, 1}, {1, 2, 3, 4});
  CHECK(clause_of([&] { (void)scatter(past, upd, std::nullopt, {attr_i("axis", 0)}); }) == "SH33");
  CHECK(clause_of([&] { (void)scatter(past, upd, std::nullopt, {attr_i("axis", -3)}); }) == "SH33");  // = 0
  CHECK(clause_of([&] { (void)scatter(past, upd, std::nullopt, {attr_i("axis", 3)}); }) == "X1");
  CHECK(clause_of([&] { (void)scatter(past, upd, std::nullopt, {attr_s("mode", "ring")}); }) == "SH33");
  CHECK(clause_of([&] {
          (void)scatter(f32({4}, {0, 0, 0, 0}), f32({1}, {1}), std::nullopt, {attr_i("axis", -1)});
        }) == "SH33");  // rank 1: no axis but the batch one
  // update: other dimensions must match, the sequence one may not exceed the cache's
  CHECK(clause_of([&] { (void)scatter(past, f32({1, 2, 1}, {1, 2}), std::nullopt); }) == "SH33");
  CHECK(clause_of([&] { (void)scatter(past, f32({2, 5, 1}, std::vector<float>(10, 1.0f)), std::nullopt); }) == "SH33");
  CHECK(clause_of([&] { (void)scatter(past, f32({2, 2}, {1, 2, 3, 4}), std::nullopt); }) == "SH33");
  CHECK(clause_of([&] { (void)scatter(past, tv<double>({2, 2, 1}, {1, 2, 3, 4}), std::nullopt); }) == "SH33");
  // write_indices: int64 of shape [batch]
  CHECK(clause_of([&] { (void)scatter(past, upd, tv<int32_t>({2}, {0, 0})); }) == "SH33");
  CHECK(clause_of([&] { (void)scatter(past, upd, i64({0})); }) == "SH33");
  CHECK(clause_of([&] { (void)scatter(past, upd, tv<int64_t>({1, 2}, {0, 0})); }) == "SH33");
}

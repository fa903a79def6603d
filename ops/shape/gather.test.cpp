#include <cmath>

#include "ops/shape/test_util.hpp"

using namespace shape_test;

TEST_CASE("[SH13][SH14] Gather takes slices at the indices, negative ones wrapping once") {
  Tensor x = iota_f({3, 2});
  Tensor y = run1("Gather", 13, {Value(x), Value(tv<int64_t>({1, 2}, {0, -1}))});
  CHECK(y.shape() == Shape{1, 2, 2});
  CHECK(vals<float>(y) == std::vector<float>{0, 1, 4, 5});
  Tensor c = run1("Gather", 11, {Value(x), Value(Tensor::scalar<int32_t>(test_context(), 1))}, {attr_i("axis", -1)});
  CHECK(c.shape() == Shape{3});
  CHECK(vals<float>(c) == std::vector<float>{1, 3, 5});
  CHECK(run1("Gather", 1, {Value(x), Value(tv<int64_t>({0}, {}))}).shape() == Shape{0, 2});
  Tensor s = run1("Gather", 13, {Value(tv<std::string>({3}, {"a", "b", "c"})), Value(i64({2, 2, 0}))});
  CHECK(vals<std::string>(s) == std::vector<std::string>{"c", "c", "a"});
  CHECK(clause_of([&] { (void)run1("Gather", 13, {Value(x), Value(i64({3}))}); }) == "SH13");
  CHECK(clause_of([&] { (void)run1("Gather", 13, {Value(x), Value(i64({-4}))}); }) == "SH13");
  CHECK(clause_of([&] { (void)run1("Gather", 1, {Value(x), Value(i64({-1}))}); }) == "SH13");
  CHECK(clause_of([&] { (void)run1("Gather", 13, {Value(x), Value(f32({1}, {0}))}); }) == "A3");
  CHECK(clause_of([&] { (void)run1("Gather", 13, {Value(x), Value(i64({0}))}, {attr_i("axis", 2)}); }) == "X1");
}

TEST_CASE("[SH15] GatherElements picks one element per index position") {
  Tensor x = f32({2, 2}, {1, 2, 3, 4});
  Tensor y = run1("GatherElements", 13, {Value(x), Value(tv<int64_t>({2, 2}, {0, 0, 1, 0}))}, {attr_i("axis", 1)});
  CHECK(vals<float>(y) == std::vector<float>{1, 1, 4, 3});
  Tensor z = run1("GatherElements", 11, {Value(x), Value(tv<int32_t>({1, 2}, {1, -2}))});
  CHECK(z.shape() == Shape{1, 2});
  CHECK(vals<float>(z) == std::vector<float>{3, 2});
  CHECK(clause_of([&] { (void)run1("GatherElements", 13, {Value(x), Value(tv<int64_t>({1, 1}, {2}))}); }) == "SH13");
  CHECK(clause_of([&] { (void)run1("GatherElements", 13, {Value(x), Value(i64({0}))}); }) == "SH15");
  CHECK(clause_of([&] {
          (void)run1("GatherElements", 13, {Value(x), Value(tv<int64_t>({1, 3}, {0, 0, 0}))});
        }) == "SH15");
}

TEST_CASE("[SH16] GatherND selects slices by index tuples, within batches") {
  Tensor x = iota_f({2, 2});
  CHECK(vals<float>(run1("GatherND", 11, {Value(x), Value(tv<int64_t>({2, 2}, {0, 0, 1, 1}))})) ==
        std::vector<float>{0, 3});
  Tensor r = run1("GatherND", 13, {Value(x), Value(tv<int64_t>({2, 1}, {1, -2}))});
  CHECK(r.shape() == Shape{2, 2});
  CHECK(vals<float>(r) == std::vector<float>{2, 3, 0, 1});
  Tensor b = run1("GatherND", 12, {Value(iota_f({2, 2, 2})), Value(tv<int64_t>({2, 1}, {1, 0}))},
                  {attr_i("batch_dims", 1)});
  CHECK(b.shape() == Shape{2, 2});
  CHECK(vals<float>(b) == std::vector<float>{2, 3, 4, 5});
  CHECK(clause_of([&] { (void)run1("GatherND", 13, {Value(x), Value(tv<int64_t>({1, 3}, {0, 0, 0}))}); }) == "SH16");
  CHECK(clause_of([&] {
          (void)run1("GatherND", 13, {Value(x), Value(tv<int64_t>({3, 1}, {0, 0, 0}))}, {attr_i("batch_dims", 1)});
        }) == "SH16");
  CHECK(clause_of([&] {
          (void)run1("GatherND", 13, {Value(x), Value(tv<int64_t>({1, 1}, {0}))}, {attr_i("batch_dims", 2)});
        }) == "SH16");
  CHECK(clause_of([&] { (void)run1("GatherND", 13, {Value(x), Value(tv<int64_t>({1, 2}, {0, 2}))}); }) == "SH13");
}

TEST_CASE("[SH27] Compress keeps the slices whose condition is true") {
  Tensor x = iota_f({3, 2});
  auto cond = [](std::vector<bool> c) {
    const auto n = static_cast<int64_t>(c.size());
    return tv<bool>({n}, std::move(c));
  };
  CHECK(vals<float>(run1("Compress", 11, {Value(x), Value(cond({false, true, true}))}, {attr_i("axis", 0)})) ==
        std::vector<float>{2, 3, 4, 5});
  CHECK(vals<float>(run1("Compress", 11, {Value(x), Value(cond({false, true}))}, {attr_i("axis", -1)})) ==
        std::vector<float>{1, 3, 5});
  CHECK(vals<float>(run1("Compress", 9, {Value(x), Value(cond({false, true, false, false, true}))})) ==
        std::vector<float>{1, 4});
  CHECK(run1("Compress", 9, {Value(x), Value(cond({}))}, {attr_i("axis", 0)}).shape() == Shape{0, 2});
  CHECK(clause_of([&] {
          (void)run1("Compress", 11, {Value(x), Value(cond({true, true, true, false}))}, {attr_i("axis", 0)});
        }) == "SH27");
  CHECK(clause_of([&] { (void)run1("Compress", 11, {Value(x), Value(i64({1}))}); }) == "SH27");
  CHECK(clause_of([&] { (void)run1("Compress", 9, {Value(x), Value(cond({true}))}, {attr_i("axis", -1)}); }).empty());
}

TEST_CASE("[SH28] NonZero lists the coordinates of the non-zero elements") {
  Tensor y = run1("NonZero", 13, {Value(tv<int32_t>({2, 2}, {1, 0, 1, 1}))});
  CHECK(y.shape() == Shape{2, 3});
  CHECK(vals<int64_t>(y) == std::vector<int64_t>{0, 1, 1, 0, 0, 1});
  Tensor f = run1("NonZero", 9, {Value(f32({3}, {std::nanf(""), -0.0f, 2}))});
  CHECK(vals<int64_t>(f) == std::vector<int64_t>{0, 2});
  Tensor s = run1("NonZero", 13, {Value(Tensor::scalar<bool>(test_context(), true))});
  CHECK(s.shape() == Shape{1, 1});
  CHECK(vals<int64_t>(s) == std::vector<int64_t>{0});
  CHECK(run1("NonZero", 13, {Value(f32({2, 2}, {0, 0, 0, 0}))}).shape() == Shape{2, 0});
}

TEST_CASE("[SH26] OneHot inserts the depth axis and marks the indices") {
  Tensor on_off = f32({2}, {0, 1});
  Tensor ind = tv<int64_t>({3}, {0, 2, -1});
  Tensor y = run1("OneHot", 11, {Value(ind), Value(Tensor::scalar<int64_t>(test_context(), 3)), Value(on_off)});
  CHECK(y.shape() == Shape{3, 3});
  CHECK(vals<float>(y) == std::vector<float>{1, 0, 0, 0, 0, 1, 0, 0, 1});
  // version 9: a negative index is out of range, giving a row of 'off'; so is an index >= depth
  CHECK(
      vals<float>(run1("OneHot", 9, {Value(ind), Value(Tensor::scalar<int64_t>(test_context(), 3)), Value(on_off)})) ==
      std::vector<float>{1, 0, 0, 0, 0, 1, 0, 0, 0});
  CHECK(vals<float>(
            run1("OneHot", 11, {Value(i64({5})), Value(Tensor::scalar<int64_t>(test_context(), 3)), Value(on_off)})) ==
        std::vector<float>{0, 0, 0});
  // axis 0, a float depth (truncated) and float indices, string values
  Tensor z = run1("OneHot", 11,
                  {Value(f32({2}, {1.9f, 0})), Value(Tensor::scalar(test_context(), 2.7f)),
                   Value(tv<std::string>({2}, {"n", "y"}))},
                  {attr_i("axis", 0)});
  CHECK(z.shape() == Shape{2, 2});
  CHECK(vals<std::string>(z) == std::vector<std::string>{"n", "y", "y", "n"});
  CHECK(clause_of([&] {
          (void)run1("OneHot", 11, {Value(ind), Value(Tensor::scalar<int64_t>(test_context(), 0)), Value(on_off)});
        }) == "SH26");
  CHECK(clause_of([&] {
          (void)run1("OneHot", 11,
                     {Value(ind), Value(Tensor::scalar<int64_t>(test_context(), 3)), Value(f32({3}, {0, 1, 2}))});
        }) == "SH26");
  CHECK(clause_of([&] {
          (void)run1("OneHot", 11, {Value(ind), Value(Tensor::scalar<int64_t>(test_context(), 3)), Value(on_off)},
                     {attr_i("axis", 2)});
        }) == "X1");
}

TEST_CASE("[SH32] ReverseSequence reverses the first sequence_lens[b] steps of each batch entry") {
  Tensor x = iota_f({4, 2});  // [time, batch]
  Tensor y = run1("ReverseSequence", 10, {Value(x), Value(i64({4, 2}))});
  CHECK(vals<float>(y) == std::vector<float>{6, 3, 4, 1, 2, 5, 0, 7});
  Tensor b = run1("ReverseSequence", 10, {Value(iota_f({2, 3})), Value(i64({2, 3}))},
                  {attr_i("batch_axis", 0), attr_i("time_axis", 1)});
  CHECK(vals<float>(b) == std::vector<float>{1, 0, 2, 5, 4, 3});
  CHECK(vals<float>(run1("ReverseSequence", 10, {Value(x), Value(i64({0, 1}))})) == vals<float>(x));
  CHECK(clause_of([&] { (void)run1("ReverseSequence", 10, {Value(x), Value(i64({5, 1}))}); }) == "SH32");
  CHECK(clause_of([&] { (void)run1("ReverseSequence", 10, {Value(x), Value(i64({1}))}); }) == "SH32");
  CHECK(clause_of([&] {
          (void)run1("ReverseSequence", 10, {Value(x), Value(i64({1, 1}))}, {attr_i("batch_axis", 0)});
        }) == "SH32");
  CHECK(clause_of([] { (void)run1("ReverseSequence", 10, {Value(iota_f({4})), Value(i64({1}))}); }) == "SH32");
}

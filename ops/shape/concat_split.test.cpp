#include "ops/shape/test_util.hpp"
#include "runtime/parallel.hpp"

using namespace shape_test;

TEST_CASE("[SH10] Concat joins inputs along the axis") {
  Tensor a = iota_f({2, 2});
  Tensor b = f32({2, 1}, {10, 11});
  Tensor y = run1("Concat", 13, {Value(a), Value(b)}, {attr_i("axis", -1)});
  CHECK(y.shape() == Shape{2, 3});
  CHECK(vals<float>(y) == std::vector<float>{0, 1, 10, 2, 3, 11});
  Tensor z = run1("Concat", 4, {Value(a), Value(f32({1, 2}, {7, 8}))}, {attr_i("axis", 0)});
  CHECK(vals<float>(z) == std::vector<float>{0, 1, 2, 3, 7, 8});
  // version 1: the axis defaults to 1
  CHECK(run1("Concat", 1, {Value(a), Value(b)}).shape() == Shape{2, 3});
  // empty inputs take part like any other
  CHECK(vals<float>(run1("Concat", 11, {Value(iota_f({2, 0})), Value(b)}, {attr_i("axis", 1)})) ==
        std::vector<float>{10, 11});
  Tensor s = run1("Concat", 13, {Value(tv<std::string>({1}, {"x"})), Value(tv<std::string>({2}, {"y", "z"}))},
                  {attr_i("axis", 0)});
  CHECK(vals<std::string>(s) == std::vector<std::string>{"x", "y", "z"});
  CHECK(clause_of([&] {
          (void)run1("Concat", 13, {Value(a), Value(f32({3, 1}, {1, 2, 3}))}, {attr_i("axis", 1)});
        }) == "SH10");
  CHECK(clause_of([&] {
          (void)run1("Concat", 13, {Value(a), Value(tv<double>({2, 1}, {1, 2}))}, {attr_i("axis", 1)});
        }) == "SH10");
  CHECK(clause_of([&] { (void)run1("Concat", 13, {Value(a), Value(iota_f({2}))}, {attr_i("axis", 0)}); }) == "SH10");
  CHECK(clause_of([] {
          (void)run1("Concat", 13,
                     {Value(Tensor::scalar(test_context(), 1.0f)), Value(Tensor::scalar(test_context(), 1.0f))},
                     {attr_i("axis", 0)});
        }) == "SH10");
  CHECK(clause_of([&] { (void)run1("Concat", 13, {Value(a)}, {attr_i("axis", 2)}); }) == "X1");
  CHECK(clause_of([&] { (void)run1("Concat", 4, {Value(a)}, {attr_i("axis", -1)}); }).empty());
  CHECK(clause_of([&] { (void)run1("Concat", 4, {Value(a)}); }) == "A1");
}

TEST_CASE("[SH10] [E9] Concat on 1, 2 and 3 threads: each input's blocks in order, an empty input among them") {
  // Along axis 1 of (3, ., 50, 60): inputs of 7, 0 and 20 channels, large enough to be cut into slices that
  // fall inside and across the inputs' blocks.
  const std::vector<int64_t> channels{7, 0, 20};
  std::vector<std::optional<Value>> ins;
  std::vector<std::vector<float>> data;
  for (size_t k = 0; k < channels.size(); ++k) {
    std::vector<float> v(static_cast<size_t>(3 * channels[k] * 3000));
    for (size_t e = 0; e < v.size(); ++e) v[e] = static_cast<float>(k * 1000000 + e);
    ins.emplace_back(f32({3, channels[k], 50, 60}, v));
    data.push_back(std::move(v));
  }
  // SH10: for each of the 3 leading indices, the block of each input in turn.
  std::vector<float> want;
  for (size_t i = 0; i < 3; ++i)
    for (size_t k = 0; k < channels.size(); ++k) {
      const size_t block = static_cast<size_t>(channels[k]) * 3000;
      want.insert(want.end(), data[k].begin() + static_cast<std::ptrdiff_t>(i * block),
                  data[k].begin() + static_cast<std::ptrdiff_t>((i + 1) * block));
    }
  KeepAlive keep;  // every result and copy held to the end (E9 tests)
  for (int t : {1, 2, 3}) {
    CAPTURE(t);
    Threads threads(t);
    const Tensor& y = keep(run1("Concat", 13, ins, {attr_i("axis", 1)}));
    CHECK(y.shape() == Shape{3, 27, 50, 60});
    CHECK(keep(vals<float>(y)) == want);
  }
}

TEST_CASE("[SH11] Split cuts the input into consecutive parts") {
  Tensor x = iota_f({2, 6});
  auto parts = run("Split", 13, {Value(x), Value(i64({1, 2, 3}))}, {attr_i("axis", 1)}, 3);
  REQUIRE(parts.size() == 3);
  CHECK(vals<float>(parts[0]->tensor()) == std::vector<float>{0, 6});
  CHECK(vals<float>(parts[1]->tensor()) == std::vector<float>{1, 2, 7, 8});
  CHECK(parts[2]->tensor().shape() == Shape{2, 3});
  CHECK(vals<float>(parts[2]->tensor()) == std::vector<float>{3, 4, 5, 9, 10, 11});
  // equal parts
  auto eq = run("Split", 13, {Value(x)}, {attr_i("axis", -1)}, 2);
  CHECK(vals<float>(eq[1]->tensor()) == std::vector<float>{3, 4, 5, 9, 10, 11});
  // versions 1, 2, 11: attribute; version 1 also the second input
  auto v2 = run("Split", 2, {Value(x)}, {attr_ints("split", {1, 1})}, 2);
  CHECK(vals<float>(v2[1]->tensor()) == std::vector<float>{6, 7, 8, 9, 10, 11});
  auto v1 = run("Split", 1, {Value(x), Value(i64({4, 2}))}, {attr_i("axis", 1)}, 2);
  CHECK(vals<float>(v1[1]->tensor()) == std::vector<float>{4, 5, 10, 11});
  // zero-sized parts are allowed
  auto z = run("Split", 13, {Value(x), Value(i64({0, 6}))}, {attr_i("axis", 1)}, 2);
  CHECK(z[0]->tensor().shape() == Shape{2, 0});
  // version 18: num_outputs, the last part taking the rest: 7 -> 3, 3, 1
  auto u = run("Split", 18, {Value(iota_f({7}))}, {attr_i("num_outputs", 3)}, 3);
  CHECK(vals<float>(u[1]->tensor()) == std::vector<float>{3, 4, 5});
  CHECK(vals<float>(u[2]->tensor()) == std::vector<float>{6});
  // strings
  auto s = run("Split", 13, {Value(tv<std::string>({2}, {"p", "q"}))}, {}, 2);
  CHECK(vals<std::string>(s[1]->tensor()) == std::vector<std::string>{"q"});
  CHECK(clause_of([&] { (void)run("Split", 13, {Value(x), Value(i64({1, 2}))}, {attr_i("axis", 1)}, 2); }) == "SH11");
  CHECK(clause_of([&] {
          (void)run("Split", 13, {Value(x), Value(i64({1, 2, 3}))}, {attr_i("axis", 1)}, 2);
        }) == "SH11");
  CHECK(clause_of([&] { (void)run("Split", 13, {Value(x), Value(i64({-1, 7}))}, {attr_i("axis", 1)}, 2); }) == "SH11");
  CHECK(clause_of([&] { (void)run("Split", 13, {Value(x)}, {attr_i("axis", 1)}, 4); }) == "SH11");
  CHECK(clause_of([&] { (void)run("Split", 18, {Value(x)}, {}, 2); }) == "SH11");
  CHECK(clause_of([&] { (void)run("Split", 18, {Value(x)}, {attr_i("num_outputs", 3)}, 2); }) == "SH11");
  CHECK(clause_of([&] {
          (void)run("Split", 18, {Value(x), Value(i64({1, 1}))}, {attr_i("num_outputs", 2)}, 2);
        }) == "SH11");
  // 5 into 4 parts of ceil(5/4) = 2 leaves -1 for the last
  CHECK(clause_of([] { (void)run("Split", 18, {Value(iota_f({5}))}, {attr_i("num_outputs", 4)}, 4); }) == "SH11");
  CHECK(clause_of([&] { (void)run("Split", 2, {Value(x)}, {attr_i("axis", -1)}, 2); }).empty());
}

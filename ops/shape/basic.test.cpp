#include "ops/shape/test_util.hpp"

using namespace shape_test;

TEST_CASE("[SH1] Identity returns its input value unchanged, tensors and sequences alike") {
  Tensor s = tv<std::string>({2}, {"a", "b"});
  CHECK(run1("Identity", 1, {Value(s)}) == s);
  Sequence q;
  q.items = Items(std::vector<Value>{Value(s)});
  auto out = run("Identity", 16, {Value(q)});
  REQUIRE(out[0]->is_sequence());
  CHECK(out[0]->sequence().items.size() == 1);
}

TEST_CASE("[SH2] Shape gives the dimensions, and from version 15 a clamped range of them") {
  Tensor x = iota_f({2, 3, 4});
  CHECK(vals<int64_t>(run1("Shape", 1, {Value(x)})) == std::vector<int64_t>{2, 3, 4});
  CHECK(vals<int64_t>(run1("Shape", 15, {Value(x)}, {attr_i("start", -2)})) == std::vector<int64_t>{3, 4});
  CHECK(vals<int64_t>(run1("Shape", 15, {Value(x)}, {attr_i("end", -1)})) == std::vector<int64_t>{2, 3});
  CHECK(vals<int64_t>(run1("Shape", 15, {Value(x)}, {attr_i("start", -10), attr_i("end", 10)})) ==
        std::vector<int64_t>{2, 3, 4});
  Tensor empty = run1("Shape", 15, {Value(x)}, {attr_i("start", 2), attr_i("end", 1)});
  CHECK(empty.shape() == Shape{0});
  CHECK(run1("Shape", 13, {Value(Tensor::scalar<bool>(test_context(), true))}).shape() == Shape{0});
}

TEST_CASE("[SH3] Size is the element count as an int64 scalar") {
  CHECK(vals<int64_t>(run1("Size", 13, {Value(iota_f({2, 3, 4}))})) == std::vector<int64_t>{24});
  CHECK(run1("Size", 1, {Value(iota_f({2, 3, 4}))}).rank() == 0);
  CHECK(vals<int64_t>(run1("Size", 13, {Value(iota_f({0, 3}))})) == std::vector<int64_t>{0});
  CHECK(vals<int64_t>(run1("Size", 13, {Value(Tensor::scalar<std::string>(test_context(), "x"))})) ==
        std::vector<int64_t>{1});
}

TEST_CASE("[SH4][SH5] Reshape copies 0 entries, infers -1, and keeps the element order") {
  Tensor x = iota_f({2, 3, 4});
  Tensor y = run1("Reshape", 14, {Value(x), Value(i64({4, 0, -1}))});
  CHECK(y.shape() == Shape{4, 3, 2});
  CHECK(vals<float>(y) == vals<float>(x));
  CHECK(run1("Reshape", 5, {Value(x), Value(i64({-1}))}).shape() == Shape{24});
  CHECK(run1("Reshape", 1, {Value(x)}, {attr_ints("shape", {6, -1})}).shape() == Shape{6, 4});
  CHECK(run1("Reshape", 13, {Value(Tensor::scalar<float>(test_context(), 7)), Value(i64({}))}).shape() == Shape{});
  // allowzero: 0 is a zero dimension
  Tensor z = iota_f({0, 3});
  CHECK(run1("Reshape", 14, {Value(z), Value(i64({3, 0}))}, {attr_i("allowzero", 1)}).shape() == Shape{3, 0});
  // without allowzero 0 copies: [3, 0] on a [0, 3] input gives [3, 3], which cannot hold 0 elements
  CHECK(clause_of([&] { (void)run1("Reshape", 14, {Value(z), Value(i64({3, 0}))}); }) == "SH5");
  // strings move like any element
  Tensor s = tv<std::string>({2, 2}, {"a", "b", "c", "d"});
  CHECK(vals<std::string>(run1("Reshape", 14, {Value(s), Value(i64({4}))})) ==
        std::vector<std::string>{"a", "b", "c", "d"});
}

TEST_CASE("[SH4] Reshape refuses malformed target shapes") {
  Tensor x = iota_f({2, 3, 4});
  CHECK(clause_of([&] { (void)run1("Reshape", 14, {Value(x), Value(i64({-1, -1}))}); }) == "SH4");
  CHECK(clause_of([&] { (void)run1("Reshape", 14, {Value(x), Value(i64({-2, 12}))}); }) == "SH4");
  CHECK(clause_of([&] { (void)run1("Reshape", 14, {Value(x), Value(i64({1, 1, 1, 0}))}); }) == "SH4");
  CHECK(clause_of([&] {
          (void)run1("Reshape", 14, {Value(x), Value(i64({0, -1}))}, {attr_i("allowzero", 1)});
        }) == "SH4");
}

TEST_CASE("[SH5] Reshape to a shape of another element count is an error") {
  Tensor x = iota_f({2, 3, 4});
  CHECK(clause_of([&] { (void)run1("Reshape", 14, {Value(x), Value(i64({5, 5}))}); }) == "SH5");
  CHECK(clause_of([&] { (void)run1("Reshape", 14, {Value(x), Value(i64({5, -1}))}); }) == "SH5");
  Tensor z = iota_f({0, 3});
  CHECK(clause_of([&] { (void)run1("Reshape", 14, {Value(z), Value(i64({0, -1}))}); }) == "SH5");
}

TEST_CASE("[SH6] Flatten splits the dimensions at the axis") {
  Tensor x = iota_f({2, 3, 4});
  CHECK(run1("Flatten", 1, {Value(x)}).shape() == Shape{2, 12});
  CHECK(run1("Flatten", 13, {Value(x)}, {attr_i("axis", 0)}).shape() == Shape{1, 24});
  CHECK(run1("Flatten", 13, {Value(x)}, {attr_i("axis", 3)}).shape() == Shape{24, 1});
  CHECK(run1("Flatten", 11, {Value(x)}, {attr_i("axis", -1)}).shape() == Shape{6, 4});
  CHECK(run1("Flatten", 13, {Value(Tensor::scalar<float>(test_context(), 1))}, {attr_i("axis", 0)}).shape() ==
        Shape{1, 1});
  CHECK(clause_of([&] { (void)run1("Flatten", 9, {Value(x)}, {attr_i("axis", -1)}); }) == "SH6");
  CHECK(clause_of([&] { (void)run1("Flatten", 13, {Value(x)}, {attr_i("axis", 4)}); }) == "SH6");
  CHECK(clause_of([&] { (void)run1("Flatten", 13, {Value(x)}, {attr_i("axis", -4)}); }) == "SH6");
}

TEST_CASE("[SH8] Squeeze removes the named axes of size 1, or all of them") {
  Tensor x = iota_f({1, 3, 1});
  CHECK(run1("Squeeze", 13, {Value(x)}).shape() == Shape{3});
  CHECK(run1("Squeeze", 13, {Value(x), Value(i64({-1}))}).shape() == Shape{1, 3});
  CHECK(run1("Squeeze", 1, {Value(x)}, {attr_ints("axes", {0})}).shape() == Shape{3, 1});
  CHECK(run1("Squeeze", 11, {Value(x)}, {attr_ints("axes", {-3, 2})}).shape() == Shape{3});
  CHECK(clause_of([&] { (void)run1("Squeeze", 13, {Value(x), Value(i64({1}))}); }) == "SH8");
  CHECK(clause_of([&] { (void)run1("Squeeze", 13, {Value(x), Value(i64({0, -3}))}); }) == "SH8");
  CHECK(clause_of([&] { (void)run1("Squeeze", 1, {Value(x)}, {attr_ints("axes", {-1})}); }) == "SH8");
  CHECK(clause_of([&] { (void)run1("Squeeze", 13, {Value(x), Value(i64({3}))}); }) == "SH8");
}

TEST_CASE("[SH9] Unsqueeze inserts 1s at axes of the output") {
  Tensor x = iota_f({3});
  CHECK(run1("Unsqueeze", 13, {Value(x), Value(i64({0, 2}))}).shape() == Shape{1, 3, 1});
  CHECK(run1("Unsqueeze", 13, {Value(x), Value(i64({-1}))}).shape() == Shape{3, 1});
  CHECK(run1("Unsqueeze", 11, {Value(x)}, {attr_ints("axes", {-3, 1})}).shape() == Shape{1, 1, 3});
  CHECK(run1("Unsqueeze", 1, {Value(Tensor::scalar<bool>(test_context(), true))}, {attr_ints("axes", {0})}).shape() ==
        Shape{1});
  CHECK(clause_of([&] { (void)run1("Unsqueeze", 13, {Value(x), Value(i64({0, 0}))}); }) == "SH9");
  CHECK(clause_of([&] { (void)run1("Unsqueeze", 13, {Value(x), Value(i64({2}))}); }) == "SH9");
  CHECK(clause_of([&] { (void)run1("Unsqueeze", 1, {Value(x)}, {attr_ints("axes", {-1})}); }) == "SH9");
  CHECK(clause_of([&] { (void)run1("Unsqueeze", 13, {Value(x), Value(i64({-3}))}); }) == "SH9");
}

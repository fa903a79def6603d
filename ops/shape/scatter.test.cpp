#include <cmath>

#include "ops/shape/test_util.hpp"

using namespace shape_test;

TEST_CASE("[SH29] ScatterElements writes each update at its index along the axis") {
  Tensor data = f32({3, 3}, std::vector<float>(9, 0.0f));
  Tensor ind = tv<int64_t>({2, 3}, {1, 0, 2, 0, 2, 1});
  Tensor upd = f32({2, 3}, {1.0f, 1.1f, 1.2f, 2.0f, 2.1f, 2.2f});
  Tensor y = run1("ScatterElements", 13, {Value(data), Value(ind), Value(upd)});
  CHECK(vals<float>(y) == std::vector<float>{2.0f, 1.1f, 0, 1.0f, 0, 2.2f, 0, 2.1f, 1.2f});
  Tensor row = f32({1, 5}, {1, 2, 3, 4, 5});
  Tensor z = run1("ScatterElements", 11,
                  {Value(row), Value(tv<int32_t>({1, 2}, {1, -2})), Value(f32({1, 2}, {1.1f, 2.1f}))},
                  {attr_i("axis", 1)});
  CHECK(vals<float>(z) == std::vector<float>{1, 1.1f, 3, 2.1f, 5});
  // Scatter (deprecated) behaves alike; version 9 has no negative indices
  Tensor s = run1("Scatter", 11, {Value(row), Value(tv<int64_t>({1, 1}, {-1})), Value(f32({1, 1}, {9}))},
                  {attr_i("axis", 1)});
  CHECK(vals<float>(s) == std::vector<float>{1, 2, 3, 4, 9});
  CHECK(clause_of([&] {
          (void)run1("Scatter", 9, {Value(row), Value(tv<int64_t>({1, 1}, {-1})), Value(f32({1, 1}, {9}))},
                     {attr_i("axis", 1)});
        }) == "SH13");
  // strings move like any element
  Tensor st = run1("ScatterElements", 18,
                   {Value(tv<std::string>({2}, {"a", "b"})), Value(i64({1})), Value(tv<std::string>({1}, {"z"}))});
  CHECK(vals<std::string>(st) == std::vector<std::string>{"a", "z"});
}

TEST_CASE("[SH29] ScatterElements reductions combine duplicates in order, integers wrapping") {
  Tensor d = tv<int32_t>({3}, {1, 2, 3});
  Tensor i = i64({1, 1});
  Tensor u = tv<int32_t>({2}, {10, 20});
  auto red = [&](const std::string& r, int64_t v, const Tensor& upd) {
    return vals<int32_t>(run1("ScatterElements", v, {Value(d), Value(i), Value(upd)}, {attr_s("reduction", r)}));
  };
  CHECK(red("add", 16, u) == std::vector<int32_t>{1, 32, 3});
  CHECK(red("mul", 16, u) == std::vector<int32_t>{1, 400, 3});
  Tensor u2 = tv<int32_t>({2}, {5, 1});
  CHECK(red("max", 18, u2) == std::vector<int32_t>{1, 5, 3});
  CHECK(red("min", 18, u2) == std::vector<int32_t>{1, 1, 3});
  // int8: 100 + 100 + 100 = 300 = 44 (mod 256); 16 * 16 = 256 = 0
  Tensor w = run1("ScatterElements", 16,
                  {Value(tv<int8_t>({1}, {100})), Value(i64({0, 0})), Value(tv<int8_t>({2}, {100, 100}))},
                  {attr_s("reduction", "add")});
  CHECK(vals<int8_t>(w) == std::vector<int8_t>{44});
  Tensor m = run1("ScatterElements", 16, {Value(tv<int8_t>({1}, {16})), Value(i64({0})), Value(tv<int8_t>({1}, {16}))},
                  {attr_s("reduction", "mul")});
  CHECK(vals<int8_t>(m) == std::vector<int8_t>{0});
  // max propagates NaN
  Tensor n = run1("ScatterElements", 18, {Value(f32({1}, {1})), Value(i64({0})), Value(f32({1}, {std::nanf("")}))},
                  {attr_s("reduction", "max")});
  CHECK(std::isnan(vals<float>(n)[0]));
}

TEST_CASE("[SH29] ScatterElements refuses duplicates without a reduction and malformed inputs") {
  Tensor d = tv<int32_t>({3}, {1, 2, 3});
  Tensor u = tv<int32_t>({2}, {10, 20});
  CHECK(clause_of([&] { (void)run1("ScatterElements", 13, {Value(d), Value(i64({1, 1})), Value(u)}); }) == "SH29");
  CHECK(clause_of([&] {
          (void)run1("ScatterElements", 16, {Value(d), Value(i64({0, 1})), Value(u)}, {attr_s("reduction", "max")});
        }) == "SH29");
  CHECK(clause_of([&] { (void)run1("ScatterElements", 13, {Value(d), Value(i64({0, 1, 2})), Value(u)}); }) == "SH29");
  CHECK(clause_of([&] { (void)run1("ScatterElements", 13, {Value(d), Value(i64({0, 3})), Value(u)}); }) == "SH13");
  CHECK(clause_of([&] {
          (void)run1("ScatterElements", 13, {Value(d), Value(i64({0, 1})), Value(f32({2}, {1, 2}))});
        }) == "SH29");
  CHECK(kind_of([&] {
          (void)run1("ScatterElements", 16,
                     {Value(tv<std::string>({1}, {"a"})), Value(i64({0})), Value(tv<std::string>({1}, {"b"}))},
                     {attr_s("reduction", "add")});
        }) == ErrorKind::unsupported);
}

TEST_CASE("[SH30] ScatterND writes slices addressed by index tuples") {
  Tensor d = f32({8}, {1, 2, 3, 4, 5, 6, 7, 8});
  Tensor y = run1("ScatterND", 11,
                  {Value(d), Value(tv<int64_t>({4, 1}, {4, 3, 1, 7})), Value(f32({4}, {9, 10, 11, 12}))});
  CHECK(vals<float>(y) == std::vector<float>{1, 11, 3, 10, 9, 6, 7, 12});
  Tensor z = run1("ScatterND", 13,
                  {Value(f32({2, 2}, {0, 0, 0, 0})), Value(tv<int64_t>({1, 1}, {-1})), Value(f32({1, 2}, {5, 6}))});
  CHECK(vals<float>(z) == std::vector<float>{0, 0, 5, 6});
  Tensor a = run1("ScatterND", 16,
                  {Value(tv<int32_t>({2}, {10, 20})), Value(tv<int64_t>({2, 1}, {0, 0})),
                   Value(tv<int32_t>({2}, {1, 2}))},
                  {attr_s("reduction", "add")});
  CHECK(vals<int32_t>(a) == std::vector<int32_t>{13, 20});
  Tensor mn = run1("ScatterND", 18,
                   {Value(tv<int32_t>({2}, {10, 20})), Value(tv<int64_t>({2, 1}, {1, 1})),
                    Value(tv<int32_t>({2}, {15, 30}))},
                   {attr_s("reduction", "min")});
  CHECK(vals<int32_t>(mn) == std::vector<int32_t>{10, 15});
  CHECK(clause_of([&] {
          (void)run1("ScatterND", 13, {Value(d), Value(tv<int64_t>({2, 1}, {0, 0})), Value(f32({2}, {1, 2}))});
        }) == "SH29");
  CHECK(clause_of([&] {
          (void)run1("ScatterND", 13, {Value(d), Value(tv<int64_t>({2, 1}, {0, 1})), Value(f32({3}, {1, 2, 3}))});
        }) == "SH30");
  CHECK(clause_of([&] {
          (void)run1("ScatterND", 13, {Value(d), Value(tv<int64_t>({1, 2}, {0, 1})), Value(f32({1}, {1}))});
        }) == "SH30");
  CHECK(clause_of([&] {
          (void)run1("ScatterND", 13, {Value(d), Value(tv<int64_t>({1, 1}, {8})), Value(f32({1}, {1}))});
        }) == "SH13");
}

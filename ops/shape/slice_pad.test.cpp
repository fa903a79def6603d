#include <limits>

#include "ops/shape/test_util.hpp"
#include "runtime/parallel.hpp"

using namespace shape_test;

namespace {
const int64_t kMax = std::numeric_limits<int64_t>::max();
const int64_t kMin = std::numeric_limits<int64_t>::min();

std::vector<float> slice1d(int64_t start, int64_t end, int64_t step, int64_t n = 5) {
  return vals<float>(
      run1("Slice", 13,
           {Value(iota_f({n})), Value(i64({start})), Value(i64({end})), std::nullopt, Value(i64({step}))}));
}
}  // namespace

TEST_CASE("[SH12] Slice counts negative bounds from the back and clamps them") {
  Tensor x = iota_f({3, 4});
  Tensor y = run1("Slice", 10, {Value(x), Value(i64({1, 0})), Value(i64({3, -1}))});
  CHECK(y.shape() == Shape{2, 3});
  CHECK(vals<float>(y) == std::vector<float>{4, 5, 6, 8, 9, 10});
  CHECK(slice1d(1, 1000, 1) == std::vector<float>{1, 2, 3, 4});
  CHECK(slice1d(-1, kMin, -2) == std::vector<float>{4, 2, 0});
  CHECK(slice1d(kMax, kMin, -1) == std::vector<float>{4, 3, 2, 1, 0});
  CHECK(slice1d(-100, 2, 1) == std::vector<float>{0, 1});
  CHECK(slice1d(3, 1, 1).empty());
  CHECK(slice1d(1, 3, -1).empty());
  CHECK(slice1d(0, 5, 3) == std::vector<float>{0, 3});
  CHECK(slice1d(0, 5, 1, 0).empty());
  CHECK(slice1d(kMax, kMin, -1, 0).empty());
  // axes (negative from version 11) and steps
  Tensor c = run1("Slice", 13, {Value(x), Value(i64({-1})), Value(i64({kMin})), Value(i64({-1})), Value(i64({-2}))});
  CHECK(vals<float>(c) == std::vector<float>{3, 1, 7, 5, 11, 9});
  Tensor v1 = run1("Slice", 1, {Value(x)},
                   {attr_ints("starts", {1}), attr_ints("ends", {kMax}), attr_ints("axes", {1})});
  CHECK(v1.shape() == Shape{3, 3});
  Tensor s = run1("Slice", 13,
                  {Value(tv<std::string>({3}, {"a", "b", "c"})), Value(i64({-1})), Value(i64({-4})), std::nullopt,
                   Value(i64({-1}))});
  CHECK(vals<std::string>(s) == std::vector<std::string>{"c", "b", "a"});
}

TEST_CASE("[SH12] Slice refuses steps of 0, repeated axes and lists of different lengths") {
  Tensor x = iota_f({3, 4});
  CHECK(clause_of([] { (void)slice1d(0, 3, 0); }) == "SH12");
  CHECK(clause_of([&] {
          (void)run1("Slice", 13, {Value(x), Value(i64({0, 0})), Value(i64({1, 1})), Value(i64({1, -1}))});
        }) == "SH12");
  CHECK(clause_of([&] { (void)run1("Slice", 13, {Value(x), Value(i64({0, 0})), Value(i64({1}))}); }) == "SH12");
  CHECK(clause_of([&] {
          (void)run1("Slice", 13, {Value(x), Value(i64({0})), Value(i64({1})), Value(i64({2}))});
        }) == "X1");
  CHECK(
      clause_of([&] {
        (void)run1("Slice", 1, {Value(x)}, {attr_ints("starts", {0}), attr_ints("ends", {1}), attr_ints("axes", {-1})});
      }).empty());  // X1: a negative axis counts from the back in every version
}

TEST_CASE("[SH17] Expand broadcasts the input and the shape both ways") {
  Tensor x = f32({3, 1}, {1, 2, 3});
  Tensor y = run1("Expand", 13, {Value(x), Value(i64({2, 1, 4}))});
  CHECK(y.shape() == Shape{2, 3, 4});
  auto v = vals<float>(y);
  CHECK(v[0] == 1);
  CHECK(v[3] == 1);
  CHECK(v[4] == 2);
  CHECK(v[11] == 3);
  CHECK(v[12] == 1);
  CHECK(run1("Expand", 8, {Value(x), Value(i64({1}))}).shape() == Shape{3, 1});
  CHECK(vals<bool>(run1("Expand", 8, {Value(Tensor::scalar<bool>(test_context(), true)), Value(i64({2, 2}))})) ==
        std::vector<bool>(4, true));
  CHECK(run1("Expand", 13, {Value(x), Value(i64({0, 1, 1}))}).shape() == Shape{0, 3, 1});
  CHECK(clause_of([] { (void)run1("Expand", 13, {Value(iota_f({3})), Value(i64({2}))}); }) == "B1");
  CHECK(clause_of([] { (void)run1("Expand", 13, {Value(iota_f({3})), Value(i64({-1, 3}))}); }) == "SH17");
}

TEST_CASE("[SH18] Tile repeats the input along every axis") {
  Tensor x = iota_f({2, 2});
  Tensor y = run1("Tile", 13, {Value(x), Value(i64({1, 2}))});
  CHECK(y.shape() == Shape{2, 4});
  CHECK(vals<float>(y) == std::vector<float>{0, 1, 0, 1, 2, 3, 2, 3});
  CHECK(vals<float>(run1("Tile", 6, {Value(x), Value(i64({2, 1}))})) == std::vector<float>{0, 1, 2, 3, 0, 1, 2, 3});
  CHECK(run1("Tile", 13, {Value(x), Value(i64({0, 3}))}).shape() == Shape{0, 6});
  CHECK(run1("Tile", 13, {Value(Tensor::scalar(test_context(), 5.0f)), Value(i64({}))}).rank() == 0);
  Tensor t1 = run1("Tile", 1,
                   {Value(iota_f({2})), Value(Tensor::scalar<int64_t>(test_context(), 3)),
                    Value(Tensor::scalar<int64_t>(test_context(), 0))});
  CHECK(vals<float>(t1) == std::vector<float>{0, 1, 0, 1, 0, 1});
  CHECK(clause_of([&] { (void)run1("Tile", 13, {Value(x), Value(i64({1, -1}))}); }) == "SH18");
  CHECK(clause_of([&] { (void)run1("Tile", 13, {Value(x), Value(i64({2}))}); }) == "SH18");
}

TEST_CASE("[SH19][SH20] Pad in each mode, with cropping by negative pads") {
  Tensor x = f32({3}, {1, 2, 3});
  auto pad = [&](const Tensor& in, std::vector<int64_t> pads, const std::string& mode, int64_t version = 19) {
    return vals<float>(run1("Pad", version, {Value(in), Value(i64(std::move(pads)))}, {attr_s("mode", mode)}));
  };
  CHECK(pad(x, {2, 2}, "constant") == std::vector<float>{0, 0, 1, 2, 3, 0, 0});
  CHECK(pad(x, {2, 2}, "reflect") == std::vector<float>{3, 2, 1, 2, 3, 2, 1});
  CHECK(pad(x, {2, 2}, "edge") == std::vector<float>{1, 1, 1, 2, 3, 3, 3});
  CHECK(pad(x, {2, 2}, "wrap") == std::vector<float>{2, 3, 1, 2, 3, 1, 2});
  // reflection continues past the first mirror image
  CHECK(pad(x, {5, 0}, "reflect") == std::vector<float>{2, 1, 2, 3, 2, 1, 2, 3});
  CHECK(pad(f32({1}, {7}), {2, 1}, "reflect") == std::vector<float>{7, 7, 7, 7});
  // negative pads remove first; the modes then work on what is left
  Tensor w = f32({4}, {1, 2, 3, 4});
  CHECK(pad(w, {-1, 1}, "constant") == std::vector<float>{2, 3, 4, 0});
  CHECK(pad(w, {-1, 1}, "edge") == std::vector<float>{2, 3, 4, 4});
  CHECK(pad(x, {-2, 1}, "reflect") == std::vector<float>{3, 3});
  CHECK(pad(w, {-1, -3}, "constant").empty());
  // 2-D: pads = [begin0, begin1, end0, end1]
  Tensor m = run1("Pad", 13, {Value(iota_f({2, 2})), Value(i64({1, 0, 0, 1}))});
  CHECK(m.shape() == Shape{3, 3});
  CHECK(vals<float>(m) == std::vector<float>{0, 0, 0, 0, 1, 0, 2, 3, 0});
  // the constant value input; the axes input (version 18)
  CHECK(vals<float>(run1("Pad", 11, {Value(x), Value(i64({1, 0})), Value(Tensor::scalar(test_context(), 9.0f))})) ==
        std::vector<float>{9, 1, 2, 3});
  Tensor ax = run1("Pad", 18, {Value(iota_f({2, 2})), Value(i64({1, 1})), std::nullopt, Value(i64({-1}))});
  CHECK(vals<float>(ax) == std::vector<float>{0, 0, 1, 0, 0, 2, 3, 0});
  // versions 1 and 2: attributes, the value converted to the element type
  CHECK(vals<float>(run1("Pad", 2, {Value(x)}, {attr_ints("pads", {0, 1}), attr_f("value", 1.5f)})) ==
        std::vector<float>{1, 2, 3, 1.5f});
  CHECK(vals<int32_t>(run1("Pad", 1, {Value(tv<int32_t>({1}, {4}))},
                           {attr_ints("paddings", {1, 0}), attr_f("value", 2)})) == std::vector<int32_t>{2, 4});
  // strings pad with the empty string by default
  CHECK(vals<std::string>(run1("Pad", 13, {Value(tv<std::string>({1}, {"s"})), Value(i64({0, 1}))})) ==
        std::vector<std::string>{"s", ""});
}

TEST_CASE("[SH19][SH20] Pad refuses malformed pads and modes") {
  Tensor x = f32({3}, {1, 2, 3});
  CHECK(clause_of([&] { (void)run1("Pad", 13, {Value(x), Value(i64({1}))}); }) == "SH19");
  CHECK(clause_of([&] { (void)run1("Pad", 13, {Value(x), Value(i64({-2, -2}))}); }) == "SH19");
  CHECK(clause_of([] {
          (void)run1("Pad", 13, {Value(iota_f({0})), Value(i64({1, 0}))}, {attr_s("mode", "edge")});
        }) == "SH19");
  CHECK(clause_of([&] {
          (void)run1("Pad", 13, {Value(x), Value(i64({1, 0})), Value(Tensor::scalar(test_context(), 1.0))});
        }) == "SH19");
  CHECK(clause_of([&] {
          (void)run1("Pad", 18, {Value(iota_f({2, 2})), Value(i64({1, 1, 1, 1})), std::nullopt, Value(i64({0, -2}))});
        }) == "SH19");
  CHECK(clause_of([&] {
          (void)run1("Pad", 13, {Value(x), Value(i64({1, 0}))}, {attr_s("mode", "mirror")});
        }) == "SH20");
  CHECK(clause_of([&] { (void)run1("Pad", 18, {Value(x), Value(i64({1, 0}))}, {attr_s("mode", "wrap")}); }) == "SH20");
}

TEST_CASE("[SH18][SH19] Tile and Pad refuse outputs beyond the allocation limit before building them") {
  AllocationLimit limit(1 << 20);
  CHECK(clause_of([] { (void)run1("Tile", 13, {Value(iota_f({2})), Value(i64({int64_t{1} << 40}))}); }) == "L3");
  CHECK(clause_of([] { (void)run1("Pad", 13, {Value(iota_f({2})), Value(i64({int64_t{1} << 40, 0}))}); }) == "L3");
  CHECK(clause_of([] {
          (void)run1("Pad", 13, {Value(iota_f({2})), Value(i64({std::numeric_limits<int64_t>::min(), 0}))});
        }) == "SH19");
  CHECK(clause_of([] {
          (void)run1("OneHot", 11,
                     {Value(i64({0})), Value(Tensor::scalar<int64_t>(test_context(), int64_t{1} << 50)),
                      Value(f32({2}, {0, 1}))});
        }) == "L3");
}

namespace {
// The textbook position along one axis of n input elements for output position o of Pad with `before`
// elements added in front (SH19, positive pads): the input position, or -1 for the constant.
int64_t pad_position(const std::string& mode, int64_t o, int64_t before, int64_t n) {
  const int64_t i = o - before;
  if (i >= 0 && i < n) return i;
  if (mode == "constant") return -1;
  if (mode == "edge") return i < 0 ? 0 : n - 1;
  if (mode == "wrap") return ((i % n) + n) % n;
  const int64_t p = 2 * (n - 1);  // reflect: mirror about the border element
  const int64_t j = ((i % p) + p) % p;
  return j < n ? j : p - j;
}
}  // namespace

TEST_CASE("[SH12][SH17][SH18][SH19] Slice, Expand, Tile and Pad of a large tensor match their definitions "
          "on 1, 2 and 3 threads") {
  // 6 x 70 x 90 elements: enough rows to be shared among threads (E9).
  const Shape s{6, 70, 90};
  std::vector<float> x(static_cast<size_t>(element_count(s)));
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i) * 0.5f - 1000.0f;
  auto at = [&](int64_t a, int64_t b, int64_t c) { return x[static_cast<size_t>((a * 70 + b) * 90 + c)]; };
  for (int t : {1, 2, 3}) {
    CAPTURE(t);
    Threads threads(t);
    for (const char* mode : {"constant", "edge", "reflect", "wrap"}) {
      CAPTURE(mode);
      // pads: 1 and 2 before axes 0 and 2, 3 after axis 1 and 5 after axis 2; constant 7.
      const std::vector<int64_t> pads{1, 0, 2, 0, 3, 5};
      const Tensor y = run1("Pad", 19, {Value(f32(s, x)), Value(i64(pads)), Value(f32({}, {7.0f}))},
                            {attr_s("mode", mode)});
      REQUIRE(y.shape() == Shape{7, 73, 97});
      std::vector<float> want;
      for (int64_t a = 0; a < 7; ++a)
        for (int64_t b = 0; b < 73; ++b)
          for (int64_t c = 0; c < 97; ++c) {
            const int64_t pa = pad_position(mode, a, 1, 6), pb = pad_position(mode, b, 0, 70),
                          pc = pad_position(mode, c, 2, 90);
            want.push_back(pa < 0 || pb < 0 || pc < 0 ? 7.0f : at(pa, pb, pc));
          }
      CHECK(vals<float>(y) == want);
    }
    // Slice: every other row of axis 1 backwards from 68, columns 10 .. 79.
    const Tensor sl = run1("Slice", 13,
                           {Value(f32(s, x)), Value(i64({68, 10})), Value(i64({-100, 80})), Value(i64({1, 2})),
                            Value(i64({-2, 1}))});
    std::vector<float> want_sl;
    for (int64_t a = 0; a < 6; ++a)
      for (int64_t b = 68; b >= 0; b -= 2)
        for (int64_t c = 10; c < 80; ++c) want_sl.push_back(at(a, b, c));
    CHECK(vals<float>(sl) == want_sl);
    // Tile by (2, 1, 3), and Expand of the first column to 4 x 6 x 70 x 90.
    const Tensor ti = run1("Tile", 13, {Value(f32(s, x)), Value(i64({2, 1, 3}))});
    std::vector<float> want_ti;
    for (int64_t a = 0; a < 12; ++a)
      for (int64_t b = 0; b < 70; ++b)
        for (int64_t c = 0; c < 270; ++c) want_ti.push_back(at(a % 6, b, c % 90));
    CHECK(vals<float>(ti) == want_ti);
    std::vector<float> column;
    for (int64_t a = 0; a < 6; ++a)
      for (int64_t b = 0; b < 70; ++b) column.push_back(at(a, b, 0));
    const Tensor ex = run1("Expand", 13, {Value(f32({6, 70, 1}, column)), Value(i64({4, 1, 1, 90}))});
    std::vector<float> want_ex;
    for (int64_t k = 0; k < 4; ++k)
      for (int64_t a = 0; a < 6; ++a)
        for (int64_t b = 0; b < 70; ++b)
          for (int64_t c = 0; c < 90; ++c) want_ex.push_back(at(a, b, 0));
    CHECK(vals<float>(ex) == want_ex);
  }
}

#include <algorithm>
#include <limits>

#include "ops/shape/test_util.hpp"
#include "runtime/parallel.hpp"

using namespace shape_test;

TEST_CASE("[SH21] Constant takes its value from exactly one attribute") {
  Tensor v = f32({2}, {1.5f, -2});
  CHECK(run1("Constant", 1, {}, {attr_t("value", v)}) == v);
  CHECK(run1("Constant", 13, {}, {attr_t("value", v)}) == v);
  Attribute fl;
  fl.name = "value_floats";
  fl.type = AttrType::floats;
  fl.floats = {0.5f, 2, 3};
  Tensor f = run1("Constant", 12, {}, {fl});
  CHECK(f.shape() == Shape{3});
  CHECK(vals<float>(f) == std::vector<float>{0.5f, 2, 3});
  Tensor i = run1("Constant", 13, {}, {attr_i("value_int", -7)});
  CHECK(i.rank() == 0);
  CHECK(vals<int64_t>(i) == std::vector<int64_t>{-7});
  CHECK(vals<int64_t>(run1("Constant", 19, {}, {attr_ints("value_ints", {4, 5})})) == std::vector<int64_t>{4, 5});
  CHECK(vals<float>(run1("Constant", 21, {}, {attr_f("value_float", 0.25f)})) == std::vector<float>{0.25f});
  CHECK(vals<std::string>(run1("Constant", 25, {}, {attr_s("value_string", "hé")})) == std::vector<std::string>{"hé"});
  Attribute ss;
  ss.name = "value_strings";
  ss.type = AttrType::strings;
  ss.strings = {"a", ""};
  CHECK(vals<std::string>(run1("Constant", 12, {}, {ss})) == std::vector<std::string>{"a", ""});
  // errors: none, two, a typed form before version 12; sparse_value is not implemented
  CHECK(clause_of([] { (void)run1("Constant", 13, {}, {}); }) == "SH21");
  CHECK(clause_of([&] { (void)run1("Constant", 13, {}, {attr_t("value", v), attr_i("value_int", 1)}); }) == "SH21");
  CHECK(clause_of([] { (void)run1("Constant", 11, {}, {attr_i("value_int", 1)}); }) == "SH21");
  Attribute sp;
  sp.name = "sparse_value";
  sp.type = AttrType::sparse_tensor;
  CHECK(kind_of([&] { (void)run1("Constant", 11, {}, {sp}); }) == ErrorKind::unsupported);
}

TEST_CASE("[SH22] ConstantOfShape fills the requested shape with the one-element value") {
  Tensor z = run1("ConstantOfShape", 9, {Value(i64({2, 3}))});
  CHECK(z.dtype() == DType::float32);
  CHECK(vals<float>(z) == std::vector<float>(6, 0.0f));
  Tensor s = run1("ConstantOfShape", 20, {Value(i64({2}))}, {attr_t("value", tv<int64_t>({1}, {7}))});
  CHECK(s.shape() == Shape{2});
  CHECK(vals<int64_t>(s) == std::vector<int64_t>{7, 7});
  Tensor b = run1("ConstantOfShape", 21, {Value(i64({}))}, {attr_t("value", tv<bool>({1}, {true}))});
  CHECK(b.rank() == 0);
  CHECK(vals<bool>(b) == std::vector<bool>{true});
  CHECK(run1("ConstantOfShape", 9, {Value(i64({3, 0}))}).size() == 0);
  CHECK(clause_of([] { (void)run1("ConstantOfShape", 9, {Value(i64({2, -1}))}); }) == "SH22");
  CHECK(clause_of([] {
          (void)run1("ConstantOfShape", 9, {Value(i64({2}))}, {attr_t("value", f32({2}, {1, 2}))});
        }) == "SH22");
}

TEST_CASE(
    "[SH22][E9] ConstantOfShape fills every element of a large output (written past the caches), on 1, 2, 3 threads") {
  // Past 16 MiB the fill streams its stores; slices on several threads start at unaligned elements and the
  // odd counts leave tails: every element must hold the value, for elements of 4 and of 8 bytes.
  KeepAlive keep;  // every result and copy held to the end (E9 tests)
  for (int t : {1, 2, 3}) {
    CAPTURE(t);
    Threads threads(t);
    const Tensor& f = keep(
        run1("ConstantOfShape", 20, {Value(i64({3, 1398107}))}, {attr_t("value", f32({1}, {-2.5f}))}));
    const std::vector<float>& fv = keep(vals<float>(f));
    CHECK(fv.size() == 4194321);
    CHECK(std::count(fv.begin(), fv.end(), -2.5f) == static_cast<std::ptrdiff_t>(fv.size()));
    const Tensor& d = keep(
        run1("ConstantOfShape", 20, {Value(i64({2097157}))}, {attr_t("value", tv<double>({1}, {0.125}))}));
    const std::vector<double>& dv = keep(vals<double>(d));
    CHECK(dv.size() == 2097157);
    CHECK(std::count(dv.begin(), dv.end(), 0.125) == static_cast<std::ptrdiff_t>(dv.size()));
  }
}

TEST_CASE("[SH23] Range counts ceil((limit - start) / delta) elements") {
  auto r32 = [](int32_t a, int32_t b, int32_t c) {
    return vals<int32_t>(run1("Range", 11,
                              {Value(Tensor::scalar(test_context(), a)), Value(Tensor::scalar(test_context(), b)),
                               Value(Tensor::scalar(test_context(), c))}));
  };
  CHECK(r32(10, 4, -3) == std::vector<int32_t>{10, 7});
  CHECK(r32(1, 5, 2) == std::vector<int32_t>{1, 3});
  CHECK(r32(0, 0, 1).empty());
  CHECK(r32(5, 1, 1).empty());
  Tensor f = run1("Range", 11,
                  {Value(Tensor::scalar(test_context(), 1.0f)), Value(Tensor::scalar(test_context(), 5.0f)),
                   Value(Tensor::scalar(test_context(), 1.5f))});
  CHECK(vals<float>(f) == std::vector<float>{1.0f, 2.5f, 4.0f});
  // 64-bit extremes are exact: the difference 2^64 - 1 does not overflow
  const int64_t lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
  Tensor e = run1("Range", 11,
                  {Value(Tensor::scalar(test_context(), lo)), Value(Tensor::scalar(test_context(), hi)),
                   Value(Tensor::scalar(test_context(), hi))});
  CHECK(vals<int64_t>(e) == std::vector<int64_t>{lo, -1, hi - 1});
  // float16 from version 27: 0, 0.25, 0.5, 0.75 (bit patterns 0x0000, 0x3400, 0x3800, 0x3A00)
  Tensor h = run1("Range", 27,
                  {Value(Tensor::scalar(test_context(), float16_t{0})),
                   Value(Tensor::scalar(test_context(), float16_t{0x3C00})),
                   Value(Tensor::scalar(test_context(), float16_t{0x3400}))});
  std::vector<uint16_t> bits;
  for (auto v : h.data<float16_t>()) bits.push_back(v.bits);
  CHECK(bits == std::vector<uint16_t>{0x0000, 0x3400, 0x3800, 0x3A00});
  CHECK(clause_of([&] { (void)r32(1, 5, 0); }) == "SH23");
  CHECK(clause_of([] {
          (void)run1("Range", 11,
                     {Value(Tensor::scalar(test_context(), 1.0f)), Value(Tensor::scalar(test_context(), 5.0)),
                      Value(Tensor::scalar(test_context(), 1.0f))});
        }) == "SH23");
  CHECK(clause_of([] {
          (void)run1("Range", 11,
                     {Value(Tensor::scalar(test_context(), 1.0f)), Value(Tensor::scalar(test_context(), 5.0f)),
                      Value(Tensor::scalar(test_context(), 0.0f))});
        }) == "SH23");
}

TEST_CASE("[SH24] EyeLike puts ones on the k-th diagonal") {
  Tensor x = iota_f({3, 4});
  Tensor y = run1("EyeLike", 9, {Value(x)}, {attr_i("k", 1)});
  CHECK(vals<float>(y) == std::vector<float>{0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
  Tensor i = run1("EyeLike", 22, {Value(x)}, {attr_i("dtype", 6), attr_i("k", -1)});
  CHECK(i.dtype() == DType::int32);
  CHECK(vals<int32_t>(i) == std::vector<int32_t>{0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0});
  CHECK(vals<float>(run1("EyeLike", 9, {Value(x)}, {attr_i("k", -5)})) == std::vector<float>(12, 0.0f));
  CHECK(vals<bool>(run1("EyeLike", 9, {Value(tv<bool>({2, 2}, {false, false, false, false}))})) ==
        std::vector<bool>{true, false, false, true});
  CHECK(clause_of([] { (void)run1("EyeLike", 9, {Value(iota_f({2, 2, 2}))}); }) == "SH24");
}

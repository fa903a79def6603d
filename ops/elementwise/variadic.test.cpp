// Tests of Sum, Mean, Max and Min (spec/ops-elementwise.md).
#include "ops/elementwise/ew_test_util.hpp"

#include <cmath>
#include <cstring>

#include "runtime/parallel.hpp"

using namespace ewt;

TEST_CASE("[EW11][EW2] Sum and Mean broadcast their inputs and round once") {
  const Tensor r = Call("Sum", 13)(
      {t1<float>({1, 2}), tv<float>({2, 1}, {10, 20}), Tensor::scalar<float>(test_context(), 100)});
  CHECK(r.shape() == Shape{2, 2});
  CHECK(vals<float>(r) == std::vector<float>{111, 112, 121, 122});
  CHECK(vals<double>(Call("Mean", 8)({t1<double>({1, 2}), t1<double>({2, 4})})) == std::vector<double>{1.5, 3});
  CHECK(vals<float>(Call("Sum", 8)({t1<float>({7, -0.5f})})) == std::vector<float>{7, -0.5f});
  // 2^24 + 1 + 1 = 2^24 + 2 exactly: adding in float32 step by step would stay at 2^24.
  CHECK(vals<float>(Call("Sum", 13)({t1<float>({16777216.0f}), t1<float>({1}), t1<float>({1})})) ==
        std::vector<float>{16777218.0f});
  // float16: 1 + 2^-11 + 2^-11 = 1 + 2^-10 exactly; step by step 1 + 2^-11 would round to 1 first.
  CHECK(f16vals(Call("Sum", 13)({f16({1.0}), f16({std::ldexp(1.0, -11)}), f16({std::ldexp(1.0, -11)})})) ==
        std::vector<double>{1.0 + std::ldexp(1.0, -10)});
  CHECK(vals<float>(Call("Mean", 13)({t1<float>({1}), t1<float>({2}), t1<float>({4})})) ==
        std::vector<float>{7.0f / 3.0f});
  CHECK(Call("Sum", 13).kind({t1<int32_t>({1})}) == ErrorKind::unsupported);
  CHECK(Call("Sum", 13).clause({}) == "A2");
  CHECK(Call("Mean", 13).clause({t1<float>({1, 2}), t1<float>({1, 2, 3})}) == "B1");
  CHECK(Call("Sum", 13).clause({t1<float>({1}), t1<double>({1})}) == "EW6");
}

TEST_CASE("[EW22] Sum, Mean, Max and Min of opsets 1 and 6 require equal shapes") {
  CHECK(vals<float>(Call("Sum", 6)({t1<float>({1, 2}), t1<float>({3, 4})})) == std::vector<float>{4, 6});
  CHECK(Call("Sum", 6).clause({t1<float>({1, 2}), t1<float>({3})}) == "EW22");
  CHECK(Call("Max", 1).clause({tv<float>({1, 2}, {1, 2}), t1<float>({3, 4})}) == "EW22");
  CHECK(Call("Mean", 6).clause({t1<float>({1}), Tensor::scalar<float>(test_context(), 3)}) == "EW22");
  CHECK(vals<float>(Call("Min", 6).ints("consumed_inputs", {0})({t1<float>({1, 5}), t1<float>({3, 4})})) ==
        std::vector<float>{1, 4});
}

TEST_CASE("[EW10] Max and Min propagate NaN and compare integers exactly") {
  const auto mx = vals<float>(Call("Max", 13)({t1<float>({1, kNaN, 3, -kInf}), t1<float>({2, 2, kNaN, -5})}));
  CHECK(mx[0] == 2);
  CHECK(std::isnan(mx[1]));
  CHECK(std::isnan(mx[2]));
  CHECK(mx[3] == -5);
  const auto mn = vals<double>(Call("Min", 12)({t1<double>({1, kNaND}), t1<double>({kNaND, 2}), t1<double>({0, 0})}));
  CHECK(std::isnan(mn[0]));
  CHECK(std::isnan(mn[1]));
  CHECK(vals<int64_t>(Call("Min", 13)(
            {t1<int64_t>({(int64_t{1} << 53) + 1, -3}), Tensor::scalar<int64_t>(test_context(), int64_t{1} << 53)})) ==
        std::vector<int64_t>{int64_t{1} << 53, -3});
  CHECK(vals<uint64_t>(Call("Max", 12)({t1<uint64_t>({UINT64_MAX, 0}), t1<uint64_t>({UINT64_MAX - 1, 1})})) ==
        std::vector<uint64_t>{UINT64_MAX, 1});
  const Tensor b = Call("Max", 8)({tv<int32_t>({2, 1}, {1, 5}), t1<int32_t>({3, 4})});
  CHECK(b.shape() == Shape{2, 2});
  CHECK(vals<int32_t>(b) == std::vector<int32_t>{3, 4, 5, 5});
  CHECK(vals<float>(Call("Min", 13)({t1<float>({4})})) == std::vector<float>{4});
}

TEST_CASE("[EW11] [E9] Sum and Mean of same-shaped inputs: each sum from +0 in the inputs' order, on 1, 2, 3 threads") {
  // Longer than a block of the element-wise loop and than a thread's share; values whose sums depend on
  // the order (a large one cancelling), zeros of both signs (+0 + -0 + -0 is +0).
  const int64_t n = 70001;
  std::vector<float> a(n), b(n), c(n);
  for (int64_t i = 0; i < n; ++i) {
    a[i] = (i % 7 == 0) ? -0.0f : static_cast<float>((i * 37) % 101) * 0.3f - 15.0f;
    b[i] = (i % 7 == 0) ? -0.0f : (i % 3 == 0 ? 1e30f : static_cast<float>((i * 11) % 97) * 1e-3f);
    c[i] = (i % 7 == 0) ? -0.0f : (i % 3 == 0 ? -1e30f : 0.25f);
  }
  for (const char* op : {"Sum", "Mean"}) {
    CAPTURE(op);
    std::vector<float> want(n);
    for (int64_t i = 0; i < n; ++i) {
      const double s = ((0.0 + double(a[i])) + double(b[i])) + double(c[i]);
      want[i] = static_cast<float>(std::string(op) == "Mean" ? s / 3.0 : s);
    }
    KeepAlive keep;  // every result and copy held to the end (E9 tests)
    for (int t : {1, 2, 3}) {
      CAPTURE(t);
      Threads threads(t);
      const auto& got = keep(vals<float>(keep(Call(op, 13)({t1<float>(a), t1<float>(b), t1<float>(c)}))));
      REQUIRE(got.size() == want.size());
      CHECK(std::memcmp(got.data(), want.data(), want.size() * sizeof(float)) == 0);
      CHECK(!std::signbit(got[0]));
    }
  }
}

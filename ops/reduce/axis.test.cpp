// Unit tests of the operators along one axis: ArgMax/ArgMin, the softmax family, CumSum and TopK
// (spec/ops-reduce.md RD13-RD19, RD26-RD28). Expected values are worked out by hand, or by the textbook loop
// of RD17 (below).

#include "ops/reduce/rd_test_util.hpp"
#include "runtime/parallel.hpp"

#include <cstring>

using namespace rdt;

namespace {
const Tensor ax = F({2, 3}, {1, 3, 3, 4, 2, 4});
const double ln3 = std::log(3.0);
}  // namespace

TEST_CASE("[RD13] ArgMax and ArgMin give the first or last index of the extreme") {
  Tensor y = run1(NodeB("ArgMax").i("axis", 1), 13, {ax});
  CHECK(y.dtype() == DType::int64);
  CHECK(y.shape() == Shape{2, 1});
  CHECK(vals<int64_t>(y) == std::vector<int64_t>{1, 0});
  y = run1(NodeB("ArgMax").i("axis", 1).i("select_last_index", 1), 12, {ax});
  CHECK(vals<int64_t>(y) == std::vector<int64_t>{2, 2});
  y = run1(NodeB("ArgMin").i("axis", -1), 13, {ax});
  CHECK(vals<int64_t>(y) == std::vector<int64_t>{0, 1});
  y = run1(NodeB("ArgMin").i("axis", 1).i("select_last_index", 1), 13, {F({2, 3}, {1, 1, 3, 2, 0, 0})});
  CHECK(vals<int64_t>(y) == std::vector<int64_t>{1, 2});
  y = run1(NodeB("ArgMax").i("keepdims", 0), 1, {ax});  // axis 0 by default
  CHECK(y.shape() == Shape{3});
  CHECK(vals<int64_t>(y) == std::vector<int64_t>{1, 0, 1});
  // version 11 has no select_last_index: the attribute is not part of it
  y = run1(NodeB("ArgMax").i("axis", 1).i("select_last_index", 1), 11, {ax});
  CHECK(vals<int64_t>(y) == std::vector<int64_t>{1, 0});
  // 64-bit integers compare exactly
  const int64_t big = (int64_t{1} << 53) + 1;
  y = run1(NodeB("ArgMax").i("keepdims", 0), 13, {I64({2}, {big - 1, big})});
  CHECK(vals<int64_t>(y) == std::vector<int64_t>{1});
  CHECK(clause_of(NodeB("ArgMax").i("axis", 2), 13, {ax}) == "X1");
}

TEST_CASE("[RD14] a NaN is the extreme for ArgMax and ArgMin") {
  const Tensor x = F({4}, {1, NAN, 5, NAN});
  CHECK(vals<int64_t>(run1(NodeB("ArgMax"), 13, {x})) == std::vector<int64_t>{1});
  CHECK(vals<int64_t>(run1(NodeB("ArgMin"), 13, {x})) == std::vector<int64_t>{1});
  CHECK(vals<int64_t>(run1(NodeB("ArgMax").i("select_last_index", 1), 13, {x})) == std::vector<int64_t>{3});
}

TEST_CASE("[RD15] ArgMax along an empty axis is an error unless the output is empty") {
  CHECK(clause_of(NodeB("ArgMax").i("axis", 1), 13, {F({2, 0}, {})}) == "RD15");
  Tensor y = run1(NodeB("ArgMin").i("axis", 1), 13, {F({0, 3}, {})});
  CHECK(y.shape() == Shape{0, 1});
}

TEST_CASE("[RD16][RD17] Softmax-13 and LogSoftmax-13 along one axis") {
  check_close(run1(NodeB("Softmax"), 13, {D({1, 2}, {0, ln3})}), {0.25, 0.75}, 1e-15);
  check_close(run1(NodeB("Softmax").i("axis", 0), 13, {D({2, 2}, {0, 0, ln3, 0})}), {0.25, 0.5, 0.75, 0.5}, 1e-15);
  check_close(run1(NodeB("LogSoftmax"), 13, {D({2}, {0, ln3})}), {std::log(0.25), std::log(0.75)}, 1e-15);
  check_close(run1(NodeB("Softmax"), 13, {F({2}, {1000, 1000})}), {0.5, 0.5});
  check_close(run1(NodeB("LogSoftmax"), 13, {F({2}, {1000, 1000})}), {-std::log(2.0), -std::log(2.0)});
  check_close(run1(NodeB("Softmax"), 13, {F({3}, {1, NAN, 2})}), {kNaN, kNaN, kNaN});
  // shape [1,2,2], axis 1: lines (x[0,0,j], x[0,1,j])
  check_close(run1(NodeB("Softmax").i("axis", 1), 13, {D({1, 2, 2}, {0, ln3, 0, 0})}), {0.5, 0.75, 0.5, 0.25}, 1e-15);
  CHECK(clause_of(NodeB("Softmax"), 13, {Tensor::scalar<float>(test_context(), 1)}) == "X1");
  Tensor y = run1(NodeB("Softmax"), 13, {F({2, 0}, {})});
  CHECK(y.shape() == Shape{2, 0});
}

TEST_CASE("[RD18] versions 1 and 11 take the rows of x coerced to a matrix") {
  // [1,2,2] with axis 1 is the 1x4 matrix [0, ln3, 0, 0]: e = [1,3,1,1], sum 6
  check_close(run1(NodeB("Softmax"), 11, {D({1, 2, 2}, {0, ln3, 0, 0})}), {1 / 6.0, 0.5, 1 / 6.0, 1 / 6.0}, 1e-15);
  check_close(run1(NodeB("LogSoftmax"), 1, {D({1, 2, 2}, {0, ln3, 0, 0})}),
              {std::log(1 / 6.0), std::log(0.5), std::log(1 / 6.0), std::log(1 / 6.0)}, 1e-15);
  // axis 2: rows of two
  check_close(run1(NodeB("Softmax").i("axis", 2), 1, {D({1, 2, 2}, {0, ln3, 0, 0})}), {0.25, 0.75, 0.5, 0.5}, 1e-15);
  check_close(run1(NodeB("Softmax").i("axis", -1), 11, {D({1, 2, 2}, {0, ln3, 0, 0})}), {0.25, 0.75, 0.5, 0.5}, 1e-15);
}

TEST_CASE("[RD19] Hardmax marks the first maximum") {
  check_close(run1(NodeB("Hardmax"), 13, {F({2, 3}, {1, 3, 3, NAN, 2, NAN})}), {0, 1, 0, 1, 0, 0});
  check_close(run1(NodeB("Hardmax"), 11, {F({1, 2, 2}, {1, 5, 5, 2})}), {0, 1, 0, 0});
  check_close(run1(NodeB("Hardmax").i("axis", 0), 13, {F({2, 2}, {1, 5, 5, 2})}), {0, 1, 1, 0});
}

TEST_CASE("[RD26] CumSum: inclusive, exclusive, reversed") {
  const Tensor x = F({3}, {1, 2, 3});
  const Tensor a0 = Tensor::scalar<int64_t>(test_context(), 0);
  CHECK(vals<float>(run1(NodeB("CumSum"), 14, {x, a0})) == std::vector<float>{1, 3, 6});
  CHECK(vals<float>(run1(NodeB("CumSum").i("exclusive", 1), 14, {x, a0})) == std::vector<float>{0, 1, 3});
  CHECK(vals<float>(run1(NodeB("CumSum").i("reverse", 1), 11, {x, a0})) == std::vector<float>{6, 5, 3});
  CHECK(vals<float>(run1(NodeB("CumSum").i("reverse", 1).i("exclusive", 1), 11, {x, a0})) ==
        std::vector<float>{5, 3, 0});
  const Tensor m = F({2, 2}, {1, 2, 3, 4});
  CHECK(vals<float>(run1(NodeB("CumSum"), 14, {m, I32({1}, {1})})) == std::vector<float>{1, 3, 3, 7});
  CHECK(vals<float>(run1(NodeB("CumSum"), 14, {m, Tensor::scalar<int32_t>(test_context(), -2)})) ==
        std::vector<float>{1, 2, 4, 6});
  CHECK(clause_of(NodeB("CumSum"), 14, {m, I64({2}, {0, 1})}) == "RD26");
  CHECK(clause_of(NodeB("CumSum"), 14, {m, Tensor::scalar<int64_t>(test_context(), 2)}) == "X1");
  // binary64 running sum, each output rounded once: 1e8 + 1 shows as 1e8, then the exact 1
  CHECK(vals<float>(run1(NodeB("CumSum"), 14, {F({3}, {1e8f, 1, -1e8f}), a0})) == std::vector<float>{1e8f, 1e8f, 1});
  const int32_t mx = std::numeric_limits<int32_t>::max();
  CHECK(vals<int32_t>(run1(NodeB("CumSum"), 14, {I32({2}, {mx, 1}), a0})) ==
        std::vector<int32_t>{mx, std::numeric_limits<int32_t>::min()});
}

TEST_CASE("[RD27] TopK's k comes from an attribute or a one-element int64 input") {
  const Tensor x = F({2, 4}, {0, 1, 2, 3, 7, 6, 5, 4});
  auto out = run(NodeB("TopK").i("k", 2), 1, {x}, 2);
  CHECK(out[0].shape() == Shape{2, 2});
  CHECK(vals<float>(out[0]) == std::vector<float>{3, 2, 7, 6});
  CHECK(vals<int64_t>(out[1]) == std::vector<int64_t>{3, 2, 0, 1});
  out = run(NodeB("TopK"), 10, {x, I64({1}, {1})}, 2);
  CHECK(vals<float>(out[0]) == std::vector<float>{3, 7});
  out = run(NodeB("TopK").i("axis", 0), 11, {x, I64({1}, {1})}, 2);
  CHECK(vals<float>(out[0]) == std::vector<float>{7, 6, 5, 4});
  CHECK(vals<int64_t>(out[1]) == std::vector<int64_t>{1, 1, 1, 1});
  out = run(NodeB("TopK"), 11, {x, I64({1}, {0})}, 2);
  CHECK(out[0].shape() == Shape{2, 0});
  CHECK(clause_of(NodeB("TopK"), 11, {x, I64({1}, {5})}, 2) == "RD27");
  CHECK(clause_of(NodeB("TopK"), 11, {x, I64({1}, {-1})}, 2) == "RD27");
  CHECK(clause_of(NodeB("TopK"), 11, {x, I32({1}, {1})}, 2) == "RD27");
  CHECK(clause_of(NodeB("TopK"), 10, {x, I64({2}, {1, 1})}, 2) == "RD27");
  CHECK(clause_of(NodeB("TopK"), 1, {x}, 2) == "A1");
}

TEST_CASE("[RD28] TopK orders from the most extreme, ties by lower index, NaN on top") {
  const Tensor x = F({2, 4}, {0, 1, 2, 3, 7, 6, 5, 4});
  auto out = run(NodeB("TopK").i("largest", 0), 11, {x, I64({1}, {2})}, 2);
  CHECK(vals<float>(out[0]) == std::vector<float>{0, 1, 4, 5});
  CHECK(vals<int64_t>(out[1]) == std::vector<int64_t>{0, 1, 3, 2});
  out = run(NodeB("TopK"), 24, {F({4}, {1, 3, 3, 2}), I64({1}, {3})}, 2);
  CHECK(vals<float>(out[0]) == std::vector<float>{3, 3, 2});
  CHECK(vals<int64_t>(out[1]) == std::vector<int64_t>{1, 2, 3});
  out = run(NodeB("TopK").i("largest", 0), 11, {F({4}, {1, 3, 3, 1}), I64({1}, {3})}, 2);
  CHECK(vals<int64_t>(out[1]) == std::vector<int64_t>{0, 3, 1});
  out = run(NodeB("TopK"), 11, {F({3}, {1, NAN, 3}), I64({1}, {2})}, 2);
  CHECK(std::isnan(vals<float>(out[0])[0]));
  CHECK(vals<int64_t>(out[1]) == std::vector<int64_t>{1, 2});
  out = run(NodeB("TopK").i("largest", 0), 11, {F({3}, {1, NAN, 3}), I64({1}, {2})}, 2);
  CHECK(vals<int64_t>(out[1]) == std::vector<int64_t>{0, 2});
  // sorted = 0: onnxsem still returns the sorted order
  out = run(NodeB("TopK").i("sorted", 0), 11, {T_<uint64_t>({3}, {5, 9, 7}), I64({1}, {2})}, 2);
  CHECK(vals<uint64_t>(out[0]) == std::vector<uint64_t>{9, 7});
}

TEST_CASE("[RD16][RD17] Softmax and LogSoftmax give the bits of the textbook line loop on 1, 2 and 3 threads") {
  // 6 x 70 lines of 50 along the middle axis (strided lines), and 420 lines of 50 along the last: enough
  // work to be shared among threads (E9), which must not change a bit. In binary64, where a sum taken in
  // another order shows in the last bits.
  std::vector<double> x(6 * 50 * 70);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<double>(i * 7919 % 1000) / 37.0 - 13.0;
  for (const char* op : {"Softmax", "LogSoftmax"}) {
    const bool log = std::string(op) == "LogSoftmax";
    for (int64_t axis : {1, 2}) {
      const Shape s = axis == 1 ? Shape{6, 50, 70} : Shape{6, 70, 50};
      const int64_t n = 50, inner = axis == 1 ? 70 : 1, outer = 6 * 70 / inner;
      std::vector<double> want(x.size());
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t i = 0; i < inner; ++i) {
          auto at = [&](int64_t j) { return static_cast<size_t>(o * n * inner + i + j * inner); };
          double m = x[at(0)], sum = 0;
          for (int64_t j = 1; j < n; ++j) m = std::max(m, x[at(j)]);
          for (int64_t j = 0; j < n; ++j) sum += std::exp(x[at(j)] - m);
          for (int64_t j = 0; j < n; ++j)
            want[at(j)] = log ? (x[at(j)] - m) - std::log(sum) : std::exp(x[at(j)] - m) / sum;
        }
      for (int t : {1, 2, 3}) {
        CAPTURE(op);
        CAPTURE(axis);
        CAPTURE(t);
        Threads threads(t);
        const Tensor y = run1(NodeB(op).i("axis", axis), 13, {D(s, x)});
        const auto got = y.data<double>();
        REQUIRE(got.size() == want.size());
        CHECK(std::memcmp(got.data(), want.data(), want.size() * sizeof(double)) == 0);
      }
    }
  }
}

TEST_CASE("[RD13][RD14] ArgMax and ArgMin along every axis match the textbook line walk on 1, 2 and 3 threads") {
  // 5 x 40 x 300 values with many ties and some NaNs; along axis 1 the lines are 300 apart (two blocks of
  // neighbouring lines, the second partial), along axis 0 12000 apart, along axis 2 contiguous.
  const Shape s{5, 40, 300};
  std::vector<float> x(static_cast<size_t>(element_count(s)));
  for (size_t i = 0; i < x.size(); ++i) x[i] = i % 97 == 0 ? NAN : static_cast<float>(i * 7919 % 13);
  for (int64_t axis : {0, 1, 2})
    for (const char* op : {"ArgMax", "ArgMin"})
      for (int64_t last : {0, 1}) {
        const bool is_max = std::string(op) == "ArgMax";
        const int64_t n = s[static_cast<size_t>(axis)];
        const int64_t inner = axis == 2 ? 1 : axis == 1 ? 300 : 12000, outer = element_count(s) / (n * inner);
        std::vector<int64_t> want;
        for (int64_t o = 0; o < outer; ++o)
          for (int64_t i = 0; i < inner; ++i) {
            // The first (or last) index of a NaN if there is one, else of the extreme value.
            auto v = [&](int64_t j) { return x[static_cast<size_t>((o * n + j) * inner + i)]; };
            int64_t best = -1;
            for (int64_t j = 0; j < n; ++j)
              if (std::isnan(v(j)) && (best < 0 || last)) best = j;
            if (best < 0) {
              best = 0;
              for (int64_t j = 1; j < n; ++j) {
                const bool more = is_max ? v(j) > v(best) : v(j) < v(best);
                if (more || (last && v(j) == v(best))) best = j;
              }
            }
            want.push_back(best);
          }
        for (int t : {1, 2, 3}) {
          CAPTURE(axis);
          CAPTURE(op);
          CAPTURE(last);
          CAPTURE(t);
          Threads threads(t);
          const Tensor y = run1(NodeB(op).i("axis", axis).i("select_last_index", last), 13, {F(s, x)});
          CHECK(vals<int64_t>(y) == want);
        }
      }
}

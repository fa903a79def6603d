// One edge case for each reduce-family operator version that no other test calls directly (the
// attribute-axes versions 1, 11 and 12 of the reductions, version 28 of the logarithmic ones, ArgMin,
// Hardmax-1, LogSoftmax-11). Expected values are worked out by hand from the clauses named.
#include <cmath>
#include <limits>

#include "ops/reduce/rd_test_util.hpp"

using namespace rdt;

namespace {
// [[1, 2], [3, 4], [5, 6]]
const Tensor x32 = F({3, 2}, {1, 2, 3, 4, 5, 6});
// [2, 0]: every line along axis 1 is empty
const Tensor empty_rows = F({2, 0}, {});
float f(double d) { return static_cast<float>(d); }
}  // namespace

TEST_CASE("[RD3][RD6] versions 1 and 11 of the composite reductions on a negative axis") {
  for (int64_t v : {1, 11}) {
    CAPTURE(v);
    auto red = [&](const char* op) {
      return vals<float>(run1(NodeB(op).ints("axes", {-1}).i("keepdims", 0), v, {x32}));
    };
    CHECK(red("ReduceL1") == std::vector<float>{3, 7, 11});
    CHECK(red("ReduceL2") == std::vector<float>{f(std::sqrt(5.0)), 5, f(std::sqrt(61.0))});
    CHECK(red("ReduceSumSquare") == std::vector<float>{5, 25, 61});
    CHECK(red("ReduceProd") == std::vector<float>{2, 12, 30});
    CHECK(red("ReduceLogSum") == std::vector<float>{f(std::log(3.0)), f(std::log(7.0)), f(std::log(11.0))});
    // log(e^1 + e^2) = 2 + log(1 + e^-1)
    CHECK(red("ReduceLogSumExp")[0] == f(2 + std::log1p(std::exp(-1.0))));
  }
  CHECK(vals<float>(run1(NodeB("ReduceMean").ints("axes", {-1}).i("keepdims", 0), 1, {x32})) ==
        std::vector<float>{1.5f, 3.5f, 5.5f});
}

TEST_CASE("[RD8][RD9] versions 1 and 11: reductions over empty lines give ONNX's identities") {
  for (int64_t v : {1, 11}) {
    CAPTURE(v);
    auto red = [&](const char* op) {
      const Tensor y = run1(NodeB(op).ints("axes", {1}), v, {empty_rows});
      CHECK(y.shape() == Shape{2, 1});
      return vals<float>(y);
    };
    const float inf = std::numeric_limits<float>::infinity();
    CHECK(red("ReduceL1") == std::vector<float>{0, 0});
    CHECK(red("ReduceL2") == std::vector<float>{0, 0});
    CHECK(red("ReduceSumSquare") == std::vector<float>{0, 0});
    CHECK(red("ReduceProd") == std::vector<float>{1, 1});
    CHECK(red("ReduceLogSum") == std::vector<float>{-inf, -inf});
    CHECK(red("ReduceLogSumExp") == std::vector<float>{-inf, -inf});
    CHECK(red("ReduceMax") == std::vector<float>{-inf, -inf});
    CHECK(red("ReduceMin") == std::vector<float>{inf, inf});
  }
  CHECK(clause_of(NodeB("ReduceMean").ints("axes", {1}), 1, {empty_rows}) == "RD9");
}

TEST_CASE("[RD10] ReduceMax and ReduceMin 1, 11, 12 propagate NaN; version 12 on int8 and uint8") {
  const Tensor x = D({2, 2}, {1, kNaN, 3, 2});
  for (int64_t v : {1, 11, 12}) {
    CAPTURE(v);
    const auto mx = vals<double>(run1(NodeB("ReduceMax").ints("axes", {-1}).i("keepdims", 0), v, {x}));
    CHECK(std::isnan(mx[0]));
    CHECK(mx[1] == 3);
    const auto mn = vals<double>(run1(NodeB("ReduceMin").ints("axes", {-1}).i("keepdims", 0), v, {x}));
    CHECK(std::isnan(mn[0]));
    CHECK(mn[1] == 2);
  }
  // version 12 adds 8-bit integers; an empty line gives the type's smallest (Max) or largest (Min) value
  CHECK(vals<int8_t>(run1(NodeB("ReduceMax").ints("axes", {1}).i("keepdims", 0), 12, {T_<int8_t>({2, 0}, {})})) ==
        std::vector<int8_t>{-128, -128});
  CHECK(vals<uint8_t>(run1(NodeB("ReduceMin").ints("axes", {1}).i("keepdims", 0), 12, {T_<uint8_t>({1, 0}, {})})) ==
        std::vector<uint8_t>{255});
  CHECK(vals<int8_t>(run1(NodeB("ReduceMin"), 12, {T_<int8_t>({3}, {5, -7, 0})})) == std::vector<int8_t>{-7});
}

TEST_CASE("[RD4][RD11][RD12] ReduceLogSum-18 and ReduceLogSumExp-18 read axes from an input") {
  // noop_with_empty_axes with no axes: each element folds alone, so LogSum gives log x
  const Tensor e = run1(NodeB("ReduceLogSum").i("noop_with_empty_axes", 1), 18, {x32, I64({0}, {})});
  CHECK(e.shape() == Shape{3, 2});
  CHECK(vals<float>(e)[0] == 0.0f);
  CHECK(vals<float>(e)[3] == f(std::log(4.0)));
  // +inf in the set gives +inf; every element -inf gives -inf
  const Tensor y = run1(NodeB("ReduceLogSumExp").i("keepdims", 0), 18,
                        {D({2, 2}, {kInf, 1, -kInf, -kInf}), I64({1}, {-1})});
  CHECK(vals<double>(y) == std::vector<double>{kInf, -kInf});
  // empty axes without noop: everything is reduced; log(1 + 2 + ... + 6) = log 21
  CHECK(vals<float>(run1(NodeB("ReduceLogSum").i("keepdims", 0), 18, {x32})) == std::vector<float>{f(std::log(21.0))});
  CHECK(clause_of(NodeB("ReduceLogSum"), 18, {I32({2}, {1, 2})}) == "RD11");
  CHECK(clause_of(NodeB("ReduceLogSumExp"), 18, {I32({2}, {1, 2})}) == "RD11");
}

TEST_CASE("[RD13][RD14] ArgMin 1, 11, 12: the first minimum, NaN counting as the extreme") {
  const Tensor x = F({2, 3}, {3, 1, 1, 2, std::nanf(""), 0});
  for (int64_t v : {1, 11, 12}) {
    CAPTURE(v);
    const Tensor y = run1(NodeB("ArgMin").i("axis", -1), v, {x});
    CHECK(y.shape() == Shape{2, 1});
    CHECK(vals<int64_t>(y) == std::vector<int64_t>{1, 1});
  }
  // version 12: select_last_index picks the last of equal minima
  CHECK(vals<int64_t>(run1(NodeB("ArgMin").i("axis", 1).i("keepdims", 0).i("select_last_index", 1), 12, {x})) ==
        std::vector<int64_t>{2, 1});
  CHECK(clause_of(NodeB("ArgMin").i("axis", 1), 12, {F({2, 0}, {})}) == "RD15");
}

TEST_CASE("[RD18][RD19] Hardmax-1 coerces x to a matrix at axis 1 and marks the first maximum") {
  // x of shape [1, 2, 2] is the single row [1, 3, 3, 2]: the first 3 wins
  const Tensor y = run1(NodeB("Hardmax"), 1, {F({1, 2, 2}, {1, 3, 3, 2})});
  CHECK(y.shape() == Shape{1, 2, 2});
  CHECK(vals<float>(y) == std::vector<float>{0, 1, 0, 0});
  // axis 2: rows [1, 3] and [3, 2]
  CHECK(vals<float>(run1(NodeB("Hardmax").i("axis", 2), 1, {F({1, 2, 2}, {1, 3, 3, 2})})) ==
        std::vector<float>{0, 1, 1, 0});
}

TEST_CASE("[RD17][RD18] LogSoftmax-11: equal entries give -log n; a NaN makes its row NaN") {
  const Tensor y = run1(NodeB("LogSoftmax"), 11, {F({2, 2}, {5, 5, std::nanf(""), 1})});
  const auto v = vals<float>(y);
  CHECK(v[0] == f(-std::log(2.0)));
  CHECK(v[1] == f(-std::log(2.0)));
  CHECK(std::isnan(v[2]));
  CHECK(std::isnan(v[3]));
}

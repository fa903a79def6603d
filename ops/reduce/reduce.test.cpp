// Unit tests of the reductions (spec/ops-reduce.md RD1-RD12). Expected values are worked out by hand.
#include "ops/reduce/rd_test_util.hpp"
#include "semantics/numeric.hpp"

using namespace rdt;

namespace {
const Tensor x32 = F({3, 2}, {1, 2, 3, 4, 5, 6});
}

TEST_CASE("[RD1] every version of the reductions is registered") {
  for (const char* op : {"ReduceSum", "ReduceMean", "ReduceProd", "ReduceL1", "ReduceL2", "ReduceLogSum",
                         "ReduceLogSumExp", "ReduceSumSquare", "ReduceMax", "ReduceMin"}) {
    CHECK(reg().kernel("", op, 1) != nullptr);
    CHECK(reg().kernel("", op, 11) != nullptr);
    CHECK(reg().kernel("", op, 13) != nullptr);
    if (std::string(op) != "ReduceSum") CHECK(reg().kernel("", op, 18) != nullptr);
  }
  CHECK(reg().kernel("", "ReduceMax", 12) != nullptr);
  CHECK(reg().kernel("", "ReduceMax", 20) != nullptr);
  CHECK(reg().kernel("", "ReduceMin", 20) != nullptr);
  CHECK(reg().kernel("", "ReduceSum", 18) == nullptr);  // ONNX has no ReduceSum-18
  CHECK(reg().kernel("", "ReduceLogSum", 28) != nullptr);
  CHECK(reg().kernel("", "ReduceLogSumExp", 28) != nullptr);
  CHECK(reg().kernel("", "ReduceMean", 28) == nullptr);
}

TEST_CASE("the family registers exactly ONNX's versions of its operators") {
  const auto ops = reg().ops();
  CHECK(ops.size() == 21);
  for (const std::string& op : ops) {
    CAPTURE(op);
    CHECK(reg().versions(op) == ops::onnx_defined_versions("", op));
  }
}

TEST_CASE("[RD1] reduced axes and keepdims shape the output") {
  Tensor y = run1(NodeB("ReduceSum").ints("axes", {1}), 11, {x32});
  CHECK(y.shape() == Shape{3, 1});
  CHECK(vals<float>(y) == std::vector<float>{3, 7, 11});
  y = run1(NodeB("ReduceSum").ints("axes", {1}).i("keepdims", 0), 11, {x32});
  CHECK(y.shape() == Shape{3});
  y = run1(NodeB("ReduceSum").ints("axes", {0}).i("keepdims", 0), 1, {x32});
  CHECK(vals<float>(y) == std::vector<float>{9, 12});
  y = run1(NodeB("ReduceMax").ints("axes", {1}), 13, {F({2, 2}, {1, 5, 3, 2})});
  CHECK(vals<float>(y) == std::vector<float>{5, 3});
  y = run1(NodeB("ReduceMin").ints("axes", {1}), 13, {F({2, 2}, {1, 5, 3, 2})});
  CHECK(vals<float>(y) == std::vector<float>{1, 2});
  y = run1(NodeB("ReduceProd").i("keepdims", 0), 13, {F({3}, {2, 3, 4})});
  CHECK(y.shape() == Shape{});
  CHECK(vals<float>(y) == std::vector<float>{24});
  // a 3-D tensor reduced over its outer axes: x[i,j,k] = i*4 + j*2 + k
  Tensor x3 = F({2, 2, 2}, {0, 1, 2, 3, 4, 5, 6, 7});
  y = run1(NodeB("ReduceSum").i("keepdims", 0), 13, {x3, I64({2}, {0, 2})});
  CHECK(vals<float>(y) == std::vector<float>{0 + 1 + 4 + 5, 2 + 3 + 6 + 7});
}

TEST_CASE("[RD2] an axis named twice is an error") {
  CHECK(clause_of(NodeB("ReduceSum").ints("axes", {1, -1}), 11, {x32}) == "RD2");
  CHECK(clause_of(NodeB("ReduceMean"), 18, {x32, I64({2}, {0, 0})}) == "RD2");
  CHECK(clause_of(NodeB("ReduceSum").ints("axes", {2}), 11, {x32}) == "X1");
}

TEST_CASE("[RD3] version 1 counts negative axes from the back, as version 11 does") {
  for (int64_t v : {1, 11}) {
    Tensor y = run1(NodeB("ReduceSum").ints("axes", {-1}), v, {x32});
    CHECK(vals<float>(y) == std::vector<float>{3, 7, 11});
  }
  CHECK(vals<int64_t>(run1(NodeB("ArgMax").i("axis", -1), 1, {x32})) == std::vector<int64_t>{1, 1, 1});
  check_close(run1(NodeB("LogSoftmax").i("axis", -1), 1, {D({2}, {0, 0})}), {-std::log(2.0), -std::log(2.0)}, 1e-15);
}

TEST_CASE("[RD4] absent or empty axes reduce everything, or nothing with noop_with_empty_axes") {
  Tensor y = run1(NodeB("ReduceSum"), 13, {x32});
  CHECK(y.shape() == Shape{1, 1});
  CHECK(vals<float>(y) == std::vector<float>{21});
  y = run1(NodeB("ReduceSum").i("keepdims", 0), 13, {x32, I64({0}, {})});
  CHECK(y.shape() == Shape{});
  CHECK(vals<float>(y) == std::vector<float>{21});
  y = run1(NodeB("ReduceMean").ints("axes", {}), 11, {x32});
  CHECK(vals<float>(y) == std::vector<float>{3.5f});
  y = run1(NodeB("ReduceSum").i("noop_with_empty_axes", 1), 13, {x32});
  CHECK(y.shape() == Shape{3, 2});
  CHECK(vals<float>(y) == std::vector<float>{1, 2, 3, 4, 5, 6});
  // composite reductions still apply their element step
  y = run1(NodeB("ReduceSumSquare").i("noop_with_empty_axes", 1), 18, {F({2}, {-3, 2}), I64({0}, {})});
  CHECK(vals<float>(y) == std::vector<float>{9, 4});
  y = run1(NodeB("ReduceL1").i("noop_with_empty_axes", 1), 18, {F({2}, {-3, 2})});
  CHECK(vals<float>(y) == std::vector<float>{3, 2});
  y = run1(NodeB("ReduceLogSum").i("noop_with_empty_axes", 1), 18, {D({2}, {1, std::exp(1.0)})});
  check_close(y, {0, 1}, 1e-15);
  // a rank-0 tensor reduces to itself
  y = run1(NodeB("ReduceSum"), 13, {Tensor::scalar<float>(5)});
  CHECK(y.shape() == Shape{});
  CHECK(vals<float>(y) == std::vector<float>{5});
}

TEST_CASE("[RD6] floating reductions accumulate in binary64 and round once") {
  // in float arithmetic 1e8 + 1 is 1e8 again; the exact sum is 1
  Tensor y = run1(NodeB("ReduceSum").i("keepdims", 0), 13, {F({3}, {1e8f, 1, -1e8f})});
  CHECK(vals<float>(y) == std::vector<float>{1});
  y = run1(NodeB("ReduceMean").i("keepdims", 0), 18, {F({3}, {1, 2, 2})});
  CHECK(vals<float>(y) == std::vector<float>{static_cast<float>(5.0 / 3.0)});
  y = run1(NodeB("ReduceL2").i("keepdims", 0), 18, {F({2}, {3, 4})});
  CHECK(vals<float>(y) == std::vector<float>{5});
  y = run1(NodeB("ReduceL1").i("keepdims", 0), 18, {F({3}, {-1, 2, -3})});
  CHECK(vals<float>(y) == std::vector<float>{6});
  y = run1(NodeB("ReduceSumSquare").i("keepdims", 0), 13, {F({3}, {-1, 2, -3})});
  CHECK(vals<float>(y) == std::vector<float>{14});
  y = run1(NodeB("ReduceLogSum").i("keepdims", 0), 18, {D({2}, {1, 1})});
  check_close(y, {std::log(2.0)}, 1e-15);
  // float16: 1 + 2048 + 1 rounds to 2048 step by step in float16, but the exact 2050 is representable
  Tensor h = T_<float16_t>({3}, {num::to_float16(1), num::to_float16(2048), num::to_float16(1)});
  y = run1(NodeB("ReduceSum").i("keepdims", 0), 13, {h});
  CHECK(num::to_double(vals<float16_t>(y)[0]) == 2050.0);
  Tensor bf = T_<bfloat16_t>({2}, {num::to_bfloat16(1), num::to_bfloat16(2)});
  y = run1(NodeB("ReduceMean").i("keepdims", 0), 13, {bf});
  CHECK(num::to_double(vals<bfloat16_t>(y)[0]) == 1.5);
}

TEST_CASE("[RD7] integer reductions wrap around, truncate and floor") {
  const int32_t mx = std::numeric_limits<int32_t>::max();
  Tensor y = run1(NodeB("ReduceSum").i("keepdims", 0), 13, {I32({2}, {mx, 1})});
  CHECK(vals<int32_t>(y) == std::vector<int32_t>{std::numeric_limits<int32_t>::min()});
  y = run1(NodeB("ReduceMean").i("keepdims", 0), 18, {I32({2}, {-7, 0})});
  CHECK(vals<int32_t>(y) == std::vector<int32_t>{-3});
  y = run1(NodeB("ReduceMean").i("keepdims", 0), 18, {T_<uint32_t>({2}, {7, 0})});
  CHECK(vals<uint32_t>(y) == std::vector<uint32_t>{3});
  y = run1(NodeB("ReduceL2").i("keepdims", 0), 18, {I64({2}, {3, 4})});
  CHECK(vals<int64_t>(y) == std::vector<int64_t>{5});
  y = run1(NodeB("ReduceL2").i("keepdims", 0), 18, {I64({2}, {1, 1})});
  CHECK(vals<int64_t>(y) == std::vector<int64_t>{1});
  // 2 * 46341^2 = 4294976562 wraps to 9266 in 32 bits; floor(sqrt(9266)) = 96
  y = run1(NodeB("ReduceL2").i("keepdims", 0), 18, {I32({2}, {46341, 46341})});
  CHECK(vals<int32_t>(y) == std::vector<int32_t>{96});
  // 46341^2 wraps to a negative int32
  CHECK(clause_of(NodeB("ReduceL2").i("keepdims", 0), 18, {I32({1}, {46341})}) == "RD7");
  y = run1(NodeB("ReduceProd").i("keepdims", 0), 18, {T_<uint8_t>({2}, {16, 16})});
  CHECK(vals<uint8_t>(y) == std::vector<uint8_t>{0});
  y = run1(NodeB("ReduceL1").i("keepdims", 0), 18, {T_<int8_t>({1}, {-128})});
  CHECK(vals<int8_t>(y) == std::vector<int8_t>{-128});
  y = run1(NodeB("ReduceSumSquare").i("keepdims", 0), 18, {T_<int16_t>({2}, {256, 1})});
  CHECK(vals<int16_t>(y) == std::vector<int16_t>{1});  // 65536 + 1 wraps to 1
  const int64_t big = (int64_t{1} << 53) + 1;  // not representable in binary64
  y = run1(NodeB("ReduceMax").i("keepdims", 0), 13, {I64({2}, {big, big - 1})});
  CHECK(vals<int64_t>(y) == std::vector<int64_t>{big});
}

TEST_CASE("[RD8] reductions over an empty set give ONNX's identities") {
  const Tensor e = F({2, 0}, {});
  auto red = [&](const char* op, const Tensor& x) { return run1(NodeB(op).ints("axes", {1}), 13, {x}); };
  Tensor y = run1(NodeB("ReduceSum"), 13, {e, I64({1}, {1})});
  CHECK(y.shape() == Shape{2, 1});
  CHECK(vals<float>(y) == std::vector<float>{0, 0});
  CHECK(vals<float>(red("ReduceProd", e)) == std::vector<float>{1, 1});
  CHECK(vals<float>(red("ReduceL2", e)) == std::vector<float>{0, 0});
  CHECK(vals<float>(red("ReduceL1", e)) == std::vector<float>{0, 0});
  CHECK(vals<float>(red("ReduceSumSquare", e)) == std::vector<float>{0, 0});
  check_close(red("ReduceMax", e), {-kInf, -kInf});
  check_close(red("ReduceMin", e), {kInf, kInf});
  check_close(red("ReduceLogSum", e), {-kInf, -kInf});
  check_close(red("ReduceLogSumExp", e), {-kInf, -kInf});
  CHECK(vals<int32_t>(red("ReduceMax", I32({1, 0}, {}))) == std::vector<int32_t>{std::numeric_limits<int32_t>::min()});
  CHECK(vals<int32_t>(red("ReduceMin", I32({1, 0}, {}))) == std::vector<int32_t>{std::numeric_limits<int32_t>::max()});
  const Tensor eb = T_<bool>({1, 0}, {});
  CHECK(vals<bool>(run1(NodeB("ReduceMax"), 20, {eb, I64({1}, {1})})) == std::vector<bool>{false});
  CHECK(vals<bool>(run1(NodeB("ReduceMin"), 20, {eb, I64({1}, {1})})) == std::vector<bool>{true});
  // reducing a non-empty axis of a tensor with no elements gives no elements
  y = run1(NodeB("ReduceSum"), 13, {F({2, 0, 4}, {}), I64({1}, {2})});
  CHECK(y.shape() == Shape{2, 0, 1});
}

TEST_CASE("[RD9] the mean of an empty set is an evaluation error") {
  CHECK(clause_of(NodeB("ReduceMean").ints("axes", {1}), 13, {F({2, 0}, {})}) == "RD9");
  Tensor y = run1(NodeB("ReduceMean").ints("axes", {1}), 13, {F({0, 3}, {})});  // no output element
  CHECK(y.shape() == Shape{0, 1});
}

TEST_CASE("[RD10] ReduceMax and ReduceMin propagate NaN; on bool they are any and all") {
  check_close(run1(NodeB("ReduceMax").i("keepdims", 0), 18, {F({3}, {1, NAN, 3})}), {kNaN});
  check_close(run1(NodeB("ReduceMin").i("keepdims", 0), 18, {F({3}, {1, NAN, 3})}), {kNaN});
  check_close(run1(NodeB("ReduceMax").i("keepdims", 0), 18, {F({3}, {NAN, -INFINITY, 3})}), {kNaN});
  const Tensor b = T_<bool>({2, 2}, {true, false, false, false});
  CHECK(vals<bool>(run1(NodeB("ReduceMax"), 20, {b, I64({1}, {1})})) == std::vector<bool>{true, false});
  CHECK(vals<bool>(run1(NodeB("ReduceMin"), 20, {b, I64({1}, {1})})) == std::vector<bool>{false, false});
  CHECK(vals<bool>(run1(NodeB("ReduceMin"), 20, {T_<bool>({2}, {true, true})})) == std::vector<bool>{true});
}

TEST_CASE("[RD11] logarithmic reductions refuse integer element types") {
  CHECK(clause_of(NodeB("ReduceLogSum"), 18, {I32({2}, {1, 2})}) == "RD11");
  CHECK(clause_of(NodeB("ReduceLogSumExp"), 13, {I64({2}, {1, 2})}) == "RD11");
}

TEST_CASE("[RD12] ReduceLogSumExp is exact for large, infinite and NaN elements") {
  check_close(run1(NodeB("ReduceLogSumExp").i("keepdims", 0), 18, {D({2}, {1000, 1000})}), {1000 + std::log(2.0)}, 1e-15);
  check_close(run1(NodeB("ReduceLogSumExp").i("keepdims", 0), 18, {D({2}, {0, 0})}), {std::log(2.0)}, 1e-15);
  check_close(run1(NodeB("ReduceLogSumExp").i("keepdims", 0), 18, {D({2}, {kInf, 1})}), {kInf});
  check_close(run1(NodeB("ReduceLogSumExp").i("keepdims", 0), 18, {D({2}, {-kInf, -kInf})}), {-kInf});
  check_close(run1(NodeB("ReduceLogSumExp").i("keepdims", 0), 18, {D({2}, {kNaN, 1})}), {kNaN});
  // float input: log(e^88 + e^88) overflows float's exp, but the result 88 + log 2 is a float
  check_close(run1(NodeB("ReduceLogSumExp").i("keepdims", 0), 18, {F({2}, {100, 100})}), {100 + std::log(2.0)});
}

TEST_CASE("[RD1] reducing huge axes of an empty tensor gives its empty result, without sizing the reduced set") {
  const int64_t huge = int64_t{1} << 40;
  const Tensor x = F({0, huge, huge}, {});
  const Tensor y = run1(NodeB("ReduceSum").i("keepdims", 0), 13, {x, I64({2}, {1, 2})});
  CHECK(y.shape() == Shape{0});
}

TEST_CASE("[L3] a reduction of an empty tensor neither lists a huge reduced set nor a huge output beyond the limit") {
  const int64_t big = int64_t{1} << 33;  // 2^33 positions: 64 GiB of offsets
  // no output element: the reduced set is not listed at all
  Tensor y = run1(NodeB("ReduceSum"), 13, {F({0, big}, {}), I64({1}, {1})});
  CHECK(y.shape() == Shape{0, 1});
  // 2^33 output elements (each the sum of an empty set) exceed the allocation limit: refused, not allocated
  CHECK(clause_of(NodeB("ReduceSum").i("keepdims", 0), 13, {F({big, 0}, {}), I64({1}, {1})}) == "L3");
}

// Unit tests of the reductions (spec/ops-reduce.md RD1-RD12). Expected values are worked out by hand, or by
// the textbook loop of RD1/RD6 (textbook_sum, below).
#include "ops/reduce/rd_test_util.hpp"
#include "runtime/parallel.hpp"
#include "values/numeric.hpp"

#include <bit>
#include <cstring>

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
  // ONNX 1.23 defines no version 28 of any reduction (ops/catalog once listed ReduceLogSum-28 and
  // ReduceLogSumExp-28).
  for (const char* op : {"ReduceLogSum", "ReduceLogSumExp", "ReduceMean"}) CHECK(reg().kernel("", op, 28) == nullptr);
}

TEST_CASE("the family registers exactly ONNX's versions of its operators") {
  const auto ops = reg().ops();
  CHECK(ops.size() == 18);  // with CumProd; without MatMul, MatMulInteger, Gemm, Einsum (ops/linalg/)
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
  y = run1(NodeB("ReduceSum"), 13, {Tensor::scalar<float>(test_context(), 5)});
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
  const int64_t big = (int64_t{1} << 53) + 1;          // not representable in binary64
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
  check_close(run1(NodeB("ReduceLogSumExp").i("keepdims", 0), 18, {D({2}, {1000, 1000})}), {1000 + std::log(2.0)},
              1e-15);
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

namespace {
// Values of many magnitudes and both signs, so that a sum taken in another order rounds differently.
std::vector<float> spread_values(int64_t n) {
  std::vector<float> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i)
    v[static_cast<size_t>(i)] = static_cast<float>(((i * 37 % 101) - 50) *
                                                   std::pow(10.0, static_cast<double>(i % 9) - 4));
  return v;
}

// The textbook reading of RD1/RD6 for ReduceSum with keepdims = 1: for each output index (row-major), the
// binary64 sum over the reduced positions in row-major order, rounded once.
std::vector<float> textbook_sum(const Shape& s, const std::vector<float>& x, const std::vector<bool>& reduced) {
  const size_t r = s.size();
  Shape out(r);
  for (size_t d = 0; d < r; ++d) out[d] = reduced[d] ? 1 : s[d];
  Shape red(r);
  for (size_t d = 0; d < r; ++d) red[d] = reduced[d] ? s[d] : 1;
  auto at = [&](const Shape& idx) {
    int64_t off = 0;
    for (size_t d = 0; d < r; ++d) off = off * s[d] + idx[d];
    return x[static_cast<size_t>(off)];
  };
  std::vector<float> y;
  for (int64_t o = 0; o < element_count(out); ++o) {
    Shape oi(r);
    for (int64_t d = static_cast<int64_t>(r) - 1, rem = o; d >= 0; --d) {
      oi[static_cast<size_t>(d)] = rem % out[static_cast<size_t>(d)];
      rem /= out[static_cast<size_t>(d)];
    }
    double acc = 0;
    for (int64_t q = 0; q < element_count(red); ++q) {
      Shape idx = oi;
      for (int64_t d = static_cast<int64_t>(r) - 1, rem = q; d >= 0; --d) {
        if (reduced[static_cast<size_t>(d)]) idx[static_cast<size_t>(d)] = rem % red[static_cast<size_t>(d)];
        rem /= red[static_cast<size_t>(d)];
      }
      acc += static_cast<double>(at(idx));
    }
    y.push_back(static_cast<float>(acc));
  }
  return y;
}
}  // namespace

TEST_CASE("[RD6] every set of reduced axes sums in row-major order of the reduced set, on 1, 2 and 3 threads") {
  // Each subset of the four axes: adjacent reduced axes merge into one run of the plan, others do not. The
  // larger shape gives enough work to be shared among threads (E9), which must not change a bit.
  for (const Shape& s : {Shape{3, 4, 5, 6}, Shape{8, 3, 40, 70}}) {
    const std::vector<float> x = spread_values(element_count(s));
    for (int mask = 0; mask < 16; ++mask) {
      std::vector<bool> reduced(4);
      std::vector<int64_t> axes;
      for (int d = 0; d < 4; ++d)
        if (mask >> d & 1) {
          reduced[static_cast<size_t>(d)] = true;
          axes.push_back(d);
        }
      if (axes.empty()) continue;  // no axes: every axis (RD4), the mask 15 below
      const std::vector<float> want = textbook_sum(s, x, reduced);
      for (int t : {1, 2, 3}) {
        CAPTURE(s[1]);
        CAPTURE(mask);
        CAPTURE(t);
        Threads threads(t);
        const Tensor y = run1(NodeB("ReduceSum"), 13, {F(s, x), I64({static_cast<int64_t>(axes.size())}, axes)});
        const auto got = y.data<float>();
        REQUIRE(got.size() == want.size());
        CHECK(std::memcmp(got.data(), want.data(), want.size() * sizeof(float)) == 0);
      }
    }
  }
}

TEST_CASE("[L3] a reduction over the innermost axes lists its reduced set as one run, not an offset per element") {
  // 2^20 elements reduced whole, under an allocation limit of 1 MiB: an offset (8 bytes) per element would be
  // refused by L3; the plan lists one run.
  const int64_t n = int64_t{1} << 20;
  const Tensor x = F({4, n / 4}, std::vector<float>(static_cast<size_t>(n), 0.5f));
  AllocationLimit limit(int64_t{1} << 20);
  Tensor y = run1(NodeB("ReduceSum").i("keepdims", 0), 13, {x});
  CHECK(vals<float>(y) == std::vector<float>{static_cast<float>(n) / 2});
  y = run1(NodeB("ReduceMax").i("keepdims", 0), 18, {x, I64({1}, {1})});
  CHECK(vals<float>(y) == std::vector<float>(4, 0.5f));
}

TEST_CASE("[RD10] a NaN that is not the first of its set's run still gives the first NaN of the set") {
  // Two NaNs of different payloads in one reduced set, the second inside the first run's span: the result is
  // the first in row-major order of the reduced set.
  const float a = std::bit_cast<float>(0x7fc00001u), b = std::bit_cast<float>(0x7fc00002u);
  const Tensor x = F({2, 3}, {1, b, 2, a, 3, 4});
  Tensor y = run1(NodeB("ReduceMax").i("keepdims", 0), 18, {x, I64({1}, {0})});  // columns: {1,a} {b,3} {2,4}
  REQUIRE(y.size() == 3);
  CHECK(std::bit_cast<uint32_t>(vals<float>(y)[0]) == 0x7fc00001u);
  CHECK(std::bit_cast<uint32_t>(vals<float>(y)[1]) == 0x7fc00002u);
  CHECK(vals<float>(y)[2] == 4);
  y = run1(NodeB("ReduceMin").i("keepdims", 0), 18, {x});  // every element: b comes first
  CHECK(std::bit_cast<uint32_t>(vals<float>(y)[0]) == 0x7fc00002u);
}

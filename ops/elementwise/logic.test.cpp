// Tests of the comparison and logic operators and Where (spec/ops-elementwise.md).
#include "ops/elementwise/ew_test_util.hpp"

using namespace ewt;

TEST_CASE("[EW12] comparisons give bool tensors; NaN compares false, Equal included") {
  const Tensor a = t1<float>({1, kNaN, 2, -0.0f});
  const Tensor b = t1<float>({1, kNaN, 3, 0.0f});
  CHECK(bools(Call("Equal", 13)({a, b})) == std::vector<bool>{true, false, false, true});
  CHECK(bools(Call("Greater", 13)({a, b})) == std::vector<bool>{false, false, false, false});
  CHECK(bools(Call("Less", 13)({a, b})) == std::vector<bool>{false, false, true, false});
  CHECK(bools(Call("GreaterOrEqual", 16)({a, b})) == std::vector<bool>{true, false, false, true});
  CHECK(bools(Call("LessOrEqual", 12)({a, b})) == std::vector<bool>{true, false, true, true});
  // broadcasting, and exact comparison of 64-bit integers beyond 2^53
  const Tensor big = tv<int64_t>({2, 1}, {(int64_t{1} << 53) + 1, 0});
  const Tensor r = Call("Greater", 9)({big, t1<int64_t>({int64_t{1} << 53, -1})});
  CHECK(r.shape() == Shape{2, 2});
  CHECK(r.dtype() == DType::boolean);
  CHECK(bools(r) == std::vector<bool>{true, true, false, true});
  CHECK(bools(Call("Less", 13)({t1<uint64_t>({UINT64_MAX - 1}), t1<uint64_t>({UINT64_MAX})})) ==
        std::vector<bool>{true});
  CHECK(bools(Call("Equal", 11)({t1<bool>({true, false}), Tensor::scalar<bool>(test_context(), false)})) ==
        std::vector<bool>{false, true});
  CHECK(bools(Call("Equal", 19)({t1<std::string>({"ab", "c"}), t1<std::string>({"ab", "C"})})) ==
        std::vector<bool>{true, false});
  CHECK(bools(Call("Equal", 13)({f16({0.1, 0.2}), f16({0.1, 0.3})})) == std::vector<bool>{true, false});
  CHECK(Call("Greater", 13).kind({t1<std::string>({"a"}), t1<std::string>({"b"})}) == ErrorKind::unsupported);
  CHECK(Call("Less", 13).clause({t1<float>({1, 2}), t1<float>({1, 2, 3})}) == "B1");
}

TEST_CASE("[EW13] And, Or and Xor on bool tensors with broadcasting") {
  const Tensor a = tv<bool>({2, 1}, {false, true});
  const Tensor b = t1<bool>({false, true});
  CHECK(bools(Call("And", 7)({a, b})) == std::vector<bool>{false, false, false, true});
  CHECK(bools(Call("Or", 7)({a, b})) == std::vector<bool>{false, true, true, true});
  CHECK(bools(Call("Xor", 7)({a, b})) == std::vector<bool>{false, true, true, false});
  CHECK(Call("And", 7).kind({t1<int32_t>({1}), t1<int32_t>({1})}) == ErrorKind::unsupported);
  CHECK(bools(Call("Xor", 1)({b, b})) == std::vector<bool>{false, false});
}

TEST_CASE("[EW14] Where selects from X or Y over the broadcast shape of all three inputs") {
  const Tensor c = tv<bool>({2, 1}, {true, false});
  const Tensor r = Call("Where", 16)({c, tv<int32_t>({1, 3}, {1, 2, 3}), Tensor::scalar<int32_t>(test_context(), 9)});
  CHECK(r.shape() == Shape{2, 3});
  CHECK(vals<int32_t>(r) == std::vector<int32_t>{1, 2, 3, 9, 9, 9});
  const Tensor s = Call("Where",
                        9)({t1<bool>({false, true}), t1<std::string>({"x", "y"}), t1<std::string>({"p", "q"})});
  CHECK(vals<std::string>(s) == std::vector<std::string>{"p", "y"});
  const Tensor e = Call("Where", 16)(
      {tv<bool>({0}, {}), Tensor::scalar<float>(test_context(), 1), Tensor::scalar<float>(test_context(), 2)});
  CHECK(e.shape() == Shape{0});
  CHECK(Call("Where", 16).clause({t1<int32_t>({1}), t1<float>({1}), t1<float>({2})}) == "EW6");
  CHECK(Call("Where", 16).clause({t1<bool>({true}), t1<float>({1}), t1<double>({2})}) == "EW6");
  CHECK(Call("Where", 16).clause({t1<bool>({true, false}), t1<float>({1, 2, 3}), t1<float>({2})}) == "B1");
}

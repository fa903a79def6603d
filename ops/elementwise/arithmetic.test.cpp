// Tests of Add, Sub, Mul, Div, Pow, Mod, BitShift and the bitwise operators (spec/ops-elementwise.md).
#include "ops/elementwise/ew_test_util.hpp"

#include <algorithm>

#include "runtime/parallel.hpp"

using namespace ewt;

TEST_CASE("[EW2] Add broadcasts multidirectionally, including rank 0 and empty tensors") {
  const Call add("Add", 14);
  const Tensor r = add({tv<float>({2, 1}, {1, 2}), t1<float>({10, 20, 30})});
  CHECK(r.shape() == Shape{2, 3});
  CHECK(vals<float>(r) == std::vector<float>{11, 21, 31, 12, 22, 32});
  const Tensor s = add({Tensor::scalar<double>(test_context(), 0.5), tv<double>({2, 2}, {1, 2, 3, 4})});
  CHECK(s.shape() == Shape{2, 2});
  CHECK(vals<double>(s) == std::vector<double>{1.5, 2.5, 3.5, 4.5});
  const Tensor e = add({tv<float>({0, 3}, {}), t1<float>({1, 2, 3})});
  CHECK(e.shape() == Shape{0, 3});
  CHECK(e.size() == 0);
  const Tensor z = add({Tensor::scalar<int64_t>(test_context(), 2), Tensor::scalar<int64_t>(test_context(), 3)});
  CHECK(z.shape() == Shape{});
  CHECK(vals<int64_t>(z) == std::vector<int64_t>{5});
  CHECK(add.clause({t1<float>({1, 2}), t1<float>({1, 2, 3})}) == "B1");
}

TEST_CASE(
    "[EW2][E9] Add, Mul and Sub over broadcast shapes give each element from the operands' elements there, on 1, 2, 3 threads") {
  // Shapes whose walk merges axes (a per-channel operand, trailing axes both contiguous, axes of one
  // element) and shapes where it cannot; binary32 (the vector rows of Add and Mul) and int32 (the plain loops).
  struct Pair {
    Shape a, b;
  };
  const Pair pairs[] = {{{2, 3, 4, 5}, {1, 3, 1, 1}}, {{2, 3, 4, 5}, {5}},          {{2, 1, 4, 1}, {1, 3, 1, 5}},
                        {{1, 3, 1, 5}, {2, 3, 4, 5}}, {{2, 3, 4, 5}, {2, 3, 4, 5}}, {{3, 1, 7}, {1, 1, 1}},
                        {{1, 1, 1}, {2, 1, 33}},      {{4, 1, 1, 6}, {1, 5, 1, 1}}, {{1, 64, 40, 40}, {1, 64, 1, 1}}};
  auto strides_in = [](const Shape& in, const Shape& out) {  // element strides of `in` seen from `out`
    std::vector<int64_t> st(out.size(), 0);
    int64_t step = 1;
    for (size_t d = in.size(); d-- > 0;) {
      const size_t od = d + (out.size() - in.size());
      st[od] = in[d] == 1 ? 0 : step;
      step *= in[d];
    }
    return st;
  };
  for (const Pair& p : pairs) {
    CAPTURE(p.a);
    CAPTURE(p.b);
    Shape out(std::max(p.a.size(), p.b.size()), 1);
    for (const Shape* s : {&p.a, &p.b})
      for (size_t d = 0; d < s->size(); ++d) {
        auto& o = out[d + (out.size() - s->size())];
        o = std::max(o, (*s)[d]);
      }
    const auto sa = strides_in(p.a, out), sb = strides_in(p.b, out);
    int64_t na = 1, nb = 1, total = 1;
    for (int64_t e : p.a) na *= e;
    for (int64_t e : p.b) nb *= e;
    for (int64_t e : out) total *= e;
    std::vector<float> fa, fb;
    std::vector<int32_t> ia, ib;
    for (int64_t i = 0; i < na; ++i) {
      fa.push_back(static_cast<float>(i % 97) / 8.0f - 3.0f);
      ia.push_back(static_cast<int32_t>(i * 7 % 1000));
    }
    for (int64_t i = 0; i < nb; ++i) {
      fb.push_back(static_cast<float>(i % 89) / 16.0f + 0.5f);
      ib.push_back(static_cast<int32_t>(i * 13 % 777) - 300);
    }
    std::vector<float> want_add, want_mul, want_sub;
    std::vector<int32_t> want_iadd;
    for (int64_t e = 0; e < total; ++e) {
      int64_t oa = 0, ob = 0;
      for (size_t d = out.size(), rem = static_cast<size_t>(e); d-- > 0;) {
        const int64_t i = static_cast<int64_t>(rem % static_cast<size_t>(out[d]));
        rem /= static_cast<size_t>(out[d]);
        oa += i * sa[d];
        ob += i * sb[d];
      }
      const double x = fa[static_cast<size_t>(oa)], y = fb[static_cast<size_t>(ob)];
      want_add.push_back(static_cast<float>(x + y));
      want_mul.push_back(static_cast<float>(x * y));
      want_sub.push_back(static_cast<float>(x - y));
      want_iadd.push_back(ia[static_cast<size_t>(oa)] + ib[static_cast<size_t>(ob)]);
    }
    KeepAlive keep;  // every result and copy held to the end (E9 tests)
    for (int t : {1, 2, 3}) {
      CAPTURE(t);
      Threads threads(t);
      const Tensor ta = tv<float>(p.a, fa), tb = tv<float>(p.b, fb);
      const Tensor& r = keep(Call("Add", 14)({ta, tb}));
      CHECK(r.shape() == out);
      CHECK(keep(vals<float>(r)) == want_add);
      CHECK(keep(vals<float>(keep(Call("Mul", 14)({ta, tb})))) == want_mul);
      CHECK(keep(vals<float>(keep(Call("Sub", 14)({ta, tb})))) == want_sub);
      CHECK(keep(vals<int32_t>(keep(Call("Add", 14)({tv<int32_t>(p.a, ia), tv<int32_t>(p.b, ib)})))) == want_iadd);
    }
  }
}

TEST_CASE("[EW5] integer Add, Sub and Mul wrap around modulo 2^bits") {
  CHECK(vals<int32_t>(Call("Add", 14)({t1<int32_t>({INT32_MAX, -5}), Tensor::scalar<int32_t>(test_context(), 1)})) ==
        std::vector<int32_t>{INT32_MIN, -4});
  CHECK(vals<int8_t>(Call("Sub", 14)({t1<int8_t>({-128, 0}), t1<int8_t>({1, -128})})) ==
        std::vector<int8_t>{127, -128});
  CHECK(vals<uint8_t>(Call("Mul", 14)({t1<uint8_t>({200, 16}), t1<uint8_t>({2, 16})})) == std::vector<uint8_t>{144, 0});
  // 300 * 300 = 90000 = 65536 + 24464; 65535^2 = 1 modulo 2^16
  CHECK(vals<int16_t>(Call("Mul", 14)({t1<int16_t>({300}), t1<int16_t>({300})})) == std::vector<int16_t>{24464});
  CHECK(vals<uint16_t>(Call("Mul", 14)({t1<uint16_t>({65535}), t1<uint16_t>({65535})})) == std::vector<uint16_t>{1});
  CHECK(vals<uint64_t>(Call("Sub", 7)({t1<uint64_t>({0}), t1<uint64_t>({1})})) == std::vector<uint64_t>{UINT64_MAX});
}

TEST_CASE("[EW6] operands of one type constraint must share their element type") {
  CHECK(Call("Add", 14).clause({t1<int32_t>({1}), t1<int64_t>({1})}) == "EW6");
  CHECK(Call("Equal", 13).clause({t1<float>({1}), t1<double>({1})}) == "EW6");
}

TEST_CASE("[EW7][N9] integer Div truncates toward zero; a zero divisor is N9") {
  const Call div("Div", 14);
  CHECK(vals<int32_t>(div({t1<int32_t>({7, -7, 7, INT32_MIN, 6}), t1<int32_t>({-2, 2, 2, -1, 3})})) ==
        std::vector<int32_t>{-3, -3, 3, INT32_MIN, 2});
  CHECK(vals<uint8_t>(div({t1<uint8_t>({255}), t1<uint8_t>({2})})) == std::vector<uint8_t>{127});
  CHECK(div.clause({t1<int64_t>({1, 2}), t1<int64_t>({1, 0})}) == "N9");
  const auto f = vals<float>(div({t1<float>({1, -1, 0, 1}), t1<float>({0, 0, 0, 4})}));
  CHECK(f[0] == kInf);
  CHECK(f[1] == -kInf);
  CHECK(std::isnan(f[2]));
  CHECK(f[3] == 0.25f);
}

TEST_CASE("[EW2] float16 arithmetic is computed exactly and rounded once, ties to even") {
  // 1 + 2^-11 lies halfway between the float16 neighbours 1 and 1 + 2^-10: it rounds to the even one, 1.
  // 1 + 3*2^-12 lies above the midpoint: it rounds to 1 + 2^-10.
  const Tensor r = Call("Add", 14)({f16({1.0, 1.0}), f16({std::ldexp(1.0, -11), 3 * std::ldexp(1.0, -12)})});
  CHECK(r.dtype() == DType::float16);
  CHECK(f16vals(r) == std::vector<double>{1.0, 1.0 + std::ldexp(1.0, -10)});
  // float32: 2^24 + 1 is a tie between 2^24 and 2^24 + 2 and goes to 2^24.
  CHECK(vals<float>(Call("Add", 14)({t1<float>({16777216.0f}), t1<float>({1.0f})})) == std::vector<float>{16777216.0f});
  // bfloat16: 3 * 1.5 = 4.5 exactly.
  std::vector<bfloat16_t> a{num::to_bfloat16(3.0)}, b{num::to_bfloat16(1.5)};
  const Tensor m = Call("Mul", 13)({t1(a), t1(b)});
  CHECK(num::to_double(m.data<bfloat16_t>()[0]) == 4.5);
}

TEST_CASE("[EW3] opset 1-6 binary operators broadcast B by the broadcast and axis attributes") {
  const Tensor a = tv<float>({2, 3}, {0, 1, 2, 3, 4, 5});
  // suffix matching by default
  CHECK(vals<float>(Call("Add", 6).i("broadcast", 1)({a, t1<float>({1, 2, 3})})) ==
        std::vector<float>{1, 3, 5, 4, 6, 8});
  // axis 0: B spans A's first dimension
  CHECK(vals<float>(Call("Add", 1).i("broadcast", 1).i("axis", 0)({a, t1<float>({10, 20})})) ==
        std::vector<float>{10, 11, 12, 23, 24, 25});
  // one element
  CHECK(vals<float>(Call("Mul", 6).i("broadcast", 1)({a, tv<float>({1, 1}, {2})})) ==
        std::vector<float>{0, 2, 4, 6, 8, 10});
  // without broadcast=1 the shapes must be equal
  CHECK(vals<float>(Call("Sub", 6)({a, a})) == std::vector<float>(6, 0.0f));
  CHECK(Call("Sub", 6).clause({a, t1<float>({1, 2, 3})}) == "EW3");
  CHECK(Call("Div", 6).i("broadcast", 1).i("axis", 1).clause({a, t1<float>({1, 2})}) == "EW3");
  CHECK(Call("Div", 6).i("broadcast", 1).clause({t1<float>({1, 2}), tv<float>({1, 2}, {1, 2})}) == "EW3");
  CHECK(Call("Add", 6).i("broadcast", 2).clause({a, a}) == "EW3");
  // the legacy comparison and logic operators follow the same rule
  CHECK(bools(Call("Equal", 1).i("broadcast", 1)({tv<int32_t>({2, 2}, {1, 2, 1, 3}), t1<int32_t>({1, 3})})) ==
        std::vector<bool>{true, false, true, true});
  CHECK(bools(Call("Or", 1)
                  .i("broadcast", 1)
                  .i("axis", 0)({tv<bool>({2, 2}, {false, false, true, false}), t1<bool>({true, false})})) ==
        std::vector<bool>{true, true, true, false});
}

TEST_CASE("[EW8] Pow on floating and integer bases") {
  const Call pow("Pow", 15);
  CHECK(vals<float>(pow({t1<float>({-2, 2, 4, 0}), t1<int64_t>({3, -1, 0, -1})})) ==
        std::vector<float>{-8, 0.5f, 1, kInf});
  CHECK(vals<double>(pow({t1<double>({4, 2}), t1<double>({0.5, 10})})) == std::vector<double>{2, 1024});
  const auto nan = vals<float>(pow({t1<float>({-8}), t1<float>({1.0f / 3})}));
  CHECK(std::isnan(nan[0]));
  // the parity of a 64-bit exponent beyond 2^53 comes from the integer itself
  CHECK(vals<double>(pow({t1<double>({-1}), t1<int64_t>({(int64_t{1} << 53) + 1})})) == std::vector<double>{-1});
  // integer base and exponent: exact modulo 2^bits; negative exponents truncate toward zero
  CHECK(vals<int32_t>(pow({t1<int32_t>({3, 2, 2, -1, 1, 5}), t1<int64_t>({4, 31, -1, -3, -7, 0})})) ==
        std::vector<int32_t>{81, INT32_MIN, 0, -1, 1, 1});
  // 3^40 = 12157665459056928801 = 2^64 - 6289078614652622815
  CHECK(vals<int64_t>(pow({t1<int64_t>({3}), t1<uint8_t>({40})})) == std::vector<int64_t>{-6289078614652622815LL});
  CHECK(pow.clause({t1<int32_t>({0}), t1<int32_t>({-1})}) == "N9");
  // integer base, floating exponent: truncated toward zero; NaN cannot become an integer (N6)
  CHECK(vals<int32_t>(pow({t1<int32_t>({4, 10, 2}), t1<float>({0.5f, -1.0f, 3.0f})})) == std::vector<int32_t>{2, 0, 8});
  CHECK(pow.clause({t1<int64_t>({-8}), t1<double>({0.5})}) == "N6");
  // opset 1: limited broadcasting
  CHECK(vals<float>(Call("Pow", 1).i("broadcast", 1)({tv<float>({2, 2}, {1, 2, 3, 4}), t1<float>({2, 1})})) ==
        std::vector<float>{1, 2, 9, 4});
}

TEST_CASE("[EW9][N9] Mod: the remainder takes the divisor's sign with fmod=0 and the dividend's with fmod=1") {
  const Tensor a = t1<int32_t>({5, -5, 5, -5, -4, INT32_MIN});
  const Tensor b = t1<int32_t>({3, 3, -3, -3, 2, -1});
  CHECK(vals<int32_t>(Call("Mod", 13)({a, b})) == std::vector<int32_t>{2, 1, -1, -2, 0, 0});
  CHECK(vals<int32_t>(Call("Mod", 13).i("fmod", 1)({a, b})) == std::vector<int32_t>{2, -2, 2, -2, 0, 0});
  CHECK(vals<uint8_t>(Call("Mod", 10)({t1<uint8_t>({250}), t1<uint8_t>({7})})) == std::vector<uint8_t>{5});
  CHECK(vals<float>(Call("Mod", 13).i("fmod", 1)({t1<float>({-4.5f, 4.5f}), t1<float>({2, -2})})) ==
        std::vector<float>{-0.5f, 0.5f});
  CHECK(Call("Mod", 13).clause({t1<float>({1}), t1<float>({2})}) == "EW9");
  CHECK(Call("Mod", 13).i("fmod", 2).clause({a, b}) == "EW9");
  CHECK(Call("Mod", 13).clause({t1<int64_t>({1}), t1<int64_t>({0})}) == "N9");
}

TEST_CASE("[EW17] BitShift shifts unsigned integers; shifting by the width or more gives 0") {
  const Tensor x = t1<uint8_t>({1, 255, 255, 16});
  const Tensor y = t1<uint8_t>({3, 1, 8, 2});
  CHECK(vals<uint8_t>(Call("BitShift", 11).s("direction", "LEFT")({x, y})) == std::vector<uint8_t>{8, 254, 0, 64});
  CHECK(vals<uint8_t>(Call("BitShift", 11).s("direction", "RIGHT")({x, y})) == std::vector<uint8_t>{0, 127, 0, 4});
  CHECK(vals<uint64_t>(Call("BitShift", 11).s("direction", "LEFT")({t1<uint64_t>({1, 1}), t1<uint64_t>({63, 64})})) ==
        std::vector<uint64_t>{uint64_t{1} << 63, 0});
  CHECK(Call("BitShift", 11).clause({x, y}) == "A1");
  CHECK(Call("BitShift", 11).s("direction", "left").clause({x, y}) == "EW17");
  CHECK(Call("BitShift", 11).s("direction", "LEFT").kind({t1<int32_t>({1}), t1<int32_t>({1})}) ==
        ErrorKind::unsupported);
}

TEST_CASE("[EW18] bitwise operators act on two's-complement bit patterns") {
  CHECK(vals<int8_t>(Call("BitwiseAnd", 18)({t1<int8_t>({-1, 12}), t1<int8_t>({5, 10})})) == std::vector<int8_t>{5, 8});
  CHECK(vals<int8_t>(Call("BitwiseOr", 18)({t1<int8_t>({12, -128}), t1<int8_t>({3, 1})})) ==
        std::vector<int8_t>{15, -127});
  CHECK(vals<uint16_t>(
            Call("BitwiseXor", 18)({t1<uint16_t>({6, 0xFFFF}), Tensor::scalar<uint16_t>(test_context(), 3)})) ==
        std::vector<uint16_t>{5, 0xFFFC});
  CHECK(vals<int8_t>(Call("BitwiseNot", 18)({t1<int8_t>({0, 5})})) == std::vector<int8_t>{-1, -6});
  CHECK(vals<uint8_t>(Call("BitwiseNot", 18)({t1<uint8_t>({0, 0xF0})})) == std::vector<uint8_t>{255, 0x0F});
}

TEST_CASE("[EW9] Mod has no version 28: floating operands need fmod=1 in every version ONNX defines") {
  // Regression: ops/catalog once listed a Mod-28 that ONNX 1.23 does not define, with a floored remainder of
  // floating operands under fmod=0. ONNX defines Mod 10 and 13 only, and both refuse that case.
  CHECK(registry().kernel("", "Mod", 28) == nullptr);
  for (int64_t v : {10, 13}) {
    CHECK(Call("Mod", v).clause({t1<double>({5.5}), t1<double>({2})}) == "EW9");
    CHECK(vals<double>(Call("Mod", v).i("fmod", 1)({t1<double>({-5.5}), t1<double>({2})})) ==
          std::vector<double>{-1.5});
  }
}

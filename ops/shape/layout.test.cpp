#include "ops/shape/test_util.hpp"

#include <algorithm>

#include "runtime/parallel.hpp"

using namespace shape_test;

TEST_CASE("[SH7] Transpose permutes the axes, by default reversing them") {
  Tensor y = run1("Transpose", 13, {Value(iota_f({2, 3}))});
  CHECK(y.shape() == Shape{3, 2});
  CHECK(vals<float>(y) == std::vector<float>{0, 3, 1, 4, 2, 5});
  // out[1,2,0] (offset 10 of [4,3,2]) is in[0,2,1] = 9
  Tensor z = run1("Transpose", 1, {Value(iota_f({2, 3, 4}))});
  CHECK(z.shape() == Shape{4, 3, 2});
  CHECK(vals<float>(z)[10] == 9.0f);
  Tensor p = run1("Transpose", 21, {Value(iota_f({2, 1, 3}))}, {attr_ints("perm", {2, 0, 1})});
  CHECK(p.shape() == Shape{3, 2, 1});
  CHECK(vals<float>(p) == std::vector<float>{0, 3, 1, 4, 2, 5});
  Tensor s = tv<std::string>({2, 2}, {"a", "b", "c", "d"});
  CHECK(vals<std::string>(run1("Transpose", 13, {Value(s)})) == std::vector<std::string>{"a", "c", "b", "d"});
  CHECK(run1("Transpose", 13, {Value(Tensor::scalar<int8_t>(test_context(), 3))}).rank() == 0);
  CHECK(run1("Transpose", 13, {Value(iota_f({0, 2}))}).shape() == Shape{2, 0});
  CHECK(clause_of([] { (void)run1("Transpose", 13, {Value(iota_f({2, 3}))}, {attr_ints("perm", {0, 0})}); }) == "SH7");
  CHECK(clause_of([] { (void)run1("Transpose", 13, {Value(iota_f({2, 3}))}, {attr_ints("perm", {1})}); }) == "SH7");
  CHECK(clause_of([] { (void)run1("Transpose", 13, {Value(iota_f({2, 3}))}, {attr_ints("perm", {1, 2})}); }) == "SH7");
}

TEST_CASE("[SH7][E9] Transpose of every permutation of five axes gives each element by SH7, on 1, 2, 3 threads") {
  // Axes of one element among them (left out of the walk) and permutations that keep runs of axes
  // together (walked as one), as a channel shuffle does: out(i0..i4) = in at sum_d i_d * stride(perm[d]).
  const Shape in_shape{3, 1, 4, 5, 2};
  const Tensor x = iota_f(in_shape);
  const std::vector<int64_t> in_st{40, 40, 10, 2, 1};
  std::vector<int64_t> perm{0, 1, 2, 3, 4};
  int checked = 0;
  do {
    Shape out(5);
    for (size_t d = 0; d < 5; ++d) out[d] = in_shape[static_cast<size_t>(perm[d])];
    std::vector<float> want;
    for (int64_t a = 0; a < out[0]; ++a)
      for (int64_t b = 0; b < out[1]; ++b)
        for (int64_t c = 0; c < out[2]; ++c)
          for (int64_t d = 0; d < out[3]; ++d)
            for (int64_t e = 0; e < out[4]; ++e) {
              const int64_t i[] = {a, b, c, d, e};
              int64_t off = 0;
              for (size_t k = 0; k < 5; ++k) off += i[k] * in_st[static_cast<size_t>(perm[k])];
              want.push_back(static_cast<float>(off));
            }
    KeepAlive keep;  // every result and copy held to the end (E9 tests)
    for (int t : {1, 2, 3}) {
      CAPTURE(t);
      Threads threads(t);
      const Tensor& y = keep(run1("Transpose", 13, {Value(x)}, {attr_ints("perm", perm)}));
      CHECK(y.shape() == out);
      CHECK(keep(vals<float>(y)) == want);
    }
    ++checked;
  } while (std::next_permutation(perm.begin(), perm.end()));
  CHECK(checked == 120);
  // Large enough to be shared among threads: a channel shuffle [1, 3, 40, 30, 30] -> [1, 40, 3, 30, 30].
  const Tensor big = iota_f({1, 3, 40, 30, 30});
  std::vector<float> want;
  for (int64_t c = 0; c < 40; ++c)
    for (int64_t g = 0; g < 3; ++g)
      for (int64_t p = 0; p < 900; ++p) want.push_back(static_cast<float>((g * 40 + c) * 900 + p));
  KeepAlive keep;  // every result and copy held to the end (E9 tests)
  for (int t : {1, 2, 3}) {
    CAPTURE(t);
    Threads threads(t);
    CHECK(keep(vals<float>(keep(run1("Transpose", 13, {Value(big)}, {attr_ints("perm", {0, 2, 1, 3, 4})})))) == want);
  }
}

TEST_CASE("[SH31] DepthToSpace (DCR and CRD) and SpaceToDepth rearrange blocks") {
  Tensor x = iota_f({1, 8, 1, 1});
  Tensor dcr = run1("DepthToSpace", 13, {Value(x)}, {attr_i("blocksize", 2)});
  CHECK(dcr.shape() == Shape{1, 2, 2, 2});
  CHECK(vals<float>(dcr) == std::vector<float>{0, 2, 4, 6, 1, 3, 5, 7});
  Tensor crd = run1("DepthToSpace", 11, {Value(x)}, {attr_i("blocksize", 2), attr_s("mode", "CRD")});
  CHECK(vals<float>(crd) == std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7});
  CHECK(vals<float>(run1("DepthToSpace", 1, {Value(x)}, {attr_i("blocksize", 2)})) == vals<float>(dcr));
  // SpaceToDepth undoes DCR
  Tensor back = run1("SpaceToDepth", 13, {Value(dcr)}, {attr_i("blocksize", 2)});
  CHECK(back.shape() == Shape{1, 8, 1, 1});
  CHECK(vals<float>(back) == vals<float>(x));
  // A 1x1x4x4 image: SpaceToDepth channel (i*2+j) holds the (i, j) corner of each 2x2 block.
  Tensor img = iota_f({1, 1, 4, 4});
  Tensor sd = run1("SpaceToDepth", 1, {Value(img)}, {attr_i("blocksize", 2)});
  CHECK(sd.shape() == Shape{1, 4, 2, 2});
  CHECK(vals<float>(sd) == std::vector<float>{0, 2, 8, 10, 1, 3, 9, 11, 4, 6, 12, 14, 5, 7, 13, 15});
  CHECK(clause_of([] {
          (void)run1("DepthToSpace", 13, {Value(iota_f({1, 6, 1, 1}))}, {attr_i("blocksize", 2)});
        }) == "SH31");
  CHECK(clause_of([&] {
          (void)run1("DepthToSpace", 13, {Value(x)}, {attr_i("blocksize", 2), attr_s("mode", "X")});
        }) == "SH31");
  CHECK(clause_of([] {
          (void)run1("DepthToSpace", 13, {Value(iota_f({8, 1, 1}))}, {attr_i("blocksize", 2)});
        }) == "SH31");
  CHECK(clause_of([&] { (void)run1("DepthToSpace", 13, {Value(x)}, {attr_i("blocksize", 0)}); }) == "SH31");
  CHECK(clause_of([] {
          (void)run1("SpaceToDepth", 13, {Value(iota_f({1, 1, 3, 4}))}, {attr_i("blocksize", 2)});
        }) == "SH31");
  CHECK(clause_of([&] { (void)run1("DepthToSpace", 13, {Value(x)}); }) == "A1");
}

TEST_CASE("[SH25] Trilu keeps the upper or lower triangle relative to diagonal k") {
  Tensor x = iota_f({3, 3});
  CHECK(vals<float>(run1("Trilu", 14, {Value(x)})) == std::vector<float>{0, 1, 2, 0, 4, 5, 0, 0, 8});
  CHECK(vals<float>(run1("Trilu", 14, {Value(x)}, {attr_i("upper", 0)})) ==
        std::vector<float>{0, 0, 0, 3, 4, 0, 6, 7, 8});
  CHECK(vals<float>(run1("Trilu", 14, {Value(x), Value(Tensor::scalar<int64_t>(test_context(), 1))})) ==
        std::vector<float>{0, 1, 2, 0, 0, 5, 0, 0, 0});
  CHECK(vals<float>(run1("Trilu", 14, {Value(x), Value(Tensor::scalar<int64_t>(test_context(), -1))},
                         {attr_i("upper", 0)})) == std::vector<float>{0, 0, 0, 3, 0, 0, 6, 7, 0});
  CHECK(vals<float>(run1("Trilu", 14, {Value(iota_f({2, 2, 2}))})) == std::vector<float>{0, 1, 0, 3, 4, 5, 0, 7});
  CHECK(vals<float>(run1("Trilu", 14, {Value(x), Value(Tensor::scalar<int64_t>(test_context(), -7))})) ==
        vals<float>(x));
  CHECK(run1("Trilu", 14, {Value(iota_f({0, 3}))}).shape() == Shape{0, 3});
  CHECK(clause_of([] { (void)run1("Trilu", 14, {Value(iota_f({3}))}); }) == "SH25");
}

TEST_CASE("[SH31] a blocksize whose square overflows int64 is an evaluation error, not a signal") {
  const Tensor x = Tensor::from_vector<float>(test_context(), {1, 4, 2, 2}, std::vector<float>(16, 1.0f));
  const int64_t huge = int64_t{1} << 62;
  CHECK(clause_of([&] { (void)run1("DepthToSpace", 13, {Value(x)}, {attr_i("blocksize", huge)}); }) == "SH31");
  CHECK(clause_of([&] { (void)run1("SpaceToDepth", 13, {Value(x)}, {attr_i("blocksize", huge)}); }) == "SH31");
}

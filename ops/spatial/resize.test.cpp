// Tests of Resize and Upsample (spec/ops-spatial.md, SP1-SP19, SP37-SP39). Expected values are derived by
// hand from the clauses; the derivations are in the comments.
#include "ops/spatial/test_util.hpp"
#include "runtime/parallel.hpp"

#include <algorithm>
#include <cstring>

using namespace sptest;

namespace {
// Resize-11+ with X and either scales or sizes (the other absent) and optional roi.
std::vector<std::optional<Value>> resize(int64_t version, std::vector<Attribute> attrs, Tensor x,
                                         std::optional<Tensor> scales, std::optional<Tensor> sizes = std::nullopt,
                                         std::optional<Tensor> roi = std::nullopt) {
  std::vector<std::optional<Value>> in(4);
  in[0].emplace(std::move(x));
  for (auto [k, t] : {std::pair{1, &roi}, std::pair{2, &scales}, std::pair{3, &sizes}})
    if (t->has_value()) in[static_cast<size_t>(k)].emplace(**t);
  return run(make_node("Resize", std::move(attrs)), version, std::move(in));
}
}  // namespace

TEST_CASE("[SP1] Resize refuses modes the version does not define") {
  const Tensor x = tf({1, 4}, {1, 2, 3, 4});
  CHECK(clause_of([&] { resize(13, {attr_s("mode", "area")}, x, tf1({1, 2})); }) == "SP1");
  CHECK(clause_of([&] { resize(10, {}, x, std::nullopt); }) == "A2");
  // tf_half_pixel_for_nn exists only in Resize-11; half_pixel_symmetric only from Resize-19.
  CHECK(clause_of([&] {
          resize(13, {attr_s("coordinate_transformation_mode", "tf_half_pixel_for_nn")}, x, tf1({1, 2}));
        }) == "SP1");
  CHECK(clause_of([&] {
          resize(18, {attr_s("coordinate_transformation_mode", "half_pixel_symmetric")}, x, tf1({1, 2}));
        }) == "SP1");
  CHECK(clause_of([&] { resize(13, {attr_s("nearest_mode", "round")}, x, tf1({1, 2})); }) == "SP1");
  CHECK(clause_of([&] { resize(18, {attr_s("keep_aspect_ratio_policy", "fit")}, x, tf1({1, 2})); }) == "SP1");
  // Resize-10 has no cubic mode.
  CHECK(clause_of([&] {
          run(make_node("Resize", {attr_s("mode", "cubic")}), 10, {Value(x), Value(tf1({1, 2}))});
        }) == "SP1");
}

TEST_CASE("[SP2] Resize needs exactly one of scales and sizes, one entry per resized axis") {
  const Tensor x = tf({1, 4}, {1, 2, 3, 4});
  CHECK(clause_of([&] { resize(13, {}, x, tf1({1, 2}), ti1({1, 8})); }) == "SP2");
  CHECK(clause_of([&] { resize(13, {}, x, std::nullopt, std::nullopt); }) == "SP2");
  // An empty scales tensor counts as absent (Resize-11 passes one together with sizes).
  auto y = resize(11, {}, x, tf({0}, {}), ti1({1, 2}));
  CHECK(shape_of(y[0]) == Shape{1, 2});
  CHECK(clause_of([&] { resize(13, {}, x, tf1({2})); }) == "SP2");
  CHECK(clause_of([&] { resize(13, {}, x, tf1({1, 0})); }) == "SP2");
  CHECK(clause_of([&] { resize(13, {}, x, tf1({1, NAN})); }) == "SP2");
  CHECK(clause_of([&] { resize(13, {}, x, std::nullopt, ti1({1, -1})); }) == "SP2");
  CHECK(clause_of([&] { resize(18, {attr_is("axes", {1, -1})}, x, tf1({2, 2})); }) == "SP2");
  CHECK(clause_of([&] { resize(18, {attr_is("axes", {2})}, x, tf1({2})); }) == "X1");
}

TEST_CASE("[SP3] the output extent is floor(in * scale)") {
  // 3 * 1.5 = 4.5 -> 4; 4 * 0.6 = 2.4 -> 2; 4 * 0.2 = 0.8 -> 0 (an empty output).
  CHECK(shape_of(resize(13, {}, tf({1, 3}, {1, 2, 3}), tf1({1, 1.5f}))[0]) == Shape{1, 4});
  CHECK(shape_of(resize(13, {}, tf({1, 4}, {1, 2, 3, 4}), tf1({1, 0.6f}))[0]) == Shape{1, 2});
  CHECK(shape_of(resize(13, {}, tf({1, 4}, {1, 2, 3, 4}), tf1({1, 0.2f}))[0]) == Shape{1, 0});
  // An empty input axis stays empty.
  CHECK(shape_of(resize(13, {}, tf({0, 2}, {}), tf1({2, 2}))[0]) == Shape{0, 4});
}

TEST_CASE("[SP4] keep_aspect_ratio_policy shares one scale and rounds extents half up") {
  const Tensor x = tf({3, 4}, std::vector<float>(12, 1.0f));
  // Scales 2/3 and 1: not_larger uses 2/3 -> extents floor(2 + 0.5) = 2 and floor(8/3 + 0.5) = 3.
  CHECK(shape_of(resize(18, {attr_s("keep_aspect_ratio_policy", "not_larger")}, x, std::nullopt, ti1({2, 4}))[0]) ==
        Shape{2, 3});
  // not_smaller uses 1 -> the input extents.
  CHECK(shape_of(resize(18, {attr_s("keep_aspect_ratio_policy", "not_smaller")}, x, std::nullopt, ti1({2, 4}))[0]) ==
        Shape{3, 4});
  // stretch takes the sizes as they are.
  CHECK(shape_of(resize(18, {}, x, std::nullopt, ti1({2, 4}))[0]) == Shape{2, 4});
  // With axes, only the listed axes take part: scale min(8/4) = 2 on axis 1 alone.
  CHECK(shape_of(resize(18, {attr_s("keep_aspect_ratio_policy", "not_larger"), attr_is("axes", {1})}, x, std::nullopt,
                        ti1({8}))[0]) == Shape{3, 8});
}

TEST_CASE("[SP5] [SP19] linear half_pixel upsampling of a 2x2 image") {
  // Along each axis x' = (x + 0.5) / 2 - 0.5 = -0.25, 0.25, 0.75, 1.25: weights on the pairs of neighbours
  // (edge-clamped) give rows [1, 1.25, 1.75, 2] and [3, 3.25, 3.75, 4], mixed vertically the same way.
  auto y = resize(13, {attr_s("mode", "linear")}, tf({1, 1, 2, 2}, {1, 2, 3, 4}), tf1({1, 1, 2, 2}));
  CHECK(shape_of(y[0]) == Shape{1, 1, 4, 4});
  check_close(vals(y[0]), {1, 1.25, 1.75, 2, 1.5, 1.75, 2.25, 2.5, 2.5, 2.75, 3.25, 3.5, 3, 3.25, 3.75, 4});
}

TEST_CASE("[SP6] half_pixel_symmetric shifts the sampling points to the centre") {
  // in 4, scale 0.6: out 2, adjustment 2 / 2.4, offset 2 * (1 - 2 / 2.4) = 1/3;
  // x' = 1/3 + 0.5 / 0.6 - 0.5 = 2/3 and 1/3 + 1.5 / 0.6 - 0.5 = 7/3 -> values 1 + x'.
  auto y = resize(19, {attr_s("mode", "linear"), attr_s("coordinate_transformation_mode", "half_pixel_symmetric")},
                  tf({1, 4}, {1, 2, 3, 4}), tf1({1, 0.6f}));
  // The float scale 0.6f is slightly above 0.6; the error it brings is far below the tolerance.
  check_close(vals(y[0]), {1 + 2.0 / 3, 1 + 7.0 / 3}, 1e-6);
}

TEST_CASE("[SP7] [SP15] pytorch_half_pixel maps a single output position to coordinate 0") {
  const Tensor x = tf({1, 4}, {1, 2, 3, 4});
  // Cubic at x' = 0 (an integer: f = -1, t = 1) reads index 0 with weight K(0) = 1.
  auto y = resize(13, {attr_s("mode", "cubic"), attr_s("coordinate_transformation_mode", "pytorch_half_pixel")}, x,
                  std::nullopt, ti1({1, 1}));
  check_close(vals(y[0]), {1});
  // half_pixel maps it to x' = 0.5 * 4 - 0.5 = 1.5: weights K(1.5) = -0.09375, K(0.5) = 0.59375 on indices
  // 0..3 give -0.09375 + 1.1875 + 1.78125 - 0.375 = 2.5.
  auto h = resize(13, {attr_s("mode", "cubic")}, x, std::nullopt, ti1({1, 1}));
  check_close(vals(h[0]), {2.5});
}

TEST_CASE("[SP8] align_corners keeps the end points") {
  // in 2, out 3: x' = x * 1 / 2 = 0, 0.5, 1.
  auto y = resize(13, {attr_s("mode", "linear"), attr_s("coordinate_transformation_mode", "align_corners")},
                  tf({1, 2}, {1, 3}), std::nullopt, ti1({1, 3}));
  check_close(vals(y[0]), {1, 2, 3});
  // A single output position maps to 0.
  auto one = resize(13, {attr_s("mode", "linear"), attr_s("coordinate_transformation_mode", "align_corners")},
                    tf({1, 2}, {1, 3}), std::nullopt, ti1({1, 1}));
  check_close(vals(one[0]), {1});
  // With scales the resized length is the real s * in: in 4, scale 0.6 -> out 2 but L = 2.4, so
  // x = 1 maps to 3 / 1.4 = 2.142857 (not 3).
  auto real = resize(13, {attr_s("mode", "linear"), attr_s("coordinate_transformation_mode", "align_corners")},
                     tf({1, 4}, {1, 2, 3, 4}), tf1({1, 0.6f}));
  check_close(vals(real[0]), {1, 1 + 3 / 1.4}, 1e-6);
}

TEST_CASE("[SP9] [SP18] [SP38] tf_crop_and_resize samples the roi window and extrapolates outside it") {
  const std::vector<Attribute> at{attr_s("mode", "linear"),
                                  attr_s("coordinate_transformation_mode", "tf_crop_and_resize"),
                                  attr_f("extrapolation_value", 10.0f)};
  const Tensor x = tf({1, 5}, {0, 1, 2, 3, 4});
  // Window [0.5, 1.5] on axis 1 (axis 0 keeps [0, 1]): x' = 0.5 * 4 + x * 1 * 4 / 2 = 2, 4, 6; 6 > 4 is outside.
  auto y = resize(13, at, x, std::nullopt, ti1({1, 3}), tf1({0, 0.5f, 1, 1.5f}));
  check_close(vals(y[0]), {2, 4, 10});
  // One output position: x' = (0.5 + 1.5) / 2 * 4 = 4.
  auto one = resize(13, at, x, std::nullopt, ti1({1, 1}), tf1({0, 0.5f, 1, 1.5f}));
  check_close(vals(one[0]), {4});
  // Nearest extrapolates too, and integer types receive the rounded extrapolation value.
  std::vector<Attribute> nat{attr_s("coordinate_transformation_mode", "tf_crop_and_resize"),
                             attr_f("extrapolation_value", -3.0f)};
  auto yi = resize(13, nat, ti({1, 5}, {0, 1, 2, 3, 4}), std::nullopt, ti1({1, 3}), tf1({0, 0.5f, 1, 1.5f}));
  CHECK(vals<int64_t>(yi[0]) == std::vector<int64_t>{2, 4, -3});
  // With axes, the roi lists only the resized axes.
  auto ya = resize(18, {at[0], at[1], at[2], attr_is("axes", {1})}, x, std::nullopt, ti1({3}), tf1({0.5f, 1.5f}));
  check_close(vals(ya[0]), {2, 4, 10});
  CHECK(clause_of([&] { resize(13, at, x, std::nullopt, ti1({1, 3})); }) == "SP38");
  CHECK(clause_of([&] { resize(13, at, x, std::nullopt, ti1({1, 3}), tf1({0, 1})); }) == "SP38");
}

TEST_CASE("[SP10] [SP12] [SP14] nearest_mode with asymmetric coordinates") {
  const Tensor x = tf({1, 2}, {1, 2});
  // scale 4: x' = 0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75; index 2 is clamped to 1.
  auto mode = [&](const std::string& m) {
    return vals(resize(13, {attr_s("coordinate_transformation_mode", "asymmetric"), attr_s("nearest_mode", m)}, x,
                       tf1({1, 4}))[0]);
  };
  CHECK(mode("round_prefer_floor") == std::vector<float>{1, 1, 1, 2, 2, 2, 2, 2});
  CHECK(mode("round_prefer_ceil") == std::vector<float>{1, 1, 2, 2, 2, 2, 2, 2});
  CHECK(mode("floor") == std::vector<float>{1, 1, 1, 1, 2, 2, 2, 2});
  CHECK(mode("ceil") == std::vector<float>{1, 2, 2, 2, 2, 2, 2, 2});
}

TEST_CASE("[SP11] tf_half_pixel_for_nn in Resize-11") {
  // scale 0.5: x' = (x + 0.5) / 0.5 = 1, 3 -> elements 2 and 4 (asymmetric would give 1 and 3).
  const Tensor x = tf({1, 4}, {1, 2, 3, 4});
  auto y = resize(11, {attr_s("coordinate_transformation_mode", "tf_half_pixel_for_nn")}, x, tf1({1, 0.5f}));
  CHECK(vals(y[0]) == std::vector<float>{2, 4});
  auto a = resize(11, {attr_s("coordinate_transformation_mode", "asymmetric")}, x, tf1({1, 0.5f}));
  CHECK(vals(a[0]) == std::vector<float>{1, 3});
}

TEST_CASE("[SP13] [SP37] Resize-10 nearest: floor when enlarging, ceil when shrinking") {
  auto r10 = [](Tensor x, std::vector<float> s) {
    return run(make_node("Resize"), 10, {Value(std::move(x)), Value(tf1(std::move(s)))});
  };
  // scale 0.6 on 4: x' = 0, 1/0.6 = 1.67 -> ceil 2: elements 1 and 3.
  CHECK(vals(r10(tf({1, 4}, {1, 2, 3, 4}), {1, 0.6f})[0]) == std::vector<float>{1, 3});
  // scale 3: x' = x / 3 -> floor repeats each element three times.
  CHECK(vals(r10(tf({1, 2}, {1, 2}), {1, 3})[0]) == std::vector<float>{1, 1, 1, 2, 2, 2});
  CHECK(clause_of([&] { r10(tf({1, 2}, {1, 2}), {3}); }) == "SP37");
  CHECK(clause_of([&] { r10(tf({1, 2}, {1, 2}), {1, -1}); }) == "SP37");
}

TEST_CASE("[SP37] [SP13] Upsample repeats with nearest and interpolates asymmetrically with linear") {
  auto y7 = run(make_node("Upsample", {attr_fs("scales", {1, 2})}), 7, {Value(tf({1, 2}, {1, 2}))});
  CHECK(vals(y7[0]) == std::vector<float>{1, 1, 2, 2});
  // linear, scale 2: x' = 0, 0.5, 1, 1.5 with the last pair clamped: 1, 2, 3, 3.
  auto y9 = run(make_node("Upsample", {attr_s("mode", "linear")}), 9, {Value(tf({1, 2}, {1, 3})), Value(tf1({1, 2}))});
  check_close(vals(y9[0]), {1, 2, 3, 3});
  CHECK(clause_of([&] {
          run(make_node("Upsample", {attr_fs("scales", {1, 0.5f})}), 7, {Value(tf({1, 2}, {1, 2}))});
        }) == "SP37");
  CHECK(clause_of([&] { run(make_node("Upsample"), 7, {Value(tf({1, 2}, {1, 2}))}); }) == "A1");
  CHECK(clause_of([&] {
          run(make_node("Upsample"), 10, {Value(tf({1, 2}, {1, 2})), Value(tf1({1, 0.5f}))});
        }) == "SP37");
}

TEST_CASE("[SP15] [SP16] [SP17] cubic with and without exclude_outside") {
  const Tensor x = tf({1, 4}, {1, 2, 3, 4});
  // asymmetric, scale 2: x = 1 maps to 0.5; taps -1..2 with weights -0.09375, 0.59375, 0.59375, -0.09375.
  // Tap -1 reads index 0: -0.09375 + 0.59375 + 1.1875 - 0.28125 = 1.40625.
  auto y = resize(13, {attr_s("mode", "cubic"), attr_s("coordinate_transformation_mode", "asymmetric")}, x,
                  tf1({1, 2}));
  CHECK(vals(y[0])[0] == 1.0f);
  CHECK(vals(y[0])[1] == doctest::Approx(1.40625));
  // exclude_outside drops tap -1 and divides by 1.09375: 1.5 / 1.09375.
  auto e = resize(13,
                  {attr_s("mode", "cubic"), attr_s("coordinate_transformation_mode", "asymmetric"),
                   attr_i("exclude_outside", 1)},
                  x, tf1({1, 2}));
  CHECK(vals(e[0])[1] == doctest::Approx(1.5 / 1.09375));
  // cubic_coeff_a changes the kernel: with a = -0.5, K(0.5) = 0.5625 and K(1.5) = -0.0625, so
  // -0.0625 + 0.5625 + 1.125 - 0.1875 = 1.4375.
  auto a = resize(13,
                  {attr_s("mode", "cubic"), attr_s("coordinate_transformation_mode", "asymmetric"),
                   attr_f("cubic_coeff_a", -0.5f)},
                  x, tf1({1, 2}));
  CHECK(vals(a[0])[1] == doctest::Approx(1.4375));
}

TEST_CASE("[SP15] [SP17] antialias widens the linear kernel when shrinking") {
  // half_pixel, in 4 -> out 2 (scale 0.5): x' = 0.5 and 2.5; k = 0.5, taps i = -1..2 with tent weights
  // 0.25, 0.75, 0.75, 0.25 normalised to 0.125, 0.375, 0.375, 0.125.
  // x' = 0.5: indices -1(->0), 0, 1, 2: 0.125 + 0.375 + 0.75 + 0.375 = 1.625.
  // x' = 2.5: indices 1, 2, 3, 4(->3): 0.25 + 1.125 + 1.5 + 0.5 = 3.375.
  auto y = resize(18, {attr_s("mode", "linear"), attr_i("antialias", 1)}, tf({1, 4}, {1, 2, 3, 4}), std::nullopt,
                  ti1({1, 2}));
  check_close(vals(y[0]), {1.625, 3.375});
  // Without antialias the taps are the two neighbours: 1.5 and 3.5.
  auto n = resize(18, {attr_s("mode", "linear")}, tf({1, 4}, {1, 2, 3, 4}), std::nullopt, ti1({1, 2}));
  check_close(vals(n[0]), {1.5, 3.5});
  // When enlarging, antialias changes nothing (k = 1).
  auto up = resize(18, {attr_s("mode", "linear"), attr_i("antialias", 1)}, tf({1, 2}, {1, 3}), tf1({1, 2}));
  check_close(vals(up[0]), {1, 1.5, 2.5, 3});
}

TEST_CASE("[SP19] nearest copies elements exactly, for any numeric type") {
  const int64_t big = (int64_t{1} << 53) + 1;  // not representable in binary64
  auto y = resize(13, {}, ti({1, 2}, {big, -big}), tf1({1, 2}));
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{big, big, -big, -big});
  auto b = resize(13, {}, Tensor::from_vector<bool>(test_context(), {2}, {true, false}), tf1({2}));
  CHECK(vals<bool>(b[0]) == std::vector<bool>{true, true, false, false});
}

TEST_CASE("[SP39] interpolated integer results round to nearest even and saturate") {
  // int8 [0, 1], linear asymmetric scale 4: 0, 0.25, 0.5, 0.75, then 1 (clamped pairs): 0, 0, 0, 1, 1, ...
  auto y = resize(13, {attr_s("mode", "linear"), attr_s("coordinate_transformation_mode", "asymmetric")},
                  Tensor::from_vector<int8_t>(test_context(), {2}, {0, 1}), tf1({4}));
  CHECK(vals<int8_t>(y[0]) == std::vector<int8_t>{0, 0, 0, 1, 1, 1, 1, 1});
  // Cubic overshoot below -128: at x' = 1.25 over [-128, -128, -128, 127] the value is
  // -128 + 255 * K(1.75) = -128 - 8.96 -> saturates to -128. At x' = 2.75 (no overshoot) the
  // taps 1..4 (4 -> 3) with weights K(1.75), K(0.75), K(0.25), K(1.25): -128 * (K(1.75) + K(0.75)) +
  // 127 * (K(0.25) + K(1.25)) = -128 * 0.2265625 + 127 * 0.7734375 = 69.2265625 -> 69.
  auto c = resize(13, {attr_s("mode", "cubic"), attr_s("coordinate_transformation_mode", "asymmetric")},
                  Tensor::from_vector<int8_t>(test_context(), {4}, {-128, -128, -128, 127}), tf1({4}));
  const auto v = vals<int8_t>(c[0]);
  CHECK(v[5] == -128);
  CHECK(v[11] == 69);
}

TEST_CASE("[SP19] linear interpolation of float16 rounds once") {
  auto y = resize(13, {attr_s("mode", "linear"), attr_s("coordinate_transformation_mode", "align_corners")},
                  Tensor::from_vector<float16_t>(test_context(), {2}, {num::to_float16(0.0), num::to_float16(1.0)}),
                  std::nullopt, ti1({5}));
  const auto v = vals<float16_t>(y[0]);
  REQUIRE(v.size() == 5);
  CHECK(num::to_double(v[1]) == 0.25);
  CHECK(num::to_double(v[2]) == 0.5);
}

TEST_CASE("[SP19] Resize gives the same bits on 1, 2 and 3 threads; nearest by 2 repeats each element") {
  // 2 x 3 x 40 x 56 elements, enough to be shared among threads (E9), in the nearest, linear and cubic modes
  // and with tf_crop_and_resize extrapolating part of the output.
  const Shape s{2, 3, 40, 56};
  std::vector<float> x(static_cast<size_t>(element_count(s)));
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(static_cast<double>(i * 7919 % 1013) / 7.0 - 60.0);
  const Tensor xt = tf(s, x);
  // Nearest, asymmetric, floor, scale 2: y[n, c, i, j] = x[n, c, i / 2, j / 2] (SP10, SP12).
  std::vector<float> twice;
  for (int64_t nc = 0; nc < 6; ++nc)
    for (int64_t i = 0; i < 80; ++i)
      for (int64_t j = 0; j < 112; ++j) twice.push_back(x[static_cast<size_t>((nc * 40 + i / 2) * 56 + j / 2)]);
  const std::vector<std::vector<Attribute>> modes{{attr_s("mode", "linear")},
                                                  {attr_s("mode", "cubic")},
                                                  {attr_s("mode", "linear"),
                                                   attr_s("coordinate_transformation_mode", "tf_crop_and_resize"),
                                                   attr_f("extrapolation_value", 7.0f)}};
  std::vector<std::vector<float>> one_thread(modes.size());
  for (int t : {1, 2, 3}) {
    CAPTURE(t);
    Threads threads(t);
    auto y = resize(13, {attr_s("coordinate_transformation_mode", "asymmetric"), attr_s("nearest_mode", "floor")}, xt,
                    tf1({1, 1, 2, 2}));
    CHECK(vals(y[0]) == twice);
    for (size_t m = 0; m < modes.size(); ++m) {
      CAPTURE(m);
      const bool crop = modes[m].size() > 1;
      const Tensor roi = tf1({0, 0, -0.2f, 0.1f, 1, 1, 0.9f, 1.3f});
      auto ym = crop ? resize(13, modes[m], xt, std::nullopt, ti1({2, 3, 61, 83}), roi)
                     : resize(13, modes[m], xt, tf1({1, 1, 1.5f, 1.5f}));
      const std::vector<float> got = vals(ym[0]);
      if (t == 1) one_thread[m] = got;
      REQUIRE(got.size() == one_thread[m].size());
      CHECK(std::memcmp(got.data(), one_thread[m].data(), got.size() * sizeof(float)) == 0);
      if (crop) CHECK(std::count(got.begin(), got.end(), 7.0f) > 0);
    }
  }
}

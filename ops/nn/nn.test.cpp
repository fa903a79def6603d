// Window geometry shared by convolution and pooling (spec/ops-nn.md, NN1-NN6).
#include "ops/nn/test_util.hpp"
#include "ops/nn/window.hpp"

using namespace nntest;
using onnxsem::ops::nn::window_geometry;
using onnxsem::ops::nn::window_table;
using onnxsem::ops::nn::WindowAttrs;

namespace {
const WindowAttrs all{.dilations = true, .ceil_mode = true};
}

TEST_CASE("[NN1] pooling and convolution need an (N, C, D1, ...) input") {
  Node n = make_node("MaxPool", {attr_is("kernel_shape", {1})});
  CHECK(clause_of([&] { run(n, 12, {Value(tf({2, 2}, {1, 2, 3, 4}))}); }) == "NN1");
  Node c = make_node("Conv");
  CHECK(clause_of([&] { run(c, 11, {Value(tf({4}, {1, 2, 3, 4})), Value(tf({1}, {1}))}); }) == "NN1");
}

TEST_CASE("[NN2] window attributes have one entry per spatial axis and positive values") {
  CHECK(clause_of([&] {
          (void)window_geometry(make_node("X", {attr_is("strides", {1, 1})}), {5}, {2}, all, "X");
        }) == "NN2");
  CHECK(clause_of([&] { (void)window_geometry(make_node("X", {attr_is("strides", {0})}), {5}, {2}, all, "X"); }) ==
        "NN2");
  CHECK(clause_of([&] { (void)window_geometry(make_node("X", {attr_is("dilations", {0})}), {5}, {2}, all, "X"); }) ==
        "NN2");
  CHECK(clause_of([&] { (void)window_geometry(make_node("X", {attr_is("pads", {1})}), {5}, {2}, all, "X"); }) == "NN2");
  CHECK(clause_of([&] {
          (void)window_geometry(make_node("X", {attr_is("pads", {-1, 0})}), {5}, {2}, all, "X");
        }) == "NN2");
  CHECK(clause_of([&] { (void)window_geometry(make_node("X"), {5}, {0}, all, "X"); }) == "NN2");
  CHECK(clause_of([&] { (void)window_geometry(make_node("X"), {5, 5}, {2}, all, "X"); }) == "NN2");
}

TEST_CASE("[NN3] explicit padding: floor((in + pads - span) / stride) + 1 windows") {
  auto g = window_geometry(make_node("X", {attr_is("strides", {2})}), {5}, {2}, all, "X");
  CHECK(g.out == Shape{2});  // floor(3/2) + 1
  g = window_geometry(make_node("X", {attr_is("strides", {2}), attr_is("pads", {1, 1})}), {5}, {2}, all, "X");
  CHECK(g.out == Shape{3});  // floor(5/2) + 1
  CHECK(g.pad_begin == Shape{1});
  g = window_geometry(make_node("X", {attr_is("dilations", {2})}), {7}, {3}, all, "X");
  CHECK(g.out == Shape{3});  // span 5
  g = window_geometry(make_node("X", {attr_is("pads", {0, 1, 2, 0})}), {3, 4}, {2, 2}, all, "X");
  CHECK(g.out == Shape{4, 4});
  CHECK(clause_of([&] { (void)window_geometry(make_node("X"), {2}, {3}, all, "X"); }) == "NN3");
  // dilations are not read by versions that do not have the attribute
  g = window_geometry(make_node("X", {attr_is("dilations", {2})}), {7}, {3}, WindowAttrs{}, "X");
  CHECK(g.out == Shape{5});
}

TEST_CASE("[NN4] ceil mode adds a partial window unless it would start in the end padding") {
  auto ceil = [](std::vector<Attribute> at) {
    at.push_back(attr_i("ceil_mode", 1));
    return make_node("X", at);
  };
  CHECK(window_geometry(ceil({attr_is("strides", {2})}), {5}, {2}, all, "X").out == Shape{3});
  CHECK(window_geometry(ceil({attr_is("strides", {2})}), {6}, {2}, all, "X").out == Shape{3});
  // in 2, k 1, s 2: ceil(1/2) + 1 = 2, but window 1 would start at 2 = in + pad_begin
  CHECK(window_geometry(ceil({attr_is("strides", {2})}), {2}, {1}, all, "X").out == Shape{1});
  CHECK(window_geometry(ceil({attr_is("strides", {2}), attr_is("pads", {1, 0})}), {2}, {1}, all, "X").out == Shape{2});
  // without the attribute in the version, ceil_mode is not read
  CHECK(window_geometry(ceil({attr_is("strides", {2})}), {5}, {2}, WindowAttrs{}, "X").out == Shape{2});
}

TEST_CASE("[NN5] auto_pad SAME_UPPER, SAME_LOWER and VALID") {
  auto g = window_geometry(make_node("X", {attr_s("auto_pad", "SAME_UPPER"), attr_is("strides", {2})}), {5}, {3}, all,
                           "X");
  CHECK(g.out == Shape{3});
  CHECK(g.pad_begin == Shape{1});
  CHECK(g.pad_end == Shape{1});
  g = window_geometry(make_node("X", {attr_s("auto_pad", "SAME_UPPER"), attr_is("strides", {2})}), {4}, {3}, all, "X");
  CHECK(g.out == Shape{2});
  CHECK(g.pad_begin == Shape{0});
  CHECK(g.pad_end == Shape{1});
  g = window_geometry(make_node("X", {attr_s("auto_pad", "SAME_LOWER"), attr_is("strides", {2})}), {4}, {3}, all, "X");
  CHECK(g.pad_begin == Shape{1});
  CHECK(g.pad_end == Shape{0});
  // a stride larger than the window needs no padding (never negative)
  g = window_geometry(make_node("X", {attr_s("auto_pad", "SAME_UPPER"), attr_is("strides", {3})}), {5}, {1}, all, "X");
  CHECK(g.out == Shape{2});
  CHECK(g.pad_begin == Shape{0});
  CHECK(g.pad_end == Shape{0});
  g = window_geometry(make_node("X", {attr_s("auto_pad", "VALID"), attr_is("strides", {2})}), {5}, {3}, all, "X");
  CHECK(g.out == Shape{2});
  // ceil_mode does not change the automatic sizes
  g = window_geometry(make_node("X", {attr_s("auto_pad", "VALID"), attr_i("ceil_mode", 1), attr_is("strides", {2})}),
                      {6}, {3}, all, "X");
  CHECK(g.out == Shape{2});
  CHECK(clause_of([&] { (void)window_geometry(make_node("X", {attr_s("auto_pad", "SAME")}), {5}, {3}, all, "X"); }) ==
        "NN5");
  CHECK(clause_of([&] {
          (void)window_geometry(make_node("X", {attr_s("auto_pad", "VALID"), attr_is("pads", {1, 0})}), {5}, {3}, all,
                                "X");
        }) == "NN5");
  g = window_geometry(make_node("X", {attr_s("auto_pad", "VALID"), attr_is("pads", {0, 0})}), {5}, {3}, all, "X");
  CHECK(g.out == Shape{3});
}

TEST_CASE("[NN6] window taps: input elements hit and taps inside the padded extent") {
  auto g = window_geometry(make_node("X", {attr_is("pads", {1, 1})}), {4}, {3}, all, "X");
  REQUIRE(g.out == Shape{4});
  auto t = window_table(test_context(), g);
  REQUIRE(t.begin.size() == 5);
  CHECK(std::vector<int64_t>(t.offsets.begin() + t.begin[0], t.offsets.begin() + t.begin[1]) ==
        std::vector<int64_t>{0, 1});
  CHECK(std::vector<int64_t>(t.offsets.begin() + t.begin[3], t.offsets.begin() + t.begin[4]) ==
        std::vector<int64_t>{2, 3});
  CHECK(t.padded_count == std::vector<int64_t>{3, 3, 3, 3});
  // 2-D, stride 2, ceil: the last window runs past the end padding
  g = window_geometry(make_node("X", {attr_is("strides", {2, 2}), attr_i("ceil_mode", 1)}), {3, 3}, {2, 2}, all, "X");
  REQUIRE(g.out == Shape{2, 2});
  t = window_table(test_context(), g);
  CHECK(std::vector<int64_t>(t.offsets.begin() + t.begin[0], t.offsets.begin() + t.begin[1]) ==
        std::vector<int64_t>{0, 1, 3, 4});
  CHECK(std::vector<int64_t>(t.offsets.begin() + t.begin[3], t.offsets.begin() + t.begin[4]) ==
        std::vector<int64_t>{8});
  CHECK(t.padded_count == std::vector<int64_t>{4, 2, 2, 1});
}

// The table of every window, tap by tap as NN6 states it: for each output position (row-major) and each tap
// (row-major), the input position along every axis; the tap's offset is recorded when every position lies in
// the input, and counted as padded when every one lies in the padded extent.
TEST_CASE("[NN6] window tables against the taps enumerated one by one, ranks 1 to 3") {
  using onnxsem::ops::nn::WindowGeometry;
  uint32_t r = 12345;
  auto draw = [&r](int64_t lo, int64_t hi) {
    r = r * 1664525u + 1013904223u;
    return lo + static_cast<int64_t>((r >> 8) % static_cast<uint32_t>(hi - lo + 1));
  };
  int checked = 0;
  for (int round = 0; round < 400; ++round) {
    WindowGeometry g;
    const auto rank = static_cast<size_t>(draw(1, 3));
    for (size_t d = 0; d < rank; ++d) {
      g.in.push_back(draw(1, 7));
      g.kernel.push_back(draw(1, 4));
      g.strides.push_back(draw(1, 3));
      g.dilations.push_back(draw(1, 2));
      g.pad_begin.push_back(draw(0, 2));
      g.pad_end.push_back(draw(0, 2));
      const int64_t room = g.in[d] + g.pad_begin[d] + g.pad_end[d] - g.span(d);
      // Sometimes one window more than fit (as ceil_mode makes), whose last taps run past the padding.
      g.out.push_back(room < 0 ? draw(0, 1) : room / g.strides[d] + 1 + draw(0, 1));
    }
    CAPTURE(g.in);
    CAPTURE(g.kernel);
    CAPTURE(g.strides);
    CAPTURE(g.dilations);
    CAPTURE(g.pad_begin);
    CAPTURE(g.pad_end);
    CAPTURE(g.out);
    std::vector<int64_t> begin{0}, offsets, padded;
    const int64_t windows = g.out_count(), taps = g.kernel_count();
    for (int64_t w = 0; w < windows; ++w) {
      int64_t count = 0;
      for (int64_t k = 0; k < taps; ++k) {
        bool inside = true, in_padded = true;
        int64_t offset = 0;
        for (int64_t d = static_cast<int64_t>(rank) - 1, wr = w, kr = k, stride = 1; d >= 0; --d) {
          const auto ud = static_cast<size_t>(d);
          const int64_t q = g.tap(ud, wr % g.out[ud], kr % g.kernel[ud]);
          wr /= g.out[ud];
          kr /= g.kernel[ud];
          inside = inside && q >= 0 && q < g.in[ud];
          in_padded = in_padded && q >= -g.pad_begin[ud] && q < g.in[ud] + g.pad_end[ud];
          offset += q * stride;
          stride *= g.in[ud];
        }
        if (inside) offsets.push_back(offset);
        count += in_padded ? 1 : 0;
      }
      begin.push_back(static_cast<int64_t>(offsets.size()));
      padded.push_back(count);
    }
    const auto t = window_table(test_context(), g);
    CHECK(t.begin == begin);
    CHECK(t.offsets == offsets);
    CHECK(t.padded_count == padded);
    checked += windows > 0 ? 1 : 0;
  }
  CHECK(checked > 300);
}

// Pooling (spec/ops-nn.md, NN20-NN25).
#include <cstring>
#include <limits>
#include <random>

#include "ops/nn/test_util.hpp"

using namespace nntest;

namespace {
const float qnan = std::numeric_limits<float>::quiet_NaN();

// Whether every output of two planes of OH x OW has the bits want(plane, row, column) gives.
template <class Want>
bool every_output(const std::vector<float>& got, int64_t OH, int64_t OW, Want want) {
  for (int64_t c = 0; c < 2; ++c)
    for (int64_t oy = 0; oy < OH; ++oy)
      for (int64_t ox = 0; ox < OW; ++ox) {
        const float w = want(c, oy, ox), g = got[static_cast<size_t>((c * OH + oy) * OW + ox)];
        if (std::memcmp(&g, &w, sizeof g) != 0) return false;
      }
  return true;
}
}  // namespace

TEST_CASE("[NN20] [NN21] MaxPool values and indices, row- and column-major") {
  std::vector<float> v;
  for (int i = 1; i <= 16; ++i) v.push_back(float(i));
  Tensor x = tf({1, 1, 4, 4}, v);
  Node n = make_node("MaxPool", {attr_is("kernel_shape", {2, 2}), attr_is("strides", {2, 2})});
  auto y = run(n, 12, {Value(x)}, 2);
  CHECK(shape_of(y[0]) == Shape{1, 1, 2, 2});
  CHECK(vals(y[0]) == std::vector<float>{6, 8, 14, 16});
  CHECK(vals<int64_t>(y[1]) == std::vector<int64_t>{5, 7, 13, 15});
  Node cm = make_node("MaxPool",
                      {attr_is("kernel_shape", {2, 2}), attr_is("strides", {2, 2}), attr_i("storage_order", 1)});
  y = run(cm, 8, {Value(x)}, 2);
  CHECK(vals<int64_t>(y[1]) == std::vector<int64_t>{5, 13, 7, 15});
  // the (n, c) offset is part of the index
  y = run(make_node("MaxPool", {attr_is("kernel_shape", {2, 2})}), 10,
          {Value(tf({1, 2, 2, 2}, {1, 2, 3, 4, 8, 7, 6, 5}))}, 2);
  CHECK(vals(y[0]) == std::vector<float>{4, 8});
  CHECK(vals<int64_t>(y[1]) == std::vector<int64_t>{3, 4});
  // MaxPool-1 has a single output
  y = run(make_node("MaxPool", {attr_is("kernel_shape", {2})}), 1, {Value(tf({1, 1, 3}, {3, 1, 2}))});
  CHECK(vals(y[0]) == std::vector<float>{3, 2});
  CHECK(clause_of([&] {
          run(cm = make_node("MaxPool", {attr_is("kernel_shape", {2}), attr_i("storage_order", 2)}), 12,
              {Value(tf({1, 1, 2}, {1, 2}))}, 2);
        }) == "NN21");
}

TEST_CASE("[NN20] [NN21] MaxPool: NaN propagates, ties take the first element, padding is never chosen") {
  Node n = make_node("MaxPool", {attr_is("kernel_shape", {2})});
  auto y = run(n, 12, {Value(tf({1, 1, 4}, {1, qnan, 3, 2}))}, 2);
  auto v = vals(y[0]);
  CHECK(std::isnan(v[0]));
  CHECK(std::isnan(v[1]));
  CHECK(v[2] == 3);
  CHECK(vals<int64_t>(y[1]) == std::vector<int64_t>{1, 1, 2});
  y = run(n, 12, {Value(tf({1, 1, 2}, {2, 2}))}, 2);
  CHECK(vals<int64_t>(y[1]) == std::vector<int64_t>{0});
  // all-negative input with padding: the padding does not contribute a 0
  y = run(make_node("MaxPool", {attr_is("kernel_shape", {2}), attr_is("pads", {1, 1})}), 12,
          {Value(tf({1, 1, 2}, {-5, -7}))}, 2);
  CHECK(vals(y[0]) == std::vector<float>{-5, -5, -7});
  CHECK(vals<int64_t>(y[1]) == std::vector<int64_t>{0, 0, 1});
}

TEST_CASE("[NN20] MaxPool on int8 and uint8 from version 12, with dilations and ceil mode") {
  Node n = make_node("MaxPool", {attr_is("kernel_shape", {2})});
  auto y = run(n, 12, {Value(Tensor::from_vector<int8_t>(test_context(), {1, 1, 3}, {-5, -3, -7}))});
  CHECK(vals<int8_t>(y[0]) == std::vector<int8_t>{-3, -3});
  y = run(n, 22, {Value(Tensor::from_vector<uint8_t>(test_context(), {1, 1, 3}, {200, 3, 255}))});
  CHECK(vals<uint8_t>(y[0]) == std::vector<uint8_t>{200, 255});
  CHECK(kind_of([&] {
          run(n, 11, {Value(Tensor::from_vector<int8_t>(test_context(), {1, 1, 3}, {1, 2, 3}))});
        }) == ErrorKind::unsupported);
  y = run(make_node("MaxPool", {attr_is("kernel_shape", {2}), attr_is("dilations", {2})}), 10,
          {Value(tf({1, 1, 5}, {1, 5, 2, 4, 3}))});
  CHECK(vals(y[0]) == std::vector<float>{2, 5, 3});
  y = run(make_node("MaxPool", {attr_is("kernel_shape", {2}), attr_is("strides", {2}), attr_i("ceil_mode", 1)}), 10,
          {Value(tf({1, 1, 5}, {1, 5, 2, 4, 3}))});
  CHECK(vals(y[0]) == std::vector<float>{5, 4, 3});
}

TEST_CASE("[NN22] a window that covers only padding has no value") {
  CHECK(clause_of([&] {
          run(make_node("MaxPool", {attr_is("kernel_shape", {1}), attr_is("pads", {1, 0})}), 12,
              {Value(tf({1, 1, 2}, {1, 2}))});
        }) == "NN22");
  CHECK(clause_of([&] {
          run(make_node("AveragePool", {attr_is("kernel_shape", {1}), attr_is("pads", {0, 1})}), 11,
              {Value(tf({1, 1, 2}, {1, 2}))});
        }) == "NN22");
  CHECK(clause_of([&] { run(make_node("GlobalMaxPool"), 1, {Value(tf({1, 1, 0}, {}))}); }) == "NN22");
  // an empty batch has no windows to evaluate
  auto y = run(make_node("GlobalMaxPool"), 1, {Value(tf({0, 1, 0}, {}))});
  CHECK(shape_of(y[0]) == Shape{0, 1, 1});
}

TEST_CASE(
    "[NN25] [NN6] pooling an input without elements makes no table of taps, however large its planes or windows") {
  // Found by fuzzing (regressions/run/oom-globalmaxpool-empty-batch-huge-plane): a table of 2 * 10^9
  // offsets (16 GB) was made for a batch of no image. The tables follow the plane and the windows, not the
  // input's elements, and nothing was charged for them (L5 counts the windows of each plane).
  auto y = run(make_node("GlobalMaxPool"), 1, {Value(tf({0, 64, 1000000007, 2}, {}))});
  CHECK(shape_of(y[0]) == Shape{0, 64, 1, 1});
  y = run(make_node("GlobalAveragePool"), 1, {Value(tf({3, 0, 1000000007, 2}, {}))});
  CHECK(shape_of(y[0]) == Shape{3, 0, 1, 1});
  // 10^10 windows of 9 taps each over planes of 10^10 elements, and no plane.
  y = run(make_node("MaxPool", {attr_is("kernel_shape", {3, 3}), attr_is("pads", {1, 1, 1, 1})}), 12,
          {Value(tf({0, 1, 100000, 100000}, {}))});
  CHECK(shape_of(y[0]) == Shape{0, 1, 100000, 100000});
  y = run(make_node("AveragePool", {attr_is("kernel_shape", {3, 3}), attr_is("strides", {1, 1})}), 11,
          {Value(tf({0, 4, 100000, 100000}, {}))});
  CHECK(shape_of(y[0]) == Shape{0, 4, 99998, 99998});
}

TEST_CASE("[L3] [NN6] a pooling table of taps larger than the allocation limit allows is refused before it is made") {
  // A 100x100 plane under a 100x100 kernel padded by 99: 199 x 199 windows whose taps hit the plane 10^8
  // times (a table of 0.8 GB), charged 4 * 10^8 units of work, within the default bound (L5). Under a 1 MiB
  // limit the table (more than 131,072 offsets) is refused.
  const Tensor x = tf({1, 1, 100, 100}, std::vector<float>(10000, 1.0f));
  const AllocationLimit limit(int64_t{1} << 20);
  CHECK(clause_of([&] {
          run(make_node("MaxPool", {attr_is("kernel_shape", {100, 100}), attr_is("pads", {99, 99, 99, 99})}), 12,
              {Value(x)});
        }) == "L3");
}

TEST_CASE("[L3] a pooling table kept from an earlier evaluation is held to this evaluation's limit") {
  // A 40x40 plane under a 20x20 kernel: 21 x 21 windows of 400 taps, a table of 176,400 offsets (1.4 MB).
  // The first pooling, under the default limit, makes the table and keeps it for the next pooling of the
  // same geometry; the second, under a 1 MiB limit, must be refused as if the table were made anew.
  const Tensor x = tf({1, 1, 40, 40}, std::vector<float>(1600, 2.0f));
  const Node pool = make_node("MaxPool", {attr_is("kernel_shape", {20, 20})});
  const auto y = run(pool, 12, {Value(x)});
  CHECK(shape_of(y[0]) == Shape{1, 1, 21, 21});
  const AllocationLimit limit(int64_t{1} << 20);
  CHECK(clause_of([&] { run(pool, 12, {Value(x)}); }) == "L3");
}

TEST_CASE("[NN25] [L3] a global pooling lists no taps: a plane as large as the allocation limit allows is pooled") {
  // The one window of a global pooling is the plane, its taps the elements in order; no table of 8 bytes
  // per element is made, so under a 1 MiB limit a plane of 200,000 binary32 elements (800 KB) is pooled
  // (its table would take 1.6 MB). The largest element is the last; the first NaN wins (NN20).
  std::vector<float> v(200000);
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(i % 1000);
  v[199999] = 5000.0f;
  const AllocationLimit limit(int64_t{1} << 20);
  auto y = run(make_node("GlobalMaxPool"), 1, {Value(tf({1, 1, 200000}, v))});
  CHECK(vals(y[0]) == std::vector<float>{5000.0f});
  y = run(make_node("GlobalAveragePool"), 1, {Value(tf({1, 1, 200000}, v))});
  // The exact mean: (200 * (0 + ... + 999) - 999 + 5000) / 200,000, a sum exact in binary64.
  CHECK(vals(y[0]) == std::vector<float>{static_cast<float>((200.0 * 499500.0 - 999.0 + 5000.0) / 200000.0)});
  y = run(make_node("GlobalLpPool", {attr_i("p", 1)}), 2, {Value(tf({1, 1, 200000}, v))});
  CHECK(vals(y[0]) == std::vector<float>{static_cast<float>(200.0 * 499500.0 - 999.0 + 5000.0)});
  v[7] = std::nanf("");
  y = run(make_node("GlobalMaxPool"), 1, {Value(tf({1, 1, 200000}, v))});
  CHECK(std::isnan(vals(y[0])[0]));
}

TEST_CASE("[NN23] AveragePool divides by the elements, or by the taps in the padded extent") {
  Tensor x = tf({1, 1, 4}, {1, 2, 3, 4});
  auto y = run(make_node("AveragePool", {attr_is("kernel_shape", {2}), attr_is("pads", {1, 1})}), 11, {Value(x)});
  CHECK(vals(y[0]) == std::vector<float>{1, 1.5, 2.5, 3.5, 4});
  y = run(make_node("AveragePool",
                    {attr_is("kernel_shape", {2}), attr_is("pads", {1, 1}), attr_i("count_include_pad", 1)}),
          7, {Value(x)});
  CHECK(vals(y[0]) == std::vector<float>{0.5, 1.5, 2.5, 3.5, 2});
  // AveragePool-1 has no count_include_pad: the attribute is not read
  y = run(make_node("AveragePool",
                    {attr_is("kernel_shape", {2}), attr_is("pads", {1, 1}), attr_i("count_include_pad", 1)}),
          1, {Value(x)});
  CHECK(vals(y[0]) == std::vector<float>{1, 1.5, 2.5, 3.5, 4});
  // ceil mode: the last window runs past the input (no end padding) and counts only its one tap
  Tensor x5 = tf({1, 1, 5}, {1, 2, 3, 4, 5});
  y = run(make_node("AveragePool", {attr_is("kernel_shape", {2}), attr_is("strides", {2}), attr_i("ceil_mode", 1),
                                    attr_i("count_include_pad", 1)}),
          10, {Value(x5)});
  CHECK(vals(y[0]) == std::vector<float>{1.5, 3.5, 5});
  // dilations from version 19
  y = run(make_node("AveragePool", {attr_is("kernel_shape", {2}), attr_is("dilations", {2})}), 19, {Value(x5)});
  CHECK(vals(y[0]) == std::vector<float>{2, 3, 4});
  // binary64 sum rounded once: 1e8 + 1 - 1e8 = 1, then 1/3
  y = run(make_node("AveragePool", {attr_is("kernel_shape", {3})}), 11, {Value(tf({1, 1, 3}, {1e8f, 1, -1e8f}))});
  CHECK(vals(y[0]) == std::vector<float>{static_cast<float>(1.0 / 3.0)});
  // NaN propagates through the sum
  y = run(make_node("AveragePool", {attr_is("kernel_shape", {2})}), 11, {Value(tf({1, 1, 3}, {1, qnan, 3}))});
  CHECK(std::isnan(vals(y[0])[0]));
  CHECK(clause_of([&] { run(make_node("AveragePool"), 11, {Value(x)}); }) == "A1");
}

TEST_CASE("[NN24] LpPool is the p-norm of the window") {
  auto y = run(make_node("LpPool", {attr_is("kernel_shape", {2})}), 11, {Value(tf({1, 1, 3}, {3, -4, 0}))});
  CHECK(vals(y[0]) == std::vector<float>{5, 4});
  y = run(make_node("LpPool", {attr_is("kernel_shape", {2}), attr_i("p", 1)}), 18, {Value(tf({1, 1, 3}, {3, -4, 0}))});
  CHECK(vals(y[0]) == std::vector<float>{7, 4});
  y = run(make_node("LpPool", {attr_is("kernel_shape", {2}), attr_f("p", 1.0f)}), 1, {Value(tf({1, 1, 2}, {3, -4}))});
  CHECK(vals(y[0]) == std::vector<float>{7});
  CHECK(clause_of([&] {
          run(make_node("LpPool", {attr_is("kernel_shape", {2}), attr_i("p", 0)}), 11, {Value(tf({1, 1, 2}, {3, -4}))});
        }) == "NN24");
}

TEST_CASE("[NN25] global pooling over every spatial axis") {
  Tensor x = tf({1, 2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 9});
  auto y = run(make_node("GlobalAveragePool"), 1, {Value(x)});
  CHECK(shape_of(y[0]) == Shape{1, 2, 1, 1});
  CHECK(vals(y[0]) == std::vector<float>{2.5, 6.75});
  y = run(make_node("GlobalMaxPool"), 22, {Value(x)});
  CHECK(vals(y[0]) == std::vector<float>{4, 9});
  y = run(make_node("GlobalMaxPool"), 1, {Value(tf({1, 1, 3}, {1, qnan, 3}))});
  CHECK(std::isnan(vals(y[0])[0]));
  y = run(make_node("GlobalLpPool"), 2, {Value(tf({1, 1, 2}, {3, 4}))});
  CHECK(vals(y[0]) == std::vector<float>{5});
  // rank 2: each window is the single element
  y = run(make_node("GlobalAveragePool"), 1, {Value(tf({1, 2}, {3, 4}))});
  CHECK(shape_of(y[0]) == Shape{1, 2});
  CHECK(vals(y[0]) == std::vector<float>{3, 4});
}

TEST_CASE("[NN26] MaxUnpool writes each element at its index into zeros") {
  Tensor x = tf({1, 1, 2, 2}, {5, 6, 7, 8});
  Tensor i = Tensor::from_vector<int64_t>(test_context(), {1, 1, 2, 2}, {0, 3, 8, 15});
  Node n = make_node("MaxUnpool", {attr_is("kernel_shape", {2, 2}), attr_is("strides", {2, 2})});
  auto y = run(n, 11, {Value(x), Value(i)});
  CHECK(shape_of(y[0]) == Shape{1, 1, 4, 4});
  CHECK(vals(y[0]) == std::vector<float>{5, 0, 0, 6, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 8});
  y = run(n, 22, {Value(x), Value(i), Value(Tensor::from_vector<int64_t>(test_context(), {4}, {1, 1, 5, 5}))});
  CHECK(shape_of(y[0]) == Shape{1, 1, 5, 5});
  // the indices address the unpooled 4 x 4 extent, which sits at the start of the 5 x 5 output
  CHECK(vals(y[0]) == std::vector<float>{5, 0, 0, 6, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0});
  CHECK(clause_of([&] {
          run(n, 22, {Value(x), Value(i), Value(Tensor::from_vector<int64_t>(test_context(), {4}, {1, 1, 3, 5}))});
        }) == "NN26");
  // a later element replaces an earlier one at the same index
  y = run(make_node("MaxUnpool", {attr_is("kernel_shape", {1})}), 9,
          {Value(tf({1, 1, 2}, {1, 2})), Value(Tensor::from_vector<int64_t>(test_context(), {1, 1, 2}, {0, 0}))});
  CHECK(vals(y[0]) == std::vector<float>{2, 0});
  CHECK(clause_of([&] {
          run(n, 11, {Value(x), Value(Tensor::from_vector<int64_t>(test_context(), {1, 1, 2, 2}, {0, 3, 8, 16}))});
        }) == "NN26");
  CHECK(clause_of([&] {
          run(n, 11, {Value(x), Value(Tensor::from_vector<int64_t>(test_context(), {4}, {0, 1, 2, 3}))});
        }) == "NN26");
}

TEST_CASE(
    "[NN20] MaxPool over rows wide enough for the vector loop: the first NaN (its payload) or first largest (its sign)") {
  // Rows of 40 outputs: groups of eight windows go through the processor's vector loop (steps 1 and 2,
  // with and without dilation), the edges through the scalar one; every value against the definition.
  std::mt19937 rng(3);
  const int64_t H = 5, W = 81;
  std::vector<float> v(static_cast<size_t>(2 * H * W));
  uint32_t payload = 1;
  for (auto& e : v) {
    const unsigned r = rng() % 16;
    if (r == 0) {  // NaNs with distinct payloads and signs
      const uint32_t bits = 0x7fc00000u | (payload++ & 0x3fffff) | (rng() % 2 ? 0x80000000u : 0);
      std::memcpy(&e, &bits, sizeof e);
    } else if (r < 6) {
      e = rng() % 2 ? 0.0f : -0.0f;  // ties of zeros of both signs
    } else {
      e = static_cast<float>(static_cast<int>(rng() % 7) - 3);  // many equal values
    }
  }
  const Tensor x = tf({1, 2, H, W}, v);
  for (int64_t stride : {1, 2})
    for (int64_t dilation : {1, 2}) {
      CAPTURE(stride);
      CAPTURE(dilation);
      Node n = make_node("MaxPool", {attr_is("kernel_shape", {2, 3}), attr_is("strides", {1, stride}),
                                     attr_is("dilations", {1, dilation}), attr_is("pads", {0, 1, 0, 1})});
      const auto y = run(n, 12, {Value(x)});
      const int64_t OW = (W + 2 - (dilation * 2 + 1)) / stride + 1, OH = H - 1;
      REQUIRE(shape_of(y[0]) == Shape{1, 2, OH, OW});
      CHECK(every_output(vals(y[0]), OH, OW, [&](int64_t c, int64_t oy, int64_t ox) {
        // The definition: taps in row-major order, padding skipped; the first NaN, else the first largest.
        bool have = false;
        float best = 0;
        for (int64_t ky = 0; ky < 2; ++ky)
          for (int64_t kx = 0; kx < 3; ++kx) {
            const int64_t iy = oy + ky, ix = ox * stride - 1 + kx * dilation;
            if (ix < 0 || ix >= W) continue;
            const float e = v[static_cast<size_t>((c * H + iy) * W + ix)];
            if (!have) best = e, have = true;
            else if (!std::isnan(best) && (std::isnan(e) || e > best)) best = e;
          }
        return best;
      }));
    }
}

TEST_CASE(
    "[NN23] AveragePool over rows wide enough for the vector loop: each window's binary64 sum, divided, rounded once") {
  // Rows of 41 and 81 outputs: groups of eight windows go through the processor's vector loop (the last of a
  // row overlapping the one before), the edges through the scalar one; every value against the definition.
  std::mt19937 rng(5);
  const int64_t H = 4, W = 81;
  std::vector<float> v(static_cast<size_t>(2 * H * W));
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (auto& e : v) e = rng() % 8 == 0 ? -0.0f : u(rng);
  const Tensor x = tf({1, 2, H, W}, v);
  for (int64_t stride : {1, 2})
    for (int64_t include_pad : {0, 1}) {
      CAPTURE(stride);
      CAPTURE(include_pad);
      Node n = make_node("AveragePool", {attr_is("kernel_shape", {2, 3}), attr_is("strides", {1, stride}),
                                         attr_is("pads", {0, 1, 0, 1}), attr_i("count_include_pad", include_pad)});
      const auto y = run(n, 19, {Value(x)});
      const int64_t OW = (W + 2 - 3) / stride + 1, OH = H - 1;
      REQUIRE(shape_of(y[0]) == Shape{1, 2, OH, OW});
      CHECK(every_output(vals(y[0]), OH, OW, [&](int64_t c, int64_t oy, int64_t ox) {
        double sum = 0;
        int64_t inside = 0;
        for (int64_t ky = 0; ky < 2; ++ky)
          for (int64_t kx = 0; kx < 3; ++kx) {
            const int64_t iy = oy + ky, ix = ox * stride - 1 + kx;
            if (ix < 0 || ix >= W) continue;
            sum += static_cast<double>(v[static_cast<size_t>((c * H + iy) * W + ix)]);
            ++inside;
          }
        return static_cast<float>(sum / static_cast<double>(include_pad ? 6 : inside));
      }));
    }
}

TEST_CASE(
    "[NN6] [NN23] pooling tables are kept per geometry: one met again reads each input anew, and geometries that differ in one attribute only (with the same output extent) each get their own") {
  // Windows along the last axis of a 2 x 3 x 9 input (one tap along the rows), each geometry against the
  // definition: the binary64 sum of the taps inside the input, divided by their number, rounded once.
  struct Geometry {
    int64_t k, stride, dilation, pad_begin, pad_end, ceil, out, include_pad = 0;
  };
  // Pairs that differ in one attribute and have the same output extent (ceil_mode makes it so where the
  // window's span differs): kernel 3 / 4, stride 3 / 4, dilation 2 / 3, padding at the start 0 / 1, at
  // the end 0 / 1 (divided by the taps in the padded extent, which only the end padding changes here). The
  // first geometry is met again in between and at the end. And ceil_mode 0 / 1 alone, which gives 4 / 5
  // windows.
  const Geometry geometries[] = {{3, 2, 1, 0, 0, 1, 4}, {4, 2, 1, 0, 0, 1, 4},    {1, 3, 1, 0, 0, 0, 3},
                                 {1, 4, 1, 0, 0, 0, 3}, {3, 2, 1, 0, 0, 1, 4},    {2, 2, 2, 0, 0, 1, 4},
                                 {2, 2, 3, 0, 0, 1, 4}, {2, 2, 1, 0, 0, 0, 4},    {2, 2, 1, 0, 0, 1, 5},
                                 {2, 2, 1, 1, 0, 1, 5}, {2, 2, 1, 0, 0, 1, 5, 1}, {2, 2, 1, 0, 1, 1, 5, 1},
                                 {3, 2, 1, 0, 0, 1, 4}};
  const int64_t H = 3, W = 9;
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> u(-4.0f, 4.0f);
  for (const Geometry& g : geometries) {
    CAPTURE(g.k);
    CAPTURE(g.stride);
    CAPTURE(g.dilation);
    CAPTURE(g.pad_begin);
    CAPTURE(g.pad_end);
    std::vector<float> v(static_cast<size_t>(2 * H * W));
    for (auto& e : v) e = u(rng);  // a new input each time
    Node n = make_node("AveragePool",
                       {attr_is("kernel_shape", {1, g.k}), attr_is("strides", {1, g.stride}),
                        attr_is("dilations", {1, g.dilation}), attr_is("pads", {0, g.pad_begin, 0, g.pad_end}),
                        attr_i("ceil_mode", g.ceil), attr_i("count_include_pad", g.include_pad)});
    const auto y = run(n, 19, {Value(tf({1, 2, H, W}, v))});
    REQUIRE(shape_of(y[0]) == Shape{1, 2, H, g.out});
    CHECK(every_output(vals(y[0]), H, g.out, [&](int64_t c, int64_t oy, int64_t ox) {
      double sum = 0;
      int64_t inside = 0, padded = 0;
      for (int64_t kx = 0; kx < g.k; ++kx) {
        const int64_t ix = ox * g.stride - g.pad_begin + kx * g.dilation;
        padded += ix >= -g.pad_begin && ix < W + g.pad_end ? 1 : 0;
        if (ix < 0 || ix >= W) continue;
        sum += static_cast<double>(v[static_cast<size_t>((c * H + oy) * W + ix)]);
        ++inside;
      }
      return static_cast<float>(sum / static_cast<double>(g.include_pad ? padded : inside));
    }));
  }
}

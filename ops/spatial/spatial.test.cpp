// Tests of the spatial family: registration, GridSample, AffineGrid, RoiAlign, MaxRoiPool, CenterCropPad
// and Col2Im (spec/ops-spatial.md). Expected values are derived by hand; the derivations are in comments.
#include "ops/spatial/test_util.hpp"

using namespace sptest;

TEST_CASE("the spatial family registers only operators ONNX defines") {
  onnxsem::ops::Registry r;
  onnxsem::ops::add_spatial(r);
  for (const auto& [domain, op, since] : r.implemented()) {
    const auto v = onnxsem::ops::onnx_defined_versions(domain, op);
    CHECK(std::find(v.begin(), v.end(), since) != v.end());
  }
  for (int64_t v : {10, 11, 13, 18, 19}) CHECK(r.kernel("", "Resize", v) != nullptr);
  for (int64_t v : {7, 9, 10}) CHECK(r.kernel("", "Upsample", v) != nullptr);
  for (int64_t v : {16, 20, 22}) CHECK(r.kernel("", "GridSample", v) != nullptr);
  for (int64_t v : {10, 16, 22}) CHECK(r.kernel("", "RoiAlign", v) != nullptr);
  for (int64_t v : {1, 22}) CHECK(r.kernel("", "MaxRoiPool", v) != nullptr);
  CHECK(r.kernel("", "AffineGrid", 20) != nullptr);
  CHECK(r.kernel("", "CenterCropPad", 18) != nullptr);
  CHECK(r.kernel("", "Col2Im", 18) != nullptr);
}

// ---- GridSample ------------------------------------------------------------------------------------------

namespace {
std::vector<std::optional<Value>> grid_sample(int64_t version, std::vector<Attribute> attrs, Tensor x, Tensor grid) {
  return run(make_node("GridSample", std::move(attrs)), version, {Value(std::move(x)), Value(std::move(grid))});
}
const Tensor image22 = tf({1, 1, 2, 2}, {1, 2, 3, 4});
}  // namespace

TEST_CASE("[SP20] GridSample shapes and attribute values") {
  CHECK(clause_of([&] { grid_sample(16, {}, image22, tf({1, 1, 1, 3}, {0, 0, 0})); }) == "SP20");
  CHECK(clause_of([&] { grid_sample(16, {}, tf({1, 2}, {0, 0}), tf({1, 2}, {0, 0})); }) == "SP20");
  CHECK(clause_of([&] { grid_sample(16, {}, image22, tf({2, 1, 1, 2}, {0, 0, 0, 0})); }) == "SP20");
  // GridSample-16 names the modes bilinear/bicubic, GridSample-20 linear/cubic.
  CHECK(clause_of([&] { grid_sample(16, {attr_s("mode", "linear")}, image22, tf({1, 1, 1, 2}, {0, 0})); }) == "SP20");
  CHECK(clause_of([&] { grid_sample(20, {attr_s("mode", "bilinear")}, image22, tf({1, 1, 1, 2}, {0, 0})); }) == "SP20");
  CHECK(clause_of([&] {
          grid_sample(20, {attr_s("padding_mode", "wrap")}, image22, tf({1, 1, 1, 2}, {0, 0}));
        }) == "SP20");
  // GridSample-16 is two-dimensional only.
  CHECK(clause_of([&] { grid_sample(16, {}, tf({1, 1, 2}, {1, 2}), tf({1, 1, 1}, {0})); }) == "SP20");
  CHECK(shape_of(grid_sample(20, {}, tf({1, 1, 2}, {1, 2}), tf({1, 3, 1}, {0, 0, 0}))[0]) == Shape{1, 1, 3});
}

TEST_CASE("[SP21] [SP29] [SP25] GridSample bilinear denormalisation and coordinate order") {
  // The grid lists (x, y) = (width, height). align_corners = 1: (1, -1) is the top-right element.
  auto a = grid_sample(16, {attr_i("align_corners", 1)}, image22, tf({1, 1, 2, 2}, {1, -1, 0, 0}));
  CHECK(shape_of(a[0]) == Shape{1, 1, 1, 2});
  // (0, 0) maps to (0.5, 0.5): the mean 2.5.
  check_close(vals(a[0]), {2, 2.5});
  // align_corners = 0: g = 0.5 maps to ((1.5) * 2 - 1) / 2 = 1 along width, g = -0.5 to 0 along height.
  auto b = grid_sample(20, {}, image22, tf({1, 1, 1, 2}, {0.5f, -0.5f}));
  check_close(vals(b[0]), {2});
  // A NaN coordinate gives NaN.
  auto n = grid_sample(20, {}, image22, tf({1, 1, 1, 2}, {NAN, 0}));
  CHECK(std::isnan(vals(n[0])[0]));
}

TEST_CASE("[SP24] GridSample padding of taps outside the input") {
  // align_corners = 0, (-1, -1) maps to (-0.5, -0.5): taps -1 and 0 with weights 0.5 on each axis.
  const Tensor g = tf({1, 1, 1, 2}, {-1, -1});
  // zeros: only the tap (0, 0) is inside: 0.25 * 1.
  check_close(vals(grid_sample(16, {}, image22, g)[0]), {0.25});
  // border: index -1 reads index 0, so all four taps read 1.
  check_close(vals(grid_sample(16, {attr_s("padding_mode", "border")}, image22, g)[0]), {1});
  // reflection: index -1 reflects at -0.5 to 0.
  check_close(vals(grid_sample(16, {attr_s("padding_mode", "reflection")}, image22, g)[0]), {1});
}

TEST_CASE("[SP23] GridSample coordinates beyond the border") {
  const Tensor row = tf({1, 1, 1, 3}, {1, 2, 3});
  // align_corners = 1, g = 1.5 maps to 2.5 > 2 (valid range [0, 2]).
  const Tensor g = tf({1, 1, 1, 2}, {1.5f, 0});
  // zeros keeps 2.5: taps 2 (0.5 * 3) and 3 (outside, 0) -> 1.5.
  check_close(vals(grid_sample(16, {attr_i("align_corners", 1)}, row, g)[0]), {1.5});
  // border clamps to 2 -> 3.
  check_close(vals(grid_sample(16, {attr_i("align_corners", 1), attr_s("padding_mode", "border")}, row, g)[0]), {3});
  // reflection folds 2.5 back to 1.5 -> 2.5.
  check_close(vals(grid_sample(16, {attr_i("align_corners", 1), attr_s("padding_mode", "reflection")}, row, g)[0]),
              {2.5});
  // g = 5.5 maps to 6.5, 4.5 beyond 2: two whole folds of the range 2, then 0.5 back from 2 -> 1.5 -> 2.5.
  check_close(vals(grid_sample(16, {attr_i("align_corners", 1), attr_s("padding_mode", "reflection")}, row,
                               tf({1, 1, 1, 2}, {5.5f, 0}))[0]),
              {2.5});
}

TEST_CASE("[SP22] GridSample nearest rounds ties to even") {
  // align_corners = 1, width 2: g = 0 maps to 0.5 -> 0 (even) in 2-D.
  auto a = grid_sample(16, {attr_s("mode", "nearest"), attr_i("align_corners", 1)}, image22, tf({1, 1, 1, 2}, {0, -1}));
  check_close(vals(a[0]), {1});
  // 3-D (1 x 1 x 3), align_corners = 1: g = -0.5 maps to 0.5 -> 0 and g = 0.5 to 1.5 -> 2 (both even).
  auto b = grid_sample(20, {attr_s("mode", "nearest"), attr_i("align_corners", 1)}, tf({1, 1, 1, 1, 3}, {1, 2, 3}),
                       tf({1, 1, 1, 2, 3}, {-0.5f, 0, 0, 0.5f, 0, 0}));
  check_close(vals(b[0]), {1, 3});
  // align_corners = 0, extent 2: g = -1 maps to -0.5 -> -0 -> element 0 (not -1, which would read 0).
  auto c = grid_sample(20, {attr_s("mode", "nearest")}, tf({1, 1, 1, 1, 2}, {1, 2}), tf({1, 1, 1, 1, 3}, {-1, 0, 0}));
  check_close(vals(c[0]), {1});
}

TEST_CASE("[SP25] GridSample cubic uses the Keys kernel with a = -0.75") {
  // Row [0, 0, 1, 0], align_corners = 1: g = 0 maps to 1.5: weights -0.09375, 0.59375, 0.59375, -0.09375
  // on indices 0..3 -> 0.59375 (linear would give 0.5). The height axis (extent 1) maps to 0 exactly.
  auto y = grid_sample(16, {attr_s("mode", "bicubic"), attr_i("align_corners", 1)}, tf({1, 1, 1, 4}, {0, 0, 1, 0}),
                       tf({1, 1, 1, 2}, {0, 0}));
  check_close(vals(y[0]), {0.59375});
  auto l = grid_sample(20, {attr_s("mode", "linear"), attr_i("align_corners", 1)}, tf({1, 1, 1, 4}, {0, 0, 1, 0}),
                       tf({1, 1, 1, 2}, {0, 0}));
  check_close(vals(l[0]), {0.5});
}

// ---- AffineGrid ------------------------------------------------------------------------------------------

TEST_CASE("[SP26] AffineGrid shapes") {
  const Node n = make_node("AffineGrid");
  CHECK(clause_of([&] {
          run(n, 20, {Value(tf({1, 2, 3}, {1, 0, 0, 0, 1, 0})), Value(ti1({1, 1, 2, 2, 2}))});
        }) == "SP26");
  CHECK(clause_of([&] { run(n, 20, {Value(tf({1, 2, 3}, {1, 0, 0, 0, 1, 0})), Value(ti1({2, 1, 2, 2}))}); }) == "SP26");
  CHECK(clause_of([&] {
          run(n, 20, {Value(tf({1, 2, 3}, {1, 0, 0, 0, 1, 0})), Value(ti1({1, 1, -2, 2}))});
        }) == "SP26");
}

TEST_CASE("[SP27] [SP28] AffineGrid base grid and affine map") {
  const Tensor identity = tf({1, 2, 3}, {1, 0, 0, 0, 1, 0});
  // align_corners = 0, 2 x 2: base coordinates -0.5 and 0.5; points (x, y) in row-major (h, w) order.
  auto y = run(make_node("AffineGrid"), 20, {Value(identity), Value(ti1({1, 1, 2, 2}))});
  CHECK(shape_of(y[0]) == Shape{1, 2, 2, 2});
  check_close(vals(y[0]), {-0.5, -0.5, 0.5, -0.5, -0.5, 0.5, 0.5, 0.5});
  // align_corners = 1, width 3, height 1: x = -1, 0, 1; y = -1 (a single position).
  auto a = run(make_node("AffineGrid", {attr_i("align_corners", 1)}), 20, {Value(identity), Value(ti1({1, 1, 1, 3}))});
  check_close(vals(a[0]), {-1, -1, 0, -1, 1, -1});
  // theta swaps the axes and shifts: (x', y') = (y, x + 0.5).
  auto s = run(make_node("AffineGrid"), 20, {Value(tf({1, 2, 3}, {0, 1, 0, 1, 0, 0.5f})), Value(ti1({1, 1, 1, 2}))});
  check_close(vals(s[0]), {0, 0, 0, 1});
  // 3-D: (N, 3, 4), size (1, 1, 1, 1, 2): x = -0.5, 0.5; y = z = 0; theta adds 1 to z.
  auto t = run(make_node("AffineGrid"), 20,
               {Value(tf({1, 3, 4}, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1})), Value(ti1({1, 1, 1, 1, 2}))});
  CHECK(shape_of(t[0]) == Shape{1, 1, 1, 2, 3});
  check_close(vals(t[0]), {-0.5, 0, 1, 0.5, 0, 1});
}

// ---- RoiAlign and MaxRoiPool ------------------------------------------------------------------------------

namespace {
std::vector<std::optional<Value>> roi_align(int64_t version, std::vector<Attribute> attrs, std::vector<float> rois,
                                            std::vector<int64_t> batch = {0}) {
  const auto n = static_cast<int64_t>(batch.size());
  return run(make_node("RoiAlign", std::move(attrs)), version,
             {Value(image22), Value(tf({n, 4}, std::move(rois))), Value(ti1(std::move(batch)))});
}
}  // namespace

TEST_CASE("[SP30] RoiAlign shapes and attributes") {
  CHECK(clause_of([&] { roi_align(16, {}, {0, 0, 1, 1}, {1}); }) == "SP30");
  CHECK(clause_of([&] { roi_align(16, {attr_s("mode", "sum")}, {0, 0, 1, 1}); }) == "SP30");
  CHECK(clause_of([&] { roi_align(16, {attr_i("output_height", 0)}, {0, 0, 1, 1}); }) == "SP30");
  CHECK(clause_of([&] {
          roi_align(16, {attr_s("coordinate_transformation_mode", "asymmetric")}, {0, 0, 1, 1});
        }) == "SP30");
  CHECK(clause_of([&] {
          run(make_node("RoiAlign"), 16, {Value(image22), Value(tf({1, 3}, {0, 0, 1})), Value(ti1({0}))});
        }) == "SP30");
}

TEST_CASE("[SP31] [SP32] [SP34] RoiAlign region offsets and bilinear samples") {
  // The image is 1 + x + 2y. output_half_pixel (RoiAlign-10): region [0, 1] x [0, 1], one sample at
  // (0.5, 0.5) -> 2.5.
  check_close(vals(roi_align(10, {attr_i("sampling_ratio", 1)}, {0, 0, 1, 1})[0]), {2.5});
  // half_pixel (RoiAlign-16 default): region [-0.5, 0.5]: the sample at (0, 0) -> 1.
  check_close(vals(roi_align(16, {attr_i("sampling_ratio", 1)}, {0, 0, 1, 1})[0]), {1});
  // spatial_scale 0.5 on [0, 0, 2, 2] is the same region as the first.
  check_close(vals(roi_align(10, {attr_i("sampling_ratio", 1), attr_f("spatial_scale", 0.5f)}, {0, 0, 2, 2})[0]),
              {2.5});
  // A sample beyond the last row and column reads them exactly: region [1, 3], sample (2, 2) -> 4.
  check_close(vals(roi_align(10, {attr_i("sampling_ratio", 1)}, {1, 1, 3, 3})[0]), {4});
  // A sample more than one element outside contributes 0.
  check_close(vals(roi_align(10, {attr_i("sampling_ratio", 1)}, {10, 10, 12, 12})[0]), {0});
  // output_half_pixel raises a degenerate region to 1 x 1: [0, 0, 0, 0] behaves as [0, 0, 1, 1].
  check_close(vals(roi_align(10, {attr_i("sampling_ratio", 1)}, {0, 0, 0, 0})[0]), {2.5});
}

TEST_CASE("[SP33] RoiAlign sampling grid from the bin extent") {
  // sampling_ratio 0, region [0, 2] x [0, 2], one bin: ceil(2) = 2 samples per axis at 0.5 and 1.5:
  // (0.5, 0.5) -> 2.5, x = 1.5 -> clamped to column 1: 3, y = 1.5 -> row 1: 3.5, both -> 4; mean 3.25.
  check_close(vals(roi_align(10, {}, {0, 0, 2, 2})[0]), {3.25});
  // Two output columns: bins [0, 1] and [1, 2] along x, each with ceil(1) x ceil(2) samples.
  auto y = roi_align(10, {attr_i("output_width", 2)}, {0, 0, 2, 2});
  CHECK(shape_of(y[0]) == Shape{1, 1, 1, 2});
  // bin 0: samples x = 0.5, y = 0.5, 1.5: 2.5 and 3.5 (row clamped to 1: 1 + 0.5 + 2) -> 3.
  // bin 1: x = 1.5 -> 1: y 0.5 -> 3, y 1.5 -> 4 -> 3.5.
  check_close(vals(y[0]), {3, 3.5});
}

TEST_CASE("[SP35] RoiAlign max takes the largest weighted corner term") {
  // Samples at 0.25 / 0.75 in the unit region: the largest weighted corner terms are 0.5625, 1.125, 1.6875
  // and 0.5625 * 4 = 2.25.
  check_close(vals(roi_align(10, {attr_s("mode", "max"), attr_i("sampling_ratio", 2)}, {0, 0, 1, 1})[0]), {2.25});
}

TEST_CASE("[SP36] MaxRoiPool") {
  const Tensor x = tf({1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  const Node n = make_node("MaxRoiPool", {attr_is("pooled_shape", {2, 2})});
  // Region [0, 2] x [0, 2]: extent 3, bins of 1.5: rows [0, 2) and [1, 3), columns likewise.
  auto y = run(n, 1, {Value(x), Value(tf({1, 5}, {0, 0, 0, 2, 2}))});
  CHECK(shape_of(y[0]) == Shape{1, 1, 2, 2});
  check_close(vals(y[0]), {5, 6, 8, 9});
  // A region entirely outside the image has empty bins: 0.
  auto o = run(n, 22, {Value(x), Value(tf({1, 5}, {0, 10, 10, 12, 12}))});
  check_close(vals(o[0]), {0, 0, 0, 0});
  CHECK(clause_of([&] { run(n, 1, {Value(x), Value(tf({1, 5}, {1, 0, 0, 2, 2}))}); }) == "SP36");
  CHECK(clause_of([&] { run(n, 1, {Value(x), Value(tf({1, 4}, {0, 0, 2, 2}))}); }) == "SP36");
  CHECK(clause_of([&] { run(make_node("MaxRoiPool"), 1, {Value(x), Value(tf({1, 5}, {0, 0, 0, 2, 2}))}); }) == "A1");
}

// ---- CenterCropPad ----------------------------------------------------------------------------------------

TEST_CASE("[SP40] [SP41] CenterCropPad crops and pads around the centre") {
  const Node n = make_node("CenterCropPad");
  const Tensor x = tf1({1, 2, 3, 4, 5});
  // Crop 5 -> 3 starts at 1; 5 -> 4 starts at floor(1 / 2) = 0.
  CHECK(vals(run(n, 18, {Value(x), Value(ti1({3}))})[0]) == std::vector<float>{2, 3, 4});
  CHECK(vals(run(n, 18, {Value(x), Value(ti1({4}))})[0]) == std::vector<float>{1, 2, 3, 4});
  // Pad 2 -> 5: floor(3 / 2) = 1 zero before, 2 after.
  CHECK(vals(run(n, 18, {Value(tf1({1, 2})), Value(ti1({5}))})[0]) == std::vector<float>{0, 1, 2, 0, 0});
  // Negative axes; the other axis keeps its extent.
  const Node a = make_node("CenterCropPad", {attr_is("axes", {-1})});
  auto y = run(a, 18, {Value(tf({2, 3}, {1, 2, 3, 4, 5, 6})), Value(ti1({1}))});
  CHECK(shape_of(y[0]) == Shape{2, 1});
  CHECK(vals(y[0]) == std::vector<float>{2, 5});
  // Crop one axis and pad the other; a target of 0 empties the axis.
  auto cp = run(n, 18, {Value(tf({2, 3}, {1, 2, 3, 4, 5, 6})), Value(ti1({3, 1}))});
  CHECK(vals(cp[0]) == std::vector<float>{2, 5, 0});
  CHECK(shape_of(run(n, 18, {Value(x), Value(ti1({0}))})[0]) == Shape{0});
  CHECK(clause_of([&] { run(n, 18, {Value(x), Value(ti1({3, 3}))}); }) == "SP40");
  CHECK(clause_of([&] { run(n, 18, {Value(x), Value(ti1({-1}))}); }) == "SP40");
  CHECK(clause_of([&] {
          run(make_node("CenterCropPad", {attr_is("axes", {0, -1})}), 18, {Value(x), Value(ti1({3, 3}))});
        }) == "SP40");
}

// ---- Col2Im ----------------------------------------------------------------------------------------------

TEST_CASE("[SP45] [SP46] [SP47] Col2Im sums overlapping blocks") {
  const Node n = make_node("Col2Im");
  // image 1 x 3, block 1 x 2, stride 1: two positions. Block element 0 lands on 0 and 1, element 1 on 1 and 2.
  auto y = run(n, 18, {Value(tf({1, 2, 2}, {1, 2, 10, 20})), Value(ti1({1, 3})), Value(ti1({1, 2}))});
  CHECK(shape_of(y[0]) == Shape{1, 1, 1, 3});
  check_close(vals(y[0]), {1, 12, 20});
  // Dilation 2: the block spans 3 columns, one position: elements at 0 and 2.
  auto d = run(make_node("Col2Im", {attr_is("dilations", {1, 2})}), 18,
               {Value(tf({1, 2, 1}, {1, 10})), Value(ti1({1, 3})), Value(ti1({1, 2}))});
  check_close(vals(d[0]), {1, 0, 10});
  // Padding one column on each side: 4 positions at -1..2; element 0 lands on -1 (dropped), 0, 1, 2 and
  // element 1 on 0, 1, 2, 3 (dropped).
  auto p = run(make_node("Col2Im", {attr_is("pads", {0, 1, 0, 1})}), 18,
               {Value(tf({1, 2, 4}, {1, 2, 3, 4, 10, 20, 30, 40})), Value(ti1({1, 3})), Value(ti1({1, 2}))});
  check_close(vals(p[0]), {12, 23, 34});
  // Strides 2 on a 1 x 4 image with 1 x 2 blocks: positions 0 and 2, no overlap; two channels.
  auto s = run(make_node("Col2Im", {attr_is("strides", {1, 2})}), 18,
               {Value(ti({1, 4, 2}, {1, 2, 3, 4, 5, 6, 7, 8})), Value(ti1({1, 4})), Value(ti1({1, 2}))});
  CHECK(vals<int64_t>(s[0]) == std::vector<int64_t>{1, 3, 2, 4, 5, 7, 6, 8});
  CHECK(clause_of([&] {
          run(n, 18, {Value(tf({1, 2, 3}, {1, 2, 3, 4, 5, 6})), Value(ti1({1, 3})), Value(ti1({1, 2}))});
        }) == "SP46");
  CHECK(clause_of([&] {
          run(n, 18, {Value(tf({1, 2, 1}, {1, 2})), Value(ti1({1, 1})), Value(ti1({1, 2}))});
        }) == "SP46");
  CHECK(clause_of([&] {
          run(n, 18, {Value(tf({1, 2, 2}, {1, 2, 3, 4})), Value(ti1({1, 3})), Value(ti1({2}))});
        }) == "SP45");
  CHECK(clause_of([&] {
          run(make_node("Col2Im", {attr_is("strides", {1, 0})}), 18,
              {Value(tf({1, 2, 2}, {1, 2, 3, 4})), Value(ti1({1, 3})), Value(ti1({1, 2}))});
        }) == "SP45");
}

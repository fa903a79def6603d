// RoiAlign and MaxRoiPool (spec/ops-spatial.md, SP30-SP36).
//
// Both pool each region of interest of a feature map X (N, C, H, W) into a fixed grid of bins. RoiAlign
// samples a regular grid of points in each bin by bilinear interpolation and averages (or takes the
// largest weighted corner of) the samples; MaxRoiPool rounds the region to whole elements and takes the
// largest element of each bin.
#include <algorithm>
#include <cmath>

#include "ops/common/attrs.hpp"
#include "ops/spatial/spatial.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::spatial {
namespace {

struct RoiAlignVersion {
  bool coordinate_mode = false;  // RoiAlign-16 and later: coordinate_transformation_mode, default half_pixel
};

// One bilinear sample: four flat positions in the (H, W) plane and their weights (all zero: no sample).
struct Sample {
  int64_t pos[4] = {0, 0, 0, 0};
  double w[4] = {0, 0, 0, 0};
};

// [spec:SP32] the bilinear sample at (y, x): nothing beyond one element outside the plane; coordinates
// below 0 read row/column 0 and coordinates at or beyond the last row/column read it exactly.
Sample bilinear_sample(double y, double x, int64_t height, int64_t width) {
  ONNXSEM_CLAUSE(SP32);
  Sample s;
  if (y < -1.0 || y > static_cast<double>(height) || x < -1.0 || x > static_cast<double>(width)) return s;
  y = std::max(y, 0.0);
  x = std::max(x, 0.0);
  int64_t y_lo = static_cast<int64_t>(y), x_lo = static_cast<int64_t>(x), y_hi, x_hi;
  if (y_lo >= height - 1) {
    y_hi = y_lo = height - 1;
    y = static_cast<double>(y_lo);
  } else {
    y_hi = y_lo + 1;
  }
  if (x_lo >= width - 1) {
    x_hi = x_lo = width - 1;
    x = static_cast<double>(x_lo);
  } else {
    x_hi = x_lo + 1;
  }
  const double ly = y - static_cast<double>(y_lo), lx = x - static_cast<double>(x_lo);
  const double hy = 1 - ly, hx = 1 - lx;
  s.pos[0] = y_lo * width + x_lo;
  s.pos[1] = y_lo * width + x_hi;
  s.pos[2] = y_hi * width + x_lo;
  s.pos[3] = y_hi * width + x_hi;
  s.w[0] = hy * hx;
  s.w[1] = hy * lx;
  s.w[2] = ly * hx;
  s.w[3] = ly * lx;
  return s;
}

void require_feature_map(const Tensor& x, const std::string& op) {
  if (x.rank() != 4) eval_error("SP30", op + ": X has shape " + show(x.shape()) + ", expected (N, C, H, W)");
}

Kernel roi_align_kernel(RoiAlignVersion v) {
  return [v](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    EvalContext& cx = a.context();
    const std::string op = "RoiAlign";
    const Tensor& x = a.tensor(0);
    const Tensor& rois = a.tensor(1);
    require_feature_map(x, op);
    const std::vector<int64_t> batch_index = int_list(a.tensor(2), op + " batch_indices");
    const int64_t count = static_cast<int64_t>(batch_index.size());
    // [spec:SP30] rois is (num_rois, 4) and batch_indices (num_rois) with entries in [0, N).
    ONNXSEM_CLAUSE(SP30);
    if (rois.rank() != 2 || rois.dim(1) != 4 || rois.dim(0) != count)
      eval_error("SP30",
                 op + ": rois of shape " + show(rois.shape()) + " does not match (" + std::to_string(count) + ", 4)");
    for (int64_t b : batch_index)
      if (b < 0 || b >= x.dim(0))
        eval_error("SP30",
                   op + ": batch index " + std::to_string(b) + " is outside [0, " + std::to_string(x.dim(0)) + ")");
    const std::string mode = attr_string(a.node, "mode", "avg");
    if (mode != "avg" && mode != "max") eval_error("SP30", op + ": attribute mode '" + mode + "' is not avg or max");
    const int64_t ph = attr_int(a.node, "output_height", 1), pw = attr_int(a.node, "output_width", 1);
    const int64_t ratio = attr_int(a.node, "sampling_ratio", 0);
    const double scale = attr_float(a.node, "spatial_scale", 1.0f);
    if (ph < 1 || pw < 1 || ratio < 0)
      eval_error("SP30", op + ": output_height " + std::to_string(ph) + ", output_width " + std::to_string(pw) +
                             " must be at least 1 and sampling_ratio " + std::to_string(ratio) + " at least 0");
    bool half_pixel = false;
    if (v.coordinate_mode) {
      const std::string cm = attr_string(a.node, "coordinate_transformation_mode", "half_pixel");
      if (cm != "half_pixel" && cm != "output_half_pixel")
        eval_error("SP30", op + ": coordinate_transformation_mode '" + cm + "' is not half_pixel or output_half_pixel");
      half_pixel = cm == "half_pixel";
    }
    const int64_t channels = x.dim(1), height = x.dim(2), width = x.dim(3);
    if (height * width == 0 && count * channels > 0)
      eval_error("SP30", op + ": X of shape " + show(x.shape()) + " has an empty plane to sample from");
    const std::vector<double> r = widen_all(rois, op + " rois");
    return {dispatch(x.dtype(), sp_float_types, op, [&](auto tag) -> Value {
      using T = typename decltype(tag)::type;
      auto xd = x.data<T>();
      auto [y, out] = Tensor::allocate<T>(cx, {count, channels, ph, pw});
      for (int64_t n = 0; n < count; ++n) {
        // [spec:SP31] the region in input coordinates: scaled corners, shifted by -0.5 under half_pixel;
        // under output_half_pixel a region is at least 1 x 1.
        ONNXSEM_CLAUSE(SP31);
        const double offset = half_pixel ? 0.5 : 0.0;
        const double x0 = r[n * 4 + 0] * scale - offset, y0 = r[n * 4 + 1] * scale - offset;
        const double x1 = r[n * 4 + 2] * scale - offset, y1 = r[n * 4 + 3] * scale - offset;
        double rw = x1 - x0, rh = y1 - y0;
        if (!half_pixel) {
          rw = std::max(rw, 1.0);
          rh = std::max(rh, 1.0);
        }
        const double bh = rh / static_cast<double>(ph), bw = rw / static_cast<double>(pw);
        // [spec:SP33] sampling_ratio samples per bin axis, or ceil(bin extent) when it is 0.
        ONNXSEM_CLAUSE(SP33);
        const double gh_d = ratio > 0 ? static_cast<double>(ratio) : std::ceil(bh);
        const double gw_d = ratio > 0 ? static_cast<double>(ratio) : std::ceil(bw);
        if (!(gh_d * gw_d <= 1e7) && gh_d > 0 && gw_d > 0)
          eval_error("L3", op + ": region " + std::to_string(n) + " needs too many samples per bin");
        const int64_t gh = gh_d > 0 ? static_cast<int64_t>(gh_d) : 0;
        const int64_t gw = gw_d > 0 ? static_cast<int64_t>(gw_d) : 0;
        std::vector<Sample> samples;
        samples.reserve(static_cast<size_t>(ph * pw * gh * gw));
        for (int64_t i = 0; i < ph; ++i)
          for (int64_t j = 0; j < pw; ++j)
            for (int64_t iy = 0; iy < gh; ++iy) {
              const double yy = y0 + static_cast<double>(i) * bh +
                                (static_cast<double>(iy) + 0.5) * bh / static_cast<double>(gh);
              for (int64_t ix = 0; ix < gw; ++ix) {
                const double xx = x0 + static_cast<double>(j) * bw +
                                  (static_cast<double>(ix) + 0.5) * bw / static_cast<double>(gw);
                samples.push_back(bilinear_sample(yy, xx, height, width));
              }
            }
        const int64_t per_bin = gh * gw;
        for (int64_t c = 0; c < channels; ++c) {
          const T* plane = xd.data() + (batch_index[n] * channels + c) * height * width;
          for (int64_t bin = 0; bin < ph * pw; ++bin) {
            double acc = 0;
            for (int64_t s = 0; s < per_bin; ++s) {
              const Sample& sm = samples[static_cast<size_t>(bin * per_bin + s)];
              if (mode == "avg") {
                // [spec:SP34] avg: the mean of the bilinear samples (binary64 sum, divided by their count).
                ONNXSEM_CLAUSE(SP34);
                for (int q = 0; q < 4; ++q) acc += sm.w[q] * widen(plane[sm.pos[q]]);
              } else {
                // [spec:SP35] max: the largest weighted corner term over all samples of the bin.
                ONNXSEM_CLAUSE(SP35);
                double best = sm.w[0] * widen(plane[sm.pos[0]]);
                for (int q = 1; q < 4; ++q) best = std::max(best, sm.w[q] * widen(plane[sm.pos[q]]));
                acc = s == 0 ? best : std::max(acc, best);
              }
            }
            if (mode == "avg" && per_bin > 0) acc /= static_cast<double>(per_bin);
            out[static_cast<size_t>((n * channels + c) * ph * pw + bin)] = narrow<T>(acc);
          }
        }
      }
      return Value(y);
    })};
  };
}

// ---- MaxRoiPool-1/22 ----------------------------------------------------------------------------------

std::vector<std::optional<Value>> max_roi_pool_1(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "MaxRoiPool";
  const Tensor& x = a.tensor(0);
  const Tensor& rois = a.tensor(1);
  require_feature_map(x, op);
  const auto pooled = attr_ints_opt(a.node, "pooled_shape");
  if (!pooled) eval_error("A1", op + ": required attribute 'pooled_shape' is missing");
  if (pooled->size() != 2 || (*pooled)[0] < 1 || (*pooled)[1] < 1)
    eval_error("SP36", op + ": pooled_shape " + show(*pooled) + " must hold two extents of at least 1");
  if (rois.rank() != 2 || rois.dim(1) != 5)
    eval_error("SP36", op + ": rois has shape " + show(rois.shape()) + ", expected (num_rois, 5)");
  const double scale = attr_float(a.node, "spatial_scale", 1.0f);
  const int64_t ph = (*pooled)[0], pw = (*pooled)[1];
  const int64_t count = rois.dim(0), channels = x.dim(1), height = x.dim(2), width = x.dim(3);
  const std::vector<double> r = widen_all(rois, op + " rois");
  return {dispatch(x.dtype(), sp_float_types, op, [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    auto xd = x.data<T>();
    auto [y, out] = Tensor::allocate<T>(cx, {count, channels, ph, pw});
    for (int64_t n = 0; n < count; ++n) {
      const double bd = r[n * 5];
      if (!(bd >= 0 && bd < static_cast<double>(x.dim(0))))
        eval_error("SP36", op + ": region " + std::to_string(n) + " names batch " + std::to_string(bd) +
                               ", outside [0, " + std::to_string(x.dim(0)) + ")");
      const int64_t b = static_cast<int64_t>(bd);
      // [spec:SP36] the region's corners are rounded to whole elements (half away from zero) after scaling;
      // bin (i, j) spans rows floor(i*bh)..ceil((i+1)*bh) of the region, clipped to X; an empty bin is 0.
      auto corner = [&](int k) {
        ONNXSEM_CLAUSE(SP36);
        const double v = std::round(r[n * 5 + k] * scale);
        return static_cast<int64_t>(std::clamp(v, -1e15, 1e15));
      };
      const int64_t xs = corner(1), ys = corner(2), xe = corner(3), ye = corner(4);
      const double rh = static_cast<double>(std::max<int64_t>(ye - ys + 1, 1));
      const double rw = static_cast<double>(std::max<int64_t>(xe - xs + 1, 1));
      const double bh = rh / static_cast<double>(ph), bw = rw / static_cast<double>(pw);
      for (int64_t c = 0; c < channels; ++c) {
        const T* plane = xd.data() + (b * channels + c) * height * width;
        for (int64_t i = 0; i < ph; ++i)
          for (int64_t j = 0; j < pw; ++j) {
            const int64_t h0 = std::clamp(static_cast<int64_t>(std::floor(static_cast<double>(i) * bh)) + ys,
                                          int64_t{0}, height);
            const int64_t h1 = std::clamp(static_cast<int64_t>(std::ceil(static_cast<double>(i + 1) * bh)) + ys,
                                          int64_t{0}, height);
            const int64_t w0 = std::clamp(static_cast<int64_t>(std::floor(static_cast<double>(j) * bw)) + xs,
                                          int64_t{0}, width);
            const int64_t w1 = std::clamp(static_cast<int64_t>(std::ceil(static_cast<double>(j + 1) * bw)) + xs,
                                          int64_t{0}, width);
            double best = 0;
            bool any = false;
            for (int64_t h = h0; h < h1; ++h)
              for (int64_t w = w0; w < w1; ++w) {
                const double v = widen(plane[h * width + w]);
                if (!any || v > best || std::isnan(v)) best = v;
                any = true;
                if (std::isnan(best)) break;
              }
            out[static_cast<size_t>(((n * channels + c) * ph + i) * pw + j)] = narrow<T>(any ? best : 0.0);
          }
      }
    }
    return Value(y);
  })};
}

}  // namespace

void add_roi(Registry& r) {
  r.add("", "RoiAlign", {10}, roi_align_kernel({.coordinate_mode = false}));
  r.add("", "RoiAlign", {16, 22}, roi_align_kernel({.coordinate_mode = true}));
  r.add("", "MaxRoiPool", {1, 22}, max_roi_pool_1);
}

}  // namespace onnxsem::ops::spatial

// DeformConv-19/22: deformable convolution (spec/ops-nn.md, DC1-DC5).
//
// For X of shape (N, C, D1..Dn), W of shape (M, C/G, k1..kn), G groups and Go offset groups, let K = k1*..*kn
// and let tap j (row-major over the kernel, coordinates j_1..j_n) of output position o have the regular
// position  r_d(o, j) = o_d * stride_d - pad_begin_d + j_d * dilation_d  along spatial axis d (as Conv, NN6).
// Input channel c belongs to offset group q = c / (C/Go); the offset input moves the tap to
//
//   p_d = r_d(o, j) + offset[n, (q*K + j)*n_axes + d, o]
//
// and the tap reads the multilinear interpolation of X[n, c] at p,
//
//   x(p) = sum over the 2^n corners i (i_d = floor(p_d) or floor(p_d) + 1) of
//          prod_d (1 - |p_d - i_d|) * X[n, c, i],     corners outside the input counting 0,
//
// scaled by the optional mask[n, q*K + j, o] (1 when absent). With output channel m in group g = m/(M/G),
//
//   Y[n, m, o] = B[m] + sum_{c < C/G} sum_{j < K} W[m, c, j] * mask[n, q*K + j, o] * x_{n, g*C/G + c}(p)
//
// The sums are formed in binary64 and rounded once to the element type (P1).
#include <array>
#include <cmath>
#include <utility>

#include "ops/common/attrs.hpp"
#include "ops/nn/nn.hpp"
#include "ops/nn/window.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::nn {
namespace {

struct DeformShape {
  int64_t N = 0, C = 0, M = 0, G = 1, Go = 1, Cg = 0, Mg = 0, Cq = 0, K = 1;
  size_t axes = 0;
};

// One corner of the interpolation: where it lies in an (n, c) plane and its weight.
struct Corner {
  int64_t offset;
  double weight;
};

// [spec:DC1] [spec:DC2] operand shapes, groups and offset groups.
DeformShape deform_shape(const KernelArgs& a, const WindowGeometry& g, const std::string& op) {
  ONNXSEM_CLAUSE(DC1, DC2);
  const Tensor& x = a.tensor(0);
  const Tensor& w = a.tensor(1);
  const Tensor& off = a.tensor(2);
  DeformShape s;
  s.axes = g.rank();
  s.N = x.dim(0);
  s.C = x.dim(1);
  s.M = w.dim(0);
  s.G = attr_int(a.node, "group", 1);
  s.Go = attr_int(a.node, "offset_group", 1);
  s.K = g.kernel_count();
  if (s.G < 1) eval_error("DC1", op + ": attribute group is " + std::to_string(s.G) + ", expected >= 1");
  if (s.C % s.G != 0 || s.M % s.G != 0)
    eval_error("DC1", op + ": " + std::to_string(s.C) + " input channels and " + std::to_string(s.M) +
                          " output channels are not both divisible into " + std::to_string(s.G) + " groups");
  s.Cg = s.C / s.G;
  s.Mg = s.M / s.G;
  if (w.dim(1) != s.Cg)
    eval_error("DC1",
               op + ": W has shape " + show(w.shape()) + ", its axis 1 must be C/group = " + std::to_string(s.Cg));
  if (s.Go < 1 || s.C % s.Go != 0)
    eval_error("DC2", op + ": " + std::to_string(s.C) + " input channels are not divisible into offset_group = " +
                          std::to_string(s.Go) + " offset groups");
  s.Cq = s.C / s.Go;
  Shape want{s.N, size_mul(size_mul(s.Go, s.K), static_cast<int64_t>(s.axes))};
  want.insert(want.end(), g.out.begin(), g.out.end());
  if (off.shape() != want)
    eval_error("DC2", op + ": offset has shape " + show(off.shape()) + ", expected " + show(want) +
                          " (N, offset_group * kernel size * spatial axes, output extent)");
  if (off.dtype() != x.dtype())
    eval_error("DC1", op + ": offset has element type " + std::string(dtype_name(off.dtype())) + ", X has " +
                          dtype_name(x.dtype()));
  if (a.has_input(3)) {
    const Tensor& b = a.tensor(3);
    if (b.shape() != Shape{s.M})
      eval_error("DC1", op + ": bias B has shape " + show(b.shape()) + ", expected [" + std::to_string(s.M) + "]");
    if (b.dtype() != x.dtype()) eval_error("DC1", op + ": bias B has another element type than X");
  }
  if (a.has_input(4)) {
    const Tensor& mask = a.tensor(4);
    Shape mw{s.N, size_mul(s.Go, s.K)};
    mw.insert(mw.end(), g.out.begin(), g.out.end());
    if (mask.shape() != mw)
      eval_error("DC2", op + ": mask has shape " + show(mask.shape()) + ", expected " + show(mw) +
                            " (N, offset_group * kernel size, output extent)");
    if (mask.dtype() != x.dtype()) eval_error("DC1", op + ": mask has another element type than X");
  }
  return s;
}

// [spec:DC3] the corners of the multilinear interpolation at the (finite) position p: along each axis the
// integer positions floor(p_d) and floor(p_d) + 1 with weights 1 - frac and frac; corners outside the input
// and corners of weight 0 are left out. A NaN coordinate gives no corners but marks the sample NaN.
bool corners_of(const std::vector<double>& p, const Shape& in, std::vector<Corner>& out) {
  ONNXSEM_CLAUSE(DC3);
  out.clear();
  const size_t rank = p.size();
  for (double v : p)
    if (std::isnan(v)) return false;
  // Along each axis: up to two (index, weight) pairs inside the input.
  std::vector<std::array<std::pair<int64_t, double>, 2>> axis(rank);
  std::vector<int> count(rank, 0);
  for (size_t d = 0; d < rank; ++d) {
    // Positions at or beyond one element outside the input touch no element (this also covers infinities
    // and magnitudes that do not fit an integer).
    if (!(p[d] > -1.0 && p[d] < static_cast<double>(in[d]))) return true;
    const double f = std::floor(p[d]);
    const auto i0 = static_cast<int64_t>(f);
    const double t = p[d] - f;
    if (i0 >= 0 && 1.0 - t != 0.0) axis[d][count[d]++] = {i0, 1.0 - t};
    if (i0 + 1 < in[d] && t != 0.0) axis[d][count[d]++] = {i0 + 1, t};
    if (count[d] == 0) return true;
  }
  // Every combination of one entry per axis, row-major.
  std::vector<int> pick(rank, 0);
  while (true) {
    int64_t offset = 0;
    double weight = 1.0;
    for (size_t d = 0; d < rank; ++d) {
      offset = offset * in[d] + axis[d][pick[d]].first;
      weight *= axis[d][pick[d]].second;
    }
    out.push_back({offset, weight});
    // The next combination; after the last one every axis has wrapped around.
    size_t d = rank;
    while (d > 0 && ++pick[d - 1] == count[d - 1]) pick[--d] = 0;
    if (d == 0) return true;
  }
}

std::vector<std::optional<Value>> deform_conv(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "DeformConv";
  const Tensor& x = a.tensor(0);
  const Tensor& w = a.tensor(1);
  require_spatial_input(x, op);
  if (w.rank() != x.rank())
    eval_error("DC1", op + ": W has shape " + show(w.shape()) + ", expected the rank of X " + show(x.shape()));
  if (w.dtype() != x.dtype())
    eval_error("DC1",
               op + ": W has element type " + std::string(dtype_name(w.dtype())) + ", X has " + dtype_name(x.dtype()));
  const Shape in(x.shape().begin() + 2, x.shape().end());
  const Shape kernel(w.shape().begin() + 2, w.shape().end());
  if (auto ks = attr_ints_opt(a.node, "kernel_shape"); ks && *ks != kernel)
    eval_error("DC1", op + ": attribute kernel_shape " + show(*ks) + " differs from W's spatial shape " + show(kernel));
  // [spec:DC4] strides, dilations and pads as for Conv (NN2, NN3); there is no automatic padding.
  ONNXSEM_CLAUSE(DC4);
  if (attr_string(a.node, "auto_pad", "NOTSET") != "NOTSET")
    eval_error("DC4", op + ": DeformConv has no attribute auto_pad");
  const WindowGeometry g = window_geometry(a.node, in, kernel, {.dilations = true, .ceil_mode = false}, op);
  const DeformShape s = deform_shape(a, g, op);
  charge_windows(cx, g, work_product({s.N, s.M}), s.Cg, op);
  const size_t rank = s.axes;
  const auto R = static_cast<int64_t>(rank);
  const int64_t P = g.out_count(), plane = g.in_count(), K = s.K;

  const std::vector<double> xd = widen_all(x, op);
  const std::vector<double> wd = widen_all(w, op);
  const std::vector<double> od = widen_all(a.tensor(2), op);
  const std::vector<double> bias = a.has_input(3) ? widen_all(a.tensor(3), op)
                                                  : std::vector<double>(static_cast<size_t>(s.M), 0.0);
  const std::vector<double> md = a.has_input(4) ? widen_all(a.tensor(4), op) : std::vector<double>{};

  // Coordinates of every output position and of every tap, per axis.
  const std::vector<std::vector<int64_t>> ocoord = grid_coordinates(g.out, P);
  const std::vector<std::vector<int64_t>> jcoord = grid_coordinates(g.kernel, K);

  Shape yshape{s.N, s.M};
  yshape.insert(yshape.end(), g.out.begin(), g.out.end());
  std::vector<double> y(static_cast<size_t>(size_mul(size_mul(s.N, s.M), P)));
  // col[(c*K + j)*P + p]: the masked sample of input channel c for tap j at output position p, of one batch.
  std::vector<double> col(static_cast<size_t>(size_mul(size_mul(s.C, K), P)));
  std::vector<double> pos(rank);
  std::vector<Corner> corners;
  for (int64_t n = 0; n < s.N; ++n) {
    for (int64_t q = 0; q < s.Go; ++q)
      for (int64_t j = 0; j < K; ++j)
        for (int64_t p = 0; p < P; ++p) {
          // [spec:DC3] the sampling position: the regular tap moved by its offset.
          ONNXSEM_CLAUSE(DC3);
          for (size_t d = 0; d < rank; ++d) {
            const int64_t ch = (q * K + j) * R + static_cast<int64_t>(d);
            pos[d] = static_cast<double>(g.tap(d, ocoord[d][p], jcoord[d][j])) + od[(n * s.Go * K * R + ch) * P + p];
          }
          const bool finite = corners_of(pos, in, corners);
          const double m = md.empty() ? 1.0 : md[(n * s.Go * K + q * K + j) * P + p];
          for (int64_t c = q * s.Cq; c < (q + 1) * s.Cq; ++c) {
            double v = finite ? 0.0 : std::nan("");
            const double* xp = xd.data() + (n * s.C + c) * plane;
            for (const Corner& k : corners) v += k.weight * xp[k.offset];
            col[(c * K + j) * P + p] = v * m;
          }
        }
    // [spec:DC5] Y = B + W_g * col, per group, in binary64.
    ONNXSEM_CLAUSE(DC5);
    for (int64_t m = 0; m < s.M; ++m) {
      const int64_t gi = m / s.Mg;
      double* yp = y.data() + (n * s.M + m) * P;
      for (int64_t p = 0; p < P; ++p) yp[p] = bias[m];
      for (int64_t c = 0; c < s.Cg; ++c)
        for (int64_t j = 0; j < K; ++j) {
          const double wv = wd[(m * s.Cg + c) * K + j];
          const double* cp = col.data() + ((gi * s.Cg + c) * K + j) * P;
          for (int64_t p = 0; p < P; ++p) yp[p] += wv * cp[p];
        }
    }
  }
  return {dispatch(x.dtype(), nn_float_types, op, [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    return narrow_all<T>(cx, yshape, y);
  })};
}

}  // namespace

void add_deform_conv(Registry& r) {
  // DeformConv-22 only added bfloat16 to the element types.
  r.add("", "DeformConv", {19, 22}, deform_conv);
}

}  // namespace onnxsem::ops::nn

// GridSample and AffineGrid (spec/ops-spatial.md, SP20-SP29).
//
// GridSample reads, for every output position, a normalised coordinate in [-1, 1] per spatial axis from
// the grid (last axis first), maps it to an input coordinate, and interpolates X there as a tensor product
// of per-axis taps, in binary64; taps outside X follow the padding mode. AffineGrid builds such a grid
// from a batch of affine matrices.
#include <algorithm>
#include <cmath>

#include "ops/common/attrs.hpp"
#include "ops/spatial/spatial.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::spatial {
namespace {

enum class GsMode { nearest, linear, cubic };
enum class Padding { zeros, border, reflection };

struct GsVersion {
  bool nd = false;  // GridSample-20 and later: any number of spatial axes; mode names linear/cubic
};

// Reflects x into [lo, hi] (SP23) by folding at the nearer border until it lies inside.
double reflect(double x, double lo, double hi) {
  const double range = hi - lo;
  if (range <= 0) return lo;
  if (x >= lo && x <= hi) return x;
  const double dx = x < lo ? lo - x : x - hi;
  const double folds = std::floor(dx / range);
  const double r = dx - folds * range;
  const bool even = std::fmod(folds, 2.0) == 0;
  if (x < lo) return even ? lo + r : hi - r;
  return even ? hi - r : lo + r;
}

struct Tap {
  int64_t index;  // -1: outside X under zeros padding
  double weight;
};

Kernel grid_sample_kernel(GsVersion v) {
  return [v](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    EvalContext& cx = a.context();
    const std::string op = "GridSample";
    const Tensor& x = a.tensor(0);
    const Tensor& grid = a.tensor(1);
    const int64_t rank = x.rank();
    // [spec:SP20] X is (N, C, D1..Dn) and the grid (N, O1..On, n); GridSample-16 only has n = 2.
    ONNXSEM_CLAUSE(SP20);
    if (rank < 3 || (!v.nd && rank != 4) || grid.rank() != rank || grid.dim(0) != x.dim(0) ||
        grid.dim(rank - 1) != rank - 2)
      eval_error("SP20", op + ": X of shape " + show(x.shape()) + " and grid of shape " + show(grid.shape()) +
                             " do not fit (N, C, D1..Dn) and (N, O1..On, n)" + (v.nd ? "" : " with n = 2"));
    const std::string m = attr_string(a.node, "mode", v.nd ? "linear" : "bilinear");
    GsMode mode;
    if (m == "nearest") mode = GsMode::nearest;
    else if (m == (v.nd ? "linear" : "bilinear")) mode = GsMode::linear;
    else if (m == (v.nd ? "cubic" : "bicubic")) mode = GsMode::cubic;
    else eval_error("SP20", op + ": attribute mode '" + m + "' is not defined by this version");
    const std::string pm = attr_string(a.node, "padding_mode", "zeros");
    Padding pad;
    if (pm == "zeros") pad = Padding::zeros;
    else if (pm == "border") pad = Padding::border;
    else if (pm == "reflection") pad = Padding::reflection;
    else eval_error("SP20", op + ": attribute padding_mode '" + pm + "' is not zeros, border or reflection");
    const bool align = attr_int(a.node, "align_corners", 0) != 0;

    const size_t n = static_cast<size_t>(rank - 2);
    const int64_t batch = x.dim(0), channels = x.dim(1);
    Shape dims(x.shape().begin() + 2, x.shape().end());
    Shape yshape{batch, channels};
    yshape.insert(yshape.end(), grid.shape().begin() + 1, grid.shape().end() - 1);
    const int64_t plane = element_count(dims);
    int64_t outs = 1;
    for (int64_t d = 1; d < rank - 1; ++d) outs = size_mul(outs, grid.dim(d));
    std::vector<int64_t> stride(n, 1);
    for (size_t d = n; d-- > 1;) stride[d - 1] = stride[d] * dims[d];
    const std::vector<double> g = widen_all(grid, op + " grid");
    if (plane == 0 && batch * channels * outs > 0)
      eval_error("SP20", op + ": X of shape " + show(x.shape()) + " has an empty spatial axis to sample from");

    return {dispatch(x.dtype(), numeric_types, op, [&](auto tag) -> Value {
      using T = typename decltype(tag)::type;
      auto xd = x.data<T>();
      auto [y, out] = Tensor::allocate<T>(cx, yshape);
      if (out.empty()) return Value(y);
      std::vector<std::vector<Tap>> taps(n);
      for (int64_t b = 0; b < batch; ++b)
        for (int64_t o = 0; o < outs; ++o) {
          bool nan = false;
          for (size_t d = 0; d < n; ++d) {
            const double len = static_cast<double>(dims[d]);
            // [spec:SP21] the grid lists the coordinate of the last spatial axis first.
            ONNXSEM_CLAUSE(SP21);
            const double gn =
                g[static_cast<size_t>((b * outs + o) * static_cast<int64_t>(n) + static_cast<int64_t>(n - 1 - d))];
            // [spec:SP29] denormalisation: -1 and 1 are the centres (align_corners) or the outer edges of the
            // first and last elements.
            ONNXSEM_CLAUSE(SP29);
            double c = align ? (gn + 1) / 2 * (len - 1) : ((gn + 1) * len - 1) / 2;
            const double lo = align ? 0.0 : -0.5, hi = align ? len - 1 : len - 0.5;
            if (std::isnan(c) || (pad == Padding::reflection && !std::isfinite(c))) {
              nan = true;
              break;
            }
            if (mode == GsMode::nearest) {
              // [spec:SP22] nearest rounds the coordinate to an integer, ties to even.
              ONNXSEM_CLAUSE(SP22);
              c = std::nearbyint(c);
            }
            if (c < lo || c > hi) {
              // [spec:SP23] border clamps the coordinate into the input; reflection folds it back.
              ONNXSEM_CLAUSE(SP23);
              if (pad == Padding::border) c = std::clamp(c, 0.0, len - 1);
              else if (pad == Padding::reflection) c = reflect(c, lo, hi);
            }
            c = std::clamp(c, -len - 8, 2 * len + 8);  // beyond this every tap is outside: same result
            auto fetch = [&](double i) -> int64_t {
              // [spec:SP24] a tap outside X: zeros reads 0, border the nearest edge element, reflection the
              // element at the reflected index (truncated toward zero).
              ONNXSEM_CLAUSE(SP24);
              if (i >= 0 && i < len) return static_cast<int64_t>(i);
              if (pad == Padding::zeros) return -1;
              if (pad == Padding::border) return std::clamp(static_cast<int64_t>(i), int64_t{0}, dims[d] - 1);
              return std::clamp(static_cast<int64_t>(std::trunc(reflect(i, lo, hi))), int64_t{0}, dims[d] - 1);
            };
            auto& t = taps[d];
            t.clear();
            if (mode == GsMode::nearest) {
              t.push_back({fetch(std::trunc(c)), 1.0});
            } else {
              // [spec:SP25] linear taps floor(c), floor(c)+1; cubic taps floor(c)-1..floor(c)+2 with the
              // cubic kernel of parameter -0.75.
              ONNXSEM_CLAUSE(SP25);
              const double f = std::floor(c), r = c - f;
              if (mode == GsMode::linear) {
                t.push_back({fetch(f), 1 - r});
                t.push_back({fetch(f + 1), r});
              } else {
                for (int i = -1; i <= 2; ++i) t.push_back({fetch(f + i), cubic_kernel(r - i, -0.75)});
              }
            }
          }
          for (int64_t c = 0; c < channels; ++c) {
            const size_t dst = static_cast<size_t>((b * channels + c) * outs + o);
            if (nan) {
              out[dst] = narrow<T>(std::nan(""));
              continue;
            }
            const T* xp = xd.data() + (b * channels + c) * plane;
            // Tensor product of the per-axis taps, odometer over tap positions.
            std::vector<size_t> k(n, 0);
            double acc = 0;
            while (true) {
              double w = 1;
              int64_t src = 0;
              bool inside = true;
              for (size_t d = 0; d < n; ++d) {
                const Tap& t = taps[d][k[d]];
                w *= t.weight;
                if (t.index < 0) inside = false;
                else src += t.index * stride[d];
              }
              if (inside && w != 0) acc += w * widen(xp[src]);
              size_t d = n;
              while (d-- > 0) {
                if (++k[d] < taps[d].size()) break;
                k[d] = 0;
              }
              if (d == static_cast<size_t>(-1)) break;
            }
            out[dst] = narrow<T>(acc);
          }
        }
      return Value(y);
    })};
  };
}

// ---- AffineGrid-20 -------------------------------------------------------------------------------------

std::vector<std::optional<Value>> affine_grid_20(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "AffineGrid";
  const Tensor& theta = a.tensor(0);
  const std::vector<int64_t> size = int_list(a.tensor(1), op + " size");
  const bool align = attr_int(a.node, "align_corners", 0) != 0;
  // [spec:SP26] size is (N, C, H, W) with theta (N, 2, 3), or (N, C, D, H, W) with theta (N, 3, 4).
  ONNXSEM_CLAUSE(SP26);
  const size_t n = size.size() >= 2 ? size.size() - 2 : 0;
  if ((n != 2 && n != 3) || theta.rank() != 3 || theta.dim(0) != size[0] || theta.dim(1) != static_cast<int64_t>(n) ||
      theta.dim(2) != static_cast<int64_t>(n) + 1)
    eval_error("SP26", op + ": theta of shape " + show(theta.shape()) + " does not fit size " + show(size));
  for (int64_t s : size)
    if (s < 0) eval_error("SP26", op + ": size " + show(size) + " has a negative entry");
  Shape yshape{size[0]};
  yshape.insert(yshape.end(), size.begin() + 2, size.end());
  yshape.push_back(static_cast<int64_t>(n));
  const std::vector<double> th = widen_all(theta, op + " theta");
  // [spec:SP27] the base coordinate of index i along an axis of extent L.
  auto base = [&](int64_t i, int64_t len) {
    ONNXSEM_CLAUSE(SP27);
    if (align) return len > 1 ? -1 + 2.0 * static_cast<double>(i) / static_cast<double>(len - 1) : -1.0;
    return -1 + (2.0 * static_cast<double>(i) + 1) / static_cast<double>(len);
  };
  const Shape sp(size.begin() + 2, size.end());
  const int64_t points = element_count(sp);
  return {dispatch(theta.dtype(), sp_float_types, op, [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    auto [y, out] = Tensor::allocate<T>(cx, yshape);
    std::vector<double> h(n + 1, 1.0);  // homogeneous base point: x (last axis), y, [z], 1
    for (int64_t b = 0; b < size[0]; ++b)
      for (int64_t p = 0; p < points; ++p) {
        for (int64_t rem = p, d = static_cast<int64_t>(n) - 1; d >= 0; --d) {
          const int64_t i = rem % sp[d];
          rem /= sp[d];
          h[n - 1 - static_cast<size_t>(d)] = base(i, sp[d]);
        }
        // [spec:SP28] each grid point is theta[b] times the homogeneous base point (x, y[, z], 1).
        ONNXSEM_CLAUSE(SP28);
        for (size_t r = 0; r < n; ++r) {
          double acc = 0;
          for (size_t c = 0; c <= n; ++c) acc += th[(static_cast<size_t>(b) * n + r) * (n + 1) + c] * h[c];
          out[static_cast<size_t>((b * points + p) * static_cast<int64_t>(n)) + r] = narrow<T>(acc);
        }
      }
    return Value(y);
  })};
}

}  // namespace

void add_sample(Registry& r) {
  r.add("", "GridSample", {16}, grid_sample_kernel({.nd = false}));
  r.add("", "GridSample", {20, 22}, grid_sample_kernel({.nd = true}));
  r.add("", "AffineGrid", {20}, affine_grid_20);
}

}  // namespace onnxsem::ops::spatial

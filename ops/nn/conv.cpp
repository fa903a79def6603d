// Convolution (spec/ops-nn.md, NN10-NN16).
//
// For X of shape (N, C, D1..Dn), W of shape (M, C/G, k1..kn) and G groups, output channel m belongs to
// group g = m / (M/G) and sees the input channels g*(C/G) .. (g+1)*(C/G)-1. With the window geometry of
// window.hpp (tap positions o*s - pad_begin + j*d along each axis),
//
//   Y[n, m, o] = B[m] + sum_{c < C/G} sum_{j in taps} W[m, c, j] * X[n, g*(C/G) + c, tap(o, j)]
//
// where a tap outside the input contributes 0 (zero padding). The sum is formed in binary64 and rounded
// once to the element type (P1).
//
// ConvTranspose is the adjoint scatter: every input element X[n, c, i] adds W[c, m, j] * X[n, c, i] to
// Y[n, m, o] for o = i*s - pad_begin + j*d, for the taps that land inside the output.
//
// Implementation: the output positions of one (n, group) are taken in tiles. For a tile, the taps are
// gathered into a matrix col[c, j][p] (im2col); the tile of Y is then the product W_g (M/G x C/G*K) by
// col (C/G*K x tile), computed by the cache-blocked binary64 product of ops/common/product.hpp, which
// adds the terms of each sum in the order of the formula above (c, then j). W_g is packed once per call;
// col is gathered straight into the packed form the product reads. With two or more spatial axes the taps
// are usually not gathered at all: `shifted` reads the rows of col in place as shifted views of the
// widened, zero-padded input, split into its stride phases, the same terms in the same order.
#include <algorithm>
#include <cstring>
#include <memory>

#include "ops/common/attrs.hpp"
#include "ops/common/product.hpp"
#include "ops/nn/nn.hpp"
#include "ops/nn/window.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::nn {
namespace {

constexpr int64_t kNR = product_detail::kNR;  // positions per panel of the packed tap matrix

struct ConvShape {
  int64_t N, C, M, G, Cg, Mg;
  Shape kernel;
};

// Reads group and the kernel extents; checks the shapes of X, W and B against each other.
// `w_out_axis` is the axis of W that counts output channels (0 for Conv, 1 for ConvTranspose).
ConvShape conv_shape(const KernelArgs& a, const std::string& op, bool transpose) {
  const Tensor& x = a.tensor(0);
  const Tensor& w = a.tensor(1);
  require_spatial_input(x, op);
  ConvShape s{};
  s.G = attr_int(a.node, "group", 1);
  s.N = x.dim(0);
  s.C = x.dim(1);
  // [spec:NN10] W is (M, C/G, k...) for Conv and (C, M/G, k...) for ConvTranspose; C (and M for Conv)
  // divisible by the group count; kernel_shape, when given, equals W's spatial extents; B is (M).
  ONNXSEM_CLAUSE(NN10);
  if (w.rank() != x.rank())
    eval_error("NN10", op + ": weight W has shape " + show(w.shape()) + ", expected the rank of X " + show(x.shape()));
  if (w.dtype() != x.dtype())
    eval_error("NN10",
               op + ": W has element type " + std::string(dtype_name(w.dtype())) + ", X has " + dtype_name(x.dtype()));
  if (s.G < 1) eval_error("NN10", op + ": attribute group is " + std::to_string(s.G) + ", expected >= 1");
  if (s.C % s.G != 0)
    eval_error("NN10", op + ": " + std::to_string(s.C) + " input channels are not divisible into " +
                           std::to_string(s.G) + " groups");
  s.Cg = s.C / s.G;
  if (!transpose) {
    s.M = w.dim(0);
    if (w.dim(1) != s.Cg)
      eval_error("NN10",
                 op + ": W has shape " + show(w.shape()) + ", its axis 1 must be C/group = " + std::to_string(s.Cg));
    if (s.M % s.G != 0)
      eval_error("NN10", op + ": " + std::to_string(s.M) + " output channels are not divisible into " +
                             std::to_string(s.G) + " groups");
    s.Mg = s.M / s.G;
  } else {
    if (w.dim(0) != s.C)
      eval_error("NN10", op + ": W has shape " + show(w.shape()) + ", its axis 0 must be C = " + std::to_string(s.C));
    s.Mg = w.dim(1);
    s.M = size_mul(s.Mg, s.G);
  }
  s.kernel.assign(w.shape().begin() + 2, w.shape().end());
  if (auto ks = attr_ints_opt(a.node, "kernel_shape"); ks && *ks != s.kernel)
    eval_error("NN10",
               op + ": attribute kernel_shape " + show(*ks) + " differs from W's spatial shape " + show(s.kernel));
  if (a.has_input(2)) {
    const Tensor& b = a.tensor(2);
    if (b.shape() != Shape{s.M})
      eval_error("NN10", op + ": bias B has shape " + show(b.shape()) + ", expected [" + std::to_string(s.M) + "]");
  }
  return s;
}

std::vector<double> bias_of(const KernelArgs& a, int64_t M, const std::string& op) {
  if (!a.has_input(2)) return std::vector<double>(static_cast<size_t>(M), 0.0);
  return widen_all(a.tensor(2), op);
}

// What the lowering of a convolution to a matrix product needs: the spatial extents, and per axis the
// input coordinate that tap j of output coordinate o reads, tapq[d][o * kernel[d] + j] (-1: none, a zero).
struct Lowering {
  Shape in, out, kernel;
  std::vector<std::vector<int64_t>> tapq;
  bool bias_first = false;  // the sums start at B (ConvTranspose, NN14) rather than adding it last (NN11)
};

// One thread's working buffers, kept between calls (they only grow, and are never zeroed: every entry is
// written before it is read; the padding columns of col's last panel are zeroed once per tile). A cache
// outside the evaluation's context: what it held before a call is never read, so it cannot change a result.
struct Scratch {
  template <class T>
  struct Buffer {
    product_detail::LineArray<T> data;
    int64_t size = 0;
    T* at_least(int64_t n) {
      if (n > size) {
        data.reset();
        data = product_detail::line_array<T>(n);
        size = n;
      }
      return data.get();
    }
  };
  Buffer<double> col, acc, taps;
  Buffer<int64_t> offs;
  Buffer<char> run;
};
thread_local Scratch scratch;

// Y of shape (N, M, out...), every element to be written by the caller.
template <class T>
std::pair<Tensor, std::span<T>> allocate_y(EvalContext& cx, const ConvShape& s, const Shape& out) {
  Shape yshape{s.N, s.M};
  yshape.insert(yshape.end(), out.begin(), out.end());
  return Tensor::allocate_for_overwrite<T>(cx, yshape);
}

// Positions per tile: the sums (Mg rows) and the tap matrix (R rows) of a tile within about 4 MiB each.
int64_t positions_per_tile(int64_t R, int64_t Mg) {
  return std::clamp<int64_t>((int64_t{1} << 19) / std::max<int64_t>({R, Mg, 1}) / kNR * kNR, kNR, 2048);
}

// E9: how many threads a convolution's products are shared among: enough multiply-adds for each
// (kParallelGrain), or, for a depthwise convolution, which adds its taps a run at a time rather than in the
// register kernel, about as many as the elements of a pass over a tensor (kElementGrain).
int64_t conv_threads(EvalContext& cx, const ConvShape& s, int64_t P, int64_t R, bool depthwise) {
  return pieces_for(cx, work_product({s.N, s.M, P, R}), depthwise ? kElementGrain : product_detail::kParallelGrain);
}

// E9: the pieces a convolution is cut into on several threads, about three per thread, so that the threads
// finish together (measured on two threads, runs alternated in one process: two per thread were slower,
// ResNet-50 83.5 -> 87.2 ms, DenseNet-121 71.7 -> 75.8; four were no faster).
constexpr int64_t kPiecesPerThread = 3;

// E9: a grouped convolution cut by groups: into how many slices of its G groups.
int64_t group_slices(int64_t G, int64_t threads) { return std::min(G, kPiecesPerThread * threads); }

// E9: with `tiles` tiles for `threads` threads, into how many slices of each group's Mg rows each tile is
// cut so that there are about kPiecesPerThread pieces per thread (each slice at least four register tiles).
int64_t row_slices(int64_t tiles, int64_t threads, int64_t Mg) {
  const int64_t want = kPiecesPerThread * threads;
  if (threads <= 1 || tiles >= want) return 1;
  return std::clamp<int64_t>((want + tiles - 1) / tiles, 1, std::max<int64_t>(1, Mg / (4 * product_detail::kMR)));
}

// E9: into how many tiles a convolution cuts its positions (`lowered`) or its rows of the outer axis
// (`shifted`), tiles of nearly equal size, when `at_least` tiles are needed and each tile is cut into `parts`
// pieces: on several threads, enough for a number of pieces that is a multiple of the threads (at most
// `most` tiles). Otherwise, with few pieces, one thread computes the last alone: 7 pieces on two threads
// leave one thread idle for a seventh of the convolution. A convolution cut by groups passes threads = 1:
// its tiles stay as on one thread (each tile more would widen the group's rows of W again). Measured on
// two threads, runs alternated in one process, against tiles of full size and a smaller last one:
// Inception v2 44.4 -> 43.6 ms, Inception v1 33.1 -> 32.6, ResNet-50 78.9 -> 77.2, the conv stack 16.2 ->
// 15.7; DenseNet-121, FPN and ShuffleNet unchanged.
int64_t even_tiles(int64_t at_least, int64_t threads, int64_t parts, int64_t most) {
  if (threads <= 1 || (at_least * parts) % threads == 0) return at_least;
  return std::max(at_least, std::min((at_least + threads - 1) / threads * threads, most));
}

// Y[n, m, o] = the sum over r = c*K + j, in increasing r, of W_g[m, r] * X[n, group c, tapq(o, j)], with
// B[m] added last or first; W_g the rows g*M/G .. (g+1)*M/G-1 of `w` (M x C/G*K, row-major: W itself for
// Conv, its widened transpose for ConvTranspose).
template <class T, class TW>
Tensor lowered(EvalContext& cx, const Tensor& x, const TW* w, const std::vector<double>& bias, const ConvShape& s,
               const Lowering& L) {
  const size_t rank = L.in.size();
  const int64_t P = element_count(L.out), K = element_count(L.kernel), R = s.Cg * K, plane = element_count(L.in);
  // Every element of Y is written below (each tile's rows of every group, for every image).
  auto [y, out_view] = allocate_y<T>(cx, s, L.out);
  const std::span<T> out = out_view;  // a plain variable: clang 14 cannot capture structured bindings
  if (out.empty()) return y;
  auto xd = x.data<T>();
  const auto& tapq = L.tapq;
  // Coordinates of every tap, per axis (those of an output position are worked out where a row starts).
  const std::vector<std::vector<int64_t>> jcoord = grid_coordinates(L.kernel, K);

  // A kernel of one tap with unit strides and no padding gathers nothing: row c of the matrix of taps
  // is channel c of the group in X, position for position.
  bool direct = K == 1;
  for (size_t d = 0; d < rank && direct; ++d)
    direct = L.out[d] == L.in[d] &&
             std::all_of(tapq[d].begin(), tapq[d].end(), [&, o = int64_t{0}](int64_t q) mutable { return q == o++; });
  // A depthwise convolution (one input and one output channel per group) sums its K taps straight into
  // the output positions, in the same order as the product would (r = j), padding taps included (W * 0).
  const bool depthwise = s.Cg == 1 && s.Mg == 1 && !direct;
  // L5: the products, counted before the tiles are handed out (the tiles charge nothing).
  cx.charge(work_product({s.N, s.M, P, R}), "a matrix product");
  // A tile of output positions whose im2col block and sums stay within about 4 MiB each, and no wider than
  // the positions there are.
  int64_t tile = std::min(positions_per_tile(R, s.Mg), (P + kNR - 1) / kNR * kNR);
  // E9: on several threads, pieces of (a tile of positions, a slice of each group's rows); at least about
  // three per thread when the positions and rows allow, so that the threads finish together.
  const int64_t threads = conv_threads(cx, s, P, R, depthwise);
  int64_t row_parts = 1, group_parts = 1;
  if (threads > 1 && !depthwise && s.G >= threads) {
    // A grouped convolution of at least as many groups as threads: pieces of (a tile, a slice of the
    // groups), the tiles as on one thread. Each group reads only its own channels and rows of W, so the
    // pieces share nothing; slicing each group's positions or rows instead would make every piece widen
    // the same taps or rows of W again.
    group_parts = group_slices(s.G, threads);
  } else if (threads > 1 && !depthwise && P <= tile && P < 3 * s.Mg && s.Mg >= 2 * threads * product_detail::kMR) {
    // One tile of positions, fewer than three per row of W: one slice of each group's rows per thread over
    // every position. Each piece packs only its rows of W and reads the taps of all positions (for one
    // image and one group gathered once, by slices of the channels, below). Slicing the positions instead
    // would make each of about three pieces per thread widen all of W (Mg x R values) again; that costs
    // more than reading the other thread's half of the taps (R x P values) while P < 3 Mg. Measured on two
    // threads, runs alternated in one process: Inception v2 (14x14 positions, 96 to 256 rows) 50.6 ->
    // 46.9 ms against the bound P < Mg; SqueezeNet, ResNet-50, Inception v1 and DenseNet-121 unchanged;
    // every single-tile convolution cut by rows was slower (SqueezeNet 8.2 -> 8.7 ms).
    row_parts = threads;
  } else if (threads > 1) {
    const int64_t want = kPiecesPerThread * threads;
    tile = std::min(tile, std::max<int64_t>(kNR, ((P + want - 1) / want + kNR - 1) / kNR * kNR));
    if (!depthwise) row_parts = row_slices((P + tile - 1) / tile, threads, s.Mg);
  }
  const int64_t tiles = even_tiles((P + tile - 1) / tile, group_parts > 1 ? 1 : threads, row_parts,
                                   (P + kNR - 1) / kNR);
  const int64_t panels = (tile + kNR - 1) / kNR;
  // Tile t: the positions [p0, p0 + tp), the tiles of nearly equal size (cut at multiples of kNR; none
  // wider than `tile`).
  auto tile_at = [&](int64_t t) -> std::pair<int64_t, int64_t> {
    const auto [lo, hi] = slice_bounds(P, tiles, t, kNR);
    return {lo, hi - lo};
  };

  // The offsets and runs of the tile of positions [p0, p0 + tp):
  // offs[jf * tile + t]: the offset in a channel plane of X of tap jf of position p0 + t, or -1 in the
  // padding; computed once per tile for every image and group.
  // run[jf * panels + q]: whether the positions of panel q read kNR consecutive elements of X through tap
  // jf (no padding among them), which are then copied as a block.
  auto prepare = [&](int64_t p0, int64_t tp, int64_t* offs, char* run) {
    // A row of positions (consecutive along the last axis) at a time: the taps of its other axes give one
    // offset (or the padding) for the whole row, and the last axis adds its own coordinate.
    const size_t last = rank - 1;
    const int64_t width = L.out[last], klast = L.kernel[last], inlast = L.in[last];
    std::vector<int64_t> oc(rank);  // the coordinates of position p0 + t
    for (int64_t jf = 0; jf < K; ++jf)
      for (int64_t t = 0; t < tp;) {
        for (int64_t d = static_cast<int64_t>(last), rem = p0 + t; d >= 0; --d) {
          oc[static_cast<size_t>(d)] = rem % L.out[static_cast<size_t>(d)];
          rem /= L.out[static_cast<size_t>(d)];
        }
        const int64_t row_end = std::min(tp, t + (width - oc[last]));
        int64_t base = 0;
        for (size_t d = 0; d < last && base >= 0; ++d) {
          const int64_t q = tapq[d][oc[d] * L.kernel[d] + jcoord[d][jf]];
          base = q < 0 ? -1 : base * L.in[d] + q;
        }
        int64_t* o = offs + jf * tile;
        if (base < 0) {
          std::fill(o + t, o + row_end, int64_t{-1});
        } else {
          const int64_t* ql = tapq[last].data() + jcoord[last][jf];
          for (int64_t u = t, ox = oc[last]; u < row_end; ++u, ++ox) {
            const int64_t q = ql[ox * klast];
            o[u] = q < 0 ? -1 : base * inlast + q;
          }
        }
        t = row_end;
      }
    for (int64_t jf = 0; jf < K; ++jf)
      for (int64_t q = 0; q * kNR < tp; ++q) {
        const int64_t* o = offs + jf * tile + q * kNR;
        bool consecutive = (q + 1) * kNR <= tp && o[0] >= 0;
        for (int64_t u = 1; consecutive && u < kNR; ++u) consecutive = o[u] == o[0] + u;
        run[jf * panels + q] = consecutive;
      }
  };
  // Rows c*K .. c*K + K-1 of the tile's matrix of taps for channels [c0, c1) of group gi of image n, in the
  // packed form the product reads (packed_index); the padding columns of the last panel are the caller's.
  auto gather_taps = [&](int64_t n, int64_t gi, int64_t p0, int64_t tp, const int64_t* offs, const char* run,
                         double* col, int64_t c0, int64_t c1) {
    if (direct) {
      // The tile's columns of X, channels c0 .. c1-1 (rows of the packed form, adjacent in each panel).
      product_detail::typed::spread_rows(xd.data() + (n * s.C + gi * s.Cg + c0) * plane + p0, plane, c1 - c0, tp,
                                         col + packed_index(R, c0, 0), kNR * R);
      return;
    }
    for (int64_t c = c0; c < c1; ++c) {
      const T* xp = xd.data() + (n * s.C + gi * s.Cg + c) * plane;
      // im2col: col[c*K + jf][t] = X[n, gi*Cg + c, tap(p0 + t, jf)], 0 in the padding.
      for (int64_t jf = 0; jf < K; ++jf)
        product_detail::typed::gather(xp, offs + jf * tile, run + jf * panels, tp, col + packed_index(R, c * K + jf, 0),
                                      kNR * R);
    }
  };
  // Rows [r0, r1) of group gi of the tile of Y = bias + W_g * col, each sum formed in binary64 in the order
  // of r = c*K + j (ops/common/product.hpp) and rounded once (NN11 for Conv, NN14 for ConvTranspose).
  auto multiply = [&](int64_t n, int64_t gi, int64_t p0, int64_t tp, const double* col, double* acc, int64_t r0,
                      int64_t r1) {
    if (L.bias_first)
      for (int64_t i = r0; i < r1; ++i) std::fill(acc + i * tp, acc + (i + 1) * tp, bias[gi * s.Mg + i]);
    if constexpr (std::is_same_v<T, float> && std::is_same_v<TW, float>) {
      // Binary32: the product narrows each sum (with B added last, or already in it) straight into Y, as the
      // loop below would (product_packed_rows, `narrowing`).
      const product_detail::Narrowing narrowing{out.data() + (n * s.M + gi * s.Mg) * P + p0, P,
                                                L.bias_first ? nullptr : bias.data() + gi * s.Mg};
      product_packed_rows(tp, MatrixView<TW>{w + gi * s.Mg * R, R, 1}, s.Mg, R, r0, r1, col, acc, tp, L.bias_first,
                          product_detail::exact_products<T, T>, &narrowing);
      return;
    }
    product_packed_rows(tp, MatrixView<TW>{w + gi * s.Mg * R, R, 1}, s.Mg, R, r0, r1, col, acc, tp, L.bias_first,
                        product_detail::exact_products<T, T>);
    for (int64_t i = r0; i < r1; ++i) {
      const int64_t m = gi * s.Mg + i;
      T* yp = out.data() + (n * s.M + m) * P + p0;
      const double* ai = acc + i * tp;
      if (L.bias_first) product_detail::typed::narrow(ai, tp, yp);
      else product_detail::typed::narrow_plus(ai, tp, bias[m], yp);
    }
  };
  // The zero columns of the last panel of a tile's matrix of taps.
  auto pad_panel = [&](double* col, int64_t tp) {
    if (tp % kNR != 0) std::fill(col + packed_index(R, 0, tp / kNR * kNR), col + packed_size(R, tp), 0.0);
  };

  if (row_parts > 1 && s.N * s.G == 1) {
    // E9, each tile cut into slices of rows: its matrix of taps is gathered once, by slices of the channels,
    // and then read by every slice of rows (rather than gathered again by each).
    std::vector<product_detail::LineArray<double>> cols;
    std::vector<std::vector<int64_t>> offs(static_cast<size_t>(tiles));
    std::vector<std::vector<char>> runs(static_cast<size_t>(tiles));
    for (int64_t t = 0; t < tiles; ++t) {
      const auto [p0, tp] = tile_at(t);
      cols.push_back(product_detail::line_array<double>(packed_size(R, tile)));
      pad_panel(cols.back().get(), tp);
      if (direct) continue;
      offs[static_cast<size_t>(t)].resize(static_cast<size_t>(K * tile));
      runs[static_cast<size_t>(t)].resize(static_cast<size_t>(K * panels));
      prepare(p0, tp, offs[static_cast<size_t>(t)].data(), runs[static_cast<size_t>(t)].data());
    }
    const int64_t channel_parts = std::min(s.Cg, threads);
    parallel_for(cx, tiles * channel_parts, [&](int64_t piece) {
      const int64_t t = piece / channel_parts;
      const auto [p0, tp] = tile_at(t);
      const auto [c0, c1] = slice_bounds(s.Cg, channel_parts, piece % channel_parts);
      gather_taps(0, 0, p0, tp, offs[static_cast<size_t>(t)].data(), runs[static_cast<size_t>(t)].data(),
                  cols[static_cast<size_t>(t)].get(), c0, c1);
    });
    parallel_for(cx, tiles * row_parts, [&](int64_t piece) {
      const int64_t t = piece / row_parts;
      const auto [p0, tp] = tile_at(t);
      const auto [r0, r1] = slice_bounds(s.Mg, row_parts, piece % row_parts, product_detail::kMR);
      multiply(0, 0, p0, tp, cols[static_cast<size_t>(t)].get(), scratch.acc.at_least(s.Mg * tile), r0, r1);
    });
    return y;
  }
  parallel_for(cx, tiles * row_parts * group_parts, [&](int64_t q) {
    const auto [g0, g1] = slice_bounds(s.G, group_parts, q % group_parts);
    const int64_t piece = q / group_parts;
    const auto [p0, tp] = tile_at(piece / row_parts);
    const auto [r0, r1] = slice_bounds(s.Mg, row_parts, piece % row_parts, product_detail::kMR);
    double* const col = depthwise ? nullptr : scratch.col.at_least(packed_size(R, tile));
    double* const acc = scratch.acc.at_least(s.Mg * tile);
    int64_t* const offs = direct ? nullptr : scratch.offs.at_least(K * tile);
    char* const run = direct ? nullptr : scratch.run.at_least(K * panels);
    if (col) pad_panel(col, tp);
    if (!direct) prepare(p0, tp, offs, run);
    for (int64_t n = 0; n < s.N; ++n)
      for (int64_t gi = g0; gi < g1; ++gi) {
        if (!depthwise) {
          gather_taps(n, gi, p0, tp, offs, run, col, 0, s.Cg);
          multiply(n, gi, p0, tp, col, acc, r0, r1);
          continue;
        }
        // acc[t] = (B or +0) + W[0] X(tap 0) + W[1] X(tap 1) + ..., a tap in the padding reading 0; then
        // rounded once.
        const T* xp = xd.data() + (n * s.C + gi) * plane;
        const TW* wgi = w + gi * R;
        std::fill(acc, acc + tp, L.bias_first ? bias[gi] : 0.0);
        for (int64_t jf = 0; jf < K; ++jf)
          product_detail::typed::add_taps(xp, offs + jf * tile, run + jf * panels, tp, widen(wgi[jf]), acc);
        T* yp = out.data() + (n * s.M + gi) * P + p0;
        if (L.bias_first) product_detail::typed::narrow(acc, tp, yp);
        else product_detail::typed::narrow_plus(acc, tp, bias[gi], yp);
      }
  });
  return y;
}

// The most rows of the matrix of taps (C/G * K) for which a strided convolution reads its taps in place.
constexpr int64_t kStridedInPlaceRows = 400;

// The grid extents E of `shifted`, or none (empty) when it does not apply: one spatial axis, a kernel of
// one tap with unit strides (the direct path), an empty output.
Shape phase_grid(const WindowGeometry& g) {
  if (g.rank() < 2) return {};
  bool unit = true;
  Shape ep(g.rank());
  for (size_t d = 0; d < g.rank(); ++d) {
    if (g.out[d] <= 0) return {};
    unit = unit && g.strides[d] == 1;
    ep[d] = g.out[d] + (g.kernel[d] - 1) * g.dilations[d] / g.strides[d];
  }
  if (unit && g.kernel_count() <= 1) return {};
  return ep;
}

// Whether the waste of the phase grid (its inner positions beyond out) costs less than gathering the
// taps: a gathered tap costs about as much as eight multiply-adds of the product.
// With strides other than 1, only where the matrix of taps has few rows (R = C/G * K, a network's first
// layers): there the band is small and the gathering dear. Measured one thread, 3x3 by 2: 3 channels at
// 640x640 4.5 ms in place against 5.5 gathered, 32 channels at 320x320 20.0 against 20.9, but 64 and 128
// channels (R = 576, 1152) 18.1 against 17.0 and 17.3 against 14.0: the band of four phases outgrows the
// cache the product reads it from; 7x7 by 2 over 3 channels 3.4 against 5.6.
bool shifted_pays(const WindowGeometry& g, const Shape& ep, int64_t rows_of_w, int64_t rows_of_taps) {
  const bool strided = std::any_of(g.strides.begin(), g.strides.end(), [](int64_t s) { return s != 1; });
  if (strided && rows_of_taps > kStridedInPlaceRows) return false;
  int64_t inner_out = 1, inner_padded = 1;
  for (size_t d = 1; d < g.rank(); ++d) {
    inner_out *= g.out[d];
    inner_padded *= ep[d];
  }
  return (inner_padded - inner_out) * rows_of_w <= 8 * inner_out;
}

// Conv with two or more spatial axes (spec/ops-nn.md NN11), the matrix of taps never formed. Along axis d,
// output position o reads through tap j the padded input at o * s[d] + j * dil[d] (padded coordinates: the
// input's plus pad_begin). Split the padded input into its stride phases: phase f (0 <= f < s[d]) holds
// the padded positions u * s[d] + f, u = 0, 1, ... Tap j then reads phase f(j) = (j * dil) mod s at u = o
// + t(j), t(j) = (j * dil) div s: every tap reads its phase's grid at the output position shifted by t(j).
// On a grid of extents E[d] = out[d] + ((k[d]-1) * dil[d]) div s[d] per phase (strides S[d], row-major),
// the index of u is that of o plus the tap's shift, sum_d t_d(j) * S[d]: row c*K + j of the matrix of taps
// is phase f(j) of channel c, widened and zero-padded, read in place from offset off(j) (the product's
// in-place mode, product_shifted_rows). With unit strides there is one phase, the padded input itself.
// The sums are those of `lowered`, term for term (a tap in the padding reads +0 there too); positions of the
// grid beyond out[d] along the inner axes are computed and thrown away. Tiles are whole rows of the outer
// axis: a tile of rows [a0, a1) reads rows [a0, a1 + t_max) of each phase grid (its band).
template <class T>
Tensor shifted(EvalContext& cx, const Tensor& x, const T* w, const std::vector<double>& bias, const ConvShape& s,
               const WindowGeometry& g, const Shape& ep) {
  const size_t rank = g.in.size(), last = rank - 1;
  Shape stride(rank, 1);  // of a phase grid, row-major
  for (size_t d = last; d-- > 0;) stride[d] = stride[d + 1] * ep[d + 1];
  const int64_t K = element_count(g.kernel), R = s.Cg * K, P = element_count(g.out), plane = element_count(g.in);
  auto [y, out_view] = allocate_y<T>(cx, s, g.out);
  const std::span<T> out = out_view;  // a plain variable: clang 14 cannot capture structured bindings
  if (out.empty()) return y;
  auto xd = x.data<T>();
  cx.charge(work_product({s.N, s.M, P, R}), "a matrix product");
  const int64_t row = stride[0];          // grid positions per row of the outer axis
  const int64_t halo = ep[0] - g.out[0];  // the largest shift of a tap along the outer axis
  // The last valid position of a row, counted from the row's start.
  int64_t inner_last = 0;
  for (size_t d = 1; d < rank; ++d) inner_last += (g.out[d] - 1) * stride[d];
  const std::vector<std::vector<int64_t>> jcoord = grid_coordinates(g.kernel, K);
  // The phases the taps read (each once, in the order of the first tap that reads it) and each tap's.
  std::vector<Shape> phases;
  std::vector<int64_t> phase_of(static_cast<size_t>(K));
  for (int64_t jf = 0; jf < K; ++jf) {
    Shape f(rank);
    for (size_t d = 0; d < rank; ++d) f[d] = jcoord[d][jf] * g.dilations[d] % g.strides[d];
    const auto at = std::find(phases.begin(), phases.end(), f);
    phase_of[jf] = at - phases.begin();
    if (at == phases.end()) phases.push_back(std::move(f));
  }
  const int64_t F = static_cast<int64_t>(phases.size());
  // Rows per tile: about as many positions as `lowered` takes (the sums within about 4 MiB).
  int64_t rows = std::clamp<int64_t>(positions_per_tile(R, s.Mg) / row, 1, g.out[0]);
  // E9: as in `lowered`, about three pieces per thread (tiles of rows, slices of each group's rows).
  // A depthwise convolution is cut by groups instead: each group reads only its own channel's band, where
  // tiles of fewer rows would each widen the rows of the band above and below theirs too.
  const bool depthwise = s.Cg == 1 && s.Mg == 1;
  const int64_t threads = conv_threads(cx, s, P, R, depthwise);
  // So is a grouped convolution of at least as many groups as threads (as in `lowered`).
  const bool by_groups = threads > 1 && (depthwise || s.G >= threads);
  const int64_t group_parts = by_groups ? group_slices(s.G, threads) : 1;
  if (threads > 1 && group_parts == 1)
    rows = std::min(rows,
                    std::max<int64_t>(1, (g.out[0] + kPiecesPerThread * threads - 1) / (kPiecesPerThread * threads)));
  const int64_t row_parts = group_parts > 1 ? 1 : row_slices((g.out[0] + rows - 1) / rows, threads, s.Mg);
  const int64_t tiles = even_tiles((g.out[0] + rows - 1) / rows, group_parts > 1 ? 1 : threads, row_parts, g.out[0]);
  // The band of (channel c, phase f) starts at (c * F + f) * cs: kNR doubles more than the band, for the
  // reads past the last column. Tap jf of channel c reads it from koff[c * K + jf].
  const int64_t cs = (rows + halo) * row + kNR;
  // The shift of tap jf within its phase's band, worked out once per tap rather than per channel and tap
  // (its divisions made this table 8.6 us of each firing of DenseNet-121's 3x3 convolutions, 128 channels;
  // 2.1 us now).
  std::vector<int64_t> shift(static_cast<size_t>(K), 0);
  for (int64_t jf = 0; jf < K; ++jf)
    for (size_t d = 0; d < rank; ++d) shift[jf] += jcoord[d][jf] * g.dilations[d] / g.strides[d] * stride[d];
  std::vector<int64_t> koff(static_cast<size_t>(R));
  for (int64_t c = 0; c < s.Cg; ++c)
    for (int64_t jf = 0; jf < K; ++jf) koff[c * K + jf] = (c * F + phase_of[jf]) * cs + shift[jf];
  // Rows along the last axis per row of the outer axis, and the inner coordinates of each.
  Shape inner_rows_shape(ep.begin() + 1, ep.end() - 1);
  const int64_t inner_rows = element_count(inner_rows_shape);
  const std::vector<std::vector<int64_t>> icoord = grid_coordinates(inner_rows_shape, inner_rows);
  Shape inner_out_shape(g.out.begin() + 1, g.out.end() - 1);
  const int64_t out_rows = element_count(inner_out_shape);
  const std::vector<std::vector<int64_t>> ocoord = grid_coordinates(inner_out_shape, out_rows);
  // Along the last axis, the grid positions [lo, hi) of phase f that hold input (the rest is padding):
  // input position u * s + f - pad_begin lies in [0, in).
  const int64_t sl = g.strides[last], pl = g.pad_begin[last], il = g.in[last];
  auto inside_last = [&](int64_t f) {
    const int64_t lo = std::min(pl > f ? (pl - f + sl - 1) / sl : 0, ep[last]);
    const int64_t end = il + pl - f;  // input while u * s < end
    return std::pair<int64_t, int64_t>{lo, std::clamp(end > 0 ? (end + sl - 1) / sl : 0, lo, ep[last])};
  };

  parallel_for(cx, tiles * row_parts * group_parts, [&](int64_t piece) {
    const auto [g0, g1] = slice_bounds(s.G, group_parts, piece % group_parts);
    const int64_t tile_piece = piece / group_parts;
    const auto [a0, a1] = slice_bounds(g.out[0], tiles, tile_piece / row_parts);  // at most `rows` rows
    const auto [r0, r1] = slice_bounds(s.Mg, row_parts, tile_piece % row_parts, product_detail::kMR);
    const int64_t n_cols = (a1 - a0 - 1) * row + inner_last + 1;
    double* const band = scratch.col.at_least(s.Cg * F * cs);
    double* const acc = scratch.acc.at_least(s.Mg * n_cols);
    const int64_t band_rows = a1 - a0 + halo;
    for (int64_t n = 0; n < s.N; ++n)
      for (int64_t gi = g0; gi < g1; ++gi) {
        // Y = bias + W_g * (the taps), each sum formed in binary64 in the order of r = c*K + j
        // (ops/common/product.hpp) and rounded once, as NN11 states (see conv).
        // The band of each channel and phase: grid rows a0 .. a0 + band_rows - 1, widened, +0 in the padding.
        for (int64_t c = 0; c < s.Cg; ++c) {
          const T* xc = xd.data() + (n * s.C + gi * s.Cg + c) * plane;
          for (int64_t f = 0; f < F; ++f) {
            const Shape& ph = phases[static_cast<size_t>(f)];
            double* bc = band + (c * F + f) * cs;
            const auto [lo, hi] = inside_last(ph[last]);
            if (rank == 2) {
              // Grid row b holds input row (a0 + b) * s + f - pad_begin: the rows above and below the input
              // are +0, those between one block of rows, each widened as below.
              const int64_t s0 = g.strides[0], off = ph[0] - g.pad_begin[0];
              int64_t b0 = 0, b1 = 0;
              while (b0 < band_rows && (a0 + b0) * s0 + off < 0) ++b0;
              for (b1 = b0; b1 < band_rows && (a0 + b1) * s0 + off < g.in[0];) ++b1;
              std::fill(bc, bc + b0 * row, 0.0);
              if (b1 > b0) {
                const T* first = xc + ((a0 + b0) * s0 + off) * il + (hi > lo ? lo * sl + ph[last] - pl : 0);
                product_detail::typed::widen_rows(first, s0 * il, sl, b1 - b0, lo, hi, ep[last], bc + b0 * row, row);
              }
              std::fill(bc + b1 * row, bc + cs, 0.0);
              continue;
            }
            for (int64_t b = 0; b < band_rows; ++b)
              for (int64_t ir = 0; ir < inner_rows; ++ir) {
                double* dst = bc + b * row + ir * ep[last];
                // The input row this grid row holds, if any.
                int64_t src = (a0 + b) * g.strides[0] + ph[0] - g.pad_begin[0];
                bool inside = src >= 0 && src < g.in[0];
                for (size_t d = 1; d < last && inside; ++d) {
                  const int64_t q = icoord[d - 1][ir] * g.strides[d] + ph[d] - g.pad_begin[d];
                  inside = q >= 0 && q < g.in[d];
                  src = src * g.in[d] + q;
                }
                if (!inside) {
                  std::fill(dst, dst + ep[last], 0.0);
                  continue;
                }
                std::fill(dst, dst + lo, 0.0);
                if (hi > lo) {  // input position lo * s + f - pad_begin and every s-th after it
                  const T* from = xc + src * il + lo * sl + ph[last] - pl;
                  product_detail::typed::widen_strided(from, sl, hi - lo, dst + lo);
                }
                std::fill(dst + hi, dst + ep[last], 0.0);
              }
            std::fill(bc + band_rows * row, bc + cs, 0.0);
          }
        }
        if (depthwise) {
          // One input and one output channel: the K taps added to the sums one after the other (r = j),
          // each a shifted run of the band.
          double* const wd = scratch.taps.at_least(K);
          for (int64_t jf = 0; jf < K; ++jf) wd[jf] = widen(w[gi * K + jf]);
          product_detail::typed::here().sum_taps(band, koff.data(), wd, K, n_cols, acc,
                                                 product_detail::exact_products<T, T>);
        } else {
          product_shifted_rows(n_cols, MatrixView<T>{w + gi * s.Mg * R, R, 1}, s.Mg, R, r0, r1, band, koff.data(), acc,
                               n_cols, false, product_detail::exact_products<T, T>);
        }
        // The valid positions: along each outer row and inner row, out[last] consecutive sums.
        for (int64_t i = r0; i < r1; ++i) {
          const int64_t m = gi * s.Mg + i;
          const double b = bias[m];
          if (rank == 2) {  // rows of the grid `row` apart, of Y out[last] apart: in one call
            product_detail::typed::narrow_plus_rows(acc + i * n_cols, row, g.out[last], a1 - a0, b,
                                                    out.data() + (n * s.M + m) * P + a0 * g.out[last], g.out[last]);
            continue;
          }
          for (int64_t a = a0; a < a1; ++a)
            for (int64_t orow = 0; orow < out_rows; ++orow) {
              int64_t from = (a - a0) * row, to = a;
              for (size_t d = 1; d < last; ++d) {
                from += ocoord[d - 1][orow] * stride[d];
                to = to * g.out[d] + ocoord[d - 1][orow];
              }
              const double* ai = acc + i * n_cols + from;
              T* yp = out.data() + (n * s.M + m) * P + to * g.out[last];
              product_detail::typed::narrow_plus(ai, g.out[last], b, yp);
            }
        }
      }
  });
  return y;
}

std::vector<std::optional<Value>> conv(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "Conv";
  const ConvShape s = conv_shape(a, op, false);
  const Tensor& x = a.tensor(0);
  Shape in(x.shape().begin() + 2, x.shape().end());
  const WindowGeometry g = window_geometry(a.node, in, s.kernel, {.dilations = true, .ceil_mode = false}, op);
  // L5: the gathering of the taps here (batch x groups planes); the products count as matrix products.
  charge_windows(cx, g, work_product({s.N, s.G}), s.Cg, op);
  const std::vector<double> bias = bias_of(a, s.M, op);
  // Two or more spatial axes (and not the direct path): the taps read in place (`shifted`), where the
  // phase grid's waste is small.
  const Shape ep = phase_grid(g);
  const bool in_place = !ep.empty() && shifted_pays(g, ep, s.Mg, s.Cg * g.kernel_count());
  Lowering L{g.in, g.out, g.kernel, std::vector<std::vector<int64_t>>(g.rank()), false};
  // Per axis: input position of tap j of output position o (or -1 in the padding), at [o * k + j].
  for (size_t d = 0; d < g.rank() && !in_place; ++d) {
    L.tapq[d].resize(static_cast<size_t>(g.out[d] * g.kernel[d]));
    for (int64_t o = 0; o < g.out[d]; ++o)
      for (int64_t j = 0; j < g.kernel[d]; ++j) {
        const int64_t q = g.tap(d, o, j);
        L.tapq[d][o * g.kernel[d] + j] = (q >= 0 && q < g.in[d]) ? q : -1;
      }
  }
  // [spec:NN11] Y = B + the sum over the group's channels c and the taps j of W[m, c, j] * X(tap), in binary64
  // from +0 in the order r = c*K + j (the padding reading +0), B added last, rounded once: `lowered` (the
  // taps gathered) and `shifted` (read in place) both form exactly these sums.
  ONNXSEM_CLAUSE(NN11);
  return {dispatch(x.dtype(), nn_float_types, op, [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    // Each group's weights W_g (M/G x C/G*K) are rows of W, read (and packed block by block) in place.
    if (in_place) return shifted<T>(cx, x, a.tensor(1).data<T>().data(), bias, s, g, ep);
    return lowered<T, T>(cx, x, a.tensor(1).data<T>().data(), bias, s, L);
  })};
}

// ---- ConvTranspose --------------------------------------------------------------------------------------

struct TransposeGeometry {
  Shape in, kernel, strides, dilations, pad_begin, out;
};

TransposeGeometry transpose_geometry(const KernelArgs& a, const Shape& in, const Shape& kernel, const std::string& op) {
  const size_t rank = in.size();
  TransposeGeometry g;
  g.in = in;
  g.kernel = kernel;
  auto axis_attr = [&](const std::string& name, int64_t def, int64_t min_value) {
    auto v = attr_ints_opt(a.node, name);
    if (!v) return Shape(rank, def);
    if (v->size() != rank)
      eval_error("NN2", op + ": attribute " + name + " has " + std::to_string(v->size()) + " entries, expected " +
                            std::to_string(rank));
    for (int64_t e : *v)
      if (e < min_value || e > (int64_t{1} << 40))
        eval_error("NN2", op + ": attribute " + name + " has the value " + std::to_string(e));
    return *v;
  };
  g.strides = axis_attr("strides", 1, 1);
  g.dilations = axis_attr("dilations", 1, 1);
  const Shape out_pad = axis_attr("output_padding", 0, 0);
  const std::string auto_pad = attr_string(a.node, "auto_pad", "NOTSET");
  if (auto_pad != "NOTSET" && auto_pad != "SAME_UPPER" && auto_pad != "SAME_LOWER" && auto_pad != "VALID")
    eval_error("NN5", op + ": attribute auto_pad is '" + auto_pad + "'");
  auto pads = attr_ints_opt(a.node, "pads");
  if (pads && pads->size() != 2 * rank)
    eval_error("NN2", op + ": attribute pads has " + std::to_string(pads->size()) + " entries, expected " +
                          std::to_string(2 * rank));
  auto out_shape = attr_ints_opt(a.node, "output_shape");
  if (out_shape && out_shape->size() == rank + 2) out_shape->erase(out_shape->begin(), out_shape->begin() + 2);
  if (out_shape && out_shape->size() != rank)
    eval_error("NN2", op + ": attribute output_shape has " + std::to_string(out_shape->size()) + " entries, expected " +
                          std::to_string(rank));
  g.pad_begin.assign(rank, 0);
  g.out.assign(rank, 0);
  for (size_t d = 0; d < rank; ++d) {
    // The extent the scatter covers without any padding removed.
    const int64_t full = size_add(size_add(size_mul(g.strides[d], in[d] - 1), out_pad[d]),
                                  size_mul(kernel[d] - 1, g.dilations[d]) + 1);
    // [spec:NN13] output extent and the padding it implies.
    ONNXSEM_CLAUSE(NN13);
    if (out_shape || auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") {
      g.out[d] = out_shape ? (*out_shape)[d] : size_mul(in[d], g.strides[d]);
      if (g.out[d] < 0) eval_error("NN2", op + ": output_shape has a negative extent");
      // total is negative when output_shape asks for more than the scatter covers; halves round down.
      const int64_t total = full - g.out[d];
      const int64_t half = total >= 0 ? total / 2 : -((1 - total) / 2);
      g.pad_begin[d] = auto_pad == "SAME_UPPER" ? half : total - half;
    } else {
      int64_t pb = 0, pe = 0;
      if (pads && auto_pad == "NOTSET") {
        pb = (*pads)[d];
        pe = (*pads)[rank + d];
      }
      if (pb < 0 || pe < 0) eval_error("NN2", op + ": attribute pads has a negative value");
      g.pad_begin[d] = pb;
      g.out[d] = full - pb - pe;
      if (g.out[d] < 0)
        eval_error("NN3", op + ": the pads remove more than the output extent " + std::to_string(full) +
                              " along spatial axis " + std::to_string(d));
    }
  }
  return g;
}

std::vector<std::optional<Value>> conv_transpose(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "ConvTranspose";
  const ConvShape s = conv_shape(a, op, true);
  const Tensor& x = a.tensor(0);
  Shape in(x.shape().begin() + 2, x.shape().end());
  for (int64_t k : s.kernel)
    if (k < 1) eval_error("NN2", op + ": kernel extent " + std::to_string(k) + " is not positive");
  const TransposeGeometry g = transpose_geometry(a, in, s.kernel, op);
  // L5 (and L3 for the tap tables) as Conv: the gathering of the taps, batch x groups planes.
  charge_taps(cx, g.out, g.kernel, work_product({s.N, s.G}), s.Cg, op);
  const std::vector<double> wd = widen_all(a.tensor(1), op);
  const std::vector<double> bias = bias_of(a, s.M, op);
  // [spec:NN14] computed as the gathering form of the scatter: output position o receives, from tap j,
  // the input position i with i * stride - pad_begin + j * dilation = o, when that i exists. Per axis:
  // tapq[d][o * k + j] = that i, or -1.
  ONNXSEM_CLAUSE(NN14);
  const size_t rank = g.in.size();
  Lowering L{g.in, g.out, g.kernel, std::vector<std::vector<int64_t>>(rank), true};
  for (size_t d = 0; d < rank; ++d) {
    L.tapq[d].resize(static_cast<size_t>(g.out[d] * g.kernel[d]));
    for (int64_t o = 0; o < g.out[d]; ++o)
      for (int64_t j = 0; j < g.kernel[d]; ++j) {
        const int64_t num = o + g.pad_begin[d] - j * g.dilations[d];
        const bool hit = num >= 0 && num % g.strides[d] == 0 && num / g.strides[d] < g.in[d];
        L.tapq[d][o * g.kernel[d] + j] = hit ? num / g.strides[d] : -1;
      }
  }
  // W_g[m', c*K + j] = W[g*C/G + c, m', j]: W of group g transposed in its first two axes.
  int64_t K = 1;
  for (int64_t k : g.kernel) K *= k;
  const int64_t R = s.Cg * K;
  std::vector<double> wt(static_cast<size_t>(s.M * R));
  for (int64_t gi = 0; gi < s.G; ++gi) {
    double* wgi = wt.data() + gi * s.Mg * R;
    for (int64_t mi = 0; mi < s.Mg; ++mi)
      for (int64_t c = 0; c < s.Cg; ++c)
        for (int64_t jf = 0; jf < K; ++jf)
          wgi[mi * R + c * K + jf] = wd[static_cast<size_t>(((gi * s.Cg + c) * s.Mg + mi) * K + jf)];
  }
  return {dispatch(x.dtype(), nn_float_types, op, [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    return lowered<T, double>(cx, x, wt.data(), bias, s, L);
  })};
}

}  // namespace

void add_conv(Registry& r) {
  // Conv-11 only relaxed kernel_shape and the auto_pad wording; Conv-22 added bfloat16.
  r.add("", "Conv", {1, 11, 22}, conv);
  r.add("", "ConvTranspose", {1, 11, 22}, conv_transpose);
}

}  // namespace onnxsem::ops::nn

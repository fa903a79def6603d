// Pooling (spec/ops-nn.md, NN20-NN28).
//
// Every pooling operator maps each (n, c) plane of X independently: output position o of the plane is a
// function of the window of input elements the taps of o hit (window.hpp), taken in row-major tap order:
//   MaxPool       the largest element; NaN if the window holds a NaN (NN20); optionally its flat index (NN21);
//   AveragePool   the binary64 sum of the elements divided by their number, or by the number of taps inside
//                 the padded extent when count_include_pad is set (NN23);
//   LpPool        (sum |x|^p)^(1/p) in binary64 (NN24);
//   Global*Pool   the same over the whole spatial extent (NN25).
// A window that hits no input element has no value (NN22).
#include <cmath>
#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <mutex>

#include "ops/common/attrs.hpp"
#include "ops/common/product.hpp"
#include "ops/nn/nn.hpp"
#include "ops/nn/window.hpp"
#include "runtime/coverage.hpp"
#include "runtime/parallel.hpp"

namespace onnxsem::ops::nn {
namespace {

enum class PoolKind { max, average, lp };

struct PoolVersion {
  WindowAttrs window;              // dilations, ceil_mode
  bool count_include_pad = false;  // AveragePool-7 and later
  bool indices = false;            // MaxPool-8 and later: second output, storage_order
  bool small_ints = false;         // MaxPool-12 and later: int8 and uint8
  bool p_is_float = false;         // LpPool-1 / GlobalLpPool-1: p is a float attribute
};

inline constexpr auto max_pool_types = hana::concat(nn_float_types, hana::tuple_t<int8_t, uint8_t>);

// A group of kNR consecutive outputs whose windows are the same taps shifted by a constant step (the
// windows inside the plane, along a row), which the vector loops of product.hpp compute side by side.
struct WindowGroup {
  int32_t step = 0;  // > 0: output o is the first not yet computed of a group; its windows' step
  int32_t back = 0;  // the group starts at o - back: it overlaps the group before (the last windows of a row),
                     // whose windows it computes again, to the same values
};

// The groups of `outs` windows, per output (empty: none). With `same_padded_count`, the windows of a group
// also have the same padded tap count (AveragePool's count_include_pad divisor).
std::vector<WindowGroup> window_groups(const WindowTable& t, int64_t outs, bool same_padded_count) {
  constexpr int64_t G = product_detail::kNR;
  const auto& begin = t.begin;
  const auto& offsets = t.offsets;
  std::vector<WindowGroup> groups(static_cast<size_t>(outs));
  // The step of the group of windows o .. o + G - 1, or 0 when they are no group.
  auto step_at = [&](int64_t o) -> int32_t {
    if (o < 0 || o + G > outs) return 0;
    const int64_t b0 = begin[o], k = begin[o + 1] - b0, step = offsets[begin[o + 1]] - offsets[b0];
    bool same = step > 0 && step <= std::numeric_limits<int32_t>::max() / G;
    for (int64_t u = 1; u < G && same; ++u) {
      const int64_t bu = begin[o + u];
      same = begin[o + u + 1] - bu == k && (!same_padded_count || t.padded_count[o + u] == t.padded_count[o]);
      for (int64_t j = 0; j < k && same; ++j) same = offsets[bu + j] == offsets[b0 + j] + u * step;
    }
    return same ? static_cast<int32_t>(step) : 0;
  };
  bool after_group = false;
  for (int64_t o = 0; o < outs;) {
    if (const int32_t step = step_at(o)) {
      groups[o] = {step, 0};
      o += G;
      after_group = true;
      continue;
    }
    // Right after a group, the rest of its row (fewer than G windows): the group that ends furthest on.
    for (int64_t back = 1; after_group && back < G; ++back)
      if (const int32_t step = step_at(o - back)) {
        groups[o] = {step, static_cast<int32_t>(back)};
        break;
      }
    o += groups[o].step > 0 ? G - groups[o].back : 1;
    after_group = false;
  }
  return groups;
}

// What the pooling loops read besides X, a function of the windows' geometry alone: the table of taps
// (NN6), the first window that hits no input element (NN22; -1: none), and the groups of windows for the
// vector loops, without and with the padded count condition.
struct PoolTables {
  WindowTable table;
  int64_t empty_window = -1;
  std::vector<WindowGroup> plain, padded;
  [[nodiscard]] int64_t bytes() const {
    return static_cast<int64_t>((table.begin.size() + table.offsets.size() + table.padded_count.size()) *
                                    sizeof(int64_t) +
                                (plain.size() + padded.size()) * sizeof(WindowGroup));
  }
};
PoolTables pool_tables(WindowTable table, int64_t outs) {
  PoolTables t;
  t.table = std::move(table);
  for (int64_t o = 0; o < outs && t.empty_window < 0; ++o)
    if (t.table.begin[o] == t.table.begin[o + 1]) t.empty_window = o;
  if (t.empty_window < 0) {
    t.plain = window_groups(t.table, outs, false);
    t.padded = window_groups(t.table, outs, true);
  }
  return t;
}

// The tables of the geometries pooled most recently, kept for the operations that follow (a model's
// pooling operations repeat a few geometries, and each evaluation of a model meets the same ones), as a
// runtime's prepared kernels keep theirs: at most kKeptTables of them and kKeptBytes in all, the oldest
// let go first. A key lists the geometry's extents; tables are never changed once made, so a pooling
// operation holds its own reference while another replaces the entry. Kept outside the evaluation's
// context: the tables are a function of the key alone, so they cannot change a result.
class TablesKept {
 public:
  std::shared_ptr<const PoolTables> get(const std::vector<int64_t>& key, const std::function<PoolTables()>& make) {
    {
      std::lock_guard lock(mutex_);
      if (auto it = kept_.find(key); it != kept_.end()) return it->second;
    }
    auto made = std::make_shared<const PoolTables>(make());  // outside the lock: other geometries go on
    const int64_t bytes = made->bytes();
    if (bytes > kKeptBytes) return made;
    std::lock_guard lock(mutex_);
    auto [it, fresh] = kept_.emplace(key, made);
    if (!fresh) return it->second;  // made meanwhile by another thread: the same tables
    order_.push_back(key);
    bytes_ += bytes;
    while (kept_.size() > kKeptTables || bytes_ > kKeptBytes) {
      auto old = kept_.find(order_.front());
      bytes_ -= old->second->bytes();
      kept_.erase(old);
      order_.pop_front();
    }
    return made;
  }

 private:
  static constexpr size_t kKeptTables = 32;
  static constexpr int64_t kKeptBytes = int64_t{16} << 20;
  std::mutex mutex_;
  std::map<std::vector<int64_t>, std::shared_ptr<const PoolTables>> kept_;
  std::deque<std::vector<int64_t>> order_;
  int64_t bytes_ = 0;
};
TablesKept& tables_kept() {
  static TablesKept kept;
  return kept;
}

// The groups of a pooling whose windows go through the scalar loop only (not binary32, or indices wanted).
const std::vector<WindowGroup> no_groups;

// The tables of a pooling of an input without elements (no planes), which computes no window. Its tables
// are not made: their size follows the geometry (a plane of 10^9 elements, or that many windows), not the
// input's elements, and no work was charged for them. A global pooling has none either (whole_plane).
const std::shared_ptr<const PoolTables> no_tables = std::make_shared<const PoolTables>();

struct Windows {
  Shape yshape;
  int64_t planes = 0, plane = 0, outs = 0;
  // A global pooling's one window is the whole plane, its taps the plane's elements 0 .. plane - 1 in order:
  // no table lists them (`tables` is then empty).
  bool whole_plane = false;
  std::shared_ptr<const PoolTables> tables;
  // The taps of all windows of a plane (the work of a plane).
  [[nodiscard]] int64_t taps() const {
    return whole_plane ? plane : static_cast<int64_t>(tables->table.offsets.size());
  }
};

// The windows of a windowed pooling operator, or of a global one (a single window over the plane).
Windows windows_of(const KernelArgs& a, const std::string& op, const PoolVersion& v, bool global) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  require_spatial_input(x, op, global ? 2 : 3);
  Windows w;
  Shape in(x.shape().begin() + 2, x.shape().end());
  w.planes = size_mul(x.dim(0), x.dim(1));
  w.yshape = {x.dim(0), x.dim(1)};
  if (global) {
    // [spec:NN25] one window over the whole spatial extent of each plane.
    ONNXSEM_CLAUSE(NN25);
    w.plane = element_count(in);
    w.outs = 1;
    w.yshape.resize(x.shape().size(), 1);
    w.whole_plane = true;
    w.tables = no_tables;
    // [spec:NN22] a plane without elements gives a window that covers none.
    ONNXSEM_CLAUSE(NN22);
    if (w.planes > 0 && w.plane == 0) eval_error("NN22", op + ": the window over a plane of no elements covers none");
    return w;
  } else {
    auto kernel = attr_ints_opt(a.node, "kernel_shape");
    if (!kernel) eval_error("A1", op + ": required attribute 'kernel_shape' is missing");
    const WindowGeometry g = window_geometry(a.node, in, *kernel, v.window, op);
    w.plane = g.in_count();
    w.outs = g.out_count();
    w.yshape.insert(w.yshape.end(), g.out.begin(), g.out.end());
    charge_windows(cx, g, w.planes, 1, op);
    ONNXSEM_CLAUSE(NN6);  // the taps of the windows: window_table, or the table it made for this geometry
    std::vector<int64_t> key{static_cast<int64_t>(g.rank())};
    for (const Shape* axis : {&g.in, &g.kernel, &g.strides, &g.dilations, &g.pad_begin, &g.pad_end, &g.out})
      key.insert(key.end(), axis->begin(), axis->end());
    w.tables = w.planes == 0 ? no_tables
                             : tables_kept().get(key, [&] { return pool_tables(window_table(cx, g), w.outs); });
    // [spec:L3] tables kept from an earlier firing were checked against that firing's limit: this
    // evaluation's limit applies to them as it would to tables made now, so the cache changes no result.
    refuse_table_beyond_limit(cx, static_cast<int64_t>(w.tables->table.offsets.size()),
                              "the windows' taps in the input");
    refuse_table_beyond_limit(cx, static_cast<int64_t>(w.tables->table.padded_count.size()) * 2, "the windows' counts");
  }
  ONNXSEM_CLAUSE(NN22);
  // [spec:NN22] every window must hit at least one input element.
  if (w.planes > 0 && w.tables->empty_window >= 0)
    eval_error("NN22", op + ": output position " + std::to_string(w.tables->empty_window) +
                           " of each plane covers no input element (only padding)");
  return w;
}

template <class T>
std::pair<Tensor, Tensor> max_pool_typed(EvalContext& cx, const Tensor& x, const Windows& w, bool want_indices,
                                         bool column_major, const Shape& in) {
  auto [y, out_view] = Tensor::allocate_for_overwrite<T>(cx, w.yshape);  // every element written below
  auto [iy, iout_view] = Tensor::allocate<int64_t>(cx, want_indices ? w.yshape : Shape{0});
  // Plain variables: clang 14 cannot capture structured bindings.
  const std::span<T> out = out_view;
  const std::span<int64_t> iout = iout_view;
  ONNXSEM_CLAUSE(NN20);  // the markers of the loops below, once per call
  if (want_indices) ONNXSEM_CLAUSE(NN21);
  auto xd = x.data<T>();
  // Column-major strides of the spatial axes, for storage_order = 1.
  std::vector<int64_t> cstride(in.size(), 1);
  for (size_t d = 1; d < in.size(); ++d) cstride[d] = cstride[d - 1] * in[d - 1];
  // Groups of windows computed side by side by the processor's vector loop, which gives each window's
  // NN20 value as the loop below does.
  constexpr int64_t G = product_detail::kNR;
  const WindowTable& table = w.tables->table;
  const auto& begin = table.begin;
  const auto& offsets = table.offsets;
  const std::vector<WindowGroup>& groups = std::is_same_v<T, float> && !want_indices ? w.tables->plain : no_groups;
  const product_detail::VectorLoops& loops = product_detail::vector_loops();
  // E9: planes in slices, one slice per piece; each window computed as alone. A plane's work: its windows'
  // taps.
  parallel_slices(cx, w.planes, w.planes * w.taps(), kElementGrain, [&](int64_t lo, int64_t hi) {
    for (int64_t pl = lo; pl < hi; ++pl) {
      const T* xp = xd.data() + pl * w.plane;
      for (int64_t o = 0; o < w.outs; ++o) {
        if constexpr (std::is_same_v<T, float>) {
          if (!groups.empty() && groups[o].step > 0) {
            // NN20 as in the loop below, kNR windows at a time.
            const int64_t s = o - groups[o].back;
            loops.max_windows(xp, offsets.data() + begin[s], begin[s + 1] - begin[s], groups[o].step,
                              out.data() + pl * w.outs + s);
            o = s + G - 1;
            continue;
          }
        }
        // [spec:NN20] the first NaN of the window, else its first largest element (the offset of the tap).
        auto first_largest = [&](auto tap, int64_t b, int64_t e) {
          int64_t best = tap(b);
          double bv = widen(xp[best]);
          for (int64_t k = b + 1; k < e && !std::isnan(bv); ++k) {
            const int64_t off = tap(k);
            const double v = widen(xp[off]);
            if (std::isnan(v) || v > bv) {
              best = off;
              bv = v;
            }
          }
          return best;
        };
        const int64_t best = w.whole_plane
                                 ? first_largest([](int64_t k) { return k; }, 0, w.plane)
                                 : first_largest([&](int64_t k) { return offsets[k]; }, begin[o], begin[o + 1]);
        out[pl * w.outs + o] = xp[best];
        if (want_indices) {
          // [spec:NN21] the flat index of the chosen element in X, row- or column-major over the spatial axes.
          int64_t spatial = best;
          if (column_major) {
            spatial = 0;
            for (int64_t rem = best, d = static_cast<int64_t>(in.size()) - 1; d >= 0; --d) {
              spatial += (rem % in[d]) * cstride[d];
              rem /= in[d];
            }
          }
          iout[pl * w.outs + o] = pl * w.plane + spatial;
        }
      }
    }
  });
  return {y, iy};
}

template <class T>
Tensor sum_pool_typed(EvalContext& cx, const Tensor& x, const Windows& w, PoolKind kind, bool count_include_pad,
                      double p) {
  // The markers of the loop below, once per call.
  if (kind == PoolKind::average) ONNXSEM_CLAUSE(NN23);
  else ONNXSEM_CLAUSE(NN24);
  auto [y, out_view] = Tensor::allocate_for_overwrite<T>(cx, w.yshape);  // every element written below
  const std::span<T> out = out_view;  // a plain variable: clang 14 cannot capture structured bindings
  auto xd = x.data<T>();
  // Average pooling of binary32: groups of windows side by side in the processor's vector loop, which
  // forms each window's NN23 value as the loop below does.
  constexpr int64_t G = product_detail::kNR;
  const WindowTable& table = w.tables->table;
  const std::vector<WindowGroup>& groups = !std::is_same_v<T, float> || kind != PoolKind::average ? no_groups
                                           : count_include_pad                                    ? w.tables->padded
                                                                                                  : w.tables->plain;
  const product_detail::VectorLoops& loops = product_detail::vector_loops();
  // E9: planes in slices, one slice per piece; each window's sum formed as alone, in the clause's order. A
  // plane's work: its windows' taps.
  parallel_slices(cx, w.planes, w.planes * w.taps(), kElementGrain, [&](int64_t lo, int64_t hi) {
    for (int64_t pl = lo; pl < hi; ++pl) {
      const T* xp = xd.data() + pl * w.plane;
      for (int64_t o = 0; o < w.outs; ++o) {
        const int64_t b = w.whole_plane ? 0 : table.begin[o], e = w.whole_plane ? w.plane : table.begin[o + 1];
        // The element of tap k of the window.
        auto at = [&](int64_t k) { return widen(xp[w.whole_plane ? k : table.offsets[k]]); };
        if constexpr (std::is_same_v<T, float>) {
          if (!groups.empty() && groups[o].step > 0) {
            const int64_t s = o - groups[o].back, bs = table.begin[s];
            const int64_t count = count_include_pad ? table.padded_count[s] : table.begin[s + 1] - bs;
            loops.average_windows(xp, table.offsets.data() + bs, table.begin[s + 1] - bs, groups[o].step,
                                  static_cast<double>(count), out.data() + pl * w.outs + s);
            o = s + G - 1;
            continue;
          }
        }
        double acc = 0;
        if (kind == PoolKind::average) {
          // [spec:NN23] the binary64 sum over the window, divided by the element or padded-tap count.
          for (int64_t k = b; k < e; ++k) acc += at(k);
          const int64_t count = count_include_pad && !w.whole_plane ? table.padded_count[o] : e - b;
          out[pl * w.outs + o] = narrow_float<T>(acc / static_cast<double>(count));
        } else {
          // [spec:NN24] the p-norm of the window's elements, in binary64.
          for (int64_t k = b; k < e; ++k) acc += std::pow(std::fabs(at(k)), p);
          out[pl * w.outs + o] = narrow_float<T>(std::pow(acc, 1.0 / p));
        }
      }
    }
  });
  return y;
}

Kernel pool_kernel(PoolKind kind, PoolVersion v, bool global, std::string op) {
  return [kind, v, global, op](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    EvalContext& cx = a.context();
    const Tensor& x = a.tensor(0);
    const Windows w = windows_of(a, op, v, global);
    if (kind == PoolKind::max) {
      const bool want_indices = v.indices && a.output_count() > 1 && a.requested[1];
      const int64_t order = v.indices ? attr_int(a.node, "storage_order", 0) : 0;
      if (order != 0 && order != 1)
        eval_error("NN21", op + ": attribute storage_order is " + std::to_string(order) + ", expected 0 or 1");
      Shape in(x.shape().begin() + 2, x.shape().end());
      auto run = [&](auto tag) {
        using T = typename decltype(tag)::type;
        return max_pool_typed<T>(cx, x, w, want_indices, order == 1, in);
      };
      auto [y, iy] = v.small_ints ? dispatch(x.dtype(), max_pool_types, op, run)
                                  : dispatch(x.dtype(), nn_float_types, op, run);
      std::vector<std::optional<Value>> outs(std::max<size_t>(1, a.output_count()));
      outs[0] = Value(y);
      if (want_indices) outs[1] = Value(iy);
      return outs;
    }
    double p = 0;
    if (kind == PoolKind::lp) {
      if (v.p_is_float) {
        p = attr_float(a.node, "p", 2.0f);
      } else {
        p = static_cast<double>(attr_int(a.node, "p", 2));
      }
      // p is positive (NN24).
      if (!(p > 0)) eval_error("NN24", op + ": attribute p is " + std::to_string(p) + ", expected a positive value");
    }
    const bool include_pad = v.count_include_pad && attr_int(a.node, "count_include_pad", 0) != 0;
    return {dispatch(x.dtype(), nn_float_types, op, [&](auto tag) -> Value {
      using T = typename decltype(tag)::type;
      return sum_pool_typed<T>(cx, x, w, kind, include_pad, p);
    })};
  };
}

// MaxUnpool: the pooling input's extent filled with zeros, into which every element of X is written at the
// flat index I gives it; then placed at the start of a larger output_shape when one is given.
std::vector<std::optional<Value>> max_unpool(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "MaxUnpool";
  const Tensor& x = a.tensor(0);
  const Tensor& idx = a.tensor(1);
  require_spatial_input(x, op);
  // [spec:NN26] I has X's shape and indexes the extent undoing the pooling; output_shape may only enlarge it.
  ONNXSEM_CLAUSE(NN26);
  if (idx.dtype() != DType::int64 || idx.shape() != x.shape())
    eval_error("NN26",
               op + ": indices I must be int64 of X's shape " + show(x.shape()) + ", got " + Value(idx).describe());
  auto kernel = attr_ints_opt(a.node, "kernel_shape");
  if (!kernel) eval_error("A1", op + ": required attribute 'kernel_shape' is missing");
  const size_t rank = static_cast<size_t>(x.rank() - 2);
  if (kernel->size() != rank)
    eval_error("NN2", op + ": attribute kernel_shape has " + std::to_string(kernel->size()) + " entries, expected " +
                          std::to_string(rank));
  const Shape strides = attr_ints(a.node, "strides", Shape(rank, 1));
  const Shape pads = attr_ints(a.node, "pads", Shape(2 * rank, 0));
  if (strides.size() != rank || pads.size() != 2 * rank)
    eval_error("NN2", op + ": attributes strides and pads must have " + std::to_string(rank) + " and " +
                          std::to_string(2 * rank) + " entries");
  // The extent of the pooling input: (in - 1) * stride + kernel - pad_begin - pad_end.
  Shape inner{x.dim(0), x.dim(1)};
  for (size_t d = 0; d < rank; ++d) {
    const int64_t e = size_add(size_mul(x.dim(static_cast<int64_t>(d) + 2) - 1, strides[d]), (*kernel)[d]) - pads[d] -
                      pads[rank + d];
    if (e < 0) eval_error("NN26", op + ": the output extent along spatial axis " + std::to_string(d) + " is negative");
    inner.push_back(e);
  }
  Shape yshape = inner;
  if (a.has_input(2)) {
    yshape = int_list(a.tensor(2), op + ": output_shape");
    bool fits = yshape.size() == inner.size();
    for (size_t d = 0; fits && d < inner.size(); ++d) fits = d < 2 ? yshape[d] == inner[d] : yshape[d] >= inner[d];
    if (!fits)
      eval_error("NN26",
                 op + ": output_shape " + show(yshape) + " must have X's first two extents and contain " + show(inner));
  }
  auto id = idx.data<int64_t>();
  const int64_t total = element_count(inner);
  for (int64_t k = 0; k < idx.size(); ++k)
    if (id[k] < 0 || id[k] >= total)
      eval_error("NN26", op + ": index " + std::to_string(id[k]) + " at position " + std::to_string(k) +
                             " is outside the unpooled extent " + show(inner));
  return {dispatch(x.dtype(), nn_float_types, op, [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    auto xd = x.data<T>();
    auto [y, out] = Tensor::allocate<T>(cx, yshape);
    for (auto& e : out) e = narrow_float<T>(0.0);
    // Elements are written in X's row-major order; a later one replaces an earlier one at the same index.
    // Index k of the unpooled extent is mapped to the same coordinates of the output.
    for (int64_t k = 0; k < x.size(); ++k) {
      int64_t at = 0;
      for (int64_t rem = id[k], stride = 1, d = static_cast<int64_t>(inner.size()) - 1; d >= 0; --d) {
        at += (rem % inner[d]) * stride;
        rem /= inner[d];
        stride *= yshape[d];
      }
      out[at] = xd[k];
    }
    return y;
  })};
}

}  // namespace

void add_pool(Registry& r) {
  // MaxUnpool: 11 let output_shape take any extent, 22 added bfloat16.
  r.add("", "MaxUnpool", {9, 11, 22}, max_unpool);
  const WindowAttrs none{}, ceil{.dilations = false, .ceil_mode = true}, both{.dilations = true, .ceil_mode = true};
  // MaxPool: 8 added Indices and storage_order, 10 ceil_mode and dilations, 12 int8/uint8, 22 bfloat16.
  r.add("", "MaxPool", {1}, pool_kernel(PoolKind::max, {.window = none}, false, "MaxPool"));
  r.add("", "MaxPool", {8}, pool_kernel(PoolKind::max, {.window = none, .indices = true}, false, "MaxPool"));
  r.add("", "MaxPool", {10, 11}, pool_kernel(PoolKind::max, {.window = both, .indices = true}, false, "MaxPool"));
  r.add("", "MaxPool", {12, 22},
        pool_kernel(PoolKind::max, {.window = both, .indices = true, .small_ints = true}, false, "MaxPool"));
  // AveragePool: 7 added count_include_pad, 10 ceil_mode, 19 dilations, 22 bfloat16.
  r.add("", "AveragePool", {1}, pool_kernel(PoolKind::average, {.window = none}, false, "AveragePool"));
  r.add("", "AveragePool", {7},
        pool_kernel(PoolKind::average, {.window = none, .count_include_pad = true}, false, "AveragePool"));
  r.add("", "AveragePool", {10, 11},
        pool_kernel(PoolKind::average, {.window = ceil, .count_include_pad = true}, false, "AveragePool"));
  r.add("", "AveragePool", {19, 22},
        pool_kernel(PoolKind::average, {.window = both, .count_include_pad = true}, false, "AveragePool"));
  // LpPool: 2 made p an integer, 18 added ceil_mode and dilations, 22 bfloat16.
  r.add("", "LpPool", {1}, pool_kernel(PoolKind::lp, {.window = none, .p_is_float = true}, false, "LpPool"));
  r.add("", "LpPool", {2, 11}, pool_kernel(PoolKind::lp, {.window = none}, false, "LpPool"));
  r.add("", "LpPool", {18, 22}, pool_kernel(PoolKind::lp, {.window = both}, false, "LpPool"));
  // Global pools: 22 added bfloat16.
  r.add("", "GlobalMaxPool", {1, 22}, pool_kernel(PoolKind::max, {.window = none}, true, "GlobalMaxPool"));
  r.add("", "GlobalAveragePool", {1, 22}, pool_kernel(PoolKind::average, {.window = none}, true, "GlobalAveragePool"));
  r.add("", "GlobalLpPool", {1}, pool_kernel(PoolKind::lp, {.window = none, .p_is_float = true}, true, "GlobalLpPool"));
  r.add("", "GlobalLpPool", {2, 22}, pool_kernel(PoolKind::lp, {.window = none}, true, "GlobalLpPool"));
}

}  // namespace onnxsem::ops::nn

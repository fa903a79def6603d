// Sliding-window geometry (spec/ops-nn.md, NN1-NN6).
#include "ops/nn/window.hpp"

#include <algorithm>

#include "ops/common/attrs.hpp"
#include "ops/nn/nn.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::nn {

namespace {
// The product of the extents; the largest int64 when it overflows (then no allocation or bound admits it).
int64_t extent_product(const Shape& s) noexcept {
  int64_t n = 1;
  for (int64_t v : s) n = work_product({n, v});
  return n;
}
}  // namespace

int64_t WindowGeometry::out_count() const noexcept { return extent_product(out); }
int64_t WindowGeometry::in_count() const noexcept { return extent_product(in); }
int64_t WindowGeometry::kernel_count() const noexcept { return extent_product(kernel); }

void charge_taps(EvalContext& cx, const Shape& out, const Shape& kernel, int64_t planes, int64_t per_tap,
                 const std::string& op) {
  // L5: windows x taps, for every plane, counted before the windows are walked.
  int64_t units = 0;
  for (size_t d = 0; d < out.size(); ++d) units = work_sum(units, work_product({out[d], kernel[d]}));
  units = work_sum(units, work_product({planes, extent_product(out), extent_product(kernel), per_tap}));
  cx.charge(units, op + "'s windows");
  // [spec:L3] a tap table (output extent x kernel extent entries) is allocated: refused before it exceeds
  // the allocation limit, when the work limit let it through.
  ONNXSEM_CLAUSE(L3);
  for (size_t d = 0; d < out.size(); ++d)
    refuse_table_beyond_limit(cx, work_product({out[d], kernel[d]}),
                              op + ": the taps of spatial axis " + std::to_string(d) + " (" + std::to_string(out[d]) +
                                  " output positions of " + std::to_string(kernel[d]) + " taps each)");
}

void refuse_table_beyond_limit(EvalContext& cx, int64_t entries, const std::string& what) {
  if (entries > cx.limits().tensor_bytes / static_cast<int64_t>(sizeof(int64_t)))
    eval_error("L3", what + ": a table of " + std::to_string(entries) + " indices, more than the allocation limit of " +
                         std::to_string(cx.limits().tensor_bytes) + " bytes allows");
}

void charge_windows(EvalContext& cx, const WindowGeometry& g, int64_t planes, int64_t per_tap, const std::string& op) {
  charge_taps(cx, g.out, g.kernel, planes, per_tap, op);
}

void require_spatial_input(const Tensor& x, const std::string& op, int64_t min_rank) {
  // [spec:NN1] the data input is laid out as (N, C, D1, ..., Dn).
  ONNXSEM_CLAUSE(NN1);
  if (x.rank() < min_rank)
    eval_error("NN1", op + ": input X must have rank >= " + std::to_string(min_rank) + " (N, C, D1, ...), got shape " +
                          show(x.shape()));
}

namespace {

Shape per_axis(const Node& node, const std::string& name, size_t rank, int64_t def, int64_t min_value,
               const std::string& op) {
  auto v = attr_ints_opt(node, name);
  if (!v) return Shape(rank, def);
  if (v->size() != rank)
    eval_error("NN2", op + ": attribute " + name + " has " + std::to_string(v->size()) + " entries, expected " +
                          std::to_string(rank) + " (one per spatial axis)");
  for (int64_t e : *v)
    if (e < min_value || e > (int64_t{1} << 40))
      eval_error("NN2", op + ": attribute " + name + " has the value " + std::to_string(e) + ", expected " +
                            std::to_string(min_value) + " or more");
  return *v;
}

}  // namespace

WindowGeometry window_geometry(const Node& node, const Shape& in, const Shape& kernel, WindowAttrs attrs,
                               const std::string& op) {
  const size_t rank = in.size();
  WindowGeometry g;
  g.in = in;
  // [spec:NN2] one kernel extent, stride and dilation (all >= 1) per spatial axis; two pads (>= 0) per axis.
  ONNXSEM_CLAUSE(NN2);
  if (kernel.size() != rank)
    eval_error("NN2", op + ": the kernel has " + std::to_string(kernel.size()) + " spatial axes, the input " +
                          std::to_string(rank));
  for (int64_t k : kernel)
    if (k < 1 || k > (int64_t{1} << 40))
      eval_error("NN2", op + ": kernel extent " + std::to_string(k) + " is not positive");
  g.kernel = kernel;
  g.strides = per_axis(node, "strides", rank, 1, 1, op);
  g.dilations = attrs.dilations ? per_axis(node, "dilations", rank, 1, 1, op) : Shape(rank, 1);
  const bool ceil_mode = attrs.ceil_mode && attr_int(node, "ceil_mode", 0) != 0;
  const std::string auto_pad = attr_string(node, "auto_pad", "NOTSET");
  auto pads = attr_ints_opt(node, "pads");
  if (pads) {
    if (pads->size() != 2 * rank)
      eval_error("NN2", op + ": attribute pads has " + std::to_string(pads->size()) + " entries, expected " +
                            std::to_string(2 * rank));
    for (int64_t p : *pads)
      if (p < 0 || p > (int64_t{1} << 40))
        eval_error("NN2", op + ": attribute pads has the value " + std::to_string(p) + ", expected 0 or more");
  }
  g.pad_begin.assign(rank, 0);
  g.pad_end.assign(rank, 0);
  g.out.assign(rank, 0);

  if (auto_pad == "NOTSET") {
    if (pads)
      for (size_t d = 0; d < rank; ++d) {
        g.pad_begin[d] = (*pads)[d];
        g.pad_end[d] = (*pads)[rank + d];
      }
    for (size_t d = 0; d < rank; ++d) {
      const int64_t padded = size_add(size_add(in[d], g.pad_begin[d]), g.pad_end[d]);
      const int64_t span = size_add(size_mul(g.kernel[d] - 1, g.dilations[d]), 1);
      // [spec:NN3] the padded input must hold at least one whole window.
      ONNXSEM_CLAUSE(NN3);
      if (padded < span)
        eval_error("NN3", op + ": along spatial axis " + std::to_string(d) + " the padded input extent " +
                              std::to_string(padded) + " is smaller than the window extent " + std::to_string(span));
      const int64_t room = padded - span, s = g.strides[d];
      if (!ceil_mode) {
        g.out[d] = room / s + 1;
      } else {
        // [spec:NN4] ceil mode: one more window when the stride does not divide, unless it would start
        // in the end padding.
        ONNXSEM_CLAUSE(NN4);
        g.out[d] = (room + s - 1) / s + 1;
        if ((g.out[d] - 1) * s >= in[d] + g.pad_begin[d]) --g.out[d];
      }
    }
    return g;
  }

  // [spec:NN5] automatic padding; explicit pads may not say otherwise.
  ONNXSEM_CLAUSE(NN5);
  if (auto_pad != "SAME_UPPER" && auto_pad != "SAME_LOWER" && auto_pad != "VALID")
    eval_error("NN5",
               op + ": attribute auto_pad is '" + auto_pad + "', expected NOTSET, SAME_UPPER, SAME_LOWER or VALID");
  if (pads && std::any_of(pads->begin(), pads->end(), [](int64_t p) { return p != 0; }))
    eval_error("NN5", op + ": attribute pads is set together with auto_pad " + auto_pad);
  for (size_t d = 0; d < rank; ++d) {
    const int64_t span = size_add(size_mul(g.kernel[d] - 1, g.dilations[d]), 1);
    const int64_t s = g.strides[d];
    if (auto_pad == "VALID") {
      if (in[d] < span)
        eval_error("NN3", op + ": along spatial axis " + std::to_string(d) + " the input extent " +
                              std::to_string(in[d]) + " is smaller than the window extent " + std::to_string(span));
      g.out[d] = (in[d] - span) / s + 1;
    } else {
      g.out[d] = (in[d] + s - 1) / s;
      const int64_t total = std::max<int64_t>(0, (g.out[d] - 1) * s + span - in[d]);
      g.pad_begin[d] = auto_pad == "SAME_UPPER" ? total / 2 : total - total / 2;
      g.pad_end[d] = total - g.pad_begin[d];
    }
  }
  return g;
}

WindowTable window_table(EvalContext& cx, const WindowGeometry& g) {
  const size_t rank = g.rank();
  // [spec:NN6] taps o * stride - pad_begin + j * dilation, in row-major tap order.
  // Per axis and output position: the input positions of the taps that hit the input (hit[d], from
  // first[d][o], count[d][o] of them), and how many taps lie in the padded extent.
  ONNXSEM_CLAUSE(NN6);
  std::vector<std::vector<int64_t>> hit(rank), first(rank), count(rank), padded(rank);
  // The offsets of all windows together: along each axis the windows' hits add up independently, so their
  // number is the product over the axes of the hits per axis.
  int64_t total = 1;
  for (size_t d = 0; d < rank; ++d) {
    const auto out = static_cast<size_t>(g.out[d]);
    first[d].resize(out);
    count[d].resize(out);
    padded[d].resize(out);
    for (size_t o = 0; o < out; ++o) {
      first[d][o] = static_cast<int64_t>(hit[d].size());
      for (int64_t j = 0; j < g.kernel[d]; ++j) {
        const int64_t q = g.tap(d, static_cast<int64_t>(o), j);
        if (q >= 0 && q < g.in[d]) hit[d].push_back(q);
        if (q >= -g.pad_begin[d] && q < g.in[d] + g.pad_end[d]) ++padded[d][o];
      }
      count[d][o] = static_cast<int64_t>(hit[d].size()) - first[d][o];
    }
    total = size_mul(total, static_cast<int64_t>(hit[d].size()));
  }
  // Row-major strides of the input plane: a tap's offset is the sum over the axes of its position times them.
  std::vector<int64_t> in_stride(rank, 1);
  for (size_t d = rank; d-- > 1;) in_stride[d - 1] = in_stride[d] * g.in[d];
  WindowTable t;
  const int64_t windows = g.out_count();
  // [spec:L3] the table (an offset per tap that hits the input, two counts per window) is refused before
  // it is allocated when it is larger than the allocation limit allows a tensor, as the tap tables of
  // charge_taps are; the work limit bounds the windows' taps times the planes, not the table.
  ONNXSEM_CLAUSE(L3);
  refuse_table_beyond_limit(cx, total, "the windows' taps in the input");
  refuse_table_beyond_limit(cx, work_product({windows, 2}), "the windows' counts");
  t.begin.resize(static_cast<size_t>(windows) + 1);
  t.padded_count.resize(static_cast<size_t>(windows));
  t.offsets.resize(static_cast<size_t>(total));
  int64_t* at = t.offsets.data();
  std::vector<int64_t> o(rank, 0), j(rank, 0), base(rank + 1, 0);
  for (int64_t w = 0; w < windows; ++w) {
    t.begin[static_cast<size_t>(w)] = at - t.offsets.data();
    int64_t pc = 1, taps = 1;
    for (size_t d = 0; d < rank; ++d) {
      pc *= padded[d][static_cast<size_t>(o[d])];
      taps *= count[d][static_cast<size_t>(o[d])];
    }
    t.padded_count[static_cast<size_t>(w)] = pc;
    if (taps > 0) {
      // The Cartesian product of the axes' hits, the last axis fastest: base[d] is the offset of the taps'
      // positions along axes 0 .. d-1; the last axis' hits are a run added to base[rank - 1].
      const size_t last = rank - 1;
      const int64_t* lh = hit[last].data() + first[last][static_cast<size_t>(o[last])];
      const int64_t ln = count[last][static_cast<size_t>(o[last])];
      std::fill(j.begin(), j.end(), 0);
      for (size_t d = 0; d < last; ++d)
        base[d + 1] = base[d] + hit[d][static_cast<size_t>(first[d][static_cast<size_t>(o[d])])] * in_stride[d];
      for (;;) {
        for (int64_t u = 0; u < ln; ++u) *at++ = base[last] + lh[u];
        // The next combination of the other axes' hits (an odometer over axes last-1 .. 0).
        size_t d = last;
        while (d-- > 0) {
          const auto od = static_cast<size_t>(o[d]);
          if (++j[d] < count[d][od]) break;
          j[d] = 0;
        }
        if (d == static_cast<size_t>(-1)) break;
        for (size_t e = d; e < last; ++e) {
          const auto oe = static_cast<size_t>(o[e]);
          base[e + 1] = base[e] + hit[e][static_cast<size_t>(first[e][oe] + j[e])] * in_stride[e];
        }
      }
    }
    for (size_t d = rank; d-- > 0;) {
      if (++o[d] < g.out[d]) break;
      o[d] = 0;
    }
  }
  t.begin[static_cast<size_t>(windows)] = at - t.offsets.data();
  return t;
}

}  // namespace onnxsem::ops::nn

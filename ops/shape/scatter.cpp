// Scatter, ScatterElements, ScatterND (spec/ops-shape.md, SH13, SH29, SH30).
#include <cmath>
#include <type_traits>

#include "ops/common/attrs.hpp"
#include "ops/shape/common.hpp"
#include "runtime/coverage.hpp"
#include "values/numeric.hpp"

namespace onnxsem::ops::shape {
namespace {

using Outputs = std::vector<std::optional<Value>>;

enum class Reduction { none, add, mul, max, min };

Reduction reduction_of(const KernelArgs& a, bool minmax_ok) {
  const std::string s = attr_string(a.node, "reduction", "none");
  if (s == "none") return Reduction::none;
  if (s == "add") return Reduction::add;
  if (s == "mul") return Reduction::mul;
  if (minmax_ok && s == "max") return Reduction::max;
  if (minmax_ok && s == "min") return Reduction::min;
  eval_error("SH29", "unknown reduction '" + s + "'");
}

// One reduction step: integers wrap around (computed on 64-bit unsigned words), floating types are
// combined in binary64 and rounded once; max and min propagate NaN.
template <class T>
T combine(T a, T b, Reduction r) {
  if constexpr (std::is_integral_v<T>) {
    const auto x = static_cast<uint64_t>(a), y = static_cast<uint64_t>(b);
    switch (r) {
      case Reduction::add: return static_cast<T>(x + y);
      case Reduction::mul: return static_cast<T>(x * y);
      case Reduction::max: return a < b ? b : a;
      case Reduction::min: return b < a ? b : a;
      default: return b;
    }
  } else {
    const double x = num::to_double(a), y = num::to_double(b);
    double z = y;
    switch (r) {
      case Reduction::add: z = x + y; break;
      case Reduction::mul: z = x * y; break;
      case Reduction::max: z = std::isnan(x) || std::isnan(y) ? std::nan("") : std::max(x, y); break;
      case Reduction::min: z = std::isnan(x) || std::isnan(y) ? std::nan("") : std::min(x, y); break;
      default: break;
    }
    return num::from_double<T>(z);
  }
}

// The output: a copy of the data where, for every pair (dst, src) in order, element dst is replaced by
// (reduction none) or combined with update element src. `block` consecutive elements move per pair.
Tensor apply(EvalContext& cx, const Tensor& data, const Tensor& updates,
             const std::vector<std::pair<int64_t, int64_t>>& moves, int64_t block, Reduction red,
             const std::string& op) {
  same_type(data, updates, "SH29", op + " input 'updates'");
  if (red == Reduction::none) {
    // SH29: without a reduction, no element of the data may be written twice (ONNX leaves the result
    // of duplicate indices undefined; onnxsem refuses it).
    std::vector<bool> written(static_cast<size_t>(data.size()), false);
    for (const auto& [dst, src] : moves) {
      if (written[static_cast<size_t>(dst)])
        eval_error("SH29", op + ": two indices address the same element (offset " + std::to_string(dst) +
                               ") with reduction 'none'");
      for (int64_t e = 0; e < block; ++e) written[static_cast<size_t>(dst + e)] = true;
    }
    return dispatch(data.dtype(), all_types, op, [&](auto tag) {
      using T = typename decltype(tag)::type;
      auto d = data.data<T>();
      auto u = updates.data<T>();
      auto [t, out] = Tensor::allocate<T>(cx, data.shape());
      std::copy(d.begin(), d.end(), out.begin());
      for (const auto& [dst, src] : moves)
        for (int64_t e = 0; e < block; ++e) out[dst + e] = u[src + e];
      return t;
    });
  }
  return dispatch(data.dtype(), numeric_types, op + " with a reduction", [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto d = data.data<T>();
    auto u = updates.data<T>();
    auto [t, out] = Tensor::allocate<T>(cx, data.shape());
    std::copy(d.begin(), d.end(), out.begin());
    for (const auto& [dst, src] : moves)
      for (int64_t e = 0; e < block; ++e) out[dst + e] = combine(out[dst + e], u[src + e], red);
    return t;
  });
}

// ---- ScatterElements (and Scatter) -------------------------------------------------------------------------
Outputs scatter_elements(const KernelArgs& a, Reduction red, bool negative_ok, const std::string& op) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const Tensor& ind = a.tensor(1);
  const Tensor& upd = a.tensor(2);
  const int64_t r = x.rank();
  if (r == 0) eval_error("SH29", op + " needs data of rank >= 1");
  const int64_t ax = attr_int(a.node, "axis", 0);
  const int64_t axis = normalise_axis(ax, r, op + " axis");
  // [spec:SH29] ScatterElements: indices and updates have one shape, of the data's rank, with at most the
  // data's dimension on every other axis than 'axis'; the output is the data where the element at p of the
  // updates goes to the position p with its axis coordinate replaced by the index at p, in row-major order
  // of p, replacing the element or combined with it by the reduction (add, mul; max, min from version 18).
  ONNXSEM_CLAUSE(SH29);
  bool ok = ind.rank() == r && upd.shape() == ind.shape();
  for (int64_t d = 0; ok && d < r; ++d) ok = d == axis || ind.dim(d) <= x.dim(d);
  if (!ok)
    eval_error("SH29", op + ": indices " + show(ind.shape()) + " and updates " + show(upd.shape()) +
                           " do not fit data of shape " + show(x.shape()) + " on axis " + std::to_string(axis));
  const auto idx = index_values(ind, op + " input 'indices'");
  const auto st = strides_of(x.shape());
  std::vector<std::pair<int64_t, int64_t>> moves;
  moves.reserve(idx.size());
  int64_t k = 0;
  for_each_index(ind.shape(), [&](const std::vector<int64_t>& p) {
    int64_t off = 0;
    for (int64_t d = 0; d < r; ++d)
      off += (d == axis ? checked_index(idx[k], x.dim(axis), negative_ok, "SH13", op + " index") : p[d]) * st[d];
    moves.emplace_back(off, k);
    ++k;
  });
  return one(apply(cx, x, upd, moves, 1, red, op));
}

// ---- ScatterND ---------------------------------------------------------------------------------------------
Outputs scatter_nd(const KernelArgs& a, Reduction red) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const Tensor& ind = a.tensor(1);
  const Tensor& upd = a.tensor(2);
  const int64_t r = x.rank(), q = ind.rank();
  // [spec:SH30] ScatterND: indices of rank q >= 1 whose last dimension k lies in [1, r]; updates of shape
  // indices.shape[:-1] + data.shape[k:]; each k-tuple addresses the slice data[i1..ik], which receives the
  // matching slice of the updates (in row-major order of the tuples), replacing it or combined with it by
  // the reduction.
  ONNXSEM_CLAUSE(SH30);
  if (q < 1 || r < 1) eval_error("SH30", "ScatterND needs data and indices of rank >= 1");
  const int64_t k = ind.dim(q - 1);
  if (k < 1 || k > r)
    eval_error("SH30", "ScatterND: the index tuples have length " + std::to_string(k) + ", outside [1, " +
                           std::to_string(r) + "]");
  Shape expect(ind.shape().begin(), ind.shape().end() - 1);
  expect.insert(expect.end(), x.shape().begin() + k, x.shape().end());
  if (upd.shape() != expect)
    eval_error("SH30", "ScatterND: updates of shape " + show(upd.shape()) + " where " + show(expect) + " is required");
  const auto idx = index_values(ind, "ScatterND input 'indices'");
  const auto st = strides_of(x.shape());
  const int64_t block = k < r ? st[k - 1] : 1;
  const int64_t tuples = k ? static_cast<int64_t>(idx.size()) / k : 0;
  std::vector<std::pair<int64_t, int64_t>> moves;
  for (int64_t m = 0; m < tuples; ++m) {
    int64_t off = 0;
    for (int64_t j = 0; j < k; ++j)
      off += checked_index(idx[m * k + j], x.dim(j), true, "SH13", "ScatterND index") * st[j];
    moves.emplace_back(off, m * block);
  }
  return one(apply(cx, x, upd, moves, block, red, "ScatterND"));
}

}  // namespace

void add_scatter(Registry& r) {
  r.add("", "Scatter", {9}, [](const KernelArgs& a) { return scatter_elements(a, Reduction::none, false, "Scatter"); });
  r.add("", "Scatter", {11}, [](const KernelArgs& a) { return scatter_elements(a, Reduction::none, true, "Scatter"); });
  r.add("", "ScatterElements", {11, 13},
        [](const KernelArgs& a) { return scatter_elements(a, Reduction::none, true, "ScatterElements"); });
  r.add("", "ScatterElements", {16},
        [](const KernelArgs& a) { return scatter_elements(a, reduction_of(a, false), true, "ScatterElements"); });
  r.add("", "ScatterElements", {18},
        [](const KernelArgs& a) { return scatter_elements(a, reduction_of(a, true), true, "ScatterElements"); });
  r.add("", "ScatterND", {11, 13}, [](const KernelArgs& a) { return scatter_nd(a, Reduction::none); });
  r.add("", "ScatterND", {16}, [](const KernelArgs& a) { return scatter_nd(a, reduction_of(a, false)); });
  r.add("", "ScatterND", {18}, [](const KernelArgs& a) { return scatter_nd(a, reduction_of(a, true)); });
}

}  // namespace onnxsem::ops::shape

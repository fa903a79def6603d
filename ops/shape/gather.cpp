// Gather, GatherElements, GatherND, Compress, NonZero, OneHot, ReverseSequence (spec/ops-shape.md,
// SH13-SH16, SH26-SH28, SH32).
#include <cmath>

#include "ops/common/attrs.hpp"
#include "ops/shape/common.hpp"
#include "runtime/coverage.hpp"
#include "values/numeric.hpp"

namespace onnxsem::ops::shape {
namespace {

using Outputs = std::vector<std::optional<Value>>;

int64_t axis_of(const KernelArgs& a, int64_t def, int64_t rank, bool negative_ok, const std::string& op) {
  const int64_t ax = attr_int(a.node, "axis", def);
  return normalise_axis(ax, rank, op + " axis");
}

int64_t product(const Shape& s, size_t from, size_t to) {
  int64_t p = 1;
  for (size_t d = from; d < to; ++d) p *= s[d];
  return p;
}

// ---- Gather ------------------------------------------------------------------------------------------------
Outputs gather(const KernelArgs& a, bool negative_ok) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const Tensor& ind = a.tensor(1);
  if (x.rank() == 0) eval_error("SH14", "Gather needs data of rank >= 1");
  const int64_t axis = axis_of(a, 0, x.rank(), negative_ok, "Gather");
  const auto idx = index_values(ind, "Gather input 'indices'");
  const Shape& s = x.shape();
  // [spec:SH14] Gather's output has shape data.shape[:axis] + indices.shape + data.shape[axis+1:]; it
  // holds, for every index, the slice of the data at that index along the axis.
  ONNXSEM_CLAUSE(SH14);
  Shape out(s.begin(), s.begin() + axis);
  out.insert(out.end(), ind.shape().begin(), ind.shape().end());
  out.insert(out.end(), s.begin() + axis + 1, s.end());
  check_output_size(cx, out, "Gather");
  const int64_t outer = product(s, 0, static_cast<size_t>(axis)), dim = s[axis];
  const int64_t inner = product(s, static_cast<size_t>(axis) + 1, s.size());
  std::vector<int64_t> pos(idx.size());
  for (size_t t = 0; t < idx.size(); ++t) pos[t] = checked_index(idx[t], dim, negative_ok, "SH13", "Gather index");
  std::vector<int64_t> src;
  src.reserve(static_cast<size_t>(outer * static_cast<int64_t>(idx.size()) * inner));
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t p : pos)
      for (int64_t e = 0; e < inner; ++e) src.push_back((o * dim + p) * inner + e);
  return one(take(cx, x, out, src));
}

// ---- GatherElements ----------------------------------------------------------------------------------------
Outputs gather_elements(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const Tensor& ind = a.tensor(1);
  const int64_t r = x.rank();
  if (r == 0) eval_error("SH15", "GatherElements needs data of rank >= 1");
  const int64_t axis = axis_of(a, 0, r, true, "GatherElements");
  // [spec:SH15] the indices of GatherElements have the data's rank and, on every other axis, at most the
  // data's dimension; the output has the indices' shape, and element p is the data element at p with the
  // axis coordinate replaced by the index at p.
  ONNXSEM_CLAUSE(SH15);
  bool ok = ind.rank() == r;
  for (int64_t d = 0; ok && d < r; ++d) ok = d == axis || ind.dim(d) <= x.dim(d);
  if (!ok)
    eval_error("SH15", "GatherElements: indices of shape " + show(ind.shape()) + " do not fit data of shape " +
                           show(x.shape()) + " on axis " + std::to_string(axis));
  const auto idx = index_values(ind, "GatherElements input 'indices'");
  const auto st = strides_of(x.shape());
  std::vector<int64_t> src;
  src.reserve(idx.size());
  size_t k = 0;
  for_each_index(ind.shape(), [&](const std::vector<int64_t>& p) {
    int64_t off = 0;
    for (int64_t d = 0; d < r; ++d)
      off += (d == axis ? checked_index(idx[k], x.dim(axis), true, "SH13", "GatherElements index") : p[d]) * st[d];
    src.push_back(off);
    ++k;
  });
  return one(take(cx, x, ind.shape(), src));
}

// ---- GatherND ----------------------------------------------------------------------------------------------
Outputs gather_nd(const KernelArgs& a, bool has_batch_dims) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const Tensor& ind = a.tensor(1);
  const int64_t r = x.rank(), q = ind.rank();
  const int64_t b = has_batch_dims ? attr_int(a.node, "batch_dims", 0) : 0;
  // [spec:SH16] GatherND: data of rank r >= 1, indices of rank q >= 1, batch_dims b with 0 <= b < min(q, r)
  // and the first b dimensions of data and indices equal; the last dimension k of the indices lies in
  // [1, r-b]. Each k-tuple of the indices selects, within its batch, the slice data[batch][i1..ik]; the
  // output has shape indices.shape[:-1] + data.shape[b+k:].
  ONNXSEM_CLAUSE(SH16);
  if (r < 1 || q < 1) eval_error("SH16", "GatherND needs data and indices of rank >= 1");
  if (b < 0 || b >= std::min(q, r))
    eval_error("SH16", "GatherND: batch_dims " + std::to_string(b) + " is out of range for data rank " +
                           std::to_string(r) + " and indices rank " + std::to_string(q));
  for (int64_t d = 0; d < b; ++d)
    if (x.dim(d) != ind.dim(d))
      eval_error("SH16", "GatherND: batch dimension " + std::to_string(d) + " differs between data " + show(x.shape()) +
                             " and indices " + show(ind.shape()));
  const int64_t k = ind.dim(q - 1);
  if (k < 1 || k > r - b)
    eval_error("SH16", "GatherND: the index tuples have length " + std::to_string(k) + ", outside [1, " +
                           std::to_string(r - b) + "]");
  const Shape& s = x.shape();
  Shape out(ind.shape().begin(), ind.shape().end() - 1);
  out.insert(out.end(), s.begin() + b + k, s.end());
  check_output_size(cx, out, "GatherND");
  const auto idx = index_values(ind, "GatherND input 'indices'");
  const auto st = strides_of(s);
  const int64_t batches = product(s, 0, static_cast<size_t>(b));
  const int64_t batch_size = product(s, static_cast<size_t>(b), s.size());
  const int64_t tuples = product(ind.shape(), static_cast<size_t>(b), static_cast<size_t>(q - 1));
  const int64_t inner = product(s, static_cast<size_t>(b + k), s.size());
  std::vector<int64_t> src;
  src.reserve(static_cast<size_t>(batches * tuples * inner));
  size_t t = 0;
  for (int64_t bi = 0; bi < batches; ++bi)
    for (int64_t m = 0; m < tuples; ++m) {
      int64_t off = bi * batch_size;
      for (int64_t j = 0; j < k; ++j, ++t)
        off += checked_index(idx[t], s[b + j], true, "SH13", "GatherND index") * st[b + j];
      for (int64_t e = 0; e < inner; ++e) src.push_back(off + e);
    }
  return one(take(cx, x, out, src));
}

// ---- Compress ----------------------------------------------------------------------------------------------
Outputs compress(const KernelArgs& a, bool negative_ok) {
  EvalContext& cx = a.context();
  const Tensor& x0 = a.tensor(0);
  const Tensor& cond = a.tensor(1);
  // [spec:SH27] Compress keeps the slices along the axis (or, without an axis, the elements of the flattened
  // input) whose entry of the 1-D bool condition is true; the condition may be shorter than the axis (the
  // rest is dropped) but not longer.
  ONNXSEM_CLAUSE(SH27);
  if (cond.dtype() != DType::boolean || cond.rank() != 1)
    eval_error("SH27", "Compress: the condition must be a 1-D bool tensor, got " +
                           std::string(dtype_name(cond.dtype())) + " of rank " + std::to_string(cond.rank()));
  const bool has_axis = attr_int_opt(a.node, "axis").has_value();
  const Tensor x = has_axis ? x0 : x0.reshaped({x0.size()});
  if (x.rank() == 0) eval_error("SH27", "Compress with an axis needs data of rank >= 1");
  const int64_t axis = has_axis ? axis_of(a, 0, x.rank(), negative_ok, "Compress") : 0;
  const int64_t dim = x.dim(axis);
  auto c = cond.data<bool>();
  if (cond.size() > dim)
    eval_error("SH27", "Compress: condition of length " + std::to_string(cond.size()) + " is longer than the " +
                           std::to_string(dim) + " slices of axis " + std::to_string(axis));
  std::vector<int64_t> keep;
  for (int64_t i = 0; i < cond.size(); ++i)
    if (c[i]) keep.push_back(i);
  const Shape& s = x.shape();
  Shape out = s;
  out[axis] = static_cast<int64_t>(keep.size());
  const int64_t outer = product(s, 0, static_cast<size_t>(axis));
  const int64_t inner = product(s, static_cast<size_t>(axis) + 1, s.size());
  std::vector<int64_t> src;
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t p : keep)
      for (int64_t e = 0; e < inner; ++e) src.push_back((o * dim + p) * inner + e);
  return one(take(cx, x, out, src));
}

// ---- NonZero -----------------------------------------------------------------------------------------------
Outputs non_zero(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x0 = a.tensor(0);
  // [spec:SH28] NonZero gives an int64 tensor [r, n]: column j holds the coordinates of the j-th non-zero
  // element in row-major order (NaN counts as non-zero, either zero as zero); a rank-0 input is read as a
  // 1-D tensor of one element.
  ONNXSEM_CLAUSE(SH28);
  const Tensor x = x0.rank() == 0 ? x0.reshaped({1}) : x0;
  std::vector<int64_t> hits;
  dispatch(x.dtype(), numeric_and_bool_types, "NonZero", [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto d = x.data<T>();
    for (size_t i = 0; i < d.size(); ++i) {
      bool nz = false;
      if constexpr (std::is_same_v<T, bool>) nz = d[i];
      else nz = num::to_double(d[i]) != 0.0 || std::isnan(num::to_double(d[i]));
      if (nz) hits.push_back(static_cast<int64_t>(i));
    }
  });
  const int64_t r = x.rank(), n = static_cast<int64_t>(hits.size());
  const auto st = strides_of(x.shape());
  auto [t, out] = Tensor::allocate<int64_t>(cx, {r, n});
  for (int64_t j = 0; j < n; ++j) {
    int64_t rem = hits[j];
    for (int64_t d = 0; d < r; ++d) {
      out[d * n + j] = rem / st[d];
      rem %= st[d];
    }
  }
  return one(t);
}

// ---- OneHot ------------------------------------------------------------------------------------------------
Outputs one_hot(const KernelArgs& a, bool negative_indices) {
  EvalContext& cx = a.context();
  const Tensor& ind = a.tensor(0);
  const Tensor& depth_t = a.tensor(1);
  const Tensor& values = a.tensor(2);
  // [spec:SH26] OneHot: depth is one number (truncated to an integer) >= 1 and values holds [off, on]; the
  // output inserts an axis of size depth at 'axis' (in [-(r+1), r], default -1) into the indices' shape and
  // holds 'on' where the coordinate on that axis equals the index (truncated to an integer; a negative one
  // counts once from depth from version 11) and 'off' elsewhere, an index out of range giving only 'off'.
  ONNXSEM_CLAUSE(SH26);
  if (depth_t.size() != 1)
    eval_error("SH26", "OneHot: depth must hold one element, got " + std::to_string(depth_t.size()));
  if (values.size() != 2)
    eval_error("SH26", "OneHot: values must hold two elements [off, on], got " + std::to_string(values.size()));
  const double dd = dispatch(depth_t.dtype(), numeric_types, "OneHot depth",
                             [&](auto tag) { return num::to_double(depth_t.data<typename decltype(tag)::type>()[0]); });
  if (!(std::trunc(dd) >= 1) || dd > 9.0e18)
    eval_error("SH26", "OneHot: depth " + std::to_string(dd) + " is not a positive count");
  const int64_t depth = static_cast<int64_t>(std::trunc(dd));
  std::vector<double> idx;
  dispatch(ind.dtype(), numeric_types, "OneHot indices", [&](auto tag) {
    for (auto v : ind.data<typename decltype(tag)::type>()) idx.push_back(num::to_double(v));
  });
  const int64_t r = ind.rank();
  const int64_t ax0 = attr_int(a.node, "axis", -1);
  const int64_t axis = normalise_axis(ax0, r + 1, "OneHot axis");
  Shape out = ind.shape();
  out.insert(out.begin() + axis, depth);
  check_output_size(cx, out, "OneHot");
  const int64_t outer = product(ind.shape(), 0, static_cast<size_t>(axis));
  const int64_t inner = product(ind.shape(), static_cast<size_t>(axis), ind.shape().size());
  std::vector<int64_t> src;
  src.reserve(static_cast<size_t>(element_count(out)));
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t c = 0; c < depth; ++c)
      for (int64_t e = 0; e < inner; ++e) {
        double v = std::trunc(idx[static_cast<size_t>(o * inner + e)]);
        if (negative_indices && v < 0) v += static_cast<double>(depth);
        src.push_back(v == static_cast<double>(c) ? 1 : 0);
      }
  return one(take(cx, values.reshaped({2}), out, src));
}

// ---- ReverseSequence -----------------------------------------------------------------------------------------
Outputs reverse_sequence(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const int64_t time_axis = attr_int(a.node, "time_axis", 0), batch_axis = attr_int(a.node, "batch_axis", 1);
  // [spec:SH32] ReverseSequence: an input of rank >= 2, time_axis and batch_axis one 0 and the other 1,
  // sequence_lens holding one length in [0, T] per batch entry (T: the time dimension); in batch entry b
  // the first sequence_lens[b] time steps appear in reverse order, the others unchanged.
  ONNXSEM_CLAUSE(SH32);
  if (x.rank() < 2) eval_error("SH32", "ReverseSequence needs an input of rank >= 2, got " + std::to_string(x.rank()));
  if (!((time_axis == 0 && batch_axis == 1) || (time_axis == 1 && batch_axis == 0)))
    eval_error("SH32", "ReverseSequence: time_axis " + std::to_string(time_axis) + " and batch_axis " +
                           std::to_string(batch_axis) + " must be 0 and 1 in some order");
  const auto lens = index_values(a.tensor(1), "ReverseSequence input 'sequence_lens'");
  const int64_t T = x.dim(time_axis), B = x.dim(batch_axis);
  if (a.tensor(1).rank() != 1 || static_cast<int64_t>(lens.size()) != B)
    eval_error("SH32", "ReverseSequence: sequence_lens of shape " + show(a.tensor(1).shape()) +
                           " needs one entry per batch entry (" + std::to_string(B) + ")");
  for (int64_t l : lens)
    if (l < 0 || l > T)
      eval_error("SH32", "ReverseSequence: sequence length " + std::to_string(l) + " is outside [0, " +
                             std::to_string(T) + "]");
  const auto st = strides_of(x.shape());
  std::vector<int64_t> src;
  src.reserve(static_cast<size_t>(x.size()));
  for_each_index(x.shape(), [&](const std::vector<int64_t>& p) {
    int64_t off = 0;
    const int64_t t = p[time_axis], len = lens[static_cast<size_t>(p[batch_axis])];
    for (size_t d = 0; d < p.size(); ++d) off += p[d] * st[d];
    if (t < len) off += (len - 1 - 2 * t) * st[time_axis];
    src.push_back(off);
  });
  return one(take(cx, x, x.shape(), src));
}

}  // namespace

void add_gather(Registry& r) {
  r.add("", "Gather", {1}, [](const KernelArgs& a) { return gather(a, false); });
  r.add("", "Gather", {11, 13}, [](const KernelArgs& a) { return gather(a, true); });
  r.add("", "GatherElements", {11, 13}, gather_elements);
  r.add("", "GatherND", {11}, [](const KernelArgs& a) { return gather_nd(a, false); });
  r.add("", "GatherND", {12, 13}, [](const KernelArgs& a) { return gather_nd(a, true); });
  r.add("", "Compress", {9}, [](const KernelArgs& a) { return compress(a, false); });
  r.add("", "Compress", {11}, [](const KernelArgs& a) { return compress(a, true); });
  r.add("", "NonZero", {9, 13}, non_zero);
  r.add("", "OneHot", {9}, [](const KernelArgs& a) { return one_hot(a, false); });
  r.add("", "OneHot", {11}, [](const KernelArgs& a) { return one_hot(a, true); });
  r.add("", "ReverseSequence", {10}, reverse_sequence);
}

}  // namespace onnxsem::ops::shape

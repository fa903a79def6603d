// TensorScatter (spec/ops-shape.md, SH33, SH34): the functional form of a KV-cache update.
//
//   present = past, except for every prefix p = (b, i1, ..., i_{axis-1}) and s in [0, sequence_length):
//   present[p, pos(b, s), ...] = update[p, s, ...]   with pos(b, s) = w[b] + s            (linear)
//                                                     or pos(b, s) = (w[b] + s) mod max  (circular)
//
// where w = write_indices (zeros when absent) and max = past.shape[axis].
#include <algorithm>
#include <string>

#include "ops/common/attrs.hpp"
#include "ops/shape/common.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::shape {
namespace {

using Outputs = std::vector<std::optional<Value>>;

Outputs tensor_scatter_24(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& past = a.tensor(0);
  const Tensor& upd = a.tensor(1);
  const int64_t r = past.rank();
  // [spec:SH33] axis (default -2) names the sequence dimension; it may not be the batch dimension 0.
  ONNXSEM_CLAUSE(SH33);
  if (r < 2) eval_error("SH33", "TensorScatter needs past_cache of rank >= 2, got rank " + std::to_string(r));
  const int64_t axis = normalise_axis(attr_int(a.node, "axis", -2), r, "TensorScatter axis");
  if (axis == 0) eval_error("SH33", "TensorScatter: axis may not be 0, the batch dimension");
  const std::string mode = attr_string(a.node, "mode", "linear");
  if (mode != "linear" && mode != "circular")
    eval_error("SH33", "TensorScatter: mode '" + mode + "' is neither 'linear' nor 'circular'");
  const bool circular = mode == "circular";
  same_type(past, upd, "SH33", "TensorScatter input 'update'");
  // [spec:SH33] update has past_cache's shape but on the axis, where its length is at most past_cache's.
  ONNXSEM_CLAUSE(SH33);
  bool ok = upd.rank() == r;
  for (int64_t d = 0; ok && d < r; ++d) ok = d == axis ? upd.dim(d) <= past.dim(d) : upd.dim(d) == past.dim(d);
  if (!ok)
    eval_error("SH33", "TensorScatter: update of shape " + show(upd.shape()) + " does not fit past_cache of shape " +
                           show(past.shape()) + " on axis " + std::to_string(axis));
  const int64_t batch = past.dim(0), max_len = past.dim(axis), seq_len = upd.dim(axis);
  // [spec:SH33] write_indices, when present, is an int64 tensor of shape [batch_size].
  ONNXSEM_CLAUSE(SH33);
  std::vector<int64_t> w(static_cast<size_t>(batch), 0);
  if (a.has_input(2)) {
    const Tensor& wi = a.tensor(2);
    if (wi.dtype() != DType::int64)
      eval_error("SH33", std::string("TensorScatter: write_indices must be int64, got ") + dtype_name(wi.dtype()));
    if (wi.shape() != Shape{batch})
      eval_error("SH33", "TensorScatter: write_indices of shape " + show(wi.shape()) + " where [" +
                             std::to_string(batch) + "] is required");
    auto d = wi.data<int64_t>();
    w.assign(d.begin(), d.end());
  }
  // [spec:SH34] linear: each write index lies in [0, max - sequence_length]; circular: any write index,
  // taken modulo max (the non-negative remainder).
  ONNXSEM_CLAUSE(SH34);
  for (int64_t b = 0; b < batch; ++b) {
    int64_t& wb = w[static_cast<size_t>(b)];
    if (circular) {
      if (max_len > 0) wb = ((wb % max_len) + max_len) % max_len;
    } else if (wb < 0 || wb > max_len - seq_len) {
      eval_error("SH34", "TensorScatter: write index " + std::to_string(wb) + " of batch entry " + std::to_string(b) +
                             " with " + std::to_string(seq_len) + " updates leaves the sequence axis of length " +
                             std::to_string(max_len) + " (mode linear)");
    }
  }
  // [spec:SH34] the output is past_cache with, for every prefix index before the axis and every s in
  // [0, sequence_length), the slice at sequence position pos(b, s) replaced by the update's slice at s.
  ONNXSEM_CLAUSE(SH34);
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= past.dim(d);
  for (int64_t d = axis + 1; d < r; ++d) inner *= past.dim(d);
  const int64_t per_batch = batch ? outer / batch : 0;  // prefixes sharing one batch index
  return dispatch(past.dtype(), all_types, "TensorScatter", [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto src = past.data<T>();
    auto u = upd.data<T>();
    auto [t, out] = Tensor::allocate<T>(cx, past.shape());
    std::copy(src.begin(), src.end(), out.begin());
    for (int64_t o = 0; o < outer; ++o) {
      const int64_t b = o / per_batch;
      for (int64_t s = 0; s < seq_len; ++s) {
        int64_t pos = w[static_cast<size_t>(b)] + s;
        if (circular) pos %= max_len;
        const int64_t dst = (o * max_len + pos) * inner, from = (o * seq_len + s) * inner;
        for (int64_t e = 0; e < inner; ++e) out[dst + e] = u[from + e];
      }
    }
    return one(std::move(t));
  });
}

}  // namespace

void add_tensor_scatter(Registry& r) { r.add("", "TensorScatter", {24}, tensor_scatter_24); }

}  // namespace onnxsem::ops::shape

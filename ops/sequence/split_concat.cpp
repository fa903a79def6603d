// SplitToSequence and ConcatFromSequence (spec/ops-sequence.md, SQ9-SQ12).
#include "ops/common/attrs.hpp"
#include "ops/sequence/common.hpp"
#include "runtime/coverage.hpp"
#include "values/dispatch.hpp"

namespace onnxsem::ops::sequence {
namespace {

// Product of the dimensions [from, to) of a shape.
int64_t product(const Shape& s, size_t from, size_t to) {
  int64_t p = 1;
  for (size_t d = from; d < to; ++d) p *= s[d];
  return p;
}

// The part [start, start + len) of x along the axis, with the given output shape (same element count).
Tensor part(EvalContext& cx, const Tensor& x, size_t axis, int64_t start, int64_t len, const Shape& out_shape) {
  return dispatch(x.dtype(), all_types, "SplitToSequence", [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto [t, o] = Tensor::allocate<T>(cx, out_shape);
    // [spec:L5] a part of an empty tensor is empty: it is made without walking the other axes, whose product
    // may be huge (or not even fit int64) when the empty one is elsewhere.
    ONNXSEM_CLAUSE(L5);
    if (x.size() == 0) return t;
    const Shape& s = x.shape();
    const int64_t outer = product(s, 0, axis), inner = product(s, axis + 1, s.size()), dim = s[axis];
    auto in = x.template data<T>();
    const int64_t block = len * inner;
    for (int64_t i = 0; i < outer; ++i)
      for (int64_t e = 0; e < block; ++e)
        o[static_cast<size_t>(i * block + e)] = in[static_cast<size_t>((i * dim + start) * inner + e)];
    return t;
  });
}

// The values of an int32/int64 split input.
std::vector<int64_t> split_values(const Tensor& t) {
  std::vector<int64_t> v;
  if (t.dtype() == DType::int64) {
    for (int64_t x : t.data<int64_t>()) v.push_back(x);
  } else if (t.dtype() == DType::int32) {
    for (int32_t x : t.data<int32_t>()) v.push_back(x);
  } else {
    eval_error("A3",
               std::string("SplitToSequence: input 'split' must be int32 or int64, it is ") + dtype_name(t.dtype()));
  }
  return v;
}

// ---- SplitToSequence ---------------------------------------------------------------------------------------
Outputs split_to_sequence(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const auto axis = static_cast<size_t>(normalise_axis(attr_int(a.node, "axis", 0), x.rank(), "SplitToSequence axis"));
  const int64_t dim = x.dim(static_cast<int64_t>(axis));
  std::vector<int64_t> lengths;
  bool drop_axis = false;
  if (!a.has_input(1)) {
    // [spec:SQ9] parts of length 1; keepdims 0 removes the axis.
    ONNXSEM_CLAUSE(SQ9);
    check_item_count(cx, dim, "SplitToSequence");
    lengths.assign(static_cast<size_t>(dim), 1);
    drop_axis = attr_int(a.node, "keepdims", 1) == 0;
  } else {
    const Tensor& sp = a.tensor(1);
    const std::vector<int64_t> v = split_values(sp);
    if (sp.rank() == 0) {
      // [spec:SQ10] equal parts of length s, the last one holding the remainder.
      ONNXSEM_CLAUSE(SQ10);
      const int64_t len = v[0];
      if (len <= 0) eval_error("SQ10", "SplitToSequence: scalar split " + std::to_string(len) + " is not positive");
      const int64_t n = dim / len + (dim % len != 0 ? 1 : 0);
      check_item_count(cx, n, "SplitToSequence");
      for (int64_t k = 0; k < dim / len; ++k) lengths.push_back(len);
      if (dim % len != 0) lengths.push_back(dim % len);
    } else {
      // [spec:SQ11] a non-empty 1-D list of positive lengths summing to the dimension.
      ONNXSEM_CLAUSE(SQ11);
      if (sp.rank() != 1)
        eval_error("SQ11",
                   "SplitToSequence: input 'split' has shape " + show(sp.shape()) + ", it must be a scalar or 1-D");
      if (v.empty()) eval_error("SQ11", "SplitToSequence: input 'split' is empty");
      int64_t total = 0;
      for (int64_t len : v) {
        if (len <= 0) eval_error("SQ11", "SplitToSequence: split " + show(v) + " has an entry that is not positive");
        if (__builtin_add_overflow(total, len, &total))
          eval_error("SQ11", "SplitToSequence: split " + show(v) + " does not sum to " + std::to_string(dim));
      }
      if (total != dim)
        eval_error("SQ11", "SplitToSequence: split " + show(v) + " sums to " + std::to_string(total) +
                               ", not to the dimension " + std::to_string(dim) + " of axis " + std::to_string(axis));
      lengths = v;
    }
  }
  std::vector<Value> items;
  items.reserve(lengths.size());
  int64_t start = 0;
  for (int64_t len : lengths) {
    Shape s = x.shape();
    s[axis] = len;
    if (drop_axis) s.erase(s.begin() + static_cast<std::ptrdiff_t>(axis));
    items.emplace_back(part(cx, x, axis, start, len, s));
    start += len;
  }
  return one(make_sequence(x.dtype(), std::move(items)));
}

// ---- ConcatFromSequence ------------------------------------------------------------------------------------
Outputs concat_from_sequence(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const auto& items = a.value(0).sequence().items;
  const int64_t axis_attr = attr_int_req(a.node, "axis");
  const int64_t new_axis = attr_int(a.node, "new_axis", 0);
  // [spec:SQ12] join the tensors of a non-empty sequence along the axis, stacking them with new_axis 1.
  ONNXSEM_CLAUSE(SQ12);
  if (new_axis != 0 && new_axis != 1)
    eval_error("SQ12", "ConcatFromSequence: attribute 'new_axis' is " + std::to_string(new_axis) + ", not 0 or 1");
  if (items.empty()) eval_error("SQ12", "ConcatFromSequence: the input sequence is empty");
  const Tensor& first = items[0].tensor();
  const int64_t rank = first.rank() + new_axis;
  const auto axis = static_cast<size_t>(normalise_axis(axis_attr, rank, "ConcatFromSequence axis"));
  std::vector<Tensor> parts;
  parts.reserve(items.size());
  Shape out;
  for (size_t k = 0; k < items.size(); ++k) {
    const Tensor& t = items[k].tensor();
    if (t.dtype() != first.dtype())
      eval_error("SQ1", "ConcatFromSequence: item " + std::to_string(k) + " has element type " + dtype_name(t.dtype()) +
                            ", item 0 has " + dtype_name(first.dtype()));
    Shape s = t.shape();
    if (new_axis == 1) {
      if (s != first.shape())
        eval_error("SQ12", "ConcatFromSequence: item " + std::to_string(k) + " has shape " + show(s) + ", item 0 has " +
                               show(first.shape()) + "; stacking needs equal shapes");
      s.insert(s.begin() + static_cast<std::ptrdiff_t>(axis), 1);
    }
    bool ok = static_cast<int64_t>(s.size()) == rank;
    for (size_t d = 0; ok && d < s.size(); ++d) ok = d == axis || k == 0 || s[d] == out[d];
    if (!ok)
      eval_error("SQ12", "ConcatFromSequence: item " + std::to_string(k) + " has shape " + show(t.shape()) +
                             ", which does not match item 0's shape " + show(first.shape()) + " outside axis " +
                             std::to_string(axis));
    if (k == 0) {
      out = s;
    } else if (__builtin_add_overflow(out[axis], s[axis], &out[axis])) {
      eval_error("L1", "ConcatFromSequence: the joined dimension overflows");
    }
    parts.push_back(new_axis == 1 ? t.reshaped(s) : t);
  }
  return one(dispatch(first.dtype(), all_types, "ConcatFromSequence", [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto [t, o] = Tensor::allocate<T>(cx, out);
    // [spec:L5] an empty result is made without walking the other axes (as SplitToSequence's parts).
    ONNXSEM_CLAUSE(L5);
    if (t.size() == 0) return t;
    const int64_t outer = product(out, 0, axis), inner = product(out, axis + 1, out.size());
    size_t pos = 0;
    for (int64_t i = 0; i < outer; ++i)
      for (const Tensor& p : parts) {
        const int64_t block = p.dim(static_cast<int64_t>(axis)) * inner;
        auto d = p.template data<T>();
        for (int64_t e = 0; e < block; ++e) o[pos++] = d[static_cast<size_t>(i * block + e)];
      }
    return t;
  }));
}

}  // namespace

void add_split_concat(Registry& r) {
  r.add("", "SplitToSequence", {11, 24}, split_to_sequence);
  r.add("", "ConcatFromSequence", {11}, concat_from_sequence);
}

}  // namespace onnxsem::ops::sequence

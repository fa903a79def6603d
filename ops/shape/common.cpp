// Helpers shared by the shape, index and constant operators (spec/ops-shape.md).
#include "ops/shape/common.hpp"

#include "runtime/coverage.hpp"

namespace onnxsem::ops::shape {

std::vector<int64_t> strides_of(const Shape& s) {
  std::vector<int64_t> st(s.size(), 1);
  for (size_t d = s.size(); d-- > 1;) st[d - 1] = st[d] * s[d];
  return st;
}

Tensor take(EvalContext& cx, const Tensor& in, Shape out, const std::vector<int64_t>& src, const Tensor* fill) {
  return dispatch(in.dtype(), all_types, "shape operator", [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto data = in.data<T>();
    T pad{};
    if (fill) pad = fill->data<T>()[0];
    auto [t, o] = Tensor::allocate<T>(cx, std::move(out));
    if (o.size() != src.size()) eval_error("L2", "internal: index map does not cover the output");
    for (size_t k = 0; k < o.size(); ++k) o[k] = src[k] < 0 ? pad : data[static_cast<size_t>(src[k])];
    return t;
  });
}

void check_output_size(EvalContext& cx, const Shape& out, const std::string& what) {
  const int64_t n = element_count(out);
  if (n > cx.limits().tensor_bytes / 8)
    eval_error("L3", what + ": an output of shape " + show(out) + " (" + std::to_string(n) +
                         " elements) exceeds the allocation limit");
}

int64_t checked_index(int64_t index, int64_t bound, bool negative_ok, Clause clause, const std::string& what) {
  // [spec:SH13] an index lies in [0, s-1] for a dimension of size s, or (where the operator version
  // allows) in [-s, -1], counting once from the end; any other index is an evaluation error.
  ONNXSEM_CLAUSE(SH13);
  const int64_t lo = negative_ok ? -bound : 0;
  if (index < lo || index >= bound)
    eval_error(clause, what + " " + std::to_string(index) + " is out of range [" + std::to_string(lo) + ", " +
                           std::to_string(bound - 1) + "] (dimension of size " + std::to_string(bound) + ")");
  return index < 0 ? index + bound : index;
}

std::vector<int64_t> index_values(const Tensor& t, const std::string& what) {
  std::vector<int64_t> out;
  if (t.dtype() == DType::int64) {
    auto d = t.data<int64_t>();
    out.assign(d.begin(), d.end());
  } else if (t.dtype() == DType::int32) {
    auto d = t.data<int32_t>();
    out.assign(d.begin(), d.end());
  } else {
    eval_error("A3", what + " must be an int32 or int64 tensor, got " + dtype_name(t.dtype()));
  }
  return out;
}

int64_t scalar_int(const Tensor& t, const std::string& what) {
  auto v = index_values(t, what);
  if (v.size() != 1) eval_error("A3", what + " must hold exactly one value, got " + std::to_string(v.size()));
  return v[0];
}

void same_type(const Tensor& a, const Tensor& b, Clause clause, const std::string& what) {
  if (a.dtype() != b.dtype())
    eval_error(clause, what + ": element type " + dtype_name(b.dtype()) + " differs from " + dtype_name(a.dtype()));
}

}  // namespace onnxsem::ops::shape

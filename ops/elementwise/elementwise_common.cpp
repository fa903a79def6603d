// Layouts shared by the elementwise operators (spec/ops-elementwise.md, EW3 and EW16).
#include "ops/elementwise/elementwise_common.hpp"
#include "ops/common/values.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::ew {
namespace {}  // namespace

Layout<2> legacy_layout(const Node& n, const Tensor& a, const Tensor& b) {
  const Shape& sa = a.shape();
  const Shape& sb = b.shape();
  const int64_t ra = a.rank();
  const int64_t rb = b.rank();
  Layout<2> l;
  l.out = sa;
  l.strides[0] = broadcast_strides(sa, sa);
  const int64_t flag = attr_int(n, "broadcast", 0);
  // [spec:EW3] opset 1-6 binary operators: without broadcast=1 the operands have the same shape; with it
  // B has one element, or B's shape equals the dimensions of A starting at `axis` (default: A's last
  // rank(B) dimensions). The result has A's shape.
  ONNXSEM_CLAUSE(EW3);
  if (flag != 0 && flag != 1) eval_error("EW3", "attribute 'broadcast' must be 0 or 1, got " + std::to_string(flag));
  if (flag == 0) {
    if (sa != sb)
      eval_error("EW3",
                 "without broadcast=1 the operands must have the same shape, got " + show(sa) + " and " + show(sb));
    l.strides[1] = l.strides[0];
    return l;
  }
  if (rb > ra) eval_error("EW3", "with broadcast=1 B's rank must not exceed A's, got " + show(sa) + " and " + show(sb));
  if (b.size() == 1) {
    l.strides[1].assign(sa.size(), 0);
    return l;
  }
  const auto axis_attr = attr_int_opt(n, "axis");
  const int64_t axis = axis_attr ? normalise_axis(*axis_attr, ra, "attribute 'axis'") : ra - rb;
  if (axis + rb > ra)
    eval_error("EW3",
               "B's shape " + show(sb) + " does not fit in A's shape " + show(sa) + " at axis " + std::to_string(axis));
  for (int64_t i = 0; i < rb; ++i)
    if (sb[static_cast<size_t>(i)] != sa[static_cast<size_t>(axis + i)])
      eval_error("EW3", "B's shape " + show(sb) + " is not the part of A's shape " + show(sa) + " at axis " +
                            std::to_string(axis));
  l.strides[1].assign(sa.size(), 0);
  int64_t s = 1;
  for (int64_t i = rb; i-- > 0;) {
    l.strides[1][static_cast<size_t>(axis + i)] = s;
    s *= sb[static_cast<size_t>(i)];
  }
  return l;
}

Layout<2> unidirectional_layout(const Tensor& a, const Tensor& b, const std::string& what) {
  const Shape out = broadcast_shape({a.shape(), b.shape()}, what);
  // [spec:EW16] the second operand broadcasts to the first one's shape, never the other way round.
  ONNXSEM_CLAUSE(EW16);
  if (out != a.shape()) eval_error("EW16", what + ": " + show(b.shape()) + " does not broadcast to " + show(a.shape()));
  Layout<2> l;
  l.out = out;
  l.strides[0] = broadcast_strides(a.shape(), out);
  l.strides[1] = broadcast_strides(b.shape(), out);
  return l;
}

}  // namespace onnxsem::ops::ew

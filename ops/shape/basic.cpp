// Identity, Shape, Size, Reshape, Flatten, Squeeze, Unsqueeze (spec/ops-shape.md, SH1-SH9).
// None of them moves an element: the result shares the input's buffer under a new shape.
#include <algorithm>

#include "ops/common/attrs.hpp"
#include "ops/shape/common.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::shape {
namespace {

using Outputs = std::vector<std::optional<Value>>;

// ---- Identity -------------------------------------------------------------------------------------------
Outputs identity(const KernelArgs& a) {
  // [spec:SH1] Identity returns its input value itself (tensor, sequence or optional).
  ONNXSEM_CLAUSE(SH1);
  return {a.value(0)};
}

// ---- Shape and Size ----------------------------------------------------------------------------------------
Tensor dims_tensor(EvalContext& cx, const Shape& s, int64_t start, int64_t end) {
  std::vector<int64_t> v(s.begin() + start, s.begin() + end);
  return Tensor::from_vector<int64_t>(cx, {static_cast<int64_t>(v.size())}, v);
}

Outputs shape_1(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  return one(dims_tensor(cx, x.shape(), 0, x.rank()));
}

Outputs shape_15(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const int64_t r = x.rank();
  // [spec:SH2] start and end count from the back when negative, are clamped to [0, r], and an end before
  // the start gives no dimension.
  ONNXSEM_CLAUSE(SH2);
  auto clamp = [r](int64_t v) { return std::clamp(v < 0 ? v + r : v, int64_t{0}, r); };
  const int64_t start = clamp(attr_int(a.node, "start", 0));
  const int64_t end = clamp(attr_int(a.node, "end", r));
  return one(dims_tensor(cx, x.shape(), start, std::max(start, end)));
}

Outputs size(const KernelArgs& a) {
  EvalContext& cx = a.context();
  // [spec:SH3] Size is the element count of its input as a rank-0 int64 tensor.
  ONNXSEM_CLAUSE(SH3);
  return one(Tensor::scalar<int64_t>(cx, a.tensor(0).size()));
}

// ---- Reshape -----------------------------------------------------------------------------------------------
Shape reshape_target(const Shape& in, const std::vector<int64_t>& spec, bool allowzero) {
  const int64_t count = element_count(in);
  Shape out(spec.size());
  std::optional<size_t> inferred;
  bool has_zero = false;
  // [spec:SH4] each entry of the requested shape is a dimension (>= 1), 0 (copy the input's dimension at
  // the same position, or a zero dimension under allowzero), or -1 (inferred, at most once).
  ONNXSEM_CLAUSE(SH4);
  for (size_t i = 0; i < spec.size(); ++i) {
    const int64_t v = spec[i];
    if (v == -1) {
      if (inferred)
        eval_error("SH4", "shape " + show(spec) + " has more than one -1 (positions " + std::to_string(*inferred) +
                              " and " + std::to_string(i) + ")");
      inferred = i;
      out[i] = 1;
    } else if (v < -1) {
      eval_error("SH4", "shape " + show(spec) + " has the invalid entry " + std::to_string(v) + " at position " +
                            std::to_string(i));
    } else if (v == 0 && !allowzero) {
      if (i >= in.size())
        eval_error("SH4", "shape " + show(spec) + " has 0 at position " + std::to_string(i) + " but the input " +
                              show(in) + " has no dimension there to copy");
      out[i] = in[i];
    } else {
      has_zero = has_zero || v == 0;
      out[i] = v;
    }
  }
  if (allowzero && has_zero && inferred)
    eval_error("SH4", "shape " + show(spec) + " holds both 0 and -1 while allowzero is set");
  if (inferred) {
    const int64_t rest = element_count(out);
    // The inferred dimension must exist and be unique (SH5).
    if (rest == 0 || count % rest != 0)
      eval_error("SH5", "cannot infer the -1 of shape " + show(spec) + " for an input of shape " + show(in) + " (" +
                            std::to_string(count) + " elements)");
    out[*inferred] = count / rest;
  }
  // [spec:SH5] the result holds exactly the input's elements.
  ONNXSEM_CLAUSE(SH5);
  if (element_count(out) != count)
    eval_error("SH5", "shape " + show(spec) + " (resolved " + show(out) + ") cannot hold the " + std::to_string(count) +
                          " elements of an input of shape " + show(in));
  return out;
}

Outputs reshape_1(const KernelArgs& a) {
  const Tensor& x = a.tensor(0);
  auto spec = attr_ints_opt(a.node, "shape");
  if (!spec) eval_error("A1", "required attribute 'shape' is missing");
  return one(x.reshaped(reshape_target(x.shape(), *spec, false)));
}

Outputs reshape_5(const KernelArgs& a) {
  const Tensor& x = a.tensor(0);
  auto spec = int_list(a.tensor(1), "input 'shape'");
  return one(x.reshaped(reshape_target(x.shape(), spec, false)));
}

Outputs reshape_14(const KernelArgs& a) {
  const Tensor& x = a.tensor(0);
  auto spec = int_list(a.tensor(1), "input 'shape'");
  return one(x.reshaped(reshape_target(x.shape(), spec, attr_int(a.node, "allowzero", 0) != 0)));
}

// ---- Flatten -----------------------------------------------------------------------------------------------
Outputs flatten(const KernelArgs& a, bool negative_ok) {
  const Tensor& x = a.tensor(0);
  const int64_t r = x.rank();
  int64_t axis = attr_int(a.node, "axis", 1);
  // [spec:SH6] Flatten's axis lies in [0, r] (in [-r, r] from version 11, a negative one counting from the
  // back); the result is 2-D: the product of the dimensions before the axis, and of those from it on.
  ONNXSEM_CLAUSE(SH6);
  if (axis > r || axis < (negative_ok ? -r : 0))
    eval_error("SH6", "axis " + std::to_string(axis) + " is out of range for Flatten of a rank-" + std::to_string(r) +
                          " input");
  if (axis < 0) axis += r;
  const Shape& s = x.shape();
  Shape head(s.begin(), s.begin() + axis), tail(s.begin() + axis, s.end());
  return one(x.reshaped({element_count(head), element_count(tail)}));
}

// ---- Squeeze / Unsqueeze ---------------------------------------------------------------------------------
std::vector<int64_t> sorted_axes(std::vector<int64_t> axes, int64_t rank, bool negative_ok, Clause clause,
                                 const std::string& what) {
  for (auto& ax : axes) {
    if (ax < (negative_ok ? -rank : 0) || ax >= rank)
      eval_error(clause, what + " " + std::to_string(ax) + " is out of range for rank " + std::to_string(rank));
    if (ax < 0) ax += rank;
  }
  std::sort(axes.begin(), axes.end());
  if (std::adjacent_find(axes.begin(), axes.end()) != axes.end())
    eval_error(clause, what + " names the same axis twice");
  return axes;
}

Tensor squeeze(const Tensor& x, const std::optional<std::vector<int64_t>>& axes_in, bool negative_ok) {
  const Shape& s = x.shape();
  Shape out;
  if (!axes_in) {
    for (int64_t d : s)
      if (d != 1) out.push_back(d);
    return x.reshaped(out);
  }
  // [spec:SH8] Squeeze removes exactly the listed axes, each of size 1, no axis twice; without axes it
  // removes every dimension of size 1.
  ONNXSEM_CLAUSE(SH8);
  auto axes = sorted_axes(*axes_in, x.rank(), negative_ok, "SH8", "Squeeze axis");
  for (int64_t ax : axes)
    if (s[ax] != 1)
      eval_error("SH8", "Squeeze axis " + std::to_string(ax) + " has size " + std::to_string(s[ax]) +
                            ", not 1 (input shape " + show(s) + ")");
  for (int64_t d = 0; d < x.rank(); ++d)
    if (!std::binary_search(axes.begin(), axes.end(), d)) out.push_back(s[d]);
  return x.reshaped(out);
}

Outputs squeeze_1(const KernelArgs& a) { return one(squeeze(a.tensor(0), attr_ints_opt(a.node, "axes"), false)); }
Outputs squeeze_11(const KernelArgs& a) { return one(squeeze(a.tensor(0), attr_ints_opt(a.node, "axes"), true)); }
Outputs squeeze_13(const KernelArgs& a) {
  std::optional<std::vector<int64_t>> axes;
  if (a.has_input(1)) axes = int_list(a.tensor(1), "input 'axes'");
  return one(squeeze(a.tensor(0), axes, true));
}

Tensor unsqueeze(const Tensor& x, const std::vector<int64_t>& axes_in, bool negative_ok) {
  const int64_t out_rank = x.rank() + static_cast<int64_t>(axes_in.size());
  // [spec:SH9] Unsqueeze's axes refer to the output, of rank r + (number of axes); each is in range and
  // distinct; the output has 1 at those axes and the input's dimensions, in order, elsewhere.
  ONNXSEM_CLAUSE(SH9);
  auto axes = sorted_axes(axes_in, out_rank, negative_ok, "SH9", "Unsqueeze axis");
  Shape out;
  size_t next = 0;
  for (int64_t d = 0; d < out_rank; ++d)
    out.push_back(std::binary_search(axes.begin(), axes.end(), d) ? 1 : x.shape()[next++]);
  return x.reshaped(out);
}

Outputs unsqueeze_1(const KernelArgs& a) {
  auto axes = attr_ints_opt(a.node, "axes");
  if (!axes) eval_error("A1", "required attribute 'axes' is missing");
  return one(unsqueeze(a.tensor(0), *axes, false));
}
Outputs unsqueeze_11(const KernelArgs& a) {
  auto axes = attr_ints_opt(a.node, "axes");
  if (!axes) eval_error("A1", "required attribute 'axes' is missing");
  return one(unsqueeze(a.tensor(0), *axes, true));
}
Outputs unsqueeze_13(const KernelArgs& a) {
  return one(unsqueeze(a.tensor(0), int_list(a.tensor(1), "input 'axes'"), true));
}

}  // namespace

void add_basic(Registry& r) {
  r.add("", "Identity", {1, 13, 14, 16, 19, 21, 23, 24, 25}, identity);
  r.add("", "Shape", {1, 13}, shape_1);
  r.add("", "Shape", {15, 19, 21, 23, 24, 25}, shape_15);
  r.add("", "Size", {1, 13, 19, 21, 23, 24, 25}, size);
  r.add("", "Reshape", {1}, reshape_1);
  r.add("", "Reshape", {5, 13}, reshape_5);
  r.add("", "Reshape", {14, 19, 21, 23, 24, 25}, reshape_14);
  r.add("", "Flatten", {1, 9}, [](const KernelArgs& a) { return flatten(a, false); });
  r.add("", "Flatten", {11, 13, 21, 23, 24, 25}, [](const KernelArgs& a) { return flatten(a, true); });
  r.add("", "Squeeze", {1}, squeeze_1);
  r.add("", "Squeeze", {11}, squeeze_11);
  r.add("", "Squeeze", {13, 21, 23, 24, 25}, squeeze_13);
  r.add("", "Unsqueeze", {1}, unsqueeze_1);
  r.add("", "Unsqueeze", {11}, unsqueeze_11);
  r.add("", "Unsqueeze", {13, 21, 23, 24, 25}, unsqueeze_13);
}

}  // namespace onnxsem::ops::shape

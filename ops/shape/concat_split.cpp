// Concat and Split (spec/ops-shape.md, SH10-SH11).
#include <algorithm>
#include <span>
#include <type_traits>
#include <vector>

#include "ops/common/attrs.hpp"
#include "ops/shape/common.hpp"
#include "runtime/coverage.hpp"
#include "runtime/parallel.hpp"

namespace onnxsem::ops::shape {
namespace {

using Outputs = std::vector<std::optional<Value>>;

int64_t axis_in(int64_t axis, int64_t rank, bool negative_ok, const std::string& op) {
  return normalise_axis(axis, rank, op + " axis");
}

// ---- Concat ------------------------------------------------------------------------------------------------
Outputs concat(const KernelArgs& a, std::optional<int64_t> default_axis, bool negative_ok) {
  EvalContext& cx = a.context();
  if (a.input_count() == 0) eval_error("A2", "Concat needs at least one input");
  std::vector<const Tensor*> ins;
  for (size_t k = 0; k < a.input_count(); ++k) ins.push_back(&a.tensor(k));
  const Tensor& first = *ins[0];
  const int64_t r = first.rank();
  std::optional<int64_t> ax = attr_int_opt(a.node, "axis");
  if (!ax) ax = default_axis;
  if (!ax) eval_error("A1", "required attribute 'axis' is missing");
  // [spec:SH10] Concat's inputs share one element type and one rank r >= 1, and agree on every dimension
  // but the axis; the output's dimension there is the sum of theirs, the inputs following each other in
  // order.
  ONNXSEM_CLAUSE(SH10);
  if (r == 0) eval_error("SH10", "Concat inputs must have rank >= 1, input 0 is a scalar");
  const int64_t axis = axis_in(*ax, r, negative_ok, "Concat");
  Shape out = first.shape();
  out[axis] = 0;
  for (size_t k = 0; k < ins.size(); ++k) {
    const Tensor& t = *ins[k];
    same_type(first, t, "SH10", "Concat input " + std::to_string(k));
    bool ok = t.rank() == r;
    for (int64_t d = 0; ok && d < r; ++d) ok = d == axis || t.dim(d) == first.dim(d);
    if (!ok)
      eval_error("SH10", "Concat input " + std::to_string(k) + " has shape " + show(t.shape()) +
                             ", which does not match input 0's shape " + show(first.shape()) + " outside axis " +
                             std::to_string(axis));
    out[axis] += t.dim(axis);
  }
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= out[d];
  for (int64_t d = axis + 1; d < r; ++d) inner *= out[d];
  return one(dispatch(first.dtype(), all_types, "Concat", [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto [t, o] = Tensor::allocate_for_overwrite<T>(cx, out);  // every element written below
    const std::span<T> to = o;  // a plain variable: clang 14 cannot capture structured bindings
    // The output is, for i = 0 .. outer-1, block i of input 0, then block i of input 1, ...: run j = i *
    // inputs + k (block i of input k, dim(axis) * inner elements) starts at starts[j].
    const int64_t runs = outer * static_cast<int64_t>(ins.size());
    std::vector<int64_t> starts(static_cast<size_t>(runs) + 1, 0);
    for (int64_t j = 0; j < runs; ++j)
      starts[static_cast<size_t>(j) + 1] = starts[static_cast<size_t>(j)] +
                                           ins[static_cast<size_t>(j) % ins.size()]->dim(axis) * inner;
    // Output elements [lo, hi): the parts of the runs that fall there, each copied from its input.
    auto copy = [&](int64_t lo, int64_t hi) {
      auto j = static_cast<size_t>(std::upper_bound(starts.begin(), starts.end(), lo) - starts.begin()) - 1;
      for (int64_t e = lo; e < hi; ++j) {
        const int64_t end = std::min(hi, starts[j + 1]);
        const Tensor* in = ins[j % ins.size()];
        const int64_t block = in->dim(axis) * inner, i = static_cast<int64_t>(j / ins.size());
        const T* from = in->template data<T>().data() + i * block + (e - starts[j]);
        std::copy(from, from + (end - e), to.begin() + e);
        e = end;
      }
    };
    const auto total = static_cast<int64_t>(to.size());
    // E9: slices of the output on several threads, for elements whose copy allocates nothing.
    if constexpr (std::is_trivially_copyable_v<T>) parallel_slices(cx, total, total, kElementGrain, copy);
    else copy(0, total);
    return t;
  }));
}

// ---- Split -------------------------------------------------------------------------------------------------
Outputs split_into(EvalContext& cx, const Tensor& x, int64_t axis, const std::vector<int64_t>& sizes, size_t outputs) {
  // [spec:SH11] Split cuts its input along the axis into consecutive parts, one per output: the sizes are
  // the 'split' list when given (one non-negative entry per output, summing to the axis's dimension),
  // otherwise equal parts (the dimension must be divisible by the number of outputs, except from version
  // 18 with num_outputs, where every part has ceil(dim / n) elements and the last one the rest).
  ONNXSEM_CLAUSE(SH11);
  if (sizes.size() != outputs)
    eval_error("SH11", "Split has " + std::to_string(outputs) + " outputs but split " + show(sizes) + " has " +
                           std::to_string(sizes.size()) + " entries");
  int64_t total = 0;
  for (int64_t s : sizes) {
    if (s < 0) eval_error("SH11", "Split: split " + show(sizes) + " has a negative entry");
    total += s;
  }
  if (total != x.dim(axis))
    eval_error("SH11", "Split: split " + show(sizes) + " sums to " + std::to_string(total) + ", not to the dimension " +
                           std::to_string(x.dim(axis)) + " of axis " + std::to_string(axis));
  const Shape& s = x.shape();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= s[d];
  for (int64_t d = axis + 1; d < x.rank(); ++d) inner *= s[d];
  Outputs res;
  int64_t begin = 0;
  for (int64_t part : sizes) {
    Shape os = s;
    os[axis] = part;
    res.emplace_back(dispatch(x.dtype(), all_types, "Split", [&](auto tag) {
      using T = typename decltype(tag)::type;
      auto d = x.data<T>();
      auto [t, o] = Tensor::allocate<T>(cx, os);
      size_t pos = 0;
      for (int64_t i = 0; i < outer; ++i)
        for (int64_t e = 0; e < part * inner; ++e) o[pos++] = d[static_cast<size_t>((i * s[axis] + begin) * inner + e)];
      return t;
    }));
    begin += part;
  }
  return res;
}

std::vector<int64_t> equal_parts(const Tensor& x, int64_t axis, size_t n) {
  const int64_t dim = x.dim(axis);
  if (n == 0) eval_error("SH11", "Split has no output");
  if (dim % static_cast<int64_t>(n) != 0)
    eval_error("SH11", "Split: dimension " + std::to_string(dim) + " of axis " + std::to_string(axis) +
                           " cannot be split into " + std::to_string(n) + " equal parts");
  return std::vector<int64_t>(n, dim / static_cast<int64_t>(n));
}

// Versions 1, 2, 11: sizes from the attribute (or, in version 1, from the optional second input).
Outputs split_attr(const KernelArgs& a, bool input_ok, bool negative_ok) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  if (x.rank() == 0) eval_error("SH11", "Split needs an input of rank >= 1");
  const int64_t axis = axis_in(attr_int(a.node, "axis", 0), x.rank(), negative_ok, "Split");
  std::optional<std::vector<int64_t>> sizes;
  if (input_ok && a.has_input(1)) sizes = int_list(a.tensor(1), "input 'split'");
  if (!sizes) sizes = attr_ints_opt(a.node, "split");
  if (!sizes) sizes = equal_parts(x, axis, a.output_count());
  return split_into(cx, x, axis, *sizes, a.output_count());
}

Outputs split_13(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  if (x.rank() == 0) eval_error("SH11", "Split needs an input of rank >= 1");
  const int64_t axis = normalise_axis(attr_int(a.node, "axis", 0), x.rank(), "Split axis");
  auto sizes = a.has_input(1) ? int_list(a.tensor(1), "input 'split'") : equal_parts(x, axis, a.output_count());
  return split_into(cx, x, axis, sizes, a.output_count());
}

Outputs split_18(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  if (x.rank() == 0) eval_error("SH11", "Split needs an input of rank >= 1");
  const int64_t axis = normalise_axis(attr_int(a.node, "axis", 0), x.rank(), "Split axis");
  auto n = attr_int_opt(a.node, "num_outputs");
  if (a.has_input(1)) {
    if (n) eval_error("SH11", "Split: input 'split' and attribute 'num_outputs' are both given");
    return split_into(cx, x, axis, int_list(a.tensor(1), "input 'split'"), a.output_count());
  }
  if (!n) eval_error("SH11", "Split: neither input 'split' nor attribute 'num_outputs' is given");
  if (*n < 1 || static_cast<size_t>(*n) != a.output_count())
    eval_error("SH11", "Split: num_outputs " + std::to_string(*n) + " differs from the node's " +
                           std::to_string(a.output_count()) + " outputs");
  const int64_t dim = x.dim(axis);
  const int64_t chunk = (dim + *n - 1) / *n;
  std::vector<int64_t> sizes(static_cast<size_t>(*n), chunk);
  sizes.back() = dim - chunk * (*n - 1);
  if (sizes.back() < 0)
    eval_error("SH11", "Split: dimension " + std::to_string(dim) + " cannot be cut into " + std::to_string(*n) +
                           " parts of " + std::to_string(chunk) + ": the last part would be negative");
  return split_into(cx, x, axis, sizes, a.output_count());
}

}  // namespace

void add_concat_split(Registry& r) {
  r.add("", "Concat", {1}, [](const KernelArgs& a) { return concat(a, 1, false); });
  r.add("", "Concat", {4}, [](const KernelArgs& a) { return concat(a, std::nullopt, false); });
  r.add("", "Concat", {11, 13}, [](const KernelArgs& a) { return concat(a, std::nullopt, true); });
  r.add("", "Split", {1}, [](const KernelArgs& a) { return split_attr(a, true, false); });
  r.add("", "Split", {2}, [](const KernelArgs& a) { return split_attr(a, false, false); });
  r.add("", "Split", {11}, [](const KernelArgs& a) { return split_attr(a, false, true); });
  r.add("", "Split", {13}, split_13);
  r.add("", "Split", {18}, split_18);
}

}  // namespace onnxsem::ops::shape

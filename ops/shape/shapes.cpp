// The shape rules of the shape family (spec/types.md, TY5; spec/ops-shape.md, "Shapes"): for each operator
// version, the output types its definition determines from the input types, the attributes and the known
// input values. The arithmetic is that of the kernels (SH2-SH34) done on dimensions that may be unknown or
// symbolic: a size that is not fixed, or whose arithmetic would overflow, stays unknown, and a check is made
// only where every size it needs is fixed.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "ops/common/attrs.hpp"
#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"
#include "values/dispatch.hpp"
#include "values/numeric.hpp"

namespace onnxsem::ops {
namespace {

using Ints = std::vector<int64_t>;
using Out = std::vector<Type>;

constexpr int64_t int64_max = std::numeric_limits<int64_t>::max();
constexpr int64_t int64_min = std::numeric_limits<int64_t>::min();
// The greatest rank a rule derives from the declared length of a 1-D input (a shape or an axes list whose
// values are not known): beyond it the rank is left unknown rather than a vector of that size allocated.
constexpr int64_t rank_from_length_limit = 4096;

// Output 0 typed t, the others (if any) undetermined.
Out first(const InferenceArgs& a, Type t) { return outputs(a, {std::move(t)}); }

Dims unknown_dims(size_t n) { return Dims(n, unknown_dim()); }

// ---- arguments

// An ints attribute, or the known value of input k when the attribute is absent and k names a present input.
std::optional<Ints> attr_or_input(const InferenceArgs& a, const char* attr, std::optional<size_t> k) {
  if (attr)
    if (auto v = attr_ints_opt(a.node, attr)) return v;
  if (k && a.has_input(*k)) return constant_ints(a, *k);
  return std::nullopt;
}
// The length n of a 1-D input whose values are not known, when its shape fixes it (at most the limit above).
std::optional<int64_t> declared_length(const InferenceArgs& a, size_t k) {
  const auto& d = input_dims(a, k);
  if (!d || d->size() != 1 || !(*d)[0].value || *(*d)[0].value > rank_from_length_limit) return std::nullopt;
  return *(*d)[0].value;
}
// The element count of input k when its shape fixes it.
std::optional<int64_t> fixed_count(const InferenceArgs& a, size_t k) {
  const auto& d = input_dims(a, k);
  return d ? dims_product(*d) : std::nullopt;
}

// A list of axes of a rank-`rank` tensor: each in [-rank, rank) (TS2), negative only where the version
// allows it, none twice (SH41); returned non-negative, in the given order.
Ints axes_of(Ints axes, int64_t rank, bool negative_ok, const std::string& what) {
  std::vector<bool> seen(static_cast<size_t>(rank), false);
  for (int64_t& ax : axes) {
    // [spec:SH41] a list of axes names each axis once, and negative axes only in versions that allow them.
    ONNXSEM_CLAUSE(SH41);
    if (ax < 0 && !negative_ok && ax >= -rank)
      type_error("SH41", what + " " + std::to_string(ax) + " is negative, which this version does not allow");
    ax = static_axis(ax, rank, what);
    if (seen[static_cast<size_t>(ax)])
      type_error("SH41", what + "s " + ints_text(axes) + " name axis " + std::to_string(ax) + " twice");
    seen[static_cast<size_t>(ax)] = true;
  }
  return axes;
}

// Which of `rank` axes a list of (non-negative, in range) axes names.
std::vector<bool> mask_of(const Ints& axes, size_t rank) {
  std::vector<bool> m(rank, false);
  for (int64_t ax : axes) m[static_cast<size_t>(ax)] = true;
  return m;
}

// The single value of a known one-element numeric input, read as the kernels read it (binary64).
std::optional<double> known_scalar(const InferenceArgs& a, size_t k) {
  const Value* v = a.constant(k);
  if (!v || !v->is_tensor() || v->tensor().size() != 1) return std::nullopt;
  const Tensor& t = v->tensor();
  try {
    return dispatch(t.dtype(), numeric_types, "shape rule",
                    [&](auto tag) { return num::to_double(t.data<typename decltype(tag)::type>()[0]); });
  } catch (const Failure&) {
    return std::nullopt;
  }
}

// ---- Identity, Shape, Size

Out shape_rule(const InferenceArgs& a, bool ranged) {
  const auto r = input_rank(a, 0);
  if (!r) return first(a, tensor_of(Dims{unknown_dim()}, DType::int64));
  int64_t start = 0, end = *r;
  if (ranged) {  // SH2: negative bounds count from the back, both clamped to [0, r]
    auto clamp = [&](int64_t v) { return std::clamp(v < 0 ? v + *r : v, int64_t{0}, *r); };
    start = clamp(attr_int(a.node, "start", 0));
    end = clamp(attr_int(a.node, "end", *r));
  }
  return first(a, tensor_of(Dims{fixed_dim(std::max<int64_t>(end - start, 0))}, DType::int64));
}

// ---- Reshape

Out reshape(const InferenceArgs& a, bool from_attr, bool zero_ok) {
  const bool allowzero = zero_ok && attr_int(a.node, "allowzero", 0) != 0;
  const auto spec = from_attr ? attr_ints_opt(a.node, "shape") : constant_ints(a, 1);
  if (!spec) {
    const auto n = from_attr ? std::nullopt : declared_length(a, 1);
    return first(a, n ? tensor_of(unknown_dims(static_cast<size_t>(*n))) : tensor_of());
  }
  const auto& in = input_dims(a, 0);
  Dims out(spec->size());
  std::optional<size_t> inferred;
  bool zero = false;
  for (size_t i = 0; i < spec->size(); ++i) {
    const int64_t v = (*spec)[i];
    // [spec:SH40] a known shape for Reshape has entries of SH4 and, where the sizes are fixed, SH5's count.
    ONNXSEM_CLAUSE(SH40);
    if (v < -1) type_error("SH40", "Reshape: shape " + ints_text(*spec) + " has the entry " + std::to_string(v));
    if (v == -1) {
      if (inferred) type_error("SH40", "Reshape: shape " + ints_text(*spec) + " has more than one -1");
      inferred = i;
    } else if (v == 0 && !allowzero) {
      if (in && i >= in->size())
        type_error("SH40", "Reshape: shape " + ints_text(*spec) + " copies (0) dimension " + std::to_string(i) +
                               " of an input of rank " + std::to_string(in->size()));
      out[i] = in ? (*in)[i] : unknown_dim();
    } else {
      zero = zero || v == 0;
      out[i] = fixed_dim(v);
    }
  }
  if (allowzero && zero && inferred)
    type_error("SH40", "Reshape: shape " + ints_text(*spec) + " holds both 0 and -1 while allowzero is set");
  if (!in) return first(a, tensor_of(std::move(out)));
  Dims rest = out;
  if (inferred) rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(*inferred));
  for (const Dim& d : rest)
    if (inferred && is_fixed(d, 0))
      type_error("SH40",
                 "Reshape: the -1 of shape " + ints_text(*spec) + " cannot be inferred next to a zero dimension");
  // The element counts: fixed parts, and the symbols (an unknown dimension makes a count unknown).
  auto split = [](const Dims& d, int64_t& fixed, std::vector<std::string>& symbols) {
    fixed = 1;
    for (const Dim& x : d) {
      if (x.value) {
        if (__builtin_mul_overflow(fixed, *x.value, &fixed)) return false;
      } else if (!x.param.empty()) {
        symbols.push_back(x.param);
      } else {
        return false;
      }
    }
    std::sort(symbols.begin(), symbols.end());
    return true;
  };
  int64_t in_fixed = 1, rest_fixed = 1;
  std::vector<std::string> in_symbols, rest_symbols;
  if (!split(*in, in_fixed, in_symbols) || !split(rest, rest_fixed, rest_symbols) || in_symbols != rest_symbols)
    return first(a, tensor_of(std::move(out)));
  // Equal symbols on both sides cancel, as they stand for one size; fixed counts are checked only when no
  // symbol is left (a symbol of size 0 would satisfy any count).
  const bool all_fixed = in_symbols.empty();
  if (inferred) {
    if (rest_fixed != 0 && in_fixed % rest_fixed == 0) out[*inferred] = fixed_dim(in_fixed / rest_fixed);
    else if (all_fixed)
      type_error("SH40", "Reshape: the -1 of shape " + ints_text(*spec) + " cannot be inferred for an input of shape " +
                             dims_text(*in) + " (" + std::to_string(in_fixed) + " elements)");
  } else if (all_fixed && in_fixed != rest_fixed) {
    type_error("SH40", "Reshape: shape " + ints_text(*spec) + " (" + std::to_string(rest_fixed) +
                           " elements) does not fit an input of shape " + dims_text(*in) + " (" +
                           std::to_string(in_fixed) + " elements)");
  }
  return first(a, tensor_of(std::move(out)));
}

// ---- Flatten, Squeeze, Unsqueeze, Transpose

Out flatten(const InferenceArgs& a, bool negative_ok) {
  const auto& in = input_dims(a, 0);
  if (!in) return first(a, tensor_of(unknown_dims(2)));
  const auto r = static_cast<int64_t>(in->size());
  int64_t axis = attr_int(a.node, "axis", 1);
  if (axis > r || axis < (negative_ok ? -r : 0))
    type_error("SH41", "Flatten: axis " + std::to_string(axis) + " is outside [" +
                           std::to_string(negative_ok ? -r : 0) + ", " + std::to_string(r) + "] for an input of rank " +
                           std::to_string(r));
  if (axis < 0) axis += r;
  return first(a, tensor_of(Dims{product_dim(*in, 0, static_cast<size_t>(axis)),
                                 product_dim(*in, static_cast<size_t>(axis), in->size())}));
}

Out squeeze(const InferenceArgs& a, bool from_attr, bool negative_ok) {
  const auto& in = input_dims(a, 0);
  const bool given = from_attr ? a.node.attr("axes") != nullptr : a.has_input(1);
  const auto axes = attr_or_input(a, from_attr ? "axes" : nullptr, from_attr ? std::nullopt : std::optional<size_t>(1));
  if (!in) return first(a, tensor_of());
  if (!given) {  // every dimension of size 1 goes: the rank is known only when every size is fixed
    Dims out;
    for (const Dim& d : *in) {
      if (!d.value) return first(a, tensor_of());
      if (*d.value != 1) out.push_back(d);
    }
    return first(a, tensor_of(std::move(out)));
  }
  if (!axes) {
    const auto n = declared_length(a, 1);
    if (!n || *n > static_cast<int64_t>(in->size())) return first(a, tensor_of());
    return first(a, tensor_of(unknown_dims(in->size() - static_cast<size_t>(*n))));
  }
  const auto removed = mask_of(axes_of(*axes, static_cast<int64_t>(in->size()), negative_ok, "Squeeze axis"),
                               in->size());
  Dims out;
  for (size_t d = 0; d < in->size(); ++d) {
    if (!removed[d]) {
      out.push_back((*in)[d]);
    } else if ((*in)[d].value && *(*in)[d].value != 1) {
      type_error("SH41", "Squeeze: axis " + std::to_string(d) + " of the input " + dims_text(*in) + " has size " +
                             dim_text((*in)[d]) + ", not 1");
    }
  }
  return first(a, tensor_of(std::move(out)));
}

Out unsqueeze(const InferenceArgs& a, bool from_attr, bool negative_ok) {
  const auto& in = input_dims(a, 0);
  const auto axes = attr_or_input(a, from_attr ? "axes" : nullptr, from_attr ? std::nullopt : std::optional<size_t>(1));
  if (!in) return first(a, tensor_of());
  if (!axes) {
    const auto n = from_attr ? std::nullopt : declared_length(a, 1);
    return first(a, n ? tensor_of(unknown_dims(in->size() + static_cast<size_t>(*n))) : tensor_of());
  }
  const auto rank = static_cast<int64_t>(in->size() + axes->size());
  const auto inserted = mask_of(axes_of(*axes, rank, negative_ok, "Unsqueeze axis"), static_cast<size_t>(rank));
  Dims out;
  size_t next = 0;
  for (size_t d = 0; d < inserted.size(); ++d) out.push_back(inserted[d] ? fixed_dim(1) : (*in)[next++]);
  return first(a, tensor_of(std::move(out)));
}

Out transpose(const InferenceArgs& a) {
  const auto& in = input_dims(a, 0);
  const auto perm = attr_ints_opt(a.node, "perm");
  if (!in) return first(a, perm ? tensor_of(unknown_dims(perm->size())) : tensor_of());
  const auto r = static_cast<int64_t>(in->size());
  Ints p(in->size());
  for (int64_t i = 0; i < r; ++i) p[static_cast<size_t>(i)] = r - 1 - i;
  if (perm) {
    Ints sorted = *perm;
    std::sort(sorted.begin(), sorted.end());
    bool ok = static_cast<int64_t>(sorted.size()) == r;
    for (int64_t i = 0; ok && i < r; ++i) ok = sorted[static_cast<size_t>(i)] == i;
    if (!ok)
      type_error("SH41", "Transpose: perm " + ints_text(*perm) + " is not a permutation of the " + std::to_string(r) +
                             " axes of the input");
    p = *perm;
  }
  Dims out;
  for (int64_t i : p) out.push_back((*in)[static_cast<size_t>(i)]);
  return first(a, tensor_of(std::move(out)));
}

// ---- Concat, Split

Out concat(const InferenceArgs& a, std::optional<int64_t> default_axis) {
  std::optional<Dims> ref;
  for (size_t k = 0; k < a.inputs.size(); ++k) {
    const auto& d = input_dims(a, k);
    if (!d) continue;
    // [spec:SH42] Concat's and Split's operands fit where their ranks and sizes are known.
    ONNXSEM_CLAUSE(SH42);
    if (d->empty()) type_error("SH42", "Concat: input " + std::to_string(k) + " is a scalar");
    if (ref && ref->size() != d->size())
      type_error("SH42", "Concat: input " + std::to_string(k) + " has rank " + std::to_string(d->size()) +
                             ", an earlier input rank " + std::to_string(ref->size()));
    if (!ref) ref = *d;
  }
  const auto ax = attr_int_opt(a.node, "axis");
  if (!ref || (!ax && !default_axis)) return first(a, tensor_of());
  const auto r = static_cast<int64_t>(ref->size());
  const auto axis = static_cast<size_t>(static_axis(ax ? *ax : *default_axis, r, "Concat axis"));
  Dims out = *ref;
  Dim sum = fixed_dim(0);
  for (size_t k = 0; k < a.inputs.size(); ++k) {
    const auto& d = input_dims(a, k);
    if (!d) {
      sum = unknown_dim();
      continue;
    }
    for (size_t i = 0; i < d->size(); ++i)
      if (i != axis)
        out[i] = agreed(out[i], (*d)[i], "SH42",
                        "Concat: input " + std::to_string(k) + " " + dims_text(*d) + " outside axis " +
                            std::to_string(axis) + ", at " + std::to_string(i));
    sum = plus(sum, (*d)[axis]);
  }
  out[axis] = sum;
  return first(a, tensor_of(std::move(out)));
}

// Split: the sizes from the split input (when `split_input`) or attribute (when `split_attr`), else equal
// parts; `by_count` (version 18): num_outputs parts, the last one smaller when the axis does not divide.
Out split(const InferenceArgs& a, std::optional<size_t> split_input, bool split_attr, bool by_count) {
  Out out(a.output_count, tensor_of());
  const bool from_input = split_input && a.has_input(*split_input);
  const bool from_attr = !from_input && split_attr && a.node.attr("split");
  const auto count_attr = by_count ? attr_int_opt(a.node, "num_outputs") : std::nullopt;
  const bool counted = count_attr.has_value();
  const int64_t count = count_attr.value_or(0);
  if (by_count) {
    if (from_input && counted) type_error("SH42", "Split: input split and attribute num_outputs are both given");
    if (!from_input && !counted) type_error("SH42", "Split: neither input split nor attribute num_outputs is given");
    if (counted && count < 1) type_error("SH42", "Split: num_outputs is " + std::to_string(count) + ", not positive");
  }
  const auto& in = input_dims(a, 0);
  if (!in) return out;
  if (in->empty()) type_error("SH42", "Split: the input is a scalar");
  const auto axis = static_cast<size_t>(
      static_axis(attr_int(a.node, "axis", 0), static_cast<int64_t>(in->size()), "Split axis"));
  const Dim& dim = (*in)[axis];
  const auto n = static_cast<int64_t>(a.output_count);
  std::optional<Dims> parts;  // the outputs' extents on the axis
  if (from_input || from_attr) {
    if (const auto sizes = from_input ? constant_ints(a, *split_input) : attr_ints_opt(a.node, "split")) {
      if (static_cast<int64_t>(sizes->size()) != n)
        type_error("SH42", "Split: split " + ints_text(*sizes) + " has " + std::to_string(sizes->size()) +
                               " entries for " + std::to_string(n) + " outputs");
      int64_t total = 0;
      bool overflow = false;
      parts.emplace();
      for (int64_t v : *sizes) {
        if (v < 0) type_error("SH42", "Split: split " + ints_text(*sizes) + " has a negative entry");
        overflow = overflow || __builtin_add_overflow(total, v, &total);
        parts->push_back(fixed_dim(v));
      }
      if (dim.value && (overflow || total != *dim.value))
        type_error("SH42", "Split: split " + ints_text(*sizes) + " does not sum to the dimension " +
                               std::to_string(*dim.value) + " of axis " + std::to_string(axis));
    }
  } else if (counted) {
    // (A num_outputs other than the output count, or parts that would leave the last one negative, are
    // refused by evaluation but not by ONNX's inference: such a Split may sit in a branch never taken.)
    if (count == n && dim.value) {
      const int64_t chunk = *dim.value / n + (*dim.value % n != 0);
      int64_t used = 0;  // by the first n - 1 parts
      if (!__builtin_mul_overflow(chunk, n - 1, &used) && used <= *dim.value) {
        parts = Dims(static_cast<size_t>(n), fixed_dim(chunk));
        parts->back() = fixed_dim(*dim.value - used);
      }
    }
  } else if (n >= 1) {
    if (dim.value && *dim.value % n != 0)
      type_error("SH42", "Split: dimension " + std::to_string(*dim.value) + " of axis " + std::to_string(axis) +
                             " cannot be split into " + std::to_string(n) + " equal parts");
    if (dim.value) parts = Dims(static_cast<size_t>(n), fixed_dim(*dim.value / n));
    else if (n == 1) parts = Dims{dim};
  }
  for (size_t k = 0; k < out.size(); ++k) {
    Dims d = *in;
    d[axis] = parts ? (*parts)[k] : unknown_dim();
    out[k] = tensor_of(std::move(d));
  }
  return out;
}

// ---- Slice, Expand, Tile, Pad

// The number of positions Slice keeps on an axis of fixed size `dim` (SH12).
int64_t slice_count(int64_t dim, int64_t start, int64_t end, int64_t step) {
  if (start < 0) start += dim;
  if (end < 0) end += dim;
  if (step > 0) {
    start = std::clamp(start, int64_t{0}, dim);
    end = std::clamp(end, int64_t{0}, dim);
    return end > start ? static_cast<int64_t>((static_cast<__int128>(end) - start - 1) / step + 1) : 0;
  }
  if (dim == 0) return 0;
  start = std::clamp(start, int64_t{0}, dim - 1);
  end = std::clamp(end, int64_t{-1}, dim - 1);
  return start > end ? static_cast<int64_t>((static_cast<__int128>(start) - end - 1) / -static_cast<__int128>(step) + 1)
                     : 0;
}

Out slice(const InferenceArgs& a, bool from_attrs) {
  const auto& in = input_dims(a, 0);
  if (!in) return first(a, tensor_of());
  const auto r = static_cast<int64_t>(in->size());
  std::optional<Ints> starts, ends, axes, steps;
  bool axes_given = false, steps_given = false;
  if (from_attrs) {
    starts = attr_ints_opt(a.node, "starts");
    ends = attr_ints_opt(a.node, "ends");
    axes = attr_ints_opt(a.node, "axes");
    axes_given = axes.has_value();
  } else {
    starts = constant_ints(a, 1);
    ends = constant_ints(a, 2);
    axes_given = a.has_input(3);
    steps_given = a.has_input(4);
    if (axes_given) axes = constant_ints(a, 3);
    if (steps_given) steps = constant_ints(a, 4);
  }
  Dims out = *in;
  if (axes) axes = axes_of(*axes, r, true, "Slice axis");
  if (!starts || !ends || (axes_given && !axes) || (steps_given && !steps)) {
    // The sliced axes lose their sizes; without known axes, every axis may be sliced.
    const auto sliced = axes ? mask_of(*axes, out.size()) : std::vector<bool>(out.size(), true);
    for (size_t d = 0; d < out.size(); ++d)
      if (sliced[d]) out[d] = unknown_dim();
    return first(a, tensor_of(std::move(out)));
  }
  const size_t n = starts->size();
  // [spec:SH43] known slicing, expanding, tiling and padding amounts fit the input.
  ONNXSEM_CLAUSE(SH43);
  if (ends->size() != n || (axes && axes->size() != n) || (steps && steps->size() != n))
    type_error("SH43", "Slice: starts " + ints_text(*starts) + ", ends " + ints_text(*ends) +
                           (axes ? ", axes " + ints_text(*axes) : "") + (steps ? ", steps " + ints_text(*steps) : "") +
                           " differ in length");
  if (!axes) {
    if (static_cast<int64_t>(n) > r)
      type_error("SH43", "Slice: " + std::to_string(n) + " starts for an input of rank " + std::to_string(r));
    axes = Ints(n);
    for (size_t k = 0; k < n; ++k) (*axes)[k] = static_cast<int64_t>(k);
  }
  for (size_t k = 0; k < n; ++k) {
    const int64_t step = steps ? (*steps)[k] : 1, start = (*starts)[k], end = (*ends)[k];
    if (step == 0) type_error("SH43", "Slice: step 0 on axis " + std::to_string((*axes)[k]));
    Dim& d = out[static_cast<size_t>((*axes)[k])];
    if (d.value) d = fixed_dim(slice_count(*d.value, start, end, step));
    else if (!((step == 1 && start == 0 && end == int64_max) ||
               (step == -1 && (start == -1 || start == int64_max) && end == int64_min)))
      d = unknown_dim();  // (the whole axis, forwards or backwards, keeps the dimension)
  }
  return first(a, tensor_of(std::move(out)));
}

Out expand(const InferenceArgs& a) {
  const auto& in = input_dims(a, 0);
  const auto shape = constant_ints(a, 1);
  if (!shape) {
    const auto n = declared_length(a, 1);
    if (!in || !n) return first(a, tensor_of());
    return first(a, tensor_of(unknown_dims(std::max(in->size(), static_cast<size_t>(*n)))));
  }
  Dims target;
  for (int64_t v : *shape) {
    if (v < 0) type_error("SH43", "Expand: shape " + ints_text(*shape) + " has a negative dimension");
    target.push_back(fixed_dim(v));
  }
  if (!in) return first(a, tensor_of());
  return first(a, tensor_of(broadcast_dims({*in, target}, "Expand of its input and shape " + ints_text(*shape))));
}

Dims tiled(const Dims& in, const Ints& repeats) {
  if (repeats.size() != in.size())
    type_error("SH43", "Tile: repeats " + ints_text(repeats) + " for an input of rank " + std::to_string(in.size()));
  Dims out;
  for (size_t d = 0; d < in.size(); ++d) {
    if (repeats[d] < 0) type_error("SH43", "Tile: repeats " + ints_text(repeats) + " has a negative entry");
    out.push_back(times(in[d], repeats[d]));
  }
  return out;
}

Out tile_1(const InferenceArgs& a) {
  const auto& in = input_dims(a, 0);
  if (!in) return first(a, tensor_of());
  const auto tiles = constant_ints(a, 1), axis = constant_ints(a, 2);
  if (!tiles || !axis || tiles->size() != 1 || axis->size() != 1) return first(a, tensor_of(unknown_dims(in->size())));
  Ints repeats(in->size(), 1);
  repeats[static_cast<size_t>(static_axis(axis->front(), static_cast<int64_t>(in->size()), "Tile axis"))] =
      tiles->front();
  return first(a, tensor_of(tiled(*in, repeats)));
}

Out tile_6(const InferenceArgs& a) {
  const auto& in = input_dims(a, 0);
  if (!in) return first(a, tensor_of());
  const auto repeats = constant_ints(a, 1);
  return first(a, tensor_of(repeats ? tiled(*in, *repeats) : unknown_dims(in->size())));
}

// Pad: the pads from the attribute `pads_attr` (versions 1, 2) or from input 1, for the axes of input 3 when
// present (version 18 on) or for every axis; `wrap_ok`: mode wrap is allowed (version 19 on).
Out pad(const InferenceArgs& a, const char* pads_attr, bool wrap_ok) {
  std::vector<std::string> modes{"constant", "reflect", "edge"};
  if (wrap_ok) modes.emplace_back("wrap");
  (void)choice_attr(a.node, "mode", "constant", modes);
  const auto& in = input_dims(a, 0);
  if (!in) return first(a, tensor_of());
  const auto r = static_cast<int64_t>(in->size());
  const auto pads = pads_attr ? attr_ints_opt(a.node, pads_attr) : constant_ints(a, 1);
  std::optional<Ints> axes;
  if (!pads_attr && a.has_input(3)) {
    axes = constant_ints(a, 3);
    if (!axes) return first(a, tensor_of(unknown_dims(in->size())));
    axes = axes_of(*axes, r, true, "Pad axis");
  }
  if (!pads) {
    Dims out = *in;
    const auto padded = axes ? mask_of(*axes, out.size()) : std::vector<bool>(out.size(), true);
    for (size_t d = 0; d < out.size(); ++d)
      if (padded[d]) out[d] = unknown_dim();
    return first(a, tensor_of(std::move(out)));
  }
  const size_t n = axes ? axes->size() : in->size();
  if (pads->size() != 2 * n)
    type_error("SH43",
               "Pad: pads " + ints_text(*pads) + " needs 2 entries per " +
                   (axes ? "axis of axes " + ints_text(*axes) : "axis of the rank-" + std::to_string(r) + " input"));
  Dims out = *in;
  for (size_t k = 0; k < n; ++k) {
    const auto d = axes ? static_cast<size_t>((*axes)[k]) : k;
    const int64_t b = (*pads)[k], e = (*pads)[k + n];
    if (!out[d].value) {
      if (b != 0 || e != 0) out[d] = unknown_dim();
      continue;
    }
    const int64_t len = *out[d].value;
    const __int128 size = static_cast<__int128>(len) + b + e;
    if (b < -len || e < -len || size < 0)
      type_error("SH43", "Pad: pads " + ints_text(*pads) + " remove more than the " + std::to_string(len) +
                             " elements of axis " + std::to_string(d));
    out[d] = size > int64_max ? unknown_dim() : fixed_dim(static_cast<int64_t>(size));
  }
  return first(a, tensor_of(std::move(out)));
}

// ---- DepthToSpace, SpaceToDepth, Trilu, EyeLike

// The input of a block rearrangement: rank 4 where known, a positive blocksize (SH45).
int64_t block_input(const InferenceArgs& a) {
  const int64_t b = attr_int(a.node, "blocksize", 1);
  // [spec:SH45] the rank and size conditions of SH24, SH25 and SH31 hold where the shapes are known.
  ONNXSEM_CLAUSE(SH45);
  if (b < 1) type_error("SH45", a.node.op_type + ": blocksize " + std::to_string(b) + " is not positive");
  if (const auto r = input_rank(a, 0); r && *r != 4)
    type_error("SH45", a.node.op_type + ": the input has rank " + std::to_string(*r) + ", not 4");
  return b;
}

Out depth_to_space(const InferenceArgs& a, bool has_mode) {
  if (has_mode) (void)choice_attr(a.node, "mode", "DCR", {"DCR", "CRD"});
  const int64_t b = block_input(a);
  const auto& in = input_dims(a, 0);
  if (!in) return first(a, tensor_of());
  const Dims& x = *in;
  int64_t bb = 0;
  Dim c = unknown_dim();
  if (!__builtin_mul_overflow(b, b, &bb) && x[1].value) {
    if (*x[1].value % bb != 0)
      type_error("SH45", "DepthToSpace: the channel count " + std::to_string(*x[1].value) +
                             " is not divisible by blocksize^2 = " + std::to_string(bb));
    c = fixed_dim(*x[1].value / bb);
  } else if (b == 1) {
    c = x[1];
  }
  return first(a, tensor_of(Dims{x[0], c, times(x[2], b), times(x[3], b)}));
}

Out space_to_depth(const InferenceArgs& a) {
  const int64_t b = block_input(a);
  const auto& in = input_dims(a, 0);
  if (!in) return first(a, tensor_of());
  const Dims& x = *in;
  Dims out{x[0], times(times(x[1], b), b), x[2], x[3]};
  for (size_t d = 2; d < 4 && b != 1; ++d) {
    if (x[d].value && *x[d].value % b != 0)
      type_error("SH45", "SpaceToDepth: spatial size " + std::to_string(*x[d].value) +
                             " is not divisible by blocksize " + std::to_string(b));
    out[d] = x[d].value ? fixed_dim(*x[d].value / b) : unknown_dim();
  }
  return first(a, tensor_of(std::move(out)));
}

Out trilu(const InferenceArgs& a) {
  if (const auto r = input_rank(a, 0); r && *r < 2)
    type_error("SH45", "Trilu: the input has rank " + std::to_string(*r) + ", less than 2");
  return same_as_input(0)(a);
}

Out eye_like(const InferenceArgs& a) {
  const auto dt = attr_int_opt(a.node, "dtype");
  const DType elem = dt ? allowed_element_type(a, *dt, output_type_var(a), "attribute dtype") : input_elem(a, 0);
  const auto& in = input_dims(a, 0);
  if (in && in->size() != 2)
    type_error("SH45", "EyeLike: the input has rank " + std::to_string(in->size()) + ", not 2");
  return first(a, tensor_of(in ? *in : unknown_dims(2), elem));
}

// ---- Gather, GatherElements, GatherND, Compress, NonZero, OneHot, ReverseSequence

// The shape of a data input that is indexed along an axis: rank at least 1 where known (SH44).
const std::optional<Dims>& indexed_data(const InferenceArgs& a, size_t k = 0) {
  const auto& d = input_dims(a, k);
  // [spec:SH44] the operands of the index operators fit each other where their ranks and sizes are known.
  ONNXSEM_CLAUSE(SH44);
  if (d && d->empty()) type_error("SH44", a.node.op_type + ": the data input is a scalar");
  return d;
}

Out gather(const InferenceArgs& a) {
  const auto& x = indexed_data(a);
  const auto& ind = input_dims(a, 1);
  if (!x) return first(a, tensor_of());
  const auto axis = static_cast<size_t>(
      static_axis(attr_int(a.node, "axis", 0), static_cast<int64_t>(x->size()), "Gather axis"));
  if (!ind) return first(a, tensor_of());
  Dims out(x->begin(), x->begin() + static_cast<std::ptrdiff_t>(axis));
  out.insert(out.end(), ind->begin(), ind->end());
  out.insert(out.end(), x->begin() + static_cast<std::ptrdiff_t>(axis) + 1, x->end());
  return first(a, tensor_of(std::move(out)));
}

// Indices of the data's rank, at most the data's size on every axis but `axis` (GatherElements, the scatters).
void fits_elementwise(const Dims& x, const Dims& ind, size_t axis, const std::string& what) {
  if (ind.size() != x.size())
    type_error("SH44", what + " of shape " + dims_text(ind) + " for data of rank " + std::to_string(x.size()));
  for (size_t d = 0; d < x.size(); ++d)
    if (d != axis && ind[d].value && x[d].value && *ind[d].value > *x[d].value)
      type_error("SH44", what + " of shape " + dims_text(ind) + " exceed the data " + dims_text(x) + " on axis " +
                             std::to_string(d));
}

Out gather_elements(const InferenceArgs& a) {
  const auto& x = indexed_data(a);
  const auto& ind = input_dims(a, 1);
  if (!x) return first(a, tensor_of(ind));
  const auto axis = static_cast<size_t>(
      static_axis(attr_int(a.node, "axis", 0), static_cast<int64_t>(x->size()), "GatherElements axis"));
  if (!ind) return first(a, tensor_of(unknown_dims(x->size())));
  fits_elementwise(*x, *ind, axis, "GatherElements: indices");
  return first(a, tensor_of(*ind));
}

Out gather_nd(const InferenceArgs& a, bool batched) {
  const int64_t b = batched ? attr_int(a.node, "batch_dims", 0) : 0;
  const auto& x = indexed_data(a);
  const auto& ind = input_dims(a, 1);
  if (ind && ind->empty()) type_error("SH44", "GatherND: the indices are a scalar");
  if (b < 0) type_error("SH44", "GatherND: batch_dims " + std::to_string(b) + " is negative");
  if (!x || !ind) return first(a, tensor_of());
  const auto r = static_cast<int64_t>(x->size()), q = static_cast<int64_t>(ind->size());
  if (b >= std::min(q, r))
    type_error("SH44", "GatherND: batch_dims " + std::to_string(b) + " is not below the ranks " + std::to_string(r) +
                           " (data) and " + std::to_string(q) + " (indices)");
  Dims out(ind->begin(), ind->end() - 1);
  for (size_t d = 0; d < static_cast<size_t>(b); ++d)
    out[d] = agreed((*x)[d], (*ind)[d], "SH44", "GatherND: batch axis " + std::to_string(d));
  const Dim& k = ind->back();
  if (!k.value) return first(a, tensor_of());
  if (*k.value < 1 || *k.value > r - b)
    type_error("SH44", "GatherND: index tuples of length " + std::to_string(*k.value) + ", outside [1, " +
                           std::to_string(r - b) + "]");
  out.insert(out.end(), x->begin() + static_cast<std::ptrdiff_t>(b + *k.value), x->end());
  return first(a, tensor_of(std::move(out)));
}

Out compress(const InferenceArgs& a) {
  const auto& cond = input_dims(a, 1);
  if (cond && cond->size() != 1)
    type_error("SH44", "Compress: the condition has rank " + std::to_string(cond->size()) + ", not 1");
  const auto ax = attr_int_opt(a.node, "axis");
  if (!ax) return first(a, tensor_of(Dims{unknown_dim()}));
  const auto& x = indexed_data(a);
  if (!x) return first(a, tensor_of());
  const auto axis = static_cast<size_t>(static_axis(*ax, static_cast<int64_t>(x->size()), "Compress axis"));
  const Dim& dim = (*x)[axis];
  if (cond && (*cond)[0].value && dim.value && *(*cond)[0].value > *dim.value)
    type_error("SH44", "Compress: a condition of length " + std::to_string(*(*cond)[0].value) + " for the " +
                           std::to_string(*dim.value) + " slices of axis " + std::to_string(axis));
  Dims out = *x;
  out[axis] = unknown_dim();
  return first(a, tensor_of(std::move(out)));
}

Out non_zero(const InferenceArgs& a) {
  const auto r = input_rank(a, 0);
  return first(a,
               tensor_of(Dims{r ? fixed_dim(std::max<int64_t>(*r, 1)) : unknown_dim(), unknown_dim()}, DType::int64));
}

Out one_hot(const InferenceArgs& a) {
  if (const auto n = fixed_count(a, 1); n && *n != 1)
    type_error("SH44", "OneHot: depth holds " + std::to_string(*n) + " elements, not 1");
  if (const auto n = fixed_count(a, 2); n && *n != 2)
    type_error("SH44", "OneHot: values holds " + std::to_string(*n) + " elements, not 2 (off, on)");
  Dim depth = unknown_dim();
  if (const auto v = known_scalar(a, 1)) {
    if (!(std::trunc(*v) >= 1) || *v > 9.0e18)
      type_error("SH44", "OneHot: depth " + std::to_string(*v) + " is not a positive count");
    depth = fixed_dim(static_cast<int64_t>(std::trunc(*v)));
  }
  const auto& ind = input_dims(a, 0);
  if (!ind) return first(a, tensor_of());
  const auto r = static_cast<int64_t>(ind->size());
  const auto axis = static_axis(attr_int(a.node, "axis", -1), r + 1, "OneHot axis");
  Dims out = *ind;
  out.insert(out.begin() + axis, depth);
  return first(a, tensor_of(std::move(out)));
}

Out reverse_sequence(const InferenceArgs& a) {
  const int64_t t = attr_int(a.node, "time_axis", 0), b = attr_int(a.node, "batch_axis", 1);
  if (!((t == 0 && b == 1) || (t == 1 && b == 0)))
    type_error("SH44", "ReverseSequence: time_axis " + std::to_string(t) + " and batch_axis " + std::to_string(b) +
                           " are not 0 and 1 in some order");
  const auto& x = input_dims(a, 0);
  if (x && x->size() < 2)
    type_error("SH44", "ReverseSequence: the input has rank " + std::to_string(x->size()) + ", less than 2");
  const auto& lens = input_dims(a, 1);
  if (lens && lens->size() != 1)
    type_error("SH44", "ReverseSequence: sequence_lens has rank " + std::to_string(lens->size()) + ", not 1");
  if (x && lens)
    (void)agreed((*lens)[0], (*x)[static_cast<size_t>(b)], "SH44", "ReverseSequence: sequence_lens and the batch axis");
  return same_as_input(0)(a);
}

// ---- Scatter, ScatterElements, ScatterND, TensorScatter

// The reduction attribute of a scatter (TY10): none, add, mul, and from version 18 max, min.
void reduction(const InferenceArgs& a, bool minmax) {
  if (minmax) (void)choice_attr(a.node, "reduction", "none", {"none", "add", "mul", "max", "min"});
  else (void)choice_attr(a.node, "reduction", "none", {"none", "add", "mul"});
}

Out scatter_elements(const InferenceArgs& a) {
  const auto& x = indexed_data(a);
  const auto& ind = input_dims(a, 1);
  const auto& upd = input_dims(a, 2);
  if (ind && upd) {
    if (ind->size() != upd->size())
      type_error("SH44", a.node.op_type + ": indices " + dims_text(*ind) + " and updates " + dims_text(*upd) +
                             " differ in rank");
    for (size_t d = 0; d < ind->size(); ++d)
      (void)agreed((*ind)[d], (*upd)[d], "SH44", a.node.op_type + ": indices and updates on axis " + std::to_string(d));
  }
  if (x) {
    const auto axis = static_cast<size_t>(
        static_axis(attr_int(a.node, "axis", 0), static_cast<int64_t>(x->size()), a.node.op_type + " axis"));
    if (ind) fits_elementwise(*x, *ind, axis, a.node.op_type + ": indices");
  }
  return first(a, tensor_of(x));
}

Out scatter_nd(const InferenceArgs& a) {
  const auto& x = indexed_data(a);
  const auto& ind = input_dims(a, 1);
  const auto& upd = input_dims(a, 2);
  if (ind && ind->empty()) type_error("SH44", "ScatterND: the indices are a scalar");
  if (x && ind && ind->back().value) {
    const int64_t k = *ind->back().value, r = static_cast<int64_t>(x->size());
    if (k < 1 || k > r)
      type_error("SH44",
                 "ScatterND: index tuples of length " + std::to_string(k) + ", outside [1, " + std::to_string(r) + "]");
    Dims want(ind->begin(), ind->end() - 1);
    want.insert(want.end(), x->begin() + k, x->end());
    if (upd) {
      if (upd->size() != want.size())
        type_error("SH44",
                   "ScatterND: updates of shape " + dims_text(*upd) + " where " + dims_text(want) + " is required");
      for (size_t d = 0; d < want.size(); ++d)
        (void)agreed((*upd)[d], want[d], "SH44",
                     "ScatterND: updates " + dims_text(*upd) + " against " + dims_text(want));
    }
  }
  return first(a, tensor_of(x));
}

Out tensor_scatter(const InferenceArgs& a) {
  (void)choice_attr(a.node, "mode", "linear", {"linear", "circular"});
  const auto& x = input_dims(a, 0);
  if (!x) return first(a, tensor_of());
  const auto r = static_cast<int64_t>(x->size());
  if (r < 2) type_error("SH44", "TensorScatter: past_cache has rank " + std::to_string(r) + ", less than 2");
  const auto axis = static_cast<size_t>(static_axis(attr_int(a.node, "axis", -2), r, "TensorScatter axis"));
  if (axis == 0) type_error("SH44", "TensorScatter: axis names axis 0, the batch axis");
  if (const auto& u = input_dims(a, 1)) {
    if (u->size() != x->size())
      type_error("SH44", "TensorScatter: update of rank " + std::to_string(u->size()) + " for past_cache of rank " +
                             std::to_string(r));
    for (size_t d = 0; d < x->size(); ++d) {
      if (d != axis)
        (void)agreed((*u)[d], (*x)[d], "SH44", "TensorScatter: update and past_cache on axis " + std::to_string(d));
      else if ((*u)[d].value && (*x)[d].value && *(*u)[d].value > *(*x)[d].value)
        type_error("SH44", "TensorScatter: update " + dims_text(*u) + " is longer than past_cache " + dims_text(*x) +
                               " on axis " + std::to_string(d));
    }
  }
  if (const auto& w = input_dims(a, 2)) {
    if (w->size() != 1)
      type_error("SH44", "TensorScatter: write_indices has rank " + std::to_string(w->size()) + ", not 1");
    (void)agreed((*w)[0], (*x)[0], "SH44", "TensorScatter: write_indices and the batch axis");
  }
  return first(a, tensor_of(*x));
}

// ---- Constant, ConstantOfShape, Range

Out constant(const InferenceArgs& a) {
  static const char* const forms[] = {"value",     "sparse_value", "value_float",  "value_floats",
                                      "value_int", "value_ints",   "value_string", "value_strings"};
  std::vector<std::string> given;
  for (const char* f : forms)
    if (a.node.attr(f)) given.emplace_back(f);
  // [spec:SH46] the arguments of the constant operators are of the forms SH21-SH23 require, where known.
  ONNXSEM_CLAUSE(SH46);
  if (given.size() != 1)
    type_error("SH46", "Constant: " + std::to_string(given.size()) + " value attributes, not exactly one");
  const Attribute& v = *a.node.attr(given[0]);
  const std::string& g = given[0];
  if (g == "value") return first(a, tensor_of(fixed_dims(v.t.shape()), v.t.dtype()));
  auto len = [](size_t n) { return Dims{fixed_dim(static_cast<int64_t>(n))}; };
  if (g == "value_float") return first(a, tensor_of(Dims{}, DType::float32));
  if (g == "value_int") return first(a, tensor_of(Dims{}, DType::int64));
  if (g == "value_string") return first(a, tensor_of(Dims{}, DType::string));
  if (g == "value_floats") return first(a, tensor_of(len(v.floats.size()), DType::float32));
  if (g == "value_ints") return first(a, tensor_of(len(v.ints.size()), DType::int64));
  if (g == "value_strings") return first(a, tensor_of(len(v.strings.size()), DType::string));
  return first(a, tensor_of());  // sparse_value: a dense tensor of the sparse tensor's dimensions (not read here)
}

Out constant_of_shape(const InferenceArgs& a) {
  DType elem = DType::float32;
  if (const Tensor* v = attr_tensor_opt(a.node, "value")) {
    if (v->size() != 1)
      type_error("SH46", "ConstantOfShape: attribute value holds " + std::to_string(v->size()) + " elements, not 1");
    elem = allowed_element_type(a, static_cast<int64_t>(v->dtype()), output_type_var(a), "the type of attribute value");
  }
  if (const auto shape = constant_ints(a, 0)) {
    Dims out;
    for (int64_t d : *shape) {
      if (d < 0) type_error("SH46", "ConstantOfShape: shape " + ints_text(*shape) + " has a negative dimension");
      out.push_back(fixed_dim(d));
    }
    return first(a, tensor_of(std::move(out), elem));
  }
  const auto n = declared_length(a, 0);
  return first(a, tensor_of(n ? std::optional<Dims>(unknown_dims(static_cast<size_t>(*n))) : std::nullopt, elem));
}

// Range's element count from known start, limit and delta, computed as the kernel computes it (SH23).
std::optional<int64_t> range_count(const InferenceArgs& a) {
  const Value* v[3] = {a.constant(0), a.constant(1), a.constant(2)};
  for (const Value* x : v)
    if (!x || !x->is_tensor() || x->tensor().size() != 1 || x->tensor().dtype() != v[0]->tensor().dtype())
      return std::nullopt;
  const DType t = v[0]->tensor().dtype();
  if (t == DType::int16 || t == DType::int32 || t == DType::int64 || t == DType::int8) {
    __int128 s[3];
    for (size_t k = 0; k < 3; ++k)
      s[k] = dispatch(t, signed_int_types, "Range", [&](auto tag) {
        return static_cast<__int128>(v[k]->tensor().template data<typename decltype(tag)::type>()[0]);
      });
    if (s[2] == 0) type_error("SH46", "Range: delta is zero");
    const __int128 diff = s[1] - s[0];
    if ((diff > 0) != (s[2] > 0) || diff == 0) return 0;
    const __int128 ad = diff < 0 ? -diff : diff, dl = s[2] < 0 ? -s[2] : s[2];
    const __int128 count = (ad + dl - 1) / dl;
    return count > int64_max ? std::nullopt : std::optional<int64_t>(static_cast<int64_t>(count));
  }
  const auto x0 = known_scalar(a, 0), x1 = known_scalar(a, 1), dx = known_scalar(a, 2);
  if (!x0 || !x1 || !dx) return std::nullopt;
  if (*dx == 0) type_error("SH46", "Range: delta is zero");
  const double q = std::ceil((*x1 - *x0) / *dx);
  if (std::isnan(q) || q > 9.0e18) return std::nullopt;
  return q > 0 ? static_cast<int64_t>(q) : 0;
}

Out range(const InferenceArgs& a) {
  for (size_t k = 0; k < 3; ++k)
    if (const auto n = fixed_count(a, k); n && *n != 1)
      type_error("SH46", "Range: input " + std::to_string(k) + " holds " + std::to_string(*n) + " elements, not 1");
  const auto n = range_count(a);
  return first(a, tensor_of(Dims{n ? fixed_dim(*n) : unknown_dim()}));
}

}  // namespace

void shapes_shape(Registry& r) {
  using R = Out (*)(const InferenceArgs&);
  // A rule for the listed versions (where the rule changes between versions), or for every registered one.
  auto add = [&r](const char* op, std::initializer_list<int64_t> since, ShapeRule rule) {
    r.shape_rule("", op, since, std::move(rule));
  };
  auto every = [&r](const char* op, ShapeRule rule) { r.shape_rule("", op, std::move(rule)); };
  every("Identity", same_as_input(0));
  add("Shape", {1, 13}, [](const InferenceArgs& a) { return shape_rule(a, false); });
  add("Shape", {15, 19, 21, 23, 24, 25}, [](const InferenceArgs& a) { return shape_rule(a, true); });
  every("Size", [](const InferenceArgs& a) { return first(a, tensor_of(Dims{}, DType::int64)); });
  add("Reshape", {1}, [](const InferenceArgs& a) { return reshape(a, true, false); });
  add("Reshape", {5, 13}, [](const InferenceArgs& a) { return reshape(a, false, false); });
  add("Reshape", {14, 19, 21, 23, 24, 25}, [](const InferenceArgs& a) { return reshape(a, false, true); });
  add("Flatten", {1, 9}, [](const InferenceArgs& a) { return flatten(a, false); });
  add("Flatten", {11, 13, 21, 23, 24, 25}, [](const InferenceArgs& a) { return flatten(a, true); });
  add("Squeeze", {1}, [](const InferenceArgs& a) { return squeeze(a, true, false); });
  add("Squeeze", {11}, [](const InferenceArgs& a) { return squeeze(a, true, true); });
  add("Squeeze", {13, 21, 23, 24, 25}, [](const InferenceArgs& a) { return squeeze(a, false, true); });
  add("Unsqueeze", {1}, [](const InferenceArgs& a) { return unsqueeze(a, true, false); });
  add("Unsqueeze", {11}, [](const InferenceArgs& a) { return unsqueeze(a, true, true); });
  add("Unsqueeze", {13, 21, 23, 24, 25}, [](const InferenceArgs& a) { return unsqueeze(a, false, true); });
  every("Transpose", R(transpose));
  add("Concat", {1}, [](const InferenceArgs& a) { return concat(a, 1); });
  add("Concat", {4, 11, 13}, [](const InferenceArgs& a) { return concat(a, std::nullopt); });
  add("Split", {1}, [](const InferenceArgs& a) { return split(a, 1, true, false); });
  add("Split", {2, 11}, [](const InferenceArgs& a) { return split(a, std::nullopt, true, false); });
  add("Split", {13}, [](const InferenceArgs& a) { return split(a, 1, false, false); });
  add("Split", {18}, [](const InferenceArgs& a) { return split(a, 1, false, true); });
  add("Slice", {1}, [](const InferenceArgs& a) { return slice(a, true); });
  add("Slice", {10, 11, 13}, [](const InferenceArgs& a) { return slice(a, false); });
  every("Expand", R(expand));
  add("Tile", {1}, R(tile_1));
  add("Tile", {6, 13}, R(tile_6));
  add("Pad", {1}, [](const InferenceArgs& a) { return pad(a, "paddings", false); });
  add("Pad", {2}, [](const InferenceArgs& a) { return pad(a, "pads", false); });
  add("Pad", {11, 13, 18}, [](const InferenceArgs& a) { return pad(a, nullptr, false); });
  add("Pad", {19, 21, 23, 24, 25}, [](const InferenceArgs& a) { return pad(a, nullptr, true); });
  add("DepthToSpace", {1}, [](const InferenceArgs& a) { return depth_to_space(a, false); });
  add("DepthToSpace", {11, 13}, [](const InferenceArgs& a) { return depth_to_space(a, true); });
  every("SpaceToDepth", R(space_to_depth));
  every("Trilu", R(trilu));
  every("EyeLike", R(eye_like));
  every("Gather", R(gather));
  every("GatherElements", R(gather_elements));
  add("GatherND", {11}, [](const InferenceArgs& a) { return gather_nd(a, false); });
  add("GatherND", {12, 13}, [](const InferenceArgs& a) { return gather_nd(a, true); });
  every("Compress", R(compress));
  every("NonZero", R(non_zero));
  every("OneHot", R(one_hot));
  every("ReverseSequence", R(reverse_sequence));
  every("Scatter", R(scatter_elements));
  add("ScatterElements", {11, 13}, R(scatter_elements));
  add("ScatterElements", {16}, [](const InferenceArgs& a) {
    reduction(a, false);
    return scatter_elements(a);
  });
  add("ScatterElements", {18}, [](const InferenceArgs& a) {
    reduction(a, true);
    return scatter_elements(a);
  });
  add("ScatterND", {11, 13}, R(scatter_nd));
  add("ScatterND", {16}, [](const InferenceArgs& a) {
    reduction(a, false);
    return scatter_nd(a);
  });
  add("ScatterND", {18}, [](const InferenceArgs& a) {
    reduction(a, true);
    return scatter_nd(a);
  });
  every("TensorScatter", R(tensor_scatter));
  every("Constant", R(constant));
  every("ConstantOfShape", R(constant_of_shape));
  every("Range", R(range));
}

}  // namespace onnxsem::ops

// Reductions (spec/ops-reduce.md, RD1-RD12): ReduceSum, ReduceMean, ReduceMax, ReduceMin, ReduceProd,
// ReduceL1, ReduceL2, ReduceLogSum, ReduceLogSumExp, ReduceSumSquare.
//
//   For a tensor x of rank r and a set A of reduced axes, the output element at index o (the index of x
//   with the axes of A removed, or set to 0 when keepdims = 1) is  f({ x[i] : i agrees with o outside A }),
//   where f folds the reduced set S:
//     Sum Σs   SumSquare Σs²   L1 Σ|s|   L2 sqrt(Σs²)   Mean Σs/|S|   Prod Πs   Max max S   Min min S
//     LogSum log Σs   LogSumExp log Σ exp(s).
//
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "ops/common/attrs.hpp"
#include "ops/reduce/rd_common.hpp"
#include "runtime/coverage.hpp"
#include "runtime/parallel.hpp"
#include "runtime/work.hpp"

namespace onnxsem::ops {
namespace rd {
namespace {

enum class Kind { sum, sum_square, l1, l2, mean, prod, max, min, log_sum, log_sum_exp };

// Where the axes come from: the attribute (versions 1 to 13), or the optional second input (ReduceSum-13,
// the others from 18).
enum class AxesFrom { attr, input };

// The reduction of one tensor shape: the output shape, the offset in x of the first element of each
// output element's reduced set, and the reduced set relative to that first element, in row-major order of
// its positions: runs of `run` elements `step` apart (the innermost reduced dimensions, merged while they
// are adjacent in x), one run from each offset of `rel` (the lattice of the other reduced dimensions). The
// offsets of a reduction over the last axes are thus one entry, not one per element of x.
struct Plan {
  Shape out_shape;
  std::vector<int64_t> base;
  std::vector<int64_t> rel;
  int64_t run = 0, step = 1;
  [[nodiscard]] int64_t count() const { return static_cast<int64_t>(rel.size()) * run; }
};

// Calls f(element) for each element of the reduced set that starts at x[b], in the plan's order.
template <class T, class F>
void each(const Plan& p, const T* x, int64_t b, F f) {
  for (int64_t o : p.rel) {
    const T* r = x + b + o;
    for (int64_t i = 0; i < p.run; ++i) f(r[i * p.step]);
  }
}

// Offsets of every position of the sub-lattice spanned by `dims` (row-major over those dimensions).
std::vector<int64_t> lattice(EvalContext& cx, const Shape& shape, const std::vector<int64_t>& strides,
                             const std::vector<size_t>& dims) {
  int64_t count = 1;
  for (size_t d : dims)
    // The product overflows only when another dimension of the shape is 0 (the shape's element count is
    // checked, L1): then no output element reads a reduced set, and none is listed.
    if (__builtin_mul_overflow(count, shape[d], &count)) return {};
  // [spec:L3] the list has one entry per position: refused before it is allocated when it would exceed the
  // allocation limit (a shape with a 0 elsewhere has no elements but may span a huge sub-lattice).
  ONNXSEM_CLAUSE(L3);
  if (count > cx.limits().tensor_bytes / static_cast<int64_t>(sizeof(int64_t)))
    eval_error("L3", "the reduction over shape " + show(shape) + " lists " + std::to_string(count) +
                         " positions, more than the allocation limit allows");
  std::vector<int64_t> out;
  out.reserve(static_cast<size_t>(count));
  if (count == 0) return out;
  std::vector<int64_t> idx(dims.size(), 0);
  int64_t off = 0;
  for (int64_t n = 0; n < count; ++n) {
    out.push_back(off);
    for (size_t q = dims.size(); q-- > 0;) {
      const size_t d = dims[q];
      ++idx[q];
      off += strides[d];
      if (idx[q] < shape[d]) break;
      off -= strides[d] * shape[d];
      idx[q] = 0;
    }
  }
  return out;
}

Plan make_plan(EvalContext& cx, const Shape& in, const std::vector<bool>& reduced, bool keepdims) {
  const size_t r = in.size();
  std::vector<int64_t> strides(r, 1);
  // Wrapping products: they only overflow when some dimension is 0 (the element count fits in int64, L1),
  // and then no element is read through them.
  for (size_t d = r; d-- > 1;)
    strides[d - 1] = static_cast<int64_t>(static_cast<uint64_t>(strides[d]) * static_cast<uint64_t>(in[d]));
  std::vector<size_t> kept_dims, red_dims;
  Plan p;
  // [spec:RD1] the output keeps the non-reduced dimensions; reduced ones become 1 or disappear.
  ONNXSEM_CLAUSE(RD1);
  for (size_t d = 0; d < r; ++d) {
    if (reduced[d]) {
      red_dims.push_back(d);
      if (keepdims) p.out_shape.push_back(1);
    } else {
      kept_dims.push_back(d);
      p.out_shape.push_back(in[d]);
    }
  }
  p.base = lattice(cx, in, strides, kept_dims);
  // No output element, no reduced set to list (the input has no elements, so the reduced dimensions may
  // span any number of positions without one being read). A reduced dimension of 0: the empty set (RD8).
  if (p.base.empty() || std::any_of(red_dims.begin(), red_dims.end(), [&](size_t d) { return in[d] == 0; })) return p;
  // Every dimension is now at least 1, so no product of them exceeds x's element count.
  // The run: the innermost reduced dimension (its stride the step), and each reduced dimension just outside
  // the run's (whose stride is the run's extent times the step).
  size_t merged = red_dims.size();
  p.run = 1;
  if (merged > 0) p.step = strides[red_dims[merged - 1]];
  while (merged > 0 && (merged == red_dims.size() || red_dims[merged - 1] + 1 == red_dims[merged]))
    p.run *= in[red_dims[--merged]];
  p.rel = lattice(cx, in, strides, std::vector<size_t>(red_dims.begin(), red_dims.begin() + static_cast<long>(merged)));
  return p;
}

// The set of reduced axes as a mask over the dimensions of x.
std::vector<bool> axes_mask(const std::vector<int64_t>& axes, int64_t rank) {
  std::vector<bool> mask(static_cast<size_t>(rank), false);
  for (int64_t a : axes) {
    const int64_t n = normalise_axis(a, rank, "axis");
    // [spec:RD2] an axis is named at most once.
    ONNXSEM_CLAUSE(RD2);
    if (mask[static_cast<size_t>(n)])
      eval_error("RD2", "axis " + std::to_string(a) + " is named more than once in axes");
    mask[static_cast<size_t>(n)] = true;
  }
  return mask;
}

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::sum: return "ReduceSum";
    case Kind::sum_square: return "ReduceSumSquare";
    case Kind::l1: return "ReduceL1";
    case Kind::l2: return "ReduceL2";
    case Kind::mean: return "ReduceMean";
    case Kind::prod: return "ReduceProd";
    case Kind::max: return "ReduceMax";
    case Kind::min: return "ReduceMin";
    case Kind::log_sum: return "ReduceLogSum";
    case Kind::log_sum_exp: return "ReduceLogSumExp";
  }
  return "Reduce";
}

// floor(sqrt(v)) for a non-negative integer, exactly.
uint64_t isqrt(uint64_t v) {
  uint64_t r = static_cast<uint64_t>(std::sqrt(static_cast<double>(v)));
  while (r > 0 && (r > v / r)) --r;    // r*r > v
  while ((r + 1) <= v / (r + 1)) ++r;  // (r+1)^2 <= v
  return r;
}

template <class T>
T fold_float(Kind kind, const T* x, int64_t b, const Plan& p) {
  double acc = 0;
  switch (kind) {
    case Kind::sum:
    case Kind::mean:
    case Kind::log_sum:
      each(p, x, b, [&](T e) { acc += wide(e); });
      if (kind == Kind::mean) acc /= static_cast<double>(p.count());
      if (kind == Kind::log_sum) acc = std::log(acc);
      return round_to<T>(acc);
    case Kind::sum_square:
    case Kind::l2:
      each(p, x, b, [&](T e) {
        const double v = wide(e);
        acc += v * v;
      });
      return round_to<T>(kind == Kind::l2 ? std::sqrt(acc) : acc);
    case Kind::l1: each(p, x, b, [&](T e) { acc += std::fabs(wide(e)); }); return round_to<T>(acc);
    case Kind::prod:
      acc = 1;
      each(p, x, b, [&](T e) { acc *= wide(e); });
      return round_to<T>(acc);
    case Kind::max:
    case Kind::min: {
      // [spec:RD10] a NaN in the reduced set makes the result NaN (the first, in the set's order).
      ONNXSEM_CLAUSE(RD10);
      const bool is_max = kind == Kind::max;
      double best = is_max ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
      std::optional<T> nan;
      each(p, x, b, [&](T e) {
        const double v = wide(e);
        if (std::isnan(v)) {
          if (!nan) nan = e;
        } else if (is_max ? v > best : v < best) {
          best = v;
        }
      });
      if (nan) return *nan;
      return round_to<T>(best);  // exact: best is an element of x or the empty-set identity (RD8)
    }
    case Kind::log_sum_exp: {
      // [spec:RD12] the mathematical value log Σ exp(s), computed as m + log Σ exp(s - m), m = max S.
      ONNXSEM_CLAUSE(RD12);
      double m = -std::numeric_limits<double>::infinity();
      std::optional<double> nan;  // the first NaN, in the set's order
      each(p, x, b, [&](T e) {
        const double v = wide(e);
        if (std::isnan(v)) {
          if (!nan) nan = v;
        } else {
          m = std::max(m, v);
        }
      });
      if (nan) return round_to<T>(*nan);
      if (std::isinf(m)) return round_to<T>(m);  // +inf: some term is infinite; -inf: every term is 0
      each(p, x, b, [&](T e) { acc += std::exp(wide(e) - m); });
      return round_to<T>(m + std::log(acc));
    }
  }
  return T{};
}

template <class T>
T fold_int(Kind kind, const T* x, int64_t b, const Plan& p) {
  using U = wrap_t<T>;
  U acc = 0;
  switch (kind) {
    case Kind::sum:
    case Kind::mean:
      each(p, x, b, [&](T e) { acc = add(acc, to_wrap(e)); });
      if (kind == Kind::mean) {
        // [spec:RD7] the integer mean is the wrapped sum divided by the count, truncated toward zero.
        ONNXSEM_CLAUSE(RD7);
        const int64_t n = p.count();
        if constexpr (std::is_signed_v<T>) return static_cast<T>(static_cast<int64_t>(from_wrap<T>(acc)) / n);
        else return static_cast<T>(static_cast<uint64_t>(acc) / static_cast<uint64_t>(n));
      }
      return from_wrap<T>(acc);
    case Kind::sum_square:
    case Kind::l2: {
      each(p, x, b, [&](T e) { acc = add(acc, mul(to_wrap(e), to_wrap(e))); });
      if (kind == Kind::sum_square) return from_wrap<T>(acc);
      const T s = from_wrap<T>(acc);
      if (s < 0)
        eval_error("RD7", "ReduceL2: the wrapped integer sum of squares is negative (" +
                              std::to_string(static_cast<int64_t>(s)) + ")");
      return static_cast<T>(isqrt(static_cast<uint64_t>(s)));
    }
    case Kind::l1:
      each(p, x, b, [&](T e) { acc = add(acc, e < 0 ? static_cast<U>(U(0) - to_wrap(e)) : to_wrap(e)); });
      return from_wrap<T>(acc);
    case Kind::prod:
      acc = 1;
      each(p, x, b, [&](T e) { acc = mul(acc, to_wrap(e)); });
      return from_wrap<T>(acc);
    case Kind::max:
    case Kind::min: {
      T best = kind == Kind::max ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
      each(p, x, b, [&](T e) { best = kind == Kind::max ? std::max(best, e) : std::min(best, e); });
      return best;
    }
    case Kind::log_sum:
    case Kind::log_sum_exp:
      // [spec:RD11] ONNX composes these from Log and Exp, which have no integer meaning.
      ONNXSEM_CLAUSE(RD11);
      eval_error("RD11", std::string(kind_name(kind)) + " is not defined on integer element types");
  }
  return T{};
}

template <class T>
Tensor reduce_typed(EvalContext& cx, Kind kind, const Tensor& xt, const Plan& p) {
  const T* x = xt.data<T>().data();
  auto [t, out_view] = Tensor::allocate<T>(cx, p.out_shape);
  const std::span<T> out = out_view;  // a plain variable: clang 14 cannot capture structured bindings
  // [spec:RD9] a mean over an empty set has no value.
  ONNXSEM_CLAUSE(RD9);
  if (kind == Kind::mean && p.count() == 0 && !p.base.empty())
    eval_error("RD9",
               "ReduceMean over an empty set of elements (a reduced dimension is 0) in shape " + show(xt.shape()));
  // [spec:RD8] every fold starts from its operation's identity (0; 1; -inf or the lowest value; +inf or
  // the highest value; the log of an empty sum is -inf), which is thus its value over an empty set.
  ONNXSEM_CLAUSE(RD8);
  // E9: slices of the output elements go to the threads; each element's fold is the one above, whole.
  const int64_t outputs = static_cast<int64_t>(p.base.size());
  parallel_slices(cx, outputs, work_product({outputs, std::max<int64_t>(p.count(), 1)}), kElementGrain,
                  [&](int64_t lo, int64_t hi) {
                    for (int64_t i = lo; i < hi; ++i) {
                      const int64_t b = p.base[static_cast<size_t>(i)];
                      if constexpr (std::is_same_v<T, bool>) {
                        // (RD10) on bool, false < true: max is "any", min is "all" (empty set: false, true;
                        // RD8).
                        bool acc = kind == Kind::min;
                        each(p, x, b, [&](bool e) { acc = kind == Kind::max ? (acc || e) : (acc && e); });
                        out[static_cast<size_t>(i)] = acc;
                      } else if constexpr (is_float_elem<T>) {
                        out[static_cast<size_t>(i)] = fold_float<T>(kind, x, b, p);
                      } else {
                        out[static_cast<size_t>(i)] = fold_int<T>(kind, x, b, p);
                      }
                    }
                  });
  return t;
}

Kernel reduce_kernel(Kind kind, AxesFrom from) {
  return [kind, from](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    EvalContext& cx = a.context();
    const Tensor& x = a.tensor(0);
    const bool keepdims = attr_int(a.node, "keepdims", 1) != 0;
    std::vector<bool> mask;
    std::vector<int64_t> axes;
    bool noop = false;
    if (from == AxesFrom::input) {
      if (a.has_input(1)) axes = int_list(a.tensor(1), "axes");
      noop = attr_int(a.node, "noop_with_empty_axes", 0) != 0;
    } else {
      ONNXSEM_CLAUSE(RD3);  // versions 1 and 11 (the registration below)
      axes = attr_ints(a.node, "axes", {});
    }
    // [spec:RD4] no axes: every axis, except with noop_with_empty_axes = 1, where none is reduced.
    ONNXSEM_CLAUSE(RD4);
    if (axes.empty()) {
      mask.assign(static_cast<size_t>(x.rank()), !noop);
    } else {
      mask = axes_mask(axes, x.rank());
    }
    const Plan p = make_plan(cx, x.shape(), mask, keepdims);
    // [spec:RD6] floating types fold in binary64 in row-major order of the reduced set and round once.
    auto types_for = [&](auto f) {
      ONNXSEM_CLAUSE(RD6);
      if (kind == Kind::max || kind == Kind::min)
        return dispatch(x.dtype(), rd_numeric_and_bool_types, kind_name(kind), f);
      return dispatch(x.dtype(), rd_numeric_types, kind_name(kind), f);
    };
    Tensor y = types_for([&](auto tt) {
      using T = typename decltype(tt)::type;
      return reduce_typed<T>(cx, kind, x, p);
    });
    return {Value(std::move(y))};
  };
}

}  // namespace

void add_reductions(const Adder& add) {
  // Versions that only widen the type constraints share a kernel (v12 of Max/Min: int8/uint8; v13:
  // bfloat16; ReduceMax/Min-20: bool).
  // [spec:RD3] version 1 shares version 11's kernel: negative axes count from the back in both.
  add("ReduceSum", {1, 11}, reduce_kernel(Kind::sum, AxesFrom::attr));
  add("ReduceSum", {13}, reduce_kernel(Kind::sum, AxesFrom::input));
  const std::pair<const char*, Kind> others[] = {{"ReduceMean", Kind::mean},
                                                 {"ReduceProd", Kind::prod},
                                                 {"ReduceL1", Kind::l1},
                                                 {"ReduceL2", Kind::l2},
                                                 {"ReduceLogSum", Kind::log_sum},
                                                 {"ReduceLogSumExp", Kind::log_sum_exp},
                                                 {"ReduceSumSquare", Kind::sum_square}};
  for (const auto& [name, kind] : others) {
    add(name, {1, 11, 13}, reduce_kernel(kind, AxesFrom::attr));
    add(name, {18}, reduce_kernel(kind, AxesFrom::input));
  }
  for (const auto& [name, kind] : {std::pair{"ReduceMax", Kind::max}, std::pair{"ReduceMin", Kind::min}}) {
    add(name, {1, 11, 12, 13}, reduce_kernel(kind, AxesFrom::attr));
    add(name, {18, 20}, reduce_kernel(kind, AxesFrom::input));
  }
}

}  // namespace rd

}  // namespace onnxsem::ops

// Unique (spec/ops-text.md, TX30-TX32).
//
// Without an axis the items are the elements of X in row-major order; with an axis they are the slices
// X[..., k, ...] along it, each read in row-major order. Items are compared element by element (TX30).
#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

#include "ops/common/attrs.hpp"
#include "ops/text/text.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::text {
namespace {

const std::string unique_op = "Unique";

// [spec:TX30] element order: numeric values by value (-0 equals +0), every NaN equal to every other NaN
// and above all numbers; bool false < true; strings by their bytes, lexicographically.
template <class T>
int compare(const T& a, const T& b) {
  ONNXSEM_CLAUSE(TX30);
  if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, bool> || std::is_integral_v<T>) {
    return a < b ? -1 : (b < a ? 1 : 0);
  } else if constexpr (requires { a.v; }) {
    return a.v < b.v ? -1 : (b.v < a.v ? 1 : 0);
  } else {
    const double x = widen(a), y = widen(b);
    const bool nx = std::isnan(x), ny = std::isnan(y);
    if (nx || ny) return nx == ny ? 0 : (nx ? 1 : -1);
    return x < y ? -1 : (y < x ? 1 : 0);
  }
}

// The items 0..A-1 grouped by equality under `cmp` (a three-way comparison of two items, TX30): the first
// occurrence of each group, in ascending order of the groups, each item's group and each group's size. Not
// a template: one copy serves every element type, which only `cmp` depends on.
struct Groups {
  std::vector<int64_t> first, group_of, count;
};
Groups group_items(int64_t A, const std::function<int(int64_t, int64_t)>& cmp) {
  // A stable sort keeps each group's first occurrence at its front.
  std::vector<int64_t> order(static_cast<size_t>(A));
  std::iota(order.begin(), order.end(), int64_t{0});
  std::stable_sort(order.begin(), order.end(), [&](int64_t p, int64_t q) { return cmp(p, q) < 0; });
  Groups g;
  g.group_of.resize(static_cast<size_t>(A));
  for (size_t j = 0; j < order.size(); ++j) {
    if (j == 0 || cmp(order[j - 1], order[j]) != 0) {
      g.first.push_back(order[j]);
      g.count.push_back(0);
    }
    g.group_of[static_cast<size_t>(order[j])] = static_cast<int64_t>(g.first.size()) - 1;
    ++g.count.back();
  }
  return g;
}

std::vector<std::optional<Value>> unique(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const int64_t sorted = attr_int(a.node, "sorted", 1);
  const std::optional<int64_t> axis_attr = attr_int_opt(a.node, "axis");
  if (sorted != 0 && sorted != 1)
    eval_error("TX31", unique_op + ": attribute sorted is " + std::to_string(sorted) + ", expected 0 or 1");
  int64_t outer = 1, A = x.size(), inner = 1, axis = 0;
  if (axis_attr) {
    axis = normalise_axis(*axis_attr, x.rank(), unique_op + " attribute axis");
    A = x.dim(axis);
    for (int64_t d = 0; d < axis; ++d) outer *= x.dim(d);
    for (int64_t d = axis + 1; d < x.rank(); ++d) inner *= x.dim(d);
  }
  // The offset in X of element i of slice o (o < outer, i < inner) of item p.
  auto at = [&](int64_t p, int64_t o, int64_t i) { return static_cast<size_t>((o * A + p) * inner + i); };
  const Groups g = group_items(A, dispatch(x.dtype(), all_types, unique_op, [&](auto tag) {
                                 using T = typename decltype(tag)::type;
                                 return std::function<int(int64_t, int64_t)>(
                                     [&, xd = x.data<T>()](int64_t p, int64_t q) {
                                       for (int64_t o = 0; o < outer; ++o)
                                         for (int64_t i = 0; i < inner; ++i)
                                           if (int c = compare<T>(xd[at(p, o, i)], xd[at(q, o, i)]); c != 0) return c;
                                       return 0;
                                     });
                               }));
  // [spec:TX31] sorted: ascending in the order of TX30; unsorted: by first occurrence in X.
  ONNXSEM_CLAUSE(TX31);
  const auto U = static_cast<int64_t>(g.first.size());
  std::vector<int64_t> position(static_cast<size_t>(U));  // output position of each group
  std::iota(position.begin(), position.end(), int64_t{0});
  if (sorted == 0) {
    std::vector<int64_t> by_first(static_cast<size_t>(U));
    std::iota(by_first.begin(), by_first.end(), int64_t{0});
    std::sort(by_first.begin(), by_first.end(),
              [&](int64_t p, int64_t q) { return g.first[static_cast<size_t>(p)] < g.first[static_cast<size_t>(q)]; });
    for (int64_t p = 0; p < U; ++p) position[static_cast<size_t>(by_first[static_cast<size_t>(p)])] = p;
  }
  // [spec:TX32] Y holds the first occurrence of each distinct item; indices its position in X, inverse
  // the output position of every item of X, counts the number of occurrences.
  ONNXSEM_CLAUSE(TX32);
  std::vector<int64_t> out_first(static_cast<size_t>(U)), out_count(static_cast<size_t>(U));
  for (int64_t p = 0; p < U; ++p) {
    out_first[static_cast<size_t>(position[static_cast<size_t>(p)])] = g.first[static_cast<size_t>(p)];
    out_count[static_cast<size_t>(position[static_cast<size_t>(p)])] = g.count[static_cast<size_t>(p)];
  }
  Shape yshape{U};
  if (axis_attr) {
    yshape = x.shape();
    yshape[static_cast<size_t>(axis)] = U;
  }
  Tensor y = dispatch(x.dtype(), all_types, unique_op, [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto xd = x.data<T>();
    auto [t, yd] = Tensor::allocate<T>(cx, yshape);
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t p = 0; p < U; ++p)
        for (int64_t i = 0; i < inner; ++i)
          yd[static_cast<size_t>((o * U + p) * inner + i)] = xd[at(out_first[static_cast<size_t>(p)], o, i)];
    return std::move(t);
  });
  auto [inv, invd] = Tensor::allocate<int64_t>(cx, {A});
  for (int64_t k = 0; k < A; ++k)
    invd[static_cast<size_t>(k)] = position[static_cast<size_t>(g.group_of[static_cast<size_t>(k)])];
  return fit_outputs(a, {Value(y), Value(Tensor::from_vector<int64_t>(cx, {U}, out_first)), Value(inv),
                         Value(Tensor::from_vector<int64_t>(cx, {U}, out_count))});
}

}  // namespace

void add_unique(Registry& r) { r.add("", "Unique", {11}, unique); }

}  // namespace onnxsem::ops::text

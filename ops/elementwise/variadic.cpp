// Variadic operators: Sum, Mean, Max, Min (spec/ops-elementwise.md, EW2, EW10, EW11, EW22).
#include <algorithm>
#include <cmath>
#include <vector>

#include "ops/common/product.hpp"
#include "ops/elementwise/elementwise_common.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::ew {
namespace {

struct Gathered {
  std::vector<const Tensor*> in;
  Shape out;
};

// The inputs (at least one, all of one element type) and the result's shape: opset 1 and 6 require equal
// shapes (EW22), later opsets broadcast multidirectionally (EW2).
Gathered gather(const KernelArgs& args, const std::string& op, bool legacy) {
  Gathered g;
  if (args.input_count() == 0) eval_error("A2", op + " needs at least one input");
  std::vector<Shape> shapes;
  for (size_t k = 0; k < args.input_count(); ++k) {
    g.in.push_back(&args.tensor(k));
    require_same_type(*g.in.front(), *g.in.back(), op, "data_0", ("data_" + std::to_string(k)).c_str());
    shapes.push_back(g.in.back()->shape());
  }
  if (legacy) {
    // [spec:EW22] in opsets 1 and 6, Sum, Mean, Max and Min require all inputs to have the same shape.
    ONNXSEM_CLAUSE(EW22);
    for (const Shape& s : shapes)
      if (s != shapes.front())
        eval_error("EW22", op + ": without broadcasting (opset 1 and 6) every input must have the same shape");
    g.out = shapes.front();
  } else {
    g.out = broadcast_shape(shapes, op);
  }
  return g;
}

// Calls f(i, element) for every output position i and the element of input `t` broadcast to it.
template <class T, class F>
void walk(const Tensor& t, const Shape& out, F&& f) {
  auto d = t.data<T>();
  if (t.shape() == out) {
    // Nothing broadcast: element i is read at position i.
    for (size_t i = 0; i < d.size(); ++i) f(i, d[i]);
    return;
  }
  std::array<std::vector<int64_t>, 1> strides{broadcast_strides(t.shape(), out)};
  size_t i = 0;
  for_each_broadcast<1>(out, strides, [&](const std::array<int64_t, 1>& o) { f(i++, d[static_cast<size_t>(o[0])]); });
}

// [spec:EW11] Sum and Mean add the exact values of their inputs' elements in binary64 and round once;
// Mean divides that sum by the number of inputs before rounding.
Kernel sum_mean_kernel(std::string op, bool mean, bool legacy) {
  return [op, mean, legacy](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    ONNXSEM_CLAUSE(EW11);
    const Gathered g = gather(args, op, legacy);
    return one(dispatch(g.in.front()->dtype(), float_types, op, [&](auto tag) {
      using T = typename decltype(tag)::type;
      const double n = static_cast<double>(g.in.size());
      if (std::all_of(g.in.begin(), g.in.end(), [&](const Tensor* t) { return t->shape() == g.out; })) {
        // Every element is written at the end, element i after reading element i of every input: over the
        // first input's storage when it is handed over (spec/graph.md, E10).
        auto [res, out_view] = Tensor::overwrite_or_allocate<T>(cx, *g.in.front(), g.out);
        const std::span<T> out = out_view;  // a plain variable: clang 14 cannot capture structured bindings
        // No broadcasting: each element's sum formed in one go, in the inputs' order (E9: slices of the
        // elements on the threads at hand).
        std::vector<const T*> src;
        for (const Tensor* t : g.in) src.push_back(t->data<T>().data());
        if constexpr (std::is_same_v<T, float>) {
          if (src.size() == 2 && !mean) {
            // Two binary32 inputs (a residual connection): the processor's vector loop, the same bits.
            const auto& loops = product_detail::vector_loops();
            parallel_slices(cx, static_cast<int64_t>(out.size()), static_cast<int64_t>(out.size() * 2), kElementGrain,
                            [&](int64_t lo, int64_t hi) {
                              loops.sum2(src[0] + lo, src[1] + lo, hi - lo, out.data() + lo);
                            });
            return res;
          }
        }
        parallel_slices(cx, static_cast<int64_t>(out.size()), static_cast<int64_t>(out.size() * src.size()),
                        kElementGrain, [&](int64_t lo, int64_t hi) {
                          // A block of sums at a time, each input added to the whole block in turn.
                          constexpr int64_t kBlock = 512;
                          double s[kBlock];
                          for (int64_t b0 = lo; b0 < hi; b0 += kBlock) {
                            const int64_t e = std::min(kBlock, hi - b0);
                            std::fill(s, s + e, 0.0);
                            for (const T* p : src)
                              for (int64_t u = 0; u < e; ++u) s[u] += wide(p[b0 + u]);
                            for (int64_t u = 0; u < e; ++u)
                              out[static_cast<size_t>(b0 + u)] = narrow<T>(mean ? s[u] / n : s[u]);
                          }
                        });
        return res;
      }
      // Checks the allocation limit first (L3); every element is written at the end.
      auto [res, out_view] = Tensor::allocate_for_overwrite<T>(cx, g.out);
      const std::span<T> out = out_view;  // a plain variable: clang 14 cannot capture structured bindings
      std::vector<double> acc(out.size(), 0.0);
      for (const Tensor* t : g.in) walk<T>(*t, g.out, [&](size_t i, const T& v) { acc[i] += wide(v); });
      for (size_t i = 0; i < acc.size(); ++i) out[i] = narrow<T>(mean ? acc[i] / n : acc[i]);
      return res;
    }));
  };
}

// [spec:EW10] Max and Min give, at each position, the largest (smallest) of the inputs' elements; a NaN
// among them makes the result NaN.
Kernel max_min_kernel(std::string op, bool is_max, bool legacy) {
  return [op, is_max, legacy](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    ONNXSEM_CLAUSE(EW10);
    const Gathered g = gather(args, op, legacy);
    return one(dispatch(g.in.front()->dtype(), numeric_types, op, [&](auto tag) {
      using T = typename decltype(tag)::type;
      auto [res, out_view] = Tensor::allocate<T>(cx, g.out);
      auto out = out_view;  // a plain variable: clang 14 cannot capture structured bindings
      walk<T>(*g.in.front(), g.out, [&](size_t i, const T& v) { out[i] = v; });
      for (size_t k = 1; k < g.in.size(); ++k) {
        walk<T>(*g.in[k], g.out, [&](size_t i, const T& v) {
          T& cur = out[i];
          if (is_nan(cur)) return;
          if (is_nan(v) || (is_max ? elem_less(cur, v) : elem_less(v, cur))) cur = v;
        });
      }
      return res;
    }));
  };
}

}  // namespace

void add_variadic(Registry& r) {
  r.add("", "Sum", {1, 6}, sum_mean_kernel("Sum", false, true));
  r.add("", "Sum", {8, 13}, sum_mean_kernel("Sum", false, false));
  r.add("", "Mean", {1, 6}, sum_mean_kernel("Mean", true, true));
  r.add("", "Mean", {8, 13}, sum_mean_kernel("Mean", true, false));
  r.add("", "Max", {1, 6}, max_min_kernel("Max", true, true));
  r.add("", "Max", {8, 12, 13}, max_min_kernel("Max", true, false));
  r.add("", "Min", {1, 6}, max_min_kernel("Min", false, true));
  r.add("", "Min", {8, 12, 13}, max_min_kernel("Min", false, false));
}

}  // namespace onnxsem::ops::ew

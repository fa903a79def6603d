// Support for nested graphs (spec/subgraphs.md).
#include "semantics/subgraph.hpp"

#include <cstring>

#include "runtime/coverage.hpp"
#include "values/dispatch.hpp"

namespace onnxsem {

std::set<std::string> free_names(const Graph& g) {
  std::set<std::string> defined;
  for (const auto& vi : g.inputs) defined.insert(vi.name);
  for (const auto& [name, t] : g.initializers) defined.insert(name);
  for (const auto& n : g.nodes)
    for (const auto& o : n.outputs) defined.insert(o);
  std::set<std::string> free;
  for (const auto& n : g.nodes) {
    for (const auto& i : n.inputs)
      if (!i.empty() && !defined.count(i)) free.insert(i);
    for (const auto& i : implicit_inputs(n))
      if (!defined.count(i)) free.insert(i);
  }
  for (const auto& vi : g.outputs)
    if (!defined.count(vi.name)) free.insert(vi.name);
  return free;
}

std::set<std::string> implicit_inputs(const Node& n) {
  // [spec:SB1] the free names of an operation's subgraphs are inputs of the operation: it is executable
  // only when they have values in the enclosing scopes.
  ONNXSEM_CLAUSE(SB1);
  std::set<std::string> out;
  for (const auto& a : n.attributes) {
    if (a.g) {
      auto f = free_names(*a.g);
      out.insert(f.begin(), f.end());
    }
    for (const auto& g : a.graphs) {
      auto f = free_names(*g);
      out.insert(f.begin(), f.end());
    }
  }
  return out;
}

std::set<std::string> read_names(const Node& n) {
  std::set<std::string> names = implicit_inputs(n);
  for (const auto& i : n.inputs)
    if (!i.empty()) names.insert(i);
  return names;
}

Tensor slice_along(EvalContext& cx, const Tensor& t, int64_t axis, int64_t index) {
  const Shape& s = t.shape();
  if (axis < 0 || axis >= t.rank() || index < 0 || index >= s[static_cast<size_t>(axis)])
    eval_error("X1", "slice " + std::to_string(index) + " of axis " + std::to_string(axis) + " is out of range");
  Shape out = s;
  out.erase(out.begin() + axis);
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= s[static_cast<size_t>(d)];
  for (int64_t d = axis + 1; d < t.rank(); ++d) inner *= s[static_cast<size_t>(d)];
  const int64_t n = s[static_cast<size_t>(axis)];
  return dispatch(t.dtype(), all_types, "slice", [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto src = t.data<T>();
    auto [r, dst] = Tensor::allocate<T>(cx, out);
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t j = 0; j < inner; ++j)
        dst[static_cast<size_t>(o * inner + j)] = src[static_cast<size_t>((o * n + index) * inner + j)];
    return r;
  });
}

Tensor stack(EvalContext& cx, const std::vector<Tensor>& items, int64_t axis, const std::string& what) {
  if (items.empty()) eval_error("SB5", what + ": nothing to stack");
  const Tensor& first = items.front();
  ONNXSEM_CLAUSE(SB5);  // the marker of the loop below
  for (const auto& t : items)
    // [spec:SB5] the values stacked into a scan output share one element type and one shape.
    if (t.dtype() != first.dtype() || t.shape() != first.shape())
      eval_error("SB5", what + ": iterations produced values of different types or shapes");
  if (axis < 0 || axis > first.rank()) eval_error("X1", what + ": stacking axis out of range");
  Shape out = first.shape();
  out.insert(out.begin() + axis, static_cast<int64_t>(items.size()));
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= first.shape()[static_cast<size_t>(d)];
  for (int64_t d = axis; d < first.rank(); ++d) inner *= first.shape()[static_cast<size_t>(d)];
  const auto count = static_cast<int64_t>(items.size());
  return dispatch(first.dtype(), all_types, "stack", [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto [r, dst] = Tensor::allocate<T>(cx, out);
    for (int64_t k = 0; k < count; ++k) {
      auto src = items[static_cast<size_t>(k)].data<T>();
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t j = 0; j < inner; ++j)
          dst[static_cast<size_t>((o * count + k) * inner + j)] = src[static_cast<size_t>(o * inner + j)];
    }
    return r;
  });
}

}  // namespace onnxsem

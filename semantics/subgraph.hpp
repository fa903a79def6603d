// Support for nested graphs (spec/subgraphs.md): the names a graph reads from its enclosing scopes, and the
// two tensor rearrangements that Loop and Scan need (taking a slice along an axis, stacking along a new
// axis). These rearrange elements without computing them, so they belong to the graph semantics.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "values/ir.hpp"
#include "values/value.hpp"

namespace onnxsem {

// Names that `g` (or a graph nested in it) reads but does not define: its free names, which must come from
// the enclosing scopes.
[[nodiscard]] std::set<std::string> free_names(const Graph& g);

// The free names of every graph attribute of `n` (If's branches, Loop's and Scan's bodies).
[[nodiscard]] std::set<std::string> implicit_inputs(const Node& n);

// Every name `n` reads, each once: its named inputs and its implicit inputs (E8 counts readers by them).
[[nodiscard]] std::set<std::string> read_names(const Node& n);

// The slice of `t` at position `index` of `axis`, which loses that axis.
[[nodiscard]] Tensor slice_along(EvalContext& cx, const Tensor& t, int64_t axis, int64_t index);

// Stacks tensors of one element type and one shape along a new axis at position `axis` (0..rank).
[[nodiscard]] Tensor stack(EvalContext& cx, const std::vector<Tensor>& items, int64_t axis, const std::string& what);

}  // namespace onnxsem

// The static semantics (spec/types.md): typing and shape inference of a model, from the operators'
// signatures and shape rules (values/signature.hpp), before any evaluation. `check` runs it and refuses a
// model that is not well-typed; `onnxsem types` prints what it concluded; the sweep checks that evaluation
// agrees with it (type soundness, TY12).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "semantics/check.hpp"
#include "values/ir.hpp"
#include "values/operator.hpp"

namespace onnxsem {

// The inferred type of one tensor name in one graph.
struct TypedName {
  std::string name;
  Type type;
};

// What inference concluded for one graph: the main graph, a subgraph (once per enclosing operation), or a
// function body (once per call).
struct GraphTyping {
  std::string scope;             // "main", "node 'n' (If) then_branch", "function F at node 'n'"
  const Graph* graph = nullptr;  // the graph typed (null for a function body)
  std::vector<TypedName> names;  // every name the graph defines or reads from an enclosing scope, sorted
  [[nodiscard]] const Type* find(const std::string& name) const;
};

struct Typing {
  std::vector<Finding> findings;    // refusals (and warnings), each with its clause
  std::vector<GraphTyping> graphs;  // main graph first
  int64_t operations_typed = 0;     // operations whose operator has a signature
  int64_t operations_untyped = 0;   // operations whose operator has none (their outputs stay unknown)
};

// The type of a tensor value: its element type and its dimensions, all fixed.
[[nodiscard]] Type tensor_type_of(const Tensor& t);
// The type without its shape (and without the shapes inside it).
[[nodiscard]] Type form_of(const Type& t);
// The join of two types a name may have (If's branches, a loop-carried value before and after): what both
// share; a contradiction in kind or element type is reported in `why`.
[[nodiscard]] Type join(const Type& a, const Type& b, std::string& why);

// Infers the type of every tensor of the model (TY1-TY11). Never throws on any model.
[[nodiscard]] Typing infer_types(const Model& model, const OperatorTable& ops);

// Whether `v` has the type `t` predicted (TY12): same kind and element type, same rank when the shape is
// known, and each fixed dimension equal. Returns "" when it does, else what differs.
[[nodiscard]] std::string type_violation(const Value& v, const Type& t);

}  // namespace onnxsem

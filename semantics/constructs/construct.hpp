// The control-flow constructs of ai.onnx (spec/subgraphs.md): If, Loop, Scan and SequenceMap. Each is one
// file of this folder holding all that the graph semantics says of it: its static check (the bodies' arity,
// SB12, and the declared types its contract constrains), its typing (TY8: the outputs' types from its
// bodies') and its firing (the clause that defines its value). check.cpp, types.cpp and control.cpp find a
// construct by its operation and apply the part they need.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "semantics/check.hpp"
#include "semantics/control.hpp"
#include "semantics/types.hpp"
#include "values/ir.hpp"
#include "values/value.hpp"

namespace onnxsem::constructs {

using Findings = std::vector<Finding>;
// Name -> declared type, for the names of a graph and of the graphs that enclose it (check.cpp).
using Types = std::map<std::string, Type>;

// What a construct's static check is given: the operation, the graph that holds it, its operator's
// since-version (0 when it does not resolve) and the declared types in scope; findings go to `out`.
struct CheckSite {
  const Graph& graph;
  const Node& n;
  int64_t since;
  const Types& declared;
  Findings& out;

  void add(Clause clause, std::string message, std::string tensor = {}) const;
  // The graph attribute `name`, or null after a W5 finding that it is missing.
  [[nodiscard]] const Graph* body(const char* name) const;
  // SB12: `g` (when given) takes `ins` inputs and returns `outs` outputs, as `why` calls for.
  void arity(const Graph* g, size_t ins, size_t outs, const std::string& why) const;
};

// What typing a construct needs of the typing engine (types.cpp).
class BodyTyping {
 public:
  virtual ~BodyTyping() = default;
  // The type of the operation's input k (unknown when absent or not known).
  [[nodiscard]] virtual Type input(size_t k) const = 0;
  // The operation's graph attribute `name`, or null.
  [[nodiscard]] virtual const Graph* graph(const char* name) const = 0;
  // The types of the outputs of `g`, the operation's graph attribute `name`, typed with its formal inputs of
  // the given types, one level deeper, reading the enclosing scopes.
  [[nodiscard]] virtual std::vector<Type> type_body(const Graph& g, const char* name,
                                                    const std::vector<Type>& formals) = 0;
  // A finding of the operation, on the tensor named `tensor`.
  virtual void find(Clause clause, std::string message, const std::string& tensor) = 0;
};

struct Construct {
  std::string_view op_type;
  void (*check)(const CheckSite& site);
  std::vector<Type> (*type)(const Node& n, int64_t since, BodyTyping& typing);
  std::vector<std::optional<Value>> (*fire)(const Node& n, int64_t since, const std::vector<std::optional<Value>>& in,
                                            const GraphRunner& runner);
};

// The construct of the operation (an If, Loop, Scan or SequenceMap of ai.onnx), or null.
[[nodiscard]] const Construct* construct_of(const Node& n);

// ---- What the constructs share

// What contradicts a declared type where a value of element type `want` is expected ("" when nothing does;
// with `one`, the value must moreover hold one element, checked when every dimension is fixed).
[[nodiscard]] std::string mismatch(const Type* t, DType want, bool one);
// The declared type of `name`, or null.
[[nodiscard]] const Type* declared(const Types& types, const std::string& name);
// The rank of a declared tensor type, when known.
[[nodiscard]] std::optional<size_t> declared_rank(const Type* t);
// A type with its kind and element types only: the dimensions may change between iterations.
[[nodiscard]] Type relaxed(Type t);
// The type of an iteration's outputs stacked along a new axis at `axis` (a tensor of the same element type;
// its shape when `b`'s is known and the axis fits, else unknown).
[[nodiscard]] Type stacked(const Type& b, std::optional<int64_t> axis);
// The graph attribute `name` of a node being fired (W5 when it is missing).
[[nodiscard]] const Graph& graph_attr(const Node& n, const std::string& name);
// The value of a stacked output when there is nothing to stack (SB7).
[[nodiscard]] Value empty_stack(EvalContext& cx, const ValueInfo& declared, int64_t axis, const char* op);

extern const Construct if_construct, loop_construct, scan_construct, sequence_map_construct;

}  // namespace onnxsem::constructs

// The control-flow operators and model-local function calls (spec/subgraphs.md, spec/functions.md), shared
// by both formulations of the graph semantics. Each formulation says how it evaluates a nested graph by
// implementing GraphRunner; the contracts of If, Loop, Scan, SequenceMap and function calls are stated once.
#pragma once

#include <cstdint>
#include <exception>
#include <map>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "semantics/fixpoint.hpp"

namespace onnxsem {

class GraphRunner {
 public:
  virtual ~GraphRunner() = default;
  // Evaluates `body` from the state `local` under `opsets` (null: the enclosing graph's opset imports).
  // A nested graph (fresh_scope false) also reads the enclosing scopes' values by name; a function body
  // (fresh_scope true) sees only `local`. Returns the value of each declared output of `body`, in order
  // (nullopt: none). `salt` varies the random schedule between nested evaluations.
  [[nodiscard]] virtual std::vector<std::optional<Value>> run(const Graph& body, State local,
                                                              const std::map<std::string, int64_t>* opsets,
                                                              bool fresh_scope, uint64_t salt) const = 0;
  [[nodiscard]] virtual const EvalOptions& options() const = 0;
  // The context of the evaluation (its limits, work meter and threads), for the firings of its operations.
  [[nodiscard]] virtual EvalContext& context() const = 0;
  // How deep the graph of the operation being applied is nested (0: the main graph; L4 counts the levels).
  [[nodiscard]] virtual int depth() const = 0;
};

// Evaluates a subgraph on its formal inputs by the runner's formulation (SB2) and returns its declared
// outputs, in order (SB3); `salt` varies the random schedule between runs.
[[nodiscard]] std::vector<Value> run_body(const GraphRunner& runner, const Graph& body,
                                          const std::vector<Value>& formals, uint64_t salt);

// Whether the graph semantics fires this operation itself (If, Loop, Scan, SequenceMap of ai.onnx).
[[nodiscard]] bool is_control(const Node& n);

// Fires a control-flow operation whose operator version has the given since-version (its construct,
// semantics/constructs/).
[[nodiscard]] std::vector<std::optional<Value>> fire_control(const Node& n, int64_t since,
                                                             const std::vector<std::optional<Value>>& in,
                                                             const GraphRunner& runner);

// Applies an operation's operator to its input values (E3): a call of a model-local function (FN1), a
// control-flow operator (fired by the graph semantics itself), or the kernel that opset resolution (O1)
// selects. Returns one value per requested output; throws Failure on any error. `resolved`, when given, is
// resolve(ops, opsets, n) worked out earlier (the fixpoint resolves each operation of a graph once).
[[nodiscard]] std::vector<std::optional<Value>> apply_operation(const Model& model, const OperatorTable& ops,
                                                                const std::map<std::string, int64_t>& opsets,
                                                                const Node& n, std::vector<std::optional<Value>> inputs,
                                                                const GraphRunner& runner,
                                                                const Resolved* resolved = nullptr);

// The model-local function that an operation calls, or null.
[[nodiscard]] const Function* function_of(const Model& model, const Node& n);

// A node of `f`'s body as the call `call` binds it: each attribute that refers to an attribute of the call
// takes the call's value, or the function's default, or is left out (FN1).
[[nodiscard]] Node bind_call_attributes(const Node& body_node, const Node& call, const Function& f);

// Fires an operation that calls the model-local function `f` (FN1).
[[nodiscard]] std::vector<std::optional<Value>> call_function(const GraphRunner& runner, const Function& f,
                                                              const Node& call,
                                                              const std::vector<std::optional<Value>>& in);

// Runs `fire` (the firing of operation `n`) and turns whatever it throws into a Failure that names the
// operation (E7): out of memory is L3, any other exception an internal error.
template <class Fire>
auto firing(const Node& n, Fire&& fire) -> decltype(fire()) {
  try {
    return fire();
  } catch (const Failure& f) {
    throw Failure(with_context(f.error(), n));
  } catch (const std::bad_alloc&) {
    throw Failure(with_context(Error{ErrorKind::evaluation, "L3", "out of memory", {}, {}, {}}, n));
  } catch (const std::exception& e) {
    throw Failure(
        with_context(Error{ErrorKind::internal, "E7", std::string("unexpected exception: ") + e.what(), {}, {}, {}},
                     n));
  }
}

}  // namespace onnxsem

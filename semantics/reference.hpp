// The reference fixpoint: spec/graph.md's execution clauses (E1-E7) as functions, and nothing more. A state
// is a value; `fire` returns the next state; `fixpoint` fires executable operations until none is left.
// No incremental executable set, no release of values (E8), no threads (E9), no hand-over of storage (E10):
// the engine of semantics/fixpoint.cpp does those, and the property sweep checks that it computes what this
// file computes, bit for bit, on every test of both suites (spec/conformance.md, K8). spec/proof.md pairs
// these functions with the definitions of the Coq model.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "semantics/fixpoint.hpp"

namespace onnxsem::reference {

// The values visible to a graph: its own state, then the states of the graphs enclosing it (SB1), each as
// it stood when the operation carrying the nested graph fired.
struct Scope {
  const State& state;
  const Scope* outer = nullptr;
  [[nodiscard]] const Value* find(const std::string& name) const;
};

// What a graph's evaluation needs besides its state: the model (for functions), the operators, the opset
// imports in force, the options (limits, scheduler, candidate results), the nesting depth (L4) and the
// enclosing scopes.
struct Setting {
  const Model& model;
  const OperatorTable& ops;
  const std::map<std::string, int64_t>& opsets;
  const EvalOptions& options;
  EvalContext& context;  // the evaluation's limits and work meter (one thread)
  int depth = 0;
  const Scope* outer = nullptr;
  uint64_t salt = 0;  // varies the random schedule between nested evaluations
};

// E2: operation k of g is executable in s: every name it reads (its inputs, and the names its subgraphs read
// from the enclosing scopes) has a value, it names an output, and none of its outputs has one.
[[nodiscard]] bool executable(const Graph& g, const Setting& at, const State& s, size_t k);
// The executable operations of g in s, in node order.
[[nodiscard]] std::vector<size_t> executable_set(const Graph& g, const Setting& at, const State& s);
// E3: the state after operation k fires in s: its outputs hold the operator's results, nothing else changes.
// Throws Failure naming the operation (E7).
[[nodiscard]] State fire(const Graph& g, const Setting& at, State s, size_t k, int64_t& firings);
// E5's depth-first order, each operation's place in it: the operations finished by a depth-first walk from
// the graph outputs, in declaration order, that visits the writers of the names each operation reads in the
// order it reads them (its inputs, then the names its subgraphs read); the operations no output depends on
// follow in node order. The engine (fixpoint.cpp) schedules by the same order.
[[nodiscard]] std::vector<size_t> depth_first_rank(const Graph& g);
// E5, E6: fires the operation the scheduler picks among the executable ones, until none is executable.
[[nodiscard]] State fixpoint(const Graph& g, const Setting& at, State s, int64_t& firings);

// E1, the fixpoint, C3: the main graph of `model` evaluated on the given inputs, on one thread.
[[nodiscard]] Outcome evaluate(const Model& model, const std::map<std::string, Value>& inputs, const OperatorTable& ops,
                               const EvalOptions& options);

}  // namespace onnxsem::reference

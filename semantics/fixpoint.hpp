// The execution semantics of a graph (spec/graph.md, section "Execution", clauses E1-E8).
// A state maps each tensor of the graph to a value or to nothing. An operation is executable when every
// input it maps has a value and none of its outputs has one; firing it assigns its outputs. The evaluation
// fires executable operations, one at a time in the order a scheduler chooses, until none is executable
// (the fixpoint), and then reads the graph outputs (C3).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runtime/error.hpp"
#include "runtime/work.hpp"
#include "values/ir.hpp"
#include "values/operator.hpp"
#include "values/value.hpp"

namespace onnxsem {

// Which executable operation fires next (E5): the first in node-list order, the last, or one drawn by a
// seeded pseudo-random generator. The result of an evaluation never depends on this choice (E6).
struct Scheduler {
  enum class Kind { ordered, reverse, random, depth_first };
  Kind kind = Kind::ordered;
  uint64_t seed = 0;
};
[[nodiscard]] std::optional<Scheduler::Kind> parse_schedule(const std::string& s);
[[nodiscard]] const char* schedule_name(Scheduler::Kind k);  // the name parse_schedule reads

struct EvalOptions {
  Scheduler scheduler;
  int64_t max_tensor_bytes = kDefaultTensorBytes;  // L3
  int64_t max_loop_iterations = 10'000'000;        // L4
  int64_t max_firing_work = kDefaultFiringWork;    // L5: elementary operations of one firing (0: no bound)
  int64_t max_work = kDefaultEvaluationWork;       // L5: of the whole evaluation, subgraphs included (0: none)
  bool strict_shapes = false;                      // I4
  int64_t max_firings = 0;                         // PE1: a bound on the firings of one evaluation (0: none)
  int64_t max_input_elements = 0;                  // PE1: a bound on the tensor elements one firing reads (0: none)
  bool release = true;                             // E8: drop a value once every operation reading it has fired
  int threads = 1;  // E9: the threads the kernels share their work among (same bits for any)
  // Called with every value an operation assigns, and the graph whose name it assigns (the main graph or a
  // subgraph of the model; for a function body, the body built at its call). Observes; changes nothing.
  // The sweep uses it to check type soundness (spec/types.md, TY12).
  std::function<void(const Graph& graph, const std::string& name, const Value& value)> observe = {};
  // Candidate results of nondeterministic operations (spec/conformance.md, K13): values by the name of the
  // main graph's outputs, as the suite's expected outputs or a runtime give them. An operation of the main
  // graph whose operator draws at random yields them when they are possible results (spec/ops-nn.md, NN45);
  // every other operation ignores them.
  std::map<std::string, Value> choices = {};
  // Candidate results given by picks (K14, the witness of an internal random value): for the output name of
  // an operation of the main graph whose operator draws at random, per element the index of one of the few
  // numbers that operator offers for a witness (one index: every element); the operator builds the tensor of
  // the type and shape NN45 prescribes from them and NN45 judges it as a candidate. Every other operation
  // ignores them; a value in `choices` for the same name comes first.
  std::map<std::string, std::vector<int64_t>> picks = {};

  // The limits an evaluation's context (runtime/context.hpp) gets from these options.
  [[nodiscard]] Limits limits() const noexcept { return Limits{max_tensor_bytes, max_firing_work, max_work}; }
};

// A state: tensor name -> value; a name that is absent has no value.
using State = std::map<std::string, Value, std::less<>>;

struct Outcome {
  std::vector<Value> outputs;  // graph-output order, when the evaluation succeeded
  std::optional<Error> error;  // set when it did not
  int64_t firings = 0;         // operations fired
  [[nodiscard]] bool ok() const noexcept { return !error.has_value(); }
};

// Evaluates the main graph of `model` on the given graph-input values (by name). Pure: reads its
// arguments, returns a value, writes nothing else.
[[nodiscard]] Outcome evaluate(const Model& model, const std::map<std::string, Value>& inputs, const OperatorTable& ops,
                               const EvalOptions& options);

namespace detail {
class GraphIndexes;
}
// What the fixpoint works out of the graphs of a model before it fires anything (for each graph of the
// model: the names each operation reads and writes, the operations a firing can make executable, E8's
// counts, E5's depth-first order, each operation's operator as resolve gives it for the evaluation's table
// of operators and opset imports), none of which depends on the inputs or the options. Made for a model and
// handed to several evaluations of it (a benchmark's repetitions), it is worked out by the first that needs
// it and kept for the others. For one model, alive and unchanged while it is used; so are the tables of
// operators of the evaluations that share it (kept by address).
class Prepared {
 public:
  explicit Prepared(const Model& model);
  ~Prepared();
  Prepared(const Prepared&) = delete;
  Prepared& operator=(const Prepared&) = delete;

 private:
  friend Outcome evaluate(const Model&, const std::map<std::string, Value>&, const OperatorTable&, const EvalOptions&,
                          Prepared&);
  std::unique_ptr<detail::GraphIndexes> indexes_;
};
// The same, with what was prepared for `model` (an internal error, E6, when it was prepared for another).
// The outcome is that of the evaluation without it.
[[nodiscard]] Outcome evaluate(const Model& model, const std::map<std::string, Value>& inputs, const OperatorTable& ops,
                               const EvalOptions& options, Prepared& prepared);

// The evaluation of the constant part of the main graph (spec/graph.md, PE1): the fixpoint from a state
// that holds the initializers which are not graph inputs, every graph input left without value. A firing
// that fails with an evaluation or refusal error blocks that operation and is recorded in `errors`; one
// that is unsupported, hits a limit (L3, L4, the firing bound) or fails internally blocks it and is
// recorded in `stopped`. Graph outputs need not get values (C3 does not apply).
struct PartialOutcome {
  std::vector<Error> errors;   // errors every evaluation of the model raises
  std::vector<Error> stopped;  // parts left unevaluated
  State values;                // the final state: the initializers and every value the constant part computes
  int64_t firings = 0;
};
[[nodiscard]] PartialOutcome evaluate_constant_part(const Model& model, const OperatorTable& ops,
                                                    const EvalOptions& options);

// The initial state of the main graph (E1): initializers, overridden by the fed inputs, after checking
// the fed values against the graph's inputs (I1-I4). Throws Failure.
[[nodiscard]] State initial_state(const Graph& g, const std::map<std::string, Value>& inputs, bool strict_shapes);

// C3's refusal when the graph outputs `missing` have no value at the end of an evaluation; `where` says
// which ("at the fixpoint", "on demand").
[[nodiscard]] Error outputs_without_value(const std::vector<std::string>& missing, const std::string& where);

// An error raised while firing `n`, completed with the node's name and operator where it names none (E7).
[[nodiscard]] Error with_context(Error e, const Node& n);

// Operator version resolution (O1): the highest since-version of (domain, op_type) not above the version
// the model imports for the domain. Returns the since-version, or an Error (W4 undefined operator, W6
// missing opset import, U1 not implemented).
struct Resolved {
  int64_t since_version = 0;
  const Kernel* kernel = nullptr;
  std::optional<Error> error;
};
[[nodiscard]] Resolved resolve(const OperatorTable& ops, const std::map<std::string, int64_t>& opset_imports,
                               const Node& node);
// Records in the active coverage (K17) the clauses that resolve reaches when it gives `r`: for a result
// worked out once and used at several firings.
void reach_resolution_clauses(const Resolved& r);

}  // namespace onnxsem

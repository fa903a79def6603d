// Generated graphs (spec/conformance.md, GN1-GN6): seeded random models, valid by construction, with
// onnxsem as the oracle of the cross-check. A model is grown one operation at a time from *node
// configurations* (a valid way to call one operator version: attributes, the element type and shape of
// each input, and the values of the inputs that must be constant) taken from the node tests of the ONNX
// suites; the element types of a configuration's free inputs may be redrawn from its operator's type
// constraints (the signature, TY1); an operation is kept when onnxsem evaluates it without error, and
// the finished model must pass `check`.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "values/ir.hpp"
#include "values/operator.hpp"
#include "values/value.hpp"

namespace onnxsem::conformance {

// A valid call of one operator version, taken from a suite's node test (GN1).
struct NodeConfig {
  std::string op_type;
  int64_t since_version = 0;
  int64_t ir_version = 0;  // of the test's model
  std::string source;      // the test's key
  std::vector<Attribute> attributes;
  struct Input {
    bool present = false;   // false: an absent optional input
    Value value;            // the test's value (its type and shape are the input's)
    bool constant = false;  // the value must be kept (an initializer of the generated model)
    Type declared;          // the type the test's graph declares for it (sequences, optionals)
  };
  std::vector<Input> inputs;
  std::vector<bool> outputs;       // which output positions the test requests
  std::vector<Type> output_types;  // the types the test's graph declares for them (unknown when it does not)
};

struct ConfigSet {
  int64_t opset = 0;  // the ai.onnx opset the configurations hold at
  std::vector<NodeConfig> configs;
  std::map<std::string, std::vector<size_t>> by_op;  // op type -> its configurations
  std::vector<std::string> suites;                   // where they were taken from
  size_t tests_read = 0;                             // node tests of one operation looked at
  size_t multi_read = 0;                             // tests of several operations evaluated for them
  size_t builtin_read = 0;                           // built-in calls read
};

// Whether ONNX marks the version of the ai.onnx operator `op` at `opset` deprecated (GN1).
[[nodiscard]] bool deprecated_at(const OperatorTable& ops, const std::string& op, int64_t opset);

// The built-in calls of operators that no suite test calls at the top level of a model, in ONNX's textual
// syntax (conformance/configs.cpp, GN1).
[[nodiscard]] const std::vector<std::string_view>& builtin_config_texts();

// Reads the single-operation node tests of the suites (folders as `sweep` takes them) and keeps the
// configurations of deterministic ai.onnx operators (inputs of any kind of value, graph attributes
// included) whose version at `opset` is the version the test uses, which onnxsem implements, and which
// onnxsem evaluates on the test's inputs without error; operators without such a configuration take theirs
// from the top-level operations of the suites' other tests (their inputs' values from onnxsem's evaluation
// of the test) and from the built-in calls (GN1). opset 0: the highest opset any node test imports.
// `builtin`: whether the built-in calls are read too (the command always reads them).
[[nodiscard]] ConfigSet read_configs(const std::vector<std::string>& suites, int64_t opset, const OperatorTable& ops,
                                     bool builtin = true);

struct GenerateOptions {
  uint64_t seed = 1;
  size_t min_ops = 1, max_ops = 6;  // operations per model
  std::set<std::string> ops;        // operator types to draw from (empty: every one with a configuration)
  bool targeted = false;            // inputs hold NaN, infinities, signed zeros, subnormals, extremes (GN3)
};

// One generated model and its input set (GN2).
struct GeneratedCase {
  std::string name;  // "gen-SEED-INDEX"
  Model model;
  std::vector<Value> inputs;           // in the order of the graph's inputs
  std::vector<Value> outputs;          // onnxsem's outputs, in the order of the graph's outputs
  std::vector<std::string> ops;        // the operator of each operation, in node order
  size_t attempts = 0, discarded = 0;  // operations tried, and those onnxsem refused or failed
  std::vector<std::string> refusals;   // what `check` says of the finished model (GN4: must be empty)
};

// Case `index` of the campaign with seed `options.seed`: a function of (configs, options, index) only, so
// that the same seed gives the same models on every machine and cases can be split into shards (GN5).
[[nodiscard]] GeneratedCase generate_case(const ConfigSet& configs, const GenerateOptions& options, uint64_t index,
                                          const OperatorTable& ops);

// Writes the case as a test folder of the suites' layout: DIR/NAME/model.onnx and test_data_set_0 with
// input_K.pb and output_K.pb (onnxsem's outputs), so that sweep and crosscheck read it as they read the suite.
void write_case(const GeneratedCase& c, const std::string& dir);

}  // namespace onnxsem::conformance

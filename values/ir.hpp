// The immutable intermediate representation of a model (spec/graph.md, section "Graphs"). Built once by
// the loader (loader/loader.cpp, the only code that sees protobuf); everything after it reads these
// plain value types.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "values/value.hpp"

namespace onnxsem {

struct Graph;

enum class AttrType {
  undefined = 0,
  f = 1,
  i = 2,
  s = 3,
  t = 4,
  g = 5,
  floats = 6,
  ints = 7,
  strings = 8,
  tensors = 9,
  graphs = 10,
  sparse_tensor = 11,
  sparse_tensors = 12,
  type_proto = 13,
  type_protos = 14,
};
[[nodiscard]] const char* attr_type_name(AttrType t) noexcept;

struct Attribute {
  std::string name;
  AttrType type = AttrType::undefined;
  std::string ref_attr_name;  // inside a function body: the caller's attribute this one refers to
  float f = 0;
  int64_t i = 0;
  std::string s;
  Tensor t;
  std::shared_ptr<const Graph> g;
  std::vector<float> floats;
  std::vector<int64_t> ints;
  std::vector<std::string> strings;
  std::vector<Tensor> tensors;
  std::vector<std::shared_ptr<const Graph>> graphs;
  Type tp;
  std::vector<Type> tps;
};

// An operation: an operator applied to tensors (the seed's "operation"; ONNX's NodeProto).
struct Node {
  std::string name;  // may be empty in a model; the loader names such nodes "#K" by position
  std::string op_type;
  std::string domain;                // normalised: "" for ai.onnx
  std::vector<std::string> inputs;   // "" marks an absent optional input
  std::vector<std::string> outputs;  // "" marks an output that is not requested
  std::vector<Attribute> attributes;

  [[nodiscard]] const Attribute* attr(const std::string& attr_name) const noexcept;
  [[nodiscard]] std::string where() const;  // "node 'n' (Add)"
};

struct ValueInfo {
  std::string name;
  Type type;
};

struct Graph {
  std::string name;
  std::vector<ValueInfo> inputs;
  std::vector<ValueInfo> outputs;
  std::vector<ValueInfo> value_info;
  std::vector<std::pair<std::string, Tensor>> initializers;
  std::vector<Node> nodes;
};

// The graph inputs that have no initializer, in graph-input order: the inputs a caller must feed, and the
// ones input_K.pb files number (spec/conformance.md, K4).
[[nodiscard]] std::vector<const ValueInfo*> fed_inputs(const Graph& g);

// A model-local function (FunctionProto).
struct Function {
  std::string domain;
  std::string name;
  std::string overload;
  std::vector<std::string> inputs;
  std::vector<std::string> outputs;
  std::vector<std::string> attributes;        // attribute names without default
  std::vector<Attribute> attribute_defaults;  // attributes with a default value
  std::vector<Node> nodes;
  std::map<std::string, int64_t> opset_imports;
};

struct Model {
  int64_t ir_version = 0;
  std::string producer_name;
  std::map<std::string, int64_t> opset_imports;  // domain ("" for ai.onnx) -> version
  Graph graph;
  std::vector<Function> functions;
};

// "" and "ai.onnx" name the same domain (spec O2).
[[nodiscard]] std::string normalise_domain(const std::string& d);

}  // namespace onnxsem

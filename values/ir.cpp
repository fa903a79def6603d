// The IR's small helpers (spec/graph.md, "Graphs").
#include "values/ir.hpp"

#include <set>

#include "runtime/coverage.hpp"

namespace onnxsem {

const char* attr_type_name(AttrType t) noexcept {
  switch (t) {
    case AttrType::undefined: return "undefined";
    case AttrType::f: return "float";
    case AttrType::i: return "int";
    case AttrType::s: return "string";
    case AttrType::t: return "tensor";
    case AttrType::g: return "graph";
    case AttrType::floats: return "floats";
    case AttrType::ints: return "ints";
    case AttrType::strings: return "strings";
    case AttrType::tensors: return "tensors";
    case AttrType::graphs: return "graphs";
    case AttrType::sparse_tensor: return "sparse_tensor";
    case AttrType::sparse_tensors: return "sparse_tensors";
    case AttrType::type_proto: return "type_proto";
    case AttrType::type_protos: return "type_protos";
  }
  return "unknown";
}

const Attribute* Node::attr(const std::string& attr_name) const noexcept {
  for (const auto& a : attributes)
    if (a.name == attr_name) return &a;
  return nullptr;
}

std::string Node::where() const {
  std::string op = domain.empty() ? op_type : domain + "::" + op_type;
  return "node '" + name + "' (" + op + ")";
}

std::string normalise_domain(const std::string& d) {
  // [spec:O2] the default operator domain has two spellings.
  ONNXSEM_CLAUSE(O2);
  return d == "ai.onnx" ? std::string() : d;
}

std::vector<const ValueInfo*> fed_inputs(const Graph& g) {
  std::set<std::string> init;
  for (const auto& [name, t] : g.initializers) init.insert(name);
  std::vector<const ValueInfo*> fed;
  for (const auto& vi : g.inputs)
    if (!init.count(vi.name)) fed.push_back(&vi);
  return fed;
}

}  // namespace onnxsem

// The loader: ModelProto -> the immutable IR (spec/graph.md, "Graphs"; spec/values.md, F1-F6).
// The only code, with tensor_io.cpp, that sees protobuf.
#include "loader/loader.hpp"

#include <onnx/defs/parser.h>

#include <fstream>
#include <set>
#include <sstream>

#include "loader/proto.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem {
namespace {

Graph to_graph(const onnx::GraphProto& p, DataFolder& folder, EvalContext& cx);

// Old models (IR version 1) may leave an attribute's type unset; it is then the one field that is set.
AttrType infer_attr_type(const onnx::AttributeProto& a) {
  if (a.has_f()) return AttrType::f;
  if (a.has_i()) return AttrType::i;
  if (a.has_s()) return AttrType::s;
  if (a.has_t()) return AttrType::t;
  if (a.has_g()) return AttrType::g;
  if (a.floats_size()) return AttrType::floats;
  if (a.ints_size()) return AttrType::ints;
  if (a.strings_size()) return AttrType::strings;
  if (a.tensors_size()) return AttrType::tensors;
  if (a.graphs_size()) return AttrType::graphs;
  return AttrType::undefined;
}

Attribute to_attribute(const onnx::AttributeProto& p, const std::string& where, DataFolder& folder, EvalContext& cx) {
  Attribute a;
  a.name = p.name();
  a.ref_attr_name = p.ref_attr_name();
  a.type = p.has_type() && p.type() != onnx::AttributeProto_AttributeType_UNDEFINED ? static_cast<AttrType>(p.type())
                                                                                    : infer_attr_type(p);
  a.f = p.f();
  a.i = p.i();
  a.s = p.s();
  const std::string here = where + " attribute '" + a.name + "'";
  if (p.has_t()) a.t = proto::to_tensor(cx, p.t(), here, &folder);
  if (p.has_g()) a.g = std::make_shared<const Graph>(to_graph(p.g(), folder, cx));
  a.floats.assign(p.floats().begin(), p.floats().end());
  a.ints.assign(p.ints().begin(), p.ints().end());
  for (const auto& s : p.strings()) a.strings.push_back(s);
  for (const auto& t : p.tensors()) a.tensors.push_back(proto::to_tensor(cx, t, here, &folder));
  for (const auto& g : p.graphs()) a.graphs.push_back(std::make_shared<const Graph>(to_graph(g, folder, cx)));
  if (p.has_tp()) a.tp = proto::to_type(p.tp());
  for (const auto& t : p.type_protos()) a.tps.push_back(proto::to_type(t));
  if (a.type == AttrType::sparse_tensor || a.type == AttrType::sparse_tensors)
    unsupported(here + ": sparse tensor attributes are not supported");
  return a;
}

Node to_node(const onnx::NodeProto& p, size_t position, DataFolder& folder, EvalContext& cx) {
  Node n;
  // [spec:G1] an operation without a name is named by its position in the node list: "#K".
  ONNXSEM_CLAUSE(G1);
  n.name = p.name().empty() ? "#" + std::to_string(position) : p.name();
  n.op_type = p.op_type();
  n.domain = normalise_domain(p.domain());
  n.inputs.assign(p.input().begin(), p.input().end());
  n.outputs.assign(p.output().begin(), p.output().end());
  for (const auto& a : p.attribute()) n.attributes.push_back(to_attribute(a, n.where(), folder, cx));
  return n;
}

ValueInfo to_value_info(const onnx::ValueInfoProto& p) { return ValueInfo{p.name(), proto::to_type(p.type())}; }

Graph to_graph(const onnx::GraphProto& p, DataFolder& folder, EvalContext& cx) {
  Graph g;
  g.name = p.name();
  for (const auto& vi : p.input()) g.inputs.push_back(to_value_info(vi));
  for (const auto& vi : p.output()) g.outputs.push_back(to_value_info(vi));
  for (const auto& vi : p.value_info()) g.value_info.push_back(to_value_info(vi));
  for (const auto& t : p.initializer())
    g.initializers.emplace_back(t.name(), proto::to_tensor(cx, t, t.name(), &folder));
  if (p.sparse_initializer_size()) unsupported("graph '" + g.name + "' has sparse initializers");
  size_t k = 0;
  for (const auto& n : p.node()) g.nodes.push_back(to_node(n, k++, folder, cx));
  return g;
}

Function to_function(const onnx::FunctionProto& p, DataFolder& folder, EvalContext& cx) {
  Function f;
  f.domain = normalise_domain(p.domain());
  f.name = p.name();
  f.inputs.assign(p.input().begin(), p.input().end());
  f.outputs.assign(p.output().begin(), p.output().end());
  f.attributes.assign(p.attribute().begin(), p.attribute().end());
  size_t k = 0;
  for (const auto& n : p.node()) f.nodes.push_back(to_node(n, k++, folder, cx));
  for (const auto& o : p.opset_import()) f.opset_imports[normalise_domain(o.domain())] = o.version();
  return f;
}

Model to_model(const onnx::ModelProto& p, const std::string& origin, DataFolder& folder, EvalContext& cx) {
  // [spec:W8] a model has a graph and imports at least one opset.
  ONNXSEM_CLAUSE(W8);
  if (!p.has_graph()) refused("W8", "'" + origin + "' holds no graph");
  if (p.opset_import_size() == 0 && p.ir_version() >= 3) refused("W8", "'" + origin + "' imports no opset");
  Model m;
  m.ir_version = p.ir_version();
  m.producer_name = p.producer_name();
  for (const auto& o : p.opset_import()) {
    const std::string d = normalise_domain(o.domain());
    if (m.opset_imports.count(d)) refused("W8", "'" + origin + "' imports domain '" + d + "' twice");
    m.opset_imports[d] = o.version();
  }
  // IR version 1-2 models carry no opset import: they use ai.onnx version 1.
  if (m.opset_imports.empty()) m.opset_imports[""] = 1;
  m.graph = to_graph(p.graph(), folder, cx);
  for (const auto& f : p.functions()) m.functions.push_back(to_function(f, folder, cx));
  return m;
}

}  // namespace

Model load_model_bytes(const std::string& bytes, const std::string& origin, const std::string& model_path,
                       int64_t max_tensor_bytes) {
  onnx::ModelProto p;
  // [spec:F2] bytes that do not parse as a ModelProto are a usage error, never a crash.
  ONNXSEM_CLAUSE(F2);
  if (!p.ParseFromString(bytes)) usage_error("F2", "'" + origin + "' is not a serialized ONNX model");
  EvalContext cx(Limits{.tensor_bytes = max_tensor_bytes});
  if (model_path.empty()) {
    DataFolder none;
    return to_model(p, origin, none, cx);
  }
  DataFolder folder(model_path);
  return to_model(p, origin, folder, cx);
}

Model load_model_file(const std::string& path, int64_t max_tensor_bytes) {
  const std::string bytes = proto::read_file(path);
  // A file named *.onnxtxt holds a model in ONNX's textual syntax.
  if (path.size() > 8 && path.substr(path.size() - 8) == ".onnxtxt")
    return load_model_bytes(model_text_to_bytes(bytes), "model text", path, max_tensor_bytes);
  return load_model_bytes(bytes, path, path, max_tensor_bytes);
}

namespace {
void collect_external(const onnx::TensorProto& t, std::set<std::string>& out) {
  if (t.data_location() != onnx::TensorProto_DataLocation_EXTERNAL) return;
  out.insert(proto::external_ref(t, t.name()).location);
}
void collect_external(const onnx::GraphProto& g, std::set<std::string>& out);
void collect_external(const onnx::NodeProto& n, std::set<std::string>& out) {
  for (const auto& a : n.attribute()) {
    if (a.has_t()) collect_external(a.t(), out);
    for (const auto& t : a.tensors()) collect_external(t, out);
    if (a.has_g()) collect_external(a.g(), out);
    for (const auto& g : a.graphs()) collect_external(g, out);
  }
}
void collect_external(const onnx::GraphProto& g, std::set<std::string>& out) {
  for (const auto& t : g.initializer()) collect_external(t, out);
  for (const auto& n : g.node()) collect_external(n, out);
}
}  // namespace

std::vector<std::string> external_data_files(const std::string& model_path) {
  std::ifstream in(model_path, std::ios::binary);
  onnx::ModelProto p;
  if (!in || !p.ParseFromIstream(&in)) return {};
  std::set<std::string> out;
  collect_external(p.graph(), out);
  for (const auto& f : p.functions())
    for (const auto& n : f.node()) collect_external(n, out);
  return {out.begin(), out.end()};
}

Model load_model_text(const std::string& text) { return load_model_bytes(model_text_to_bytes(text), "model text"); }

std::string model_text_to_bytes(const std::string& text) {
  onnx::ModelProto p;
  auto status = onnx::OnnxParser::Parse(p, text.c_str());
  if (!status.IsOK()) usage_error("F2", "the model text does not parse: " + status.ErrorMessage());
  return p.SerializeAsString();
}

}  // namespace onnxsem

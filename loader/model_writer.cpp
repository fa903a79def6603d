// [spec:F6] the IR -> ModelProto: the loader's inverse, for models that onnxsem makes (generated graphs, reduced
// reproducers). With loader.cpp and tensor_io.cpp the only code that sees protobuf.
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <fstream>
#include <limits>

#include "loader/loader.hpp"
#include "loader/proto.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem {
namespace {

void from_type(const Type& t, onnx::TypeProto& p) {
  auto shape = [&](onnx::TensorShapeProto* s) {
    for (const auto& d : *t.shape) {
      auto* dim = s->add_dim();
      if (d.value) dim->set_dim_value(*d.value);
      else if (!d.param.empty()) dim->set_dim_param(d.param);
    }
  };
  switch (t.kind) {
    case Type::Kind::tensor:
      p.mutable_tensor_type()->set_elem_type(static_cast<int32_t>(t.elem));
      if (t.shape) shape(p.mutable_tensor_type()->mutable_shape());
      break;
    case Type::Kind::sparse_tensor:
      p.mutable_sparse_tensor_type()->set_elem_type(static_cast<int32_t>(t.elem));
      if (t.shape) shape(p.mutable_sparse_tensor_type()->mutable_shape());
      break;
    case Type::Kind::sequence:
      if (t.inner) from_type(*t.inner, *p.mutable_sequence_type()->mutable_elem_type());
      else p.mutable_sequence_type();
      break;
    case Type::Kind::optional:
      if (t.inner) from_type(*t.inner, *p.mutable_optional_type()->mutable_elem_type());
      else p.mutable_optional_type();
      break;
    case Type::Kind::map:
      p.mutable_map_type()->set_key_type(static_cast<int32_t>(t.key));
      if (t.inner) from_type(*t.inner, *p.mutable_map_type()->mutable_value_type());
      break;
    case Type::Kind::unknown: break;
  }
}

void from_graph(const Graph& g, onnx::GraphProto& p);

void from_attribute(const Attribute& a, onnx::AttributeProto& p) {
  p.set_name(a.name);
  if (!a.ref_attr_name.empty()) p.set_ref_attr_name(a.ref_attr_name);
  p.set_type(static_cast<onnx::AttributeProto_AttributeType>(a.type));
  switch (a.type) {
    case AttrType::f: p.set_f(a.f); break;
    case AttrType::i: p.set_i(a.i); break;
    case AttrType::s: p.set_s(a.s); break;
    case AttrType::t: proto::from_tensor(a.t, *p.mutable_t()); break;
    case AttrType::g:
      if (a.g) from_graph(*a.g, *p.mutable_g());
      break;
    case AttrType::floats:
      for (float f : a.floats) p.add_floats(f);
      break;
    case AttrType::ints:
      for (int64_t i : a.ints) p.add_ints(i);
      break;
    case AttrType::strings:
      for (const auto& s : a.strings) p.add_strings(s);
      break;
    case AttrType::tensors:
      for (const auto& t : a.tensors) proto::from_tensor(t, *p.add_tensors());
      break;
    case AttrType::graphs:
      for (const auto& g : a.graphs)
        if (g) from_graph(*g, *p.add_graphs());
      break;
    case AttrType::type_proto: from_type(a.tp, *p.mutable_tp()); break;
    case AttrType::type_protos:
      for (const auto& t : a.tps) from_type(t, *p.add_type_protos());
      break;
    default: break;
  }
}

void from_node(const Node& n, onnx::NodeProto& p) {
  // Names the loader gave ("#K", by position) are not written: they are the loader's, not the model's.
  if (!n.name.empty() && n.name[0] != '#') p.set_name(n.name);
  p.set_op_type(n.op_type);
  if (!n.domain.empty()) p.set_domain(n.domain);
  for (const auto& i : n.inputs) p.add_input(i);
  for (const auto& o : n.outputs) p.add_output(o);
  for (const auto& a : n.attributes) from_attribute(a, *p.add_attribute());
}

void from_value_info(const ValueInfo& v, onnx::ValueInfoProto& p) {
  p.set_name(v.name);
  if (v.type.kind != Type::Kind::unknown) from_type(v.type, *p.mutable_type());
}

void from_graph(const Graph& g, onnx::GraphProto& p) {
  p.set_name(g.name);
  for (const auto& v : g.inputs) from_value_info(v, *p.add_input());
  for (const auto& v : g.outputs) from_value_info(v, *p.add_output());
  for (const auto& v : g.value_info) from_value_info(v, *p.add_value_info());
  for (const auto& [name, t] : g.initializers) {
    auto* tp = p.add_initializer();
    proto::from_tensor(t, *tp);
    tp->set_name(name);
  }
  for (const auto& n : g.nodes) from_node(n, *p.add_node());
}

}  // namespace

std::string model_to_bytes(const Model& m) {
  ONNXSEM_CLAUSE(F6);
  onnx::ModelProto p;
  p.set_ir_version(m.ir_version);
  if (!m.producer_name.empty()) p.set_producer_name(m.producer_name);
  for (const auto& [domain, version] : m.opset_imports) {
    auto* o = p.add_opset_import();
    o->set_domain(domain);
    o->set_version(version);
  }
  from_graph(m.graph, *p.mutable_graph());
  for (const auto& f : m.functions) {
    auto* fp = p.add_functions();
    fp->set_domain(f.domain);
    fp->set_name(f.name);
    for (const auto& i : f.inputs) fp->add_input(i);
    for (const auto& o : f.outputs) fp->add_output(o);
    for (const auto& a : f.attributes) fp->add_attribute(a);
    // ONNX 1.12's FunctionProto has neither overloads nor attribute defaults, which the loader reads as
    // empty; they are not written either.
    for (const auto& n : f.nodes) from_node(n, *fp->add_node());
    for (const auto& [domain, version] : f.opset_imports) {
      auto* o = fp->add_opset_import();
      o->set_domain(domain);
      o->set_version(version);
    }
  }
  // [spec:F6] models are written with their tensors inline; protobuf cannot hold a message of 2 GB.
  ONNXSEM_CLAUSE(F6);
  if (p.ByteSizeLong() > static_cast<size_t>(std::numeric_limits<int32_t>::max()))
    usage_error("F6", "the model would take " + std::to_string(p.ByteSizeLong()) +
                          " bytes, over protobuf's 2 GB limit; onnxsem writes models with their tensors inline");
  std::string out;
  {
    google::protobuf::io::StringOutputStream raw(&out);
    google::protobuf::io::CodedOutputStream coded(&raw);
    coded.SetSerializationDeterministic(true);
    p.SerializeToCodedStream(&coded);
  }
  return out;
}

void write_model_file(const std::string& path, const Model& m) {
  std::ofstream out(path, std::ios::binary);
  if (!out) usage_error("F1", "cannot write '" + path + "'");
  out << model_to_bytes(m);
  if (!out) usage_error("F1", "cannot write '" + path + "'");
}

}  // namespace onnxsem

// The inferred types of onnxsem (spec/types.md) against libonnx 1.12's shape inference: see
// libonnx_inference.hpp. libonnx runs in strict mode (a node-level inference error makes the model "not
// inferable") with its data propagation on, so that shapes computed from Shape, Gather, Concat, ... count.
#include "conformance/libonnx_inference.hpp"

#include <onnx/defs/schema.h>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <thread>
#include <unordered_map>

#include "loader/loader.hpp"
#include "semantics/types.hpp"

namespace onnxsem::conformance {

namespace fs = std::filesystem;

const char* agreement_name(Agreement a) noexcept {
  switch (a) {
    case Agreement::equal: return "equal";
    case Agreement::more_precise: return "onnxsem more precise";
    case Agreement::less_precise: return "onnxsem less precise";
    case Agreement::different: return "different";
  }
  return "?";
}

std::string TypeDifference::key() const { return model + '\t' + name + '\t' + onnxsem + '\t' + libonnx; }

namespace {

Type from_proto(const onnx::TypeProto& t) {
  Type out;
  auto inner = [](const onnx::TypeProto& e) { return std::make_shared<const Type>(from_proto(e)); };
  auto tensor = [&](Type::Kind kind, int32_t elem, const onnx::TensorShapeProto* shape) {
    out.kind = kind;
    out.elem = static_cast<DType>(elem);
    if (!shape) return;
    out.shape.emplace();
    for (const auto& d : shape->dim()) {
      Dim dim;
      if (d.has_dim_value()) dim.value = d.dim_value();
      else if (d.has_dim_param()) dim.param = d.dim_param();
      out.shape->push_back(dim);
    }
  };
  switch (t.value_case()) {
    case onnx::TypeProto::kTensorType:
      tensor(Type::Kind::tensor, t.tensor_type().elem_type(),
             t.tensor_type().has_shape() ? &t.tensor_type().shape() : nullptr);
      break;
    case onnx::TypeProto::kSparseTensorType:
      tensor(Type::Kind::sparse_tensor, t.sparse_tensor_type().elem_type(),
             t.sparse_tensor_type().has_shape() ? &t.sparse_tensor_type().shape() : nullptr);
      break;
    case onnx::TypeProto::kSequenceType:
      out.kind = Type::Kind::sequence;
      if (t.sequence_type().has_elem_type()) out.inner = inner(t.sequence_type().elem_type());
      break;
    case onnx::TypeProto::kOptionalType:
      out.kind = Type::Kind::optional;
      if (t.optional_type().has_elem_type()) out.inner = inner(t.optional_type().elem_type());
      break;
    case onnx::TypeProto::kMapType:
      out.kind = Type::Kind::map;
      out.key = static_cast<DType>(t.map_type().key_type());
      if (t.map_type().has_value_type()) out.inner = inner(t.map_type().value_type());
      break;
    default: break;
  }
  return out;
}

// What onnxsem's type (o) knows that libonnx's (l) does not, and the other way round, and whether they
// contradict each other.
struct Verdict {
  bool more = false, less = false, different = false;
  void known(bool ours, bool theirs) {
    if (ours && !theirs) more = true;
    if (theirs && !ours) less = true;
  }
};

void judge(const Type* o, const Type* l, Verdict& v) {
  const bool ok = o && o->kind != Type::Kind::unknown, lk = l && l->kind != Type::Kind::unknown;
  if (!ok || !lk) return v.known(ok, lk);
  if (o->kind != l->kind) {
    v.different = true;
    return;
  }
  switch (o->kind) {
    case Type::Kind::tensor:
    case Type::Kind::sparse_tensor: {
      const bool oe = o->elem != DType::undefined, le = l->elem != DType::undefined;
      if (oe && le && o->elem != l->elem) v.different = true;
      v.known(oe, le);
      if (!o->shape || !l->shape) return v.known(o->shape.has_value(), l->shape.has_value());
      if (o->shape->size() != l->shape->size()) {
        v.different = true;
        return;
      }
      for (size_t i = 0; i < o->shape->size(); ++i) {
        const Dim &a = (*o->shape)[i], &b = (*l->shape)[i];
        if (a.value && b.value && *a.value != *b.value) v.different = true;
        if (a.value || b.value) v.known(a.value.has_value(), b.value.has_value());
        else v.known(!a.param.empty(), !b.param.empty());  // two symbols: equal, whatever their names
      }
      return;
    }
    case Type::Kind::map:
      if (o->key != DType::undefined && l->key != DType::undefined && o->key != l->key) v.different = true;
      v.known(o->key != DType::undefined, l->key != DType::undefined);
      [[fallthrough]];
    case Type::Kind::sequence:
    case Type::Kind::optional: judge(o->inner.get(), l->inner.get(), v); return;
    case Type::Kind::unknown: return;
  }
}

std::string text(const Type* t) { return t && t->kind != Type::Kind::unknown ? t->describe() : "?"; }

// The outcome for one model.
struct ModelOutcome {
  enum { compared, not_inferable, not_loadable } status = compared;
  bool refused = false;
  std::string note;
  std::array<int64_t, 4> names{};
  int64_t mixed = 0;
  std::vector<TypeDifference> differences;
};

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

// Whether libonnx 1.12 knows the model's operator sets; else why not.
std::string unknown_opset(const onnx::ModelProto& m) {
  const auto& ranges = onnx::OpSchemaRegistry::DomainToVersionRange::Instance().Map();
  for (const auto& op : m.opset_import()) {
    const std::string domain = op.domain() == "ai.onnx" ? "" : op.domain();
    auto r = ranges.find(domain);
    if (r != ranges.end() && op.version() > r->second.second)
      return "imports " + (domain.empty() ? std::string("ai.onnx") : domain) + " " + std::to_string(op.version()) +
             ", above libonnx 1.12's " + std::to_string(r->second.second);
  }
  return "";
}

ModelOutcome compare_model(const std::string& path, const std::string& key, const OperatorTable& ops) {
  ModelOutcome out;
  std::ifstream in(path, std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  onnx::ModelProto proto;
  if (!proto.ParseFromString(bytes)) {
    out.status = ModelOutcome::not_inferable;
    out.note = key + ": libonnx cannot parse the model";
    return out;
  }
  if (auto why = unknown_opset(proto); !why.empty()) {
    out.status = ModelOutcome::not_inferable;
    out.note = key + ": not inferable by libonnx: " + why;
    return out;
  }
  try {
    std::unordered_map<std::string, onnx::TensorShapeProto> data;
    onnx::shape_inference::InferShapes(proto, onnx::OpSchemaRegistry::Instance(),
                                       onnx::ShapeInferenceOptions(false, 1, true), &data);
  } catch (const std::exception& e) {
    out.status = ModelOutcome::not_inferable;
    out.note = key + ": not inferable by libonnx: " + first_line(e.what());
    return out;
  }
  Typing typing;
  try {
    typing = infer_types(load_model_bytes(bytes, path, path), ops);
  } catch (const std::exception& e) {
    out.status = ModelOutcome::not_loadable;
    out.note = key + ": onnxsem does not load the model: " + first_line(e.what());
    return out;
  }
  for (const auto& f : typing.findings)
    if (f.severity == Finding::Severity::error) {
      out.refused = true;
      out.note = key + ": onnxsem's typing refuses the model: " + first_line(f.describe());
      break;
    }
  const GraphTyping* main = typing.graphs.empty() ? nullptr : &typing.graphs.front();
  std::set<std::string> seen;
  auto compare_name = [&](const onnx::ValueInfoProto& vi) {
    if (!seen.insert(vi.name()).second || !vi.has_type()) return;
    const Type theirs = from_proto(vi.type());
    if (theirs.kind == Type::Kind::unknown) return;
    const Type* ours = main ? main->find(vi.name()) : nullptr;
    bool mixed = false;
    const Agreement a = agreement(ours ? *ours : Type{}, theirs, &mixed);
    ++out.names[static_cast<size_t>(a)];
    out.mixed += mixed;
    if (a != Agreement::equal) out.differences.push_back({key, vi.name(), text(ours), text(&theirs), a});
  };
  const auto& g = proto.graph();
  for (const auto& vi : g.input()) compare_name(vi);
  for (const auto& vi : g.value_info()) compare_name(vi);
  for (const auto& vi : g.output()) compare_name(vi);
  return out;
}

// The model files under `root` with their keys.
std::vector<std::pair<std::string, std::string>> models_under(const std::string& root) {
  std::vector<std::pair<std::string, std::string>> out;
  fs::path r = fs::path(root).lexically_normal();
  if (r.has_filename() == false) r = r.parent_path();
  if (fs::is_regular_file(r)) return {{r.string(), r.parent_path().filename().string()}};
  if (!fs::is_directory(r)) return {};
  const std::string label = (r.filename() == "data" ? r.parent_path().filename() : r.filename()).string();
  for (const auto& e : fs::recursive_directory_iterator(r, fs::directory_options::follow_directory_symlink))
    if (e.is_regular_file() && e.path().filename() == "model.onnx")
      out.emplace_back(e.path().string(), label + "/" + e.path().parent_path().lexically_relative(r).string());
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
  return out;
}

// Known differences: key -> reason.
std::map<std::string, std::string> read_expected(const std::string& path) {
  std::map<std::string, std::string> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto last = line.rfind('\t');
    if (std::count(line.begin(), line.end(), '\t') == 4) out[line.substr(0, last)] = line.substr(last + 1);
    else out[line] = "";  // malformed: never matches an observed difference, so it is reported
  }
  return out;
}

}  // namespace

Agreement agreement(const Type& onnxsem, const Type& libonnx, bool* mixed) {
  Verdict v;
  judge(&onnxsem, &libonnx, v);
  if (mixed) *mixed = v.less && v.more && !v.different;
  return v.different ? Agreement::different
         : v.less    ? Agreement::less_precise
         : v.more    ? Agreement::more_precise
                     : Agreement::equal;
}

InferenceComparison compare_with_libonnx(const std::vector<std::string>& roots, const OperatorTable& ops, int jobs) {
  std::vector<std::pair<std::string, std::string>> models;
  for (const auto& r : roots)
    for (auto& m : models_under(r)) models.push_back(std::move(m));
  std::vector<ModelOutcome> outcomes(models.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t k; (k = next++) < models.size();) outcomes[k] = compare_model(models[k].first, models[k].second, ops);
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < std::max(jobs, 1); ++j) threads.emplace_back(work);
  work();
  for (auto& t : threads) t.join();

  InferenceComparison c;
  c.models = static_cast<int64_t>(models.size());
  for (auto& o : outcomes) {
    if (!o.note.empty()) c.notes.push_back(o.note);
    if (o.status == ModelOutcome::not_inferable) ++c.not_inferable;
    if (o.status == ModelOutcome::not_loadable) ++c.not_loadable;
    if (o.status != ModelOutcome::compared) continue;
    ++c.compared;
    c.refused += o.refused;
    for (size_t k = 0; k < 4; ++k) c.names[k] += o.names[k];
    c.mixed += o.mixed;
    for (auto& d : o.differences) c.differences.push_back(std::move(d));
  }
  return c;
}

std::vector<std::string> expected_problems(const InferenceComparison& c, const std::string& path) {
  const auto expected = read_expected(path);
  std::set<std::string> seen;
  std::vector<std::string> problems;
  for (const auto& d : c.differences) {
    if (d.agreement != Agreement::different) continue;
    seen.insert(d.key());
    if (!expected.count(d.key())) problems.push_back("difference not listed: " + d.key());
  }
  for (const auto& [key, reason] : expected)
    if (!seen.count(key)) problems.push_back("listed difference no longer occurs: " + key);
  return problems;
}

void write_expected(const std::string& path, const InferenceComparison& c, const std::string& previous) {
  const auto expected = read_expected(previous);
  std::ofstream out(path);
  out << "# Contradictions between onnxsem's inferred types (spec/types.md) and libonnx 1.12's shape inference on\n"
         "# the suites' models, checked by the test inference-libonnx (conformance/libonnx_inference.cpp), which\n"
         "# fails on a contradiction not listed here or a listed one that no longer occurs.\n"
         "# model\tname\tonnxsem\tlibonnx 1.12\treason\n";
  for (const auto& d : c.differences)
    if (d.agreement == Agreement::different) {
      auto it = expected.find(d.key());
      out << d.key() << '\t' << (it == expected.end() ? "?" : it->second) << '\n';
    }
}

}  // namespace onnxsem::conformance

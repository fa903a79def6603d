// The extension module onnxsem._onnxsem (docs/python.md): the command's run, check, types and compare as
// functions of Python values. The package's Python layer (onnxsem/__init__.py) gives them the shape ONNX
// Runtime's and ONNX's reference evaluator's interfaces have; this file only converts and calls.
//
// Threads: every call converts its arguments with the GIL held, then releases the GIL while onnxsem loads,
// checks or evaluates (each evaluation has its own context, runtime/context.hpp; a Session's model and its
// Prepared are shared read-only), and takes the GIL again to convert the results.
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "conformance/compare.hpp"
#include "crosscheck/localise.hpp"
#include "loader/loader.hpp"
#include "ops/registry.hpp"
#include "python/onnxsem/convert.hpp"
#include "reports/crosscheck.hpp"
#include "reports/json.hpp"
#include "reports/types.hpp"
#include "runtime/error.hpp"
#include "runtime/parallel.hpp"
#include "semantics/check.hpp"
#include "semantics/fixpoint.hpp"
#include "semantics/types.hpp"

namespace py = pybind11;

namespace onnxsem::python {
namespace {

// A refusal by the check: every finding, the first error first.
struct Refusal {
  std::vector<Finding> findings;
};

// The exception classes of the Python layer, by outcome: registered by onnxsem/__init__.py.
py::dict& error_classes() {
  static py::dict* classes = new py::dict();
  return *classes;
}

// The Python object of a finding: (severity, clause, node, operator, tensor, message, text).
py::tuple finding_tuple(const Finding& f, const Model* m) {
  std::string op;
  if (m && !f.node.empty())
    for (const Node& n : m->graph.nodes)
      if (n.name == f.node) op = n.domain.empty() ? n.op_type : n.domain + "::" + n.op_type;
  return py::make_tuple(f.severity == Finding::Severity::error ? "error" : "warning", f.clause, f.node, op, f.tensor,
                        f.message, f.describe());
}

// Raises the Python layer's exception for an onnxsem error (its outcome's class), with the error's clause and
// where it was.
[[noreturn]] void raise(const Error& e, const py::list& findings = py::list()) {
  const char* kind = kind_name(e.kind);
  py::object cls = error_classes().contains(kind) ? error_classes()[kind]
                                                  : py::object(py::module_::import("builtins").attr("RuntimeError"));
  py::object instance = cls(e.describe());
  instance.attr("clause") = e.clause;
  instance.attr("node") = e.node;
  instance.attr("operator") = e.op;
  instance.attr("tensor") = e.tensor;
  instance.attr("message") = e.message;
  instance.attr("findings") = findings;
  PyErr_SetObject(cls.ptr(), instance.ptr());
  throw py::error_already_set();
}

// A model from the bytes or the path Python gives (the Python layer serializes an onnx.ModelProto).
Model load(const py::object& source, int64_t max_tensor_bytes) {
  if (py::isinstance<py::bytes>(source)) {
    std::string bytes = source.cast<std::string>();
    py::gil_scoped_release unlocked;
    return load_model_bytes(bytes, "the model's bytes", "", max_tensor_bytes);
  }
  const std::string path = py::str(source).cast<std::string>();
  py::gil_scoped_release unlocked;
  return load_model_file(path, max_tensor_bytes);
}

std::optional<Scheduler::Kind> schedule_of(const std::optional<std::string>& name) {
  if (!name) return std::nullopt;
  auto k = parse_schedule(*name);
  if (!k) usage_error("U2", "unknown schedule '" + *name + "' (ordered, reverse, random or depth-first)");
  return k;
}

Profile profile_of(const std::string& name) {
  auto p = parse_profile(name);
  if (!p) usage_error("U2", "unknown profile '" + name + "' (onnx or sonnx)");
  return *p;
}

// (name, type, shape) of a declared value as ONNX Runtime's NodeArg gives them: the type without its shape
// ("tensor(float)"), the shape's dimensions as int, str (a symbolic one) or None (unknown), None for no shape.
py::tuple value_info(const ValueInfo& v) {
  py::object shape = py::none();
  if (v.type.kind == Type::Kind::tensor && v.type.shape) {
    py::list dims;
    for (const Dim& d : *v.type.shape)
      dims.append(d.value           ? py::object(py::int_(*d.value))
                  : d.param.empty() ? py::none()
                                    : py::object(py::str(d.param)));
    shape = std::move(dims);
  }
  return py::make_tuple(v.name, form_of(v.type).describe(), shape, dtype_name(v.type.elem));
}

// The graph inputs a caller feeds, converted with their declared types; a name the graph does not feed is a usage
// error.
std::map<std::string, Value> inputs_of(const Model& m, const py::dict& feeds, int64_t max_tensor_bytes) {
  std::map<std::string, Value> inputs;
  for (const auto& [key, obj] : feeds) {
    const std::string name = py::str(key).cast<std::string>();
    const ValueInfo* declared = nullptr;
    for (const auto& vi : m.graph.inputs)
      if (vi.name == name) declared = &vi;
    if (!declared) usage_error("U2", "'" + name + "' is not an input of the model's graph");
    inputs[name] = to_value(obj, declared->type, "input '" + name + "'", max_tensor_bytes);
  }
  return inputs;
}

// A model loaded and checked once, evaluated any number of times, from any number of threads at once.
class Session {
 public:
  Session(const py::object& source, const std::string& profile, const std::optional<std::string>& schedule,
          uint64_t seed, std::optional<int> threads, int64_t max_tensor_bytes, int64_t max_loop_iterations,
          int64_t max_work, int64_t max_firing_work, bool strict_shapes)
      : model_(std::make_shared<const Model>(load(source, max_tensor_bytes))) {
    options_.max_tensor_bytes = max_tensor_bytes;
    options_.max_loop_iterations = max_loop_iterations;
    options_.max_work = max_work;
    options_.max_firing_work = max_firing_work;
    options_.strict_shapes = strict_shapes;
    // E5: depth-first unless told, as the command; every schedule gives the same outputs (E6).
    options_.scheduler.kind = schedule_of(schedule).value_or(Scheduler::Kind::depth_first);
    options_.scheduler.seed = seed;
    if (threads && (*threads < 1 || *threads > EvalContext::kMaxThreads))
      usage_error("U2", "threads must be between 1 and 256, got " + std::to_string(*threads));
    options_.threads = threads ? *threads : available_cores();  // E9: the same bits for any count
    const Profile p = profile_of(profile);
    std::vector<Finding> findings;
    {
      py::gil_scoped_release unlocked;
      findings = check(*model_, p, ops::standard_registry());
    }
    if (refuses(findings)) throw Refusal{findings};
    for (const auto& f : findings) warnings_.push_back(f);
    prepared_ = std::make_unique<Prepared>(*model_);
  }

  [[nodiscard]] py::list inputs() const {
    py::list out;
    for (const ValueInfo* v : fed_inputs(model_->graph)) out.append(value_info(*v));
    return out;
  }
  [[nodiscard]] py::list outputs() const {
    py::list out;
    for (const ValueInfo& v : model_->graph.outputs) out.append(value_info(v));
    return out;
  }
  // The input_K.pb files of a suite's test data folder, read as `onnxsem run --inputs` reads them: file K is the
  // K-th fed input (K4), of its declared type; a file that is not there is left out.
  [[nodiscard]] py::dict read_inputs(const std::string& folder) const {
    const auto fed = fed_inputs(model_->graph);
    std::map<std::string, Value> values;
    {
      py::gil_scoped_release unlocked;
      for (size_t k = 0; k < fed.size(); ++k) {
        const std::string path = folder + "/input_" + std::to_string(k) + ".pb";
        if (FILE* f = std::fopen(path.c_str(), "rb")) {
          std::fclose(f);
          values[fed[k]->name] = read_value_file(path, fed[k]->type, options_.max_tensor_bytes);
        }
      }
    }
    py::dict out;
    for (const auto& [name, v] : values) out[py::str(name)] = from_value(v);
    return out;
  }

  [[nodiscard]] py::list warnings() const {
    py::list out;
    for (const auto& f : warnings_) out.append(finding_tuple(f, model_.get()));
    return out;
  }

  // The graph outputs named (all when `names` is None) in that order; with `intermediate`, a dict of every value
  // of the main graph instead: the initializers, the inputs and every operation's outputs.
  [[nodiscard]] py::object run(const std::optional<std::vector<std::string>>& names, const py::dict& feeds,
                               bool intermediate) {
    std::vector<size_t> positions;
    const auto& outs = model_->graph.outputs;
    if (names) {
      for (const auto& n : *names) {
        size_t k = 0;
        while (k < outs.size() && outs[k].name != n) ++k;
        if (k == outs.size()) usage_error("U2", "'" + n + "' is not an output of the model's graph");
        positions.push_back(k);
      }
    } else {
      for (size_t k = 0; k < outs.size(); ++k) positions.push_back(k);
    }
    const auto inputs = inputs_of(*model_, feeds, options_.max_tensor_bytes);
    Outcome out;
    std::map<std::string, Value> every;
    {
      py::gil_scoped_release unlocked;
      EvalOptions o = options_;
      std::mutex seen;
      if (intermediate) {
        for (const auto& [name, t] : model_->graph.initializers) every[name] = t;
        for (const auto& [name, v] : inputs) every[name] = v;
        const Graph* main = &model_->graph;
        o.observe = [&](const Graph& g, const std::string& name, const Value& v) {
          if (&g != main) return;
          std::lock_guard lock(seen);
          every[name] = v;
        };
      }
      out = evaluate(*model_, inputs, ops::standard_registry(), o, *prepared_);
    }
    if (!out.ok()) raise(*out.error);
    if (intermediate) {
      py::dict d;
      for (const auto& [name, v] : every) d[py::str(name)] = from_value(v);
      return d;
    }
    py::list results;
    for (size_t k : positions) results.append(from_value(out.outputs[k]));
    return results;
  }

 private:
  std::shared_ptr<const Model> model_;
  EvalOptions options_;
  std::vector<Finding> warnings_;
  std::unique_ptr<Prepared> prepared_;
};

// `onnxsem check`: every finding of the static check and of the constant part.
py::list check_findings(const py::object& source, const std::string& profile) {
  const Profile p = profile_of(profile);
  const Model m = load(source, kDefaultTensorBytes);
  std::vector<Finding> findings;
  {
    py::gil_scoped_release unlocked;
    findings = check_model(m, p, ops::standard_registry());
  }
  py::list out;
  for (const auto& f : findings) out.append(finding_tuple(f, &m));
  return out;
}

// `onnxsem types --json`: the report's JSON text.
std::string typing_json(const py::object& source, const std::string& name) {
  const Model m = load(source, kDefaultTensorBytes);
  py::gil_scoped_release unlocked;
  return reports::types_json(name, infer_types(m, ops::standard_registry()));
}

// XC10-XC11: the runtime's value of every operation's outputs judged node by node, as the cross-check's JSON
// writes a case's "localisation" (its text).
std::string compare_values(const py::object& source, const py::dict& feeds, const py::dict& runtime_values,
                           const std::string& mode, double rtol, double atol, int64_t max_tensor_bytes) {
  crosscheck::LocaliseMode m;
  if (mode == "isolated") m = crosscheck::LocaliseMode::isolated;
  else if (mode == "cumulative") m = crosscheck::LocaliseMode::cumulative;
  else usage_error("U2", "unknown mode '" + mode + "' (isolated or cumulative)");
  const Model model = load(source, max_tensor_bytes);
  {
    std::vector<Finding> findings;
    py::gil_scoped_release unlocked;
    findings = check(model, Profile::onnx, ops::standard_registry());
    if (refuses(findings)) throw Refusal{findings};
  }
  const auto inputs = inputs_of(model, feeds, max_tensor_bytes);
  std::map<std::string, Value> spec_values;
  {
    py::gil_scoped_release unlocked;
    spec_values = crosscheck::every_value(model, inputs, ops::standard_registry(), max_tensor_bytes);
  }
  // The runtime's values, each read as the type of onnxsem's value of the same name (a raw view's element type).
  std::map<std::string, Value> rt;
  for (const auto& [key, obj] : runtime_values) {
    const std::string name = py::str(key).cast<std::string>();
    const auto it = spec_values.find(name);
    Type declared;
    if (it != spec_values.end() && it->second.is_tensor()) declared = tensor_type_of(it->second.tensor());
    rt[name] = to_value(obj, declared, "runtime value '" + name + "'", max_tensor_bytes);
  }
  py::gil_scoped_release unlocked;
  const auto l = crosscheck::localise(model, spec_values, rt, m, ops::standard_registry(),
                                      conformance::Tolerance{rtol, atol}, max_tensor_bytes);
  return reports::localisation_json(l).dump();
}

// XC10's rewriting: the model with every output of every main-graph operation also a graph output, typed and
// shaped from onnxsem's values on `feeds`, serialized: what a runtime runs to give compare its values.
py::bytes every_output_model(const py::object& source, const py::dict& feeds, int64_t max_tensor_bytes) {
  const Model model = load(source, max_tensor_bytes);
  const auto inputs = inputs_of(model, feeds, max_tensor_bytes);
  std::string bytes;
  {
    py::gil_scoped_release unlocked;
    const auto values = crosscheck::every_value(model, inputs, ops::standard_registry(), max_tensor_bytes);
    bytes = model_to_bytes(crosscheck::with_every_value_as_output(model, values));
  }
  return py::bytes(bytes);
}

py::object read_value(const std::string& path) { return from_value(read_value_file(path, Type{})); }

}  // namespace
}  // namespace onnxsem::python

PYBIND11_MODULE(_onnxsem, m) {
  using namespace onnxsem;
  using namespace onnxsem::python;
  m.doc() = "onnxsem's extension module; use the package onnxsem (docs/python.md)";

  // Errors: an onnxsem error (Failure) as the Python layer's class for its outcome; a refusal by the check as
  // Refused with its first error's clause and every finding.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Failure& f) {
      try {
        raise(f.error());
      } catch (py::error_already_set& e) {
        e.restore();
      }
    } catch (const Refusal& r) {
      py::list findings;
      for (const auto& f : r.findings) findings.append(finding_tuple(f, nullptr));
      Error first{ErrorKind::refused,
                  Relayed{r.findings.front().clause},
                  r.findings.front().message,
                  r.findings.front().node,
                  {},
                  r.findings.front().tensor};
      for (const auto& f : r.findings)
        if (f.severity == Finding::Severity::error) {
          first = Error{ErrorKind::refused, Relayed{f.clause}, f.message, f.node, {}, f.tensor};
          break;
        }
      try {
        raise(first, findings);
      } catch (py::error_already_set& e) {
        e.restore();
      }
    }
  });

  m.def("_set_error_classes", [](py::dict classes) { error_classes() = std::move(classes); });
  m.def("_set_raw_factory", &set_raw_factory);

  py::class_<Session>(m, "Session")
      .def(py::init<const py::object&, const std::string&, const std::optional<std::string>&, uint64_t,
                    std::optional<int>, int64_t, int64_t, int64_t, int64_t, bool>(),
           py::arg("model"), py::arg("profile"), py::arg("schedule"), py::arg("seed"), py::arg("threads"),
           py::arg("max_tensor_bytes"), py::arg("max_loop_iterations"), py::arg("max_work"), py::arg("max_firing_work"),
           py::arg("strict_shapes"))
      .def("inputs", &Session::inputs)
      .def("outputs", &Session::outputs)
      .def("warnings", &Session::warnings)
      .def("read_inputs", &Session::read_inputs, py::arg("folder"))
      .def("run", &Session::run, py::arg("names"), py::arg("feeds"), py::arg("intermediate"));

  m.def("check", &check_findings, py::arg("model"), py::arg("profile"));
  m.def("types", &typing_json, py::arg("model"), py::arg("name"));
  m.def("compare", &compare_values, py::arg("model"), py::arg("feeds"), py::arg("runtime_values"), py::arg("mode"),
        py::arg("rtol"), py::arg("atol"), py::arg("max_tensor_bytes"));
  m.def("every_output_model", &every_output_model, py::arg("model"), py::arg("feeds"), py::arg("max_tensor_bytes"));
  m.def("read_value_file", &read_value, py::arg("path"));
  m.attr("default_tensor_bytes") = kDefaultTensorBytes;
  m.attr("default_loop_iterations") = EvalOptions{}.max_loop_iterations;
  m.attr("default_work") = kDefaultEvaluationWork;
  m.attr("default_firing_work") = kDefaultFiringWork;
}

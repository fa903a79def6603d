// Running one test of the ONNX backend suite (spec/conformance.md, K1-K4).
#include "conformance/suite.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>

#include <nlohmann/json.hpp>

#include "conformance/hash.hpp"
#include "loader/loader.hpp"
#include "runtime/coverage_recording.hpp"
#include "semantics/demand.hpp"
#include "semantics/fixpoint.hpp"
#include "semantics/reference.hpp"
#include "semantics/types.hpp"
#include "semantics/witness.hpp"

namespace onnxsem::conformance {
namespace fs = std::filesystem;

const char* status_name(Status s) noexcept {
  switch (s) {
    case Status::pass: return "pass";
    case Status::fail: return "fail";
    case Status::error: return "error";
    case Status::unsupported: return "unsupported";
    case Status::rejected: return "rejected";
  }
  return "error";
}

bool parse_status(const std::string& s, Status& out) noexcept {
  for (Status x : {Status::pass, Status::fail, Status::error, Status::unsupported, Status::rejected})
    if (s == status_name(x)) {
      out = x;
      return true;
    }
  return false;
}

namespace {

// FNV-1a over the serialized bits of a value, continuing from `h`.
uint64_t digest(const Value& v, uint64_t h) {
  auto mix = [&](const std::string& bytes) { h = fnv1a(bytes, h); };
  if (v.is_tensor()) mix(tensor_to_bytes(v.tensor()));
  else if (v.is_sequence())
    for (const auto& item : v.sequence().items) h = digest(item, h);
  else if (v.is_map()) {
    mix(tensor_to_bytes(v.map().keys));
    for (const auto& item : *v.map().values) h = digest(item, h);
  } else if (v.optional().item) h = digest(*v.optional().item, h);
  mix("|");
  return h;
}

std::vector<std::string> numbered_files(const fs::path& dir, const std::string& stem) {
  std::vector<std::pair<int, std::string>> found;
  const std::regex re(stem + "_([0-9]+)\\.pb");
  for (const auto& e : fs::directory_iterator(dir)) {
    std::smatch m;
    const std::string name = e.path().filename().string();
    if (std::regex_match(name, m, re)) found.emplace_back(std::stoi(m[1]), e.path().string());
  }
  std::sort(found.begin(), found.end());
  std::vector<std::string> out;
  for (auto& [k, p] : found) out.push_back(p);
  return out;
}

// A field of the flat data.json of real/ tests, {"atol": 1e-07, "rtol": 0.001, "url": "..."}: null when the
// file, or the field, is absent or not JSON.
nlohmann::json data_field(const nlohmann::json& data, const std::string& name) {
  return data.is_object() && data.contains(name) ? data.at(name) : nlohmann::json();
}

TestCase real_test(const fs::path& dir, const std::string& key) {
  TestCase t;
  t.key = key;
  t.dir = dir.string();
  std::ifstream in(dir / "data.json");
  const auto data = in ? nlohmann::json::parse(in, nullptr, false) : nlohmann::json();
  if (const auto a = data_field(data, "atol"); a.is_number()) t.tol.atol = a.get<double>();
  if (const auto r = data_field(data, "rtol"); r.is_number()) t.tol.rtol = r.get<double>();
  const auto u = data_field(data, "url");
  const std::string url = u.is_string() ? u.get<std::string>() : "";
  // [spec:K3] a real-model test names its model by URL; only a model shipped beside the suite can run.
  const std::string prefix = "onnx/backend/test/data/";
  if (url.rfind(prefix, 0) == 0) {
    const std::string rel = url.substr(prefix.size());
    for (fs::path up = dir; !up.empty() && up != up.parent_path(); up = up.parent_path()) {
      if (fs::exists(up / rel)) {
        t.model_path = (up / rel).string();
        std::string out = t.model_path.substr(0, t.model_path.size() - 5) + "_output_0.pb";
        if (fs::exists(out)) t.expected_output_path = out;
        break;
      }
    }
  }
  if (t.model_path.empty()) t.problem = "the model (" + url + ") is not shipped with the suite; it is downloaded";
  else if (t.expected_output_path.empty()) t.problem = "no expected output is shipped for " + t.model_path;
  t.generated_input = true;
  return t;
}

}  // namespace

std::vector<TestCase> discover(const std::string& root) {
  std::vector<TestCase> out;
  if (!fs::is_directory(root)) usage_error("F1", "'" + root + "' is not a folder");
  std::vector<fs::path> dirs;
  dirs.push_back(root);
  for (const auto& e : fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied))
    if (e.is_directory()) dirs.push_back(e.path());
  for (const auto& d : dirs) {
    const std::string key = fs::relative(d, root).generic_string();
    if (fs::exists(d / "model.onnx")) {
      TestCase t;
      t.key = key;
      t.dir = d.string();
      t.model_path = (d / "model.onnx").string();
      std::vector<fs::path> sets;
      for (const auto& e : fs::directory_iterator(d))
        if (e.is_directory() && e.path().filename().string().rfind("test_data_set_", 0) == 0) sets.push_back(e.path());
      std::sort(sets.begin(), sets.end());
      for (const auto& s : sets)
        t.sets.push_back(DataSet{s.string(), numbered_files(s, "input"), numbered_files(s, "output")});
      if (t.sets.empty()) t.problem = "the test folder has no test_data_set_*";
      out.push_back(std::move(t));
    } else if (fs::exists(d / "data.json")) {
      out.push_back(real_test(d, key));
    }
  }
  std::sort(out.begin(), out.end(), [](const TestCase& a, const TestCase& b) { return a.key < b.key; });
  return out;
}

namespace {

std::string one_line(std::string s) {
  std::replace(s.begin(), s.end(), '\n', ' ');
  std::replace(s.begin(), s.end(), '\t', ' ');
  if (s.size() > 400) s = s.substr(0, 400) + "...";
  return s;
}

Status status_of(const Error& e) {
  switch (e.kind) {
    case ErrorKind::unsupported: return Status::unsupported;
    case ErrorKind::refused: return Status::rejected;
    case ErrorKind::evaluation: return Status::fail;  // the suite expects a result; an evaluation error is wrong
    case ErrorKind::usage:
    case ErrorKind::internal: return Status::error;
  }
  return Status::error;
}

Result finish(Result r, Status s, std::string clause, std::string reason) {
  r.status = s;
  r.clause = std::move(clause);
  r.reason = one_line(std::move(reason));
  return r;
}

}  // namespace

// The input of generated-input tests: arange(n) / n in the shape of the first graph input (float).
Tensor generated_input(EvalContext& cx, const ValueInfo& vi) {
  if (vi.type.kind != Type::Kind::tensor || !vi.type.shape || vi.type.elem != DType::float32)
    unsupported("generated input needs a float tensor input of fixed shape");
  Shape shape;
  for (const auto& d : *vi.type.shape) {
    if (!d.value) unsupported("generated input needs fixed dimensions");
    shape.push_back(*d.value);
  }
  auto [t, out] = Tensor::allocate<float>(cx, shape);
  const auto n = static_cast<double>(out.size());
  for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<float>(static_cast<double>(i) / n);
  return t;
}

namespace {

// The ONNX 1.12 suite stores bfloat16 test data as uint16 tensors holding the bit patterns.
Value legacy_bfloat16(EvalContext& cx, Value v, const Type& declared) {
  if (declared.kind != Type::Kind::tensor || declared.elem != DType::bfloat16 || !v.is_tensor() ||
      v.tensor().dtype() != DType::uint16)
    return v;
  auto src = v.tensor().data<uint16_t>();
  auto [t, out] = Tensor::allocate<bfloat16_t>(cx, v.tensor().shape());
  for (size_t i = 0; i < out.size(); ++i) out[i].bits = src[i];
  return Value(t);
}

// One test, from loading its model to judging its results (K1-K5, K8-K10, K13, K14, TY12).
Result run_test_once(const TestCase& test, const OperatorTable& ops, const RunOptions& options) {
  // The test's own values (its data files, a generated input) are made under the default limits, as the
  // loader reads them; the evaluation has its own context, from the options.
  EvalContext cx;
  const auto start = std::chrono::steady_clock::now();
  Result r;
  r.key = test.key;
  auto done = [&](Status s, std::string clause, std::string reason) {
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return finish(r, s, std::move(clause), std::move(reason));
  };
  if (!test.problem.empty()) return done(Status::unsupported, "K3", test.problem);
  try {
    const Model model = load_model_file(test.model_path);
    std::set<std::string> op_types;
    for (const auto& n : model.graph.nodes) op_types.insert(n.domain.empty() ? n.op_type : n.domain + "::" + n.op_type);
    for (const auto& o : op_types) r.ops += (r.ops.empty() ? "" : " ") + o;
    // The operator versions the main graph resolves to (O1), for the operator index.
    std::set<std::string> versions;
    for (const auto& n : model.graph.nodes) {
      const Resolved rv = resolve(ops, model.opset_imports, n);
      if (rv.since_version > 0)
        versions.insert(
            (normalise_domain(n.domain).empty() ? n.op_type : normalise_domain(n.domain) + "::" + n.op_type) + "-" +
            std::to_string(rv.since_version));
    }
    for (const auto& v : versions) r.versions += (r.versions.empty() ? "" : " ") + v;

    // [spec:K2] a test model is checked under the profile first; a refusal is the status "rejected".
    const auto findings = check(model, options.profile, ops);
    for (const auto& f : findings)
      if (f.severity == Finding::Severity::error) return done(Status::rejected, f.clause, f.describe());

    const std::vector<const ValueInfo*> fed = fed_inputs(model.graph);

    struct Prepared {
      std::map<std::string, Value> inputs;
      std::vector<Value> expected;
    };
    std::vector<Prepared> sets;
    if (test.generated_input) {
      Prepared p;
      if (fed.empty()) unsupported("the model has no input to generate");
      p.inputs.emplace(fed[0]->name, Value(generated_input(cx, *fed[0])));
      Type declared = model.graph.outputs.empty() ? Type{} : model.graph.outputs[0].type;
      p.expected.push_back(read_value_file(test.expected_output_path, declared));
      sets.push_back(std::move(p));
    }
    // [spec:K4] input_K feeds the K-th graph input without initializer; output_K is the K-th graph output.
    for (const auto& ds : test.sets) {
      Prepared p;
      if (ds.inputs.size() > fed.size())
        return done(Status::error, "K4", "the data set has more inputs than the graph has inputs to feed");
      for (size_t k = 0; k < ds.inputs.size(); ++k)
        p.inputs.emplace(fed[k]->name, legacy_bfloat16(cx, read_value_file(ds.inputs[k], fed[k]->type), fed[k]->type));
      if (ds.outputs.size() != model.graph.outputs.size())
        return done(Status::error, "K4", "the data set's output count differs from the graph's");
      for (size_t k = 0; k < ds.outputs.size(); ++k)
        p.expected.push_back(legacy_bfloat16(cx, read_value_file(ds.outputs[k], model.graph.outputs[k].type),
                                             model.graph.outputs[k].type));
      sets.push_back(std::move(p));
    }

    // [spec:K9] with properties on, evaluation writes neither its inputs nor the model: the bits of every
    // fed value and every initializer are the same before and after all evaluations of the test.
    auto fingerprint = [&] {
      std::string f;
      std::function<void(const Value&)> add = [&](const Value& v) {
        if (v.is_tensor()) f += tensor_to_bytes(v.tensor());
        else if (v.is_sequence())
          for (const auto& item : v.sequence().items) add(item);
        else if (v.is_map()) {
          f += tensor_to_bytes(v.map().keys);
          for (const auto& item : *v.map().values) add(item);
        } else if (v.optional().item) add(*v.optional().item);
        f += '|';
      };
      for (const auto& p : sets)
        for (const auto& [name, v] : p.inputs) add(v);
      for (const auto& [name, t] : model.graph.initializers) add(Value(t));
      return f;
    };
    const std::string before = options.schedules > 0 ? fingerprint() : std::string();
    auto untouched = [&] { return options.schedules == 0 || fingerprint() == before; };

    // Type soundness (spec/types.md, TY12): every value the first evaluation of each data set assigns in a
    // graph of the model has the type that inference predicted for its name in that graph. When the fed
    // values do not have the shapes their inputs declare (I4 is not enforced), the prediction is the
    // inference of the model whose inputs declare the fed values' types, and that model is evaluated.
    const Typing typing = infer_types(model, ops);
    struct Soundness {
      std::map<const Graph*, const GraphTyping*> graphs;
      std::string violation;
    };
    auto watch = [](const Typing& t, Soundness& s) {
      s.graphs.clear();
      s.violation.clear();
      for (const auto& g : t.graphs)
        if (g.graph) s.graphs[g.graph] = &g;
      return [&s](const Graph& g, const std::string& name, const Value& v) {
        if (!s.violation.empty()) return;
        auto it = s.graphs.find(&g);
        if (it == s.graphs.end()) return;
        if (const Type* t = it->second->find(name))
          if (std::string w = type_violation(v, *t); !w.empty())
            s.violation = "'" + name + "' in " + it->second->scope + ": " + w;
      };
    };
    // The model with its graph inputs declared as the fed values' types, when some fed value departs from
    // its declaration; nullopt otherwise.
    auto as_fed = [&](const std::map<std::string, Value>& fed_values) -> std::optional<Model> {
      std::optional<Model> m;
      for (size_t k = 0; k < model.graph.inputs.size(); ++k) {
        auto it = fed_values.find(model.graph.inputs[k].name);
        if (it == fed_values.end() || !it->second.is_tensor()) continue;
        if (type_violation(it->second, model.graph.inputs[k].type).empty()) continue;
        if (!m) m = model;
        m->graph.inputs[k].type = tensor_type_of(it->second.tensor());
      }
      return m;
    };
    Soundness soundness;
    std::string witness;  // how a random value that is not a graph output was judged (K14), if it was

    EvalOptions eo;
    eo.max_tensor_bytes = options.max_tensor_bytes;
    for (size_t si = 0; si < sets.size(); ++si) {
      const auto& p = sets[si];
      eo.scheduler = Scheduler{Scheduler::Kind::ordered, 0};
      eo.threads = 1;
      // K13: the expected outputs are the candidate results of the random operators.
      eo.choices.clear();
      eo.picks.clear();
      for (size_t k = 0; k < p.expected.size() && k < model.graph.outputs.size(); ++k)
        eo.choices.emplace(model.graph.outputs[k].name, p.expected[k]);
      const std::optional<Model> fed_model = as_fed(p.inputs);
      const Typing fed_typing = fed_model ? infer_types(*fed_model, ops) : Typing{};
      eo.observe = watch(fed_model ? fed_typing : typing, soundness);
      Outcome first = evaluate(fed_model ? *fed_model : model, p.inputs, ops, eo);
      eo.observe = nullptr;
      // (K14) a random value that is not a graph output: a witness found makes its evaluation the first one,
      // and the properties below evaluate with it too.
      if (auto w = find_witness(fed_model ? *fed_model : model, p.inputs, ops, eo, first, p.expected)) {
        eo.picks[w->name] = w->picks;
        first = std::move(w->outcome);
        witness = "the expected outputs are the graph's outputs under a possible result of the random value '" +
                  w->name + "' (K14)";
      }
      // (TY12) a value that breaks the inferred type is a defect of onnxsem (status error).
      if (!soundness.violation.empty()) return done(Status::error, "TY12", "type soundness: " + soundness.violation);
      // (K13) an expected output that is not a possible result of a random operator fails the test.
      if (!first.ok() && first.error->clause == "NN45") return done(Status::fail, "NN45", first.error->describe());
      if (!first.ok()) return done(status_of(*first.error), first.error->clause, first.error->describe());
      for (size_t k = 0; k < p.expected.size(); ++k) {
        std::string d = compare(first.outputs[k], p.expected[k], test.tol);
        if (!d.empty())
          return done(Status::fail, "K1",
                      "output " + std::to_string(k) + " ('" + model.graph.outputs[k].name + "'): " + d);
      }
      // [spec:K5] the same result, bit for bit, under the reverse and the random schedules.
      std::vector<Scheduler> others;
      if (options.schedules > 0) {
        others.push_back(Scheduler{Scheduler::Kind::reverse, 0});
        others.push_back(Scheduler{Scheduler::Kind::depth_first, 0});
        for (int i = 0; i < options.schedules; ++i)
          others.push_back(Scheduler{Scheduler::Kind::random, options.seed + static_cast<uint64_t>(i)});
      }
      // [spec:K10] and on 2 and 3 threads (E9): the first evaluation ran on one thread; the evaluations of
      // the properties below take turns on 2 and 3 threads, so that every test is evaluated, and compared
      // bit for bit, on 1, 2 and 3 threads without evaluating it more often.
      int turn = 0;
      auto next_threads = [&] { return eo.threads = 2 + (turn++ % 2); };
      auto on = [](int t) { return " on " + std::to_string(t) + " threads"; };
      r.schedules_run = 1;
      for (const auto& sch : others) {
        eo.scheduler = sch;
        const int t = next_threads();
        const Outcome again = evaluate(model, p.inputs, ops, eo);
        ++r.schedules_run;
        if (!again.ok() || again.outputs.size() != first.outputs.size() ||
            !std::equal(again.outputs.begin(), again.outputs.end(), first.outputs.begin())) {
          r.order_independent = false;
          return done(Status::error, "E6",
                      "the result depends on the schedule (" + std::string(schedule_name(sch.kind)) + ", seed " +
                          std::to_string(sch.seed) + ")" + on(t) + (again.ok() ? "" : ": " + again.error->describe()));
        }
      }
      // [spec:K10] with properties on, the same evaluation run again keeping every value (E8 off), and an
      // evaluation of the model with its node list shuffled (seeded), give the same bits.
      if (options.schedules > 0) {
        eo.scheduler = Scheduler{Scheduler::Kind::ordered, 0};
        eo.release = false;
        const int t_twice = next_threads();
        const Outcome twice = evaluate(model, p.inputs, ops, eo);
        eo.release = true;
        Model shuffled = model;
        std::mt19937_64 rng(options.seed);
        std::shuffle(shuffled.graph.nodes.begin(), shuffled.graph.nodes.end(), rng);
        const int t_reordered = next_threads();
        const Outcome reordered = evaluate(shuffled, p.inputs, ops, eo);
        for (const Outcome* o : {&twice, &reordered})
          if (!o->ok() || o->outputs.size() != first.outputs.size() ||
              !std::equal(o->outputs.begin(), o->outputs.end(), first.outputs.begin())) {
            r.deterministic = false;
            return done(Status::error, "K10",
                        (o == &twice ? "a second evaluation, keeping every value (E8 off)" + on(t_twice)
                                     : "the model with its node list shuffled" + on(t_reordered)) +
                            ", gave other bits");
          }
      }
      for (const auto& v : first.outputs) r.digest = digest(v, r.digest);
      // [spec:K8] with properties on, the demand-driven formulation and the reference fixpoint
      // (semantics/reference.cpp: E1-E7 and nothing more, on one thread, every value kept, under a seeded
      // random schedule) give the engine's bits.
      if (options.schedules > 0) {
        next_threads();
        const Outcome on_demand = evaluate_demand(model, p.inputs, ops, eo);
        eo.scheduler = Scheduler{Scheduler::Kind::random, options.seed};
        const Outcome by_reference = reference::evaluate(model, p.inputs, ops, eo);
        struct Formulation {
          const Outcome* outcome;
          const char* clause;
          const char* disagreement;
        };
        for (const Formulation& f :
             {Formulation{&on_demand, "D4", "the demand-driven evaluation disagrees with the fixpoint"},
              Formulation{&by_reference, "K8", "the reference fixpoint disagrees with the engine"}}) {
          const Outcome& o = *f.outcome;
          if (!o.ok() || o.outputs.size() != first.outputs.size() ||
              !std::equal(o.outputs.begin(), o.outputs.end(), first.outputs.begin())) {
            r.formulations_agree = false;
            return done(Status::error, f.clause,
                        f.disagreement + (o.ok() ? std::string() : ": " + o.error->describe()));
          }
        }
      }
    }
    if (!untouched()) {
      r.pure = false;
      return done(Status::error, "K9", "an evaluation changed the bits of an input or an initializer");
    }
    return done(Status::pass, witness.empty() ? "" : "K14", witness);
  } catch (const Failure& f) {
    return done(status_of(f.error()), f.error().clause, f.error().describe());
  } catch (const std::exception& e) {
    return done(Status::error, "", std::string("unexpected exception: ") + e.what());
  }
}

}  // namespace

Result run_test(const TestCase& test, const OperatorTable& ops, const RunOptions& options) {
  if (!options.coverage) return run_test_once(test, ops, options);
  // [spec:K17] the clauses of the markers the test passes: loading, checking, typing and every evaluation
  // of it, the properties' evaluations included. Recording changes no result.
  coverage::Recording recording;
  Result r = run_test_once(test, ops, options);
  r.clauses = recording.clauses();
  return r;
}

bool same_outcome(const Result& a, const Result& b) {
  auto fields = [](const Result& r) {
    return std::tie(r.key, r.status, r.clause, r.reason, r.ops, r.versions, r.schedules_run, r.order_independent,
                    r.formulations_agree, r.pure, r.deterministic, r.digest, r.clauses);
  };
  return fields(a) == fields(b);
}

}  // namespace onnxsem::conformance

// The latency benchmark (conformance/bench.hpp).
#include "conformance/bench.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "conformance/suite.hpp"
#include "semantics/check.hpp"
#include "semantics/fixpoint.hpp"
#include "semantics/loader.hpp"

namespace onnxsem::conformance {
namespace fs = std::filesystem;

double BenchResult::median() const {
  if (seconds.empty()) return 0;
  std::vector<double> s = seconds;
  std::sort(s.begin(), s.end());
  const size_t h = s.size() / 2;
  return s.size() % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
}
double BenchResult::min() const { return seconds.empty() ? 0 : *std::min_element(seconds.begin(), seconds.end()); }
double BenchResult::max() const { return seconds.empty() ? 0 : *std::max_element(seconds.begin(), seconds.end()); }

BenchResult bench_model(const std::string& model_path, const OperatorTable& ops, const BenchOptions& o) {
  BenchResult r;
  r.model_path = model_path;
  r.name = fs::path(model_path).stem().string();
  try {
    const Model model = load_model_file(model_path);
    // [spec:K12] the model is checked first; a refused model is not measured.
    for (const auto& f : check(model, Profile::onnx, ops))
      if (f.severity == Finding::Severity::error) {
        r.problem = "refused: " + f.describe();
        return r;
      }
    // [spec:K12] every fed input gets the generated input of K3 (arange(n)/n in its shape).
    std::map<std::string, Value> inputs;
    std::vector<Tensor> fed;
    for (const ValueInfo* vi : fed_inputs(model.graph)) {
      fed.push_back(generated_input(*vi));
      inputs.emplace(vi->name, Value(fed.back()));
    }
    if (!o.data_dir.empty()) {
      const fs::path dir = fs::path(o.data_dir) / r.name;
      fs::create_directories(dir);
      std::ifstream in(model_path, std::ios::binary);
      std::ostringstream ss;
      ss << in.rdbuf();
      const std::string bytes = model_path.ends_with(".onnxtxt") ? model_text_to_bytes(ss.str()) : ss.str();
      std::ofstream(dir / "model.onnx", std::ios::binary) << bytes;
      for (size_t k = 0; k < fed.size(); ++k)
        write_value_file((dir / ("input_" + std::to_string(k) + ".pb")).string(), Value(fed[k]));
    }
    // [spec:K12] one untimed evaluation, then `repeat` timed ones; each time is that of `evaluate` alone
    // (the depth-first schedule, E5), not of loading or checking. The evaluations share what the fixpoint
    // works out of the model's graphs (Prepared), which the untimed one works out: the timed ones do not
    // prepare the model again, as a runtime's session prepares it once for all its runs.
    EvalOptions eo;
    eo.threads = o.threads;
    eo.scheduler.kind = Scheduler::Kind::depth_first;
    Prepared prepared(model);
    for (int i = 0; i <= o.repeat; ++i) {
      const auto start = std::chrono::steady_clock::now();
      const Outcome out = evaluate(model, inputs, ops, eo, prepared);
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (!out.ok()) {
        r.problem = std::string(kind_name(out.error->kind)) + ": " + out.error->describe();
        r.seconds.clear();
        return r;
      }
      if (i > 0) r.seconds.push_back(s);
    }
  } catch (const Failure& f) {
    r.problem = std::string(kind_name(f.error().kind)) + ": " + f.error().describe();
    r.seconds.clear();
  }
  return r;
}

}  // namespace onnxsem::conformance

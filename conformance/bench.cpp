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
#include "loader/loader.hpp"
#include "semantics/check.hpp"
#include "semantics/fixpoint.hpp"
#include "values/dispatch.hpp"

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

Tensor bench_input(EvalContext& cx, const ValueInfo& vi, const BenchOptions& o) {
  if (vi.type.kind != Type::Kind::tensor || !vi.type.shape)
    unsupported("input '" + vi.name + "' is not a tensor of known rank");
  Shape shape;
  for (const auto& d : *vi.type.shape) {
    if (d.value) shape.push_back(*d.value);
    else if (auto it = o.dims.find(d.param); !d.param.empty() && it != o.dims.end()) shape.push_back(it->second);
    else
      unsupported("input '" + vi.name + "' has the dimension '" + (d.param.empty() ? "?" : d.param) +
                  "' without a value (give it with --dim NAME=V)");
  }
  const auto bound_it = o.int_bounds.find(vi.name);
  const int64_t bound = bound_it == o.int_bounds.end() ? 1 : bound_it->second;
  return dispatch(vi.type.elem, all_types, "input '" + vi.name + "'", [&](auto tag) -> Tensor {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, bool>) {
      auto [t, out] = Tensor::allocate<bool>(cx, shape);
      for (size_t i = 0; i < out.size(); ++i) out[i] = i % 2 == 0;
      return t;
    } else if constexpr (std::is_integral_v<T>) {
      auto [t, out] = Tensor::allocate<T>(cx, shape);
      for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<T>(static_cast<int64_t>(i) % bound);
      return t;
    } else if constexpr (std::is_floating_point_v<T>) {
      auto [t, out] = Tensor::allocate<T>(cx, shape);
      const auto n = static_cast<double>(out.size());
      for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<T>(static_cast<double>(i) / n);
      return t;
    } else {
      unsupported(std::string("input '") + vi.name + "' of type " + dtype_name(vi.type.elem) +
                  ": the benchmark feeds floating-point, integer and bool inputs");
    }
  });
}

BenchResult bench_model(const std::string& model_path, const OperatorTable& ops, const BenchOptions& o) {
  EvalContext cx;  // the inputs are made under the default limits; each evaluation has its own context
  BenchResult r;
  r.model_path = model_path;
  r.name = fs::path(model_path).stem().string();
  // A model kept as DIR/model.onnx (beside its external data) is named by its folder.
  if (r.name == "model" && fs::path(model_path).has_parent_path())
    r.name = fs::absolute(model_path).parent_path().filename().string();
  try {
    const Model model = load_model_file(model_path);
    // [spec:K12] the model is checked first; a refused model is not measured.
    for (const auto& f : check(model, Profile::onnx, ops))
      if (f.severity == Finding::Severity::error) {
        r.problem = "refused: " + f.describe();
        return r;
      }
    // [spec:K12] every fed input gets its generated input (bench_input).
    std::map<std::string, Value> inputs;
    std::vector<Tensor> fed;
    for (const ValueInfo* vi : fed_inputs(model.graph)) {
      fed.push_back(bench_input(cx, *vi, o));
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
      // Its external data files (F7) go beside it, at the places their locations give (relative, without `..`).
      for (const auto& loc : external_data_files(model_path)) {
        fs::create_directories((dir / loc).parent_path());
        fs::copy_file(fs::path(model_path).parent_path() / loc, dir / loc, fs::copy_options::overwrite_existing);
      }
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

// `onnxsem crosscheck` (README.md, "Cross-checking a runtime"): the command line; the engine is crosscheck/.
#include "cli/crosscheck.hpp"

#include <filesystem>
#include <optional>

#include "cli/args.hpp"
#include "semantics/error.hpp"

namespace onnxsem::crosscheck {
namespace fs = std::filesystem;

namespace {

// The runtimes whose adapters come with onnxsem (README.md, "Cross-checking a runtime").
constexpr const char* kKnownRuntimes[] = {"onnxruntime", "onnxruntime-web", "opencv"};

std::string known_runtime_names() {
  std::string s;
  for (const char* r : kKnownRuntimes) s += (s.empty() ? "" : ", ") + std::string(r);
  return s;
}

// The adapter command of a known runtime: the Node.js adapters in the source tree, the compiled OpenCV
// adapter in the build tree (a usage error when it was not built).
std::optional<std::vector<std::string>> known_adapter(const std::string& name, const std::string& source_dir,
                                                      const std::string& build_dir) {
  if (name == "onnxruntime" || name == "onnxruntime-web")
    return std::vector<std::string>{"node", (fs::path(source_dir) / "crosscheck" / name / "adapter.js").string()};
  if (name == "opencv") {
    const fs::path exe = fs::path(build_dir) / "crosscheck" / "opencv" / "onnxsem-opencv-adapter";
    if (!fs::exists(exe))
      usage_error("U2", "the OpenCV adapter was not built (" + exe.string() +
                            "): it needs Debian's libopencv-dnn-dev and nlohmann-json3-dev (.ci/setup installs them)");
    return std::vector<std::string>{exe.string()};
  }
  return std::nullopt;
}

}  // namespace

int command(const std::vector<std::string>& argv, const OperatorTable& ops, const std::string& source_dir,
            const std::string& build_dir) {
  const cli::Args a = cli::parse_args(argv, {"runtime", "adapter", "random", "seed", "filter", "json", "markdown", "optimize",
                                             "timeout", "max-tensor-bytes", "keep", "jobs"},
                                      {"transform", "one-shot"});
  Options o;
  o.targets = a.positional;
  if (o.targets.empty()) usage_error("U2", "crosscheck takes at least one suite folder or model file");
  // [spec:XC1] the runtimes: each --runtime NAME (a known runtime, or the path of an adapter); --adapter CMD
  // gives the command of a single runtime named by --runtime.
  const auto range = a.options.equal_range("runtime");
  std::vector<std::string> wanted;
  for (auto it = range.first; it != range.second; ++it) wanted.push_back(it->second);
  if (wanted.empty()) usage_error("U2", "crosscheck needs --runtime NAME (" + known_runtime_names() + ", or an adapter command)");
  const auto cmd = a.get("adapter");
  if (cmd && wanted.size() > 1) usage_error("U2", "--adapter names the command of one runtime; give one --runtime with it");
  for (const auto& name : wanted) {
    for (const auto& rt : o.runtimes)
      if (rt.name == name) usage_error("U2", "runtime '" + name + "' is named twice");
    if (cmd) o.runtimes.push_back(Runtime{name, {*cmd}});  // an adapter command of one's own
    else if (auto known = known_adapter(name, source_dir, build_dir)) o.runtimes.push_back(Runtime{name, *known});
    else if (fs::exists(name)) o.runtimes.push_back(Runtime{name, {fs::absolute(name).string()}});
    else
      usage_error("U2", "unknown runtime '" + name + "' (" + known_runtime_names() +
                            ", or the path of an adapter; or --adapter CMD)");
  }
  if (auto v = a.get("random")) o.random_sets = static_cast<int>(cli::to_int(*v, "--random"));
  if (o.random_sets < 0) usage_error("U2", "--random takes a count of 0 or more");
  if (auto v = a.get("seed")) o.seed = static_cast<uint64_t>(cli::to_int(*v, "--seed"));
  if (auto v = a.get("filter")) o.filter = *v;
  if (auto v = a.get("json")) o.json_file = *v;
  if (auto v = a.get("markdown")) o.markdown_file = *v;
  if (auto v = a.get("keep")) o.keep_dir = *v;
  if (auto v = a.get("optimize")) o.optimize = *v;
  if (o.optimize != "all" && o.optimize != "disabled") usage_error("U2", "--optimize takes all or disabled");
  if (auto v = a.get("timeout")) o.timeout_seconds = static_cast<double>(cli::to_int(*v, "--timeout"));
  if (auto v = a.get("max-tensor-bytes")) o.max_tensor_bytes = cli::to_int(*v, "--max-tensor-bytes");
  if (auto v = a.get("jobs")) o.jobs = static_cast<int>(cli::to_int(*v, "--jobs"));
  if (o.jobs < 1) usage_error("U2", "--jobs takes a count of 1 or more");
  o.transform = a.has("transform");
  o.one_shot = a.has("one-shot");
  return run(o, ops);
}

}  // namespace onnxsem::crosscheck

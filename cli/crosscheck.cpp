// `onnxsem crosscheck` (docs/crosscheck.md): the command line; the engine is crosscheck/.
#include "cli/crosscheck.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <set>

#include <stdlib.h>

#include "cli/args.hpp"
#include "cli/generate.hpp"
#include "conformance/shard.hpp"
#include "crosscheck/localise.hpp"
#include "loader/loader.hpp"
#include "ops/registry.hpp"
#include "reports/campaign.hpp"
#include "reports/crosscheck.hpp"
#include "runtime/error.hpp"

namespace onnxsem::crosscheck {
namespace fs = std::filesystem;

namespace {

// The runtimes whose adapters come with onnxsem (docs/crosscheck.md).
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

int localise_mode(const std::string& v, const std::string& option) {
  if (v == "isolated") return static_cast<int>(LocaliseMode::isolated);
  if (v == "cumulative") return static_cast<int>(LocaliseMode::cumulative);
  usage_error("U2", option + " takes isolated or cumulative");
}

}  // namespace

int command(const std::vector<std::string>& argv, const OperatorTable& ops, const std::string& source_dir,
            const std::string& build_dir) {
  std::set<std::string> valued = {"runtime", "adapter",  "random",   "seed",        "filter",
                                  "json",    "markdown", "optimize", "timeout",     "max-tensor-bytes",
                                  "keep",    "jobs",     "generate", "reduce-runs", "localise-mode",
                                  "inputs"};
  valued.insert(cli::campaign_options.begin(), cli::campaign_options.end());
  const cli::Args a = cli::parse_args(argv, valued, {"transform", "one-shot", "reduce", "targeted", "localise"});
  Options o;
  o.targets = a.positional;
  if (o.targets.empty() && !a.has("generate"))
    usage_error("U2", "crosscheck takes at least one suite folder or model file, or --generate N");
  // [spec:XC1] the runtimes: each --runtime NAME (a known runtime, or the path of an adapter); --adapter CMD
  // gives the command of a single runtime named by --runtime.
  const auto range = a.options.equal_range("runtime");
  std::vector<std::string> wanted;
  for (auto it = range.first; it != range.second; ++it) wanted.push_back(it->second);
  if (wanted.empty())
    usage_error("U2", "crosscheck needs --runtime NAME (" + known_runtime_names() + ", or an adapter command)");
  const auto cmd = a.get("adapter");
  if (cmd && wanted.size() > 1)
    usage_error("U2", "--adapter names the command of one runtime; give one --runtime with it");
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
  if (auto v = a.get("json")) cli::require_writable(o.json_file = *v);
  if (auto v = a.get("markdown")) cli::require_writable(o.markdown_file = *v);
  if (auto v = a.get("keep")) o.keep_dir = *v;
  if (auto v = a.get("inputs")) o.inputs_dir = *v;  // compare's input set for a model file
  if (auto v = a.get("optimize")) o.optimize = *v;
  if (o.optimize != "all" && o.optimize != "disabled") usage_error("U2", "--optimize takes all or disabled");
  // [spec:XC10] localisation asks for every value with the runtime's graph optimisation off, unless
  // --optimize says otherwise.
  o.localise = a.has("localise") || a.has("localise-mode");
  if (a.get("optimize")) o.localise_optimize = o.optimize;
  if (auto v = a.get("localise-mode")) o.localise_mode = localise_mode(*v, "--localise-mode");
  if (auto v = a.get("timeout")) o.timeout_seconds = static_cast<double>(cli::to_int(*v, "--timeout"));
  if (auto v = a.get("max-tensor-bytes")) o.max_tensor_bytes = cli::to_int(*v, "--max-tensor-bytes");
  if (auto v = a.get("jobs")) o.jobs = static_cast<int>(cli::to_int(*v, "--jobs"));
  if (o.jobs < 1) usage_error("U2", "--jobs takes a count of 1 or more");
  o.transform = a.has("transform");
  o.one_shot = a.has("one-shot");
  o.reduce = a.has("reduce") || a.has("generate");
  if (auto v = a.get("reduce-runs")) o.reduce_runs = static_cast<int>(cli::to_int(*v, "--reduce-runs"));
  if (o.reduce_runs < 0) usage_error("U2", "--reduce-runs takes a count of 0 or more");
  if (!a.has("generate")) {
    // [spec:K15] a sharded cross-check runs the tests whose key's hash is K modulo N.
    if (auto v = a.get("shard")) o.shard = conformance::parse_shard(*v);
    return reports::run_crosscheck(o, ops);
  }
  // --generate N: the campaign's cases (of its shard, by index) are generated into a scratch folder, which is
  // cross-checked after the other targets; every case that does not agree is reduced (XC8).
  const conformance::Campaign campaign = cli::campaign_from(a, "generate");
  if (campaign.shard.n > 1) {
    // The shard's cases are chosen by index (GN5); the report places them among all the campaign's cases,
    // in the order the unsharded run finds them (by key), so that the shards' reports merge (K16).
    if (!o.targets.empty()) usage_error("U2", "--generate with --shard takes no other suite folder or model");
    for (int64_t i = campaign.first; i < campaign.first + campaign.count; ++i)
      o.universe.push_back("gen-" + std::to_string(campaign.options.seed) + "-" + std::to_string(i));
    std::sort(o.universe.begin(), o.universe.end());
    o.shard = campaign.shard;
  }
  char tmpl[] = "/tmp/onnxsem-generated-XXXXXX";
  if (!mkdtemp(tmpl)) usage_error("F1", "cannot create a temporary folder");
  const auto res = conformance::run_campaign(campaign, tmpl, ops::standard_registry());
  reports::print_campaign(std::cout, res);
  o.targets.push_back(tmpl);
  o.labels.resize(o.targets.size());
  o.labels.back() = "generated (seed " + std::to_string(campaign.options.seed) + ", cases " +
                    std::to_string(campaign.first) + " to " + std::to_string(campaign.first + campaign.count - 1) + ")";
  int code = 1;
  try {
    code = reports::run_crosscheck(o, ops);
  } catch (...) {
    fs::remove_all(tmpl);
    throw;
  }
  fs::remove_all(tmpl);
  return res.refused == 0 ? code : 1;
}

int compare_command(const std::vector<std::string>& argv, const OperatorTable& ops, const std::string& source_dir,
                    const std::string& build_dir) {
  // `onnxsem compare MODEL --runtime NAME [--inputs DIR] ...`: one model, one input set, localised (XC10): the
  // cross-check of that model alone with --localise, its input set read from a folder of input_K.pb files
  // (a random set, XC4, without one). The model is read where it is, with its external data (F7).
  const cli::Args a = cli::parse_args(argv,
                                      {"runtime", "adapter", "inputs", "mode", "seed", "json", "markdown", "optimize",
                                       "timeout", "max-tensor-bytes", "keep"},
                                      {"one-shot"});
  if (a.positional.size() != 1) usage_error("U2", "compare takes one MODEL");
  const fs::path model = a.positional[0];
  if (!fs::is_regular_file(model)) usage_error("F1", "'" + model.string() + "' is not a model file");
  std::vector<std::string> args = {"--localise"};
  for (const char* name :
       {"runtime", "adapter", "seed", "json", "markdown", "optimize", "timeout", "max-tensor-bytes", "keep"})
    if (auto v = a.get(name)) args.insert(args.end(), {std::string("--") + name, *v});
  if (auto v = a.get("mode")) args.insert(args.end(), {"--localise-mode", *v});
  if (a.has("one-shot")) args.push_back("--one-shot");
  if (auto v = a.get("inputs")) {
    if (!fs::is_directory(*v)) usage_error("F1", "'" + *v + "' is not a folder of input_K.pb files");
    args.insert(args.end(), {"--inputs", *v});
  }
  args.push_back(model.string());
  return command(args, ops, source_dir, build_dir);
}

}  // namespace onnxsem::crosscheck

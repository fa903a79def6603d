// The onnxsem command: run, check and sweep (docs/README.md: a page per command). Exit codes: 0 success, 1 model
// refused by a check, 2 usage error or unreadable file, 3 evaluation error, 4 unsupported, 5 internal error.
#include <malloc.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/args.hpp"
#include "cli/crosscheck.hpp"
#include "cli/generate.hpp"
#include "conformance/bench.hpp"
#include "conformance/generate.hpp"
#include "conformance/libonnx_inference.hpp"
#include "conformance/sweep.hpp"
#include "loader/loader.hpp"
#include "ops/registry.hpp"
#include "reports/book.hpp"
#include "reports/campaign.hpp"
#include "reports/crosscheck.hpp"
#include "reports/index.hpp"
#include "reports/print.hpp"
#include "reports/sweep.hpp"
#include "reports/sweep_html.hpp"
#include "reports/tables.hpp"
#include "reports/types.hpp"
#include "runtime/parallel.hpp"
#include "semantics/check.hpp"
#include "semantics/demand.hpp"
#include "semantics/fixpoint.hpp"
#include "semantics/reference.hpp"
#include "semantics/types.hpp"

#ifndef ONNXSEM_SOURCE_DIR
#define ONNXSEM_SOURCE_DIR "."
#endif
#ifndef ONNXSEM_BUILD_DIR
#define ONNXSEM_BUILD_DIR "build"
#endif

namespace {
using namespace onnxsem;
namespace fs = std::filesystem;

constexpr const char* debian_suite = "/usr/share/libonnx-testdata/data";

const char* usage_text =
    "usage:\n"
    "  onnxsem run MODEL [--inputs DIR] [--input NAME=FILE]... [--output-dir DIR]\n"
    "                    [--profile onnx|sonnx] [--schedule ordered|reverse|random|depth-first] [--seed N]\n"
    "                    [--max-tensor-bytes N] [--max-loop-iterations N] [--max-work N]\n"
    "                    [--max-firing-work N] [--strict-shapes]\n"
    "                    [--formulation fixpoint|demand|reference] [--threads T]\n"
    "  onnxsem check MODEL [--profile onnx|sonnx]\n"
    "  onnxsem types MODEL [--json]\n"
    "  onnxsem types --compare-libonnx DIR|MODEL... [--expected FILE] [--write FILE] [--list] [--jobs N]\n"
    "  onnxsem tables --into PAPER.md REPORT.json...\n"
    "  onnxsem index --into FILE [REPORT.json...]\n"
    "  onnxsem index --check FILE\n"
    "  onnxsem sweep [DIR...] [--jobs N] [--schedules K] [--seed N] [--filter REGEX]\n"
    "                [--expected FILE] [--write-expected FILE] [--json FILE] [--junit FILE]\n"
    "                [--markdown FILE] [--html FILE] [--timeout SECONDS] [--profile onnx|sonnx] [--shard K/N]\n"
    "                [--no-coverage]\n"
    "  onnxsem book DIR [--sweep REPORT.json]... [--crosscheck REPORT.json]... [--source ROOT]\n"
    "  onnxsem generate DIR [--count N] [--first I] [--seed S] [--from SUITE]... [--opset V] [--ops A,B,...]\n"
    "                   [--size MIN-MAX] [--targeted] [--shard K/N] [--no-write]\n"
    "  onnxsem merge REPORT.json... [--json FILE] [--junit FILE] [--markdown FILE] [--html FILE]\n"
    "                [--write-expected FILE]\n"
    "  onnxsem crosscheck --runtime NAME DIR|MODEL... [--random K] [--seed S] [--filter REGEX]\n"
    "                     [--json F] [--markdown F] [--optimize all|disabled] [--transform] [--timeout SECONDS]\n"
    "                     [--adapter COMMAND] [--keep DIR] [--jobs N] [--one-shot] [--reduce] [--reduce-runs N]\n"
    "                     [--shard K/N] [--generate N [--first I] [--from SUITE]... [--opset V] [--ops A,B,...]\n"
    "                     [--size MIN-MAX] [--targeted]] [--localise [--localise-mode isolated|cumulative]]\n"
    "  onnxsem compare MODEL --runtime NAME [--adapter COMMAND] [--inputs DIR] [--mode isolated|cumulative]\n"
    "                  [--json F] [--markdown F] [--optimize all|disabled] [--keep DIR] [--timeout SECONDS]\n"
    "  onnxsem bench MODEL... [--repeat N] [--data DIR] [--threads T] [--dim NAME=V]... [--int-bound NAME=B]...\n"
    "  onnxsem --help | --version\n"
    "With no DIR, sweep runs the suite of Debian's libonnx-testdata ("
    "/usr/share/libonnx-testdata/data"
    ") against conformance/expected/debian-onnx-1.12.tsv.\n";

using cli::Args;
using cli::to_int;

Args parse_args(int argc, char** argv, int first, const std::set<std::string>& valued,
                const std::set<std::string>& flags = {}) {
  return cli::parse_args(std::vector<std::string>(argv + first, argv + argc), valued, flags);
}

Profile profile_of(const Args& a) {
  auto p = a.get("profile");
  if (!p) return Profile::onnx;
  auto v = parse_profile(*p);
  if (!v) usage_error("U2", "unknown profile '" + *p + "' (onnx or sonnx)");
  return *v;
}

int cmd_check(const Args& a) {
  if (a.positional.size() != 1) usage_error("U2", "check takes one MODEL");
  const Profile profile = profile_of(a);
  const Model m = load_model_file(a.positional[0]);
  const auto findings = check_model(m, profile, ops::standard_registry());
  reports::print_findings(std::cout, findings, profile == Profile::onnx ? "onnx" : "sonnx");
  return refuses(findings) ? 1 : 0;
}

// What the static semantics concluded (spec/types.md): the inferred type of every name of every graph and
// function call, then the typing findings. Exit 1 when the model is not well-typed.
int cmd_types(const Args& a) {
  if (a.has("compare-libonnx")) {
    // The inferred types against libonnx 1.12's shape inference (conformance/libonnx_inference.hpp).
    if (a.positional.empty()) usage_error("U2", "types --compare-libonnx needs at least one DIR or MODEL");
    for (const auto& p : a.positional)
      if (!fs::exists(p)) usage_error("F1", "cannot read '" + p + "'");
    const int jobs = a.get("jobs") ? static_cast<int>(to_int(*a.get("jobs"), "--jobs")) : 1;
    const auto c = conformance::compare_with_libonnx(a.positional, ops::standard_registry(), jobs);
    const auto expected = a.get("expected");
    const auto problems = expected ? conformance::expected_problems(c, *expected) : std::vector<std::string>{};
    reports::print_libonnx_comparison(std::cout, c, a.has("list"), problems);
    if (auto w = a.get("write")) conformance::write_expected(*w, c, expected ? *expected : std::string());
    return problems.empty() ? 0 : 1;
  }
  if (a.positional.size() != 1) usage_error("U2", "types takes one MODEL");
  const Model m = load_model_file(a.positional[0]);
  const Typing t = infer_types(m, ops::standard_registry());
  if (a.has("json")) {
    std::cout << reports::types_json(a.positional[0], t);
    return refuses(t.findings) ? 1 : 0;
  }
  reports::print_types(std::cout, t);
  return refuses(t.findings) ? 1 : 0;
}

// --threads T: a count from 1 to 256 (E9).
int threads_option(const std::string& text) {
  const int64_t t = to_int(text, "--threads");
  if (t < 1 || t > 256) usage_error("U2", "--threads must be between 1 and 256, got " + text);
  return static_cast<int>(t);
}

// The latency benchmark (K12): one line per model, "NAME median_ms min_ms max_ms runs", or
// "NAME not measured: REASON". Exit 0 when every model was measured, 3 otherwise.
int cmd_bench(const Args& a) {
  if (a.positional.empty()) usage_error("U2", "bench needs at least one MODEL");
  conformance::BenchOptions o;
  if (auto r = a.get("repeat")) o.repeat = static_cast<int>(to_int(*r, "--repeat"));
  if (o.repeat < 1) usage_error("U2", "--repeat must be at least 1");
  if (auto d = a.get("data")) o.data_dir = *d;
  if (auto t = a.get("threads")) o.threads = threads_option(*t);
  // NAME=V options, repeatable: symbolic dimensions and integer inputs' bounds (spec/conformance.md, K12).
  auto named = [&](const char* option, std::map<std::string, int64_t>& into, int64_t least) {
    for (auto [it, end] = a.options.equal_range(option); it != end; ++it) {
      const auto eq = it->second.find('=');
      if (eq == std::string::npos || eq == 0) usage_error("U2", std::string("--") + option + " takes NAME=V");
      const int64_t v = to_int(it->second.substr(eq + 1), std::string("--") + option);
      if (v < least)
        usage_error("U2", std::string("--") + option + " " + it->second + ": at least " + std::to_string(least));
      into[it->second.substr(0, eq)] = v;
    }
  };
  named("dim", o.dims, 0);
  named("int-bound", o.int_bounds, 1);
  int missing = 0;
  reports::print_bench_header(std::cout);
  for (const auto& m : a.positional) {
    const auto r = conformance::bench_model(m, ops::standard_registry(), o);
    reports::print_bench(std::cout, r);
    if (!r.problem.empty()) ++missing;
  }
  return missing == 0 ? 0 : 3;
}

int cmd_run(const Args& a) {
  if (a.positional.size() != 1) usage_error("U2", "run takes one MODEL");
  const Profile profile = profile_of(a);
  EvalOptions eo;
  if (auto s = a.get("max-tensor-bytes")) eo.max_tensor_bytes = to_int(*s, "--max-tensor-bytes");
  // L3 holds for the model's own tensors too, external data included (F8): none is allocated over the limit.
  const Model m = load_model_file(a.positional[0], eo.max_tensor_bytes);
  const auto findings = check(m, profile, ops::standard_registry());
  reports::print_findings(std::cerr, findings);
  if (refuses(findings)) return 1;

  const std::vector<const ValueInfo*> fed = fed_inputs(m.graph);
  std::map<std::string, Value> inputs;
  if (auto dir = a.get("inputs")) {
    for (size_t k = 0; k < fed.size(); ++k) {
      fs::path p = fs::path(*dir) / ("input_" + std::to_string(k) + ".pb");
      if (fs::exists(p)) inputs[fed[k]->name] = read_value_file(p.string(), fed[k]->type, eo.max_tensor_bytes);
    }
  }
  for (auto [it, end] = a.options.equal_range("input"); it != end; ++it) {
    const auto eq = it->second.find('=');
    if (eq == std::string::npos) usage_error("U2", "--input takes NAME=FILE");
    const std::string name = it->second.substr(0, eq);
    Type declared;
    for (const auto& vi : m.graph.inputs)
      if (vi.name == name) declared = vi.type;
    inputs[name] = read_value_file(it->second.substr(eq + 1), declared, eo.max_tensor_bytes);
  }
  // E5: depth-first unless told (each value made close to the operations that read it, and let go soon
  // after: the least memory); every schedule gives the same outputs (E6).
  eo.scheduler.kind = Scheduler::Kind::depth_first;
  if (auto s = a.get("schedule")) {
    auto k = parse_schedule(*s);
    if (!k) usage_error("U2", "unknown schedule '" + *s + "' (ordered, reverse, random or depth-first)");
    eo.scheduler.kind = *k;
  }
  if (auto s = a.get("seed")) eo.scheduler.seed = static_cast<uint64_t>(to_int(*s, "--seed"));
  if (auto s = a.get("max-loop-iterations")) eo.max_loop_iterations = to_int(*s, "--max-loop-iterations");
  if (auto s = a.get("max-work")) eo.max_work = to_int(*s, "--max-work");
  if (auto s = a.get("max-firing-work")) eo.max_firing_work = to_int(*s, "--max-firing-work");
  eo.strict_shapes = a.has("strict-shapes");
  // E9: the same bits on any number of threads; all cores unless told.
  eo.threads = a.get("threads") ? threads_option(*a.get("threads")) : available_cores();
  const std::string formulation = a.get("formulation").value_or("fixpoint");
  if (formulation != "fixpoint" && formulation != "demand" && formulation != "reference")
    usage_error("U2", "unknown formulation '" + formulation + "' (fixpoint, demand or reference)");
  const Outcome out = formulation == "demand"      ? evaluate_demand(m, inputs, ops::standard_registry(), eo)
                      : formulation == "reference" ? reference::evaluate(m, inputs, ops::standard_registry(), eo)
                                                   : evaluate(m, inputs, ops::standard_registry(), eo);
  if (!out.ok()) {
    std::cerr << "onnxsem: " << kind_name(out.error->kind) << ": " << out.error->describe() << "\n";
    return exit_code(out.error->kind);
  }
  reports::print_outputs(std::cout, m.graph, out.outputs);
  if (const auto outdir = a.get("output-dir")) {
    fs::create_directories(*outdir);
    for (size_t k = 0; k < out.outputs.size(); ++k)
      write_value_file((fs::path(*outdir) / ("output_" + std::to_string(k) + ".pb")).string(), out.outputs[k]);
  }
  return 0;
}

// Writes the reports a sweep's or a merge's options name, prints the summary; returns the exit code.
int write_sweep_reports(const Args& a, const conformance::SweepReport& rep) {
  reports::SweepFiles files;
  files.json = a.get("json").value_or("");
  files.junit = a.get("junit").value_or("");
  files.markdown = a.get("markdown").value_or("");
  files.expected = a.get("write-expected").value_or("");
  reports::write_sweep_reports(files, rep);
  if (auto v = a.get("html")) reports::write_sweep_html(*v, rep);
  reports::print_sweep_summary(std::cout, rep);
  return conformance::exit_code(rep);
}

int cmd_sweep(const Args& a) {
  conformance::SweepOptions o;
  o.roots = a.positional;
  if (o.roots.empty()) {
    o.roots.push_back(debian_suite);
    o.expected_file = std::string(ONNXSEM_SOURCE_DIR) + "/conformance/expected/debian-onnx-1.12.tsv";
  }
  if (auto v = a.get("expected")) o.expected_file = *v;
  if (auto v = a.get("jobs")) o.jobs = static_cast<int>(to_int(*v, "--jobs"));
  else o.jobs = static_cast<int>(std::max(1L, sysconf(_SC_NPROCESSORS_ONLN)));
  if (auto v = a.get("schedules")) o.run.schedules = static_cast<int>(to_int(*v, "--schedules"));
  if (auto v = a.get("seed")) o.run.seed = static_cast<uint64_t>(to_int(*v, "--seed"));
  if (auto v = a.get("timeout")) o.timeout_seconds = static_cast<double>(to_int(*v, "--timeout"));
  if (auto v = a.get("max-tensor-bytes")) o.run.max_tensor_bytes = to_int(*v, "--max-tensor-bytes");
  if (auto v = a.get("filter")) o.filter = *v;
  if (auto v = a.get("shard")) o.shard = conformance::parse_shard(*v);
  o.run.profile = profile_of(a);
  o.run.coverage = !a.has("no-coverage");
  o.progress = isatty(STDERR_FILENO);
  for (const auto& r : o.roots)
    if (!fs::is_directory(r)) usage_error("F1", "'" + r + "' is not a folder");
  for (const char* k : {"json", "junit", "markdown", "html", "write-expected"})
    if (auto v = a.get(k)) cli::require_writable(*v);

  const auto rep = conformance::sweep(o, ops::standard_registry());
  return write_sweep_reports(a, rep);
}

// Generates random models from the suites' node configurations (GN1-GN5) into a folder of test folders.
int cmd_generate(const Args& a) {
  if (a.positional.size() != 1) usage_error("U2", "generate takes one output folder");
  const auto res = conformance::run_campaign(cli::campaign_from(a, "count"), a.positional[0], ops::standard_registry());
  reports::print_campaign(std::cout, res);
  return res.refused == 0 ? 0 : 1;
}

// Merges the JSON reports of a sharded sweep (K16) into the reports the unsharded sweep writes.
int cmd_merge(const Args& a) {
  if (a.positional.empty()) usage_error("U2", "merge needs at least one REPORT.json");
  if (reports::is_crosscheck_report(a.positional[0])) {
    if (a.has("junit") || a.has("write-expected") || a.has("html"))
      usage_error("U2", "a cross-check's reports are JSON and Markdown");
    std::vector<crosscheck::Results> parts;
    for (const auto& p : a.positional) parts.push_back(reports::read_crosscheck_report(p));
    reports::merge_crosscheck_reports(parts, a.get("json").value_or(""), a.get("markdown").value_or(""));
    return 0;
  }
  for (const char* k : {"json", "junit", "markdown", "html", "write-expected"})
    if (auto v = a.get(k)) cli::require_writable(*v);
  std::vector<conformance::SweepReport> parts;
  for (const auto& p : a.positional) parts.push_back(reports::read_sweep_report(p));
  return write_sweep_reports(a, conformance::merge_reports(parts));
}

}  // namespace

int main(int argc, char** argv) {
  // Large working buffers are allocated and freed for every operation; keeping them in the heap (rather
  // than mapping fresh, zero-filled pages from the kernel each time) saves much of that cost.
  mallopt(M_MMAP_THRESHOLD, 512 << 20);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  try {
    if (argc < 2) {
      std::cerr << usage_text;
      return 2;
    }
    const std::string cmd = argv[1];
    if (cmd == "--help" || cmd == "-h" || cmd == "help") {
      std::cout << usage_text;
      return 0;
    }
    if (cmd == "--version") {
      std::cout << "onnxsem 0.1.0\n";
      return 0;
    }
    if (cmd == "check") return cmd_check(parse_args(argc, argv, 2, {"profile"}));
    if (cmd == "types")
      return cmd_types(parse_args(argc, argv, 2, {"expected", "write", "jobs"}, {"json", "compare-libonnx", "list"}));
    if (cmd == "run")
      return cmd_run(parse_args(argc, argv, 2,
                                {"inputs", "input", "output-dir", "profile", "schedule", "seed", "max-tensor-bytes",
                                 "max-loop-iterations", "max-work", "max-firing-work", "formulation", "threads"},
                                {"strict-shapes"}));
    if (cmd == "sweep")
      return cmd_sweep(parse_args(argc, argv, 2,
                                  {"jobs", "schedules", "seed", "filter", "expected", "write-expected", "json", "junit",
                                   "markdown", "html", "timeout", "profile", "max-tensor-bytes", "shard"},
                                  {"no-coverage"}));
    if (cmd == "generate") {
      std::set<std::string> valued(cli::campaign_options.begin(), cli::campaign_options.end());
      valued.insert({"count", "seed"});
      return cmd_generate(parse_args(argc, argv, 2, valued, {"targeted", "no-write"}));
    }
    if (cmd == "merge")
      return cmd_merge(parse_args(argc, argv, 2, {"json", "junit", "markdown", "html", "write-expected"}));
    if (cmd == "book") {
      const Args a = parse_args(argc, argv, 2, {"sweep", "crosscheck", "source"});
      if (a.positional.size() != 1) usage_error("U2", "book takes one output folder DIR");
      reports::BookOptions o;
      o.dir = a.positional[0];
      o.source_root = a.get("source").value_or(ONNXSEM_SOURCE_DIR);
      for (auto [it, end] = a.options.equal_range("sweep"); it != end; ++it) o.sweeps.push_back(it->second);
      for (auto [it, end] = a.options.equal_range("crosscheck"); it != end; ++it) o.crosschecks.push_back(it->second);
      return reports::book(ops::standard_registry(), o, std::cout);
    }
    if (cmd == "bench") return cmd_bench(parse_args(argc, argv, 2, {"repeat", "data", "threads", "dim", "int-bound"}));
    if (cmd == "index") {
      const Args a = parse_args(argc, argv, 2, {"into", "check"});
      if (const auto check = a.get("check")) {
        if (a.get("into") || !a.positional.empty()) usage_error("U2", "index --check FILE takes nothing else");
        return reports::check_index(ops::standard_registry(), *check, std::cout);
      }
      const auto into = a.get("into");
      if (!into) usage_error("U2", "index needs --into FILE (or --check FILE)");
      return reports::index(ops::standard_registry(), *into, a.positional);
    }
    if (cmd == "tables") {
      const Args a = parse_args(argc, argv, 2, {"into"});
      const auto into = a.get("into");
      if (!into) usage_error("U2", "tables needs --into FILE");
      return reports::tables(*into, a.positional);
    }
    if (cmd == "compare")
      return crosscheck::compare_command(std::vector<std::string>(argv + 2, argv + argc), ops::standard_registry(),
                                         ONNXSEM_SOURCE_DIR, ONNXSEM_BUILD_DIR);
    if (cmd == "crosscheck")
      return crosscheck::command(std::vector<std::string>(argv + 2, argv + argc), ops::standard_registry(),
                                 ONNXSEM_SOURCE_DIR, ONNXSEM_BUILD_DIR);
    usage_error("U2", "unknown command '" + cmd + "'");
  } catch (const Failure& f) {
    std::cerr << "onnxsem: " << kind_name(f.error().kind) << ": " << f.error().describe() << "\n";
    if (f.error().kind == ErrorKind::usage && f.error().clause == "U2") std::cerr << usage_text;
    return exit_code(f.error().kind);
  } catch (const std::exception& e) {
    std::cerr << "onnxsem: internal error: " << e.what() << "\n";
    return 5;
  }
}

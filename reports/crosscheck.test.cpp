// Whole cross-check runs against small shell adapters (spec/conformance.md, XC5-XC9, K13-K16; no runtime
// needed), checked through the reports they write: crosscheck/ runs and computes, reports/ writes the JSON and
// Markdown these tests read. The reports of a localised case (XC11) are checked on results made by hand.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

#include "crosscheck/engine.hpp"
#include "loader/loader.hpp"
#include "ops/registry.hpp"
#include "reports/crosscheck.hpp"
#include "runtime/error.hpp"
#include "values/testing.hpp"

namespace fs = std::filesystem;
using namespace onnxsem;
using namespace onnxsem::crosscheck;
using onnxsem::reports::is_crosscheck_report;
using onnxsem::reports::merge_crosscheck_reports;
using onnxsem::reports::read_crosscheck_report;

namespace {

// The command's run: the cases and reports the options name.
int run(const Options& o, const OperatorTable& ops) { return reports::run_crosscheck(o, ops); }

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("[XC5] a run with a shell adapter, its optimized model and the transform comparison") {
  const fs::path dir = fs::temp_directory_path() / ("onnxsem-xc-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  {
    std::ofstream(dir / "neg.onnxtxt") << R"(<ir_version: 8, opset_import: ["" : 1]>
g (float[3] x) => (float[3] y) { y = Neg(x) })";
    // An adapter that answers with its input (so Neg differs, except at zeros) and saves the model as optimized.
    std::ofstream(dir / "echo.sh")
        << "#!/bin/sh\nm=$1; i=$2; o=$3; shift 3\n"
           "while [ $# -gt 0 ]; do [ \"$1\" = --save-optimized ] && cp \"$m\" \"$2\"; shift; done\n"
           "cp \"$i/input_0.pb\" \"$o/output_0.pb\"\n";
    std::ofstream(dir / "refuse.sh") << "#!/bin/sh\necho 'unsupported by the runtime: Neg' >&2\nexit 3\n";
  }
  fs::permissions(dir / "echo.sh", fs::perms::owner_all);
  fs::permissions(dir / "refuse.sh", fs::perms::owner_all);
  testing::ToyTable ops;
  Options o;
  o.targets = {(dir / "neg.onnxtxt").string()};
  o.runtimes = {{"echo", {(dir / "echo.sh").string()}}};
  o.random_sets = 2;
  o.transform = true;
  o.json_file = (dir / "r.json").string();
  CHECK(run(o, ops) == 0);
  const std::string j = slurp(dir / "r.json");
  CHECK(j.find("\"differ\": 2") != std::string::npos);
  CHECK(j.find("\"transform\": \"agree\"") != std::string::npos);  // the "optimized" model is the same graph

  // A runtime that cannot run the model saves no optimized model either: both outcomes are its matter.
  o.runtimes = {{"refuse", {(dir / "refuse.sh").string()}}};
  o.random_sets = 1;
  CHECK(run(o, ops) == 0);
  const std::string k = slurp(dir / "r.json");
  CHECK(k.find("\"runtime-unsupported\": 1") != std::string::npos);
  CHECK(k.find("\"transform\": \"runtime-unsupported\"") != std::string::npos);
  fs::remove_all(dir);
}

namespace {

// A fake adapter with both calls (XC1 and XC6), whose behaviour is named by the model file: "crash" kills
// itself with SIGSEGV, "hang" sleeps past the time limit, "boom" writes to standard error and exits 1,
// "refuse" cannot run the model; any other model gets its input back as output. Each server start is
// logged in `log`.
void write_fake_adapter(const fs::path& file, const fs::path& log) {
  std::ofstream(file)
      << "#!/bin/bash\n"
         "behave() {  # MODEL: ends the process, or returns 3 (refuse) or 0\n"
         "  case \"$1\" in\n"
         "    *crash*) kill -SEGV $$ ;;\n"
         "    *hang*) sleep 30 ;;\n"
         "    *boom*) echo 'boom' >&2; exit 1 ;;\n"
         "    *refuse*) return 3 ;;\n"
         "  esac\n"
         "  return 0\n"
         "}\n"
         "if [ \"$1\" = --serve ]; then\n"
         "  echo started >>'" +
             log.string() +
             "'\n"
             "  echo 'ready fake adapter'\n"
             "  while IFS= read -r line; do\n"
             "    field() { printf '%s' \"$line\" | sed -n \"s/.*\\\"$1\\\": *\\\"\\([^\\\"]*\\)\\\".*/\\1/p\"; }\n"
             "    m=$(field model); i=$(field input_dir); o=$(field output_dir)\n"
             "    echo 'a line the runtime printed'\n"
             "    if behave \"$m\"; then cp \"$i/input_0.pb\" \"$o/output_0.pb\"; echo 0;\n"
             "    else echo '3 unsupported by the runtime: Refused'; fi\n"
             "  done\n"
             "  exit 0\n"
             "fi\n"
             "if behave \"$1\"; then cp \"$2/input_0.pb\" \"$3/output_0.pb\"; exit 0; fi\n"
             "echo 'unsupported by the runtime: Refused' >&2\n"
             "exit 3\n";
  fs::permissions(file, fs::perms::owner_all);
}

int count_lines(const fs::path& p) {
  std::ifstream in(p);
  int n = 0;
  std::string line;
  while (std::getline(in, line)) ++n;
  return n;
}

// The outcome of every case of a JSON report, one line each: test, set, outcome and detail.
std::string outcomes(const std::string& json) {
  std::string out;
  std::istringstream in(json);
  std::string line;
  while (std::getline(in, line))
    if (line.find("\"test\": ") != std::string::npos)
      out += line.substr(0, line.find(", \"ops\"")) + line.substr(line.find(", \"outcome\"")) + "\n";
  return out;
}

}  // namespace

TEST_CASE("[XC6] serve mode: answers, a crash, a time-out and an early exit restart the server; outcomes as one-shot") {
  const fs::path dir = fs::temp_directory_path() / ("onnxsem-xc6-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "models");
  const std::string identity = R"(<ir_version: 8, opset_import: ["" : 1]>
g (float[3] x) => (float[3] y) { y = Identity(x) })";
  for (const char* name : {"a_echo", "b_crash", "c_echo", "d_hang", "e_boom", "f_refuse", "g_echo"})
    std::ofstream(dir / "models" / (std::string(name) + ".onnx"), std::ios::binary) << model_text_to_bytes(identity);
  write_fake_adapter(dir / "fake.sh", dir / "starts.log");
  testing::ToyTable ops;
  Options o;
  o.targets = {(dir / "models").string()};
  o.runtimes = {{"fake", {(dir / "fake.sh").string()}}};
  o.timeout_seconds = 1.5;
  o.json_file = (dir / "serve.json").string();
  CHECK(run(o, ops) == 0);
  const std::string serve = outcomes(slurp(dir / "serve.json"));
  INFO(serve);
  // The probe's server runs the first cases; the crash, the time-out and the exit each need a new one.
  CHECK(count_lines(dir / "starts.log") == 4);
  CHECK(serve.find("\"test\": \"a_echo.onnx\", \"set\": \"random_0\", \"outcome\": \"agree\"") != std::string::npos);
  CHECK(
      serve.find(
          "\"test\": \"b_crash.onnx\", \"set\": \"random_0\", \"outcome\": \"runtime-error\", \"detail\": \"the adapter was killed by signal 11") !=
      std::string::npos);
  CHECK(serve.find("\"test\": \"c_echo.onnx\", \"set\": \"random_0\", \"outcome\": \"agree\"") != std::string::npos);
  CHECK(
      serve.find(
          "\"test\": \"d_hang.onnx\", \"set\": \"random_0\", \"outcome\": \"runtime-error\", \"detail\": \"the adapter ran out of time\"") !=
      std::string::npos);
  CHECK(
      serve.find(
          "\"test\": \"e_boom.onnx\", \"set\": \"random_0\", \"outcome\": \"runtime-error\", \"detail\": \"exit 1: boom\"") !=
      std::string::npos);
  CHECK(
      serve.find(
          "\"test\": \"f_refuse.onnx\", \"set\": \"random_0\", \"outcome\": \"runtime-unsupported\", \"detail\": \"unsupported by the runtime: Refused\"") !=
      std::string::npos);
  CHECK(serve.find("\"test\": \"g_echo.onnx\", \"set\": \"random_0\", \"outcome\": \"agree\"") != std::string::npos);

  // The same adapter one process per case: the same outcomes and reasons, and no server started.
  fs::remove(dir / "starts.log");
  o.one_shot = true;
  o.json_file = (dir / "oneshot.json").string();
  CHECK(run(o, ops) == 0);
  CHECK(outcomes(slurp(dir / "oneshot.json")) == serve);
  CHECK_FALSE(fs::exists(dir / "starts.log"));

  // Two workers, each with its own server: the same report, cases in the order of the tests.
  o.one_shot = false;
  o.jobs = 2;
  o.json_file = (dir / "jobs.json").string();
  CHECK(run(o, ops) == 0);
  CHECK(slurp(dir / "jobs.json") == slurp(dir / "serve.json"));
  fs::remove_all(dir);
}

TEST_CASE("[XC6] an adapter without serve mode is called once per case; a crashed worker fails the command") {
  const fs::path dir = fs::temp_directory_path() / ("onnxsem-xc6b-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "models");
  std::ofstream(dir / "models" / "a.onnxtxt") << R"(<ir_version: 8, opset_import: ["" : 1]>
g (float[3] x) => (float[3] y) { y = Identity(x) })";
  std::ofstream(dir / "models" / "b_abort.onnxtxt") << R"(<ir_version: 8, opset_import: ["" : 1]>
g (float[3] x) => (float[3] y) { y = Abort(x) })";
  std::ofstream(dir / "models" / "c.onnxtxt") << R"(<ir_version: 8, opset_import: ["" : 1]>
g (float[3] x) => (float[3] y) { y = Identity(x) })";
  // A one-shot adapter that answers with its input; called with --serve it fails as with any bad call.
  std::ofstream(dir / "echo.sh") << "#!/bin/sh\n[ $# -ge 3 ] || { echo usage >&2; exit 2; }\n"
                                    "echo call >>'" +
                                        (dir / "calls.log").string() +
                                        "'\n"
                                        "cp \"$2/input_0.pb\" \"$3/output_0.pb\"\n";
  fs::permissions(dir / "echo.sh", fs::perms::owner_all);
  testing::ToyTable ops;
  Options o;
  o.targets = {(dir / "models" / "a.onnxtxt").string(), (dir / "models" / "c.onnxtxt").string()};
  o.runtimes = {{"echo", {(dir / "echo.sh").string()}}};
  o.random_sets = 2;
  o.json_file = (dir / "r.json").string();
  CHECK(run(o, ops) == 0);
  CHECK(count_lines(dir / "calls.log") == 4);  // two models, two sets each
  CHECK(slurp(dir / "r.json").find("\"agree\": 4") != std::string::npos);

  // onnxsem aborting on a model kills the worker running it: the other tests still run, the command fails.
  o.targets = {(dir / "models").string()};
  o.random_sets = 1;
  o.jobs = 2;
  CHECK(run(o, ops) == 1);
  const std::string j = slurp(dir / "r.json");
  CHECK(j.find("\"test\": \"a.onnxtxt\"") != std::string::npos);
  CHECK(j.find("\"test\": \"c.onnxtxt\"") != std::string::npos);
  CHECK(j.find("\"test\": \"b_abort") == std::string::npos);  // no case, and a note that says why
  CHECK(j.find("b_abort.onnxtxt: onnxsem's worker ended in the middle of the test") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("[XC7] several runtimes in one run: a case per runtime, the matrix and the precision table") {
  const fs::path dir = fs::temp_directory_path() / ("onnxsem-xc7-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "id.onnxtxt") << R"(<ir_version: 8, opset_import: ["" : 1]>
g (float[3] x) => (float[3] y) { y = Identity(x) })";
  std::ofstream(dir / "echo.sh") << "#!/bin/sh\ncp \"$2/input_0.pb\" \"$3/output_0.pb\"\n";
  std::ofstream(dir / "refuse.sh") << "#!/bin/sh\necho 'unsupported by the runtime: Identity' >&2\nexit 3\n";
  fs::permissions(dir / "echo.sh", fs::perms::owner_all);
  fs::permissions(dir / "refuse.sh", fs::perms::owner_all);
  testing::ToyTable ops;
  Options o;
  o.targets = {(dir / "id.onnxtxt").string()};
  o.runtimes = {{"echo", {(dir / "echo.sh").string()}}, {"refuse", {(dir / "refuse.sh").string()}}};
  o.random_sets = 2;
  o.json_file = (dir / "r.json").string();
  o.markdown_file = (dir / "r.md").string();
  CHECK(run(o, ops) == 0);
  const std::string j = slurp(dir / "r.json");
  INFO(j);
  CHECK(j.find("\"runtime\": \"echo, refuse\"") != std::string::npos);
  CHECK(j.find("{\"runtime\": \"echo\", \"models\": 1, \"cases\": 2, \"counts\": {\"agree\": 2,") != std::string::npos);
  CHECK(j.find("{\"runtime\": \"refuse\", \"models\": 1, \"cases\": 2, \"counts\": {\"agree\": 0, \"differ\": 0, "
               "\"runtime-error\": 0, \"runtime-unsupported\": 2,") != std::string::npos);
  CHECK(
      j.find(
          "\"Identity\": {\"echo\": {\"agree\": 2, \"differ\": 0, \"runtime-error\": 0, \"runtime-unsupported\": 0, "
          "\"spec-unsupported\": 0, \"spec-error\": 0}, \"refuse\": {\"agree\": 0, \"differ\": 0, \"runtime-error\": 0, "
          "\"runtime-unsupported\": 2,") != std::string::npos);
  CHECK(j.find("\"Identity\": {\"echo\": {\"agree\": 2, \"max_ulp\": 0, \"max_rel\": 0}, \"refuse\": {\"agree\": 0,") !=
        std::string::npos);
  // Four cases, in test order and runtime order within each set.
  const size_t a = j.find("\"set\": \"random_0\", \"ops\": \"Identity\", \"outcome\": \"agree\"");
  const size_t b = j.find("\"set\": \"random_0\", \"ops\": \"Identity\", \"outcome\": \"runtime-unsupported\"");
  const size_t c = j.find("\"set\": \"random_1\", \"ops\": \"Identity\", \"outcome\": \"agree\"");
  CHECK(a < b);
  CHECK(b < c);
  CHECK(c != std::string::npos);
  const std::string m = slurp(dir / "r.md");
  CHECK(m.find("| Identity | 2 / 0 / 0 / 0 | 0 / 0 / 2 / 0 |") != std::string::npos);
  CHECK(m.find("| id.onnxtxt | random_1 | refuse | runtime-unsupported | unsupported by the runtime: Identity |") !=
        std::string::npos);
  fs::remove_all(dir);
}

namespace {
// The JSON report of a cross-check of one textual model against shell-script adapters (name, script).
std::string crosscheck_scripts(const std::string& tag, const std::string& model,
                               const std::vector<std::pair<std::string, std::string>>& adapters) {
  const fs::path dir = fs::temp_directory_path() / ("onnxsem-" + tag + "-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "m.onnxtxt") << model;
  Options o;
  o.targets = {(dir / "m.onnxtxt").string()};
  for (const auto& [name, script] : adapters) {
    std::ofstream(dir / (name + ".sh")) << script;
    fs::permissions(dir / (name + ".sh"), fs::perms::owner_all);
    o.runtimes.push_back({name, {(dir / (name + ".sh")).string()}});
  }
  o.json_file = (dir / "r.json").string();
  CHECK(run(o, ops::standard_registry()) == 0);
  std::string j = slurp(dir / "r.json");
  fs::remove_all(dir);
  return j;
}
}  // namespace

TEST_CASE("[K13] a runtime's random result is judged by membership: possible agrees, impossible differs") {
  // Bernoulli of the probabilities [0, 1]: the only possible result is [0, 1]. One adapter answers it, the
  // other answers with its random input (not 0 or 1).
  const std::string j = crosscheck_scripts(
      "k13", R"(<ir_version: 8, opset_import: ["" : 15]>
g (float[2] x) => (float[2] y, float[2] z) {
  p = Constant <value = float[2] {0.0, 1.0}> ()
  y = Bernoulli(p)
  z = Identity(x)
})",
      {{"right", "#!/bin/sh\nprintf '\\010\\002\\020\\001\\112\\010\\000\\000\\000\\000\\000\\000\\200\\077' "
                 "> \"$3/output_0.pb\"\ncp \"$2/input_0.pb\" \"$3/output_1.pb\"\n"},
       {"wrong", "#!/bin/sh\ncp \"$2/input_0.pb\" \"$3/output_0.pb\"\ncp \"$2/input_0.pb\" \"$3/output_1.pb\"\n"}});
  INFO(j);
  CHECK(j.find("\"outcome\": \"agree\", \"detail\": \"\", \"runtime\": \"right\"") != std::string::npos);
  CHECK(j.find("\"outcome\": \"differ\", \"detail\": \"the runtime's result is not a possible one: [NN45]") !=
        std::string::npos);
}

TEST_CASE("[K14] a runtime's outputs that a random value not among the outputs can give agree, others stay unjudged") {
  // y = (u > p) with u uniform in [0, 1] and p = [0, 1]: y[0] may be 0 or 1, y[1] only 0. One adapter
  // answers [0, 0] (a witness exists: u = [0, 0]), the other [0, 1] (none among the numbers tried).
  const std::string j = crosscheck_scripts(
      "k14", R"(<ir_version: 8, opset_import: ["" : 15]>
g (float[2] x) => (float[2] y, float[2] z) {
  p = Constant <value = float[2] {0.0, 1.0}> ()
  u = RandomUniformLike(p)
  gt = Greater(u, p)
  y = Cast <to = 1> (gt)
  z = Identity(x)
})",
      {{"zeros", "#!/bin/sh\nprintf '\\010\\002\\020\\001\\112\\010\\000\\000\\000\\000\\000\\000\\000\\000' "
                 "> \"$3/output_0.pb\"\ncp \"$2/input_0.pb\" \"$3/output_1.pb\"\n"},
       {"ones", "#!/bin/sh\nprintf '\\010\\002\\020\\001\\112\\010\\000\\000\\000\\000\\000\\000\\200\\077' "
                "> \"$3/output_0.pb\"\ncp \"$2/input_0.pb\" \"$3/output_1.pb\"\n"}});
  INFO(j);
  CHECK(j.find("\"outcome\": \"agree\", \"detail\": \"\", \"runtime\": \"zeros\"") != std::string::npos);
  CHECK(j.find("\"outcome\": \"spec-unsupported\"") != std::string::npos);
  CHECK(j.find("\"outcome\": \"differ\"") == std::string::npos);
}

namespace {
// What the reduction (XC8) made of one textual model, saved as NAME, against one shell-script adapter named
// `planted`: the JSON and Markdown reports, the reduced model saved for the case, when one was saved, and
// the JSON report of a cross-check of that saved reproducer against the same adapter.
struct Reduced {
  std::string json, markdown;
  std::optional<Model> model;
  bool inputs_saved = false;
  std::string again;
};

Reduced reduce_with_script(const std::string& name, const std::string& model, const std::string& script) {
  const fs::path dir = fs::temp_directory_path() / ("onnxsem-xc8-" + name + "-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / name) << model;
  std::ofstream(dir / "planted.sh") << script;
  fs::permissions(dir / "planted.sh", fs::perms::owner_all);
  Options o;
  o.targets = {(dir / name).string()};
  o.runtimes = {{"planted", {(dir / "planted.sh").string()}}};
  o.reduce = true;
  o.keep_dir = (dir / "keep").string();
  o.json_file = (dir / "r.json").string();
  o.markdown_file = (dir / "r.md").string();
  o.one_shot = true;
  (void)run(o, ops::standard_registry());
  Reduced r{slurp(dir / "r.json"), slurp(dir / "r.md"), {}, false, {}};
  const fs::path repro = dir / "keep" / "reduced" / (name + "-planted");
  if (fs::exists(repro / "model.onnx")) r.model = load_model_file((repro / "model.onnx").string());
  r.inputs_saved = fs::exists(repro / "test_data_set_0" / "input_0.pb");
  if (r.model) {
    o.targets = {repro.string()};
    o.reduce = false;
    o.keep_dir.clear();
    o.json_file = (dir / "again.json").string();
    o.markdown_file.clear();
    (void)run(o, ops::standard_registry());
    r.again = slurp(dir / "again.json");
  }
  fs::remove_all(dir);
  return r;
}

std::vector<std::string> attribute_names(const Node& n) {
  std::vector<std::string> names;
  for (const auto& a : n.attributes) names.push_back(a.name);
  return names;
}
}  // namespace

TEST_CASE(
    "[XC8][XC9] a case that does not agree is reduced to the operation at fault, without its optional attributes") {
  // Four operations; the "runtime" cannot run a model with a LeakyRelu (runtime-unsupported) and fails on
  // any other (runtime-error), so only models that keep the LeakyRelu keep the outcome.
  const Reduced r = reduce_with_script(
      "chain.onnxtxt", R"(<ir_version: 8, opset_import: ["" : 16]>
g (float[4] x, float[4] w) => (float[4] y, float[4] z) {
  a = Neg(x)
  b = LeakyRelu <alpha = 0.5> (a)
  y = Abs(b)
  z = Relu(w)
})",
      "#!/bin/sh\ngrep -q LeakyRelu \"$1\" && { echo 'unsupported by the runtime: LeakyRelu' >&2; exit 3; }\n"
      "echo 'cannot run it' >&2\nexit 1\n");
  const std::string& j = r.json;
  INFO(j);
  CHECK(j.find("\"outcome\": \"runtime-unsupported\"") != std::string::npos);
  CHECK(j.find("\"reduced_operations\": 1, \"reduced_operators\": \"LeakyRelu\"") != std::string::npos);
  CHECK(j.find("\"findings\": [\n    {\"runtime\": \"planted\", \"outcome\": \"runtime-unsupported\", \"operators\": "
               "\"LeakyRelu\", \"cases\": 1, \"example\": \"chain.onnxtxt\", \"operations\": 1,") != std::string::npos);
  CHECK(r.markdown.find("| planted | runtime-unsupported | LeakyRelu | 1 | chain.onnxtxt | 1 |") != std::string::npos);
  // The saved reproducer: the LeakyRelu alone, its input fed with the value of Neg(x), alpha left to its default.
  REQUIRE(r.model);
  const Model& m = *r.model;
  REQUIRE(m.graph.nodes.size() == 1);
  CHECK(m.graph.nodes[0].op_type == "LeakyRelu");
  CHECK(m.graph.nodes[0].attributes.empty());
  REQUIRE(m.graph.inputs.size() == 1);
  CHECK(m.graph.inputs[0].name == "a");
  CHECK(r.inputs_saved);
}

TEST_CASE("[XC8] a reduction step that keeps the outcome but leaves a model onnxsem's check refuses is not taken") {
  // The "runtime" fails on every model with both a LeakyRelu and a ReduceMax. Removing the Relu keeps the
  // outcome, and so does removing any attribute; but without axes or keepdims = 0 the ReduceMax no longer
  // gives the declared float[3] (TY7), so only alpha may go.
  const Reduced r = reduce_with_script(
      "typed.onnxtxt", R"(<ir_version: 8, opset_import: ["" : 13]>
g (float[3,4] x, float[2] w) => (float[3] y, float[2] z) {
  a = LeakyRelu <alpha = 0.5> (x)
  y = ReduceMax <axes = [1], keepdims = 0> (a)
  z = Relu(w)
})",
      "#!/bin/sh\ngrep -q ReduceMax \"$1\" && grep -q LeakyRelu \"$1\" && { echo 'cannot run it' >&2; exit 1; }\n"
      "echo 'unsupported by the runtime' >&2\nexit 3\n");
  INFO(r.json);
  CHECK(r.json.find("\"reduced_operations\": 2, \"reduced_operators\": \"LeakyRelu ReduceMax\", "
                    "\"reduced_detail\": \"exit 1: cannot run it\"") != std::string::npos);
  REQUIRE(r.model);
  const Model& m = *r.model;
  REQUIRE(m.graph.nodes.size() == 2);
  CHECK(m.graph.nodes[0].op_type == "LeakyRelu");
  CHECK(m.graph.nodes[0].attributes.empty());
  CHECK(m.graph.nodes[1].op_type == "ReduceMax");
  CHECK(attribute_names(m.graph.nodes[1]) == std::vector<std::string>{"axes", "keepdims"});
  // The saved reproducer is a valid model (onnxsem's check does not refuse it) that shows the same error.
  INFO(r.again);
  CHECK(r.again.find("\"outcome\": \"runtime-error\", \"detail\": \"exit 1: cannot run it\"") != std::string::npos);
}

TEST_CASE("[XC8] a runtime error is reduced only while the runtime gives the same error, paths aside") {
  // The "runtime" fails on a model with a Relu naming the model file it was given (the reduction's differs
  // from the case's), and on any other with another error: removing the Relu keeps a runtime error but not
  // the same one, so the reduction ends at the Relu, not at the Neg.
  const Reduced r = reduce_with_script(
      "wander.onnxtxt", R"(<ir_version: 8, opset_import: ["" : 13]>
g (float[4] x) => (float[4] y) {
  a = Neg(x)
  b = Abs(a)
  y = Relu(b)
})",
      "#!/bin/sh\ngrep -q Relu \"$1\" && { echo \"cannot run $1: the Relu layer failed\" >&2; exit 1; }\n"
      "echo 'out of memory' >&2\nexit 1\n");
  INFO(r.json);
  CHECK(r.json.find("\"outcome\": \"runtime-error\", \"detail\": \"exit 1: cannot run ") != std::string::npos);
  CHECK(r.json.find("\"reduced_operations\": 1, \"reduced_operators\": \"Relu\"") != std::string::npos);
  CHECK(r.json.find("out of memory") == std::string::npos);
  REQUIRE(r.model);
  REQUIRE(r.model->graph.nodes.size() == 1);
  CHECK(r.model->graph.nodes[0].op_type == "Relu");
  REQUIRE(r.model->graph.inputs.size() == 1);
  CHECK(r.model->graph.inputs[0].name == "b");
}

TEST_CASE("[K15][K16] a cross-check run in shards merges into the unsharded run's reports, byte for byte") {
  const fs::path dir = fs::temp_directory_path() / ("onnxsem-k16-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "models");
  for (int k = 0; k < 8; ++k)
    std::ofstream(dir / "models" / ("m" + std::to_string(k) + ".onnxtxt"))
        << "<ir_version: 8, opset_import: [\"\" : 13]>\ng (float[3] x) => (float[3] y) { y = "
        << (k % 2 ? "Identity" : "Neg") << "(x) }";
  // A runtime that answers with its input: Identity agrees, Neg differs (except at zeros).
  std::ofstream(dir / "echo.sh") << "#!/bin/sh\ncp \"$2/input_0.pb\" \"$3/output_0.pb\"\n";
  fs::permissions(dir / "echo.sh", fs::perms::owner_all);
  auto run_part = [&](const std::string& name, conformance::Shard shard) {
    Options o;
    o.targets = {(dir / "models").string()};
    o.runtimes = {{"echo", {(dir / "echo.sh").string()}}};
    o.random_sets = 2;
    o.one_shot = true;
    o.shard = shard;
    o.json_file = (dir / (name + ".json")).string();
    o.markdown_file = (dir / (name + ".md")).string();
    (void)run(o, ops::standard_registry());
    return o.json_file;
  };
  run_part("full", {});
  std::vector<Results> parts;
  size_t held = 0;
  for (int k = 0; k < 3; ++k) {
    parts.push_back(read_crosscheck_report(run_part("part" + std::to_string(k), {k, 3})));
    held += parts.back().tests.positions.size();
  }
  CHECK(held == 8);
  CHECK(is_crosscheck_report((dir / "full.json").string()));
  merge_crosscheck_reports({parts[1], parts[2], parts[0]}, (dir / "merged.json").string(),
                           (dir / "merged.md").string());
  CHECK(slurp(dir / "merged.json") == slurp(dir / "full.json"));
  CHECK(slurp(dir / "merged.md") == slurp(dir / "full.md"));
  CHECK(slurp(dir / "full.json").find("\"outcome\": \"differ\"") != std::string::npos);
  // Not the N parts of one run: refused by K16.
  auto refused = [&](const std::vector<Results>& rs, const std::string& words) {
    try {
      merge_crosscheck_reports(rs, "", "");
      CHECK_MESSAGE(false, words);
    } catch (const Failure& f) {
      CHECK(f.error().clause == "K16");
      CHECK_MESSAGE(f.error().message.find(words) != std::string::npos, f.error().message);
    }
  };
  refused({parts[0], parts[2]}, "shard 1/3 is missing");
  refused({parts[0], parts[1], parts[1], parts[2]}, "given twice");
  Results other = parts[1];
  other.options.seed = 99;
  refused({parts[0], other, parts[2]}, "random input sets or seeds differ");
  fs::remove_all(dir);
}

namespace {
// A judged operation of a hand-made localisation (XC11).
NodeJudgement judged(size_t index, const std::string& name, const std::string& op_type, const std::string& clause,
                     NodeVerdict verdict, double ulp, std::optional<double> units, const std::string& detail = "") {
  NodeJudgement n;
  n.index = index;
  n.name = name;
  n.op_type = op_type;
  n.clause = clause;
  n.verdict = verdict;
  n.max_ulp = ulp;
  n.bound_units = units;
  n.detail = detail;
  return n;
}
}  // namespace

TEST_CASE("[XC11] a localised case in the reports: the first departing node, the nodes worst first, bound units") {
  const fs::path dir = fs::temp_directory_path() / ("onnxsem-xc11-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const double inf = std::numeric_limits<double>::infinity();
  Results res;
  Options& o = res.options;
  o.targets = {"m.onnx"};
  o.runtimes = {{"rt", {}}};
  o.localise = true;
  o.localise_mode = 1;
  o.json_file = (dir / "r.json").string();
  o.markdown_file = (dir / "r.md").string();
  res.tests = TestList{1, {0}, {0}};
  // Six operations in the model's order: the Add is the first to depart, the Neg departs worse (any error is
  // infinitely many units of an exact operator's bound), the Softmax has no bound (AC7), the Dropout cannot be
  // evaluated alone, the LabelEncoder is of another domain.
  Localisation l;
  l.mode = LocaliseMode::cumulative;
  l.nodes = {judged(0, "mm", "MatMul", "AC4", NodeVerdict::in_bound, 3, 0.25),
             judged(1, "add", "Add", "AC3", NodeVerdict::out_of_bound, 8, 4, "element 2: 1.5 against 1.25"),
             judged(2, "neg", "Neg", "AC2", NodeVerdict::out_of_bound, inf, inf, "element 0: nan against 1"),
             judged(3, "sm", "Softmax", "AC7", NodeVerdict::in_tolerance, 5, std::nullopt),
             judged(4, "le", "ai.onnx.ml.LabelEncoder", "AC2", NodeVerdict::in_bound, 0, 0),
             judged(5, "#5", "Dropout", "AC7", NodeVerdict::not_comparable, 0, std::nullopt, "a random operator")};
  l.nodes[0].reference_in_t = true;
  l.first_departing = 1;
  l.missing = {"t"};
  Case c;
  c.key = "m.onnx";
  c.set = "random_0";
  c.ops = "Add Dropout MatMul Neg Softmax ai.onnx.ml::LabelEncoder";
  c.v.outcome = Outcome::differ;
  c.v.detail = "output 0 differs";
  c.localisation = l;
  c.localised_reproducer = "keep/localised/m.onnx-rt";
  res.cases.push_back(c);
  // A second case of 25 Relus, all within their bound: 20 listed, the others counted.
  Localisation many;
  for (size_t i = 0; i < 25; ++i)
    many.nodes.push_back(judged(i, "r" + std::to_string(i), "Relu", "AC2", NodeVerdict::in_bound, 0, 0));
  Case d = c;
  d.set = "random_1";
  d.ops = "Relu";
  d.v = Verdict{};
  d.localisation = many;
  d.localised_reproducer.clear();
  res.cases.push_back(d);

  // summarise: the bounded operations of every localised case, whatever its outcome; none for AC7 or a node
  // not comparable; an operator with bounded nodes and no agreeing case.
  const Summary s = summarise(res);
  REQUIRE(s.precision.count("Add"));
  CHECK(s.precision.at("Add")[0].cases == 0);
  CHECK(s.precision.at("Add")[0].bounded_nodes == 1);
  CHECK(s.precision.at("Add")[0].bound_units == 4);
  CHECK(s.precision.at("Neg")[0].bound_units == inf);
  CHECK(s.precision.at("MatMul")[0].bound_units == 0.25);
  CHECK(s.precision.at("ai.onnx.ml::LabelEncoder")[0].bounded_nodes == 1);
  CHECK(s.precision.at("Relu")[0].cases == 1);
  CHECK(s.precision.at("Relu")[0].bounded_nodes == 25);
  CHECK(s.precision.at("Relu")[0].bound_units == 0);
  CHECK(s.precision.count("Softmax") == 0);
  CHECK(s.precision.count("Dropout") == 0);

  reports::write_crosscheck_reports(res);
  const std::string j = slurp(dir / "r.json");
  INFO(j);
  CHECK(j.find("\"localise\": \"cumulative\", \"localise_optimize\": \"disabled\"") != std::string::npos);
  CHECK(j.find("\"localisation\": {\"mode\": \"cumulative\", \"first_departing_node\": {\"index\": 1, \"name\": "
               "\"add\", \"op_type\": \"Add\"}, \"nodes\": [{\"index\": 0, \"name\": \"mm\", \"op_type\": \"MatMul\", "
               "\"clause\": \"AC4\", \"verdict\": \"in-bound\", \"max_ulp\": 3, \"bound_units\": 0.25, "
               "\"reference_in_t\": true, \"detail\": \"\"}, {\"index\": 1, \"name\": \"add\",") != std::string::npos);
  CHECK(j.find("\"verdict\": \"out-of-bound\", \"max_ulp\": \"inf\", \"bound_units\": \"inf\"") != std::string::npos);
  CHECK(j.find("\"verdict\": \"in-tolerance\", \"max_ulp\": 5, \"bound_units\": null") != std::string::npos);
  CHECK(j.find("\"verdict\": \"not-comparable\", \"max_ulp\": 0, \"bound_units\": null, \"detail\": \"a random "
               "operator\"}], \"missing\": [\"t\"], \"reproducer\": \"keep/localised/m.onnx-rt\"}") !=
        std::string::npos);
  CHECK(j.find("\"first_departing_node\": null") != std::string::npos);  // the Relus
  CHECK(j.find("\"Add\": {\"rt\": {\"agree\": 0, \"max_ulp\": 0, \"max_rel\": 0, \"bounded_nodes\": 1, "
               "\"bound_units\": 4}}") != std::string::npos);

  const std::string m = slurp(dir / "r.md");
  INFO(m);
  CHECK(m.find("### m.onnx [random_0], rt (cumulative)\n\nFirst departing node: `add` (Add, out-of-bound). Saved as "
               "keep/localised/m.onnx-rt.\n") != std::string::npos);
  CHECK(m.find("Values the runtime did not give (1): `t`.") != std::string::npos);
  // Worst first: the departing nodes by bound units, then the others, the one without a bound after those with
  // one, the one not comparable last.
  const std::vector<std::string> rows = {"| neg | Neg | AC2 | out-of-bound | inf | inf | element 0: nan against 1 |",
                                         "| add | Add | AC3 | out-of-bound | 8 | 4 | element 2: 1.5 against 1.25 |",
                                         "| mm | MatMul | AC4 | in-bound | 3 | 0.25 | reference in T |",
                                         "| le | ai.onnx.ml.LabelEncoder | AC2 | in-bound | 0 | 0 |  |",
                                         "| sm | Softmax | AC7 | in-tolerance | 5 | - |  |",
                                         "| #5 | Dropout | AC7 | not-comparable | - | - | a random operator |"};
  size_t at = 0;
  for (const auto& row : rows) {
    const size_t next = m.find(row);
    CHECK_MESSAGE(next != std::string::npos, row);
    CHECK_MESSAGE(next > at, row);
    at = next;
  }
  CHECK(m.find("### m.onnx [random_1], rt (isolated)\n\nNo node departs.\n") != std::string::npos);
  CHECK(m.find("| r19 | Relu |") != std::string::npos);
  CHECK(m.find("| r20 | Relu |") == std::string::npos);
  CHECK(m.find("\nAnd 5 more: 5 in-bound.\n") != std::string::npos);
  // The precision table: a column of bound units per runtime, "-" for no agreeing case.
  CHECK(m.find("| operator | rt (agree, max ULP, max rel) | rt (max bound units, nodes) |") != std::string::npos);
  CHECK(m.find("| Add | - | 4, 1 |") != std::string::npos);
  CHECK(m.find("| Neg | - | inf, 1 |") != std::string::npos);
  CHECK(m.find("| Relu | 1, 0, 0 | 0, 25 |") != std::string::npos);

  // Read back (K16): the localisations as they were, and the same reports written again.
  const Results back = read_crosscheck_report(o.json_file);
  CHECK(back.options.localise);
  CHECK(back.options.localise_mode == 1);
  REQUIRE(back.cases.size() == 2);
  REQUIRE(back.cases[0].localisation);
  const Localisation& b = *back.cases[0].localisation;
  CHECK(b.mode == LocaliseMode::cumulative);
  CHECK(b.first_departing == std::optional<size_t>(1));
  CHECK(b.missing == std::vector<std::string>{"t"});
  REQUIRE(b.nodes.size() == 6);
  CHECK(b.nodes[0].reference_in_t);
  CHECK(b.nodes[2].verdict == NodeVerdict::out_of_bound);
  CHECK(b.nodes[2].bound_units == std::optional<double>(inf));
  CHECK_FALSE(b.nodes[3].bound_units);
  CHECK(b.nodes[5].detail == "a random operator");
  CHECK(back.cases[0].localised_reproducer == "keep/localised/m.onnx-rt");
  CHECK(back.cases[1].localisation->nodes.size() == 25);
  merge_crosscheck_reports({back}, (dir / "again.json").string(), (dir / "again.md").string());
  CHECK(slurp(dir / "again.json") == j);
  CHECK(slurp(dir / "again.md") == m);
  fs::remove_all(dir);
}

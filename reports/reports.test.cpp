// Tests of the reports (reports/): a sweep's JSON written and read back, its Markdown, its JUnit, and the JSON
// layout every report shares.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>

#include "reports/json.hpp"
#include "reports/sweep.hpp"
#include "runtime/error.hpp"
#include "values/testing.hpp"

using namespace onnxsem;
using namespace onnxsem::reports;
using conformance::Status;
using conformance::SweepReport;
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

conformance::Result result(const std::string& key, Status status, std::vector<std::string> clauses) {
  conformance::Result r;
  r.key = key;
  r.status = status;
  r.ops = "Add Relu";
  r.versions = "Add-14 Relu-14";
  r.seconds = 0.125;
  r.schedules_run = 10;
  r.order_independent = r.formulations_agree = r.pure = r.deterministic = status == Status::pass;
  r.digest = 0xabcdef0123456789ull;
  r.clauses = std::move(clauses);
  if (status != Status::pass) r.reason = "wrong \"output\"\twith a tab";
  return r;
}

// A sweep of three tests with clause coverage, one of them differing from the known list, and a stale entry.
SweepReport example() {
  SweepReport rep;
  rep.roots = {"suite/a", "suite/b"};
  rep.expected_file = "expected.tsv";
  rep.profile = "onnx";
  rep.found = 3;
  rep.schedules = 10;
  rep.seed = 7;
  rep.instrumented = {"C1", "EW12", "EW27", "TY2"};
  rep.results = {result("node/test_add", Status::pass, {"C1", "EW27"}),
                 result("node/test_relu", Status::fail, {"C1", "TY2"}),
                 result("node/test_gone", Status::unsupported, {})};
  rep.positions = {0, 1, 2};
  rep.differs = {"", "node/test_relu: fail (listed: pass)", ""};
  rep.stale = {"test_old: listed as fail but no such test was found"};
  return rep;
}

}  // namespace

TEST_CASE("[K16][K17] a sweep's JSON report reads back as the report written, coverage included") {
  testing::TempDir tmp;
  const SweepReport rep = example();
  SweepFiles files;
  files.json = (tmp.path / "sweep.json").string();
  files.markdown = (tmp.path / "sweep.md").string();
  files.junit = (tmp.path / "sweep.xml").string();
  files.expected = (tmp.path / "expected.tsv").string();
  write_sweep_reports(files, rep);
  const SweepReport back = read_sweep_report(files.json);
  REQUIRE(back.results.size() == 3);
  for (size_t i = 0; i < 3; ++i) {
    CHECK(back.results[i].key == rep.results[i].key);
    CHECK(back.results[i].status == rep.results[i].status);
    CHECK(back.results[i].digest == rep.results[i].digest);
    CHECK(back.results[i].reason == rep.results[i].reason);
    CHECK(back.results[i].clauses == rep.results[i].clauses);
    CHECK(back.results[i].seconds == rep.results[i].seconds);
  }
  CHECK(back.instrumented == rep.instrumented);
  CHECK(back.differs == rep.differs);
  CHECK(back.stale == rep.stale);
  CHECK(back.roots == rep.roots);
  CHECK(back.seed == 7);
  // Written again from what was read, the JSON is the same, byte for byte (a merge writes what it read, K16).
  CHECK(sweep_json(back) == slurp(files.json));
  // A test's fields on its line, the coverage on one line: what the shell tests and tools read line by line.
  const std::string j = slurp(files.json);
  CHECK(j.find("\n    {\"test\": \"node/test_relu\", \"status\": \"fail\", \"clause\": \"\"") != std::string::npos);
  CHECK(j.find("\n  \"coverage\": {\"instrumented\": [\"C1\", \"EW12\", \"EW27\", \"TY2\"], \"reached\": {\"C1\": 2, "
               "\"EW27\": 1, \"TY2\": 1}},\n") != std::string::npos);
  CHECK(j.find("\"summary\": {\"pass\": 1, \"fail\": 1, \"error\": 0, \"unsupported\": 1, \"rejected\": 0, "
               "\"unexpected\": 2}") != std::string::npos);
  // The Markdown's coverage: the family EW, with EW12 reached by no test.
  const std::string md = slurp(files.markdown);
  CHECK(md.find("## Clause coverage") != std::string::npos);
  CHECK(std::regex_search(md, std::regex("\\| EW \\| [0-9]+ \\| [0-9]+ \\| [^|]*EW12")));
  CHECK(md.find("- node/test_relu: fail (listed: pass)") != std::string::npos);
  // JUnit and the known-results list: the tab of the reason is a space there.
  CHECK(slurp(files.junit).find("<failure message=\"wrong &quot;output&quot;\twith a tab\"/>") != std::string::npos);
  CHECK(slurp(files.expected).find("node/test_relu\tfail\twrong \"output\" with a tab\n") != std::string::npos);
}

TEST_CASE("[K17] a sweep without coverage writes none, and reads back without one") {
  testing::TempDir tmp;
  SweepReport rep = example();
  rep.instrumented.clear();
  for (auto& r : rep.results) r.clauses.clear();
  const std::string path = (tmp.path / "off.json").string();
  write_sweep_reports(SweepFiles{path, "", "", ""}, rep);
  const std::string text = slurp(path);
  CHECK(text.find("\"coverage\"") == std::string::npos);
  CHECK(text.find("\"clauses\"") == std::string::npos);
  CHECK(read_sweep_report(path).instrumented.empty());
}

TEST_CASE("[K16] a file that is not a sweep report is a file error F1") {
  testing::TempDir tmp;
  std::ofstream(tmp.path / "not.json") << "{\"tests\": []}";
  std::ofstream(tmp.path / "broken.json") << "{\"sweep\": ";
  for (const char* name : {"not.json", "broken.json", "absent.json"}) {
    try {
      (void)read_sweep_report((tmp.path / name).string());
      CHECK_MESSAGE(false, name);
    } catch (const Failure& f) {
      CHECK(f.error().clause == "F1");
    }
  }
}

TEST_CASE("the reports' JSON layout: a member per line, broken members an element per line, numbers measured") {
  Json j;
  j["name"] = "a \"quoted\"\nline";
  j["list"] = {1, 2};
  j["object"] = {{"b", 1}, {"a", Json::array()}};
  j["empty"] = Json::array();
  CHECK(json_text(j, {"list", "empty"}) ==
        "{\n  \"name\": \"a \\\"quoted\\\"\\nline\",\n  \"list\": [\n    1,\n    2\n  ],\n"
        "  \"object\": {\"b\": 1, \"a\": []},\n  \"empty\": []\n}\n");
  CHECK(json_number(2.0).dump() == "2");
  CHECK(json_number(0.5).dump() == "0.5");
  CHECK(json_number(-1.0 / 0.0).dump() == "\"-inf\"");
  CHECK(std::isnan(number_of(json_number(std::nan("")))));
  CHECK(number_of(json_number(1.0 / 0.0)) > 1e308);
  CHECK(number_of(json_number(0.1)) == 0.1);
}

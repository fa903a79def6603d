// `onnxsem index` and the operator index (reports/index.hpp): every (domain, operator, since-version) onnxsem
// implements, where it is registered, and the suite tests that exercise it, taken from sweep reports (each
// test's "versions": the operator versions its main graph resolves to).
#include "reports/index.hpp"

#include <fstream>
#include <map>
#include <ostream>
#include <regex>
#include <set>
#include <sstream>

#include "reports/sweep.hpp"
#include "runtime/error.hpp"

namespace onnxsem::reports {

namespace {

// The domain as the index shows it: "ai.onnx" for the default (empty) domain.
std::string shown_domain(const std::string& domain) { return domain.empty() ? "ai.onnx" : domain; }

}  // namespace

void SuiteUse::add(const std::string& name, const conformance::SweepReport& report) {
  reports.push_back(name);
  for (const auto& r : report.results) {
    std::istringstream words(r.versions);
    for (std::string v; words >> v;) {
      auto& tests = versions[v];
      (r.status == conformance::Status::pass ? tests.pass : tests.other).insert(name + ": " + r.key);
    }
  }
}

std::string operator_index(const ops::Registry& registry, const SuiteUse& suite) {
  const bool tests = !suite.reports.empty();
  std::ostringstream o;
  o << "# Operator index\n\nEvery operator version onnxsem implements: its domain, operator and since-version, and "
       "where it is registered (the registering call names the kernel)";
  if (tests) {
    o << "; and how many suite tests of";
    for (size_t k = 0; k < suite.reports.size(); ++k)
      o << (k == 0 ? " " : k + 1 == suite.reports.size() ? " and " : ", ") << suite.reports[k];
    o << " exercise it (their main graph resolves to that version, clause O1), passing and not, with up to three "
         "passing examples. Written by `onnxsem index --into FILE REPORT.json...`.\n\n"
         "| domain | operator | since | registered at | suite tests passing | not passing | examples |\n"
         "|---|---|---:|---|---:|---:|---|\n";
  } else {
    o << ". Written by `onnxsem index --into FILE` (the build writes build/cli/operators.md). Given sweep reports "
         "(`onnxsem index --into FILE REPORT.json...`, or the book's `--sweep`), it also counts the suite tests that "
         "exercise each version.\n\n"
         "| domain | operator | since | registered at |\n|---|---|---:|---|\n";
  }
  size_t versions = 0, covered = 0;
  for (const auto& [domain, op, since] : registry.implemented()) {
    ++versions;
    o << "| " << shown_domain(domain) << " | " << op << " | " << since << " | "
      << registry.registered_at(domain, op, since) << " |";
    if (!tests) {
      o << "\n";
      continue;
    }
    const std::string key = (domain.empty() ? op : domain + "::" + op) + "-" + std::to_string(since);
    auto it = suite.versions.find(key);
    const size_t pass = it == suite.versions.end() ? 0 : it->second.pass.size();
    const size_t other = it == suite.versions.end() ? 0 : it->second.other.size();
    if (pass) ++covered;
    std::string examples;
    if (it != suite.versions.end()) {
      int n = 0;
      for (const auto& t : it->second.pass) {
        if (n++ == 3) break;
        examples += (examples.empty() ? "" : "<br>") + t;
      }
    }
    o << " " << pass << " | " << other << " | " << examples << " |\n";
  }
  o << "\n" << versions << " operator versions";
  if (tests) o << "; " << covered << " exercised by at least one passing suite test";
  o << ".\n";
  return o.str();
}

int index(const ops::Registry& registry, const std::string& into, const std::vector<std::string>& reports) {
  SuiteUse suite;
  for (const auto& path : reports) suite.add(path.substr(path.find_last_of('/') + 1), read_sweep_report(path));
  const std::string text = operator_index(registry, suite);
  std::ofstream out(into, std::ios::binary);
  if (!(out << text && out.flush())) usage_error("F1", "cannot write '" + into + "'");
  return 0;
}

int check_index(const ops::Registry& registry, const std::string& path, std::ostream& out) {
  std::ifstream in(path);
  if (!in) usage_error("F1", "cannot read the operator index '" + path + "'");
  // The file's rows: "domain::Op-since" (domain as written) -> "registered at", and the line it stands on.
  std::map<std::string, std::pair<std::string, size_t>> rows;
  const std::regex row_re(R"re(^\| ([^|]+) \| ([^|]+) \| ([0-9]+) \| ([^|]*) \|)re");
  std::string line;
  size_t number = 0;
  std::vector<std::string> wrong;
  while (std::getline(in, line)) {
    ++number;
    std::smatch m;
    if (!std::regex_search(line, m, row_re) || m[1] == "domain") continue;
    const std::string key = m[1].str() + "::" + m[2].str() + "-" + m[3].str();
    if (auto [it, first] = rows.try_emplace(key, m[4].str(), number); !first)
      wrong.push_back(key + " (line " + std::to_string(number) + "): a second row (the first is on line " +
                      std::to_string(it->second.second) + ")");
  }
  for (const auto& [domain, op, since] : registry.implemented()) {
    const std::string key = shown_domain(domain) + "::" + op + "-" + std::to_string(since);
    const std::string at = registry.registered_at(domain, op, since);
    auto it = rows.find(key);
    if (it == rows.end()) {
      wrong.push_back(key + ": no row (registered at " + at + ")");
      continue;
    }
    if (it->second.first != at)
      wrong.push_back(key + " (line " + std::to_string(it->second.second) + "): registered at " + at +
                      ", the index says " + it->second.first);
    rows.erase(it);
  }
  for (const auto& [key, row] : rows)
    wrong.push_back(key + " (line " + std::to_string(row.second) + "): a row for a version onnxsem does not register");
  for (const auto& w : wrong) out << path << ": " << w << "\n";
  if (!wrong.empty()) {
    out << wrong.size() << " rows of " << path << " disagree with the registry of this build; write it again with "
        << "`onnxsem index --into FILE` (the build writes build/cli/operators.md)\n";
    return 1;
  }
  out << "ok: " << path << " names the registration site of each of the registry's operator versions\n";
  return 0;
}

}  // namespace onnxsem::reports

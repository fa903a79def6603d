// `onnxsem tables`: the tables of numbers in papers/, rebuilt from sweep reports (JSON written by
// `onnxsem sweep --json`). A table lives in a Markdown file between the lines
//   <!-- table:NAME -->   and   <!-- end:NAME -->
// and is replaced as a whole; nothing in a table is typed by hand.
#include "reports/tables.hpp"

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "conformance/sweep.hpp"
#include "reports/sweep.hpp"
#include "runtime/error.hpp"

namespace onnxsem::reports {

namespace {

struct SuiteNumbers {
  std::string name;
  std::map<std::string, int> status;  // pass, fail, error, unsupported, rejected
  int tests = 0;
  int checked = 0;            // passing tests evaluated under more than one schedule
  int order_independent = 0;  // of those, all schedules gave the same bits
  int formulations = 0;       // of those, the demand-driven formulation gave the same bits
  int pure = 0;               // of those, inputs and initializers kept their bits
  int deterministic = 0;      // of those, a second run and a shuffled node list gave the same bits
  int max_schedules = 0;
  std::map<std::string, int> unsupported_ops;  // first operator named by an unsupported test
};

// The numbers of one report.
SuiteNumbers numbers(const std::string& path, const conformance::SweepReport& rep) {
  SuiteNumbers s;
  s.name = path;
  for (const auto& r : rep.results) {
    ++s.tests;
    const std::string status = conformance::status_name(r.status);
    ++s.status[status];
    if (r.status == conformance::Status::pass && r.schedules_run > 1) {
      ++s.checked;
      s.max_schedules = std::max(s.max_schedules, r.schedules_run);
      s.order_independent += r.order_independent;
      s.formulations += r.formulations_agree;
      s.pure += r.pure;
      s.deterministic += r.deterministic;
    }
    if (r.status == conformance::Status::unsupported) {
      std::istringstream words(r.ops);
      std::string op;
      while (words >> op) ++s.unsupported_ops[op];
    }
  }
  if (s.tests == 0) usage_error("F3", "the sweep report '" + path + "' lists no test");
  return s;
}

std::string percent(int part, int whole) {
  std::ostringstream o;
  o.setf(std::ios::fixed);
  o.precision(1);
  o << (whole ? 100.0 * part / whole : 0.0) << "%";
  return o.str();
}

std::string results_table(const std::vector<SuiteNumbers>& suites) {
  std::ostringstream o;
  o << "| suite report | tests | pass | fail | error | unsupported | rejected | pass rate |\n"
       "|---|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const auto& s : suites) {
    auto at = [&](const char* k) {
      auto it = s.status.find(k);
      return it == s.status.end() ? 0 : it->second;
    };
    o << "| " << s.name << " | " << s.tests << " | " << at("pass") << " | " << at("fail") << " | " << at("error")
      << " | " << at("unsupported") << " | " << at("rejected") << " | " << percent(at("pass"), s.tests) << " |\n";
  }
  return o.str();
}

std::string properties_table(const std::vector<SuiteNumbers>& suites) {
  std::ostringstream o;
  o << "| suite report | passing tests checked | schedules per test | same bits under every schedule | "
       "fixpoint = demand-driven | pure | deterministic |\n|---|---:|---:|---:|---:|---:|---:|\n";
  for (const auto& s : suites)
    o << "| " << s.name << " | " << s.checked << " | " << s.max_schedules << " | " << s.order_independent << " | "
      << s.formulations << " | " << s.pure << " | " << s.deterministic << " |\n";
  return o.str();
}

std::string unsupported_table(const std::vector<SuiteNumbers>& suites) {
  std::map<std::string, int> all;
  for (const auto& s : suites)
    for (const auto& [op, n] : s.unsupported_ops) all[op] += n;
  std::ostringstream o;
  o << "| operator | unsupported tests (all reports) |\n|---|---:|\n";
  for (const auto& [op, n] : all) o << "| " << op << " | " << n << " |\n";
  return o.str();
}

// [spec:K17] the clause coverage of each report, then family by family over all reports together: a
// clause counts as reached when a test of some report reached it.
std::string coverage_table(const std::vector<std::string>& reports, const std::vector<conformance::SweepReport>& read) {
  std::ostringstream o;
  o << "| suite report | instrumented clauses | reached by a test | reached by none |\n|---|---:|---:|---:|\n";
  conformance::SweepReport all;
  std::set<std::string> instrumented;
  for (size_t k = 0; k < reports.size(); ++k) {
    const std::string& path = reports[k];
    conformance::SweepReport r = read[k];
    if (r.instrumented.empty()) {
      o << "| " << path << " | not recorded | | |\n";
      continue;
    }
    const size_t hit = r.reached().size();
    o << "| " << path << " | " << r.instrumented.size() << " | " << hit << " | " << r.instrumented.size() - hit
      << " |\n";
    instrumented.insert(r.instrumented.begin(), r.instrumented.end());
    for (auto& t : r.results) all.results.push_back(std::move(t));
  }
  all.instrumented.assign(instrumented.begin(), instrumented.end());
  o << "\nAll reports together, family by family (the letters of the clause ID):\n\n"
       "| family | instrumented | reached | reached by no test of any report |\n|---|---:|---:|---|\n";
  write_family_rows(o, conformance::coverage_by_family(all));
  return o.str();
}

std::string replace_block(const std::string& text, const std::string& name, const std::string& table) {
  const std::string open = "<!-- table:" + name + " -->", close = "<!-- end:" + name + " -->";
  const size_t a = text.find(open), b = text.find(close);
  if (a == std::string::npos || b == std::string::npos || b < a) return text;
  return text.substr(0, a + open.size()) + "\n" + table + text.substr(b);
}

}  // namespace

int tables(const std::string& into, const std::vector<std::string>& reports) {
  if (reports.empty()) usage_error("U2", "tables needs at least one sweep report (JSON)");
  std::vector<conformance::SweepReport> read;
  std::vector<SuiteNumbers> suites;
  for (const auto& r : reports) {
    read.push_back(read_sweep_report(r));
    suites.push_back(numbers(r, read.back()));
  }
  std::ifstream in(into);
  if (!in) usage_error("F1", "cannot read '" + into + "'");
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  text = replace_block(text, "results", results_table(suites));
  text = replace_block(text, "properties", properties_table(suites));
  text = replace_block(text, "unsupported", unsupported_table(suites));
  text = replace_block(text, "coverage", coverage_table(reports, read));
  std::ofstream(into) << text;
  return 0;
}

}  // namespace onnxsem::reports

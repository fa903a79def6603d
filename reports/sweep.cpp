// A sweep's reports (reports/sweep.hpp).
#include "reports/sweep.hpp"

#include <sstream>

#include "reports/json.hpp"
#include "runtime/error.hpp"

namespace onnxsem::reports {

using conformance::Status;
using conformance::statuses;
using conformance::SweepReport;

namespace {

std::string xml_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '&': o += "&amp;"; break;
      case '"': o += "&quot;"; break;
      default: o += c;
    }
  }
  return o;
}

std::string hex(uint64_t x) {
  std::ostringstream o;
  o << std::hex << x;
  return o.str();
}

// [spec:K17] the Markdown coverage section: how many instrumented clauses the tests reached, and family
// by family the clauses no test reached (the suite's blind spots).
void write_coverage_markdown(std::ostream& o, const SweepReport& rep) {
  o << "\n## Clause coverage\n\n";
  if (rep.instrumented.empty()) {
    o << "Not recorded.\n";
    return;
  }
  const auto families = conformance::coverage_by_family(rep);
  size_t hit = 0;
  for (const auto& f : families) hit += f.instrumented - f.unreached.size();
  o << rep.instrumented.size() << " clauses have a code site with a coverage marker; " << hit
    << " of them were reached by at least one test, " << rep.instrumented.size() - hit
    << " by none. Clauses without a marker are not counted (the traceability matrix, build/spec/trace.md or the "
       "book's, lists every clause); the JSON report gives, for each clause, the number of tests that reached it, "
       "and for each test its clauses.\n\n"
       "| family | instrumented | reached | reached by no test |\n|---|---|---|---|\n";
  write_family_rows(o, families);
}

std::string expected_list(const SweepReport& rep) {
  std::ostringstream out;
  out << "# Known results that are not 'pass': test<TAB>status<TAB>reason. `onnxsem sweep --expected` fails\n"
         "# when a test's result differs from this list (a test not listed must pass).\n";
  for (const auto& r : rep.results)
    if (r.status != Status::pass)
      out << r.key << '\t' << status_name(r.status) << '\t' << conformance::tsv_field(r.reason) << '\n';
  return out.str();
}

std::string junit(const SweepReport& rep) {
  std::ostringstream o;
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"onnxsem-sweep\" tests=\"" << rep.results.size()
    << "\" failures=\"" << rep.count(Status::fail) << "\" errors=\"" << rep.count(Status::error) << "\" skipped=\""
    << rep.count(Status::unsupported) + rep.count(Status::rejected) << "\">\n";
  for (const auto& r : rep.results) {
    o << "  <testcase name=\"" << xml_escape(r.key) << "\" time=\"" << r.seconds << "\">";
    if (r.status == Status::fail) o << "<failure message=\"" << xml_escape(r.reason) << "\"/>";
    else if (r.status == Status::error) o << "<error message=\"" << xml_escape(r.reason) << "\"/>";
    else if (r.status != Status::pass)
      o << "<skipped message=\"" << status_name(r.status) << ": " << xml_escape(r.reason) << "\"/>";
    o << "</testcase>\n";
  }
  o << "</testsuite>\n";
  return o.str();
}

std::string markdown(const SweepReport& rep) {
  std::ostringstream o;
  o << "# onnxsem sweep\n\n| status | tests |\n|---|---|\n";
  for (Status s : statuses) o << "| " << status_name(s) << " | " << rep.count(s) << " |\n";
  o << "\n## By operator\n\n| operator | pass | fail | error | unsupported | rejected |\n|---|---|---|---|---|---|\n";
  for (const auto& [op, c] : conformance::operator_counts(rep))
    o << "| " << op << " | " << c[0] << " | " << c[1] << " | " << c[2] << " | " << c[3] << " | " << c[4] << " |\n";
  write_coverage_markdown(o, rep);
  if (!rep.unexpected().empty()) {
    o << "\n## Results that differ from the known list\n\n";
    for (const auto& u : rep.unexpected()) o << "- " << u << "\n";
  }
  return o.str();
}

}  // namespace

void write_family_rows(std::ostream& o, const std::vector<conformance::FamilyCoverage>& families) {
  for (const auto& f : families) {
    o << "| " << f.family << " | " << f.instrumented << " | " << f.instrumented - f.unreached.size() << " | ";
    for (size_t i = 0; i < f.unreached.size(); ++i) o << (i ? ", " : "") << f.unreached[i];
    o << " |\n";
  }
}

std::string sweep_json(const SweepReport& rep) {
  Json j;
  j["sweep"] = {{"roots", rep.roots},        {"filter", rep.filter},       {"expected", rep.expected_file},
                {"profile", rep.profile},    {"schedules", rep.schedules}, {"seed", rep.seed},
                {"shard", rep.shard.text()}, {"found", rep.found}};
  Json& summary = j["summary"] = Json::object();
  for (Status s : statuses) summary[status_name(s)] = rep.count(s);
  summary["unexpected"] = rep.unexpected().size();
  // [spec:K17] the instrumented clauses, and for each clause a test reached how many tests reached it; a
  // sweep without coverage writes none (rather than a coverage of nothing).
  const bool coverage = !rep.instrumented.empty();
  if (coverage) {
    Json reached = Json::object();
    for (const auto& [id, n] : rep.reached()) reached[id] = n;
    j["coverage"] = {{"instrumented", rep.instrumented}, {"reached", reached}};
  }
  Json& tests = j["tests"] = Json::array();
  for (size_t i = 0; i < rep.results.size(); ++i) {
    const auto& r = rep.results[i];
    Json t = {{"test", r.key},
              {"status", status_name(r.status)},
              {"clause", r.clause},
              {"ops", r.ops},
              {"versions", r.versions},
              {"seconds", r.seconds},
              {"schedules", r.schedules_run},
              {"order_independent", r.order_independent},
              {"formulations_agree", r.formulations_agree},
              {"pure", r.pure},
              {"deterministic", r.deterministic},
              {"digest", hex(r.digest)},
              {"position", rep.positions[i]}};
    if (!rep.differs[i].empty()) t["differs"] = rep.differs[i];
    if (coverage) t["clauses"] = r.clauses;
    t["reason"] = r.reason;
    tests.push_back(std::move(t));
  }
  j["stale"] = rep.stale;
  return json_text(j, {"tests", "stale"});
}

void write_sweep_reports(const SweepFiles& files, const SweepReport& rep) {
  if (!files.expected.empty()) write_text(files.expected, expected_list(rep));
  if (!files.json.empty()) write_text(files.json, sweep_json(rep));
  if (!files.junit.empty()) write_text(files.junit, junit(rep));
  if (!files.markdown.empty()) write_text(files.markdown, markdown(rep));
}

void print_sweep_summary(std::ostream& out, const SweepReport& rep) {
  // Per-operator summary: operators that appear in tests that do not pass.
  out << "operator summary (pass/fail/error/unsupported/rejected), operators with a test that does not pass:\n";
  for (const auto& [op, c] : conformance::operator_counts(rep))
    if (c[1] + c[2] + c[3] + c[4] > 0)
      out << "  " << op << ": " << c[0] << "/" << c[1] << "/" << c[2] << "/" << c[3] << "/" << c[4] << "\n";
  for (const auto& r : rep.results)
    if (r.status == Status::error) out << "error: " << r.key << ": " << r.reason << "\n";
  for (const auto& u : rep.unexpected()) out << "unexpected: " << u << "\n";
  if (!rep.instrumented.empty()) {
    size_t hit = 0;
    const auto reached = rep.reached();
    for (const auto& id : rep.instrumented) hit += reached.count(id);
    out << "clause coverage: " << hit << " of " << rep.instrumented.size()
        << " instrumented clauses reached by at least one test (K17)\n";
  }
  out << "statuses: " << rep.count(Status::pass) << " pass, " << rep.count(Status::fail) << " fail, "
      << rep.count(Status::error) << " error, " << rep.count(Status::unsupported) << " unsupported, "
      << rep.count(Status::rejected) << " rejected; " << rep.unexpected().size()
      << " differ from the known-results list\n";
  const int failed = rep.count(Status::fail) + rep.count(Status::error) + rep.count(Status::rejected);
  out << rep.count(Status::pass) << " passed, " << failed << " failed, " << rep.count(Status::unsupported)
      << " skipped\n";
}

SweepReport read_sweep_report(const std::string& path) {
  const auto j = read_json(path, "sweep report");
  SweepReport rep;
  try {
    const auto& s = j.at("sweep");
    rep.roots = s.at("roots").get<std::vector<std::string>>();
    rep.filter = s.at("filter").get<std::string>();
    rep.expected_file = s.at("expected").get<std::string>();
    rep.profile = s.at("profile").get<std::string>();
    rep.schedules = s.at("schedules").get<int>();
    rep.seed = s.at("seed").get<uint64_t>();
    rep.shard = conformance::parse_shard(s.at("shard").get<std::string>(), "the report's shard");
    rep.found = s.at("found").get<size_t>();
    // K17: a report without coverage (written with coverage off, or before K17) has none to read.
    if (j.contains("coverage")) rep.instrumented = j.at("coverage").at("instrumented").get<std::vector<std::string>>();
    for (const auto& t : j.at("tests")) {
      conformance::Result r;
      r.key = t.at("test").get<std::string>();
      if (!parse_status(t.at("status").get<std::string>(), r.status)) throw std::runtime_error("unknown status");
      r.clause = t.at("clause").get<std::string>();
      r.ops = t.at("ops").get<std::string>();
      r.versions = t.at("versions").get<std::string>();
      r.seconds = t.at("seconds").get<double>();
      r.schedules_run = t.at("schedules").get<int>();
      r.order_independent = t.at("order_independent").get<bool>();
      r.formulations_agree = t.at("formulations_agree").get<bool>();
      r.pure = t.at("pure").get<bool>();
      r.deterministic = t.at("deterministic").get<bool>();
      r.digest = std::stoull(t.at("digest").get<std::string>(), nullptr, 16);
      r.reason = t.at("reason").get<std::string>();
      r.clauses = t.value("clauses", std::vector<std::string>{});
      rep.positions.push_back(t.at("position").get<size_t>());
      rep.differs.push_back(t.value("differs", std::string()));
      rep.results.push_back(std::move(r));
    }
    rep.stale = j.at("stale").get<std::vector<std::string>>();
  } catch (const Failure&) {
    throw;
  } catch (const std::exception& e) {
    usage_error("F1", "'" + path + "' is not a sweep report written by onnxsem sweep --json (" + e.what() + ")");
  }
  return rep;
}

}  // namespace onnxsem::reports

// The sweep's HTML report (reports/sweep_html.hpp).
#include "reports/sweep_html.hpp"

#include <fstream>
#include <sstream>

#include "reports/html.hpp"
#include "runtime/error.hpp"
#include "spec/clauses.hpp"

namespace onnxsem::reports {

using conformance::Status;
using conformance::statuses;
using spec::html_escape;

namespace {

std::string linked(const std::string& text, const std::optional<std::string>& href) {
  return href ? "<a href=\"" + html_escape(*href) + "\">" + html_escape(text) + "</a>" : html_escape(text);
}

std::string roots_text(const conformance::SweepReport& rep) {
  std::string roots;
  for (const auto& r : rep.roots) roots += (roots.empty() ? "" : ", ") + r;
  return roots;
}

}  // namespace

std::string sweep_html(const conformance::SweepReport& rep, const std::string& title, const ReportLinks& links) {
  auto op_link = [&](const std::string& op) { return linked(op, links.op ? links.op(op) : std::nullopt); };
  auto clause_link = [&](const std::string& id) {
    return id.empty() ? std::string() : linked(id, links.clause ? links.clause(id) : std::nullopt);
  };
  std::ostringstream o;
  o << html::page_start(title, links.stylesheet, links.nav) << "<h1>" << html_escape(title) << "</h1>\n<p>";
  o << "Folders: <code>" << html_escape(roots_text(rep)) << "</code>";
  if (!rep.filter.empty()) o << "; filter <code>" << html_escape(rep.filter) << "</code>";
  o << "; profile " << html_escape(rep.profile) << "; " << rep.schedules << " random schedules per passing test (seed "
    << rep.seed << ")";
  if (!rep.expected_file.empty()) o << "; judged against <code>" << html_escape(rep.expected_file) << "</code>";
  if (rep.shard.n > 1) o << "; shard " << html_escape(rep.shard.text());
  o << "; " << rep.results.size() << " tests.</p>\n<table><tr>";
  for (Status s : statuses) o << "<th class=\"n\">" << status_name(s) << "</th>";
  o << "</tr><tr>";
  for (Status s : statuses) o << "<td class=\"n " << status_name(s) << "\">" << rep.count(s) << "</td>";
  o << "</tr></table>\n";

  const auto by_op = conformance::operator_counts(rep);
  o << "<h2 id=\"operators\">By operator</h2>\n<p>" << by_op.size()
    << " operators; a test counts for every operator its model uses.</p>\n<table><tr><th>operator</th>";
  for (Status s : statuses) o << "<th class=\"n\">" << status_name(s) << "</th>";
  o << "</tr>\n";
  for (const auto& [op, c] : by_op) {
    o << "<tr" << (c[1] + c[2] + c[4] > 0 ? " class=\"bad\"" : "") << "><td>" << op_link(op) << "</td>";
    for (size_t k = 0; k < c.size(); ++k)
      o << "<td class=\"n" << (c[k] && k ? std::string(" ") + status_name(statuses[k]) : "") << "\">" << c[k]
        << "</td>";
    o << "</tr>\n";
  }
  o << "</table>\n";

  auto test_table = [&](const char* id, const char* heading, auto keep) {
    std::ostringstream rows;
    size_t n = 0;
    for (const auto& r : rep.results) {
      if (!keep(r.status)) continue;
      ++n;
      rows << "<tr><td>" << html_escape(r.key) << "</td><td class=\"" << status_name(r.status) << "\">"
           << status_name(r.status) << "</td><td>" << clause_link(r.clause) << "</td><td class=\"text\">"
           << html_escape(r.reason) << "</td></tr>\n";
    }
    o << "<h2 id=\"" << id << "\">" << heading << " (" << n << ")</h2>\n";
    if (n == 0) o << "<p class=\"muted\">None.</p>\n";
    else
      o << "<table><tr><th>test</th><th>status</th><th>clause</th><th>reason</th></tr>\n" << rows.str() << "</table>\n";
  };
  test_table("failing", "Failing tests: fail, error, rejected",
             [](Status s) { return s == Status::fail || s == Status::error || s == Status::rejected; });
  test_table("unsupported", "Unsupported tests", [](Status s) { return s == Status::unsupported; });

  // [spec:K17] the clause coverage: family by family, the clauses no test reached.
  o << "<h2 id=\"coverage\">Clause coverage</h2>\n";
  if (rep.instrumented.empty()) {
    o << "<p class=\"muted\">Not recorded (the sweep ran with --no-coverage).</p>\n";
  } else {
    const auto families = conformance::coverage_by_family(rep);
    size_t hit = 0;
    for (const auto& f : families) hit += f.instrumented - f.unreached.size();
    o << "<p>" << rep.instrumented.size() << " clauses have a code site with a coverage marker; " << hit
      << " were reached by at least one test, " << rep.instrumented.size() - hit
      << " by none (the suite's blind spots, below).</p>\n<table><tr><th>family</th><th class=\"n\">instrumented</th>"
         "<th class=\"n\">reached</th><th>reached by no test</th></tr>\n";
    for (const auto& f : families) {
      o << "<tr><td>" << html_escape(f.family) << "</td><td class=\"n\">" << f.instrumented << "</td><td class=\"n\">"
        << f.instrumented - f.unreached.size() << "</td><td class=\"text\">";
      for (size_t i = 0; i < f.unreached.size(); ++i) o << (i ? ", " : "") << clause_link(f.unreached[i]);
      o << "</td></tr>\n";
    }
    o << "</table>\n";
  }

  const auto unexpected = rep.unexpected();
  o << "<h2 id=\"unexpected\">Differences from the known-results list (" << unexpected.size() << ")</h2>\n";
  if (rep.expected_file.empty()) o << "<p class=\"muted\">The sweep was not judged against a list.</p>\n";
  else if (unexpected.empty()) o << "<p class=\"muted\">None: every result is the listed one.</p>\n";
  else {
    o << "<ul>\n";
    for (const auto& u : unexpected) o << "<li>" << html_escape(u) << "</li>\n";
    o << "</ul>\n";
  }
  o << html::page_end();
  return o.str();
}

void write_sweep_html(const std::string& path, const conformance::SweepReport& rep) {
  std::ofstream out(path);
  if (!out) usage_error("F1", "cannot write '" + path + "'");
  out << sweep_html(rep, "onnxsem sweep of " + roots_text(rep));
}

}  // namespace onnxsem::reports

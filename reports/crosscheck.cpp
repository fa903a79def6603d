// The cross-check's reports (reports/crosscheck.hpp).
#include "reports/crosscheck.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <sstream>
#include <tuple>

#include "reports/json.hpp"
#include "runtime/error.hpp"

namespace onnxsem::reports {

using namespace crosscheck;
using crosscheck::Outcome;  // not onnxsem::Outcome (semantics/fixpoint.hpp), which reports/print.hpp brings in

namespace {

// A verdict's fields: "outcome", "detail", the measured difference of a differing case, and how close an
// agreeing case came (only when not bit-identical).
void add_verdict(Json& j, const Verdict& v) {
  j["outcome"] = outcome_name(v.outcome);
  j["detail"] = v.detail;
  if (v.diff) {
    const auto& d = *v.diff;
    j["output"] = d.output;
    j["max_abs"] = json_number(d.max_abs);
    j["max_rel"] = json_number(d.max_rel);
    j["max_ulp"] = json_number(d.max_ulp);
    j["first_index"] = d.first_index;
    j["differing"] = d.differing;
    j["spec_value"] = d.spec_value;
    j["runtime_value"] = d.runtime_value;
  }
  if (v.outcome == Outcome::agree && (v.ulp > 0 || v.rel > 0)) {
    j["max_ulp"] = json_number(v.ulp);
    j["max_rel"] = json_number(v.rel);
  }
}

Json counts_json(const Counts& a) {
  Json j = Json::object();
  for (int i = 0; i < outcome_count; ++i) j[outcome_name(static_cast<Outcome>(i))] = a[static_cast<size_t>(i)];
  return j;
}

std::string counts_text(const Counts& a) {
  std::string s;
  for (int i = 0; i < outcome_count; ++i)
    s += (i ? ", " : "") + std::to_string(a[static_cast<size_t>(i)]) + " " + outcome_name(static_cast<Outcome>(i));
  return s;
}

std::string runtime_names(const Options& o) {
  std::string names;
  for (const auto& rt : o.runtimes) names += (names.empty() ? "" : ", ") + rt.name;
  return names;
}

// A measured number in the Markdown report and on standard output: three significant digits, "inf", "nan".
std::string short_number(double x) {
  std::ostringstream t;
  t.precision(3);
  t << x;
  return t.str();
}

// The localisation's mode as the reports name it; the options keep it as a number (Options::localise_mode).
LocaliseMode mode_of(int n) { return n == 1 ? LocaliseMode::cumulative : LocaliseMode::isolated; }

// [spec:XC11] a judged operation as the JSON report writes it. A number that is not finite is written as
// json_number writes it ("inf", "nan"); "bound_units" is null for an operation without a bound (AC7).
Json node_json(const NodeJudgement& n) {
  Json x = {{"index", n.index},
            {"name", n.name},
            {"op_type", n.op_type},
            {"clause", n.clause},
            {"verdict", node_verdict_name(n.verdict)},
            {"max_ulp", json_number(n.max_ulp)},
            {"bound_units", n.bound_units ? json_number(*n.bound_units) : Json()}};
  if (n.reference_in_t) x["reference_in_t"] = true;
  x["detail"] = n.detail;
  return x;
}

// How the verdicts of the nodes at `positions` count, as "170 in-bound, 10 not-comparable" (verdicts in
// their declared order, those of no node left out).
std::string verdict_counts(const Localisation& l, const std::vector<size_t>& positions) {
  std::map<int, size_t> counts;
  for (size_t i : positions) counts[static_cast<int>(l.nodes[i].verdict)]++;
  std::string text;
  for (const auto& [v, n] : counts)
    text += (text.empty() ? "" : ", ") + std::to_string(n) + " " + node_verdict_name(static_cast<NodeVerdict>(v));
  return text;
}

// How many operations of a localised case the Markdown report lists, the worst first; it only counts the others.
constexpr size_t listed_nodes = 20;

void print_summary(const Results& res, const Summary& s) {
  const Options& o = res.options;
  const size_t R = o.runtimes.size(), T = o.targets.size();
  for (const auto& n : res.notes) std::cout << "note: " << n.text << "\n";
  std::cout << "operator summary (agree/differ/runtime-error/runtime-unsupported/spec-unsupported/spec-error), "
               "operators with a case that does not agree:\n";
  for (const auto& [op, per] : s.by_op)
    for (size_t r = 0; r < R; ++r)
      if (per[r][0] != case_count(per[r])) {
        std::cout << "  " << op << (R > 1 ? " [" + o.runtimes[r].name + "]" : "") << ":";
        for (int i = 0; i < outcome_count; ++i) std::cout << (i ? "/" : " ") << per[r][static_cast<size_t>(i)];
        std::cout << "\n";
      }
  if (!s.findings.empty()) {
    std::cout << "distinct findings after reduction: " << s.findings.size() << "\n";
    for (const auto& f : s.findings)
      std::cout << "  " << o.runtimes[f.runtime].name << ", " << outcome_name(f.outcome) << ", " << f.operators << ": "
                << f.cases << " case" << (f.cases == 1 ? "" : "s") << ", e.g. " << f.example->key << " reduced to "
                << f.example->reduced_nodes << " operation" << (f.example->reduced_nodes == 1 ? "" : "s") << ": "
                << f.example->reduced_detail
                << (f.example->reproducer.empty() ? "" : " (" + f.example->reproducer + ")") << "\n";
  }
  for (size_t r = 0; r < R; ++r) {
    std::cout << "crosscheck (" << o.runtimes[r].name << "): " << s.models << " models, " << case_count(s.total[r])
              << " cases: " << counts_text(s.total[r]) << "\n";
    if (o.transform) std::cout << "transformed graphs: " << counts_text(s.transform_total[r]) << "\n";
    if (T > 1)
      for (size_t k = 0; k < T; ++k) {
        std::cout << "  " << target_label(o, k) << ": " << s.models_of[k] << " models, " << s.cases_of[r][k]
                  << " cases: " << counts_text(s.by_target[r][k]) << "\n";
        if (o.transform)
          std::cout << "  " << target_label(o, k)
                    << ", transformed graphs: " << counts_text(s.transform_by_target[r][k]) << "\n";
      }
  }
}

std::string crosscheck_json(const Results& res, const Summary& s) {
  const Options& o = res.options;
  const size_t R = o.runtimes.size(), T = o.targets.size();
  const bool several = T > 1;
  Json j;
  j["runtime"] = runtime_names(o);
  // What the run covered and how, for merging the reports of shards (K16).
  Json targets = Json::array(), runtimes = Json::array(), tests = Json::array(), notes = Json::array();
  for (size_t k = 0; k < T; ++k) targets.push_back(target_label(o, k));
  for (const auto& rt : o.runtimes) runtimes.push_back(rt.name);
  for (size_t i = 0; i < res.tests.target_of.size(); ++i)
    tests.push_back({res.tests.positions[i], res.tests.target_of[i]});
  for (const auto& n : res.notes) notes.push_back({n.test, n.text});
  Json run = {{"targets", targets}, {"runtimes", runtimes},   {"random", o.random_sets},  {"seed", o.seed},
              {"filter", o.filter}, {"optimize", o.optimize}, {"transform", o.transform}, {"reduce", o.reduce}};
  // The localisation's mode and the runtime's graph optimisation in it, only in the report of a run that
  // localised (XC10), so that other reports keep their form.
  if (o.localise) {
    run["localise"] = mode_name(mode_of(o.localise_mode));
    run["localise_optimize"] = o.localise_optimize;
  }
  run["shard"] = o.shard.text();
  run["found"] = res.tests.found;
  run["tests"] = std::move(tests);
  run["notes"] = std::move(notes);
  j["crosscheck"] = std::move(run);
  Json& per_runtime = j["runtimes"] = Json::array();
  for (size_t r = 0; r < R; ++r) {
    Json x = {{"runtime", o.runtimes[r].name},
              {"models", s.models},
              {"cases", case_count(s.total[r])},
              {"counts", counts_json(s.total[r])}};
    if (o.transform) x["transform_counts"] = counts_json(s.transform_total[r]);
    if (several) {
      Json suites = Json::array();
      for (size_t k = 0; k < T; ++k) {
        Json y = {{"suite", target_label(o, k)},
                  {"models", s.models_of[k]},
                  {"cases", s.cases_of[r][k]},
                  {"counts", counts_json(s.by_target[r][k])}};
        if (o.transform) y["transform_counts"] = counts_json(s.transform_by_target[r][k]);
        suites.push_back(std::move(y));
      }
      x["suites"] = std::move(suites);
    }
    per_runtime.push_back(std::move(x));
  }
  // An object of operators, each an object of runtimes whose values `value(per[r])` gives.
  auto by_operator = [&](const auto& table, auto value) {
    Json ops = Json::object();
    for (const auto& [op, per] : table) {
      Json x = Json::object();
      for (size_t r = 0; r < R; ++r) x[o.runtimes[r].name] = value(per[r]);
      ops[op] = std::move(x);
    }
    return ops;
  };
  j["matrix"] = by_operator(s.by_op, counts_json);
  j["precision"] = by_operator(s.precision, [](const Precision& p) {
    Json x = {{"agree", p.cases}, {"max_ulp", json_number(p.ulp)}, {"max_rel", json_number(p.rel)}};
    // [spec:XC11] the operations judged against a bound in the localised cases, and their largest error.
    if (p.bounded_nodes > 0) {
      x["bounded_nodes"] = p.bounded_nodes;
      x["bound_units"] = json_number(p.bound_units);
    }
    return x;
  });
  Json& cases = j["cases"] = Json::array();
  for (const auto& c : res.cases) {
    Json x = {{"test", c.key}, {"set", c.set}, {"ops", c.ops}};
    add_verdict(x, c.v);
    if (c.t) {
      x["transform"] = outcome_name(c.t->outcome);
      x["transform_detail"] = case_line(*c.t);
      Json t = Json::object();
      add_verdict(t, *c.t);
      x["transform_verdict"] = std::move(t);
    }
    if (several) x["suite"] = target_label(o, c.target);
    if (c.reduced_nodes > 0) {
      x["reduced_operations"] = c.reduced_nodes;
      x["reduced_operators"] = c.reduced_ops;
      x["reduced_detail"] = c.reduced_detail;
      x["reproducer"] = c.reproducer;
    }
    x["runtime"] = o.runtimes[c.runtime].name;
    x["position"] = c.test;
    x["target"] = c.target;
    // Last, since it may be long (an object per operation of the model).
    if (c.localisation) x["localisation"] = localisation_json(*c.localisation, c.localised_reproducer);
    cases.push_back(std::move(x));
  }
  Json& findings = j["findings"] = Json::array();
  for (const auto& f : s.findings)
    findings.push_back({{"runtime", o.runtimes[f.runtime].name},
                        {"outcome", outcome_name(f.outcome)},
                        {"operators", f.operators},
                        {"cases", f.cases},
                        {"example", f.example->key},
                        {"operations", f.example->reduced_nodes},
                        {"detail", f.example->reduced_detail},
                        {"reproducer", f.example->reproducer}});
  return json_text(j, {"runtimes", "matrix", "precision", "cases", "findings"});
}

std::string crosscheck_markdown(const Results& res, const Summary& s) {
  const Options& o = res.options;
  const size_t R = o.runtimes.size(), T = o.targets.size();
  std::ostringstream m;
  auto cell = [](std::string x) {
    for (auto& ch : x)
      if (ch == '|') ch = '/';
    return x;
  };
  auto rule = [&](size_t columns) {
    m << "|";
    for (size_t i = 0; i < columns; ++i) m << "---|";
    m << "\n";
  };
  m << "# Cross-check: onnxsem and " << runtime_names(o) << "\n\n"
    << s.models << " models; each case runs once in onnxsem and once in each runtime.\n\n| outcome |";
  for (const auto& rt : o.runtimes) m << " " << rt.name << " |";
  m << "\n";
  rule(R + 1);
  for (int i = 0; i < outcome_count; ++i) {
    m << "| " << outcome_name(static_cast<Outcome>(i)) << " |";
    for (size_t r = 0; r < R; ++r) m << " " << s.total[r][static_cast<size_t>(i)] << " |";
    m << "\n";
  }
  if (T > 1) {
    m << "\n## By suite\n\n| suite | runtime | models | cases |";
    for (int i = 0; i < outcome_count; ++i) m << " " << outcome_name(static_cast<Outcome>(i)) << " |";
    m << "\n";
    rule(4 + outcome_count);
    for (size_t k = 0; k < T; ++k)
      for (size_t r = 0; r < R; ++r) {
        m << "| " << target_label(o, k) << " | " << o.runtimes[r].name << " | " << s.models_of[k] << " | "
          << s.cases_of[r][k] << " |";
        for (int i = 0; i < outcome_count; ++i) m << " " << s.by_target[r][k][static_cast<size_t>(i)] << " |";
        m << "\n";
      }
  }
  m << "\n## Runtime x operator\n\nEach cell: agree / differ / runtime-unsupported / runtime-error (the cases onnxsem "
       "cannot evaluate or refuses are in the JSON report's matrix).\n\n| operator |";
  for (const auto& rt : o.runtimes) m << " " << rt.name << " |";
  m << "\n";
  rule(R + 1);
  for (const auto& [op, per] : s.by_op) {
    m << "| " << op << " |";
    for (size_t r = 0; r < R; ++r)
      m << " " << per[r][0] << " / " << per[r][1] << " / " << per[r][3] << " / " << per[r][2] << " |";
    m << "\n";
  }
  // [spec:XC11] a run that localised its cases adds, per runtime, the largest error in bound units of the
  // operator's operations judged against a bound, over all its localised cases, whatever their outcome.
  bool localised = false;
  for (const auto& c : res.cases) localised = localised || c.localisation.has_value();
  m << "\n## Precision of the agreeing cases\n\nThe largest distance in ULP and the largest relative error among "
       "the cases that agree (within the tolerance of K1), per operator, for the operators where some runtime is "
       "not bit-identical to onnxsem.";
  if (localised)
    m << " Beside them, the largest error in units of the operator's accuracy bound (AC2-AC6) among its operations "
         "in the localised cases (XC11), whatever their outcome, with the number of those operations; \"-\" where "
         "there is none.";
  m << "\n\n| operator |";
  for (const auto& rt : o.runtimes) {
    m << " " << rt.name << " (agree, max ULP, max rel) |";
    if (localised) m << " " << rt.name << " (max bound units, nodes) |";
  }
  m << "\n";
  rule(R * (localised ? 2 : 1) + 1);
  for (const auto& [op, per] : s.precision) {
    bool shown = false;
    for (const auto& p : per) shown = shown || p.ulp > 0 || p.rel > 0 || p.bounded_nodes > 0;
    if (!shown) continue;
    m << "| " << op << " |";
    for (const auto& p : per) {
      std::ostringstream t;
      t.precision(3);
      t << p.cases << ", " << p.ulp << ", " << p.rel;
      m << " " << (p.cases ? t.str() : std::string("-")) << " |";
      if (localised)
        m << " "
          << (p.bounded_nodes ? short_number(p.bound_units) + ", " + std::to_string(p.bounded_nodes) : std::string("-"))
          << " |";
    }
    m << "\n";
  }
  if (!s.findings.empty()) {
    m << "\n## Distinct findings after reduction\n\nThe cases that do not agree, reduced (XC8) and grouped by "
         "runtime, outcome and the operators of the reduced model (XC9).\n\n| runtime | outcome | operators | cases "
         "| example | operations | detail |\n";
    rule(7);
    for (const auto& f : s.findings)
      m << "| " << o.runtimes[f.runtime].name << " | " << outcome_name(f.outcome) << " | " << f.operators << " | "
        << f.cases << " | " << f.example->key << " | " << f.example->reduced_nodes << " | "
        << cell(f.example->reduced_detail) << " |\n";
  }
  m << "\n## Cases that do not agree\n\n| test | set | runtime | outcome | detail |\n";
  rule(5);
  for (const auto& c : res.cases)
    if (c.v.outcome != Outcome::agree)
      m << "| " << c.key << " | " << c.set << " | " << o.runtimes[c.runtime].name << " | " << outcome_name(c.v.outcome)
        << " | " << cell(case_line(c.v)) << " |\n";
  if (localised) {
    m << "\n## Localised cases\n\nEach case judged node by node (XC10, XC11): every operation evaluated by onnxsem "
         "alone, on the runtime's values of its inputs (isolated) or on onnxsem's (cumulative), and the runtime's "
         "values of its outputs judged against the bound of its accuracy clause, or against the tolerance when it "
         "has none. The worst "
      << listed_nodes
      << " operations of each case are listed, those that depart first; the largest error is in ULP of the "
         "reference and in units of the bound.\n";
    for (const auto& c : res.cases) {
      if (!c.localisation) continue;
      const Localisation& l = *c.localisation;
      m << "\n### " << c.key << " [" << c.set << "], " << o.runtimes[c.runtime].name << " (" << mode_name(l.mode)
        << ")\n\n";
      if (l.first_departing && *l.first_departing < l.nodes.size()) {
        const NodeJudgement& n = l.nodes[*l.first_departing];
        m << "First departing node: `" << n.name << "` (" << n.op_type << ", " << node_verdict_name(n.verdict) << ").";
      } else {
        m << "No node departs.";
      }
      if (!c.localised_reproducer.empty()) m << " Saved as " << c.localised_reproducer << ".";
      m << "\n";
      if (!l.missing.empty()) {
        m << "\nValues the runtime did not give (" << l.missing.size() << "):";
        for (size_t i = 0; i < l.missing.size() && i < listed_nodes; ++i)
          m << (i ? ", `" : " `") << l.missing[i] << "`";
        m << (l.missing.size() > listed_nodes ? ", ..." : "") << ".\n";
      }
      if (l.nodes.empty()) continue;
      m << "\n| node | operator | clause | verdict | largest ULP | bound units | detail |\n";
      rule(7);
      const std::vector<size_t> order = worst_nodes_first(l);
      for (size_t k = 0; k < order.size() && k < listed_nodes; ++k) {
        const NodeJudgement& n = l.nodes[order[k]];
        const bool comparable = n.verdict != NodeVerdict::not_comparable;
        m << "| " << cell(n.name) << " | " << n.op_type << " | " << n.clause << " | " << node_verdict_name(n.verdict)
          << " | " << (comparable ? short_number(n.max_ulp) : "-") << " | "
          << (comparable && n.bound_units ? short_number(*n.bound_units) : "-") << " | "
          << cell(n.reference_in_t ? "reference in T" + (n.detail.empty() ? "" : "; " + n.detail) : n.detail) << " |\n";
      }
      if (order.size() > listed_nodes)
        m << "\nAnd " << order.size() - listed_nodes
          << " more: " << verdict_counts(l, std::vector<size_t>(order.begin() + listed_nodes, order.end())) << ".\n";
    }
  }
  return m.str();
}

Outcome outcome_of(const std::string& name) {
  for (int i = 0; i < outcome_count; ++i)
    if (name == outcome_name(static_cast<Outcome>(i))) return static_cast<Outcome>(i);
  throw std::runtime_error("unknown outcome '" + name + "'");
}

Verdict verdict_of(const nlohmann::json& c) {
  Verdict v;
  v.outcome = outcome_of(c.at("outcome").get<std::string>());
  v.detail = c.at("detail").get<std::string>();
  if (c.contains("output")) {
    Difference d;
    d.output = c.at("output").get<size_t>();
    d.max_abs = number_of(c.at("max_abs"));
    d.max_rel = number_of(c.at("max_rel"));
    d.max_ulp = number_of(c.at("max_ulp"));
    d.first_index = c.at("first_index").get<int64_t>();
    d.differing = c.at("differing").get<int64_t>();
    d.spec_value = c.at("spec_value").get<std::string>();
    d.runtime_value = c.at("runtime_value").get<std::string>();
    v.diff = d;
  } else if (v.outcome == Outcome::agree && c.contains("max_ulp")) {
    v.ulp = number_of(c.at("max_ulp"));
    v.rel = number_of(c.at("max_rel"));
  }
  return v;
}

LocaliseMode mode_named(const std::string& name) {
  for (auto m : {LocaliseMode::isolated, LocaliseMode::cumulative})
    if (name == mode_name(m)) return m;
  throw std::runtime_error("unknown localisation mode '" + name + "'");
}

NodeVerdict node_verdict_of(const std::string& name) {
  for (auto v : {NodeVerdict::in_bound, NodeVerdict::out_of_bound, NodeVerdict::in_tolerance,
                 NodeVerdict::out_of_tolerance, NodeVerdict::not_comparable})
    if (name == node_verdict_name(v)) return v;
  throw std::runtime_error("unknown node verdict '" + name + "'");
}

}  // namespace

// [spec:XC10] [spec:XC11] a case's localisation as the JSON report writes it: the mode, the first departing node
// (null when none departs), every operation in the model's order, the values the runtime did not give, and
// where the first departing node was saved.
Json localisation_json(const Localisation& l, const std::string& reproducer) {
  Json x = {{"mode", mode_name(l.mode)}};
  if (l.first_departing && *l.first_departing < l.nodes.size()) {
    const NodeJudgement& n = l.nodes[*l.first_departing];
    x["first_departing_node"] = {{"index", n.index}, {"name", n.name}, {"op_type", n.op_type}};
  } else {
    x["first_departing_node"] = nullptr;
  }
  Json nodes = Json::array();
  for (const auto& n : l.nodes) nodes.push_back(node_json(n));
  x["nodes"] = std::move(nodes);
  x["missing"] = l.missing;
  if (!reproducer.empty()) x["reproducer"] = reproducer;
  return x;
}

std::vector<size_t> worst_nodes_first(const Localisation& l) {
  // A key per operation, smaller for a worse one; a NaN error counts as the largest, so that the order is
  // strict and weak.
  auto largest = [](double x) { return std::isnan(x) ? std::numeric_limits<double>::infinity() : x; };
  auto key = [&](const NodeJudgement& n) {
    const int group = departs(n.verdict) ? 0 : n.verdict == NodeVerdict::not_comparable ? 2 : 1;
    return std::make_tuple(group, n.bound_units ? -largest(*n.bound_units) : 1.0, -largest(n.max_ulp));
  };
  std::vector<size_t> order(l.nodes.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return key(l.nodes[a]) < key(l.nodes[b]); });
  return order;
}

Localisation read_localisation(const nlohmann::json& x) {
  Localisation l;
  l.mode = mode_named(x.at("mode").get<std::string>());
  for (const auto& y : x.at("nodes")) {
    NodeJudgement n;
    n.index = y.at("index").get<size_t>();
    n.name = y.at("name").get<std::string>();
    n.op_type = y.at("op_type").get<std::string>();
    n.clause = y.at("clause").get<std::string>();
    n.verdict = node_verdict_of(y.at("verdict").get<std::string>());
    n.max_ulp = number_of(y.at("max_ulp"));
    if (!y.at("bound_units").is_null()) n.bound_units = number_of(y.at("bound_units"));
    n.reference_in_t = y.value("reference_in_t", false);
    n.detail = y.at("detail").get<std::string>();
    l.nodes.push_back(std::move(n));
  }
  // The first departing node by its position in the graph, which names one operation (its name may not).
  if (const auto& first = x.at("first_departing_node"); !first.is_null()) {
    const auto index = first.at("index").get<size_t>();
    for (size_t i = 0; i < l.nodes.size() && !l.first_departing; ++i)
      if (l.nodes[i].index == index) l.first_departing = i;
    if (!l.first_departing) throw std::runtime_error("the first departing node is not among the nodes");
  }
  l.missing = x.at("missing").get<std::vector<std::string>>();
  return l;
}

void print_case(const Case& c, const std::string& runtime) {
  if (c.v.outcome != Outcome::agree)
    std::cout << outcome_name(c.v.outcome) << ": " << c.key << " [" << c.set << "]: " << case_line(c.v) << "\n";
  if (c.t && c.t->outcome == Outcome::differ)
    std::cout << "transform-differ: " << c.key << " [" << c.set << "]: " << case_line(*c.t) << "\n";
  // [spec:XC11] the first departing node of a localised case, whatever the case's outcome: an operation may be
  // out of its bound in a case whose outputs are within the tolerance.
  if (c.localisation && c.localisation->first_departing &&
      *c.localisation->first_departing < c.localisation->nodes.size()) {
    const NodeJudgement& n = c.localisation->nodes[*c.localisation->first_departing];
    std::cout << "first departing node (" << runtime << "): " << c.key << " [" << c.set << "]: " << n.name << " ("
              << n.op_type << ", " << n.clause << ", " << node_verdict_name(n.verdict) << "): " << n.detail
              << (c.localised_reproducer.empty() ? "" : " (" + c.localised_reproducer + ")") << "\n";
  }
}

void write_crosscheck_reports(const Results& res) {
  const Summary s = summarise(res);
  print_summary(res, s);
  if (!res.options.json_file.empty()) write_text(res.options.json_file, crosscheck_json(res, s));
  if (!res.options.markdown_file.empty()) write_text(res.options.markdown_file, crosscheck_markdown(res, s));
}

Reporter crosscheck_reporter(const Options& o) {
  return Reporter{[&o](const Case& c) {
                    print_case(c, c.runtime < o.runtimes.size() ? o.runtimes[c.runtime].name : "");
                    std::cout.flush();
                  },
                  write_crosscheck_reports};
}

int run_crosscheck(const Options& o, const OperatorTable& ops) { return run(o, ops, crosscheck_reporter(o)); }

bool is_crosscheck_report(const std::string& path) { return read_json(path, "report").contains("crosscheck"); }

Results read_crosscheck_report(const std::string& path) {
  const auto j = read_json(path, "report");
  Results r;
  try {
    const auto& x = j.at("crosscheck");
    Options& o = r.options;
    o.targets = x.at("targets").get<std::vector<std::string>>();
    for (const auto& name : x.at("runtimes")) o.runtimes.push_back(Runtime{name.get<std::string>(), {}});
    o.random_sets = x.at("random").get<int>();
    o.seed = x.at("seed").get<uint64_t>();
    o.filter = x.at("filter").get<std::string>();
    o.optimize = x.at("optimize").get<std::string>();
    o.transform = x.at("transform").get<bool>();
    o.reduce = x.at("reduce").get<bool>();
    if (x.contains("localise")) {
      o.localise = true;
      o.localise_mode = mode_named(x.at("localise").get<std::string>()) == LocaliseMode::cumulative ? 1 : 0;
      o.localise_optimize = x.at("localise_optimize").get<std::string>();
    }
    o.shard = conformance::parse_shard(x.at("shard").get<std::string>(), "the report's shard");
    r.tests.found = x.at("found").get<size_t>();
    for (const auto& t : x.at("tests")) {
      r.tests.positions.push_back(t.at(0).get<size_t>());
      r.tests.target_of.push_back(t.at(1).get<size_t>());
    }
    for (const auto& n : x.at("notes")) r.notes.push_back(Note{n.at(0).get<size_t>(), n.at(1).get<std::string>()});
    std::map<std::string, size_t> runtime_index;
    for (size_t i = 0; i < o.runtimes.size(); ++i) runtime_index[o.runtimes[i].name] = i;
    for (const auto& c : j.at("cases")) {
      Case k;
      k.key = c.at("test").get<std::string>();
      k.set = c.at("set").get<std::string>();
      k.ops = c.at("ops").get<std::string>();
      k.v = verdict_of(c);
      if (c.contains("transform_verdict")) k.t = verdict_of(c.at("transform_verdict"));
      k.test = c.at("position").get<size_t>();
      k.target = c.at("target").get<size_t>();
      k.runtime = runtime_index.at(c.at("runtime").get<std::string>());
      if (c.contains("reduced_operations")) {
        k.reduced_nodes = c.at("reduced_operations").get<size_t>();
        k.reduced_ops = c.at("reduced_operators").get<std::string>();
        k.reduced_detail = c.at("reduced_detail").get<std::string>();
        k.reproducer = c.at("reproducer").get<std::string>();
      }
      if (c.contains("localisation")) {
        k.localisation = read_localisation(c.at("localisation"));
        k.localised_reproducer = c.at("localisation").value("reproducer", std::string());
      }
      r.cases.push_back(std::move(k));
    }
  } catch (const Failure&) {
    throw;
  } catch (const std::exception& e) {
    usage_error("F1",
                "'" + path + "' is not a cross-check report written by onnxsem crosscheck --json (" + e.what() + ")");
  }
  return r;
}

void merge_crosscheck_reports(const std::vector<Results>& parts, const std::string& json_file,
                              const std::string& markdown_file) {
  Results merged = merge_results(parts);
  merged.options.json_file = json_file;
  merged.options.markdown_file = markdown_file;
  write_crosscheck_reports(merged);
}

}  // namespace onnxsem::reports

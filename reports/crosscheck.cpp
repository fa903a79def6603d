// The cross-check's reports (reports/crosscheck.hpp).
#include "reports/crosscheck.hpp"

#include <iostream>
#include <sstream>

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
  j["crosscheck"] = {{"targets", targets},       {"runtimes", runtimes}, {"random", o.random_sets},
                     {"seed", o.seed},           {"filter", o.filter},   {"optimize", o.optimize},
                     {"transform", o.transform}, {"reduce", o.reduce},   {"shard", o.shard.text()},
                     {"found", res.tests.found}, {"tests", tests},       {"notes", notes}};
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
    return Json{{"agree", p.cases}, {"max_ulp", json_number(p.ulp)}, {"max_rel", json_number(p.rel)}};
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
  m << "\n## Precision of the agreeing cases\n\nThe largest distance in ULP and the largest relative error among "
       "the cases that agree (within the tolerance of K1), per operator, for the operators where some runtime is "
       "not bit-identical to onnxsem.\n\n| operator |";
  for (const auto& rt : o.runtimes) m << " " << rt.name << " (agree, max ULP, max rel) |";
  m << "\n";
  rule(R + 1);
  for (const auto& [op, per] : s.precision) {
    bool inexact = false;
    for (const auto& p : per) inexact = inexact || p.ulp > 0 || p.rel > 0;
    if (!inexact) continue;
    m << "| " << op << " |";
    for (const auto& p : per) {
      std::ostringstream t;
      t.precision(3);
      t << p.cases << ", " << p.ulp << ", " << p.rel;
      m << " " << (p.cases ? t.str() : std::string("-")) << " |";
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

}  // namespace

void print_case(const Case& c) {
  if (c.v.outcome != Outcome::agree)
    std::cout << outcome_name(c.v.outcome) << ": " << c.key << " [" << c.set << "]: " << case_line(c.v) << "\n";
  if (c.t && c.t->outcome == Outcome::differ)
    std::cout << "transform-differ: " << c.key << " [" << c.set << "]: " << case_line(*c.t) << "\n";
}

void write_crosscheck_reports(const Results& res) {
  const Summary s = summarise(res);
  print_summary(res, s);
  if (!res.options.json_file.empty()) write_text(res.options.json_file, crosscheck_json(res, s));
  if (!res.options.markdown_file.empty()) write_text(res.options.markdown_file, crosscheck_markdown(res, s));
}

Reporter crosscheck_reporter() {
  return Reporter{[](const Case& c) {
                    print_case(c);
                    std::cout.flush();
                  },
                  write_crosscheck_reports};
}

int run_crosscheck(const Options& o, const OperatorTable& ops) { return run(o, ops, crosscheck_reporter()); }

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

// The cross-check's reports (spec/conformance.md, XC7).
#include "crosscheck/report.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <numeric>
#include <sstream>
#include <tuple>

#include <nlohmann/json.hpp>

#include "conformance/sweep.hpp"
#include "semantics/error.hpp"

namespace onnxsem::crosscheck {
namespace {
using conformance::json_string;

void json_number(std::ostream& o, double x) {
  if (std::isfinite(x)) o << number_text(x);
  else json_string(o, std::isnan(x) ? "nan" : (x > 0 ? "inf" : "-inf"));
}

// A verdict's fields: "outcome", "detail", the measured difference of a differing case, and how close an
// agreeing case came (only when not bit-identical).
void verdict_json(std::ostream& j, const Verdict& v) {
  j << "\"outcome\": \"" << outcome_name(v.outcome) << "\", \"detail\": ";
  json_string(j, v.detail);
  if (v.diff) {
    const auto& d = *v.diff;
    j << ", \"output\": " << d.output << ", \"max_abs\": ";
    json_number(j, d.max_abs);
    j << ", \"max_rel\": ";
    json_number(j, d.max_rel);
    j << ", \"max_ulp\": ";
    json_number(j, d.max_ulp);
    j << ", \"first_index\": " << d.first_index << ", \"differing\": " << d.differing << ", \"spec_value\": ";
    json_string(j, d.spec_value);
    j << ", \"runtime_value\": ";
    json_string(j, d.runtime_value);
  }
  if (v.outcome == Outcome::agree && (v.ulp > 0 || v.rel > 0)) {
    j << ", \"max_ulp\": ";
    json_number(j, v.ulp);
    j << ", \"max_rel\": ";
    json_number(j, v.rel);
  }
}

}  // namespace

void print_case(const Case& c) {
  if (c.v.outcome != Outcome::agree)
    std::cout << outcome_name(c.v.outcome) << ": " << c.key << " [" << c.set << "]: " << case_line(c.v) << "\n";
  if (c.t && c.t->outcome == Outcome::differ)
    std::cout << "transform-differ: " << c.key << " [" << c.set << "]: " << case_line(*c.t) << "\n";
}

void report(const Options& o, const TestList& tests, const std::vector<Case>& cases, const std::vector<Note>& notes) {
  const std::vector<size_t>& target_of = tests.target_of;
  auto label = [&](size_t k) -> const std::string& {
    return k < o.labels.size() && !o.labels[k].empty() ? o.labels[k] : o.targets[k];
  };
  const size_t R = o.runtimes.size();
  const size_t models = target_of.size();
  // Summaries per runtime: totals, per target, per operator (the runtime x operator matrix), and how close
  // the agreeing cases came per operator (the precision table).
  using Counts = std::array<int, outcome_count>;
  struct Precision {
    int cases = 0;
    double ulp = 0, rel = 0;
  };
  const size_t T = o.targets.size();
  std::vector<Counts> total(R), ttotal(R);
  std::vector<std::vector<Counts>> by_target(R, std::vector<Counts>(T)), tby_target(R, std::vector<Counts>(T));
  std::vector<std::vector<int>> cases_of(R, std::vector<int>(T));
  std::vector<int> models_of(T);
  std::map<std::string, std::vector<Counts>> by_op;
  std::map<std::string, std::vector<Precision>> precision;
  for (size_t t : target_of) models_of[t]++;
  for (const auto& c : cases) {
    const size_t r = c.runtime, k = static_cast<size_t>(c.v.outcome);
    total[r][k]++;
    by_target[r][c.target][k]++;
    cases_of[r][c.target]++;
    if (c.t) {
      ttotal[r][static_cast<size_t>(c.t->outcome)]++;
      tby_target[r][c.target][static_cast<size_t>(c.t->outcome)]++;
    }
    std::stringstream ss(c.ops);
    std::string op;
    while (ss >> op) {
      auto& counts = by_op[op];
      counts.resize(R);
      counts[r][k]++;
      if (c.v.outcome == Outcome::agree) {
        auto& p = precision[op];
        p.resize(R);
        p[r].cases++;
        p[r].ulp = std::max(p[r].ulp, c.v.ulp);
        p[r].rel = std::max(p[r].rel, c.v.rel);
      }
    }
  }
  // [spec:XC9] the reduced departures grouped by their signature: runtime, outcome and the operators of
  // the reduced model; each group is one finding, with its first case as the example.
  struct Finding {
    size_t cases = 0;
    const Case* example = nullptr;
  };
  std::map<std::tuple<size_t, int, std::string>, Finding> findings;
  for (const auto& c : cases)
    if (c.reduced_nodes > 0) {
      auto& f = findings[{c.runtime, static_cast<int>(c.v.outcome), c.reduced_ops}];
      if (!f.example) f.example = &c;
      ++f.cases;
    }
  auto counts_text = [](const Counts& a) {
    std::string s;
    for (int i = 0; i < outcome_count; ++i)
      s += (i ? ", " : "") + std::to_string(a[static_cast<size_t>(i)]) + " " + outcome_name(static_cast<Outcome>(i));
    return s;
  };
  auto case_count = [](const Counts& a) { return std::accumulate(a.begin(), a.end(), 0); };
  auto all_agree = [&](const Counts& a) { return a[0] == case_count(a); };
  std::string names;
  for (const auto& rt : o.runtimes) names += (names.empty() ? "" : ", ") + rt.name;
  for (const auto& n : notes) std::cout << "note: " << n.text << "\n";
  std::cout << "operator summary (agree/differ/runtime-error/runtime-unsupported/spec-unsupported/spec-error), "
               "operators with a case that does not agree:\n";
  for (const auto& [op, per] : by_op)
    for (size_t r = 0; r < R; ++r)
      if (!all_agree(per[r])) {
        std::cout << "  " << op << (R > 1 ? " [" + o.runtimes[r].name + "]" : "") << ":";
        for (int i = 0; i < outcome_count; ++i) std::cout << (i ? "/" : " ") << per[r][static_cast<size_t>(i)];
        std::cout << "\n";
      }
  if (!findings.empty()) {
    std::cout << "distinct findings after reduction: " << findings.size() << "\n";
    for (const auto& [sig, f] : findings)
      std::cout << "  " << o.runtimes[std::get<0>(sig)].name << ", "
                << outcome_name(static_cast<Outcome>(std::get<1>(sig))) << ", " << std::get<2>(sig) << ": " << f.cases
                << " case" << (f.cases == 1 ? "" : "s") << ", e.g. " << f.example->key << " reduced to "
                << f.example->reduced_nodes << " operation" << (f.example->reduced_nodes == 1 ? "" : "s") << ": "
                << f.example->reduced_detail
                << (f.example->reproducer.empty() ? "" : " (" + f.example->reproducer + ")") << "\n";
  }
  const bool several = T > 1;
  for (size_t r = 0; r < R; ++r) {
    std::cout << "crosscheck (" << o.runtimes[r].name << "): " << models << " models, " << case_count(total[r])
              << " cases: " << counts_text(total[r]) << "\n";
    if (o.transform) std::cout << "transformed graphs: " << counts_text(ttotal[r]) << "\n";
    if (several)
      for (size_t k = 0; k < T; ++k) {
        std::cout << "  " << label(k) << ": " << models_of[k] << " models, " << cases_of[r][k]
                  << " cases: " << counts_text(by_target[r][k]) << "\n";
        if (o.transform)
          std::cout << "  " << label(k) << ", transformed graphs: " << counts_text(tby_target[r][k]) << "\n";
      }
  }

  if (!o.json_file.empty()) {
    std::ofstream j(o.json_file);
    if (!j) usage_error("F1", "cannot write '" + o.json_file + "'");
    auto counts_json = [&](const Counts& a) {
      j << "{";
      for (int i = 0; i < outcome_count; ++i)
        j << (i ? ", " : "") << '"' << outcome_name(static_cast<Outcome>(i)) << "\": " << a[static_cast<size_t>(i)];
      j << "}";
    };
    j << "{\n  \"runtime\": ";
    json_string(j, names);
    // What the run covered and how, for merging the reports of shards (K16).
    j << ",\n  \"crosscheck\": {\"targets\": [";
    for (size_t k = 0; k < T; ++k) {
      j << (k ? ", " : "");
      json_string(j, label(k));
    }
    j << "], \"runtimes\": [";
    for (size_t r = 0; r < R; ++r) {
      j << (r ? ", " : "");
      json_string(j, o.runtimes[r].name);
    }
    j << "], \"random\": " << o.random_sets << ", \"seed\": " << o.seed << ", \"filter\": ";
    json_string(j, o.filter);
    j << ", \"optimize\": ";
    json_string(j, o.optimize);
    j << ", \"transform\": " << (o.transform ? "true" : "false") << ", \"reduce\": " << (o.reduce ? "true" : "false")
      << ", \"shard\": \"" << o.shard.text() << "\", \"found\": " << tests.found << ",\n    \"tests\": [";
    for (size_t i = 0; i < target_of.size(); ++i)
      j << (i ? ", " : "") << "[" << tests.positions[i] << ", " << target_of[i] << "]";
    j << "],\n    \"notes\": [";
    for (size_t i = 0; i < notes.size(); ++i) {
      j << (i ? ", " : "") << "[" << notes[i].test << ", ";
      json_string(j, notes[i].text);
      j << "]";
    }
    j << "]}";
    j << ",\n  \"runtimes\": [";
    for (size_t r = 0; r < R; ++r) {
      j << (r ? ",\n" : "\n") << "    {\"runtime\": ";
      json_string(j, o.runtimes[r].name);
      j << ", \"models\": " << models << ", \"cases\": " << case_count(total[r]) << ", \"counts\": ";
      counts_json(total[r]);
      if (o.transform) {
        j << ", \"transform_counts\": ";
        counts_json(ttotal[r]);
      }
      if (several) {
        j << ", \"suites\": [";
        for (size_t k = 0; k < T; ++k) {
          j << (k ? ", " : "") << "{\"suite\": ";
          json_string(j, label(k));
          j << ", \"models\": " << models_of[k] << ", \"cases\": " << cases_of[r][k] << ", \"counts\": ";
          counts_json(by_target[r][k]);
          if (o.transform) {
            j << ", \"transform_counts\": ";
            counts_json(tby_target[r][k]);
          }
          j << "}";
        }
        j << "]";
      }
      j << "}";
    }
    // An object of operators, each an object of runtimes whose values `value(per[r])` writes.
    auto by_operator = [&](const auto& table, auto value) {
      bool first = true;
      for (const auto& [op, per] : table) {
        j << (first ? "\n" : ",\n") << "    ";
        first = false;
        json_string(j, op);
        j << ": {";
        for (size_t r = 0; r < R; ++r) {
          j << (r ? ", " : "");
          json_string(j, o.runtimes[r].name);
          j << ": ";
          value(per[r]);
        }
        j << "}";
      }
    };
    j << "\n  ],\n  \"matrix\": {";
    by_operator(by_op, counts_json);
    j << "\n  },\n  \"precision\": {";
    by_operator(precision, [&](const Precision& p) {
      j << "{\"agree\": " << p.cases << ", \"max_ulp\": ";
      json_number(j, p.ulp);
      j << ", \"max_rel\": ";
      json_number(j, p.rel);
      j << "}";
    });
    j << "\n  },\n  \"cases\": [";
    for (size_t n = 0; n < cases.size(); ++n) {
      const auto& c = cases[n];
      j << (n ? ",\n" : "\n") << "    {\"test\": ";
      json_string(j, c.key);
      j << ", \"set\": ";
      json_string(j, c.set);
      j << ", \"ops\": ";
      json_string(j, c.ops);
      j << ", ";
      verdict_json(j, c.v);
      if (c.t) {
        j << ", \"transform\": \"" << outcome_name(c.t->outcome) << "\", \"transform_detail\": ";
        json_string(j, case_line(*c.t));
        j << ", \"transform_verdict\": {";
        verdict_json(j, *c.t);
        j << "}";
      }

      if (several) {
        j << ", \"suite\": ";
        json_string(j, label(c.target));
      }
      if (c.reduced_nodes > 0) {
        j << ", \"reduced_operations\": " << c.reduced_nodes << ", \"reduced_operators\": ";
        json_string(j, c.reduced_ops);
        j << ", \"reduced_detail\": ";
        json_string(j, c.reduced_detail);
        j << ", \"reproducer\": ";
        json_string(j, c.reproducer);
      }
      j << ", \"runtime\": ";
      json_string(j, o.runtimes[c.runtime].name);
      j << ", \"position\": " << c.test << ", \"target\": " << c.target << "}";
    }
    j << "\n  ],\n  \"findings\": [";
    bool first_finding = true;
    for (const auto& [sig, f] : findings) {
      j << (first_finding ? "\n" : ",\n") << "    {\"runtime\": ";
      first_finding = false;
      json_string(j, o.runtimes[std::get<0>(sig)].name);
      j << ", \"outcome\": \"" << outcome_name(static_cast<Outcome>(std::get<1>(sig))) << "\", \"operators\": ";
      json_string(j, std::get<2>(sig));
      j << ", \"cases\": " << f.cases << ", \"example\": ";
      json_string(j, f.example->key);
      j << ", \"operations\": " << f.example->reduced_nodes << ", \"detail\": ";
      json_string(j, f.example->reduced_detail);
      j << ", \"reproducer\": ";
      json_string(j, f.example->reproducer);
      j << "}";
    }
    j << (findings.empty() ? "]\n}\n" : "\n  ]\n}\n");
  }
  if (!o.markdown_file.empty()) {
    std::ofstream m(o.markdown_file);
    if (!m) usage_error("F1", "cannot write '" + o.markdown_file + "'");
    auto cell = [](std::string s) {
      for (auto& ch : s)
        if (ch == '|') ch = '/';
      return s;
    };
    auto rule = [&](size_t columns) {
      m << "|";
      for (size_t i = 0; i < columns; ++i) m << "---|";
      m << "\n";
    };
    m << "# Cross-check: onnxsem and " << names << "\n\n"
      << models << " models; each case runs once in onnxsem and once in each runtime.\n\n| outcome |";
    for (const auto& rt : o.runtimes) m << " " << rt.name << " |";
    m << "\n";
    rule(R + 1);
    for (int i = 0; i < outcome_count; ++i) {
      m << "| " << outcome_name(static_cast<Outcome>(i)) << " |";
      for (size_t r = 0; r < R; ++r) m << " " << total[r][static_cast<size_t>(i)] << " |";
      m << "\n";
    }
    if (several) {
      m << "\n## By suite\n\n| suite | runtime | models | cases |";
      for (int i = 0; i < outcome_count; ++i) m << " " << outcome_name(static_cast<Outcome>(i)) << " |";
      m << "\n";
      rule(4 + outcome_count);
      for (size_t k = 0; k < T; ++k)
        for (size_t r = 0; r < R; ++r) {
          m << "| " << label(k) << " | " << o.runtimes[r].name << " | " << models_of[k] << " | " << cases_of[r][k]
            << " |";
          for (int i = 0; i < outcome_count; ++i) m << " " << by_target[r][k][static_cast<size_t>(i)] << " |";
          m << "\n";
        }
    }
    m << "\n## Runtime x operator\n\nEach cell: agree / differ / runtime-unsupported / runtime-error (the cases onnxsem "
         "cannot evaluate or refuses are in the JSON report's matrix).\n\n| operator |";
    for (const auto& rt : o.runtimes) m << " " << rt.name << " |";
    m << "\n";
    rule(R + 1);
    for (const auto& [op, per] : by_op) {
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
    for (const auto& [op, per] : precision) {
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
    if (!findings.empty()) {
      m << "\n## Distinct findings after reduction\n\nThe cases that do not agree, reduced (XC8) and grouped by "
           "runtime, outcome and the operators of the reduced model (XC9).\n\n| runtime | outcome | operators | cases "
           "| example | operations | detail |\n";
      rule(7);
      for (const auto& [sig, f] : findings)
        m << "| " << o.runtimes[std::get<0>(sig)].name << " | " << outcome_name(static_cast<Outcome>(std::get<1>(sig)))
          << " | " << std::get<2>(sig) << " | " << f.cases << " | " << f.example->key << " | "
          << f.example->reduced_nodes << " | " << cell(f.example->reduced_detail) << " |\n";
    }
    m << "\n## Cases that do not agree\n\n| test | set | runtime | outcome | detail |\n";
    rule(5);
    for (const auto& c : cases)
      if (c.v.outcome != Outcome::agree)
        m << "| " << c.key << " | " << c.set << " | " << o.runtimes[c.runtime].name << " | "
          << outcome_name(c.v.outcome) << " | " << cell(case_line(c.v)) << " |\n";
  }
}

}  // namespace onnxsem::crosscheck

namespace onnxsem::crosscheck {
namespace {

double number_of(const nlohmann::json& x) {
  if (x.is_string()) {
    const auto s = x.get<std::string>();
    if (s == "nan") return std::nan("");
    return s == "inf" ? INFINITY : -INFINITY;
  }
  return x.get<double>();
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

nlohmann::json parse_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) usage_error("F1", "cannot read the report '" + path + "'");
  try {
    return nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    usage_error("F1", "'" + path + "' is not a JSON report (" + e.what() + ")");
  }
}

}  // namespace

bool is_crosscheck_report(const std::string& path) { return parse_file(path).contains("crosscheck"); }

ReadReport read_crosscheck_report(const std::string& path) {
  const auto j = parse_file(path);
  ReadReport r;
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

void merge_crosscheck_reports(const std::vector<ReadReport>& parts, const std::string& json_file,
                              const std::string& markdown_file) {
  if (parts.empty()) usage_error("K16", "nothing to merge");
  const Options& first = parts.front().options;
  // [spec:K16] the reports must be the N parts of one cross-check: the same targets, runtimes and options,
  // the same N, each part once, together as many tests as the run found, each position once.
  auto names = [](const Options& o) {
    std::vector<std::string> v;
    for (const auto& r : o.runtimes) v.push_back(r.name);
    return v;
  };
  std::vector<conformance::Shard> shards;
  std::vector<std::vector<size_t>> positions;
  for (const auto& p : parts) {
    const Options& o = p.options;
    auto differ = [&](const std::string& what) {
      usage_error("K16", "the reports are not parts of one cross-check: their " + what + " differ (shard " +
                             first.shard.text() + " and shard " + o.shard.text() + ")");
    };
    if (o.targets != first.targets) differ("targets");
    if (names(o) != names(first)) differ("runtimes");
    if (o.random_sets != first.random_sets || o.seed != first.seed) differ("random input sets or seeds");
    if (o.filter != first.filter) differ("filters");
    if (o.optimize != first.optimize || o.transform != first.transform || o.reduce != first.reduce) differ("options");
    if (p.tests.found != parts.front().tests.found) differ("numbers of tests found");
    shards.push_back(o.shard);
    positions.push_back(p.tests.positions);
  }
  TestList list;
  list.found = parts.front().tests.found;
  for (const auto& [part, i] : conformance::merge_order(shards, positions, list.found, "cross-check")) {
    list.positions.push_back(list.target_of.size());
    list.target_of.push_back(parts[part].tests.target_of[i]);
  }
  // Cases and notes in test order, each test's in the order its shard gave them.
  std::vector<Case> cases;
  std::vector<Note> notes;
  for (const auto& p : parts) {
    cases.insert(cases.end(), p.cases.begin(), p.cases.end());
    notes.insert(notes.end(), p.notes.begin(), p.notes.end());
  }
  std::stable_sort(cases.begin(), cases.end(), [](const Case& a, const Case& b) { return a.test < b.test; });
  std::stable_sort(notes.begin(), notes.end(), [](const Note& a, const Note& b) { return a.test < b.test; });
  Options o = first;
  o.shard = conformance::Shard{};
  o.json_file = json_file;
  o.markdown_file = markdown_file;
  o.universe.clear();
  report(o, list, cases, notes);
}

}  // namespace onnxsem::crosscheck

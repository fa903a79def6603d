// The cross-check's results summed up, and merged (crosscheck/results.hpp).
#include "crosscheck/results.hpp"

#include <algorithm>
#include <numeric>
#include <sstream>
#include <tuple>

#include "runtime/error.hpp"

namespace onnxsem::crosscheck {

const std::string& target_label(const Options& o, size_t k) {
  return k < o.labels.size() && !o.labels[k].empty() ? o.labels[k] : o.targets[k];
}

int case_count(const Counts& a) { return std::accumulate(a.begin(), a.end(), 0); }

namespace {

// A judged operation's operator as the cases' operators name it (Case::ops: "Add", "com.example::Op"), so
// that its bound units join the precision of the same operator; NodeJudgement writes a domain with a dot.
std::string judged_operator(const std::string& op_type) {
  const size_t dot = op_type.rfind('.');
  if (dot == std::string::npos || op_type.find("::") != std::string::npos) return op_type;
  return op_type.substr(0, dot) + "::" + op_type.substr(dot + 1);
}

}  // namespace

Summary summarise(const Results& res) {
  const Options& o = res.options;
  const size_t R = o.runtimes.size(), T = o.targets.size();
  Summary s;
  s.models = res.tests.target_of.size();
  s.models_of.assign(T, 0);
  s.total.assign(R, Counts{});
  s.transform_total.assign(R, Counts{});
  s.by_target.assign(R, std::vector<Counts>(T));
  s.transform_by_target.assign(R, std::vector<Counts>(T));
  s.cases_of.assign(R, std::vector<int>(T));
  for (size_t t : res.tests.target_of) s.models_of[t]++;
  for (const auto& c : res.cases) {
    const size_t r = c.runtime, k = static_cast<size_t>(c.v.outcome);
    s.total[r][k]++;
    s.by_target[r][c.target][k]++;
    s.cases_of[r][c.target]++;
    if (c.t) {
      s.transform_total[r][static_cast<size_t>(c.t->outcome)]++;
      s.transform_by_target[r][c.target][static_cast<size_t>(c.t->outcome)]++;
    }
    std::stringstream ss(c.ops);
    std::string op;
    while (ss >> op) {
      auto& counts = s.by_op[op];
      counts.resize(R);
      counts[r][k]++;
      if (c.v.outcome == Outcome::agree) {
        auto& p = s.precision[op];
        p.resize(R);
        p[r].cases++;
        p[r].ulp = std::max(p[r].ulp, c.v.ulp);
        p[r].rel = std::max(p[r].rel, c.v.rel);
      }
    }
    // [spec:XC11] the operations of a localised case judged against a bound (AC2-AC6), whatever the case's
    // outcome: an operator may thus have bounded nodes in a runtime and no agreeing case there.
    if (c.localisation)
      for (const auto& n : c.localisation->nodes)
        if (n.bound_units && n.verdict != NodeVerdict::not_comparable) {
          auto& p = s.precision[judged_operator(n.op_type)];
          p.resize(R);
          p[r].bounded_nodes++;
          p[r].bound_units = std::max(p[r].bound_units, *n.bound_units);
        }
  }
  // [spec:XC9] the reduced departures grouped by their signature: runtime, outcome and the operators of
  // the reduced model; each group is one finding, with its first case as the example.
  std::map<std::tuple<size_t, int, std::string>, FindingGroup> groups;
  for (const auto& c : res.cases)
    if (c.reduced_nodes > 0) {
      auto& f = groups[{c.runtime, static_cast<int>(c.v.outcome), c.reduced_ops}];
      if (!f.example) f = FindingGroup{c.runtime, c.v.outcome, c.reduced_ops, 0, &c};
      ++f.cases;
    }
  for (auto& [sig, f] : groups) s.findings.push_back(std::move(f));
  return s;
}

Results merge_results(const std::vector<Results>& parts) {
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
    if (o.optimize != first.optimize || o.transform != first.transform || o.reduce != first.reduce ||
        o.localise != first.localise || o.localise_mode != first.localise_mode ||
        o.localise_optimize != first.localise_optimize)
      differ("options");
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
  o.universe.clear();
  return Results{o, list, cases, notes};
}

}  // namespace onnxsem::crosscheck

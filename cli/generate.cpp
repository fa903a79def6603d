#include "cli/generate.hpp"

#include <filesystem>
#include <set>
#include <sstream>

#include "semantics/error.hpp"

namespace onnxsem::cli {

Campaign campaign_from(const Args& a, const std::string& count_option) {
  Campaign c;
  const auto range = a.options.equal_range("from");
  for (auto it = range.first; it != range.second; ++it) c.from.push_back(it->second);
  if (c.from.empty()) c.from.push_back("/usr/share/libonnx-testdata/data");
  for (const auto& f : c.from)
    if (!std::filesystem::is_directory(f)) usage_error("F1", "'" + f + "' is not a folder");
  if (auto v = a.get("seed")) c.options.seed = static_cast<uint64_t>(to_int(*v, "--seed"));
  if (auto v = a.get(count_option)) c.count = to_int(*v, "--" + count_option);
  if (auto v = a.get("first")) c.first = to_int(*v, "--first");
  if (c.count < 0 || c.first < 0) usage_error("U2", "--" + count_option + " and --first take counts of 0 or more");
  if (auto v = a.get("size")) {
    const auto dash = v->find('-');
    const int64_t lo = to_int(v->substr(0, dash), "--size");
    const int64_t hi = dash == std::string::npos ? lo : to_int(v->substr(dash + 1), "--size");
    if (lo < 1 || hi < lo || hi > 64) usage_error("U2", "--size takes MIN-MAX operations with 1 <= MIN <= MAX <= 64");
    c.options.min_ops = static_cast<size_t>(lo);
    c.options.max_ops = static_cast<size_t>(hi);
  }
  if (auto v = a.get("ops")) {
    std::stringstream ss(*v);
    std::string op;
    while (std::getline(ss, op, ','))
      if (!op.empty()) c.options.ops.insert(op);
  }
  c.options.targeted = a.has("targeted");
  c.write = !a.has("no-write");
  if (auto v = a.get("shard")) c.shard = conformance::parse_shard(*v);
  if (auto v = a.get("opset")) c.opset = to_int(*v, "--opset");
  return c;
}

CampaignResult run_campaign(const Campaign& c, const std::string& dir, const ops::Registry& reg, std::ostream& out) {
  CampaignResult res;
  res.configs = conformance::read_configs(c.from, c.opset, reg);
  for (const auto& op : c.options.ops)
    if (!res.configs.by_op.count(op))
      usage_error("U2", "--ops: no configuration of '" + op + "' at opset " + std::to_string(res.configs.opset));
  for (int64_t i = c.first; i < c.first + c.count; ++i) {
    // [spec:GN5] a shard of a campaign generates the cases whose index is K modulo N.
    if (i % c.shard.n != c.shard.k) continue;
    const auto g = conformance::generate_case(res.configs, c.options, static_cast<uint64_t>(i), reg);
    if (c.write) conformance::write_case(g, dir);
    ++res.cases;
    res.operations += static_cast<int64_t>(g.ops.size());
    res.attempts += static_cast<int64_t>(g.attempts);
    res.discarded += static_cast<int64_t>(g.discarded);
    for (const auto& op : g.ops) res.used[op]++;
    if (!g.refusals.empty()) {
      ++res.refused;
      for (const auto& why : g.refusals) out << "refused: " << g.name << ": " << why << "\n";
    }
  }
  // Operator coverage: the deterministic ai.onnx operators defined at the opset.
  std::set<std::string> defined, deprecated;
  for (const Signature* s : reg.signatures())
    if (s->domain.empty() && s->since_version <= res.configs.opset && !reg.nondeterministic("", s->op_type))
      (conformance::deprecated_at(reg, s->op_type, res.configs.opset) ? deprecated : defined).insert(s->op_type);
  std::vector<std::string> without_config, never;
  for (const auto& op : defined) {
    if (!res.configs.by_op.count(op)) without_config.push_back(op);
    else if (!res.used.count(op) && (c.options.ops.empty() || c.options.ops.count(op))) never.push_back(op);
  }
  auto list = [](const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
    return s;
  };
  out << "configurations: " << res.configs.configs.size() << " of " << res.configs.by_op.size()
      << " operators at opset " << res.configs.opset << ", from " << res.configs.tests_read
      << " node tests of one operation, " << res.configs.multi_read << " other tests and " << res.configs.builtin_read
      << " built-in calls\n";
  if (!deprecated.empty())
    out << "deprecated at opset " << res.configs.opset
        << " (not counted): " << list(std::vector<std::string>(deprecated.begin(), deprecated.end())) << "\n";
  out << "operators without a configuration (" << without_config.size() << "): " << list(without_config) << "\n";
  if (!never.empty()) out << "operators never generated (" << never.size() << "): " << list(never) << "\n";
  out << "operator coverage: " << res.used.size() << " of " << defined.size()
      << " deterministic ai.onnx operators defined at opset " << res.configs.opset << "\n";
  out << "generated " << res.cases << " models, " << res.operations << " operations (" << res.attempts << " tried, "
      << res.discarded << " discarded), " << res.refused << " refused by check\n";
  return res;
}

}  // namespace onnxsem::cli

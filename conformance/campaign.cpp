// A generation campaign (conformance/campaign.hpp).
#include "conformance/campaign.hpp"

#include <set>

#include "runtime/error.hpp"

namespace onnxsem::conformance {

CampaignResult run_campaign(const Campaign& c, const std::string& dir, const ops::Registry& reg) {
  CampaignResult res;
  res.configs = read_configs(c.from, c.opset, reg);
  for (const auto& op : c.options.ops)
    if (!res.configs.by_op.count(op))
      usage_error("U2", "--ops: no configuration of '" + op + "' at opset " + std::to_string(res.configs.opset));
  for (int64_t i = c.first; i < c.first + c.count; ++i) {
    // [spec:GN5] a shard of a campaign generates the cases whose index is K modulo N.
    if (i % c.shard.n != c.shard.k) continue;
    const auto g = generate_case(res.configs, c.options, static_cast<uint64_t>(i), reg);
    if (c.write) write_case(g, dir);
    ++res.cases;
    res.operations += static_cast<int64_t>(g.ops.size());
    res.attempts += static_cast<int64_t>(g.attempts);
    res.discarded += static_cast<int64_t>(g.discarded);
    for (const auto& op : g.ops) res.used[op]++;
    if (!g.refusals.empty()) {
      ++res.refused;
      for (const auto& why : g.refusals) res.refusals.emplace_back(g.name, why);
    }
  }
  // Operator coverage: the deterministic ai.onnx operators defined at the opset.
  std::set<std::string> defined, deprecated;
  for (const Signature* s : reg.signatures())
    if (s->domain.empty() && s->since_version <= res.configs.opset && !reg.nondeterministic("", s->op_type))
      (deprecated_at(reg, s->op_type, res.configs.opset) ? deprecated : defined).insert(s->op_type);
  res.defined = defined.size();
  res.deprecated.assign(deprecated.begin(), deprecated.end());
  for (const auto& op : defined) {
    if (!res.configs.by_op.count(op)) res.without_config.push_back(op);
    else if (!res.used.count(op) && (c.options.ops.empty() || c.options.ops.count(op))) res.never.push_back(op);
  }
  return res;
}

}  // namespace onnxsem::conformance

// A generation campaign printed (reports/campaign.hpp).
#include "reports/campaign.hpp"

namespace onnxsem::reports {

void print_campaign(std::ostream& out, const conformance::CampaignResult& res) {
  auto list = [](const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
    return s;
  };
  for (const auto& [name, why] : res.refusals) out << "refused: " << name << ": " << why << "\n";
  out << "configurations: " << res.configs.configs.size() << " of " << res.configs.by_op.size()
      << " operators at opset " << res.configs.opset << ", from " << res.configs.tests_read
      << " node tests of one operation, " << res.configs.multi_read << " other tests and " << res.configs.builtin_read
      << " built-in calls\n";
  if (!res.deprecated.empty())
    out << "deprecated at opset " << res.configs.opset << " (not counted): " << list(res.deprecated) << "\n";
  out << "operators without a configuration (" << res.without_config.size() << "): " << list(res.without_config)
      << "\n";
  if (!res.never.empty()) out << "operators never generated (" << res.never.size() << "): " << list(res.never) << "\n";
  out << "operator coverage: " << res.used.size() << " of " << res.defined
      << " deterministic ai.onnx operators defined at opset " << res.configs.opset << "\n";
  out << "generated " << res.cases << " models, " << res.operations << " operations (" << res.attempts << " tried, "
      << res.discarded << " discarded), " << res.refused << " refused by check\n";
}

}  // namespace onnxsem::reports

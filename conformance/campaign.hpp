// A generation campaign (`onnxsem generate`, `crosscheck --generate`; docs/generate.md, spec/conformance.md
// GN1-GN5): its options, and what it generated, refused and covered. Plain data: reports/campaign.hpp prints it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "conformance/generate.hpp"
#include "conformance/shard.hpp"
#include "ops/registry.hpp"

namespace onnxsem::conformance {

struct Campaign {
  std::vector<std::string> from;  // suites of the node configurations
  GenerateOptions options;
  int64_t opset = 0;
  int64_t first = 0, count = 100;
  Shard shard;
  bool write = true;  // false (--no-write): generate and count only, nothing written
};

struct CampaignResult {
  ConfigSet configs;
  int64_t cases = 0, operations = 0, attempts = 0, discarded = 0, refused = 0;
  std::map<std::string, int64_t> used;                        // operator -> operations generated
  std::vector<std::pair<std::string, std::string>> refusals;  // (case, why check refused it), GN4
  // Operator coverage: the deterministic ai.onnx operators defined at the opset, those deprecated there (not
  // counted), those without a configuration, and those never generated.
  size_t defined = 0;
  std::vector<std::string> deprecated, without_config, never;
};

// Generates the campaign's cases of its shard into `dir` (test folders of the suite's layout; nothing with
// `write` false) and counts what it generated.
[[nodiscard]] CampaignResult run_campaign(const Campaign& c, const std::string& dir, const ops::Registry& reg);

}  // namespace onnxsem::conformance

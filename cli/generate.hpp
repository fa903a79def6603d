// `onnxsem generate` and `crosscheck --generate` (docs/generate.md): the options of a
// generation campaign, and the campaign itself (spec/conformance.md, GN1-GN5).
#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "cli/args.hpp"
#include "conformance/generate.hpp"
#include "conformance/shard.hpp"
#include "ops/registry.hpp"

namespace onnxsem::cli {

struct Campaign {
  std::vector<std::string> from;  // suites of the node configurations
  conformance::GenerateOptions options;
  int64_t opset = 0;
  int64_t first = 0, count = 100;
  conformance::Shard shard;
  bool write = true;  // false (--no-write): generate and count only, nothing written
};

// The campaign options: --from (repeatable; Debian's suite by default), --seed, --first, --opset, --ops,
// --size MIN-MAX, --targeted, --shard; `count_option` names the option that gives the count.
[[nodiscard]] Campaign campaign_from(const Args& a, const std::string& count_option);

// The options a campaign takes, valued and flags, for the argument parser.
inline const std::vector<std::string> campaign_options = {"first", "from", "opset", "ops", "size", "shard"};

struct CampaignResult {
  conformance::ConfigSet configs;
  int64_t cases = 0, operations = 0, attempts = 0, discarded = 0, refused = 0;
  std::map<std::string, int64_t> used;  // operator -> operations generated
};

// Generates the campaign's cases of its shard into `dir` (test folders of the suite's layout; nothing with
// --no-write), printing each
// refusal (GN4) on `out`, then the configurations and the operator coverage.
CampaignResult run_campaign(const Campaign& c, const std::string& dir, const ops::Registry& reg, std::ostream& out);

}  // namespace onnxsem::cli

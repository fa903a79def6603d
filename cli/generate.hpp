// `onnxsem generate` and `crosscheck --generate` (docs/generate.md): the options of a generation campaign
// read from the command line; the campaign itself is conformance/campaign.hpp (spec/conformance.md, GN1-GN5).
#pragma once

#include <string>
#include <vector>

#include "cli/args.hpp"
#include "conformance/campaign.hpp"

namespace onnxsem::cli {

// The campaign options: --from (repeatable; Debian's suite by default), --seed, --first, --opset, --ops,
// --size MIN-MAX, --targeted, --shard; `count_option` names the option that gives the count.
[[nodiscard]] conformance::Campaign campaign_from(const Args& a, const std::string& count_option);

// The options a campaign takes, valued and flags, for the argument parser.
inline const std::vector<std::string> campaign_options = {"first", "from", "opset", "ops", "size", "shard"};

}  // namespace onnxsem::cli

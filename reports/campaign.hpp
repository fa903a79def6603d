// What a generation campaign did (conformance/campaign.hpp), printed: each refusal (GN4), the configurations
// and the operator coverage, and the totals.
#pragma once

#include <ostream>

#include "conformance/campaign.hpp"

namespace onnxsem::reports {

void print_campaign(std::ostream& out, const conformance::CampaignResult& res);

}  // namespace onnxsem::reports

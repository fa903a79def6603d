// Tests of the loss family's registration.
#include <doctest/doctest.h>

#include <algorithm>

#include "ops/registry.hpp"

TEST_CASE("the loss family registers only operators ONNX defines") {
  onnxsem::ops::Registry r;
  onnxsem::ops::add_loss(r);
  for (const auto& [domain, op, since] : r.implemented()) {
    const auto v = onnxsem::ops::onnx_defined_versions(domain, op);
    CHECK(std::find(v.begin(), v.end(), since) != v.end());
  }
}

TEST_CASE("the loss family registers every version of its operators") {
  onnxsem::ops::Registry r;
  onnxsem::ops::add_loss(r);
  for (const auto& [domain_name, op_name] :
       std::vector<std::pair<std::string, std::string>>{{"", "NegativeLogLikelihoodLoss"},
                                                        {"", "SoftmaxCrossEntropyLoss"},
                                                        {"ai.onnx.preview.training", "Adagrad"},
                                                        {"ai.onnx.preview.training", "Adam"},
                                                        {"ai.onnx.preview.training", "Momentum"}}) {
    const std::string& domain = domain_name;  // plain variables: clang 14 cannot capture structured bindings
    const std::string& op = op_name;
    const auto v = onnxsem::ops::onnx_defined_versions(domain, op);
    CHECK(!v.empty());
    for (int64_t since : v) {
      INFO(domain << "::" << op << " version " << since);
      CHECK(r.kernel(domain, op, since) != nullptr);
    }
  }
}

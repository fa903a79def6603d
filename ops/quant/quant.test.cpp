// Tests of the quant family's registration.
#include <doctest/doctest.h>

#include <algorithm>

#include "ops/registry.hpp"

TEST_CASE("the quant family registers only operators ONNX defines") {
  onnxsem::ops::Registry r;
  onnxsem::ops::add_quant(r);
  for (const auto& [domain, op, since] : r.implemented()) {
    const auto v = onnxsem::ops::onnx_defined_versions(domain, op);
    CHECK(std::find(v.begin(), v.end(), since) != v.end());
  }
}

TEST_CASE("the quant family implements every version of its operators") {
  onnxsem::ops::Registry r;
  onnxsem::ops::add_quant(r);
  for (const char* op :
       {"QuantizeLinear", "DequantizeLinear", "DynamicQuantizeLinear", "QLinearMatMul", "ConvInteger", "QLinearConv"}) {
    const auto v = onnxsem::ops::onnx_defined_versions("", op);
    CHECK(!v.empty());
    for (int64_t since : v) CHECK_MESSAGE(r.kernel("", op, since) != nullptr, op << " " << since);
  }
}

// ONNX's operator catalog (spec/opsets.md): which operator sets exist and at which since-versions ONNX
// defines each operator. onnx_defined_versions (declared in ops/registry.hpp) answers the second question;
// this header adds the first.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace onnxsem::ops {

// The versions of an operator set that ONNX publishes (clause O3): first and last, both inclusive.
struct DomainVersions {
  int64_t first = 0;
  int64_t last = 0;
};

// The published version range of `domain` ("" and "ai.onnx" name the same domain, clause O2), or nullopt
// when ONNX publishes no operator set of that name.
[[nodiscard]] std::optional<DomainVersions> onnx_domain_versions(std::string_view domain);

}  // namespace onnxsem::ops

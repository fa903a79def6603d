// ONNX's list of operator versions (spec/opsets.md, O3 and O4; used by O1 and W4): which operator sets
// ONNX publishes, which (domain, op_type) it defines and at which since-versions. The data are facts of
// ONNX's operator changelog, kept in catalog_data.inc.
#include "ops/catalog/catalog.hpp"

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ops/registry.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops {
namespace {
struct Entry {
  const char* domain;
  const char* op_type;
  std::vector<int64_t> versions;
};

using Table = std::map<std::pair<std::string, std::string>, std::vector<int64_t>, std::less<>>;

const Table& catalog() {
  // [spec:O4] ONNX's since-versions of every operator it lists, deprecated ones included.
  ONNXSEM_CLAUSE(O4);
  static const Table table = [] {
    const Entry entries[] = {
#include "ops/catalog/catalog_data.inc"
    };
    Table m;
    for (const auto& e : entries) m[{e.domain, e.op_type}] = e.versions;
    return m;
  }();
  return table;
}

// "" and "ai.onnx" are one domain (O2); the catalog keys it as "".
std::string_view catalog_domain(std::string_view domain) { return domain == "ai.onnx" ? std::string_view() : domain; }
}  // namespace

std::vector<int64_t> onnx_defined_versions(std::string_view domain, std::string_view op_type) {
  auto it = catalog().find(std::make_pair(std::string(catalog_domain(domain)), std::string(op_type)));
  return it == catalog().end() ? std::vector<int64_t>{} : it->second;
}

std::optional<DomainVersions> onnx_domain_versions(std::string_view domain) {
  // [spec:O3] the operator sets ONNX publishes and their version ranges.
  ONNXSEM_CLAUSE(O3);
  static const std::map<std::string, DomainVersions, std::less<>> sets = {
      {"", {1, 28}},
      {"ai.onnx.ml", {1, 5}},
      {"ai.onnx.preview.training", {1, 1}},
      {"ai.onnx.training", {1, 1}},
      {"ai.onnx.preview", {1, 1}},
  };
  auto it = sets.find(catalog_domain(domain));
  if (it == sets.end()) return std::nullopt;
  return it->second;
}

}  // namespace onnxsem::ops

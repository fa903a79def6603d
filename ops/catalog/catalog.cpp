// ONNX's list of operator versions (spec/graph.md, O1 and W4): which (domain, op_type) ONNX defines and at
// which since-versions. The data are facts of ONNX's operator changelog, kept in catalog_data.inc.
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {
struct Entry {
  const char* domain;
  const char* op_type;
  std::vector<int64_t> versions;
};

const std::map<std::pair<std::string, std::string>, std::vector<int64_t>, std::less<>>& catalog() {
  static const auto table = [] {
    const Entry entries[] = {
#include "ops/catalog/catalog_data.inc"
    };
    std::map<std::pair<std::string, std::string>, std::vector<int64_t>, std::less<>> m;
    for (const auto& e : entries) m[{e.domain, e.op_type}] = e.versions;
    return m;
  }();
  return table;
}
}  // namespace

std::vector<int64_t> onnx_defined_versions(std::string_view domain, std::string_view op_type) {
  auto it = catalog().find(std::make_pair(std::string(domain), std::string(op_type)));
  return it == catalog().end() ? std::vector<int64_t>{} : it->second;
}

}  // namespace onnxsem::ops

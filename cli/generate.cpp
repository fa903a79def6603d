#include "cli/generate.hpp"

#include <filesystem>
#include <sstream>

#include "runtime/error.hpp"

namespace onnxsem::cli {

conformance::Campaign campaign_from(const Args& a, const std::string& count_option) {
  conformance::Campaign c;
  const auto range = a.options.equal_range("from");
  for (auto it = range.first; it != range.second; ++it) c.from.push_back(it->second);
  if (c.from.empty()) c.from.push_back("/usr/share/libonnx-testdata/data");
  for (const auto& f : c.from)
    if (!std::filesystem::is_directory(f)) usage_error("F1", "'" + f + "' is not a folder");
  if (auto v = a.get("seed")) c.options.seed = static_cast<uint64_t>(to_int(*v, "--seed"));
  if (auto v = a.get(count_option)) c.count = to_int(*v, "--" + count_option);
  if (auto v = a.get("first")) c.first = to_int(*v, "--first");
  if (c.count < 0 || c.first < 0) usage_error("U2", "--" + count_option + " and --first take counts of 0 or more");
  if (auto v = a.get("size")) {
    const auto dash = v->find('-');
    const int64_t lo = to_int(v->substr(0, dash), "--size");
    const int64_t hi = dash == std::string::npos ? lo : to_int(v->substr(dash + 1), "--size");
    if (lo < 1 || hi < lo || hi > 64) usage_error("U2", "--size takes MIN-MAX operations with 1 <= MIN <= MAX <= 64");
    c.options.min_ops = static_cast<size_t>(lo);
    c.options.max_ops = static_cast<size_t>(hi);
  }
  if (auto v = a.get("ops")) {
    std::stringstream ss(*v);
    std::string op;
    while (std::getline(ss, op, ','))
      if (!op.empty()) c.options.ops.insert(op);
  }
  c.options.targeted = a.has("targeted");
  c.write = !a.has("no-write");
  if (auto v = a.get("shard")) c.shard = conformance::parse_shard(*v);
  if (auto v = a.get("opset")) c.opset = to_int(*v, "--opset");
  return c;
}

}  // namespace onnxsem::cli

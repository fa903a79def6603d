// The operator table (spec/ops.md, "Registry").
#include "ops/registry.hpp"

#include <algorithm>
#include <set>

#include "runtime/coverage.hpp"
#include "runtime/error.hpp"

namespace onnxsem::ops {

void Registry::add(std::string domain, std::string op_type, std::initializer_list<int64_t> since_versions, Kernel k,
                   CodeSite where) {
  // The compiler names the file as the build saw it (e.g. "../ops/nn/conv.cpp"): keep it from "ops/" on.
  std::string file = where.file;
  if (auto at = file.rfind("ops/"); at != std::string::npos) file = file.substr(at);
  for (int64_t v : since_versions) {
    if (!kernels_.emplace(std::make_tuple(domain, op_type, v), k).second)
      throw Failure(Error{ErrorKind::internal, "O1",
                          domain + "::" + op_type + "-" + std::to_string(v) + " is registered twice (" + file + ":" +
                              std::to_string(where.line) + " and " + sites_[{domain, op_type, v}] + ")"});
    sites_[{domain, op_type, v}] = file + ":" + std::to_string(where.line);
  }
}

std::string Registry::registered_at(std::string_view domain, std::string_view op_type, int64_t since) const {
  auto it = sites_.find(std::make_tuple(std::string(domain), std::string(op_type), since));
  return it == sites_.end() ? std::string() : it->second;
}

std::vector<int64_t> Registry::defined_versions(std::string_view domain, std::string_view op_type) const {
  return onnx_defined_versions(domain, op_type);
}

const Kernel* Registry::kernel(std::string_view domain, std::string_view op_type, int64_t since_version) const {
  auto it = kernels_.find(std::make_tuple(std::string(domain), std::string(op_type), since_version));
  return it == kernels_.end() ? nullptr : &it->second;
}

bool Registry::nondeterministic(std::string_view domain, std::string_view op_type) const {
  // [spec:R2] operators whose result is drawn at random.
  ONNXSEM_CLAUSE(R2);
  static constexpr std::string_view random_ops[] = {"RandomNormal",      "RandomUniform", "RandomNormalLike",
                                                    "RandomUniformLike", "Bernoulli",     "Multinomial"};
  return domain.empty() && std::find(std::begin(random_ops), std::end(random_ops), op_type) != std::end(random_ops);
}

const Signature* Registry::signature(std::string_view domain, std::string_view op_type, int64_t since) const {
  auto it = signatures_.find(std::make_tuple(std::string(domain), std::string(op_type), since));
  return it == signatures_.end() ? nullptr : &it->second;
}

const ShapeRule* Registry::shape_rule(std::string_view domain, std::string_view op_type, int64_t since) const {
  auto it = shape_rules_.find(std::make_tuple(std::string(domain), std::string(op_type), since));
  return it == shape_rules_.end() ? nullptr : &it->second;
}

void Registry::describe(std::string_view text) {
  auto parsed = parse_signatures(text);
  // [spec:TY1] one signature per operator version: a second one, in this text or an earlier one, is a
  // mistake in the signature files, refused before any of the text is taken.
  std::set<std::tuple<std::string, std::string, int64_t>> keys;
  for (const auto& s : parsed) {
    auto key = std::make_tuple(s.domain, s.op_type, s.since_version);
    if (signatures_.count(key) || !keys.insert(std::move(key)).second)
      throw Failure(
          Error{ErrorKind::internal, "TY1", "signature text: " + s.name() + " is described twice", {}, {}, {}});
  }
  for (auto& s : parsed) {
    auto key = std::make_tuple(s.domain, s.op_type, s.since_version);
    signatures_.emplace(std::move(key), std::move(s));
  }
}

void Registry::shape_rule(std::string domain, std::string op_type, std::initializer_list<int64_t> since_versions,
                          ShapeRule rule) {
  for (int64_t v : since_versions) {
    auto key = std::make_tuple(domain, op_type, v);
    const char* wrong = !kernels_.count(key) ? " has a shape rule but no kernel" : nullptr;
    if (!wrong && !shape_rules_.emplace(std::move(key), rule).second) wrong = " has two shape rules";
    if (wrong)
      throw Failure(Error{ErrorKind::internal, "TY5", domain + "::" + op_type + "-" + std::to_string(v) + wrong});
  }
}

void Registry::shape_rule(std::string domain, std::string op_type, ShapeRule rule) {
  bool any = false;
  for (auto it = kernels_.lower_bound(std::make_tuple(domain, op_type, int64_t{0}));
       it != kernels_.end() && std::get<0>(it->first) == domain && std::get<1>(it->first) == op_type; ++it) {
    any = true;
    if (!shape_rules_.emplace(it->first, rule).second)
      throw Failure(
          Error{ErrorKind::internal, "TY5",
                domain + "::" + op_type + "-" + std::to_string(std::get<2>(it->first)) + " has two shape rules"});
  }
  if (!any)
    throw Failure(Error{ErrorKind::internal, "TY5", domain + "::" + op_type + " has a shape rule but no kernel"});
}

std::vector<const Signature*> Registry::signatures() const {
  std::vector<const Signature*> out;
  for (const auto& [key, s] : signatures_) out.push_back(&s);
  return out;
}

std::vector<std::tuple<std::string, std::string, int64_t>> Registry::implemented() const {
  std::vector<std::tuple<std::string, std::string, int64_t>> out;
  for (const auto& [key, k] : kernels_) out.push_back(key);
  return out;
}

}  // namespace onnxsem::ops

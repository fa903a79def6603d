// The signature comparison with libonnx (spec/types.md, TY1): for every operator version that both onnxsem's
// registry and libonnx's schema registry know (same domain, operator, since-version), compares the arity,
// whether the version is deprecated, the formals (name, form, type), the type variables' sets of allowed types
// and the attributes (name, type, required). Every difference must be listed, with its reason, in the known-differences file; the program
// fails (exit 1) when one is not listed or a listed one no longer occurs.
//
//   libonnx_signatures EXPECTED.tsv [--write FILE]
//
// A line of the file: operator version, what differs, onnxsem's value, libonnx's value, the reason (tabs).
// --write writes the differences observed, keeping the reasons of those already listed.
#include <onnx/defs/schema.h>

#include <algorithm>
#include <climits>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "ops/registry.hpp"
#include "values/signature.hpp"

namespace {

using onnxsem::Formal;
using onnxsem::Signature;

struct Difference {
  std::string version, what, ours, theirs;
  [[nodiscard]] std::string key() const { return version + '\t' + what + '\t' + ours + '\t' + theirs; }
};

// A type as type_text writes it; libonnx may space its map types ("map(int64, float)").
std::string normal_type(std::string s) {
  std::erase(s, ' ');
  auto t = onnxsem::parse_type(s);
  return t ? onnxsem::type_text(*t) : s;
}

std::string bound(size_t n) { return n == onnxsem::unbounded ? "inf" : std::to_string(n); }
std::string bound(int n) { return n == INT_MAX ? "inf" : std::to_string(n); }

const char* form_text(Formal::Form f) {
  switch (f) {
    case Formal::Form::single: return "single";
    case Formal::Form::optional: return "optional";
    case Formal::Form::variadic: return "variadic";
    case Formal::Form::variadic_mixed: return "variadic-mixed";
  }
  return "?";
}

const char* form_text(const onnx::OpSchema::FormalParameter& p) {
  switch (p.GetOption()) {
    case onnx::OpSchema::Single: return "single";
    case onnx::OpSchema::Optional: return "optional";
    case onnx::OpSchema::Variadic: return p.GetIsHomogeneous() ? "variadic" : "variadic-mixed";
  }
  return "?";
}

std::string joined(const std::set<std::string>& s) {
  std::string out;
  for (const auto& x : s) out += (out.empty() ? "" : " ") + x;
  return out.empty() ? "-" : out;
}

// The type text of a formal: its type variable, or the concrete type normalised.
std::string formal_type(const std::string& t, bool is_var) { return is_var ? t : normal_type(t); }

std::vector<Difference> compare(const Signature& ours, const onnx::OpSchema& theirs) {
  std::vector<Difference> out;
  const std::string v = ours.name();
  auto differ = [&](std::string what, std::string a, std::string b) {
    if (a != b) out.push_back({v, std::move(what), std::move(a), std::move(b)});
  };
  differ("inputs min", bound(ours.min_inputs), bound(theirs.min_input()));
  differ("inputs max", bound(ours.max_inputs), bound(theirs.max_input()));
  differ("outputs min", bound(ours.min_outputs), bound(theirs.min_output()));
  differ("outputs max", bound(ours.max_outputs), bound(theirs.max_output()));
  differ("deprecated", ours.deprecated ? "yes" : "no", theirs.Deprecated() ? "yes" : "no");

  std::set<std::string> their_vars;
  for (const auto& c : theirs.typeConstraintParams()) their_vars.insert(c.type_param_str);
  auto formals = [&](const char* side, const std::vector<Formal>& a,
                     const std::vector<onnx::OpSchema::FormalParameter>& b) {
    differ(std::string(side) + "s", std::to_string(a.size()), std::to_string(b.size()));
    for (size_t k = 0; k < a.size() && k < b.size(); ++k) {
      const std::string at = std::string(side) + " " + std::to_string(k) + " ";
      differ(at + "name", a[k].name, b[k].GetName());
      differ(at + "form", form_text(a[k].form), form_text(b[k]));
      differ(at + "type", formal_type(a[k].type, ours.var(a[k].type) != nullptr),
             formal_type(b[k].GetTypeStr(), their_vars.count(b[k].GetTypeStr()) > 0));
    }
  };
  formals("input", ours.inputs, theirs.inputs());
  formals("output", ours.outputs, theirs.outputs());

  std::map<std::string, std::set<std::string>> their_types;
  for (const auto& c : theirs.typeConstraintParams())
    for (const auto& t : c.allowed_type_strs) their_types[c.type_param_str].insert(normal_type(t));
  for (const auto& tv : ours.type_vars) {
    auto it = their_types.find(tv.name);
    if (it == their_types.end()) {
      differ("type " + tv.name, "present", "absent");
      continue;
    }
    std::set<std::string> mine, only_mine, only_theirs;
    for (const auto& t : tv.allowed) mine.insert(onnxsem::type_text(t));
    for (const auto& t : mine)
      if (!it->second.count(t)) only_mine.insert(t);
    for (const auto& t : it->second)
      if (!mine.count(t)) only_theirs.insert(t);
    // Only the types one side allows and the other does not.
    if (!only_mine.empty() || !only_theirs.empty())
      out.push_back({v, "type " + tv.name + " allows", joined(only_mine), joined(only_theirs)});
  }
  for (const auto& [name, types] : their_types)
    if (!ours.var(name)) differ("type " + name, "absent", "present");

  auto attr_text = [](const char* type, bool required) { return std::string(type) + (required ? " required" : ""); };
  for (const auto& a : ours.attributes) {
    auto it = theirs.attributes().find(a.name);
    if (it == theirs.attributes().end()) {
      differ("attr " + a.name, "present", "absent");
      continue;
    }
    const auto their_type = onnxsem::attr_type_text(static_cast<onnxsem::AttrType>(it->second.type));
    differ("attr " + a.name, attr_text(onnxsem::attr_type_text(a.type), a.required),
           attr_text(their_type, it->second.required));
  }
  for (const auto& [name, attr] : theirs.attributes())
    if (!ours.attr(name)) differ("attr " + name, "absent", "present");
  return out;
}

// The known differences: key (the first four fields) -> reason.
std::map<std::string, std::string> read_expected(const std::string& path) {
  std::map<std::string, std::string> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto last = line.rfind('\t');
    if (std::count(line.begin(), line.end(), '\t') != 4) {
      std::cerr << path << ": malformed line: " << line << '\n';
      continue;
    }
    out[line.substr(0, last)] = line.substr(last + 1);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: libonnx_signatures EXPECTED.tsv [--write FILE]\n";
    return 2;
  }
  const std::string expected_path = argv[1];
  const std::string write_path = argc >= 4 && std::string(argv[2]) == "--write" ? argv[3] : "";
  auto expected = read_expected(expected_path);

  const auto& registry = onnxsem::ops::standard_registry();
  const auto& ranges = onnx::OpSchemaRegistry::DomainToVersionRange::Instance().Map();
  std::set<std::tuple<std::string, std::string, int>> ours_known;
  std::vector<Difference> observed;
  std::vector<std::string> not_in_libonnx;  // onnxsem's versions within libonnx's opsets that libonnx lacks
  int compared = 0, equal = 0;
  for (const Signature* s : registry.signatures()) {
    ours_known.insert({s->domain, s->op_type, static_cast<int>(s->since_version)});
    const auto* schema = onnx::OpSchemaRegistry::Schema(s->op_type, static_cast<int>(s->since_version), s->domain);
    if (!schema || schema->since_version() != s->since_version) {
      auto r = ranges.find(s->domain);
      if (r != ranges.end() && s->since_version <= r->second.second) not_in_libonnx.push_back(s->name());
      continue;
    }
    ++compared;
    auto d = compare(*s, *schema);
    if (d.empty()) ++equal;
    observed.insert(observed.end(), d.begin(), d.end());
  }
  // libonnx's versions that onnxsem has no signature for (information: ONNX's list, ops/catalog/, decides
  // which versions exist).
  std::vector<std::string> missing;
  for (const auto& schema : onnx::OpSchemaRegistry::get_all_schemas_with_history())
    if (!ours_known.count({schema.domain(), schema.Name(), schema.since_version()}))
      missing.push_back((schema.domain().empty() ? "" : schema.domain() + "::") + schema.Name() + "-" +
                        std::to_string(schema.since_version()));

  int unlisted = 0, listed = 0;
  std::set<std::string> seen;
  for (const auto& d : observed) {
    seen.insert(d.key());
    if (expected.count(d.key())) {
      ++listed;
    } else {
      ++unlisted;
      std::cout << "difference not listed: " << d.key() << '\n';
    }
  }
  int stale = 0;
  for (const auto& [key, reason] : expected)
    if (!seen.count(key)) {
      ++stale;
      std::cout << "listed difference no longer occurs: " << key << '\n';
    }
  std::cout << "versions compared: " << compared << ", equal: " << equal << ", differences: " << observed.size()
            << " (listed " << listed << ", not listed " << unlisted << "), listed but not observed: " << stale << '\n';
  std::cout << "libonnx versions without an onnxsem signature: " << missing.size();
  for (const auto& m : missing) std::cout << ' ' << m;
  std::cout << '\n' << "onnxsem versions within libonnx's operator sets that libonnx lacks: " << not_in_libonnx.size();
  for (const auto& m : not_in_libonnx) std::cout << ' ' << m;
  std::cout << '\n';

  if (!write_path.empty()) {
    std::ofstream out(write_path);
    out << "# Differences between onnxsem's operator signatures (ops/FAMILY/signatures.txt) and libonnx 1.12's\n"
           "# schemas, checked by the test signatures-libonnx (conformance/libonnx_signatures.cpp).\n"
           "# operator version\twhat differs\tonnxsem\tlibonnx 1.12\treason\n";
    for (const auto& d : observed) {
      auto it = expected.find(d.key());
      out << d.key() << '\t' << (it == expected.end() ? "?" : it->second) << '\n';
    }
  }
  return unlisted == 0 && stale == 0 ? 0 : 1;
}

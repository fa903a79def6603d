// Printing for people (reports/print.hpp).
#include "reports/print.hpp"

#include <cstdio>
#include <ostream>
#include <sstream>

#include "values/dispatch.hpp"
#include "values/numeric.hpp"

namespace onnxsem::reports {

std::string format_value(const Value& v, size_t limit) {
  if (v.is_sequence()) {
    std::string out = "seq[";
    const auto& s = v.sequence();
    for (size_t i = 0; i < s.items.size(); ++i) out += (i ? ", " : "") + format_value(s.items[i], limit);
    return out + "]";
  }
  if (v.is_map()) {
    const auto& m = v.map();
    std::string out = "map{";
    for (size_t i = 0; i < m.size(); ++i) {
      if (i) out += ", ";
      if (m.key == DType::string) out += '"' + m.keys.data<std::string>()[i] + '"';
      else out += std::to_string(m.keys.data<int64_t>()[i]);
      out += ": " + format_value((*m.values)[i], limit);
    }
    return out + "}";
  }
  if (v.is_optional()) {
    const auto& o = v.optional();
    return o.item ? "optional(" + format_value(*o.item, limit) + ")" : "optional(none)";
  }
  const Tensor& t = v.tensor();
  std::ostringstream o;
  o << v.describe() << " = [";
  dispatch(t.dtype(), all_types, "printing", [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto d = t.data<T>();
    o.precision(std::is_same_v<T, double> ? 17 : 9);
    for (size_t i = 0; i < d.size() && i < limit; ++i) {
      if (i) o << ", ";
      if constexpr (std::is_same_v<T, std::string>) o << '"' << d[i] << '"';
      else if constexpr (std::is_same_v<T, bool>) o << (d[i] ? "true" : "false");
      else if constexpr (std::is_integral_v<T>) o << +d[i];
      else o << num::to_double(d[i]);
    }
    if (d.size() > limit) o << ", ... (" << d.size() << " elements)";
  });
  o << "]";
  return o.str();
}

void print_outputs(std::ostream& o, const Graph& g, const std::vector<Value>& outputs) {
  for (size_t k = 0; k < outputs.size(); ++k) o << g.outputs[k].name << ": " << format_value(outputs[k]) << "\n";
}

void print_findings(std::ostream& o, const std::vector<Finding>& findings, const char* profile) {
  for (const auto& f : findings) o << f.describe() << "\n";
  if (findings.empty() && profile) o << "ok: no findings under profile " << profile << "\n";
}

void print_types(std::ostream& o, const Typing& t) {
  for (const auto& g : t.graphs) {
    o << g.scope << ":\n";
    for (const auto& [name, type] : g.names) o << "  " << name << ": " << type.describe() << "\n";
  }
  o << t.operations_typed << " operations typed, " << t.operations_untyped << " without a signature\n";
  print_findings(o, t.findings);
}

void print_bench_header(std::ostream& o) { o << "model median_ms min_ms max_ms runs\n"; }

void print_bench(std::ostream& o, const conformance::BenchResult& r) {
  if (!r.problem.empty()) {
    o << r.name << " not measured: " << r.problem << "\n";
    return;
  }
  char line[64];
  std::snprintf(line, sizeof line, " %.1f %.1f %.1f %zu", r.median() * 1e3, r.min() * 1e3, r.max() * 1e3,
                r.seconds.size());
  o << r.name << line << std::endl;  // flushed: a long benchmark shows each model as it is measured
}

void print_libonnx_comparison(std::ostream& o, const conformance::InferenceComparison& c, bool list,
                              const std::vector<std::string>& problems) {
  if (list) {
    for (const auto& n : c.notes) o << "note: " << n << "\n";
    for (const auto& d : c.differences) o << conformance::agreement_name(d.agreement) << '\t' << d.key() << "\n";
  }
  for (const auto& p : problems) o << p << "\n";
  o << "models: " << c.models << ", compared: " << c.compared << ", not inferable by libonnx 1.12: " << c.not_inferable
    << ", not loaded by onnxsem: " << c.not_loadable << ", refused by onnxsem's typing: " << c.refused << "\n";
  o << "names: equal " << c.names[0] << ", onnxsem more precise " << c.names[1] << ", onnxsem less precise "
    << c.names[2] << " (of which " << c.mixed << " also more precise in another part), different " << c.names[3]
    << "\n";
}

}  // namespace onnxsem::reports

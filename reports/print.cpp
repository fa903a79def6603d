// Printing values for people (onnxsem run).
#include "reports/print.hpp"

#include <sstream>

#include "semantics/dispatch.hpp"
#include "semantics/numeric.hpp"

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

}  // namespace onnxsem::reports

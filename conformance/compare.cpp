// The comparison rule of the ONNX backend runner (spec/conformance.md, K1).
#include "conformance/compare.hpp"

#include <cmath>
#include <map>
#include <sstream>

#include "values/dispatch.hpp"
#include "values/numeric.hpp"

namespace onnxsem::conformance {
namespace {

std::string shape_text(const Shape& s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? "," : "") + std::to_string(s[i]);
  return out + "]";
}

std::string compare_tensors(const Tensor& a, const Tensor& e, const Tolerance& tol) {
  if (a.dtype() != e.dtype())
    return std::string("element type ") + dtype_name(a.dtype()) + ", expected " + dtype_name(e.dtype());
  if (a.shape() != e.shape()) return "shape " + shape_text(a.shape()) + ", expected " + shape_text(e.shape());
  return dispatch(a.dtype(), all_types, "comparison", [&](auto tag) -> std::string {
    using T = typename decltype(tag)::type;
    auto x = a.data<T>();
    auto y = e.data<T>();
    int64_t bad = 0;
    std::ostringstream first;
    for (size_t i = 0; i < x.size(); ++i) {
      bool ok;
      if constexpr (std::is_same_v<T, std::string>) {
        ok = x[i] == y[i];
        if (!ok && bad == 0) first << "at " << i << ": '" << x[i] << "', expected '" << y[i] << "'";
      } else {
        // [spec:K1] numbers agree within atol + rtol * |expected|; NaN agrees with NaN.
        const double u = num::to_double(x[i]);
        const double v = num::to_double(y[i]);
        if (std::isnan(u) || std::isnan(v)) ok = std::isnan(u) && std::isnan(v);
        else if (std::isinf(u) || std::isinf(v)) ok = u == v;
        else ok = std::fabs(u - v) <= tol.atol + tol.rtol * std::fabs(v);
        if (!ok && bad == 0) {
          first.precision(9);
          first << "at " << i << ": " << u << ", expected " << v;
        }
      }
      if (!ok) ++bad;
    }
    if (!bad) return {};
    return std::to_string(bad) + " of " + std::to_string(x.size()) + " elements differ; first " + first.str();
  });
}

}  // namespace

std::string compare(const Value& actual, const Value& expected, const Tolerance& tol) {
  if (actual.v.index() != expected.v.index()) return "value " + actual.describe() + ", expected " + expected.describe();
  if (actual.is_tensor()) return compare_tensors(actual.tensor(), expected.tensor(), tol);
  if (actual.is_sequence()) {
    const auto& s = actual.sequence();
    const auto& t = expected.sequence();
    const size_t n = s.items.size(), m = t.items.size();
    if (n != m) return "sequence of " + std::to_string(n) + " items, expected " + std::to_string(m);
    for (size_t i = 0; i < n; ++i) {
      std::string d = compare(s.items[i], t.items[i], tol);
      if (!d.empty()) return "sequence item " + std::to_string(i) + ": " + d;
    }
    return {};
  }
  if (actual.is_map()) {
    // [spec:K11] maps match when they have the same key set, in any order, and each key's values match.
    const auto& m = actual.map();
    const auto& e = expected.map();
    if (m.key != e.key || m.size() != e.size())
      return "value " + actual.describe() + ", expected " + expected.describe();
    return dispatch(m.key, hana::tuple_t<int64_t, std::string>, "map comparison", [&](auto tag) -> std::string {
      using K = typename decltype(tag)::type;
      auto ak = m.keys.data<K>();
      auto ek = e.keys.data<K>();
      std::map<K, size_t> where;
      for (size_t i = 0; i < ak.size(); ++i) where.emplace(ak[i], i);
      for (size_t j = 0; j < ek.size(); ++j) {
        std::string name;
        if constexpr (std::is_same_v<K, std::string>) name = "'" + ek[j] + "'";
        else name = std::to_string(ek[j]);
        auto it = where.find(ek[j]);
        if (it == where.end()) return "map has no key " + name;
        std::string d = compare((*m.values)[it->second], (*e.values)[j], tol);
        if (!d.empty()) return "map key " + name + ": " + d;
      }
      return {};
    });
  }
  const auto& o = actual.optional();
  const auto& p = expected.optional();
  if (!o.item || !p.item)
    return (!o.item && !p.item) ? std::string() : "optional " + actual.describe() + ", expected " + expected.describe();
  return compare(*o.item, *p.item, tol);
}

}  // namespace onnxsem::conformance

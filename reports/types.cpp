// The typing of a model as JSON (reports/types.hpp).
#include "reports/types.hpp"

#include "reports/json.hpp"
#include "values/signature.hpp"

namespace onnxsem::reports {

std::string types_json(const std::string& model, const Typing& t) {
  Json scopes = Json::array();
  for (const auto& g : t.graphs) {
    Json names = Json::array();
    for (const auto& [name, type] : g.names) {
      Json shape;  // null: not a tensor, or its rank is unknown
      if (type.kind == Type::Kind::tensor && type.shape) {
        shape = Json::array();
        for (const Dim& d : *type.shape)
          shape.push_back(d.value ? Json(*d.value) : !d.param.empty() ? Json(d.param) : Json());
      }
      names.push_back({{"name", name}, {"type", type_text(type)}, {"shape", shape}});
    }
    scopes.push_back({{"scope", g.scope}, {"names", names}});
  }
  Json findings = Json::array();
  for (const auto& f : t.findings)
    findings.push_back({{"clause", f.clause},
                        {"severity", f.severity == Finding::Severity::error ? "error" : "warning"},
                        {"message", f.describe()}});
  const Json j = {{"model", model},
                  {"operations_typed", t.operations_typed},
                  {"operations_untyped", t.operations_untyped},
                  {"scopes", scopes},
                  {"findings", findings}};
  return json_text(j, {"scopes", "findings"});
}

}  // namespace onnxsem::reports

// JSON through nlohmann-json (reports/json.hpp).
#include "reports/json.hpp"

#include <cmath>
#include <fstream>
#include <limits>

#include "runtime/error.hpp"

namespace onnxsem::reports {
namespace {

// A scalar as JSON text; invalid UTF-8 in a string (a runtime's message) is replaced, not refused.
std::string scalar(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

// `j` on one line: ", " between members and elements, ": " after keys.
std::string one_line(const Json& j) {
  if (!j.is_structured()) return scalar(j);
  std::string s = j.is_object() ? "{" : "[";
  bool first = true;
  for (auto it = j.begin(); it != j.end(); ++it) {
    s += first ? "" : ", ";
    first = false;
    if (j.is_object()) s += scalar(Json(it.key())) + ": ";
    s += one_line(*it);
  }
  return s + (j.is_object() ? "}" : "]");
}

// `j` with an element per line, indented by `indent` spaces (its elements by two more).
std::string broken_lines(const Json& j, const std::string& indent) {
  if (!j.is_structured() || j.empty()) return one_line(j);
  std::string s = j.is_object() ? "{" : "[";
  bool first = true;
  for (auto it = j.begin(); it != j.end(); ++it) {
    s += (first ? "\n" : ",\n") + indent + "  ";
    first = false;
    if (j.is_object()) s += scalar(Json(it.key())) + ": ";
    s += one_line(*it);
  }
  return s + "\n" + indent + (j.is_object() ? "}" : "]");
}

}  // namespace

std::string json_text(const Json& top, const std::set<std::string>& broken) {
  std::string s = "{";
  bool first = true;
  for (auto it = top.begin(); it != top.end(); ++it) {
    s += (first ? "\n  " : ",\n  ") + scalar(Json(it.key())) + ": ";
    first = false;
    s += broken.count(it.key()) ? broken_lines(*it, "  ") : one_line(*it);
  }
  return s + "\n}\n";
}

Json json_number(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  if (x == std::floor(x) && std::fabs(x) < 9007199254740992.0) return static_cast<int64_t>(x);
  return x;
}

double number_of(const nlohmann::json& x) {
  if (x.is_string()) {
    const auto s = x.get<std::string>();
    if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
    return s == "inf" ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity();
  }
  return x.get<double>();
}

nlohmann::json read_json(const std::string& path, const std::string& what) {
  std::ifstream in(path);
  if (!in) usage_error("F1", "cannot read the " + what + " '" + path + "'");
  try {
    return nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    usage_error("F1", "'" + path + "' is not a JSON " + what + " (" + e.what() + ")");
  }
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream o(path);
  if (!o) usage_error("F1", "cannot write '" + path + "'");
  o << text;
}

}  // namespace onnxsem::reports

// The adapter's side of the serve mode (spec/conformance.md, XC6).
#include "crosscheck/serve.hpp"

#include <nlohmann/json.hpp>

#include "crosscheck/judge.hpp"

namespace onnxsem::crosscheck {

std::string request_line(const AdapterRequest& r) {
  nlohmann::json j = {{"model", r.model},
                      {"input_dir", r.input_dir},
                      {"output_dir", r.output_dir},
                      {"optimize", r.optimize}};
  if (!r.save_optimized.empty()) j["save_optimized"] = r.save_optimized;
  return j.dump() + "\n";
}

std::pair<AdapterRequest, CaseEnd> parse_request(const std::string& line) {
  AdapterRequest r;
  const char* const shape =
      "a request is one JSON object per line with \"model\", \"input_dir\", \"output_dir\" (strings), "
      "\"optimize\" (all or disabled) and \"save_optimized\" (a string, optional)";
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(line);
  } catch (const std::exception& e) {
    return {r, {2, one_line(std::string(shape) + ": " + e.what())}};
  }
  if (!j.is_object()) return {r, {2, shape}};
  bool ok = true;
  auto text = [&](const char* key, std::string& into, bool required) {
    const auto it = j.find(key);
    if (it != j.end() && it->is_string()) into = it->get<std::string>();
    else if (required || (it != j.end() && !it->is_null())) ok = false;
  };
  text("model", r.model, true);
  text("input_dir", r.input_dir, true);
  text("output_dir", r.output_dir, true);
  text("optimize", r.optimize, false);
  text("save_optimized", r.save_optimized, false);
  if (!ok) return {r, {2, shape}};
  if (r.optimize != "all" && r.optimize != "disabled") return {r, {2, "\"optimize\" is all or disabled"}};
  return {r, {0, ""}};
}

int serve(std::istream& in, std::ostream& out, const std::string& ready,
          const std::function<CaseEnd(const AdapterRequest&)>& run) {
  out << "ready " << ready << std::endl;
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto [request, end] = parse_request(line);
    if (end.first == 0) end = run(request);
    out << end.first << (end.second.empty() ? "" : " " + one_line(end.second)) << std::endl;
  }
  return 0;
}

}  // namespace onnxsem::crosscheck

// JSON as onnxsem's reports write and read it, through nlohmann-json: members in the order they were added
// (ordered_json), and the reports' layout, a member per line at the top, the members named "broken" with an
// element per line, everything deeper on one line (so that a test's or a case's fields stay on its line).
#pragma once

#include <set>
#include <string>

#include <nlohmann/json.hpp>

namespace onnxsem::reports {

using Json = nlohmann::ordered_json;

// `top` (an object) in the reports' layout, ending with a newline.
[[nodiscard]] std::string json_text(const Json& top, const std::set<std::string>& broken = {});

// A measured number: an integer when it is one (2, not 2.0), "nan", "inf" or "-inf" when not finite.
[[nodiscard]] Json json_number(double x);
// The number `json_number` wrote, read back.
[[nodiscard]] double number_of(const nlohmann::json& x);

// The JSON file at `path`, parsed; a usage error F1 ("cannot read the WHAT 'PATH'", or "'PATH' is not a
// JSON WHAT (...)") when it cannot be read or parsed.
[[nodiscard]] nlohmann::json read_json(const std::string& path, const std::string& what);

// Writes `text` to `path`; a usage error F1 when the file cannot be written.
void write_text(const std::string& path, const std::string& text);

}  // namespace onnxsem::reports

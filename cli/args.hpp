// Command-line arguments of the onnxsem command (spec/values.md, U2).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace onnxsem::cli {

struct Args {
  std::vector<std::string> positional;
  std::multimap<std::string, std::string> options;  // --key value, --key=value; flags map to ""
  [[nodiscard]] std::optional<std::string> get(const std::string& k) const;
  [[nodiscard]] bool has(const std::string& k) const { return options.count(k) > 0; }
};

// Parses argv[first..]: options in `valued` take a value, options in `flags` take none. Anything else
// starting with "--" is a usage error (clause U2).
[[nodiscard]] Args parse_args(const std::vector<std::string>& argv, const std::set<std::string>& valued,
                              const std::set<std::string>& flags = {});

// An integer option value; a usage error (U2) when it is not one.
[[nodiscard]] int64_t to_int(const std::string& s, const std::string& what);

// Refuses (F1, exit 2) an output file that cannot be written: its folder is missing or not writable, or
// the path is a folder or a read-only file. Checked before a long command starts, so that its work is not
// lost for want of a place to put the result.
void require_writable(const std::string& path);

}  // namespace onnxsem::cli

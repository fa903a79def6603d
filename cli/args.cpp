// Command-line arguments of the onnxsem command (spec/values.md, U2).
#include "cli/args.hpp"

#include <unistd.h>

#include <filesystem>
#include <stdexcept>

#include "runtime/error.hpp"

namespace onnxsem::cli {

std::optional<std::string> Args::get(const std::string& k) const {
  auto it = options.find(k);
  if (it == options.end()) return std::nullopt;
  return it->second;
}

Args parse_args(const std::vector<std::string>& argv, const std::set<std::string>& valued,
                const std::set<std::string>& flags) {
  Args a;
  for (size_t i = 0; i < argv.size(); ++i) {
    const std::string& s = argv[i];
    if (s.rfind("--", 0) != 0) {
      a.positional.push_back(s);
      continue;
    }
    std::string key = s.substr(2), val;
    const auto eq = key.find('=');
    const bool inline_value = eq != std::string::npos;
    if (inline_value) {
      val = key.substr(eq + 1);
      key = key.substr(0, eq);
    }
    // [spec:U2] an option that the command does not know, or that lacks its value, is a usage error.
    if (flags.count(key) && !inline_value) {
      a.options.emplace(key, "");
    } else if (valued.count(key)) {
      if (!inline_value) {
        if (i + 1 >= argv.size()) usage_error("U2", "option --" + key + " needs a value");
        val = argv[++i];
      }
      a.options.emplace(key, val);
    } else {
      usage_error("U2", "unknown option --" + key);
    }
  }
  return a;
}

int64_t to_int(const std::string& s, const std::string& what) {
  try {
    size_t pos = 0;
    const long long v = std::stoll(s, &pos);
    if (pos == s.size()) return v;
  } catch (const std::exception&) {
  }
  usage_error("U2", what + " must be an integer, got '" + s + "'");
}

void require_writable(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path p(path);
  const fs::path folder = p.has_parent_path() ? p.parent_path() : fs::path(".");
  std::error_code ec;
  if (!fs::is_directory(folder, ec))
    usage_error("F1", "cannot write '" + path + "': the folder '" + folder.string() + "' does not exist");
  if (fs::is_directory(p, ec)) usage_error("F1", "cannot write '" + path + "': it is a folder");
  const bool exists = fs::exists(p, ec);
  if (exists ? access(path.c_str(), W_OK) != 0 : access(folder.c_str(), W_OK | X_OK) != 0)
    usage_error("F1", "cannot write '" + path + "': " + (exists ? "the file" : "its folder") + " is not writable");
}

}  // namespace onnxsem::cli

// External data (spec/values.md, F7-F8). The file is reached one path component at a time from the model's
// folder, each opened with O_NOFOLLOW, and every check is made on the descriptor that is then read: a
// symbolic link anywhere on the way, a file with other hard links, anything but a regular file, or bytes
// outside the file are refused before a byte is read, and no check can be undone between it and the read.
#include "loader/external_data.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>

#include "runtime/coverage.hpp"
#include "runtime/error.hpp"

namespace onnxsem {
namespace {

[[noreturn]] void ill_formed(const std::string& where, const std::string& what, Clause clause = "F8") {
  refused(clause, "tensor '" + where + "': external data " + what);
}

// A decimal integer of at most 18 digits (no sign, no spaces): an offset or a length.
std::optional<int64_t> decimal(const std::string& s) {
  if (s.empty() || s.size() > 18) return std::nullopt;
  int64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

// The components of a location, refused when it is absolute or leaves the folder by `..`.
std::vector<std::string> components(const std::string& location, const std::string& where) {
  if (location.empty()) ill_formed(where, "has an empty location");
  if (location.find('\0') != std::string::npos) ill_formed(where, "location contains a NUL byte");
  if (location.front() == '/') ill_formed(where, "location '" + location + "' is absolute");
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= location.size()) {
    size_t end = location.find('/', start);
    if (end == std::string::npos) end = location.size();
    std::string part = location.substr(start, end - start);
    if (part == "..") ill_formed(where, "location '" + location + "' has a '..' component");
    if (!part.empty() && part != ".") parts.push_back(std::move(part));
    start = end + 1;
  }
  if (parts.empty()) ill_formed(where, "location '" + location + "' names no file");
  return parts;
}

std::string errno_text(int e) { return std::strerror(e); }

}  // namespace

ExternalRef parse_external_ref(const std::vector<std::pair<std::string, std::string>>& entries,
                               const std::string& where) {
  // [spec:F7] the keys of `external_data`: location (required), offset and length (decimal integers);
  // checksum and basepath are read past; a key given twice makes the reference ambiguous.
  ONNXSEM_CLAUSE(F7);
  ExternalRef ref;
  std::set<std::string> seen;
  bool has_location = false;
  for (const auto& [key, value] : entries) {
    if (!seen.insert(key).second) ill_formed(where, "gives the key '" + key + "' twice", "F7");
    if (key == "location") {
      ref.location = value;
      has_location = true;
    } else if (key == "offset" || key == "length") {
      const auto v = decimal(value);
      if (!v) ill_formed(where, key + " '" + value + "' is not a decimal integer");
      if (key == "offset") ref.offset = *v;
      else ref.length = *v;
    }
  }
  if (!has_location) ill_formed(where, "has no location", "F7");
  // [spec:F8] a location stays inside the model's folder: relative, without `..`.
  ONNXSEM_CLAUSE(F8);
  (void)components(ref.location, where);
  return ref;
}

DataFolder::DataFolder(const std::string& model_path) : has_folder_(true) {
  const auto parent = std::filesystem::path(model_path).parent_path();
  folder_ = parent.empty() ? "." : parent.string();
}

DataFolder::~DataFolder() {
  for (auto& [location, f] : files_) ::close(f.fd);
  if (dir_fd_ >= 0) ::close(dir_fd_);
}

const DataFolder::File& DataFolder::open_file(const std::string& location, const std::string& where) {
  if (auto it = files_.find(location); it != files_.end()) return it->second;
  const std::string named = "external data file '" + location + "' of tensor '" + where + "'";
  if (!has_folder_)
    usage_error("F8", named + ": the model was not read from a file, so it has no folder to read it from");
  if (dir_fd_ < 0) {
    dir_fd_ = ::open(folder_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir_fd_ < 0)
      usage_error("F8", named + ": cannot open the model's folder '" + folder_ + "': " + errno_text(errno));
  }
  const auto parts = components(location, where);
  // Each folder on the way is opened without following a symbolic link; so is the file.
  int at = dir_fd_;
  auto step_failed = [&](const std::string& part, bool last, int e) {
    struct stat st {};
    std::string why = errno_text(e);
    if (::fstatat(at, part.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
      why = "'" + part + "' is a symbolic link, which external data may not pass through";
    else if (e == ENOENT) why = "'" + part + "' does not exist";
    else if (!last && e == ENOTDIR) why = "'" + part + "' is not a folder";
    if (at != dir_fd_) ::close(at);
    usage_error("F8", named + " in '" + folder_ + "': " + why);
  };
  for (size_t k = 0; k + 1 < parts.size(); ++k) {
    const int next = ::openat(at, parts[k].c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (next < 0) step_failed(parts[k], false, errno);
    if (at != dir_fd_) ::close(at);
    at = next;
  }
  // The last component is looked at before it is opened, so that nothing but a regular file is opened (a
  // FIFO would block, a device could act on being opened); the descriptor is then checked to be that file.
  struct stat before {};
  if (::fstatat(at, parts.back().c_str(), &before, AT_SYMLINK_NOFOLLOW) != 0) step_failed(parts.back(), true, errno);
  if (S_ISLNK(before.st_mode)) step_failed(parts.back(), true, ELOOP);
  auto refuse = [&](const std::string& why) {
    if (at != dir_fd_) ::close(at);
    usage_error("F8", named + " in '" + folder_ + "': " + why);
  };
  if (!S_ISREG(before.st_mode)) refuse("not a regular file");
  const int fd = ::openat(at, parts.back().c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0) step_failed(parts.back(), true, errno);
  if (at != dir_fd_) ::close(at);
  at = dir_fd_;
  struct stat st {};
  if (::fstat(fd, &st) != 0 || st.st_dev != before.st_dev || st.st_ino != before.st_ino || !S_ISREG(st.st_mode)) {
    ::close(fd);
    refuse("changed while it was being opened");
  }
  if (st.st_nlink > 1) {
    ::close(fd);
    refuse("has " + std::to_string(st.st_nlink) +
           " hard links; external data is read only from a file with one, so that it cannot be another file in "
           "disguise");
  }
  return files_.emplace(location, File{fd, static_cast<int64_t>(st.st_size)}).first->second;
}

void DataFolder::locate(const ExternalRef& ref, int64_t need, const std::string& where) {
  // [spec:F8] the bytes lie inside the file and are exactly the tensor's; checked before anything is read.
  ONNXSEM_CLAUSE(F8);
  const File& f = open_file(ref.location, where);
  const std::string named = "external data file '" + ref.location + "' of tensor '" + where + "'";
  if (ref.offset > f.size)
    usage_error("F8", named + ": offset " + std::to_string(ref.offset) + " lies beyond its " + std::to_string(f.size) +
                          " bytes");
  const int64_t available = f.size - ref.offset;
  if (ref.length && *ref.length > available)
    usage_error("F8", named + ": " + std::to_string(*ref.length) + " bytes from offset " + std::to_string(ref.offset) +
                          " run past its end (" + std::to_string(f.size) + " bytes)");
  if (!ref.length && available != need)
    usage_error("F8", named + ": from offset " + std::to_string(ref.offset) + " to its end it holds " +
                          std::to_string(available) + " bytes; the tensor's type and shape need " +
                          std::to_string(need));
}

void DataFolder::read(const ExternalRef& ref, int64_t need, void* into, const std::string& where) {
  locate(ref, need, where);
  const File& f = files_.at(ref.location);
  auto* out = static_cast<char*>(into);
  int64_t done = 0;
  while (done < need) {
    const auto chunk = static_cast<size_t>(std::min<int64_t>(need - done, int64_t{1} << 30));
    const ssize_t n = ::pread(f.fd, out + done, chunk, static_cast<off_t>(ref.offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      usage_error("F8", "external data file '" + ref.location + "' of tensor '" + where + "': " +
                            (n < 0 ? "cannot be read: " + errno_text(errno) : "ended early (it shrank while read)"));
    done += n;
  }
}

}  // namespace onnxsem

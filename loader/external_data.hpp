// External data (spec/values.md, F7-F8): the files beside a model that hold the bytes of its large tensors.
// Part of the loader, but free of protobuf: the loader hands over the keys of a tensor's `external_data`,
// this code finds and checks the file and reads the bytes into the tensor's own buffer (one read, no copy).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace onnxsem {

// Where a tensor's bytes are, as its `external_data` entries say (F7), checked against the model alone.
struct ExternalRef {
  std::string location;           // relative to the model's folder, without `..`
  int64_t offset = 0;             // the first byte
  std::optional<int64_t> length;  // absent: to the end of the file
};

// Reads the `external_data` entries of tensor `where` (key, value pairs in file order). Refused (F8, exit 1)
// when they do not name a location the model may use: no or an empty location, an absolute one, one with
// a `..` component or a NUL byte, an offset or length that is not a decimal integer, a key given twice.
[[nodiscard]] ExternalRef parse_external_ref(const std::vector<std::pair<std::string, std::string>>& entries,
                                             const std::string& where);

// The folder of one model file, from which its external data are read. Opened when first needed; each data
// file is opened once, however many tensors it holds. A default-constructed folder has no files: the model
// did not come from a file, and every external reference is a usage error (F8).
class DataFolder {
 public:
  DataFolder() = default;
  explicit DataFolder(const std::string& model_path);
  ~DataFolder();
  DataFolder(const DataFolder&) = delete;
  DataFolder& operator=(const DataFolder&) = delete;

  // Reads the `need` bytes of tensor `where` at `ref` into `into` (F8): the file must be a regular file with
  // one link, reached from the folder without a symbolic link, and hold exactly `need` bytes from the offset
  // (to its end, or over `ref.length`, which the caller has compared with `need`). Nothing is read before
  // all this holds. A usage error (exit 2) otherwise.
  void read(const ExternalRef& ref, int64_t need, void* into, const std::string& where);

  // The checks of `read` alone, for a caller that must allocate `into` itself afterwards.
  void locate(const ExternalRef& ref, int64_t need, const std::string& where);

 private:
  struct File {
    int fd = -1;
    int64_t size = 0;
  };
  const File& open_file(const std::string& location, const std::string& where);

  std::string folder_;  // for messages
  int dir_fd_ = -1;
  bool has_folder_ = false;
  std::map<std::string, File> files_;
};

}  // namespace onnxsem

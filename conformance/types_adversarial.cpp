// The test types-adversarial (spec/types.md, TY11): type inference never crashes, hangs or throws on
// adversarial shapes. Every model under the given folders is typed again with the declared shapes of its
// graph inputs replaced by hostile ones: huge sizes (2^62, int64's largest), negative sizes, zero sizes, rank 0
// and an unknown rank. Each variant must return from infer_types (refusals are fine); the test fails on an
// escaped exception and, being one process, on a crash.
//
//   types_adversarial FOLDER...        (folders that do not exist are skipped; exit 77 when none does)
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

#include "loader/loader.hpp"
#include "ops/registry.hpp"
#include "semantics/types.hpp"

namespace {
using namespace onnxsem;
namespace fs = std::filesystem;

// The declared shape of every tensor input of `m` replaced by `dims` (nullopt: an unknown rank).
Model with_inputs(const Model& m, const std::optional<std::vector<Dim>>& dims) {
  Model out = m;
  for (auto& vi : out.graph.inputs)
    if (vi.type.kind == Type::Kind::tensor) vi.type.shape = dims;
  return out;
}
}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> models;
  for (int k = 1; k < argc; ++k) {
    if (!fs::is_directory(argv[k])) continue;
    for (const auto& e : fs::recursive_directory_iterator(argv[k]))
      if (e.is_regular_file() && e.path().filename() == "model.onnx") models.push_back(e.path().string());
  }
  if (models.empty()) {
    std::cout << "no suite folder found: skipped\n";
    return 77;
  }
  std::sort(models.begin(), models.end());
  const int64_t big = int64_t{1} << 62, max = std::numeric_limits<int64_t>::max();
  const std::vector<std::optional<std::vector<Dim>>> variants = {
      std::vector<Dim>{Dim{big, {}}, Dim{big, {}}, Dim{3, {}}, Dim{max, {}}},
      std::vector<Dim>{Dim{-7, {}}, Dim{0, {}}, Dim{max, {}}},
      std::vector<Dim>{},  // rank 0
      std::vector<Dim>{Dim{0, {}}, Dim{0, {}}, Dim{0, {}}, Dim{0, {}}, Dim{0, {}}},
      std::nullopt,
  };
  const auto& ops = ops::standard_registry();
  int64_t typed = 0, refused = 0, failures = 0;
  const auto start = std::chrono::steady_clock::now();
  for (const auto& path : models) {
    Model m;
    try {
      m = load_model_file(path);
    } catch (const std::exception&) {
      continue;  // not loadable: the loader's own clauses (F2) answer it
    }
    for (const auto& v : variants) {
      try {
        const Typing t = infer_types(with_inputs(m, v), ops);
        ++typed;
        if (refuses(t.findings)) ++refused;
      } catch (const std::exception& e) {
        ++failures;
        std::cout << "FAIL " << path << ": inference threw: " << e.what() << "\n";
      }
    }
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << models.size() << " models, " << typed << " adversarial variants typed (" << refused
            << " refused with a clause), " << failures << " failures, " << s << " s\n";
  return failures == 0 ? 0 : 1;
}

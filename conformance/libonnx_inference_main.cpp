// The test inference-libonnx: onnxsem's inferred types against libonnx 1.12's on the suites' models
// (conformance/libonnx_inference.hpp), every contradiction held against the known-differences file.
//
//   libonnx_inference EXPECTED.tsv [--write FILE] [--list] [--jobs N] FOLDER...
//
// Folders that do not exist are skipped (exit 77 when none does). Exit 1 when a contradiction is not listed
// or a listed one no longer occurs. --list prints every name that is not equal; --write writes the observed
// contradictions, keeping the listed reasons.
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "conformance/libonnx_inference.hpp"
#include "ops/registry.hpp"

int main(int argc, char** argv) {
  using namespace onnxsem::conformance;
  std::vector<std::string> args(argv + 1, argv + argc), roots;
  if (args.empty()) {
    std::cerr << "usage: libonnx_inference EXPECTED.tsv [--write FILE] [--list] [--jobs N] FOLDER...\n";
    return 2;
  }
  std::string write;
  bool list = false;
  int jobs = 1;
  for (size_t k = 1; k < args.size(); ++k) {
    if (args[k] == "--write" && k + 1 < args.size()) write = args[++k];
    else if (args[k] == "--jobs" && k + 1 < args.size()) jobs = std::stoi(args[++k]);
    else if (args[k] == "--list") list = true;
    else if (std::filesystem::exists(args[k])) roots.push_back(args[k]);
  }
  if (roots.empty()) {
    std::cout << "no suite folder found: skipped\n";
    return 77;
  }
  const InferenceComparison c = compare_with_libonnx(roots, onnxsem::ops::standard_registry(), jobs);
  if (list) {
    for (const auto& n : c.notes) std::cout << "note: " << n << "\n";
    for (const auto& d : c.differences) std::cout << agreement_name(d.agreement) << '\t' << d.key() << "\n";
  }
  const int problems = check_expected(std::cout, c, args[0]);
  print_summary(std::cout, c);
  if (!write.empty()) write_expected(write, c, args[0]);
  return problems == 0 ? 0 : 1;
}

// Fuzz target: bytes -> model -> `check` under both profiles (the graph rules, the static semantics and
// the evaluation of the constant part).
#include "conformance/fuzz/fuzz.hpp"
#include "loader/loader.hpp"
#include "ops/registry.hpp"
#include "semantics/check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace onnxsem;
  fuzz::guard("check", [&] {
    const Model m = load_model_bytes(fuzz::bytes_of(data, size), "fuzz");
    (void)check(m, Profile::sonnx, ops::standard_registry());
  });
  return 0;
}

// Fuzz target: bytes -> ModelProto -> the IR (the loader, spec/values.md F2 and the W-clauses).
#include "conformance/fuzz/fuzz.hpp"
#include "loader/loader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  onnxsem::fuzz::guard("load", [&] { (void)onnxsem::load_model_bytes(onnxsem::fuzz::bytes_of(data, size), "fuzz"); });
  return 0;
}

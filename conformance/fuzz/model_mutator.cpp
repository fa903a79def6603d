// libFuzzer's custom mutator for the model targets: structure-aware mutation of a ModelProto.
#include "conformance/fuzz/mutator.hpp"
#include "loader/proto.hpp"

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size, unsigned int seed) {
  static const onnx::ModelProto prototype;
  return onnxsem::fuzz::mutate_message(prototype, data, size, max_size, seed);
}

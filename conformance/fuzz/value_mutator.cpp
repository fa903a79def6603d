// libFuzzer's custom mutator for the value-file target: the first byte (what the graph declares) is kept
// or changed, the rest mutated as the message it declares.
#include "conformance/fuzz/mutator.hpp"
#include "loader/proto.hpp"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size, unsigned int seed) {
  static const onnx::TensorProto tensor;
  static const onnx::SequenceProto sequence;
  static const onnx::OptionalProto optional;
  static const onnx::MapProto map;
  if (size == 0 || max_size < 2) return LLVMFuzzerMutate(data, size, max_size);
  if (seed % 16 == 0) data[0] = static_cast<uint8_t>(seed >> 4);
  const google::protobuf::Message* kinds[] = {&tensor, &sequence, &optional, &map, &tensor};
  return 1 + onnxsem::fuzz::mutate_message(*kinds[data[0] % 5], data + 1, size - 1, max_size - 1, seed);
}

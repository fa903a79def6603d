// Fuzz target: the value-file reader (spec/values.md, F1-F5). The first byte chooses what the graph
// declares (tensor, sequence, optional, map); the rest are the file's bytes.
#include "conformance/fuzz/fuzz.hpp"
#include "loader/loader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace onnxsem;
  if (size == 0) return 0;
  fuzz::guard("value", [&] {
    Type declared;
    static const Type::Kind kinds[] = {Type::Kind::tensor, Type::Kind::sequence, Type::Kind::optional, Type::Kind::map,
                                       Type::Kind::unknown};
    declared.kind = kinds[data[0] % 5];
    (void)read_value_bytes(fuzz::bytes_of(data + 1, size - 1), "fuzz", declared);
  });
  return 0;
}

// A structure-aware mutator (docs/fuzzing.md): parses the input as a protobuf message (ModelProto,
// TensorProto, ...), changes one field through protobuf reflection (an attribute's value, a dimension, an
// element type, a name, an input or output, a node of a subgraph; adding, removing, duplicating or
// swapping repeated items) and serializes it again, so that mutated models stay models and reach the
// operators. Inputs that do not parse, and one mutation in eight, go to libFuzzer's byte mutator.
#pragma once

#include <cstddef>
#include <cstdint>

#include <google/protobuf/message.h>

namespace onnxsem::fuzz {

// Mutates data[0..size) in place (at most max_size bytes), returns the new size. `prototype` is an empty
// message of the type the input holds.
size_t mutate_message(const google::protobuf::Message& prototype, uint8_t* data, size_t size, size_t max_size,
                      unsigned int seed);

}  // namespace onnxsem::fuzz

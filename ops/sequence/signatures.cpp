// The signatures of the sequence family's operator versions (spec/types.md, TY1): inputs and outputs, type
// constraints, attributes. Facts from ONNX's operator definitions, written in onnxsem's signature text
// (semantics/signature.hpp); every version ONNX defines for these operators, implemented or not.
#include "ops/registry.hpp"

namespace onnxsem::ops {

void describe_sequence(Registry& r) {
  r.describe(R"sig(
op ai.onnx ConcatFromSequence 11
in input_sequence S
out concat_result T
type S seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axis int required
attr new_axis int default 0

op ai.onnx Optional 15
in input V optional
out output O
arity in 0 1
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))
type O optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128))
attr type type_proto

op ai.onnx OptionalGetElement 15
in input O
out output V
type O optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128))
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))

op ai.onnx OptionalGetElement 18
in input O
out output V
type O optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128)) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))
type V tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))

op ai.onnx OptionalHasElement 15
in input O
out output B
type O optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128))
type B tensor(bool)

op ai.onnx OptionalHasElement 18
in input O optional
out output B
arity in 0 1
type O optional(seq(tensor(uint8))) optional(seq(tensor(uint16))) optional(seq(tensor(uint32))) optional(seq(tensor(uint64))) optional(seq(tensor(int8))) optional(seq(tensor(int16))) optional(seq(tensor(int32))) optional(seq(tensor(int64))) optional(seq(tensor(float16))) optional(seq(tensor(float))) optional(seq(tensor(double))) optional(seq(tensor(string))) optional(seq(tensor(bool))) optional(seq(tensor(complex64))) optional(seq(tensor(complex128))) optional(tensor(uint8)) optional(tensor(uint16)) optional(tensor(uint32)) optional(tensor(uint64)) optional(tensor(int8)) optional(tensor(int16)) optional(tensor(int32)) optional(tensor(int64)) optional(tensor(float16)) optional(tensor(float)) optional(tensor(double)) optional(tensor(string)) optional(tensor(bool)) optional(tensor(complex64)) optional(tensor(complex128)) tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128) seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))
type B tensor(bool)

op ai.onnx SequenceAt 11
in input_sequence S
in position I
out tensor T
type S seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type I tensor(int32) tensor(int64)

op ai.onnx SequenceConstruct 11
in inputs T variadic
out output_sequence S
arity in 1 inf
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type S seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))

op ai.onnx SequenceEmpty 11
out output S
type S seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))
attr dtype int

op ai.onnx SequenceErase 11
in input_sequence S
in position I optional
out output_sequence S
arity in 1 2
type S seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))
type I tensor(int32) tensor(int64)

op ai.onnx SequenceInsert 11
in input_sequence S
in tensor T
in position I optional
out output_sequence S
arity in 2 3
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type S seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))
type I tensor(int32) tensor(int64)

op ai.onnx SequenceLength 11
in input_sequence S
out length I
type S seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))
type I tensor(int64)

op ai.onnx SplitToSequence 11
in input T
in split I optional
out output_sequence S
arity in 1 2
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type I tensor(int32) tensor(int64)
type S seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))
attr axis int default 0
attr keepdims int default 1

op ai.onnx SplitToSequence 24
in input T
in split I optional
out output_sequence S
arity in 1 2
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
type I tensor(int32) tensor(int64)
type S seq(tensor(uint8)) seq(tensor(uint16)) seq(tensor(uint32)) seq(tensor(uint64)) seq(tensor(int8)) seq(tensor(int16)) seq(tensor(int32)) seq(tensor(int64)) seq(tensor(bfloat16)) seq(tensor(float16)) seq(tensor(float)) seq(tensor(double)) seq(tensor(string)) seq(tensor(bool)) seq(tensor(complex64)) seq(tensor(complex128))
attr axis int default 0
attr keepdims int default 1
)sig");
}

}  // namespace onnxsem::ops

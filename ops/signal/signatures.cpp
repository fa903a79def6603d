// The signatures of the signal family's operator versions (spec/types.md, TY1): inputs and outputs, type
// constraints, attributes. Facts from ONNX's operator definitions, written in onnxsem's signature text
// (semantics/signature.hpp); every version ONNX defines for these operators, implemented or not.
#include "ops/registry.hpp"

namespace onnxsem::ops {

void describe_signal(Registry& r) {
  r.describe(R"sig(
op ai.onnx BlackmanWindow 17
in size T1
out output T2
type T1 tensor(int32) tensor(int64)
type T2 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr output_datatype int default 1
attr periodic int default 1

op ai.onnx DFT 17
in input T1
in dft_length T2 optional
out output T1
arity in 1 2
type T1 tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type T2 tensor(int32) tensor(int64)
attr axis int default 1
attr inverse int default 0
attr onesided int default 0

op ai.onnx DFT 20
in input T1
in dft_length T2 optional
in axis tensor(int64) optional
out output T1
arity in 1 3
type T1 tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
type T2 tensor(int32) tensor(int64)
attr inverse int default 0
attr onesided int default 0

op ai.onnx HammingWindow 17
in size T1
out output T2
type T1 tensor(int32) tensor(int64)
type T2 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr output_datatype int default 1
attr periodic int default 1

op ai.onnx HannWindow 17
in size T1
out output T2
type T1 tensor(int32) tensor(int64)
type T2 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr output_datatype int default 1
attr periodic int default 1

op ai.onnx MelWeightMatrix 17
in num_mel_bins T1
in dft_length T1
in sample_rate T1
in lower_edge_hertz T2
in upper_edge_hertz T2
out output T3
type T1 tensor(int32) tensor(int64)
type T2 tensor(float) tensor(float16) tensor(double) tensor(bfloat16)
type T3 tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
attr output_datatype int default 1

op ai.onnx STFT 17
in signal T1
in frame_step T2
in window T1 optional
in frame_length T2 optional
out output T1
arity in 2 4
type T1 tensor(float) tensor(float16) tensor(double) tensor(bfloat16)
type T2 tensor(int32) tensor(int64)
attr onesided int default 1
)sig");
}

}  // namespace onnxsem::ops

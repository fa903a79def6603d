// The signatures of the rnn family's operator versions (spec/types.md, TY1): inputs and outputs, type
// constraints, attributes. Facts from ONNX's operator definitions, written in onnxsem's signature text
// (semantics/signature.hpp); every version ONNX defines for these operators, implemented or not.
#include "ops/registry.hpp"

namespace onnxsem::ops {

void describe_rnn(Registry& r) {
  r.describe(R"sig(
op ai.onnx GRU 1
in X T
in W T
in R T
in B T optional
in sequence_lens T1 optional
in initial_h T optional
out Y T optional
out Y_h T
arity in 3 6
type T tensor(float16) tensor(float) tensor(double)
type T1 tensor(int32)
attr activation_alpha floats
attr activation_beta floats
attr activations strings
attr clip float
attr direction string default foward
attr hidden_size int
attr output_sequence int default 0

op ai.onnx GRU 3
in X T
in W T
in R T
in B T optional
in sequence_lens T1 optional
in initial_h T optional
out Y T optional
out Y_h T optional
arity in 3 6
arity out 0 2
type T tensor(float16) tensor(float) tensor(double)
type T1 tensor(int32)
attr activation_alpha floats
attr activation_beta floats
attr activations strings
attr clip float
attr direction string default forward
attr hidden_size int
attr linear_before_reset int default 0
attr output_sequence int default 0

op ai.onnx GRU 7
in X T
in W T
in R T
in B T optional
in sequence_lens T1 optional
in initial_h T optional
out Y T optional
out Y_h T optional
arity in 3 6
arity out 0 2
type T tensor(float16) tensor(float) tensor(double)
type T1 tensor(int32)
attr activation_alpha floats
attr activation_beta floats
attr activations strings
attr clip float
attr direction string default forward
attr hidden_size int
attr linear_before_reset int default 0

op ai.onnx GRU 14
in X T
in W T
in R T
in B T optional
in sequence_lens T1 optional
in initial_h T optional
out Y T optional
out Y_h T optional
arity in 3 6
arity out 0 2
type T tensor(float16) tensor(float) tensor(double)
type T1 tensor(int32)
attr activation_alpha floats
attr activation_beta floats
attr activations strings
attr clip float
attr direction string default forward
attr hidden_size int
attr layout int default 0
attr linear_before_reset int default 0

op ai.onnx GRU 22
in X T
in W T
in R T
in B T optional
in sequence_lens T1 optional
in initial_h T optional
out Y T optional
out Y_h T optional
arity in 3 6
arity out 0 2
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
type T1 tensor(int32)
attr activation_alpha floats
attr activation_beta floats
attr activations strings
attr clip float
attr direction string default forward
attr hidden_size int
attr layout int default 0
attr linear_before_reset int default 0

op ai.onnx LSTM 1
in X T
in W T
in R T
in B T optional
in sequence_lens T1 optional
in initial_h T optional
in initial_c T optional
in P T optional
out Y T optional
out Y_h T optional
out Y_c T optional
arity in 3 8
arity out 0 3
type T tensor(float16) tensor(float) tensor(double)
type T1 tensor(int32)
attr activation_alpha floats
attr activation_beta floats
attr activations strings
attr clip float
attr direction string default forward
attr hidden_size int
attr input_forget int default 0
attr output_sequence int default 0

op ai.onnx LSTM 7
in X T
in W T
in R T
in B T optional
in sequence_lens T1 optional
in initial_h T optional
in initial_c T optional
in P T optional
out Y T optional
out Y_h T optional
out Y_c T optional
arity in 3 8
arity out 0 3
type T tensor(float16) tensor(float) tensor(double)
type T1 tensor(int32)
attr activation_alpha floats
attr activation_beta floats
attr activations strings
attr clip float
attr direction string default forward
attr hidden_size int
attr input_forget int default 0

op ai.onnx LSTM 14
in X T
in W T
in R T
in B T optional
in sequence_lens T1 optional
in initial_h T optional
in initial_c T optional
in P T optional
out Y T optional
out Y_h T optional
out Y_c T optional
arity in 3 8
arity out 0 3
type T tensor(float16) tensor(float) tensor(double)
type T1 tensor(int32)
attr activation_alpha floats
attr activation_beta floats
attr activations strings
attr clip float
attr direction string default forward
attr hidden_size int
attr input_forget int default 0
attr layout int default 0

op ai.onnx LSTM 22
in X T
in W T
in R T
in B T optional
in sequence_lens T1 optional
in initial_h T optional
in initial_c T optional
in P T optional
out Y T optional
out Y_h T optional
out Y_c T optional
arity in 3 8
arity out 0 3
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
type T1 tensor(int32)
attr activation_alpha floats
attr activation_beta floats
attr activations strings
attr clip float
attr direction string default forward
attr hidden_size int
attr input_forget int default 0
attr layout int default 0

op ai.onnx RNN 1
in X T
in W T
in R T
in B T optional
in sequence_lens T1 optional
in initial_h T optional
out Y T optional
out Y_h T optional
arity in 3 6
arity out 0 2
type T tensor(float16) tensor(float) tensor(double)
type T1 tensor(int32)
attr activation_alpha floats
attr activation_beta floats
attr activations strings default ['Tanh', 'Tanh']
attr clip float
attr direction string default forward
attr hidden_size int
attr output_sequence int default 0

op ai.onnx RNN 7
in X T
in W T
in R T
in B T optional
in sequence_lens T1 optional
in initial_h T optional
out Y T optional
out Y_h T optional
arity in 3 6
arity out 0 2
type T tensor(float16) tensor(float) tensor(double)
type T1 tensor(int32)
attr activation_alpha floats
attr activation_beta floats
attr activations strings default ['Tanh', 'Tanh']
attr clip float
attr direction string default forward
attr hidden_size int

op ai.onnx RNN 14
in X T
in W T
in R T
in B T optional
in sequence_lens T1 optional
in initial_h T optional
out Y T optional
out Y_h T optional
arity in 3 6
arity out 0 2
type T tensor(float16) tensor(float) tensor(double)
type T1 tensor(int32)
attr activation_alpha floats
attr activation_beta floats
attr activations strings default ['Tanh', 'Tanh']
attr clip float
attr direction string default forward
attr hidden_size int
attr layout int default 0

op ai.onnx RNN 22
in X T
in W T
in R T
in B T optional
in sequence_lens T1 optional
in initial_h T optional
out Y T optional
out Y_h T optional
arity in 3 6
arity out 0 2
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
type T1 tensor(int32)
attr activation_alpha floats
attr activation_beta floats
attr activations strings default ['Tanh', 'Tanh']
attr clip float
attr direction string default forward
attr hidden_size int
attr layout int default 0
)sig");
}

}  // namespace onnxsem::ops

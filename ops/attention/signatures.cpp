// The signatures of the attention family's operator versions (spec/types.md, TY1): inputs and outputs, type
// constraints, attributes. Facts from ONNX's operator definitions, written in onnxsem's signature text
// (semantics/signature.hpp); every version ONNX defines for these operators, implemented or not.
#include "ops/registry.hpp"

namespace onnxsem::ops {

void describe_attention(Registry& r) {
  r.describe(R"sig(
op ai.onnx Attention 23
in Q T1
in K T1
in V T2
in attn_mask U optional
in past_key T1 optional
in past_value T2 optional
out Y T1
out present_key T1 optional
out present_value T2 optional
out qk_matmul_output T1 optional
arity in 3 6
arity out 1 4
type T1 tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
type T2 tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
type U tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(bool)
attr is_causal int default 0
attr kv_num_heads int
attr q_num_heads int
attr qk_matmul_output_mode int default 0
attr scale float
attr softcap float default 0.0
attr softmax_precision int

op ai.onnx Attention 24
in Q T1
in K T1
in V T2
in attn_mask U optional
in past_key T1 optional
in past_value T2 optional
in nonpad_kv_seqlen tensor(int64) optional
out Y T1
out present_key T1 optional
out present_value T2 optional
out qk_matmul_output T1 optional
arity in 3 7
arity out 1 4
type T1 tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
type T2 tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
type U tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(bool)
attr is_causal int default 0
attr kv_num_heads int
attr q_num_heads int
attr qk_matmul_output_mode int default 0
attr scale float
attr softcap float default 0.0
attr softmax_precision int

op ai.onnx Attention 25
in Q T1
in K T1
in V T2
in attn_mask U optional
in past_key T1 optional
in past_value T2 optional
in nonpad_kv_seqlen tensor(int64) optional
out Y T1
out present_key T1 optional
out present_value T2 optional
out qk_matmul_output T1 optional
arity in 3 7
arity out 1 4
type T1 tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
type T2 tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
type U tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(bfloat16) tensor(float16) tensor(float) tensor(double) tensor(bool)
attr is_causal int default 0
attr kv_num_heads int
attr left_window_size int default -1
attr q_num_heads int
attr qk_matmul_output_mode int default 0
attr right_window_size int default -1
attr scale float
attr softcap float default 0.0
attr softmax_precision int

op ai.onnx LinearAttention 27
in query T
in key T
in value T
in past_state S optional
in decay T optional
in beta T optional
out output T
out present_state S
arity in 3 6
type T tensor(float16) tensor(bfloat16) tensor(float)
type S tensor(float16) tensor(bfloat16) tensor(float)
attr chunk_size int default 64
attr kv_num_heads int required
attr q_num_heads int required
attr scale float default 0.0
attr update_rule string default gated_delta

op ai.onnx RotaryEmbedding 23
in X T
in cos_cache T
in sin_cache T
in position_ids M optional
out Y T
arity in 3 4
type T tensor(float) tensor(float16) tensor(bfloat16)
type M tensor(int64)
attr interleaved int default 0
attr num_heads int
attr rotary_embedding_dim int default 0

op ai.onnx.preview FlexAttention 1
in Q T1
in K T1
in V T1
out Y T1
type T1 tensor(bfloat16) tensor(float16) tensor(float) tensor(double)
attr prob_mod graph
attr scale float
attr score_mod graph
attr softmax_precision int
)sig");
}

}  // namespace onnxsem::ops

// Internal registration functions of the attention family, called by add_attention.
#pragma once

#include "ops/common/values.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops::attn {
void add_linear_attention(Registry& r);  // linear_attention.cpp
void add_flex_attention(Registry& r);    // flex_attention.cpp (domain ai.onnx.preview)
}  // namespace onnxsem::ops::attn

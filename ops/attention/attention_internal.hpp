// Internal registration functions of the attention family, called by add_attention.
#pragma once

#include <string>
#include <vector>

#include "ops/registry.hpp"
#include "semantics/dispatch.hpp"
#include "semantics/numeric.hpp"

namespace onnxsem::ops::attn {
// A shape as "[2,3]", for messages.
inline std::string shape_str(const Shape& s) {
  std::string r = "[";
  for (size_t i = 0; i < s.size(); ++i) r += (i ? "," : "") + std::to_string(s[i]);
  return r + "]";
}

// The elements of a floating tensor widened exactly to binary64, in storage order.
inline std::vector<double> widen_all(const Tensor& t, const std::string& op) {
  return dispatch(t.dtype(), float_types, op, [&](auto tt) {
    using T = typename decltype(tt)::type;
    std::vector<double> v;
    v.reserve(static_cast<size_t>(t.size()));
    for (const T& x : t.data<T>()) v.push_back(num::to_double(x));
    return v;
  });
}

void add_linear_attention(Registry& r);  // linear_attention.cpp
void add_flex_attention(Registry& r);    // flex_attention.cpp (domain ai.onnx.preview)
}  // namespace onnxsem::ops::attn

// What the shape rules of every family share (spec/types.md, TY5, and spec/ops.md B1 for broadcasting):
// symbolic dimensions, broadcasting of static shapes, and the common rules "same type as input k" and
// "broadcast of all inputs". A rule returns, per output, what the operator's definition determines; what it
// leaves undetermined stays unknown (Type kind unknown, element type undefined, or shape nullopt).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "semantics/signature.hpp"

namespace onnxsem::ops {

using Dims = std::vector<Dim>;

// The shape of an input, when inference knows its rank (its dimensions may still be unknown or symbolic).
[[nodiscard]] const std::optional<Dims>& input_dims(const InferenceArgs& a, size_t k);
// The rank of input k, when known.
[[nodiscard]] std::optional<int64_t> input_rank(const InferenceArgs& a, size_t k);
// The element type of input k (undefined when unknown or absent).
[[nodiscard]] DType input_elem(const InferenceArgs& a, size_t k);

// A dimension of unknown size.
[[nodiscard]] Dim unknown_dim();
[[nodiscard]] bool same_dim(const Dim& a, const Dim& b);  // both fixed and equal, or both the same symbol
// The product of dimensions when all are fixed (nullopt otherwise, or on overflow).
[[nodiscard]] std::optional<int64_t> dims_product(const Dims& d);

// Multidirectional broadcasting (B1) of static shapes: aligned at the last dimension, two fixed sizes must be
// equal or one of them 1 (else a refusal under clause TS1 naming `what`); a fixed size > 1 against an unknown
// or symbolic size gives the fixed size; 1 against anything gives the other; equal symbols stay.
[[nodiscard]] Dims broadcast_dims(const std::vector<Dims>& shapes, const std::string& what);

// Output 0 (and every other output) has the type of input k: element type and shape.
[[nodiscard]] ShapeRule same_as_input(size_t k = 0);
// Output 0 is the broadcast of every present input's shape (B1); its element type is left to the signature.
[[nodiscard]] ShapeRule broadcast_inputs();

// A constant input as int64 values (a 1-D or scalar int32/int64 tensor), when its value is known.
[[nodiscard]] std::optional<std::vector<int64_t>> constant_ints(const InferenceArgs& a, size_t k);

// Normalises `axis` in [-rank, rank) or refuses under clause TS2 naming `what`.
[[nodiscard]] int64_t static_axis(int64_t axis, int64_t rank, const std::string& what);

}  // namespace onnxsem::ops

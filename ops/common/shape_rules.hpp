// What the shape rules of every family share (spec/types.md, TY5, and spec/ops.md B1 for broadcasting):
// symbolic dimensions, broadcasting of static shapes, and the common rules "same type as input k" and
// "broadcast of all inputs". A rule returns, per output, what the operator's definition determines; what it
// leaves undetermined stays unknown (Type kind unknown, element type undefined, or shape nullopt).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/error.hpp"
#include "values/signature.hpp"

namespace onnxsem::ops {

using Dims = std::vector<Dim>;

// The shape of an input, when inference knows its rank (its dimensions may still be unknown or symbolic).
[[nodiscard]] const std::optional<Dims>& input_dims(const InferenceArgs& a, size_t k);
// The rank of input k, when known.
[[nodiscard]] std::optional<int64_t> input_rank(const InferenceArgs& a, size_t k);
// The element type of input k (undefined when unknown or absent).
[[nodiscard]] DType input_elem(const InferenceArgs& a, size_t k);

// ---- The dimension algebra every family's shape rules use: what is known of a dimension (a fixed size, a
// symbol, or nothing) under the arithmetic of shapes. A result is fixed only when it is certain; anything
// that overflows int64 is unknown (evaluation refuses it under L1).

// A dimension of unknown size.
[[nodiscard]] Dim unknown_dim();
[[nodiscard]] bool same_dim(const Dim& a, const Dim& b);  // both fixed and equal, or both the same symbol
[[nodiscard]] bool is_fixed(const Dim& d, int64_t v);     // fixed at v
[[nodiscard]] bool differ(const Dim& a, const Dim& b);    // both fixed, at different sizes
// The product of dimensions when all are fixed (nullopt otherwise, or on overflow).
[[nodiscard]] std::optional<int64_t> dims_product(const Dims& d);
// The product of d[from, to): fixed when every factor is (unknown on overflow), 0 when a factor is fixed 0,
// the one factor that is not fixed when all others are 1, and unknown otherwise.
[[nodiscard]] Dim product_dim(const Dims& d, size_t from, size_t to);
// x + y: the other when one is fixed 0.
[[nodiscard]] Dim plus(const Dim& x, const Dim& y);
// d * k for a count k (unknown when k is unknown or negative): d itself for k = 1, 0 for k = 0.
[[nodiscard]] Dim times(const Dim& d, std::optional<int64_t> k);
// d / k for a fixed d that k >= 1 divides: d itself for k = 1, unknown otherwise (evaluation refuses a
// size that is not a multiple).
[[nodiscard]] Dim divided(const Dim& d, std::optional<int64_t> k);
// Two dimensions the operator requires to be equal: refused with `clause` when both are fixed and differ;
// otherwise the better known of the two (a fixed size over a symbol, a symbol over nothing; unknown for two
// different symbols).
[[nodiscard]] Dim agreed(const Dim& x, const Dim& y, Clause clause, const std::string& what);

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

// The given output types, as many as the node has outputs (missing ones unknown, extra ones dropped).
[[nodiscard]] std::vector<Type> outputs(const InferenceArgs& a, std::vector<Type> types);

// A tensor type of the given shape and element type (either may be unknown).
[[nodiscard]] Type tensor_of(std::optional<Dims> shape = std::nullopt, DType elem = DType::undefined);
// Dimension k of a shape, when the shape is known and has it; unknown otherwise.
[[nodiscard]] Dim dim_at(const std::optional<Dims>& d, size_t k);
// A size computed with possible overflow: fixed when known and not negative, unknown otherwise.
[[nodiscard]] Dim size_dim(std::optional<int64_t> v);
// Sum and product, or nullopt when they overflow int64.
[[nodiscard]] std::optional<int64_t> checked_add(int64_t a, int64_t b);
[[nodiscard]] std::optional<int64_t> checked_mul(int64_t a, int64_t b);

// The element type with TensorProto code `code`, which must be one that the signature's type variable `var`
// allows, as a tensor's element type or as that of the tensors a sequence or optional holds (TY10); `what`
// names where the code comes from in the refusal.
[[nodiscard]] DType allowed_element_type(const InferenceArgs& a, int64_t code, const std::string& var,
                                         const std::string& what);
// The type variable (or concrete type) of output k's formal; "" past the last formal.
[[nodiscard]] std::string output_type_var(const InferenceArgs& a, size_t k = 0);
// The element type that the int attribute `name` names (`def` when it is absent; undefined when it is
// absent and there is no default), checked by allowed_element_type.
[[nodiscard]] DType element_type_attr(const InferenceArgs& a, const std::string& name, std::optional<int64_t> def,
                                      const std::string& var);
// The string attribute `name` (`def` when absent), which must be one of `allowed` (TY10).
std::string choice_attr(const Node& n, const std::string& name, const std::string& def,
                        const std::vector<std::string>& allowed);

// Text of int lists for refusal messages: "[1, -1]" (of dimensions: dims_text, values/signature.hpp).
[[nodiscard]] std::string ints_text(const std::vector<int64_t>& v);

}  // namespace onnxsem::ops

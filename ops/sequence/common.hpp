// Helpers shared by the sequence family's files (spec/ops-sequence.md).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ops/common/values.hpp"
#include "ops/registry.hpp"
#include "values/value.hpp"

namespace onnxsem::ops::sequence {

using Outputs = std::vector<std::optional<Value>>;

inline Outputs one(Value v) {
  Outputs o;
  o.emplace_back(std::move(v));
  return o;
}

// The declared type "tensor(d)".
std::shared_ptr<const Type> tensor_type(DType d);
// The element type of a sequence of tensors: its declared one, else that of its first item; nullopt when
// neither is known (an empty sequence read without a type).
std::optional<DType> elem_dtype(const Sequence& s);
// A sequence holding `items`, all tensors of element type d.
Sequence make_sequence(DType d, std::vector<Value> items);
// Refuses (SQ2 / L3) to build more items than the allocation limit allows for the Values themselves.
void check_item_count(EvalContext& cx, int64_t n, const std::string& op);

void add_sequence_ops(Registry& r);  // SequenceConstruct, SequenceEmpty, SequenceInsert, ...
void add_split_concat(Registry& r);  // SplitToSequence, ConcatFromSequence
void add_optional_ops(Registry& r);  // Optional, OptionalHasElement, OptionalGetElement

}  // namespace onnxsem::ops::sequence

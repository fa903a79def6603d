// Operator family: sequence. SequenceConstruct, SequenceEmpty, SequenceInsert, SequenceAt, SequenceErase,
// SequenceLength (spec/ops-sequence.md, SQ1-SQ8), and the family's registration.
#include <limits>

#include "ops/common/attrs.hpp"
#include "ops/common/values.hpp"
#include "ops/sequence/common.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops {
namespace sequence {

std::shared_ptr<const Type> tensor_type(DType d) {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::tensor;
  t->elem = d;
  return t;
}

std::optional<DType> elem_dtype(const Sequence& s) {
  if (s.elem && s.elem->kind == Type::Kind::tensor && s.elem->elem != DType::undefined) return s.elem->elem;
  const auto& items = s.items;
  if (!items.empty() && items.front().is_tensor()) return items.front().tensor().dtype();
  return std::nullopt;
}

Sequence make_sequence(DType d, std::vector<Value> items) { return Sequence{tensor_type(d), Items(items)}; }

void check_item_count(EvalContext& cx, int64_t n, const std::string& op) {
  if (n > cx.limits().tensor_bytes / static_cast<int64_t>(sizeof(Value)))
    eval_error("L3", op + " would build a sequence of " + std::to_string(n) +
                         " items, more than the allocation limit allows");
}

namespace {

// [spec:SQ1] A sequence holds tensors of one element type: `t` may join a sequence of element type `d`
// (nullopt: not yet known) only when its element type is d.
void check_joins(const Value& v, std::optional<DType> d, const std::string& what) {
  ONNXSEM_CLAUSE(SQ1);
  if (!v.is_tensor()) eval_error("SQ1", what + " is " + v.describe() + ", not a tensor");
  if (d && v.tensor().dtype() != *d)
    eval_error("SQ1", what + " has element type " + dtype_name(v.tensor().dtype()) + ", but the sequence holds " +
                          dtype_name(*d) + " tensors");
}

// The sequence's element type for inserting into it; refuses a sequence declared to hold non-tensors.
std::optional<DType> tensor_elem(const Sequence& s, const std::string& op) {
  if (s.elem && s.elem->kind != Type::Kind::tensor && s.elem->kind != Type::Kind::unknown)
    eval_error("SQ1", op + ": the input sequence holds " + s.elem->describe() + " items, not tensors");
  return elem_dtype(s);
}

// Reads a position input and maps it into [0, n] (allow_end) or [0, n - 1].
int64_t position(const Tensor& p, int64_t n, bool allow_end, const std::string& op) {
  // [spec:SQ2] a position is one int32/int64 element; a negative one counts from the back.
  ONNXSEM_CLAUSE(SQ2);
  if (p.size() != 1)
    eval_error("SQ2", op + ": position must hold exactly one element, it has shape " + show(p.shape()));
  int64_t v = 0;
  if (p.dtype() == DType::int64) v = p.data<int64_t>()[0];
  else if (p.dtype() == DType::int32) v = p.data<int32_t>()[0];
  else eval_error("SQ2", op + ": position must be int32 or int64, it is " + dtype_name(p.dtype()));
  const int64_t hi = allow_end ? n : n - 1;
  if (v < -n || v > hi)
    eval_error(allow_end ? Clause("SQ5") : (op == "SequenceAt" ? Clause("SQ6") : Clause("SQ7")),
               op + ": position " + std::to_string(v) + " is out of range [" + std::to_string(-n) + ", " +
                   std::to_string(hi) + "] for a sequence of " + std::to_string(n) + " items");
  return v < 0 ? v + n : v;
}

// ---- SequenceConstruct -------------------------------------------------------------------------------------
Outputs sequence_construct(const KernelArgs& a) {
  // [spec:SQ3] the inputs, in order, as a sequence of their common element type.
  ONNXSEM_CLAUSE(SQ3);
  if (a.input_count() == 0) eval_error("SQ3", "SequenceConstruct needs at least one input");
  const DType d = a.tensor(0).dtype();
  std::vector<Value> items;
  items.reserve(a.input_count());
  for (size_t k = 0; k < a.input_count(); ++k) {
    check_joins(a.value(k), d, "SequenceConstruct input " + std::to_string(k));
    items.push_back(a.value(k));
  }
  return one(make_sequence(d, std::move(items)));
}

// ---- SequenceEmpty -----------------------------------------------------------------------------------------
Outputs sequence_empty(const KernelArgs& a) {
  // [spec:SQ4] no items, element type from 'dtype' (default float).
  ONNXSEM_CLAUSE(SQ4);
  const int64_t code = attr_int(a.node, "dtype", static_cast<int64_t>(DType::float32));
  if (code < std::numeric_limits<int32_t>::min() || code > std::numeric_limits<int32_t>::max() ||
      !dtype_known(static_cast<int32_t>(code)))
    eval_error("SQ4", "SequenceEmpty: attribute 'dtype' " + std::to_string(code) + " is not an element type");
  const auto d = static_cast<DType>(code);
  if (d == DType::complex64 || d == DType::complex128)
    unsupported(std::string("SequenceEmpty: element type ") + dtype_name(d) + " is not supported");
  return one(make_sequence(d, {}));
}

// ---- SequenceInsert ----------------------------------------------------------------------------------------
Outputs sequence_insert(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Sequence& s = a.value(0).sequence();
  const auto& items = s.items;
  const auto d = tensor_elem(s, "SequenceInsert");
  check_joins(a.value(1), d, "SequenceInsert tensor");
  const auto n = static_cast<int64_t>(items.size());
  // [spec:SQ5] position in [-n, n], default n (the back).
  ONNXSEM_CLAUSE(SQ5);
  const int64_t p = a.has_input(2) ? position(a.tensor(2), n, true, "SequenceInsert") : n;
  check_item_count(cx, n + 1, "SequenceInsert");
  // The new sequence shares every item of the old one (V2): O(log n), not a copy of the n items.
  return one(Sequence{tensor_type(a.tensor(1).dtype()), items.inserted(static_cast<size_t>(p), a.value(1))});
}

// ---- SequenceAt --------------------------------------------------------------------------------------------
Outputs sequence_at(const KernelArgs& a) {
  const auto& items = a.value(0).sequence().items;
  // [spec:SQ6] position in [-n, n - 1].
  ONNXSEM_CLAUSE(SQ6);
  const int64_t p = position(a.tensor(1), static_cast<int64_t>(items.size()), false, "SequenceAt");
  return one(items[static_cast<size_t>(p)]);
}

// ---- SequenceErase -----------------------------------------------------------------------------------------
Outputs sequence_erase(const KernelArgs& a) {
  const Sequence& s = a.value(0).sequence();
  const auto& items = s.items;
  const auto n = static_cast<int64_t>(items.size());
  // [spec:SQ7] position in [-n, n - 1], default the last item; nothing to erase from an empty sequence.
  ONNXSEM_CLAUSE(SQ7);
  if (!a.has_input(1) && n == 0) eval_error("SQ7", "SequenceErase: the input sequence is empty");
  const int64_t p = a.has_input(1) ? position(a.tensor(1), n, false, "SequenceErase") : n - 1;
  return one(Sequence{s.elem, items.erased(static_cast<size_t>(p))});
}

// ---- SequenceLength ----------------------------------------------------------------------------------------
Outputs sequence_length(const KernelArgs& a) {
  EvalContext& cx = a.context();
  // [spec:SQ8] the item count as a rank-0 int64 tensor.
  ONNXSEM_CLAUSE(SQ8);
  const auto n = static_cast<int64_t>(a.value(0).sequence().items.size());
  return one(Tensor::scalar<int64_t>(cx, n));
}

}  // namespace

void add_sequence_ops(Registry& r) {
  r.add("", "SequenceConstruct", {11}, sequence_construct);
  r.add("", "SequenceEmpty", {11}, sequence_empty);
  r.add("", "SequenceInsert", {11}, sequence_insert);
  r.add("", "SequenceAt", {11}, sequence_at);
  r.add("", "SequenceErase", {11}, sequence_erase);
  r.add("", "SequenceLength", {11}, sequence_length);
}

}  // namespace sequence

void add_sequence(Registry& r) {
  sequence::add_sequence_ops(r);
  sequence::add_split_concat(r);
  sequence::add_optional_ops(r);
}

}  // namespace onnxsem::ops

// Values (spec/values.md): element types, shapes, tensors, sequences, optionals, maps and their equality.
#include "values/value.hpp"

#include <algorithm>
#include <limits>
#include <set>

#include "runtime/context.hpp"
#include "runtime/coverage.hpp"
#include "runtime/work.hpp"
#include "values/dispatch.hpp"

namespace onnxsem {

// [spec:V1] the element types and their numbers.
const char* dtype_name(DType t) noexcept {
  ONNXSEM_CLAUSE(V1);
  switch (t) {
    case DType::undefined: return "undefined";
    case DType::float32: return "float";
    case DType::uint8: return "uint8";
    case DType::int8: return "int8";
    case DType::uint16: return "uint16";
    case DType::int16: return "int16";
    case DType::int32: return "int32";
    case DType::int64: return "int64";
    case DType::string: return "string";
    case DType::boolean: return "bool";
    case DType::float16: return "float16";
    case DType::float64: return "double";
    case DType::uint32: return "uint32";
    case DType::uint64: return "uint64";
    case DType::complex64: return "complex64";
    case DType::complex128: return "complex128";
    case DType::bfloat16: return "bfloat16";
    case DType::float8e4m3fn: return "float8e4m3fn";
    case DType::float8e4m3fnuz: return "float8e4m3fnuz";
    case DType::float8e5m2: return "float8e5m2";
    case DType::float8e5m2fnuz: return "float8e5m2fnuz";
    case DType::uint4: return "uint4";
    case DType::int4: return "int4";
    case DType::float4e2m1: return "float4e2m1";
    case DType::float8e8m0: return "float8e8m0";
    case DType::uint2: return "uint2";
    case DType::int2: return "int2";
  }
  return "unknown";
}

bool dtype_known(int32_t code) noexcept { return code >= 1 && code <= 26; }

bool is_float(DType t) noexcept {
  switch (t) {
    case DType::float32:
    case DType::float64:
    case DType::float16:
    case DType::bfloat16:
    case DType::float8e4m3fn:
    case DType::float8e4m3fnuz:
    case DType::float8e5m2:
    case DType::float8e5m2fnuz:
    case DType::float8e8m0:
    case DType::float4e2m1: return true;
    default: return false;
  }
}

bool is_signed_integer(DType t) noexcept {
  switch (t) {
    case DType::int8:
    case DType::int16:
    case DType::int32:
    case DType::int64:
    case DType::int4:
    case DType::int2: return true;
    default: return false;
  }
}

bool is_integer(DType t) noexcept {
  switch (t) {
    case DType::uint8:
    case DType::uint16:
    case DType::uint32:
    case DType::uint64:
    case DType::uint4:
    case DType::uint2: return true;
    default: return is_signed_integer(t);
  }
}

int64_t element_count(const Shape& shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    // [spec:L1] a dimension is never negative and an element count never overflows.
    ONNXSEM_CLAUSE(L1);
    if (d < 0) eval_error("L1", "negative dimension " + std::to_string(d) + " in a shape");
    if (d != 0 && n > std::numeric_limits<int64_t>::max() / d)
      eval_error("L1", "the element count of a shape overflows 64 bits");
    n *= d;
  }
  return n;
}

void Tensor::wrong_type(DType asked) const {
  throw Failure(Error{ErrorKind::internal,
                      "V2",
                      std::string("tensor of type ") + dtype_name(dtype_) + " read as " + dtype_name(asked),
                      {},
                      {},
                      {}});
}

Tensor Tensor::reshaped(Shape shape) const {
  // [spec:L2] rearranging elements keeps their count.
  ONNXSEM_CLAUSE(L2);
  if (element_count(shape) != count_) eval_error("L2", "reshape to a shape of another element count");
  Tensor t = *this;
  t.shape_ = std::move(shape);
  return t;
}

bool operator==(const Tensor& a, const Tensor& b) {
  // [spec:V3] tensors are equal when element type, shape and every element's representation are equal.
  ONNXSEM_CLAUSE(V3);
  if (a.dtype_ != b.dtype_ || a.shape_ != b.shape_) return false;
  if (a.dtype_ == DType::undefined) return true;
  return dispatch(a.dtype_, all_types, "equality", [&](auto t) {
    using T = typename decltype(t)::type;
    auto x = a.data<T>();
    auto y = b.data<T>();
    if constexpr (std::is_same_v<T, std::string>) {
      return std::equal(x.begin(), x.end(), y.begin(), y.end());
    } else {
      return x.size() == y.size() && (x.empty() || std::memcmp(x.data(), y.data(), x.size() * sizeof(T)) == 0);
    }
  });
}

std::string Type::describe() const {
  switch (kind) {
    case Kind::unknown: return "unknown";
    case Kind::tensor:
    case Kind::sparse_tensor: {
      std::string s = std::string(kind == Kind::tensor ? "tensor(" : "sparse_tensor(") + dtype_name(elem) + ")";
      if (shape) {
        s += "[";
        for (size_t i = 0; i < shape->size(); ++i) {
          if (i) s += ",";
          const Dim& d = (*shape)[i];
          s += d.value ? std::to_string(*d.value) : (d.param.empty() ? "?" : d.param);
        }
        s += "]";
      }
      return s;
    }
    case Kind::sequence: return "seq(" + (inner ? inner->describe() : std::string("?")) + ")";
    case Kind::optional: return "optional(" + (inner ? inner->describe() : std::string("?")) + ")";
    case Kind::map:
      return std::string("map(") + dtype_name(key) + "," + (inner ? inner->describe() : std::string("?")) + ")";
  }
  return "unknown";
}

bool operator==(const Type& a, const Type& b) {
  if (a.kind != b.kind || a.elem != b.elem || a.key != b.key) return false;
  if (static_cast<bool>(a.inner) != static_cast<bool>(b.inner)) return false;
  if (a.inner && !(*a.inner == *b.inner)) return false;
  return true;  // declared shapes are annotations; they do not distinguish types here
}

// [spec:V2] a value is read as the kind it is.
const Tensor& Value::tensor() const {
  ONNXSEM_CLAUSE(V2);
  if (const auto* t = std::get_if<Tensor>(&v)) return *t;
  eval_error("V2", "expected a tensor, got " + describe());
}
const Sequence& Value::sequence() const {
  if (const auto* s = std::get_if<Sequence>(&v)) return *s;
  eval_error("V2", "expected a sequence, got " + describe());
}
const OptionalValue& Value::optional() const {
  if (const auto* o = std::get_if<OptionalValue>(&v)) return *o;
  eval_error("V2", "expected an optional, got " + describe());
}
const Map& Value::map() const {
  if (const auto* m = std::get_if<Map>(&v)) return *m;
  eval_error("V2", "expected a map, got " + describe());
}

Map make_map(Tensor keys, std::vector<Value> values, std::shared_ptr<const Type> value_type) {
  // [spec:V4] keys are int64 or string, one per value, none given twice; their order is kept.
  ONNXSEM_CLAUSE(V4);
  if (keys.dtype() != DType::int64 && keys.dtype() != DType::string)
    eval_error("V4", std::string("map keys of type ") + dtype_name(keys.dtype()) + "; keys are int64 or string");
  if (keys.rank() != 1) eval_error("V4", "map keys must be a 1-D tensor, got rank " + std::to_string(keys.rank()));
  if (keys.size() != static_cast<int64_t>(values.size()))
    eval_error("V4",
               "a map of " + std::to_string(keys.size()) + " keys and " + std::to_string(values.size()) + " values");
  auto no_duplicates = [](auto span) {
    using E = typename decltype(span)::value_type;
    std::set<E> seen;
    for (const auto& k : span)
      if (!seen.insert(k).second) {
        if constexpr (std::is_same_v<E, std::string>) eval_error("V4", "map key '" + k + "' occurs twice");
        else eval_error("V4", "map key " + std::to_string(k) + " occurs twice");
      }
  };
  if (keys.dtype() == DType::int64) no_duplicates(keys.data<int64_t>());
  else no_duplicates(keys.data<std::string>());
  Map m;
  m.key = keys.dtype();
  m.value_type = std::move(value_type);
  m.keys = std::move(keys);
  m.values = std::make_shared<const std::vector<Value>>(std::move(values));
  return m;
}

// ---- Items: a persistent AVL tree ordered by position (spec V2, L5) ----

struct Items::Node {
  std::shared_ptr<const Node> left, right;
  Value value;
  size_t count;      // items in this subtree
  int64_t elements;  // tensor elements of the items in this subtree (the largest int64 when it overflows)
  int height;
};

namespace {
using NodePtr = std::shared_ptr<const Items::Node>;
size_t count_of(const NodePtr& t) noexcept { return t ? t->count : 0; }
int height_of(const NodePtr& t) noexcept { return t ? t->height : 0; }
int64_t elements_of(const NodePtr& t) noexcept { return t ? t->elements : 0; }

NodePtr make_node(NodePtr l, Value v, NodePtr r) {
  const size_t c = count_of(l) + count_of(r) + 1;
  const int h = std::max(height_of(l), height_of(r)) + 1;
  const int64_t e = work_sum(work_sum(elements_of(l), elements_of(r)), v.is_tensor() ? v.tensor().size() : 0);
  return std::make_shared<const Items::Node>(Items::Node{std::move(l), std::move(r), std::move(v), c, e, h});
}

// A node of l, v, r whose subtrees' heights differ by at most one, when those of l and r differ by at
// most two (one insertion or erasure below).
NodePtr balanced(NodePtr l, Value v, NodePtr r) {
  const int hl = height_of(l), hr = height_of(r);
  if (hl > hr + 1) {
    if (height_of(l->left) >= height_of(l->right))
      return make_node(l->left, l->value, make_node(l->right, std::move(v), std::move(r)));
    const NodePtr& m = l->right;
    return make_node(make_node(l->left, l->value, m->left), m->value, make_node(m->right, std::move(v), std::move(r)));
  }
  if (hr > hl + 1) {
    if (height_of(r->right) >= height_of(r->left))
      return make_node(make_node(std::move(l), std::move(v), r->left), r->value, r->right);
    const NodePtr& m = r->left;
    return make_node(make_node(std::move(l), std::move(v), m->left), m->value, make_node(m->right, r->value, r->right));
  }
  return make_node(std::move(l), std::move(v), std::move(r));
}

NodePtr insert_at(const NodePtr& t, size_t pos, Value v) {
  if (!t) return make_node(nullptr, std::move(v), nullptr);
  const size_t nl = count_of(t->left);
  if (pos <= nl) return balanced(insert_at(t->left, pos, std::move(v)), t->value, t->right);
  return balanced(t->left, t->value, insert_at(t->right, pos - nl - 1, std::move(v)));
}

// The leftmost value of t and t without it.
std::pair<Value, NodePtr> without_first(const NodePtr& t) {
  if (!t->left) return {t->value, t->right};
  auto [first, rest] = without_first(t->left);
  return {std::move(first), balanced(std::move(rest), t->value, t->right)};
}

NodePtr erase_at(const NodePtr& t, size_t pos) {
  const size_t nl = count_of(t->left);
  if (pos < nl) return balanced(erase_at(t->left, pos), t->value, t->right);
  if (pos > nl) return balanced(t->left, t->value, erase_at(t->right, pos - nl - 1));
  if (!t->left) return t->right;
  if (!t->right) return t->left;
  auto [first, rest] = without_first(t->right);
  return balanced(t->left, std::move(first), std::move(rest));
}

NodePtr build(const std::vector<Value>& v, size_t lo, size_t hi) {
  if (lo >= hi) return nullptr;
  const size_t mid = lo + (hi - lo) / 2;
  return make_node(build(v, lo, mid), v[mid], build(v, mid + 1, hi));
}

void collect(const NodePtr& t, std::vector<Value>& out) {
  if (!t) return;
  collect(t->left, out);
  out.push_back(t->value);
  collect(t->right, out);
}
}  // namespace

Items::Items(const std::vector<Value>& values) : root_(build(values, 0, values.size())) {}

size_t Items::size() const noexcept { return count_of(root_); }
int64_t Items::tensor_elements() const noexcept { return elements_of(root_); }

const Value& Items::operator[](size_t i) const {
  const Node* t = root_.get();
  for (;;) {
    const size_t nl = count_of(t->left);
    if (i < nl) t = t->left.get();
    else if (i == nl) return t->value;
    else i -= nl + 1, t = t->right.get();
  }
}

namespace {
// A position past the end of a sequence: the kernels check positions (SQ5-SQ7), so this is onnxsem's defect.
[[noreturn]] void no_item(size_t i, size_t n) {
  throw Failure(Error{ErrorKind::internal,
                      "V2",
                      "item " + std::to_string(i) + " of a sequence of " + std::to_string(n) + " items",
                      {},
                      {},
                      {}});
}
}  // namespace

const Value& Items::at(size_t i) const {
  if (i >= size()) no_item(i, size());
  return (*this)[i];
}

Items Items::inserted(size_t pos, Value v) const {
  if (pos > size()) no_item(pos, size());
  return Items(insert_at(root_, pos, std::move(v)));
}

Items Items::erased(size_t pos) const {
  if (pos >= size()) no_item(pos, size());
  return Items(erase_at(root_, pos));
}

std::vector<Value> Items::to_vector() const {
  std::vector<Value> out;
  out.reserve(size());
  collect(root_, out);
  return out;
}

size_t Map::size() const noexcept { return values ? values->size() : 0; }

std::string Value::describe() const {
  if (const auto* t = std::get_if<Tensor>(&v)) {
    std::string s = std::string("tensor(") + dtype_name(t->dtype()) + ")[";
    for (size_t i = 0; i < t->shape().size(); ++i) s += (i ? "," : "") + std::to_string(t->shape()[i]);
    return s + "]";
  }
  if (const auto* q = std::get_if<Sequence>(&v)) return "seq(" + std::to_string(q->items.size()) + " items)";
  if (const auto* m = std::get_if<Map>(&v))
    return std::string("map(") + dtype_name(m->key) + "," + std::to_string(m->size()) + " entries)";
  const auto& o = std::get<OptionalValue>(v);
  return o.item ? "optional(" + o.item->describe() + ")" : std::string("optional(none)");
}

bool operator==(const Value& a, const Value& b) {
  if (a.v.index() != b.v.index()) return false;
  if (const auto* t = std::get_if<Tensor>(&a.v)) return *t == std::get<Tensor>(b.v);
  if (const auto* s = std::get_if<Sequence>(&a.v)) {
    const auto& s2 = std::get<Sequence>(b.v);
    if (s->items.size() != s2.items.size()) return false;
    return std::equal(s->items.begin(), s->items.end(), s2.items.begin());
  }
  if (const auto* m = std::get_if<Map>(&a.v)) {
    // [spec:V3] maps are equal when their keys are equal in the same order and their values pairwise.
    ONNXSEM_CLAUSE(V3);
    const auto& m2 = std::get<Map>(b.v);
    if (m->key != m2.key || !(m->keys == m2.keys) || m->size() != m2.size()) return false;
    for (size_t i = 0; i < m->size(); ++i)
      if (!((*m->values)[i] == (*m2.values)[i])) return false;
    return true;
  }
  const auto& o1 = std::get<OptionalValue>(a.v);
  const auto& o2 = std::get<OptionalValue>(b.v);
  if (static_cast<bool>(o1.item) != static_cast<bool>(o2.item)) return false;
  return !o1.item || *o1.item == *o2.item;
}

}  // namespace onnxsem

// Values (spec/values.md): element types, shapes, tensors, sequences, optionals, maps and their equality.
#include "semantics/value.hpp"

#include <limits>
#include <set>

#include "semantics/dispatch.hpp"

namespace onnxsem {

// [spec:V1] the element types and their numbers.
const char* dtype_name(DType t) noexcept {
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
    case DType::float32: case DType::float64: case DType::float16: case DType::bfloat16:
    case DType::float8e4m3fn: case DType::float8e4m3fnuz: case DType::float8e5m2: case DType::float8e5m2fnuz:
    case DType::float8e8m0: case DType::float4e2m1:
      return true;
    default:
      return false;
  }
}

bool is_signed_integer(DType t) noexcept {
  switch (t) {
    case DType::int8: case DType::int16: case DType::int32: case DType::int64: case DType::int4: case DType::int2:
      return true;
    default:
      return false;
  }
}

bool is_integer(DType t) noexcept {
  switch (t) {
    case DType::uint8: case DType::uint16: case DType::uint32: case DType::uint64: case DType::uint4:
    case DType::uint2:
      return true;
    default:
      return is_signed_integer(t);
  }
}

int64_t element_count(const Shape& shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    // [spec:L1] a dimension is never negative and an element count never overflows.
    if (d < 0) eval_error("L1", "negative dimension " + std::to_string(d) + " in a shape");
    if (d != 0 && n > std::numeric_limits<int64_t>::max() / d)
      eval_error("L1", "the element count of a shape overflows 64 bits");
    n *= d;
  }
  return n;
}

namespace {
thread_local int64_t current_limit = int64_t{8} << 30;
}

int64_t allocation_limit() noexcept { return current_limit; }
AllocationLimit::AllocationLimit(int64_t bytes) noexcept : previous_(current_limit) { current_limit = bytes; }
AllocationLimit::~AllocationLimit() { current_limit = previous_; }

void Tensor::check_bytes(int64_t count, size_t elem_size) {
  // [spec:L3] a tensor larger than the configured limit is refused before anything is allocated.
  if (count > current_limit / static_cast<int64_t>(elem_size))
    eval_error("L3", "a tensor of " + std::to_string(count) + " elements of " + std::to_string(elem_size) +
                         " bytes exceeds the allocation limit of " + std::to_string(current_limit) + " bytes");
}

void Tensor::wrong_type(DType asked) const {
  throw Failure(Error{ErrorKind::internal, "V2",
                      std::string("tensor of type ") + dtype_name(dtype_) + " read as " + dtype_name(asked), {}, {},
                      {}});
}

Tensor Tensor::reshaped(Shape shape) const {
  // [spec:L2] rearranging elements keeps their count.
  if (element_count(shape) != count_) eval_error("L2", "reshape to a shape of another element count");
  Tensor t = *this;
  t.shape_ = std::move(shape);
  return t;
}

bool operator==(const Tensor& a, const Tensor& b) {
  // [spec:V3] tensors are equal when element type, shape and every element's representation are equal.
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
  if (keys.dtype() != DType::int64 && keys.dtype() != DType::string)
    eval_error("V4", std::string("map keys of type ") + dtype_name(keys.dtype()) + "; keys are int64 or string");
  if (keys.rank() != 1) eval_error("V4", "map keys must be a 1-D tensor, got rank " + std::to_string(keys.rank()));
  if (keys.size() != static_cast<int64_t>(values.size()))
    eval_error("V4", "a map of " + std::to_string(keys.size()) + " keys and " + std::to_string(values.size()) +
                         " values");
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

std::string Value::describe() const {
  if (const auto* t = std::get_if<Tensor>(&v)) {
    std::string s = std::string("tensor(") + dtype_name(t->dtype()) + ")[";
    for (size_t i = 0; i < t->shape().size(); ++i) s += (i ? "," : "") + std::to_string(t->shape()[i]);
    return s + "]";
  }
  if (const auto* q = std::get_if<Sequence>(&v))
    return "seq(" + std::to_string(q->items ? q->items->size() : 0) + " items)";
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
    size_t n1 = s->items ? s->items->size() : 0, n2 = s2.items ? s2.items->size() : 0;
    if (n1 != n2) return false;
    for (size_t i = 0; i < n1; ++i)
      if (!((*s->items)[i] == (*s2.items)[i])) return false;
    return true;
  }
  if (const auto* m = std::get_if<Map>(&a.v)) {
    // [spec:V3] maps are equal when their keys are equal in the same order and their values pairwise.
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

// Reading and writing values in their serialized form (spec/values.md, "Serialized values", F1-F5).
// Part of the loader: the only other file besides loader.cpp that sees protobuf.
#include <cstring>
#include <filesystem>
#include <fstream>
#include <span>
#include <sstream>

#include "loader/external_data.hpp"
#include "loader/loader.hpp"
#include "loader/proto.hpp"
#include "runtime/coverage.hpp"
#include "values/dispatch.hpp"

namespace onnxsem {
namespace proto {
namespace {

// Elements per byte in the packed serialized form of sub-byte types (0: not packed).
template <class T>
inline constexpr int per_byte = std::is_same_v<T, int4_t> || std::is_same_v<T, uint4_t> ||
                                        std::is_same_v<T, float4e2m1_t>
                                    ? 2
                                    : (std::is_same_v<T, int2_t> || std::is_same_v<T, uint2_t> ? 4 : 0);

// Stores the low `bits` of `code` into an element of sub-byte type T (sign-extending signed integers).
template <class T>
T from_code(uint32_t code) {
  if constexpr (std::is_same_v<T, int4_t>) return T{static_cast<int8_t>(static_cast<int8_t>(code << 4) >> 4)};
  else if constexpr (std::is_same_v<T, uint4_t>) return T{static_cast<uint8_t>(code & 0xF)};
  else if constexpr (std::is_same_v<T, int2_t>) return T{static_cast<int8_t>(static_cast<int8_t>(code << 6) >> 6)};
  else if constexpr (std::is_same_v<T, uint2_t>) return T{static_cast<uint8_t>(code & 0x3)};
  else return T{static_cast<uint8_t>(code & 0xF)};  // float4e2m1
}
template <class T>
uint32_t to_code(T x) {
  if constexpr (std::is_same_v<T, float4e2m1_t>) return x.bits & 0xF;
  else if constexpr (std::is_same_v<T, int4_t> || std::is_same_v<T, uint4_t>) return static_cast<uint8_t>(x.v) & 0xF;
  else return static_cast<uint8_t>(x.v) & 0x3;
}

[[noreturn]] void bad(const std::string& where, const std::string& what) {
  // [spec:F3] a serialized tensor whose data do not match its declared type and shape is refused.
  ONNXSEM_CLAUSE(F3);
  usage_error("F3", "tensor '" + where + "': " + what);
}

// The size of n elements of T in the raw layout (F3): packed for sub-byte types; -1 when it overflows.
template <class T>
int64_t raw_size(int64_t n) {
  constexpr int per = per_byte<T>;
  if (per) return n / per + (n % per != 0);
  int64_t need = 0;
  if (__builtin_mul_overflow(n, static_cast<int64_t>(sizeof(T)), &need)) return -1;
  return need;
}

// Fills `out` from bytes in the raw layout (F3), whose size the caller has checked.
template <class T>
void unpack_raw(const char* raw, std::span<T> out) {
  constexpr int per = per_byte<T>;
  const auto n = static_cast<int64_t>(out.size());
  if constexpr (per > 0) {
    const int bits = 8 / per;
    for (int64_t i = 0; i < n; ++i) {
      const auto byte = static_cast<uint8_t>(raw[static_cast<size_t>(i / per)]);
      out[static_cast<size_t>(i)] = from_code<T>(byte >> ((i % per) * bits));
    }
  } else if constexpr (std::is_same_v<T, bool>) {
    for (int64_t i = 0; i < n; ++i) out[static_cast<size_t>(i)] = raw[static_cast<size_t>(i)] != 0;
  } else {
    if (n) std::memcpy(out.data(), raw, out.size() * sizeof(T));  // little-endian host (x86-64, aarch64)
  }
}

// A tensor whose bytes live in an external file (F7, F8): the reference is checked against the model,
// then the file against the reference, then the tensor is allocated (within the allocation limit, L3) and
// the bytes are read into it once.
template <class T>
Tensor decode_external(EvalContext& cx, const onnx::TensorProto& p, Shape shape, const std::string& where,
                       DataFolder& folder) {
  if constexpr (std::is_same_v<T, std::string>) {
    refused("F7", "tensor '" + where + "': a string tensor cannot keep its data in an external file");
  } else {
    const ExternalRef ref = external_ref(p, where);
    const int64_t need = raw_size<T>(element_count(shape));
    if (need < 0) bad(where, "its shape needs more bytes than a file can hold");
    // [spec:F8] a length given in the model must be the tensor's size.
    if (ref.length && *ref.length != need)
      refused("F8", "tensor '" + where + "': external data length " + std::to_string(*ref.length) +
                        " bytes, the tensor's type and shape need " + std::to_string(need));
    folder.locate(ref, need, where);
    if constexpr (per_byte<T> != 0 || std::is_same_v<T, bool>) {
      auto [t, out] = Tensor::allocate<T>(cx, std::move(shape));
      std::string raw(static_cast<size_t>(need), '\0');
      folder.read(ref, need, raw.data(), where);
      unpack_raw<T>(raw.data(), out);
      return t;
    } else {
      auto [t, out] = Tensor::allocate_for_overwrite<T>(cx, std::move(shape));
      folder.read(ref, need, out.data(), where);
      return t;
    }
  }
}

template <class T>
Tensor decode(EvalContext& cx, const onnx::TensorProto& p, Shape shape, const std::string& where) {
  const int64_t n = element_count(shape);
  constexpr int per = per_byte<T>;
  if (p.has_raw_data()) {
    const std::string& raw = p.raw_data();
    if constexpr (std::is_same_v<T, std::string>) {
      bad(where, "string tensors cannot use raw_data");
    } else {
      const int64_t need = raw_size<T>(n);
      if (static_cast<int64_t>(raw.size()) != need)
        bad(where, "raw_data has " + std::to_string(raw.size()) + " bytes, the shape needs " + std::to_string(need));
      auto [t, out] = Tensor::allocate<T>(cx, std::move(shape));
      unpack_raw<T>(raw.data(), out);
      return t;
    }
  }
  // The values present are counted before anything is allocated: a small file that declares huge dimensions
  // is refused at the cost of its size, not of its dimensions.
  {
    int64_t present = 0;
    const char* field = "int32_data";
    if constexpr (std::is_same_v<T, float>) present = p.float_data_size(), field = "float_data";
    else if constexpr (std::is_same_v<T, double>) present = p.double_data_size(), field = "double_data";
    else if constexpr (std::is_same_v<T, int64_t>) present = p.int64_data_size(), field = "int64_data";
    else if constexpr (std::is_same_v<T, uint64_t> || std::is_same_v<T, uint32_t>)
      present = p.uint64_data_size(), field = "uint64_data";
    else if constexpr (std::is_same_v<T, std::string>) present = p.string_data_size(), field = "string_data";
    else present = p.int32_data_size();
    const bool packed_ok = per > 0 && present == n / (per ? per : 1) + (per && n % per != 0);
    if (present != n && !packed_ok)
      bad(where,
          std::string(field) + " has " + std::to_string(present) + " values, the shape needs " + std::to_string(n));
  }
  auto [t, out] = Tensor::allocate<T>(cx, std::move(shape));
  auto check_count = [&](int64_t have, int64_t want, const char* field) {
    if (have != want)
      bad(where,
          std::string(field) + " has " + std::to_string(have) + " values, the shape needs " + std::to_string(want));
  };
  if constexpr (std::is_same_v<T, float>) {
    check_count(p.float_data_size(), n, "float_data");
    for (int64_t i = 0; i < n; ++i) out[i] = p.float_data(static_cast<int>(i));
  } else if constexpr (std::is_same_v<T, double>) {
    check_count(p.double_data_size(), n, "double_data");
    for (int64_t i = 0; i < n; ++i) out[i] = p.double_data(static_cast<int>(i));
  } else if constexpr (std::is_same_v<T, int64_t>) {
    check_count(p.int64_data_size(), n, "int64_data");
    for (int64_t i = 0; i < n; ++i) out[i] = p.int64_data(static_cast<int>(i));
  } else if constexpr (std::is_same_v<T, uint64_t> || std::is_same_v<T, uint32_t>) {
    check_count(p.uint64_data_size(), n, "uint64_data");
    for (int64_t i = 0; i < n; ++i) out[i] = static_cast<T>(p.uint64_data(static_cast<int>(i)));
  } else if constexpr (std::is_same_v<T, std::string>) {
    check_count(p.string_data_size(), n, "string_data");
    for (int64_t i = 0; i < n; ++i) out[i] = p.string_data(static_cast<int>(i));
  } else if constexpr (std::is_arithmetic_v<T>) {  // int8/16/32, uint8/16, bool: one per int32
    check_count(p.int32_data_size(), n, "int32_data");
    for (int64_t i = 0; i < n; ++i) out[i] = static_cast<T>(p.int32_data(static_cast<int>(i)));
  } else if constexpr (requires(T x) { x.bits; }) {
    if constexpr (per > 0) {  // float4e2m1: packed pairs, one byte per int32, or one element per int32
      const int64_t packed = (n + per - 1) / per;
      if (p.int32_data_size() == packed && packed != n) {
        for (int64_t i = 0; i < n; ++i)
          out[i] = from_code<T>(static_cast<uint32_t>(p.int32_data(static_cast<int>(i / per))) >> ((i % per) * 4));
      } else {
        check_count(p.int32_data_size(), n, "int32_data");
        for (int64_t i = 0; i < n; ++i) out[i] = from_code<T>(static_cast<uint32_t>(p.int32_data(static_cast<int>(i))));
      }
    } else {  // float16, bfloat16, float8: the bit pattern, one per int32
      check_count(p.int32_data_size(), n, "int32_data");
      for (int64_t i = 0; i < n; ++i)
        out[i].bits = static_cast<decltype(out[i].bits)>(p.int32_data(static_cast<int>(i)));
    }
  } else if constexpr (per > 0) {  // int4/uint4/int2/uint2: packed in int32_data, or one element per entry
    const int64_t packed = (n + per - 1) / per;
    const int bits = 8 / per;
    if (p.int32_data_size() == packed && packed != n) {
      for (int64_t i = 0; i < n; ++i)
        out[i] = from_code<T>(static_cast<uint32_t>(p.int32_data(static_cast<int>(i / per))) >> ((i % per) * bits));
    } else {
      check_count(p.int32_data_size(), n, "int32_data");
      for (int64_t i = 0; i < n; ++i) out[i] = from_code<T>(static_cast<uint32_t>(p.int32_data(static_cast<int>(i))));
    }
  }
  return t;
}

// Whether a TensorProto holds data of its own (raw_data or a typed field).
bool holds_data(const onnx::TensorProto& p) {
  return p.has_raw_data() || p.float_data_size() || p.int32_data_size() || p.string_data_size() ||
         p.int64_data_size() || p.double_data_size() || p.uint64_data_size();
}

}  // namespace

ExternalRef external_ref(const onnx::TensorProto& p, const std::string& where) {
  std::vector<std::pair<std::string, std::string>> entries;
  for (const auto& e : p.external_data()) entries.emplace_back(e.key(), e.value());
  return parse_external_ref(entries, where);
}

Tensor to_tensor(EvalContext& cx, const onnx::TensorProto& p, const std::string& where, DataFolder* folder) {
  // [spec:F4] segmented tensors are not read.
  ONNXSEM_CLAUSE(F4);
  if (p.has_segment()) unsupported("tensor '" + where + "' is segmented, which onnxsem does not read");
  // [spec:F7] data in an external file are named by data_location EXTERNAL and the external_data entries,
  // and by nothing else: a tensor with both, or with entries but another location, has two meanings.
  ONNXSEM_CLAUSE(F7);
  const bool external = p.data_location() == onnx::TensorProto_DataLocation_EXTERNAL;
  if (!external && p.external_data_size())
    refused("F7", "tensor '" + where + "' has external_data entries but its data_location is not EXTERNAL");
  if (external && holds_data(p))
    refused("F7", "tensor '" + where + "' keeps its data in an external file and holds data of its own too");
  if (!dtype_known(p.data_type())) bad(where, "unknown element type code " + std::to_string(p.data_type()));
  const auto d = static_cast<DType>(p.data_type());
  if (d == DType::complex64 || d == DType::complex128)
    unsupported(std::string("tensor '") + where + "': complex element types are not supported");
  Shape shape(p.dims().begin(), p.dims().end());
  for (int64_t x : shape)
    if (x < 0) bad(where, "negative dimension " + std::to_string(x));
  (void)element_count(shape);
  DataFolder none;
  return dispatch(d, all_types, "tensor '" + where + "'", [&](auto t) {
    using T = typename decltype(t)::type;
    return external ? decode_external<T>(cx, p, shape, where, folder ? *folder : none) : decode<T>(cx, p, shape, where);
  });
}

void from_tensor(const Tensor& t, onnx::TensorProto& p) {
  p.Clear();
  p.set_data_type(static_cast<int32_t>(t.dtype()));
  for (int64_t d : t.shape()) p.add_dims(d);
  dispatch(t.dtype(), all_types, "writing a tensor", [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto x = t.data<T>();
    if constexpr (std::is_same_v<T, std::string>) {
      for (const auto& s : x) p.add_string_data(s);
    } else if constexpr (std::is_same_v<T, bool>) {
      std::string raw(x.size(), '\0');
      for (size_t i = 0; i < x.size(); ++i) raw[i] = x[i] ? 1 : 0;
      p.set_raw_data(raw);
    } else if constexpr (per_byte<T> > 0) {
      constexpr int per = per_byte<T>;
      const int bits = 8 / per;
      std::string raw(static_cast<size_t>((x.size() + per - 1) / per), '\0');
      for (size_t i = 0; i < x.size(); ++i)
        raw[i / per] = static_cast<char>(static_cast<uint8_t>(raw[i / per]) | (to_code(x[i]) << ((i % per) * bits)));
      p.set_raw_data(raw);
    } else {
      p.set_raw_data(std::string(reinterpret_cast<const char*>(x.data()), x.size() * sizeof(T)));
    }
  });
}

Type to_type(const onnx::TypeProto& p) {
  Type t;
  if (p.has_tensor_type()) {
    t.kind = Type::Kind::tensor;
    const auto& tt = p.tensor_type();
    t.elem = dtype_known(tt.elem_type()) ? static_cast<DType>(tt.elem_type()) : DType::undefined;
    if (tt.has_shape()) {
      std::vector<Dim> dims;
      for (const auto& d : tt.shape().dim()) {
        Dim x;
        if (d.has_dim_value()) x.value = d.dim_value();
        x.param = d.dim_param();
        dims.push_back(std::move(x));
      }
      t.shape = std::move(dims);
    }
  } else if (p.has_sparse_tensor_type()) {
    t.kind = Type::Kind::sparse_tensor;
    const auto e = p.sparse_tensor_type().elem_type();
    t.elem = dtype_known(e) ? static_cast<DType>(e) : DType::undefined;
  } else if (p.has_sequence_type()) {
    t.kind = Type::Kind::sequence;
    if (p.sequence_type().has_elem_type()) t.inner = std::make_shared<Type>(to_type(p.sequence_type().elem_type()));
  } else if (p.has_optional_type()) {
    t.kind = Type::Kind::optional;
    if (p.optional_type().has_elem_type()) t.inner = std::make_shared<Type>(to_type(p.optional_type().elem_type()));
  } else if (p.has_map_type()) {
    t.kind = Type::Kind::map;
    const auto k = p.map_type().key_type();
    t.key = dtype_known(k) ? static_cast<DType>(k) : DType::undefined;
    if (p.map_type().has_value_type()) t.inner = std::make_shared<Type>(to_type(p.map_type().value_type()));
  }
  return t;
}

namespace {
// SequenceProto / OptionalProto element kinds.
enum ElemKind { k_undefined = 0, k_tensor = 1, k_sparse = 2, k_sequence = 3, k_map = 4, k_optional = 5 };

std::shared_ptr<const Type> tensor_type_of(DType d) {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::tensor;
  t->elem = d;
  return t;
}
std::shared_ptr<const Type> map_type_of(const Map& m) {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::map;
  t->key = m.key;
  t->inner = m.value_type;
  return t;
}
int empty_kind(const std::shared_ptr<const Type>& elem) {
  if (!elem) return k_tensor;
  switch (elem->kind) {
    case Type::Kind::sequence: return k_sequence;
    case Type::Kind::map: return k_map;
    case Type::Kind::optional: return k_optional;
    default: return k_tensor;
  }
}
}  // namespace

Value to_value(EvalContext& cx, const onnx::SequenceProto& p, const std::string& where) {
  std::vector<Value> items;
  std::shared_ptr<const Type> elem;
  switch (p.elem_type()) {
    case k_tensor:
      for (const auto& t : p.tensor_values()) items.push_back(Value(to_tensor(cx, t, where)));
      if (!items.empty()) elem = tensor_type_of(items.front().tensor().dtype());
      break;
    case k_sequence:
      for (const auto& s : p.sequence_values()) items.push_back(to_value(cx, s, where));
      break;
    case k_optional:
      for (const auto& o : p.optional_values()) items.push_back(to_value(cx, o, where));
      break;
    case k_map:
      for (const auto& m : p.map_values()) items.push_back(to_value(cx, m, where));
      if (!items.empty()) elem = map_type_of(items.front().map());
      break;
    case k_undefined: break;
    default: unsupported("sequence '" + where + "' holds sparse tensors, which onnxsem does not read");
  }
  return Value(Sequence{elem, Items(items)});
}

Value to_value(EvalContext& cx, const onnx::OptionalProto& p, const std::string& where) {
  switch (p.elem_type()) {
    case k_tensor:
      if (p.has_tensor_value()) {
        auto v = std::make_shared<Value>(to_tensor(cx, p.tensor_value(), where));
        return Value(OptionalValue{tensor_type_of(v->tensor().dtype()), v});
      }
      return Value(OptionalValue{});
    case k_sequence:
      if (p.has_sequence_value())
        return Value(OptionalValue{nullptr, std::make_shared<Value>(to_value(cx, p.sequence_value(), where))});
      return Value(OptionalValue{});
    case k_optional:
      if (p.has_optional_value())
        return Value(OptionalValue{nullptr, std::make_shared<Value>(to_value(cx, p.optional_value(), where))});
      return Value(OptionalValue{});
    case k_map:
      if (p.has_map_value()) {
        auto v = std::make_shared<Value>(to_value(cx, p.map_value(), where));
        return Value(OptionalValue{map_type_of(v->map()), v});
      }
      return Value(OptionalValue{});
    case k_undefined: return Value(OptionalValue{});
    default: unsupported("optional '" + where + "' holds a sparse tensor, which onnxsem does not read");
  }
}

Value to_value(EvalContext& cx, const onnx::MapProto& p, const std::string& where) {
  // [spec:F5] a serialized map has int64 or string keys, as many as its values, none twice.
  ONNXSEM_CLAUSE(F5);
  const std::string name = p.name().empty() ? where : p.name();
  const int32_t kt = p.key_type();
  Tensor keys;
  if (kt == static_cast<int32_t>(DType::int64)) {
    if (p.string_keys_size() != 0) usage_error("F5", "map '" + name + "' has int64 keys but also string keys");
    keys = Tensor::from_vector<int64_t>(cx, {p.keys_size()}, std::vector<int64_t>(p.keys().begin(), p.keys().end()));
  } else if (kt == static_cast<int32_t>(DType::string)) {
    if (p.keys_size() != 0) usage_error("F5", "map '" + name + "' has string keys but also int64 keys");
    keys = Tensor::from_vector<std::string>(cx, {p.string_keys_size()},
                                            std::vector<std::string>(p.string_keys().begin(), p.string_keys().end()));
  } else if (dtype_known(kt) && is_integer(static_cast<DType>(kt))) {
    unsupported("map '" + name + "' has keys of type " + dtype_name(static_cast<DType>(kt)) +
                "; onnxsem reads maps with int64 or string keys");
  } else {
    usage_error("F5", "map '" + name + "' has key type " + std::to_string(kt) + ", not an integer type or string");
  }
  std::vector<Value> values;
  if (p.has_values()) {
    Value seq = to_value(cx, p.values(), name);
    values = seq.sequence().items.to_vector();
  }
  if (keys.size() != static_cast<int64_t>(values.size()))
    usage_error("F5", "map '" + name + "' has " + std::to_string(keys.size()) + " keys and " +
                          std::to_string(values.size()) + " values");
  std::shared_ptr<const Type> value_type;
  if (!values.empty() && values.front().is_tensor()) value_type = tensor_type_of(values.front().tensor().dtype());
  try {
    return Value(make_map(std::move(keys), std::move(values), std::move(value_type)));
  } catch (const Failure& f) {
    usage_error("F5", "map '" + name + "': " + f.error().message);
  }
}

void from_value(const Value& v, onnx::MapProto& p) {
  p.Clear();
  const Map& m = v.map();
  p.set_key_type(static_cast<int32_t>(m.key));
  if (m.key == DType::int64)
    for (int64_t k : m.keys.data<int64_t>()) p.add_keys(k);
  else
    for (const auto& k : m.keys.data<std::string>()) p.add_string_keys(k);
  Sequence s{m.value_type, m.values ? Items(*m.values) : Items()};
  from_value(Value(s), *p.mutable_values());
}

void from_value(const Value& v, onnx::SequenceProto& p) {
  p.Clear();
  const auto& s = v.sequence();
  if (s.items.empty()) {
    p.set_elem_type(empty_kind(s.elem));
    return;
  }
  for (const auto& item : s.items) {
    if (item.is_tensor()) {
      p.set_elem_type(k_tensor);
      from_tensor(item.tensor(), *p.add_tensor_values());
    } else if (item.is_sequence()) {
      p.set_elem_type(k_sequence);
      from_value(item, *p.add_sequence_values());
    } else if (item.is_map()) {
      p.set_elem_type(k_map);
      from_value(item, *p.add_map_values());
    } else {
      p.set_elem_type(k_optional);
      from_value(item, *p.add_optional_values());
    }
  }
}

void from_value(const Value& v, onnx::OptionalProto& p) {
  p.Clear();
  const auto& o = v.optional();
  if (!o.item) {
    p.set_elem_type(empty_kind(o.elem));
    return;
  }
  if (o.item->is_tensor()) {
    p.set_elem_type(k_tensor);
    from_tensor(o.item->tensor(), *p.mutable_tensor_value());
  } else if (o.item->is_sequence()) {
    p.set_elem_type(k_sequence);
    from_value(*o.item, *p.mutable_sequence_value());
  } else if (o.item->is_map()) {
    p.set_elem_type(k_map);
    from_value(*o.item, *p.mutable_map_value());
  } else {
    p.set_elem_type(k_optional);
    from_value(*o.item, *p.mutable_optional_value());
  }
}

std::string read_file(const std::string& path) {
  // [spec:F1] a file that cannot be read is a usage error; so is a folder given for a file.
  ONNXSEM_CLAUSE(F1);
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) usage_error("F1", "'" + path + "' is a folder, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) usage_error("F1", "cannot read '" + path + "'");
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace proto

Tensor tensor_from_bytes(const std::string& bytes, const std::string& origin, int64_t max_tensor_bytes) {
  EvalContext cx(Limits{.tensor_bytes = max_tensor_bytes});
  onnx::TensorProto p;
  if (!p.ParseFromString(bytes)) usage_error("F1", "'" + origin + "' is not a serialized TensorProto");
  return proto::to_tensor(cx, p, p.name().empty() ? origin : p.name());
}

std::string tensor_to_bytes(const Tensor& t) {
  onnx::TensorProto p;
  proto::from_tensor(t, p);
  return p.SerializeAsString();
}

Value read_value_file(const std::string& path, const Type& declared, int64_t max_tensor_bytes) {
  return read_value_bytes(proto::read_file(path), path, declared, max_tensor_bytes);
}

Value read_value_bytes(const std::string& bytes, const std::string& path, const Type& declared,
                       int64_t max_tensor_bytes) {
  EvalContext cx(Limits{.tensor_bytes = max_tensor_bytes});
  if (declared.kind == Type::Kind::sequence) {
    onnx::SequenceProto p;
    if (!p.ParseFromString(bytes)) usage_error("F1", "'" + path + "' is not a serialized SequenceProto");
    return proto::to_value(cx, p, path);
  }
  if (declared.kind == Type::Kind::optional) {
    onnx::OptionalProto p;
    if (!p.ParseFromString(bytes)) usage_error("F1", "'" + path + "' is not a serialized OptionalProto");
    return proto::to_value(cx, p, path);
  }
  if (declared.kind == Type::Kind::map) {
    onnx::MapProto p;
    if (!p.ParseFromString(bytes)) usage_error("F1", "'" + path + "' is not a serialized MapProto");
    Value v = proto::to_value(cx, p, path);
    if (!v.map().value_type && declared.inner) {  // an empty map takes its value type from the declaration
      Map m = v.map();
      m.value_type = declared.inner;
      v = Value(std::move(m));
    }
    return v;
  }
  return Value(tensor_from_bytes(bytes, path, max_tensor_bytes));
}

void write_value_file(const std::string& path, const Value& value) {
  std::string bytes;
  if (value.is_tensor()) {
    bytes = tensor_to_bytes(value.tensor());
  } else if (value.is_sequence()) {
    onnx::SequenceProto p;
    proto::from_value(value, p);
    bytes = p.SerializeAsString();
  } else if (value.is_map()) {
    onnx::MapProto p;
    proto::from_value(value, p);
    bytes = p.SerializeAsString();
  } else {
    onnx::OptionalProto p;
    proto::from_value(value, p);
    bytes = p.SerializeAsString();
  }
  std::ofstream out(path, std::ios::binary);
  if (!out || !out.write(bytes.data(), static_cast<std::streamsize>(bytes.size())))
    usage_error("F1", "cannot write '" + path + "'");
}

}  // namespace onnxsem

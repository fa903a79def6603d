// The ai.onnx.ml operators whose inputs or outputs are maps (spec/ops-ml.md, ML60-ML63): ZipMap, which
// turns rows of scores into a sequence of maps, DictVectorizer and CastMap, which turn a map into a tensor.
// Maps are values of the domain (spec/values.md, V4); their values are one-element tensors.
#include <algorithm>
#include <map>

#include "ops/common/attrs.hpp"
#include "ops/ml/ml.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::ml {
namespace {

using Out = std::vector<std::optional<Value>>;

std::shared_ptr<const Type> tensor_type_of(DType d) {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::tensor;
  t->elem = d;
  return t;
}

// The element type of a map's values: its declared value type, else that of its first value; nullopt for
// an empty map of unknown value type.
std::optional<DType> map_value_dtype(const Map& m) {
  if (m.value_type && m.value_type->kind == Type::Kind::tensor && m.value_type->elem != DType::undefined)
    return m.value_type->elem;
  if (m.size() > 0 && (*m.values)[0].is_tensor()) return (*m.values)[0].tensor().dtype();
  return std::nullopt;
}

// The single element of value i of a map, which must be a tensor of one element of type T.
template <class T>
const T& map_element(const Map& m, size_t i, const std::string& op, Clause clause) {
  const Value& v = (*m.values)[i];
  if (!v.is_tensor() || v.tensor().dtype() != dtype_of<T> || v.tensor().size() != 1)
    eval_error(clause, op + ": map value " + std::to_string(i) + " is " + v.describe() + ", expected one " +
                           dtype_name(dtype_of<T>) + " element");
  return v.tensor().data<T>()[0];
}

// ---------------------------------------------------------------- ZipMap
Out zip_map(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "ZipMap";
  const Tensor& x = a.tensor(0);
  const auto ints = attr_ints_opt(a.node, "classlabels_int64s");
  const auto strings = attr_strings_opt(a.node, "classlabels_strings");
  // [spec:ML60] exactly one list of keys; X is float [N, C] or [C] with C keys; one map per row, the keys in
  // the order of the attribute, each paired with the row's element in the key's column.
  ONNXSEM_CLAUSE(ML60);
  if (ints.has_value() == strings.has_value())
    eval_error("ML60", op + ": exactly one of classlabels_int64s and classlabels_strings must be given");
  if (x.dtype() != DType::float32)
    eval_error("ML60", op + ": the input must be a float tensor, got " + Value(x).describe());
  if (x.rank() != 1 && x.rank() != 2)
    eval_error("ML60", op + ": the input must have rank 1 or 2, got " + Value(x).describe());
  const int64_t n = x.rank() == 2 ? x.dim(0) : 1;
  const int64_t c = x.dim(x.rank() - 1);
  const int64_t keys = ints ? static_cast<int64_t>(ints->size()) : static_cast<int64_t>(strings->size());
  if (c != keys)
    eval_error("ML60", op + ": the input has " + std::to_string(c) + " columns but there are " + std::to_string(keys) +
                           " class labels");
  // [spec:L3] the maps' values are counted against the allocation limit, one value each.
  ONNXSEM_CLAUSE(L3);
  if (n > 0 && c > 0 && n > cx.limits().tensor_bytes / static_cast<int64_t>(sizeof(Value)) / c)
    eval_error("L3", op + ": " + std::to_string(n) + " maps of " + std::to_string(c) +
                         " entries exceed the allocation limit");
  const Tensor key_tensor = ints ? Tensor::from_vector<int64_t>(cx, {c}, *ints)
                                 : Tensor::from_vector<std::string>(cx, {c}, *strings);
  const auto value_type = tensor_type_of(DType::float32);
  auto map_type = std::make_shared<Type>();
  map_type->kind = Type::Kind::map;
  map_type->key = key_tensor.dtype();
  map_type->inner = value_type;
  if (n == 0)  // V4: the keys are distinct even when no map is built
    (void)make_map(key_tensor, std::vector<Value>(static_cast<size_t>(c), Value(Tensor::scalar<float>(cx, 0))),
                   value_type);
  auto in = x.data<float>();
  std::vector<Value> items;
  items.reserve(static_cast<size_t>(n));
  for (int64_t r = 0; r < n; ++r) {
    std::vector<Value> values;
    values.reserve(static_cast<size_t>(c));
    for (int64_t k = 0; k < c; ++k) values.emplace_back(Tensor::scalar<float>(cx, in[static_cast<size_t>(r * c + k)]));
    items.emplace_back(make_map(key_tensor, std::move(values), value_type));  // V4: distinct keys
  }
  return {Value(Sequence{map_type, Items(items)})};
}

// ---------------------------------------------------------------- DictVectorizer
template <class K>
Out dict_vectorize(EvalContext& cx, const Map& m, const std::vector<K>& vocab, const std::string& op) {
  // [spec:ML61] Y[0, i] is the value of key vocab[i], or zero ("" for strings) when the map lacks it; keys
  // outside the vocabulary are ignored.
  ONNXSEM_CLAUSE(ML61);
  std::map<K, size_t> where;
  auto keys = m.keys.data<K>();
  for (size_t i = 0; i < keys.size(); ++i) where.emplace(keys[i], i);
  const auto d = map_value_dtype(m);
  if (!d) eval_error("ML61", op + ": the input map is empty and its value type is unknown");
  const int64_t v = static_cast<int64_t>(vocab.size());
  return {Value(dispatch(*d, hana::tuple_t<int64_t, float, double, std::string>, op, [&](auto tag) {
    using T = typename decltype(tag)::type;
    for (size_t i = 0; i < m.size(); ++i) (void)map_element<T>(m, i, op, "ML61");
    auto [t, out] = Tensor::allocate<T>(cx, {1, v});
    for (int64_t i = 0; i < v; ++i) {
      auto it = where.find(vocab[static_cast<size_t>(i)]);
      if (it != where.end()) out[static_cast<size_t>(i)] = map_element<T>(m, it->second, op, "ML61");
    }
    return t;
  }))};
}

Out dict_vectorizer(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "DictVectorizer";
  const Map& m = a.value(0).map();
  const auto ints = attr_ints_opt(a.node, "int64_vocabulary");
  const auto strings = attr_strings_opt(a.node, "string_vocabulary");
  // [spec:ML61] exactly one vocabulary, of the map's key type; the values are int64, float, double or string.
  ONNXSEM_CLAUSE(ML61);
  if (ints.has_value() == strings.has_value())
    eval_error("ML61", op + ": exactly one of int64_vocabulary and string_vocabulary must be given");
  if ((ints && m.key != DType::int64) || (strings && m.key != DType::string))
    eval_error("ML61", op + ": the map has " + dtype_name(m.key) + " keys but the vocabulary is " +
                           (ints ? "int64_vocabulary" : "string_vocabulary"));
  if (const auto d = map_value_dtype(m);
      d && *d != DType::int64 && *d != DType::float32 && *d != DType::float64 && *d != DType::string)
    eval_error("ML61", op + ": map values of type " + dtype_name(*d) + "; expected int64, float, double or string");
  return ints ? dict_vectorize<int64_t>(cx, m, *ints, op) : dict_vectorize<std::string>(cx, m, *strings, op);
}

// ---------------------------------------------------------------- CastMap
enum class CastTo { to_float, to_string, to_int64 };

template <class From, class To>
To cast_entry(const From& v) {
  // [spec:ML63] conversions as Cast performs them: float to int64 by N6, numbers to strings and strings to
  // numbers by N8.
  ONNXSEM_CLAUSE(ML63);
  if constexpr (std::is_same_v<From, To>) return v;
  else if constexpr (std::is_same_v<To, std::string>) return num::to_string_value<float>(v);
  else if constexpr (std::is_same_v<From, std::string>) return num::parse_string_value<To>(v);
  else return num::from_double<To>(static_cast<double>(v));
}

template <class From, class To>
Tensor cast_map_to(EvalContext& cx, const Map& m, bool sparse, int64_t max_map, const To& pad, const std::string& op) {
  auto keys = m.keys.data<int64_t>();
  std::vector<std::pair<int64_t, size_t>> order;  // (key, position), ascending by key
  order.reserve(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) order.emplace_back(keys[i], i);
  std::sort(order.begin(), order.end());
  if (!sparse) {
    auto [t, out] = Tensor::allocate<To>(cx, {static_cast<int64_t>(order.size())});
    for (size_t i = 0; i < order.size(); ++i)
      out[i] = cast_entry<From, To>(map_element<From>(m, order[i].second, op, "ML62"));
    return t;
  }
  for (const auto& [k, i] : order)
    if (k < 0 || k >= max_map)
      eval_error("ML62", op + ": key " + std::to_string(k) + " lies outside [0, " + std::to_string(max_map) +
                             ") of the SPARSE form");
  auto [t, out] = Tensor::allocate<To>(cx, {max_map});
  std::fill(out.begin(), out.end(), pad);
  for (const auto& [k, i] : order)
    out[static_cast<size_t>(k)] = cast_entry<From, To>(map_element<From>(m, i, op, "ML62"));
  return t;
}

Out cast_map(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "CastMap";
  const Map& m = a.value(0).map();
  const std::string cast_to = attr_string(a.node, "cast_to", "TO_FLOAT");
  const std::string form = attr_string(a.node, "map_form", "DENSE");
  const int64_t max_map = attr_int(a.node, "max_map", 1);
  // [spec:ML62] an int64-keyed map of float or string values; cast_to and map_form name their options;
  // SPARSE needs a positive max_map.
  ONNXSEM_CLAUSE(ML62);
  if (m.key != DType::int64) eval_error("ML62", op + ": the map's keys must be int64, got " + dtype_name(m.key));
  if (cast_to != "TO_FLOAT" && cast_to != "TO_STRING" && cast_to != "TO_INT64")
    eval_error("ML62", op + ": cast_to is '" + cast_to + "', expected TO_FLOAT, TO_STRING or TO_INT64");
  if (form != "DENSE" && form != "SPARSE")
    eval_error("ML62", op + ": map_form is '" + form + "', expected DENSE or SPARSE");
  const bool sparse = form == "SPARSE";
  if (sparse && max_map < 1)
    eval_error("ML62", op + ": max_map is " + std::to_string(max_map) + "; the SPARSE form needs a positive length");
  if (sparse) (void)check_work(cx, {max_map});
  const DType from = map_value_dtype(m).value_or(DType::float32);
  if (from != DType::float32 && from != DType::string)
    eval_error("ML62", op + ": map values of type " + dtype_name(from) + "; expected float or string");
  return {Value(dispatch(from, hana::tuple_t<float, std::string>, op, [&](auto tag) {
    using F = typename decltype(tag)::type;
    // [spec:ML63] the SPARSE form fills the positions of absent keys with 0 (TO_FLOAT, TO_INT64) or "0".
    ONNXSEM_CLAUSE(ML63);
    if (cast_to == "TO_FLOAT") return cast_map_to<F, float>(cx, m, sparse, max_map, 0.0f, op);
    if (cast_to == "TO_INT64") return cast_map_to<F, int64_t>(cx, m, sparse, max_map, int64_t{0}, op);
    return cast_map_to<F, std::string>(cx, m, sparse, max_map, std::string("0"), op);
  }))};
}

}  // namespace

void add_maps(Registry& r) {
  r.add(domain, "ZipMap", {1}, zip_map);
  r.add(domain, "DictVectorizer", {1}, dict_vectorizer);
  r.add(domain, "CastMap", {1}, cast_map);
}

}  // namespace onnxsem::ops::ml

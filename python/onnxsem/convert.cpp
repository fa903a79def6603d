// Values between Python and onnxsem (docs/python.md, "Values").
#include "python/onnxsem/convert.hpp"

#include <cstring>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include <pybind11/numpy.h>

#include "runtime/context.hpp"
#include "values/dispatch.hpp"

namespace py = pybind11;

namespace onnxsem::python {
namespace {

py::object& raw_factory() {
  // Released with the module: the interpreter owns the callable, the module only refers to it.
  static py::object* factory = new py::object();
  return *factory;
}

// The element types numpy holds as they are, and those given as raw views (values/dispatch.hpp's lists).
constexpr auto numpy_types = hana::tuple_t<bool, int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t,
                                           uint64_t, float16_t, float, double>;
constexpr auto raw_types = hana::concat(hana::tuple_t<bfloat16_t>, hana::concat(float8_types, small_int_types));

bool is_raw(DType t) {
  bool found = false;
  hana::for_each(raw_types, [&](auto type) { found = found || dtype_of<typename decltype(type)::type> == t; });
  return found;
}

// What a raw view holds of an element: the bit pattern (uint16 for bfloat16, uint8 for the others) or the value
// of a small integer (int8 or uint8).
template <class T>
auto stored(const T& x) {
  if constexpr (requires { x.bits; }) return x.bits;
  else return x.v;
}

// The numpy dtype of a type numpy holds.
template <class T>
py::dtype numpy_dtype() {
  if constexpr (std::is_same_v<T, float16_t>) return py::dtype("float16");
  else return py::dtype::of<T>();
}

std::optional<DType> dtype_named(const std::string& name) {
  for (int32_t code = 1; dtype_known(code); ++code)
    if (name == dtype_name(static_cast<DType>(code))) return static_cast<DType>(code);
  return std::nullopt;
}

// The element type a numpy array holds, by its dtype's kind and size.
std::optional<DType> dtype_of_array(const py::array& a) {
  const char kind = a.dtype().kind();
  const auto size = a.itemsize();
  switch (kind) {
    case 'b': return DType::boolean;
    case 'i': return size == 1 ? DType::int8 : size == 2 ? DType::int16 : size == 4 ? DType::int32 : DType::int64;
    case 'u': return size == 1 ? DType::uint8 : size == 2 ? DType::uint16 : size == 4 ? DType::uint32 : DType::uint64;
    case 'f':
      if (size == 2) return DType::float16;
      if (size == 4) return DType::float32;
      if (size == 8) return DType::float64;
      return std::nullopt;
    case 'U':
    case 'S':
    case 'O': return DType::string;
    default: return std::nullopt;
  }
}

Shape shape_of(const py::array& a) {
  Shape s;
  for (py::ssize_t k = 0; k < a.ndim(); ++k) s.push_back(static_cast<int64_t>(a.shape(k)));
  return s;
}

// The elements of a C-contiguous array of C++ type T, copied into a tensor.
template <class T>
Tensor copied(const EvalContext& cx, const py::array& a) {
  auto [t, out] = Tensor::allocate_for_overwrite<T>(cx, shape_of(a));
  if (!out.empty()) std::memcpy(out.data(), a.data(), out.size() * sizeof(T));
  return t;
}

// A raw view's elements as the element type `d`: bit patterns (bfloat16 from uint16, the 8- and 4-bit floats
// from uint8) or small integers' values (from any integer array), each checked to be one of the type's.
template <class T>
Tensor raw_tensor(const EvalContext& cx, const py::array& a, DType d, const std::string& what) {
  const py::array as64 = py::module_::import("numpy").attr("asarray")(a, "int64", "C");
  const auto* in = static_cast<const int64_t*>(as64.data());
  const bool bits = d == DType::bfloat16 || is_float(d);
  const char kind = a.dtype().kind();
  if (bits && !(kind == 'u' && a.itemsize() == (d == DType::bfloat16 ? 2 : 1)))
    usage_error("U2", what + ": a " + std::string(dtype_name(d)) + " tensor is given as its bit patterns in " +
                          (d == DType::bfloat16 ? "uint16" : "uint8") + " (docs/python.md), not as " +
                          std::string(py::str(a.dtype())));
  if (!bits && kind != 'i' && kind != 'u')
    usage_error("U2", what + ": a " + std::string(dtype_name(d)) + " tensor is given as integers, not as " +
                          std::string(py::str(a.dtype())));
  int64_t lo = 0, hi = 0;
  switch (d) {
    case DType::float4e2m1:
    case DType::uint4: hi = 15; break;
    case DType::int4: lo = -8, hi = 7; break;
    case DType::uint2: hi = 3; break;
    case DType::int2: lo = -2, hi = 1; break;
    default: lo = 0, hi = d == DType::bfloat16 ? 0xffff : 0xff;
  }
  auto [t, out] = Tensor::allocate<T>(cx, shape_of(a));
  for (size_t i = 0; i < out.size(); ++i) {
    if (in[i] < lo || in[i] > hi)
      usage_error("U2", what + ": element " + std::to_string(i) + " is " + std::to_string(in[i]) + ", not a " +
                            dtype_name(d) + (bits ? " bit pattern" : " value") + " (" + std::to_string(lo) + " to " +
                            std::to_string(hi) + ")");
    out[i] = T{static_cast<decltype(stored(T{}))>(in[i])};
  }
  return t;
}

Tensor strings(const EvalContext& cx, const py::array& a, const std::string& what) {
  const py::list items = a.attr("ravel")().attr("tolist")();
  auto [t, out] = Tensor::allocate<std::string>(cx, shape_of(a));
  for (size_t i = 0; i < out.size(); ++i) {
    const py::handle item = items[i];
    if (py::isinstance<py::bytes>(item)) out[i] = item.cast<std::string>();
    else if (py::isinstance<py::str>(item)) out[i] = item.cast<std::string>();  // UTF-8
    else
      usage_error("U2", what + ": element " + std::to_string(i) + " of a string tensor is a " +
                            std::string(py::str(item.get_type().attr("__name__"))) + ", not str or bytes");
  }
  return t;
}

Tensor to_tensor(const py::handle& obj, const Type& declared, const std::string& what, const EvalContext& cx) {
  const py::module_ np = py::module_::import("numpy");
  // A RawArray says its element type; a plain array of the raw view's dtype takes the declared one.
  std::optional<DType> raw;
  if (py::hasattr(obj, "onnx_type") && !py::getattr(obj, "onnx_type").is_none()) {
    const auto name = py::str(py::getattr(obj, "onnx_type")).cast<std::string>();
    raw = dtype_named(name);
    if (!raw || !is_raw(*raw)) usage_error("U2", what + ": '" + name + "' is not the name of a raw element type");
  } else if ((declared.kind == Type::Kind::tensor) && is_raw(declared.elem) && py::isinstance<py::array>(obj)) {
    const char kind = py::array::ensure(obj).dtype().kind();
    if (kind == 'u' || kind == 'i') raw = declared.elem;
  }
  // C order, 0-d arrays kept (numpy's ascontiguousarray would make them 1-d), in the machine's byte order (an
  // array of '>f4' holds the same numbers as one of '<f4', not the same bytes).
  py::array a = np.attr("asarray")(obj, py::none(), "C");
  if (!a.dtype().attr("isnative").cast<bool>()) a = a.attr("astype")(a.dtype().attr("newbyteorder")("="));
  if (raw)
    return dispatch(*raw, raw_types, what,
                    [&](auto type) { return raw_tensor<typename decltype(type)::type>(cx, a, *raw, what); });
  const auto d = dtype_of_array(a);
  if (!d)
    usage_error("U2", what + ": numpy's " + std::string(py::str(a.dtype())) + " is no ONNX element type onnxsem reads");
  if (*d == DType::string) return strings(cx, a, what);
  return dispatch(*d, numpy_types, what, [&](auto type) { return copied<typename decltype(type)::type>(cx, a); });
}

Value convert(const py::handle& obj, const Type& declared, const std::string& what, const EvalContext& cx) {
  static const Type unknown;
  const Type& inner = declared.inner ? *declared.inner : unknown;
  if (declared.kind == Type::Kind::optional || obj.is_none()) {
    if (declared.kind != Type::Kind::optional && declared.kind != Type::Kind::unknown)
      usage_error("U2", what + " is None, which only an optional holds; it is declared " + declared.describe());
    OptionalValue o{declared.inner, nullptr};
    if (!obj.is_none()) o.item = std::make_shared<const Value>(convert(obj, inner, what, cx));
    return o;
  }
  if (py::isinstance<py::list>(obj) || py::isinstance<py::tuple>(obj)) {
    if (declared.kind != Type::Kind::sequence && declared.kind != Type::Kind::unknown)
      usage_error("U2", what + " is a list, which only a sequence is; it is declared " + declared.describe());
    std::vector<Value> items;
    size_t k = 0;
    for (const py::handle item : obj) items.push_back(convert(item, inner, what + " item " + std::to_string(k++), cx));
    return Sequence{declared.inner, Items(items)};
  }
  if (py::isinstance<py::dict>(obj)) {
    if (declared.kind != Type::Kind::map && declared.kind != Type::Kind::unknown)
      usage_error("U2", what + " is a dict, which only a map is; it is declared " + declared.describe());
    const py::dict d = py::reinterpret_borrow<py::dict>(obj);
    bool all_int = true, all_str = true;
    for (const auto& [key, value] : d) {
      all_int = all_int && py::isinstance<py::int_>(key) && !py::isinstance<py::bool_>(key);
      all_str = all_str && py::isinstance<py::str>(key);
    }
    if (!d.empty() && !all_int && !all_str) usage_error("U2", what + ": a map's keys are all int or all str (V4)");
    const bool str_keys = declared.kind == Type::Kind::map ? declared.key == DType::string : (all_str && !d.empty());
    std::vector<Value> values;
    std::vector<int64_t> ikeys;
    std::vector<std::string> skeys;
    for (const auto& [key, value] : d) {
      if (str_keys) skeys.push_back(key.cast<std::string>());
      else ikeys.push_back(key.cast<int64_t>());
      values.push_back(convert(value, inner, what + " value", cx));
    }
    const auto n = static_cast<int64_t>(values.size());
    Tensor keys = str_keys ? Tensor::from_vector(cx, {n}, skeys) : Tensor::from_vector(cx, {n}, ikeys);
    return make_map(std::move(keys), std::move(values), declared.inner);
  }
  if (declared.kind == Type::Kind::sequence || declared.kind == Type::Kind::map)
    usage_error("U2", what + " is declared " + declared.describe() + ": give a " +
                          (declared.kind == Type::Kind::sequence ? "list" : "dict"));
  return to_tensor(obj, declared, what, cx);
}

// A tensor's elements into a new numpy array of `dtype` and the tensor's shape.
template <class T>
py::array array_of(const Tensor& t, const py::dtype& dtype) {
  std::vector<py::ssize_t> shape(t.shape().begin(), t.shape().end());
  py::array a(dtype, shape);
  const auto in = t.data<T>();
  if (!in.empty()) std::memcpy(a.mutable_data(), in.data(), in.size() * sizeof(T));
  return a;
}

// A raw view: bit patterns or small integers' values (what `stored` gives), tagged.
template <class T>
py::object raw_array(const Tensor& t) {
  using Storage = decltype(stored(T{}));
  std::vector<py::ssize_t> shape(t.shape().begin(), t.shape().end());
  py::array_t<Storage> a(shape);
  Storage* out = a.mutable_data();
  const auto in = t.data<T>();
  for (size_t i = 0; i < in.size(); ++i) out[i] = stored(in[i]);
  const py::object& factory = raw_factory();
  if (!factory || factory.is_none()) return a;
  return factory(a, dtype_name(t.dtype()));
}

py::object from_tensor(const Tensor& t) {
  if (is_raw(t.dtype()))
    return dispatch(t.dtype(), raw_types, "a Python value",
                    [&](auto type) { return raw_array<typename decltype(type)::type>(t); });
  if (t.dtype() == DType::string) {
    py::list items;
    for (const auto& s : t.data<std::string>()) {
      // UTF-8 text as str; bytes that are not UTF-8 as bytes, unchanged.
      PyObject* u = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "strict");
      if (u) {
        items.append(py::reinterpret_steal<py::str>(u));
      } else {
        PyErr_Clear();
        items.append(py::bytes(s));
      }
    }
    std::vector<py::ssize_t> shape(t.shape().begin(), t.shape().end());
    py::array a(py::dtype("O"), shape);
    auto flat = a.attr("reshape")(-1);
    for (size_t i = 0; i < items.size(); ++i) flat.attr("__setitem__")(i, items[i]);
    return a;
  }
  return dispatch(t.dtype(), numpy_types, "a Python value", [&](auto type) -> py::object {
    using T = typename decltype(type)::type;
    return array_of<T>(t, numpy_dtype<T>());
  });
}

}  // namespace

void set_raw_factory(py::object factory) { raw_factory() = std::move(factory); }

Value to_value(const py::handle& obj, const Type& declared, const std::string& what, int64_t max_tensor_bytes) {
  const EvalContext cx(Limits{max_tensor_bytes, kDefaultFiringWork, kDefaultEvaluationWork});
  return convert(obj, declared, what, cx);
}

py::object from_value(const Value& v) {
  if (v.is_tensor()) return from_tensor(v.tensor());
  if (v.is_sequence()) {
    py::list items;
    for (const Value& item : v.sequence().items) items.append(from_value(item));
    return items;
  }
  if (v.is_optional()) {
    const auto& o = v.optional();
    return o.item ? from_value(*o.item) : py::none();
  }
  const Map& m = v.map();
  py::dict d;
  for (size_t i = 0; i < m.size(); ++i) {
    py::object key = m.key == DType::string ? py::object(py::str(m.keys.data<std::string>()[i]))
                                            : py::object(py::int_(m.keys.data<int64_t>()[i]));
    d[key] = from_value((*m.values)[i]);
  }
  return d;
}

}  // namespace onnxsem::python

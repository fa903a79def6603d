// Shared pieces of the shape rules (spec/types.md, TY5; spec/ops.md, B1).
#include "ops/common/shape_rules.hpp"

#include <algorithm>
#include <limits>

#include "ops/common/attrs.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops {

const std::optional<Dims>& input_dims(const InferenceArgs& a, size_t k) {
  static const std::optional<Dims> none;
  const Type& t = a.input(k);
  return t.kind == Type::Kind::tensor ? t.shape : none;
}

std::optional<int64_t> input_rank(const InferenceArgs& a, size_t k) {
  const auto& d = input_dims(a, k);
  if (!d) return std::nullopt;
  return static_cast<int64_t>(d->size());
}

DType input_elem(const InferenceArgs& a, size_t k) {
  const Type& t = a.input(k);
  return t.kind == Type::Kind::tensor ? t.elem : DType::undefined;
}

Dim unknown_dim() { return Dim{}; }

bool same_dim(const Dim& a, const Dim& b) {
  if (a.value && b.value) return *a.value == *b.value;
  return !a.value && !b.value && !a.param.empty() && a.param == b.param;
}

bool is_fixed(const Dim& d, int64_t v) { return d.value && *d.value == v; }

bool differ(const Dim& a, const Dim& b) { return a.value && b.value && *a.value != *b.value; }

Dim product_dim(const Dims& d, size_t from, size_t to) {
  const Dims part(d.begin() + static_cast<std::ptrdiff_t>(from), d.begin() + static_cast<std::ptrdiff_t>(to));
  for (const Dim& x : part)
    if (is_fixed(x, 0)) return fixed_dim(0);
  if (auto p = dims_product(part)) return fixed_dim(*p);
  std::optional<Dim> open;
  for (const Dim& x : part) {
    if (is_fixed(x, 1)) continue;
    if (x.value || open) return unknown_dim();
    open = x;
  }
  return open ? *open : unknown_dim();
}

Dim plus(const Dim& x, const Dim& y) {
  if (is_fixed(x, 0)) return y;
  if (is_fixed(y, 0)) return x;
  int64_t s = 0;
  if (x.value && y.value && !__builtin_add_overflow(*x.value, *y.value, &s)) return fixed_dim(s);
  return unknown_dim();
}

Dim times(const Dim& d, std::optional<int64_t> k) {
  if (!k || *k < 0) return unknown_dim();
  if (*k == 1) return d;
  if (*k == 0 || is_fixed(d, 0)) return fixed_dim(0);
  int64_t r = 0;
  if (d.value && !__builtin_mul_overflow(*d.value, *k, &r)) return fixed_dim(r);
  return unknown_dim();
}

Dim divided(const Dim& d, std::optional<int64_t> k) {
  if (k && *k == 1) return d;
  if (!d.value || !k || *k < 1 || *d.value % *k != 0) return unknown_dim();
  return fixed_dim(*d.value / *k);
}

Dim agreed(const Dim& x, const Dim& y, Clause clause, const std::string& what) {
  if (differ(x, y))
    type_error(clause,
               what + ": dimensions " + std::to_string(*x.value) + " and " + std::to_string(*y.value) + " differ");
  if (x.value) return x;
  if (y.value) return y;
  if (x.param.empty()) return y;
  if (y.param.empty() || y.param == x.param) return x;
  return unknown_dim();  // two different symbols: which one holds is not known
}

std::optional<int64_t> dims_product(const Dims& d) {
  int64_t p = 1;
  for (const auto& x : d) {
    if (!x.value || *x.value < 0) return std::nullopt;
    if (*x.value != 0 && p > std::numeric_limits<int64_t>::max() / *x.value) return std::nullopt;
    p *= *x.value;
  }
  return p;
}

Dims broadcast_dims(const std::vector<Dims>& shapes, const std::string& what) {
  size_t rank = 0;
  for (const auto& s : shapes) rank = std::max(rank, s.size());
  Dims out(rank, Dim{int64_t{1}, {}});
  for (const auto& s : shapes) {
    const size_t off = rank - s.size();
    for (size_t i = 0; i < s.size(); ++i) {
      Dim& o = out[off + i];
      const Dim& d = s[i];
      if (d.value && *d.value == 1) continue;
      if (o.value && *o.value == 1) {
        o = d;
        continue;
      }
      if (same_dim(o, d)) continue;
      if (o.value && d.value)
        type_error("TS1", what + ": dimensions " + std::to_string(*o.value) + " and " + std::to_string(*d.value) +
                              " cannot be broadcast (aligned at the last dimension, axis " +
                              std::to_string(static_cast<int64_t>(off + i) - static_cast<int64_t>(rank)) + ")");
      // [spec:TS1] a fixed size other than 1 is the only size the broadcast can have.
      ONNXSEM_CLAUSE(TS1);
      if (d.value) o = d;
      else if (!o.value) o = unknown_dim();
    }
  }
  return out;
}

ShapeRule same_as_input(size_t k) {
  return [k](const InferenceArgs& a) {
    std::vector<Type> out(a.output_count);
    if (a.has_input(k) && !out.empty()) out[0] = a.input(k);
    return out;
  };
}

ShapeRule broadcast_inputs() {
  return [](const InferenceArgs& a) {
    std::vector<Type> out(a.output_count);
    std::vector<Dims> shapes;
    for (size_t k = 0; k < a.inputs.size(); ++k) {
      if (!a.has_input(k)) continue;
      const auto& d = input_dims(a, k);
      if (!d) return out;  // a rank unknown: the result's rank is unknown
      shapes.push_back(*d);
    }
    if (!out.empty()) {
      out[0].kind = Type::Kind::tensor;
      out[0].shape = broadcast_dims(shapes, "its inputs");
    }
    return out;
  };
}

std::optional<std::vector<int64_t>> constant_ints(const InferenceArgs& a, size_t k) {
  const Value* v = a.constant(k);
  if (!v || !v->is_tensor()) return std::nullopt;
  const Tensor& t = v->tensor();
  // TY11: a list of more than 4096 integers (a shape of that rank, ...) is not used: the types it
  // would give are not worth the memory a hostile constant could make them take.
  if (t.rank() > 1 || t.size() > 4096) return std::nullopt;
  std::vector<int64_t> out;
  if (t.dtype() == DType::int64)
    for (int64_t x : t.data<int64_t>()) out.push_back(x);
  else if (t.dtype() == DType::int32)
    for (int32_t x : t.data<int32_t>()) out.push_back(x);
  else return std::nullopt;
  return out;
}

int64_t static_axis(int64_t axis, int64_t rank, const std::string& what) {
  // [spec:TS2] an axis attribute or input lies in [-rank, rank) of the tensor it indexes.
  ONNXSEM_CLAUSE(TS2);
  if (axis < -rank || axis >= rank)
    type_error("TS2", what + " " + std::to_string(axis) + " is outside [-" + std::to_string(rank) + ", " +
                          std::to_string(rank) + ")");
  return axis < 0 ? axis + rank : axis;
}

std::vector<Type> outputs(const InferenceArgs& a, std::vector<Type> types) {
  types.resize(a.output_count);
  return types;
}

Type tensor_of(std::optional<Dims> shape, DType elem) { return make_tensor_type(elem, std::move(shape)); }

Dim dim_at(const std::optional<Dims>& d, size_t k) { return d && k < d->size() ? (*d)[k] : unknown_dim(); }

Dim size_dim(std::optional<int64_t> v) { return v && *v >= 0 ? fixed_dim(*v) : unknown_dim(); }

std::optional<int64_t> checked_add(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

std::optional<int64_t> checked_mul(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

DType allowed_element_type(const InferenceArgs& a, int64_t code, const std::string& var, const std::string& what) {
  const bool known_code = code > 0 && code <= std::numeric_limits<int32_t>::max() &&
                          dtype_known(static_cast<int32_t>(code));
  bool ok = known_code;
  if (const TypeVar* tv = a.signature.var(var); tv && known_code)
    ok = std::any_of(tv->allowed.begin(), tv->allowed.end(), [&](const Type& t) {
      const Type& e = t.inner ? *t.inner : t;  // seq(tensor(E)), optional(tensor(E)): E
      return e.kind == Type::Kind::tensor && static_cast<int64_t>(e.elem) == code;
    });
  // [spec:TY10] an attribute naming an element type names one its type constraint allows.
  ONNXSEM_CLAUSE(TY10);
  if (!ok)
    type_error("TY10", a.node.op_type + ": " + what + " is " +
                           (known_code ? std::string(dtype_name(static_cast<DType>(code))) : std::to_string(code)) +
                           ", not an element type that " + var + " allows");
  return static_cast<DType>(code);
}

std::string output_type_var(const InferenceArgs& a, size_t k) {
  const Formal* f = a.signature.output_formal(k);
  return f ? f->type : std::string();
}

DType element_type_attr(const InferenceArgs& a, const std::string& name, std::optional<int64_t> def,
                        const std::string& var) {
  const std::optional<int64_t> v = attr_int_opt(a.node, name);
  if (!v && !def) return DType::undefined;
  return allowed_element_type(a, v ? *v : *def, var, "attribute " + name);
}

std::string choice_attr(const Node& n, const std::string& name, const std::string& def,
                        const std::vector<std::string>& allowed) {
  std::string v = attr_string(n, name, def);
  if (std::find(allowed.begin(), allowed.end(), v) != allowed.end()) return v;
  std::string list;
  for (const auto& c : allowed) list += (list.empty() ? "" : ", ") + c;
  // (TY10) an attribute whose definition lists its values holds one of them.
  type_error("TY10", n.op_type + ": attribute " + name + " is \"" + v + "\", not one of " + list);
}

std::string ints_text(const std::vector<int64_t>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

}  // namespace onnxsem::ops

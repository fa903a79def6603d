// Operator signatures (spec/types.md, TY1): the reader of the signature text and the matching of types
// against type constraints.
#include "values/signature.hpp"

#include <sstream>

namespace onnxsem {

const TypeVar* Signature::var(std::string_view n) const noexcept {
  for (const auto& v : type_vars)
    if (v.name == n) return &v;
  return nullptr;
}

const AttrSpec* Signature::attr(std::string_view n) const noexcept {
  for (const auto& a : attributes)
    if (a.name == n) return &a;
  return nullptr;
}

namespace {
const Formal* formal_at(const std::vector<Formal>& fs, size_t k) noexcept {
  if (k < fs.size()) return &fs[k];
  if (!fs.empty() && (fs.back().form == Formal::Form::variadic || fs.back().form == Formal::Form::variadic_mixed))
    return &fs.back();
  return nullptr;
}
}  // namespace

const Formal* Signature::input_formal(size_t k) const noexcept { return formal_at(inputs, k); }
const Formal* Signature::output_formal(size_t k) const noexcept { return formal_at(outputs, k); }

std::string Signature::name() const {
  return (domain.empty() ? std::string() : domain + "::") + op_type + "-" + std::to_string(since_version);
}

namespace {

struct ElemName {
  const char* name;
  DType t;
};
// The element type names of ONNX's type constraints (TensorProto.DataType, spec/values.md V1).
constexpr ElemName elem_names[] = {
    {"float", DType::float32},
    {"uint8", DType::uint8},
    {"int8", DType::int8},
    {"uint16", DType::uint16},
    {"int16", DType::int16},
    {"int32", DType::int32},
    {"int64", DType::int64},
    {"string", DType::string},
    {"bool", DType::boolean},
    {"float16", DType::float16},
    {"double", DType::float64},
    {"uint32", DType::uint32},
    {"uint64", DType::uint64},
    {"complex64", DType::complex64},
    {"complex128", DType::complex128},
    {"bfloat16", DType::bfloat16},
    {"float8e4m3fn", DType::float8e4m3fn},
    {"float8e4m3fnuz", DType::float8e4m3fnuz},
    {"float8e5m2", DType::float8e5m2},
    {"float8e5m2fnuz", DType::float8e5m2fnuz},
    {"uint4", DType::uint4},
    {"int4", DType::int4},
    {"float4e2m1", DType::float4e2m1},
    {"float8e8m0", DType::float8e8m0},
    {"uint2", DType::uint2},
    {"int2", DType::int2},
};

std::optional<DType> parse_elem(std::string_view s) {
  for (const auto& e : elem_names)
    if (s == e.name) return e.t;
  return std::nullopt;
}

const char* elem_text(DType t) {
  for (const auto& e : elem_names)
    if (e.t == t) return e.name;
  return "?";
}

// Splits "a,b" at the top-level comma.
std::optional<std::pair<std::string_view, std::string_view>> split_pair(std::string_view s) {
  int depth = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '(') ++depth;
    if (s[i] == ')') --depth;
    if (s[i] == ',' && depth == 0) return std::make_pair(s.substr(0, i), s.substr(i + 1));
  }
  return std::nullopt;
}

[[noreturn]] void malformed(size_t line, const std::string& what) {
  throw Failure(
      Error{ErrorKind::internal, "TY1", "signature text, line " + std::to_string(line) + ": " + what, {}, {}, {}});
}

}  // namespace

std::optional<Type> parse_type(std::string_view s) {
  // A bare element type name stands for a tensor of it, as inside ONNX's map types ("map(int64, string)").
  if (auto e = parse_elem(s)) {
    Type t;
    t.kind = Type::Kind::tensor;
    t.elem = *e;
    return t;
  }
  const auto open = s.find('(');
  if (open == std::string_view::npos || s.empty() || s.back() != ')') return std::nullopt;
  const std::string_view head = s.substr(0, open), arg = s.substr(open + 1, s.size() - open - 2);
  Type t;
  if (head == "tensor" || head == "sparse_tensor") {
    auto e = parse_elem(arg);
    if (!e) return std::nullopt;
    t.kind = head == "tensor" ? Type::Kind::tensor : Type::Kind::sparse_tensor;
    t.elem = *e;
    return t;
  }
  if (head == "seq" || head == "optional") {
    auto inner = parse_type(arg);
    if (!inner) return std::nullopt;
    t.kind = head == "seq" ? Type::Kind::sequence : Type::Kind::optional;
    t.inner = std::make_shared<const Type>(std::move(*inner));
    return t;
  }
  if (head == "map") {
    auto kv = split_pair(arg);
    if (!kv) return std::nullopt;
    auto k = parse_elem(kv->first);
    auto v = parse_type(kv->second);
    if (!k || !v) return std::nullopt;
    t.kind = Type::Kind::map;
    t.key = *k;
    t.inner = std::make_shared<const Type>(std::move(*v));
    return t;
  }
  return std::nullopt;
}

std::string type_text(const Type& t) {
  auto inner = [&] { return t.inner ? type_text(*t.inner) : std::string("?"); };
  switch (t.kind) {
    case Type::Kind::unknown: return "?";
    case Type::Kind::tensor:
      return std::string("tensor(") + (t.elem == DType::undefined ? "?" : elem_text(t.elem)) + ")";
    case Type::Kind::sparse_tensor:
      return std::string("sparse_tensor(") + (t.elem == DType::undefined ? "?" : elem_text(t.elem)) + ")";
    case Type::Kind::sequence: return "seq(" + inner() + ")";
    case Type::Kind::optional: return "optional(" + inner() + ")";
    case Type::Kind::map: return std::string("map(") + elem_text(t.key) + "," + inner() + ")";
  }
  return "?";
}

bool type_matches(const Type& a, const Type& p) {
  if (a.kind == Type::Kind::unknown) return true;
  if (a.kind != p.kind) return false;
  switch (a.kind) {
    case Type::Kind::tensor:
    case Type::Kind::sparse_tensor: return a.elem == DType::undefined || a.elem == p.elem;
    case Type::Kind::sequence:
    case Type::Kind::optional: return !a.inner || !p.inner || type_matches(*a.inner, *p.inner);
    case Type::Kind::map:
      return (a.key == DType::undefined || a.key == p.key) &&
             (!a.inner || !p.inner || type_matches(*a.inner, *p.inner));
    case Type::Kind::unknown: return true;
  }
  return false;
}

namespace {
struct AttrName {
  const char* name;
  AttrType t;
};
constexpr AttrName attr_names[] = {
    {"float", AttrType::f},
    {"int", AttrType::i},
    {"string", AttrType::s},
    {"tensor", AttrType::t},
    {"graph", AttrType::g},
    {"floats", AttrType::floats},
    {"ints", AttrType::ints},
    {"strings", AttrType::strings},
    {"tensors", AttrType::tensors},
    {"graphs", AttrType::graphs},
    {"sparse_tensor", AttrType::sparse_tensor},
    {"sparse_tensors", AttrType::sparse_tensors},
    {"type_proto", AttrType::type_proto},
    {"type_protos", AttrType::type_protos},
};
}  // namespace

AttrType parse_attr_type(std::string_view s) {
  for (const auto& a : attr_names)
    if (s == a.name) return a.t;
  return AttrType::undefined;
}

const char* attr_type_text(AttrType t) noexcept {
  for (const auto& a : attr_names)
    if (t == a.t) return a.name;
  return "undefined";
}

// [spec:TY1] an operator version's signature is data: this reads the text each family states it in.
std::vector<Signature> parse_signatures(std::string_view text) {
  std::vector<Signature> out;
  std::istringstream in{std::string(text)};
  std::string line;
  size_t no = 0;
  bool arity_in = false, arity_out = false;
  auto finish = [&] {
    if (out.empty()) return;
    Signature& s = out.back();
    auto bounds = [](const std::vector<Formal>& fs, size_t& lo, size_t& hi) {
      lo = 0;
      hi = fs.size();
      for (size_t k = 0; k < fs.size(); ++k) {
        if (fs[k].form == Formal::Form::single) lo = k + 1;
        if (fs[k].form == Formal::Form::variadic || fs[k].form == Formal::Form::variadic_mixed) {
          lo = k + 1;  // a variadic formal takes at least one position unless its arity line says otherwise
          hi = unbounded;
        }
      }
    };
    size_t lo = 0, hi = 0;
    if (!arity_in) {
      bounds(s.inputs, lo, hi);
      s.min_inputs = lo;
      s.max_inputs = hi;
    }
    if (!arity_out) {
      bounds(s.outputs, lo, hi);
      s.min_outputs = lo;
      s.max_outputs = hi;
    }
  };
  while (std::getline(in, line)) {
    ++no;
    std::istringstream ls(line);
    std::string word;
    if (!(ls >> word) || word[0] == '#') continue;
    if (word == "op") {
      finish();
      Signature s;
      std::string domain;
      if (!(ls >> domain >> s.op_type >> s.since_version)) malformed(no, "expected: op DOMAIN OP_TYPE SINCE");
      s.domain = domain == "ai.onnx" ? "" : domain;
      out.push_back(std::move(s));
      arity_in = arity_out = false;
      continue;
    }
    if (out.empty()) malformed(no, "a line before the first `op` line");
    Signature& s = out.back();
    if (word == "in" || word == "out") {
      Formal f;
      std::string form;
      if (!(ls >> f.name >> f.type)) malformed(no, "expected: " + word + " NAME TYPE [FORM]");
      ls >> form;
      if (form.empty()) f.form = Formal::Form::single;
      else if (form == "optional") f.form = Formal::Form::optional;
      else if (form == "variadic") f.form = Formal::Form::variadic;
      else if (form == "variadic-mixed") f.form = Formal::Form::variadic_mixed;
      else malformed(no, "unknown form '" + form + "'");
      if (!parse_type(f.type) && f.type.find('(') != std::string::npos) malformed(no, "unknown type '" + f.type + "'");
      (word == "in" ? s.inputs : s.outputs).push_back(std::move(f));
    } else if (word == "arity") {
      std::string which, lo, hi;
      if (!(ls >> which >> lo >> hi) || (which != "in" && which != "out"))
        malformed(no, "expected: arity in|out MIN MAX");
      const size_t l = std::stoul(lo), h = hi == "inf" ? unbounded : std::stoul(hi);
      if (which == "in") {
        s.min_inputs = l, s.max_inputs = h, arity_in = true;
      } else {
        s.min_outputs = l, s.max_outputs = h, arity_out = true;
      }
    } else if (word == "type") {
      TypeVar v;
      if (!(ls >> v.name)) malformed(no, "expected: type VAR TYPE...");
      std::string t;
      while (ls >> t) {
        auto ty = parse_type(t);
        if (!ty) malformed(no, "unknown type '" + t + "'");
        v.allowed.push_back(std::move(*ty));
      }
      s.type_vars.push_back(std::move(v));
    } else if (word == "deprecated") {
      s.deprecated = true;
    } else if (word == "attr") {
      AttrSpec a;
      std::string ty, mode;
      if (!(ls >> a.name >> ty)) malformed(no, "expected: attr NAME TYPE [required|default TEXT]");
      a.type = parse_attr_type(ty);
      if (a.type == AttrType::undefined) malformed(no, "unknown attribute type '" + ty + "'");
      if (ls >> mode) {
        if (mode == "required") a.required = true;
        else if (mode == "default") {
          std::getline(ls, a.default_text);
          if (auto b = a.default_text.find_first_not_of(' '); b != std::string::npos) a.default_text.erase(0, b);
        } else malformed(no, "expected `required` or `default`, not '" + mode + "'");
      }
      s.attributes.push_back(std::move(a));
    } else {
      malformed(no, "unknown line kind '" + word + "'");
    }
  }
  finish();
  for (const auto& s : out) {
    auto known = [&](const Formal& f) { return parse_type(f.type) || s.var(f.type); };
    for (const auto& f : s.inputs)
      if (!known(f)) malformed(0, s.name() + ": input '" + f.name + "' has undeclared type '" + f.type + "'");
    for (const auto& f : s.outputs)
      if (!known(f)) malformed(0, s.name() + ": output '" + f.name + "' has undeclared type '" + f.type + "'");
  }
  return out;
}

const Type& InferenceArgs::input(size_t k) const noexcept {
  static const Type none;
  return has_input(k) ? *inputs[k] : none;
}

const Value* InferenceArgs::constant(size_t k) const noexcept {
  return k < constants.size() && constants[k] ? &*constants[k] : nullptr;
}

void type_error(Clause clause, std::string message) { refused(clause, std::move(message)); }

Type make_tensor_type(DType elem, std::optional<std::vector<Dim>> shape) {
  Type t;
  t.kind = Type::Kind::tensor;
  t.elem = elem;
  t.shape = std::move(shape);
  return t;
}

Dim fixed_dim(int64_t v) { return Dim{v, {}}; }

std::vector<Dim> fixed_dims(const Shape& s) {
  std::vector<Dim> d;
  d.reserve(s.size());
  for (int64_t v : s) d.push_back(fixed_dim(v));
  return d;
}

std::string dim_text(const Dim& d) { return d.value ? std::to_string(*d.value) : d.param.empty() ? "?" : d.param; }

std::string dims_text(const std::vector<Dim>& d) {
  std::string s = "[";
  for (size_t i = 0; i < d.size(); ++i) s += (i ? ", " : "") + dim_text(d[i]);
  return s + "]";
}

}  // namespace onnxsem

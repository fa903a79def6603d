// Reading attributes of a node (spec/ops.md, A1 and W5).
#include "ops/common/attrs.hpp"

#include "runtime/coverage.hpp"

namespace onnxsem::ops {

const Attribute* find_attr(const Node& n, const std::string& name, AttrType expected) {
  const Attribute* a = n.attr(name);
  if (!a) return nullptr;
  // [spec:W5] an attribute must have the type its operator declares.
  ONNXSEM_CLAUSE(W5);
  if (a->type != expected)
    refused("W5", "attribute '" + name + "' of " + n.where() + " has type " + attr_type_name(a->type) + ", expected " +
                      attr_type_name(expected));
  return a;
}

std::optional<int64_t> attr_int_opt(const Node& n, const std::string& name) {
  const Attribute* a = find_attr(n, name, AttrType::i);
  return a ? std::optional<int64_t>(a->i) : std::nullopt;
}
int64_t attr_int(const Node& n, const std::string& name, int64_t def) { return attr_int_opt(n, name).value_or(def); }
int64_t attr_int_req(const Node& n, const std::string& name) {
  auto v = attr_int_opt(n, name);
  // [spec:A1] a required attribute must be present.
  ONNXSEM_CLAUSE(A1);
  if (!v) eval_error("A1", "required attribute '" + name + "' is missing");
  return *v;
}
std::optional<float> attr_float_opt(const Node& n, const std::string& name) {
  const Attribute* a = find_attr(n, name, AttrType::f);
  return a ? std::optional<float>(a->f) : std::nullopt;
}
float attr_float(const Node& n, const std::string& name, float def) { return attr_float_opt(n, name).value_or(def); }
std::optional<std::string> attr_string_opt(const Node& n, const std::string& name) {
  const Attribute* a = find_attr(n, name, AttrType::s);
  return a ? std::optional<std::string>(a->s) : std::nullopt;
}
std::string attr_string(const Node& n, const std::string& name, const std::string& def) {
  return attr_string_opt(n, name).value_or(def);
}
std::optional<std::vector<int64_t>> attr_ints_opt(const Node& n, const std::string& name) {
  const Attribute* a = find_attr(n, name, AttrType::ints);
  return a ? std::optional<std::vector<int64_t>>(a->ints) : std::nullopt;
}
std::vector<int64_t> attr_ints(const Node& n, const std::string& name, std::vector<int64_t> def) {
  auto v = attr_ints_opt(n, name);
  return v ? *v : std::move(def);
}
std::optional<std::vector<float>> attr_floats_opt(const Node& n, const std::string& name) {
  const Attribute* a = find_attr(n, name, AttrType::floats);
  return a ? std::optional<std::vector<float>>(a->floats) : std::nullopt;
}
std::optional<std::vector<std::string>> attr_strings_opt(const Node& n, const std::string& name) {
  const Attribute* a = find_attr(n, name, AttrType::strings);
  return a ? std::optional<std::vector<std::string>>(a->strings) : std::nullopt;
}
const Tensor* attr_tensor_opt(const Node& n, const std::string& name) {
  const Attribute* a = find_attr(n, name, AttrType::t);
  return a ? &a->t : nullptr;
}

int64_t normalise_axis(int64_t axis, int64_t rank, const std::string& what) {
  // [spec:X1] an axis lies in [-r, r-1] for a tensor of rank r.
  ONNXSEM_CLAUSE(X1);
  if (axis < -rank || axis >= rank)
    eval_error("X1", what + " " + std::to_string(axis) + " is out of range for rank " + std::to_string(rank));
  return axis < 0 ? axis + rank : axis;
}

std::vector<int64_t> int_list(const Tensor& t, const std::string& what) {
  // [spec:A3] shapes, axes and indices are int32 or int64 tensors of rank 0 or 1.
  ONNXSEM_CLAUSE(A3);
  if (t.rank() > 1) eval_error("A3", what + " must be a 1-D tensor, got rank " + std::to_string(t.rank()));
  std::vector<int64_t> out;
  if (t.dtype() == DType::int64) {
    auto d = t.data<int64_t>();
    out.assign(d.begin(), d.end());
  } else if (t.dtype() == DType::int32) {
    auto d = t.data<int32_t>();
    out.assign(d.begin(), d.end());
  } else {
    eval_error("A3", what + " must be an int32 or int64 tensor, got " + dtype_name(t.dtype()));
  }
  return out;
}

}  // namespace onnxsem::ops

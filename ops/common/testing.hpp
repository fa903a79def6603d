// What the unit tests of every operator family share: attribute and node builders, calling a kernel that a
// family's add_* function registers, tensor builders, reading results and failures, comparing floats.
// Each family's test header takes from here the names its tests use and adds what is its own.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ops/registry.hpp"
#include "runtime/error.hpp"
#include "values/ir.hpp"
#include "values/operator.hpp"
#include "values/testing.hpp"
#include "values/value.hpp"

namespace onnxsem::ops::testing {

// Keeps what a test computed alive until the test ends (`keep(run(...))`, `keep(vals(...))`). A test that
// compares runs on 1, 2 and 3 threads (E9) holds each run's output and each copy of it this way: a later
// run's output then never lands in storage that held an earlier result, whose elements would hide any that
// a piece left unwritten.
class KeepAlive {
 public:
  template <class T>
  const T& operator()(T value) {
    auto held = std::make_shared<T>(std::move(value));
    held_.push_back(held);
    return *held;
  }

 private:
  std::deque<std::shared_ptr<const void>> held_;
};

using Inputs = std::vector<std::optional<Value>>;
using Outputs = std::vector<std::optional<Value>>;
using AddFamily = void (*)(Registry&);

// ---- attributes

// An attribute of the given name and type whose value `set` fills in.
template <class Set>
Attribute attribute(const std::string& name, AttrType type, Set set) {
  Attribute a;
  a.name = name;
  a.type = type;
  set(a);
  return a;
}
inline Attribute attr_i(const std::string& name, int64_t v) {
  return attribute(name, AttrType::i, [&](Attribute& a) { a.i = v; });
}
inline Attribute attr_f(const std::string& name, float v) {
  return attribute(name, AttrType::f, [&](Attribute& a) { a.f = v; });
}
inline Attribute attr_s(const std::string& name, const std::string& v) {
  return attribute(name, AttrType::s, [&](Attribute& a) { a.s = v; });
}
inline Attribute attr_is(const std::string& name, std::vector<int64_t> v) {
  return attribute(name, AttrType::ints, [&](Attribute& a) { a.ints = std::move(v); });
}
inline Attribute attr_ints(const std::string& name, std::vector<int64_t> v) { return attr_is(name, std::move(v)); }
inline Attribute attr_fs(const std::string& name, std::vector<float> v) {
  return attribute(name, AttrType::floats, [&](Attribute& a) { a.floats = std::move(v); });
}
inline Attribute attr_ss(const std::string& name, std::vector<std::string> v) {
  return attribute(name, AttrType::strings, [&](Attribute& a) { a.strings = std::move(v); });
}
inline Attribute attr_t(const std::string& name, Tensor t) {
  return attribute(name, AttrType::t, [&](Attribute& a) { a.t = std::move(t); });
}
inline Attribute attr_type(const std::string& name, Type t) {
  return attribute(name, AttrType::type_proto, [&](Attribute& a) { a.tp = std::move(t); });
}

// ---- nodes and kernels

// A node named "n" of operator `op` in `domain` ("" is ai.onnx); with `outputs` > 0 its outputs are named
// out0, out1, ...
inline Node make_node(const std::string& op, std::vector<Attribute> attrs = {}, const std::string& domain = "",
                      size_t outputs = 0) {
  Node n;
  n.op_type = op;
  n.domain = domain;
  n.name.assign(1, 'n');  // (not = "n": GCC 12 warns falsely about that form)
  n.attributes = std::move(attrs);
  for (size_t k = 0; k < outputs; ++k) n.outputs.push_back("out" + std::to_string(k));
  return n;
}

// The registry of one family, built once.
template <AddFamily add>
const Registry& family_registry() {
  static const Registry r = [] {
    Registry t;
    add(t);
    return t;
  }();
  return r;
}

// Calls kernel k (which must exist: a null k fails the test) on the inputs, requesting the outputs flagged
// in `requested`.
// `choices`: candidate results for the outputs (spec/conformance.md, K13), none by default.
inline Outputs call(const Kernel* k, const Node& n, Inputs inputs, std::vector<bool> requested, Outputs choices = {}) {
  REQUIRE_MESSAGE(k != nullptr, n.op_type << " is not registered at that version");
  KernelArgs a{n, std::move(inputs), std::move(requested)};
  a.choices = std::move(choices);
  a.eval_context = &test_context();
  return (*k)(a);
}

// Calls the kernel that the family's add function registers for (n.domain, n.op_type, since_version).
inline Outputs run(AddFamily add, const Node& n, int64_t version, Inputs inputs, std::vector<bool> requested) {
  Registry r;
  add(r);
  return call(r.kernel(n.domain, n.op_type, version), n, std::move(inputs), std::move(requested));
}
// The same with the first `outputs` outputs requested.
inline Outputs run(AddFamily add, const Node& n, int64_t version, Inputs inputs, size_t outputs = 1) {
  return run(add, n, version, std::move(inputs), std::vector<bool>(outputs, true));
}
// The same with candidate results for the outputs (spec/conformance.md, K13), one per output, all requested.
inline Outputs run_with_choices(AddFamily add, const Node& n, int64_t version, Inputs inputs, Outputs choices) {
  Registry r;
  add(r);
  const std::vector<bool> requested(choices.size(), true);
  return call(r.kernel(n.domain, n.op_type, version), n, std::move(inputs), requested, std::move(choices));
}
// A family's `run`: calls the kernels that `add` registers, the first `outputs` outputs requested.
template <AddFamily add>
struct FamilyRun {
  Outputs operator()(const Node& n, int64_t version, Inputs inputs, size_t outputs = 1) const {
    return run(add, n, version, std::move(inputs), outputs);
  }
};
// The same for a node of `op` built from the attributes.
inline Outputs run_op(AddFamily add, const std::string& op, int64_t version, Inputs inputs,
                      std::vector<Attribute> attrs = {}, size_t outputs = 1) {
  return run(add, make_node(op, std::move(attrs)), version, std::move(inputs), outputs);
}

// ---- tensors

template <class T>
Tensor tv(Shape s, std::vector<T> v) {
  return Tensor::from_vector<T>(test_context(), std::move(s), v);
}
template <class T>
Tensor t1(std::vector<T> v) {
  const auto n = static_cast<int64_t>(v.size());
  return Tensor::from_vector<T>(test_context(), {n}, v);
}
inline Tensor tf(Shape s, std::vector<float> v) { return tv<float>(std::move(s), std::move(v)); }
inline Tensor td(Shape s, std::vector<double> v) { return tv<double>(std::move(s), std::move(v)); }
inline Tensor ti64(Shape s, std::vector<int64_t> v) { return tv<int64_t>(std::move(s), std::move(v)); }
inline Tensor ti32(Shape s, std::vector<int32_t> v) { return tv<int32_t>(std::move(s), std::move(v)); }
inline Tensor tstr(Shape s, std::vector<std::string> v) { return tv<std::string>(std::move(s), std::move(v)); }
// A float tensor holding 0, 1, 2, ... in row-major order.
inline Tensor iota_f(Shape s) {
  auto [t, o] = Tensor::allocate<float>(test_context(), std::move(s));
  for (size_t i = 0; i < o.size(); ++i) o[i] = static_cast<float>(i);
  return t;
}

// ---- results

template <class T>
std::vector<T> vals(const Tensor& t) {
  auto d = t.data<T>();
  return {d.begin(), d.end()};
}
template <class T = float>
std::vector<T> vals(const std::optional<Value>& v) {
  REQUIRE(v.has_value());
  return vals<T>(v->tensor());
}
inline Shape shape_of(const std::optional<Value>& v) {
  REQUIRE(v.has_value());
  return v->tensor().shape();
}

// The clause of the Failure that f throws ("" if it throws none).
inline std::string clause_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Failure& e) {
    return e.error().clause;
  }
  return "";
}
// The kind of the Failure that f throws (internal if it throws none).
inline ErrorKind kind_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Failure& e) {
    return e.error().kind;
  }
  return ErrorKind::internal;
}

// ---- nodes built attribute by attribute (the reduce and linalg families' tests)

// A node of `op` built attribute by attribute: NodeB("Gemm").f("alpha", 2).i("transA", 1).
struct NodeB {
  Node n;
  explicit NodeB(std::string op) { n.op_type = std::move(op); }
  NodeB& i(const std::string& name, int64_t v) { return with(attr_i(name, v)); }
  NodeB& f(const std::string& name, float v) { return with(attr_f(name, v)); }
  NodeB& ints(const std::string& name, std::vector<int64_t> v) { return with(attr_is(name, std::move(v))); }
  NodeB& s(const std::string& name, std::string v) { return with(attr_s(name, v)); }
  NodeB& with(Attribute a) {
    n.attributes.push_back(std::move(a));
    return *this;
  }
};

// A family's `run`, `run1` and `clause_of` for nodes built by NodeB: `table()` gives the family's kernels (a
// Registry, or a table of its own with the same `kernel` lookup), and op `b.n.op_type` of the default domain
// runs at since-version v.
// run: every output (the first `outputs` requested), each as a tensor (an absent one as an empty tensor).
template <auto table>
struct NodeRun {
  std::vector<Tensor> operator()(const NodeB& b, int64_t v, Inputs inputs, size_t outputs = 1) const {
    auto out = call(table().kernel("", b.n.op_type, v), b.n, std::move(inputs), std::vector<bool>(outputs, true));
    std::vector<Tensor> ts;
    for (auto& o : out) ts.push_back(o ? o->tensor() : Tensor{});
    return ts;
  }
};
// run1: the first output.
template <auto table>
struct NodeRun1 {
  Tensor operator()(const NodeB& b, int64_t v, Inputs inputs) const {
    return NodeRun<table>{}(b, v, std::move(inputs))[0];
  }
};
// clause_of: the clause of the failure thrown by running the op, or "" if none.
template <auto table>
struct NodeClause {
  std::string operator()(const NodeB& b, int64_t v, Inputs inputs, size_t outputs = 1) const {
    return clause_of([&] { NodeRun<table>{}(b, v, std::move(inputs), outputs); });
  }
};

// Short names of the tensor builders, for the tests that build many tensors (the reduce and linalg families).
namespace short_names {
template <class T>
inline Tensor T_(Shape s, std::vector<T> v) {
  return tv<T>(std::move(s), std::move(v));
}
inline Tensor F(Shape s, std::vector<float> v) { return tf(std::move(s), std::move(v)); }
inline Tensor D(Shape s, std::vector<double> v) { return td(std::move(s), std::move(v)); }
inline Tensor I64(Shape s, std::vector<int64_t> v) { return ti64(std::move(s), std::move(v)); }
inline Tensor I32(Shape s, std::vector<int32_t> v) { return ti32(std::move(s), std::move(v)); }
}  // namespace short_names

// ---- shape rules (spec/types.md, TY5)

// A tensor type for rule tests: element type and dimensions, each a size >= 0, or -1 for an unknown size;
// `rank_known` false gives no shape at all.
inline Type ttype(DType elem, std::vector<int64_t> dims, bool rank_known = true) {
  Type t;
  t.kind = Type::Kind::tensor;
  t.elem = elem;
  if (rank_known) {
    std::vector<Dim> d;
    for (int64_t v : dims) d.push_back(v < 0 ? Dim{} : Dim{v, {}});
    t.shape = std::move(d);
  }
  return t;
}
// A tensor type for rule tests whose dimensions are symbols ("" for an unknown size).
inline Type stype(DType elem, const std::vector<std::string>& names) {
  Type t = ttype(elem, {});
  for (const auto& n : names) t.shape->push_back(n.empty() ? Dim{} : Dim{std::nullopt, n});
  return t;
}
// The dimensions of an inferred type as numbers (-1: unknown or symbolic); empty optional without a shape.
inline std::optional<std::vector<int64_t>> dims_of(const Type& t) {
  if (!t.shape) return std::nullopt;
  std::vector<int64_t> out;
  for (const auto& d : *t.shape) out.push_back(d.value ? *d.value : -1);
  return out;
}
// The kernels, signatures and shape rules of one family, built once (a shape rule is registered for the
// versions that have a kernel).
template <AddFamily add, AddFamily describe, AddFamily shapes>
const Registry& shape_registry() {
  static const Registry r = [] {
    Registry t;
    add(t);
    describe(t);
    shapes(t);
    return t;
  }();
  return r;
}

// Applies the shape rule that the family's registration functions give (n.domain, n.op_type, since): input
// types per position (nullopt: absent) and known input values (nullopt: not known).
inline std::vector<Type> infer_with(const Registry& r, const Node& n, int64_t since,
                                    std::vector<std::optional<Type>> inputs,
                                    std::vector<std::optional<Value>> constants = {}) {
  const ShapeRule* rule = r.shape_rule(n.domain, n.op_type, since);
  REQUIRE_MESSAGE(rule != nullptr, n.op_type << "-" << since << " has no shape rule");
  const Signature* sig = r.signature(n.domain, n.op_type, since);
  static const Signature none;
  constants.resize(inputs.size());
  InferenceArgs a{n, sig ? *sig : none, std::move(inputs), std::move(constants), n.outputs.size()};
  return (*rule)(a);
}

// Element-wise closeness to values computed by hand: within tol relative to max(1, |want|); a NaN wants a
// NaN, an infinity the same infinity.
template <class T>
void check_close(const std::vector<T>& got, const std::vector<double>& want, double tol = 1e-6) {
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    const auto g = static_cast<double>(got[i]);
    INFO("element " << i << ": got " << g << ", want " << want[i]);
    if (std::isnan(want[i])) CHECK(std::isnan(g));
    else if (std::isinf(want[i])) CHECK(g == want[i]);
    else CHECK(std::fabs(g - want[i]) <= tol * std::max(1.0, std::fabs(want[i])));
  }
}
// The same for a float32 or float64 tensor.
inline void check_close(const Tensor& t, const std::vector<double>& want, double tol = 1e-6) {
  if (t.dtype() == DType::float32) check_close(vals<float>(t), want, tol);
  else check_close(vals<double>(t), want, tol);
}

}  // namespace onnxsem::ops::testing

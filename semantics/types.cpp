// The static semantics (spec/types.md): one generic typing engine that interprets every operator version's
// signature (TY1-TY4, TY6), applies its shape rule (TY5), holds declared types against inferred ones (TY7),
// types subgraphs from their operation's contract (TY8) and function bodies at each call (TY9).
#include "semantics/types.hpp"

#include <algorithm>
#include <set>

#include "runtime/coverage.hpp"
#include "semantics/constructs/construct.hpp"
#include "semantics/control.hpp"
#include "semantics/fixpoint.hpp"
#include "semantics/subgraph.hpp"

namespace onnxsem {

const Type* GraphTyping::find(const std::string& n) const {
  auto it = std::lower_bound(names.begin(), names.end(), n,
                             [](const TypedName& t, const std::string& k) { return t.name < k; });
  return it != names.end() && it->name == n ? &it->type : nullptr;
}

namespace {

using Env = std::map<std::string, Type>;
using Constants = std::map<std::string, Value>;

bool known(const Type& t) { return t.kind != Type::Kind::unknown; }

}  // namespace

Type form_of(const Type& t) {
  Type f = t;
  f.shape.reset();
  if (t.inner) f.inner = std::make_shared<const Type>(form_of(*t.inner));
  return f;
}

namespace {

// A declared type as inference uses it (TY7): the shapes declared for the elements of a sequence, an optional
// or a map are dropped (ONNX holds them against nothing, and its suite declares some that its values break).
Type declared_type(const Type& t) {
  Type d = t;
  if (d.inner) d.inner = std::make_shared<const Type>(form_of(*d.inner));
  // TY11: a dimension is never negative: a negative declared size says nothing.
  if (d.shape)
    for (auto& dim : *d.shape)
      if (dim.value && *dim.value < 0) dim.value.reset();
  return d;
}

// The meet of two types of one name (TY7): each part from whichever side knows it; `why` says what
// contradicts when they cannot both hold (then the result is `b`).
Type meet(const Type& a, const Type& b, std::string& why) {
  if (!known(a)) return b;
  if (!known(b)) return a;
  if (a.kind != b.kind) {
    why = type_text(a) + " against " + type_text(b);
    return b;
  }
  Type out = b;
  if (a.kind == Type::Kind::tensor || a.kind == Type::Kind::sparse_tensor) {
    if (a.elem != DType::undefined && b.elem != DType::undefined && a.elem != b.elem) {
      why = "element type " + std::string(dtype_name(a.elem)) + " against " + dtype_name(b.elem);
      return b;
    }
    if (out.elem == DType::undefined) out.elem = a.elem;
    if (a.shape && b.shape) {
      if (a.shape->size() != b.shape->size()) {
        why = "rank " + std::to_string(a.shape->size()) + " " + dims_text(*a.shape) + " against rank " +
              std::to_string(b.shape->size()) + " " + dims_text(*b.shape);
        return b;
      }
      std::vector<Dim> d = *b.shape;
      for (size_t i = 0; i < d.size(); ++i) {
        const Dim& x = (*a.shape)[i];
        if (x.value && d[i].value && *x.value != *d[i].value) {
          why = "dimension " + std::to_string(i) + " is " + std::to_string(*x.value) + " against " +
                std::to_string(*d[i].value) + " (" + dims_text(*a.shape) + " against " + dims_text(*b.shape) + ")";
          return b;
        }
        if (!d[i].value && (x.value || d[i].param.empty())) d[i] = x;
      }
      out.shape = std::move(d);
    } else if (!out.shape) {
      out.shape = a.shape;
    }
    return out;
  }
  if (a.kind == Type::Kind::map) {
    if (a.key != DType::undefined && b.key != DType::undefined && a.key != b.key) {
      why = "map key " + std::string(dtype_name(a.key)) + " against " + dtype_name(b.key);
      return b;
    }
    if (out.key == DType::undefined) out.key = a.key;
  }
  if (a.inner && b.inner) out.inner = std::make_shared<const Type>(meet(*a.inner, *b.inner, why));
  else if (!out.inner) out.inner = a.inner;
  return out;
}

// Whether two types can be the same type: an unknown part on either side matches anything; shapes ignored.
bool same_form(const Type& a, const Type& b) {
  if (!known(a) || !known(b)) return true;
  if (a.kind != b.kind) return false;
  const auto elem_ok = [](DType x, DType y) { return x == DType::undefined || y == DType::undefined || x == y; };
  if (!elem_ok(a.elem, b.elem) || !elem_ok(a.key, b.key)) return false;
  return !a.inner || !b.inner || same_form(*a.inner, *b.inner);
}

}  // namespace

Type join(const Type& a, const Type& b, std::string& why) {
  if (!known(a) || !known(b)) return Type{};
  if (a.kind != b.kind) {
    // An optional and a value of its element type are compatible: the result is known to be neither.
    const bool wraps = (a.kind == Type::Kind::optional && a.inner && same_form(*a.inner, b)) ||
                       (b.kind == Type::Kind::optional && b.inner && same_form(*b.inner, a));
    if (!wraps) why = type_text(a) + " against " + type_text(b);
    return Type{};
  }
  Type out = a;
  if (a.kind == Type::Kind::tensor || a.kind == Type::Kind::sparse_tensor) {
    if (a.elem != b.elem) {
      if (a.elem != DType::undefined && b.elem != DType::undefined)
        why = "element type " + std::string(dtype_name(a.elem)) + " against " + dtype_name(b.elem);
      out.elem = DType::undefined;
    }
    if (!a.shape || !b.shape || a.shape->size() != b.shape->size()) {
      out.shape.reset();
    } else {
      for (size_t i = 0; i < out.shape->size(); ++i) {
        const Dim& x = (*a.shape)[i];
        const Dim& y = (*b.shape)[i];
        const bool same = (x.value && y.value && *x.value == *y.value) ||
                          (!x.value && !y.value && !x.param.empty() && x.param == y.param);
        if (!same) (*out.shape)[i] = Dim{};
      }
    }
    return out;
  }
  if (a.kind == Type::Kind::map && a.key != b.key) out.key = DType::undefined;
  if (a.inner && b.inner) out.inner = std::make_shared<const Type>(join(*a.inner, *b.inner, why));
  else out.inner.reset();
  return out;
}

namespace {

// The value of a Constant operation, when its attribute gives it directly.
std::optional<Value> constant_node_value(const Node& n) {
  // Typing evaluates nothing: the attribute's values are in memory already, under the default limits.
  if (!normalise_domain(n.domain).empty() || n.op_type != "Constant" || n.outputs.size() != 1) return std::nullopt;
  if (n.attributes.size() != 1) return std::nullopt;
  const Attribute& a = n.attributes[0];
  if (!a.ref_attr_name.empty()) return std::nullopt;
  if (a.name == "value" && a.type == AttrType::t && a.t.dtype() != DType::undefined) return Value(a.t);
  const EvalContext cx;
  if (a.name == "value_int" && a.type == AttrType::i) return Value(Tensor::scalar<int64_t>(cx, a.i));
  if (a.name == "value_ints" && a.type == AttrType::ints)
    return Value(Tensor::from_vector<int64_t>(cx, {static_cast<int64_t>(a.ints.size())}, a.ints));
  if (a.name == "value_float" && a.type == AttrType::f) return Value(Tensor::scalar<float>(cx, a.f));
  if (a.name == "value_floats" && a.type == AttrType::floats)
    return Value(Tensor::from_vector<float>(cx, {static_cast<int64_t>(a.floats.size())}, a.floats));
  return std::nullopt;
}

struct Engine {
  const Model& model;
  const OperatorTable& ops;
  Typing result;
  std::vector<const Function*> calling = {};  // the calls being typed, outermost first (TY9)
  int64_t calls_typed = 0;                    // function bodies typed so far (TY9: at most kMaxTypedCalls)
  static constexpr int64_t kMaxTypedCalls = 4096;

  void find(Clause clause, std::string message, const Node* n, std::string tensor = {},
            Finding::Severity sev = Finding::Severity::error) {
    std::string node = n ? n->name : std::string();
    if (n) message = n->op_type + ": " + message;
    result.findings.push_back(Finding{sev, clause, std::move(message), std::move(node), std::move(tensor)});
  }
  // The finding of an error a shape rule raised (its clause was checked where it was raised).
  void relay(const Error& err, std::string message, const Node& n) {
    result.findings.push_back(
        Finding{Finding::Severity::error, Relayed{err.clause}, n.op_type + ": " + message, n.name, err.tensor});
  }

  // ---- one operation ------------------------------------------------------------------------------------

  // Types one operation: returns the type of each output position. Each clause of the static semantics
  // that applies to an operation is one function below, applied in the order spec/types.md states them.
  std::vector<Type> type_node(const Node& n, const std::map<std::string, int64_t>& opsets, const Env& env,
                              const Constants& constants, const std::string& where, int depth, bool in_function) {
    std::vector<std::optional<Type>> in_types;
    std::vector<std::optional<Value>> in_values;
    for (const auto& i : n.inputs) {
      if (i.empty()) {
        in_types.emplace_back(std::nullopt);
        in_values.emplace_back(std::nullopt);
        continue;
      }
      auto it = env.find(i);
      in_types.emplace_back(it == env.end() ? Type{} : it->second);
      auto c = constants.find(i);
      in_values.emplace_back(c == constants.end() ? std::nullopt : std::optional<Value>(c->second));
    }
    if (const Function* f = function_of(model, n)) return type_call(*f, n, in_types, in_values, where, depth);
    const Resolved r = resolve(ops, opsets, n);
    if (r.since_version == 0) return std::vector<Type>(n.outputs.size());  // W4 / W6: refused by check
    const std::string domain = normalise_domain(n.domain);
    ONNXSEM_CLAUSE(TY1);  // the signature, data read from its family's text (signature.cpp) when the table was built
    const Signature* sig = ops.signature(domain, n.op_type, r.since_version);
    if (!sig) {
      ++result.operations_untyped;
      return std::vector<Type>(n.outputs.size());
    }
    ++result.operations_typed;
    const Site at{n, *sig, where.empty() ? std::string() : " (in " + where + ")"};
    if (deprecated(at)) return std::vector<Type>(n.outputs.size());  // TY13
    arity(at);                                                       // TY2
    attributes(at);                                                  // TY3
    Binding binding;
    for (size_t k = 0; k < n.inputs.size(); ++k)  // TY4, TY6
      if (in_types[k])
        position(at, binding, sig->input_formal(k), *in_types[k],
                 "input " + std::to_string(k) + " ('" + n.inputs[k] + "')", n.inputs[k]);
    std::vector<Type> outs = fixed_outputs(at, binding);
    // [spec:TY5] the shape rule refines the outputs' types (TY8: for the control-flow operators, their
    // bodies); [spec:TY11] without one, or where it draws no conclusion, what the signature fixes is all
    // that is known.
    ONNXSEM_CLAUSE(TY5, TY11);
    const std::vector<Type> refined = is_control(n) ? type_control(n, r.since_version, opsets, env, constants, in_types,
                                                                   where, depth, in_function)
                                                    : shape_rule(at, ops.shape_rule(domain, n.op_type, r.since_version),
                                                                 in_types, in_values);
    for (size_t k = 0; k < outs.size() && k < refined.size(); ++k) {
      std::string why;
      Type t = meet(outs[k], refined[k], why);
      outs[k] = why.empty() ? t : outs[k];
    }
    output_types(at, binding, outs);  // TY4 for the outputs
    return outs;
  }

  // The operation being typed, its operator version's signature, and where it is (for the messages).
  struct Site {
    const Node& n;
    const Signature& sig;
    std::string suffix;  // " (in WHERE)", or empty in the main graph
  };
  // The type each type variable of the signature is bound to so far (TY6).
  using Binding = std::map<std::string, Type>;

  // [spec:TY13] an operator version ONNX marks deprecated is refused.
  bool deprecated(const Site& at) {
    ONNXSEM_CLAUSE(TY13);
    if (!at.sig.deprecated) return false;
    find("TY13", at.sig.name() + " is deprecated by ONNX; the model's opset import selects it" + at.suffix, &at.n);
    return true;
  }

  // [spec:TY2] arity: the positions lie within the signature's bounds; a single formal names a tensor.
  void arity(const Site& at) {
    ONNXSEM_CLAUSE(TY2);
    const Signature& sig = at.sig;
    auto bounds = [](size_t lo, size_t hi) {
      if (lo == hi) return std::to_string(lo);
      return "from " + std::to_string(lo) + " to " +
             (hi == unbounded ? std::string("any number of") : std::to_string(hi));
    };
    const size_t ni = at.n.inputs.size(), no = at.n.outputs.size();
    if (ni < sig.min_inputs || ni > sig.max_inputs)
      find("TY2",
           "has " + std::to_string(ni) + " input positions; " + sig.name() + " takes " +
               bounds(sig.min_inputs, sig.max_inputs) + at.suffix,
           &at.n);
    if (no < sig.min_outputs || no > sig.max_outputs)
      find("TY2",
           "has " + std::to_string(no) + " output positions; " + sig.name() + " gives " +
               bounds(sig.min_outputs, sig.max_outputs) + at.suffix,
           &at.n);
    for (size_t k = 0; k < ni; ++k) {
      const Formal* f = sig.input_formal(k);
      if (f && f->form == Formal::Form::single && at.n.inputs[k].empty())
        find("TY2", "required input " + std::to_string(k) + " ('" + f->name + "') is absent" + at.suffix, &at.n);
    }
  }

  // [spec:TY3] attributes: known to the operator version, of its type, and every required one present.
  void attributes(const Site& at) {
    ONNXSEM_CLAUSE(TY3);
    const Signature& sig = at.sig;
    for (const auto& a : at.n.attributes) {
      if (!a.ref_attr_name.empty()) continue;  // outside a function body: W5
      const AttrSpec* spec = sig.attr(a.name);
      if (!spec) find("TY3", "attribute '" + a.name + "' is not an attribute of " + sig.name() + at.suffix, &at.n);
      else if (a.type != AttrType::undefined && a.type != spec->type)
        find("TY3",
             "attribute '" + a.name + "' is of type " + attr_type_text(a.type) + "; " + sig.name() + " takes " +
                 attr_type_text(spec->type) + at.suffix,
             &at.n);
    }
    for (const auto& spec : sig.attributes)
      if (spec.required && !at.n.attr(spec.name))
        find("TY3", "required attribute '" + spec.name + "' (" + attr_type_text(spec.type) + ") is missing" + at.suffix,
             &at.n);
  }

  // [spec:TY4] the type at a position is one its formal allows; [spec:TY6] a type variable is bound once.
  void position(const Site& at, Binding& binding, const Formal* f, const Type& t, const std::string& what,
                const std::string& tensor) {
    ONNXSEM_CLAUSE(TY4, TY6);
    if (!f || !known(t)) return;
    const Signature& sig = at.sig;
    if (auto concrete = parse_type(f->type)) {
      if (!type_matches(t, *concrete))
        find("TY4", what + " is " + type_text(t) + "; " + sig.name() + " requires " + f->type + at.suffix, &at.n,
             tensor);
      return;
    }
    const TypeVar* v = sig.var(f->type);
    if (!v) return;
    bool allowed = false;
    for (const auto& p : v->allowed) allowed = allowed || type_matches(t, p);
    if (!allowed) {
      std::string list;
      for (const auto& p : v->allowed) list += (list.empty() ? "" : ", ") + type_text(p);
      find("TY4",
           what + " is " + type_text(t) + ", not one of the types " + f->type + " of " + sig.name() + " allows (" +
               list + ")" + at.suffix,
           &at.n, tensor);
      return;
    }
    if (f->form == Formal::Form::variadic_mixed) return;
    auto [it, fresh] = binding.emplace(f->type, form_of(t));
    if (fresh) return;
    if (!same_form(it->second, t)) {
      find("TY6",
           what + " is " + type_text(t) + " but type variable " + f->type + " of " + sig.name() +
               " is already bound to " + type_text(it->second) + at.suffix,
           &at.n, tensor);
      return;
    }
    std::string ignored;
    it->second = meet(it->second, form_of(t), ignored);
  }

  // The outputs' types as the signature fixes them: a concrete formal, a bound type variable, or a type
  // variable that allows one type (Less's T1: bool).
  std::vector<Type> fixed_outputs(const Site& at, const Binding& binding) const {
    std::vector<Type> outs(at.n.outputs.size());
    for (size_t k = 0; k < outs.size(); ++k) {
      const Formal* f = at.sig.output_formal(k);
      if (!f) continue;
      if (auto concrete = parse_type(f->type)) {
        outs[k] = *concrete;
      } else if (auto it = binding.find(f->type); it != binding.end() && f->form != Formal::Form::variadic_mixed) {
        outs[k] = it->second;
      } else if (const TypeVar* v = at.sig.var(f->type); v && v->allowed.size() == 1) {
        outs[k] = v->allowed[0];
      }
    }
    return outs;
  }

  // TY5: the types the operator's shape rule gives for the outputs; none (TY11) without a rule or where it
  // draws no conclusion. A rule's refusal is a finding with the rule's clause.
  std::vector<Type> shape_rule(const Site& at, const ShapeRule* rule, const std::vector<std::optional<Type>>& in_types,
                               const std::vector<std::optional<Value>>& in_values) {
    if (!rule) return {};
    try {
      InferenceArgs args{at.n, at.sig, in_types, in_values, at.n.outputs.size()};
      return (*rule)(args);
    } catch (const Failure& e) {
      const Error& err = e.error();
      if (err.kind == ErrorKind::refused || err.kind == ErrorKind::evaluation)
        relay(err, err.message + at.suffix, at.n);
      // unsupported or internal: the rule draws no conclusion
    } catch (const std::exception&) {
      // a rule that fails otherwise draws no conclusion
    }
    return {};
  }

  // (TY4, outputs) each output's type is one its formal allows, where no bound type variable fixed it.
  void output_types(const Site& at, Binding& binding, const std::vector<Type>& outs) {
    for (size_t k = 0; k < outs.size(); ++k) {
      if (at.n.outputs[k].empty()) continue;
      const Formal* f = at.sig.output_formal(k);
      if (f && (!at.sig.var(f->type) || !binding.count(f->type) || f->form == Formal::Form::variadic_mixed))
        position(at, binding, f, outs[k], "output " + std::to_string(k) + " ('" + at.n.outputs[k] + "')",
                 at.n.outputs[k]);
    }
  }

  // ---- control flow (TY8) -------------------------------------------------------------------------------

  // The declared type of a subgraph's formal input against the one its operation's contract gives.
  Type contract_input(const ValueInfo& vi, const Type& contract, const Node& n, const std::string& what) {
    std::string why;
    Type t = meet(vi.type, contract, why);
    // [spec:TY8] a subgraph input declared with a type that contradicts its operation's contract is refused.
    ONNXSEM_CLAUSE(TY8);
    if (!why.empty())
      find("TY8",
           what + " input '" + vi.name + "' is declared " + vi.type.describe() + " but the operation passes " +
               contract.describe() + " (" + why + ")",
           &n, vi.name);
    return t;
  }

  // TY8: a control-flow construct types its bodies through this engine (semantics/constructs/).
  std::vector<Type> type_control(const Node& n, int64_t since, const std::map<std::string, int64_t>& opsets,
                                 const Env& env, const Constants& constants, const std::vector<std::optional<Type>>& in,
                                 const std::string& where, int depth, bool in_function) {
    const constructs::Construct* c = constructs::construct_of(n);
    if (!c) return std::vector<Type>(n.outputs.size());
    struct Bodies final : constructs::BodyTyping {
      Engine& engine;
      const Node& n;
      const std::map<std::string, int64_t>& opsets;
      const Env& env;
      const Constants& constants;
      const std::vector<std::optional<Type>>& in;
      const std::string& where;
      int depth;
      bool in_function;
      Bodies(Engine& e, const Node& node, const std::map<std::string, int64_t>& o, const Env& en, const Constants& c,
             const std::vector<std::optional<Type>>& i, const std::string& w, int d, bool f)
          : engine(e), n(node), opsets(o), env(en), constants(c), in(i), where(w), depth(d), in_function(f) {}
      [[nodiscard]] Type input(size_t k) const override { return k < in.size() && in[k] ? *in[k] : Type{}; }
      [[nodiscard]] const Graph* graph(const char* name) const override {
        const Attribute* a = n.attr(name);
        return a && a->g ? a->g.get() : nullptr;
      }
      [[nodiscard]] std::vector<Type> type_body(const Graph& g, const char* name,
                                                const std::vector<Type>& formals) override {
        const std::string scope = (where.empty() ? "" : where + " / ") + std::string("node '") + n.name + "' (" +
                                  n.op_type + ") " + name;
        return engine.type_graph(g, opsets, env, constants, formals, scope, depth + 1, in_function, &n);
      }
      void find(Clause clause, std::string message, const std::string& tensor) override {
        engine.find(clause, std::move(message), &n, tensor);
      }
    } typing(*this, n, opsets, env, constants, in, where, depth, in_function);
    return c->type(n, since, typing);
  }

  // ---- function calls (TY9) -----------------------------------------------------------------------------

  std::vector<Type> type_call(const Function& f, const Node& call, const std::vector<std::optional<Type>>& in,
                              const std::vector<std::optional<Value>>& values, const std::string& where, int depth) {
    std::vector<Type> outs(call.outputs.size());
    if (depth > 32) return outs;  // FN2 refuses recursive functions; a deep chain is typed no further
    // [spec:TY9] a call is typed by typing the function's body with the call's input types and attributes.
    ONNXSEM_CLAUSE(TY9);
    for (const auto& a : call.attributes) {
      const bool declared = std::find(f.attributes.begin(), f.attributes.end(), a.name) != f.attributes.end() ||
                            std::any_of(f.attribute_defaults.begin(), f.attribute_defaults.end(),
                                        [&](const Attribute& d) { return d.name == a.name; });
      if (!declared) find("TY3", "attribute '" + a.name + "' is not an attribute of function " + f.name, &call);
    }
    // A recursive call is not typed again, and the bodies typed per model are bounded (TY9).
    if (std::find(calling.begin(), calling.end(), &f) != calling.end() || calls_typed >= kMaxTypedCalls) return outs;
    ++calls_typed;
    calling.push_back(&f);
    struct Pop {
      std::vector<const Function*>& v;
      ~Pop() { v.pop_back(); }
    } pop{calling};
    Env env;
    Constants constants;
    for (size_t k = 0; k < f.inputs.size(); ++k) {
      if (k < in.size() && in[k]) env[f.inputs[k]] = *in[k];
      if (k < values.size() && values[k]) constants.emplace(f.inputs[k], *values[k]);
    }
    std::vector<Node> nodes;
    nodes.reserve(f.nodes.size());
    for (const auto& n : f.nodes) nodes.push_back(bind_call_attributes(n, call, f));
    const auto& opsets = f.opset_imports.empty() ? model.opset_imports : f.opset_imports;
    const std::string scope = (where.empty() ? "" : where + " / ") + "function " + f.name + " at node '" + call.name +
                              "'";
    Env own = type_nodes(nodes, opsets, env, constants, {}, scope, depth + 1, true);
    GraphTyping gt;
    gt.scope = scope;
    for (const auto& [name, t] : own) gt.names.push_back(TypedName{name, t});
    result.graphs.push_back(std::move(gt));
    for (size_t k = 0; k < outs.size() && k < f.outputs.size(); ++k)
      if (auto it = own.find(f.outputs[k]); it != own.end()) outs[k] = it->second;
    return outs;
  }

  // ---- graphs -------------------------------------------------------------------------------------------

  // Types a list of operations in dependency order, starting from `env`; returns the names it typed (with the
  // starting names). `declared` holds the declared types to hold against inferred ones (TY7).
  Env type_nodes(const std::vector<Node>& nodes, const std::map<std::string, int64_t>& opsets, Env env,
                 Constants constants, const Env& declared, const std::string& where, int depth, bool in_function) {
    std::set<std::string> produced;
    for (const auto& n : nodes)
      for (const auto& o : n.outputs)
        if (!o.empty()) produced.insert(o);
    // Kahn's order: an operation is typed once every name it reads that an operation of the list assigns is
    // typed; among those ready, the first in list order. Operations on a cycle (W2) are never typed.
    std::map<std::string, std::vector<size_t>> readers;
    std::vector<size_t> waiting(nodes.size(), 0);
    for (size_t k = 0; k < nodes.size(); ++k) {
      std::set<std::string> reads;
      for (const auto& i : nodes[k].inputs)
        if (!i.empty() && produced.count(i)) reads.insert(i);
      for (const auto& i : implicit_inputs(nodes[k]))
        if (produced.count(i)) reads.insert(i);
      waiting[k] = reads.size();
      for (const auto& i : reads) readers[i].push_back(k);
    }
    std::set<size_t> ready;
    for (size_t k = 0; k < nodes.size(); ++k)
      if (waiting[k] == 0) ready.insert(k);
    std::set<std::string> typed;
    while (!ready.empty()) {
      const size_t k = *ready.begin();
      ready.erase(ready.begin());
      const Node& n = nodes[k];
      std::vector<Type> outs = type_node(n, opsets, env, constants, where, depth, in_function);
      if (auto c = constant_node_value(n)) constants.emplace(n.outputs[0], *c);
      for (size_t j = 0; j < n.outputs.size() && j < outs.size(); ++j) {
        const std::string& o = n.outputs[j];
        if (o.empty() || typed.count(o)) continue;
        Type t = outs[j];
        // A name whose value is known before evaluation (a Constant, the constant part PE1) has its type.
        if (auto c = constants.find(o); c != constants.end() && c->second.is_tensor()) {
          std::string ignored;
          Type m = meet(tensor_type_of(c->second.tensor()), t, ignored);
          if (ignored.empty()) t = std::move(m);
        }
        if (auto d = declared.find(o); d != declared.end()) {
          std::string why;
          Type m = meet(d->second, t, why);
          // [spec:TY7] a declared type agrees with the inferred one; the name takes their meet.
          ONNXSEM_CLAUSE(TY7);
          if (!why.empty())
            find("TY7",
                 "declared " + d->second.describe() + " but inferred " + t.describe() + " (" + why + ")" +
                     (where.empty() ? std::string() : " (in " + where + ")"),
                 &n, o);
          else t = std::move(m);
        }
        env.insert_or_assign(o, std::move(t));
      }
      for (const auto& o : n.outputs) {
        if (o.empty() || !typed.insert(o).second) continue;
        if (auto r = readers.find(o); r != readers.end())
          for (size_t j : r->second)
            if (--waiting[j] == 0) ready.insert(j);
      }
    }
    return env;
  }

  // Types a graph (the main graph, with formals empty, or a subgraph whose contract passes `formals` to its
  // inputs); records its typing and returns the types of its outputs.
  std::vector<Type> type_graph(const Graph& g, const std::map<std::string, int64_t>& opsets, const Env& outer,
                               const Constants& outer_constants, const std::vector<Type>& formals,
                               const std::string& scope, int depth, bool in_function, const Node* owner) {
    std::vector<Type> outs(g.outputs.size());
    if (depth > 64) return outs;
    std::set<std::string> own;  // the names `g` defines: its inputs, initializers and operation outputs
    for (const auto& vi : g.inputs) own.insert(vi.name);
    for (const auto& [name, t] : g.initializers) own.insert(name);
    for (const auto& n : g.nodes)
      for (const auto& o : n.outputs)
        if (!o.empty()) own.insert(o);
    Env env = outer;
    Constants constants = outer_constants;
    if (owner) {
      // [spec:SB1] names are read innermost first: a name the subgraph defines has the type and value of its
      // own definition, never those of an enclosing graph's name of that spelling, which the subgraph cannot
      // read (SB11 lets it define only such names).
      ONNXSEM_CLAUSE(SB1);
      for (const auto& name : own) {
        env.erase(name);
        constants.erase(name);
      }
    }
    std::set<std::string> inputs;
    for (size_t k = 0; k < g.inputs.size(); ++k) {
      const ValueInfo& vi = g.inputs[k];
      inputs.insert(vi.name);
      if (owner && k < formals.size())
        env.insert_or_assign(vi.name,
                             contract_input(ValueInfo{vi.name, declared_type(vi.type)}, formals[k], *owner, scope));
      else env.insert_or_assign(vi.name, declared_type(vi.type));
    }
    for (const auto& [name, t] : g.initializers) {
      Type ty = tensor_type_of(t);
      if (!inputs.count(name)) {
        env.insert_or_assign(name, std::move(ty));
        constants.insert_or_assign(name, Value(t));
        continue;
      }
      // An initializer that is also a graph input is a default that a fed value may replace: the name has the
      // input's declared type, whose element type the initializer shares.
      std::string why;
      Type m = meet(env[name], ty, why);
      // (TY7) an initializer that is also a graph input agrees with the input's declared type.
      if (!why.empty())
        find("TY7",
             "initializer '" + name + "' is " + ty.describe() + " but the graph input is declared " +
                 env[name].describe() + " (" + why + ")",
             nullptr, name);
      else if (env[name].elem == DType::undefined) env[name].elem = t.dtype();
    }
    if (!owner && !in_function) {
      // The values of the main graph's constant part (PE1).
      try {
        PartialOutcome po = constant_part(model, ops);
        for (auto& [name, v] : po.values) constants.insert_or_assign(name, std::move(v));
      } catch (const std::exception&) {
      }
    }
    Env declared;
    for (const auto& vi : g.value_info)
      if (known(vi.type)) declared[vi.name] = declared_type(vi.type);
    for (const auto& vi : g.outputs)
      if (known(vi.type)) {
        std::string why;
        const Type t = declared_type(vi.type);
        declared[vi.name] = declared.count(vi.name) ? meet(declared[vi.name], t, why) : t;
      }
    Env typed = type_nodes(g.nodes, opsets, env, constants, declared, owner ? scope : std::string(), depth,
                           in_function);
    for (size_t k = 0; k < g.outputs.size(); ++k) {
      auto it = typed.find(g.outputs[k].name);
      outs[k] = it == typed.end() ? declared_type(g.outputs[k].type) : it->second;
    }
    GraphTyping gt;
    gt.scope = scope;
    gt.graph = in_function ? nullptr : &g;
    for (const auto& name : own)
      if (auto it = typed.find(name); it != typed.end()) gt.names.push_back(TypedName{name, it->second});
    result.graphs.push_back(std::move(gt));
    return outs;
  }
};

}  // namespace

Typing infer_types(const Model& model, const OperatorTable& ops) {
  Engine e{model, ops, {}};
  try {
    e.type_graph(model.graph, model.opset_imports, {}, {}, {}, "main", 0, false, nullptr);
  } catch (const Failure& f) {
    e.result.findings.push_back(Finding{
        Finding::Severity::warning, Relayed{f.error().clause}, "type inference stopped: " + f.error().message, {}, {}});
  } catch (const std::exception& x) {
    e.result.findings.push_back(
        Finding{Finding::Severity::warning, "TY5", std::string("type inference stopped: ") + x.what(), {}, {}});
  }
  // The main graph first, then the nested graphs in the order they were typed.
  std::stable_partition(e.result.graphs.begin(), e.result.graphs.end(),
                        [](const GraphTyping& g) { return g.scope == "main"; });
  return std::move(e.result);
}

Type tensor_type_of(const Tensor& t) { return make_tensor_type(t.dtype(), fixed_dims(t.shape())); }

std::string type_violation(const Value& v, const Type& t) {
  // [spec:TY12] a value has the type inference predicted: kind, element type, rank and fixed dimensions.
  ONNXSEM_CLAUSE(TY12);
  if (!known(t)) return {};
  if (v.is_tensor()) {
    const Tensor& x = v.tensor();
    if (t.kind != Type::Kind::tensor) return "a tensor where " + type_text(t) + " was inferred";
    if (t.elem != DType::undefined && t.elem != x.dtype())
      return std::string("element type ") + dtype_name(x.dtype()) + " where " + dtype_name(t.elem) + " was inferred";
    if (!t.shape) return {};
    if (static_cast<size_t>(x.rank()) != t.shape->size())
      return "rank " + std::to_string(x.rank()) + " where " + t.describe() + " was inferred";
    for (size_t i = 0; i < t.shape->size(); ++i)
      if ((*t.shape)[i].value && *(*t.shape)[i].value != x.shape()[i])
        return "dimension " + std::to_string(i) + " is " + std::to_string(x.shape()[i]) + " where " + t.describe() +
               " was inferred";
    return {};
  }
  if (v.is_sequence()) {
    if (t.kind != Type::Kind::sequence) return "a sequence where " + type_text(t) + " was inferred";
    if (!t.inner) return {};
    for (const auto& item : v.sequence().items)
      if (auto w = type_violation(item, *t.inner); !w.empty()) return "an element: " + w;
    return {};
  }
  if (v.is_optional()) {
    if (t.kind != Type::Kind::optional) return "an optional where " + type_text(t) + " was inferred";
    if (t.inner && v.optional().item) return type_violation(*v.optional().item, *t.inner);
    return {};
  }
  if (v.is_map()) {
    if (t.kind != Type::Kind::map) return "a map where " + type_text(t) + " was inferred";
    if (t.key != DType::undefined && v.map().key != t.key)
      return std::string("map key ") + dtype_name(v.map().key) + " where " + dtype_name(t.key) + " was inferred";
    if (t.inner && v.map().values)
      for (const auto& item : *v.map().values)
        if (auto w = type_violation(item, *t.inner); !w.empty()) return "a map value: " + w;
    return {};
  }
  return {};
}

}  // namespace onnxsem

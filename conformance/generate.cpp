#include "conformance/generate.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>

#include "conformance/hash.hpp"
#include "conformance/suite.hpp"
#include "loader/loader.hpp"
#include "runtime/error.hpp"
#include "semantics/check.hpp"
#include "semantics/fixpoint.hpp"
#include "semantics/types.hpp"
#include "values/numeric.hpp"

namespace onnxsem::conformance {
namespace {
namespace fs = std::filesystem;

// The campaign's random numbers: splitmix64, whose sequence the algorithm fixes (unlike the standard
// library's distributions), so that a seed gives the same models everywhere (GN5).
struct Rng {
  uint64_t s;
  uint64_t next() {
    const uint64_t out = splitmix64(s);
    s += 0x9e3779b97f4a7c15ULL;
    return out;
  }
  uint64_t below(uint64_t n) { return n == 0 ? 0 : next() % n; }
  bool percent(int p) { return static_cast<int>(below(100)) < p; }
};

bool generated_float(DType d) {
  return d == DType::float32 || d == DType::float64 || d == DType::float16 || d == DType::bfloat16;
}

// The IR version ONNX released with each ai.onnx opset (docs/Versioning.md): a model importing the opset
// declares at least this one.
int64_t ir_for_opset(int64_t opset) {
  if (opset <= 8) return 3;
  if (opset <= 11) return opset - 5;
  if (opset <= 14) return 7;
  if (opset <= 18) return 8;
  if (opset <= 20) return 9;
  if (opset <= 22) return 10;
  if (opset == 23) return 11;
  if (opset == 24) return 12;
  return 13;
}

// The type a generated model declares for a value: a tensor's exactly; a sequence's item element type from
// its first item (when it is empty: the test's declaration, else the sequence's element type); an
// optional's as the test declares it, else from its element type or what it holds; other kinds as the
// test declares them.
Type value_type(const Value& v, const Type& declared) {
  if (v.is_tensor()) return tensor_type_of(v.tensor());
  if (v.is_sequence() && !v.sequence().items.empty() && v.sequence().items.front().is_tensor()) {
    Type t;
    t.kind = Type::Kind::sequence;
    Type item;
    item.kind = Type::Kind::tensor;
    item.elem = v.sequence().items.front().tensor().dtype();
    t.inner = std::make_shared<const Type>(item);
    return t;
  }
  if (v.is_sequence() && declared.kind == Type::Kind::unknown && v.sequence().elem) {  // an empty sequence:
    Type t;                                                                            // its element type
    t.kind = Type::Kind::sequence;
    t.inner = v.sequence().elem;
    return t;
  }
  if (v.is_optional() && declared.kind == Type::Kind::unknown) {  // an optional: its declared element type,
    const OptionalValue& o = v.optional();                        // else that of what it holds
    Type t;
    t.kind = Type::Kind::optional;
    if (o.elem) t.inner = o.elem;
    else if (o.item) t.inner = std::make_shared<const Type>(value_type(*o.item, Type{}));
    if (t.inner && t.inner->kind != Type::Kind::unknown) return t;
  }
  return declared;
}

int64_t since_at(const OperatorTable& ops, const std::string& op, int64_t opset) {
  int64_t best = 0;
  for (int64_t v : ops.defined_versions("", op))
    if (v <= opset) best = v;
  return best;
}

// The limits of a trial: generated cases stay small and quick to run in every runtime.
EvalOptions trial_options() {
  EvalOptions o;
  o.max_tensor_bytes = int64_t{16} << 20;
  o.max_firing_work = int64_t{1} << 26;
  o.max_work = int64_t{1} << 28;
  return o;
}

constexpr int64_t max_output_elements = 1 << 16;

// The elements of a value made of tensors (a tensor, a sequence of them, an optional holding one or
// nothing); -1 for any other value.
int64_t elements_of(const Value& v) {
  if (v.is_tensor()) return v.tensor().size();
  if (v.is_sequence()) return v.sequence().items.tensor_elements();
  if (v.is_optional()) return v.optional().item ? elements_of(*v.optional().item) : 0;
  return -1;
}

// Evaluates one operation on the given inputs (by name: graph inputs, and initializers when `constant`);
// its outputs when onnxsem computes them without error and they are tensors of moderate size.
// The model of one operation: its fed inputs as graph inputs, its constants as initializers, its requested
// outputs as graph outputs.
Model trial_model(const Node& node, const std::vector<std::pair<ValueInfo, Value>>& fed,
                  const std::vector<std::pair<std::string, Tensor>>& constants, int64_t opset, int64_t ir_version) {
  Model m;
  m.ir_version = ir_version;
  m.opset_imports[""] = opset;
  m.graph.name = "trial";
  for (const auto& [vi, v] : fed) m.graph.inputs.push_back(vi);
  m.graph.initializers = constants;
  for (const auto& o : node.outputs)
    if (!o.empty()) m.graph.outputs.push_back(ValueInfo{o, Type{}});
  m.graph.nodes.push_back(node);
  return m;
}

bool passes_check(const Node& node, const std::vector<std::pair<ValueInfo, Value>>& fed,
                  const std::vector<std::pair<std::string, Tensor>>& constants, int64_t opset,
                  const OperatorTable& ops) {
  try {
    for (const auto& f : check(trial_model(node, fed, constants, opset, ir_for_opset(opset)), Profile::onnx, ops))
      if (f.severity == Finding::Severity::error) return false;
    return true;
  } catch (const Failure&) {
    return false;
  }
}

std::optional<std::vector<Value>> run_one(const Node& node, const std::vector<std::pair<ValueInfo, Value>>& fed,
                                          const std::vector<std::pair<std::string, Tensor>>& constants, int64_t opset,
                                          int64_t ir_version, const OperatorTable& ops) {
  const Model m = trial_model(node, fed, constants, opset, ir_version);
  std::map<std::string, Value> inputs;
  for (const auto& [vi, v] : fed) inputs.emplace(vi.name, v);
  try {
    const Outcome out = evaluate(m, inputs, ops, trial_options());
    if (!out.ok()) return std::nullopt;
    for (const auto& v : out.outputs) {
      const int64_t n = elements_of(v);
      if (n < 0 || n > max_output_elements) return std::nullopt;
    }
    return out.outputs;
  } catch (const Failure&) {
    return std::nullopt;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// [spec:GN3] a number for a generated input: k/8 with |k| <= 32, exact in every floating-point type generated; in
// targeted mode, one element in four is a special value (GN3).
double draw_number(Rng& r, bool targeted, DType d) {
  if (targeted && r.percent(25)) {
    const double lowest_sub = d == DType::float64    ? std::numeric_limits<double>::denorm_min()
                              : d == DType::float16  ? std::ldexp(1.0, -24)
                              : d == DType::bfloat16 ? std::ldexp(1.0, -133)
                                                     : static_cast<double>(std::numeric_limits<float>::denorm_min());
    const double big = d == DType::float64    ? std::numeric_limits<double>::max()
                       : d == DType::float16  ? 65504.0
                       : d == DType::bfloat16 ? std::ldexp(255.0 / 128.0, 127)
                                              : static_cast<double>(std::numeric_limits<float>::max());
    const double specials[] = {std::nan(""), INFINITY, -INFINITY, -0.0, 0.0, lowest_sub,
                               -lowest_sub,  big,      -big,      1.0,  -1.0};
    return specials[r.below(std::size(specials))];
  }
  return static_cast<double>(static_cast<int64_t>(r.below(65)) - 32) / 8.0;
}

Tensor random_tensor(EvalContext& cx, Rng& r, DType d, const Shape& shape, bool targeted) {
  auto fill = [&](auto tag, auto convert) {
    using T = decltype(tag);
    auto [t, data] = Tensor::allocate<T>(cx, shape);
    for (auto& x : data) x = convert(draw_number(r, targeted, d));
    return t;
  };
  switch (d) {
    case DType::float32: return fill(float{}, [](double x) { return static_cast<float>(x); });
    case DType::float64: return fill(double{}, [](double x) { return x; });
    case DType::float16: return fill(float16_t{}, [](double x) { return num::to_float16(x); });
    case DType::bfloat16: return fill(bfloat16_t{}, [](double x) { return num::to_bfloat16(x); });
    default: unsupported("GN3: no generator of values of element type " + std::to_string(static_cast<int>(d)));
  }
}

// The tensors of a configuration's inputs that keep the test's value: integers, booleans and strings
// (indices, shapes, axes, pads, counts: their values decide whether the call is valid), and the small
// tensors beyond the first input (scales, bounds, fill values).
bool keeps_value(const Value& v, size_t position) {
  if (!v.is_tensor()) return true;  // sequences, optionals: the test's value, as a graph input
  const Tensor& t = v.tensor();
  return !generated_float(t.dtype()) || (position > 0 && t.size() <= 4);
}

// [spec:GN1] the configuration of operation `n` of a test's model: each input's value (from `values`:
// the fed inputs, the initializers, and the values the test's evaluation gives the others), the type the
// model declares for it, which inputs keep their value (the initializers in `init`, and those keeps_value
// says), and the outputs the operation names with their declared types. None when an input has no value.
std::optional<NodeConfig> config_of(const Node& n, const Model& m, const std::map<std::string, Value>& values,
                                    const std::set<std::string>& init, const std::string& key) {
  std::map<std::string, Type> declared;
  for (const auto* list : {&m.graph.value_info, &m.graph.outputs, &m.graph.inputs})
    for (const auto& vi : *list) declared[vi.name] = vi.type;
  NodeConfig c;
  c.op_type = n.op_type;
  c.ir_version = m.ir_version;
  c.source = key;
  c.attributes = n.attributes;
  for (size_t k = 0; k < n.inputs.size(); ++k) {
    NodeConfig::Input in;
    if (!n.inputs[k].empty()) {
      auto it = values.find(n.inputs[k]);
      if (it == values.end()) return std::nullopt;
      in.present = true;
      in.value = it->second;
      in.declared = declared.count(n.inputs[k]) ? declared.at(n.inputs[k]) : value_type(it->second, Type{});
      in.constant = it->second.is_tensor() &&
                    (init.count(n.inputs[k]) > 0 || (keeps_value(it->second, k) && it->second.tensor().size() <= 64));
    }
    c.inputs.push_back(std::move(in));
  }
  for (const auto& o : n.outputs) {
    c.outputs.push_back(!o.empty());
    c.output_types.push_back(!o.empty() && declared.count(o) ? declared.at(o) : Type{});
  }
  return c;
}

bool single_opset(const Model& m) {
  return m.functions.empty() && m.opset_imports.size() == 1 && m.opset_imports.count("");
}

bool configurable(const Node& n, const OperatorTable& ops) {
  return n.domain.empty() && !ops.nondeterministic("", n.op_type);
}

// The values a test gives its model's names before evaluation: each initializer's (in `init` too, as a
// value kept, unless `defaults_fed` and a graph input of that name makes it the input's value), and the
// fed inputs' values from the data set `ds` (the values of a data set holding more inputs than the graph
// feeds: none).
std::optional<std::map<std::string, Value>> given_values(const Model& m, const DataSet* ds, bool defaults_fed,
                                                         std::set<std::string>& init) {
  std::map<std::string, Value> values;
  for (const auto& [name, tensor] : m.graph.initializers) {
    values[name] = Value(tensor);
    const std::string& n = name;  // clang 14 cannot capture a structured binding in a lambda
    if (!defaults_fed ||
        std::none_of(m.graph.inputs.begin(), m.graph.inputs.end(), [&n](const ValueInfo& vi) { return vi.name == n; }))
      init.insert(name);
  }
  if (!ds) return values;
  const auto fed = fed_inputs(m.graph);
  if (ds->inputs.size() > fed.size()) return std::nullopt;
  for (size_t k = 0; k < ds->inputs.size(); ++k) values[fed[k]->name] = read_value_file(ds->inputs[k], fed[k]->type);
  return values;
}

}  // namespace

// [spec:GN1] an operator whose version at the opset ONNX marks deprecated is not defined there.
bool deprecated_at(const OperatorTable& ops, const std::string& op, int64_t opset) {
  const int64_t v = since_at(ops, op, opset);
  const Signature* sig = v ? ops.signature("", op, v) : nullptr;
  return sig && sig->deprecated;
}

ConfigSet read_configs(const std::vector<std::string>& suites, int64_t opset, const OperatorTable& ops, bool builtin) {
  ConfigSet cs;
  cs.suites = suites;
  struct Raw {
    NodeConfig c;
    int64_t test_opset;
  };
  std::vector<Raw> raws;
  std::vector<TestCase> others;  // tests of several operations: read for the operators left without a configuration
  for (const auto& suite : suites) {
    for (auto& t : discover(suite)) {
      if (t.model_path.empty() || t.sets.empty() || t.generated_input) continue;
      if (t.key.rfind("node/", 0) != 0) {
        others.push_back(std::move(t));
        continue;
      }
      try {
        const Model m = load_model_file(t.model_path);
        if (m.graph.nodes.size() != 1) {
          others.push_back(std::move(t));
          continue;
        }
        ++cs.tests_read;
        if (!single_opset(m) || !configurable(m.graph.nodes[0], ops)) continue;
        std::set<std::string> init;
        const auto by_name = given_values(m, &t.sets[0], false, init);
        if (!by_name) continue;
        if (auto c = config_of(m.graph.nodes[0], m, *by_name, init, t.key))
          raws.push_back(Raw{std::move(*c), m.opset_imports.at("")});
      } catch (const Failure&) {
        continue;  // a test onnxsem cannot read or refuses gives no configuration
      }
    }
  }
  if (opset == 0)
    for (const auto& r : raws) opset = std::max(opset, r.test_opset);
  cs.opset = opset;
  // The built-in calls (conformance/configs.cpp): a graph input with an initializer of its name is fed
  // that value; the other initializers keep theirs.
  for (const auto& text : builtin ? builtin_config_texts() : std::vector<std::string_view>{}) {
    const Model m = load_model_text(std::string(text));
    std::set<std::string> init;
    const auto by_name = given_values(m, nullptr, true, init);
    ++cs.builtin_read;
    if (auto c = config_of(m.graph.nodes.at(0), m, *by_name, init, "builtin/" + m.graph.name))
      raws.push_back(Raw{std::move(*c), m.opset_imports.at("")});
  }
  // [spec:GN1] a configuration is kept when onnxsem evaluates the call, with the operator's version at the
  // campaign's opset, on the test's inputs without error; when that version is not the one the
  // test calls, the call must also pass check at the campaign's opset (a later version may have dropped an
  // attribute the kernel would ignore).
  auto keep = [&](Raw& r) {
    const int64_t tested = since_at(ops, r.c.op_type, r.test_opset);
    const int64_t since = since_at(ops, r.c.op_type, opset);
    // (If, Loop, Scan, SequenceMap have no kernel: semantics/ runs them)
    if (tested == 0 || since == 0 || deprecated_at(ops, r.c.op_type, opset)) return;
    Node node;
    node.op_type = r.c.op_type;
    node.attributes = r.c.attributes;
    std::vector<std::pair<ValueInfo, Value>> fed;
    std::vector<std::pair<std::string, Tensor>> constants;
    for (size_t k = 0; k < r.c.inputs.size(); ++k) {
      const auto& in = r.c.inputs[k];
      if (!in.present) {
        node.inputs.push_back("");
        continue;
      }
      node.inputs.push_back("i" + std::to_string(k));
      if (in.constant) constants.emplace_back(node.inputs.back(), in.value.tensor());
      else fed.emplace_back(ValueInfo{node.inputs.back(), value_type(in.value, in.declared)}, in.value);
    }
    for (size_t k = 0; k < r.c.outputs.size(); ++k)
      node.outputs.push_back(r.c.outputs[k] ? "o" + std::to_string(k) : "");
    if (!run_one(node, fed, constants, opset, std::max<int64_t>(r.c.ir_version, 3), ops)) return;
    if (since != tested && !passes_check(node, fed, constants, opset, ops)) return;
    r.c.since_version = since;
    cs.by_op[r.c.op_type].push_back(cs.configs.size());
    cs.configs.push_back(std::move(r.c));
  };
  for (auto& r : raws) keep(r);
  // [spec:GN1] an operator still without a configuration takes one from each top-level operation of it in
  // the suites' other tests (of several operations, or not node tests), at most four, whose inputs' values
  // are those onnxsem's evaluation of the test on its first data set gives.
  const std::set<std::string> from_single = [&] {
    std::set<std::string> s;
    for (const auto& [op, list] : cs.by_op) s.insert(op);
    return s;
  }();
  std::map<std::string, int> taken;  // operator -> configurations taken from other tests
  auto still_wanted = [&](const Node& n) {
    return configurable(n, ops) && !from_single.count(n.op_type) && taken[n.op_type] < 4;
  };
  for (const auto& t : others) {
    try {
      const Model m = load_model_file(t.model_path);
      if (!single_opset(m) || std::none_of(m.graph.nodes.begin(), m.graph.nodes.end(), still_wanted)) continue;
      ++cs.multi_read;
      // Every value of the graph: the test's model with each operation output made a graph output.
      Model exposed = m;
      exposed.graph.outputs.clear();
      for (const auto& n : m.graph.nodes)
        for (const auto& o : n.outputs)
          if (!o.empty()) exposed.graph.outputs.push_back(ValueInfo{o, Type{}});
      std::set<std::string> init;
      auto by_name = given_values(m, &t.sets[0], false, init);
      if (!by_name) continue;
      std::map<std::string, Value> fed;  // what the evaluation is given: the names that are not initializers
      for (const auto& [name, v] : *by_name)
        if (!init.count(name)) fed.emplace(name, v);
      const Outcome out = evaluate(exposed, fed, ops, trial_options());
      if (!out.ok()) continue;
      for (size_t k = 0; k < out.outputs.size(); ++k) (*by_name)[exposed.graph.outputs[k].name] = out.outputs[k];
      for (const auto& n : m.graph.nodes) {
        if (!still_wanted(n)) continue;
        if (auto c = config_of(n, m, *by_name, init, t.key)) {
          Raw r{std::move(*c), m.opset_imports.at("")};
          const size_t before = cs.configs.size();
          keep(r);
          if (cs.configs.size() > before) ++taken[n.op_type];
        }
      }
    } catch (const Failure&) {
      continue;
    }
  }
  return cs;
}

GeneratedCase generate_case(const ConfigSet& cs, const GenerateOptions& o, uint64_t index, const OperatorTable& ops) {
  // The case's random inputs are made under the default limits; each evaluation of it has its own context.
  EvalContext cx;
  GeneratedCase g;
  g.name = "gen-" + std::to_string(o.seed) + "-" + std::to_string(index);
  Rng seed_rng{o.seed};
  Rng r{seed_rng.next() ^ (index * 0xd1342543de82ef95ULL)};
  (void)r.next();
  std::vector<std::string> candidates;
  for (const auto& [op, list] : cs.by_op)
    if (o.ops.empty() || o.ops.count(op)) candidates.push_back(op);
  Model& m = g.model;
  m.ir_version = ir_for_opset(cs.opset);
  m.opset_imports[""] = cs.opset;
  m.producer_name = "onnxsem generate";
  m.graph.name = g.name;
  if (candidates.empty()) return g;

  struct Pooled {
    std::string name;
    Value value;
  };
  std::vector<Pooled> pool;         // every tensor the model has so far: inputs and operation outputs
  std::set<std::string> read;       // names some operation reads
  std::vector<ValueInfo> produced;  // operation outputs in order, with their types
  const size_t target = o.min_ops + r.below(o.max_ops - o.min_ops + 1);
  while (m.graph.nodes.size() < target && g.attempts < 8 * target) {
    ++g.attempts;
    const std::string& op = candidates[r.below(candidates.size())];
    const auto& list = cs.by_op.at(op);
    const NodeConfig& c = cs.configs[list[r.below(list.size())]];
    // [spec:GN2] the element type of the free floating-point inputs may be redrawn among the floating-point
    // types the operator's type constraint allows (all inputs of one type variable together).
    std::map<std::string, DType> rebound;  // type variable -> new element type
    const Signature* sig = ops.signature("", op, c.since_version);
    // A configuration with a subgraph (If, Loop, Scan, SequenceMap) keeps its types and shapes: the body
    // declares them.
    const bool has_body = std::any_of(c.attributes.begin(), c.attributes.end(), [](const Attribute& a) {
      return a.type == AttrType::g || a.type == AttrType::graphs;
    });
    if (sig && !has_body && r.percent(30)) {
      for (size_t k = 0; k < c.inputs.size(); ++k) {
        const Formal* f = sig->input_formal(k);
        const TypeVar* var = f ? sig->var(f->type) : nullptr;
        if (!var || rebound.count(var->name) || !c.inputs[k].present) continue;
        bool all_free_float = true;
        for (size_t j = 0; j < c.inputs.size(); ++j) {
          const Formal* fj = sig->input_formal(j);
          if (fj && fj->type == var->name && c.inputs[j].present &&
              (c.inputs[j].constant || keeps_value(c.inputs[j].value, j)))
            all_free_float = false;
        }
        std::vector<DType> floats;
        for (const auto& t : var->allowed)
          if (t.kind == Type::Kind::tensor && generated_float(t.elem)) floats.push_back(t.elem);
        if (all_free_float && !floats.empty()) rebound[var->name] = floats[r.below(floats.size())];
      }
    }
    Node node;
    node.name = "n" + std::to_string(m.graph.nodes.size());
    node.op_type = op;
    node.attributes = c.attributes;
    std::vector<std::pair<ValueInfo, Value>> fed;
    std::vector<std::pair<std::string, Tensor>> constants;
    std::vector<ValueInfo> new_inputs;
    std::vector<Value> new_values;
    auto dtype_of_input = [&](size_t k) {
      const Formal* f = sig ? sig->input_formal(k) : nullptr;
      return f && rebound.count(f->type) ? rebound.at(f->type) : c.inputs[k].value.tensor().dtype();
    };
    auto free_float = [&](size_t k) {
      return c.inputs[k].present && !c.inputs[k].constant && !keeps_value(c.inputs[k].value, k);
    };
    // [spec:GN2] the shape of the first free input may be replaced by that of a tensor of the model of its
    // element type, with every free input of the same shape (an elementwise operation's other operands):
    // the operation then reads an earlier one's output and the graph grows in depth. Whether the operator
    // accepts the new shape is for the trial evaluation to say.
    std::optional<Shape> old_shape, new_shape;
    std::optional<size_t> anchor;
    for (size_t k = 0; k < c.inputs.size() && !old_shape; ++k)
      if (free_float(k) && !has_body && r.percent(60)) {
        std::vector<size_t> same_type;
        for (size_t p = 0; p < pool.size(); ++p)
          if (pool[p].value.tensor().dtype() == dtype_of_input(k)) same_type.push_back(p);
        if (same_type.empty()) break;
        anchor = same_type[r.below(same_type.size())];
        old_shape = c.inputs[k].value.tensor().shape();
        new_shape = pool[*anchor].value.tensor().shape();
      } else if (free_float(k)) {
        break;
      }
    bool anchor_used = false;
    for (size_t k = 0; k < c.inputs.size(); ++k) {
      const auto& in = c.inputs[k];
      if (!in.present) {
        node.inputs.push_back("");
        continue;
      }
      if (free_float(k) && anchor && !anchor_used) {
        anchor_used = true;
        const auto& p = pool[*anchor];
        node.inputs.push_back(p.name);
        fed.emplace_back(ValueInfo{p.name, tensor_type_of(p.value.tensor())}, p.value);
        continue;
      }
      if (!in.value.is_tensor()) {  // a sequence or an optional: the test's value, as a new graph input
        const std::string name = "x" + std::to_string(m.graph.inputs.size() + new_inputs.size());
        new_inputs.push_back(ValueInfo{name, value_type(in.value, in.declared)});
        new_values.push_back(in.value);
        node.inputs.push_back(name);
        fed.emplace_back(new_inputs.back(), in.value);
        continue;
      }
      const Tensor& t = in.value.tensor();
      const Shape shape = free_float(k) && old_shape && t.shape() == *old_shape ? *new_shape : t.shape();
      if (in.constant) {
        const std::string name = "c" + std::to_string(m.graph.initializers.size() + constants.size());
        constants.emplace_back(name, t);
        node.inputs.push_back(name);
        continue;
      }
      const DType d = dtype_of_input(k);
      if (!keeps_value(in.value, k)) {
        // [spec:GN2] a free input reads a tensor of the model of its type and shape when there is one (an
        // operation's output, most often), else a new graph input.
        std::vector<size_t> fits;
        for (size_t p = 0; p < pool.size(); ++p)
          if (pool[p].value.tensor().dtype() == d && pool[p].value.tensor().shape() == shape) fits.push_back(p);
        if (!fits.empty() && r.percent(80)) {
          const auto& p = pool[fits[r.below(fits.size())]];
          node.inputs.push_back(p.name);
          fed.emplace_back(ValueInfo{p.name, tensor_type_of(p.value.tensor())}, p.value);
          continue;
        }
      }
      const std::string name = "x" + std::to_string(m.graph.inputs.size() + new_inputs.size());
      const Value v = keeps_value(in.value, k) ? in.value : Value(random_tensor(cx, r, d, shape, o.targeted));
      new_inputs.push_back(ValueInfo{name, tensor_type_of(v.tensor())});
      new_values.push_back(v);
      node.inputs.push_back(name);
      fed.emplace_back(new_inputs.back(), v);
    }
    for (size_t k = 0; k < c.outputs.size(); ++k)
      node.outputs.push_back(c.outputs[k] ? "t" + std::to_string(m.graph.nodes.size()) + "_" + std::to_string(k) : "");
    // [spec:GN2] the operation is kept when onnxsem evaluates it on these inputs without error.
    auto outs = run_one(node, fed, constants, cs.opset, std::max<int64_t>(c.ir_version, 3), ops);
    if (!outs) {
      ++g.discarded;
      continue;
    }
    m.ir_version = std::max(m.ir_version, c.ir_version);
    for (size_t k = 0; k < new_inputs.size(); ++k) {
      m.graph.inputs.push_back(new_inputs[k]);
      g.inputs.push_back(new_values[k]);
      if (new_values[k].is_tensor()) pool.push_back(Pooled{new_inputs[k].name, new_values[k]});
    }
    for (auto& c2 : constants) m.graph.initializers.push_back(std::move(c2));
    for (const auto& i : node.inputs) read.insert(i);
    size_t k = 0;
    for (size_t pos = 0; pos < node.outputs.size(); ++pos) {
      const std::string& out = node.outputs[pos];
      if (out.empty()) continue;
      const Value& v = (*outs)[k++];
      if (v.is_tensor()) pool.push_back(Pooled{out, v});  // only tensors are read by later operations
      produced.push_back(ValueInfo{out, value_type(v, pos < c.output_types.size() ? c.output_types[pos] : Type{})});
    }
    g.ops.push_back(op);
    m.graph.nodes.push_back(std::move(node));
  }
  // [spec:GN2] the graph's outputs: every operation output that no operation reads.
  for (const auto& vi : produced)
    if (!read.count(vi.name)) m.graph.outputs.push_back(vi);
  std::map<std::string, Value> inputs;
  for (size_t k = 0; k < m.graph.inputs.size(); ++k) inputs.emplace(m.graph.inputs[k].name, g.inputs[k]);
  // [spec:GN4] the finished model must pass check, and its evaluation gives the outputs.
  for (const auto& f : check(m, Profile::onnx, ops))
    if (f.severity == Finding::Severity::error) g.refusals.push_back(f.describe());
  const Outcome out = evaluate(m, inputs, ops, trial_options());
  if (!out.ok()) g.refusals.push_back("the finished model does not evaluate: " + out.error->describe());
  else g.outputs = out.outputs;
  return g;
}

void write_case(const GeneratedCase& c, const std::string& dir) {
  const fs::path d = fs::path(dir) / c.name;
  fs::create_directories(d / "test_data_set_0");
  write_model_file((d / "model.onnx").string(), c.model);
  for (size_t k = 0; k < c.inputs.size(); ++k)
    write_value_file((d / "test_data_set_0" / ("input_" + std::to_string(k) + ".pb")).string(), c.inputs[k]);
  for (size_t k = 0; k < c.outputs.size(); ++k)
    write_value_file((d / "test_data_set_0" / ("output_" + std::to_string(k) + ".pb")).string(), c.outputs[k]);
}

}  // namespace onnxsem::conformance

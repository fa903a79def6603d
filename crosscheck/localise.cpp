// Localisation (spec/conformance.md, XC10-XC11): every operation of a case judged alone against the bound of
// its accuracy clause (spec/accuracy.md, AC1-AC7).
#include "crosscheck/localise.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <set>
#include <sstream>
#include <utility>

#include "conformance/accuracy.hpp"
#include "crosscheck/judge.hpp"
#include "ops/common/attrs.hpp"
#include "ops/common/broadcast.hpp"
#include "runtime/error.hpp"
#include "semantics/fixpoint.hpp"
#include "semantics/types.hpp"
#include "values/dispatch.hpp"
#include "values/numeric.hpp"
#include "values/signature.hpp"

namespace onnxsem::crosscheck {

namespace {

namespace hana = boost::hana;
namespace acc = conformance;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

Type element_type_of(const Value& v) { return make_tensor_type(v.tensor().dtype()); }

// The elements of a floating-point tensor as doubles (exactly, N1).
std::vector<double> as_doubles(const Tensor& t) {
  std::vector<double> out(static_cast<size_t>(t.size()));
  dispatch(t.dtype(), float_types, "localise", [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto d = t.data<T>();
    for (size_t i = 0; i < d.size(); ++i) out[i] = num::to_double(d[i]);
  });
  return out;
}

// How an input is widened to float64: as it is (the reference, AC1), or for AC4's magnitude as its absolute
// values raised to at least 2^e_min of its type, each replaced by the largest of them when `global`.
enum class Widen { value, magnitude, global_magnitude };

Tensor widened(const Tensor& t, Widen how) {
  std::vector<double> d = as_doubles(t);
  if (how != Widen::value) {
    const auto f = acc::float_format(t.dtype());
    const double floor = f ? std::ldexp(1.0, f->min_exponent) : 0.0;
    double largest = floor;
    for (double& x : d) largest = std::max(largest, x = std::max(std::fabs(x), floor));
    if (how == Widen::global_magnitude) std::fill(d.begin(), d.end(), largest);
  }
  return Tensor::from_vector<double>(EvalContext{}, t.shape(), d);
}

// [spec:XC11] the inputs of an operation that are widened to float64 for its reference value: the floating-point
// inputs whose type variable allows tensor(double). Empty when the signature does not allow it for any.
std::vector<bool> widenable_inputs(const OperatorTable& ops, const Model& m, const Node& node,
                                   const std::map<std::string, Value>& inputs) {
  std::vector<bool> widen(node.inputs.size(), false);
  const Resolved res = resolve(ops, m.opset_imports, node);
  const Signature* sig = res.error ? nullptr : ops.signature(node.domain, node.op_type, res.since_version);
  if (!sig || sig->inputs.empty()) return {};
  const Type dbl = make_tensor_type(DType::float64);
  bool any = false;
  for (size_t i = 0; i < node.inputs.size(); ++i) {
    if (node.inputs[i].empty()) continue;
    const auto it = inputs.find(node.inputs[i]);
    if (it == inputs.end() || !it->second.is_tensor() || !is_float(it->second.tensor().dtype())) continue;
    const DType dt = it->second.tensor().dtype();
    if (dt != DType::float16 && dt != DType::bfloat16 && dt != DType::float32 && dt != DType::float64) continue;
    const Formal& f = sig->inputs[std::min(i, sig->inputs.size() - 1)];
    for (const auto& tv : sig->type_vars)
      if (tv.name == f.type)
        for (const auto& t : tv.allowed)
          if (t.kind == Type::Kind::tensor && t.elem == DType::float64) widen[i] = any = true;
  }
  if (!any) return {};
  return widen;
}

// One operation evaluated alone; its outputs by name, or the error.
struct NodeRun {
  std::map<std::string, Value> outputs;
  std::optional<Error> error;
};
NodeRun run_node(const NodeModel& nm, const OperatorTable& ops, int64_t max_bytes) {
  NodeRun r;
  try {
    EvalOptions eo;
    eo.max_tensor_bytes = max_bytes;
    const onnxsem::Outcome out = evaluate(nm.model, nm.inputs, ops, eo);
    if (!out.ok()) {
      r.error = *out.error;
      return r;
    }
    for (size_t k = 0; k < nm.model.graph.outputs.size() && k < out.outputs.size(); ++k)
      r.outputs.emplace(nm.model.graph.outputs[k].name, out.outputs[k]);
  } catch (const Failure& f) {
    r.error = f.error();
  }
  return r;
}

// [spec:AC4] the one-operation model with its widened inputs: for the magnitude, absolute values (a
// convolution's X at its largest everywhere) and |alpha|, |beta| for a Gemm.
NodeModel widened_model(const NodeModel& nm, const std::vector<bool>& widen, bool absolute) {
  NodeModel w = nm;
  Node& node = w.model.graph.nodes.front();
  const bool convolution = node.op_type == "Conv" || node.op_type == "ConvTranspose";
  for (size_t i = 0; i < node.inputs.size(); ++i) {
    if (i >= widen.size() || !widen[i]) continue;
    const std::string& name = node.inputs[i];
    if (std::count(node.inputs.begin(), node.inputs.begin() + static_cast<std::ptrdiff_t>(i), name))
      continue;  // widened already, under its first position
    for (auto& vi : w.model.graph.inputs)
      if (vi.name == name) vi.type = make_tensor_type(DType::float64);
    const Widen how = !absolute ? Widen::value : convolution && i == 0 ? Widen::global_magnitude : Widen::magnitude;
    auto it = w.inputs.find(name);
    if (it != w.inputs.end()) it->second = Value(widened(it->second.tensor(), how));
  }
  for (auto& vo : w.model.graph.outputs) vo.type = Type{};
  if (absolute)
    for (auto& a : node.attributes)
      if ((a.name == "alpha" || a.name == "beta") && a.type == AttrType::f) a.f = std::fabs(a.f);
  return w;
}

// The shape of a tensor input of a node, when its value is known.
const Tensor* input_tensor(const Node& node, size_t i, const std::map<std::string, Value>& inputs) {
  if (i >= node.inputs.size() || node.inputs[i].empty()) return nullptr;
  const auto it = inputs.find(node.inputs[i]);
  return it != inputs.end() && it->second.is_tensor() ? &it->second.tensor() : nullptr;
}

// The number of elements of dimensions [from, to) of `s`.
int64_t product(const Shape& s, size_t from, size_t to) {
  to = std::min(to, s.size());
  return from >= to ? 1
                    : element_count(Shape(s.begin() + static_cast<std::ptrdiff_t>(from),
                                          s.begin() + static_cast<std::ptrdiff_t>(to)));
}

// [spec:AC4] K, the number of terms of one output element of a sum of products, from the node's inputs and
// its output's size.
int64_t terms_of(const Node& node, const std::map<std::string, Value>& inputs, int64_t output_elements) {
  const Tensor* a = input_tensor(node, 0, inputs);
  const Tensor* b = input_tensor(node, 1, inputs);
  const bool has_c = input_tensor(node, 2, inputs) != nullptr;
  const std::string& op = node.op_type;
  auto int_attr = [&](const char* name, int64_t dflt) {
    const Attribute* at = node.attr(name);
    return at && at->type == AttrType::i ? at->i : dflt;
  };
  if (op == "MatMul" && a) return a->rank() == 0 ? 1 : a->shape().back();
  if (op == "Gemm" && a && a->rank() == 2) return a->dim(int_attr("transA", 0) ? 0 : 1) + (has_c ? 1 : 0);
  if ((op == "Conv" || op == "ConvTranspose") && b && b->rank() >= 2) {
    const int64_t group = std::max<int64_t>(int_attr("group", 1), 1);
    const int64_t kernel = product(b->shape(), 2, b->shape().size());
    const int64_t channels = op == "Conv" ? b->dim(1) : b->dim(0) / group;
    return channels * kernel + (has_c ? 1 : 0);
  }
  if (op == "AveragePool" || op == "GlobalAveragePool") {
    if (const Attribute* k = node.attr("kernel_shape"); k && k->type == AttrType::ints) {
      int64_t p = 1;
      for (int64_t d : k->ints) p *= d;
      return p + 1;
    }
    return a ? product(a->shape(), 2, a->shape().size()) + 1 : 1;
  }
  if (op == "Sum" || op == "Mean") {
    int64_t n = 0;
    for (const auto& in : node.inputs) n += in.empty() ? 0 : 1;
    return n + (op == "Mean" ? 1 : 0);
  }
  if ((op == "ReduceSum" || op == "ReduceMean" || op == "ReduceSumSquare" || op == "ReduceL1") && a)
    return std::max<int64_t>(a->size() / std::max<int64_t>(output_elements, 1), 1) + (op == "ReduceMean" ? 1 : 0);
  if (op == "Einsum") {
    // The product of the sizes of the letters that the output does not keep.
    const Attribute* eq = node.attr("equation");
    if (!eq || eq->type != AttrType::s) return 1;
    std::string e;
    for (char ch : eq->s)
      if (ch != ' ') e += ch;
    const auto arrow = e.find("->");
    const std::string lhs = e.substr(0, arrow);
    std::map<char, int64_t> size;
    std::map<char, int> seen;
    size_t term = 0, pos = 0;
    std::stringstream terms(lhs);
    std::string t;
    while (std::getline(terms, t, ',')) {
      const Tensor* x = input_tensor(node, term++, inputs);
      if (!x) return 1;
      const size_t dots = t.find("...");
      const std::string letters = dots == std::string::npos ? t : t.substr(0, dots) + t.substr(dots + 3);
      const size_t ellipsis_dims = static_cast<size_t>(x->rank()) - std::min<size_t>(letters.size(), x->rank());
      pos = 0;
      for (size_t c = 0; c < t.size(); ++c) {
        if (t.compare(c, 3, "...") == 0) {
          pos += ellipsis_dims;
          c += 2;
          continue;
        }
        if (pos < static_cast<size_t>(x->rank())) size[t[c]] = std::max(size[t[c]], x->dim(static_cast<int64_t>(pos)));
        ++seen[t[c]];
        ++pos;
      }
    }
    std::set<char> kept;
    if (arrow != std::string::npos) {
      for (char ch : e.substr(arrow + 2)) kept.insert(ch);
    } else {
      for (const auto& [ch, n] : seen)
        if (n == 1) kept.insert(ch);
    }
    int64_t k = 1;
    for (const auto& [ch, n] : size)
      if (!kept.count(ch)) k *= n;
    return k;
  }
  return 1;
}

// [spec:AC6] BatchNormalization in inference mode, as onnxsem evaluates it alone on `inputs`: version 14's
// training_mode 0 (or absent), version 6's and 1's is_test 1, spatial 1 (versions 1 to 7), one output, and X of
// rank 2 or more with scale, B, mean and var of one element per channel. Otherwise AC7: K1 judges.
bool batch_normalization_bounded(const Node& node, int64_t since, const std::map<std::string, Value>& inputs) {
  if (ops::attr_int(node, "training_mode", 0) != 0 || (since < 7 && ops::attr_int(node, "is_test", 0) != 1) ||
      (since <= 7 && ops::attr_int(node, "spatial", 1) != 1))
    return false;
  if (std::count_if(node.outputs.begin(), node.outputs.end(), [](const std::string& o) { return !o.empty(); }) != 1)
    return false;
  const Tensor* x = input_tensor(node, 0, inputs);
  if (!x || x->rank() < 2) return false;
  for (size_t k = 1; k <= 4; ++k) {
    const Tensor* t = input_tensor(node, k, inputs);
    if (!t || t->rank() != 1 || t->dim(0) != x->dim(1) || !is_float(t->dtype())) return false;
  }
  return true;
}

// [spec:AC6] the allowed error of each output element of ReduceL2, LpNormalization, RMSNormalization, Softmax or
// LogSoftmax (version `since`), from the input x and the reference values `r`; of BatchNormalization in inference
// mode, from its five inputs.
std::vector<double> composition_bounds(const Node& node, int64_t since, acc::FloatFormat f,
                                       const std::map<std::string, Value>& inputs, const std::vector<double>& r) {
  std::vector<double> bounds(r.size(), 0.0);
  const Tensor* x = input_tensor(node, 0, inputs);
  if (!x || !is_float(x->dtype()) || r.empty()) return bounds;
  const std::vector<double> xs = as_doubles(*x);
  if (node.op_type == "BatchNormalization") {
    if (xs.size() != r.size()) return bounds;
    std::array<std::vector<double>, 4> stats;  // scale, B, mean, var: one element per channel
    for (size_t k = 0; k < 4; ++k) stats[k] = as_doubles(*input_tensor(node, k + 1, inputs));
    const double epsilon = ops::attr_float(node, "epsilon", 1e-5f);
    const int64_t channels = x->dim(1), inner = product(x->shape(), 2, x->shape().size());
    for (size_t e = 0; e < r.size(); ++e) {
      const auto c = static_cast<size_t>((static_cast<int64_t>(e) / inner) % channels);
      bounds[e] = acc::batch_normalization_bound(f, xs[e], stats[0][c], stats[1][c], stats[2][c], stats[3][c], epsilon);
    }
    return bounds;
  }
  if (node.op_type == "ReduceL2") {
    const int64_t terms = std::max<int64_t>(static_cast<int64_t>(xs.size() / r.size()), 1);
    for (size_t e = 0; e < r.size(); ++e) bounds[e] = acc::root_of_squares_bound(f, r[e], terms);
    return bounds;
  }
  if (acc::elementwise_composition(node.op_type)) {
    if (xs.size() != r.size()) return bounds;
    // The elementwise compositions: alpha and beta as the operator names them (Selu's gamma as beta); an
    // element without a bound is NaN, which K1 judges.
    const std::string& op = node.op_type;
    const double alpha = ops::attr_float(node, "alpha",
                                         op == "HardSigmoid" ? 0.2f
                                         : op == "Selu"      ? 1.67326319217681884765625f
                                                             : 1.0f);
    const double beta = ops::attr_float(node, op == "Selu" ? "gamma" : "beta",
                                        op == "Selu" ? 1.05070102214813232421875f : 0.5f);
    const bool tanh_form = ops::attr_string(node, "approximate", "none") == "tanh";
    for (size_t e = 0; e < r.size(); ++e)
      bounds[e] = (op == "Gelu" ? acc::gelu_bound(f, xs[e], r[e], tanh_form)
                                : acc::elementwise_composition_bound(op, f, xs[e], r[e], alpha, beta))
                      .value_or(std::nan(""));
    return bounds;
  }
  if (node.op_type == "LpNormalization" || node.op_type == "RMSNormalization") {
    // The line along `axis` (LpNormalization), the axes from `axis` on (RMSNormalization); axis -1 by default.
    int64_t axis = ops::attr_int(node, "axis", -1);
    if (axis < 0) axis += x->rank();
    if (axis < 0 || axis >= x->rank() || xs.size() != r.size()) return bounds;
    const auto a = static_cast<size_t>(axis);
    const bool lp = node.op_type == "LpNormalization";
    const int64_t terms = lp ? x->dim(axis) : product(x->shape(), a, x->shape().size());
    const int64_t p = ops::attr_int(node, "p", 2);
    for (size_t e = 0; e < r.size(); ++e)
      bounds[e] = lp ? acc::lp_normalization_bound(f, r[e], terms, p) : acc::rms_normalization_bound(f, r[e], terms);
    return bounds;
  }
  if (xs.size() != r.size() || x->rank() == 0) return bounds;
  // The rows: along `axis` from version 13 (default -1); before, the dimensions from `axis` (default 1) on,
  // flattened into one.
  const Attribute* at = node.attr("axis");
  const int64_t rank = x->rank();
  int64_t axis = at && at->type == AttrType::i ? at->i : (since >= 13 ? -1 : 1);
  if (axis < 0) axis += rank;
  if (axis < 0 || axis >= rank) return bounds;
  const Shape& shape = x->shape();
  const auto a = static_cast<size_t>(axis);
  const int64_t outer = product(shape, 0, a);
  const int64_t length = since >= 13 ? shape[a] : product(shape, a, shape.size());
  const int64_t inner = since >= 13 ? product(shape, a + 1, shape.size()) : 1;
  const bool log = node.op_type == "LogSoftmax";
  std::vector<double> row_x(static_cast<size_t>(length)), row_r(static_cast<size_t>(length));
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      auto at_j = [&](int64_t j) { return static_cast<size_t>((o * length + j) * inner + i); };
      for (int64_t j = 0; j < length; ++j) {
        row_x[static_cast<size_t>(j)] = xs[at_j(j)];
        row_r[static_cast<size_t>(j)] = r[at_j(j)];
      }
      const std::vector<double> row = acc::softmax_bounds(f, log, row_x, row_r);
      for (int64_t j = 0; j < length; ++j) bounds[at_j(j)] = row[static_cast<size_t>(j)];
    }
  return bounds;
}

// The elements of an input of shape `in` as numpy's broadcasting gives them to each element of `out` (B1).
std::vector<double> broadcast_to(const std::vector<double>& v, const Shape& in, const Shape& out) {
  std::vector<double> b;
  b.reserve(static_cast<size_t>(element_count(out)));
  const std::array<std::vector<int64_t>, 1> strides{ops::broadcast_strides(in, out)};
  ops::for_each_broadcast_rows<1>(out, strides, 0, ops::broadcast_rows(out), [&](const std::array<int64_t, 1>& at) {
    b.push_back(v[static_cast<size_t>(at[0])]);
  });
  return b;
}

// What the elements of one output come to.
struct OutputJudgement {
  NodeVerdict verdict = NodeVerdict::in_bound;
  double max_ulp = 0;
  std::optional<double> bound_units;
  std::string detail;
};

std::string element_text(int64_t i, double v, double r) {
  return "element " + std::to_string(i) + ": runtime " + number_text(v) + ", reference " + number_text(r);
}

NodeVerdict worse(NodeVerdict a, NodeVerdict b) {
  auto rank = [](NodeVerdict v) {
    switch (v) {
      case NodeVerdict::out_of_bound: return 4;
      case NodeVerdict::out_of_tolerance: return 3;
      case NodeVerdict::not_comparable: return 2;
      case NodeVerdict::in_tolerance: return 1;
      case NodeVerdict::in_bound: return 0;
    }
    return 0;
  };
  return rank(a) >= rank(b) ? a : b;
}

// [spec:XC11] an output judged bit for bit against onnxsem's value (AC2; other element types).
OutputJudgement judge_exact(const Tensor& spec, const Tensor& rt, const std::string& name) {
  OutputJudgement o;
  const Difference d = measure(spec, rt, conformance::Tolerance{0, 0});
  o.max_ulp = d.max_ulp;
  o.bound_units = d.max_ulp == 0 ? 0.0 : kInfinity;
  if (d.max_ulp > 0) {
    o.verdict = NodeVerdict::out_of_bound;
    // measure() with no tolerance names the first element whose value differs.
    o.detail = "'" + name + "' element " + std::to_string(d.first_index) + ": runtime " + d.runtime_value +
               ", onnxsem " + d.spec_value + " (exact)";
  }
  return o;
}

// [spec:XC11] an output of an operation without a bound (AC7): K1's rule against onnxsem's value.
OutputJudgement judge_tolerance(const Tensor& spec, const Tensor& rt, const std::string& name,
                                const conformance::Tolerance& tol) {
  OutputJudgement o;
  o.verdict = NodeVerdict::in_tolerance;
  const Difference d = measure(spec, rt, tol);
  o.max_ulp = d.max_ulp;
  if (d.differing > 0) {
    o.verdict = NodeVerdict::out_of_tolerance;
    o.detail = "'" + name + "' " + std::to_string(d.differing) + " elements outside the tolerance, first " +
               element_text(d.first_index, std::stod(d.runtime_value), std::stod(d.spec_value));
  }
  return o;
}

// [spec:XC11] the elements of a bounded output: `units(e)` gives element e's error in bound units, or nullopt
// when no bound applies to it, in which case K1 judges it against onnxsem's T value `spec[e]`.
OutputJudgement judge_elements(const std::vector<double>& v, const std::vector<double>& reference,
                               const std::vector<double>& spec, acc::FloatFormat f, const std::string& name,
                               const conformance::Tolerance& tol,
                               const std::function<std::optional<double>(size_t)>& units) {
  OutputJudgement o;
  double worst = -1, units_max = 0;
  int64_t k1_elements = 0, k1_failing = 0, k1_first = -1;
  for (size_t e = 0; e < v.size(); ++e) {
    const double r = reference[e];
    o.max_ulp = std::max(o.max_ulp, acc::error_in_ulp(f, v[e], r));
    if (const std::optional<double> u = units(e)) {
      units_max = std::max(units_max, *u);
      if (*u > worst) {
        worst = *u;
        o.detail = "'" + name + "' " + element_text(static_cast<int64_t>(e), v[e], r);
      }
    } else {
      ++k1_elements;
      if (!within_tolerance(spec[e], v[e], tol) && k1_failing++ == 0) k1_first = static_cast<int64_t>(e);
    }
  }
  o.bound_units = units_max;
  o.verdict = units_max > 1 ? NodeVerdict::out_of_bound : NodeVerdict::in_bound;
  if (k1_failing > 0 && o.verdict != NodeVerdict::out_of_bound) {
    o.verdict = NodeVerdict::out_of_tolerance;
    o.detail = "'" + name + "' " + std::to_string(k1_failing) + " of the " + std::to_string(k1_elements) +
               " elements without a bound are outside the tolerance, first element " + std::to_string(k1_first);
  }
  return o;
}

// What one output of a bounded operation (AC3-AC6) is judged with.
struct Bounded {
  acc::BoundKind kind = acc::BoundKind::none;
  acc::FloatFormat f;
  DType type = DType::float32;
  std::string op_type;
  std::vector<double> reference, magnitude;  // AC1; AC4
  int64_t terms = 1;                         // AC4
  std::vector<double> spec;                  // onnxsem's T result, for the elements K1 judges
  const Tensor* x = nullptr;                 // AC5's operands (y for Pow), AC6's input
  const Tensor* y = nullptr;
  std::vector<double> absolute;  // AC6's compositions: the allowed error of each element
};

OutputJudgement judge_bounded(const Bounded& b, const Tensor& runtime, const std::string& name,
                              const conformance::Tolerance& tol) {
  const std::vector<double> v = as_doubles(runtime);
  const Shape& out = runtime.shape();
  const std::vector<double> xs = b.x && is_float(b.x->dtype()) ? as_doubles(*b.x) : std::vector<double>{};
  const std::vector<double> ys = b.y && is_float(b.y->dtype()) ? as_doubles(*b.y) : std::vector<double>{};
  double largest = 0;
  for (double a : xs) largest = std::max(largest, std::fabs(a));
  // AC5's operands, element by element of the output (y for Pow).
  const bool function = b.kind == acc::BoundKind::function;
  const std::vector<double> xb = function && !xs.empty() ? broadcast_to(xs, b.x->shape(), out) : std::vector<double>{};
  const std::vector<double> yb = function && !ys.empty() ? broadcast_to(ys, b.y->shape(), out) : std::vector<double>{};
  const int64_t factors = b.x ? std::max<int64_t>(b.x->size() / std::max<int64_t>(runtime.size(), 1), 1) : 1;
  const std::optional<double> allowed = acc::allowed_error(b.kind, b.type, b.terms);
  double sum_of_squares = 0;  // AC4's spread, in the sum's units
  OutputJudgement o = judge_elements(v, b.reference, b.spec, b.f, name, tol, [&](size_t e) -> std::optional<double> {
    const double r = b.reference[e];
    switch (b.kind) {
      case acc::BoundKind::correctly_rounded: return acc::error_in_ulp(b.f, v[e], r) / *allowed;
      case acc::BoundKind::sum_of_products: {
        const auto u = acc::sum_error_in_units(b.f, v[e], r, b.magnitude[e], *allowed);
        if (u) sum_of_squares += std::isfinite(*u) ? *u * *u : kInfinity;
        return u ? std::optional<double>(*u / *allowed) : std::nullopt;
      }
      case acc::BoundKind::function: {
        if (!std::isfinite(r)) return acc::error_in_bound_units(v[e], r, 0);
        if (xb.empty()) return std::nullopt;
        const auto bound = acc::function_bound(b.op_type, b.f, xb[e], yb.empty() ? 0.0 : yb[e], r);
        return bound ? std::optional<double>(acc::error_in_bound_units(v[e], r, *bound)) : std::nullopt;
      }
      case acc::BoundKind::product: return acc::error_in_bound_units(v[e], r, acc::product_bound(b.f, r, factors));
      case acc::BoundKind::interpolation:
        return acc::error_in_bound_units(v[e], r, acc::interpolation_bound(b.f, largest));
      case acc::BoundKind::composition:  // NaN: no bound for this element, K1 judges it
        if (std::isnan(b.absolute[e])) return std::nullopt;
        return acc::error_in_bound_units(v[e], r, b.absolute[e]);
      default: return std::nullopt;
    }
  });
  // [spec:AC4] TOSA's spread over the output is reported, not judged by: on a model's own data the roundings
  // of a sum need not be independent.
  if (b.kind == acc::BoundKind::sum_of_products &&
      !acc::spread_within(sum_of_squares, b.terms, static_cast<int64_t>(v.size()))) {
    const double ratio = sum_of_squares / (1.6 * static_cast<double>(b.terms) * static_cast<double>(v.size()));
    o.detail += (o.detail.empty() ? "'" + name + "'" : std::string(";")) + " the squared errors add up to " +
                number_text(std::round(ratio * 100) / 100) + " times TOSA's spread bound";
  }
  return o;
}

}  // namespace

const char* mode_name(LocaliseMode m) noexcept { return m == LocaliseMode::isolated ? "isolated" : "cumulative"; }

const char* node_verdict_name(NodeVerdict v) noexcept {
  switch (v) {
    case NodeVerdict::in_bound: return "in-bound";
    case NodeVerdict::out_of_bound: return "out-of-bound";
    case NodeVerdict::in_tolerance: return "in-tolerance";
    case NodeVerdict::out_of_tolerance: return "out-of-tolerance";
    case NodeVerdict::not_comparable: break;
  }
  return "not-comparable";
}

bool departs(NodeVerdict v) noexcept { return v == NodeVerdict::out_of_bound || v == NodeVerdict::out_of_tolerance; }

Model with_every_value_as_output(const Model& m, const std::map<std::string, Value>& values) {
  // [spec:XC10] every operation's outputs become graph outputs too, after the model's own.
  Model out = m;
  std::set<std::string> named;
  for (const auto& vi : m.graph.outputs) named.insert(vi.name);
  for (const auto& vi : m.graph.inputs) named.insert(vi.name);
  for (const auto& node : m.graph.nodes)
    for (const auto& name : node.outputs) {
      if (name.empty() || named.count(name)) continue;
      const auto it = values.find(name);
      if (it == values.end() || !it->second.is_tensor()) continue;
      named.insert(name);
      out.graph.outputs.push_back(ValueInfo{name, tensor_type_of(it->second.tensor())});
    }
  return out;
}

std::map<std::string, Value> every_value(const Model& m, const std::map<std::string, Value>& inputs,
                                         const OperatorTable& ops, int64_t max_tensor_bytes) {
  std::map<std::string, Value> values = inputs;
  for (const auto& [name, t] : m.graph.initializers) values.emplace(name, Value(t));
  EvalOptions eo;
  eo.max_tensor_bytes = max_tensor_bytes;
  eo.observe = [&](const Graph& g, const std::string& name, const Value& v) {
    if (&g == &m.graph) values[name] = v;
  };
  try {
    (void)evaluate(m, inputs, ops, eo);
  } catch (const Failure&) {
    // What was computed before the failure stays; the rest is missing.
  }
  return values;
}

std::optional<NodeModel> node_model(const Model& m, size_t index, const std::map<std::string, Value>& values) {
  if (index >= m.graph.nodes.size()) return std::nullopt;
  const Node& node = m.graph.nodes[index];
  NodeModel nm;
  nm.model.ir_version = m.ir_version;
  nm.model.producer_name = "onnxsem localise";
  nm.model.opset_imports = m.opset_imports;
  nm.model.functions = m.functions;
  nm.model.graph.name = "node_" + std::to_string(index);
  for (const auto& name : node.inputs) {
    if (name.empty() || nm.inputs.count(name)) continue;
    const auto it = values.find(name);
    if (it == values.end()) return std::nullopt;
    const Type t = it->second.is_tensor() ? tensor_type_of(it->second.tensor()) : Type{};
    nm.model.graph.inputs.push_back(ValueInfo{name, t});
    nm.inputs.emplace(name, it->second);
  }
  for (const auto& name : node.outputs)
    if (!name.empty()) {
      const auto it = values.find(name);
      nm.model.graph.outputs.push_back(
          ValueInfo{name, it != values.end() && it->second.is_tensor() ? element_type_of(it->second) : Type{}});
    }
  nm.model.graph.nodes.push_back(node);
  return nm;
}

namespace {

// The names the operations of the main graph compute.
std::set<std::string> produced_names(const Model& m) {
  std::set<std::string> produced;
  for (const auto& node : m.graph.nodes)
    for (const auto& name : node.outputs) produced.insert(name);
  return produced;
}

std::map<std::string, Value> inputs_of(const Node& node, const std::set<std::string>& produced,
                                       const std::map<std::string, Value>& spec_values,
                                       const std::map<std::string, Value>& runtime_values, LocaliseMode mode) {
  // [spec:XC10] isolated: what the runtime computed for the inputs other operations produce; cumulative: onnxsem's.
  std::map<std::string, Value> in;
  for (const auto& name : node.inputs) {
    if (name.empty() || in.count(name)) continue;
    if (mode == LocaliseMode::isolated && produced.count(name))
      if (auto it = runtime_values.find(name); it != runtime_values.end()) {
        in.emplace(name, it->second);
        continue;
      }
    if (auto it = spec_values.find(name); it != spec_values.end()) in.emplace(name, it->second);
  }
  return in;
}

}  // namespace

std::map<std::string, Value> node_inputs(const Model& m, size_t index, const std::map<std::string, Value>& spec_values,
                                         const std::map<std::string, Value>& runtime_values, LocaliseMode mode) {
  return inputs_of(m.graph.nodes.at(index), produced_names(m), spec_values, runtime_values, mode);
}

Localisation localise(const Model& m, const std::map<std::string, Value>& spec_values,
                      const std::map<std::string, Value>& runtime_values, LocaliseMode mode, const OperatorTable& ops,
                      const conformance::Tolerance& tol, int64_t max_tensor_bytes) {
  Localisation loc;
  loc.mode = mode;
  const std::set<std::string> produced = produced_names(m);
  for (const auto& node : m.graph.nodes)
    for (const auto& name : node.outputs)
      if (!name.empty() && spec_values.count(name) && !runtime_values.count(name)) loc.missing.push_back(name);

  for (size_t i = 0; i < m.graph.nodes.size(); ++i) {
    const Node& node = m.graph.nodes[i];
    NodeJudgement j;
    j.index = i;
    j.name = node.name;
    j.op_type = node.domain.empty() ? node.op_type : node.domain + "::" + node.op_type;
    acc::BoundKind kind = acc::bound_kind(node.domain, node.op_type);
    if (kind == acc::BoundKind::interpolation) {
      const Attribute* mode_attr = node.attr("mode");
      if (!acc::resize_mode_bounded(mode_attr && mode_attr->type == AttrType::s ? mode_attr->s : "nearest"))
        kind = acc::BoundKind::none;
    }
    j.clause = acc::bound_clause(kind);
    auto finish = [&](NodeJudgement&& done) {
      if (!loc.first_departing && departs(done.verdict)) loc.first_departing = loc.nodes.size();
      loc.nodes.push_back(std::move(done));
    };
    // The runtime's values of the operation's outputs.
    std::vector<std::string> outputs;
    std::vector<std::string> absent;
    for (const auto& name : node.outputs)
      if (!name.empty()) {
        if (runtime_values.count(name)) outputs.push_back(name);
        else absent.push_back(name);
      }
    if (outputs.empty()) {
      j.detail = absent.empty() ? "the operation has no output" : "the runtime gave no value of '" + absent[0] + "'";
      finish(std::move(j));
      continue;
    }
    const std::map<std::string, Value> in = inputs_of(node, produced, spec_values, runtime_values, mode);
    const auto nm = node_model(m, i, in);
    if (!nm) {
      j.detail = "an input of the operation has no value";
      finish(std::move(j));
      continue;
    }
    // onnxsem's result in T on the same inputs.
    if (node.op_type == "BatchNormalization" && kind == acc::BoundKind::composition &&
        !batch_normalization_bounded(node, resolve(ops, m.opset_imports, node).since_version, nm->inputs)) {
      kind = acc::BoundKind::none;  // [spec:AC7] training mode, or a form AC6 does not bound
      j.clause = acc::bound_clause(kind);
    }
    const NodeRun own = run_node(*nm, ops, max_tensor_bytes);
    if (own.error) {
      j.detail = one_line("onnxsem cannot evaluate the operation alone: " + own.error->describe());
      finish(std::move(j));
      continue;
    }
    // The reference in binary64 (AC1) and AC4's magnitude, for the bounded kinds other than AC2.
    NodeRun wide, magnitude;
    const bool needs_reference = kind != acc::BoundKind::exact && kind != acc::BoundKind::none;
    if (needs_reference) {
      const std::vector<bool> widen = widenable_inputs(ops, m, node, nm->inputs);
      if (!widen.empty()) {
        wide = run_node(widened_model(*nm, widen, false), ops, max_tensor_bytes);
        if (!wide.error && kind == acc::BoundKind::sum_of_products)
          magnitude = run_node(widened_model(*nm, widen, true), ops, max_tensor_bytes);
      }
      if (widen.empty() || wide.error || magnitude.error) {
        j.reference_in_t = true;
        wide = own;
        if (kind == acc::BoundKind::sum_of_products) kind = acc::BoundKind::none;  // no magnitude: K1 judges
      }
    }
    j.verdict = NodeVerdict::in_bound;
    std::string worst_detail;
    for (const auto& name : outputs) {
      const Value& rv = runtime_values.at(name);
      const auto own_it = own.outputs.find(name);
      if (own_it == own.outputs.end()) continue;
      const Value& sv = own_it->second;
      OutputJudgement o;
      if (!sv.is_tensor() || !rv.is_tensor()) {
        o.verdict = NodeVerdict::not_comparable;
        o.detail = "'" + name + "' is not a tensor";
      } else if (sv.tensor().dtype() != rv.tensor().dtype() || sv.tensor().shape() != rv.tensor().shape()) {
        o.verdict = NodeVerdict::out_of_bound;
        o.bound_units = kInfinity;
        o.detail = "'" + name + "': the runtime gave " + rv.describe() + ", onnxsem " + sv.describe();
      } else if (const auto f = acc::float_format(sv.tensor().dtype()); !f || kind == acc::BoundKind::exact) {
        o = judge_exact(sv.tensor(), rv.tensor(), name);
      } else if (kind == acc::BoundKind::none) {
        o = judge_tolerance(sv.tensor(), rv.tensor(), name, tol);
      } else {
        Bounded b;
        b.kind = kind;
        b.f = *f;
        b.type = sv.tensor().dtype();
        b.op_type = node.op_type;
        b.reference = as_doubles(wide.outputs.at(name).tensor());
        if (kind == acc::BoundKind::sum_of_products) {
          b.magnitude = as_doubles(magnitude.outputs.at(name).tensor());
          b.terms = terms_of(node, nm->inputs, sv.tensor().size());
        }
        b.spec = as_doubles(sv.tensor());
        b.x = input_tensor(node, 0, nm->inputs);
        b.y = input_tensor(node, 1, nm->inputs);
        if (kind == acc::BoundKind::composition)
          b.absolute = composition_bounds(node, resolve(ops, m.opset_imports, node).since_version, *f, nm->inputs,
                                          b.reference);
        o = judge_bounded(b, rv.tensor(), name, tol);
      }
      j.max_ulp = std::max(j.max_ulp, o.max_ulp);
      if (o.bound_units) j.bound_units = std::max(j.bound_units.value_or(0.0), *o.bound_units);
      const NodeVerdict before = j.verdict;
      j.verdict = worse(j.verdict, o.verdict);
      if (!o.detail.empty() && (worst_detail.empty() || j.verdict != before || departs(o.verdict)))
        worst_detail = o.detail;
    }
    if (kind == acc::BoundKind::none && j.verdict == NodeVerdict::in_bound) j.verdict = NodeVerdict::in_tolerance;
    if (kind == acc::BoundKind::none && j.verdict != NodeVerdict::out_of_bound) j.bound_units.reset();
    j.clause = acc::bound_clause(kind);
    j.detail = worst_detail;
    if (!absent.empty()) j.detail += (j.detail.empty() ? "" : "; ") + ("no runtime value of '" + absent[0] + "'");
    if (j.reference_in_t) j.detail += (j.detail.empty() ? "" : "; ") + std::string("reference in T (no float64 form)");
    finish(std::move(j));
  }
  return loc;
}

}  // namespace onnxsem::crosscheck

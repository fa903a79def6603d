// The operators that draw random numbers (spec/ops-nn.md, NN44-NN45): RandomNormal, RandomUniform, their
// Like forms, Bernoulli and Multinomial. ONNX leaves their generator to the runtime, so no value is the
// specification's; what it does give is the set of possible results. Without a candidate result an
// evaluation is unsupported (NN44); with one (spec/conformance.md, K13) the kernel checks that it is a
// possible result and yields it, or fails with NN45.
#include <cmath>
#include <functional>
#include <limits>

#include "ops/common/attrs.hpp"
#include "ops/nn/nn.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::nn {
namespace {

// NN44: no value without a candidate result; when the evaluation has candidates (K13) but none for this
// operation, its output is not a graph output.
[[noreturn]] void no_value(const KernelArgs& a, const std::string& op) {
  unsupported(op +
              " draws random numbers from a generator ONNX does not specify: no value is the specification's (NN44)" +
              (a.choices.empty() ? std::string() : "; its output is not a graph output, so no result judges it (K13)"));
}

// Whether the evaluation gave output 0 a candidate result: a value (K13) or picks (K14).
bool has_candidate(const KernelArgs& a) {
  return (!a.choices.empty() && a.choices[0]) || (!a.picks.empty() && a.picks[0]);
}

// What a random operator's output must be (NN45): its element type and shape, and a predicate on each
// element (binary64 value and position) that returns an empty string or what is wrong; and the few numbers
// it offers a witness search for each element (K14; none: no witness is looked for).
struct PossibleSet {
  DType dtype = DType::undefined;
  Shape shape;
  std::function<std::string(double v, int64_t i)> value_ok;
  std::vector<double> witness_numbers = {};
};

// [spec:NN45] the candidate result of output 0, when it is in the set; an NN45 error otherwise.
std::vector<std::optional<Value>> judge_candidate(const KernelArgs& a, const std::string& op, const PossibleSet& set) {
  EvalContext& cx = a.context();
  ONNXSEM_CLAUSE(NN45);
  if (!has_candidate(a)) no_value(a, op);
  auto wrong = [&](const std::string& what) {
    const std::string name = a.node.outputs.empty() ? std::string("output 0") : "'" + a.node.outputs[0] + "'";
    eval_error("NN45", op + ": the candidate result for " + name + " is not a possible one: " + what);
  };
  // K14: picks become the tensor of the set's element type and shape, each element the picked number
  // rounded to that type; a pick beyond the numbers the operator offers is an error K14.
  const Value c = [&]() -> Value {
    if (!a.choices.empty() && a.choices[0]) return *a.choices[0];
    const std::vector<int64_t>& picks = *a.picks[0];
    const int64_t n = element_count(set.shape);
    if (picks.size() != 1 && static_cast<int64_t>(picks.size()) != n)
      wrong("it gives " + std::to_string(picks.size()) + " picks for " + std::to_string(n) + " elements");
    for (int64_t k : picks)
      if (k < 0 || k >= static_cast<int64_t>(set.witness_numbers.size()))
        eval_error("K14", op + " offers " + std::to_string(set.witness_numbers.size()) +
                              " numbers for a witness, no number " + std::to_string(k));
    return Value(dispatch(set.dtype, numeric_and_bool_types, op, [&](auto tag) {
      using T = typename decltype(tag)::type;
      auto [t, out] = Tensor::allocate<T>(cx, set.shape);
      for (size_t i = 0; i < out.size(); ++i)
        out[i] = num::from_double<T>(set.witness_numbers[static_cast<size_t>(picks.size() == 1 ? picks[0] : picks[i])]);
      return t;
    }));
  }();
  if (!c.is_tensor()) wrong("it is " + c.describe() + ", not a tensor");
  const Tensor& t = c.tensor();
  if (t.dtype() != set.dtype)
    wrong(std::string("its element type is ") + dtype_name(t.dtype()) + ", expected " + dtype_name(set.dtype));
  if (t.shape() != set.shape) wrong("its shape is " + show(t.shape()) + ", expected " + show(set.shape));
  const std::vector<double> v = widen_all(t, numeric_and_bool_types, op);
  for (size_t i = 0; i < v.size(); ++i)
    if (std::string why = set.value_ok(v[i], static_cast<int64_t>(i)); !why.empty())
      wrong("element " + std::to_string(i) + " is " + num::to_string_value(v[i]) + ": " + why);
  return {c};
}

DType dtype_attr(const KernelArgs& a, std::optional<DType> def) {
  const auto d = attr_int_opt(a.node, "dtype");
  if (!d) {
    if (!def) eval_error("NN45", a.node.op_type + ": no element type for the output");
    return *def;
  }
  return static_cast<DType>(*d);
}

// A value rounded to the element type t (for the bounds of RandomUniform).
double rounded(double x, DType t) {
  return dispatch(t, float_types, "RandomUniform", [&](auto tag) {
    using T = typename decltype(tag)::type;
    return widen(narrow_float<T>(x));
  });
}

std::string normal_value(double v, int64_t) { return std::isnan(v) ? "a normal draw is a number, not NaN" : ""; }

// The numbers offered for a witness (K14): a few normal draws; the ends of the uniform range.
const std::vector<double> normal_numbers{0.0, 1.0, -1.0};
std::vector<double> uniform_numbers(const KernelArgs& a) {
  return {attr_float(a.node, "low", 0.0f), attr_float(a.node, "high", 1.0f)};
}

std::function<std::string(double, int64_t)> uniform_values(const KernelArgs& a, DType t) {
  const double low = rounded(attr_float(a.node, "low", 0.0f), t), high = rounded(attr_float(a.node, "high", 1.0f), t);
  return [low, high](double v, int64_t) -> std::string {
    if (v >= low && v <= high) return "";
    return "outside [" + num::to_string_value(low) + ", " + num::to_string_value(high) + "]";
  };
}

}  // namespace

void add_random(Registry& r) {
  // [spec:NN44] the random operators: their operands are checked, then without a candidate result the
  // evaluation is unsupported; NN45 judges a candidate.
  r.add("", "RandomNormal", {1, 22}, [](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    ONNXSEM_CLAUSE(NN44);
    const auto shape = attr_ints_opt(a.node, "shape");
    if (!shape) eval_error("NN44", "RandomNormal: the attribute shape is required");
    return judge_candidate(a, "RandomNormal", {dtype_attr(a, DType::float32), *shape, normal_value, normal_numbers});
  });
  r.add("", "RandomUniform", {1, 22}, [](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    ONNXSEM_CLAUSE(NN44);
    const auto shape = attr_ints_opt(a.node, "shape");
    if (!shape) eval_error("NN44", "RandomUniform: the attribute shape is required");
    const DType t = dtype_attr(a, DType::float32);
    if (!has_candidate(a)) no_value(a, "RandomUniform");
    return judge_candidate(a, "RandomUniform", {t, *shape, uniform_values(a, t), uniform_numbers(a)});
  });
  r.add("", "RandomNormalLike", {1, 22}, [](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    ONNXSEM_CLAUSE(NN44);
    const Tensor& x = a.tensor(0);
    return judge_candidate(a, "RandomNormalLike", {dtype_attr(a, x.dtype()), x.shape(), normal_value, normal_numbers});
  });
  r.add("", "RandomUniformLike", {1, 22}, [](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    ONNXSEM_CLAUSE(NN44);
    const Tensor& x = a.tensor(0);
    const DType t = dtype_attr(a, x.dtype());
    if (!has_candidate(a)) no_value(a, "RandomUniformLike");
    return judge_candidate(a, "RandomUniformLike", {t, x.shape(), uniform_values(a, t), uniform_numbers(a)});
  });
  r.add("", "Bernoulli", {15, 22}, [](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    ONNXSEM_CLAUSE(NN44);
    const Tensor& x = a.tensor(0);
    const std::vector<double> p = widen_all(x, "Bernoulli");
    for (size_t i = 0; i < p.size(); ++i)
      if (!(p[i] >= 0 && p[i] <= 1))
        eval_error("NN44", "Bernoulli: input element " + std::to_string(i) + " is " + num::to_string_value(p[i]) +
                               ", not a probability in [0, 1]");
    if (!has_candidate(a)) no_value(a, "Bernoulli");
    return judge_candidate(a, "Bernoulli",
                           {dtype_attr(a, x.dtype()),
                            x.shape(),
                            [&p](double v, int64_t i) -> std::string {
                              if (v != 0 && v != 1) return "a Bernoulli draw is 0 or 1";
                              const double q = p[static_cast<size_t>(i)];
                              if (q == 0 && v != 0) return "its probability 0 allows only 0";
                              if (q == 1 && v != 1) return "its probability 1 allows only 1";
                              return "";
                            },
                            {0.0, 1.0}});
  });
  r.add("", "Multinomial", {7, 22}, [](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    ONNXSEM_CLAUSE(NN44);
    const Tensor& x = a.tensor(0);
    if (x.rank() != 2)
      eval_error("NN45", "Multinomial: input must be [batch_size, class_size], got shape " + show(x.shape()));
    const int64_t samples = attr_int(a.node, "sample_size", 1);
    if (samples < 1) eval_error("NN45", "Multinomial: sample_size is " + std::to_string(samples) + ", expected >= 1");
    if (!has_candidate(a)) no_value(a, "Multinomial");
    const int64_t classes = x.dim(1);
    const std::vector<double> logp = widen_all(x, "Multinomial");
    return judge_candidate(a, "Multinomial",
                           {dtype_attr(a, DType::int32), {x.dim(0), samples}, [&](double v, int64_t i) -> std::string {
                              if (!(v >= 0 && v < static_cast<double>(classes)) || v != std::floor(v))
                                return "not a class index of 0 to " + std::to_string(classes - 1);
                              const int64_t row = i / samples;
                              if (logp[static_cast<size_t>(row * classes + static_cast<int64_t>(v))] ==
                                  -std::numeric_limits<double>::infinity())
                                return "that class has probability 0 (log-probability -inf)";
                              return "";
                            }});
  });
}

}  // namespace onnxsem::ops::nn

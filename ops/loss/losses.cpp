// Classification losses (spec/ops-loss.md, LOSS1-LOSS7).
//
// Both operators view their scores as (N, C, D) with D the product of the trailing extents d1..dk, and
// the targets as (N, D). For one sample (n, d) with class c = target[n, d] the weighted loss is
//   l[n, d] = -w[c] * logp[n, c, d]     and its applied weight is w[c]   (w = the weight input, or 1),
// except for a sample whose target equals ignore_index: loss 0, applied weight 0.
// NegativeLogLikelihoodLoss reads logp from its input directly; SoftmaxCrossEntropyLoss first forms
//   logp[n, c, d] = x[n, c, d] - m - log(sum_c' exp(x[n, c', d] - m)),   m = max_c' x[n, c', d].
// The reduction then keeps l (none), adds it up (sum), or divides its sum by the sum of applied weights
// (mean). Everything is computed in binary64 and rounded once to the input's element type (P1).
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "ops/common/attrs.hpp"
#include "ops/common/values.hpp"
#include "ops/loss/loss.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::loss {
namespace {

enum class Reduction { none, sum, mean };

Reduction read_reduction(const Node& node, const std::string& op) {
  const std::string s = attr_string(node, "reduction", "mean");
  // [spec:LOSS2] reduction is one of none, sum, mean (the default).
  ONNXSEM_CLAUSE(LOSS2);
  if (s == "none") return Reduction::none;
  if (s == "sum") return Reduction::sum;
  if (s == "mean") return Reduction::mean;
  eval_error("LOSS2", op + ": attribute reduction is '" + s + "', expected 'none', 'sum' or 'mean'");
}

// The (N, C, D) view of the scores and the validated operands.
struct Operands {
  int64_t N = 0, C = 0, D = 1;
  std::vector<int64_t> target;                // N * D class indices
  std::optional<std::vector<double>> weight;  // C class weights when given
};

std::vector<int64_t> read_targets(const Tensor& t, const std::string& op) {
  if (t.dtype() != DType::int32 && t.dtype() != DType::int64)
    eval_error("LOSS1", op + ": the target must be an int32 or int64 tensor, got " + Value(t).describe());
  return dispatch(t.dtype(), hana::tuple_t<int32_t, int64_t>, op, [&](auto tag) {
    using I = typename decltype(tag)::type;
    auto d = t.data<I>();
    return std::vector<int64_t>(d.begin(), d.end());
  });
}

Operands check_operands(const Tensor& x, const Tensor& target, const Tensor* weight, const std::string& op) {
  // [spec:LOSS1] scores (N, C, d1..dk), target (N, d1..dk) of int32/int64, weight (C) of the scores' type.
  ONNXSEM_CLAUSE(LOSS1);
  if (x.rank() < 2) eval_error("LOSS1", op + ": the scores must have rank >= 2, got shape " + show(x.shape()));
  Shape want{x.dim(0)};
  want.insert(want.end(), x.shape().begin() + 2, x.shape().end());
  if (target.shape() != want)
    eval_error("LOSS1", op + ": the target has shape " + show(target.shape()) + ", expected " + show(want) +
                            " for scores of shape " + show(x.shape()));
  Operands o;
  o.N = x.dim(0);
  o.C = x.dim(1);
  for (size_t k = 2; k < x.shape().size(); ++k) o.D *= x.shape()[k];
  o.target = read_targets(target, op);
  if (weight) {
    if (weight->dtype() != x.dtype())
      eval_error("LOSS1", op + ": the weight has element type " + dtype_name(weight->dtype()) + ", the scores " +
                              dtype_name(x.dtype()));
    if (weight->rank() != 1 || weight->dim(0) != o.C)
      eval_error("LOSS1",
                 op + ": the weight has shape " + show(weight->shape()) + ", expected [" + std::to_string(o.C) + "]");
    o.weight = widen_all(*weight, loss_float_types, op);
  }
  return o;
}

// The loss of LOSS4 and its reduction (LOSS5), from binary64 log-probabilities laid out as (N, C, D).
Tensor reduce_loss(EvalContext& cx, const std::vector<double>& logp, const Operands& o, const Tensor& target,
                   DType out_type, Reduction red, std::optional<int64_t> ignore_index, const std::string& op) {
  const size_t samples = o.target.size();
  std::vector<double> loss(samples, 0.0);
  double loss_sum = 0, weight_sum = 0;
  for (int64_t n = 0; n < o.N; ++n)
    for (int64_t d = 0; d < o.D; ++d) {
      const size_t s = static_cast<size_t>(n * o.D + d);
      const int64_t c = o.target[s];
      if (ignore_index && c == *ignore_index) continue;  // loss 0, applied weight 0
      // [spec:LOSS3] a target that is not ignore_index names a class in [0, C).
      ONNXSEM_CLAUSE(LOSS3);
      if (c < 0 || c >= o.C)
        eval_error("LOSS3", op + ": target value " + std::to_string(c) + " at position " + std::to_string(s) +
                                " is outside [0, " + std::to_string(o.C) + ")" +
                                (ignore_index ? " and is not ignore_index " + std::to_string(*ignore_index) : ""));
      // [spec:LOSS4] the sample's loss is the negated log-probability of its class times the class weight.
      ONNXSEM_CLAUSE(LOSS4);
      const double w = o.weight ? (*o.weight)[static_cast<size_t>(c)] : 1.0;
      loss[s] = -logp[static_cast<size_t>((n * o.C + c) * o.D + d)] * w;
      loss_sum += loss[s];
      weight_sum += w;
    }
  // [spec:LOSS5] none keeps the target's shape; sum and mean are scalars, mean over the applied weights.
  ONNXSEM_CLAUSE(LOSS5);
  switch (red) {
    case Reduction::none: return narrow_to(cx, out_type, loss_float_types, op, target.shape(), loss);
    case Reduction::sum: return narrow_to(cx, out_type, loss_float_types, op, {}, {loss_sum});
    case Reduction::mean: return narrow_to(cx, out_type, loss_float_types, op, {}, {loss_sum / weight_sum});
  }
  return {};
}

std::vector<std::optional<Value>> negative_log_likelihood_loss(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "NegativeLogLikelihoodLoss";
  const Tensor& x = a.tensor(0);
  const Tensor& target = a.tensor(1);
  const Tensor* weight = a.has_input(2) ? &a.tensor(2) : nullptr;
  const Reduction red = read_reduction(a.node, op);
  const auto ignore_index = attr_int_opt(a.node, "ignore_index");
  const Operands o = check_operands(x, target, weight, op);
  const std::vector<double> logp = widen_all(x, loss_float_types, op);
  return {Value(reduce_loss(cx, logp, o, target, x.dtype(), red, ignore_index, op))};
}

// [spec:LOSS6] log-softmax over the class axis, formed in binary64 after subtracting the class maximum.
std::vector<double> log_softmax_classes(const std::vector<double>& x, const Operands& o) {
  ONNXSEM_CLAUSE(LOSS6);
  std::vector<double> lp(x.size());
  for (int64_t n = 0; n < o.N; ++n)
    for (int64_t d = 0; d < o.D; ++d) {
      auto at = [&](int64_t c) { return static_cast<size_t>((n * o.C + c) * o.D + d); };
      double m = -std::numeric_limits<double>::infinity();
      for (int64_t c = 0; c < o.C; ++c) m = std::max(m, x[at(c)]);
      double sum = 0;
      for (int64_t c = 0; c < o.C; ++c) sum += std::exp(x[at(c)] - m);
      const double log_sum = std::log(sum);
      for (int64_t c = 0; c < o.C; ++c)
        lp[at(c)] = x[at(c)] - m - log_sum;  // a NaN score makes the sum, and so every entry, NaN
    }
  return lp;
}

std::vector<std::optional<Value>> softmax_cross_entropy_loss(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "SoftmaxCrossEntropyLoss";
  const Tensor& x = a.tensor(0);
  const Tensor& target = a.tensor(1);
  const Tensor* weight = a.has_input(2) ? &a.tensor(2) : nullptr;
  const Reduction red = read_reduction(a.node, op);
  const auto ignore_index = attr_int_opt(a.node, "ignore_index");
  const Operands o = check_operands(x, target, weight, op);
  const std::vector<double> logp = log_softmax_classes(widen_all(x, loss_float_types, op), o);
  std::vector<std::optional<Value>> outs(std::max<size_t>(1, a.output_count()));
  outs[0] = Value(reduce_loss(cx, logp, o, target, x.dtype(), red, ignore_index, op));
  // [spec:LOSS7] the optional second output holds the log-probabilities, rounded once to the scores' type.
  ONNXSEM_CLAUSE(LOSS7);
  if (a.output_count() > 1 && a.requested[1])
    outs[1] = Value(narrow_to(cx, x.dtype(), loss_float_types, op, x.shape(), logp));
  return outs;
}

}  // namespace

void add_losses(Registry& r) {
  // NegativeLogLikelihoodLoss: 13 and 22 keep the behaviour of 12 (22 admits bfloat16).
  r.add("", "NegativeLogLikelihoodLoss", {12, 13, 22}, negative_log_likelihood_loss);
  // SoftmaxCrossEntropyLoss: 13 keeps the behaviour of 12 and admits bfloat16.
  r.add("", "SoftmaxCrossEntropyLoss", {12, 13}, softmax_cross_entropy_loss);
}

}  // namespace onnxsem::ops::loss

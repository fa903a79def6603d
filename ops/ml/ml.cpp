// Operator family: the ai.onnx.ml domain (spec/ops-ml.md). This file gathers the family's operators into
// the registry and holds the helpers its files share: feature rows, class labels and the score transforms
// of post_transform (ML40-ML45).
#include "ops/ml/ml.hpp"
#include "ops/common/values.hpp"

#include <cmath>
#include <limits>
#include <numbers>

#include "ops/common/attrs.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops {

void add_ml(Registry& r) {
  ml::add_encoders(r);
  ml::add_trees(r);
  ml::add_linear(r);
  ml::add_maps(r);
}

}  // namespace onnxsem::ops

namespace onnxsem::ops::ml {

int64_t check_work(EvalContext& cx, const Shape& shape) {
  const int64_t n = element_count(shape);
  if (n > cx.limits().tensor_bytes / static_cast<int64_t>(sizeof(double)))
    eval_error("L3", "a tensor of " + std::to_string(n) + " elements exceeds the allocation limit of " +
                         std::to_string(cx.limits().tensor_bytes) + " bytes");
  return n;
}

Tensor float_tensor(EvalContext& cx, Shape shape, const std::vector<double>& v) {
  auto [t, out] = Tensor::allocate<float>(cx, std::move(shape));
  for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<float>(v[i]);
  return t;
}

Rows read_rows(const Tensor& t, const std::string& op, bool allow_rank1) {
  // [spec:ML2] a feature input is [N, C], or [C] read as one row where the operator allows it.
  ONNXSEM_CLAUSE(ML2);
  if (!(t.rank() == 2 || (allow_rank1 && t.rank() == 1)))
    eval_error("ML2", op + ": the input must have rank " + std::string(allow_rank1 ? "1 or 2" : "2") + ", got shape " +
                          show(t.shape()));
  Rows r;
  r.n = t.rank() == 2 ? t.dim(0) : 1;
  r.c = t.rank() == 2 ? t.dim(1) : t.dim(0);
  r.x = widen_all(t, ml_numeric_types, op);
  return r;
}

PostTransform parse_post_transform(const std::string& s, const std::string& op) {
  // [spec:ML40] post_transform names one of five transforms; NONE is the default.
  ONNXSEM_CLAUSE(ML40);
  if (s == "NONE") return PostTransform::none;
  if (s == "SOFTMAX") return PostTransform::softmax;
  if (s == "LOGISTIC") return PostTransform::logistic;
  if (s == "SOFTMAX_ZERO") return PostTransform::softmax_zero;
  if (s == "PROBIT") return PostTransform::probit;
  eval_error("ML40", op + ": post_transform is '" + s + "', expected NONE, SOFTMAX, LOGISTIC, SOFTMAX_ZERO or PROBIT");
}

PostTransform post_transform_from_int(int64_t v, const std::string& op) {
  if (v < 0 || v > 4) eval_error("ML40", op + ": post_transform is " + std::to_string(v) + ", expected 0 to 4");
  return static_cast<PostTransform>(v);
}

double logistic(double x) {
  // [spec:ML42] 1 / (1 + e^-x), formed so that no intermediate overflows.
  ONNXSEM_CLAUSE(ML42);
  if (std::isnan(x)) return x;
  if (x >= 0) return 1.0 / (1.0 + std::exp(-x));
  const double e = std::exp(x);
  return e / (1.0 + e);
}

namespace {
// The inverse of erf on (-1, 1): a first estimate refined by Newton steps on erf(y) - x.
double erf_inv(double x) {
  if (std::isnan(x) || x < -1 || x > 1) return std::numeric_limits<double>::quiet_NaN();
  if (x == 1) return std::numeric_limits<double>::infinity();
  if (x == -1) return -std::numeric_limits<double>::infinity();
  if (x == 0) return x;
  const double a = 0.147;
  const double l = std::log((1 - x) * (1 + x));
  const double t = 2 / (std::numbers::pi * a) + l / 2;
  double y = std::copysign(std::sqrt(std::sqrt(t * t - l / a) - t), x);
  for (int k = 0; k < 4; ++k) {
    const double d = 2 / std::sqrt(std::numbers::pi) * std::exp(-y * y);
    if (d == 0) break;
    const double step = (std::erf(y) - x) / d;
    y -= step;
    if (std::fabs(step) <= 1e-17 * std::fabs(y)) break;
  }
  return y;
}
}  // namespace

double probit(double p) {
  // [spec:ML44] the standard normal quantile: sqrt(2) * erfinv(2p - 1).
  ONNXSEM_CLAUSE(ML44);
  return std::numbers::sqrt2 * erf_inv(2 * p - 1);
}

// The largest score of a row; when the row holds a NaN, every score becomes NaN and NaN is returned.
static double row_max_or_nan(std::vector<double>& row) {
  double m = -std::numeric_limits<double>::infinity();
  for (double v : row)
    if (std::isnan(v)) {
      for (double& w : row) w = std::numeric_limits<double>::quiet_NaN();
      return std::numeric_limits<double>::quiet_NaN();
    } else {
      m = std::max(m, v);
    }
  return m;
}

void apply_post_transform(PostTransform t, std::vector<double>& row) {
  switch (t) {
    case PostTransform::none: return;
    case PostTransform::logistic:
      for (double& v : row) v = logistic(v);
      return;
    case PostTransform::probit:
      for (double& v : row) v = probit(v);
      return;
    case PostTransform::softmax: {
      // [spec:ML41] e^(v - m) / sum e^(v' - m), m the row's largest score; a NaN makes the row NaN.
      ONNXSEM_CLAUSE(ML41);
      const double m = row_max_or_nan(row);
      if (std::isnan(m)) return;
      double sum = 0;
      for (double& v : row) sum += (v = std::exp(v - m));
      for (double& v : row) v /= sum;
      return;
    }
    case PostTransform::softmax_zero: {
      // [spec:ML43] like SOFTMAX, but a score within 1e-7 of zero contributes v * e^-m instead of e^(v - m),
      // and a row whose contributions add up to 0 becomes 0.5 everywhere.
      ONNXSEM_CLAUSE(ML43);
      const double m = row_max_or_nan(row);
      if (std::isnan(m)) return;
      double sum = 0;
      for (double& v : row) sum += (v = std::fabs(v) > 1e-7 ? std::exp(v - m) : v * std::exp(-m));
      if (sum == 0)
        for (double& v : row) v = 0.5;
      else
        for (double& v : row) v /= sum;
      return;
    }
  }
}

size_t arg_max(const std::vector<double>& row) {
  // [spec:ML45] the first index of the largest score; the first NaN wins over any number.
  ONNXSEM_CLAUSE(ML45);
  size_t best = 0;
  for (size_t i = 0; i < row.size(); ++i) {
    if (std::isnan(row[i])) return i;
    if (row[i] > row[best]) best = i;
  }
  return best;
}

Labels read_labels(const Node& node, const std::string& ints_name, const std::string& op) {
  Labels l;
  l.ints = attr_ints_opt(node, ints_name);
  l.strings = attr_strings_opt(node, "classlabels_strings");
  // [spec:ML46] exactly one of the integer and the string class labels is given, and it is not empty.
  ONNXSEM_CLAUSE(ML46);
  if (l.ints.has_value() == l.strings.has_value())
    eval_error("ML46", op + ": exactly one of " + ints_name + " and classlabels_strings must be given");
  if (l.size() == 0) eval_error("ML46", op + ": the class labels are empty");
  return l;
}

std::vector<std::optional<Value>> classifier_outputs(const KernelArgs& a, const Labels& labels,
                                                     const std::vector<int64_t>& index, int64_t rows, int64_t width,
                                                     const std::vector<double>& scores) {
  EvalContext& cx = a.context();
  std::vector<std::optional<Value>> out(std::max<size_t>(2, a.output_count()));
  out[0] = Value(label_tensor(cx, labels, index));
  out[1] = Value(float_tensor(cx, {rows, width}, scores));
  out.resize(std::max<size_t>(1, a.output_count()));
  return out;
}

Tensor label_tensor(EvalContext& cx, const Labels& labels, const std::vector<int64_t>& index) {
  const Shape shape{static_cast<int64_t>(index.size())};
  if (labels.ints) {
    auto [t, out] = Tensor::allocate<int64_t>(cx, shape);
    for (size_t i = 0; i < index.size(); ++i) out[i] = index[i] < 0 ? 0 : (*labels.ints)[static_cast<size_t>(index[i])];
    return t;
  }
  auto [t, out] = Tensor::allocate<std::string>(cx, shape);
  for (size_t i = 0; i < index.size(); ++i)
    out[i] = index[i] < 0 ? std::string() : (*labels.strings)[static_cast<size_t>(index[i])];
  return t;
}

}  // namespace onnxsem::ops::ml

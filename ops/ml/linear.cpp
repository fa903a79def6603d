// Linear models and support vector machines of ai.onnx.ml (spec/ops-ml.md, ML50-ML59): LinearRegressor,
// LinearClassifier, SVMRegressor and SVMClassifier. Scores are computed in binary64 from the exactly widened
// input and attributes, go through post_transform (ML40-ML44), and are rounded once to float.
#include <algorithm>
#include <cmath>
#include <limits>

#include "ops/common/attrs.hpp"
#include "ops/ml/ml.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::ml {
namespace {

using Out = std::vector<std::optional<Value>>;

std::vector<double> doubles(const std::optional<std::vector<float>>& v) {
  return v ? std::vector<double>(v->begin(), v->end()) : std::vector<double>{};
}

// Row-by-row affine scores: z[n, k] = sum_c x[n, c] * w[k * C + c] + b[k] (b = 0 when absent).
std::vector<double> affine(const Rows& r, const std::vector<double>& w, const std::vector<double>& b, int64_t k_count) {
  std::vector<double> z(static_cast<size_t>(r.n * k_count));
  for (int64_t n = 0; n < r.n; ++n)
    for (int64_t k = 0; k < k_count; ++k) {
      double s = b.empty() ? 0.0 : b[static_cast<size_t>(k)];
      for (int64_t c = 0; c < r.c; ++c)
        s += r.x[static_cast<size_t>(n * r.c + c)] * w[static_cast<size_t>(k * r.c + c)];
      z[static_cast<size_t>(n * k_count + k)] = s;
    }
  return z;
}

// ---------------------------------------------------------------- LinearRegressor
Out linear_regressor(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "LinearRegressor";
  const Rows r = read_rows(a.tensor(0), op);
  const int64_t targets = attr_int(a.node, "targets", 1);
  const std::vector<double> w = doubles(attr_floats_opt(a.node, "coefficients"));
  const std::vector<double> b = doubles(attr_floats_opt(a.node, "intercepts"));
  const PostTransform post = parse_post_transform(attr_string(a.node, "post_transform", "NONE"), op);
  // [spec:ML50] with T = targets >= 1 and C features, coefficients holds T * C weights (those of target t
  // contiguous) and intercepts T entries or none; y[n, t] = sum_c x[n, c] * w[t * C + c] + b[t], and each
  // row of y goes through post_transform. The output is [N, T].
  ONNXSEM_CLAUSE(ML50);
  if (targets < 1) eval_error("ML50", op + ": targets is " + std::to_string(targets) + ", expected >= 1");
  if (r.c > 0 && targets > static_cast<int64_t>(w.size()) / r.c + 1)
    eval_error("ML50", op + ": coefficients has " + std::to_string(w.size()) + " entries, too few for " +
                           std::to_string(targets) + " targets");
  (void)check_work(cx, {r.n, targets});
  if (static_cast<int64_t>(w.size()) != targets * r.c)
    eval_error("ML50", op + ": coefficients has " + std::to_string(w.size()) + " entries, expected " +
                           std::to_string(targets) + " x " + std::to_string(r.c));
  if (!b.empty() && static_cast<int64_t>(b.size()) != targets)
    eval_error("ML50",
               op + ": intercepts has " + std::to_string(b.size()) + " entries, expected " + std::to_string(targets));
  std::vector<double> y = affine(r, w, b, targets);
  for (int64_t n = 0; n < r.n; ++n) {
    std::vector<double> row(y.begin() + n * targets, y.begin() + (n + 1) * targets);
    apply_post_transform(post, row);
    std::copy(row.begin(), row.end(), y.begin() + n * targets);
  }
  return {Value(float_tensor(cx, {r.n, targets}, y))};
}

// ---------------------------------------------------------------- LinearClassifier
Out linear_classifier(const KernelArgs& a) {
  const std::string op = "LinearClassifier";
  const Rows r = read_rows(a.tensor(0), op);
  const Labels labels = read_labels(a.node, "classlabels_ints", op);
  const auto wf = attr_floats_opt(a.node, "coefficients");
  if (!wf) eval_error("A1", op + ": required attribute 'coefficients' is missing");
  const std::vector<double> w = doubles(wf);
  const std::vector<double> b = doubles(attr_floats_opt(a.node, "intercepts"));
  const PostTransform post = parse_post_transform(attr_string(a.node, "post_transform", "NONE"), op);
  // [spec:ML51] coefficients holds E * C weights (E >= 1 score rows of C features each), intercepts E entries
  // or none, and E equals the number of labels unless E = 1. Raw scores are s[n, k] = sum_c x[n, c] *
  // w[k * C + c] + b[k]; when E = 1 and there are two labels the scores become [-s, s]. multi_class does not
  // affect the result. Each row of scores then goes through post_transform.
  ONNXSEM_CLAUSE(ML51);
  if (r.c == 0 ? !w.empty() : (w.empty() || w.size() % static_cast<size_t>(r.c) != 0))
    eval_error("ML51", op + ": coefficients has " + std::to_string(w.size()) + " entries, not a positive multiple of " +
                           std::to_string(r.c) + " features");
  const int64_t e = r.c == 0 ? 0 : static_cast<int64_t>(w.size()) / r.c;
  if (e == 0) eval_error("ML51", op + ": there are no score rows");
  if (e > 1 && e != static_cast<int64_t>(labels.size()))
    eval_error("ML51", op + ": " + std::to_string(e) + " score rows for " + std::to_string(labels.size()) + " labels");
  if (!b.empty() && static_cast<int64_t>(b.size()) != e)
    eval_error("ML51", op + ": intercepts has " + std::to_string(b.size()) + " entries, expected " + std::to_string(e));
  const std::vector<double> s = affine(r, w, b, e);
  const bool two = e == 1 && labels.size() == 2;
  const int64_t width = two ? 2 : e;
  std::vector<double> z;
  std::vector<int64_t> index;
  for (int64_t n = 0; n < r.n; ++n) {
    std::vector<double> row(s.begin() + n * e, s.begin() + (n + 1) * e);
    if (two) row = {-row[0], row[0]};
    apply_post_transform(post, row);
    // [spec:ML52] with two or more score columns the label is that of the largest score (ML45); with one
    // column it is the first label when the score is at least 0 (NONE) or 0.5 (other transforms), and
    // otherwise 0 (integer labels) or the empty string.
    ONNXSEM_CLAUSE(ML52);
    if (width > 1) {
      index.push_back(static_cast<int64_t>(arg_max(row)));
    } else {
      const double threshold = post == PostTransform::none ? 0.0 : 0.5;
      index.push_back(row[0] >= threshold ? 0 : -1);
    }
    z.insert(z.end(), row.begin(), row.end());
  }
  return classifier_outputs(a, labels, index, r.n, width, z);
}

// ---------------------------------------------------------------- SVM
enum class SvmKernel { linear, poly, rbf, sigmoid };
struct KernelParams {
  SvmKernel kind = SvmKernel::linear;
  double gamma = 0, coef0 = 0;
  double degree = 0;
};

KernelParams read_kernel(const Node& n, const std::string& op) {
  KernelParams k;
  const std::string t = attr_string(n, "kernel_type", "LINEAR");
  // [spec:ML55] kernel_type is LINEAR (<x, v>), POLY ((gamma <x, v> + coef0)^degree), RBF
  // (exp(-gamma |x - v|^2)) or SIGMOID (tanh(gamma <x, v> + coef0)); kernel_params is [gamma, coef0,
  // degree] (all 0 when absent), the degree truncated to an integer.
  ONNXSEM_CLAUSE(ML55);
  if (t == "LINEAR") k.kind = SvmKernel::linear;
  else if (t == "POLY") k.kind = SvmKernel::poly;
  else if (t == "RBF") k.kind = SvmKernel::rbf;
  else if (t == "SIGMOID") k.kind = SvmKernel::sigmoid;
  else eval_error("ML55", op + ": kernel_type is '" + t + "', expected LINEAR, POLY, RBF or SIGMOID");
  if (auto p = attr_floats_opt(n, "kernel_params")) {
    if (p->size() != 3)
      eval_error("ML55", op + ": kernel_params has " + std::to_string(p->size()) + " entries, expected 3");
    k.gamma = (*p)[0];
    k.coef0 = (*p)[1];
    k.degree = std::trunc(static_cast<double>((*p)[2]));
  }
  return k;
}

double kernel_value(const KernelParams& k, const double* x, const double* v, int64_t c) {
  double dot = 0, dist = 0;
  for (int64_t i = 0; i < c; ++i) {
    dot += x[i] * v[i];
    dist += (x[i] - v[i]) * (x[i] - v[i]);
  }
  switch (k.kind) {
    case SvmKernel::linear: return dot;
    case SvmKernel::poly: return std::pow(k.gamma * dot + k.coef0, k.degree);
    case SvmKernel::rbf: return std::exp(-k.gamma * dist);
    case SvmKernel::sigmoid: return std::tanh(k.gamma * dot + k.coef0);
  }
  return 0;
}

Out svm_regressor(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "SVMRegressor";
  const Rows r = read_rows(a.tensor(0), op);
  const KernelParams k = read_kernel(a.node, op);
  const int64_t supports = attr_int(a.node, "n_supports", 0);
  const bool one_class = attr_int(a.node, "one_class", 0) != 0;
  const std::vector<double> coef = doubles(attr_floats_opt(a.node, "coefficients"));
  const std::vector<double> sv = doubles(attr_floats_opt(a.node, "support_vectors"));
  const std::vector<double> rho = doubles(attr_floats_opt(a.node, "rho"));
  const PostTransform post = parse_post_transform(attr_string(a.node, "post_transform", "NONE"), op);
  // [spec:ML56] with S = n_supports > 0, support_vectors holds S vectors of C features and coefficients S
  // weights, and the score is sum_j coefficients[j] * K(x, v_j) + rho[0] (K of ML55); with S = 0 the model
  // is linear: coefficients holds C weights and the score is <x, coefficients> + rho[0]. rho has exactly
  // one entry. A one-class model outputs 1 for a score > 0 and -1 otherwise; other models output the score
  // through post_transform. The output is [N, 1].
  ONNXSEM_CLAUSE(ML56);
  if (supports < 0 || (r.c > 0 && supports > static_cast<int64_t>(sv.size()) / r.c + 1))
    eval_error("ML56", op + ": n_supports is " + std::to_string(supports) + ", which does not fit support_vectors");
  if (rho.size() != 1) eval_error("ML56", op + ": rho has " + std::to_string(rho.size()) + " entries, expected 1");
  if (supports > 0) {
    if (static_cast<int64_t>(sv.size()) != supports * r.c || static_cast<int64_t>(coef.size()) != supports)
      eval_error("ML56", op + ": " + std::to_string(supports) + " support vectors of " + std::to_string(r.c) +
                             " features need " + std::to_string(supports * r.c) + " support_vectors values and " +
                             std::to_string(supports) + " coefficients, got " + std::to_string(sv.size()) + " and " +
                             std::to_string(coef.size()));
  } else if (static_cast<int64_t>(coef.size()) != r.c) {
    eval_error("ML56", op + ": a linear model of " + std::to_string(r.c) +
                           " features needs as many coefficients, got " + std::to_string(coef.size()));
  }
  std::vector<double> y(static_cast<size_t>(r.n));
  for (int64_t n = 0; n < r.n; ++n) {
    const double* x = r.x.data() + n * r.c;
    double s = rho[0];
    if (supports > 0)
      for (int64_t j = 0; j < supports; ++j)
        s += coef[static_cast<size_t>(j)] * kernel_value(k, x, sv.data() + j * r.c, r.c);
    else
      for (int64_t c = 0; c < r.c; ++c) s += x[c] * coef[static_cast<size_t>(c)];
    std::vector<double> row{s};
    if (one_class) row[0] = s > 0 ? 1.0 : -1.0;
    else apply_post_transform(post, row);
    y[static_cast<size_t>(n)] = row[0];
  }
  return {Value(float_tensor(cx, {r.n, 1}, y))};
}

// [spec:ML59] Platt's estimate of the probability that a row belongs to class i rather than j, from the pair's
// decision value d: 1 / (1 + e^(d A + B)), kept within [1e-7, 1 - 1e-7]; then the E class probabilities
// are coupled from the pairwise ones by libsvm's method (Wu, Lin and Weng's second method): the iterative
// solution, started from 1/E each, stopped when no class's residual exceeds 0.005 / E or after
// max(100, E) rounds. A NaN decision value makes every probability of the row NaN.
std::vector<double> class_probabilities(int64_t e, const std::vector<double>& decision,
                                        const std::vector<double>& prob_a, const std::vector<double>& prob_b) {
  ONNXSEM_CLAUSE(ML59);
  const auto k = static_cast<size_t>(e);
  std::vector<double> r(k * k, 0.0);  // r[i * k + j]: probability of i against j
  size_t p = 0;
  for (size_t i = 0; i < k; ++i)
    for (size_t j = i + 1; j < k; ++j, ++p) {
      if (std::isnan(decision[p])) return std::vector<double>(k, std::numeric_limits<double>::quiet_NaN());
      const double v = std::clamp(1.0 / (1.0 + std::exp(decision[p] * prob_a[p] + prob_b[p])), 1e-7, 1 - 1e-7);
      r[i * k + j] = v;
      r[j * k + i] = 1 - v;
    }
  std::vector<double> q(k * k, 0.0), qp(k, 0.0), prob(k, 1.0 / static_cast<double>(k));
  for (size_t t = 0; t < k; ++t)
    for (size_t j = 0; j < k; ++j) {
      if (j == t) continue;
      q[t * k + t] += r[j * k + t] * r[j * k + t];
      q[t * k + j] = -r[j * k + t] * r[t * k + j];
    }
  const size_t rounds = std::max<size_t>(100, k);
  const double eps = 0.005 / static_cast<double>(k);
  for (size_t round = 0; round < rounds; ++round) {
    double pqp = 0;
    for (size_t t = 0; t < k; ++t) {
      qp[t] = 0;
      for (size_t j = 0; j < k; ++j) qp[t] += q[t * k + j] * prob[j];
      pqp += prob[t] * qp[t];
    }
    double worst = 0;
    for (size_t t = 0; t < k; ++t) worst = std::max(worst, std::fabs(qp[t] - pqp));
    if (worst < eps) break;
    for (size_t t = 0; t < k; ++t) {
      const double qtt = q[t * k + t];
      const double diff = (pqp - qp[t]) / qtt;
      prob[t] += diff;
      pqp = (pqp + diff * (diff * qtt + 2 * qp[t])) / ((1 + diff) * (1 + diff));
      for (size_t j = 0; j < k; ++j) {
        qp[j] = (qp[j] + diff * q[t * k + j]) / (1 + diff);
        prob[j] /= 1 + diff;
      }
    }
  }
  return prob;
}

Out svm_classifier(const KernelArgs& a) {
  const std::string op = "SVMClassifier";
  const Rows r = read_rows(a.tensor(0), op);
  const Labels labels = read_labels(a.node, "classlabels_ints", op);
  const KernelParams k = read_kernel(a.node, op);
  const std::vector<double> coef = doubles(attr_floats_opt(a.node, "coefficients"));
  const std::vector<double> sv = doubles(attr_floats_opt(a.node, "support_vectors"));
  const std::vector<double> rho = doubles(attr_floats_opt(a.node, "rho"));
  const auto per_class = attr_ints_opt(a.node, "vectors_per_class").value_or(std::vector<int64_t>{});
  const PostTransform post = parse_post_transform(attr_string(a.node, "post_transform", "NONE"), op);
  const int64_t e = static_cast<int64_t>(labels.size());
  const std::vector<double> prob_a = doubles(attr_floats_opt(a.node, "prob_a"));
  const std::vector<double> prob_b = doubles(attr_floats_opt(a.node, "prob_b"));
  int64_t s_count = 0;
  for (int64_t v : per_class) {
    if (v < 0 || v > static_cast<int64_t>(coef.size()))
      eval_error("ML57",
                 op + ": vectors_per_class holds the count " + std::to_string(v) + ", more than the coefficients");
    s_count += v;
  }
  if (s_count > static_cast<int64_t>(coef.size()) || (r.c > 0 && s_count > static_cast<int64_t>(sv.size()) / r.c + 1))
    eval_error("ML57", op + ": vectors_per_class counts " + std::to_string(s_count) +
                           " support vectors, more than the coefficients or support_vectors hold");
  std::vector<double> z;
  std::vector<int64_t> index;
  int64_t width = 0;
  if (s_count > 0) {
    // [spec:ML57] support-vector mode (vectors_per_class given, S = its sum > 0): vectors_per_class has E
    // entries, support_vectors S vectors of C features (class 0's first), coefficients E - 1 rows of S, rho
    // E (E - 1) / 2 entries. For each pair of classes i < j, in the order (0, 1), (0, 2), ..., (1, 2), ...,
    // the decision value is d = rho[p] + sum over class i's vectors v of coefficients[j - 1][v] K(x, v) +
    // sum over class j's vectors v of coefficients[i][v] K(x, v); d > 0 is a vote for i, otherwise for j.
    // The label is that of the class with most votes (the first on ties). The scores are the decision
    // values through post_transform, or post_transform([-d, d]) when E = 2.
    ONNXSEM_CLAUSE(ML57);
    const int64_t pairs = e * (e - 1) / 2;
    if (static_cast<int64_t>(per_class.size()) != e || e < 2 || static_cast<int64_t>(sv.size()) != s_count * r.c ||
        static_cast<int64_t>(coef.size()) != (e - 1) * s_count || static_cast<int64_t>(rho.size()) != pairs)
      eval_error("ML57", op + ": " + std::to_string(e) + " classes with " + std::to_string(s_count) +
                             " support vectors of " + std::to_string(r.c) + " features need " + std::to_string(e) +
                             " vectors_per_class entries, " + std::to_string(s_count * r.c) +
                             " support_vectors values, " + std::to_string((e - 1) * s_count) + " coefficients and " +
                             std::to_string(pairs) + " rho entries");
    std::vector<int64_t> start(static_cast<size_t>(e), 0);
    for (int64_t c = 1; c < e; ++c)
      start[static_cast<size_t>(c)] = start[static_cast<size_t>(c - 1)] + per_class[static_cast<size_t>(c - 1)];
    // [spec:ML59] probability estimates: prob_a and prob_b, when either is given, both hold one entry per
    // pair of classes, and the scores become the E class probabilities.
    ONNXSEM_CLAUSE(ML59);
    const bool proba = !prob_a.empty() || !prob_b.empty();
    if (proba && (static_cast<int64_t>(prob_a.size()) != pairs || static_cast<int64_t>(prob_b.size()) != pairs))
      eval_error("ML59", op + ": prob_a and prob_b must both hold " + std::to_string(pairs) +
                             " entries (one per pair of classes), got " + std::to_string(prob_a.size()) + " and " +
                             std::to_string(prob_b.size()));
    width = proba ? e : (e == 2 ? 2 : pairs);
    std::vector<double> kv(static_cast<size_t>(s_count));
    for (int64_t n = 0; n < r.n; ++n) {
      const double* x = r.x.data() + n * r.c;
      for (int64_t v = 0; v < s_count; ++v) kv[static_cast<size_t>(v)] = kernel_value(k, x, sv.data() + v * r.c, r.c);
      std::vector<double> votes(static_cast<size_t>(e), 0.0), row;
      int64_t p = 0;
      for (int64_t i = 0; i < e; ++i)
        for (int64_t j = i + 1; j < e; ++j, ++p) {
          double d = rho[static_cast<size_t>(p)];
          for (int64_t v = start[static_cast<size_t>(i)];
               v < start[static_cast<size_t>(i)] + per_class[static_cast<size_t>(i)]; ++v)
            d += coef[static_cast<size_t>((j - 1) * s_count + v)] * kv[static_cast<size_t>(v)];
          for (int64_t v = start[static_cast<size_t>(j)];
               v < start[static_cast<size_t>(j)] + per_class[static_cast<size_t>(j)]; ++v)
            d += coef[static_cast<size_t>(i * s_count + v)] * kv[static_cast<size_t>(v)];
          votes[static_cast<size_t>(d > 0 ? i : j)] += 1;
          row.push_back(d);
        }
      if (proba) row = class_probabilities(e, row, prob_a, prob_b);
      else if (e == 2) row = {-row[0], row[0]};
      apply_post_transform(post, row);
      index.push_back(static_cast<int64_t>(arg_max(votes)));
      z.insert(z.end(), row.begin(), row.end());
    }
  } else {
    // [spec:ML58] linear mode (no support vectors): coefficients holds E rows of C weights and rho 1 or E
    // entries; the score of class j is <x, coefficients[j]> + rho[j] (rho[0] when it has one entry). The
    // scores go through post_transform, and the label is that of the largest transformed score (ML45);
    // prob_a and prob_b do not apply (ML59).
    ONNXSEM_CLAUSE(ML58);
    if (static_cast<int64_t>(coef.size()) != e * r.c || !(rho.size() == 1 || static_cast<int64_t>(rho.size()) == e))
      eval_error("ML58", op + ": a linear model of " + std::to_string(e) + " classes and " + std::to_string(r.c) +
                             " features needs " + std::to_string(e * r.c) + " coefficients and 1 or " +
                             std::to_string(e) + " rho entries, got " + std::to_string(coef.size()) + " and " +
                             std::to_string(rho.size()));
    width = e;
    for (int64_t n = 0; n < r.n; ++n) {
      const double* x = r.x.data() + n * r.c;
      std::vector<double> row(static_cast<size_t>(e));
      for (int64_t j = 0; j < e; ++j) {
        double d = rho[rho.size() == 1 ? 0 : static_cast<size_t>(j)];
        for (int64_t c = 0; c < r.c; ++c) d += x[c] * coef[static_cast<size_t>(j * r.c + c)];
        row[static_cast<size_t>(j)] = d;
      }
      apply_post_transform(post, row);
      index.push_back(static_cast<int64_t>(arg_max(row)));
      z.insert(z.end(), row.begin(), row.end());
    }
  }
  return classifier_outputs(a, labels, index, r.n, width, z);
}

}  // namespace

void add_linear(Registry& r) {
  r.add(domain, "LinearRegressor", {1}, linear_regressor);
  r.add(domain, "LinearClassifier", {1}, linear_classifier);
  r.add(domain, "SVMRegressor", {1}, svm_regressor);
  r.add(domain, "SVMClassifier", {1}, svm_classifier);
}

}  // namespace onnxsem::ops::ml

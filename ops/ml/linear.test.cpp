// Linear models and support vector regression (spec/ops-ml.md, ML50-ML59), with scores worked out by hand.
#include <cmath>

#include "ops/ml/test_util.hpp"

using namespace mltest;

namespace {
double sig(double v) { return 1 / (1 + std::exp(-v)); }
}  // namespace

TEST_CASE("[ML50] LinearRegressor: one affine map per target") {
  // target 0: x0 + x1 + 0.5, target 1: 2 x0 - x1 - 1
  const std::vector<Attribute> a{attr_i("targets", 2), attr_fs("coefficients", {1, 1, 2, -1}),
                                 attr_fs("intercepts", {0.5f, -1})};
  auto y = run_ml("LinearRegressor", 1, {Value(tf({2, 2}, {1, 2, 3, 4}))}, a);
  CHECK(shape_of(y[0]) == Shape{2, 2});
  CHECK(vals(y[0]) == std::vector<float>{3.5f, -1, 7.5f, 1});
  // a rank-1 int32 input, one target without intercepts, LOGISTIC
  y = run_ml("LinearRegressor", 1, {Value(ti32({2}, {1, -1}))},
             {attr_fs("coefficients", {1, 1}), attr_s("post_transform", "LOGISTIC")});
  CHECK(shape_of(y[0]) == Shape{1, 1});
  CHECK(vals(y[0]) == std::vector<float>{0.5f});
  CHECK(clause_of([] {
          run_ml("LinearRegressor", 1, {Value(tf({1, 2}, {1, 2}))}, {attr_fs("coefficients", {1})});
        }) == "ML50");
  CHECK(clause_of([] {
          run_ml("LinearRegressor", 1, {Value(tf({1, 1}, {1}))},
                 {attr_fs("coefficients", {1}), attr_fs("intercepts", {1, 2})});
        }) == "ML50");
  CHECK(clause_of([] {
          run_ml("LinearRegressor", 1, {Value(tf({1, 1}, {1}))}, {attr_fs("coefficients", {}), attr_i("targets", 0)});
        }) == "ML50");
}

TEST_CASE("[ML51] [ML52] LinearClassifier with one score row per class") {
  // scores: [x0, x1, 0.5 x0 + 0.5 x1 + 0.2]
  const std::vector<Attribute> a{attr_fs("coefficients", {1, 0, 0, 1, 0.5f, 0.5f}), attr_fs("intercepts", {0, 0, 0.2f}),
                                 attr_is("classlabels_ints", {10, 20, 30})};
  auto y = run_ml("LinearClassifier", 1, {Value(td({3, 2}, {1, 0, 0, 1, 0.5, 0.5}))}, a, 2);
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{10, 20, 30});
  CHECK(shape_of(y[1]) == Shape{3, 3});
  check_close(vals(y[1]), {1, 0, 0.7, 0, 1, 0.7, 0.5, 0.5, 0.7});
  CHECK(clause_of([] {
          run_ml("LinearClassifier", 1, {Value(tf({1, 2}, {1, 1}))},
                 {attr_fs("coefficients", {1, 0, 0}), attr_is("classlabels_ints", {1, 2})}, 2);
        }) == "ML51");
  CHECK(clause_of([] {
          run_ml("LinearClassifier", 1, {Value(tf({1, 1}, {1}))},
                 {attr_fs("coefficients", {1, 2, 3}), attr_is("classlabels_ints", {1, 2})}, 2);
        }) == "ML51");
  CHECK(clause_of([] {
          run_ml("LinearClassifier", 1, {Value(tf({1, 1}, {1}))}, {attr_is("classlabels_ints", {1})}, 2);
        }) == "A1");
}

TEST_CASE("[ML51] [ML52] LinearClassifier with one score row and two labels gives [-s, s]") {
  const std::vector<Attribute> a{attr_fs("coefficients", {2, -1}), attr_ss("classlabels_strings", {"a", "b"})};
  // s = 2 x0 - x1: 1 for [1, 1] and -1 for [0, 1]
  auto y = run_ml("LinearClassifier", 1, {Value(tf({2, 2}, {1, 1, 0, 1}))}, a, 2);
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"b", "a"});
  CHECK(vals(y[1]) == std::vector<float>{-1, 1, 1, -1});
  auto b = a;
  b.push_back(attr_s("post_transform", "LOGISTIC"));
  y = run_ml("LinearClassifier", 1, {Value(tf({2, 2}, {1, 1, 0, 1}))}, b, 2);
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"b", "a"});
  check_close(vals(y[1]), {sig(-1), sig(1), sig(1), sig(-1)});
}

TEST_CASE("[ML52] LinearClassifier with a single score column thresholds it") {
  const std::vector<Attribute> a{attr_fs("coefficients", {1}), attr_is("classlabels_ints", {5})};
  auto y = run_ml("LinearClassifier", 1, {Value(tf({3, 1}, {0.5f, -0.5f, 0}))}, a, 2);
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{5, 0, 5});
  CHECK(shape_of(y[1]) == Shape{3, 1});
  auto b = a;
  b.push_back(attr_s("post_transform", "LOGISTIC"));
  // sigmoid(0.5) = 0.62 >= 0.5, sigmoid(-0.5) = 0.38 < 0.5, sigmoid(0) = 0.5
  y = run_ml("LinearClassifier", 1, {Value(tf({3, 1}, {0.5f, -0.5f, 0}))}, b, 2);
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{5, 0, 5});
  const std::vector<Attribute> c{attr_fs("coefficients", {1}), attr_ss("classlabels_strings", {"on"})};
  y = run_ml("LinearClassifier", 1, {Value(tf({2, 1}, {1, -1}))}, c, 2);
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"on", ""});
}

TEST_CASE("[ML56] SVMRegressor, linear model") {
  auto y = run_ml("SVMRegressor", 1, {Value(tf({2, 2}, {1, 1, -1, 0}))},
                  {attr_fs("coefficients", {1, 2}), attr_fs("rho", {0.5f})});
  CHECK(shape_of(y[0]) == Shape{2, 1});
  CHECK(vals(y[0]) == std::vector<float>{3.5f, -0.5f});
  // one-class: the sign of the score
  y = run_ml("SVMRegressor", 1, {Value(tf({2, 2}, {1, 1, -1, 0}))},
             {attr_fs("coefficients", {1, 2}), attr_fs("rho", {0.5f}), attr_i("one_class", 1)});
  CHECK(vals(y[0]) == std::vector<float>{1, -1});
  CHECK(clause_of([] {
          run_ml("SVMRegressor", 1, {Value(tf({1, 2}, {1, 1}))}, {attr_fs("coefficients", {1, 2})});
        }) == "ML56");
  CHECK(clause_of([] {
          run_ml("SVMRegressor", 1, {Value(tf({1, 2}, {1, 1}))}, {attr_fs("coefficients", {1}), attr_fs("rho", {0})});
        }) == "ML56");
  CHECK(clause_of([] {
          run_ml("SVMRegressor", 1, {Value(tf({1, 2}, {1, 1}))},
                 {attr_i("n_supports", 2), attr_fs("support_vectors", {1, 2}), attr_fs("coefficients", {1, 1}),
                  attr_fs("rho", {0})});
        }) == "ML56");
}

TEST_CASE("[ML55] [ML56] SVMRegressor kernels") {
  const auto svr = [](const std::string& kernel, std::vector<float> params, std::vector<float> sv,
                      std::vector<float> coef, Tensor x) {
    std::vector<Attribute> a{attr_s("kernel_type", kernel), attr_i("n_supports", static_cast<int64_t>(coef.size())),
                             attr_fs("support_vectors", std::move(sv)), attr_fs("coefficients", std::move(coef)),
                             attr_fs("rho", {0.25f})};
    if (!params.empty()) a.push_back(attr_fs("kernel_params", std::move(params)));
    return vals(run_ml("SVMRegressor", 1, {Value(std::move(x))}, a)[0]);
  };
  // RBF, gamma 1: x = [0, 0], v1 = [0, 0] (K = 1), v2 = [1, 1] (K = e^-2); 1 * 1 - 1 * e^-2 + 0.25
  check_close(svr("RBF", {1, 0, 0}, {0, 0, 1, 1}, {1, -1}, tf({1, 2}, {0, 0})), {1.25 - std::exp(-2.0)});
  // POLY, gamma 1, coef0 1, degree 2.9 -> 2: x = [1, 1], v = [1, 2]: 0.5 * (3 + 1)^2 + 0.25
  check_close(svr("POLY", {1, 1, 2.9f}, {1, 2}, {0.5f}, tf({1, 2}, {1, 1})), {8.25});
  // SIGMOID, gamma 0.5, coef0 -1: tanh(0.5 * 3 - 1) = tanh(0.5)
  check_close(svr("SIGMOID", {0.5f, -1, 0}, {1, 2}, {2}, tf({1, 2}, {1, 1})), {2 * std::tanh(0.5) + 0.25});
  // LINEAR with support vectors: <x, v> = 3
  check_close(svr("LINEAR", {}, {1, 2}, {-1}, tf({1, 2}, {1, 1})), {-2.75});
  // kernel_params absent: gamma 0, so RBF gives 1 for every support vector
  check_close(svr("RBF", {}, {5, 5}, {3}, tf({1, 2}, {0, 0})), {3.25});
  CHECK(clause_of([&] { svr("CUBIC", {}, {1, 2}, {1}, tf({1, 2}, {1, 1})); }) == "ML55");
  CHECK(clause_of([&] { svr("RBF", {1, 2}, {1, 2}, {1}, tf({1, 2}, {1, 1})); }) == "ML55");
}

namespace {
// Three classes, one support vector each (C = 1, linear kernel: K(x, v) = x v): v0 = 0, v1 = 1, v2 = 2.
std::vector<Attribute> svc3(std::vector<Attribute> extra = {}) {
  std::vector<Attribute> a{attr_is("vectors_per_class", {1, 1, 1}), attr_fs("support_vectors", {0, 1, 2}),
                           attr_fs("coefficients", {1, -1, 1, 1, 1, -1}), attr_fs("rho", {0.5f, -3, -0.5f}),
                           attr_ss("classlabels_strings", {"a", "b", "c"})};
  for (auto& e : extra) a.push_back(std::move(e));
  return a;
}
}  // namespace

TEST_CASE("[ML57] SVMClassifier: one-against-one votes") {
  // x = 1 (K = 0, 1, 2): d01 = 0.5 + 1*0 - 1*1 = -0.5 (vote b), d02 = -3 + 1*0 + 1*2 = -1 (vote c),
  //                      d12 = -0.5 + 1*1 - 1*2 = -1.5 (vote c): label c
  // x = -1 (K = 0, -1, -2): d01 = 1.5 (a), d02 = -5 (c), d12 = 0.5 (b): a tie, the first class wins
  auto y = run_ml("SVMClassifier", 1, {Value(tf({2, 1}, {1, -1}))}, svc3(), 2);
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"c", "a"});
  CHECK(shape_of(y[1]) == Shape{2, 3});
  CHECK(vals(y[1]) == std::vector<float>{-0.5f, -1, -1.5f, 1.5f, -5, 0.5f});
  // two classes: the scores are [-d, d]; d = 0.5 - 2x
  const std::vector<Attribute> two{attr_is("vectors_per_class", {1, 1}), attr_fs("support_vectors", {0, 2}),
                                   attr_fs("coefficients", {1, -1}), attr_fs("rho", {0.5f}),
                                   attr_is("classlabels_ints", {4, 5})};
  y = run_ml("SVMClassifier", 1, {Value(tf({2, 1}, {1, 0}))}, two, 2);
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{5, 4});
  CHECK(vals(y[1]) == std::vector<float>{1.5f, -1.5f, -0.5f, 0.5f});
  auto short_rho = svc3();
  std::erase_if(short_rho, [](const Attribute& x) { return x.name == "rho"; });
  short_rho.push_back(attr_fs("rho", {0}));
  CHECK(clause_of([&] { run_ml("SVMClassifier", 1, {Value(tf({1, 1}, {1}))}, short_rho, 2); }) == "ML57");
}

namespace {
// A support-vector model whose coefficients are all 0, so that every decision value is its rho entry.
std::vector<Attribute> constant_svc(std::vector<float> rho, std::vector<float> pa, std::vector<float> pb) {
  const auto e = static_cast<int64_t>(rho.size() == 1 ? 2 : 3);
  std::vector<Attribute> a{attr_is("vectors_per_class", std::vector<int64_t>(static_cast<size_t>(e), 1)),
                           attr_fs("support_vectors", std::vector<float>(static_cast<size_t>(e), 1)),
                           attr_fs("coefficients", std::vector<float>(static_cast<size_t>((e - 1) * e), 0)),
                           attr_fs("rho", std::move(rho))};
  if (e == 2) a.push_back(attr_is("classlabels_ints", {4, 5}));
  else a.push_back(attr_ss("classlabels_strings", {"a", "b", "c"}));
  if (!pa.empty()) a.push_back(attr_fs("prob_a", std::move(pa)));
  if (!pb.empty()) a.push_back(attr_fs("prob_b", std::move(pb)));
  return a;
}
}  // namespace

TEST_CASE("[ML59] SVMClassifier probabilities, two classes: Platt's sigmoid of the decision value") {
  // d = 1, A = -1, B = 0: r01 = 1 / (1 + e^-1) = sig(1), and the coupled probabilities of two classes are
  // (r01, r10) = (sig(1), 1 - sig(1)).
  auto y = run_ml("SVMClassifier", 1, {Value(tf({2, 1}, {0, 3}))}, constant_svc({1}, {-1}, {0}), 2);
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{4, 4});  // d > 0: the vote of class 0
  CHECK(shape_of(y[1]) == Shape{2, 2});
  check_close(vals(y[1]), {sig(1), 1 - sig(1), sig(1), 1 - sig(1)});
  // d = 1, A = -1, B = 1: d A + B = 0, both probabilities 1/2
  y = run_ml("SVMClassifier", 1, {Value(tf({1, 1}, {0}))}, constant_svc({1}, {-1}, {1}), 2);
  check_close(vals(y[1]), {0.5, 0.5});
  // A = -100: 1 / (1 + e^-100) is kept at 1 - 1e-7
  y = run_ml("SVMClassifier", 1, {Value(tf({1, 1}, {0}))}, constant_svc({1}, {-100}, {0}), 2);
  check_close(vals(y[1]), {1 - 1e-7, 1e-7}, 5e-8);  // within float rounding
  // the probabilities go through post_transform: LOGISTIC of (1/2, 1/2)
  auto with_post = constant_svc({1}, {-1}, {1});
  with_post.push_back(attr_s("post_transform", "LOGISTIC"));
  y = run_ml("SVMClassifier", 1, {Value(tf({1, 1}, {0}))}, with_post, 2);
  check_close(vals(y[1]), {sig(0.5), sig(0.5)});
}

TEST_CASE("[ML59] SVMClassifier probabilities, three classes: pairwise coupling") {
  // rho = (ln 2, ln 2, 0), A = -1, B = 0: r01 = r02 = 1 / (1 + 1/2) = 2/3, r12 = 1/2. These are the pairwise
  // probabilities p_i / (p_i + p_j) of P = (1/2, 1/4, 1/4), the coupling's exact solution; the iteration
  // stops within its tolerance 0.005 / 3 of it.
  const float ln2 = static_cast<float>(std::log(2.0));
  auto y = run_ml("SVMClassifier", 1, {Value(tf({1, 1}, {0}))}, constant_svc({ln2, ln2, 0}, {-1, -1, -1}, {0, 0, 0}),
                  2);
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"a"});  // votes: a twice, c once (d12 = 0)
  CHECK(shape_of(y[1]) == Shape{1, 3});
  const auto p = vals(y[1]);
  check_close(p, {0.5, 0.25, 0.25}, 2e-3);
  CHECK(std::fabs(p[0] + p[1] + p[2] - 1) < 1e-6);
  // every pair at 1/2: the start, 1/3 each, is already the solution
  y = run_ml("SVMClassifier", 1, {Value(tf({1, 1}, {0}))}, constant_svc({0, 0, 0}, {1, 1, 1}, {0, 0, 0}), 2);
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"c"});  // d = 0 votes for the second class
  check_close(vals(y[1]), {1.0 / 3, 1.0 / 3, 1.0 / 3});
  // a NaN input makes the decision values, and so the probabilities, NaN
  y = run_ml("SVMClassifier", 1, {Value(tf({1, 1}, {std::nanf("")}))}, constant_svc({0, 0, 0}, {1, 1, 1}, {0, 0, 0}),
             2);
  for (float v : vals(y[1])) CHECK(std::isnan(v));
}

TEST_CASE("[ML59] prob_a and prob_b: one entry each per pair; ignored by the linear mode") {
  CHECK(clause_of([] {
          run_ml("SVMClassifier", 1, {Value(tf({1, 1}, {0}))}, constant_svc({0, 0, 0}, {1, 1}, {0, 0}), 2);
        }) == "ML59");
  CHECK(clause_of([] {
          run_ml("SVMClassifier", 1, {Value(tf({1, 1}, {0}))}, constant_svc({0, 0, 0}, {1, 1, 1}, {}), 2);
        }) == "ML59");
  // linear mode: the same output with and without prob_a / prob_b
  const std::vector<Attribute> a{attr_fs("coefficients", {1, 0, 0, 1}), attr_fs("rho", {0, 0.5f}),
                                 attr_is("classlabels_ints", {1, 2})};
  auto b = a;
  b.push_back(attr_fs("prob_a", {3}));
  b.push_back(attr_fs("prob_b", {1}));
  auto y = run_ml("SVMClassifier", 1, {Value(tf({1, 2}, {1, 0.75f}))}, b, 2);
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{2});
  CHECK(vals(y[1]) == std::vector<float>{1, 1.25f});
}

TEST_CASE("[ML58] SVMClassifier without support vectors is linear") {
  // class scores [x0 + 0, x1 + 0.5]
  const std::vector<Attribute> a{attr_fs("coefficients", {1, 0, 0, 1}), attr_fs("rho", {0, 0.5f}),
                                 attr_is("classlabels_ints", {1, 2})};
  auto y = run_ml("SVMClassifier", 1, {Value(tf({2, 2}, {1, 0.75f, 2, 0}))}, a, 2);
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{2, 1});
  CHECK(vals(y[1]) == std::vector<float>{1, 1.25f, 2, 0.5f});
  auto b = a;
  b.push_back(attr_s("post_transform", "SOFTMAX"));
  y = run_ml("SVMClassifier", 1, {Value(tf({1, 2}, {2, 0}))}, b, 2);
  check_close(vals(y[1]),
              {std::exp(2.0) / (std::exp(2.0) + std::exp(0.5)), std::exp(0.5) / (std::exp(2.0) + std::exp(0.5))});
  CHECK(clause_of([] {
          run_ml("SVMClassifier", 1, {Value(tf({1, 2}, {1, 1}))},
                 {attr_fs("coefficients", {1, 0}), attr_fs("rho", {0}), attr_is("classlabels_ints", {1, 2})}, 2);
        }) == "ML58");
}

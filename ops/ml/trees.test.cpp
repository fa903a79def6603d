// Tree ensembles (spec/ops-ml.md, ML30-ML39). Every expected score is a sum, mean, minimum or maximum of
// leaf weights worked out by following the trees by hand.
#include <cmath>
#include <limits>

#include "ops/ml/test_util.hpp"

using namespace mltest;

namespace {
const double nan_ = std::numeric_limits<double>::quiet_NaN();

// TreeEnsemble-5 attributes from plain lists (splits and weights as float tensors).
struct Forest {
  std::vector<float> splits;
  std::vector<uint8_t> modes;
  std::vector<int64_t> features, true_ids, false_ids, true_leafs, false_leafs, missing;
  std::vector<int64_t> leaf_targets;
  std::vector<float> leaf_weights;
  std::vector<int64_t> roots;
  int64_t n_targets = 1;
  std::vector<float> members;

  std::vector<Attribute> attrs(std::vector<Attribute> extra = {}) const {
    std::vector<Attribute> a{attr_t("nodes_splits", t1(splits)),
                             attr_t("nodes_modes", t1(modes)),
                             attr_is("nodes_featureids", features),
                             attr_is("nodes_truenodeids", true_ids),
                             attr_is("nodes_falsenodeids", false_ids),
                             attr_is("nodes_trueleafs", true_leafs),
                             attr_is("nodes_falseleafs", false_leafs),
                             attr_is("leaf_targetids", leaf_targets),
                             attr_t("leaf_weights", t1(leaf_weights)),
                             attr_is("tree_roots", roots),
                             attr_i("n_targets", n_targets)};
    if (!missing.empty()) a.push_back(attr_is("nodes_missing_value_tracks_true", missing));
    if (!members.empty()) a.push_back(attr_t("membership_values", t1(members)));
    for (auto& e : extra) a.push_back(std::move(e));
    return a;
  }
};

// Two trees over two features and two targets:
//   tree A (root 0): node 0 = x0 <= 1 ? leaf 0 (t0, 10) : node 1;  node 1 = x1 != 2 ? leaf 1 (t1, 20) : leaf 2 (t0, 30)
//   tree B (root 2): node 2 = x1 >= 0 (NaN goes true) ? leaf 3 (t1, 1) : leaf 4 (t0, 2)
Forest two_trees() {
  Forest f;
  f.splits = {1, 2, 0};
  f.modes = {0, 5, 2};
  f.features = {0, 1, 1};
  f.true_ids = {0, 1, 3};
  f.false_ids = {1, 2, 4};
  f.true_leafs = {1, 1, 1};
  f.false_leafs = {0, 1, 1};
  f.missing = {0, 0, 1};
  f.leaf_targets = {0, 1, 0, 1, 0};
  f.leaf_weights = {10, 20, 30, 1, 2};
  f.roots = {0, 2};
  f.n_targets = 2;
  return f;
}
// Rows: [0.5, 2] -> leaves 0, 3; [5, 2] -> 2, 3; [5, NaN] -> 1, 3; [NaN, -1] -> 1, 4.
Tensor rows4() { return tf({4, 2}, {0.5f, 2, 5, 2, 5, NAN, NAN, -1}); }
}  // namespace

TEST_CASE("[ML31] [ML34] TreeEnsemble sums the leaves the trees reach") {
  auto y = run_ml("TreeEnsemble", 5, {Value(rows4())}, two_trees().attrs());
  CHECK(shape_of(y[0]) == Shape{4, 2});
  CHECK(vals(y[0]) == std::vector<float>{10, 1, 30, 1, 0, 21, 2, 20});
}

TEST_CASE("[ML34] TreeEnsemble AVERAGE, MIN and MAX; targets without votes score 0") {
  auto y = run_ml("TreeEnsemble", 5, {Value(rows4())}, two_trees().attrs({attr_i("aggregate_function", 0)}));
  CHECK(vals(y[0]) == std::vector<float>{5, 0.5f, 15, 0.5f, 0, 10.5f, 1, 10});
  y = run_ml("TreeEnsemble", 5, {Value(rows4())}, two_trees().attrs({attr_i("aggregate_function", 2)}));
  CHECK(vals(y[0]) == std::vector<float>{10, 1, 30, 1, 0, 1, 2, 20});
  y = run_ml("TreeEnsemble", 5, {Value(rows4())}, two_trees().attrs({attr_i("aggregate_function", 3)}));
  CHECK(vals(y[0]) == std::vector<float>{10, 1, 30, 1, 0, 20, 2, 20});
  CHECK(clause_of([] {
          run_ml("TreeEnsemble", 5, {Value(rows4())}, two_trees().attrs({attr_i("aggregate_function", 4)}));
        }) == "ML34");
}

TEST_CASE("[ML40] [ML42] TreeEnsemble post_transform LOGISTIC, and an empty batch") {
  auto y = run_ml("TreeEnsemble", 5, {Value(rows4())}, two_trees().attrs({attr_i("post_transform", 2)}));
  const auto s = [](double v) { return 1 / (1 + std::exp(-v)); };
  check_close(vals(y[0]), {s(10), s(1), s(30), s(1), s(0), s(21), s(2), s(20)});
  y = run_ml("TreeEnsemble", 5, {Value(tf({0, 2}, {}))}, two_trees().attrs());
  CHECK(shape_of(y[0]) == Shape{0, 2});
  CHECK(clause_of([] {
          run_ml("TreeEnsemble", 5, {Value(rows4())}, two_trees().attrs({attr_i("post_transform", 7)}));
        }) == "ML40");
}

TEST_CASE("[ML30] TreeEnsemble in double and float16; a one-node tree whose branches meet at one leaf") {
  std::vector<Attribute> a{attr_t("nodes_splits", t1<double>({0})),
                           attr_t("nodes_modes", t1<uint8_t>({0})),
                           attr_is("nodes_featureids", {0}),
                           attr_is("nodes_truenodeids", {0}),
                           attr_is("nodes_falsenodeids", {0}),
                           attr_is("nodes_trueleafs", {1}),
                           attr_is("nodes_falseleafs", {1}),
                           attr_is("leaf_targetids", {0}),
                           attr_t("leaf_weights", t1<double>({0.25})),
                           attr_is("tree_roots", {0}),
                           attr_i("n_targets", 1)};
  auto y = run_ml("TreeEnsemble", 5, {Value(td({2, 1}, {-3, 3}))}, a);
  CHECK(vals<double>(y[0]) == std::vector<double>{0.25, 0.25});
  a[0] = attr_t("nodes_splits", t1<float16_t>({float16_t{0}}));
  a[8] = attr_t("leaf_weights", t1<float16_t>({float16_t{0x3400}}));  // 0.25
  y = run_ml("TreeEnsemble", 5, {Value(tv<float16_t>({1, 1}, {float16_t{0x3c00}}))}, a);
  REQUIRE(y[0]->tensor().dtype() == DType::float16);
  CHECK(vals<float16_t>(y[0])[0].bits == 0x3400);
  // a double input with float splits
  CHECK(clause_of([] { run_ml("TreeEnsemble", 5, {Value(td({1, 2}, {1, 2}))}, two_trees().attrs()); }) == "ML30");
}

TEST_CASE("[ML30] TreeEnsemble attribute errors") {
  auto bad = [](auto change) {
    Forest f = two_trees();
    change(f);
    return clause_of([&] { run_ml("TreeEnsemble", 5, {Value(rows4())}, f.attrs()); });
  };
  CHECK(bad([](Forest& f) { f.leaf_targets[4] = 2; }) == "ML30");    // target outside [0, 2)
  CHECK(bad([](Forest& f) { f.modes[1] = 7; }) == "ML30");           // unknown mode
  CHECK(bad([](Forest& f) { f.false_ids[0] = 3; }) == "ML30");       // node index outside [0, 3)
  CHECK(bad([](Forest& f) { f.true_ids[2] = 5; }) == "ML30");        // leaf index outside [0, 5)
  CHECK(bad([](Forest& f) { f.features[2] = 2; }) == "ML30");        // feature outside [0, 2)
  CHECK(bad([](Forest& f) { f.roots = {3}; }) == "ML30");            // root outside [0, 3)
  CHECK(bad([](Forest& f) { f.true_leafs.pop_back(); }) == "ML30");  // length mismatch
  CHECK(bad([](Forest& f) { f.leaf_weights.pop_back(); }) == "ML30");
  // n_targets missing; input of rank 1
  auto a = two_trees().attrs();
  std::erase_if(a, [](const Attribute& x) { return x.name == "n_targets"; });
  CHECK(clause_of([&] { run_ml("TreeEnsemble", 5, {Value(rows4())}, a); }) == "ML30");
  CHECK(clause_of([] { run_ml("TreeEnsemble", 5, {Value(tf({2}, {1, 2}))}, two_trees().attrs()); }) == "ML2");
}

TEST_CASE("[ML32] set-membership nodes take their sets in node order") {
  // node 0: x0 in {1, 4} ? leaf 0 (1) : node 1;  node 1: x0 in {2} ? leaf 1 (2) : leaf 2 (3)
  Forest f;
  f.splits = {0, 0};
  f.modes = {6, 6};
  f.features = {0, 0};
  f.true_ids = {0, 1};
  f.false_ids = {1, 2};
  f.true_leafs = {1, 1};
  f.false_leafs = {0, 1};
  f.leaf_targets = {0, 0, 0};
  f.leaf_weights = {1, 2, 3};
  f.roots = {0};
  f.members = {1, 4, NAN, 2, NAN, 99};  // 99 follows the last NaN: ignored
  auto y = run_ml("TreeEnsemble", 5, {Value(tf({5, 1}, {4, 2, 99, NAN, 1}))}, f.attrs());
  CHECK(vals(y[0]) == std::vector<float>{1, 2, 3, 3, 1});
  f.members = {1, NAN};
  CHECK(clause_of([&] { run_ml("TreeEnsemble", 5, {Value(tf({1, 1}, {1}))}, f.attrs()); }) == "ML32");
}

TEST_CASE("[ML33] a tree whose nodes form a cycle is refused") {
  Forest f;
  f.splits = {0, 0};
  f.modes = {0, 0};
  f.features = {0, 0};
  f.true_ids = {1, 0};
  f.false_ids = {1, 0};
  f.true_leafs = {0, 0};
  f.false_leafs = {0, 0};
  f.leaf_targets = {0};
  f.leaf_weights = {1};
  f.roots = {0};
  CHECK(clause_of([&] { run_ml("TreeEnsemble", 5, {Value(tf({1, 1}, {1}))}, f.attrs()); }) == "ML33");
}

namespace {
// The older encoding: tree 1 listed first, then tree 0.
//   tree 0: node 0 = x0 <= 1 ? node 1 : node 2 (leaves);  tree 1: node 0 = x1 > 0 ? node 1 : node 2 (leaves)
std::vector<Attribute> old_nodes(bool values_as_tensor = false) {
  std::vector<Attribute> a{attr_is("nodes_treeids", {1, 1, 1, 0, 0, 0}),
                           attr_is("nodes_nodeids", {0, 1, 2, 0, 1, 2}),
                           attr_is("nodes_featureids", {1, 0, 0, 0, 0, 0}),
                           attr_ss("nodes_modes", {"BRANCH_GT", "LEAF", "LEAF", "BRANCH_LEQ", "LEAF", "LEAF"}),
                           attr_is("nodes_truenodeids", {1, 0, 0, 1, 0, 0}),
                           attr_is("nodes_falsenodeids", {2, 0, 0, 2, 0, 0})};
  if (values_as_tensor) a.push_back(attr_t("nodes_values_as_tensor", t1<double>({0, 0, 0, 1, 0, 0})));
  else a.push_back(attr_fs("nodes_values", {0, 0, 0, 1, 0, 0}));
  return a;
}
// Regressor votes: tree 0 node 1 -> t0 1; tree 0 node 2 -> t0 2 and t1 5; tree 1 node 1 -> t1 10; tree 1 node 2 ->
// t0 20.
std::vector<Attribute> regressor(std::vector<Attribute> extra = {}, bool as_tensor = false) {
  auto a = old_nodes(as_tensor);
  a.push_back(attr_is("target_treeids", {0, 0, 0, 1, 1}));
  a.push_back(attr_is("target_nodeids", {1, 2, 2, 1, 2}));
  a.push_back(attr_is("target_ids", {0, 0, 1, 1, 0}));
  a.push_back(attr_fs("target_weights", {1, 2, 5, 10, 20}));
  a.push_back(attr_i("n_targets", 2));
  for (auto& e : extra) a.push_back(std::move(e));
  return a;
}
// [0, 1]: tree 0 -> node 1, tree 1 -> node 1;  [3, -1]: tree 0 -> node 2, tree 1 -> node 2.
Tensor rows2() { return tf({2, 2}, {0, 1, 3, -1}); }
}  // namespace

TEST_CASE("[ML35] [ML36] TreeEnsembleRegressor-1 sums the votes of the reached leaves") {
  auto y = run_ml("TreeEnsembleRegressor", 1, {Value(rows2())}, regressor());
  CHECK(shape_of(y[0]) == Shape{2, 2});
  CHECK(vals(y[0]) == std::vector<float>{1, 10, 22, 5});
  // an int64 input, read as a rank-1 row
  y = run_ml("TreeEnsembleRegressor", 1, {Value(ti64({2}, {3, -1}))}, regressor());
  CHECK(vals(y[0]) == std::vector<float>{22, 5});
}

TEST_CASE("[ML34] [ML37] TreeEnsembleRegressor AVERAGE and MAX, then base values") {
  auto y = run_ml("TreeEnsembleRegressor", 3, {Value(rows2())},
                  regressor({attr_s("aggregate_function", "AVERAGE"), attr_fs("base_values", {100, 200})}));
  CHECK(vals(y[0]) == std::vector<float>{100.5f, 205, 111, 202.5f});
  y = run_ml("TreeEnsembleRegressor", 3, {Value(rows2())}, regressor({attr_s("aggregate_function", "MAX")}));
  CHECK(vals(y[0]) == std::vector<float>{1, 10, 20, 5});
  CHECK(clause_of([] {
          run_ml("TreeEnsembleRegressor", 3, {Value(rows2())}, regressor({attr_fs("base_values", {1})}));
        }) == "ML37");
  CHECK(clause_of([] {
          run_ml("TreeEnsembleRegressor", 3, {Value(rows2())}, regressor({attr_s("aggregate_function", "MEDIAN")}));
        }) == "ML34");
}

TEST_CASE("[ML39] versions 3 and 5 read *_as_tensor attributes, never both forms") {
  auto y = run_ml("TreeEnsembleRegressor", 3, {Value(rows2())},
                  regressor({attr_t("base_values_as_tensor", t1<double>({0.5, 0.25}))}, true));
  CHECK(vals(y[0]) == std::vector<float>{1.5f, 10.25f, 22.5f, 5.25f});
  y = run_ml("TreeEnsembleRegressor", 5, {Value(rows2())}, regressor({}, true));
  CHECK(vals(y[0]) == std::vector<float>{1, 10, 22, 5});
  // version 1 ignores the tensor form: without nodes_values every threshold is 0, so [0, 1] goes to node 1
  // in tree 0 (0 <= 0) and [3, -1] to node 2
  y = run_ml("TreeEnsembleRegressor", 1, {Value(rows2())}, regressor({}, true));
  CHECK(vals(y[0]) == std::vector<float>{1, 10, 22, 5});
  CHECK(clause_of([] {
          run_ml("TreeEnsembleRegressor", 3, {Value(rows2())},
                 regressor({attr_t("nodes_values_as_tensor", t1<double>({0, 0, 0, 1, 0, 0}))}));
        }) == "ML39");
}

TEST_CASE("[ML35] [ML36] errors in the older encoding") {
  auto with = [](std::vector<Attribute> a, const std::string& name, Attribute repl) {
    for (auto& x : a)
      if (x.name == name) x = std::move(repl);
    return clause_of([&] { run_ml("TreeEnsembleRegressor", 3, {Value(rows2())}, a); });
  };
  CHECK(with(regressor(), "nodes_nodeids", attr_is("nodes_nodeids", {0, 1, 1, 0, 1, 2})) == "ML35");  // duplicate
  CHECK(with(regressor(), "nodes_modes",
             attr_ss("nodes_modes", {"BRANCH_GT", "LEAF", "LEAF", "BRANCH_LE", "LEAF", "LEAF"})) == "ML35");
  CHECK(with(regressor(), "nodes_truenodeids", attr_is("nodes_truenodeids", {1, 0, 0, 3, 0, 0})) == "ML35");
  CHECK(with(regressor(), "nodes_featureids", attr_is("nodes_featureids", {2, 0, 0, 0, 0, 0})) == "ML35");
  CHECK(with(regressor(), "nodes_featureids", attr_is("nodes_featureids", {1, 0, 0, 0, 0})) == "ML35");
  CHECK(with(regressor(), "target_ids", attr_is("target_ids", {0, 0, 2, 1, 0})) == "ML36");
  CHECK(with(regressor(), "target_nodeids", attr_is("target_nodeids", {1, 2, 2, 1, 7})) == "ML36");
  CHECK(with(regressor(), "target_weights", attr_fs("target_weights", {1})) == "ML36");
  auto a = regressor();
  std::erase_if(a, [](const Attribute& x) { return x.name == "n_targets"; });
  CHECK(clause_of([&] { run_ml("TreeEnsembleRegressor", 3, {Value(rows2())}, a); }) == "ML36");
}

namespace {
// Classifier votes: tree 0 node 1 -> class 0 (0.5); tree 0 node 2 -> class 2 (1); tree 1 node 1 -> class 1
// (0.25); tree 1 node 2 -> class 2 (0.5).
std::vector<Attribute> classifier(std::vector<Attribute> extra = {}) {
  auto a = old_nodes();
  a.push_back(attr_is("class_treeids", {0, 0, 1, 1}));
  a.push_back(attr_is("class_nodeids", {1, 2, 1, 2}));
  a.push_back(attr_is("class_ids", {0, 2, 1, 2}));
  a.push_back(attr_fs("class_weights", {0.5f, 1, 0.25f, 0.5f}));
  a.push_back(attr_is("classlabels_int64s", {7, 8, 9}));
  for (auto& e : extra) a.push_back(std::move(e));
  return a;
}
}  // namespace

TEST_CASE("[ML38] [ML45] TreeEnsembleClassifier: class scores and the label of the largest") {
  // [0, 1]: class 0 gets 0.5, class 1 gets 0.25 -> label 7;  [3, -1]: class 2 gets 1 + 0.5 -> label 9
  auto y = run_ml("TreeEnsembleClassifier", 1, {Value(rows2())}, classifier(), 2);
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{7, 9});
  CHECK(shape_of(y[1]) == Shape{2, 3});
  CHECK(vals(y[1]) == std::vector<float>{0.5f, 0.25f, 0, 0, 0, 1.5f});
  // base values shift the scores before the label is chosen: class 1 now wins the first row
  y = run_ml("TreeEnsembleClassifier", 3, {Value(rows2())}, classifier({attr_fs("base_values", {0, 0.5f, 0})}), 2);
  CHECK(vals<int64_t>(y[0]) == std::vector<int64_t>{8, 9});
  CHECK(vals(y[1]) == std::vector<float>{0.5f, 0.75f, 0, 0, 0.5f, 1.5f});
  // SOFTMAX of [0.5, 0.25, 0]
  y = run_ml("TreeEnsembleClassifier", 5, {Value(tf({1, 2}, {0, 1}))},
             classifier({attr_s("post_transform", "SOFTMAX")}), 2);
  const double s = std::exp(0.5) + std::exp(0.25) + 1;
  check_close(vals(y[1]), {std::exp(0.5) / s, std::exp(0.25) / s, 1 / s});
  // only the label requested
  y = run_ml("TreeEnsembleClassifier", 3, {Value(rows2())}, classifier(), 1);
  CHECK(y.size() == 1);
  CHECK(clause_of([] {
          run_ml("TreeEnsembleClassifier", 3, {Value(rows2())}, classifier({attr_fs("base_values", {1})}), 2);
        }) == "ML37");
}

TEST_CASE("[ML38] TreeEnsembleClassifier binary mode: one score s becomes [1 - s, s] or [-s, s]") {
  // one tree: x0 <= 0 ? leaf 1 (class 0, 0.8) : leaf 2 (class 0, -0.2); base 0.1
  const std::vector<Attribute> a{attr_is("nodes_treeids", {0, 0, 0}),
                                 attr_is("nodes_nodeids", {0, 1, 2}),
                                 attr_is("nodes_featureids", {0, 0, 0}),
                                 attr_ss("nodes_modes", {"BRANCH_LEQ", "LEAF", "LEAF"}),
                                 attr_fs("nodes_values", {0, 0, 0}),
                                 attr_is("nodes_truenodeids", {1, 0, 0}),
                                 attr_is("nodes_falsenodeids", {2, 0, 0}),
                                 attr_is("class_treeids", {0, 0}),
                                 attr_is("class_nodeids", {1, 2}),
                                 attr_is("class_ids", {0, 0}),
                                 attr_fs("class_weights", {0.8f, -0.2f}),
                                 attr_ss("classlabels_strings", {"no", "yes"}),
                                 attr_fs("base_values", {0.1f})};
  // s = 0.9 for [-1] and -0.1 for [1]
  auto y = run_ml("TreeEnsembleClassifier", 3, {Value(tf({2, 1}, {-1, 1}))}, a, 2);
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"yes", "no"});
  CHECK(shape_of(y[1]) == Shape{2, 2});
  const double s0 = static_cast<double>(0.8f) + static_cast<double>(0.1f);
  const double s1 = static_cast<double>(-0.2f) + static_cast<double>(0.1f);
  check_close(vals(y[1]), {1 - s0, s0, 1 - s1, s1});
  auto b = a;
  b.push_back(attr_s("post_transform", "LOGISTIC"));
  y = run_ml("TreeEnsembleClassifier", 3, {Value(tf({2, 1}, {-1, 1}))}, b, 2);
  const auto sig = [](double v) { return 1 / (1 + std::exp(-v)); };
  CHECK(vals<std::string>(y[0]) == std::vector<std::string>{"yes", "no"});
  check_close(vals(y[1]), {sig(-s0), sig(s0), sig(-s1), sig(s1)});
}

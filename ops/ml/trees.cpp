// Tree ensembles of ai.onnx.ml (spec/ops-ml.md, ML30-ML38): TreeEnsemble-5 and the older
// TreeEnsembleRegressor and TreeEnsembleClassifier (1, 3 and the deprecated 5).
//
// An ensemble is a list of trees. Walking a tree with a feature row x starts at its root; an interior
// node compares x[feature] with its split (or tests membership in its set) and moves to its true or false
// child; the walk ends at a leaf, which holds weighted votes (target, weight). For every target the votes
// of the reached leaves are aggregated (SUM, AVERAGE, MIN, MAX), base values are added, and the row of
// target scores goes through post_transform. Everything is computed in binary64.
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "ops/common/attrs.hpp"
#include "ops/ml/ml.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::ml {
namespace {

using Out = std::vector<std::optional<Value>>;

enum class Mode { leq = 0, lt = 1, gte = 2, gt = 3, eq = 4, neq = 5, member = 6, leaf = 7 };
enum class Aggregate { average = 0, sum = 1, min = 2, max = 3 };

struct Branch {
  bool leaf = false;
  int64_t index = 0;  // into Ensemble::nodes or Ensemble::leaves
};
struct TreeNode {
  Mode mode = Mode::leaf;
  int64_t feature = 0;
  double split = 0;
  std::set<double> members;
  bool missing_true = false;
  Branch on_true, on_false;
};
struct Vote {
  int64_t target = 0;
  double weight = 0;
};
struct Ensemble {
  std::vector<TreeNode> nodes;
  std::vector<std::vector<Vote>> leaves;
  std::vector<Branch> roots;
  int64_t targets = 0;
  Aggregate aggregate = Aggregate::sum;
};

// [spec:ML31] the true branch is taken when the node's test holds, or when the feature is NaN and the
// node's missing_value_tracks_true is set; otherwise the false branch.
bool test(const TreeNode& n, double x) {
  bool r = false;
  switch (n.mode) {
    case Mode::leq: r = x <= n.split; break;
    case Mode::lt: r = x < n.split; break;
    case Mode::gte: r = x >= n.split; break;
    case Mode::gt: r = x > n.split; break;
    case Mode::eq: r = x == n.split; break;
    case Mode::neq: r = x != n.split; break;
    case Mode::member: r = !std::isnan(x) && n.members.count(x) > 0; break;
    case Mode::leaf: break;
  }
  return r || (std::isnan(x) && n.missing_true);
}

// The leaf a walk from `root` reaches for the feature row x.
int64_t walk(const Ensemble& e, Branch b, const double* x, const std::string& op) {
  // [spec:ML33] a walk visits each interior node at most once; a longer one is a cycle, an error.
  ONNXSEM_CLAUSE(ML33, ML31);  // ML31: test() below, once per walk rather than once per node
  size_t steps = 0;
  while (!b.leaf) {
    if (++steps > e.nodes.size())
      eval_error("ML33", op + ": the tree walk from a root does not reach a leaf (the nodes form a cycle)");
    const TreeNode& n = e.nodes[static_cast<size_t>(b.index)];
    b = test(n, x[n.feature]) ? n.on_true : n.on_false;
  }
  return b.index;
}

// Aggregated target scores of every row (N x targets), before base values and post_transform.
std::vector<double> evaluate(EvalContext& cx, const Ensemble& e, const Rows& rows, const std::string& op) {
  (void)check_work(cx, {rows.n, e.targets});
  const size_t t = static_cast<size_t>(e.targets);
  std::vector<double> out(static_cast<size_t>(rows.n) * t, 0.0);
  std::vector<double> acc(t);
  std::vector<bool> seen(t);
  for (int64_t i = 0; i < rows.n; ++i) {
    std::fill(acc.begin(), acc.end(), 0.0);
    std::fill(seen.begin(), seen.end(), false);
    const double* x = rows.x.data() + i * rows.c;
    for (const Branch& root : e.roots)
      for (const Vote& v : e.leaves[static_cast<size_t>(walk(e, root, x, op))]) {
        double& a = acc[static_cast<size_t>(v.target)];
        const bool first = !seen[static_cast<size_t>(v.target)];
        seen[static_cast<size_t>(v.target)] = true;
        // [spec:ML34] SUM adds the votes of a target, AVERAGE divides that sum by the number of trees,
        // MIN and MAX keep the smallest or largest vote; a target without votes scores 0.
        ONNXSEM_CLAUSE(ML34);
        switch (e.aggregate) {
          case Aggregate::sum:
          case Aggregate::average: a += v.weight; break;
          case Aggregate::min: a = first ? v.weight : std::fmin(a, v.weight); break;
          case Aggregate::max: a = first ? v.weight : std::fmax(a, v.weight); break;
        }
      }
    for (size_t k = 0; k < t; ++k)
      out[static_cast<size_t>(i) * t + k] = e.aggregate == Aggregate::average && !e.roots.empty()
                                                ? acc[k] / static_cast<double>(e.roots.size())
                                                : acc[k];
  }
  return out;
}

// ---------------------------------------------------------------- TreeEnsemble (version 5)
inline constexpr auto tree5_types = hana::tuple_t<float, double, float16_t>;

std::vector<int64_t> ints_req(const Node& n, const std::string& name, const std::string& op) {
  auto v = attr_ints_opt(n, name);
  if (!v) eval_error("ML30", op + ": required attribute '" + name + "' is missing");
  return *v;
}
const Tensor& tensor_req(const Node& n, const std::string& name, const std::string& op) {
  const Tensor* t = attr_tensor_opt(n, name);
  if (!t) eval_error("ML30", op + ": required attribute '" + name + "' is missing");
  return *t;
}

Out tree_ensemble_5(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "TreeEnsemble";
  const Node& n = a.node;
  const Tensor& xt = a.tensor(0);
  // [spec:ML30] the attributes describe M interior nodes and L leaves consistently: nodes_* lists of length M
  // (splits and weights 1-D tensors of the input's element type, modes a uint8 tensor of values 0 to 6),
  // leaf_* lists of length L, child and root indices in range, leaf targets in [0, n_targets).
  ONNXSEM_CLAUSE(ML30);
  if (xt.rank() != 2) eval_error("ML2", op + ": the input must have rank 2, got shape " + show(xt.shape()));
  const Tensor& splits = tensor_req(n, "nodes_splits", op);
  const Tensor& modes = tensor_req(n, "nodes_modes", op);
  const Tensor& weights = tensor_req(n, "leaf_weights", op);
  const auto features = ints_req(n, "nodes_featureids", op);
  const auto true_ids = ints_req(n, "nodes_truenodeids", op);
  const auto false_ids = ints_req(n, "nodes_falsenodeids", op);
  const auto true_leafs = ints_req(n, "nodes_trueleafs", op);
  const auto false_leafs = ints_req(n, "nodes_falseleafs", op);
  const auto targets = ints_req(n, "leaf_targetids", op);
  const auto roots = ints_req(n, "tree_roots", op);
  const auto missing = attr_ints_opt(n, "nodes_missing_value_tracks_true");
  const Tensor* members = attr_tensor_opt(n, "membership_values");
  const auto n_targets = attr_int_opt(n, "n_targets");
  if (!n_targets || *n_targets < 0) eval_error("ML30", op + ": n_targets must be given and non-negative");
  for (const auto& [name, t] : {std::pair{"nodes_splits", &splits}, std::pair{"leaf_weights", &weights}})
    if (t->dtype() != xt.dtype() || t->rank() != 1)
      eval_error("ML30", op + ": " + std::string(name) + " must be a 1-D " + dtype_name(xt.dtype()) + " tensor, got " +
                             Value(*t).describe());
  if (members && members->dtype() != xt.dtype())
    eval_error("ML30",
               op + ": membership_values must have the input's element type, got " + Value(*members).describe());
  if (modes.dtype() != DType::uint8)
    eval_error("ML30", op + ": nodes_modes must be a uint8 tensor, got " + Value(modes).describe());
  const size_t m = static_cast<size_t>(splits.size());
  const size_t l = static_cast<size_t>(weights.size());
  for (const auto& [name, len] : {std::pair<std::string, size_t>{"nodes_modes", static_cast<size_t>(modes.size())},
                                  {"nodes_featureids", features.size()},
                                  {"nodes_truenodeids", true_ids.size()},
                                  {"nodes_falsenodeids", false_ids.size()},
                                  {"nodes_trueleafs", true_leafs.size()},
                                  {"nodes_falseleafs", false_leafs.size()},
                                  {"nodes_missing_value_tracks_true", missing ? missing->size() : m}})
    if (len != m)
      eval_error("ML30",
                 op + ": " + name + " has " + std::to_string(len) + " entries, nodes_splits " + std::to_string(m));
  if (targets.size() != l)
    eval_error("ML30", op + ": leaf_targetids has " + std::to_string(targets.size()) + " entries, leaf_weights " +
                           std::to_string(l));

  const int64_t f = xt.dim(1);
  const std::vector<double> split_v = widen_all(splits, tree5_types, op);
  const std::vector<double> weight_v = widen_all(weights, tree5_types, op);
  const std::vector<double> member_v = members ? widen_all(*members, tree5_types, op) : std::vector<double>{};
  auto mode_v = modes.data<uint8_t>();

  Ensemble e;
  e.targets = *n_targets;
  const int64_t agg = attr_int(n, "aggregate_function", 1);
  if (agg < 0 || agg > 3)
    eval_error("ML34", op + ": aggregate_function is " + std::to_string(agg) + ", expected 0 to 3");
  e.aggregate = static_cast<Aggregate>(agg);
  const PostTransform post = post_transform_from_int(attr_int(n, "post_transform", 0), op);

  auto branch = [&](int64_t id, int64_t is_leaf, size_t at, const char* side) {
    const size_t limit = is_leaf ? l : m;
    if (id < 0 || static_cast<size_t>(id) >= limit)
      eval_error("ML30", op + ": node " + std::to_string(at) + " has " + side + " child " + std::to_string(id) +
                             " outside [0, " + std::to_string(limit) + ")");
    return Branch{is_leaf != 0, id};
  };
  // [spec:ML32] the membership values are split at their NaNs: the k-th group is the set of the k-th node
  // (in node order) whose mode is 6; there are as many NaNs as such nodes, and values after the last NaN
  // are ignored.
  ONNXSEM_CLAUSE(ML32);
  size_t pos = 0;
  for (size_t i = 0; i < m; ++i) {
    TreeNode node;
    if (mode_v[i] > 6)
      eval_error("ML30",
                 op + ": nodes_modes[" + std::to_string(i) + "] is " + std::to_string(mode_v[i]) + ", expected 0 to 6");
    node.mode = static_cast<Mode>(mode_v[i]);
    node.feature = features[i];
    if (node.feature < 0 || node.feature >= f)
      eval_error("ML30", op + ": node " + std::to_string(i) + " reads feature " + std::to_string(node.feature) +
                             " of an input with " + std::to_string(f) + " features");
    node.split = split_v[i];
    node.missing_true = missing && (*missing)[i] != 0;
    node.on_true = branch(true_ids[i], true_leafs[i], i, "true");
    node.on_false = branch(false_ids[i], false_leafs[i], i, "false");
    if (node.mode == Mode::member) {
      while (pos < member_v.size() && !std::isnan(member_v[pos])) node.members.insert(member_v[pos++]);
      if (pos >= member_v.size())
        eval_error("ML32", op + ": membership_values has fewer NaN-terminated sets than set-membership nodes");
      ++pos;
    }
    e.nodes.push_back(std::move(node));
  }
  for (size_t i = 0; i < l; ++i) {
    if (targets[i] < 0 || targets[i] >= e.targets)
      eval_error("ML30", op + ": leaf " + std::to_string(i) + " votes for target " + std::to_string(targets[i]) +
                             " outside [0, " + std::to_string(e.targets) + ")");
    e.leaves.push_back({Vote{targets[i], weight_v[i]}});
  }
  for (int64_t r : roots) {
    if (r < 0 || static_cast<size_t>(r) >= m)
      eval_error("ML30", op + ": tree root " + std::to_string(r) + " is outside [0, " + std::to_string(m) + ")");
    e.roots.push_back(Branch{false, r});
  }

  Rows rows;
  rows.n = xt.dim(0);
  rows.c = f;
  rows.x = widen_all(xt, tree5_types, op);
  std::vector<double> y = evaluate(cx, e, rows, op);
  const size_t t = static_cast<size_t>(e.targets);
  for (int64_t i = 0; i < rows.n; ++i) {
    std::vector<double> row(y.begin() + static_cast<int64_t>(i * e.targets),
                            y.begin() + static_cast<int64_t>((i + 1) * e.targets));
    apply_post_transform(post, row);
    std::copy(row.begin(), row.end(), y.begin() + static_cast<int64_t>(i * static_cast<int64_t>(t)));
  }
  return {Value(dispatch(xt.dtype(), tree5_types, op, [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto [out_t, out] = Tensor::allocate<T>(cx, Shape{rows.n, e.targets});
    for (size_t i = 0; i < out.size(); ++i) out[i] = narrow_float<T>(y[i]);
    return out_t;
  }))};
}

// ---------------------------------------------------------------- TreeEnsembleRegressor / Classifier (1, 3, 5)
// A float list attribute, or (from version 3) its *_as_tensor double form; never both (ML39).
std::optional<std::vector<double>> float_list(const Node& n, const std::string& name, bool as_tensor,
                                              const std::string& op) {
  auto fl = attr_floats_opt(n, name);
  const Tensor* t = as_tensor ? attr_tensor_opt(n, name + "_as_tensor") : nullptr;
  if (fl && t) eval_error("ML39", op + ": both " + name + " and " + name + "_as_tensor are given");
  if (fl) return std::vector<double>(fl->begin(), fl->end());
  if (t) return widen_all(*t, hana::tuple_t<float, double>, op);
  return std::nullopt;
}

// The nodes and leaves of an older tree ensemble, with the votes given by (prefix)_treeids/nodeids/ids/
// weights: prefix "target" for the regressor, "class" for the classifier.
Ensemble read_old_ensemble(const Node& n, const std::string& prefix, int64_t targets, int64_t f, bool v3,
                           const std::string& op) {
  const auto tree_ids = attr_ints_opt(n, "nodes_treeids").value_or(std::vector<int64_t>{});
  const auto node_ids = attr_ints_opt(n, "nodes_nodeids").value_or(std::vector<int64_t>{});
  const auto features = attr_ints_opt(n, "nodes_featureids").value_or(std::vector<int64_t>{});
  const auto modes = attr_strings_opt(n, "nodes_modes").value_or(std::vector<std::string>{});
  const auto true_ids = attr_ints_opt(n, "nodes_truenodeids").value_or(std::vector<int64_t>{});
  const auto false_ids = attr_ints_opt(n, "nodes_falsenodeids").value_or(std::vector<int64_t>{});
  const auto missing = attr_ints_opt(n, "nodes_missing_value_tracks_true");
  const auto values = float_list(n, "nodes_values", v3, op);
  (void)float_list(n, "nodes_hitrates", v3, op);  // popularity only; never affects the result
  const size_t m = node_ids.size();
  // [spec:ML35] the nodes_* lists have one entry per node (nodes_values and nodes_missing_value_tracks_true
  // may be absent: thresholds 0, false); (tree id, node id) pairs are unique; modes are BRANCH_LEQ,
  // BRANCH_LT, BRANCH_GTE, BRANCH_GT, BRANCH_EQ, BRANCH_NEQ or LEAF; an interior node's children are node
  // ids of its own tree and its feature lies in [0, F); each distinct tree id is a tree, rooted at its
  // first node in list order, and the trees are taken in ascending tree id.
  ONNXSEM_CLAUSE(ML35);
  for (const auto& [name, len] : {std::pair<std::string, size_t>{"nodes_treeids", tree_ids.size()},
                                  {"nodes_featureids", features.size()},
                                  {"nodes_modes", modes.size()},
                                  {"nodes_truenodeids", true_ids.size()},
                                  {"nodes_falsenodeids", false_ids.size()},
                                  {"nodes_values", values ? values->size() : m},
                                  {"nodes_missing_value_tracks_true", missing ? missing->size() : m}})
    if (len != m)
      eval_error("ML35",
                 op + ": " + name + " has " + std::to_string(len) + " entries, nodes_nodeids " + std::to_string(m));
  std::map<std::pair<int64_t, int64_t>, size_t> where;
  std::map<int64_t, size_t> root_of;
  for (size_t i = 0; i < m; ++i) {
    if (!where.emplace(std::pair{tree_ids[i], node_ids[i]}, i).second)
      eval_error("ML35", op + ": node " + std::to_string(node_ids[i]) + " of tree " + std::to_string(tree_ids[i]) +
                             " is listed twice");
    root_of.emplace(tree_ids[i], i);
  }
  static const std::map<std::string, Mode> mode_names{{"BRANCH_LEQ", Mode::leq}, {"BRANCH_LT", Mode::lt},
                                                      {"BRANCH_GTE", Mode::gte}, {"BRANCH_GT", Mode::gt},
                                                      {"BRANCH_EQ", Mode::eq},   {"BRANCH_NEQ", Mode::neq},
                                                      {"LEAF", Mode::leaf}};
  Ensemble e;
  e.targets = targets;
  e.nodes.resize(m);
  e.leaves.resize(m);
  for (size_t i = 0; i < m; ++i) {
    auto it = mode_names.find(modes[i]);
    if (it == mode_names.end()) eval_error("ML35", op + ": node mode '" + modes[i] + "' is not known");
    e.nodes[i].mode = it->second;
  }
  auto child = [&](size_t i, int64_t id, const char* side) {
    auto c = where.find({tree_ids[i], id});
    if (c == where.end())
      eval_error("ML35", op + ": node " + std::to_string(node_ids[i]) + " of tree " + std::to_string(tree_ids[i]) +
                             " has " + side + " child " + std::to_string(id) + ", which is not a node of that tree");
    return Branch{e.nodes[c->second].mode == Mode::leaf, static_cast<int64_t>(c->second)};
  };
  for (size_t i = 0; i < m; ++i) {
    TreeNode& node = e.nodes[i];
    if (node.mode == Mode::leaf) continue;
    node.feature = features[i];
    if (node.feature < 0 || node.feature >= f)
      eval_error("ML35", op + ": node " + std::to_string(node_ids[i]) + " of tree " + std::to_string(tree_ids[i]) +
                             " reads feature " + std::to_string(node.feature) + " of an input with " +
                             std::to_string(f) + " features");
    node.split = values ? (*values)[i] : 0.0;
    node.missing_true = missing && (*missing)[i] != 0;
    node.on_true = child(i, true_ids[i], "true");
    node.on_false = child(i, false_ids[i], "false");
  }
  for (const auto& [tree, i] : root_of)
    e.roots.push_back(Branch{e.nodes[i].mode == Mode::leaf, static_cast<int64_t>(i)});

  // [spec:ML36] the votes: (prefix)_treeids, _nodeids, _ids and _weights have one entry per vote; each vote
  // names an existing node and a target (class) in range, and is counted when the walk ends at that node.
  ONNXSEM_CLAUSE(ML36);
  const auto v_trees = attr_ints_opt(n, prefix + "_treeids").value_or(std::vector<int64_t>{});
  const auto v_nodes = attr_ints_opt(n, prefix + "_nodeids").value_or(std::vector<int64_t>{});
  const auto v_ids = attr_ints_opt(n, prefix + "_ids").value_or(std::vector<int64_t>{});
  const auto v_weights = float_list(n, prefix + "_weights", v3, op).value_or(std::vector<double>{});
  const size_t k = v_ids.size();
  if (v_trees.size() != k || v_nodes.size() != k || v_weights.size() != k)
    eval_error("ML36", op + ": " + prefix + "_treeids, _nodeids, _ids and _weights have different lengths");
  for (size_t j = 0; j < k; ++j) {
    auto c = where.find({v_trees[j], v_nodes[j]});
    if (c == where.end())
      eval_error("ML36", op + ": a vote names node " + std::to_string(v_nodes[j]) + " of tree " +
                             std::to_string(v_trees[j]) + ", which does not exist");
    if (v_ids[j] < 0 || v_ids[j] >= targets)
      eval_error("ML36", op + ": a vote names " + prefix + " " + std::to_string(v_ids[j]) + " outside [0, " +
                             std::to_string(targets) + ")");
    e.leaves[c->second].push_back(Vote{v_ids[j], v_weights[j]});
  }
  return e;
}

Rows tree_rows(const Tensor& x, const std::string& op) { return read_rows(x, op, true); }

Out tree_ensemble_regressor(const KernelArgs& a, bool v3) {
  EvalContext& cx = a.context();
  const std::string op = "TreeEnsembleRegressor";
  const Node& n = a.node;
  const Rows rows = tree_rows(a.tensor(0), op);
  const auto n_targets = attr_int_opt(n, "n_targets");
  if (!n_targets || *n_targets < 0) eval_error("ML36", op + ": n_targets must be given and non-negative");
  Ensemble e = read_old_ensemble(n, "target", *n_targets, rows.c, v3, op);
  const std::string agg = attr_string(n, "aggregate_function", "SUM");
  if (agg == "SUM") e.aggregate = Aggregate::sum;
  else if (agg == "AVERAGE") e.aggregate = Aggregate::average;
  else if (agg == "MIN") e.aggregate = Aggregate::min;
  else if (agg == "MAX") e.aggregate = Aggregate::max;
  else eval_error("ML34", op + ": aggregate_function is '" + agg + "', expected SUM, AVERAGE, MIN or MAX");
  const PostTransform post = parse_post_transform(attr_string(n, "post_transform", "NONE"), op);
  const auto base = float_list(n, "base_values", v3, op);
  // [spec:ML37] base values (one per target or class, 0 when absent) are added after aggregation.
  ONNXSEM_CLAUSE(ML37);
  if (base && static_cast<int64_t>(base->size()) != e.targets)
    eval_error("ML37", op + ": base_values has " + std::to_string(base->size()) + " entries for " +
                           std::to_string(e.targets) + " targets");
  std::vector<double> y = evaluate(cx, e, rows, op);
  const size_t t = static_cast<size_t>(e.targets);
  for (size_t i = 0; i < static_cast<size_t>(rows.n); ++i) {
    std::vector<double> row(y.begin() + static_cast<int64_t>(i * t), y.begin() + static_cast<int64_t>((i + 1) * t));
    for (size_t k = 0; k < t; ++k) row[k] += base ? (*base)[k] : 0.0;
    apply_post_transform(post, row);
    std::copy(row.begin(), row.end(), y.begin() + static_cast<int64_t>(i * t));
  }
  return {Value(float_tensor(cx, {rows.n, e.targets}, y))};
}

Out tree_ensemble_classifier(const KernelArgs& a, bool v3) {
  EvalContext& cx = a.context();
  const std::string op = "TreeEnsembleClassifier";
  const Node& n = a.node;
  const Rows rows = tree_rows(a.tensor(0), op);
  const Labels labels = read_labels(n, "classlabels_int64s", op);
  const int64_t e_count = static_cast<int64_t>(labels.size());
  Ensemble e = read_old_ensemble(n, "class", e_count, rows.c, v3, op);
  e.aggregate = Aggregate::sum;
  const PostTransform post = parse_post_transform(attr_string(n, "post_transform", "NONE"), op);
  const auto base = float_list(n, "base_values", v3, op);
  const auto class_ids = attr_ints_opt(n, "class_ids").value_or(std::vector<int64_t>{});
  // [spec:ML38] binary mode: two class labels and every vote for the same class c. The row's score is then
  // s = b + (votes for c), b being base_values[c] (or base_values[0] when it has one entry), and the scores
  // output is [1 - s, s] for NONE and PROBIT, [-s, s] for the other transforms, before post_transform.
  ONNXSEM_CLAUSE(ML38);
  bool binary = e_count == 2 && !class_ids.empty();
  for (int64_t c : class_ids) binary = binary && c == class_ids[0];
  if (base && !(static_cast<int64_t>(base->size()) == e_count || (binary && base->size() == 1)))
    eval_error("ML37", op + ": base_values has " + std::to_string(base->size()) + " entries for " +
                           std::to_string(e_count) + " classes");
  const std::vector<double> v = evaluate(cx, e, rows, op);
  std::vector<double> z;
  std::vector<int64_t> label_index;
  for (int64_t i = 0; i < rows.n; ++i) {
    std::vector<double> row(v.begin() + i * e_count, v.begin() + (i + 1) * e_count);
    if (binary) {
      const size_t c = static_cast<size_t>(class_ids[0]);
      const double s = row[c] + (base ? (*base)[base->size() == 1 ? 0 : c] : 0.0);
      row = {post == PostTransform::none || post == PostTransform::probit ? 1 - s : -s, s};
    } else {
      for (size_t k = 0; k < row.size(); ++k) row[k] += base ? (*base)[k] : 0.0;
    }
    // [spec:ML45] the label of a row is the class of its largest transformed score.
    ONNXSEM_CLAUSE(ML45);
    apply_post_transform(post, row);
    label_index.push_back(static_cast<int64_t>(arg_max(row)));
    z.insert(z.end(), row.begin(), row.end());
  }
  return classifier_outputs(a, labels, label_index, rows.n, binary ? 2 : e_count, z);
}

}  // namespace

void add_trees(Registry& r) {
  r.add(domain, "TreeEnsemble", {5}, tree_ensemble_5);
  // [spec:ML39] version 1 has no *_as_tensor attributes; version 5, deprecated, keeps version 3's behaviour.
  const auto ml39 = [](Out (*kernel)(const KernelArgs&, bool), bool as_tensor) {
    return [kernel, as_tensor](const KernelArgs& a) {
      ONNXSEM_CLAUSE(ML39);
      return kernel(a, as_tensor);
    };
  };
  r.add(domain, "TreeEnsembleRegressor", {1}, ml39(tree_ensemble_regressor, false));
  r.add(domain, "TreeEnsembleRegressor", {3, 5}, ml39(tree_ensemble_regressor, true));
  r.add(domain, "TreeEnsembleClassifier", {1}, ml39(tree_ensemble_classifier, false));
  r.add(domain, "TreeEnsembleClassifier", {3, 5}, ml39(tree_ensemble_classifier, true));
}

}  // namespace onnxsem::ops::ml

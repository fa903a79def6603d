// Tests of the attention family (spec/ops-attention.md, AT1-AT26). Expected values are worked out by hand:
// most cases use scores 0 and ln 3, whose softmax weights are exactly 1/4 and 3/4.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "ops/registry.hpp"
#include "runtime/error.hpp"
#include "values/numeric.hpp"
#include "values/testing.hpp"
#include "values/value.hpp"

namespace {
using namespace onnxsem;

const double kLn3 = std::log(3.0);
const double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();

const ops::Registry& reg() {
  static const ops::Registry r = [] {
    ops::Registry x;
    ops::add_attention(x);
    return x;
  }();
  return r;
}

struct NodeB {
  Node n;
  explicit NodeB(std::string op) { n.op_type = std::move(op); }
  NodeB& i(const std::string& name, int64_t v) {
    Attribute a;
    a.name = name, a.type = AttrType::i, a.i = v;
    n.attributes.push_back(a);
    return *this;
  }
  NodeB& s(const std::string& name, std::string v) {
    Attribute a;
    a.name = name, a.type = AttrType::s, a.s = std::move(v);
    n.attributes.push_back(a);
    return *this;
  }
  NodeB& f(const std::string& name, float v) {
    Attribute a;
    a.name = name, a.type = AttrType::f, a.f = v;
    n.attributes.push_back(a);
    return *this;
  }
};

std::vector<Tensor> run(const NodeB& b, int64_t v, std::vector<std::optional<Value>> in, size_t outputs = 1) {
  const Kernel* k = reg().kernel("", b.n.op_type, v);
  REQUIRE_MESSAGE(k != nullptr, b.n.op_type << "-" << v << " is not registered");
  KernelArgs args{b.n, std::move(in), std::vector<bool>(outputs, true)};
  args.eval_context = &test_context();
  auto out = (*k)(args);
  REQUIRE(out.size() == outputs);
  std::vector<Tensor> ts;
  for (auto& o : out) ts.push_back(o ? o->tensor() : Tensor{});
  return ts;
}

std::string clause_of(const NodeB& b, int64_t v, std::vector<std::optional<Value>> in, size_t outputs = 1) {
  try {
    run(b, v, std::move(in), outputs);
  } catch (const Failure& f) {
    return f.error().clause;
  }
  return "";
}

Tensor D(Shape s, std::vector<double> v) { return Tensor::from_vector<double>(test_context(), std::move(s), v); }
Tensor F(Shape s, std::vector<float> v) { return Tensor::from_vector<float>(test_context(), std::move(s), v); }
Tensor I64(Shape s, std::vector<int64_t> v) { return Tensor::from_vector<int64_t>(test_context(), std::move(s), v); }
Tensor Bool(Shape s, std::vector<bool> v) { return Tensor::from_vector<bool>(test_context(), std::move(s), v); }

void check_close(const Tensor& t, const std::vector<double>& expect, double tol = 1e-12) {
  std::vector<double> got;
  if (t.dtype() == DType::float32) {
    for (float x : t.data<float>()) got.push_back(x);
  } else if (t.dtype() == DType::float16) {
    for (auto x : t.data<float16_t>()) got.push_back(num::to_double(x));
  } else {
    for (double x : t.data<double>()) got.push_back(x);
  }
  REQUIRE(got.size() == expect.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(expect[i])) {
      CHECK_MESSAGE(std::isnan(got[i]), "element " << i);
    } else if (std::isinf(expect[i])) {
      CHECK_MESSAGE(got[i] == expect[i], "element " << i << ": got " << got[i]);
    } else {
      CHECK_MESSAGE(std::fabs(got[i] - expect[i]) <= tol * std::max(1.0, std::fabs(expect[i])),
                    "element " << i << ": got " << got[i] << ", expected " << expect[i]);
    }
  }
}

// One query (1), keys with scores 0 and ln 3 under scale 1 and head size 1, values 4 and 8: Y = 7.
const Tensor q1 = D({1, 1, 1, 1}, {1});
const Tensor k2 = D({1, 1, 2, 1}, {0, kLn3});
const Tensor v2 = D({1, 1, 2, 1}, {4, 8});

}  // namespace

TEST_CASE("the attention family registers only operators ONNX defines") {
  for (const auto& [domain, op, since] : reg().implemented()) {
    const auto v = ops::onnx_defined_versions(domain, op);
    CHECK(std::find(v.begin(), v.end(), since) != v.end());
  }
  CHECK(reg().kernel("", "Attention", 23) != nullptr);
  CHECK(reg().kernel("", "Attention", 24) != nullptr);
  CHECK(reg().kernel("", "Attention", 25) != nullptr);
  CHECK(reg().kernel("", "RotaryEmbedding", 23) != nullptr);
}

TEST_CASE("[AT4][AT14] scaled dot-product attention on 4-D operands") {
  // explicit scale 1: weights 1/4, 3/4
  check_close(run(NodeB("Attention").f("scale", 1.0f), 23, {q1, k2, v2})[0], {7});
  // default scale 1/sqrt(4) = 1/2: q.k = 2 ln 3 gives score ln 3; V has head size 2
  const Tensor q = D({1, 1, 1, 4}, {1, 1, 1, 1});
  const Tensor k = D({1, 1, 2, 4}, {0, 0, 0, 0, 2 * kLn3, 0, 0, 0});
  const Tensor v = D({1, 1, 2, 2}, {4, 0, 8, 4});
  const Tensor y = run(NodeB("Attention"), 24, {q, k, v})[0];
  CHECK(y.shape() == Shape{1, 1, 1, 2});
  check_close(y, {7, 3});
  // float16: equal scores give the mean of the values, 6, exactly
  const Tensor h1 = Tensor::from_vector<float16_t>(test_context(), {1, 1, 1, 1}, {num::to_float16(1)});
  const Tensor hk = Tensor::from_vector<float16_t>(test_context(), {1, 1, 2, 1},
                                                   {num::to_float16(0), num::to_float16(0)});
  const Tensor hv = Tensor::from_vector<float16_t>(test_context(), {1, 1, 2, 1},
                                                   {num::to_float16(4), num::to_float16(8)});
  const Tensor yh = run(NodeB("Attention"), 23, {h1, hk, hv})[0];
  CHECK(yh.dtype() == DType::float16);
  check_close(yh, {6});
}

TEST_CASE("[AT2][AT3][AT14] 3-D operands and grouped-query heads") {
  // Q [1, 1, 2]: two query heads with values 1 and 2; one kv head with scores 0 and ln 3 per unit query.
  const Tensor q = D({1, 1, 2}, {1, 2});
  const Tensor k = D({1, 2, 1}, {0, kLn3});
  const Tensor v = D({1, 2, 1}, {4, 8});
  const auto node = NodeB("Attention").i("q_num_heads", 2).i("kv_num_heads", 1).f("scale", 1.0f);
  const Tensor y = run(node, 23, {q, k, v})[0];
  CHECK(y.shape() == Shape{1, 1, 2});
  // head 0: weights 1/4, 3/4 -> 7; head 1: scores 0, 2 ln 3 -> weights 1/10, 9/10 -> 7.6
  check_close(y, {7, 7.6});
  // 4-D grouped: query heads 0,1 read kv head 0 and heads 2,3 read kv head 1
  const Tensor q4 = D({1, 4, 1, 1}, {1, 1, 1, 1});
  const Tensor k4 = D({1, 2, 2, 1}, {0, kLn3, 0, 0});
  const Tensor v4 = D({1, 2, 2, 1}, {4, 8, 10, 20});
  check_close(run(NodeB("Attention").f("scale", 1.0f), 23, {q4, k4, v4})[0], {7, 7, 15, 15});
  // errors
  CHECK(clause_of(NodeB("Attention").i("q_num_heads", 2), 23, {q, k, v}) == "AT2");
  CHECK(clause_of(NodeB("Attention").i("q_num_heads", 3).i("kv_num_heads", 1), 23, {q, k, v}) == "AT2");
  CHECK(clause_of(NodeB("Attention"), 23, {D({1, 3, 1, 1}, {1, 1, 1}), k4, v4}) == "AT3");
  CHECK(clause_of(NodeB("Attention"), 23, {D({1, 1, 1, 2}, {1, 1}), k2, v2}) == "AT3");
}

TEST_CASE("[AT1] operands are all 3-D or all 4-D, of one type") {
  CHECK(clause_of(NodeB("Attention"), 23, {D({1, 1, 1}, {1}), k2, v2}) == "AT1");
  CHECK(clause_of(NodeB("Attention"), 23, {F({1, 1, 1, 1}, {1}), k2, v2}) == "AT1");
}

TEST_CASE("[AT5] past key and value are prepended and returned as present") {
  const Tensor pk = D({1, 1, 1, 1}, {0});
  const Tensor pv = D({1, 1, 1, 1}, {4});
  const Tensor k = D({1, 1, 1, 1}, {kLn3});
  const Tensor v = D({1, 1, 1, 1}, {8});
  const auto out = run(NodeB("Attention").f("scale", 1.0f), 23, {q1, k, v, std::nullopt, pk, pv}, 3);
  check_close(out[0], {7});
  CHECK(out[1].shape() == Shape{1, 1, 2, 1});
  check_close(out[1], {0, kLn3});
  check_close(out[2], {4, 8});
  // 3-D operands still give 4-D present values; without past they are K and V as [b, h, s, d]
  const auto o3 = run(NodeB("Attention").i("q_num_heads", 1).i("kv_num_heads", 1), 23,
                      {D({1, 1, 1}, {1}), D({1, 2, 1}, {0, 1}), D({1, 2, 1}, {4, 8})}, 3);
  CHECK(o3[1].shape() == Shape{1, 1, 2, 1});
  CHECK(clause_of(NodeB("Attention"), 23, {q1, k, v, std::nullopt, pk, std::nullopt}) == "AT5");
  CHECK(clause_of(NodeB("Attention"), 23, {q1, k, v, std::nullopt, D({1, 1, 1, 2}, {0, 0}), pv}) == "AT5");
}

TEST_CASE("[AT6][AT7] boolean, additive, broadcast and short masks") {
  const Tensor k3 = D({1, 1, 3, 1}, {0, kLn3, 5});
  const Tensor v3 = D({1, 1, 3, 1}, {4, 8, 100});
  const auto node = NodeB("Attention").f("scale", 1.0f);
  check_close(run(node, 23, {q1, k3, v3, Bool({1, 3}, {true, true, false})})[0], {7});
  check_close(run(node, 23, {q1, k3, v3, D({3}, {0, 0, -kInf})})[0], {7});
  // additive: scores 0, ln 3, 5 plus bias ln 3, 0, -inf -> ln 3, ln 3, -inf -> weights 1/2, 1/2
  check_close(run(node, 23, {q1, k3, v3, D({1, 1, 1, 3}, {kLn3, 0, -kInf})})[0], {6});
  // a mask with last dimension 2 < T = 3 masks the third key out
  check_close(run(node, 23, {q1, k3, v3, Bool({2}, {true, true})})[0], {7});
  // broadcasting over two query heads with a [2, 1, 3] mask: head 1 masks the first two keys
  const Tensor q2 = D({1, 2, 1, 1}, {1, 1});
  const Tensor m2 = Bool({2, 1, 3}, {true, true, false, false, false, true});
  check_close(run(node, 23, {q2, k3, v3, m2})[0], {7, 100});
  CHECK(clause_of(node, 23, {q1, k3, v3, Bool({2, 3}, {true, true, true, true, true, true})}) == "AT6");
  CHECK(clause_of(node, 23, {q1, k3, v3, Bool({4}, {true, true, true, true})}) == "AT7");
  // a floating mask of another element type than Q (float against double): outside the operator's text
  CHECK(clause_of(node, 23, {q1, k3, v3, Tensor::from_vector<float>(test_context(), {3}, {0, 0, 0})}) == "AT6");
  CHECK(clause_of(node, 24, {q1, k3, v3, Tensor::from_vector<float>(test_context(), {3}, {0, 0, 0})}) == "AT6");
}

TEST_CASE("[AT8][AT9] causal frontier with past, padding and bottom-right offsets") {
  const auto causal = NodeB("Attention").f("scale", 1.0f).i("is_causal", 1);
  // two query rows, no past: row 0 sees key 0 only, row 1 sees both
  const Tensor q = D({1, 1, 2, 1}, {1, 1});
  check_close(run(causal, 23, {q, k2, v2})[0], {4, 7});
  // one query row after a past of 1: the frontier moves right by 1, so both keys are seen
  const Tensor k = D({1, 1, 1, 1}, {kLn3});
  const Tensor v = D({1, 1, 1, 1}, {8});
  check_close(run(causal, 24, {q1, k, v, std::nullopt, D({1, 1, 1, 1}, {0}), D({1, 1, 1, 1}, {4})})[0], {7});
  // nonpad_kv_seqlen without past: padding masks key 2, the frontier is offset by nonpad - q_seq
  const Tensor k3 = D({1, 1, 3, 1}, {0, kLn3, 5});
  const Tensor v3 = D({1, 1, 3, 1}, {4, 8, 100});
  const std::optional<Value> none;
  check_close(run(causal, 24, {q, k3, v3, none, none, none, I64({1}, {2})})[0], {4, 7});
  check_close(run(causal, 24, {q, k3, v3, none, none, none, I64({1}, {3})})[0],
              {7, (4 + 24 + 100 * std::exp(5.0)) / (4 + std::exp(5.0))});
  // offset 1 - 2 = -1: row 0 sees no key at all (AT11: zero row), row 1 sees key 0
  check_close(run(causal, 24, {q, k3, v3, none, none, none, I64({1}, {1})})[0], {0, 4});
  // padding alone, not causal
  check_close(run(NodeB("Attention").f("scale", 1.0f), 24, {q1, k3, v3, none, none, none, I64({1}, {2})})[0], {7});
  CHECK(clause_of(causal, 24, {q, k3, v3, none, none, none, I64({2}, {1, 1})}) == "AT9");
  CHECK(clause_of(causal, 24, {q, k3, v3, none, none, none, I64({1}, {4})}) == "AT9");
  CHECK(clause_of(causal, 23, {q, k3, v3, none, none, none, I64({1}, {2})}) == "AT9");
}

TEST_CASE("[AT10][AT12] softcap and the qk_matmul_output modes") {
  // softcap 2: the raw score x = 2 atanh(ln3 / 2) is capped to ln 3
  const double x = 2 * std::atanh(kLn3 / 2);
  const Tensor k = D({1, 1, 2, 1}, {0, x});
  const Tensor mask = D({2}, {0, -kInf});
  auto node = [&](int64_t mode) {
    return NodeB("Attention").f("scale", 1.0f).f("softcap", 2.0f).i("qk_matmul_output_mode", mode);
  };
  auto out = run(node(0), 23, {q1, k, v2}, 4);
  check_close(out[0], {7});
  CHECK(out[3].shape() == Shape{1, 1, 1, 2});
  check_close(out[3], {0, x});
  check_close(run(node(1), 23, {q1, k, v2}, 4)[3], {0, kLn3});
  // with the mask, mode 2 shows the bias added after the softcap (-inf stays -inf), mode 3 the weights
  check_close(run(node(2), 23, {q1, k, v2, mask}, 4)[3], {0, -kInf});
  check_close(run(node(3), 23, {q1, k, v2}, 4)[3], {0.25, 0.75});
  check_close(run(node(3), 23, {q1, k, v2, mask}, 4)[0], {4});
  // softcap 0 leaves the scores unchanged
  check_close(run(NodeB("Attention").f("scale", 1.0f).f("softcap", 0.0f), 23, {q1, k2, v2})[0], {7});
  CHECK(clause_of(node(4), 23, {q1, k, v2}, 4) == "AT12");
  {
    // the [1, 1, 1, 2] binary64 scores need 16 bytes
    const AllocationLimit limit(8);
    CHECK(clause_of(node(3), 23, {q1, k, v2}, 4) == "L3");
  }
}

TEST_CASE("[AT11] fully masked rows give zeros, NaN scores give NaN") {
  const Tensor q = D({1, 1, 2, 1}, {1, 1});
  const Tensor m = Bool({2, 2}, {false, false, true, true});
  const auto node = NodeB("Attention").f("scale", 1.0f).i("qk_matmul_output_mode", 3);
  const auto out = run(node, 23, {q, k2, D({1, 1, 2, 1}, {kInf, 8}), m}, 4);
  // row 0 is fully masked: zero weights and a zero output even though a value is infinite
  check_close(out[3], {0, 0, 0.25, 0.75});
  check_close(out[0], {0, kInf});
  // a NaN in Q makes its row NaN
  check_close(run(NodeB("Attention"), 23, {D({1, 1, 1, 1}, {kNaN}), k2, v2})[0], {kNaN});
  // no keys at all: every row is fully masked
  check_close(run(NodeB("Attention"), 23, {q1, D({1, 1, 0, 1}, {}), D({1, 1, 0, 3}, {})})[0], {0, 0, 0});
}

TEST_CASE("[AT13] softmax_precision names a floating type") {
  check_close(run(NodeB("Attention").f("scale", 1.0f).i("softmax_precision", 1), 24, {q1, k2, v2})[0], {7});
  CHECK(clause_of(NodeB("Attention").i("softmax_precision", 7), 24, {q1, k2, v2}) == "AT13");
}

// Sliding windows (AT25). Unless said otherwise: head size 1, scale 1, every query 1 and every key 0, so all
// scores are 0 and a row's output is the plain mean of the values of the keys it sees. The values are powers
// of two, so each mean below names its set of keys.
namespace {
const std::optional<Value> nothing;
Tensor zeros4(int64_t s) { return D({1, 1, s, 1}, std::vector<double>(static_cast<size_t>(s), 0.0)); }
Tensor ones4(int64_t s) { return D({1, 1, s, 1}, std::vector<double>(static_cast<size_t>(s), 1.0)); }
Tensor pow2(int64_t s) {
  std::vector<double> v;
  for (int64_t j = 0; j < s; ++j) v.push_back(std::ldexp(1.0, static_cast<int>(j)));
  return D({1, 1, s, 1}, v);
}
NodeB win(int64_t left, int64_t right, int64_t causal = 0) {
  NodeB b("Attention");
  b.f("scale", 1.0f).i("is_causal", causal);
  if (left != -1) b.i("left_window_size", left);
  if (right != -1) b.i("right_window_size", right);
  return b;
}
}  // namespace

TEST_CASE("[AT25] a left window, with and without is_causal") {
  // 4 queries, 4 keys valued 1, 2, 4, 8; left 1: row i sees keys j >= i - 1
  const std::vector<Tensor> in{ones4(4), zeros4(4), pow2(4)};
  auto go = [&](const NodeB& b) { return run(b, 25, {in[0], in[1], in[2]})[0]; };
  // not causal: {0,1,2,3}, {0,1,2,3}, {1,2,3}, {2,3}
  check_close(go(win(1, -1)), {15.0 / 4, 15.0 / 4, 14.0 / 3, 6});
  // causal as well: {0}, {0,1}, {1,2}, {2,3}
  check_close(go(win(1, -1, 1)), {1, 1.5, 3, 6});
  // left 0 with is_causal: each row sees only its own key
  check_close(go(win(0, -1, 1)), {1, 2, 4, 8});
  // the defaults (-1, -1) change nothing: the plain mean, and with is_causal the causal prefix means
  check_close(go(win(-1, -1)), {15.0 / 4, 15.0 / 4, 15.0 / 4, 15.0 / 4});
  check_close(go(win(-1, -1, 1)), {1, 1.5, 7.0 / 3, 15.0 / 4});
}

TEST_CASE("[AT25] a right window, and is_causal bounding it") {
  const std::vector<Tensor> in{ones4(4), zeros4(4), pow2(4)};
  auto go = [&](const NodeB& b) { return run(b, 25, {in[0], in[1], in[2]})[0]; };
  // right 1: row i sees keys j <= i + 1: {0,1}, {0,1,2}, {0..3}, {0..3}
  check_close(go(win(-1, 1)), {1.5, 7.0 / 3, 15.0 / 4, 15.0 / 4});
  // right 0 without is_causal behaves as a causal mask
  check_close(go(win(-1, 0)), {1, 1.5, 7.0 / 3, 15.0 / 4});
  // with is_causal the causal frontier still hides the keys to the right: {0}, {0,1}, {0,1,2}, {0..3}
  check_close(go(win(-1, 1, 1)), {1, 1.5, 7.0 / 3, 15.0 / 4});
}

TEST_CASE("[AT25] both sides: ONNX's example of 4 queries and 6 keys with left 2, right 1") {
  // q0 {0,1}, q1 {0,1,2}, q2 {0,1,2,3}, q3 {1,2,3,4}; key 5 is seen by no row
  const Tensor q = ones4(4), k = zeros4(6), v = pow2(6);
  check_close(run(win(2, 1), 25, {q, k, v})[0], {1.5, 7.0 / 3, 15.0 / 4, 7.5});
  // both 0: the diagonal
  check_close(run(win(0, 0), 25, {q, k, v})[0], {1, 2, 4, 8});
  // with is_causal the right side is cut at the diagonal: {0}, {0,1}, {0,1,2}, {1,2,3}
  check_close(run(win(2, 1, 1), 25, {q, k, v})[0], {1, 1.5, 7.0 / 3, 14.0 / 3});
  // a boolean mask hiding key 1 intersects the window: {0}, {0,2}, {0,2,3}, {2,3,4}
  const Tensor bm = Bool({6}, {true, false, true, true, true, true});
  check_close(run(win(2, 1), 25, {q, k, v, bm})[0], {1, 2.5, 13.0 / 3, 28.0 / 3});
  // a floating mask adds ln 3 to key 0: row 0 weighs keys 0 and 1 by 3/4 and 1/4; row 3 never sees key 0
  const Tensor fm = D({6}, {kLn3, 0, 0, 0, 0, 0});
  const Tensor y = run(win(2, 1), 25, {q, k, v, fm})[0];
  check_close(y, {0.75 * 1 + 0.25 * 2, (3 + 2 + 4) / 5.0, (3 + 2 + 4 + 8) / 6.0, 7.5});
}

TEST_CASE("[AT25][AT8] the window follows the past length") {
  // decode step: past keys 1, 2, 4 and one new key 8; the query stands at position 3
  const Tensor pk = zeros4(3), pv = pow2(3);
  const Tensor k = zeros4(1), v = D({1, 1, 1, 1}, {8});
  auto go = [&](const NodeB& b) { return run(b, 25, {ones4(1), k, v, nothing, pk, pv}, 3); };
  auto out = go(win(1, -1, 1));
  check_close(out[0], {6});  // keys 2 and 3: (4 + 8) / 2
  check_close(out[1], {0, 0, 0, 0});
  check_close(out[2], {1, 2, 4, 8});  // the caches are whole: the window hides nothing from present_value
  check_close(go(win(-1, -1, 1))[0], {15.0 / 4});
  check_close(go(win(0, -1))[0], {8});
  // prefill after a past of 2: queries at positions 2 and 3, left 1 and right 0, no is_causal:
  // {1,2} and {2,3} of the values 1, 2, 4, 8
  const auto o2 = run(win(1, 0), 25, {ones4(2), zeros4(2), D({1, 1, 2, 1}, {4, 8}), nothing, zeros4(2), pow2(2)}, 3);
  check_close(o2[0], {3, 6});
}

TEST_CASE("[AT25][AT9] with nonpad_kv_seqlen the window is offset by nonpad_kv_seqlen - q_seq") {
  const Tensor k = zeros4(4), v = pow2(4);
  // one query, 3 valid keys of 4: the query stands at position 2; left 1 keeps keys 1 and 2
  check_close(run(win(1, -1, 1), 25, {ones4(1), k, v, nothing, nothing, nothing, I64({1}, {3})})[0], {3});
  // the offset holds without is_causal too: left 0 keeps key 2 alone (offset 0 would have kept 0, 1 and 2)
  check_close(run(win(0, -1), 25, {ones4(1), k, v, nothing, nothing, nothing, I64({1}, {3})})[0], {4});
  // per batch: 2 and 4 valid keys put the query at positions 1 and 3
  const Tensor q2 = D({2, 1, 1, 1}, {1, 1});
  const Tensor k2b = D({2, 1, 4, 1}, std::vector<double>(8, 0.0));
  const Tensor v2b = D({2, 1, 4, 1}, {1, 2, 4, 8, 1, 2, 4, 8});
  check_close(run(win(1, -1, 1), 25, {q2, k2b, v2b, nothing, nothing, nothing, I64({2}, {2, 4})})[0], {1.5, 6});
}

TEST_CASE("[AT25][AT11][AT12] a row the window leaves without keys, softcap and the debug output") {
  // three queries, two keys, a window of 0 on both sides: query 2 stands past the last key
  const auto node = NodeB(win(0, 0)).i("qk_matmul_output_mode", 3);
  auto out = run(node, 25, {ones4(3), zeros4(2), D({1, 1, 2, 1}, {4, 8})}, 4);
  check_close(out[0], {4, 8, 0});
  check_close(out[3], {1, 0, 0, 1, 0, 0});
  // mode 2 shows the window's minus infinity on top of the softcapped score; mode 1 the score alone
  const double x = 2 * std::atanh(kLn3 / 2);  // softcap 2 maps x to ln 3
  const Tensor k = D({1, 1, 2, 1}, {0, x});
  auto capped = [&](int64_t mode) { return NodeB(win(0, -1)).f("softcap", 2.0f).i("qk_matmul_output_mode", mode); };
  // two queries: left 0 hides key 0 from the one at position 1
  const Tensor q = D({1, 1, 2, 1}, {1, 1});
  out = run(capped(2), 25, {q, k, v2}, 4);
  check_close(out[3], {0, kLn3, -kInf, kLn3});
  check_close(out[0], {7, 8});  // row 0: weights 1/4, 3/4 of 4 and 8; row 1: key 1 alone
  check_close(run(capped(1), 25, {q, k, v2}, 4)[3], {0, kLn3, 0, kLn3});
}

TEST_CASE("[AT25] every small window against a direct reading of the rule") {
  // Sq = 3 queries after a past of P keys, 3 new keys, values 1, 2, 4, ... of all P + 3 keys; the expected
  // output of row i is the mean of the values of the keys j with (not causal or j <= i + P),
  // (left < 0 or j >= i + P - left) and (right < 0 or j <= i + P + right), 0 when there is nothing.
  for (int64_t past : {0, 2})
    for (int64_t causal : {0, 1})
      for (int64_t left = -1; left <= 3; ++left)
        for (int64_t right = -1; right <= 2; ++right) {
          CAPTURE(past);
          CAPTURE(causal);
          CAPTURE(left);
          CAPTURE(right);
          const int64_t T = past + 3;
          std::vector<double> expect;
          for (int64_t i = 0; i < 3; ++i) {
            const int64_t p = i + past;
            double sum = 0, count = 0;
            for (int64_t j = 0; j < T; ++j) {
              const bool seen = (causal == 0 || j <= p) && (left < 0 || j >= p - left) && (right < 0 || j <= p + right);
              if (seen) sum += std::ldexp(1.0, static_cast<int>(j)), count += 1;
            }
            expect.push_back(count == 0 ? 0 : sum / count);
          }
          const Tensor vall = pow2(T);
          const auto& vv = vall.data<double>();
          std::vector<std::optional<Value>> in{ones4(3), zeros4(3),
                                               D({1, 1, 3, 1}, {vv[past], vv[past + 1], vv[past + 2]})};
          if (past > 0) {
            in.push_back(nothing);
            in.push_back(zeros4(past));
            in.push_back(D({1, 1, past, 1}, std::vector<double>(vv.begin(), vv.begin() + past)));
          }
          check_close(run(win(left, right, causal), 25, in)[0], expect);
        }
}

TEST_CASE("[AT25][AT26] what Attention-25 refuses") {
  const Tensor q = ones4(1), k = zeros4(2), v = pow2(2);
  CHECK(clause_of(win(-2, -1), 25, {q, k, v}) == "AT25");
  CHECK(clause_of(win(-1, -3), 25, {q, k, v}) == "AT25");
  // head counts on 4-D operands
  CHECK(clause_of(NodeB("Attention").i("q_num_heads", 1).i("kv_num_heads", 1), 25, {q, k, v}) == "AT26");
  CHECK(clause_of(NodeB("Attention").i("kv_num_heads", 1), 25, {q, k, v}) == "AT26");
  // present_key without present_value
  CHECK(clause_of(NodeB("Attention"), 25, {q, k, v}, 2) == "AT26");
  // nonpad_kv_seqlen beside the cache
  const Tensor np = I64({1}, {2});
  CHECK(clause_of(NodeB("Attention"), 25, {q, k, v, nothing, zeros4(1), zeros4(1), np}) == "AT26");
  CHECK(clause_of(NodeB("Attention"), 25, {q, k, v, nothing, nothing, nothing, np}, 3) == "AT26");
  // version 24 lets the same combinations pass (and has no window attributes to read)
  CHECK(clause_of(NodeB("Attention"), 24, {q, k, v, nothing, zeros4(1), zeros4(1), np}) == "");
  CHECK(clause_of(NodeB("Attention").i("q_num_heads", 1).i("kv_num_heads", 1), 24, {q, k, v}) == "");
  // 3-D operands keep their head counts in version 25, and the window applies to every head
  const auto three = NodeB(win(0, -1, 1)).i("q_num_heads", 2).i("kv_num_heads", 1);
  const Tensor q3 = D({1, 2, 2}, {1, 1, 1, 1}), k3 = D({1, 2, 1}, {0, 0}), v3 = D({1, 2, 1}, {4, 8});
  check_close(run(three, 25, {q3, k3, v3})[0], {4, 4, 8, 8});
}

TEST_CASE("[AT15][AT18] RotaryEmbedding rotates halves or interleaved pairs") {
  // one head of 4, full rotation, cos/sin per column: (0.6, 0.8) and (0, 1)
  const Tensor x = D({1, 1, 1, 4}, {1, 2, 3, 4});
  const Tensor c = D({1, 1, 2}, {0.6, 0});
  const Tensor s = D({1, 1, 2}, {0.8, 1});
  // halves: pairs (0, 2) and (1, 3)
  check_close(run(NodeB("RotaryEmbedding"), 23, {x, c, s})[0], {-1.8, -4, 2.6, 2});
  // interleaved: pairs (0, 1) and (2, 3)
  check_close(run(NodeB("RotaryEmbedding").i("interleaved", 1), 23, {x, c, s})[0], {-1, 2, -4, 3});
  // 3-D input with two heads of 2
  const Tensor x3 = D({1, 1, 4}, {1, 2, 3, 4});
  const Tensor c1 = D({1, 1, 1}, {0.6});
  const Tensor s1 = D({1, 1, 1}, {0.8});
  const Tensor y3 = run(NodeB("RotaryEmbedding").i("num_heads", 2), 23, {x3, c1, s1})[0];
  CHECK(y3.shape() == Shape{1, 1, 4});
  check_close(y3, {-1, 2, 3 * 0.6 - 4 * 0.8, 3 * 0.8 + 4 * 0.6});
  // float32 rounds once
  check_close(run(NodeB("RotaryEmbedding"), 23,
                  {F({1, 1, 1, 2}, {1, 2}), F({1, 1, 1}, {0.5f}), F({1, 1, 1}, {0.25f})})[0],
              {0.5 - 0.5, 0.25 + 1.0});
  CHECK(clause_of(NodeB("RotaryEmbedding"), 23, {x3, c1, s1}) == "AT15");
  CHECK(clause_of(NodeB("RotaryEmbedding"), 23, {D({4}, {1, 2, 3, 4}), c1, s1}) == "AT15");
  CHECK(clause_of(NodeB("RotaryEmbedding"), 23, {x, F({1, 1, 2}, {0.6f, 0}), s}) == "AT15");
}

TEST_CASE("[AT16] rotary_embedding_dim limits the rotated part") {
  const Tensor x = D({1, 1, 1, 4}, {1, 2, 3, 4});
  const Tensor c = D({1, 1, 1}, {0.6});
  const Tensor s = D({1, 1, 1}, {0.8});
  check_close(run(NodeB("RotaryEmbedding").i("rotary_embedding_dim", 2), 23, {x, c, s})[0], {-1, 2, 3, 4});
  check_close(run(NodeB("RotaryEmbedding").i("rotary_embedding_dim", 2).i("interleaved", 1), 23, {x, c, s})[0],
              {-1, 2, 3, 4});
  CHECK(clause_of(NodeB("RotaryEmbedding").i("rotary_embedding_dim", 3), 23, {x, c, s}) == "AT16");
  CHECK(clause_of(NodeB("RotaryEmbedding").i("rotary_embedding_dim", 6), 23, {x, c, s}) == "AT16");
}

TEST_CASE("[AT17] position_ids select rows of the caches") {
  // caches for positions 0 (identity) and 1 (cos 0.6, sin 0.8); two sequence positions reading 1 then 0
  const Tensor x = D({1, 1, 2, 2}, {1, 2, 1, 2});
  const Tensor c = D({2, 1}, {1, 0.6});
  const Tensor s = D({2, 1}, {0, 0.8});
  check_close(run(NodeB("RotaryEmbedding"), 23, {x, c, s, I64({1, 2}, {1, 0})})[0], {-1, 2, 1, 2});
  CHECK(clause_of(NodeB("RotaryEmbedding"), 23, {x, c, s, I64({1, 2}, {2, 0})}) == "AT17");
  CHECK(clause_of(NodeB("RotaryEmbedding"), 23, {x, c, s, I64({1, 2}, {-1, 0})}) == "AT17");
  CHECK(clause_of(NodeB("RotaryEmbedding"), 23, {x, c, s}) == "AT17");
  CHECK(clause_of(NodeB("RotaryEmbedding"), 23, {x, D({1, 2, 1}, {1, 1}), D({1, 2, 1}, {0, 0}), I64({1, 2}, {0, 0})}) ==
        "AT17");
}

namespace {
NodeB lin(const std::string& rule, int64_t hq = 1, int64_t hkv = 1) {
  NodeB b("LinearAttention");
  b.i("q_num_heads", hq).i("kv_num_heads", hkv).f("scale", 1.0f);
  if (!rule.empty()) b.s("update_rule", rule);
  return b;
}
}  // namespace

TEST_CASE("[AT19][AT23] LinearAttention update rules") {
  // one head, dk = dv = 1, q = (1, 2), k = (1, 3), v = (2, 5)
  const Tensor q = D({1, 2, 1}, {1, 2});
  const Tensor k = D({1, 2, 1}, {1, 3});
  const Tensor v = D({1, 2, 1}, {2, 5});
  const std::optional<Value> none;
  // linear: S = 2, then 2 + 15 = 17; outputs q * S
  auto out = run(lin("linear"), 27, {q, k, v}, 2);
  CHECK(out[0].shape() == Shape{1, 2, 1});
  check_close(out[0], {2, 34});
  CHECK(out[1].shape() == Shape{1, 1, 1, 1});
  check_close(out[1], {17});
  // gated, decay ln 1/2 each step: S = 2, then 1 + 15 = 16
  const Tensor decay = D({1, 2, 1}, {std::log(0.5), std::log(0.5)});
  out = run(lin("gated"), 27, {q, k, v, none, decay}, 2);
  check_close(out[0], {2, 32});
  check_close(out[1], {16});
  // delta, beta (1/2, 1): v0 = 1/2 * (2 - 0) = 1, S = 1; v1 = 5 - 1 * 3 = 2, S = 1 + 6 = 7
  const Tensor beta = D({1, 2, 1}, {0.5, 1});
  out = run(lin("delta"), 27, {q, k, v, none, none, beta}, 2);
  check_close(out[0], {1, 14});
  check_close(out[1], {7});
  // gated_delta (the default) from past_state 4: S = 2 after decay, v = 2 - 2 = 0, S stays 2
  NodeB gd("LinearAttention");
  gd.i("q_num_heads", 1).i("kv_num_heads", 1).f("scale", 1.0f);
  const Tensor q1 = D({1, 1, 1}, {1});
  const Tensor k1 = D({1, 1, 1}, {1});
  const Tensor v1 = D({1, 1, 1}, {2});
  out = run(gd, 27, {q1, k1, v1, D({1, 1, 1, 1}, {4}), D({1, 1, 1}, {std::log(0.5)}), D({1, 1, 1}, {1})}, 2);
  check_close(out[0], {2});
  check_close(out[1], {2});
  // an erase gate of 0 hides the state from the delta correction: v = 2, S = 4 + 2 = 6
  out = run(lin("delta"), 27, {q1, k1, v1, D({1, 1, 1, 1}, {4}), none, D({1, 1, 1}, {1}), D({1, 1, 1}, {0})}, 2);
  check_close(out[0], {6});
  CHECK(clause_of(lin("gated"), 27, {q, k, v}, 2) == "AT19");
  CHECK(clause_of(lin("linear"), 27, {q, k, v, none, none, beta}, 2) == "AT19");
  CHECK(clause_of(lin("gated"), 27, {q, k, v, none, decay, none, D({1, 2, 1}, {1, 1})}, 2) == "AT19");
  CHECK(clause_of(lin("softmax"), 27, {q, k, v}, 2) == "AT19");
}

TEST_CASE("[AT20][AT21][AT22] LinearAttention shapes, heads, gates and state") {
  const std::optional<Value> none;
  // default scale 1/sqrt(4); the value 6 is written under key dimension 0 and read back by q
  NodeB b("LinearAttention");
  b.i("q_num_heads", 1).i("kv_num_heads", 1).s("update_rule", "linear");
  check_close(run(b, 27, {D({1, 1, 4}, {1, 1, 1, 1}), D({1, 1, 4}, {1, 0, 0, 0}), D({1, 1, 1}, {6})}, 2)[0], {3});
  // grouped heads: two query heads read one state
  check_close(run(lin("linear", 2, 1), 27, {D({1, 1, 2}, {1, 2}), D({1, 1, 1}, {1}), D({1, 1, 1}, {3})}, 2)[0], {3, 6});
  // per-key-dimension decay: dk = 2, state (1, 1) decays to (1/2, 1); q = (1, 1) reads 1.5
  const auto out = run(lin("gated"), 27,
                       {D({1, 1, 2}, {1, 1}), D({1, 1, 2}, {0, 0}), D({1, 1, 1}, {0}), D({1, 1, 2, 1}, {1, 1}),
                        D({1, 1, 2}, {std::log(0.5), 0})},
                       2);
  check_close(out[0], {1.5});
  check_close(out[1], {0.5, 1});
  // present_state takes past_state's element type
  const auto o32 = run(lin("linear"), 27,
                       {D({1, 1, 1}, {1}), D({1, 1, 1}, {1}), D({1, 1, 1}, {2}), F({1, 1, 1, 1}, {1})}, 2);
  CHECK(o32[0].dtype() == DType::float64);
  CHECK(o32[1].dtype() == DType::float32);
  check_close(o32[1], {3});
  const Tensor q = D({1, 1, 2}, {1, 2});
  const Tensor k = D({1, 1, 1}, {1});
  const Tensor v = D({1, 1, 1}, {3});
  NodeB nh("LinearAttention");
  nh.s("update_rule", "linear");
  CHECK(clause_of(nh, 27, {q, k, v}, 2) == "AT20");
  CHECK(clause_of(lin("linear", 3, 2), 27, {D({1, 1, 3}, {1, 2, 3}), D({1, 1, 2}, {1, 1}), D({1, 1, 2}, {1, 1})}, 2) ==
        "AT20");
  CHECK(clause_of(lin("linear", 2, 1), 27, {q, D({1, 1, 2}, {1, 1}), v}, 2) == "AT20");
  CHECK(clause_of(lin("delta", 2, 1), 27, {q, k, v, none, none, D({1, 1, 2}, {1, 1})}, 2) == "AT21");
  CHECK(clause_of(lin("gated", 2, 1), 27, {q, k, v, none, D({1, 1, 3}, {1, 1, 1})}, 2) == "AT21");
  CHECK(clause_of(lin("linear", 2, 1), 27, {q, k, v, D({1, 1, 2, 1}, {0, 0})}, 2) == "AT22");
}

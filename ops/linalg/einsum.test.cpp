// Unit tests of Einsum (spec/ops-linalg.md RD30-RD32). Expected values are worked out by hand.
#include "ops/linalg/test_util.hpp"

using namespace lat;

namespace {
Tensor es(const std::string& eq, std::vector<std::optional<Value>> in) {
  return run1(NodeB("Einsum").s("equation", eq), 12, std::move(in));
}
std::string es_clause(const std::string& eq, std::vector<std::optional<Value>> in) {
  return clause_of(NodeB("Einsum").s("equation", eq), 12, std::move(in));
}
const Tensor m23 = F({2, 3}, {1, 2, 3, 4, 5, 6});
}  // namespace

TEST_CASE("[RD30] Einsum equations: one term per input, letters, one ellipsis, output letters once") {
  CHECK(es_clause("ij,jk->ik", {m23}) == "RD30");
  CHECK(es_clause("ij->k", {m23}) == "RD30");
  CHECK(es_clause("ij->ii", {m23}) == "RD30");
  CHECK(es_clause("i1", {m23}) == "RD30");
  CHECK(es_clause("......", {m23}) == "RD30");
  CHECK(es_clause("ij,jk", {m23, D({3, 1}, {1, 1, 1})}) == "RD30");  // mixed element types
  CHECK(clause_of(NodeB("Einsum"), 12, {m23}) == "A1");
  // spaces are ignored
  CHECK(vals<float>(es(" ij -> ji ", {m23})) == std::vector<float>{1, 4, 2, 5, 3, 6});
}

TEST_CASE("[RD31] Einsum terms name every dimension and letters agree on sizes") {
  CHECK(es_clause("ijk", {m23}) == "RD31");
  CHECK(es_clause("i", {m23}) == "RD31");
  CHECK(es_clause("i,i", {F({2}, {1, 2}), F({3}, {1, 2, 3})}) == "RD31");
  CHECK(es_clause("...i,...i", {F({2, 2}, {1, 2, 3, 4}), F({3, 2}, {1, 1, 1, 1, 1, 1})}) == "B1");
}

TEST_CASE("[RD32] Einsum sums products over the labels absent from the output") {
  CHECK(vals<float>(es("ij,jk->ik", {F({2, 2}, {1, 2, 3, 4}), F({2, 2}, {5, 6, 7, 8})})) ==
        std::vector<float>{19, 22, 43, 50});
  Tensor y = es("ij->ji", {m23});
  CHECK(y.shape() == Shape{3, 2});
  CHECK(vals<float>(y) == std::vector<float>{1, 4, 2, 5, 3, 6});
  CHECK(vals<float>(es("ii->i", {F({2, 2}, {1, 2, 3, 4})})) == std::vector<float>{1, 4});
  y = es("ii", {F({2, 2}, {1, 2, 3, 4})});  // implicit: trace
  CHECK(y.shape() == Shape{});
  CHECK(vals<float>(y) == std::vector<float>{5});
  CHECK(vals<float>(es("i,i", {F({3}, {1, 2, 3}), F({3}, {4, 5, 6})})) == std::vector<float>{32});
  CHECK(vals<float>(es("i,i->i", {F({3}, {1, 2, 3}), F({3}, {4, 5, 6})})) == std::vector<float>{4, 10, 18});
  // implicit output sorts the letters: "ji" gives "ij", a transpose
  CHECK(vals<float>(es("ji", {m23})) == std::vector<float>{1, 4, 2, 5, 3, 6});
  // ... by ASCII code, upper case first: "bA" gives "Ab"; "a" and "A" are distinct labels, not a diagonal
  y = es("bA", {m23});
  CHECK(y.shape() == Shape{3, 2});
  CHECK(vals<float>(y) == std::vector<float>{1, 4, 2, 5, 3, 6});
  CHECK(vals<float>(es("aA", {F({2, 2}, {1, 2, 3, 4})})) == std::vector<float>{1, 3, 2, 4});
  CHECK(vals<float>(es("i->", {F({3}, {1, 2, 3})})) == std::vector<float>{6});
  CHECK(vals<float>(es("i,j->ij", {F({2}, {1, 2}), F({2}, {3, 4})})) == std::vector<float>{3, 4, 6, 8});
  // ellipsis: batch dimensions, broadcast, summed when the explicit output leaves them out
  y = es("...ij,...jk->...ik", {F({2, 1, 2}, {1, 2, 3, 4}), F({2, 1}, {1, 1})});
  CHECK(y.shape() == Shape{2, 1, 1});
  CHECK(vals<float>(y) == std::vector<float>{3, 7});
  y = es("...i,...i", {F({2, 2}, {1, 2, 3, 4}), F({1, 2}, {1, 1})});
  CHECK(y.shape() == Shape{2});
  CHECK(vals<float>(y) == std::vector<float>{3, 7});
  CHECK(vals<float>(es("...i->i", {F({2, 2}, {1, 2, 3, 4})})) == std::vector<float>{4, 6});
  CHECK(vals<float>(es("bij,bjk->bik", {F({2, 1, 1}, {2, 3}), F({2, 1, 1}, {5, 7})})) == std::vector<float>{10, 21});
  // empty summed set gives 0; an empty output dimension gives no elements
  CHECK(vals<float>(es("ij->i", {F({2, 0}, {})})) == std::vector<float>{0, 0});
  CHECK(es("ij->j", {F({2, 0}, {})}).shape() == Shape{0});
  // binary64 accumulation, integer wrap-around
  CHECK(vals<float>(es("i,i", {F({3}, {1e8f, 1, -1e8f}), F({3}, {1, 1, 1})})) == std::vector<float>{1});
  CHECK(vals<int32_t>(es("i,i", {I32({1}, {65536}), I32({1}, {65536})})) == std::vector<int32_t>{0});
}

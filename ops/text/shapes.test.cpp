// Tests of the text family's shape rules (ops/text/shapes.cpp; spec/types.md TY5, spec/ops-text.md).
#include <doctest/doctest.h>

#include <limits>

#include "ops/common/testing.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {

using testing::attr_i;
using testing::attr_is;
using testing::attr_s;
using testing::attr_ss;
using testing::clause_of;
using testing::dims_of;
using testing::make_node;
using testing::ttype;
using Dims64 = std::vector<int64_t>;

const Registry& reg() { return testing::shape_registry<add_text, describe_text, shapes_text>(); }

std::vector<Type> infer(const std::string& op, int64_t since, std::vector<std::optional<Type>> in,
                        std::vector<Attribute> attrs = {}, size_t outputs = 1,
                        std::vector<std::optional<Value>> constants = {}) {
  return testing::infer_with(reg(), make_node(op, std::move(attrs), "", outputs), since, std::move(in),
                             std::move(constants));
}

const int64_t big = std::numeric_limits<int64_t>::max();

TEST_CASE("text shapes: RegexFullMatch, StringConcat and StringSplit") {
  const auto s = DType::string;
  auto out = infer("RegexFullMatch", 20, {ttype(s, {2, -1})}, {attr_s("pattern", "a+")});
  CHECK(out[0].elem == DType::boolean);
  CHECK(dims_of(out[0]) == Dims64{2, -1});
  out = infer("StringConcat", 20, {ttype(s, {3, 1}), ttype(s, {4})});
  CHECK(out[0].elem == s);
  CHECK(dims_of(out[0]) == Dims64{3, 4});
  CHECK(clause_of([&] { (void)infer("StringConcat", 20, {ttype(s, {3}), ttype(s, {4})}); }) == "TS1");
  out = infer("StringSplit", 20, {ttype(s, {2, 3})}, {}, 2);
  CHECK(out[0].elem == s);
  CHECK(dims_of(out[0]) == Dims64{2, 3, -1});
  CHECK(out[1].elem == DType::int64);
  CHECK(dims_of(out[1]) == Dims64{2, 3});
}

TEST_CASE("text shapes: StringNormalizer keeps C only without stop words") {
  const auto s = DType::string;
  CHECK(dims_of(infer("StringNormalizer", 10, {ttype(s, {1, 4})})[0]) == Dims64{1, 4});
  CHECK(dims_of(infer("StringNormalizer", 10, {ttype(s, {4})}, {attr_ss("stopwords", {"a"})})[0]) == Dims64{-1});
  // an empty X gives one empty string
  CHECK(dims_of(infer("StringNormalizer", 10, {ttype(s, {0})})[0]) == Dims64{-1});
  CHECK(dims_of(infer("StringNormalizer", 10, {ttype(s, {-1, 5})})[0]) == Dims64{1, 5});
  CHECK(clause_of([&] {
          (void)infer("StringNormalizer", 10, {ttype(s, {4})}, {attr_s("case_change_action", "lower")});
        }) == "TY10");
}

TEST_CASE("[TX61] StringNormalizer: X is [C] or [1, C]") {
  const auto s = DType::string;
  CHECK(clause_of([&] { (void)infer("StringNormalizer", 10, {ttype(s, {2, 3})}); }) == "TX61");
  CHECK(clause_of([&] { (void)infer("StringNormalizer", 10, {ttype(s, {})}); }) == "TX61");
  CHECK(clause_of([&] { (void)infer("StringNormalizer", 10, {ttype(s, {1, 2, 3})}); }) == "TX61");
}

TEST_CASE("text shapes: TfIdfVectorizer has max(ngram_indexes) + 1 columns") {
  const std::vector<Attribute> attrs{attr_s("mode", "TF"),
                                     attr_i("min_gram_length", 1),
                                     attr_i("max_gram_length", 1),
                                     attr_i("max_skip_count", 0),
                                     attr_is("ngram_counts", {0}),
                                     attr_is("ngram_indexes", {0, 4, 2}),
                                     attr_is("pool_int64s", {1, 2, 3})};
  auto out = infer("TfIdfVectorizer", 9, {ttype(DType::int64, {-1, 7})}, attrs);
  CHECK(out[0].elem == DType::float32);
  CHECK(dims_of(out[0]) == Dims64{-1, 5});
  CHECK(dims_of(infer("TfIdfVectorizer", 9, {ttype(DType::int32, {7})}, attrs)[0]) == Dims64{5});
  auto odd = attrs;
  odd[5] = attr_is("ngram_indexes", {big});
  CHECK(dims_of(infer("TfIdfVectorizer", 9, {ttype(DType::int32, {7})}, odd)[0]) == Dims64{-1});
  odd[0] = attr_s("mode", "BM25");
  CHECK(clause_of([&] { (void)infer("TfIdfVectorizer", 9, {ttype(DType::int32, {7})}, odd); }) == "TY10");
}

TEST_CASE("text shapes: Unique knows its ranks, not its counts") {
  const auto f = DType::float32;
  auto out = infer("Unique", 11, {ttype(f, {2, 3})}, {}, 4);
  REQUIRE(out.size() == 4);
  CHECK(dims_of(out[0]) == Dims64{-1});
  CHECK(dims_of(out[1]) == Dims64{-1});
  CHECK(dims_of(out[2]) == Dims64{6});
  CHECK(dims_of(out[3]) == Dims64{-1});
  CHECK(out[2].elem == DType::int64);
  out = infer("Unique", 11, {ttype(f, {2, 3, 4})}, {attr_i("axis", -2)}, 3);
  REQUIRE(out.size() == 3);
  CHECK(dims_of(out[0]) == Dims64{2, -1, 4});
  CHECK(dims_of(out[2]) == Dims64{3});
  out = infer("Unique", 11, {ttype(f, {big, big})}, {}, 3);
  CHECK(dims_of(out[2]) == Dims64{-1});
  out = infer("Unique", 11, {ttype(f, {}, false)}, {attr_i("axis", 5)}, 1);
  CHECK_FALSE(out[0].shape);
  CHECK(clause_of([&] { (void)infer("Unique", 11, {ttype(f, {2})}, {attr_i("axis", 1)}); }) == "TS2");
}

}  // namespace
}  // namespace onnxsem::ops

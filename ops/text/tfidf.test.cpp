// Tests of TfIdfVectorizer (spec/ops-text.md, TX20-TX23).
#include <limits>
#include "ops/text/test_util.hpp"
#include "runtime/work.hpp"

using namespace txtest;
using F = std::vector<float>;

namespace {
// Unigrams 2 3 5 4 (columns 0-3), bigrams (5,6) (7,8) (6,7) (columns 4-6).
Node int_node(const std::string& mode, int64_t min_n, int64_t max_n, int64_t skip, std::vector<Attribute> extra = {}) {
  std::vector<Attribute> at{attr_s("mode", mode),
                            attr_i("min_gram_length", min_n),
                            attr_i("max_gram_length", max_n),
                            attr_i("max_skip_count", skip),
                            attr_is("ngram_counts", {0, 4}),
                            attr_is("ngram_indexes", {0, 1, 2, 3, 4, 5, 6}),
                            attr_is("pool_int64s", {2, 3, 5, 4, 5, 6, 7, 8, 6, 7})};
  for (auto& e : extra) at.push_back(e);
  return make_node("TfIdfVectorizer", at);
}
const std::vector<int64_t> sample{1, 1, 3, 3, 3, 7, 8, 6, 7, 5, 6, 8};

// Unigrams a, b and the bigram (a, b), counted in columns 2, 0 and 1.
Node str_node(const std::string& mode, int64_t min_n, std::vector<Attribute> extra = {}) {
  std::vector<Attribute> at{attr_s("mode", mode),
                            attr_i("min_gram_length", min_n),
                            attr_i("max_gram_length", 2),
                            attr_i("max_skip_count", 0),
                            attr_is("ngram_counts", {0, 2}),
                            attr_is("ngram_indexes", {2, 0, 1}),
                            attr_ss("pool_strings", {"a", "b", "a", "b"})};
  for (auto& e : extra) at.push_back(e);
  return make_node("TfIdfVectorizer", at);
}
const Tensor str_input = strs({2, 3}, {"a", "b", "a", "b", "b", "c"});
}  // namespace

TEST_CASE("[TX22] [TX21] adjacent bigrams, and bigrams with skips counted once per distance") {
  auto y = run(int_node("TF", 2, 2, 0), 9, {Value(i64({12}, sample))});
  CHECK(shape_of(y[0]) == Shape{7});
  CHECK(vals<float>(y[0]) == F{0, 0, 0, 0, 1, 1, 1});
  // Unigrams once; (7,8) occurs at distance 1 (positions 5-6), 3 (8-11) and 6 (5-11).
  y = run(int_node("TF", 1, 2, 5), 9, {Value(i64({12}, sample))});
  CHECK(vals<float>(y[0]) == F{0, 3, 1, 0, 1, 3, 1});
  // int32 input, batched.
  y = run(int_node("TF", 1, 1, 3), 9,
          {Value(Tensor::from_vector<int32_t>(test_context(), {2, 3}, {2, 3, 3, 4, 4, 9}))});
  CHECK(shape_of(y[0]) == Shape{2, 7});
  CHECK(vals<float>(y[0]) == F{1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0});
  // A row shorter than the n-gram span counts nothing; an empty batch gives an empty result.
  y = run(int_node("TF", 2, 2, 0), 9, {Value(i64({1}, {5}))});
  CHECK(vals<float>(y[0]) == F{0, 0, 0, 0, 0, 0, 0});
  y = run(int_node("TF", 1, 2, 0), 9, {Value(i64({0, 4}, {}))});
  CHECK(shape_of(y[0]) == Shape{0, 7});
}

TEST_CASE("[TX22] string pools and the gram-length window") {
  auto y = run(str_node("TF", 1), 9, {Value(str_input)});
  CHECK(vals<float>(y[0]) == F{1, 1, 2, 2, 0, 0});
  y = run(str_node("TF", 2), 9, {Value(str_input)});
  CHECK(vals<float>(y[0]) == F{0, 1, 0, 0, 0, 0});
}

TEST_CASE("[TX23] IDF and TFIDF weighting, with and without weights") {
  auto y = run(str_node("TFIDF", 1, {attr_fs("weights", {0.5f, 2, 4})}), 9, {Value(str_input)});
  CHECK(vals<float>(y[0]) == F{0.5f, 2, 8, 1, 0, 0});
  y = run(str_node("IDF", 1, {attr_fs("weights", {0.5f, 2, 4})}), 9, {Value(str_input)});
  CHECK(vals<float>(y[0]) == F{0.5f, 2, 4, 0.5f, 0, 0});
  y = run(str_node("IDF", 1), 9, {Value(str_input)});
  CHECK(vals<float>(y[0]) == F{1, 1, 1, 1, 0, 0});
  y = run(str_node("TFIDF", 1), 9, {Value(str_input)});
  CHECK(vals<float>(y[0]) == F{1, 1, 2, 2, 0, 0});
}

TEST_CASE("[TX20] malformed attributes") {
  auto fails = [](const Node& n, const Tensor& x) { return clause_of([&] { run(n, 9, {Value(x)}); }); };
  const Tensor x = i64({2}, {1, 2});
  CHECK(fails(int_node("COUNT", 1, 1, 0), x) == "TX20");
  CHECK(fails(int_node("TF", 0, 1, 0), x) == "TX20");
  CHECK(fails(int_node("TF", 2, 1, 0), x) == "TX20");
  CHECK(fails(int_node("TF", 1, 1, -1), x) == "TX20");
  auto custom = [](std::vector<int64_t> pool, std::vector<int64_t> counts, std::vector<int64_t> idx) {
    return make_node("TfIdfVectorizer",
                     {attr_s("mode", "TF"), attr_i("min_gram_length", 1), attr_i("max_gram_length", 2),
                      attr_i("max_skip_count", 0), attr_is("ngram_counts", counts), attr_is("ngram_indexes", idx),
                      attr_is("pool_int64s", pool)});
  };
  CHECK(fails(custom({1, 2, 3, 4}, {0, 1}, {0, 1}), x) == "TX20");  // 3 items for bigrams
  CHECK(fails(custom({1, 1}, {0}, {0, 1}), x) == "TX20");           // duplicate unigram
  CHECK(fails(custom({1, 2}, {0}, {0}), x) == "TX20");              // too few indexes
  CHECK(fails(custom({1, 2}, {0}, {0, 1, 2}), x) == "TX20");        // too many indexes
  CHECK(fails(custom({1, 2}, {1, 0}, {0, 1}), x) == "TX20");        // decreasing counts
  CHECK(fails(custom({1, 2}, {0}, {0, -1}), x) == "TX20");          // negative column
  CHECK(fails(str_node("TFIDF", 1, {attr_fs("weights", {1})}), str_input) == "TX20");
  CHECK(fails(str_node("TF", 1, {attr_is("pool_int64s", {1})}), str_input) == "TX20");
  CHECK(fails(make_node("TfIdfVectorizer", {attr_s("mode", "TF")}), x) == "A1");
  // A column index far beyond any output size: refused by the allocation limit before counting (L3).
  CHECK(fails(custom({1, 2}, {0}, {0, int64_t{1} << 60}), x) == "L3");
  // The largest int64 column: the output would have 2^63 columns, more than int64 counts (a fuzzing find).
  CHECK(fails(custom({1, 2}, {0}, {0, std::numeric_limits<int64_t>::max()}), x) == "TX20");
}

TEST_CASE("[TX21] input shapes and element types") {
  CHECK(clause_of([&] { run(str_node("TF", 1), 9, {Value(i64({2}, {1, 2}))}); }) == "TX21");
  CHECK(clause_of([&] { run(int_node("TF", 1, 1, 0), 9, {Value(str_input)}); }) == "TX21");
  CHECK(clause_of([&] { run(int_node("TF", 1, 1, 0), 9, {Value(i64({1, 1, 1}, {1}))}); }) == "TX21");
  CHECK(clause_of([&] { run(int_node("TF", 1, 1, 0), 9, {Value(i64({}, {1}))}); }) == "TX21");
}

TEST_CASE("[L5] TfIdfVectorizer counts the n-grams it looks at before walking the rows") {
  // 12 items, unigrams and bigrams with skips up to 5: 12 unigrams, and bigrams at distances 1..6 in
  // 11 + 10 + 9 + 8 + 7 + 6 = 51 positions of 2 items each: 12 + 102 = 114 units.
  const Value x(i64({12}, sample));
  {
    onnxsem::WorkBudget bound(114, int64_t{1} << 40);
    auto y = run(int_node("TF", 1, 2, 5), 9, {x});
    CHECK(vals<float>(y[0]) == F{0, 3, 1, 0, 1, 3, 1});
  }
  onnxsem::WorkBudget bound(113, int64_t{1} << 40);
  CHECK(clause_of([&] { run(int_node("TF", 1, 2, 5), 9, {x}); }) == "L5");
}

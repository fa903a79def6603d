// TfIdfVectorizer (spec/ops-text.md, TX20-TX23).
//
// The pool lists n-grams grouped by length: ngram_counts[k] is the pool position where the (k+1)-grams
// start, and the (k+1)-grams are consecutive runs of k+1 items up to the next start (or the pool's end).
// N-grams are numbered 0, 1, ... in pool order across all lengths; n-gram number g is counted in output
// column ngram_indexes[g]. Each row of X is scanned for n-grams of length min_gram_length..max_gram_length
// whose items lie at positions i, i+d, ..., i+(n-1)d, d = 1..max_skip_count+1 (unigrams once).
#include <algorithm>
#include <limits>
#include <map>
#include <variant>

#include "ops/common/attrs.hpp"
#include "ops/text/text.hpp"
#include "runtime/coverage.hpp"
#include "runtime/work.hpp"

namespace onnxsem::ops::text {
namespace {

const std::string tfidf_op = "TfIdfVectorizer";

template <class Item>
struct Vocabulary {
  std::map<std::vector<Item>, int64_t> column;  // n-gram -> output column
};

struct Config {
  std::string mode;
  int64_t min_n = 0, max_n = 0, max_skip = 0;
  int64_t out_size = 0;
  std::vector<float> weights;
  bool has_weights = false;
};

// [spec:TX20] the attributes describe a well-formed pool; returns the n-grams of the allowed lengths.
template <class Item>
Vocabulary<Item> build_vocabulary(const std::vector<Item>& pool, const std::vector<int64_t>& counts,
                                  const std::vector<int64_t>& indexes, const Config& c) {
  ONNXSEM_CLAUSE(TX20);
  Vocabulary<Item> v;
  const auto P = static_cast<int64_t>(pool.size());
  int64_t g = 0;
  for (size_t k = 0; k < counts.size(); ++k) {
    const int64_t n = static_cast<int64_t>(k) + 1;
    const int64_t begin = counts[k];
    const int64_t end = k + 1 < counts.size() ? counts[k + 1] : P;
    if (begin < 0 || begin > end || end > P)
      eval_error("TX20", tfidf_op + ": ngram_counts must be non-decreasing pool positions, got " + show(counts) +
                             " for a pool of " + std::to_string(P));
    if ((end - begin) % n != 0)
      eval_error("TX20", tfidf_op + ": the " + std::to_string(n) + "-gram section of the pool holds " +
                             std::to_string(end - begin) + " items, not a multiple of " + std::to_string(n));
    for (int64_t at = begin; at < end; at += n, ++g) {
      if (g >= static_cast<int64_t>(indexes.size()))
        eval_error("TX20", tfidf_op + ": ngram_indexes has " + std::to_string(indexes.size()) +
                               " entries, fewer than the n-grams of the pool");
      if (n < c.min_n || n > c.max_n) continue;
      std::vector<Item> gram(pool.begin() + at, pool.begin() + at + n);
      if (!v.column.emplace(std::move(gram), indexes[static_cast<size_t>(g)]).second)
        eval_error("TX20", tfidf_op + ": the pool lists n-gram number " + std::to_string(g) + " twice");
    }
  }
  if (g != static_cast<int64_t>(indexes.size()))
    eval_error("TX20", tfidf_op + ": ngram_indexes has " + std::to_string(indexes.size()) +
                           " entries but the pool holds " + std::to_string(g) + " n-grams");
  return v;
}

template <class Item>
Tensor vectorize(EvalContext& cx, const std::vector<Item>& rows_data, int64_t rows, int64_t C, bool batched,
                 const Vocabulary<Item>& v, const Config& c) {
  // The counts table has the output's size: bounded like a tensor (L3) before it is allocated.
  int64_t cells = 0;
  if (__builtin_mul_overflow(rows, c.out_size, &cells) || cells > cx.limits().tensor_bytes / 8)
    eval_error("L3", tfidf_op + ": an output of " + std::to_string(rows) + " rows of " + std::to_string(c.out_size) +
                         " columns exceeds the allocation limit of " + std::to_string(cx.limits().tensor_bytes) +
                         " bytes");
  // L5: every n-gram looked at, n items each, counted before the rows are walked. For n >= 2 and skip d the
  // positions i with i + (n - 1) d < C number C - (n - 1) d while that is positive, so the d that fit sum to
  // dfit * C - (n - 1) * dfit * (dfit + 1) / 2 (no product overflows: (n - 1) * dfit < C).
  int64_t per_row = 0;
  for (int64_t n = c.min_n; n <= std::min(c.max_n, C); ++n) {
    int64_t positions = C;
    if (n > 1) {
      const int64_t dfit = std::min(std::min(c.max_skip, C) + 1, (C - 1) / (n - 1));
      positions = dfit * C - (n - 1) * dfit * (dfit + 1) / 2;
    }
    per_row = work_sum(per_row, work_product({n, positions}));
  }
  cx.charge(work_product({rows, per_row}), tfidf_op + "'s n-grams");
  std::vector<int64_t> freq(static_cast<size_t>(cells), 0);
  std::vector<Item> gram;
  for (int64_t r = 0; r < rows; ++r) {
    const Item* row = rows_data.data() + r * C;
    int64_t* f = freq.data() + r * c.out_size;
    // [spec:TX22] count every occurrence of a vocabulary n-gram with items d apart, d = 1..max_skip+1
    // (unigrams counted once).
    // Only n-grams that fit in the row (n <= C, (n - 1) * d < C) are looked at: the attributes may be as
    // large as int64 allows, the loops stay within the row.
    ONNXSEM_CLAUSE(TX22);
    for (int64_t n = c.min_n; n <= std::min(c.max_n, C); ++n) {
      const int64_t dmax = n == 1 ? 1 : std::min(c.max_skip, C) + 1;
      for (int64_t d = 1; d <= dmax; ++d)
        for (int64_t i = 0; i + (n - 1) * d < C; ++i) {
          gram.clear();
          for (int64_t k = 0; k < n; ++k) gram.push_back(row[i + k * d]);
          const auto it = v.column.find(gram);
          if (it != v.column.end()) ++f[it->second];
        }
    }
  }
  Shape shape = batched ? Shape{rows, c.out_size} : Shape{c.out_size};
  auto [y, yd] = Tensor::allocate<float>(cx, shape);
  for (size_t p = 0; p < freq.size(); ++p) {
    const auto col = static_cast<size_t>(static_cast<int64_t>(p) % c.out_size);
    const double w = c.has_weights ? static_cast<double>(c.weights[col]) : 1.0;
    const auto tf = static_cast<double>(freq[p]);
    // [spec:TX23] TF: the count; IDF: the column's weight when the count is positive, else 0; TFIDF: the
    // weight times the count. Absent weights are 1.
    ONNXSEM_CLAUSE(TX23);
    double value = tf;
    if (c.mode == "IDF") value = freq[p] > 0 ? w : 0.0;
    else if (c.mode == "TFIDF") value = w * tf;
    yd[p] = static_cast<float>(value);
  }
  return y;
}

std::vector<int64_t> int_items(const Tensor& x) {
  if (x.dtype() == DType::int32) {
    auto d = x.data<int32_t>();
    return {d.begin(), d.end()};
  }
  auto d = x.data<int64_t>();
  return {d.begin(), d.end()};
}

std::vector<std::optional<Value>> tfidf(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const Node& n = a.node;
  Config c;
  c.mode = attr_string_opt(n, "mode").value_or("");
  c.min_n = attr_int_req(n, "min_gram_length");
  c.max_n = attr_int_req(n, "max_gram_length");
  c.max_skip = attr_int_req(n, "max_skip_count");
  const auto counts = attr_ints_opt(n, "ngram_counts");
  const auto indexes = attr_ints_opt(n, "ngram_indexes");
  if (!attr_string_opt(n, "mode")) eval_error("A1", tfidf_op + ": required attribute mode is missing");
  if (!counts) eval_error("A1", tfidf_op + ": required attribute ngram_counts is missing");
  if (!indexes) eval_error("A1", tfidf_op + ": required attribute ngram_indexes is missing");
  const auto pool_i = attr_ints_opt(n, "pool_int64s");
  const auto pool_s = attr_strings_opt(n, "pool_strings");
  const auto weights = attr_floats_opt(n, "weights");
  if (c.mode != "TF" && c.mode != "IDF" && c.mode != "TFIDF")
    eval_error("TX20", tfidf_op + ": attribute mode is '" + c.mode + "', expected TF, IDF or TFIDF");
  if (c.min_n < 1 || c.max_n < c.min_n)
    eval_error("TX20", tfidf_op + ": gram lengths must satisfy 1 <= min_gram_length <= max_gram_length, got " +
                           std::to_string(c.min_n) + " and " + std::to_string(c.max_n));
  if (c.max_skip < 0)
    eval_error("TX20", tfidf_op + ": attribute max_skip_count is " + std::to_string(c.max_skip) + ", expected >= 0");
  if (pool_i.has_value() == pool_s.has_value())
    eval_error("TX20", tfidf_op + ": exactly one of pool_int64s and pool_strings must be given");
  if (indexes->empty()) eval_error("TX20", tfidf_op + ": attribute ngram_indexes is empty");
  int64_t max_index = 0;
  for (int64_t j : *indexes) {
    if (j < 0) eval_error("TX20", tfidf_op + ": ngram_indexes holds the negative column " + std::to_string(j));
    max_index = std::max(max_index, j);
  }
  // The output has max_index + 1 columns: the largest int64 column would overflow that count.
  if (max_index == std::numeric_limits<int64_t>::max())
    eval_error("TX20", tfidf_op + ": ngram_indexes holds the column " + std::to_string(max_index) +
                           ", beyond the largest output size");
  c.out_size = max_index + 1;
  if (weights) {
    c.has_weights = true;
    c.weights = *weights;
    if (static_cast<int64_t>(c.weights.size()) < c.out_size)
      eval_error("TX20", tfidf_op + ": weights has " + std::to_string(c.weights.size()) + " entries, fewer than the " +
                             std::to_string(c.out_size) + " output columns");
  }

  // [spec:TX21] X is [C] or [N, C] of strings (string pool) or int32/int64 (integer pool).
  ONNXSEM_CLAUSE(TX21);
  if (x.rank() != 1 && x.rank() != 2)
    eval_error("TX21", tfidf_op + ": input X must have shape [C] or [N, C], got " + show(x.shape()));
  const bool batched = x.rank() == 2;
  const int64_t rows = batched ? x.dim(0) : 1;
  const int64_t C = x.dim(x.rank() - 1);
  Tensor y;
  if (pool_s) {
    if (x.dtype() != DType::string)
      eval_error("TX21", tfidf_op + ": a string pool needs a string input, got " + std::string(dtype_name(x.dtype())));
    auto v = build_vocabulary<std::string>(*pool_s, *counts, *indexes, c);
    auto xd = x.data<std::string>();
    y = vectorize<std::string>(cx, std::vector<std::string>(xd.begin(), xd.end()), rows, C, batched, v, c);
  } else {
    if (x.dtype() != DType::int32 && x.dtype() != DType::int64)
      eval_error("TX21", tfidf_op + ": an integer pool needs an int32 or int64 input, got " +
                             std::string(dtype_name(x.dtype())));
    auto v = build_vocabulary<int64_t>(*pool_i, *counts, *indexes, c);
    std::vector<int64_t> items = int_items(x);
    y = vectorize<int64_t>(cx, items, rows, C, batched, v, c);
  }
  return {Value(y)};
}

}  // namespace

void add_tfidf(Registry& r) { r.add("", "TfIdfVectorizer", {9}, tfidf); }

}  // namespace onnxsem::ops::text

// Tests of StringNormalizer, StringConcat and StringSplit (spec/ops-text.md, TX1-TX8).
#include "ops/text/test_util.hpp"

using namespace txtest;
using S = std::vector<std::string>;

TEST_CASE("[TX1] StringNormalizer accepts [C] and [1, C] only, and the three case actions") {
  const Node n = make_node("StringNormalizer");
  CHECK(clause_of([&] { run(n, 10, {Value(strs({2, 2}, {"a", "b", "c", "d"}))}); }) == "TX1");
  CHECK(clause_of([&] { run(n, 10, {Value(strs({}, {"a"}))}); }) == "TX1");
  CHECK(clause_of([&] { run(n, 10, {Value(i64({1}, {1}))}); }) == "TX1");
  const Node bad = make_node("StringNormalizer", {attr_s("case_change_action", "TITLE")});
  CHECK(clause_of([&] { run(bad, 10, {Value(strs({1}, {"a"}))}); }) == "TX1");
  const Node turkish = make_node("StringNormalizer", {attr_s("locale", "tr_TR")});
  CHECK(kind_of([&] { run(turkish, 10, {Value(strs({1}, {"a"}))}); }) == ErrorKind::unsupported);
}

TEST_CASE("[TX2] stop words are removed case-insensitively by default, exactly when case-sensitive") {
  const Tensor x = strs({4}, {"Monday", "tuesday", "monday", "MONDAY x"});
  const Node ci = make_node("StringNormalizer", {attr_ss("stopwords", {"monday"})});
  auto y = run(ci, 10, {Value(x)});
  CHECK(vals<std::string>(y[0]) == S{"tuesday", "MONDAY x"});
  const Node cs = make_node("StringNormalizer", {attr_ss("stopwords", {"monday"}), attr_i("is_case_sensitive", 1)});
  y = run(cs, 10, {Value(x)});
  CHECK(vals<std::string>(y[0]) == S{"Monday", "tuesday", "MONDAY x"});
  // Stop words in upper case match lower-case elements when case-insensitive.
  const Node up = make_node("StringNormalizer", {attr_ss("stopwords", {"TUESDAY"})});
  y = run(up, 10, {Value(x)});
  CHECK(vals<std::string>(y[0]) == S{"Monday", "monday", "MONDAY x"});
}

TEST_CASE("[TX3] case mapping over ASCII, Latin-1, Greek and Cyrillic; unknown mappings are unsupported") {
  const Node lower = make_node("StringNormalizer", {attr_s("case_change_action", "LOWER")});
  const Node upper = make_node("StringNormalizer", {attr_s("case_change_action", "UPPER")});
  // "ÀÉ Σ Д x1" lower-cased: à é σ д; digits and spaces unchanged.
  auto y = run(lower, 10, {Value(strs({1}, {"\xC3\x80\xC3\x89 \xCE\xA3 \xD0\x94 X1"}))});
  CHECK(vals<std::string>(y[0]) == S{"\xC3\xA0\xC3\xA9 \xCF\x83 \xD0\xB4 x1"});
  // final sigma ς upper-cases to Σ; ё (U+0451) to Ё (U+0401); × stays.
  y = run(upper, 10,
          {Value(strs({1}, {"\xCF\x82\xD1\x91\xC3\x97"
                            "ab"}))});
  CHECK(vals<std::string>(y[0]) == S{"\xCE\xA3\xD0\x81\xC3\x97"
                                     "AB"});
  // CJK is caseless.
  y = run(upper, 10, {Value(strs({1}, {"\xE4\xB8\xAD"}))});
  CHECK(vals<std::string>(y[0]) == S{"\xE4\xB8\xAD"});
  // ß has no one-to-one upper case in Latin-1; Latin Extended-A (U+0100) is outside the mapped blocks.
  CHECK(kind_of([&] { run(upper, 10, {Value(strs({1}, {"\xC3\x9F"}))}); }) == ErrorKind::unsupported);
  CHECK(kind_of([&] { run(lower, 10, {Value(strs({1}, {"\xC4\x80"}))}); }) == ErrorKind::unsupported);
  CHECK(clause_of([&] { run(lower, 10, {Value(strs({1}, {"\xC3"}))}); }) == "TX3");
  // NONE leaves even unmapped code points and non-UTF-8 bytes alone.
  y = run(make_node("StringNormalizer"), 10, {Value(strs({2}, {"\xC4\x80", "\xFF"}))});
  CHECK(vals<std::string>(y[0]) == S{"\xC4\x80", "\xFF"});
}

TEST_CASE("[TX4] StringNormalizer result shapes, including the all-removed case") {
  const Node n = make_node("StringNormalizer", {attr_ss("stopwords", {"a"}), attr_s("case_change_action", "UPPER")});
  auto y = run(n, 10, {Value(strs({1, 3}, {"a", "b", "c"}))});
  CHECK(shape_of(y[0]) == Shape{1, 2});
  CHECK(vals<std::string>(y[0]) == S{"B", "C"});
  y = run(n, 10, {Value(strs({2}, {"a", "A"}))});
  CHECK(shape_of(y[0]) == Shape{1});
  CHECK(vals<std::string>(y[0]) == S{""});
  y = run(n, 10, {Value(strs({1, 1}, {"a"}))});
  CHECK(shape_of(y[0]) == Shape{1, 1});
  CHECK(vals<std::string>(y[0]) == S{""});
  y = run(n, 10, {Value(strs({0}, {}))});
  CHECK(shape_of(y[0]) == Shape{1});
}

TEST_CASE("[TX5] StringConcat broadcasts, including rank 0 and empty tensors") {
  const Node n = make_node("StringConcat");
  auto z = run(n, 20, {Value(strs({2, 1}, {"a", "b"})), Value(strs({3}, {"x", "", "\xC3\xA9"}))});
  CHECK(shape_of(z[0]) == Shape{2, 3});
  CHECK(vals<std::string>(z[0]) == S{"ax", "a", "a\xC3\xA9", "bx", "b", "b\xC3\xA9"});
  z = run(n, 20, {Value(strs({}, {"p"})), Value(strs({}, {"q"}))});
  CHECK(shape_of(z[0]) == Shape{});
  CHECK(vals<std::string>(z[0]) == S{"pq"});
  z = run(n, 20, {Value(strs({0}, {})), Value(strs({}, {"q"}))});
  CHECK(shape_of(z[0]) == Shape{0});
  CHECK(clause_of([&] { run(n, 20, {Value(strs({2}, {"a", "b"})), Value(strs({3}, {"a", "b", "c"}))}); }) == "B1");
  CHECK(clause_of([&] { run(n, 20, {Value(strs({1}, {"a"})), Value(i64({1}, {1}))}); }) == "TX5");
}

TEST_CASE("[TX6] [TX8] splitting at a delimiter keeps empty pieces and pads rows") {
  const Node n = make_node("StringSplit", {attr_s("delimiter", "::")}, 2);
  auto r = run(n, 20, {Value(strs({3}, {"a::b::", "", "::::x"}))}, 2);
  CHECK(shape_of(r[0]) == Shape{3, 3});
  CHECK(vals<std::string>(r[0]) == S{"a", "b", "", "", "", "", "", "", "x"});
  CHECK(vals<int64_t>(r[1]) == std::vector<int64_t>{3, 1, 3});
  const Node m = make_node("StringSplit", {attr_s("delimiter", ","), attr_i("maxsplit", 1)}, 2);
  r = run(m, 20, {Value(strs({2}, {"1,2,3", "4"}))}, 2);
  CHECK(vals<std::string>(r[0]) == S{"1", "2,3", "4", ""});
  CHECK(vals<int64_t>(r[1]) == std::vector<int64_t>{2, 1});
  const Node z = make_node("StringSplit", {attr_s("delimiter", ","), attr_i("maxsplit", 0)}, 2);
  r = run(z, 20, {Value(strs({1}, {"a,b"}))}, 2);
  CHECK(vals<std::string>(r[0]) == S{"a,b"});
}

TEST_CASE("[TX7] [TX8] splitting at white space drops leading and trailing runs") {
  const Node n = make_node("StringSplit", {}, 2);
  // U+3000 ideographic space separates too.
  auto r = run(n, 20,
               {Value(strs({2, 2}, {"  a \t b  ", "", " \n ",
                                    "c\xE3\x80\x80"
                                    "d"}))},
               2);
  CHECK(shape_of(r[0]) == Shape{2, 2, 2});
  CHECK(vals<std::string>(r[0]) == S{"a", "b", "", "", "", "", "c", "d"});
  CHECK(vals<int64_t>(r[1]) == std::vector<int64_t>{2, 0, 0, 2});
  // With maxsplit the remainder keeps its inner and trailing white space.
  const Node m = make_node("StringSplit", {attr_s("delimiter", ""), attr_i("maxsplit", 1)}, 2);
  r = run(m, 20, {Value(strs({1}, {"  a  b c  "}))}, 2);
  CHECK(vals<std::string>(r[0]) == S{"a", "b c  "});
  // Empty input: the new axis has length 0.
  r = run(n, 20, {Value(strs({0, 3}, {}))}, 2);
  CHECK(shape_of(r[0]) == Shape{0, 3, 0});
  CHECK(shape_of(r[1]) == Shape{0, 3});
  CHECK(clause_of([&] { run(n, 20, {Value(strs({1}, {"a \xE3\x80"}))}, 2); }) == "TX7");
  const Node neg = make_node("StringSplit", {attr_i("maxsplit", -1)}, 2);
  CHECK(clause_of([&] { run(neg, 20, {Value(strs({1}, {"a"}))}, 2); }) == "TX8");
}

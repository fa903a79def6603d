// Tests of RegexFullMatch (spec/ops-text.md, TX10-TX12).
#include "ops/text/test_util.hpp"

using namespace txtest;
using B = std::vector<bool>;

namespace {
std::vector<bool> match(const std::string& pattern, const std::vector<std::string>& xs) {
  const Node n = make_node("RegexFullMatch", {attr_s("pattern", pattern)});
  auto y = run(n, 20, {Value(strs({static_cast<int64_t>(xs.size())}, xs))});
  return vals<bool>(y[0]);
}
std::string failure(const std::string& pattern) {
  return clause_of([&] { match(pattern, {"a"}); });
}
ErrorKind failure_kind(const std::string& pattern) {
  return kind_of([&] { match(pattern, {"a"}); });
}
}  // namespace

TEST_CASE("[TX10] the whole element must match, not a part") {
  CHECK(match("ab", {"ab", "abc", "xab", ""}) == B{true, false, false, false});
  CHECK(match("a|ab", {"ab", "a"}) == B{true, true});
  CHECK(match("", {"", "a"}) == B{true, false});
  CHECK(match("(\\W|^)[\\w.\\-]{0,25}@(yahoo|gmail)\\.com(\\W|$)",
              {"account@gmail.com", "account@hotmail.com", "not email", "x@yahoo.com "}) ==
        B{true, false, false, true});
  CHECK(match("www\\.[\\w.-]+\\.\\bcom\\b", {"www.google.com", "www.bbc.co.uk"}) == B{true, false});
  const Node n = make_node("RegexFullMatch", {attr_s("pattern", "a")});
  auto y = run(n, 20, {Value(strs({2, 0}, {}))});
  CHECK(shape_of(y[0]) == Shape{2, 0});
  CHECK(clause_of([&] { run(n, 20, {Value(i64({1}, {1}))}); }) == "TX10");
}

TEST_CASE("[TX11] RE2 meanings: dot, shorthands, code points, literal braces, lazy repetition") {
  // '.' matches one code point (é is two bytes) but not a newline; it does match '\r'.
  CHECK(match("a.c", {"a\xC3\xA9"
                      "c",
                      "a\nc", "a\rc", "abbc"}) == B{true, false, true, false});
  // \s is [\t\n\f\r ]: no vertical tab, no no-break space.
  CHECK(match("\\s", {" ", "\t", "\v", "\xC2\xA0"}) == B{true, true, false, false});
  // \d and \w are ASCII only.
  CHECK(match("\\d\\w", {"1a", "1_",
                         "\xD9\xA1"
                         "a",
                         "1\xC3\xA9"}) == B{true, true, false, false});
  CHECK(match("[^\\d]+", {"ab", "a1"}) == B{true, false});
  // A brace that starts no repetition is a literal.
  CHECK(match("a{,2}", {"a{,2}", "aa"}) == B{true, false});
  CHECK(match("a{2}b{1,}c{0,1}", {"aab", "aabbbc", "ab"}) == B{true, true, false});
  CHECK(match("(?:ab)+?", {"abab"}) == B{true});
  CHECK(match("\\x41\\x{e9}\\.", {"A\xC3\xA9."}) == B{true});
  CHECK(match("[\\x{e9}-\\x{ea}]", {"\xC3\xAA", "e"}) == B{true, false});
  CHECK(match("[]a]", {"]", "a", "b"}) == B{true, true, false});
  CHECK(match("[a-]", {"-", "a"}) == B{true, true});
  for (const char* p : {"(?i)a", "(?P<x>a)", "\\Aa", "a\\z", "\\pL", "\\Qa\\E", "[[:alpha:]]", "[\\D]", "\\1"})
    CHECK(failure_kind(p) == ErrorKind::unsupported);
}

TEST_CASE("[TX12] malformed patterns and strings are evaluation errors") {
  CHECK(failure("(a") == "TX12");
  CHECK(failure("[a") == "TX12");
  CHECK(failure("*a") == "TX12");
  CHECK(failure("\\y") == "TX12");
  CHECK(failure("a{1001}") == "TX12");
  CHECK(failure("a{3,2}") == "TX12");
  CHECK(failure("\\xZ1") == "TX12");
  CHECK(failure("\xC3") == "TX12");
  const Node n = make_node("RegexFullMatch", {attr_s("pattern", "a")});
  CHECK(clause_of([&] { run(n, 20, {Value(strs({1}, {"\xFF"}))}); }) == "TX12");
  CHECK(clause_of([&] { run(make_node("RegexFullMatch"), 20, {Value(strs({1}, {"a"}))}); }) == "A1");
}

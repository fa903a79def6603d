// RegexFullMatch (spec/ops-text.md, TX10-TX12).
//
// ONNX specifies the pattern in RE2 syntax. onnxsem translates the part of RE2 whose meaning it can state
// exactly into an ECMAScript regular expression over code points (std::wregex; wchar_t holds a whole code
// point on the platforms onnxsem supports) and reports the rest as unsupported:
//   . -> [^\n]                  \d \w \s -> [0-9] [0-9A-Za-z_] [\t\n\f\r ] (and their negations)
//   \b \B, ^ $, | ( ) (?: ), * + ? {n} {n,} {n,m} and their lazy forms: kept
//   \t \n \r \f \v \a \xHH \x{H..} and escaped punctuation: the literal code point
//   a '{' that does not start a repetition: the literal '{' (RE2 reads it so)
//   (?flags) (?P<name> (?<name> \A \z \p \P \Q \E \C [[:class:]] octal escapes: unsupported
#include <algorithm>
#include <cwchar>
#include <regex>

#include "ops/common/attrs.hpp"
#include "ops/text/text.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::text {
namespace {

const std::string op = "RegexFullMatch";

bool is_word_char(char32_t c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
int hex_value(char32_t c) {
  if (c >= '0' && c <= '9') return static_cast<int>(c - '0');
  if (c >= 'a' && c <= 'f') return static_cast<int>(c - 'a' + 10);
  if (c >= 'A' && c <= 'F') return static_cast<int>(c - 'A' + 10);
  return -1;
}

// A code point written so that it means itself inside or outside a class.
std::wstring literal(char32_t c) {
  if (c < 0x80 && !is_word_char(c) && c != ' ') {
    wchar_t buf[8];
    std::swprintf(buf, 8, L"\\x%02X", static_cast<unsigned>(c));
    return buf;
  }
  return std::wstring(1, static_cast<wchar_t>(c));
}

class Translator {
 public:
  explicit Translator(std::u32string p) : p_(std::move(p)) {}

  std::wstring run() {
    while (i_ < p_.size()) outside();
    return out_;
  }

 private:
  [[noreturn]] void bad(const std::string& what) const {
    eval_error("TX12", op + ": pattern is not valid RE2: " + what + " at position " + std::to_string(i_));
  }
  [[noreturn]] void re2_only(const std::string& what) const {
    unsupported(op + ": the RE2 construct " + what + " has no ECMAScript equivalent in onnxsem (clause TX11)");
  }

  // An escape after '\', valid in and out of classes: returns the literal code point, or nothing when the
  // escape is a class shorthand (handled by the callers).
  char32_t escaped_literal(char32_t c) {
    switch (c) {
      case 't': return U'\t';
      case 'n': return U'\n';
      case 'r': return U'\r';
      case 'f': return U'\f';
      case 'v': return U'\v';
      case 'a': return 0x07;
      case 'x': {
        if (i_ < p_.size() && p_[i_] == '{') {
          ++i_;
          char32_t v = 0;
          size_t digits = 0;
          while (i_ < p_.size() && p_[i_] != '}') {
            const int h = hex_value(p_[i_]);
            if (h < 0 || ++digits > 6) bad("malformed \\x{...} escape");
            v = v * 16 + static_cast<char32_t>(h);
            ++i_;
          }
          if (i_ == p_.size() || digits == 0 || v > 0x10FFFF) bad("malformed \\x{...} escape");
          ++i_;
          return v;
        }
        if (i_ + 2 > p_.size() || hex_value(p_[i_]) < 0 || hex_value(p_[i_ + 1]) < 0) bad("malformed \\x escape");
        const auto v = static_cast<char32_t>(hex_value(p_[i_]) * 16 + hex_value(p_[i_ + 1]));
        i_ += 2;
        return v;
      }
      default: break;
    }
    if (c >= '0' && c <= '9') re2_only("octal escape \\" + std::string(1, static_cast<char>(c)));
    if (c == 'A' || c == 'z' || c == 'p' || c == 'P' || c == 'Q' || c == 'E' || c == 'C')
      re2_only("\\" + std::string(1, static_cast<char>(c)));
    if (c < 0x80 && is_word_char(c)) bad("unknown escape \\" + std::string(1, static_cast<char>(c)));
    return c;  // escaped punctuation (or any non-word code point) means itself
  }

  void outside() {
    const char32_t c = p_[i_++];
    switch (c) {
      case '\\': {
        if (i_ == p_.size()) bad("trailing backslash");
        const char32_t e = p_[i_++];
        if (e == 'd') out_ += L"[0-9]";
        else if (e == 'D') out_ += L"[^0-9]";
        else if (e == 'w') out_ += L"[0-9A-Za-z_]";
        else if (e == 'W') out_ += L"[^0-9A-Za-z_]";
        else if (e == 's') out_ += L"[\\t\\n\\f\\r ]";
        else if (e == 'S') out_ += L"[^\\t\\n\\f\\r ]";
        else if (e == 'b') out_ += L"\\b";
        else if (e == 'B') out_ += L"\\B";
        else out_ += literal(escaped_literal(e));
        return;
      }
      case '.': out_ += L"[^\\n]"; return;
      case '[': klass(); return;
      case '(':
        if (i_ < p_.size() && p_[i_] == '?') {
          if (i_ + 1 < p_.size() && p_[i_ + 1] == ':') {
            out_ += L"(?:";
            i_ += 2;
            return;
          }
          re2_only("'(?' group flags or names");
        }
        out_ += L"(";
        return;
      case '{':
        if (repetition()) return;
        out_ += literal('{');
        return;
      case '}': out_ += literal('}'); return;
      case ']': out_ += literal(']'); return;
      default: out_ += literal_or_operator(c); return;
    }
  }

  static std::wstring literal_or_operator(char32_t c) {
    if (c == '*' || c == '+' || c == '?' || c == '|' || c == ')' || c == '^' || c == '$')
      return std::wstring(1, static_cast<wchar_t>(c));
    return literal(c);
  }

  // At '{' (already consumed): a repetition {n}, {n,} or {n,m} is copied (RE2 bounds counts by 1000);
  // anything else is not a repetition and the caller writes a literal brace.
  bool repetition() {
    size_t j = i_;
    auto number = [&](int64_t& v) {
      const size_t from = j;
      v = 0;
      while (j < p_.size() && p_[j] >= '0' && p_[j] <= '9' && j - from < 9) v = v * 10 + (p_[j++] - '0');
      return j > from;
    };
    int64_t lo = 0, hi = -1;
    bool comma = false;
    if (!number(lo)) return false;
    if (j < p_.size() && p_[j] == ',') {
      comma = true;
      ++j;
      if (j < p_.size() && p_[j] != '}' && !number(hi)) return false;
    } else {
      hi = lo;
    }
    if (j >= p_.size() || p_[j] != '}') return false;
    if (lo > 1000 || hi > 1000) bad("repetition count above 1000");
    if (hi >= 0 && hi < lo) bad("repetition {n,m} with m < n");
    std::wstring r = L"{" + std::to_wstring(lo);
    if (comma) r += L"," + (hi >= 0 ? std::to_wstring(hi) : std::wstring());
    r += L"}";
    out_ += r;
    i_ = j + 1;
    return true;
  }

  // At '[' (already consumed): a character class, up to its closing ']'.
  void klass() {
    std::wstring body;
    bool negated = false;
    if (i_ < p_.size() && p_[i_] == '^') {
      negated = true;
      ++i_;
    }
    bool first = true;
    while (true) {
      if (i_ == p_.size()) bad("missing ']'");
      const char32_t c = p_[i_++];
      if (c == ']' && !first) break;
      first = false;
      if (c == '[' && i_ < p_.size() && p_[i_] == ':') re2_only("[[:class:]]");
      if (c == '\\') {
        if (i_ == p_.size()) bad("trailing backslash");
        const char32_t e = p_[i_++];
        if (e == 'd') body += L"0-9";
        else if (e == 'w') body += L"0-9A-Za-z_";
        else if (e == 's') body += L"\\t\\n\\f\\r ";
        else if (e == 'D' || e == 'W' || e == 'S') re2_only("negated shorthand inside a class");
        else if (e == 'b' || e == 'B') bad("\\b inside a class");
        else body += literal(escaped_literal(e));
        continue;
      }
      if (c == '-') {
        // a range operator between two members, else a literal hyphen
        const bool range = !body.empty() && i_ < p_.size() && p_[i_] != ']';
        body += range ? std::wstring(L"-") : literal('-');
        continue;
      }
      body += literal(c);
    }
    out_ += (negated ? L"[^" : L"[") + body + L"]";
  }

  std::u32string p_;
  size_t i_ = 0;
  std::wstring out_;
};

std::vector<std::optional<Value>> regex_full_match(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  if (x.dtype() != DType::string)
    eval_error("TX10", op + ": input X must be a string tensor, got " + dtype_name(x.dtype()));
  const auto pattern = attr_string_opt(a.node, "pattern");
  if (!pattern) eval_error("A1", op + ": required attribute pattern is missing");
  // [spec:TX11] the RE2 pattern is translated to an ECMAScript expression of the same meaning, or refused.
  ONNXSEM_CLAUSE(TX11);
  const std::wstring translated = Translator(utf8_decode(*pattern, "TX12", op + " pattern")).run();
  std::wregex re;
  try {
    re.assign(translated, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    // [spec:TX12] a pattern that does not form a regular expression is an evaluation error.
    ONNXSEM_CLAUSE(TX12);
    eval_error("TX12", op + ": pattern '" + *pattern + "' is not a valid regular expression (" + e.what() + ")");
  }
  auto xd = x.data<std::string>();
  auto [y, yd] = Tensor::allocate<bool>(cx, x.shape());
  for (size_t i = 0; i < xd.size(); ++i) {
    const std::u32string u = utf8_decode(xd[i], "TX12", op + " input X");
    const std::wstring w(u.begin(), u.end());
    // [spec:TX10] true exactly when the whole element matches the pattern.
    ONNXSEM_CLAUSE(TX10);
    try {
      yd[i] = std::regex_match(w, re);
    } catch (const std::regex_error& e) {
      unsupported(op + ": matching exceeded the regular-expression engine's limits (" + e.what() + ")");
    }
  }
  return {Value(y)};
}

}  // namespace

void add_regex(Registry& r) { r.add("", "RegexFullMatch", {20}, regex_full_match); }

}  // namespace onnxsem::ops::text

// String operators (spec/ops-text.md, TX1-TX9): StringNormalizer, StringConcat, StringSplit.
//
// Strings are byte sequences holding UTF-8. StringConcat and splitting at an explicit delimiter work on
// bytes; case changes and whitespace splitting read code points, so they need well-formed UTF-8.
#include <algorithm>
#include <array>
#include <cstdio>

#include "ops/common/attrs.hpp"
#include "ops/common/broadcast.hpp"
#include "ops/text/text.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::text {
namespace {

const Tensor& string_input(const KernelArgs& a, size_t k, const std::string& op, const std::string& name,
                           Clause clause) {
  const Tensor& t = a.tensor(k);
  if (t.dtype() != DType::string)
    eval_error(clause, op + ": input " + name + " must be a string tensor, got " + dtype_name(t.dtype()));
  return t;
}

// ---- case mapping ---------------------------------------------------------------------------------------

// Code points without case in the blocks the mapping knows: the caseless ASCII and Latin-1 characters
// are handled by the ranges below; these are whole blocks of caseless characters.
bool known_caseless(char32_t c) {
  return (c >= 0x2000 && c <= 0x206F)        // general punctuation
         || (c >= 0x3000 && c <= 0x9FFF)     // CJK symbols, kana, CJK ideographs
         || (c >= 0xAC00 && c <= 0xD7AF)     // Hangul syllables
         || (c >= 0x0600 && c <= 0x06FF)     // Arabic
         || (c >= 0x05D0 && c <= 0x05EA)     // Hebrew letters
         || (c >= 0x0E00 && c <= 0x0E7F)     // Thai
         || (c >= 0x1F300 && c <= 0x1FAFF);  // pictographs
}

// [spec:TX3] simple one-to-one case mapping over ASCII, Latin-1, basic Greek and basic Cyrillic; a code
// point outside those whose case mapping is not known is unsupported.
char32_t map_case(char32_t c, bool upper, const std::string& op) {
  ONNXSEM_CLAUSE(TX3);
  if (c < 0x80) {
    if (upper && c >= 'a' && c <= 'z') return c - 0x20;
    if (!upper && c >= 'A' && c <= 'Z') return c + 0x20;
    return c;
  }
  if (c < 0x100) {
    if (c == 0xD7 || c == 0xF7) return c;  // multiplication and division signs
    if (!upper && c >= 0xC0 && c <= 0xDE) return c + 0x20;
    if (upper && c >= 0xE0 && c <= 0xFE) return c - 0x20;
    if (upper && (c == 0xB5 || c == 0xDF || c == 0xFF))
      unsupported(op + ": the upper case of U+00" +
                  (c == 0xB5   ? std::string("B5")
                   : c == 0xDF ? "DF"
                               : "FF") +
                  " lies outside the mapped blocks");
    return c;
  }
  if (c >= 0x391 && c <= 0x3A9 && c != 0x3A2) return upper ? c : c + 0x20;  // Greek capitals
  if (c >= 0x3B1 && c <= 0x3C9) {                                           // Greek small letters
    if (!upper) return c;
    return c == 0x3C2 ? char32_t{0x3A3} : c - 0x20;  // final sigma upper-cases to sigma
  }
  if (c >= 0x410 && c <= 0x42F) return upper ? c : c + 0x20;  // Cyrillic capitals
  if (c >= 0x430 && c <= 0x44F) return upper ? c - 0x20 : c;
  if (c >= 0x400 && c <= 0x40F) return upper ? c : c + 0x50;
  if (c >= 0x450 && c <= 0x45F) return upper ? c - 0x50 : c;
  if (known_caseless(c)) return c;
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
  unsupported(op + ": no case mapping is defined for " + std::string(buf));
}

std::string change_case(const std::string& s, bool upper, const std::string& op) {
  bool ascii = std::all_of(s.begin(), s.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x80; });
  if (ascii) {
    std::string r = s;
    for (char& ch : r) ch = static_cast<char>(map_case(static_cast<unsigned char>(ch), upper, op));
    return r;
  }
  std::u32string u = utf8_decode(s, "TX3", op);
  for (char32_t& c : u) c = map_case(c, upper, op);
  return utf8_encode(u);
}

// ---- StringNormalizer -----------------------------------------------------------------------------------

std::vector<std::optional<Value>> string_normalizer(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "StringNormalizer";
  const Tensor& x = string_input(a, 0, op, "X", "TX1");
  const std::string action = attr_string(a.node, "case_change_action", "NONE");
  const bool case_sensitive = attr_int(a.node, "is_case_sensitive", 0) != 0;
  const std::string locale = attr_string(a.node, "locale", "");
  const std::vector<std::string> stopwords = attr_strings_opt(a.node, "stopwords").value_or(std::vector<std::string>{});
  // [spec:TX1] X is [C] or [1, C]; the case action is NONE, LOWER or UPPER.
  ONNXSEM_CLAUSE(TX1);
  if (!(x.rank() == 1 || (x.rank() == 2 && x.dim(0) == 1)))
    eval_error("TX1", op + ": input X must have shape [C] or [1, C], got " + show(x.shape()));
  if (action != "NONE" && action != "LOWER" && action != "UPPER")
    eval_error("TX1", op + ": attribute case_change_action is '" + action + "', expected NONE, LOWER or UPPER");
  if (locale.rfind("tr", 0) == 0 || locale.rfind("az", 0) == 0 || locale.rfind("lt", 0) == 0)
    unsupported(op + ": locale '" + locale + "' has language-specific case rules");

  // [spec:TX2] an element equal to a stop word (compared after lower-casing both when case-insensitive)
  // is removed.
  ONNXSEM_CLAUSE(TX2);
  std::vector<std::string> stops = stopwords;
  if (!case_sensitive)
    for (auto& w : stops) w = change_case(w, false, op);
  std::sort(stops.begin(), stops.end());
  std::vector<std::string> kept;
  for (const auto& s : x.data<std::string>()) {
    if (!stops.empty()) {
      const std::string key = case_sensitive ? s : change_case(s, false, op);
      if (std::binary_search(stops.begin(), stops.end(), key)) continue;
    }
    kept.push_back(action == "NONE" ? s : change_case(s, action == "UPPER", op));
  }
  // [spec:TX4] the kept elements in order, or a single empty string when none is kept.
  ONNXSEM_CLAUSE(TX4);
  if (kept.empty()) kept.emplace_back();
  const auto n = static_cast<int64_t>(kept.size());
  Shape shape = x.rank() == 1 ? Shape{n} : Shape{1, n};
  return {Value(Tensor::from_vector<std::string>(cx, shape, kept))};
}

// ---- StringConcat ---------------------------------------------------------------------------------------

std::vector<std::optional<Value>> string_concat(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "StringConcat";
  const Tensor& x = string_input(a, 0, op, "X", "TX5");
  const Tensor& y = string_input(a, 1, op, "Y", "TX5");
  const Shape out = broadcast_shape({x.shape(), y.shape()}, op);
  const std::array<std::vector<int64_t>, 2> strides{broadcast_strides(x.shape(), out),
                                                    broadcast_strides(y.shape(), out)};
  auto xd = x.data<std::string>();
  auto yd = y.data<std::string>();
  auto [z, zd_view] = Tensor::allocate<std::string>(cx, out);
  auto zd = zd_view;  // a plain variable: clang 14 cannot capture structured bindings
  int64_t k = 0;
  // [spec:TX5] Z is the byte-wise concatenation of the broadcast elements of X and Y.
  ONNXSEM_CLAUSE(TX5);
  for_each_broadcast(out, strides, [&](const std::array<int64_t, 2>& o) {
    zd[static_cast<size_t>(k++)] = xd[static_cast<size_t>(o[0])] + yd[static_cast<size_t>(o[1])];
  });
  return {Value(z)};
}

// ---- StringSplit ----------------------------------------------------------------------------------------

bool is_white_space(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

// [spec:TX6] splitting at a non-empty delimiter: every occurrence, scanned left to right without overlap,
// separates two substrings (possibly empty) until maxsplit separations have been made.
std::vector<std::string> split_at(const std::string& s, const std::string& delim, int64_t maxsplit) {
  ONNXSEM_CLAUSE(TX6);
  std::vector<std::string> parts;
  size_t start = 0;
  int64_t made = 0;
  while (maxsplit < 0 || made < maxsplit) {
    const size_t at = s.find(delim, start);
    if (at == std::string::npos) break;
    parts.push_back(s.substr(start, at - start));
    start = at + delim.size();
    ++made;
  }
  parts.push_back(s.substr(start));
  return parts;
}

// [spec:TX7] splitting at white space: maximal runs of white-space code points separate substrings;
// leading white space is dropped, and so is trailing white space unless maxsplit ended the splitting.
std::vector<std::string> split_white(const std::string& s, int64_t maxsplit, const std::string& op) {
  ONNXSEM_CLAUSE(TX7);
  const std::u32string u = utf8_decode(s, "TX7", op);
  std::vector<std::string> parts;
  size_t i = 0;
  int64_t made = 0;
  while (true) {
    while (i < u.size() && is_white_space(u[i])) ++i;
    if (i == u.size()) break;
    if (maxsplit >= 0 && made == maxsplit) {  // the rest, from the first non-space, is the last part
      parts.push_back(utf8_encode(u.substr(i)));
      break;
    }
    size_t j = i;
    while (j < u.size() && !is_white_space(u[j])) ++j;
    parts.push_back(utf8_encode(u.substr(i, j - i)));
    ++made;
    i = j;
  }
  return parts;
}

std::vector<std::optional<Value>> string_split(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "StringSplit";
  const Tensor& x = string_input(a, 0, op, "X", "TX8");
  const std::string delim = attr_string(a.node, "delimiter", "");
  const std::optional<int64_t> maxsplit_attr = attr_int_opt(a.node, "maxsplit");
  if (maxsplit_attr && *maxsplit_attr < 0)
    eval_error("TX8", op + ": attribute maxsplit is " + std::to_string(*maxsplit_attr) + ", expected >= 0");
  const int64_t maxsplit = maxsplit_attr.value_or(-1);
  std::vector<std::vector<std::string>> parts;
  size_t widest = 0;
  for (const auto& s : x.data<std::string>()) {
    parts.push_back(delim.empty() ? split_white(s, maxsplit, op) : split_at(s, delim, maxsplit));
    widest = std::max(widest, parts.back().size());
  }
  // [spec:TX8] Y has X's shape plus one axis as long as the longest split, padded with empty strings;
  // Z has X's shape and holds the number of substrings of each element.
  ONNXSEM_CLAUSE(TX8);
  Shape yshape = x.shape();
  yshape.push_back(static_cast<int64_t>(widest));
  auto [y, yd] = Tensor::allocate<std::string>(cx, yshape);
  auto [z, zd] = Tensor::allocate<int64_t>(cx, x.shape());
  for (size_t i = 0; i < parts.size(); ++i) {
    zd[i] = static_cast<int64_t>(parts[i].size());
    for (size_t j = 0; j < parts[i].size(); ++j) yd[i * widest + j] = parts[i][j];
  }
  return fit_outputs(a, {Value(y), Value(z)});
}

}  // namespace

void add_strings(Registry& r) {
  r.add("", "StringNormalizer", {10}, string_normalizer);
  r.add("", "StringConcat", {20}, string_concat);
  r.add("", "StringSplit", {20}, string_split);
}

}  // namespace onnxsem::ops::text

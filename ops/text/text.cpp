// Operator family: strings and miscellaneous operators (spec/ops-text.md). This file gathers the family's
// operators into the registry and holds the helpers its files share.
#include "ops/text/text.hpp"
#include "ops/common/values.hpp"

namespace onnxsem::ops {

void add_text(Registry& r) {
  text::add_strings(r);
  text::add_regex(r);
  text::add_tfidf(r);
  text::add_unique(r);
}

namespace text {

std::u32string utf8_decode(const std::string& s, Clause clause, const std::string& what) {
  std::u32string out;
  out.reserve(s.size());
  size_t i = 0;
  const auto bad = [&]() {
    eval_error(clause, what + ": string is not well-formed UTF-8 (at byte " + std::to_string(i) + ")");
  };
  while (i < s.size()) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    int len = 0;
    char32_t cp = 0;
    // clang-format off
    if (b0 < 0x80) { len = 1; cp = b0; }
    else if ((b0 & 0xE0) == 0xC0) { len = 2; cp = b0 & 0x1F; }
    else if ((b0 & 0xF0) == 0xE0) { len = 3; cp = b0 & 0x0F; }
    else if ((b0 & 0xF8) == 0xF0) { len = 4; cp = b0 & 0x07; }
    else bad();
    // clang-format on
    if (i + static_cast<size_t>(len) > s.size()) bad();
    for (int k = 1; k < len; ++k) {
      const auto b = static_cast<unsigned char>(s[i + static_cast<size_t>(k)]);
      if ((b & 0xC0) != 0x80) bad();
      cp = (cp << 6) | (b & 0x3F);
    }
    static constexpr char32_t min_of_len[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min_of_len[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) bad();
    out.push_back(cp);
    i += static_cast<size_t>(len);
  }
  return out;
}

std::string utf8_encode(const std::u32string& s) {
  std::string out;
  out.reserve(s.size());
  for (char32_t c : s) {
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (c >> 18));
      out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return out;
}

}  // namespace text
}  // namespace onnxsem::ops

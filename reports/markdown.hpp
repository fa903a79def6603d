// The Markdown of spec/ and conformance/findings/ as HTML, for the book (`onnxsem book`, reports/book.cpp): the
// few forms those files use (headings, paragraphs, lists, tables, code blocks, code spans, links, bold). The
// caller decides what plain text becomes (the book links the clause IDs it names) and where a link goes.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace onnxsem::reports::markdown {

struct Heading {
  size_t line = 0;  // 0-based index into the lines
  int level = 0;    // the number of '#'
  std::string text;
  std::string id;  // the HTML id: its slug, made unique by a suffix "-2", "-3", ...
};

// The headings of a text (outside code blocks), with the ids `render` gives them.
[[nodiscard]] std::vector<Heading> headings(const std::vector<std::string>& lines);

// "Findings: ONNX Runtime 1.30" -> "findings-onnx-runtime-130".
[[nodiscard]] std::string slug(std::string_view text);

struct Hooks {
  // Plain text (never inside a code span) to HTML; it must escape what it does not link.
  std::function<std::string(std::string_view)> text;
  // A link's target to the href it takes, or nullopt to show the link's text without a link.
  std::function<std::optional<std::string>(const std::string&)> link;
  // A code span's content to an href (the span becomes a link), or nullopt. May be empty.
  std::function<std::optional<std::string>(const std::string&)> code_link;
  // Writes a heading instead of the default `<hN id="ID">`; may be empty.
  std::function<std::string(const Heading&)> heading;
};

// One line of inline Markdown.
[[nodiscard]] std::string inline_html(std::string_view s, const Hooks& hooks);

// The whole text.
[[nodiscard]] std::string render(const std::vector<std::string>& lines, const Hooks& hooks);

}  // namespace onnxsem::reports::markdown

// Tests of the Markdown the book renders (reports/markdown.hpp): the forms spec/ and conformance/findings/ use.
#include <doctest/doctest.h>

#include "reports/markdown.hpp"

using namespace onnxsem::reports;

namespace {
bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("markdown: headings get unique slugs, the same in headings() and render()") {
  const std::vector<std::string> md = {"# Title", "", "## Counts", "text", "## Counts", "### 1. Attention: -FLT_MAX"};
  const auto hs = markdown::headings(md);
  REQUIRE(hs.size() == 4);
  CHECK(hs[1].id == "counts");
  CHECK(hs[2].id == "counts-2");
  CHECK(hs[3].id == "1-attention-flt-max");
  const std::string html = markdown::render(md, {});
  CHECK(has(html, "<h2 id=\"counts-2\">Counts</h2>"));
  CHECK(has(html, "<h3 id=\"1-attention-flt-max\">"));
}

TEST_CASE("markdown: paragraphs, lists, code blocks and tables") {
  const std::vector<std::string> md = {"A paragraph",
                                       "on two lines with <b> & `code <x>`.",
                                       "",
                                       "- one",
                                       "  continued",
                                       "- **two**",
                                       "",
                                       "    indented code",
                                       "",
                                       "```",
                                       "fenced <code>",
                                       "```",
                                       "",
                                       "| a | b |",
                                       "|---|---|",
                                       "| x \\| y | 1<br>2 |"};
  const std::string html = markdown::render(md, {});
  CHECK(has(html, "<p>A paragraph\non two lines with &lt;b&gt; &amp; <code>code &lt;x&gt;</code>.</p>"));
  CHECK(has(html, "<ul>\n<li>one continued</li>\n<li><strong>two</strong></li>\n</ul>"));
  CHECK(has(html, "<pre>indented code\n</pre>"));
  CHECK(has(html, "<pre>fenced &lt;code&gt;\n</pre>"));
  CHECK(has(html, "<tr><th>a</th><th>b</th></tr>"));
  CHECK(has(html, "<tr><td>x | y</td><td>1<br>2</td></tr>"));
}

TEST_CASE("markdown: links go where the hook says, or stay text; text goes through its hook") {
  markdown::Hooks h;
  h.link = [](const std::string& target) -> std::optional<std::string> {
    if (target == "other.md") return "other.html";
    return std::nullopt;
  };
  h.text = [](std::string_view s) { return std::string("[").append(s).append("]"); };
  h.code_link = [](const std::string& code) -> std::optional<std::string> {
    if (code == "C1") return "graph.html#C1";
    return std::nullopt;
  };
  CHECK(markdown::inline_html("see [the other](other.md) and [a model](models/m.onnxtxt)", h) ==
        "[see ]<a href=\"other.html\">[the other]</a>[ and ][a model]");
  CHECK(markdown::inline_html("`C1` and `C2`", h) ==
        "<a href=\"graph.html#C1\"><code>C1</code></a>[ and ]<code>C2</code>");
  // A bracket that opens no link stays text.
  CHECK(markdown::inline_html("targets outside [0, C) are refused", h) == "[targets outside [0, C) are refused]");
}

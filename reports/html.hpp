// What the HTML pages of the command share (the book, reports/book.cpp, and the sweep's HTML report,
// reports/sweep_html.cpp): the page frame and the style sheet. Pages are static and offline: no script or style
// from elsewhere, relative links only.
#pragma once

#include <string>

namespace onnxsem::reports::html {

// The style sheet of every page (the book writes it as style.css; a standalone report inlines it).
extern const char* const stylesheet;

// The start of a page up to its <main>: `stylesheet_href` empty inlines the style sheet; `nav` is the HTML
// of the navigation bar ("" for none).
[[nodiscard]] std::string page_start(const std::string& title, const std::string& stylesheet_href,
                                     const std::string& nav);
[[nodiscard]] std::string page_end(const std::string& scripts = "");

}  // namespace onnxsem::reports::html

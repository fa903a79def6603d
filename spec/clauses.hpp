// The clauses of spec/ and where they are cited (docs/specification.md): each
// clause is a heading `### ID - title` in a chapter spec/*.md; its code sites carry `[spec:ID]` in a
// comment; its tests name `[ID]` in a doctest test name. One scan of the source tree finds all three, for
// the clause check (spec/clausecheck.cpp) and the book (`onnxsem book`, reports/book.cpp).
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace onnxsem::spec {

// The folders of the source tree that hold code, from the bottom layer up: where code sites, raise sites and
// coverage markers are read, and which repository paths the book links.
inline constexpr std::string_view kSourceFolders[] = {"runtime",     "values",     "loader",  "semantics", "ops",
                                                      "conformance", "crosscheck", "reports", "cli",       "spec"};

// A line of a file that cites a clause; for a test, `name` is the test's name.
struct Citation {
  std::string file;  // relative to the source root
  size_t line = 0;   // 1-based
  std::string name;
  [[nodiscard]] std::string where() const { return file + ":" + std::to_string(line); }
};

struct Clause {
  std::string id, title;
  std::string chapter;            // spec/NAME.md
  size_t line = 0;                // of the heading
  std::string section;            // the `## ` heading the clause stands under ("" when none)
  std::vector<std::string> text;  // the clause's rule as written, up to the next heading
  std::vector<Citation> sites;    // `[spec:ID]` in code
  std::vector<Citation> tests;    // `[ID]` in a test name
  std::vector<Citation> markers;  // coverage markers ONNXSEM_CLAUSE(ID) in code (runtime/coverage.hpp)
  [[nodiscard]] std::string where() const { return chapter + ":" + std::to_string(line); }
};

struct Catalog {
  std::map<std::string, Clause> clauses;
  std::vector<std::string> chapters;  // spec/*.md, sorted
  std::vector<std::string> sources;   // the code files scanned, sorted
  // What the clause check refuses: a clause defined twice, without a code site or without a test; code, a
  // test, an error value or a coverage marker citing an unknown clause; a test as a code site.
  std::vector<std::string> problems;
};

// Scans spec/*.md and the code under semantics/, ops/, conformance/, crosscheck/, reports/, cli/ and spec/ of
// `root`.
[[nodiscard]] Catalog scan(const std::filesystem::path& root);

// The traceability matrix as Markdown: a row per clause with its title, its chapter, its code sites
// (file:line) and its tests (file:line: name). Written at build time (`clausecheck --trace`, into
// build/spec/trace.md) and shown by the book; never committed, since its line numbers move with the code.
[[nodiscard]] std::string trace_matrix(const Catalog& catalog);

// The lines of a file (none when it cannot be read).
[[nodiscard]]  // The cells of a row of a Markdown pipe table, without the spaces around them; "\|" is a bar inside a cell.
// Shared by the traceability check and the book's Markdown.
std::vector<std::string>
table_cells(const std::string& row);
std::vector<std::string> read_lines(const std::filesystem::path& p);

// Whether a word has the form of a clause ID (letters then digits: "C1", "TY12", "EW30").
[[nodiscard]] bool is_clause_id(std::string_view word) noexcept;

// `s` with <, >, & and " escaped for HTML text and attribute values.
[[nodiscard]] std::string html_escape(std::string_view s);

}  // namespace onnxsem::spec

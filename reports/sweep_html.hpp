// The sweep's HTML report (`onnxsem sweep --html FILE`, `onnxsem merge ... --html FILE`): the statuses, the
// per-operator table and the tests that do not pass with their reasons, on one page that needs nothing else.
// The book (reports/book.cpp) writes the same page for each sweep report it is given, with links into itself.
#pragma once

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "conformance/sweep.hpp"

namespace onnxsem::reports {

struct ReportLinks {
  std::string stylesheet;  // the book's style sheet; empty: the page carries its own styles
  std::string nav;         // the book's navigation bar; empty: none
  std::function<std::optional<std::string>(const std::string& op)> op;          // an operator's page
  std::function<std::optional<std::string>(const std::string& clause)> clause;  // a clause's place
};

[[nodiscard]] std::string sweep_html(const conformance::SweepReport& report, const std::string& title,
                                     const ReportLinks& links = {});

// Writes the standalone report; a usage error F1 when the file cannot be written.
void write_sweep_html(const std::string& path, const conformance::SweepReport& report);

}  // namespace onnxsem::reports

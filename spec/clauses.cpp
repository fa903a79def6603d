// The scan of spec/ and the code for clauses and their citations (spec/clauses.hpp).
#include "spec/clauses.hpp"

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

namespace onnxsem::spec {

namespace fs = std::filesystem;

namespace {

bool is_code(const fs::path& p) {
  const auto e = p.extension().string();
  // .v: the Coq proof (spec/proof/), whose theorems cite the clauses they prove
  return e == ".cpp" || e == ".hpp" || e == ".inc" || e == ".h" || e == ".v";
}

bool is_test(const fs::path& p) {
  const std::string n = p.filename().string();
  return n.size() > 9 && n.substr(n.size() - 9) == ".test.cpp";
}

// The scanner's own sources spell the citation patterns without citing anything.
bool is_scanner(const fs::path& p) { return p.filename() == "clausecheck.cpp" || p.filename() == "clauses.cpp"; }

void read_chapters(const fs::path& root, Catalog& c) {
  const std::regex heading(R"(^### ([A-Z][A-Z0-9]*[0-9]+) - (.+)$)");
  for (const auto& e : fs::directory_iterator(root / "spec"))
    if (e.path().extension() == ".md") c.chapters.push_back(fs::relative(e.path(), root).string());
  std::sort(c.chapters.begin(), c.chapters.end());
  for (const auto& chapter : c.chapters) {
    const auto ls = read_lines(root / chapter);
    std::string section;
    for (size_t i = 0; i < ls.size(); ++i) {
      if (ls[i].rfind("## ", 0) == 0) section = ls[i].substr(3);
      std::smatch m;
      if (!std::regex_match(ls[i], m, heading)) continue;
      const std::string id = m[1];
      Clause clause{id, m[2], chapter, i + 1, section, {}, {}, {}, {}};
      if (auto it = c.clauses.find(id); it != c.clauses.end()) {
        c.problems.push_back(clause.where() + ": clause " + id + " is defined twice (also in " + it->second.where() +
                             ")");
        continue;
      }
      for (size_t j = i + 1; j < ls.size() && ls[j].rfind("#", 0) != 0; ++j) clause.text.push_back(ls[j]);
      while (!clause.text.empty() && clause.text.back().empty()) clause.text.pop_back();
      c.clauses.emplace(id, std::move(clause));
    }
  }
}

void read_code(const fs::path& root, Catalog& c) {
  const std::regex site(R"(\[spec:([A-Z][A-Z0-9]*[0-9]+)\])");
  const std::regex test_name(R"((TEST_CASE|SUBCASE|TEST_CASE_TEMPLATE)\s*\(\s*"([^"]*)\")");
  const std::regex cited(R"(\[([A-Z][A-Z0-9]*[0-9]+)\])");
  // Clause IDs carried by error values: eval_error("ID", ...), type_error("ID", ...) (the static semantics),
  // usage_error("ID", ...) (the command line), refused("ID", ...), Error{ErrorKind::k, "ID", ...}.
  const std::regex raised(
      R"((eval_error|type_error|usage_error|refused)\(\s*"([A-Z][A-Z0-9]*[0-9]+)\"|ErrorKind::[a-z]+,\s*"([A-Z][A-Z0-9]*[0-9]+)\")");
  // Coverage markers (runtime/coverage.hpp): ONNXSEM_CLAUSE(ID) or ONNXSEM_CLAUSE(ID1, ID2), in code.
  const std::regex marker(R"(ONNXSEM_CLAUSE\(([^)]*)\))");
  // require sites (runtime/require.hpp): require<"ID">, require_model<"ID">, ...: a code site of the clause
  // and its coverage marker at once.
  const std::regex required(R"re(require(_model|_typed|_usage)?<"([A-Z][A-Z0-9]*[0-9]+)">)re");
  for (const std::string_view dir : kSourceFolders) {
    if (!fs::exists(root / dir)) continue;
    for (auto it = fs::recursive_directory_iterator(root / dir); it != fs::recursive_directory_iterator(); ++it) {
      if (it->is_directory() && it->path().filename() == "node_modules") it.disable_recursion_pending();  // npm's
      else if (it->is_regular_file() && is_code(it->path()))
        c.sources.push_back(fs::relative(it->path(), root).string());
    }
  }
  std::sort(c.sources.begin(), c.sources.end());
  // A call whose first argument clang-format moved to the next line (`TEST_CASE(` or `eval_error(` ending
  // the line): that line is read on with the next one.
  const std::regex opened(
      R"((TEST_CASE|SUBCASE|TEST_CASE_TEMPLATE|eval_error|type_error|usage_error|refused)\s*\(\s*$)");
  for (const auto& rel : c.sources) {
    const fs::path f = root / rel;
    if (is_scanner(f)) continue;
    const auto ls = read_lines(f);
    const bool test = is_test(f);
    for (size_t i = 0; i < ls.size(); ++i) {
      const Citation at{rel, i + 1, {}};
      const bool continued = i + 1 < ls.size() && !ls[i].empty() && ls[i].back() == '(' &&
                             std::regex_search(ls[i], opened);
      const std::string call = continued ? ls[i] + ls[i + 1] : ls[i];
      for (auto it = std::sregex_iterator(ls[i].begin(), ls[i].end(), site); it != std::sregex_iterator(); ++it) {
        const std::string id = (*it)[1];
        auto clause = c.clauses.find(id);
        if (clause == c.clauses.end()) c.problems.push_back(at.where() + ": cites unknown clause " + id);
        else if (test) c.problems.push_back(at.where() + ": a test cannot be the code site of clause " + id);
        else clause->second.sites.push_back(at);
      }
      // A marker outside comments and preprocessor lines (the macro's own definition) names known clauses.
      const std::string code_part = ls[i].substr(0, ls[i].find("//"));
      const size_t first = code_part.find_first_not_of(" \t");
      if (first != std::string::npos && code_part[first] != '#')
        for (auto it = std::sregex_iterator(code_part.begin(), code_part.end(), marker); it != std::sregex_iterator();
             ++it) {
          std::stringstream ids((*it)[1].str());
          std::string id;
          size_t named = 0;
          while (std::getline(ids, id, ',')) {
            id.erase(0, id.find_first_not_of(" \t"));
            id.erase(id.find_last_not_of(" \t") + 1);
            ++named;
            auto clause = c.clauses.find(id);
            if (!is_clause_id(id))
              c.problems.push_back(at.where() + ": a coverage marker names '" + id + "', not a clause ID");
            else if (clause == c.clauses.end())
              c.problems.push_back(at.where() + ": a coverage marker names unknown clause " + id);
            else clause->second.markers.push_back(at);
          }
          if (named == 0) c.problems.push_back(at.where() + ": a coverage marker names no clause");
        }
      if (!test && first != std::string::npos && code_part[first] != '#')
        for (auto it = std::sregex_iterator(code_part.begin(), code_part.end(), required); it != std::sregex_iterator();
             ++it) {
          auto clause = c.clauses.find((*it)[2].str());
          if (clause == c.clauses.end())
            c.problems.push_back(at.where() + ": raises an error with unknown clause " + (*it)[2].str());
          else {
            clause->second.sites.push_back(at);
            clause->second.markers.push_back(at);
          }
        }
      if (!test && f.filename() != "testing.cpp")
        for (auto it = std::sregex_iterator(call.begin(), call.end(), raised); it != std::sregex_iterator(); ++it) {
          const std::string id = (*it)[2].matched ? (*it)[2].str() : (*it)[3].str();
          if (!c.clauses.count(id)) c.problems.push_back(at.where() + ": raises an error with unknown clause " + id);
        }
      if (!test) continue;
      for (auto it = std::sregex_iterator(call.begin(), call.end(), test_name); it != std::sregex_iterator(); ++it) {
        const std::string name = (*it)[2];
        for (auto k = std::sregex_iterator(name.begin(), name.end(), cited); k != std::sregex_iterator(); ++k) {
          const std::string id = (*k)[1];
          auto clause = c.clauses.find(id);
          if (clause == c.clauses.end()) c.problems.push_back(at.where() + ": test names unknown clause " + id);
          else clause->second.tests.push_back(Citation{rel, i + 1, name});
        }
      }
    }
  }
}

}  // namespace

std::vector<std::string> table_cells(const std::string& row) {
  std::vector<std::string> out;
  std::string cur;
  for (size_t i = 1; i < row.size(); ++i) {
    if (row[i] == '\\' && i + 1 < row.size() && row[i + 1] == '|') {
      cur += '|';
      ++i;
    } else if (row[i] == '|') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += row[i];
    }
  }
  if (cur.find_first_not_of(" \t") != std::string::npos) out.push_back(cur);
  for (auto& c : out) {
    const size_t a = c.find_first_not_of(' '), b = c.find_last_not_of(' ');
    c = a == std::string::npos ? "" : c.substr(a, b - a + 1);
  }
  return out;
}

std::vector<std::string> read_lines(const fs::path& p) {
  std::ifstream in(p);
  std::vector<std::string> out;
  std::string l;
  while (std::getline(in, l)) out.push_back(l);
  return out;
}

bool is_clause_id(std::string_view w) noexcept {
  if (w.empty() || w.front() < 'A' || w.front() > 'Z' || w.back() < '0' || w.back() > '9') return false;
  return std::all_of(w.begin(), w.end(), [](char ch) { return (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9'); });
}

std::string html_escape(std::string_view s) {
  std::string o;
  o.reserve(s.size());
  for (char c : s) {
    if (c == '<') o += "&lt;";
    else if (c == '>') o += "&gt;";
    else if (c == '&') o += "&amp;";
    else if (c == '"') o += "&quot;";
    else o += c;
  }
  return o;
}

Catalog scan(const fs::path& root) {
  Catalog c;
  read_chapters(root, c);
  read_code(root, c);
  for (const auto& [id, clause] : c.clauses) {
    if (clause.sites.empty())
      c.problems.push_back(clause.where() + ": clause " + id + " has no code site ([spec:" + id + "])");
    if (clause.tests.empty())
      c.problems.push_back(clause.where() + ": clause " + id + " has no test that names it ([" + id + "])");
  }
  return c;
}

std::string trace_matrix(const Catalog& catalog) {
  // A cell's text: a bar is escaped, so that it does not end the cell.
  auto cell = [](std::string_view s) {
    std::string o;
    for (char ch : s) o += ch == '|' ? std::string("\\|") : std::string(1, ch);
    return o;
  };
  // The entries of a cell, one a line; a repeated one (a line citing a clause twice) once.
  auto entries = [](const std::vector<std::string>& xs) {
    std::string o;
    for (size_t k = 0; k < xs.size(); ++k)
      if (k == 0 || xs[k] != xs[k - 1]) o += (o.empty() ? "" : "<br>") + xs[k];
    return o;
  };
  std::ostringstream o;
  o << "# Traceability: clauses, code sites, tests\n\nEach clause of spec/ with its chapter, the code sites that "
       "cite it (`[spec:ID]` in code) and the tests that name it (`[ID]` in a test's name), at the lines of the "
       "sources it was written from. Written at build time by `build/spec/clausecheck SOURCE_ROOT --trace "
       "build/spec/trace.md`; the book (`onnxsem book`) shows it too. The test `trace` checks that every clause "
       "has its row, with a code site and a test.\n\n"
       "| clause | title | chapter | code | tests |\n|---|---|---|---|---|\n";
  for (const auto& [id, c] : catalog.clauses) {
    std::vector<std::string> sites, tests;
    for (const auto& x : c.sites) sites.push_back(x.where());
    for (const auto& x : c.tests) tests.push_back(cell(x.where() + ": " + x.name));
    o << "| " << id << " | " << cell(c.title) << " | " << c.chapter << " | " << entries(sites) << " | "
      << entries(tests) << " |\n";
  }
  return o.str();
}

}  // namespace onnxsem::spec

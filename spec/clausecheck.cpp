// The clause check (spec/README.md): every clause of spec/ has exactly one heading, at least one code site
// (`[spec:ID]` in code) and at least one test that names it (`[ID]` in a doctest test name); no code or test
// cites an unknown clause.
//
//   clausecheck SOURCE_ROOT [--trace FILE]
//
// Exit 0 when all holds, 1 with one line per problem otherwise.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Clause {
  std::string title;
  std::string file;
  std::vector<std::string> sites;  // file:line
  std::vector<std::string> tests;  // file:line test name
};

std::vector<std::string> lines_of(const fs::path& p) {
  std::ifstream in(p);
  std::vector<std::string> out;
  std::string l;
  while (std::getline(in, l)) out.push_back(l);
  return out;
}

bool is_code(const fs::path& p) {
  const auto e = p.extension().string();
  return e == ".cpp" || e == ".hpp" || e == ".inc" || e == ".h";
}
bool is_test(const fs::path& p) {
  const std::string n = p.filename().string();
  return n.size() > 9 && n.substr(n.size() - 9) == ".test.cpp";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: clausecheck SOURCE_ROOT [--trace FILE]\n";
    return 2;
  }
  const fs::path root = argv[1];
  std::string trace;
  for (int i = 2; i + 1 < argc; ++i)
    if (std::string(argv[i]) == "--trace") trace = argv[i + 1];

  const std::regex heading(R"(^### ([A-Z][A-Z0-9]*[0-9]+) - (.+)$)");
  const std::regex site(R"(\[spec:([A-Z][A-Z0-9]*[0-9]+)\])");
  const std::regex test_name(R"((TEST_CASE|SUBCASE|TEST_CASE_TEMPLATE)\s*\(\s*"([^"]*)\")");
  const std::regex cited(R"(\[([A-Z][A-Z0-9]*[0-9]+)\])");
  // Clause IDs carried by error values: eval_error("ID", ...), refused("ID", ...), Error{ErrorKind::k, "ID", ...}.
  const std::regex raised(R"((eval_error|refused)\(\s*"([A-Z][A-Z0-9]*[0-9]+)\"|ErrorKind::[a-z]+,\s*"([A-Z][A-Z0-9]*[0-9]+)\")");

  std::map<std::string, Clause> clauses;
  std::vector<std::string> problems;
  std::vector<fs::path> spec_files;
  for (const auto& e : fs::directory_iterator(root / "spec"))
    if (e.path().extension() == ".md") spec_files.push_back(e.path());
  std::sort(spec_files.begin(), spec_files.end());
  for (const auto& f : spec_files) {
    const auto ls = lines_of(f);
    for (size_t i = 0; i < ls.size(); ++i) {
      std::smatch m;
      if (!std::regex_match(ls[i], m, heading)) continue;
      const std::string id = m[1];
      const std::string where = fs::relative(f, root).string() + ":" + std::to_string(i + 1);
      if (clauses.count(id)) {
        problems.push_back(where + ": clause " + id + " is defined twice (also in " + clauses[id].file + ")");
        continue;
      }
      clauses[id] = Clause{m[2], where, {}, {}};
    }
  }

  std::vector<fs::path> sources;
  for (const char* dir : {"semantics", "ops", "conformance", "cli", "spec"}) {
    if (!fs::exists(root / dir)) continue;
    for (const auto& e : fs::recursive_directory_iterator(root / dir))
      if (e.is_regular_file() && is_code(e.path())) sources.push_back(e.path());
  }
  std::sort(sources.begin(), sources.end());
  for (const auto& f : sources) {
    const auto ls = lines_of(f);
    const std::string rel = fs::relative(f, root).string();
    const bool test = is_test(f);
    for (size_t i = 0; i < ls.size(); ++i) {
      const std::string where = rel + ":" + std::to_string(i + 1);
      for (auto it = std::sregex_iterator(ls[i].begin(), ls[i].end(), site); it != std::sregex_iterator(); ++it) {
        const std::string id = (*it)[1];
        if (f.filename() == "clausecheck.cpp") continue;
        if (!clauses.count(id)) problems.push_back(where + ": cites unknown clause " + id);
        else if (test) problems.push_back(where + ": a test cannot be the code site of clause " + id);
        else clauses[id].sites.push_back(where);
      }
      if (!test && f.filename() != "clausecheck.cpp" && f.filename() != "testing.cpp")
        for (auto it = std::sregex_iterator(ls[i].begin(), ls[i].end(), raised); it != std::sregex_iterator(); ++it) {
          const std::string id = (*it)[2].matched ? (*it)[2].str() : (*it)[3].str();
          if (!clauses.count(id)) problems.push_back(where + ": raises an error with unknown clause " + id);
        }
      if (!test) continue;
      for (auto it = std::sregex_iterator(ls[i].begin(), ls[i].end(), test_name); it != std::sregex_iterator(); ++it) {
        const std::string name = (*it)[2];
        for (auto c = std::sregex_iterator(name.begin(), name.end(), cited); c != std::sregex_iterator(); ++c) {
          const std::string id = (*c)[1];
          if (!clauses.count(id)) problems.push_back(where + ": test names unknown clause " + id);
          else clauses[id].tests.push_back(where + " " + name);
        }
      }
    }
  }

  for (const auto& [id, c] : clauses) {
    if (c.sites.empty()) problems.push_back(c.file + ": clause " + id + " has no code site ([spec:" + id + "])");
    if (c.tests.empty()) problems.push_back(c.file + ": clause " + id + " has no test that names it ([" + id + "])");
  }

  if (!trace.empty()) {
    std::ofstream o(trace);
    o << "# Traceability: clauses, code sites, tests\n\nGenerated by `clausecheck`; do not edit.\n\n"
         "| clause | title | defined | code sites | tests |\n|---|---|---|---|---|\n";
    for (const auto& [id, c] : clauses) {
      std::string s, t;
      for (const auto& x : c.sites) s += (s.empty() ? "" : "<br>") + x;
      for (const auto& x : c.tests) t += (t.empty() ? "" : "<br>") + x.substr(0, x.find(' '));
      o << "| " << id << " | " << c.title << " | " << c.file << " | " << s << " | " << t << " |\n";
    }
  }

  for (const auto& p : problems) std::cout << p << "\n";
  std::cout << "clause check: " << clauses.size() << " clauses, " << problems.size() << " problems\n";
  return problems.empty() ? 0 : 1;
}

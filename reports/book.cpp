// The reviewer's book (reports/book.hpp): a static site written from the source tree (spec/, the code, the
// findings files), the operator table (signatures, registrations, shape rules) and the reports given. Every
// link is relative; nothing is loaded from elsewhere; the search runs in the page on an index written beside
// it as a script (a page opened from disk cannot fetch a file).
//
// The pages: index.html; op/OP.html (op/DOMAIN.OP.html outside ai.onnx); spec/CHAPTER.html, a clause
// anchored by its ID; src/PATH.html, a line anchored as L<n>; findings/NAME.html; reports/sweep-K.html,
// reports/coverage-K.html and reports/crosscheck-K.html for the K-th report given; operators.html and
// trace.html, the operator index (reports/index.hpp, with the suite tests of the sweep reports given) and the
// traceability matrix (spec::trace_matrix), made here as the build makes them; .onnxsem-book-files, the
// list of the files written (so that writing the book again removes the pages it no longer has).
//
// Which clauses an operator has: those whose title, text or section heading names it (whole word, case
// as written; an operator named by an English word, such as If or Where, does not count at the start of a
// sentence), its own first (those with a code site in the file of one of its kernels or of its shape rule),
// and, listed apart, the clauses of its chapter that name no operator. Coverage, where a sweep
// measured it, shows what the suite's tests of the operator actually reached.
#include "reports/book.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <system_error>

#include <nlohmann/json.hpp>

#include "conformance/sweep.hpp"
#include "crosscheck/judge.hpp"
#include "reports/crosscheck.hpp"
#include "reports/html.hpp"
#include "reports/index.hpp"
#include "reports/json.hpp"
#include "reports/markdown.hpp"
#include "reports/sweep.hpp"
#include "reports/sweep_html.hpp"
#include "runtime/error.hpp"
#include "spec/clauses.hpp"
#include "values/signature.hpp"

namespace onnxsem::reports {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using spec::html_escape;

// ---------------------------------------------------------------------------------------------------------
// The reports.

void add_unique(std::vector<size_t>& v, size_t i) {
  if (v.empty() || v.back() != i) v.push_back(i);
}

struct SweepInput {
  std::string path, page, coverage_page;
  conformance::SweepReport report;
  // Clause coverage (absent from reports of sweeps that did not count it): the clauses whose code sites
  // count, how many tests reached each, and per result the clauses it reached.
  bool measured = false;
  std::set<std::string> instrumented;
  std::map<std::string, int64_t> reached;
  std::vector<std::vector<std::string>> clauses;
  std::map<std::string, std::vector<size_t>> by_version;  // "Add-14" -> the results whose main graph uses it
  std::map<std::string, std::vector<size_t>> by_op;       // "Add" -> the results whose model uses it
  [[nodiscard]] std::string name() const { return fs::path(path).filename().string(); }
};

SweepInput read_sweep(const std::string& path, size_t k) {
  const json j = read_json(path, "sweep report");
  if (j.is_object() && j.contains("crosscheck"))
    usage_error("F1", "'" + path + "' is a cross-check report: give it with --crosscheck");
  SweepInput s;
  s.path = path;
  s.page = "reports/sweep-" + std::to_string(k + 1) + ".html";
  s.coverage_page = "reports/coverage-" + std::to_string(k + 1) + ".html";
  s.report = read_sweep_report(path);
  try {
    if (j.contains("coverage")) {
      const auto& c = j.at("coverage");
      for (const auto& id : c.at("instrumented")) s.instrumented.insert(id.get<std::string>());
      for (const auto& [id, n] : c.at("reached").items()) s.reached[id] = n.get<int64_t>();
      // A sweep run without coverage counts no clause: not measured rather than "not instrumented" everywhere.
      s.measured = !s.instrumented.empty();
    }
    for (const auto& t : j.at("tests")) s.clauses.push_back(t.value("clauses", std::vector<std::string>{}));
  } catch (const std::exception& e) {
    usage_error("F1", "'" + path + "' has a malformed clause coverage (" + e.what() + ")");
  }
  for (size_t i = 0; i < s.report.results.size(); ++i) {
    const auto& r = s.report.results[i];
    std::string w;
    for (std::istringstream vs(r.versions); vs >> w;) add_unique(s.by_version[w], i);
    for (std::istringstream os(r.ops); os >> w;) add_unique(s.by_op[w], i);
  }
  return s;
}

// A case of the cross-check in which a runtime departs: it differs or fails.
struct Departure {
  std::string test, set, runtime, outcome, detail;
};

// A case of the cross-check judged node by node (XC10, XC11), as its report gives it.
struct LocalisedCase {
  std::string test, set, runtime, reproducer;
  crosscheck::Localisation localisation;
};

struct CrossInput {
  std::string path, page;
  std::vector<std::string> runtimes;
  json totals, matrix, precision, findings;
  std::map<std::string, std::vector<Departure>> departures;  // by operator
  std::vector<LocalisedCase> localised;                      // in the report's order
  size_t cases = 0;
  [[nodiscard]] std::string name() const { return fs::path(path).filename().string(); }
};

// The parts of a cross-check report that the pages read, checked here (a std::runtime_error naming what is
// wrong) so that writing the pages cannot fail on a report that was edited or written by another version.
void check_cross_shape(const CrossInput& c) {
  auto require = [](bool ok, const std::string& what) {
    if (!ok) throw std::runtime_error(what);
  };
  // An object whose members, where present, are strings (`strings`) or numbers (`numbers`).
  auto fields = [&](const json& o, const std::string& what, std::initializer_list<const char*> strings,
                    std::initializer_list<const char*> numbers) {
    require(o.is_object(), what + " is not an object");
    for (const char* f : strings)
      require(!o.contains(f) || o.at(f).is_string(), std::string(f) + " of " + what + " is not a string");
    for (const char* f : numbers)
      require(!o.contains(f) || o.at(f).is_number(), std::string(f) + " of " + what + " is not a number");
  };
  auto counts = [&](const json& o, const std::string& what) {
    require(o.is_object(), what + " is not an object");
    for (const auto& [name, n] : o.items()) require(n.is_number(), what + "." + name + " is not a number");
  };
  require(c.totals.is_array(), "runtimes is not an array");
  for (const auto& t : c.totals) {
    fields(t, "a runtime's totals", {"runtime"}, {"cases"});
    if (t.contains("counts")) counts(t.at("counts"), "a runtime's counts");
  }
  require(c.matrix.is_object(), "matrix is not an object");
  for (const auto& [op, per] : c.matrix.items()) {
    require(per.is_object(), "matrix." + op + " is not an object");
    for (const auto& [rt, n] : per.items()) counts(n, "matrix." + op + "." + rt);
  }
  require(c.precision.is_object(), "precision is not an object");
  for (const auto& [op, per] : c.precision.items()) {
    require(per.is_object(), "precision." + op + " is not an object");
    for (const auto& [rt, p] : per.items()) require(p.is_object(), "precision." + op + "." + rt + " is not an object");
  }
  require(c.findings.is_array(), "findings is not an array");
  for (const auto& f : c.findings)
    fields(f, "a finding", {"runtime", "outcome", "operators", "example", "detail"}, {"cases"});
}

CrossInput read_cross(const std::string& path, size_t k) {
  json j = read_json(path, "cross-check report");
  if (!j.is_object() || !j.contains("crosscheck"))
    usage_error("F1", "'" + path + "' is not a cross-check report (onnxsem crosscheck --json)" +
                          (j.is_object() && j.contains("sweep") ? ": it is a sweep report, give it with --sweep" : ""));
  CrossInput c;
  c.path = path;
  c.page = "reports/crosscheck-" + std::to_string(k + 1) + ".html";
  try {
    c.runtimes = j.at("crosscheck").at("runtimes").get<std::vector<std::string>>();
    c.totals = std::move(j.at("runtimes"));
    c.matrix = std::move(j.at("matrix"));
    c.precision = std::move(j.at("precision"));
    c.findings = j.contains("findings") ? std::move(j.at("findings")) : json::array();
    check_cross_shape(c);
    for (const auto& cs : j.at("cases")) {
      ++c.cases;
      // Reports of runs without --localise, and of versions before it, have no "localisation".
      if (cs.contains("localisation")) {
        const json& l = cs.at("localisation");
        c.localised.push_back(LocalisedCase{cs.at("test").get<std::string>(), cs.at("set").get<std::string>(),
                                            cs.at("runtime").get<std::string>(), l.value("reproducer", std::string()),
                                            read_localisation(l)});
      }
      const std::string outcome = cs.at("outcome").get<std::string>();
      if (outcome != "differ" && outcome != "runtime-error") continue;
      const Departure d{cs.at("test").get<std::string>(), cs.at("set").get<std::string>(),
                        cs.at("runtime").get<std::string>(), outcome, cs.value("detail", std::string())};
      std::string op;
      for (std::istringstream ops(cs.at("ops").get<std::string>()); ops >> op;) c.departures[op].push_back(d);
    }
  } catch (const std::exception& e) {
    usage_error("F1",
                "'" + path + "' is not a cross-check report written by onnxsem crosscheck --json (" + e.what() + ")");
  }
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Words in text: operator names and clause IDs.

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Calls f(begin, length) for every maximal run of letters, digits and '_'.
template <class F>
void for_each_word(std::string_view s, F f) {
  for (size_t i = 0; i < s.size();) {
    if (!word_char(s[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < s.size() && word_char(s[j])) ++j;
    f(i, j - i);
    i = j;
  }
}

// Operators named by English words, which a sentence may start with.
bool english_word(std::string_view w) {
  static const std::set<std::string_view> words = {"If",       "Where",    "Not",      "And",    "Or",       "Less",
                                                   "Size",     "Range",    "Mean",     "Max",    "Min",      "Sum",
                                                   "Optional", "Identity", "Constant", "Shape",  "Round",    "Sign",
                                                   "Equal",    "Greater",  "Floor",    "Log",    "Pad",      "Tile",
                                                   "Split",    "Slice",    "Expand",   "Unique", "Compress", "Scan",
                                                   "Loop",     "Gradient", "Momentum"};
  return words.count(w) > 0;
}

bool sentence_start(std::string_view s, size_t at) {
  while (at > 0 && (s[at - 1] == ' ' || s[at - 1] == '\n' || s[at - 1] == '(' || s[at - 1] == '*')) --at;
  return at == 0 || std::string_view(".:;!?").find(s[at - 1]) != std::string_view::npos;
}

// The operator types (keys of `types`) that a text names. `guarded`: not at a sentence's start when the
// name is an English word.
template <class Map>
std::set<std::string> named_in(std::string_view text, const Map& types, bool guarded) {
  std::set<std::string> out;
  for_each_word(text, [&](size_t at, size_t n) {
    const std::string_view w = text.substr(at, n);
    if (!std::isupper(static_cast<unsigned char>(w[0]))) return;
    auto it = types.find(std::string(w));
    if (it == types.end()) return;
    if (guarded && english_word(w) && sentence_start(text, at)) return;
    out.insert(it->first);
  });
  return out;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
}

// ---------------------------------------------------------------------------------------------------------
// The operators, from the operator table.

struct Version {
  const Signature* signature = nullptr;
  bool implemented = false, shape_rule = false;
  std::string registered_at, signature_at;  // file:line
};

struct Operator {
  std::string domain, type, qualified, page;  // qualified: as reports name it ("Add", "ai.onnx.ml::LabelEncoder")
  std::map<int64_t, Version> versions;
  std::string chapter;                                          // its home chapter: the one with most clauses naming it
  std::vector<std::string> clauses;                             // the clauses naming it
  std::vector<std::string> general;                             // the clauses of its chapter that name no operator
  std::string shape_rule_at;                                    // where its shape rule is registered (file:line)
  std::vector<std::pair<std::string, std::string>> documented;  // findings: (page#id, what)
  [[nodiscard]] std::string key(int64_t since) const { return qualified + "-" + std::to_string(since); }
};

// Splits "file:line".
std::pair<std::string, size_t> site_of(const std::string& where) {
  const size_t colon = where.rfind(':');
  if (colon == std::string::npos) return {where, 0};
  return {where.substr(0, colon), static_cast<size_t>(std::atol(where.c_str() + colon + 1))};
}

// A line of a source page that says what cites or registers there.
struct Note {
  enum class Kind { site, test, registers, signature, shape_rule } kind;
  std::string clause;  // site, test
  size_t op = 0;       // registers, signature, shape_rule
  int64_t since = 0;
};

struct FindingsDoc {
  std::string file, page;  // conformance/findings/NAME.md, findings/NAME.html
  std::vector<std::string> lines;
};

class Book {
 public:
  Book(const ops::Registry& registry, const BookOptions& o, std::vector<SweepInput> sweeps,
       std::vector<CrossInput> crosses)
      : registry_(registry), root_(o.source_root), dir_(o.dir), sweeps_(std::move(sweeps)),
        crosses_(std::move(crosses)) {
    catalog_ = spec::scan(root_);
    gather_operators();
    gather_clauses();
    gather_sources();
    gather_findings();
  }

  size_t write();
  [[nodiscard]] size_t operator_count() const { return ops_.size(); }

 private:
  // ---- gathering ----
  void gather_operators();
  void gather_clauses();
  void gather_sources();
  void gather_findings();

  // ---- links ----
  static std::string rel(const std::string& from, const std::string& to) {
    std::string p;
    for (char c : from)
      if (c == '/') p += "../";
    return p + to;
  }
  static std::string a(const std::string& href, const std::string& text_html) {
    return "<a href=\"" + html_escape(href) + "\">" + text_html + "</a>";
  }
  [[nodiscard]] std::string chapter_page(const std::string& chapter) const {
    return "spec/" + fs::path(chapter).stem().string() + ".html";
  }
  [[nodiscard]] bool has_clause(const std::string& id) const { return catalog_.clauses.count(id) > 0; }
  [[nodiscard]] std::string clause_href(const std::string& from, const std::string& id) const {
    return rel(from, chapter_page(catalog_.clauses.at(id).chapter) + "#" + id);
  }
  // The clause's ID as a link to it (plain text when there is no such clause).
  [[nodiscard]] std::string clause_ref(const std::string& from, const std::string& id) const {
    return has_clause(id) ? a(clause_href(from, id), id) : html_escape(id);
  }
  [[nodiscard]] std::string src_href(const std::string& from, const std::string& file, size_t line) const {
    return rel(from, "src/" + file + ".html" + (line ? "#L" + std::to_string(line) : ""));
  }
  // "file:line" as a link to the line on its source page.
  [[nodiscard]] std::string where_ref(const std::string& from, const std::string& where) const {
    if (where.empty()) return "";
    const auto [file, line] = site_of(where);
    return sources_.count(file) ? a(src_href(from, file, line), html_escape(where)) : html_escape(where);
  }
  [[nodiscard]] std::string op_ref(const std::string& from, size_t op, int64_t since = 0) const {
    const Operator& o = ops_[op];
    return a(rel(from, o.page + (since ? "#v" + std::to_string(since) : "")),
             html_escape(since ? o.type + "-" + std::to_string(since) : o.type));
  }
  [[nodiscard]] std::optional<size_t> op_named(const std::string& qualified) const {
    auto it = by_qualified_.find(qualified);
    return it == by_qualified_.end() ? std::nullopt : std::optional<size_t>(it->second);
  }
  // The page of a repository path (a chapter, a findings file, a source file), or nullopt.
  [[nodiscard]] std::optional<std::string> page_of_path(std::string path) const;
  // Markdown hooks for a page at `from`, for a Markdown file at `md_file` (links are relative to it).
  [[nodiscard]] markdown::Hooks hooks(const std::string& from, const std::string& md_file) const;
  [[nodiscard]] std::string linked_text(const std::string& from, std::string_view s) const;

  // ---- parts of pages ----
  [[nodiscard]] std::string nav(const std::string& from) const;
  [[nodiscard]] std::string excerpt(const std::string& from, const spec::Citation& site) const;
  [[nodiscard]] std::string coverage_of(const std::string& id) const;
  [[nodiscard]] std::string clause_facts(const std::string& from, const spec::Clause& c, bool open) const;
  [[nodiscard]] std::string clause_in_full(const std::string& from, const spec::Clause& c) const;
  [[nodiscard]] std::string signature_html(const std::string& from, const Operator& op, const Version& v) const;
  [[nodiscard]] std::string suite_tests_html(const Operator& op, int64_t since) const;
  [[nodiscard]] std::string coverage_html(const std::string& from, const Operator& op) const;
  [[nodiscard]] std::string runtimes_html(const std::string& from, const Operator& op) const;
  [[nodiscard]] std::string localised_html(const std::string& from, const CrossInput& c) const;

  // ---- pages ----
  void put(const std::string& path, const std::string& content);
  void page(const std::string& path, const std::string& title, const std::string& body,
            const std::string& scripts = "");
  void write_operator(size_t k);
  void write_chapter(const std::string& chapter);
  void write_source(const std::string& file);
  void write_findings(const FindingsDoc& d);
  void write_reports();
  void write_generated();
  void write_index();
  void forget_stale();
  static constexpr const char* manifest_name = ".onnxsem-book-files";

  const ops::Registry& registry_;
  fs::path root_, dir_;
  std::vector<SweepInput> sweeps_;
  std::vector<CrossInput> crosses_;
  spec::Catalog catalog_;
  std::vector<Operator> ops_;
  std::map<std::string, size_t> by_qualified_;
  std::map<std::string, std::vector<size_t>> by_type_;       // operator type -> operators
  std::map<std::string, std::set<std::string>> clause_ops_;  // clause -> operator types it names
  std::set<std::string> sources_;                            // files with a page
  std::map<std::string, std::map<size_t, std::vector<Note>>> notes_;
  std::vector<FindingsDoc> findings_;
  mutable std::map<std::string, std::vector<std::string>> file_lines_;
  size_t pages_ = 0;
  std::vector<std::string> written_;  // the files this run wrote, relative to dir_
  json search_;                       // [title, kind, page, detail] per entry

  const std::vector<std::string>& lines_of(const std::string& file) const {
    auto it = file_lines_.find(file);
    if (it == file_lines_.end()) it = file_lines_.emplace(file, spec::read_lines(root_ / file)).first;
    return it->second;
  }
};

// ---------------------------------------------------------------------------------------------------------
// Gathering.

void Book::gather_operators() {
  auto get = [&](const std::string& domain, const std::string& type) -> Operator& {
    const std::string q = domain.empty() ? type : domain + "::" + type;
    auto it = by_qualified_.find(q);
    if (it != by_qualified_.end()) return ops_[it->second];
    by_qualified_[q] = ops_.size();
    by_type_[type].push_back(ops_.size());
    Operator o;
    o.domain = domain;
    o.type = type;
    o.qualified = q;
    o.page = "op/" + (domain.empty() ? type : domain + "." + type) + ".html";
    ops_.push_back(std::move(o));
    return ops_.back();
  };
  for (const Signature* s : registry_.signatures()) get(s->domain, s->op_type).versions[s->since_version].signature = s;
  for (const auto& [domain, type, since] : registry_.implemented()) {
    Version& v = get(domain, type).versions[since];
    v.implemented = true;
    v.registered_at = registry_.registered_at(domain, type, since);
  }
  for (auto& o : ops_)
    for (auto& [since, v] : o.versions) v.shape_rule = registry_.shape_rule(o.domain, o.type, since) != nullptr;
  // Pages in order of name; by_qualified_ and by_type_ follow.
  std::sort(ops_.begin(), ops_.end(), [](const Operator& x, const Operator& y) {
    return std::tie(x.type, x.domain) < std::tie(y.type, y.domain);
  });
  by_qualified_.clear();
  by_type_.clear();
  for (size_t k = 0; k < ops_.size(); ++k) {
    by_qualified_[ops_[k].qualified] = k;
    by_type_[ops_[k].type].push_back(k);
  }
}

void Book::gather_clauses() {
  std::map<std::string, std::map<std::string, int>> per_chapter;  // operator type -> chapter -> clauses
  for (const auto& [id, c] : catalog_.clauses) {
    auto named = named_in(c.title + "\n" + c.section, by_type_, false);
    named.merge(named_in(join_lines(c.text), by_type_, true));
    for (const auto& t : named) {
      for (size_t k : by_type_.at(t)) ops_[k].clauses.push_back(id);
      ++per_chapter[t][c.chapter];
    }
    clause_ops_[id] = std::move(named);
  }
  for (auto& o : ops_) {
    int best = 0;
    for (const auto& [chapter, n] : per_chapter[o.type])
      if (n > best) best = n, o.chapter = chapter;
    if (o.chapter.empty()) {
      // No clause names it: the chapter of its code's folder (ops/FAMILY/ -> spec/ops-FAMILY.md).
      std::string where = o.versions.empty() ? "" : o.versions.rbegin()->second.registered_at;
      const auto parts = fs::path(where).parent_path().filename().string();
      const std::string chapter = "spec/ops-" + parts + ".md";
      if (std::count(catalog_.chapters.begin(), catalog_.chapters.end(), chapter)) o.chapter = chapter;
    }
    for (const auto& [id, c] : catalog_.clauses)
      if (c.chapter == o.chapter && clause_ops_[id].empty()) o.general.push_back(id);
  }
}

void Book::gather_sources() {
  for (const auto& [id, c] : catalog_.clauses) {
    for (const auto& s : c.sites) notes_[s.file][s.line].push_back(Note{Note::Kind::site, id, 0, 0});
    for (const auto& t : c.tests) notes_[t.file][t.line].push_back(Note{Note::Kind::test, id, 0, 0});
  }
  // Where each version is registered, where its signature is written (`op DOMAIN TYPE SINCE` in an
  // ops/FAMILY/signatures.txt), and where a shape rule names the operator (its name as a string in a shapes.cpp).
  for (size_t k = 0; k < ops_.size(); ++k)
    for (const auto& [since, v] : ops_[k].versions)
      if (!v.registered_at.empty()) {
        const auto [file, line] = site_of(v.registered_at);
        notes_[file][line].push_back(Note{Note::Kind::registers, "", k, since});
      }
  std::vector<std::string> signature_files;
  if (fs::is_directory(root_ / "ops"))
    for (const auto& e : fs::directory_iterator(root_ / "ops"))
      if (fs::is_regular_file(e.path() / "signatures.txt"))
        signature_files.push_back(fs::relative(e.path() / "signatures.txt", root_).string());
  std::sort(signature_files.begin(), signature_files.end());
  for (const auto& file : signature_files) {
    const auto& ls = lines_of(file);
    for (size_t i = 0; i < ls.size(); ++i) {
      std::istringstream words(ls[i]);
      std::string op, domain, type;
      int64_t since = 0;
      if (!(words >> op >> domain >> type >> since) || op != "op") continue;
      auto k = op_named(domain == "ai.onnx" ? type : domain + "::" + type);
      if (!k || !ops_[*k].versions.count(since)) continue;
      ops_[*k].versions[since].signature_at = file + ":" + std::to_string(i + 1);
      notes_[file][i + 1].push_back(Note{Note::Kind::signature, "", *k, since});
    }
  }
  for (const auto& file : catalog_.sources) {
    if (fs::path(file).filename() != "shapes.cpp") continue;
    const auto& ls = lines_of(file);
    for (size_t i = 0; i < ls.size(); ++i)
      for (size_t q = ls[i].find('"'); q != std::string::npos; q = ls[i].find('"', q + 1)) {
        const size_t end = ls[i].find('"', q + 1);
        if (end == std::string::npos) break;
        auto it = by_type_.find(ls[i].substr(q + 1, end - q - 1));
        if (it != by_type_.end())
          for (size_t k : it->second)
            if (ops_[k].shape_rule_at.empty()) {
              ops_[k].shape_rule_at = file + ":" + std::to_string(i + 1);
              notes_[file][i + 1].push_back(Note{Note::Kind::shape_rule, "", k, 0});
            }
        q = end;
      }
  }
  for (const auto& [file, lines] : notes_) sources_.insert(file);
}

void Book::gather_findings() {
  const fs::path dir = root_ / "conformance" / "findings";
  if (!fs::is_directory(dir)) return;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".md")
      findings_.push_back(FindingsDoc{fs::relative(e.path(), root_).string(),
                                      "findings/" + e.path().stem().string() + ".html", spec::read_lines(e.path())});
  std::sort(findings_.begin(), findings_.end(), [](const auto& x, const auto& y) { return x.file < y.file; });
  // A finding is a section of level 3; the operators it names, in its heading or its text, list it.
  for (const auto& d : findings_) {
    const auto hs = markdown::headings(d.lines);
    for (size_t h = 0; h < hs.size(); ++h) {
      if (hs[h].level != 3) continue;
      const size_t end = h + 1 < hs.size() ? hs[h + 1].line : d.lines.size();
      const std::vector<std::string> body(d.lines.begin() + static_cast<std::ptrdiff_t>(hs[h].line) + 1,
                                          d.lines.begin() + static_cast<std::ptrdiff_t>(end));
      auto named = named_in(hs[h].text, by_type_, false);
      named.merge(named_in(join_lines(body), by_type_, true));
      for (const auto& t : named)
        for (size_t k : by_type_.at(t))
          ops_[k].documented.emplace_back(d.page + "#" + hs[h].id,
                                          fs::path(d.file).filename().string() + ": " + hs[h].text);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Links in text.

std::optional<std::string> Book::page_of_path(std::string path) const {
  path = fs::path(path).lexically_normal().string();
  if (path.rfind("spec/", 0) == 0 && path.size() > 3 && path.substr(path.size() - 3) == ".md" &&
      std::count(catalog_.chapters.begin(), catalog_.chapters.end(), path))
    return chapter_page(path);
  for (const auto& d : findings_)
    if (d.file == path) return d.page;
  if (sources_.count(path)) return "src/" + path + ".html";
  return std::nullopt;
}

// Plain text with its clause IDs and the repository paths that have a page linked.
std::string Book::linked_text(const std::string& from, std::string_view s) const {
  std::string out;
  size_t plain = 0;
  for (size_t i = 0; i < s.size();) {
    if (i > 0 && (word_char(s[i - 1]) || s[i - 1] == '/' || s[i - 1] == '.')) {
      ++i;
      continue;
    }
    // A path such as spec/types.md or ops/nn/conv.cpp.
    bool path = false;
    for (const std::string_view d : spec::kSourceFolders)
      path = path || (s.substr(i, d.size()) == d && i + d.size() < s.size() && s[i + d.size()] == '/');
    if (path) {
      size_t j = i;
      while (j < s.size() && (word_char(s[j]) || s[j] == '/' || s[j] == '.' || s[j] == '-')) ++j;
      while (j > i && (s[j - 1] == '.' || s[j - 1] == '-')) --j;
      const std::string file(s.substr(i, j - i));
      if (auto p = page_of_path(file)) {
        std::string href = rel(from, *p);
        // A line of a source file, "ops/nn/conv.cpp:40", links to that line (when the file has it).
        size_t k = j + 1;
        while (k < s.size() && k < j + 9 && std::isdigit(static_cast<unsigned char>(s[k]))) ++k;
        if (sources_.count(file) && j < s.size() && s[j] == ':' && k > j + 1 && (k == s.size() || !word_char(s[k]))) {
          const size_t line = std::stoul(std::string(s.substr(j + 1, k - j - 1)));
          if (line >= 1 && line <= lines_of(file).size()) {
            href = src_href(from, file, line);
            j = k;
          }
        }
        out += html_escape(s.substr(plain, i - plain)) + a(href, html_escape(s.substr(i, j - i)));
        i = plain = j;
        continue;
      }
    }
    if (!word_char(s[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < s.size() && word_char(s[j])) ++j;
    const std::string w(s.substr(i, j - i));
    if (spec::is_clause_id(w) && has_clause(w)) {
      out += html_escape(s.substr(plain, i - plain)) + a(clause_href(from, w), w);
      plain = j;
    }
    i = j;
  }
  return out + html_escape(s.substr(plain));
}

markdown::Hooks Book::hooks(const std::string& from, const std::string& md_file) const {
  markdown::Hooks h;
  h.text = [this, from](std::string_view s) { return linked_text(from, s); };
  h.link = [this, from, md_file](const std::string& target) -> std::optional<std::string> {
    if (target.rfind("http://", 0) == 0 || target.rfind("https://", 0) == 0) return target;
    const std::string file = target.substr(0, target.find('#'));
    if (file.empty()) return std::nullopt;
    auto p = page_of_path((fs::path(md_file).parent_path() / file).string());
    if (!p) return std::nullopt;
    return rel(from, *p);
  };
  h.code_link = [this, from](const std::string& code) -> std::optional<std::string> {
    if (spec::is_clause_id(code) && has_clause(code)) return clause_href(from, code);
    auto p = page_of_path(code);
    if (!p) return std::nullopt;
    return rel(from, *p);
  };
  return h;
}

// ---------------------------------------------------------------------------------------------------------
// Parts of pages.

std::string Book::nav(const std::string& from) const {
  return a(rel(from, "index.html"), "<strong>onnxsem book</strong>") +
         a(rel(from, "index.html#operators"), "Operators") + a(rel(from, "index.html#chapters"), "Chapters") +
         a(rel(from, "index.html#reports"), "Reports") + a(rel(from, "operators.html"), "Operator index") +
         a(rel(from, "trace.html"), "Traceability");
}

std::string Book::excerpt(const std::string& from, const spec::Citation& site) const {
  const auto& ls = lines_of(site.file);
  std::string o = "<p>" + where_ref(from, site.where()) + "</p><pre>";
  for (size_t k = site.line - 1; k < ls.size() && k < site.line + 7; ++k) o += html_escape(ls[k]) + "\n";
  return o + "</pre>\n";
}

// How the sweeps' tests reached a clause: per report, the tests that reached its code sites.
std::string Book::coverage_of(const std::string& id) const {
  std::string o;
  for (const auto& s : sweeps_) {
    o += o.empty() ? "" : "; ";
    o += html_escape(s.name()) + ": ";
    if (!s.measured) o += "<span class=\"muted\">not measured</span>";
    else if (!s.instrumented.count(id)) o += "<span class=\"muted\">not instrumented</span>";
    else {
      auto it = s.reached.find(id);
      const int64_t n = it == s.reached.end() ? 0 : it->second;
      o += n ? "reached by " + std::to_string(n) + " suite test" + (n == 1 ? "" : "s")
             : std::string("<span class=\"fail\">reached by no suite test</span>");
    }
  }
  return o.empty() ? "<span class=\"muted\">not measured (no sweep report given)</span>" : o;
}

std::string Book::clause_facts(const std::string& from, const spec::Clause& c, bool open) const {
  std::ostringstream o;
  o << "<div class=\"facts\">";
  const auto& named = clause_ops_.at(c.id);
  if (!named.empty()) {
    o << "<p>Operators it names:";
    for (const auto& t : named)
      for (size_t k : by_type_.at(t)) o << " " << op_ref(from, k);
    o << "</p>";
  }
  o << "<p>Suite coverage: " << coverage_of(c.id) << "</p>";
  if (open) {
    o << "<p>Code sites (" << c.sites.size() << "):</p>";
    for (const auto& s : c.sites) o << excerpt(from, s);
  } else {
    o << "<details><summary>Code sites (" << c.sites.size() << "):";
    for (const auto& s : c.sites) o << " " << where_ref(from, s.where());
    o << "</summary>";
    for (const auto& s : c.sites) o << excerpt(from, s);
    o << "</details>";
  }
  o << "<p>Unit tests that name it (" << c.tests.size() << "):</p><ul class=\"tests\">";
  for (const auto& t : c.tests) o << "<li>" << where_ref(from, t.where()) << " " << html_escape(t.name) << "</li>";
  o << "</ul></div>\n";
  return o.str();
}

std::string Book::clause_in_full(const std::string& from, const spec::Clause& c) const {
  return "<div class=\"clause\" id=\"" + c.id + "\"><h3>" + a(clause_href(from, c.id), c.id) + " - " +
         html_escape(c.title) + " <span class=\"muted\">(" + html_escape(c.chapter) + ")</span></h3>\n" +
         markdown::render(c.text, hooks(from, c.chapter)) + clause_facts(from, c, true) + "</div>\n";
}

std::string form_text(Formal::Form f) {
  switch (f) {
    case Formal::Form::single: return "";
    case Formal::Form::optional: return "optional";
    case Formal::Form::variadic: return "variadic";
    case Formal::Form::variadic_mixed: return "variadic, heterogeneous";
  }
  return "";
}

std::string bound_text(size_t n) { return n == unbounded ? "any number" : std::to_string(n); }

std::string Book::signature_html(const std::string& from, const Operator& op, const Version& v) const {
  std::ostringstream o;
  auto rule = [&](const char* id) { return clause_ref(from, id); };
  if (!v.implemented)
    o << "<p class=\"unsupported\">Not implemented: a model using this version is unsupported (" << rule("U1")
      << ").</p>";
  else o << "<p>Kernel registered at " << where_ref(from, v.registered_at) << ".</p>";
  if (!v.signature) {
    o << "<p class=\"muted\">No signature: the static semantics does not type this version.</p>";
    return o.str();
  }
  const Signature& s = *v.signature;
  o << "<p>Signature (" << rule("TY1") << ")"
    << (v.signature_at.empty() ? "" : ", written at " + where_ref(from, v.signature_at))
    << (s.deprecated ? "; ONNX marks this version deprecated (" + rule("TY13") + ")" : "") << ". Arity (" << rule("TY2")
    << "): "
    << (s.min_inputs == s.max_inputs ? bound_text(s.min_inputs)
                                     : bound_text(s.min_inputs) + " to " + bound_text(s.max_inputs))
    << " inputs, "
    << (s.min_outputs == s.max_outputs ? bound_text(s.min_outputs)
                                       : bound_text(s.min_outputs) + " to " + bound_text(s.max_outputs))
    << " outputs.</p>\n<table><tr><th></th><th>name</th><th>type</th><th>form</th></tr>\n";
  auto formals = [&](const char* what, const std::vector<Formal>& fs) {
    for (size_t k = 0; k < fs.size(); ++k)
      o << "<tr><td>" << what << " " << k << "</td><td>" << html_escape(fs[k].name) << "</td><td><code>"
        << html_escape(fs[k].type) << "</code></td><td>" << form_text(fs[k].form) << "</td></tr>\n";
  };
  formals("input", s.inputs);
  formals("output", s.outputs);
  o << "</table>\n";
  if (!s.type_vars.empty()) {
    o << "<p>Type constraints (" << rule("TY4") << "; one type per variable, " << rule("TY6") << "):</p><ul>";
    for (const auto& tv : s.type_vars) {
      o << "<li><code>" << html_escape(tv.name) << "</code>:";
      for (const auto& t : tv.allowed) o << " <code>" << html_escape(type_text(t)) << "</code>";
      o << "</li>";
    }
    o << "</ul>\n";
  }
  if (!s.attributes.empty()) {
    o << "<p>Attributes (" << rule("TY3") << "; documented domains, " << rule("TY10") << "):</p>"
      << "<table><tr><th>name</th><th>type</th><th></th></tr>";
    for (const auto& at : s.attributes)
      o << "<tr><td>" << html_escape(at.name) << "</td><td>" << attr_type_text(at.type) << "</td><td>"
        << (at.required               ? std::string("required")
            : at.default_text.empty() ? std::string("optional")
                                      : "default " + html_escape(at.default_text))
        << "</td></tr>";
    o << "</table>\n";
  }
  if (v.shape_rule)
    o << "<p>Shape rule (" << rule("TY5") << ")"
      << (op.shape_rule_at.empty() ? "" : ", at " + where_ref(from, op.shape_rule_at))
      << ": computes the outputs' types and shapes from the inputs' and the values known before evaluation.</p>\n";
  else
    o << "<p>No shape rule: the outputs are typed by the signature's type variables alone, their shapes unknown ("
      << rule("TY5") << ", " << rule("TY11") << ").</p>\n";
  return o.str();
}

std::string status_counts(const conformance::SweepReport& rep, const std::vector<size_t>& results) {
  std::array<int, 5> c{};
  for (size_t i : results) c[static_cast<size_t>(rep.results[i].status)]++;
  std::string o;
  for (size_t k = 0; k < c.size(); ++k)
    if (c[k]) {
      const char* name = conformance::status_name(static_cast<conformance::Status>(k));
      o += (o.empty() ? "" : ", ") + std::string("<span class=\"") + name + "\">" + std::to_string(c[k]) + " " + name +
           "</span>";
    }
  return o;
}

std::string Book::suite_tests_html(const Operator& op, int64_t since) const {
  std::ostringstream o;
  const std::string from = op.page;
  for (const auto& s : sweeps_) {
    auto it = s.by_version.find(op.key(since));
    o << "<p>Suite tests in " << a(rel(from, s.page), html_escape(s.name())) << ": ";
    if (it == s.by_version.end()) {
      o << "<span class=\"muted\">none uses this version in its main graph.</span></p>\n";
      continue;
    }
    o << it->second.size() << " (" << status_counts(s.report, it->second) << ").</p>\n";
    std::ostringstream bad, good;
    size_t n_good = 0;
    for (size_t i : it->second) {
      const auto& r = s.report.results[i];
      if (r.status == conformance::Status::pass) {
        good << (n_good++ ? ", " : "") << html_escape(r.key);
        continue;
      }
      bad << "<tr><td>" << html_escape(r.key) << "</td><td class=\"" << status_name(r.status) << "\">"
          << status_name(r.status) << "</td><td>" << (r.clause.empty() ? "" : clause_ref(from, r.clause))
          << "</td><td class=\"text\">" << html_escape(r.reason) << "</td></tr>\n";
    }
    if (!bad.str().empty())
      o << "<table><tr><th>test</th><th>status</th><th>clause</th><th>reason</th></tr>\n" << bad.str() << "</table>\n";
    if (n_good) o << "<details><summary>" << n_good << " passing</summary><p>" << good.str() << "</p></details>\n";
  }
  return o.str();
}

std::string Book::coverage_html(const std::string& from, const Operator& op) const {
  std::ostringstream o;
  for (const auto& s : sweeps_) {
    o << "<h3>" << html_escape(s.name()) << "</h3>\n";
    if (!s.measured) {
      o << "<p class=\"muted\">Not measured: this sweep report carries no clause coverage.</p>\n";
      continue;
    }
    // The clauses this operator's tests reached, with how many of them, beside the clauses that name it.
    std::map<std::string, int> mine;
    size_t tests = 0;
    if (auto it = s.by_op.find(op.qualified); it != s.by_op.end())
      for (size_t i : it->second) {
        ++tests;
        if (i < s.clauses.size())
          for (const auto& id : s.clauses[i]) mine[id]++;
      }
    std::set<std::string> rows(op.clauses.begin(), op.clauses.end());
    for (const auto& [id, n] : mine) rows.insert(id);
    o << "<p>" << tests << (tests == 1 ? " suite test uses " : " suite tests use ") << html_escape(op.type)
      << "; the clauses that name it and the clauses "
      << "their evaluation reached:</p>\n<table><tr><th>clause</th><th>names it</th><th class=\"n\">reached by its tests"
      << "</th><th class=\"n\">by all suite tests</th></tr>\n";
    for (const auto& id : rows) {
      const bool names = std::count(op.clauses.begin(), op.clauses.end(), id) > 0;
      auto all = s.reached.find(id);
      const bool counted = s.instrumented.count(id) > 0;
      auto m = mine.find(id);
      o << "<tr" << (names && counted && m == mine.end() ? " class=\"bad\"" : "") << "><td>" << clause_ref(from, id)
        << "</td><td>" << (names ? "yes" : "") << "</td><td class=\"n\">"
        << (counted ? std::to_string(m == mine.end() ? 0 : m->second) : "not instrumented") << "</td><td class=\"n\">"
        << (counted ? std::to_string(all == s.reached.end() ? 0 : all->second) : "") << "</td></tr>\n";
    }
    o << "</table>\n";
  }
  if (sweeps_.empty()) o << "<p class=\"muted\">Not measured: no sweep report was given.</p>\n";
  return o.str();
}

// A measured number as HTML: the report writes "inf" and "nan" as strings.
std::string number(const json& x) {
  if (x.is_string()) return html_escape(x.get<std::string>());
  if (!x.is_number()) return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", x.get<double>());
  return buf;
}

// A measured number of a localisation as HTML, as `number` writes the report's.
std::string measured(double x) {
  if (std::isnan(x)) return "nan";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", x);
  return buf;
}

// A judged operation's operator as the book names operators ("Add", "com.example::Op"): NodeJudgement writes
// a domain with a dot.
std::string judged_operator_name(const std::string& op_type) {
  const size_t dot = op_type.rfind('.');
  if (dot == std::string::npos || op_type.find("::") != std::string::npos) return op_type;
  return op_type.substr(0, dot) + "::" + op_type.substr(dot + 1);
}

// [spec:XC10] [spec:XC11] the localised cases of a cross-check: per case, the first departing node and its worst
// operations, departing ones first (reports::worst_nodes_first); a case in which an operation departs is open.
std::string Book::localised_html(const std::string& from, const CrossInput& c) const {
  constexpr size_t shown = 20;
  std::ostringstream o;
  o << "<h2 id=\"localised\">Localised cases</h2>\n<p>" << c.localised.size() << " case"
    << (c.localised.size() == 1 ? "" : "s") << " judged node by node (" << clause_ref(from, "XC10") << ", "
    << clause_ref(from, "XC11")
    << "): each operation evaluated by onnxsem alone, on the runtime's values of its inputs (isolated) or on "
       "onnxsem's (cumulative), and the runtime's values of its outputs judged against the bound of its accuracy "
       "clause, or against the tolerance when it has none. The worst "
    << shown << " operations of each case are listed, those that depart first.</p>\n";
  for (const auto& lc : c.localised) {
    const crosscheck::Localisation& l = lc.localisation;
    const bool departing = l.first_departing && *l.first_departing < l.nodes.size();
    o << "<details" << (departing ? " open" : "") << "><summary>" << html_escape(lc.test) << " [" << html_escape(lc.set)
      << "], " << html_escape(lc.runtime) << " (" << crosscheck::mode_name(l.mode) << "): ";
    if (departing) {
      const crosscheck::NodeJudgement& n = l.nodes[*l.first_departing];
      o << "first departing node <code>" << html_escape(n.name) << "</code> (" << html_escape(n.op_type) << ", "
        << "<span class=\"differ\">" << crosscheck::node_verdict_name(n.verdict) << "</span>)";
    } else {
      o << "no node departs";
    }
    o << "</summary>\n";
    if (!lc.reproducer.empty()) o << "<p>Saved as <code>" << html_escape(lc.reproducer) << "</code>.</p>\n";
    if (!l.missing.empty()) {
      o << "<p>Values the runtime did not give (" << l.missing.size() << "):";
      for (size_t i = 0; i < l.missing.size() && i < shown; ++i)
        o << (i ? ", " : " ") << "<code>" << html_escape(l.missing[i]) << "</code>";
      o << (l.missing.size() > shown ? ", ..." : "") << ".</p>\n";
    }
    const std::vector<size_t> order = worst_nodes_first(l);
    if (!order.empty()) {
      o << "<table><tr><th>node</th><th>operator</th><th>clause</th><th>verdict</th><th class=\"n\">largest ULP</th>"
           "<th class=\"n\">bound units</th><th>detail</th></tr>\n";
      for (size_t k = 0; k < order.size() && k < shown; ++k) {
        const crosscheck::NodeJudgement& n = l.nodes[order[k]];
        const bool bad = crosscheck::departs(n.verdict);
        const bool comparable = n.verdict != crosscheck::NodeVerdict::not_comparable;
        const auto q = op_named(judged_operator_name(n.op_type));
        o << "<tr" << (bad ? " class=\"bad\"" : "") << "><td>" << html_escape(n.name) << "</td><td>"
          << (q ? op_ref(from, *q) : html_escape(n.op_type)) << "</td><td>" << clause_ref(from, n.clause)
          << "</td><td class=\"" << (bad ? "differ" : (comparable ? "agree" : "muted")) << "\">"
          << crosscheck::node_verdict_name(n.verdict) << "</td><td class=\"n\">"
          << (comparable ? measured(n.max_ulp) : "") << "</td><td class=\"n\">"
          << (comparable && n.bound_units ? measured(*n.bound_units) : "") << "</td><td class=\"text\">"
          << html_escape(n.reference_in_t ? "reference in T" + (n.detail.empty() ? "" : "; " + n.detail) : n.detail)
          << "</td></tr>\n";
      }
      o << "</table>\n";
      if (order.size() > shown) {
        std::map<int, size_t> counts;
        for (size_t k = shown; k < order.size(); ++k) counts[static_cast<int>(l.nodes[order[k]].verdict)]++;
        o << "<p class=\"muted\">... and " << order.size() - shown << " more:";
        bool first = true;
        for (const auto& [v, n] : counts) {
          o << (first ? " " : ", ") << n << " "
            << crosscheck::node_verdict_name(static_cast<crosscheck::NodeVerdict>(v));
          first = false;
        }
        o << ".</p>\n";
      }
    }
    o << "</details>\n";
  }
  return o.str();
}

std::string Book::runtimes_html(const std::string& from, const Operator& op) const {
  std::ostringstream o;
  for (const auto& c : crosses_) {
    o << "<h3>" << a(rel(from, c.page), html_escape(c.name())) << "</h3>\n";
    auto m = c.matrix.find(op.qualified);
    if (m == c.matrix.end()) {
      o << "<p class=\"muted\">No case of this cross-check uses " << html_escape(op.type) << ".</p>\n";
    } else {
      o << "<table><tr><th>runtime</th>";
      for (int k = 0; k < crosscheck::outcome_count; ++k)
        o << "<th class=\"n\">" << crosscheck::outcome_name(static_cast<crosscheck::Outcome>(k)) << "</th>";
      o << "<th class=\"n\">largest ULP distance when agreeing</th><th class=\"n\">largest relative error</th>";
      auto p = c.precision.find(op.qualified);
      // [spec:XC11] the operator's operations judged against its accuracy bound in the localised cases; only
      // reports of runs with --localise have them, and only where such an operation was judged.
      bool bounded = false;
      if (p != c.precision.end())
        for (const auto& [rt, prec] : p->items()) bounded = bounded || prec.contains("bound_units");
      if (bounded) o << "<th class=\"n\">largest error in bound units (operations judged)</th>";
      o << "</tr>\n";
      for (const auto& rt : c.runtimes) {
        const json counts = m->value(rt, json::object());
        o << "<tr><td>" << html_escape(rt) << "</td>";
        for (int k = 0; k < crosscheck::outcome_count; ++k) {
          const std::string name = crosscheck::outcome_name(static_cast<crosscheck::Outcome>(k));
          const int64_t n = counts.value(name, int64_t{0});
          o << "<td class=\"n" << (n ? " " + name : "") << "\">" << n << "</td>";
        }
        const json prec = p == c.precision.end() ? json::object() : p->value(rt, json::object());
        o << "<td class=\"n\">" << number(prec.value("max_ulp", json())) << "</td><td class=\"n\">"
          << number(prec.value("max_rel", json())) << "</td>";
        if (bounded) {
          o << "<td class=\"n\">";
          if (prec.contains("bound_units"))
            o << number(prec.at("bound_units")) << " (" << number(prec.value("bounded_nodes", json())) << ")";
          o << "</td>";
        }
        o << "</tr>\n";
      }
      o << "</table>\n";
    }
    std::ostringstream f;
    for (const auto& x : c.findings) {
      std::istringstream words(x.value("operators", std::string()));
      std::string w;
      bool mine = false;
      while (words >> w) mine = mine || w == op.qualified;
      if (!mine) continue;
      f << "<tr><td>" << html_escape(x.value("runtime", std::string())) << "</td><td>"
        << html_escape(x.value("outcome", std::string())) << "</td><td>"
        << html_escape(x.value("operators", std::string())) << "</td><td class=\"n\">" << x.value("cases", int64_t{0})
        << "</td><td>" << html_escape(x.value("example", std::string())) << "</td><td class=\"text\">"
        << html_escape(x.value("detail", std::string())) << "</td></tr>\n";
    }
    if (!f.str().empty())
      o << "<p>Distinct findings after reduction (" << clause_ref(from, "XC9") << "):</p><table><tr><th>runtime</th>"
        << "<th>outcome</th><th>reduced to</th><th class=\"n\">cases</th><th>example</th><th>detail</th></tr>\n"
        << f.str() << "</table>\n";
    if (auto d = c.departures.find(op.qualified); d != c.departures.end()) {
      constexpr size_t shown = 25;
      o << "<p>Cases in which a runtime differs or fails (" << d->second.size() << "):</p>\n"
        << "<table><tr><th>test</th><th>input set</th><th>runtime</th><th>outcome</th><th>detail</th></tr>\n";
      for (size_t k = 0; k < d->second.size() && k < shown; ++k) {
        const auto& x = d->second[k];
        o << "<tr><td>" << html_escape(x.test) << "</td><td>" << html_escape(x.set) << "</td><td>"
          << html_escape(x.runtime) << "</td><td class=\"" << x.outcome << "\">" << x.outcome
          << "</td><td class=\"text\">" << html_escape(x.detail) << "</td></tr>\n";
      }
      o << "</table>\n";
      if (d->second.size() > shown) o << "<p class=\"muted\">... and " << d->second.size() - shown << " more.</p>\n";
    }
  }
  if (crosses_.empty()) o << "<p class=\"muted\">No cross-check report was given.</p>\n";
  if (!op.documented.empty()) {
    o << "<h3>Explained findings</h3>\n<p>Sections of the findings files (conformance/findings/) that name "
      << html_escape(op.type) << ":</p><ul>";
    for (const auto& [href, what] : op.documented) o << "<li>" << a(rel(from, href), html_escape(what)) << "</li>";
    o << "</ul>\n";
  }
  return o.str();
}

// ---------------------------------------------------------------------------------------------------------
// Pages.

void Book::put(const std::string& path, const std::string& content) {
  const fs::path p = dir_ / path;
  std::error_code ec;
  fs::create_directories(p.parent_path(), ec);
  if (ec) usage_error("F1", "cannot create the folder '" + p.parent_path().string() + "' (" + ec.message() + ")");
  std::ofstream out(p, std::ios::binary);
  if (!out) usage_error("F1", "cannot write '" + p.string() + "'");
  out << content;
  if (!out.flush()) usage_error("F1", "cannot write '" + p.string() + "'");
  ++pages_;
  written_.push_back(path);
}

void Book::page(const std::string& path, const std::string& title, const std::string& body,
                const std::string& scripts) {
  put(path,
      html::page_start(title + " - onnxsem book", rel(path, "style.css"), nav(path)) + body + html::page_end(scripts));
}

void Book::write_operator(size_t k) {
  const Operator& op = ops_[k];
  const std::string& from = op.page;
  std::ostringstream o;
  o << "<h1>" << html_escape(op.type) << " <span class=\"muted\">"
    << (op.domain.empty() ? "ai.onnx" : html_escape(op.domain)) << "</span></h1>\n<p>";
  if (!op.chapter.empty()) o << "Chapter: " << a(rel(from, chapter_page(op.chapter)), html_escape(op.chapter)) << ". ";
  o << "Versions:";
  for (const auto& [since, v] : op.versions) o << " " << a("#v" + std::to_string(since), std::to_string(since));
  o << ". " << a("#clauses", "Clauses") << " &middot; " << a("#versions", "Signatures and suite tests") << " &middot; "
    << a("#coverage", "Coverage") << " &middot; " << a("#runtimes", "Runtimes") << "</p>\n";

  // The versions at a glance.
  o << "<table><tr><th>version</th><th>kernel</th><th>signature</th><th>shape rule</th>";
  for (const auto& s : sweeps_) o << "<th>suite tests: " << html_escape(s.name()) << "</th>";
  o << "</tr>\n";
  for (const auto& [since, v] : op.versions) {
    o << "<tr><td>" << a("#v" + std::to_string(since), html_escape(op.key(since))) << "</td><td>"
      << (v.implemented ? where_ref(from, v.registered_at) : "<span class=\"unsupported\">not implemented</span>")
      << "</td><td>" << (v.signature ? (v.signature->deprecated ? "deprecated" : "yes") : "none") << "</td><td>"
      << (v.shape_rule ? "yes" : "no") << "</td>";
    for (const auto& s : sweeps_) {
      auto it = s.by_version.find(op.key(since));
      o << "<td>" << (it == s.by_version.end() ? "" : status_counts(s.report, it->second)) << "</td>";
    }
    o << "</tr>\n";
  }
  o << "</table>\n";

  // Its own clauses first: those with a code site in the files of its kernels or of its shape rule; then
  // the others that name it (another operator's clause, a general one), each group in the order of IDs.
  std::set<std::string> own_files;
  for (const auto& [since, v] : op.versions)
    if (!v.registered_at.empty()) own_files.insert(site_of(v.registered_at).first);
  if (!op.shape_rule_at.empty()) own_files.insert(site_of(op.shape_rule_at).first);
  std::vector<std::string> clauses = op.clauses;
  const auto others = std::stable_partition(clauses.begin(), clauses.end(), [&](const std::string& id) {
    const auto& sites = catalog_.clauses.at(id).sites;
    return std::any_of(sites.begin(), sites.end(), [&](const auto& c) { return own_files.count(c.file) > 0; });
  });
  std::string files;
  for (const auto& f : own_files) files += (files.empty() ? "" : ", ") + where_ref(from, f);
  o << "<h2 id=\"clauses\">Clauses (" << op.clauses.size() << ")</h2>\n<p>The clauses whose title, text or section "
    << "names " << html_escape(op.type) << ", each with its code sites, the unit tests that name it and its suite "
    << "coverage: "
    << (others == clauses.begin() ? std::string("none has")
                                  : "first the " + std::to_string(others - clauses.begin()) + " with")
    << " a code site in its own kernel or shape rule (" << (files.empty() ? "none" : files) << ")"
    << (others == clauses.begin() ? "" : ", then the others") << ".</p>\n";
  for (const auto& id : clauses) o << clause_in_full(from, catalog_.clauses.at(id));
  if (!op.general.empty()) {
    o << "<h3 id=\"chapter-clauses\">Clauses of its chapter that name no operator</h3>\n<ul>";
    for (const auto& id : op.general)
      o << "<li>" << clause_ref(from, id) << " - " << html_escape(catalog_.clauses.at(id).title) << "</li>";
    o << "</ul>\n";
  }

  o << "<h2 id=\"versions\">Signatures, typing rules and suite tests</h2>\n";
  for (const auto& [since, v] : op.versions) {
    o << "<h3 id=\"v" << since << "\">" << html_escape(op.key(since)) << "</h3>\n"
      << signature_html(from, op, v) << suite_tests_html(op, since);
  }
  for (const auto& s : sweeps_) {
    // Tests whose model uses the operator where its version is not resolved at the top level (a subgraph, a
    // function body).
    auto it = s.by_op.find(op.qualified);
    if (it == s.by_op.end()) continue;
    std::vector<size_t> elsewhere;
    for (size_t i : it->second) {
      bool top = false;
      for (const auto& [since, v] : op.versions) {
        auto t = s.by_version.find(op.key(since));
        top = top || (t != s.by_version.end() && std::binary_search(t->second.begin(), t->second.end(), i));
      }
      if (!top) elsewhere.push_back(i);
    }
    if (elsewhere.empty()) continue;
    o << "<p>Tests of " << html_escape(s.name()) << " that use " << html_escape(op.type)
      << " only inside a subgraph or a function: " << elsewhere.size() << " (" << status_counts(s.report, elsewhere)
      << ").</p>\n";
  }

  o << "<h2 id=\"coverage\">Clause coverage by the suite</h2>\n" << coverage_html(from, op);
  o << "<h2 id=\"runtimes\">Runtimes</h2>\n" << runtimes_html(from, op);
  page(from, op.type, o.str());
}

void Book::write_chapter(const std::string& chapter) {
  const std::string from = chapter_page(chapter);
  const auto lines = spec::read_lines(root_ / chapter);
  markdown::Hooks h = hooks(from, chapter);
  // A clause's facts follow its text: they are written before the next heading and at the end.
  std::string open;  // the clause whose facts are due
  auto due = [&]() {
    std::string o = open.empty() ? "" : clause_facts(from, catalog_.clauses.at(open), false) + "</div>\n";
    open.clear();
    return o;
  };
  const markdown::Hooks plain = h;
  h.heading = [&](const markdown::Heading& hd) {
    std::string o = due();
    const std::string id = hd.text.substr(0, hd.text.find(' '));
    if (hd.level == 3 && has_clause(id) && catalog_.clauses.at(id).chapter == chapter) {
      open = id;
      return o + "<div class=\"clause\"><h3 id=\"" + id + "\">" + html_escape(hd.text) + "</h3>\n";
    }
    const std::string n = std::to_string(hd.level);
    return o + "<h" + n + " id=\"" + hd.id + "\">" + markdown::inline_html(hd.text, plain) + "</h" + n + ">\n";
  };
  std::string body = "<p class=\"muted\">" + html_escape(chapter) + "</p>\n" + markdown::render(lines, h);
  body += due();
  std::string title = fs::path(chapter).filename().string();
  if (!lines.empty() && lines[0].rfind("# ", 0) == 0) title = lines[0].substr(2);
  page(from, title, body);
}

void Book::write_source(const std::string& file) {
  const std::string from = "src/" + file + ".html";
  const auto& ls = lines_of(file);
  const auto& notes = notes_.at(file);
  std::ostringstream o;
  o << "<h1><code>" << html_escape(file) << "</code></h1>\n";
  std::set<std::string> sites, tests;
  for (const auto& [line, ns] : notes)
    for (const auto& n : ns) {
      if (n.kind == Note::Kind::site) sites.insert(n.clause);
      if (n.kind == Note::Kind::test) tests.insert(n.clause);
    }
  auto list = [&](const char* what, const std::set<std::string>& ids) {
    if (ids.empty()) return;
    o << "<p>" << what << ":";
    for (const auto& id : ids) o << " " << clause_ref(from, id);
    o << "</p>\n";
  };
  list("Code sites of the clauses", sites);
  list("Tests of the clauses", tests);
  o << "<pre class=\"src\">";
  for (size_t i = 0; i < ls.size(); ++i) {
    const size_t line = i + 1;
    o << "<span class=\"l\" id=\"L" << line << "\"><a class=\"ln\" href=\"#L" << line << "\">" << line << "</a>"
      << html_escape(ls[i]);
    if (auto it = notes.find(line); it != notes.end()) {
      o << "<span class=\"note\">";
      const Note* last = nullptr;
      for (const auto& n : it->second) {
        // The versions one call registers follow their operator: "registers Relu-1 6 13 14".
        if (last && n.kind == Note::Kind::registers && last->kind == n.kind && last->op == n.op) {
          o << " " << a(rel(from, ops_[n.op].page + "#v" + std::to_string(n.since)), std::to_string(n.since));
          continue;
        }
        o << (last ? "; " : "");
        last = &n;
        switch (n.kind) {
          case Note::Kind::site: o << "implements " << clause_ref(from, n.clause); break;
          case Note::Kind::test: o << "tests " << clause_ref(from, n.clause); break;
          case Note::Kind::registers: o << "registers " << op_ref(from, n.op, n.since); break;
          case Note::Kind::signature: o << "signature of " << op_ref(from, n.op, n.since); break;
          case Note::Kind::shape_rule: o << "shape rule of " << op_ref(from, n.op); break;
        }
      }
      o << "</span>";
    }
    o << "</span>";
  }
  o << "</pre>\n";
  page(from, file, o.str());
}

void Book::write_findings(const FindingsDoc& d) {
  std::string title = d.file;
  if (!d.lines.empty() && d.lines[0].rfind("# ", 0) == 0) title = d.lines[0].substr(2);
  page(d.page, title,
       "<p class=\"muted\">" + html_escape(d.file) + "</p>\n" + markdown::render(d.lines, hooks(d.page, d.file)));
}

void Book::write_reports() {
  for (const auto& s : sweeps_) {
    ReportLinks links;
    links.stylesheet = rel(s.page, "style.css");
    links.nav = nav(s.page);
    links.op = [this, &s](const std::string& q) -> std::optional<std::string> {
      auto k = op_named(q);
      if (!k) return std::nullopt;
      return rel(s.page, ops_[*k].page);
    };
    links.clause = [this, &s](const std::string& id) -> std::optional<std::string> {
      if (!has_clause(id)) return std::nullopt;
      return clause_href(s.page, id);
    };
    put(s.page, sweep_html(s.report, "Sweep report " + s.name(), links));
    if (!s.measured) continue;
    // The clause coverage: every instrumented clause with the tests that reached it, fewest first.
    const std::string& from = s.coverage_page;
    std::vector<std::pair<int64_t, std::string>> rows;
    for (const auto& id : s.instrumented) {
      auto it = s.reached.find(id);
      rows.emplace_back(it == s.reached.end() ? 0 : it->second, id);
    }
    std::sort(rows.begin(), rows.end());
    const auto unreached = std::count_if(rows.begin(), rows.end(), [](const auto& r) { return r.first == 0; });
    std::ostringstream o;
    o << "<h1>Clause coverage of " << html_escape(s.name()) << "</h1>\n<p>" << s.instrumented.size()
      << " clauses have counted code sites; the suite's tests reached " << rows.size() - static_cast<size_t>(unreached)
      << " of them; " << unreached << (unreached == 1 ? " clause" : " clauses")
      << " that no test reached: the suite's blind spots.</p>\n";
    // The blind spots per operator: the unreached clauses that name it.
    std::map<size_t, std::vector<std::string>> blind;
    for (const auto& [n, id] : rows)
      if (auto c = clause_ops_.find(id); n == 0 && c != clause_ops_.end())
        for (const auto& t : c->second)
          for (size_t k : by_type_.at(t)) blind[k].push_back(id);
    if (!blind.empty()) {
      o << "<h2 id=\"blind-spots\">Blind spots per operator</h2>\n<table><tr><th>operator</th><th>clauses naming it "
           "that no suite test reached</th></tr>\n";
      for (const auto& [k, ids] : blind) {
        o << "<tr><td>" << op_ref(from, k) << "</td><td>";
        for (const auto& id : ids) o << clause_ref(from, id) << " ";
        o << "</td></tr>\n";
      }
      o << "</table>\n";
    }
    o << "<h2 id=\"clauses\">Every counted clause</h2>\n"
      << "<table><tr><th>clause</th><th>title</th><th>operators it names</th><th class=\"n\">suite tests reaching it</th></tr>\n";
    for (const auto& [n, id] : rows) {
      o << "<tr" << (n == 0 ? " class=\"bad\"" : "") << "><td>" << clause_ref(from, id) << "</td><td>"
        << (has_clause(id) ? html_escape(catalog_.clauses.at(id).title) : "") << "</td><td>";
      if (auto c = clause_ops_.find(id); c != clause_ops_.end())
        for (const auto& t : c->second)
          for (size_t k : by_type_.at(t)) o << op_ref(from, k) << " ";
      o << "</td><td class=\"n\">" << n << "</td></tr>\n";
    }
    o << "</table>\n";
    page(from, "Clause coverage of " + s.name(), o.str());
  }
  for (const auto& c : crosses_) {
    const std::string& from = c.page;
    std::ostringstream o;
    o << "<h1>Cross-check " << html_escape(c.name()) << "</h1>\n<p>" << c.cases << " cases; runtimes:";
    for (const auto& rt : c.runtimes) o << " " << html_escape(rt);
    o << ".</p>\n<table><tr><th>runtime</th><th class=\"n\">cases</th>";
    for (int k = 0; k < crosscheck::outcome_count; ++k)
      o << "<th class=\"n\">" << crosscheck::outcome_name(static_cast<crosscheck::Outcome>(k)) << "</th>";
    o << "</tr>\n";
    for (const auto& t : c.totals) {
      o << "<tr><td>" << html_escape(t.value("runtime", std::string())) << "</td><td class=\"n\">"
        << t.value("cases", int64_t{0}) << "</td>";
      const json counts = t.value("counts", json::object());
      for (int k = 0; k < crosscheck::outcome_count; ++k)
        o << "<td class=\"n\">"
          << counts.value(crosscheck::outcome_name(static_cast<crosscheck::Outcome>(k)), int64_t{0}) << "</td>";
      o << "</tr>\n";
    }
    o << "</table>\n<h2 id=\"operators\">Runtime x operator</h2>\n<p>Per operator and runtime: agree / differ / "
         "runtime-error / runtime-unsupported.</p>\n<table><tr><th>operator</th>";
    for (const auto& rt : c.runtimes) o << "<th>" << html_escape(rt) << "</th>";
    o << "</tr>\n";
    for (const auto& [q, per] : c.matrix.items()) {
      auto k = op_named(q);
      o << "<tr><td>" << (k ? op_ref(from, *k) : html_escape(q)) << "</td>";
      for (const auto& rt : c.runtimes) {
        const json n = per.value(rt, json::object());
        o << "<td>" << n.value("agree", 0) << " / " << n.value("differ", 0) << " / " << n.value("runtime-error", 0)
          << " / " << n.value("runtime-unsupported", 0) << "</td>";
      }
      o << "</tr>\n";
    }
    o << "</table>\n";
    if (!c.localised.empty()) o << localised_html(from, c);
    page(from, "Cross-check " + c.name(), o.str());
  }
}

// The operator index and the traceability matrix, made as the build makes them (build/cli/operators.md,
// build/spec/trace.md) from this command's registry and the source tree, the index with the suite tests of
// the sweep reports given; their operators, clauses, files and lines link to their pages.
void Book::write_generated() {
  SuiteUse suite;
  for (const auto& s : sweeps_) suite.add(s.name(), s.report);
  std::istringstream index(operator_index(registry_, suite)), trace(spec::trace_matrix(catalog_));
  std::vector<std::string> index_lines, trace_lines;
  for (std::string l; std::getline(index, l);) index_lines.push_back(l);
  for (std::string l; std::getline(trace, l);) trace_lines.push_back(l);
  // In the index, an operator's cell links to its page (when one operator has that name).
  markdown::Hooks h = hooks("operators.html", "operators.md");
  const auto text = h.text;
  h.text = [this, text](std::string_view s) {
    auto it = by_type_.find(std::string(s));
    return it != by_type_.end() && it->second.size() == 1 ? op_ref("operators.html", it->second[0]) : text(s);
  };
  page("operators.html", "Operator index", markdown::render(index_lines, h));
  page("trace.html", "Traceability", markdown::render(trace_lines, hooks("trace.html", "trace.md")));
}

void Book::write_index() {
  const std::string from = "index.html";
  std::ostringstream o;
  o << "<h1>onnxsem: the reviewer's book</h1>\n<p>Every operator with its clauses, their code and tests, its suite "
       "results and what the runtimes did; every chapter of the specification. Written by <code>onnxsem book</code> from "
       "the source tree and the reports below; it needs no network.</p>\n"
       "<p><input id=\"search\" type=\"search\" placeholder=\"Search operators, clauses, chapters, files\" "
       "aria-label=\"Search\" autofocus> <span id=\"search-count\" class=\"muted\"></span></p>\n<ul id=\"results\"></ul>\n"
       "<p>Two tables made from the source tree as the build makes them: the "
    << a("operators.html", "operator index") << " (where each operator version is registered"
    << (sweeps_.empty() ? "" : ", and its suite tests") << ") and the " << a("trace.html", "traceability matrix")
    << " (each clause with its code sites and tests).</p>\n";
  search_.push_back({"Operator index", "table", "operators.html", "every operator version and where it is registered"});
  search_.push_back({"Traceability", "table", "trace.html", "every clause with its code sites and tests"});

  o << "<h2 id=\"reports\">Reports</h2>\n<ul>";
  for (const auto& s : sweeps_) {
    o << "<li>Sweep " << a(s.page, html_escape(s.name())) << " (" << s.report.results.size() << " tests: "
      << status_counts(s.report,
                       [&] {
                         std::vector<size_t> all(s.report.results.size());
                         for (size_t i = 0; i < all.size(); ++i) all[i] = i;
                         return all;
                       }())
      << "); clause coverage: ";
    const auto hit = std::count_if(s.instrumented.begin(), s.instrumented.end(), [&](const std::string& id) {
      auto it = s.reached.find(id);
      return it != s.reached.end() && it->second > 0;
    });
    if (s.measured)
      o << a(s.coverage_page,
             std::to_string(hit) + " of " + std::to_string(s.instrumented.size()) + " counted clauses reached");
    else o << "<span class=\"muted\">not measured</span>";
    o << "</li>\n";
  }
  for (const auto& c : crosses_)
    o << "<li>Cross-check " << a(c.page, html_escape(c.name())) << " (" << c.cases << " cases, " << c.runtimes.size()
      << " runtimes)</li>\n";
  if (sweeps_.empty() && crosses_.empty())
    o << "<li class=\"muted\">No report was given (<code>--sweep</code>, <code>--crosscheck</code>): suite results, "
         "coverage and runtimes are not shown.</li>\n";
  for (const auto& d : findings_) o << "<li>Findings: " << a(d.page, html_escape(d.file)) << "</li>\n";
  o << "</ul>\n";

  o << "<h2 id=\"operators\">Operators (" << ops_.size() << ")</h2>\n<table><tr><th>operator</th><th>domain</th>"
    << "<th>versions</th><th>chapter</th><th class=\"n\">clauses</th>";
  for (const auto& s : sweeps_) o << "<th>suite tests: " << html_escape(s.name()) << "</th>";
  for (const auto& c : crosses_) o << "<th class=\"n\">runtime departures: " << html_escape(c.name()) << "</th>";
  o << "</tr>\n";
  for (size_t k = 0; k < ops_.size(); ++k) {
    const Operator& op = ops_[k];
    o << "<tr><td>" << op_ref(from, k) << "</td><td>" << (op.domain.empty() ? "ai.onnx" : html_escape(op.domain))
      << "</td><td>";
    for (const auto& [since, v] : op.versions)
      o << (v.implemented ? "" : "<span class=\"muted\">") << since << (v.implemented ? " " : "</span> ");
    o << "</td><td>" << (op.chapter.empty() ? "" : a(chapter_page(op.chapter), html_escape(op.chapter)))
      << "</td><td class=\"n\">" << op.clauses.size() << "</td>";
    for (const auto& s : sweeps_) {
      auto it = s.by_op.find(op.qualified);
      o << "<td>" << (it == s.by_op.end() ? "" : status_counts(s.report, it->second)) << "</td>";
    }
    for (const auto& c : crosses_) {
      auto it = c.departures.find(op.qualified);
      o << "<td class=\"n\">" << (it == c.departures.end() ? 0 : it->second.size()) << "</td>";
    }
    o << "</tr>\n";
    std::string versions;
    for (const auto& [since, v] : op.versions) versions.append(" ").append(std::to_string(since));
    search_.push_back(
        {op.type, "operator", op.page, (op.domain.empty() ? "ai.onnx" : op.domain) + ", versions" + versions});
  }
  o << "</table>\n<p class=\"muted\">Versions in grey have a signature but no kernel (unsupported).</p>\n";

  o << "<h2 id=\"chapters\">Chapters of the specification</h2>\n<table><tr><th>chapter</th><th>title</th><th class=\"n\">clauses</th></tr>\n";
  for (const auto& chapter : catalog_.chapters) {
    const auto lines = spec::read_lines(root_ / chapter);
    const std::string title = !lines.empty() && lines[0].rfind("# ", 0) == 0 ? lines[0].substr(2) : "";
    const auto n = std::count_if(catalog_.clauses.begin(), catalog_.clauses.end(),
                                 [&](const auto& c) { return c.second.chapter == chapter; });
    o << "<tr><td>" << a(chapter_page(chapter), html_escape(chapter)) << "</td><td>" << html_escape(title)
      << "</td><td class=\"n\">" << n << "</td></tr>\n";
    search_.push_back({chapter, "chapter", chapter_page(chapter), title});
  }
  o << "</table>\n";
  for (const auto& [id, c] : catalog_.clauses)
    search_.push_back({id + " - " + c.title, "clause", chapter_page(c.chapter) + "#" + id, c.chapter});

  o << "<h2 id=\"sources\">Source files</h2>\n<details><summary>" << sources_.size()
    << " files that cite a clause or register, sign or shape an operator</summary><ul>";
  for (const auto& f : sources_) {
    o << "<li>" << a("src/" + f + ".html", html_escape(f)) << "</li>";
    search_.push_back({f, "source", "src/" + f + ".html", ""});
  }
  o << "</ul></details>\n";
  page(from, "Index", o.str(), "<script src=\"search-index.js\"></script><script src=\"search.js\"></script>\n");
}

// The search: a plain script over the index that search-index.js defines; results as links, built with
// DOM calls (no HTML from the index is interpreted).
const char* const search_script = R"js((function () {
  'use strict';
  var box = document.getElementById('search');
  var list = document.getElementById('results');
  var count = document.getElementById('search-count');
  var index = window.BOOK_INDEX || [];
  function rank(entry, q) {
    var t = entry[0].toLowerCase();
    if (t === q) return 0;
    if (t.indexOf(q) === 0) return 1;
    if (t.indexOf(q) >= 0) return 2;
    if (entry[3].toLowerCase().indexOf(q) >= 0) return 3;
    return -1;
  }
  function show() {
    var q = box.value.trim().toLowerCase();
    while (list.firstChild) list.removeChild(list.firstChild);
    count.textContent = '';
    if (!q) return;
    var found = [];
    for (var i = 0; i < index.length; i++) {
      var r = rank(index[i], q);
      if (r >= 0) found.push([r, i]);
    }
    found.sort(function (x, y) { return x[0] - y[0] || x[1] - y[1]; });
    count.textContent = found.length + (found.length === 1 ? ' result' : ' results');
    for (var k = 0; k < found.length && k < 60; k++) {
      var e = index[found[k][1]];
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = e[2];
      a.textContent = e[0];
      li.appendChild(a);
      var kind = document.createElement('span');
      kind.className = 'muted';
      kind.textContent = ' ' + e[1] + (e[3] ? ': ' + e[3] : '');
      li.appendChild(kind);
      list.appendChild(li);
    }
  }
  box.addEventListener('input', show);
  show();
})();
)js";

size_t Book::write() {
  put("style.css", html::stylesheet);
  for (size_t k = 0; k < ops_.size(); ++k) write_operator(k);
  for (const auto& chapter : catalog_.chapters) write_chapter(chapter);
  for (const auto& file : sources_) write_source(file);
  for (const auto& d : findings_) write_findings(d);
  write_reports();
  write_generated();
  write_index();
  put("search-index.js", "window.BOOK_INDEX = " + search_.dump(-1, ' ', false, json::error_handler_t::replace) + ";\n");
  put("search.js", search_script);
  forget_stale();
  return pages_;
}

// A book written again into the same folder leaves no page of the earlier book behind (an operator or a
// source file that is gone, a report no longer given): the files the earlier run wrote are listed in the
// folder's manifest, and those this run did not write are removed. Files the book never wrote are left.
void Book::forget_stale() {
  const fs::path manifest = dir_ / manifest_name;
  std::set<std::string> now(written_.begin(), written_.end());
  std::ifstream old(manifest);
  for (std::string line; std::getline(old, line);) {
    // Only a plain relative path inside the folder is trusted (the manifest is a file anyone can edit).
    const fs::path rel_path(line);
    if (line.empty() || now.count(line) || rel_path.is_absolute() ||
        std::any_of(rel_path.begin(), rel_path.end(), [](const fs::path& part) { return part == ".."; }))
      continue;
    std::error_code ec;
    fs::remove(dir_ / rel_path, ec);
  }
  old.close();
  std::ofstream list(manifest, std::ios::binary);
  for (const auto& f : written_) list << f << '\n';
  if (!list.flush()) usage_error("F1", "cannot write '" + manifest.string() + "'");
}

}  // namespace

int book(const ops::Registry& registry, const BookOptions& options, std::ostream& out) {
  const auto start = std::chrono::steady_clock::now();
  if (!fs::is_directory(fs::path(options.source_root) / "spec"))
    usage_error("F1",
                "'" + options.source_root + "' is not onnxsem's source tree (no spec/ folder); give it with --source");
  // Every report is read before anything is written.
  std::vector<SweepInput> sweeps;
  for (size_t k = 0; k < options.sweeps.size(); ++k) sweeps.push_back(read_sweep(options.sweeps[k], k));
  std::vector<CrossInput> crosses;
  for (size_t k = 0; k < options.crosschecks.size(); ++k) crosses.push_back(read_cross(options.crosschecks[k], k));
  Book b(registry, options, std::move(sweeps), std::move(crosses));
  const size_t files = b.write();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char line[256];
  std::snprintf(line, sizeof line, "book: %zu files (%zu operators) in %.1f s; open %s", files, b.operator_count(),
                seconds, (fs::path(options.dir) / "index.html").string().c_str());
  out << line << "\n";
  return 0;
}

}  // namespace onnxsem::reports

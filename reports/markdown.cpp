// Markdown to HTML for the book (reports/markdown.hpp). Block forms: ATX headings, paragraphs, lists (`-`, `*`,
// `1.`; one level), pipe tables, fenced and indented code blocks. Inline forms: code spans, links, images
// (their text only), **bold**, and a literal <br> (the generated traceability matrix uses it).
#include "reports/markdown.hpp"

#include <cctype>
#include <map>

#include "spec/clauses.hpp"

namespace onnxsem::reports::markdown {

namespace {

using spec::html_escape;

size_t indent_of(const std::string& l) {
  size_t n = 0;
  while (n < l.size() && l[n] == ' ') ++n;
  return n;
}

bool blank(const std::string& l) { return indent_of(l) == l.size(); }

bool is_fence(const std::string& l) { return l.compare(indent_of(l), 3, "```") == 0; }

// The level of an ATX heading line, 0 when it is not one.
int heading_level(const std::string& l) {
  size_t n = 0;
  while (n < l.size() && l[n] == '#') ++n;
  return n >= 1 && n <= 6 && n < l.size() && l[n] == ' ' ? static_cast<int>(n) : 0;
}

// The marker of a list item ("- ", "* ", "12. ") at the line's start, after its indentation; 0 when none.
size_t item_marker(const std::string& l, bool& ordered) {
  const size_t i = indent_of(l);
  if (i + 1 < l.size() && (l[i] == '-' || l[i] == '*') && l[i + 1] == ' ') {
    ordered = false;
    return i + 2;
  }
  size_t j = i;
  while (j < l.size() && std::isdigit(static_cast<unsigned char>(l[j]))) ++j;
  if (j > i && j + 1 < l.size() && l[j] == '.' && l[j + 1] == ' ') {
    ordered = true;
    return j + 2;
  }
  return 0;
}

bool is_table_row(const std::string& l) { return !l.empty() && l[0] == '|'; }

using spec::table_cells;

bool is_separator_row(const std::string& l) {
  return is_table_row(l) && l.find_first_not_of("|-: ") == std::string::npos;
}

std::string default_text(std::string_view s) { return html_escape(s); }

}  // namespace

std::string slug(std::string_view text) {
  std::string s;
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u)) s += static_cast<char>(std::tolower(u));
    else if ((c == ' ' || c == '-' || c == '_') && !s.empty() && s.back() != '-') s += '-';
  }
  while (!s.empty() && s.back() == '-') s.pop_back();
  return s.empty() ? "section" : s;
}

std::vector<Heading> headings(const std::vector<std::string>& lines) {
  std::vector<Heading> out;
  std::map<std::string, int> seen;
  bool fenced = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (is_fence(lines[i])) fenced = !fenced;
    const int level = fenced ? 0 : heading_level(lines[i]);
    if (level == 0) continue;
    Heading h{i, level, lines[i].substr(static_cast<size_t>(level) + 1), {}};
    const std::string base = slug(h.text);
    const int n = ++seen[base];
    h.id = n == 1 ? base : base + "-" + std::to_string(n);
    out.push_back(std::move(h));
  }
  return out;
}

std::string inline_html(std::string_view s, const Hooks& hooks) {
  const auto& text = hooks.text ? hooks.text : std::function<std::string(std::string_view)>(default_text);
  std::string out;
  size_t plain = 0;  // start of the plain text not yet written
  auto flush = [&](size_t end) {
    if (end > plain) out += text(s.substr(plain, end - plain));
  };
  for (size_t i = 0; i < s.size();) {
    if (s[i] == '`') {
      const size_t close = s.find('`', i + 1);
      if (close == std::string_view::npos) {
        ++i;
        continue;
      }
      flush(i);
      const std::string code(s.substr(i + 1, close - i - 1));
      const auto href = hooks.code_link ? hooks.code_link(code) : std::nullopt;
      if (href) out += "<a href=\"" + html_escape(*href) + "\"><code>" + html_escape(code) + "</code></a>";
      else out += "<code>" + html_escape(code) + "</code>";
      i = plain = close + 1;
    } else if (s[i] == '[' || (s[i] == '!' && i + 1 < s.size() && s[i + 1] == '[')) {
      const bool image = s[i] == '!';
      const size_t open = image ? i + 1 : i;
      const size_t mid = s.find("](", open);
      const size_t close = mid == std::string_view::npos ? mid : s.find(')', mid + 2);
      if (close == std::string_view::npos || s.substr(open + 1, mid - open - 1).find('[') != std::string_view::npos) {
        ++i;
        continue;
      }
      flush(i);
      const std::string label = inline_html(s.substr(open + 1, mid - open - 1), hooks);
      const std::string target(s.substr(mid + 2, close - mid - 2));
      const auto href = image || !hooks.link ? std::nullopt : hooks.link(target);
      out += href ? "<a href=\"" + html_escape(*href) + "\">" + label + "</a>" : label;
      i = plain = close + 1;
    } else if (s.substr(i, 2) == "**") {
      const size_t close = s.find("**", i + 2);
      if (close == std::string_view::npos || close == i + 2) {
        i += 2;
        continue;
      }
      flush(i);
      out += "<strong>" + inline_html(s.substr(i + 2, close - i - 2), hooks) + "</strong>";
      i = plain = close + 2;
    } else if (s.substr(i, 4) == "<br>") {
      flush(i);
      out += "<br>";
      i = plain = i + 4;
    } else {
      ++i;
    }
  }
  flush(s.size());
  return out;
}

std::string render(const std::vector<std::string>& lines, const Hooks& hooks) {
  std::map<size_t, Heading> heading_at;
  for (auto& h : headings(lines)) heading_at.emplace(h.line, std::move(h));
  std::string out;
  size_t i = 0;
  const size_t n = lines.size();
  while (i < n) {
    const std::string& l = lines[i];
    if (blank(l)) {
      ++i;
    } else if (auto h = heading_at.find(i); h != heading_at.end()) {
      const Heading& hd = h->second;
      if (hooks.heading) out += hooks.heading(hd);
      else
        out += "<h" + std::to_string(hd.level) + " id=\"" + hd.id + "\">" + inline_html(hd.text, hooks) + "</h" +
               std::to_string(hd.level) + ">\n";
      ++i;
    } else if (is_fence(l)) {
      out += "<pre>";
      for (++i; i < n && !is_fence(lines[i]); ++i) out += html_escape(lines[i]) + "\n";
      out += "</pre>\n";
      ++i;
    } else if (indent_of(l) >= 4) {
      // An indented code block, up to a line indented less (blank lines inside it kept, trailing ones not).
      size_t end = i;
      for (size_t j = i; j < n && (blank(lines[j]) || indent_of(lines[j]) >= 4); ++j)
        if (!blank(lines[j])) end = j + 1;
      out += "<pre>";
      for (; i < end; ++i) out += html_escape(lines[i].size() >= 4 ? lines[i].substr(4) : "") + "\n";
      out += "</pre>\n";
    } else if (is_table_row(l)) {
      out += "<table>\n";
      bool head = i + 1 < n && is_separator_row(lines[i + 1]);
      for (; i < n && is_table_row(lines[i]); ++i) {
        if (is_separator_row(lines[i])) continue;
        out += "<tr>";
        for (const auto& c : table_cells(lines[i]))
          out += (head ? "<th>" : "<td>") + inline_html(c, hooks) + (head ? "</th>" : "</td>");
        out += "</tr>\n";
        head = false;
      }
      out += "</table>\n";
    } else if (bool ordered = false; item_marker(l, ordered)) {
      // A list: each item runs over its continuation lines (indented, not a new item); one level only.
      out += ordered ? "<ol>\n" : "<ul>\n";
      bool o2 = false;
      while (i < n && item_marker(lines[i], o2)) {
        std::string item = lines[i].substr(item_marker(lines[i], o2));
        for (++i; i < n && !blank(lines[i]) && !item_marker(lines[i], o2) && !heading_at.count(i); ++i)
          item.append(" ").append(lines[i], indent_of(lines[i]));
        out += "<li>" + inline_html(item, hooks) + "</li>\n";
        while (i < n && blank(lines[i]) && i + 1 < n && item_marker(lines[i + 1], o2)) ++i;  // loose lists
      }
      out += ordered ? "</ol>\n" : "</ul>\n";
    } else {
      std::string para = l;
      for (++i; i < n && !blank(lines[i]) && !heading_at.count(i) && !is_table_row(lines[i]) && !is_fence(lines[i]);
           ++i) {
        bool o2 = false;
        if (item_marker(lines[i], o2) && indent_of(lines[i]) == 0) break;
        para += "\n" + lines[i];
      }
      out += "<p>" + inline_html(para, hooks) + "</p>\n";
    }
  }
  return out;
}

}  // namespace onnxsem::reports::markdown

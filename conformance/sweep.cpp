// Sweeps over the ONNX backend suite (spec/conformance.md, K6-K8). Each test runs in a worker process of
// its own, so that no defect of one test (a crash, a hang) can take the sweep down or touch another test.
#include "conformance/sweep.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <regex>
#include <set>
#include <sstream>

namespace onnxsem::conformance {
namespace {

std::string escape_field(const std::string& s) {
  std::string o;
  for (char c : s) o += (c == '\t' || c == '\n') ? ' ' : c;
  return o;
}

std::string serialise(const Result& r) {
  std::ostringstream o;
  o << status_name(r.status) << '\t' << escape_field(r.clause) << '\t' << r.seconds << '\t' << r.schedules_run << '\t'
    << (r.order_independent ? 1 : 0) << '\t' << (r.formulations_agree ? 1 : 0) << (r.pure ? 1 : 0) << (r.deterministic ? 1 : 0) << '\t' << r.digest << '\t'
    << escape_field(r.versions) << '\t' << escape_field(r.ops) << '\t'
    << escape_field(r.reason);
  return o.str();
}

bool deserialise(const std::string& line, Result& r) {
  std::vector<std::string> f;
  std::stringstream ss(line);
  std::string x;
  while (std::getline(ss, x, '\t')) f.push_back(x);
  if (f.size() < 9) return false;
  if (!parse_status(f[0], r.status)) return false;
  r.clause = f[1];
  r.seconds = std::atof(f[2].c_str());
  r.schedules_run = std::atoi(f[3].c_str());
  r.order_independent = f[4] == "1";
  r.formulations_agree = f[5].size() == 3 && f[5][0] == '1';
  r.pure = f[5].size() == 3 && f[5][1] == '1';
  r.deterministic = f[5].size() == 3 && f[5][2] == '1';
  r.digest = std::strtoull(f[6].c_str(), nullptr, 10);
  r.versions = f[7];
  r.ops = f[8];
  r.reason = f.size() > 9 ? f[9] : "";
  return true;
}

struct Worker {
  pid_t pid;
  int fd;
  size_t index;
  std::string buffer;
  std::chrono::steady_clock::time_point start;
};

Worker start_worker(const TestCase& t, size_t index, const OperatorTable& ops, const RunOptions& ro) {
  int p[2];
  if (pipe(p) != 0) throw std::runtime_error("pipe failed");
  std::cout.flush();
  std::cerr.flush();
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    close(p[0]);
    Result r = run_test(t, ops, ro);
    std::string line = serialise(r) + "\n";
    size_t off = 0;
    while (off < line.size()) {
      ssize_t n = write(p[1], line.data() + off, line.size() - off);
      if (n <= 0) break;
      off += static_cast<size_t>(n);
    }
    close(p[1]);
    _exit(0);
  }
  close(p[1]);
  return Worker{pid, p[0], index, {}, std::chrono::steady_clock::now()};
}


std::string xml_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '&': o += "&amp;"; break;
      case '"': o += "&quot;"; break;
      default: o += c;
    }
  }
  return o;
}

}  // namespace

void json_string(std::ostream& o, const std::string& s) {
  o << '"';
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') o << '\\' << c;
    else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      o << buf;
    } else o << c;
  }
  o << '"';
}

int SweepReport::count(Status s) const {
  int n = 0;
  for (const auto& r : results) n += r.status == s;
  return n;
}

std::map<std::string, Expected> read_expected(const std::string& path) {
  std::map<std::string, Expected> out;
  std::ifstream in(path);
  if (!in) usage_error("F1", "cannot read the known-results list '" + path + "'");
  std::string line;
  int lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (line.empty() || line[0] == '#') continue;
    std::stringstream ss(line);
    std::string key, status, reason;
    std::getline(ss, key, '\t');
    std::getline(ss, status, '\t');
    std::getline(ss, reason);
    Expected e{Status::error, reason};
    // [spec:K7] every entry of the list has a known status and a reason.
    if (!parse_status(status, e.status) || e.status == Status::pass || reason.empty())
      usage_error("K7", path + ":" + std::to_string(lineno) + ": expected 'test<TAB>status<TAB>reason' with a non-pass status");
    out[key] = e;
  }
  return out;
}

SweepReport sweep(const SweepOptions& opt, const OperatorTable& ops) {
  std::vector<TestCase> tests;
  for (const auto& root : opt.roots) {
    auto found = discover(root);
    tests.insert(tests.end(), found.begin(), found.end());
  }
  if (!opt.filter.empty()) {
    std::regex re(opt.filter);
    std::vector<TestCase> kept;
    for (auto& t : tests)
      if (std::regex_search(t.key, re)) kept.push_back(std::move(t));
    tests = std::move(kept);
  }

  SweepReport rep;
  rep.results.resize(tests.size());
  std::vector<Worker> running;
  size_t next = 0, finished = 0;
  const int jobs = std::max(1, opt.jobs);
  while (finished < tests.size()) {
    while (static_cast<int>(running.size()) < jobs && next < tests.size()) {
      running.push_back(start_worker(tests[next], next, ops, opt.run));
      ++next;
    }
    std::vector<pollfd> fds;
    for (const auto& w : running) fds.push_back(pollfd{w.fd, POLLIN, 0});
    poll(fds.data(), fds.size(), 200);
    for (size_t i = 0; i < running.size();) {
      Worker& w = running[i];
      bool closed = false;
      if (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) {
        char buf[4096];
        ssize_t n = read(w.fd, buf, sizeof buf);
        if (n > 0) w.buffer.append(buf, static_cast<size_t>(n));
        else closed = true;
      }
      const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - w.start).count();
      const bool timed_out = !closed && elapsed > opt.timeout_seconds;
      if (!closed && !timed_out) {
        ++i;
        continue;
      }
      if (timed_out) kill(w.pid, SIGKILL);
      int wstatus = 0;
      waitpid(w.pid, &wstatus, 0);
      close(w.fd);
      Result r;
      r.key = tests[w.index].key;
      std::string line = w.buffer.substr(0, w.buffer.find('\n'));
      // [spec:K6] a worker that crashes or runs out of time is an error of onnxsem, reported as such.
      if (timed_out) {
        r.status = Status::error;
        r.reason = "timed out after " + std::to_string(static_cast<int>(opt.timeout_seconds)) + " s";
        r.seconds = elapsed;
      } else if (!deserialise(line, r)) {
        r.status = Status::error;
        r.reason = WIFSIGNALED(wstatus) ? "the worker crashed with signal " + std::to_string(WTERMSIG(wstatus))
                                        : "the worker ended without a result";
        r.seconds = elapsed;
      }
      r.key = tests[w.index].key;
      rep.results[w.index] = r;
      ++finished;
      running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
      fds.erase(fds.begin() + static_cast<std::ptrdiff_t>(i));
      if (opt.progress) {
        std::cerr << "\r[" << finished << "/" << tests.size() << "] " << r.key << "\x1b[K" << std::flush;
      }
    }
  }
  if (opt.progress) std::cerr << "\r\x1b[K" << std::flush;

  // [spec:K7] the known-results list and the sweep must agree, test by test.
  if (!opt.expected_file.empty()) {
    const auto expected = read_expected(opt.expected_file);
    std::set<std::string> seen;
    for (const auto& r : rep.results) {
      seen.insert(r.key);
      auto it = expected.find(r.key);
      const Status want = it == expected.end() ? Status::pass : it->second.status;
      if (r.status != want)
        rep.unexpected.push_back(r.key + ": " + status_name(r.status) + " (listed: " + status_name(want) + ")" +
                                 (r.reason.empty() ? "" : " - " + r.reason));
    }
    std::regex re(opt.filter.empty() ? std::string(".*") : opt.filter);
    for (const auto& [key, e] : expected)
      if (!seen.count(key) && std::regex_search(key, re))
        rep.unexpected.push_back(key + ": listed as " + status_name(e.status) + " but no such test was found");
  }

  if (!opt.write_expected.empty()) {
    std::ofstream out(opt.write_expected);
    out << "# Known results that are not 'pass': test<TAB>status<TAB>reason. `onnxsem sweep --expected` fails\n"
           "# when a test's result differs from this list (a test not listed must pass).\n";
    for (const auto& r : rep.results)
      if (r.status != Status::pass) out << r.key << '\t' << status_name(r.status) << '\t' << escape_field(r.reason) << '\n';
  }
  if (!opt.json_file.empty()) {
    std::ofstream o(opt.json_file);
    o << "{\n  \"summary\": {";
    bool first = true;
    for (Status s : {Status::pass, Status::fail, Status::error, Status::unsupported, Status::rejected}) {
      o << (first ? "" : ", ") << '"' << status_name(s) << "\": " << rep.count(s);
      first = false;
    }
    o << ", \"unexpected\": " << rep.unexpected.size() << "},\n  \"tests\": [\n";
    for (size_t i = 0; i < rep.results.size(); ++i) {
      const auto& r = rep.results[i];
      o << "    {\"test\": ";
      json_string(o, r.key);
      o << ", \"status\": \"" << status_name(r.status) << "\", \"clause\": ";
      json_string(o, r.clause);
      o << ", \"ops\": ";
      json_string(o, r.ops);
      o << ", \"versions\": ";
      json_string(o, r.versions);
      o << ", \"seconds\": " << r.seconds << ", \"schedules\": " << r.schedules_run
        << ", \"order_independent\": " << (r.order_independent ? "true" : "false")
        << ", \"formulations_agree\": " << (r.formulations_agree ? "true" : "false")
        << ", \"pure\": " << (r.pure ? "true" : "false") << ", \"deterministic\": " << (r.deterministic ? "true" : "false")
        << ", \"digest\": \"" << std::hex << r.digest << std::dec << "\", \"reason\": ";
      json_string(o, r.reason);
      o << "}" << (i + 1 < rep.results.size() ? "," : "") << "\n";
    }
    o << "  ]\n}\n";
  }
  if (!opt.junit_file.empty()) {
    std::ofstream o(opt.junit_file);
    o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"onnxsem-sweep\" tests=\"" << rep.results.size()
      << "\" failures=\"" << rep.count(Status::fail) << "\" errors=\"" << rep.count(Status::error)
      << "\" skipped=\"" << rep.count(Status::unsupported) + rep.count(Status::rejected) << "\">\n";
    for (const auto& r : rep.results) {
      o << "  <testcase name=\"" << xml_escape(r.key) << "\" time=\"" << r.seconds << "\">";
      if (r.status == Status::fail) o << "<failure message=\"" << xml_escape(r.reason) << "\"/>";
      else if (r.status == Status::error) o << "<error message=\"" << xml_escape(r.reason) << "\"/>";
      else if (r.status != Status::pass)
        o << "<skipped message=\"" << status_name(r.status) << ": " << xml_escape(r.reason) << "\"/>";
      o << "</testcase>\n";
    }
    o << "</testsuite>\n";
  }
  if (!opt.markdown_file.empty()) {
    std::ofstream o(opt.markdown_file);
    o << "# onnxsem sweep\n\n| status | tests |\n|---|---|\n";
    for (Status s : {Status::pass, Status::fail, Status::error, Status::unsupported, Status::rejected})
      o << "| " << status_name(s) << " | " << rep.count(s) << " |\n";
    o << "\n## By operator\n\n| operator | pass | fail | error | unsupported | rejected |\n|---|---|---|---|---|---|\n";
    std::map<std::string, std::array<int, 5>> by_op;
    for (const auto& r : rep.results) {
      std::stringstream ss(r.ops);
      std::string op;
      while (ss >> op) by_op[op][static_cast<size_t>(r.status)]++;
    }
    for (const auto& [op, c] : by_op)
      o << "| " << op << " | " << c[0] << " | " << c[1] << " | " << c[2] << " | " << c[3] << " | " << c[4] << " |\n";
    if (!rep.unexpected.empty()) {
      o << "\n## Results that differ from the known list\n\n";
      for (const auto& u : rep.unexpected) o << "- " << u << "\n";
    }
  }
  return rep;
}

}  // namespace onnxsem::conformance

// Sweeps over the ONNX backend suite (spec/conformance.md, K6-K8). Each test runs in a worker process of
// its own, so that no defect of one test (a crash, a hang) can take the sweep down or touch another test.
#include "conformance/sweep.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <regex>
#include <set>
#include <sstream>

#include "runtime/coverage_recording.hpp"

namespace onnxsem::conformance {
namespace {

std::string serialise(const Result& r) {
  std::string clauses;
  for (const auto& c : r.clauses) clauses += (clauses.empty() ? "" : " ") + c;
  std::ostringstream o;
  o << status_name(r.status) << '\t' << tsv_field(r.clause) << '\t' << r.seconds << '\t' << r.schedules_run << '\t'
    << (r.order_independent ? 1 : 0) << '\t' << (r.formulations_agree ? 1 : 0) << (r.pure ? 1 : 0)
    << (r.deterministic ? 1 : 0) << '\t' << r.digest << '\t' << tsv_field(r.versions) << '\t' << tsv_field(r.ops)
    << '\t' << tsv_field(clauses) << '\t' << tsv_field(r.reason);
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
  // Empty trailing fields are not split off: no clauses and no reason leave 9 fields, no reason 10.
  std::stringstream clauses(f.size() > 9 ? f[9] : "");
  for (std::string c; clauses >> c;) r.clauses.push_back(c);
  r.reason = f.size() > 10 ? f[10] : "";
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

// A clause's family: the letters its ID starts with (EW12: EW), which name its chapter or operator group.
std::string clause_family(const std::string& id) {
  size_t k = 0;
  while (k < id.size() && id[k] >= 'A' && id[k] <= 'Z') ++k;
  return id.substr(0, k);
}

// IDs in the order of their family, then of their number (EW2 before EW10).
bool clause_less(const std::string& a, const std::string& b) {
  const std::string fa = clause_family(a), fb = clause_family(b);
  if (fa != fb) return fa < fb;
  const std::string na = a.substr(fa.size()), nb = b.substr(fb.size());
  return na.size() != nb.size() ? na.size() < nb.size() : na < nb;
}

}  // namespace

std::vector<FamilyCoverage> coverage_by_family(const SweepReport& rep) {
  const auto reached = rep.reached();
  std::vector<std::string> ids = rep.instrumented;
  std::sort(ids.begin(), ids.end(), clause_less);
  std::vector<FamilyCoverage> families;
  for (const auto& id : ids) {
    const std::string family = clause_family(id);
    if (families.empty() || families.back().family != family) families.push_back({family, 0, {}});
    ++families.back().instrumented;
    if (!reached.count(id)) families.back().unreached.push_back(id);
  }
  return families;
}

std::vector<std::string> SweepReport::unexpected() const {
  std::vector<std::string> u;
  for (const auto& d : differs)
    if (!d.empty()) u.push_back(d);
  u.insert(u.end(), stale.begin(), stale.end());
  return u;
}

int SweepReport::count(Status s) const {
  int n = 0;
  for (const auto& r : results) n += r.status == s;
  return n;
}

std::map<std::string, int> SweepReport::reached() const {
  std::map<std::string, int> n;
  for (const auto& r : results)
    for (const auto& c : r.clauses) ++n[c];
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
      usage_error("K7", path + ":" + std::to_string(lineno) +
                            ": expected 'test<TAB>status<TAB>reason' with a non-pass status");
    out[key] = e;
  }
  return out;
}

SweepReport sweep(const SweepOptions& opt, const OperatorTable& ops) {
  std::vector<TestCase> found;
  for (const auto& root : opt.roots) {
    auto more = discover(root);
    found.insert(found.end(), more.begin(), more.end());
  }
  if (!opt.filter.empty()) {
    std::regex re(opt.filter);
    std::vector<TestCase> kept;
    for (auto& t : found)
      if (std::regex_search(t.key, re)) kept.push_back(std::move(t));
    found = std::move(kept);
  }
  SweepReport rep;
  rep.roots = opt.roots;
  rep.filter = opt.filter;
  rep.expected_file = opt.expected_file;
  rep.profile = opt.run.profile == Profile::sonnx ? "sonnx" : "onnx";
  rep.shard = opt.shard;
  rep.found = found.size();
  rep.schedules = opt.run.schedules;
  rep.seed = opt.run.seed;
  // K17: the markers compiled into this program, which the workers (forked from it) share.
  if (opt.run.coverage) rep.instrumented = coverage::instrumented();
  // [spec:K15] a sharded sweep runs the tests of its part only and remembers where each stood in the list.
  std::vector<TestCase> tests;
  for (size_t i = 0; i < found.size(); ++i)
    if (opt.shard.holds(found[i].key)) {
      tests.push_back(std::move(found[i]));
      rep.positions.push_back(i);
    }
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
  rep.differs.assign(rep.results.size(), "");
  if (!opt.expected_file.empty()) {
    const auto expected = read_expected(opt.expected_file);
    std::set<std::string> seen;
    for (size_t i = 0; i < rep.results.size(); ++i) {
      const auto& r = rep.results[i];
      seen.insert(r.key);
      auto it = expected.find(r.key);
      const Status want = it == expected.end() ? Status::pass : it->second.status;
      if (r.status != want)
        rep.differs[i] = r.key + ": " + status_name(r.status) + " (listed: " + status_name(want) + ")" +
                         (r.reason.empty() ? "" : " - " + r.reason);
    }
    // A listed test that was not found is stale; a sharded sweep answers for the entries of its part only.
    std::regex re(opt.filter.empty() ? std::string(".*") : opt.filter);
    for (const auto& [key, e] : expected)
      if (!seen.count(key) && opt.shard.holds(key) && std::regex_search(key, re))
        rep.stale.push_back(key + ": listed as " + status_name(e.status) + " but no such test was found");
  }
  return rep;
}

std::string tsv_field(const std::string& s) {
  std::string o;
  for (char c : s) o += (c == '\t' || c == '\n') ? ' ' : c;
  return o;
}

std::map<std::string, std::array<int, 5>> operator_counts(const SweepReport& rep) {
  std::map<std::string, std::array<int, 5>> by_op;
  for (const auto& r : rep.results) {
    std::istringstream ops(r.ops);
    std::string op;
    while (ops >> op) by_op[op][static_cast<size_t>(r.status)]++;
  }
  return by_op;
}

int exit_code(const SweepReport& rep) {
  if (!rep.expected_file.empty()) return rep.unexpected().empty() ? 0 : 1;
  return rep.count(Status::fail) + rep.count(Status::error) + rep.count(Status::rejected) == 0 ? 0 : 1;
}

SweepReport merge_reports(const std::vector<SweepReport>& shards) {
  if (shards.empty()) usage_error("K16", "nothing to merge");
  const SweepReport& first = shards.front();
  // [spec:K16] the reports must be the N parts of one sweep: same roots, filter, known-results list,
  // profile, schedules and seed, the same N, each part once, and together as many tests as the sweep found.
  std::vector<Shard> parts;
  std::vector<std::vector<size_t>> positions;
  for (const auto& s : shards) {
    auto differ = [&](const std::string& what) {
      usage_error("K16", "the reports are not parts of one sweep: their " + what + " differ (shard " +
                             first.shard.text() + " and shard " + s.shard.text() + ")");
    };
    if (s.roots != first.roots) differ("folders");
    if (s.filter != first.filter) differ("filters");
    if (s.expected_file != first.expected_file) differ("known-results lists");
    if (s.profile != first.profile) differ("profiles");
    if (s.schedules != first.schedules || s.seed != first.seed) differ("schedules or seeds");
    if (s.found != first.found) differ("numbers of tests found");
    // [spec:K17] the parts' coverage unites only when the same markers were compiled into each.
    if (s.instrumented != first.instrumented) differ("instrumented clauses");
    parts.push_back(s.shard);
    positions.push_back(s.positions);
  }
  SweepReport m;
  m.roots = first.roots;
  m.filter = first.filter;
  m.expected_file = first.expected_file;
  m.profile = first.profile;
  m.schedules = first.schedules;
  m.seed = first.seed;
  m.found = first.found;
  m.instrumented = first.instrumented;  // the counts per clause follow from the merged results (K17)
  // Every result goes back to its position in the list the unsharded sweep runs.
  for (const auto& [s, i] : merge_order(parts, positions, first.found, "sweep")) {
    m.positions.push_back(m.results.size());
    m.results.push_back(shards[s].results[i]);
    m.differs.push_back(shards[s].differs[i]);
  }
  // The unsharded sweep lists stale entries in the known list's order, which sorts them by test key.
  for (const auto& s : shards) m.stale.insert(m.stale.end(), s.stale.begin(), s.stale.end());
  auto key_of = [](const std::string& line) { return line.substr(0, line.rfind(": listed as ")); };
  std::sort(m.stale.begin(), m.stale.end(),
            [&](const std::string& a, const std::string& b) { return key_of(a) < key_of(b); });
  return m;
}

}  // namespace onnxsem::conformance

// The cross-check engine (spec/conformance.md, XC1, XC5-XC7): adapters as processes or servers, the cases
// of each test, worker processes.
#include "crosscheck/engine.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "conformance/random_inputs.hpp"
#include "conformance/suite.hpp"
#include "conformance/sweep.hpp"
#include "crosscheck/judge.hpp"
#include "crosscheck/localise.hpp"
#include "crosscheck/results.hpp"
#include "crosscheck/serve.hpp"
#include "loader/loader.hpp"
#include "semantics/check.hpp"
#include "semantics/fixpoint.hpp"
#include "semantics/types.hpp"
#include "semantics/witness.hpp"
#include "values/dispatch.hpp"
#include "values/numeric.hpp"

namespace onnxsem::crosscheck {
namespace fs = std::filesystem;

namespace {

Side side_of_error(const Error& e) {
  Side s;
  s.kind = e.kind == ErrorKind::unsupported ? Side::Kind::unsupported : Side::Kind::error;
  s.reason = one_line(std::string(e.kind == ErrorKind::refused ? "refused: " : "") + e.describe());
  return s;
}

// onnxsem's side of a case; `choices`, when given, are the candidate results of random operators (K13);
// `clause`, when given, receives the clause of an error.
Side run_spec(const Model& m, const std::map<std::string, Value>& inputs, const OperatorTable& ops, int64_t max_bytes,
              std::map<std::string, Value> choices = {}, std::string* clause = nullptr) {
  auto failed = [&](const Error& e) {
    if (clause) *clause = e.clause;
    return side_of_error(e);
  };
  try {
    EvalOptions eo;
    eo.max_tensor_bytes = max_bytes;
    eo.choices = std::move(choices);
    onnxsem::Outcome out = evaluate(m, inputs, ops, eo);
    // K14: a random value that is not a graph output is judged by a witness of the given outputs.
    if (!out.ok() && !eo.choices.empty()) {
      std::vector<Value> expected;
      for (const auto& vo : m.graph.outputs)
        if (auto it = eo.choices.find(vo.name); it != eo.choices.end()) expected.push_back(it->second);
      if (expected.size() == m.graph.outputs.size())
        if (auto w = find_witness(m, inputs, ops, eo, out, expected)) out = std::move(w->outcome);
    }
    if (!out.ok()) return failed(*out.error);
    Side s;
    s.outputs = out.outputs;
    return s;
  } catch (const Failure& f) {
    return failed(f.error());
  } catch (const std::exception& e) {
    return Side{Side::Kind::error, {}, std::string("internal error: ") + e.what()};
  }
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Model load_for_transform(const fs::path& p, const OperatorTable& ops, Side& problem) {
  Model m;
  try {
    m = load_model_file(p.string());
    for (const auto& f : check(m, Profile::onnx, ops))
      if (f.severity == Finding::Severity::error) {
        // [spec:XC5] an optimized model with operators onnxsem does not define cannot be judged.
        problem.kind = f.clause == "W4" ? Side::Kind::unsupported : Side::Kind::error;
        problem.reason = one_line("optimized model: " + f.describe());
        return m;
      }
  } catch (const Failure& f) {
    problem = side_of_error(f.error());
    problem.reason = "optimized model: " + problem.reason;
  }
  return m;
}

// One request to the adapter: the arguments of the one-shot call (XC1) or the fields of a serve request (XC6).
using Request = AdapterRequest;

// Starts `argv` as a child process in a process group of its own, with standard input and output on the given
// descriptors (or /dev/null for -1) and standard error into `err_file` (appended to when `append`).
pid_t spawn(std::vector<std::string> argv, int in_fd, int out_fd, const fs::path& err_file, bool append) {
  std::vector<char*> cargv;
  for (auto& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  std::cout.flush();
  std::cerr.flush();
  const pid_t pid = fork();
  if (pid != 0) return pid;  // the parent, or -1
  signal(SIGPIPE, SIG_DFL);  // the cross-check ignores it; the adapter gets the default
  const int devnull = open("/dev/null", O_RDWR);
  const int err = open(err_file.c_str(), O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC), 0644);
  dup2(in_fd >= 0 ? in_fd : devnull, STDIN_FILENO);
  dup2(out_fd >= 0 ? out_fd : devnull, STDOUT_FILENO);
  if (err >= 0) dup2(err, STDERR_FILENO);
  setpgid(0, 0);
  execvp(cargv[0], cargv.data());
  std::fprintf(stderr, "cannot run '%s': %s\n", cargv[0], std::strerror(errno));
  _exit(127);
}

void kill_and_reap(pid_t pid, int& status) {
  kill(-pid, SIGKILL);
  kill(pid, SIGKILL);
  waitpid(pid, &status, 0);
}

// Runs the adapter once for one case as a child process with a time limit (XC1).
Side run_one_shot(const Runtime& rt, double timeout_seconds, const Request& r, const fs::path& err_file) {
  std::vector<std::string> argv = rt.adapter;
  for (const auto& a : {r.model, r.input_dir, r.output_dir, std::string("--optimize"), r.optimize}) argv.push_back(a);
  if (!r.save_optimized.empty()) {
    argv.push_back("--save-optimized");
    argv.push_back(r.save_optimized);
  }
  const pid_t pid = spawn(argv, -1, -1, err_file, false);
  if (pid < 0) return Side{Side::Kind::error, {}, "cannot start the adapter (fork failed)"};
  const auto start = std::chrono::steady_clock::now();
  int status = 0;
  bool timed_out = false;
  for (;;) {
    const pid_t w = waitpid(pid, &status, WNOHANG);
    if (w == pid) break;
    if (w < 0) return Side{Side::Kind::error, {}, "lost the adapter process"};
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > timeout_seconds) {
      kill_and_reap(pid, status);
      timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  const bool exited = WIFEXITED(status);
  return adapter_status(timed_out, exited, exited ? WEXITSTATUS(status) : WTERMSIG(status), slurp(err_file));
}

// A running adapter in serve mode (XC6).
struct Server {
  pid_t pid = -1;
  int to = -1;         // its standard input
  int from = -1;       // its standard output
  std::string buffer;  // what it wrote that is not yet a whole line
};

using Clock = std::chrono::steady_clock;

// Reads one line from `fd` before `deadline`: 1 a line, 0 the end of the stream, -1 the deadline passed.
int read_line(int fd, std::string& buffer, std::string& line, Clock::time_point deadline) {
  for (;;) {
    const size_t nl = buffer.find('\n');
    if (nl != std::string::npos) {
      line = buffer.substr(0, nl);
      buffer.erase(0, nl + 1);
      return 1;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return -1;
    pollfd p{fd, POLLIN, 0};
    const int n = poll(&p, 1, static_cast<int>(std::min<long long>(left, 1000)));
    if (n < 0 && errno != EINTR) return 0;
    if (n <= 0) continue;
    char buf[4096];
    const ssize_t got = read(fd, buf, sizeof buf);
    if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (got <= 0) return 0;
    buffer.append(buf, static_cast<size_t>(got));
  }
}

bool write_all(int fd, const std::string& s) {
  size_t off = 0;
  while (off < s.size()) {
    const ssize_t n = write(fd, s.data() + off, s.size() - off);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    off += static_cast<size_t>(n);
  }
  return true;
}

// Stops a server and says how it ended (exit code or signal), waiting at most until `deadline` for it to
// end by itself before killing it.
int stop_server(Server& s, Clock::time_point deadline = Clock::now()) {
  int status = 0;
  if (s.to >= 0) close(s.to);
  if (s.from >= 0) close(s.from);
  if (s.pid > 0) {
    for (;;) {
      const pid_t w = waitpid(s.pid, &status, WNOHANG);
      if (w == s.pid || w < 0) break;
      if (Clock::now() >= deadline) {
        kill_and_reap(s.pid, status);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  s = Server{};
  return status;
}

// [spec:XC6] starts `ADAPTER --serve` and waits for its line "ready ..."; false (and `why`) when the adapter
// ends, says something else or stays silent past the time limit.
bool start_server(const Runtime& rt, double timeout_seconds, Server& s, const fs::path& err_file, std::string& why) {
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0) {
    why = "no pipe";
    return false;
  }
  if (pipe2(out, O_CLOEXEC) != 0) {
    close(in[0]);
    close(in[1]);
    why = "no pipe";
    return false;
  }
  std::vector<std::string> argv = rt.adapter;
  argv.push_back("--serve");
  const auto before = fs::exists(err_file) ? fs::file_size(err_file) : 0;
  s.pid = spawn(argv, in[0], out[1], err_file, true);
  close(in[0]);
  close(out[1]);
  s.to = in[1];
  s.from = out[0];
  if (s.pid < 0) {
    stop_server(s);
    why = "fork failed";
    return false;
  }
  std::string line;
  const int r = read_line(s.from, s.buffer, line,
                          Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(timeout_seconds)));
  if (r == 1 && line.rfind("ready", 0) == 0) return true;
  const int status = stop_server(s, Clock::now() + std::chrono::seconds(2));
  if (r == -1) why = "no line \"ready\" within " + number_text(timeout_seconds) + " s";
  else if (r == 1) why = "its first line is not \"ready ...\": " + one_line(line);
  else {
    std::string err = slurp(err_file);
    err = err.size() > before ? err.substr(before) : "";
    why = WIFSIGNALED(status) ? "it was killed by signal " + std::to_string(WTERMSIG(status))
                              : "it ended (exit " + std::to_string(WEXITSTATUS(status)) + ")";
    if (!one_line(err).empty()) why += ": " + one_line(err);
  }
  return false;
}

// How the runtime is reached: one adapter server kept across cases (XC6), or one process per case (XC1).
class Runner {
 public:
  Runner(const Options& o, const Runtime& rt, bool serve, fs::path dir)
      : o_(o), rt_(rt), serve_(serve), dir_(std::move(dir)) {
    fs::create_directories(dir_);
  }
  Runner(const Runner&) = delete;
  Runner& operator=(const Runner&) = delete;
  ~Runner() { stop_server(server_); }

  // Takes over a server already started (the probe's).
  void adopt(Server s) { server_ = std::move(s); }

  Side run(const Request& r) {
    if (!serve_) return run_one_shot(rt_, o_.timeout_seconds, r, dir_ / "stderr.txt");
    return run_served(r);
  }

 private:
  // [spec:XC6] one request to the server; a server that ends or runs out of time is stopped and started again
  // for the next case.
  Side run_served(const Request& r) {
    const fs::path err_file = dir_ / "server-stderr.txt";
    if (server_.pid < 0) {
      std::string why;
      if (!start_server(rt_, o_.timeout_seconds, server_, err_file, why))
        return Side{Side::Kind::error, {}, one_line("the adapter's server did not start: " + why)};
    }
    std::error_code ec;
    const auto before = fs::exists(err_file) ? fs::file_size(err_file, ec) : 0;
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(o_.timeout_seconds));
    int got = write_all(server_.to, request_line(r)) ? 1 : 0;
    std::string line;
    while (got == 1) {
      got = read_line(server_.from, server_.buffer, line, deadline);
      if (got != 1) break;
      // The answer: STATUS or STATUS REASON. Other lines (something the runtime printed) are skipped.
      size_t digits = 0;
      while (digits < line.size() && digits < 4 && std::isdigit(static_cast<unsigned char>(line[digits]))) ++digits;
      if (digits == 0 || (digits < line.size() && line[digits] != ' ')) continue;
      const int code = std::atoi(line.substr(0, digits).c_str());
      return adapter_status(false, true, code, digits < line.size() ? line.substr(digits + 1) : "");
    }
    if (got == -1) {  // out of time
      stop_server(server_);
      return adapter_status(true, false, SIGKILL, "");
    }
    // The server ended in the middle of the case: how it ended is the case's end, as for a one-shot call.
    const int status = stop_server(server_, Clock::now() + std::chrono::seconds(2));
    std::string err = slurp(err_file);
    err = err.size() > before ? err.substr(before) : "";
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
      return Side{Side::Kind::error, {}, "the adapter's server ended without answering"};
    const bool exited = WIFEXITED(status);
    return adapter_status(false, exited, exited ? WEXITSTATUS(status) : WTERMSIG(status), err);
  }

  const Options& o_;
  const Runtime& rt_;
  bool serve_;
  fs::path dir_;
  Server server_;
};

// What one test gave: its cases and its notes.
// Reads the outputs an adapter wrote into `out` when it says it ran the model; a missing or unreadable
// output file makes the runtime's side an error.
void read_outputs(Side& runtime, const fs::path& out, const Model& model) {
  if (runtime.kind != Side::Kind::ok) return;
  try {
    for (size_t k = 0; k < model.graph.outputs.size(); ++k) {
      const fs::path f = out / ("output_" + std::to_string(k) + ".pb");
      if (!fs::exists(f)) {
        runtime = Side{Side::Kind::error, {}, "the adapter wrote no " + f.filename().string()};
        return;
      }
      runtime.outputs.push_back(read_value_file(f.string(), model.graph.outputs[k].type));
    }
  } catch (const Failure& f) {
    runtime = Side{Side::Kind::error, {}, one_line("unreadable runtime output: " + f.error().describe())};
  }
}

// [spec:XC8] the reduction of a case that does not agree: operations are removed one at a time (the last
// first, again until none can go), a removed operation's outputs that remaining ones read becoming graph
// inputs fed with the values onnxsem computed for them; then attributes the signature does not require are
// removed (they take their defaults). A step is kept when the smaller model passes onnxsem's check, onnxsem
// evaluates it and the runtime's case still has the same outcome (for a runtime error, the same error:
// see same_outcome). At most `max_runs` runtime runs.
struct Reduction {
  Model model;
  std::map<std::string, Value> inputs;
  Verdict v;
  int runs = 0;
};

Type value_type(const Value& v) { return v.is_tensor() ? tensor_type_of(v.tensor()) : Type{}; }

// [spec:XC8] a reduced model is kept only when it is valid: `onnxsem check` would accept it (no error
// finding under profile onnx, the evaluation of its constant part included, PE1).
bool passes_check(const Model& m, const OperatorTable& ops) {
  try {
    return !refuses(check_model(m, Profile::onnx, ops));
  } catch (const Failure&) {
    return false;
  }
}

// [spec:XC8] the names a reduction may change in a runtime's message: the main graph's node and value names
// and the paths of what the adapter was given (the original case's and the reduction's).
std::vector<std::string> changing_names(const Graph& g, const Request& original, const Request& reduced) {
  std::vector<std::string> names{original.model, original.input_dir, original.output_dir,
                                 reduced.model,  reduced.input_dir,  reduced.output_dir};
  for (const auto& node : g.nodes) {
    names.push_back(node.name);
    names.insert(names.end(), node.inputs.begin(), node.inputs.end());
    names.insert(names.end(), node.outputs.begin(), node.outputs.end());
  }
  for (const auto& vi : g.inputs) names.push_back(vi.name);
  for (const auto& vi : g.outputs) names.push_back(vi.name);
  for (const auto& [name, t] : g.initializers) names.push_back(name);
  return names;
}

// [spec:XC8] the reduced case keeps the outcome of the case found; a runtime error must moreover be the same
// error: equal messages once the names and paths of `names` are taken out.
bool same_outcome(const Verdict& found, const Verdict& v, const std::vector<std::string>& names) {
  if (v.outcome != found.outcome) return false;
  return v.outcome != Outcome::runtime_error ||
         normalized_message(v.detail, names) == normalized_message(found.detail, names);
}

// `original` is the request that gave `found`.
Reduction reduce_case(const Model& model, const std::map<std::string, Value>& inputs, const Verdict& found,
                      const Request& original, Runner& runner, const Options& o, const OperatorTable& ops,
                      const conformance::Tolerance& tol, const fs::path& work, int max_runs) {
  // Every value of the main graph: the inputs, the initializers and what onnxsem computes.
  std::map<std::string, Value> values = inputs;
  std::set<std::string> initializers;
  for (const auto& [name, t] : model.graph.initializers) {
    values.emplace(name, Value(t));
    initializers.insert(name);
  }
  {
    EvalOptions eo;
    eo.max_tensor_bytes = o.max_tensor_bytes;
    eo.observe = [&](const Graph& g, const std::string& name, const Value& v) {
      if (&g == &model.graph) values[name] = v;
    };
    (void)evaluate(model, inputs, ops, eo);
  }
  const size_t n = model.graph.nodes.size();
  std::vector<bool> keep(n, true);
  std::vector<std::vector<Attribute>> attrs;
  for (const auto& node : model.graph.nodes) attrs.push_back(node.attributes);
  Reduction best{model, inputs, found, 0};

  auto build = [&]() -> std::optional<std::pair<Model, std::map<std::string, Value>>> {
    Model c;
    c.ir_version = model.ir_version;
    c.producer_name = model.producer_name;
    c.opset_imports = model.opset_imports;
    c.functions = model.functions;
    c.graph.name = model.graph.name;
    std::set<std::string> produced, read, fed;
    std::map<std::string, Value> in;
    for (size_t i = 0; i < n; ++i) {
      if (!keep[i]) continue;
      Node node = model.graph.nodes[i];
      node.attributes = attrs[i];
      for (const auto& name : node.inputs) {
        if (name.empty() || produced.count(name) || fed.count(name)) continue;
        fed.insert(name);
        const bool is_input = inputs.count(name) > 0;
        if (initializers.count(name) && !is_input) {
          for (const auto& [iname, t] : model.graph.initializers)
            if (iname == name) c.graph.initializers.emplace_back(iname, t);
          continue;
        }
        const auto it = values.find(name);
        if (it == values.end() || !it->second.is_tensor()) return std::nullopt;
        c.graph.inputs.push_back(ValueInfo{name, value_type(it->second)});
        in.emplace(name, it->second);
      }
      for (const auto& name : node.inputs)
        if (!name.empty()) read.insert(name);
      for (const auto& name : node.outputs)
        if (!name.empty()) produced.insert(name);
      c.graph.nodes.push_back(std::move(node));
    }
    for (const auto& node : c.graph.nodes)
      for (const auto& name : node.outputs)
        if (!name.empty() && !read.count(name)) {
          const auto it = values.find(name);
          c.graph.outputs.push_back(ValueInfo{name, it == values.end() ? Type{} : value_type(it->second)});
        }
    if (c.graph.outputs.empty()) return std::nullopt;
    return std::make_pair(std::move(c), std::move(in));
  };
  const fs::path dir = work / "reduce";
  const Request request{(dir / "model.onnx").string(), (dir / "in").string(), (dir / "out").string(), o.optimize, {}};
  const std::vector<std::string> names = changing_names(model.graph, original, request);
  auto try_it = [&]() -> bool {
    if (best.runs >= max_runs) return false;
    auto c = build();
    if (!c || !passes_check(c->first, ops)) return false;
    const Side spec = run_spec(c->first, c->second, ops, o.max_tensor_bytes);
    if (spec.kind != Side::Kind::ok) return false;
    fs::remove_all(dir);
    fs::create_directories(dir / "in");
    fs::create_directories(dir / "out");
    write_model_file((dir / "model.onnx").string(), c->first);
    const auto fed = fed_inputs(c->first.graph);
    for (size_t k = 0; k < fed.size(); ++k)
      write_value_file((dir / "in" / ("input_" + std::to_string(k) + ".pb")).string(), c->second.at(fed[k]->name));
    ++best.runs;
    Side rt = runner.run(request);
    read_outputs(rt, dir / "out", c->first);
    const Verdict v = judge(spec, rt, tol);
    if (!same_outcome(found, v, names)) return false;
    best.model = std::move(c->first);
    best.inputs = std::move(c->second);
    best.v = v;
    return true;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = n; i-- > 0;) {
      if (!keep[i] || std::count(keep.begin(), keep.end(), true) == 1) continue;
      keep[i] = false;
      if (try_it()) changed = true;
      else keep[i] = true;
    }
  }
  for (size_t i = 0; i < n; ++i) {
    if (!keep[i]) continue;
    const Node& node = model.graph.nodes[i];
    const Resolved res = resolve(ops, model.opset_imports, node);
    const Signature* sig = res.error ? nullptr : ops.signature(node.domain, node.op_type, res.since_version);
    if (!sig) continue;
    for (size_t a = 0; a < attrs[i].size();) {
      const AttrSpec* spec = sig->attr(attrs[i][a].name);
      if (!spec || spec->required) {
        ++a;
        continue;
      }
      const Attribute removed = attrs[i][a];
      attrs[i].erase(attrs[i].begin() + static_cast<std::ptrdiff_t>(a));
      if (!try_it()) attrs[i].insert(attrs[i].begin() + static_cast<std::ptrdiff_t>(a++), removed);
    }
  }
  fs::remove_all(dir);
  return best;
}

// [spec:XC10] the runtime's value of every operation's outputs: the model rewritten with each of them as a graph
// output, run through the adapter (graph optimisation off unless asked for); a value whose file the adapter
// did not write is missing. nullopt, with `why`, when the runtime did not run the rewritten model.
std::optional<std::map<std::string, Value>> runtime_values(const Model& all, const fs::path& model_file,
                                                           const std::string& input_dir, Runner& runner,
                                                           const Options& o, const fs::path& out, std::string& why) {
  fs::remove_all(out);
  fs::create_directories(out);
  write_model_file(model_file.string(), all);
  const Side rt = runner.run(Request{model_file.string(), input_dir, out.string(), o.localise_optimize, {}});
  if (rt.kind != Side::Kind::ok) {
    why = rt.reason;
    return std::nullopt;
  }
  std::map<std::string, Value> values;
  for (size_t k = 0; k < all.graph.outputs.size(); ++k) {
    const fs::path f = out / ("output_" + std::to_string(k) + ".pb");
    if (!fs::exists(f)) continue;
    try {
      values.emplace(all.graph.outputs[k].name, read_value_file(f.string(), all.graph.outputs[k].type));
    } catch (const Failure&) {
      // An unreadable value is a missing one: its operation is not comparable.
    }
  }
  return values;
}

// [spec:XC11] the first departing node saved as a one-operation test: its model, the inputs the mode gave it,
// the runtime's outputs as the expected ones, and onnxsem's beside them. Returns the folder.
std::string keep_departing_node(const Model& m, const Localisation& loc, const std::map<std::string, Value>& spec,
                                const std::map<std::string, Value>& runtime, const OperatorTable& ops, const Options& o,
                                const fs::path& dest) {
  const size_t index = loc.nodes[*loc.first_departing].index;
  const auto in = node_inputs(m, index, spec, runtime, loc.mode);
  const auto nm = node_model(m, index, in);
  if (!nm) return "";
  fs::create_directories(dest / "test_data_set_0");
  write_model_file((dest / "model.onnx").string(), nm->model);
  for (size_t k = 0; k < nm->model.graph.inputs.size(); ++k)
    write_value_file((dest / "test_data_set_0" / ("input_" + std::to_string(k) + ".pb")).string(),
                     nm->inputs.at(nm->model.graph.inputs[k].name));
  const Side own = run_spec(nm->model, nm->inputs, ops, o.max_tensor_bytes);
  for (size_t k = 0; k < nm->model.graph.outputs.size(); ++k) {
    const std::string& name = nm->model.graph.outputs[k].name;
    if (auto it = runtime.find(name); it != runtime.end())
      write_value_file((dest / "test_data_set_0" / ("output_" + std::to_string(k) + ".pb")).string(), it->second);
    if (own.kind == Side::Kind::ok && k < own.outputs.size())
      write_value_file((dest / ("onnxsem_output_" + std::to_string(k) + ".pb")).string(), own.outputs[k]);
  }
  return dest.string();
}

struct TestOut {
  std::vector<Case> cases;
  std::vector<std::string> notes;
};

// Runs one test: every input set in onnxsem once and in each runtime; `work` is a scratch folder.
TestOut process_test(const conformance::TestCase& test, const Options& o, const OperatorTable& ops,
                     std::vector<std::unique_ptr<Runner>>& runners, const fs::path& work) {
  TestOut res;
  if (!test.problem.empty()) {
    res.notes.push_back(test.key + ": not run: " + test.problem);
    return res;
  }
  fs::remove_all(work);
  fs::create_directories(work);
  Model model;
  std::optional<Side> model_problem;
  std::string ops_text;
  fs::path model_for_adapter = test.model_path;
  try {
    model = load_model_file(test.model_path);
    std::set<std::string> op_types;
    for (const auto& n : model.graph.nodes) op_types.insert(n.domain.empty() ? n.op_type : n.domain + "::" + n.op_type);
    for (const auto& op : op_types) ops_text += (ops_text.empty() ? "" : " ") + op;
    for (const auto& f : check(model, Profile::onnx, ops))
      if (f.severity == Finding::Severity::error) {
        model_problem = Side{Side::Kind::error, {}, one_line("refused: " + f.describe())};
        break;
      }
    if (test.model_path.size() > 8 && test.model_path.substr(test.model_path.size() - 8) == ".onnxtxt") {
      model_for_adapter = work / "model.onnx";
      std::ofstream(model_for_adapter, std::ios::binary) << model_text_to_bytes(slurp(test.model_path));
    }
  } catch (const Failure& f) {
    model_problem = side_of_error(f.error());
  }
  if (ops_text.empty()) ops_text = "(none)";

  // The input sets: the suite's, then the random ones (named random_K).
  struct Set {
    std::string name, dir;
    std::map<std::string, Value> inputs;
    std::optional<Side> problem;
  };
  std::vector<Set> sets;
  const auto fed = fed_inputs(model.graph);
  for (const auto& ds : test.sets) {
    Set s{fs::path(ds.dir).filename().string(), ds.dir, {}, model_problem};
    if (!s.problem) {
      try {
        for (size_t k = 0; k < fed.size() && k < ds.inputs.size(); ++k)
          s.inputs[fed[k]->name] = read_value_file(ds.inputs[k], fed[k]->type);
      } catch (const Failure& f) {
        s.problem = side_of_error(f.error());
      }
    }
    sets.push_back(std::move(s));
  }
  // A model file given with its input set (`onnxsem compare --inputs DIR`): that set, named "inputs".
  if (test.sets.empty() && !o.inputs_dir.empty()) {
    Set s{"inputs", o.inputs_dir, {}, model_problem};
    if (!s.problem) {
      try {
        for (size_t k = 0; k < fed.size(); ++k) {
          const fs::path f = fs::path(o.inputs_dir) / ("input_" + std::to_string(k) + ".pb");
          if (fs::exists(f)) s.inputs[fed[k]->name] = read_value_file(f.string(), fed[k]->type);
        }
      } catch (const Failure& f) {
        s.problem = side_of_error(f.error());
      }
    }
    sets.push_back(std::move(s));
  }
  int random_sets = o.random_sets;
  if (sets.empty() && random_sets == 0) random_sets = 1;  // a model file alone gets one random set
  EvalContext cx;  // the random inputs are made under the default limits, as the loader reads files
  for (int i = 0; i < random_sets && !model_problem; ++i) {
    std::string why;
    const uint64_t seed = conformance::random_set_seed(o.seed, test.key, i);
    std::optional<std::map<std::string, Value>> in;
    try {
      in = conformance::random_inputs(cx, model.graph, seed, why);
    } catch (const Failure& f) {
      why = f.error().describe();
    }
    if (!in) {
      res.notes.push_back(test.key + ": no random input set: " + why);
      break;
    }
    Set s{"random_" + std::to_string(i), (work / ("random_" + std::to_string(i))).string(), std::move(*in), {}};
    fs::create_directories(s.dir);
    for (size_t k = 0; k < fed.size(); ++k)
      write_value_file((fs::path(s.dir) / ("input_" + std::to_string(k) + ".pb")).string(), s.inputs.at(fed[k]->name));
    sets.push_back(std::move(s));
  }
  if (sets.empty() && model_problem) sets.push_back(Set{"(model)", "", {}, model_problem});

  // [spec:XC7] one evaluation in onnxsem per input set, then each runtime in turn, each with its own case.
  // Per runtime: the optimized model it saved for the transform (XC5), asked with the first set it runs.
  const size_t R = runners.size();
  std::vector<std::optional<Model>> optimized(R);
  std::vector<Side> optimized_problem(R);
  std::vector<bool> asked_optimized(R, false);
  // K13: a model with a random operation (or Dropout, whose training form draws its mask) is judged
  // by membership: onnxsem evaluates it with each runtime's outputs as the candidate results.
  bool random_model = false;
  for (const auto& n : model.graph.nodes)
    random_model = random_model || n.op_type == "Dropout" || ops.nondeterministic(n.domain, n.op_type);
  for (const auto& s : sets) {
    const Side spec = s.problem ? *s.problem : run_spec(model, s.inputs, ops, o.max_tensor_bytes);
    bool kept = false;
    for (size_t r = 0; r < R; ++r) {
      Case c;
      c.key = test.key;
      c.set = s.name;
      c.ops = ops_text;
      c.runtime = r;
      Side runtime;
      const fs::path out = work / "out";
      Request req{model_for_adapter.string(), s.dir, out.string(), o.optimize, {}};
      if ((spec.kind != Side::Kind::unsupported || (random_model && !s.problem)) && !s.dir.empty()) {
        fs::remove_all(out);
        fs::create_directories(out);
        const fs::path opt_file = work / ("optimized_" + std::to_string(r) + ".onnx");
        const bool save = o.transform && !asked_optimized[r];
        if (save) {
          req.save_optimized = opt_file.string();
          asked_optimized[r] = true;
        }
        runtime = runners[r]->run(req);
        read_outputs(runtime, out, model);
        if (save) {
          if (fs::exists(opt_file)) optimized[r] = load_for_transform(opt_file, ops, optimized_problem[r]);
          else if (runtime.kind == Side::Kind::unsupported)  // the runtime cannot run the model at all
            optimized_problem[r] = Side{Side::Kind::unsupported, {}, "no optimized model: " + runtime.reason};
          else if (runtime.kind == Side::Kind::ok)  // it ran the model but cannot save what it made of it
            optimized_problem[r] = Side{Side::Kind::unsupported, {}, "the runtime saved no optimized model"};
          else optimized_problem[r] = Side{Side::Kind::error, {}, "no optimized model: " + runtime.reason};
        }
      }
      if (s.dir.empty())  // the model itself could not be used: there is nothing to give the runtime
        c.v = Verdict{spec.kind == Side::Kind::unsupported ? Outcome::spec_unsupported : Outcome::spec_error,
                      spec.reason + " (the runtime was not run)",
                      {}};
      else if (random_model && !s.problem && runtime.kind == Side::Kind::ok &&
               runtime.outputs.size() == model.graph.outputs.size()) {
        std::map<std::string, Value> choices;
        for (size_t k = 0; k < runtime.outputs.size(); ++k)
          choices.emplace(model.graph.outputs[k].name, runtime.outputs[k]);
        std::string clause;
        const Side judged = run_spec(model, s.inputs, ops, o.max_tensor_bytes, std::move(choices), &clause);
        if (judged.kind == Side::Kind::error && clause == "NN45")
          c.v = Verdict{Outcome::differ, "the runtime's result is not a possible one: " + judged.reason, {}};
        else c.v = judge(judged, runtime, test.tol);
      } else if (random_model && !s.problem && spec.kind == Side::Kind::unsupported) {
        // The runtime gave no result to judge: its failure is the outcome.
        c.v = Verdict{runtime.kind == Side::Kind::unsupported ? Outcome::runtime_unsupported : Outcome::runtime_error,
                      runtime.reason,
                      {}};
      } else {
        c.v = judge(spec, runtime, test.tol);
      }
      if (o.transform && asked_optimized[r]) {
        // [spec:XC5] onnxsem on the runtime's optimized graph against onnxsem on the original one.
        Verdict tv;
        if (!optimized[r]) {  // no optimized model to evaluate: the runtime's side of the matter
          tv = Verdict{optimized_problem[r].kind == Side::Kind::unsupported ? Outcome::runtime_unsupported
                                                                            : Outcome::runtime_error,
                       optimized_problem[r].reason,
                       {}};
        } else {
          Side t = optimized_problem[r];
          if (optimized_problem[r].kind == Side::Kind::ok)
            t = run_spec(*optimized[r], s.inputs, ops, o.max_tensor_bytes);
          tv = judge(spec, t, test.tol);
          // Here the second side is onnxsem too: what it cannot evaluate or refuses is onnxsem's matter.
          if (tv.outcome == Outcome::runtime_unsupported) tv.outcome = Outcome::spec_unsupported;
          else if (tv.outcome == Outcome::runtime_error) tv.outcome = Outcome::spec_error;
        }
        c.t = tv;
      }
      // [spec:XC8] a case that does not agree, on a model onnxsem evaluates, is reduced.
      if (o.reduce && !s.problem && !s.dir.empty() && spec.kind == Side::Kind::ok && !random_model &&
          (c.v.outcome == Outcome::differ || c.v.outcome == Outcome::runtime_error ||
           c.v.outcome == Outcome::runtime_unsupported)) {
        const Reduction red = reduce_case(model, s.inputs, c.v, req, *runners[r], o, ops, test.tol, work,
                                          o.reduce_runs);
        std::set<std::string> types;
        for (const auto& node : red.model.graph.nodes)
          types.insert(node.domain.empty() ? node.op_type : node.domain + "::" + node.op_type);
        for (const auto& t : types) c.reduced_ops += (c.reduced_ops.empty() ? "" : " ") + t;
        c.reduced_nodes = red.model.graph.nodes.size();
        c.reduced_detail = red.v.detail;
        if (!o.keep_dir.empty()) {
          std::string name = c.key + "-" + o.runtimes[r].name;
          for (char& ch : name)
            if (ch == '/') ch = '_';
          const fs::path dest = fs::path(o.keep_dir) / "reduced" / name;
          fs::create_directories(dest / "test_data_set_0");
          write_model_file((dest / "model.onnx").string(), red.model);
          const auto fed = fed_inputs(red.model.graph);
          for (size_t k = 0; k < fed.size(); ++k)
            write_value_file((dest / "test_data_set_0" / ("input_" + std::to_string(k) + ".pb")).string(),
                             red.inputs.at(fed[k]->name));
          c.reproducer = dest.string();
        }
      }
      // [spec:XC10] node by node: the runtime's value of every operation's outputs, each judged alone.
      // A random operation or Dropout does not stop it: alone, it is not comparable, and in isolated mode the
      // operations after it read the runtime's draw.
      if (o.localise && !s.problem && !s.dir.empty() && (spec.kind == Side::Kind::ok || random_model)) {
        const auto spec_values = every_value(model, s.inputs, ops, o.max_tensor_bytes);
        const Model all = with_every_value_as_output(model, spec_values);
        std::string why;
        const auto rt_values = runtime_values(all, work / "localise.onnx", s.dir, *runners[r], o, work / "localise-out",
                                              why);
        if (!rt_values) {
          res.notes.push_back(
              test.key + " " + s.name + " " + o.runtimes[r].name +
              ": not localised: the runtime did not run the model with every value as an output: " + why);
        } else {
          c.localisation = localise(model, spec_values, *rt_values, static_cast<LocaliseMode>(o.localise_mode), ops,
                                    test.tol, o.max_tensor_bytes);
          if (!o.keep_dir.empty() && c.localisation->first_departing) {
            std::string name = c.key + "-" + o.runtimes[r].name;
            for (char& ch : name)
              if (ch == '/') ch = '_';
            c.localised_reproducer = keep_departing_node(model, *c.localisation, spec_values, *rt_values, ops, o,
                                                         fs::path(o.keep_dir) / "localised" / name);
          }
        }
      }
      if (!o.keep_dir.empty() && !s.dir.empty() && !kept &&
          (c.v.outcome != Outcome::agree || (c.t && c.t->outcome == Outcome::differ))) {
        // Keep what reproduces the case: the model as the adapters got it and the input set.
        kept = true;
        std::string name = c.key;
        for (char& ch : name)
          if (ch == '/') ch = '_';
        const fs::path dest = fs::path(o.keep_dir) / name / c.set;
        fs::create_directories(dest);
        fs::copy_file(model_for_adapter, fs::path(o.keep_dir) / name / "model.onnx",
                      fs::copy_options::overwrite_existing);
        // Its external data files (F7) too, at the same places beside it: their locations are relative and
        // free of `..` (F8), so the copies stay inside the kept folder.
        for (const auto& loc : external_data_files(model_for_adapter.string())) {
          const fs::path to = fs::path(o.keep_dir) / name / loc;
          fs::create_directories(to.parent_path());
          fs::copy_file(model_for_adapter.parent_path() / loc, to, fs::copy_options::overwrite_existing);
        }
        for (const auto& e : fs::directory_iterator(s.dir))
          if (e.path().filename().string().rfind("input_", 0) == 0)
            fs::copy_file(e.path(), dest / e.path().filename(), fs::copy_options::overwrite_existing);
      }
      res.cases.push_back(std::move(c));
    }
  }
  return res;
}

// A worker's results travel to the parent as lines of tab-separated fields (tabs, newlines and backslashes
// escaped): "case ...", "note TEXT", and "end" after each test.
std::string escape_field(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '\\') o += "\\\\";
    else if (c == '\t') o += "\\t";
    else if (c == '\n') o += "\\n";
    else o += c;
  }
  return o;
}

std::string unescape_field(const std::string& s) {
  std::string o;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\' || i + 1 == s.size()) {
      o += s[i];
      continue;
    }
    const char n = s[++i];
    o += n == 't' ? '\t' : n == 'n' ? '\n' : n;
  }
  return o;
}

std::string exact_number(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

void put_verdict(std::vector<std::string>& f, const Verdict& v) {
  f.push_back(std::to_string(static_cast<int>(v.outcome)));
  f.push_back(v.detail);
  f.push_back(exact_number(v.ulp));
  f.push_back(exact_number(v.rel));
  f.push_back(v.diff ? "1" : "0");
  if (v.diff) {
    const Difference& d = *v.diff;
    for (const auto& x :
         {std::to_string(d.output), exact_number(d.max_abs), exact_number(d.max_rel), exact_number(d.max_ulp),
          std::to_string(d.first_index), d.spec_value, d.runtime_value, std::to_string(d.differing)})
      f.push_back(x);
  }
}

Verdict get_verdict(const std::vector<std::string>& f, size_t& i) {
  Verdict v;
  v.outcome = static_cast<Outcome>(std::stoi(f.at(i++)));
  v.detail = f.at(i++);
  v.ulp = std::strtod(f.at(i++).c_str(), nullptr);
  v.rel = std::strtod(f.at(i++).c_str(), nullptr);
  if (f.at(i++) == "1") {
    Difference d;
    d.output = std::stoul(f.at(i++));
    d.max_abs = std::strtod(f.at(i++).c_str(), nullptr);
    d.max_rel = std::strtod(f.at(i++).c_str(), nullptr);
    d.max_ulp = std::strtod(f.at(i++).c_str(), nullptr);
    d.first_index = std::stoll(f.at(i++));
    d.spec_value = f.at(i++);
    d.runtime_value = f.at(i++);
    d.differing = std::stoll(f.at(i++));
    v.diff = d;
  }
  return v;
}

void put_localisation(std::vector<std::string>& f, const Localisation& loc, const std::string& reproducer) {
  f.push_back(std::to_string(static_cast<int>(loc.mode)));
  f.push_back(reproducer);
  f.push_back(loc.first_departing ? std::to_string(*loc.first_departing) : "-");
  f.push_back(std::to_string(loc.missing.size()));
  for (const auto& m : loc.missing) f.push_back(m);
  f.push_back(std::to_string(loc.nodes.size()));
  for (const auto& n : loc.nodes)
    for (const auto& x :
         {std::to_string(n.index), n.name, n.op_type, n.clause, std::to_string(static_cast<int>(n.verdict)),
          exact_number(n.max_ulp), n.bound_units ? exact_number(*n.bound_units) : "-",
          std::string(n.reference_in_t ? "1" : "0"), n.detail})
      f.push_back(x);
}

Localisation get_localisation(const std::vector<std::string>& f, size_t& i, std::string& reproducer) {
  Localisation loc;
  loc.mode = static_cast<LocaliseMode>(std::stoi(f.at(i++)));
  reproducer = f.at(i++);
  if (const std::string& first = f.at(i++); first != "-") loc.first_departing = std::stoul(first);
  for (size_t k = std::stoul(f.at(i++)); k > 0; --k) loc.missing.push_back(f.at(i++));
  for (size_t k = std::stoul(f.at(i++)); k > 0; --k) {
    NodeJudgement n;
    n.index = std::stoul(f.at(i++));
    n.name = f.at(i++);
    n.op_type = f.at(i++);
    n.clause = f.at(i++);
    n.verdict = static_cast<NodeVerdict>(std::stoi(f.at(i++)));
    n.max_ulp = std::strtod(f.at(i++).c_str(), nullptr);
    if (const std::string& u = f.at(i++); u != "-") n.bound_units = std::strtod(u.c_str(), nullptr);
    n.reference_in_t = f.at(i++) == "1";
    n.detail = f.at(i++);
    loc.nodes.push_back(std::move(n));
  }
  return loc;
}

std::string serialise(const TestOut& t) {
  std::string out;
  auto line = [&](const std::vector<std::string>& f) {
    for (size_t i = 0; i < f.size(); ++i) {
      if (i) out += '\t';
      out += escape_field(f[i]);
    }
    out += "\n";
  };
  for (const auto& c : t.cases) {
    std::vector<std::string> f = {"case", c.key, c.set, c.ops, std::to_string(c.runtime)};
    put_verdict(f, c.v);
    f.push_back(c.t ? "1" : "0");
    if (c.t) put_verdict(f, *c.t);
    for (const auto& x : {std::to_string(c.reduced_nodes), c.reduced_ops, c.reduced_detail, c.reproducer})
      f.push_back(x);
    f.push_back(c.localisation ? "1" : "0");
    if (c.localisation) put_localisation(f, *c.localisation, c.localised_reproducer);
    line(f);
  }
  for (const auto& n : t.notes) line({"note", n});
  out += "end\n";
  return out;
}

// Adds one line of a worker's results to `t`; true at "end".
bool deserialise_line(const std::string& text, TestOut& t) {
  std::vector<std::string> f;
  size_t start = 0;
  for (;;) {
    const size_t tab = text.find('\t', start);
    f.push_back(unescape_field(text.substr(start, tab == std::string::npos ? std::string::npos : tab - start)));
    if (tab == std::string::npos) break;
    start = tab + 1;
  }
  if (f[0] == "end") return true;
  if (f[0] == "note" && f.size() == 2) t.notes.push_back(f[1]);
  if (f[0] == "case") {
    Case c;
    c.key = f.at(1);
    c.set = f.at(2);
    c.ops = f.at(3);
    c.runtime = std::stoul(f.at(4));
    size_t i = 5;
    c.v = get_verdict(f, i);
    if (f.at(i++) == "1") c.t = get_verdict(f, i);
    c.reduced_nodes = std::stoul(f.at(i++));
    c.reduced_ops = f.at(i++);
    c.reduced_detail = f.at(i++);
    c.reproducer = f.at(i++);
    if (f.at(i++) == "1") c.localisation = get_localisation(f, i, c.localised_reproducer);
    t.cases.push_back(std::move(c));
  }
  return false;
}

// A worker process of `--jobs N`: it reads test numbers, one per line, and answers each with its results.
struct Worker {
  pid_t pid = -1;
  int to = -1, from = -1;
  std::string buffer;
  std::optional<size_t> current;  // the test it is running
  TestOut partial;
};

// The runners of one process: one per runtime, in `dir`/rK.
std::vector<std::unique_ptr<Runner>> make_runners(const Options& o, const std::vector<bool>& serve,
                                                  const fs::path& dir) {
  std::vector<std::unique_ptr<Runner>> runners;
  for (size_t r = 0; r < o.runtimes.size(); ++r)
    runners.push_back(std::make_unique<Runner>(o, o.runtimes[r], serve[r], dir / ("r" + std::to_string(r))));
  return runners;
}

[[noreturn]] void worker_main(int in, int out, const std::vector<conformance::TestCase>& tests, const Options& o,
                              const OperatorTable& ops, const std::vector<bool>& serve, const fs::path& dir) {
  // A crash ends the worker with its signal, which the parent reports (handlers inherited from the parent, a
  // test framework's say, do not apply here).
  for (int sig : {SIGABRT, SIGSEGV, SIGFPE, SIGILL, SIGBUS}) signal(sig, SIG_DFL);
  int code = 0;
  {
    auto runners = make_runners(o, serve, dir);
    std::string buffer, line;
    const auto never = Clock::now() + std::chrono::hours(24 * 365);
    while (read_line(in, buffer, line, never) == 1) {
      const size_t index = std::stoul(line);
      TestOut t;
      try {
        t = process_test(tests.at(index), o, ops, runners, dir / "m");
      } catch (const Failure& f) {
        t.notes.push_back(tests.at(index).key + ": not run: " + f.error().describe());
      } catch (const std::exception& e) {
        t.notes.push_back(tests.at(index).key + ": not run: internal error: " + e.what());
      }
      if (!write_all(out, serialise(t))) {
        code = 1;
        break;
      }
    }
  }
  _exit(code);
}

}  // namespace

int run(const Options& o, const OperatorTable& ops, const Reporter& reporter) {
  // The tests: suite folders as the sweep finds them, or model files.
  std::vector<conformance::TestCase> tests;
  std::vector<size_t> target_of;  // per test, its target's position in o.targets
  std::optional<std::regex> filter;
  if (!o.filter.empty()) {
    try {
      filter.emplace(o.filter);
    } catch (const std::regex_error&) {
      usage_error("U2", "--filter '" + o.filter + "' is not a regular expression");
    }
  }
  for (size_t k = 0; k < o.targets.size(); ++k) {
    const std::string& t = o.targets[k];
    if (fs::is_directory(t)) {
      for (auto& c : conformance::discover(t))
        if (!filter || std::regex_search(c.key, *filter)) tests.push_back(std::move(c));
      // Model files lying in the folder itself (fixtures: *.onnx, *.onnxtxt) are models without data sets.
      std::vector<fs::path> files;
      for (const auto& e : fs::directory_iterator(t)) {
        const auto ext = e.path().extension().string();
        if (e.is_regular_file() && (ext == ".onnxtxt" || (ext == ".onnx" && e.path().filename() != "model.onnx")))
          files.push_back(e.path());
      }
      std::sort(files.begin(), files.end());
      for (const auto& f : files) {
        conformance::TestCase c;
        c.key = f.filename().string();
        c.dir = t;
        c.model_path = f.string();
        if (!filter || std::regex_search(c.key, *filter)) tests.push_back(std::move(c));
      }
    } else if (fs::is_regular_file(t)) {
      conformance::TestCase c;
      c.key = fs::path(t).filename().string();
      c.dir = fs::path(t).parent_path().string();
      c.model_path = t;
      tests.push_back(std::move(c));
    } else {
      usage_error("F1", "'" + t + "' is neither a folder nor a model file");
    }
    target_of.resize(tests.size(), k);
  }
  // [spec:K15] a sharded cross-check runs the tests of its part, each remembering its position.
  TestList list;
  list.found = tests.size();
  if (!o.universe.empty()) {
    list.found = o.universe.size();
    std::map<std::string, size_t> position;
    for (size_t i = 0; i < o.universe.size(); ++i) position.emplace(o.universe[i], i);
    for (const auto& t : tests) {
      const auto it = position.find(t.key);
      if (it == position.end()) usage_error("K15", "test '" + t.key + "' is not one of the campaign's");
      list.positions.push_back(it->second);
    }
    list.target_of = target_of;
  } else {
    std::vector<conformance::TestCase> kept;
    for (size_t i = 0; i < tests.size(); ++i)
      if (o.shard.holds(tests[i].key)) {
        kept.push_back(std::move(tests[i]));
        list.target_of.push_back(target_of[i]);
        list.positions.push_back(i);
      }
    tests = std::move(kept);
    target_of = list.target_of;
  }

  char tmpl[] = "/tmp/onnxsem-crosscheck-XXXXXX";
  if (!mkdtemp(tmpl)) usage_error("F1", "cannot create a temporary folder");
  const fs::path tmp = tmpl;
  // A server that ends mid-case must not end the cross-check with it (writing to its closed pipe).
  auto* const old_sigpipe = signal(SIGPIPE, SIG_IGN);

  // [spec:XC6] the serve mode when an adapter has it (and --one-shot does not forbid it), per runtime.
  const size_t R = o.runtimes.size();
  std::vector<bool> serve(R, false);
  std::vector<Server> probes(R);
  for (size_t r = 0; r < R; ++r) {
    const std::string who = R > 1 ? "adapter (" + o.runtimes[r].name + "): " : "adapter: ";
    if (!o.one_shot && !tests.empty()) {
      std::string why;
      const fs::path dir = tmp / "w0" / ("r" + std::to_string(r));
      fs::create_directories(dir);
      serve[r] = start_server(o.runtimes[r], o.timeout_seconds, probes[r], dir / "server-stderr.txt", why);
      if (serve[r])
        std::cout << who << "serve mode (one adapter process per job, restarted after a crash or a time-out)\n";
      else
        std::cout << who << "one process per case (" << (why.empty() ? "--one-shot" : "no serve mode: " + why) << ")\n";
    } else {
      std::cout << who << "one process per case (--one-shot)\n";
    }
  }

  std::vector<Case> cases;
  std::vector<Note> notes;
  std::vector<std::string> crashes;
  auto take = [&](TestOut& t, size_t index) {
    if (reporter.on_case)
      for (const auto& c : t.cases) reporter.on_case(c);
    for (auto& c : t.cases) {
      c.target = target_of[index];
      c.test = list.positions[index];
      cases.push_back(std::move(c));
    }
    for (auto& n : t.notes) notes.push_back(Note{list.positions[index], std::move(n)});
  };

  const size_t jobs = std::min(tests.size(), static_cast<size_t>(std::max(1, o.jobs)));
  if (jobs <= 1) {
    auto runners = make_runners(o, serve, tmp / "w0");
    for (size_t r = 0; r < R; ++r)
      if (serve[r]) runners[r]->adopt(probes[r]);
    for (size_t i = 0; i < tests.size(); ++i) {
      TestOut t = process_test(tests[i], o, ops, runners, tmp / "w0" / "m");
      take(t, i);
    }
  } else {
    for (auto& p : probes) stop_server(p);
    std::vector<Worker> workers(jobs);
    std::vector<std::optional<TestOut>> done(tests.size());
    size_t next = 0, printed = 0;
    auto start_worker = [&](size_t w) {
      int cmd[2], res[2];
      if (pipe2(cmd, O_CLOEXEC) != 0 || pipe2(res, O_CLOEXEC) != 0) usage_error("F1", "cannot create a pipe");
      std::cout.flush();
      std::cerr.flush();
      const pid_t pid = fork();
      if (pid < 0) usage_error("F1", "cannot start a worker (fork failed)");
      if (pid == 0) {
        for (auto& other : workers) {  // the other workers' pipes stay with the parent
          if (other.to >= 0) close(other.to);
          if (other.from >= 0) close(other.from);
        }
        close(cmd[1]);
        close(res[0]);
        worker_main(cmd[0], res[1], tests, o, ops, serve, tmp / ("w" + std::to_string(w)));
      }
      close(cmd[0]);
      close(res[1]);
      workers[w] = Worker{pid, cmd[1], res[0], {}, {}, {}};
    };
    auto assign = [&](size_t w) {
      Worker& k = workers[w];
      if (next < tests.size() && write_all(k.to, std::to_string(next) + "\n")) {
        k.current = next++;
      } else if (k.to >= 0) {
        close(k.to);  // no more tests: the worker ends
        k.to = -1;
      }
    };
    for (size_t w = 0; w < jobs; ++w) {
      start_worker(w);
      assign(w);
    }
    while (printed < tests.size()) {
      std::vector<pollfd> fds;
      std::vector<size_t> which;
      for (size_t w = 0; w < jobs; ++w)
        if (workers[w].from >= 0) {
          fds.push_back(pollfd{workers[w].from, POLLIN, 0});
          which.push_back(w);
        }
      if (fds.empty()) break;
      if (poll(fds.data(), fds.size(), 1000) < 0 && errno != EINTR) break;
      for (size_t i = 0; i < fds.size(); ++i) {
        if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        const size_t w = which[i];
        Worker& k = workers[w];
        char buf[65536];
        const ssize_t n = read(k.from, buf, sizeof buf);
        if (n > 0) {
          k.buffer.append(buf, static_cast<size_t>(n));
          size_t nl;
          while ((nl = k.buffer.find('\n')) != std::string::npos) {
            const std::string line = k.buffer.substr(0, nl);
            k.buffer.erase(0, nl + 1);
            if (k.current && deserialise_line(line, k.partial)) {
              done[*k.current] = std::move(k.partial);
              k.partial = TestOut{};
              k.current.reset();
              assign(w);
            }
          }
        } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
          // The worker ended: after its last test, or in the middle of one (onnxsem crashed).
          close(k.from);
          k.from = -1;
          if (k.to >= 0) close(k.to);
          k.to = -1;
          int status = 0;
          waitpid(k.pid, &status, 0);
          if (k.current) {
            const std::string how = WIFSIGNALED(status) ? "signal " + std::to_string(WTERMSIG(status)) + " (" +
                                                              strsignal(WTERMSIG(status)) + ")"
                                                        : "exit " + std::to_string(WEXITSTATUS(status));
            crashes.push_back(tests[*k.current].key + ": onnxsem's worker ended in the middle of the test: " + how);
            TestOut t = std::move(k.partial);
            t.notes.push_back(crashes.back());
            done[*k.current] = std::move(t);
            k.partial = TestOut{};
            k.current.reset();
            if (next < tests.size()) {
              start_worker(w);
              assign(w);
            }
          }
        }
      }
      while (printed < tests.size() && done[printed]) {
        take(*done[printed], printed);
        done[printed].reset();
        ++printed;
      }
    }
    for (auto& k : workers) {
      if (k.to >= 0) close(k.to);
      if (k.from >= 0) close(k.from);
      if (k.pid > 0) waitpid(k.pid, nullptr, 0);
    }
  }
  signal(SIGPIPE, old_sigpipe);
  fs::remove_all(tmp);

  if (reporter.on_end) reporter.on_end(Results{o, list, std::move(cases), std::move(notes)});

  if (!crashes.empty()) {  // as a crash of the command itself would be, were the tests not run in workers
    std::cout << "crosscheck: onnxsem's worker crashed on " << crashes.size() << " test(s)\n";
    return 1;
  }
  return 0;
}

}  // namespace onnxsem::crosscheck

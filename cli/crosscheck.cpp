// `onnxsem crosscheck` (README.md, "Cross-checking a runtime"; spec/conformance.md, XC1-XC5).
#include "cli/crosscheck.hpp"

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
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "cli/args.hpp"
#include "conformance/suite.hpp"
#include "conformance/sweep.hpp"
#include "semantics/check.hpp"
#include "semantics/dispatch.hpp"
#include "semantics/fixpoint.hpp"
#include "semantics/loader.hpp"
#include "semantics/numeric.hpp"

namespace onnxsem::crosscheck {
namespace fs = std::filesystem;
using conformance::Tolerance;
using conformance::json_string;

const char* outcome_name(Outcome o) noexcept {
  switch (o) {
    case Outcome::agree: return "agree";
    case Outcome::differ: return "differ";
    case Outcome::runtime_error: return "runtime-error";
    case Outcome::runtime_unsupported: return "runtime-unsupported";
    case Outcome::spec_unsupported: return "spec-unsupported";
    case Outcome::spec_error: return "spec-error";
  }
  return "spec-error";
}

namespace {

std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\t' || c == '\r') c = ' ';
  while (!s.empty() && s.back() == ' ') s.pop_back();
  if (s.size() > 700) s = s.substr(0, 250) + " ... " + s.substr(s.size() - 420);  // keep the reason at the end
  return s;
}

// Sign-magnitude bit patterns ordered as the numbers they encode: -m for a negative pattern, m otherwise.
double ordered_key(uint64_t bits, int width, bool has_sign) {
  if (!has_sign) return static_cast<double>(bits);
  const uint64_t sign = uint64_t{1} << (width - 1);
  const auto mag = static_cast<double>(bits & (sign - 1));
  return (bits & sign) ? -mag : mag;
}

std::string number_text(double x) {
  std::ostringstream o;
  o.precision(17);
  o << x;
  return o.str();
}

}  // namespace

// [spec:XC3] ULP distance: the number of values of the element type between the two, counted on the
// type's own bit patterns; integers by their difference.
double ulp_distance(DType t, double a, double b) {
  const double inf = std::numeric_limits<double>::infinity();
  if (std::isnan(a) || std::isnan(b)) return (std::isnan(a) && std::isnan(b)) ? 0 : inf;
  if (a == b) return 0;  // also +0 and -0
  uint64_t x = 0, y = 0;
  int width = 0;
  bool has_sign = true;
  switch (t) {
    case DType::float32: x = std::bit_cast<uint32_t>(static_cast<float>(a)); y = std::bit_cast<uint32_t>(static_cast<float>(b)); width = 32; break;
    case DType::float64: x = std::bit_cast<uint64_t>(a); y = std::bit_cast<uint64_t>(b); width = 64; break;
    case DType::float16: x = num::to_float16(a).bits; y = num::to_float16(b).bits; width = 16; break;
    case DType::bfloat16: x = num::to_bfloat16(a).bits; y = num::to_bfloat16(b).bits; width = 16; break;
    case DType::float8e4m3fn: x = num::to_float8e4m3fn(a, true).bits; y = num::to_float8e4m3fn(b, true).bits; width = 8; break;
    case DType::float8e4m3fnuz: x = num::to_float8e4m3fnuz(a, true).bits; y = num::to_float8e4m3fnuz(b, true).bits; width = 8; break;
    case DType::float8e5m2: x = num::to_float8e5m2(a, true).bits; y = num::to_float8e5m2(b, true).bits; width = 8; break;
    case DType::float8e5m2fnuz: x = num::to_float8e5m2fnuz(a, true).bits; y = num::to_float8e5m2fnuz(b, true).bits; width = 8; break;
    case DType::float8e8m0: x = num::to_float8e8m0(a, true).bits; y = num::to_float8e8m0(b, true).bits; width = 8; has_sign = false; break;
    case DType::float4e2m1: x = num::to_float4e2m1(a, true).bits; y = num::to_float4e2m1(b, true).bits; width = 4; break;
    default: return std::fabs(a - b);  // integers and bool
  }
  if (t == DType::float64) {
    // 64-bit keys do not fit a double exactly; order them as signed integers instead.
    auto key = [](uint64_t bits) {
      const auto mag = static_cast<int64_t>(bits & 0x7fffffffffffffffULL);
      return (bits >> 63) ? -mag : mag;
    };
    const int64_t kx = key(x), ky = key(y);
    return kx > ky ? static_cast<double>(static_cast<uint64_t>(kx) - static_cast<uint64_t>(ky))
                   : static_cast<double>(static_cast<uint64_t>(ky) - static_cast<uint64_t>(kx));
  }
  return std::fabs(ordered_key(x, width, has_sign) - ordered_key(y, width, has_sign));
}

Difference measure(const Tensor& spec, const Tensor& runtime, const Tolerance& tol) {
  Difference d;
  if (spec.dtype() != runtime.dtype() || spec.shape() != runtime.shape() || spec.dtype() == DType::string) return d;
  const double inf = std::numeric_limits<double>::infinity();
  dispatch(spec.dtype(), hana::concat(hana::concat(numeric_and_bool_types, float8_types), small_int_types), "crosscheck",
           [&](auto tag) {
             using T = typename decltype(tag)::type;
             auto s = spec.data<T>();
             auto r = runtime.data<T>();
             for (size_t i = 0; i < s.size(); ++i) {
               const double u = num::to_double(s[i]);
               const double v = num::to_double(r[i]);
               double abs_err, rel_err;
               bool ok;
               if (std::isnan(u) || std::isnan(v)) {
                 ok = std::isnan(u) && std::isnan(v);
                 abs_err = rel_err = ok ? 0 : inf;
               } else if (std::isinf(u) || std::isinf(v)) {
                 ok = u == v;
                 abs_err = rel_err = ok ? 0 : inf;
               } else {
                 abs_err = std::fabs(v - u);
                 rel_err = abs_err == 0 ? 0 : (u == 0 ? inf : abs_err / std::fabs(u));
                 ok = abs_err <= tol.atol + tol.rtol * std::fabs(u);  // K1, onnxsem's value as the expected one
               }
               d.max_abs = std::max(d.max_abs, abs_err);
               d.max_rel = std::max(d.max_rel, rel_err);
               d.max_ulp = std::max(d.max_ulp, ulp_distance(spec.dtype(), u, v));
               if (!ok) {
                 if (d.first_index < 0) {
                   d.first_index = static_cast<int64_t>(i);
                   d.spec_value = number_text(u);
                   d.runtime_value = number_text(v);
                 }
                 ++d.differing;
               }
             }
           });
  return d;
}

// [spec:XC2] the outcome of a case, in this order of precedence.
Verdict judge(const Side& spec, const Side& runtime, const Tolerance& tol) {
  using K = Side::Kind;
  if (spec.kind == K::unsupported) return {Outcome::spec_unsupported, spec.reason, {}};
  if (runtime.kind == K::unsupported) return {Outcome::runtime_unsupported, runtime.reason, {}};
  if (spec.kind == K::error && runtime.kind == K::error)
    return {Outcome::agree, "both refuse: onnxsem: " + spec.reason + "; runtime: " + runtime.reason, {}};
  if (spec.kind == K::error) return {Outcome::spec_error, spec.reason + " (the runtime gave a result)", {}};
  if (runtime.kind == K::error) return {Outcome::runtime_error, runtime.reason, {}};
  if (spec.outputs.size() != runtime.outputs.size())
    return {Outcome::differ,
            "the runtime gave " + std::to_string(runtime.outputs.size()) + " outputs, onnxsem " +
                std::to_string(spec.outputs.size()),
            {}};
  for (size_t k = 0; k < spec.outputs.size(); ++k) {
    const std::string d = conformance::compare(runtime.outputs[k], spec.outputs[k], tol);
    if (d.empty()) continue;
    Verdict v{Outcome::differ, "output " + std::to_string(k) + ": runtime " + d + " (expected: onnxsem's)", {}};
    const Value& s = spec.outputs[k];
    const Value& r = runtime.outputs[k];
    if (s.is_tensor() && r.is_tensor() && s.tensor().dtype() == r.tensor().dtype() &&
        s.tensor().shape() == r.tensor().shape() && s.tensor().dtype() != DType::string) {
      Difference m = measure(s.tensor(), r.tensor(), tol);
      m.output = k;
      v.diff = m;
    }
    return v;
  }
  return {Outcome::agree, {}, {}};
}

// [spec:XC1] how an adapter run ended: exit 0 a result, exit 3 the runtime cannot run the model, any other
// end (another exit code, a signal, the time limit) a runtime error.
Side adapter_status(bool timed_out, bool exited, int code_or_signal, const std::string& stderr_text) {
  Side s;
  std::string msg = one_line(stderr_text);
  if (timed_out) {
    s.kind = Side::Kind::error;
    s.reason = "the adapter ran out of time";
  } else if (!exited) {
    s.kind = Side::Kind::error;
    s.reason = "the adapter was killed by signal " + std::to_string(code_or_signal) + std::string(strsignal(code_or_signal) ? std::string(" (") + strsignal(code_or_signal) + ")" : "");
  } else if (code_or_signal == 0) {
    s.kind = Side::Kind::ok;
  } else if (code_or_signal == 3) {
    s.kind = Side::Kind::unsupported;
    s.reason = msg.empty() ? "the runtime cannot run the model" : msg;
  } else {
    s.kind = Side::Kind::error;
    s.reason = "exit " + std::to_string(code_or_signal) + (msg.empty() ? "" : ": " + msg);
  }
  return s;
}

namespace {

uint64_t splitmix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

uint64_t fnv(const std::string& s) {
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  return h;
}


}  // namespace

// [spec:XC4] random inputs: declared element type and shape, symbolic dimensions of size 2, values from a
// generator seeded by the seed and the input's position.
std::optional<std::map<std::string, Value>> random_inputs(const Graph& g, uint64_t seed, std::string& why) {
  std::map<std::string, Value> out;
  const auto fed = fed_inputs(g);
  for (size_t k = 0; k < fed.size(); ++k) {
    const ValueInfo& vi = *fed[k];
    if (vi.type.kind != Type::Kind::tensor || !vi.type.shape) {
      why = "input '" + vi.name + "' is not a tensor of declared shape (" + vi.type.describe() + ")";
      return std::nullopt;
    }
    Shape shape;
    for (const auto& d : *vi.type.shape) shape.push_back(d.value ? *d.value : symbolic_dim_size);
    for (auto d : shape)
      if (d < 0) {
        why = "input '" + vi.name + "' has a negative dimension";
        return std::nullopt;
      }
    std::mt19937_64 gen(splitmix(seed ^ splitmix(k + 1)));
    auto unit = [&] { return static_cast<double>(gen() >> 11) * 0x1.0p-53; };  // [0, 1)
    const DType t = vi.type.elem;
    bool ok = true;
    Tensor tensor;
    if (t == DType::string) {
      static const std::array<const char*, 4> words = {"a", "bc", "ONNX", "x y"};
      auto [tt, o] = Tensor::allocate<std::string>(shape);
      for (auto& e : o) e = words[gen() % words.size()];
      tensor = tt;
    } else if (t == DType::complex64 || t == DType::complex128 || t == DType::undefined) {
      ok = false;
    } else {
      dispatch(t, hana::concat(hana::concat(numeric_and_bool_types, float8_types), small_int_types), "random input",
               [&](auto tag) {
                 using T = typename decltype(tag)::type;
                 auto [tt, o] = Tensor::allocate<T>(shape);
                 for (auto& e : o) {
                   if constexpr (std::is_same_v<T, bool>) {
                     e = unit() < 0.5;
                   } else if (is_float(t)) {
                     // floats uniform in [-2, 2), rounded to the type ([0, 2) for float8e8m0)
                     const double x = t == DType::float8e8m0 ? 2 * unit() + 0x1.0p-8 : 4 * unit() - 2;
                     e = num::from_double<T>(x);
                   } else if (is_signed_integer(t)) {
                     // integers in [-4, 4] ([-2, 1] for int2)
                     const double lo = t == DType::int2 ? -2 : -4, hi = t == DType::int2 ? 1 : 4;
                     e = num::from_double<T>(lo + std::floor(unit() * (hi - lo + 1)));
                   } else {
                     const double hi = t == DType::uint2 ? 3 : 8;  // integers in [0, 8] ([0, 3] for uint2)
                     e = num::from_double<T>(std::floor(unit() * (hi + 1)));
                   }
                 }
                 tensor = tt;
               });
    }
    if (!ok) {
      why = "input '" + vi.name + "' has element type " + dtype_name(t) + ", which has no random form";
      return std::nullopt;
    }
    out[vi.name] = Value(tensor);
  }
  return out;
}

namespace {

Side side_of_error(const Error& e) {
  Side s;
  s.kind = e.kind == ErrorKind::unsupported ? Side::Kind::unsupported : Side::Kind::error;
  s.reason = one_line(std::string(e.kind == ErrorKind::refused ? "refused: " : "") + e.describe());
  return s;
}

Side run_spec(const Model& m, const std::map<std::string, Value>& inputs, const OperatorTable& ops, int64_t max_bytes) {
  try {
    EvalOptions eo;
    eo.max_tensor_bytes = max_bytes;
    const onnxsem::Outcome out = evaluate(m, inputs, ops, eo);
    if (!out.ok()) return side_of_error(*out.error);
    Side s;
    s.outputs = out.outputs;
    return s;
  } catch (const Failure& f) {
    return side_of_error(f.error());
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

struct Case {
  std::string key, set, ops;
  Verdict v;
  std::optional<Verdict> t;  // the transformed graph against the original one (XC5)
  size_t target = 0;         // which of the command's targets (suite folders, model files) the test came from
};


void json_number(std::ostream& o, double x) {
  if (std::isfinite(x)) o << number_text(x);
  else json_string(o, std::isnan(x) ? "nan" : (x > 0 ? "inf" : "-inf"));
}

std::string diff_text(const Difference& d) {
  std::ostringstream o;
  o.precision(6);
  o << "output " << d.output << ": " << d.differing << " elements outside the tolerance; max abs " << d.max_abs
    << ", max rel " << d.max_rel << ", max ulp " << d.max_ulp << "; first at " << d.first_index << ": onnxsem "
    << d.spec_value << ", runtime " << d.runtime_value;
  return o.str();
}

std::string case_line(const Verdict& v) { return v.diff ? diff_text(*v.diff) : v.detail; }

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
struct Request {
  std::string model, input_dir, output_dir, optimize, save_optimized;
};

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
Side run_one_shot(const Options& o, const Request& r, const fs::path& err_file) {
  std::vector<std::string> argv = o.adapter;
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
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > o.timeout_seconds) {
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
  int to = -1;    // its standard input
  int from = -1;  // its standard output
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
bool start_server(const Options& o, Server& s, const fs::path& err_file, std::string& why) {
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
  std::vector<std::string> argv = o.adapter;
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
  const int r = read_line(s.from, s.buffer, line, Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                                     std::chrono::duration<double>(o.timeout_seconds)));
  if (r == 1 && line.rfind("ready", 0) == 0) return true;
  const int status = stop_server(s, Clock::now() + std::chrono::seconds(2));
  if (r == -1) why = "no line \"ready\" within " + number_text(o.timeout_seconds) + " s";
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
  Runner(const Options& o, bool serve, fs::path dir) : o_(o), serve_(serve), dir_(std::move(dir)) {
    fs::create_directories(dir_);
  }
  Runner(const Runner&) = delete;
  Runner& operator=(const Runner&) = delete;
  ~Runner() { stop_server(server_); }

  // Takes over a server already started (the probe's).
  void adopt(Server s) { server_ = std::move(s); }

  Side run(const Request& r) {
    if (!serve_) return run_one_shot(o_, r, dir_ / "stderr.txt");
    return run_served(r);
  }

 private:
  // [spec:XC6] one request to the server; a server that ends or runs out of time is stopped and started again
  // for the next case.
  Side run_served(const Request& r) {
    const fs::path err_file = dir_ / "server-stderr.txt";
    if (server_.pid < 0) {
      std::string why;
      if (!start_server(o_, server_, err_file, why))
        return Side{Side::Kind::error, {}, one_line("the adapter's server did not start: " + why)};
    }
    std::error_code ec;
    const auto before = fs::exists(err_file) ? fs::file_size(err_file, ec) : 0;
    std::ostringstream q;
    q << "{\"model\": ";
    json_string(q, r.model);
    q << ", \"input_dir\": ";
    json_string(q, r.input_dir);
    q << ", \"output_dir\": ";
    json_string(q, r.output_dir);
    q << ", \"optimize\": ";
    json_string(q, r.optimize);
    if (!r.save_optimized.empty()) {
      q << ", \"save_optimized\": ";
      json_string(q, r.save_optimized);
    }
    q << "}\n";
    const auto deadline =
        Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o_.timeout_seconds));
    int got = write_all(server_.to, q.str()) ? 1 : 0;
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
  bool serve_;
  fs::path dir_;
  Server server_;
};

// What one test gave: its cases and its notes.
struct TestOut {
  std::vector<Case> cases;
  std::vector<std::string> notes;
};

void print_case(const Case& c) {
  if (c.v.outcome != Outcome::agree)
    std::cout << outcome_name(c.v.outcome) << ": " << c.key << " [" << c.set << "]: " << case_line(c.v) << "\n";
  if (c.t && c.t->outcome == Outcome::differ)
    std::cout << "transform-differ: " << c.key << " [" << c.set << "]: " << case_line(*c.t) << "\n";
}

// Runs one test: every input set in onnxsem and in the runtime; `work` is a scratch folder.
TestOut process_test(const conformance::TestCase& test, const Options& o, const OperatorTable& ops, Runner& runner,
                     const fs::path& work) {
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
  int random_sets = o.random_sets;
  if (test.sets.empty() && random_sets == 0) random_sets = 1;  // a model file alone gets one random set
  for (int i = 0; i < random_sets && !model_problem; ++i) {
    std::string why;
    const uint64_t seed = splitmix(o.seed ^ fnv(test.key)) + static_cast<uint64_t>(i);
    std::optional<std::map<std::string, Value>> in;
    try {
      in = random_inputs(model.graph, seed, why);
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

  std::optional<Model> optimized;
  Side optimized_problem;
  bool asked_optimized = false;
  for (const auto& s : sets) {
    Case c{test.key, s.name, ops_text, {}, {}, 0};
    const Side spec = s.problem ? *s.problem : run_spec(model, s.inputs, ops, o.max_tensor_bytes);
    Side runtime;
    if (spec.kind != Side::Kind::unsupported && !s.dir.empty()) {
      const fs::path out = work / "out";
      fs::remove_all(out);
      fs::create_directories(out);
      Request req{model_for_adapter.string(), s.dir, out.string(), o.optimize, {}};
      const fs::path opt_file = work / "optimized.onnx";
      const bool save = o.transform && !asked_optimized;
      if (save) {
        req.save_optimized = opt_file.string();
        asked_optimized = true;
      }
      runtime = runner.run(req);
      if (runtime.kind == Side::Kind::ok) {
        try {
          for (size_t k = 0; k < model.graph.outputs.size(); ++k) {
            const fs::path f = out / ("output_" + std::to_string(k) + ".pb");
            if (!fs::exists(f)) {
              runtime = Side{Side::Kind::error, {}, "the adapter wrote no " + f.filename().string()};
              break;
            }
            runtime.outputs.push_back(read_value_file(f.string(), model.graph.outputs[k].type));
          }
        } catch (const Failure& f) {
          runtime = Side{Side::Kind::error, {}, one_line("unreadable runtime output: " + f.error().describe())};
        }
      }
      if (save) {
        if (fs::exists(opt_file)) optimized = load_for_transform(opt_file, ops, optimized_problem);
        else if (runtime.kind == Side::Kind::unsupported)  // the runtime cannot run the model at all
          optimized_problem = Side{Side::Kind::unsupported, {}, "no optimized model: " + runtime.reason};
        else
          optimized_problem = Side{Side::Kind::error, {}, "the runtime saved no optimized model"};
      }
    }
    if (s.dir.empty())  // the model itself could not be used: there is nothing to give the runtime
      c.v = Verdict{spec.kind == Side::Kind::unsupported ? Outcome::spec_unsupported : Outcome::spec_error,
                    spec.reason + " (the runtime was not run)", {}};
    else
      c.v = judge(spec, runtime, test.tol);
    if (o.transform && asked_optimized) {
      // [spec:XC5] onnxsem on the runtime's optimized graph against onnxsem on the original one.
      Verdict tv;
      if (!optimized) {  // no optimized model to evaluate: the runtime's side of the matter
        tv = Verdict{optimized_problem.kind == Side::Kind::unsupported ? Outcome::runtime_unsupported
                                                                       : Outcome::runtime_error,
                     optimized_problem.reason, {}};
      } else {
        Side t = optimized_problem;
        if (optimized_problem.kind == Side::Kind::ok) t = run_spec(*optimized, s.inputs, ops, o.max_tensor_bytes);
        tv = judge(spec, t, test.tol);
        // Here the second side is onnxsem too: what it cannot evaluate or refuses is onnxsem's matter.
        if (tv.outcome == Outcome::runtime_unsupported) tv.outcome = Outcome::spec_unsupported;
        else if (tv.outcome == Outcome::runtime_error) tv.outcome = Outcome::spec_error;
      }
      c.t = tv;
    }
    if (!o.keep_dir.empty() && !s.dir.empty() &&
        (c.v.outcome != Outcome::agree || (c.t && c.t->outcome == Outcome::differ))) {
      // Keep what reproduces the case: the model as the adapter got it and the input set.
      std::string name = c.key;
      for (char& ch : name)
        if (ch == '/') ch = '_';
      const fs::path dest = fs::path(o.keep_dir) / name / c.set;
      fs::create_directories(dest);
      fs::copy_file(model_for_adapter, fs::path(o.keep_dir) / name / "model.onnx", fs::copy_options::overwrite_existing);
      for (const auto& e : fs::directory_iterator(s.dir))
        if (e.path().filename().string().rfind("input_", 0) == 0)
          fs::copy_file(e.path(), dest / e.path().filename(), fs::copy_options::overwrite_existing);
    }
    res.cases.push_back(std::move(c));
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
  f.push_back(v.diff ? "1" : "0");
  if (v.diff) {
    const Difference& d = *v.diff;
    for (const auto& x : {std::to_string(d.output), exact_number(d.max_abs), exact_number(d.max_rel),
                          exact_number(d.max_ulp), std::to_string(d.first_index), d.spec_value, d.runtime_value,
                          std::to_string(d.differing)})
      f.push_back(x);
  }
}

Verdict get_verdict(const std::vector<std::string>& f, size_t& i) {
  Verdict v;
  v.outcome = static_cast<Outcome>(std::stoi(f.at(i++)));
  v.detail = f.at(i++);
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
    std::vector<std::string> f = {"case", c.key, c.set, c.ops};
    put_verdict(f, c.v);
    f.push_back(c.t ? "1" : "0");
    if (c.t) put_verdict(f, *c.t);
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
    size_t i = 4;
    c.v = get_verdict(f, i);
    if (f.at(i++) == "1") c.t = get_verdict(f, i);
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

[[noreturn]] void worker_main(int in, int out, const std::vector<conformance::TestCase>& tests, const Options& o,
                              const OperatorTable& ops, bool serve, const fs::path& dir) {
  // A crash ends the worker with its signal, which the parent reports (handlers inherited from the parent, a
  // test framework's say, do not apply here).
  for (int sig : {SIGABRT, SIGSEGV, SIGFPE, SIGILL, SIGBUS}) signal(sig, SIG_DFL);
  int code = 0;
  {
    Runner runner(o, serve, dir);
    std::string buffer, line;
    const auto never = Clock::now() + std::chrono::hours(24 * 365);
    while (read_line(in, buffer, line, never) == 1) {
      const size_t index = std::stoul(line);
      TestOut t;
      try {
        t = process_test(tests.at(index), o, ops, runner, dir / "m");
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

int run(const Options& o, const OperatorTable& ops) {
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

  char tmpl[] = "/tmp/onnxsem-crosscheck-XXXXXX";
  if (!mkdtemp(tmpl)) usage_error("F1", "cannot create a temporary folder");
  const fs::path tmp = tmpl;
  // A server that ends mid-case must not end the cross-check with it (writing to its closed pipe).
  auto* const old_sigpipe = signal(SIGPIPE, SIG_IGN);

  // [spec:XC6] the serve mode when the adapter has it (and --one-shot does not forbid it).
  bool serve = false;
  Server probe;
  if (!o.one_shot && !tests.empty()) {
    std::string why;
    fs::create_directories(tmp / "w0");
    serve = start_server(o, probe, tmp / "w0" / "server-stderr.txt", why);
    if (serve) std::cout << "adapter: serve mode (one adapter process per job, restarted after a crash or a time-out)\n";
    else std::cout << "adapter: one process per case (" << (why.empty() ? "--one-shot" : "no serve mode: " + why) << ")\n";
  } else {
    std::cout << "adapter: one process per case (--one-shot)\n";
  }

  std::vector<Case> cases;
  std::vector<std::string> notes;
  std::vector<std::string> crashes;
  auto take = [&](TestOut& t, size_t index) {
    for (const auto& c : t.cases) print_case(c);
    std::cout.flush();
    for (auto& c : t.cases) {
      c.target = target_of[index];
      cases.push_back(std::move(c));
    }
    for (auto& n : t.notes) notes.push_back(std::move(n));
  };

  const size_t jobs = std::min(tests.size(), static_cast<size_t>(std::max(1, o.jobs)));
  if (jobs <= 1) {
    Runner runner(o, serve, tmp / "w0");
    if (serve) runner.adopt(probe);
    for (size_t i = 0; i < tests.size(); ++i) {
      TestOut t = process_test(tests[i], o, ops, runner, tmp / "w0" / "m");
      take(t, i);
    }
  } else {
    stop_server(probe);
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

  // Summary by operator and totals.
  std::map<std::string, std::array<int, outcome_count>> by_op;
  std::array<int, outcome_count> total{}, ttotal{};
  // Per target (when there are several): models, cases, outcomes and transform outcomes.
  std::vector<std::array<int, outcome_count>> by_target(o.targets.size()), tby_target(o.targets.size());
  std::vector<int> models_of(o.targets.size()), cases_of(o.targets.size());
  for (size_t i = 0; i < tests.size(); ++i) models_of[target_of[i]]++;
  for (const auto& c : cases) {
    total[static_cast<size_t>(c.v.outcome)]++;
    if (c.t) ttotal[static_cast<size_t>(c.t->outcome)]++;
    by_target[c.target][static_cast<size_t>(c.v.outcome)]++;
    if (c.t) tby_target[c.target][static_cast<size_t>(c.t->outcome)]++;
    cases_of[c.target]++;
    std::stringstream ss(c.ops);
    std::string op;
    while (ss >> op) by_op[op][static_cast<size_t>(c.v.outcome)]++;
  }
  auto counts_text = [](const std::array<int, outcome_count>& a) {
    std::string s;
    for (int i = 0; i < outcome_count; ++i)
      s += (i ? ", " : "") + std::to_string(a[static_cast<size_t>(i)]) + " " + outcome_name(static_cast<Outcome>(i));
    return s;
  };
  for (const auto& n : notes) std::cout << "note: " << n << "\n";
  std::cout << "operator summary (agree/differ/runtime-error/runtime-unsupported/spec-unsupported/spec-error), "
               "operators with a case that does not agree:\n";
  for (const auto& [op, a] : by_op)
    if (a[0] != a[1] + a[0] + a[2] + a[3] + a[4] + a[5]) {
      std::cout << "  " << op << ":";
      for (int i = 0; i < outcome_count; ++i) std::cout << (i ? "/" : " ") << a[static_cast<size_t>(i)];
      std::cout << "\n";
    }
  std::cout << "crosscheck (" << o.runtime_name << "): " << tests.size() << " models, " << cases.size()
            << " cases: " << counts_text(total) << "\n";
  if (o.transform) std::cout << "transformed graphs: " << counts_text(ttotal) << "\n";
  const bool several = o.targets.size() > 1;
  if (several)
    for (size_t k = 0; k < o.targets.size(); ++k) {
      std::cout << "  " << o.targets[k] << ": " << models_of[k] << " models, " << cases_of[k]
                << " cases: " << counts_text(by_target[k]) << "\n";
      if (o.transform) std::cout << "  " << o.targets[k] << ", transformed graphs: " << counts_text(tby_target[k]) << "\n";
    }

  if (!o.json_file.empty()) {
    std::ofstream j(o.json_file);
    if (!j) usage_error("F1", "cannot write '" + o.json_file + "'");
    j << "{\n  \"runtime\": ";
    json_string(j, o.runtime_name);
    j << ",\n  \"counts\": {";
    for (int i = 0; i < outcome_count; ++i)
      j << (i ? ", " : "") << '"' << outcome_name(static_cast<Outcome>(i)) << "\": " << total[static_cast<size_t>(i)];
    j << "},\n";
    auto counts_json = [&](const std::array<int, outcome_count>& a) {
      j << "{";
      for (int i = 0; i < outcome_count; ++i)
        j << (i ? ", " : "") << '"' << outcome_name(static_cast<Outcome>(i)) << "\": " << a[static_cast<size_t>(i)];
      j << "}";
    };
    if (several) {
      j << "  \"suites\": [";
      for (size_t k = 0; k < o.targets.size(); ++k) {
        j << (k ? ",\n" : "\n") << "    {\"suite\": ";
        json_string(j, o.targets[k]);
        j << ", \"models\": " << models_of[k] << ", \"cases\": " << cases_of[k] << ", \"counts\": ";
        counts_json(by_target[k]);
        if (o.transform) {
          j << ", \"transform_counts\": ";
          counts_json(tby_target[k]);
        }
        j << "}";
      }
      j << "\n  ],\n";
    }
    j << "  \"cases\": [";
    for (size_t n = 0; n < cases.size(); ++n) {
      const auto& c = cases[n];
      j << (n ? ",\n" : "\n") << "    {\"test\": ";
      json_string(j, c.key);
      j << ", \"set\": ";
      json_string(j, c.set);
      j << ", \"ops\": ";
      json_string(j, c.ops);
      j << ", \"outcome\": \"" << outcome_name(c.v.outcome) << "\", \"detail\": ";
      json_string(j, c.v.detail);
      if (c.v.diff) {
        const auto& d = *c.v.diff;
        j << ", \"output\": " << d.output << ", \"max_abs\": ";
        json_number(j, d.max_abs);
        j << ", \"max_rel\": ";
        json_number(j, d.max_rel);
        j << ", \"max_ulp\": ";
        json_number(j, d.max_ulp);
        j << ", \"first_index\": " << d.first_index << ", \"spec_value\": ";
        json_string(j, d.spec_value);
        j << ", \"runtime_value\": ";
        json_string(j, d.runtime_value);
      }
      if (c.t) {
        j << ", \"transform\": \"" << outcome_name(c.t->outcome) << "\", \"transform_detail\": ";
        json_string(j, case_line(*c.t));
      }
      if (several) {
        j << ", \"suite\": ";
        json_string(j, o.targets[c.target]);
      }
      j << "}";
    }
    j << "\n  ]\n}\n";
  }
  if (!o.markdown_file.empty()) {
    std::ofstream m(o.markdown_file);
    if (!m) usage_error("F1", "cannot write '" + o.markdown_file + "'");
    m << "# Cross-check: onnxsem and " << o.runtime_name << "\n\n" << tests.size() << " models, " << cases.size()
      << " cases.\n\n| outcome | cases |\n|---|---|\n";
    for (int i = 0; i < outcome_count; ++i)
      m << "| " << outcome_name(static_cast<Outcome>(i)) << " | " << total[static_cast<size_t>(i)] << " |\n";
    if (several) {
      m << "\n## By suite\n\n| suite | models | cases |";
      for (int i = 0; i < outcome_count; ++i) m << " " << outcome_name(static_cast<Outcome>(i)) << " |";
      m << "\n|---|---|---|---|---|---|---|---|---|\n";
      for (size_t k = 0; k < o.targets.size(); ++k) {
        m << "| " << o.targets[k] << " | " << models_of[k] << " | " << cases_of[k] << " |";
        for (int i = 0; i < outcome_count; ++i) m << " " << by_target[k][static_cast<size_t>(i)] << " |";
        m << "\n";
      }
    }
    m << "\n## By operator (operators with a case that does not agree)\n\n| operator |";
    for (int i = 0; i < outcome_count; ++i) m << " " << outcome_name(static_cast<Outcome>(i)) << " |";
    m << "\n|---|---|---|---|---|---|---|\n";
    for (const auto& [op, a] : by_op)
      if (a[0] != a[1] + a[0] + a[2] + a[3] + a[4] + a[5]) {
        m << "| " << op << " |";
        for (int i = 0; i < outcome_count; ++i) m << " " << a[static_cast<size_t>(i)] << " |";
        m << "\n";
      }
    m << "\n## Cases that do not agree\n\n| test | set | outcome | detail |\n|---|---|---|---|\n";
    for (const auto& c : cases)
      if (c.v.outcome != Outcome::agree) {
        std::string d = case_line(c.v);
        for (auto& ch : d)
          if (ch == '|') ch = '/';
        m << "| " << c.key << " | " << c.set << " | " << outcome_name(c.v.outcome) << " | " << d << " |\n";
      }
  }
  if (!crashes.empty()) {  // as a crash of the command itself would be, were the tests not run in workers
    std::cout << "crosscheck: onnxsem's worker crashed on " << crashes.size() << " test(s)\n";
    return 1;
  }
  return 0;
}

namespace {

// The runtimes whose adapters come with onnxsem (README.md, "Cross-checking a runtime").
constexpr const char* kKnownRuntimes[] = {"onnxruntime", "onnxruntime-web", "opencv"};

std::string known_runtime_names() {
  std::string s;
  for (const char* r : kKnownRuntimes) s += (s.empty() ? "" : ", ") + std::string(r);
  return s;
}

// The adapter command of a known runtime: the Node.js adapters in the source tree, the compiled OpenCV
// adapter in the build tree (a usage error when it was not built).
std::optional<std::vector<std::string>> known_adapter(const std::string& name, const std::string& source_dir,
                                                      const std::string& build_dir) {
  if (name == "onnxruntime" || name == "onnxruntime-web")
    return std::vector<std::string>{"node", (fs::path(source_dir) / "crosscheck" / name / "adapter.js").string()};
  if (name == "opencv") {
    const fs::path exe = fs::path(build_dir) / "crosscheck" / "opencv" / "onnxsem-opencv-adapter";
    if (!fs::exists(exe))
      usage_error("U2", "the OpenCV adapter was not built (" + exe.string() +
                            "): it needs Debian's libopencv-dnn-dev and nlohmann-json3-dev (.ci/setup installs them)");
    return std::vector<std::string>{exe.string()};
  }
  return std::nullopt;
}

}  // namespace

int command(const std::vector<std::string>& argv, const OperatorTable& ops, const std::string& source_dir,
            const std::string& build_dir) {
  const cli::Args a = cli::parse_args(argv, {"runtime", "adapter", "random", "seed", "filter", "json", "markdown", "optimize",
                                             "timeout", "max-tensor-bytes", "keep", "jobs"},
                                      {"transform", "one-shot"});
  Options o;
  o.targets = a.positional;
  if (o.targets.empty()) usage_error("U2", "crosscheck takes at least one suite folder or model file");
  const auto name = a.get("runtime");
  if (!name) usage_error("U2", "crosscheck needs --runtime NAME (" + known_runtime_names() + ", or an adapter command)");
  o.runtime_name = *name;
  if (auto cmd = a.get("adapter")) {
    o.adapter = {*cmd};  // an adapter command of one's own (README.md, "Cross-checking a runtime")
  } else if (auto known = known_adapter(*name, source_dir, build_dir)) {
    o.adapter = *known;
  } else if (fs::exists(*name)) {
    o.adapter = {fs::absolute(*name).string()};
  } else {
    usage_error("U2", "unknown runtime '" + *name + "' (" + known_runtime_names() +
                          ", or the path of an adapter; or --adapter CMD)");
  }
  if (auto v = a.get("random")) o.random_sets = static_cast<int>(cli::to_int(*v, "--random"));
  if (o.random_sets < 0) usage_error("U2", "--random takes a count of 0 or more");
  if (auto v = a.get("seed")) o.seed = static_cast<uint64_t>(cli::to_int(*v, "--seed"));
  if (auto v = a.get("filter")) o.filter = *v;
  if (auto v = a.get("json")) o.json_file = *v;
  if (auto v = a.get("markdown")) o.markdown_file = *v;
  if (auto v = a.get("keep")) o.keep_dir = *v;
  if (auto v = a.get("optimize")) o.optimize = *v;
  if (o.optimize != "all" && o.optimize != "disabled") usage_error("U2", "--optimize takes all or disabled");
  if (auto v = a.get("timeout")) o.timeout_seconds = static_cast<double>(cli::to_int(*v, "--timeout"));
  if (auto v = a.get("max-tensor-bytes")) o.max_tensor_bytes = cli::to_int(*v, "--max-tensor-bytes");
  if (auto v = a.get("jobs")) o.jobs = static_cast<int>(cli::to_int(*v, "--jobs"));
  if (o.jobs < 1) usage_error("U2", "--jobs takes a count of 1 or more");
  o.transform = a.has("transform");
  o.one_shot = a.has("one-shot");
  return run(o, ops);
}

}  // namespace onnxsem::crosscheck

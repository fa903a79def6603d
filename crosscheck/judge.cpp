// Judging a cross-check case (spec/conformance.md, XC1-XC3), and comparing runtime errors (XC8).
#include "crosscheck/judge.hpp"

#include <sys/wait.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

#include "values/dispatch.hpp"
#include "values/numeric.hpp"

namespace onnxsem::crosscheck {
using conformance::Tolerance;

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

std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\t' || c == '\r') c = ' ';
  while (!s.empty() && s.back() == ' ') s.pop_back();
  if (s.size() > 700) s = s.substr(0, 250) + " ... " + s.substr(s.size() - 420);  // keep the reason at the end
  return s;
}

std::string number_text(double x) {
  std::ostringstream o;
  o.precision(17);
  o << x;
  return o.str();
}

namespace {

// Sign-magnitude bit patterns ordered as the numbers they encode: -m for a negative pattern, m otherwise.
double ordered_key(uint64_t bits, int width, bool has_sign) {
  if (!has_sign) return static_cast<double>(bits);
  const uint64_t sign = uint64_t{1} << (width - 1);
  const auto mag = static_cast<double>(bits & (sign - 1));
  return (bits & sign) ? -mag : mag;
}

std::string diff_text(const Difference& d) {
  std::ostringstream o;
  o.precision(6);
  o << "output " << d.output << ": " << d.differing << " elements outside the tolerance; max abs " << d.max_abs
    << ", max rel " << d.max_rel << ", max ulp " << d.max_ulp << "; first at " << d.first_index << ": onnxsem "
    << d.spec_value << ", runtime " << d.runtime_value;
  return o.str();
}

}  // namespace

std::string case_line(const Verdict& v) { return v.diff ? diff_text(*v.diff) : v.detail; }

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
    // clang-format off
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
      // clang-format on
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

bool within_tolerance(double s, double r, const Tolerance& tol) noexcept {
  if (std::isnan(s) || std::isnan(r)) return std::isnan(s) && std::isnan(r);
  if (std::isinf(s) || std::isinf(r)) return s == r;
  return std::fabs(r - s) <= tol.atol + tol.rtol * std::fabs(s);  // K1, onnxsem's value as the expected one
}

Difference measure(const Tensor& spec, const Tensor& runtime, const Tolerance& tol) {
  Difference d;
  if (spec.dtype() != runtime.dtype() || spec.shape() != runtime.shape() || spec.dtype() == DType::string) return d;
  const double inf = std::numeric_limits<double>::infinity();
  dispatch(spec.dtype(), hana::concat(hana::concat(numeric_and_bool_types, float8_types), small_int_types),
           "crosscheck", [&](auto tag) {
             using T = typename decltype(tag)::type;
             auto s = spec.data<T>();
             auto r = runtime.data<T>();
             for (size_t i = 0; i < s.size(); ++i) {
               const double u = num::to_double(s[i]);
               const double v = num::to_double(r[i]);
               double abs_err, rel_err;
               const bool ok = within_tolerance(u, v, tol);
               if (std::isnan(u) || std::isnan(v) || std::isinf(u) || std::isinf(v)) {
                 abs_err = rel_err = ok ? 0 : inf;
               } else {
                 abs_err = std::fabs(v - u);
                 rel_err = abs_err == 0 ? 0 : (u == 0 ? inf : abs_err / std::fabs(u));
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
  // The measures of XC3, where both outputs are numeric tensors of one element type and shape.
  auto measured = [&](size_t k) -> std::optional<Difference> {
    const Value& s = spec.outputs[k];
    const Value& r = runtime.outputs[k];
    if (!s.is_tensor() || !r.is_tensor() || s.tensor().dtype() != r.tensor().dtype() ||
        s.tensor().shape() != r.tensor().shape() || s.tensor().dtype() == DType::string)
      return std::nullopt;
    Difference m = measure(s.tensor(), r.tensor(), tol);
    m.output = k;
    return m;
  };
  Verdict agree{Outcome::agree, {}, {}};
  for (size_t k = 0; k < spec.outputs.size(); ++k) {
    const std::string d = conformance::compare(runtime.outputs[k], spec.outputs[k], tol);
    if (!d.empty())
      return {Outcome::differ, "output " + std::to_string(k) + ": runtime " + d + " (expected: onnxsem's)",
              measured(k)};
    if (const auto m = measured(k)) {
      agree.ulp = std::max(agree.ulp, m->max_ulp);
      agree.rel = std::max(agree.rel, m->max_rel);
    }
  }
  return agree;
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
    s.reason = "the adapter was killed by signal " + std::to_string(code_or_signal) +
               std::string(strsignal(code_or_signal) ? std::string(" (") + strsignal(code_or_signal) + ")" : "");
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

// [spec:XC8] the names and paths a reduction may change, taken out of a runtime's error message so that
// the reduced model's error can be compared with the original one's.
std::string normalized_message(const std::string& message, std::vector<std::string> names) {
  std::erase(names, std::string());
  std::sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  auto word_char = [&](size_t i) {
    const auto c = static_cast<unsigned char>(message[i]);
    return std::isalnum(c) || c == '_';
  };
  std::string out;
  for (size_t i = 0; i < message.size();) {
    const std::string* hit = nullptr;
    if (i == 0 || !word_char(i - 1))
      for (const auto& n : names)
        if (message.compare(i, n.size(), n) == 0 && (i + n.size() == message.size() || !word_char(i + n.size()))) {
          hit = &n;
          break;
        }
    if (hit) {
      out += "<name>";
      i += hit->size();
    } else {
      out += message[i++];
    }
  }
  return out;
}

}  // namespace onnxsem::crosscheck

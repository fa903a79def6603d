// Operator family: signal processing (spec/ops-signal.md): DFT, STFT, the Hann, Hamming and Blackman
// windows and MelWeightMatrix. Transforms are evaluated directly from their defining sums in binary64 and
// rounded once to the output element type (P1).
#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

#include "ops/common/attrs.hpp"
#include "ops/common/values.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"
#include "runtime/work.hpp"
#include "values/dispatch.hpp"
#include "values/numeric.hpp"

namespace onnxsem::ops {
namespace {

constexpr double two_pi = 2.0 * std::numbers::pi;

std::vector<double> widen(const Tensor& t, const std::string& what) {
  return dispatch(t.dtype(), float_types, what, [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto d = t.data<T>();
    std::vector<double> v(d.size());
    for (size_t i = 0; i < d.size(); ++i) v[i] = num::to_double(d[i]);
    return v;
  });
}

template <class Types>
Tensor narrow(EvalContext& cx, DType dt, Types types, Shape shape, const std::vector<double>& v,
              const std::string& what) {
  return dispatch(dt, types, what, [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto [t, out] = Tensor::allocate<T>(cx, std::move(shape));
    for (size_t i = 0; i < v.size(); ++i) out[i] = num::from_double<T>(v[i]);
    return t;
  });
}

// A scalar (or one-element) integer input.
int64_t scalar_int(const Tensor& t, const std::string& what) {
  const auto v = int_list(t, what);
  // [spec:SG1] scalar inputs hold exactly one value.
  ONNXSEM_CLAUSE(SG1);
  if (v.size() != 1) eval_error("SG1", what + " has shape " + show(t.shape()) + ", expected a scalar");
  return v[0];
}
double scalar_float(const Tensor& t, const std::string& what) {
  const auto v = widen(t, what);
  if (v.size() != 1) eval_error("SG1", what + " has shape " + show(t.shape()) + ", expected a scalar");
  return v[0];
}

// e^{sign * 2 pi i k n / N}, with k n reduced modulo N first so that large products keep their accuracy.
void twiddle(int64_t k, int64_t n, int64_t N, double sign, double& re, double& im) {
  const auto kn = static_cast<int64_t>((static_cast<unsigned __int128>(k) * static_cast<unsigned __int128>(n)) %
                                       static_cast<unsigned __int128>(N));
  const double angle = sign * two_pi * static_cast<double>(kn) / static_cast<double>(N);
  re = std::cos(angle);
  im = std::sin(angle);
}

// ---- DFT ---------------------------------------------------------------------------------------------

std::vector<std::optional<Value>> dft(const KernelArgs& a, bool axis_is_input) {
  EvalContext& cx = a.context();
  const Node& n = a.node;
  const Tensor& x = a.tensor(0);
  const int64_t r = x.rank();
  // [spec:SG2] input layout [..., signal axes ..., 1 or 2].
  ONNXSEM_CLAUSE(SG2);
  if (r < 2 || (x.dim(r - 1) != 1 && x.dim(r - 1) != 2))
    eval_error("SG2", "input has shape " + show(x.shape()) + ", expected rank >= 2 and a last dimension of 1 or 2");
  const bool complex_in = x.dim(r - 1) == 2;
  int64_t axis = axis_is_input ? -2 : attr_int(n, "axis", 1);
  if (axis_is_input && a.has_input(2)) axis = scalar_int(a.tensor(2), "axis");
  // [spec:SG3] the axis lies in [-r, -2] or [0, r-2]; the last axis holds the complex components.
  ONNXSEM_CLAUSE(SG3);
  if (axis < -r || axis > r - 2)
    eval_error("SG3", "DFT axis " + std::to_string(axis) + " outside [-" + std::to_string(r) + ", " +
                          std::to_string(r - 2) + "] for input rank " + std::to_string(r));
  if (axis < 0) axis += r;
  if (axis == r - 1) eval_error("SG3", "DFT axis " + std::to_string(axis) + " is the complex-component axis");
  const bool inverse = attr_int(n, "inverse", 0) != 0;
  const bool onesided = attr_int(n, "onesided", 0) != 0;
  // [spec:SG2] a one-sided forward transform takes a real signal, a one-sided inverse a complex spectrum.
  ONNXSEM_CLAUSE(SG2);
  if (onesided && complex_in != inverse)
    eval_error("SG2", std::string(inverse ? "a one-sided inverse transform takes a complex input (last dimension 2)"
                                          : "a one-sided forward transform takes a real input (last dimension 1)") +
                          ", got input shape " + show(x.shape()));
  const int64_t M = x.dim(axis);
  std::optional<int64_t> given_len;
  if (a.has_input(1)) given_len = scalar_int(a.tensor(1), "dft_length");
  // [spec:SG4] the transform length is dft_length, or the input extent (2 * (extent - 1) for the real inverse).
  ONNXSEM_CLAUSE(SG4);
  const int64_t N = given_len ? *given_len : (inverse && onesided ? 2 * (M - 1) : M);
  if (N < 1) eval_error("SG4", "DFT length " + std::to_string(N) + " is not positive");

  // Shape: outer axes before `axis`, inner after it (excluding the component axis).
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < axis; ++i) outer *= x.dim(i);
  for (int64_t i = axis + 1; i < r - 1; ++i) inner *= x.dim(i);
  const int64_t comp = x.dim(r - 1);
  const auto in = widen(x, "DFT input");
  auto sample = [&](int64_t o, int64_t m, int64_t i, double& re, double& im) {
    const size_t base = static_cast<size_t>(((o * M + m) * inner + i) * comp);
    re = in[base];
    im = complex_in ? in[base + 1] : 0.0;
  };

  // L5: one multiply-add per output bin and input sample, counted before the sums are formed.
  cx.charge(work_product({outer, inner, N, std::max<int64_t>(M, N)}), "the DFT's sums");
  Shape out_shape = x.shape();
  std::vector<double> out;
  if (inverse && onesided) {
    // [spec:SG6] real inverse: the input holds bins 0..M-1 of a spectrum with Hermitian symmetry.
    ONNXSEM_CLAUSE(SG6);
    out_shape[static_cast<size_t>(axis)] = N;
    out_shape.back() = 1;
    out = work_buffer(cx, out_shape);
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i)
        for (int64_t t = 0; t < N; ++t) {
          double acc = 0;
          for (int64_t k = 0; k < N; ++k) {
            const bool mirrored = k > N / 2;
            const int64_t src = mirrored ? N - k : k;
            if (src >= M) continue;
            double re = 0, im = 0, cr = 0, ci = 0;
            sample(o, src, i, re, im);
            if (mirrored) im = -im;
            twiddle(k, t, N, 1.0, cr, ci);
            acc += re * cr - im * ci;
          }
          out[static_cast<size_t>((o * N + t) * inner + i)] = acc / static_cast<double>(N);
        }
  } else {
    // [spec:SG5] y[k] = sum_n x[n] e^{-2 pi i k n / N} (inverse: e^{+...} / N); onesided keeps k <= N/2.
    ONNXSEM_CLAUSE(SG5);
    const int64_t K = onesided ? N / 2 + 1 : N;
    out_shape[static_cast<size_t>(axis)] = K;
    out_shape.back() = 2;
    out = work_buffer(cx, out_shape);
    const double sign = inverse ? 1.0 : -1.0;
    const int64_t used = std::min(M, N);  // zero padding beyond M, truncation beyond N
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i)
        for (int64_t k = 0; k < K; ++k) {
          double ar = 0, ai = 0;
          for (int64_t m = 0; m < used; ++m) {
            double re = 0, im = 0, cr = 0, ci = 0;
            sample(o, m, i, re, im);
            twiddle(k, m, N, sign, cr, ci);
            ar += re * cr - im * ci;
            ai += re * ci + im * cr;
          }
          if (inverse) {
            ar /= static_cast<double>(N);
            ai /= static_cast<double>(N);
          }
          const size_t at = static_cast<size_t>(((o * K + k) * inner + i) * 2);
          out[at] = ar;
          out[at + 1] = ai;
        }
  }
  std::vector<std::optional<Value>> res(a.output_count());
  res[0] = Value(narrow(cx, x.dtype(), float_types, out_shape, out, "DFT"));
  return res;
}

// ---- STFT --------------------------------------------------------------------------------------------

std::vector<std::optional<Value>> stft(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  // [spec:SG7] signal [batch, length, 1 or 2]; frame_step >= 1; window 1-D of frame_length entries.
  ONNXSEM_CLAUSE(SG7);
  if (x.rank() != 3 || (x.dim(2) != 1 && x.dim(2) != 2))
    eval_error("SG7", "signal has shape " + show(x.shape()) + ", expected [batch, length, 1 or 2]");
  const int64_t B = x.dim(0), L = x.dim(1), comp = x.dim(2);
  const int64_t step = scalar_int(a.tensor(1), "frame_step");
  if (step < 1) eval_error("SG7", "frame_step is " + std::to_string(step) + ", expected at least 1");
  std::optional<std::vector<double>> window;
  if (a.has_input(2)) {
    const Tensor& w = a.tensor(2);
    if (w.rank() != 1) eval_error("SG7", "window has shape " + show(w.shape()) + ", expected rank 1");
    if (w.dtype() != x.dtype()) eval_error("SG7", "window element type differs from the signal's");
    window = widen(w, "window");
  }
  int64_t F = window ? static_cast<int64_t>(window->size()) : L;
  if (a.has_input(3)) {
    F = scalar_int(a.tensor(3), "frame_length");
    if (window && static_cast<int64_t>(window->size()) != F)
      eval_error("SG7",
                 "window has " + std::to_string(window->size()) + " entries but frame_length is " + std::to_string(F));
  }
  if (F < 1 || F > L)
    eval_error("SG7", "frame length " + std::to_string(F) + " outside [1, " + std::to_string(L) + "]");
  if (!window) window = std::vector<double>(static_cast<size_t>(F), 1.0);
  const bool onesided = attr_int(a.node, "onesided", 1) != 0;
  // [spec:SG8] frames start every frame_step samples; each is weighted by the window and transformed.
  ONNXSEM_CLAUSE(SG8);
  const int64_t frames = 1 + (L - F) / step;
  const int64_t K = onesided ? F / 2 + 1 : F;
  const auto in = widen(x, "STFT signal");
  std::vector<double> out = work_buffer(cx, {B, frames, K, 2});
  for (int64_t b = 0; b < B; ++b)
    for (int64_t f = 0; f < frames; ++f)
      for (int64_t k = 0; k < K; ++k) {
        double ar = 0, ai = 0;
        for (int64_t m = 0; m < F; ++m) {
          const size_t base = static_cast<size_t>((b * L + f * step + m) * comp);
          const double wv = (*window)[static_cast<size_t>(m)];
          const double re = in[base] * wv;
          const double im = comp == 2 ? in[base + 1] * wv : 0.0;
          double cr = 0, ci = 0;
          twiddle(k, m, F, -1.0, cr, ci);
          ar += re * cr - im * ci;
          ai += re * ci + im * cr;
        }
        const size_t at = static_cast<size_t>(((b * frames + f) * K + k) * 2);
        out[at] = ar;
        out[at + 1] = ai;
      }
  std::vector<std::optional<Value>> res(a.output_count());
  res[0] = Value(narrow(cx, x.dtype(), float_types, {B, frames, K, 2}, out, "STFT"));
  return res;
}

// ---- windows -----------------------------------------------------------------------------------------

DType output_type(const Node& n) {
  const int64_t code = attr_int(n, "output_datatype", 1);
  // [spec:SG9] output_datatype names a numeric element type (float by default).
  ONNXSEM_CLAUSE(SG9);
  if (code < 0 || code > 1000 || !dtype_known(static_cast<int32_t>(code)))
    eval_error("SG9", "attribute 'output_datatype' is " + std::to_string(code) + ", not an element type");
  return static_cast<DType>(code);
}

// Generalised cosine window: sum_j (-1)^j c_j cos(2 pi j n / N).
std::vector<std::optional<Value>> cosine_window(const KernelArgs& a, const std::vector<double>& coeffs,
                                                const std::string& op) {
  EvalContext& cx = a.context();
  const int64_t size = scalar_int(a.tensor(0), "size");
  if (size < 0) eval_error("SG10", "window size " + std::to_string(size) + " is negative");
  const bool periodic = attr_int(a.node, "periodic", 1) != 0;
  // [spec:SG10] N = size when periodic, else size - 1; a symmetric window of one sample is [1].
  ONNXSEM_CLAUSE(SG10);
  const int64_t N = periodic ? size : size - 1;
  std::vector<double> w = work_buffer(cx, {size});
  std::fill(w.begin(), w.end(), 1.0);
  if (N > 0) {
    for (int64_t i = 0; i < size; ++i) {
      double v = 0;
      for (size_t j = 0; j < coeffs.size(); ++j) {
        double cr = 0, ci = 0;
        twiddle(static_cast<int64_t>(j), i, N, 1.0, cr, ci);
        v += (j % 2 == 0 ? 1.0 : -1.0) * coeffs[j] * cr;
      }
      w[static_cast<size_t>(i)] = v;
    }
  }
  std::vector<std::optional<Value>> res(a.output_count());
  res[0] = Value(narrow(cx, output_type(a.node), numeric_types, {size}, w, op));
  return res;
}

// ---- MelWeightMatrix ---------------------------------------------------------------------------------

std::vector<std::optional<Value>> mel_weight_matrix(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const int64_t mels = scalar_int(a.tensor(0), "num_mel_bins");
  const int64_t dft_length = scalar_int(a.tensor(1), "dft_length");
  const int64_t rate = scalar_int(a.tensor(2), "sample_rate");
  const double lo = scalar_float(a.tensor(3), "lower_edge_hertz");
  const double hi = scalar_float(a.tensor(4), "upper_edge_hertz");
  // [spec:SG11] positive counts and rate; 0 <= lower_edge_hertz <= upper_edge_hertz.
  ONNXSEM_CLAUSE(SG11);
  if (mels < 1 || dft_length < 1 || rate < 1)
    eval_error("SG11", "num_mel_bins, dft_length and sample_rate must be positive (got " + std::to_string(mels) + ", " +
                           std::to_string(dft_length) + ", " + std::to_string(rate) + ")");
  if (!(lo >= 0) || !(hi >= lo))
    eval_error("SG11", "edge frequencies " + std::to_string(lo) + ", " + std::to_string(hi) + " are not ordered");
  const int64_t bins = dft_length / 2 + 1;
  std::vector<double> w = work_buffer(cx, {bins, mels});
  auto to_mel = [](double hz) { return 2595.0 * std::log10(1.0 + hz / 700.0); };
  const double mlo = to_mel(lo);
  const double mstep = (to_mel(hi) - mlo) / static_cast<double>(mels + 2);
  // [spec:SG12] num_mel_bins + 2 points evenly spaced in mel, mapped to DFT bins by floor((dft_length + 1) f / rate).
  ONNXSEM_CLAUSE(SG12);
  std::vector<int64_t> edge(static_cast<size_t>(mels + 2));
  for (int64_t i = 0; i < mels + 2; ++i) {
    const double hz = 700.0 * (std::pow(10.0, (static_cast<double>(i) * mstep + mlo) / 2595.0) - 1.0);
    const double b = std::floor(static_cast<double>(dft_length + 1) * hz / static_cast<double>(rate));
    if (!(b >= 0) || b >= static_cast<double>(bins))
      eval_error("SG11", "mel edge " + std::to_string(i) + " falls on DFT bin " + std::to_string(b) + ", outside [0, " +
                             std::to_string(bins) + ")");
    edge[static_cast<size_t>(i)] = static_cast<int64_t>(b);
  }
  auto at = [&](int64_t j, int64_t i) -> double& { return w[static_cast<size_t>(j * mels + i)]; };
  // [spec:SG13] triangle i rises from edge i to edge i+1 and falls to edge i+2.
  ONNXSEM_CLAUSE(SG13);
  for (int64_t i = 0; i < mels; ++i) {
    const int64_t l = edge[static_cast<size_t>(i)], c = edge[static_cast<size_t>(i + 1)],
                  r = edge[static_cast<size_t>(i + 2)];
    if (c == l) at(c, i) = 1.0;
    else
      for (int64_t j = l; j <= c; ++j) at(j, i) = static_cast<double>(j - l) / static_cast<double>(c - l);
    if (r > c)
      for (int64_t j = c; j < r; ++j) at(j, i) = static_cast<double>(r - j) / static_cast<double>(r - c);
  }
  std::vector<std::optional<Value>> res(a.output_count());
  res[0] = Value(narrow(cx, output_type(a.node), numeric_types, {bins, mels}, w, "MelWeightMatrix"));
  return res;
}

}  // namespace

void add_signal(Registry& r) {
  r.add("", "DFT", {17}, [](const KernelArgs& a) { return dft(a, false); });
  r.add("", "DFT", {20}, [](const KernelArgs& a) { return dft(a, true); });
  r.add("", "STFT", {17}, stft);
  r.add("", "HannWindow", {17}, [](const KernelArgs& a) { return cosine_window(a, {0.5, 0.5}, "HannWindow"); });
  r.add("", "HammingWindow", {17}, [](const KernelArgs& a) {
    return cosine_window(a, {25.0 / 46.0, 21.0 / 46.0}, "HammingWindow");
  });
  r.add("", "BlackmanWindow", {17}, [](const KernelArgs& a) {
    return cosine_window(a, {0.42, 0.5, 0.08}, "BlackmanWindow");
  });
  r.add("", "MelWeightMatrix", {17}, mel_weight_matrix);
}

}  // namespace onnxsem::ops

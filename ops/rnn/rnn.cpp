// Operator family: recurrent layers RNN, GRU and LSTM (spec/ops-rnn.md). One engine walks the time steps
// of every direction and batch entry; the three cells differ only in their gate equations. Values are
// widened to binary64, the whole recurrence runs in binary64, and Y, Y_h, Y_c are rounded once (P1).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "ops/common/attrs.hpp"
#include "ops/common/values.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"
#include "values/dispatch.hpp"
#include "values/numeric.hpp"

namespace onnxsem::ops {
namespace {

enum class Cell { rnn, gru, lstm };

const char* cell_name(Cell c) { return c == Cell::rnn ? "RNN" : c == Cell::gru ? "GRU" : "LSTM"; }
int64_t gate_count(Cell c) { return c == Cell::rnn ? 1 : c == Cell::gru ? 3 : 4; }
size_t activation_count(Cell c) { return c == Cell::rnn ? 1 : c == Cell::gru ? 2 : 3; }

// ---- activation functions ----------------------------------------------------------------------------

enum class ActKind {
  relu,
  tanh,
  sigmoid,
  affine,
  leaky_relu,
  thresholded_relu,
  scaled_tanh,
  hard_sigmoid,
  elu,
  softsign,
  softplus
};

struct Activation {
  ActKind kind = ActKind::tanh;
  double alpha = 0;
  double beta = 0;

  [[nodiscard]] double operator()(double x) const {
    switch (kind) {
      case ActKind::relu: return x > 0 ? x : 0.0;
      case ActKind::tanh: return std::tanh(x);
      case ActKind::sigmoid: return 1.0 / (1.0 + std::exp(-x));
      case ActKind::affine: return alpha * x + beta;
      case ActKind::leaky_relu: return x < 0 ? alpha * x : x;
      case ActKind::thresholded_relu: return x >= alpha ? x : 0.0;  // the RNN operators' own definition
      case ActKind::scaled_tanh: return alpha * std::tanh(beta * x);
      case ActKind::hard_sigmoid: return std::max(0.0, std::min(1.0, alpha * x + beta));
      case ActKind::elu: return x < 0 ? alpha * (std::exp(x) - 1.0) : x;
      case ActKind::softsign: return x / (1.0 + std::fabs(x));
      case ActKind::softplus: return x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
    }
    return x;
  }
};

struct ActSpec {
  const char* name;
  ActKind kind;
  int uses;  // 0: none, 1: alpha, 2: alpha and beta
  double alpha, beta;
};
// Default alpha/beta are those of the ONNX operators of the same name.
constexpr ActSpec act_specs[] = {
    {"relu", ActKind::relu, 0, 0, 0},
    {"tanh", ActKind::tanh, 0, 0, 0},
    {"sigmoid", ActKind::sigmoid, 0, 0, 0},
    {"affine", ActKind::affine, 2, 1.0, 0.0},
    {"leakyrelu", ActKind::leaky_relu, 1, 0.01, 0},
    {"thresholdedrelu", ActKind::thresholded_relu, 1, 1.0, 0},
    {"scaledtanh", ActKind::scaled_tanh, 2, 1.0, 1.0},
    {"hardsigmoid", ActKind::hard_sigmoid, 2, 0.2, 0.5},
    {"elu", ActKind::elu, 1, 1.0, 0},
    {"softsign", ActKind::softsign, 0, 0, 0},
    {"softplus", ActKind::softplus, 0, 0, 0},
};

// The activations of every direction: result[d][k] is the k-th function (f, g, h) of direction d.
std::vector<std::vector<Activation>> read_activations(const Node& n, Cell cell, int64_t dirs) {
  const size_t k = activation_count(cell);
  std::vector<std::string> names;
  if (auto given = attr_strings_opt(n, "activations")) {
    names = *given;
  } else {
    const std::vector<std::string> defaults = cell == Cell::rnn   ? std::vector<std::string>{"Tanh"}
                                              : cell == Cell::gru ? std::vector<std::string>{"Sigmoid", "Tanh"}
                                                                  : std::vector<std::string>{"Sigmoid", "Tanh", "Tanh"};
    for (int64_t d = 0; d < dirs; ++d) names.insert(names.end(), defaults.begin(), defaults.end());
  }
  // [spec:RN5] k functions per direction; a list of k for a bidirectional layer serves both directions.
  ONNXSEM_CLAUSE(RN5);
  if (names.size() != k * static_cast<size_t>(dirs) && !(dirs == 2 && names.size() == k))
    eval_error("RN5", "attribute 'activations' has " + std::to_string(names.size()) + " entries, expected " +
                          std::to_string(k * static_cast<size_t>(dirs)));
  const std::vector<float> alphas = attr_floats_opt(n, "activation_alpha").value_or(std::vector<float>{});
  const std::vector<float> betas = attr_floats_opt(n, "activation_beta").value_or(std::vector<float>{});
  size_t ai = 0, bi = 0;
  std::vector<Activation> list;
  for (const auto& name : names) {
    std::string low;
    for (char c : name) low += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const ActSpec* spec = nullptr;
    for (const auto& s : act_specs)
      if (low == s.name) spec = &s;
    if (spec == nullptr) eval_error("RN5", "unknown activation function '" + name + "'");
    // [spec:RN6] activation_alpha / activation_beta are consumed in order by the functions that use them.
    ONNXSEM_CLAUSE(RN6);
    Activation a{spec->kind, spec->alpha, spec->beta};
    if (spec->uses >= 1 && ai < alphas.size()) a.alpha = alphas[ai++];
    if (spec->uses >= 2 && bi < betas.size()) a.beta = betas[bi++];
    list.push_back(a);
  }
  std::vector<std::vector<Activation>> out(static_cast<size_t>(dirs));
  for (int64_t d = 0; d < dirs; ++d) {
    const size_t base = names.size() == k ? 0 : static_cast<size_t>(d) * k;
    out[static_cast<size_t>(d)].assign(list.begin() + static_cast<ptrdiff_t>(base),
                                       list.begin() + static_cast<ptrdiff_t>(base + k));
  }
  return out;
}

// ---- inputs ------------------------------------------------------------------------------------------

std::vector<double> widen(const Tensor& t, DType want, const std::string& what) {
  // [spec:RN2] every floating-point input has the element type of X.
  ONNXSEM_CLAUSE(RN2);
  if (t.dtype() != want)
    eval_error("RN2", what + " has element type " + dtype_name(t.dtype()) + ", X has " + dtype_name(want));
  return dispatch(t.dtype(), float_types, what, [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto d = t.data<T>();
    std::vector<double> v(d.size());
    for (size_t i = 0; i < d.size(); ++i) v[i] = num::to_double(d[i]);
    return v;
  });
}

void expect_shape(const Tensor& t, const Shape& want, const std::string& what) {
  // [spec:RN2] W, R, B, initial_h, initial_c and P have the shapes their dimensions determine.
  ONNXSEM_CLAUSE(RN2);
  if (t.shape() != want) eval_error("RN2", what + " has shape " + show(t.shape()) + ", expected " + show(want));
}

Tensor narrow(EvalContext& cx, DType dt, Shape shape, const std::vector<double>& v) {
  return dispatch(dt, float_types, "recurrent output", [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto [t, out] = Tensor::allocate<T>(cx, std::move(shape));
    for (size_t i = 0; i < v.size(); ++i) out[i] = num::from_double<T>(v[i]);
    return t;
  });
}

struct Options {
  Cell cell;
  bool layout_attr;  // the version has the layout attribute
  bool lbr_attr;     // the version has linear_before_reset
};

std::vector<std::optional<Value>> run_recurrent(const KernelArgs& a, const Options& o) {
  EvalContext& cx = a.context();
  const Node& n = a.node;
  const std::string op = cell_name(o.cell);
  const int64_t G = gate_count(o.cell);

  // [spec:RN1] direction and layout attributes.
  ONNXSEM_CLAUSE(RN1);
  const std::string direction = attr_string(n, "direction", "forward");
  if (direction != "forward" && direction != "reverse" && direction != "bidirectional")
    eval_error("RN1", "attribute 'direction' is '" + direction + "', expected forward, reverse or bidirectional");
  const int64_t D = direction == "bidirectional" ? 2 : 1;
  const int64_t layout = o.layout_attr ? attr_int(n, "layout", 0) : 0;
  if (layout != 0 && layout != 1)
    eval_error("RN1", "attribute 'layout' is " + std::to_string(layout) + ", expected 0 or 1");
  const bool lbr = o.lbr_attr && attr_int(n, "linear_before_reset", 0) != 0;
  const bool input_forget = o.cell == Cell::lstm && attr_int(n, "input_forget", 0) != 0;

  const Tensor& X = a.tensor(0);
  const Tensor& W = a.tensor(1);
  const Tensor& R = a.tensor(2);
  const DType dt = X.dtype();
  if (X.rank() != 3) eval_error("RN2", "X has shape " + show(X.shape()) + ", expected rank 3");
  const int64_t S = layout == 0 ? X.dim(0) : X.dim(1);
  const int64_t Bn = layout == 0 ? X.dim(1) : X.dim(0);
  const int64_t I = X.dim(2);
  if (R.rank() != 3) eval_error("RN2", "R has shape " + show(R.shape()) + ", expected rank 3");
  const int64_t H = R.dim(2);
  // [spec:RN3] hidden_size, when given, agrees with R.
  ONNXSEM_CLAUSE(RN3);
  if (auto hs = attr_int_opt(n, "hidden_size")) {
    if (*hs <= 0 || *hs != H)
      eval_error("RN3", "attribute 'hidden_size' is " + std::to_string(*hs) + " but R has shape " + show(R.shape()));
  }
  expect_shape(W, {D, G * H, I}, "W");
  expect_shape(R, {D, G * H, H}, "R");
  const auto w = widen(W, dt, "W");
  const auto r = widen(R, dt, "R");
  const auto x = widen(X, dt, "X");
  std::vector<double> bias(static_cast<size_t>(D * 2 * G * H), 0.0);
  if (a.has_input(3)) {
    expect_shape(a.tensor(3), {D, 2 * G * H}, "B");
    bias = widen(a.tensor(3), dt, "B");
  }
  std::vector<int64_t> lens(static_cast<size_t>(Bn), S);
  if (a.has_input(4)) {
    const Tensor& sl = a.tensor(4);
    if (sl.shape() != Shape{Bn})
      eval_error("RN4", "sequence_lens has shape " + show(sl.shape()) + ", expected [" + std::to_string(Bn) + "]");
    lens = int_list(sl, "sequence_lens");
    // [spec:RN4] every sequence length lies in [0, seq_length].
    ONNXSEM_CLAUSE(RN4);
    for (int64_t v : lens)
      if (v < 0 || v > S)
        eval_error("RN4", "sequence_lens holds " + std::to_string(v) + ", outside [0, " + std::to_string(S) + "]");
  }
  const Shape state_shape = layout == 0 ? Shape{D, Bn, H} : Shape{Bn, D, H};
  auto state_at = [&](int64_t d, int64_t b, int64_t j) {
    return static_cast<size_t>(layout == 0 ? (d * Bn + b) * H + j : (b * D + d) * H + j);
  };
  std::vector<double> h0(static_cast<size_t>(D * Bn * H), 0.0), c0 = h0;
  if (a.has_input(5)) {
    expect_shape(a.tensor(5), state_shape, "initial_h");
    h0 = widen(a.tensor(5), dt, "initial_h");
  }
  std::vector<double> peep(static_cast<size_t>(D * 3 * H), 0.0);
  if (o.cell == Cell::lstm) {
    if (a.has_input(6)) {
      expect_shape(a.tensor(6), state_shape, "initial_c");
      c0 = widen(a.tensor(6), dt, "initial_c");
    }
    if (a.has_input(7)) {
      expect_shape(a.tensor(7), {D, 3 * H}, "P");
      peep = widen(a.tensor(7), dt, "P");
    }
  }
  const auto acts = read_activations(n, o.cell, D);
  std::optional<double> clip;
  if (auto c = attr_float_opt(n, "clip")) {
    // [spec:RN7] a clip threshold is positive; activation inputs are clamped to [-clip, clip].
    ONNXSEM_CLAUSE(RN7);
    if (!(*c > 0)) eval_error("RN7", "attribute 'clip' is " + std::to_string(*c) + ", expected a positive threshold");
    clip = *c;
  }
  auto clamp = [&](double v) { return clip ? std::max(-*clip, std::min(*clip, v)) : v; };

  const Shape y_shape = layout == 0 ? Shape{S, D, Bn, H} : Shape{Bn, S, D, H};
  std::vector<double> y = work_buffer(cx, y_shape);
  std::vector<double> yh(h0.size(), 0.0), yc(h0.size(), 0.0);
  auto x_at = [&](int64_t t, int64_t b, int64_t i) {
    return x[static_cast<size_t>(layout == 0 ? (t * Bn + b) * I + i : (b * S + t) * I + i)];
  };
  auto y_at = [&](int64_t t, int64_t d, int64_t b, int64_t j) {
    return static_cast<size_t>(layout == 0 ? ((t * D + d) * Bn + b) * H + j : ((b * S + t) * D + d) * H + j);
  };

  std::vector<double> h(static_cast<size_t>(H)), c(static_cast<size_t>(H)), gx(static_cast<size_t>(G * H)),
      gh(static_cast<size_t>(G * H)), nh(static_cast<size_t>(H)), rh(static_cast<size_t>(H));
  for (int64_t d = 0; d < D; ++d) {
    const bool reverse = direction == "reverse" || d == 1;
    const auto& f = acts[static_cast<size_t>(d)];
    const double* Wd = w.data() + d * G * H * I;
    const double* Rd = r.data() + d * G * H * H;
    const double* Wb = bias.data() + d * 2 * G * H;
    const double* Rb = Wb + G * H;
    const double* Pd = peep.data() + d * 3 * H;
    for (int64_t b = 0; b < Bn; ++b) {
      for (int64_t j = 0; j < H; ++j) {
        h[static_cast<size_t>(j)] = h0[state_at(d, b, j)];
        c[static_cast<size_t>(j)] = c0[state_at(d, b, j)];
      }
      const int64_t L = lens[static_cast<size_t>(b)];
      // [spec:RN8] steps 0..L-1 in time order (forward) or reverse time order; later steps of Y stay zero.
      ONNXSEM_CLAUSE(RN8);
      for (int64_t s = 0; s < L; ++s) {
        const int64_t t = reverse ? L - 1 - s : s;
        // Input and recurrent projections of every gate, biases included.
        for (int64_t g = 0; g < G * H; ++g) {
          double ax = Wb[g];
          for (int64_t i = 0; i < I; ++i) ax += Wd[g * I + i] * x_at(t, b, i);
          double ah = Rb[g];
          for (int64_t k = 0; k < H; ++k) ah += Rd[g * H + k] * h[static_cast<size_t>(k)];
          gx[static_cast<size_t>(g)] = ax;
          gh[static_cast<size_t>(g)] = ah;
        }
        auto at = [](std::vector<double>& v, int64_t i) -> double& { return v[static_cast<size_t>(i)]; };
        if (o.cell == Cell::rnn) {
          // [spec:RN9] Ht = f(Xt W^T + Ht-1 R^T + Wb + Rb).
          ONNXSEM_CLAUSE(RN9);
          for (int64_t j = 0; j < H; ++j) at(nh, j) = f[0](clamp(at(gx, j) + at(gh, j)));
          h = nh;
        } else if (o.cell == Cell::gru) {
          // [spec:RN10] gates z, r, h; linear_before_reset decides where r multiplies.
          ONNXSEM_CLAUSE(RN10);
          for (int64_t j = 0; j < H; ++j) at(rh, j) = f[0](clamp(at(gx, H + j) + at(gh, H + j)));  // r
          for (int64_t j = 0; j < H; ++j) {
            const double z = f[0](clamp(at(gx, j) + at(gh, j)));
            double pre = 0;
            if (lbr) {
              pre = at(gx, 2 * H + j) + at(rh, j) * at(gh, 2 * H + j);
            } else {
              double acc = Rb[2 * H + j];
              for (int64_t k = 0; k < H; ++k) acc += Rd[(2 * H + j) * H + k] * at(rh, k) * h[static_cast<size_t>(k)];
              pre = at(gx, 2 * H + j) + acc;
            }
            const double cand = f[1](clamp(pre));
            at(nh, j) = (1.0 - z) * cand + z * h[static_cast<size_t>(j)];
          }
          h = nh;
        } else {
          // [spec:RN11] gates i, o, f, c with peepholes P = (Pi, Po, Pf); input_forget couples f = 1 - i.
          ONNXSEM_CLAUSE(RN11);
          for (int64_t j = 0; j < H; ++j) {
            const double cprev = c[static_cast<size_t>(j)];
            const double ig = f[0](clamp(at(gx, j) + at(gh, j) + Pd[j] * cprev));
            const double fg = input_forget ? 1.0 - ig
                                           : f[0](clamp(at(gx, 2 * H + j) + at(gh, 2 * H + j) + Pd[2 * H + j] * cprev));
            const double cc = f[1](clamp(at(gx, 3 * H + j) + at(gh, 3 * H + j)));
            const double cnew = fg * cprev + ig * cc;
            const double og = f[0](clamp(at(gx, H + j) + at(gh, H + j) + Pd[H + j] * cnew));
            c[static_cast<size_t>(j)] = cnew;
            at(nh, j) = og * f[2](clamp(cnew));
          }
          h = nh;
        }
        for (int64_t j = 0; j < H; ++j) y[y_at(t, d, b, j)] = h[static_cast<size_t>(j)];
      }
      // [spec:RN12] Y_h and Y_c hold the state after the last step processed (the initial state when L = 0).
      ONNXSEM_CLAUSE(RN12);
      for (int64_t j = 0; j < H; ++j) {
        yh[state_at(d, b, j)] = h[static_cast<size_t>(j)];
        yc[state_at(d, b, j)] = c[static_cast<size_t>(j)];
      }
    }
  }

  std::vector<std::optional<Value>> out(a.output_count());
  if (out.size() > 0) out[0] = Value(narrow(cx, dt, y_shape, y));
  if (out.size() > 1) out[1] = Value(narrow(cx, dt, state_shape, yh));
  if (out.size() > 2 && o.cell == Cell::lstm) out[2] = Value(narrow(cx, dt, state_shape, yc));
  return out;
}

}  // namespace

void add_rnn(Registry& r) {
  r.add("", "RNN", {1, 7}, [](const KernelArgs& a) { return run_recurrent(a, {Cell::rnn, false, false}); });
  r.add("", "RNN", {14, 22}, [](const KernelArgs& a) { return run_recurrent(a, {Cell::rnn, true, false}); });
  r.add("", "GRU", {1}, [](const KernelArgs& a) { return run_recurrent(a, {Cell::gru, false, false}); });
  r.add("", "GRU", {3, 7}, [](const KernelArgs& a) { return run_recurrent(a, {Cell::gru, false, true}); });
  r.add("", "GRU", {14, 22}, [](const KernelArgs& a) { return run_recurrent(a, {Cell::gru, true, true}); });
  r.add("", "LSTM", {1, 7}, [](const KernelArgs& a) { return run_recurrent(a, {Cell::lstm, false, false}); });
  r.add("", "LSTM", {14, 22}, [](const KernelArgs& a) { return run_recurrent(a, {Cell::lstm, true, false}); });
}

}  // namespace onnxsem::ops

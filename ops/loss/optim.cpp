// Optimizer updates of the ai.onnx.preview.training domain (spec/ops-loss.md, LOSS10-LOSS15).
//
// Each operator takes a learning rate R, an update count T, and k groups of n tensors: the optimized
// tensors X_1..X_n, their gradients, then one or two groups of state (accumulated squared gradients,
// momenta). It returns the new X_1..X_n followed by the new state groups. The update is elementwise, so
// one per-element function of binary64 values describes each operator; every result is rounded once to
// its tensor's element type (P1).
#include <array>
#include <cmath>

#include "ops/common/attrs.hpp"
#include "ops/loss/loss.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::loss {
namespace {

constexpr const char* kTraining = "ai.onnx.preview.training";

double read_rate(const Tensor& r, const std::string& op) {
  // [spec:LOSS11] R is a float or double tensor of one element, T an int64 tensor of one element.
  ONNXSEM_CLAUSE(LOSS11);
  if ((r.dtype() != DType::float32 && r.dtype() != DType::float64) || r.size() != 1)
    eval_error("LOSS11", op + ": input R must hold one float or double value, got " + Value(r).describe());
  return widen_all(r, optim_float_types, op)[0];
}

int64_t read_count(const Tensor& t, const std::string& op) {
  if (t.dtype() != DType::int64 || t.size() != 1)
    eval_error("LOSS11", op + ": input T must hold one int64 value, got " + Value(t).describe());
  return t.data<int64_t>()[0];
}

float required_float(const Node& n, const std::string& name, const std::string& op) {
  const auto v = attr_float_opt(n, name);
  if (!v) eval_error("A1", op + ": required attribute " + name + " is missing");
  return *v;
}

// Runs an elementwise update over the variadic inputs. `In` is the number of input groups, `Out` the number
// of output groups; update(in, out) maps one element of each input group to one element of each output
// group (output group 0 is the new X, output group j > 0 the new value of input group j + In - Out).
template <size_t In, size_t Out, class F>
std::vector<std::optional<Value>> run_update(const KernelArgs& a, const std::string& op, F update) {
  EvalContext& cx = a.context();
  const size_t count = a.input_count();
  // [spec:LOSS10] after R and T come In groups of the same positive number n of tensors.
  ONNXSEM_CLAUSE(LOSS10);
  if (count < 2 + In || (count - 2) % In != 0)
    eval_error("LOSS10", op + ": expected R, T and " + std::to_string(In) + " groups of tensors, got " +
                             std::to_string(count) + " inputs");
  const size_t n = (count - 2) / In;
  if (a.output_count() > Out * n)
    eval_error("LOSS10", op + ": " + std::to_string(n) + " optimized tensors give " + std::to_string(Out * n) +
                             " outputs, the node has " + std::to_string(a.output_count()));
  std::vector<std::optional<Value>> outs(a.output_count());
  for (size_t i = 0; i < n; ++i) {
    const Tensor& x = a.tensor(2 + i);
    std::array<std::vector<double>, In> in;
    for (size_t g = 0; g < In; ++g) {
      const Tensor& t = a.tensor(2 + g * n + i);
      // [spec:LOSS12] every tensor of a group has the optimized tensor's element type and shape.
      ONNXSEM_CLAUSE(LOSS12);
      if (t.dtype() != x.dtype() || t.shape() != x.shape())
        eval_error("LOSS12", op + ": input " + std::to_string(2 + g * n + i) + " is " + Value(t).describe() +
                                 " but the optimized tensor " + std::to_string(2 + i) + " is " + Value(x).describe());
      in[g] = widen_all(t, optim_float_types, op);
    }
    const size_t size = static_cast<size_t>(x.size());
    std::array<std::vector<double>, Out> out;
    for (auto& o : out) o.resize(size);
    std::array<double, In> ein{};
    std::array<double, Out> eout{};
    for (size_t e = 0; e < size; ++e) {
      for (size_t g = 0; g < In; ++g) ein[g] = in[g][e];
      update(ein, eout);
      for (size_t g = 0; g < Out; ++g) out[g][e] = eout[g];
    }
    for (size_t g = 0; g < Out; ++g) {
      const size_t pos = g * n + i;
      if (pos < outs.size() && a.requested[pos])
        outs[pos] = Value(narrow_to(cx, x.dtype(), optim_float_types, op, x.shape(), out[g]));
    }
  }
  return outs;
}

std::vector<std::optional<Value>> adagrad(const KernelArgs& a) {
  const std::string op = "Adagrad";
  const double r = read_rate(a.tensor(0), op);
  const int64_t t = read_count(a.tensor(1), op);
  const double epsilon = attr_float(a.node, "epsilon", 1e-6f);
  const double decay = attr_float(a.node, "decay_factor", 0.0f);
  const double norm = attr_float(a.node, "norm_coefficient", 0.0f);
  // [spec:LOSS13] the decayed rate, the regularized gradient, the accumulated square and the step.
  ONNXSEM_CLAUSE(LOSS13);
  const double rate = r / (1 + static_cast<double>(t) * decay);
  return run_update<3, 2>(a, op, [&](const std::array<double, 3>& in, std::array<double, 2>& out) {
    const double x = in[0], g = norm * in[0] + in[1];
    const double h = in[2] + g * g;
    out[0] = x - rate * g / (std::sqrt(h) + epsilon);
    out[1] = h;
  });
}

std::vector<std::optional<Value>> momentum(const KernelArgs& a) {
  const std::string op = "Momentum";
  const double r = read_rate(a.tensor(0), op);
  const int64_t t = read_count(a.tensor(1), op);
  const double alpha = required_float(a.node, "alpha", op);
  const double beta = required_float(a.node, "beta", op);
  const double norm = required_float(a.node, "norm_coefficient", op);
  const auto mode = attr_string_opt(a.node, "mode");
  if (!mode) eval_error("A1", op + ": required attribute mode is missing");
  // [spec:LOSS14] standard or Nesterov momentum; the gradient's coefficient is 1 while T is 0 or less.
  ONNXSEM_CLAUSE(LOSS14);
  if (*mode != "standard" && *mode != "nesterov")
    eval_error("LOSS14", op + ": attribute mode is '" + *mode + "', expected 'standard' or 'nesterov'");
  const bool nesterov = *mode == "nesterov";
  const double beta_t = t > 0 ? beta : 1.0;
  return run_update<3, 2>(a, op, [&](const std::array<double, 3>& in, std::array<double, 2>& out) {
    const double x = in[0], g = norm * in[0] + in[1];
    const double v = alpha * in[2] + beta_t * g;
    out[0] = nesterov ? x - r * (g + alpha * v) : x - r * v;
    out[1] = v;
  });
}

std::vector<std::optional<Value>> adam(const KernelArgs& a) {
  const std::string op = "Adam";
  const double r = read_rate(a.tensor(0), op);
  const int64_t t = read_count(a.tensor(1), op);
  const double alpha = attr_float(a.node, "alpha", 0.9f);
  const double beta = attr_float(a.node, "beta", 0.999f);
  const double epsilon = attr_float(a.node, "epsilon", 1e-6f);
  const double norm = attr_float(a.node, "norm_coefficient", 0.0f);
  const double norm_post = attr_float(a.node, "norm_coefficient_post", 0.0f);
  // [spec:LOSS15] bias-corrected rate for T > 0, moving averages, step, then post-update scaling.
  ONNXSEM_CLAUSE(LOSS15);
  const double td = static_cast<double>(t);
  const double rate = t > 0 ? r * std::sqrt(1 - std::pow(beta, td)) / (1 - std::pow(alpha, td)) : r;
  return run_update<4, 3>(a, op, [&](const std::array<double, 4>& in, std::array<double, 3>& out) {
    const double x = in[0], g = norm * in[0] + in[1];
    const double v = alpha * in[2] + (1 - alpha) * g;
    const double h = beta * in[3] + (1 - beta) * g * g;
    out[0] = (1 - norm_post) * (x - rate * v / (std::sqrt(h) + epsilon));
    out[1] = v;
    out[2] = h;
  });
}

}  // namespace

void add_optimizers(Registry& r) {
  r.add(kTraining, "Adagrad", {1}, adagrad);
  r.add(kTraining, "Momentum", {1}, momentum);
  r.add(kTraining, "Adam", {1}, adam);
}

}  // namespace onnxsem::ops::loss

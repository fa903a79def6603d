// Normalisation layers (spec/ops-nn.md, NN30-NN37).
//
// Each normalises X by a mean mu and a variance v, then applies a per-channel (or per-element) affine map:
//   Y = (X - mu) / sqrt(v + epsilon) * scale + bias,
// computed in binary64 and rounded once to the element type (P1). They differ in where mu and v come from:
//   BatchNormalization      given per channel (inference), or the statistics of the batch (training_mode);
//   InstanceNormalization   the statistics of each (n, c) plane;
//   GroupNormalization      the statistics of each (n, group of channels);
//   LayerNormalization      the statistics over the axes from `axis` on, for each index of the axes before.
// Statistics are the mean and the population variance (mean of squared deviations), both in binary64.
#include <cmath>

#include "ops/common/attrs.hpp"
#include "ops/common/product.hpp"
#include "ops/nn/nn.hpp"
#include "runtime/coverage.hpp"
#include "runtime/parallel.hpp"

namespace onnxsem::ops::nn {
namespace {

// Mean and population variance of n values at p[0], p[stride], ... in binary64 (two passes).
template <class T>
std::pair<double, double> moments(const T* p, int64_t n, int64_t stride = 1) {
  double s = 0;
  for (int64_t i = 0; i < n; ++i) s += widen(p[i * stride]);
  const double mu = s / static_cast<double>(n);
  double q = 0;
  for (int64_t i = 0; i < n; ++i) {
    const double d = widen(p[i * stride]) - mu;
    q += d * d;
  }
  return {mu, q / static_cast<double>(n)};
}

// ---- BatchNormalization ---------------------------------------------------------------------------------

struct BatchNormVersion {
  bool is_test_attr = false;        // 1, 6: `is_test` chooses the form; `spatial` exists
  bool spatial_attr = false;        // 1, 6, 7: `spatial` exists
  bool training_mode_attr = false;  // 14, 15: `training_mode` chooses the form
};

Kernel batch_norm(BatchNormVersion ver) {
  return [ver](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    EvalContext& cx = a.context();
    const std::string op = "BatchNormalization";
    const Tensor& x = a.tensor(0);
    if (x.rank() < 1) eval_error("NN30", op + ": input X must have rank >= 1, got a scalar");
    // Rank 1 is N values of a single channel.
    const int64_t N = x.dim(0), C = x.rank() >= 2 ? x.dim(1) : 1;
    const int64_t S = x.rank() >= 2 ? element_count(Shape(x.shape().begin() + 2, x.shape().end())) : 1;
    const bool spatial = !ver.spatial_attr || attr_int(a.node, "spatial", 1) != 0;
    const double eps = attr_float(a.node, "epsilon", 1e-5f);
    bool training = false;
    if (ver.is_test_attr && attr_int(a.node, "is_test", 0) == 0)
      unsupported(op + ": the training form (is_test = 0) of this version is not implemented");
    if (ver.training_mode_attr) training = attr_int(a.node, "training_mode", 0) != 0;
    const bool extra_outputs = a.output_count() > 1 &&
                               (a.requested[1] || (a.output_count() > 2 && a.requested[2]) ||
                                (a.output_count() > 3 && a.requested[3]) || (a.output_count() > 4 && a.requested[4]));
    if (!ver.training_mode_attr && extra_outputs)
      unsupported(op + ": the training outputs (mean, var, saved_mean, saved_var) of this version are not implemented");
    // The running statistics are outputs of the training form only (NN31).
    if (ver.training_mode_attr && !training && extra_outputs)
      eval_error("NN31", op + ": running_mean and running_var are produced only when training_mode is 1");

    // scale, B, mean and var hold one value per channel (per channel and spatial position when
    // spatial = 0), NN30.
    const int64_t per = spatial ? C : size_mul(C, S);
    std::vector<double> prm[4];
    const char* names[4] = {"scale", "B", "mean", "var"};
    for (int k = 0; k < 4; ++k) {
      const Tensor& t = a.tensor(static_cast<size_t>(k + 1));
      if (t.size() != per || (spatial && t.rank() != 1))
        eval_error("NN30", op + ": input " + names[k] + " has shape " + show(t.shape()) + ", expected " +
                               std::to_string(per) + " values" + (spatial ? " in a 1-D tensor" : ""));
      prm[k] = widen_all(t, op);
    }
    std::vector<double> batch_mean, batch_var;
    if (training) {
      // [spec:NN31] training form: the statistics of the batch over every axis but the channel axis.
      ONNXSEM_CLAUSE(NN31);
      batch_mean.assign(static_cast<size_t>(C), 0.0);
      batch_var.assign(static_cast<size_t>(C), 0.0);
      const std::vector<double> xv = widen_all(x, op);
      const int64_t count = N * S;
      if (count == 0) eval_error("NN31", op + ": training statistics of an empty batch");
      for (int64_t c = 0; c < C; ++c) {
        double s = 0;
        for (int64_t n = 0; n < N; ++n)
          for (int64_t i = 0; i < S; ++i) s += xv[(n * C + c) * S + i];
        const double mu = s / static_cast<double>(count);
        double q = 0;
        for (int64_t n = 0; n < N; ++n)
          for (int64_t i = 0; i < S; ++i) {
            const double d = xv[(n * C + c) * S + i] - mu;
            q += d * d;
          }
        batch_mean[c] = mu;
        batch_var[c] = q / static_cast<double>(count);
      }
    }
    // The statistics the normalisation uses: the given ones, or the batch's in the training form.
    const std::vector<double>& mean = training ? batch_mean : prm[2];
    const std::vector<double>& var = training ? batch_var : prm[3];
    std::vector<std::optional<Value>> outs(std::max<size_t>(1, a.output_count()));
    outs[0] = dispatch(x.dtype(), nn_float_types, op, [&](auto tag) -> Value {
      using T = typename decltype(tag)::type;
      auto xd = x.data<T>();
      // Every element written below, element i after reading element i of X: over X's storage when X is
      // handed over (spec/graph.md, E10).
      auto [y, out_view] = Tensor::overwrite_or_allocate<T>(cx, x, x.shape());
      const std::span<T> out = out_view;  // a plain variable: clang 14 cannot capture structured bindings
      // sqrt(var + epsilon), the same value each element would compute: per plane in the pieces below when
      // spatial, here once per entry for the per-position entries otherwise.
      std::vector<double> sd(spatial ? 0 : var.size());
      for (size_t k = 0; k < sd.size(); ++k) sd[k] = std::sqrt(var[k] + eps);
      // E9: planes (n, c) in slices, one slice per piece; each element computed as alone. An element's work
      // counted as four passes' (a difference, a quotient and its check, a product, a sum).
      parallel_slices(cx, N * C, N * C * S * 4, kElementGrain, [&](int64_t lo, int64_t hi) {
        for (int64_t nc = lo; nc < hi; ++nc) {
          const int64_t c = nc % C;
          const int64_t base = nc * S;
          const T* xp = xd.data() + base;
          T* yp = out.data() + base;
          if (spatial) {
            const double m = mean[c], d = std::sqrt(var[c] + eps), g = prm[0][c], b = prm[1][c];
            // [spec:NN30] Y = (X - mean) / sqrt(var + epsilon) * scale + B.
            ONNXSEM_CLAUSE(NN30);
            // A run per plane, in the processor's vector variant for binary32 (the same bits).
            product_detail::typed::normalize(xp, S, m, d, g, b, yp);
          } else {
            for (int64_t i = 0; i < S; ++i) {
              const size_t k = static_cast<size_t>(c * S + i);
              yp[i] = narrow_float<T>((widen(xp[i]) - mean[k]) / sd[k] * prm[0][k] + prm[1][k]);
            }
          }
        }
      });
      return y;
    });
    if (training) {
      const double momentum = attr_float(a.node, "momentum", 0.9f);
      const Tensor& mean_in = a.tensor(3);
      for (size_t o = 1; o <= 2 && o < a.output_count(); ++o) {
        if (!a.requested[o]) continue;
        const std::vector<double>& given = o == 1 ? prm[2] : prm[3];
        const std::vector<double>& batch = o == 1 ? batch_mean : batch_var;
        std::vector<double> run(given.size());
        // running = given * momentum + batch * (1 - momentum) (NN31).
        for (size_t c = 0; c < run.size(); ++c) run[c] = given[c] * momentum + batch[c] * (1.0 - momentum);
        outs[o] = dispatch(mean_in.dtype(), nn_float_types, op, [&](auto tag) -> Value {
          using U = typename decltype(tag)::type;
          return narrow_all<U>(cx, mean_in.shape(), run);
        });
      }
    }
    return outs;
  };
}

// ---- InstanceNormalization and GroupNormalization -------------------------------------------------------

// Normalises each (n, group) block of C/G channels x spatial positions by its own statistics; the affine
// parameters are per channel, or per group when `per_group_params`.
Kernel group_norm(bool instance, bool per_group_params) {
  return [instance, per_group_params](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    EvalContext& cx = a.context();
    const std::string op = instance ? "InstanceNormalization" : "GroupNormalization";
    const Tensor& x = a.tensor(0);
    // X is (N, C, D1, ...), with at least one spatial axis for InstanceNormalization (NN32).
    if (x.rank() < (instance ? 3 : 2))
      eval_error("NN32", op + ": input X must have rank >= " + std::to_string(instance ? 3 : 2) + ", got shape " +
                             show(x.shape()));
    const int64_t N = x.dim(0), C = x.dim(1);
    const int64_t S = element_count(Shape(x.shape().begin() + 2, x.shape().end()));
    const int64_t G = instance ? C : attr_int_req(a.node, "num_groups");
    if (G < 1 || C % G != 0)
      eval_error("NN32",
                 op + ": " + std::to_string(C) + " channels are not divisible into num_groups = " + std::to_string(G));
    const int64_t Cg = C / G;
    const double eps = attr_float(a.node, "epsilon", 1e-5f);
    const int64_t per = per_group_params ? G : C;
    std::vector<double> scale, bias;
    for (size_t k = 1; k <= 2; ++k) {
      const Tensor& t = a.tensor(k);
      if (t.shape() != Shape{per})
        eval_error("NN32", op + ": input " + (k == 1 ? std::string("scale") : std::string("B")) + " has shape " +
                               show(t.shape()) + ", expected [" + std::to_string(per) + "]");
      (k == 1 ? scale : bias) = widen_all(t, op);
    }
    const int64_t block = Cg * S;
    if (block == 0 && N * C > 0) eval_error("NN32", op + ": statistics over an empty set of elements");
    return {dispatch(x.dtype(), nn_float_types, op, [&](auto tag) -> Value {
      using T = typename decltype(tag)::type;
      auto xd = x.data<T>();
      auto [y, out] = Tensor::allocate<T>(cx, x.shape());
      for (int64_t n = 0; n < N; ++n)
        for (int64_t g = 0; g < G; ++g) {
          const int64_t base = (n * C + g * Cg) * S;
          // [spec:NN32] the statistics of the (n, group) block; Y = (X - mu) / sqrt(v + eps) * scale + B.
          ONNXSEM_CLAUSE(NN32);
          const auto [mu, v] = moments(xd.data() + base, block);
          const double inv = 1.0 / std::sqrt(v + eps);
          for (int64_t c = 0; c < Cg; ++c) {
            const size_t k = static_cast<size_t>(per_group_params ? g : g * Cg + c);
            for (int64_t i = 0; i < S; ++i) {
              const int64_t at = base + c * S + i;
              out[at] = narrow_float<T>((widen(xd[at]) - mu) * inv * scale[k] + bias[k]);
            }
          }
        }
      return y;
    })};
  };
}

// ---- LayerNormalization ---------------------------------------------------------------------------------

// Offsets into `p` (of shape ps) of every element of `shape` under unidirectional broadcasting, checked.
std::vector<int64_t> broadcast_index(const Shape& ps, const Shape& shape, const std::string& what,
                                     const std::string& op, Clause clause) {
  const size_t r = shape.size();
  if (ps.size() > r)
    eval_error(clause, op + ": " + what + " of shape " + show(ps) + " does not broadcast to " + show(shape));
  std::vector<int64_t> stride(r, 0);
  int64_t st = 1;
  for (size_t k = 0; k < ps.size(); ++k) {
    const size_t pd = ps.size() - 1 - k, d = r - 1 - k;
    if (ps[pd] != shape[d] && ps[pd] != 1)
      eval_error(clause, op + ": " + what + " of shape " + show(ps) + " does not broadcast to " + show(shape));
    stride[d] = ps[pd] == 1 ? 0 : st;
    st *= ps[pd];
  }
  const int64_t n = element_count(shape);
  std::vector<int64_t> idx(static_cast<size_t>(n));
  std::vector<int64_t> c(r, 0);
  int64_t off = 0;
  for (int64_t i = 0; i < n; ++i) {
    idx[i] = off;
    for (size_t d = r; d-- > 0;) {
      off += stride[d];
      if (++c[d] < shape[d]) break;
      off -= stride[d] * shape[d];
      c[d] = 0;
    }
  }
  return idx;
}

std::vector<std::optional<Value>> layer_norm(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "LayerNormalization";
  const Tensor& x = a.tensor(0);
  const int64_t r = x.rank();
  if (r < 1) eval_error("NN33", op + ": input X must have rank >= 1, got a scalar");
  const int64_t axis = normalise_axis(attr_int(a.node, "axis", -1), r, op + ": attribute axis");
  const double eps = attr_float(a.node, "epsilon", 1e-5f);
  const int64_t stash = attr_int(a.node, "stash_type", 1);
  const int64_t outer = element_count(Shape(x.shape().begin(), x.shape().begin() + axis));
  const int64_t inner = element_count(Shape(x.shape().begin() + axis, x.shape().end()));
  // [spec:NN33] Scale and B broadcast unidirectionally to X; the statistics run over axes axis..r-1.
  ONNXSEM_CLAUSE(NN33);
  const Tensor& scale_t = a.tensor(1);
  if (scale_t.dtype() != x.dtype())
    eval_error("NN34", op + ": scale is " + dtype_name(scale_t.dtype()) + " but X is " + dtype_name(x.dtype()) +
                           " (they must have one element type)");
  const std::vector<double> scale = widen_all(scale_t, op);
  const std::vector<int64_t> si = broadcast_index(scale_t.shape(), x.shape(), "Scale", op, "NN33");
  std::vector<double> bias;
  std::vector<int64_t> bi;
  if (a.has_input(2)) {
    bias = widen_all(a.tensor(2), op);
    bi = broadcast_index(a.tensor(2).shape(), x.shape(), "B", op, "NN33");
  }
  if (inner == 0 && outer > 0) eval_error("NN33", op + ": statistics over an empty set of elements");
  std::vector<double> mean(static_cast<size_t>(outer)), inv(static_cast<size_t>(outer));
  std::vector<std::optional<Value>> outs(std::max<size_t>(1, a.output_count()));
  outs[0] = dispatch(x.dtype(), nn_float_types, op, [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    auto xd = x.data<T>();
    auto [y, out] = Tensor::allocate<T>(cx, x.shape());
    for (int64_t o = 0; o < outer; ++o) {
      const auto [mu, v] = moments(xd.data() + o * inner, inner);
      mean[o] = mu;
      inv[o] = 1.0 / std::sqrt(v + eps);
      for (int64_t i = 0; i < inner; ++i) {
        const int64_t at = o * inner + i;
        double val = (widen(xd[at]) - mu) * inv[o] * scale[si[at]];
        if (!bias.empty()) val += bias[bi[at]];
        out[at] = narrow_float<T>(val);
      }
    }
    return y;
  });
  // Mean and InvStdDev: X's shape with the normalised axes set to 1, of the element type stash_type.
  Shape sshape = x.shape();
  for (int64_t d = axis; d < r; ++d) sshape[d] = 1;
  for (size_t k = 1; k <= 2 && k < a.output_count(); ++k) {
    if (!a.requested[k]) continue;
    outs[k] = dispatch(static_cast<DType>(stash), nn_float_types, op + " stash_type", [&](auto tag) -> Value {
      using U = typename decltype(tag)::type;
      return narrow_all<U>(cx, sshape, k == 1 ? mean : inv);
    });
  }
  return outs;
}

// ---- RMSNormalization, LpNormalization, MeanVarianceNormalization --------------------------------------

std::vector<std::optional<Value>> rms_norm(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "RMSNormalization";
  const Tensor& x = a.tensor(0);
  const int64_t r = x.rank();
  if (r < 1) eval_error("NN34", op + ": input X must have rank >= 1, got a scalar");
  const int64_t axis = normalise_axis(attr_int(a.node, "axis", -1), r, op + ": attribute axis");
  const double eps = attr_float(a.node, "epsilon", 1e-5f);
  const int64_t outer = element_count(Shape(x.shape().begin(), x.shape().begin() + axis));
  const int64_t inner = element_count(Shape(x.shape().begin() + axis, x.shape().end()));
  const Tensor& scale_t = a.tensor(1);
  if (scale_t.dtype() != x.dtype())
    eval_error("NN34", op + ": scale is " + dtype_name(scale_t.dtype()) + " but X is " + dtype_name(x.dtype()) +
                           " (they must have one element type)");
  const std::vector<double> scale = widen_all(scale_t, op);
  const std::vector<int64_t> si = broadcast_index(scale_t.shape(), x.shape(), "scale", op, "NN34");
  if (inner == 0 && outer > 0) eval_error("NN34", op + ": statistics over an empty set of elements");
  return {dispatch(x.dtype(), nn_float_types, op, [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    auto xd = x.data<T>();
    auto [y, out] = Tensor::allocate<T>(cx, x.shape());
    for (int64_t o = 0; o < outer; ++o) {
      // [spec:NN34] divide by the root mean square over the trailing axes, then scale.
      ONNXSEM_CLAUSE(NN34);
      double q = 0;
      for (int64_t i = 0; i < inner; ++i) {
        const double v = widen(xd[o * inner + i]);
        q += v * v;
      }
      const double inv = 1.0 / std::sqrt(q / static_cast<double>(inner) + eps);
      for (int64_t i = 0; i < inner; ++i) {
        const int64_t at = o * inner + i;
        out[at] = narrow_float<T>(widen(xd[at]) * inv * scale[si[at]]);
      }
    }
    return y;
  })};
}

std::vector<std::optional<Value>> lp_norm(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "LpNormalization";
  const Tensor& x = a.tensor(0);
  const int64_t r = x.rank();
  if (r < 1) eval_error("NN35", op + ": input X must have rank >= 1, got a scalar");
  const int64_t axis = normalise_axis(attr_int(a.node, "axis", -1), r, op + ": attribute axis");
  const int64_t p = attr_int(a.node, "p", 2);
  if (p != 1 && p != 2) eval_error("NN35", op + ": attribute p is " + std::to_string(p) + ", expected 1 or 2");
  const int64_t len = x.dim(axis);
  const int64_t inner = element_count(Shape(x.shape().begin() + axis + 1, x.shape().end()));
  const int64_t outer = element_count(Shape(x.shape().begin(), x.shape().begin() + axis));
  return {dispatch(x.dtype(), nn_float_types, op, [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    auto xd = x.data<T>();
    auto [y, out] = Tensor::allocate<T>(cx, x.shape());
    if (x.size() == 0) return y;  // no line to walk, whatever the other axes' sizes
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i) {
        const int64_t base = o * len * inner + i;
        // [spec:NN35] divide by the 1- or 2-norm of the line along axis; a zero line stays zero.
        ONNXSEM_CLAUSE(NN35);
        double s = 0;
        for (int64_t k = 0; k < len; ++k) {
          const double v = widen(xd[base + k * inner]);
          s += p == 1 ? std::fabs(v) : v * v;
        }
        const double norm = p == 1 ? s : std::sqrt(s);
        for (int64_t k = 0; k < len; ++k)
          out[base + k * inner] = narrow_float<T>(norm == 0 ? 0.0 : widen(xd[base + k * inner]) / norm);
      }
    return y;
  })};
}

std::vector<std::optional<Value>> mean_variance_norm(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "MeanVarianceNormalization";
  const Tensor& x = a.tensor(0);
  const int64_t r = x.rank();
  std::vector<int64_t> axes = attr_ints(a.node, "axes", {0, 2, 3});
  std::vector<bool> reduced(static_cast<size_t>(r), false);
  for (int64_t& ax : axes) {
    ax = normalise_axis(ax, r, op + ": attribute axes");
    if (reduced[ax]) eval_error("NN36", op + ": axis " + std::to_string(ax) + " appears twice in axes");
    reduced[ax] = true;
  }
  // An empty X is its own result: its groups, as many as the kept axes' sizes multiply to, are not made.
  if (x.size() == 0) {
    (void)widen_all(x, op);  // the element type is checked all the same
    return {Value(x)};
  }
  // Split every element's offset into the part along the kept axes (its group) and the reduced part.
  const Shape& sh = x.shape();
  const int64_t n = x.size();
  std::vector<int64_t> group(static_cast<size_t>(n));
  int64_t groups = 1;
  {
    std::vector<int64_t> kstride(static_cast<size_t>(r), 0);
    for (int64_t d = r - 1; d >= 0; --d)
      if (!reduced[d]) {
        kstride[d] = groups;
        groups *= sh[d];
      }
    std::vector<int64_t> c(static_cast<size_t>(r), 0);
    for (int64_t i = 0; i < n; ++i) {
      int64_t g = 0;
      for (int64_t d = 0; d < r; ++d) g += c[d] * kstride[d];
      group[i] = g;
      for (int64_t d = r - 1; d >= 0; --d) {
        if (++c[d] < sh[d]) break;
        c[d] = 0;
      }
    }
  }
  const std::vector<double> xv = widen_all(x, op);
  std::vector<double> sum(static_cast<size_t>(groups), 0.0), sq(static_cast<size_t>(groups), 0.0),
      cnt(static_cast<size_t>(groups), 0.0);
  for (int64_t i = 0; i < n; ++i) {
    sum[group[i]] += xv[i];
    cnt[group[i]] += 1;
  }
  for (int64_t g = 0; g < groups; ++g) sum[g] /= cnt[g];
  for (int64_t i = 0; i < n; ++i) {
    const double d = xv[i] - sum[group[i]];
    sq[group[i]] += d * d;
  }
  // [spec:NN36] Y = (X - mean) / (sqrt(variance) + 1e-9), statistics over the axes.
  ONNXSEM_CLAUSE(NN36);
  const double eps = 1e-9;
  std::vector<double> yv(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    const int64_t g = group[i];
    yv[i] = (xv[i] - sum[g]) / (std::sqrt(sq[g] / cnt[g]) + eps);
  }
  return {dispatch(x.dtype(), nn_float_types, op, [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    return narrow_all<T>(cx, x.shape(), yv);
  })};
}

}  // namespace

void add_norm(Registry& r) {
  r.add("", "RMSNormalization", {23}, rms_norm);
  // LpNormalization-22 and MeanVarianceNormalization-13 added bfloat16.
  r.add("", "LpNormalization", {1, 22}, lp_norm);
  r.add("", "MeanVarianceNormalization", {9, 13}, mean_variance_norm);
  // BatchNormalization: 6 dropped consumed_inputs, 7 is_test, 9 spatial, 14 added training_mode, 15 let
  // scale/B and mean/var have their own float types.
  r.add("", "BatchNormalization", {1, 6}, batch_norm({.is_test_attr = true, .spatial_attr = true}));
  r.add("", "BatchNormalization", {7}, batch_norm({.spatial_attr = true}));
  r.add("", "BatchNormalization", {9}, batch_norm({}));
  r.add("", "BatchNormalization", {14, 15}, batch_norm({.training_mode_attr = true}));
  // InstanceNormalization: 6 dropped consumed_inputs, 22 added bfloat16.
  r.add("", "InstanceNormalization", {1, 6, 22}, group_norm(true, false));
  // GroupNormalization: 18 had one scale and bias per group, 21 one per channel.
  r.add("", "GroupNormalization", {18}, group_norm(false, true));
  r.add("", "GroupNormalization", {21}, group_norm(false, false));
  r.add("", "LayerNormalization", {17}, layer_norm);
}

}  // namespace onnxsem::ops::nn

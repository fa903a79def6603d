// Activations: Relu, LeakyRelu, ThresholdedRelu, Elu, Selu, Celu, Sigmoid, HardSigmoid, HardSwish, Swish,
// Tanh, Softplus, Softsign, Mish, Gelu, Shrink, PRelu, Clip, SwiGLU (spec/ops-elementwise.md, EW15, EW16,
// EW23-EW29, EW33).
//
// SwiGLU(A, B) = Swish(A; alpha) * B = A * Sigmoid(alpha * A) * B, with A and B broadcast together (B1).
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <optional>

#include "ops/common/product.hpp"
#include "ops/elementwise/elementwise_common.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::ew {
namespace {

// ---- scalar functions on exact binary64 values --------------------------------------------------------------
double sigmoid(double x) {
  if (x >= 0) return 1.0 / (1.0 + std::exp(-x));
  const double e = std::exp(x);  // NaN falls through here and stays NaN
  return e / (1.0 + e);
}
double softplus(double x) {
  // ln(1 + e^x) without overflow: x + ln(1 + e^-x) for positive x.
  return x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
}
// [spec:EW23] at an infinite argument an activation is its formula evaluated in IEEE arithmetic, as ONNX's
// function bodies compute it: Softsign(+-inf) = inf/inf = NaN, and x times a factor that vanishes at -inf
// (Swish, Mish, HardSwish, Gelu) is -inf * 0 = NaN there; no limit is taken.
double softsign(double x) { return x / (1.0 + std::fabs(x)); }
double clamp01(double v) { return v < 0 ? 0.0 : v > 1 ? 1.0 : v; }  // NaN stays NaN

// An operator on floating elements whose function is built from the node's attributes.
template <class Make>
Kernel float_activation(std::string op, Make make) {
  return [op, make](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    ONNXSEM_CLAUSE(EW23);
    auto f = make(args.node);
    return one(apply_float(cx, args.tensor(0), op, f));
  };
}

// [spec:EW27] the rectifiers, with attribute defaults alpha = 0.01 (LeakyRelu), 1 (ThresholdedRelu, Elu,
// Celu) and, for Selu, alpha = 1.67326319217681884765625, gamma = 1.05070102214813232421875:
// Relu(x) = max(0, x); LeakyRelu(x) = alpha*x for x < 0, else x; ThresholdedRelu(x) = x for x > alpha,
// else 0 (NaN included); Elu(x) = alpha*(e^x - 1) for x < 0, else x; Selu(x) = gamma*x for x > 0, else
// gamma*alpha*(e^x - 1); Celu(x) = max(0, x) + min(0, alpha*(e^(x/alpha) - 1)). Otherwise NaN stays NaN.
// Binary32 Relu in the processor's vector loop (the values of the lambda below).
void relu_run(const float* x, int64_t n, float* dst) { product_detail::typed::here().relu(x, n, dst); }

Kernel relu_kernel() {
  return [](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    ONNXSEM_CLAUSE(EW27);
    const Tensor& x = args.tensor(0);
    return one(dispatch(x.dtype(), signed_numeric_types, "Relu", [&](auto tag) {
      using T = typename decltype(tag)::type;
      return map_unary<T, T>(
          cx, x,
          [](const T& v) {
            if constexpr (is_float_v<T>) return wide(v) < 0 ? narrow<T>(0.0) : v;
            else return v < 0 ? T{0} : v;
          },
          relu_run);
    }));
  };
}

Kernel leaky_relu_kernel() {
  return float_activation("LeakyRelu", [](const Node& n) {
    const double alpha = attr_float(n, "alpha", 0.01f);
    return [alpha](double x) { return x < 0 ? alpha * x : x; };
  });
}
Kernel thresholded_relu_kernel() {
  return float_activation("ThresholdedRelu", [](const Node& n) {
    const double alpha = attr_float(n, "alpha", 1.0f);
    // NaN is not greater than alpha, so it falls in "otherwise" and gives 0, as ONNX's formula and its
    // function body (Greater, then Where) have it.
    return [alpha](double x) { return x > alpha ? x : 0.0; };
  });
}
Kernel elu_kernel() {
  return float_activation("Elu", [](const Node& n) {
    const double alpha = attr_float(n, "alpha", 1.0f);
    return [alpha](double x) { return x < 0 ? alpha * std::expm1(x) : x; };
  });
}
Kernel selu_kernel() {
  return float_activation("Selu", [](const Node& n) {
    const double alpha = attr_float(n, "alpha", 1.67326319217681884765625f);
    const double gamma = attr_float(n, "gamma", 1.05070102214813232421875f);
    return [alpha, gamma](double x) { return x > 0 ? gamma * x : std::isnan(x) ? x : gamma * (alpha * std::expm1(x)); };
  });
}
Kernel celu_kernel() {
  return float_activation("Celu", [](const Node& n) {
    const double alpha = attr_float(n, "alpha", 1.0f);
    // [spec:EW25] Celu's alpha divides the argument, so it must not be zero.
    ONNXSEM_CLAUSE(EW25);
    if (alpha == 0) eval_error("EW25", "Celu: attribute 'alpha' must not be 0");
    return [alpha](double x) {
      if (std::isnan(x)) return x;
      const double neg = alpha * std::expm1(x / alpha);
      return (x > 0 ? x : 0.0) + (neg < 0 ? neg : 0.0);
    };
  });
}

// [spec:EW28] the sigmoids: Sigmoid(x) = 1/(1 + e^-x); HardSigmoid(x) = max(0, min(1, alpha*x + beta))
// with alpha = 0.2, beta = 0.5 by default; HardSwish(x) = x * max(0, min(1, x/6 + 1/2));
// Swish(x) = x * Sigmoid(alpha*x) with alpha = 1 by default. NaN stays NaN.
Kernel hard_sigmoid_kernel() {
  return float_activation("HardSigmoid", [](const Node& n) {
    ONNXSEM_CLAUSE(EW28);
    const double alpha = attr_float(n, "alpha", 0.2f);
    const double beta = attr_float(n, "beta", 0.5f);
    return [alpha, beta](double x) { return clamp01(alpha * x + beta); };
  });
}
Kernel hard_swish_kernel() {
  return float_activation("HardSwish", [](const Node&) { return [](double x) { return x * clamp01(x / 6.0 + 0.5); }; });
}
Kernel swish_kernel() {
  return float_activation("Swish", [](const Node& n) {
    const double alpha = attr_float(n, "alpha", 1.0f);
    return [alpha](double x) { return x * sigmoid(alpha * x); };
  });
}

// [spec:EW24] Gelu(x) = x/2 * (1 + erf(x/sqrt(2))) when approximate = "none" (the default) and
// x/2 * (1 + tanh(sqrt(2/pi) * (x + 0.044715*x^3))) when approximate = "tanh"; any other value is an
// evaluation error.
Kernel gelu_kernel() {
  return float_activation("Gelu", [](const Node& n) -> std::function<double(double)> {
    ONNXSEM_CLAUSE(EW24);
    const std::string mode = attr_string(n, "approximate", "none");
    if (mode == "none") return [](double x) { return x * (0.5 * (1.0 + std::erf(x / std::sqrt(2.0)))); };
    if (mode == "tanh")
      return [](double x) {
        const double k = std::sqrt(2.0 / std::numbers::pi);
        return x * (0.5 * (1.0 + std::tanh(k * (x + 0.044715 * x * x * x))));
      };
    eval_error("EW24", "Gelu: attribute 'approximate' must be \"none\" or \"tanh\", got \"" + mode + "\"");
  });
}

// [spec:EW26] Shrink(x) = x + bias for x < -lambd, x - bias for x > lambd, else 0, NaN included (bias = 0,
// lambd = 0.5 by default), computed in binary64 and converted once to the element type (integers: N6).
Kernel shrink_kernel() {
  return [](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    ONNXSEM_CLAUSE(EW26);
    const double bias = attr_float(args.node, "bias", 0.0f);
    const double lambd = attr_float(args.node, "lambd", 0.5f);
    const Tensor& x = args.tensor(0);
    return one(dispatch(x.dtype(), numeric_types, "Shrink", [&](auto tag) {
      using T = typename decltype(tag)::type;
      return map_unary<T, T>(cx, x, [&](const T& v) {
        const double d = wide(v);  // NaN compares false both ways: 0, ONNX's "otherwise"
        return narrow<T>(d < -lambd ? d + bias : d > lambd ? d - bias : 0.0);
      });
    }));
  };
}

// ---- SwiGLU ------------------------------------------------------------------------------------------------
// [spec:EW33] SwiGLU(A, B) = A * Sigmoid(alpha * A) * B (alpha = 1 by default), the function body ONNX gives
// it (Swish followed by Mul): A and B share one floating element type and broadcast multidirectionally
// (B1); the product is formed in binary64 and rounded once (P1). NaN propagates.
Kernel swiglu_kernel() {
  return [](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    ONNXSEM_CLAUSE(EW33);
    const double alpha = attr_float(args.node, "alpha", 1.0f);
    const Tensor& a = args.tensor(0);
    const Tensor& b = args.tensor(1);
    require_same_type(a, b, "SwiGLU", "A", "B");
    const Layout<2> l = broadcast_layout<2>({&a, &b}, "SwiGLU");
    return one(dispatch(a.dtype(), float_types, "SwiGLU", [&](auto tag) {
      using T = typename decltype(tag)::type;
      return map_binary<T, T, T>(cx, l, a, b, [&](const T& x, const T& y) {
        return narrow<T>(wide(x) * sigmoid(alpha * wide(x)) * wide(y));
      });
    }));
  };
}

// ---- PRelu --------------------------------------------------------------------------------------------------
template <class T>
T prelu_elem(const T& x, const T& s) {
  if constexpr (is_float_v<T>) return wide(x) < 0 ? narrow<T>(wide(x) * wide(s)) : x;
  else if constexpr (std::is_signed_v<T>) return x < 0 ? wrap_mul(x, s) : x;
  else return x;
}

// PRelu(x) = slope*x for x < 0, else x, with the slope broadcast to X's shape (EW16).
Kernel prelu_kernel(bool legacy) {
  return [legacy](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    const Tensor& x = args.tensor(0);
    const Tensor& slope = args.tensor(1);
    require_same_type(x, slope, "PRelu", "X", "slope");
    Layout<2> l;
    if (legacy) {
      // [spec:EW31] opset 1 and 6 PRelu: a slope of one element is shared by every channel, a slope of
      // X's shape applies elementwise, and a slope of C elements (C = X's dimension 1) applies per channel.
      ONNXSEM_CLAUSE(EW31);
      l.out = x.shape();
      l.strides[0] = broadcast_strides(x.shape(), x.shape());
      if (slope.size() == 1) {
        l.strides[1] = std::vector<int64_t>(x.shape().size(), 0);
      } else if (slope.shape() == x.shape()) {
        l.strides[1] = l.strides[0];
      } else if (x.rank() >= 2 && static_cast<int64_t>(slope.size()) == x.dim(1)) {
        l.strides[1] = std::vector<int64_t>(x.shape().size(), 0);
        l.strides[1][1] = 1;
      } else {
        eval_error("EW31", "PRelu-1/6: slope " + Value(slope).describe() +
                               " is neither one element, nor X's shape, nor one "
                               "element per channel of X " +
                               Value(x).describe());
      }
    } else {
      l = unidirectional_layout(x, slope, "PRelu");
    }
    return one(dispatch(x.dtype(), numeric_types, "PRelu", [&](auto tag) {
      using T = typename decltype(tag)::type;
      return map_binary<T, T, T>(cx, l, x, slope, [](const T& v, const T& s) { return prelu_elem(v, s); });
    }));
  };
}

// ---- Clip ---------------------------------------------------------------------------------------------------
// The largest finite value of a floating element type, exactly in binary64.
template <class T>
double largest_finite() {
  if constexpr (std::is_same_v<T, float16_t>) return 65504.0;                       // (2 - 2^-10) * 2^15
  else if constexpr (std::is_same_v<T, bfloat16_t>) return std::ldexp(255.0, 120);  // (2 - 2^-7) * 2^127
  else return static_cast<double>(std::numeric_limits<T>::max());
}

// [spec:EW15] Clip(x) = min(max(x, min), max): versions 1 and 6 read the bounds from float attributes
// that default to the lowest and largest finite float32; from version 11 they are optional inputs of X's
// element type holding one element each, an absent min being the lowest finite value of that type and an
// absent max the largest (so an infinite element is clipped, as ONNX's text defines the defaults). When
// min > max every element becomes max. NaN stays NaN.
Kernel clip_attr_kernel() {
  return [](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    ONNXSEM_CLAUSE(EW15);
    const double lo = attr_float(args.node, "min", std::numeric_limits<float>::lowest());
    const double hi = attr_float(args.node, "max", std::numeric_limits<float>::max());
    return one(apply_float(cx, args.tensor(0), "Clip", [&](double x) {
      if (x < lo) x = lo;
      if (x > hi) x = hi;
      return x;
    }));
  };
}

Kernel clip_input_kernel() {
  return [](const KernelArgs& args) -> Outputs {
    EvalContext& cx = args.context();
    const Tensor& x = args.tensor(0);
    return one(dispatch(x.dtype(), numeric_types, "Clip", [&](auto tag) {
      using T = typename decltype(tag)::type;
      auto bound = [&](size_t k, const char* name) -> std::optional<T> {
        if (!args.has_input(k)) return std::nullopt;
        const Tensor& b = args.tensor(k);
        require_same_type(x, b, "Clip", "input", name);
        if (b.size() != 1)
          eval_error("EW15", std::string("Clip: input '") + name + "' must hold exactly one element, got " +
                                 std::to_string(b.size()));
        return b.data<T>()[0];
      };
      std::optional<T> lo = bound(1, "min");
      std::optional<T> hi = bound(2, "max");
      if constexpr (is_float_v<T>) {  // an integer's own range bounds it already
        if (!lo) lo = narrow<T>(-largest_finite<T>());
        if (!hi) hi = narrow<T>(largest_finite<T>());
      }
      return map_unary<T, T>(cx, x, [&](const T& v) {
        T r = v;
        if (lo && elem_less(r, *lo)) r = *lo;
        if (hi && elem_less(*hi, r)) r = *hi;
        return r;
      });
    }));
  };
}

}  // namespace

void add_activation(Registry& r) {
  // [spec:EW4] the opset-1 attribute consumed_inputs (a hint for in-place execution) has no effect on
  // the values computed; it is accepted and ignored wherever it appears.
  r.add("", "Relu", {1, 6, 13, 14}, relu_kernel());
  r.add("", "LeakyRelu", {1, 6, 16}, leaky_relu_kernel());
  r.add("", "ThresholdedRelu", {10, 22}, thresholded_relu_kernel());
  r.add("", "Elu", {1, 6, 22}, elu_kernel());
  r.add("", "Selu", {1, 6, 22}, selu_kernel());
  r.add("", "Celu", {12, 28}, celu_kernel());
  // [spec:EW29] Tanh is the hyperbolic tangent; Softplus(x) = ln(1 + e^x); Softsign(x) = x/(1 + |x|);
  // Mish(x) = x * tanh(Softplus(x)).
  r.add("", "Sigmoid", {1, 6, 13}, float_activation("Sigmoid", [](const Node&) {
          ONNXSEM_CLAUSE(EW28);
          return sigmoid;
        }));
  r.add("", "Tanh", {1, 6, 13}, float_activation("Tanh", [](const Node&) {
          ONNXSEM_CLAUSE(EW29);
          return [](double x) { return std::tanh(x); };
        }));
  r.add("", "Softplus", {1, 22}, float_activation("Softplus", [](const Node&) {
          ONNXSEM_CLAUSE(EW29);
          return softplus;
        }));
  r.add("", "Softsign", {1, 22}, float_activation("Softsign", [](const Node&) {
          ONNXSEM_CLAUSE(EW29);
          return softsign;
        }));
  r.add("", "Mish", {18, 22}, float_activation("Mish", [](const Node&) {
          ONNXSEM_CLAUSE(EW29);
          return [](double x) { return x * std::tanh(softplus(x)); };
        }));
  r.add("", "HardSigmoid", {1, 6, 22}, hard_sigmoid_kernel());
  r.add("", "HardSwish", {14, 22}, hard_swish_kernel());
  r.add("", "Swish", {24}, swish_kernel());
  r.add("", "SwiGLU", {28}, swiglu_kernel());
  r.add("", "Gelu", {20}, gelu_kernel());
  r.add("", "Shrink", {9}, shrink_kernel());
  r.add("", "PRelu", {1, 6}, prelu_kernel(true));
  r.add("", "PRelu", {7, 9, 16}, prelu_kernel(false));
  r.add("", "Clip", {1, 6}, clip_attr_kernel());
  r.add("", "Clip", {11, 12, 13}, clip_input_kernel());
}

}  // namespace onnxsem::ops::ew

// Dropout and local response normalisation (spec/ops-nn.md, NN40-NN43).
//
// Dropout in inference is the identity on its data input, with a mask that keeps every element. Its
// training form draws the mask at random: without candidate results (spec/conformance.md, K13) it is
// outside onnxsem's deterministic semantics, except when the ratio is 0 (nothing is dropped and the
// scale 1/(1-0) is 1); with them, the mask is the candidate's and the outputs follow from it.
//
// LRN divides each element by a power of the sum of squares of its neighbours across channels:
//   Y[n,c,...] = X[n,c,...] / (bias + alpha/size * sum_{i in window(c)} X[n,i,...]^2)^beta,
//   window(c) = [max(0, c - floor((size-1)/2)), min(C-1, c + ceil((size-1)/2))].
#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

#include "ops/common/attrs.hpp"
#include "ops/nn/nn.hpp"
#include "runtime/coverage.hpp"
#include "runtime/parallel.hpp"

namespace onnxsem::ops::nn {
namespace {

struct DropoutVersion {
  bool is_test_attr = false;  // 1, 6: `is_test` attribute chooses the form
  bool inputs_form = false;   // 12 and later: ratio and training_mode are inputs
  bool bool_mask = false;     // 10 and later: the mask is a bool tensor (before: of X's type, ones)
};

// Dropout's mask output: bool from version 10, X's type (1 kept, 0 dropped) before. `keep` null: every
// element kept (NN41), written as one fill.
Value mask_of(EvalContext& cx, DropoutVersion ver, const Tensor& x, const std::vector<bool>* keep) {
  auto write = [&](auto out, auto kept, auto dropped) {
    if (!keep) return std::fill(out.begin(), out.end(), kept);
    for (size_t i = 0; i < keep->size(); ++i) out[i] = (*keep)[i] ? kept : dropped;
  };
  if (ver.bool_mask) {
    auto [m, mo] = Tensor::allocate_for_overwrite<bool>(cx, x.shape());
    write(mo, true, false);
    return m;
  }
  return dispatch(x.dtype(), nn_float_types, "Dropout", [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    auto [m, mo] = Tensor::allocate_for_overwrite<T>(cx, x.shape());
    write(mo, narrow_float<T>(1.0), narrow_float<T>(0.0));
    return m;
  });
}

// NN40, the training form with a positive ratio given candidate results (K13): the candidate mask, or the
// mask the candidate output shows; the outputs computed from it.
std::vector<std::optional<Value>> dropped(const KernelArgs& a, DropoutVersion ver, const Tensor& x, double ratio) {
  EvalContext& cx = a.context();
  const std::string op = "Dropout";
  auto choice = [&](size_t k) { return k < a.choices.size() && a.choices[k] ? &*a.choices[k] : nullptr; };
  const Value* cy = choice(0);
  const Value* cm = a.output_count() > 1 ? choice(1) : nullptr;
  if (!cy && !cm) unsupported(op + ": the training form with ratio > 0 draws a random mask");
  const std::vector<double> xv = widen_all(x, op);
  std::vector<bool> keep(xv.size(), true);
  auto wrong = [&](const std::string& what) {
    eval_error("NN45", op + ": the candidate " + what + " is not a possible result of the training form");
  };
  const Value& given = cm ? *cm : *cy;
  const DType want = cm && ver.bool_mask ? DType::boolean : x.dtype();
  if (!given.is_tensor() || given.tensor().shape() != x.shape() || given.tensor().dtype() != want)
    wrong((cm ? "mask " : "output ") + given.describe());
  const std::vector<double> gv = widen_all(given.tensor(), numeric_and_bool_types, op);
  for (size_t i = 0; i < gv.size(); ++i) {
    if (cm && gv[i] != 0 && gv[i] != 1) wrong("mask (element " + std::to_string(i) + " is neither 0 nor 1)");
    keep[i] = cm ? gv[i] == 1 : !(gv[i] == 0 && xv[i] != 0);  // an output shows a drop as 0 where X is not
  }
  std::vector<double> y(xv.size());
  for (size_t i = 0; i < xv.size(); ++i) y[i] = keep[i] ? xv[i] / (1 - ratio) : 0.0;
  std::vector<std::optional<Value>> outs(std::max<size_t>(1, a.output_count()));
  outs[0] = dispatch(x.dtype(), nn_float_types, op, [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    return narrow_all<T>(cx, x.shape(), y);
  });
  if (a.output_count() > 1 && a.requested[1]) outs[1] = mask_of(cx, ver, x, &keep);
  return outs;
}

Kernel dropout(DropoutVersion ver) {
  return [ver](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    EvalContext& cx = a.context();
    const std::string op = "Dropout";
    const Tensor& x = a.tensor(0);
    bool training = false;
    double ratio = 0.5;
    if (ver.inputs_form) {
      if (a.has_input(1)) {
        const Tensor& r = a.tensor(1);
        if (r.size() != 1) eval_error("NN40", op + ": input ratio must hold one value, got shape " + show(r.shape()));
        ratio = widen_all(r, op)[0];
      }
      if (a.has_input(2)) {
        const Tensor& t = a.tensor(2);
        if (t.dtype() != DType::boolean || t.size() != 1)
          eval_error("NN40", op + ": input training_mode must be a single bool, got " + Value(t).describe());
        training = t.data<bool>()[0];
      }
    } else {
      ratio = attr_float(a.node, "ratio", 0.5f);
      if (ver.is_test_attr) training = attr_int(a.node, "is_test", 0) == 0;
    }
    if (training) {
      // [spec:NN40] the training form needs a ratio in [0, 1); with ratio 0 it keeps every element.
      ONNXSEM_CLAUSE(NN40);
      if (!(ratio >= 0 && ratio < 1))
        eval_error("NN40", op + ": ratio " + std::to_string(ratio) + " is outside [0, 1)");
      if (ratio != 0) return dropped(a, ver, x, ratio);
    }
    std::vector<std::optional<Value>> outs(std::max<size_t>(1, a.output_count()));
    // [spec:NN41] the output is X itself; the mask keeps every element.
    ONNXSEM_CLAUSE(NN41);
    outs[0] = Value(x);
    if (a.output_count() > 1 && a.requested[1]) outs[1] = mask_of(cx, ver, x, nullptr);
    return outs;
  };
}

std::vector<std::optional<Value>> lrn(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "LRN";
  const Tensor& x = a.tensor(0);
  const int64_t size = attr_int_req(a.node, "size");
  const double alpha = attr_float(a.node, "alpha", 1e-4f);
  const double beta = attr_float(a.node, "beta", 0.75f);
  const double bias = attr_float(a.node, "bias", 1.0f);
  // [spec:NN42] X is (N, C, ...) and size is at least 1.
  ONNXSEM_CLAUSE(NN42);
  if (x.rank() < 2) eval_error("NN42", op + ": input X must have rank >= 2, got shape " + show(x.shape()));
  if (size < 1) eval_error("NN42", op + ": attribute size is " + std::to_string(size) + ", expected >= 1");
  const int64_t N = x.dim(0), C = x.dim(1);
  const int64_t S = element_count(Shape(x.shape().begin() + 2, x.shape().end()));
  const int64_t before = (size - 1) / 2, after = size - 1 - before;
  return {dispatch(x.dtype(), nn_float_types, op, [&](auto tag) -> Value {
    using T = typename decltype(tag)::type;
    auto xd = x.data<T>();
    auto [y, out] = Tensor::allocate<T>(cx, x.shape());
    const std::span<T> o = out;  // a plain variable: clang 14 cannot capture structured bindings
    ONNXSEM_CLAUSE(NN43);        // the marker of the loop below, once per call
    // E9: slices of the (n, c) planes; each plane's sums are formed in a row of S sums side by side, each
    // with the terms of its own window in the same order (k increasing from +0) as one sum at a time. The
    // work of an element, counted for the slicing only: its window's squares and about sixteen more for the
    // binary64 power.
    parallel_slices(cx, N * C, N * C * S * (size + 16), kElementGrain, [&](int64_t lo_plane, int64_t hi_plane) {
      std::vector<double> sq(static_cast<size_t>(S));
      for (int64_t plane = lo_plane; plane < hi_plane; ++plane) {
        const int64_t n = plane / C, c = plane % C;
        const int64_t lo = std::max<int64_t>(0, c - before), hi = std::min<int64_t>(C - 1, c + after);
        // [spec:NN43] the binary64 sum of squares across the channel window, then the scaled power.
        std::fill(sq.begin(), sq.end(), 0.0);
        for (int64_t k = lo; k <= hi; ++k) {
          const T* xk = xd.data() + (n * C + k) * S;
          for (int64_t i = 0; i < S; ++i) {
            const double v = widen(xk[i]);
            sq[static_cast<size_t>(i)] += v * v;
          }
        }
        for (int64_t i = 0; i < S; ++i) {
          const int64_t at = plane * S + i;
          o[static_cast<size_t>(at)] = narrow_float<T>(
              widen(xd[at]) / std::pow(bias + alpha / static_cast<double>(size) * sq[static_cast<size_t>(i)], beta));
        }
      }
    });
    return y;
  })};
}

}  // namespace

void add_misc(Registry& r) {
  // Dropout: 6 dropped consumed_inputs, 7 removed is_test, 10 made the mask bool, 12 turned ratio and
  // training_mode into inputs, 13 and 22 added types.
  r.add("", "Dropout", {1, 6}, dropout({.is_test_attr = true}));
  r.add("", "Dropout", {7}, dropout({}));
  r.add("", "Dropout", {10}, dropout({.bool_mask = true}));
  r.add("", "Dropout", {12, 13, 22}, dropout({.inputs_form = true, .bool_mask = true}));
  // LRN: 13 added bfloat16.
  r.add("", "LRN", {1, 13}, lrn);
}

}  // namespace onnxsem::ops::nn

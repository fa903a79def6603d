// The shape rules of the signal family (spec/types.md, TY5; spec/ops-signal.md, "Shapes"): the outputs of
// DFT and STFT from the input's shape and the known lengths, and of the windows and MelWeightMatrix from their
// known scalar inputs, with the element type output_datatype.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ops/common/attrs.hpp"
#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops {
namespace {

// The value of a known one-element integer input (SG1), or nullopt.
std::optional<int64_t> scalar(const InferenceArgs& a, size_t k) {
  const auto v = constant_ints(a, k);
  if (!v || v->size() != 1) return std::nullopt;
  return v->front();
}

// DFT-17 (axis attribute, default 1) and DFT-20 (axis input, default -2): the input's shape with the axis
// extent of SG5/SG6 and a last dimension of 2 (1 for the real inverse). A size that evaluation would refuse
// stays unknown.
std::vector<Type> dft_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  const auto& x = input_dims(a, 0);
  if (out.empty() || !x || x->size() < 2) return out;
  const auto r = static_cast<int64_t>(x->size());
  const bool inverse = attr_int(a.node, "inverse", 0) != 0, onesided = attr_int(a.node, "onesided", 0) != 0;
  const bool real_inverse = inverse && onesided;
  // [spec:SG2] a known last dimension must be 1 or 2, and the kind a one-sided transform takes.
  ONNXSEM_CLAUSE(SG2);
  if (const auto last = x->back().value) {
    if (*last != 1 && *last != 2)
      type_error("SG2", "input has last dimension " + std::to_string(*last) + ", expected 1 (real) or 2 (complex)");
    if (onesided && *last != (inverse ? 2 : 1))
      type_error("SG2", std::string(inverse ? "a one-sided inverse transform takes a complex input (last dimension 2)"
                                            : "a one-sided forward transform takes a real input (last dimension 1)") +
                            ", got last dimension " + std::to_string(*last));
  }
  Dims y = *x;
  y.back() = fixed_dim(real_inverse ? 1 : 2);
  std::optional<int64_t> axis;
  if (a.signature.since_version < 20) axis = attr_int(a.node, "axis", 1);
  else axis = a.has_input(2) ? scalar(a, 2) : std::optional<int64_t>(-2);
  if (!axis || *axis < -r || *axis > r - 2 || (*axis < 0 ? *axis + r : *axis) == r - 1) {
    // The axis is unknown (or refused at evaluation, SG3): every extent but the last is unknown.
    std::fill(y.begin(), y.end() - 1, unknown_dim());
    out[0].shape = std::move(y);
    return out;
  }
  const auto ax = static_cast<size_t>(*axis < 0 ? *axis + r : *axis);
  const Dim m = (*x)[ax];
  std::optional<int64_t> n;
  if (a.has_input(1)) n = scalar(a, 1);
  else if (!real_inverse) n = m.value;
  else if (m.value && *m.value >= 1 && *m.value < (int64_t{1} << 61)) n = 2 * (*m.value - 1);
  if (n && *n < 1) n.reset();                                    // evaluation refuses it (SG4)
  if (!a.has_input(1) && !real_inverse && !onesided) y[ax] = m;  // N = M, symbol included
  else if (!n) y[ax] = unknown_dim();
  else y[ax] = fixed_dim(onesided && !inverse ? *n / 2 + 1 : *n);
  out[0].shape = std::move(y);
  return out;
}

// STFT-17: [batch, frames, K, 2] (SG7, SG8).
std::vector<Type> stft_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  const auto& x = input_dims(a, 0);
  if (out.empty() || (x && x->size() != 3)) return out;
  const Dim batch = x ? (*x)[0] : unknown_dim();
  const std::optional<int64_t> len = x ? (*x)[1].value : std::nullopt;
  std::optional<int64_t> frame = a.has_input(3) ? scalar(a, 3) : std::nullopt;
  if (!a.has_input(3)) {
    if (a.has_input(2)) {
      const auto& w = input_dims(a, 2);
      if (w && w->size() == 1) frame = (*w)[0].value;
    } else {
      frame = len;
    }
  }
  const std::optional<int64_t> step = scalar(a, 1);
  Dim frames = unknown_dim(), bins = unknown_dim();
  if (frame && *frame >= 1) {
    bins = fixed_dim(attr_int(a.node, "onesided", 1) != 0 ? *frame / 2 + 1 : *frame);
    if (len && step && *step >= 1 && *frame <= *len) frames = fixed_dim(1 + (*len - *frame) / *step);
  }
  out[0].shape = Dims{batch, frames, bins, fixed_dim(2)};
  return out;
}

// HannWindow, HammingWindow, BlackmanWindow: [size] of output_datatype (SG9, SG10).
std::vector<Type> window_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  const DType e = element_type_attr(a, "output_datatype", 1, "T2");
  if (!out.empty()) out[0] = tensor_of(Dims{size_dim(scalar(a, 0))}, e);
  return out;
}

// MelWeightMatrix: [floor(dft_length / 2) + 1, num_mel_bins] of output_datatype (SG13).
std::vector<Type> mel_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  const DType e = element_type_attr(a, "output_datatype", 1, "T3");
  const auto mels = scalar(a, 0), len = scalar(a, 1);
  if (!out.empty())
    out[0] = tensor_of(Dims{len && *len >= 1 ? fixed_dim(*len / 2 + 1) : unknown_dim(),
                            mels && *mels >= 1 ? fixed_dim(*mels) : unknown_dim()},
                       e);
  return out;
}

}  // namespace

void shapes_signal(Registry& r) {
  r.shape_rule("", "DFT", dft_rule);
  r.shape_rule("", "STFT", stft_rule);
  r.shape_rule("", "HannWindow", window_rule);
  r.shape_rule("", "HammingWindow", window_rule);
  r.shape_rule("", "BlackmanWindow", window_rule);
  r.shape_rule("", "MelWeightMatrix", mel_rule);
}

}  // namespace onnxsem::ops

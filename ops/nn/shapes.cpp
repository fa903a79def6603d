// The shape rules of the nn family (spec/types.md, TY5; spec/ops-nn.md, "Shapes"): for each operator version,
// the output types its definition determines from the input types, the attributes and the known input
// values. The window arithmetic is that of ops/nn/window.cpp (NN3-NN5), done on dimensions that may be
// unknown or symbolic; a size it cannot compute without overflow, or that evaluation would refuse, stays
// unknown.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "ops/common/attrs.hpp"
#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops {
namespace {

using Ints = std::vector<int64_t>;

// Every output typed as a tensor with the shape of input k (the element type left to the signature).
ShapeRule shape_of_input(size_t k) {
  return [k](const InferenceArgs& a) {
    std::vector<Type> out(a.output_count, tensor_of());
    if (!out.empty()) out[0] = tensor_of(input_dims(a, k));
    return out;
  };
}

// ---- window geometry (NN2-NN5 on static shapes)

// An ints attribute with one entry per spatial axis (or two for pads), each at least `min_value`; `def` for
// every axis when absent.
Ints axis_attr(const Node& n, const std::string& name, size_t count, int64_t def, int64_t min_value) {
  const auto v = attr_ints_opt(n, name);
  if (!v) return Ints(count, def);
  // [spec:NN50] window attributes: one entry per spatial axis (pads two), within their domains.
  ONNXSEM_CLAUSE(NN50);
  if (v->size() != count)
    type_error("NN50", n.op_type + ": attribute " + name + " has " + std::to_string(v->size()) +
                           " entries, the input " + std::to_string(count) +
                           (name == "pads" ? " (two per spatial axis)" : " spatial axes"));
  for (int64_t e : *v)
    if (e < min_value)
      type_error("NN50", n.op_type + ": attribute " + name + " is " + ints_text(*v) + ", its entries must be " +
                             std::to_string(min_value) + " or more");
  return *v;
}

// auto_pad holds one of the four values ONNX lists (TY10).
std::string auto_pad_of(const Node& n) {
  return choice_attr(n, "auto_pad", "NOTSET", {"NOTSET", "SAME_UPPER", "SAME_LOWER", "VALID"});
}

// A windowed operation's data input: rank at least 3 when known (NN50); the number of spatial axes, when
// the rank is known.
std::optional<size_t> spatial_rank(const InferenceArgs& a, size_t k = 0) {
  const auto& x = input_dims(a, k);
  if (!x) return std::nullopt;
  if (x->size() < 3)
    type_error("NN50", a.node.op_type + ": input X has rank " + std::to_string(x->size()) +
                           ", expected at least 3 (N, C, D1, ...)");
  return x->size() - 2;
}

// The attributes of a sliding window (Conv, DeformConv, the pools) besides its kernel; the engine has refused
// those a version does not have (TY3), so every version reads them all.
struct Window {
  Ints strides, dilations, pads;
  std::string auto_pad;
  bool ceil = false;
};

Window read_window(const Node& n, size_t rank) {
  Window w;
  w.strides = axis_attr(n, "strides", rank, 1, 1);
  w.dilations = axis_attr(n, "dilations", rank, 1, 1);
  w.pads = axis_attr(n, "pads", 2 * rank, 0, 0);
  w.auto_pad = auto_pad_of(n);
  w.ceil = attr_int(n, "ceil_mode", 0) != 0;
  return w;
}

// The output extent along spatial axis d of `rank` for input extent `in` and kernel extent k (nullopt: unknown).
Dim window_extent(const Dim& in, std::optional<int64_t> k, const Window& w, size_t d, size_t rank) {
  const int64_t s = w.strides[d], pb = w.pads[d], pe = w.pads[rank + d];
  if (w.auto_pad != "NOTSET" && (pb != 0 || pe != 0)) return unknown_dim();  // evaluation refuses it (NN5)
  if (w.auto_pad == "SAME_UPPER" || w.auto_pad == "SAME_LOWER") {            // ceil(in / stride), NN5
    if (s == 1) return in;
    return in.value ? size_dim(*in.value / s + (*in.value % s != 0)) : unknown_dim();
  }
  if (!k || *k < 1) return unknown_dim();
  const auto span0 = checked_mul(*k - 1, w.dilations[d]);
  const auto span = span0 ? checked_add(*span0, 1) : std::nullopt;
  const auto pad = checked_add(pb, pe);
  if (!span || !pad) return unknown_dim();
  const bool valid = w.auto_pad == "VALID";
  const int64_t padding = valid ? 0 : *pad;
  // A window that covers exactly its own position: the extent is the input's, symbolic or not.
  if (s == 1 && *span - 1 == padding) return in;
  if (!in.value) return unknown_dim();
  const auto padded = checked_add(*in.value, padding);
  if (!padded || *padded < *span) return unknown_dim();  // no whole window: evaluation refuses it (NN3)
  const int64_t room = *padded - *span;
  if (valid || !w.ceil) return fixed_dim(room / s + 1);
  int64_t out = room / s + (room % s != 0) + 1;  // NN4
  const auto start = checked_mul(out - 1, s);
  if (!start) return unknown_dim();
  if (*start >= *in.value + pb) --out;
  return fixed_dim(out);
}

// [N, channels, window extents...] for the data input x and the kernel extents.
Dims window_output(const Dims& x, const Dim& channels, const std::vector<std::optional<int64_t>>& kernel,
                   const Window& w) {
  const size_t rank = x.size() - 2;
  Dims out{x[0], channels};
  for (size_t d = 0; d < rank; ++d) out.push_back(window_extent(x[2 + d], kernel[d], w, d, rank));
  return out;
}

// ---- Conv, ConvTranspose, DeformConv

// The kernel extents: kernel_shape when given (checked against W), else W's spatial dimensions.
std::vector<std::optional<int64_t>> kernel_extents(const InferenceArgs& a, size_t rank, const std::optional<Dims>& w) {
  std::vector<std::optional<int64_t>> k(rank);
  for (size_t d = 0; d < rank; ++d)
    if (w && w->size() == rank + 2) k[d] = (*w)[2 + d].value;
  if (auto ks = attr_ints_opt(a.node, "kernel_shape")) {
    const Ints v = axis_attr(a.node, "kernel_shape", rank, 1, 1);
    for (size_t d = 0; d < rank; ++d) {
      // [spec:NN51] convolution operands: kernel_shape is W's spatial shape.
      ONNXSEM_CLAUSE(NN51);
      if (k[d] && *k[d] != v[d])
        type_error("NN51", a.node.op_type + ": attribute kernel_shape " + ints_text(v) +
                               " differs from the spatial dimensions of W");
      k[d] = v[d];
    }
  }
  return k;
}

// Checks W's rank, group and the bias against X (NN51) and returns the number of spatial axes (nullopt when
// no rank is known).
std::optional<size_t> conv_operands(const InferenceArgs& a, int64_t group) {
  const std::string op = a.node.op_type;
  if (group < 1) type_error("NN51", op + ": attribute group is " + std::to_string(group) + ", expected 1 or more");
  std::optional<size_t> rank = spatial_rank(a, 0);
  const auto& w = input_dims(a, 1);
  if (w && w->size() < 3)
    type_error("NN51", op + ": W has rank " + std::to_string(w->size()) + ", expected at least 3");
  if (w && rank && w->size() != *rank + 2)
    type_error("NN51", op + ": W has rank " + std::to_string(w->size()) + ", X " + std::to_string(*rank + 2));
  if (!rank && w) rank = w->size() - 2;
  if (!rank)
    if (auto ks = attr_ints_opt(a.node, "kernel_shape")) rank = ks->size();
  return rank;
}

void check_bias(const InferenceArgs& a, size_t k, const Dim& m) {
  const auto& b = input_dims(a, k);
  if (!b) return;
  if (b->size() != 1 || (m.value && (*b)[0].value && *(*b)[0].value != *m.value))
    type_error("NN51", a.node.op_type + ": the bias has " + std::to_string(b->size()) + " dimension(s) (" +
                           (b->empty() ? std::string("scalar") : dim_text((*b)[0])) + "), expected one of size " +
                           dim_text(m));
}

// Conv and DeformConv: Y is (N, M, window extents), W is (M, C / group, k...).
std::vector<Type> conv_rule(const InferenceArgs& a, size_t bias_input) {
  std::vector<Type> out(a.output_count, tensor_of());
  const int64_t group = attr_int(a.node, "group", 1);
  const auto rank = conv_operands(a, group);
  const auto& x = input_dims(a, 0);
  const auto& w = input_dims(a, 1);
  const Dim c = dim_at(x, 1), wc = dim_at(w, 1), m = dim_at(w, 0);
  if (c.value && wc.value && (*c.value % group != 0 || *c.value / group != *wc.value))
    type_error("NN51", a.node.op_type + ": X has " + std::to_string(*c.value) + " channels, W's axis 1 is " +
                           std::to_string(*wc.value) + " and group " + std::to_string(group) +
                           " (channels must equal W's axis 1 times group)");
  if (m.value && *m.value % group != 0)
    type_error("NN51", a.node.op_type + ": W has " + std::to_string(*m.value) +
                           " output channels, not divisible into " + std::to_string(group) + " groups");
  check_bias(a, bias_input, m);
  if (!rank || out.empty()) return out;
  const auto kernel = kernel_extents(a, *rank, w);
  const Window win = read_window(a.node, *rank);
  Dims xd = x ? *x : Dims(*rank + 2, unknown_dim());
  out[0] = tensor_of(window_output(xd, m, kernel, win));
  return out;
}

// ConvTranspose: W is (C, M / group, k...), Y is (N, M, extents of NN13).
std::vector<Type> conv_transpose_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  const std::string op = a.node.op_type;
  const int64_t group = attr_int(a.node, "group", 1);
  const auto rank = conv_operands(a, group);
  const auto& x = input_dims(a, 0);
  const auto& w = input_dims(a, 1);
  const Dim c = dim_at(x, 1), wc = dim_at(w, 0), mg = dim_at(w, 1);
  if (c.value && *c.value % group != 0)
    type_error("NN51", op + ": X has " + std::to_string(*c.value) + " channels, not divisible into " +
                           std::to_string(group) + " groups");
  if (c.value && wc.value && *c.value != *wc.value)
    type_error("NN51", op + ": X has " + std::to_string(*c.value) + " channels, W's axis 0 is " +
                           std::to_string(*wc.value) + " (they must be equal)");
  const Dim m = group == 1 ? mg : mg.value ? size_dim(checked_mul(*mg.value, group)) : unknown_dim();
  check_bias(a, 2, m);
  if (!rank || out.empty()) return out;
  const size_t r = *rank;
  const auto kernel = kernel_extents(a, r, w);
  const Ints strides = axis_attr(a.node, "strides", r, 1, 1);
  const Ints dilations = axis_attr(a.node, "dilations", r, 1, 1);
  const Ints out_pad = axis_attr(a.node, "output_padding", r, 0, 0);
  const Ints pads = axis_attr(a.node, "pads", 2 * r, 0, 0);
  const std::string auto_pad = auto_pad_of(a.node);
  std::optional<Ints> out_shape = attr_ints_opt(a.node, "output_shape");
  if (out_shape) {
    // output_shape gives the spatial extents (evaluation also accepts the full shape, N and C first).
    if (out_shape->size() == r + 2) out_shape->erase(out_shape->begin(), out_shape->begin() + 2);
    if (out_shape->size() != r)
      type_error("NN50", op + ": attribute output_shape has " + std::to_string(out_shape->size()) +
                             " entries, the input " + std::to_string(r) + " spatial axes");
    for (int64_t e : *out_shape)
      if (e < 0) type_error("NN50", op + ": attribute output_shape " + ints_text(*out_shape) + " has a negative entry");
  }
  Dims y{dim_at(x, 0), m};
  for (size_t d = 0; d < r; ++d) {
    const Dim in = dim_at(x, 2 + d);
    if (out_shape) {
      y.push_back(fixed_dim((*out_shape)[d]));
    } else if (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") {
      y.push_back(strides[d] == 1 ? in : in.value ? size_dim(checked_mul(*in.value, strides[d])) : unknown_dim());
    } else if (!in.value || !kernel[d] || *kernel[d] < 1) {
      y.push_back(unknown_dim());
    } else {
      // NN13: stride * (in - 1) + output_padding + (k - 1) * dilation + 1 - pad_begin - pad_end.
      std::optional<int64_t> v = *in.value < 1 ? std::nullopt : checked_mul(strides[d], *in.value - 1);
      if (v) v = checked_add(*v, out_pad[d]);
      const auto span = checked_mul(*kernel[d] - 1, dilations[d]);
      if (v && span) v = checked_add(*v, *span);
      if (v) v = checked_add(*v, 1);
      if (v && auto_pad == "NOTSET") v = checked_add(*v, -pads[d]);
      if (v && auto_pad == "NOTSET") v = checked_add(*v, -pads[r + d]);
      y.push_back(size_dim(span ? v : std::nullopt));
    }
  }
  out[0] = tensor_of(std::move(y));
  return out;
}

// CausalConvWithState: output (B, C, L) as input; present_state (B, C, k - 1) for weight (C, 1, k).
std::vector<Type> causal_conv_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  const auto& x = input_dims(a, 0);
  if (!out.empty()) out[0] = tensor_of(x);
  if (out.size() > 1 && x && x->size() == 3) {
    const Dim k = dim_at(input_dims(a, 1), 2);
    out[1] = tensor_of(Dims{(*x)[0], (*x)[1], k.value && *k.value >= 1 ? fixed_dim(*k.value - 1) : unknown_dim()});
  }
  return out;
}

// ---- pooling

// MaxPool, AveragePool, LpPool: Y (and MaxPool's Indices, int64) is (N, C, window extents).
std::vector<Type> pool_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  if (out.size() > 1) out[1].elem = DType::int64;
  const auto rank = spatial_rank(a);
  if (!rank) return out;
  const auto& x = *input_dims(a, 0);
  std::vector<std::optional<int64_t>> kernel(*rank);
  const Ints ks = axis_attr(a.node, "kernel_shape", *rank, 1, 1);
  for (size_t d = 0; d < *rank; ++d) kernel[d] = ks[d];
  const Dims y = window_output(x, x[1], kernel, read_window(a.node, *rank));
  for (auto& t : out) t.shape = y;
  return out;
}

// GlobalAveragePool, GlobalMaxPool, GlobalLpPool: (N, C, 1, ..., 1).
std::vector<Type> global_pool_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  const auto& x = input_dims(a, 0);
  if (out.empty() || !x || x->size() < 2) return out;  // a smaller rank is refused by evaluation (NN1)
  Dims y{(*x)[0], (*x)[1]};
  y.resize(x->size(), fixed_dim(1));
  out[0] = tensor_of(std::move(y));
  return out;
}

// MaxUnpool: (N, C, (in - 1) * stride + k - pad_begin - pad_end ...), or output_shape when given.
std::vector<Type> max_unpool_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  const auto& x = input_dims(a, 0);
  if (out.empty() || !x) return out;
  const std::string op = a.node.op_type;
  if (x->size() < 2)
    type_error("NN50", op + ": input X has rank " + std::to_string(x->size()) + ", expected at least 2 (N, C, ...)");
  const size_t r = x->size() - 2;
  // Only the lengths are checked: ONNX states no domain for MaxUnpool's values, and a negative extent is an
  // evaluation error (NN26) that leaves the size unknown here.
  constexpr int64_t any = std::numeric_limits<int64_t>::min() + 1;
  const Ints ks = axis_attr(a.node, "kernel_shape", r, 1, any);
  const Ints strides = axis_attr(a.node, "strides", r, 1, any);
  const Ints pads = axis_attr(a.node, "pads", 2 * r, 0, any);
  if (a.has_input(2)) {
    if (const auto& os = input_dims(a, 2);
        os && os->size() == 1 && (*os)[0].value && *(*os)[0].value != int64_t(x->size()))
      type_error("NN50", op + ": output_shape has " + std::to_string(*(*os)[0].value) + " entries, X has rank " +
                             std::to_string(x->size()));
    Dims y(x->size(), unknown_dim());
    if (const auto v = constant_ints(a, 2); v && v->size() == x->size())
      for (size_t d = 0; d < v->size(); ++d) y[d] = size_dim((*v)[d]);
    out[0] = tensor_of(std::move(y));
    return out;
  }
  Dims y{(*x)[0], (*x)[1]};
  for (size_t d = 0; d < r; ++d) {
    const Dim in = (*x)[2 + d];
    std::optional<int64_t> v = in.value && *in.value >= 1 ? checked_mul(*in.value - 1, strides[d]) : std::nullopt;
    if (v) v = checked_add(*v, ks[d]);
    if (v) v = checked_add(*v, -pads[d]);
    if (v) v = checked_add(*v, -pads[r + d]);
    y.push_back(size_dim(v));
  }
  out[0] = tensor_of(std::move(y));
  return out;
}

// ---- normalisation

// A per-channel parameter (scale, B, mean, var) of a 1-D shape has as many values as X has channels (NN52).
void check_channel_param(const InferenceArgs& a, size_t k, const Dim& c, const char* name) {
  const auto& p = input_dims(a, k);
  if (!p || !c.value) return;
  // [spec:NN52] per-channel normalisation parameters have one value per channel of X.
  ONNXSEM_CLAUSE(NN52);
  if (p->size() != 1 || ((*p)[0].value && *(*p)[0].value != *c.value))
    type_error("NN52", a.node.op_type + ": input " + name + " has " + std::to_string(p->size()) + " dimension(s) (" +
                           (p->empty() ? std::string("scalar") : dim_text((*p)[0])) + "), X has " +
                           std::to_string(*c.value) + " channels (one value per channel expected)");
}

// BatchNormalization: Y as X; the running statistics (versions 14, 15) as the mean input; the training
// outputs of the earlier versions are not determined here.
std::vector<Type> batch_norm_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  const auto& x = input_dims(a, 0);
  if (attr_int(a.node, "spatial", 1) != 0) {
    const Dim c = x && x->size() >= 2 ? (*x)[1] : x && x->size() == 1 ? fixed_dim(1) : unknown_dim();
    const char* names[4] = {"scale", "B", "mean", "var"};
    for (size_t k = 1; k <= 4; ++k) check_channel_param(a, k, c, names[k - 1]);
  }
  if (!out.empty()) out[0] = tensor_of(x);
  if (a.signature.since_version >= 14)
    for (size_t o = 1; o < out.size() && o <= 2; ++o) out[o] = tensor_of(input_dims(a, 3));
  return out;
}

// InstanceNormalization: Y as X, scale and B one value per channel.
std::vector<Type> instance_norm_rule(const InferenceArgs& a) {
  const auto& x = input_dims(a, 0);
  const Dim c = dim_at(x, 1);
  check_channel_param(a, 1, c, "scale");
  check_channel_param(a, 2, c, "B");
  return shape_of_input(0)(a);
}

// Y as X after checking the axis attribute (default -1) against X's rank (TS2).
ShapeRule axis_checked(int64_t def) {
  return [def](const InferenceArgs& a) {
    if (const auto r = input_rank(a, 0))
      (void)static_axis(attr_int(a.node, "axis", def), *r, a.node.op_type + ": attribute axis");
    return shape_of_input(0)(a);
  };
}

// LayerNormalization: Y as X; Mean and InvStdDev as X with the axes from `axis` on set to 1, of the element
// type stash_type.
std::vector<Type> layer_norm_rule(const InferenceArgs& a) {
  std::vector<Type> out = shape_of_input(0)(a);
  const auto& x = input_dims(a, 0);
  std::optional<Dims> stats;
  if (x) {
    const auto r = static_cast<int64_t>(x->size());
    const int64_t axis = static_axis(attr_int(a.node, "axis", -1), r, a.node.op_type + ": attribute axis");
    stats = *x;
    for (int64_t d = axis; d < r; ++d) (*stats)[static_cast<size_t>(d)] = fixed_dim(1);
  }
  DType stash = DType::undefined;
  if (const TypeVar* u = a.signature.var("U"))
    for (const Type& t : u->allowed)
      if (static_cast<int64_t>(t.elem) == attr_int(a.node, "stash_type", 1)) stash = t.elem;
  for (size_t o = 1; o < out.size() && o <= 2; ++o) out[o] = tensor_of(stats, stash);
  return out;
}

// MeanVarianceNormalization: Y as X, its axes within X's rank (TS2).
std::vector<Type> mvn_rule(const InferenceArgs& a) {
  const auto axes = attr_ints_opt(a.node, "axes");
  if (const auto r = input_rank(a, 0); r && axes)
    for (int64_t ax : *axes) (void)static_axis(ax, *r, a.node.op_type + ": attribute axes entry");
  return shape_of_input(0)(a);
}

// ---- dropout and random numbers

// Dropout: output as X; the mask of X's shape, bool from version 10 (else X's element type, by signature).
std::vector<Type> dropout_rule(const InferenceArgs& a) {
  std::vector<Type> out = shape_of_input(0)(a);
  if (out.size() > 1)
    out[1] = tensor_of(input_dims(a, 0), a.signature.since_version >= 10 ? DType::boolean : DType::undefined);
  return out;
}

// RandomNormal, RandomUniform: the shape attribute, element type dtype (default float).
std::vector<Type> random_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  if (out.empty()) return out;
  out[0].elem = element_type_attr(a, "dtype", 1, "T");
  if (const auto s = attr_ints_opt(a.node, "shape")) {
    Dims d;
    for (int64_t v : *s) d.push_back(size_dim(v));
    out[0].shape = std::move(d);
  }
  return out;
}

// RandomNormalLike, RandomUniformLike, Bernoulli: the input's shape; element type dtype, else the input's.
std::vector<Type> random_like_rule(const InferenceArgs& a) {
  std::vector<Type> out = shape_of_input(0)(a);
  if (out.empty()) return out;
  DType e = element_type_attr(a, "dtype", std::nullopt, "T2");
  if (e == DType::undefined) e = input_elem(a, 0);
  out[0].elem = e;
  return out;
}

// Multinomial: (batch, sample_size) of dtype (default int32).
std::vector<Type> multinomial_rule(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count, tensor_of());
  if (out.empty()) return out;
  out[0].elem = element_type_attr(a, "dtype", 6, "T2");
  const auto& x = input_dims(a, 0);
  const int64_t n = attr_int(a.node, "sample_size", 1);
  if (x && x->size() == 2) out[0].shape = Dims{(*x)[0], size_dim(n)};
  return out;
}

}  // namespace

void shapes_nn(Registry& r) {
  r.shape_rule("", "Conv", [](const InferenceArgs& a) { return conv_rule(a, 2); });
  r.shape_rule("", "DeformConv", [](const InferenceArgs& a) { return conv_rule(a, 3); });
  r.shape_rule("", "ConvTranspose", conv_transpose_rule);
  r.shape_rule("", "CausalConvWithState", causal_conv_rule);
  r.shape_rule("", "MaxPool", pool_rule);
  r.shape_rule("", "AveragePool", pool_rule);
  r.shape_rule("", "LpPool", pool_rule);
  r.shape_rule("", "GlobalMaxPool", global_pool_rule);
  r.shape_rule("", "GlobalAveragePool", global_pool_rule);
  r.shape_rule("", "GlobalLpPool", global_pool_rule);
  r.shape_rule("", "MaxUnpool", max_unpool_rule);
  r.shape_rule("", "BatchNormalization", batch_norm_rule);
  r.shape_rule("", "InstanceNormalization", instance_norm_rule);
  r.shape_rule("", "GroupNormalization", shape_of_input(0));
  r.shape_rule("", "LayerNormalization", layer_norm_rule);
  r.shape_rule("", "RMSNormalization", [](const InferenceArgs& a) {
    // [spec:NN34] scale has X's element type: ONNX's function body multiplies them and its type inference
    // gives Y the type of X, though the signature gives scale and Y a type variable of their own.
    ONNXSEM_CLAUSE(NN34);
    const DType x = input_elem(a, 0), s = input_elem(a, 1);
    if (x != DType::undefined && s != DType::undefined && x != s)
      type_error("NN34", "RMSNormalization: scale is " + std::string(dtype_name(s)) + " but X is " + dtype_name(x) +
                             " (they must have one element type)");
    return axis_checked(-1)(a);
  });
  r.shape_rule("", "LpNormalization", axis_checked(-1));
  r.shape_rule("", "MeanVarianceNormalization", mvn_rule);
  r.shape_rule("", "LRN", shape_of_input(0));
  r.shape_rule("", "Dropout", dropout_rule);
  r.shape_rule("", "RandomNormal", random_rule);
  r.shape_rule("", "RandomUniform", random_rule);
  r.shape_rule("", "RandomNormalLike", random_like_rule);
  r.shape_rule("", "RandomUniformLike", random_like_rule);
  r.shape_rule("", "Bernoulli", random_like_rule);
  r.shape_rule("", "Multinomial", multinomial_rule);
}

}  // namespace onnxsem::ops

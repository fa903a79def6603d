// The shape rules of the quant family (spec/types.md, TY5): for each operator version, the output types its
// definition determines from the input types, the attributes and the known input values.
#include <cstdint>
#include <limits>
#include <string>

#include "ops/common/attrs.hpp"
#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops {
namespace {

// The element type named by the int attribute `name` (0 or absent: undefined), which must be one that output
// 0's type variable allows (TY10).
DType output_dtype_attr(const InferenceArgs& a, const std::string& name) {
  const Attribute* at = a.node.attr(name);
  if (!at || at->type != AttrType::i || at->i == 0) return DType::undefined;
  return allowed_element_type(a, at->i, output_type_var(a), "attribute " + name);
}

// Q1 read statically: when the scale (input `s`) is known not to hold a single value, the quantization is
// per axis or blocked, so `axis` indexes x (TS2); a 1-D per-axis scale holds one value per index of that axis.
void check_scale(const InferenceArgs& a, size_t s) {
  if (a.signature.attr("axis") == nullptr) return;  // version 10: per tensor only
  const auto& x = input_dims(a, 0);
  const auto& scale = input_dims(a, s);
  if (!x || !scale || scale->empty()) return;
  if (scale->size() == 1 && !((*scale)[0].value && *(*scale)[0].value != 1)) return;  // may hold one value
  const int64_t axis = static_axis(attr_int(a.node, "axis", 1), static_cast<int64_t>(x->size()),
                                   a.node.op_type + " attribute axis");
  if (scale->size() != 1 || attr_int(a.node, "block_size", 0) != 0) return;
  const Dim& want = (*x)[static_cast<size_t>(axis)];
  const Dim& got = (*scale)[0];
  // [spec:Q17] a per-axis scale holds one value per index of the axis.
  ONNXSEM_CLAUSE(Q17);
  if (want.value && got.value && *want.value != *got.value)
    type_error("Q17", a.node.op_type + ": the per-axis scale has " + dim_text(got) + " values for axis " +
                          std::to_string(axis) + " of extent " + dim_text(want));
}

// QuantizeLinear: y has x's shape; its element type is the zero point's, else output_dtype's, else uint8 (Q3).
std::vector<Type> quantize(const InferenceArgs& a) {
  check_scale(a, 1);
  const DType od = output_dtype_attr(a, "output_dtype");
  DType elem = od != DType::undefined ? od : DType::uint8;
  if (a.has_input(2)) {
    const DType zp = input_elem(a, 2);
    // [spec:Q16] output_dtype, when set, names the zero point's element type.
    ONNXSEM_CLAUSE(Q16);
    if (zp != DType::undefined && od != DType::undefined && zp != od)
      type_error("Q16", std::string("QuantizeLinear: output_dtype names ") + dtype_name(od) +
                            " but the zero point has element type " + dtype_name(zp));
    elem = zp != DType::undefined ? zp : od;
  }
  std::vector<Type> out(a.output_count);
  if (!out.empty()) out[0] = make_tensor_type(elem, input_dims(a, 0));
  return out;
}

// DequantizeLinear: y has x's shape; from version 23 its element type is output_dtype's, else the scale's (Q7).
std::vector<Type> dequantize(const InferenceArgs& a) {
  check_scale(a, 1);
  DType elem = output_dtype_attr(a, "output_dtype");
  if (elem == DType::undefined) elem = a.signature.since_version >= 19 ? input_elem(a, 1) : DType::float32;
  // a float8e8m0 scale without output_dtype (versions 24 and later) names no output type (an evaluation error)
  if (elem == DType::float8e8m0) elem = DType::undefined;
  std::vector<Type> out(a.output_count);
  if (!out.empty()) out[0] = make_tensor_type(elem, input_dims(a, 0));
  return out;
}

// DynamicQuantizeLinear: y uint8 of x's shape, a float scale and a uint8 zero point, both scalars (Q8, Q9).
std::vector<Type> dynamic_quantize(const InferenceArgs& a) {
  std::vector<Type> out(a.output_count);
  const std::vector<Type> all{make_tensor_type(DType::uint8, input_dims(a, 0)),
                              make_tensor_type(DType::float32, Dims{}), make_tensor_type(DType::uint8, Dims{})};
  for (size_t k = 0; k < out.size() && k < all.size(); ++k) out[k] = all[k];
  return out;
}

// The matrix product's shape (Q12) of operands a and b, when both ranks are known.
std::optional<Dims> matmul_dims(const InferenceArgs& a, size_t ka, size_t kb) {
  const auto& da = input_dims(a, ka);
  const auto& db = input_dims(a, kb);
  if (!da || !db) return std::nullopt;
  const std::string op = a.node.op_type;
  // [spec:Q18] the operands have rank at least 1 and a's last extent equals b's second-to-last one.
  ONNXSEM_CLAUSE(Q18);
  if (da->empty() || db->empty()) type_error("Q18", op + ": a matrix operand has rank 0");
  Dims A = *da, B = *db;
  const bool a1 = A.size() == 1, b1 = B.size() == 1;
  if (a1) A.insert(A.begin(), Dim{int64_t{1}, {}});
  if (b1) B.push_back(Dim{int64_t{1}, {}});
  const Dim& k1 = A.back();
  const Dim& k2 = B[B.size() - 2];
  if (k1.value && k2.value && *k1.value != *k2.value)
    type_error("Q18", op + ": a has " + dim_text(k1) + " columns but b has " + dim_text(k2) + " rows");
  Dims out = broadcast_dims({Dims(A.begin(), A.end() - 2), Dims(B.begin(), B.end() - 2)}, op + " batch dimensions");
  if (!a1) out.push_back(A[A.size() - 2]);
  if (!b1) out.push_back(B.back());
  return out;
}

// One output extent of a convolution (NN3, NN5), or nullopt where it is not determined or would be an error.
std::optional<int64_t> conv_extent(int64_t in, int64_t k, int64_t s, int64_t d, int64_t pb, int64_t pe,
                                   const std::string& auto_pad) {
  if (in < 0 || k < 1 || s < 1 || d < 1 || pb < 0 || pe < 0) return std::nullopt;
  if (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") return in / s + (in % s != 0 ? 1 : 0);
  const auto span = checked_mul(k - 1, d);
  if (!span) return std::nullopt;
  std::optional<int64_t> total = in;
  if (auto_pad == "NOTSET") {
    total = checked_add(in, pb);
    if (total) total = checked_add(*total, pe);
  }
  if (!total || *total <= *span) return std::nullopt;  // shorter than the window: an evaluation error
  return (*total - *span - 1) / s + 1;
}

// ConvInteger and QLinearConv (Q13): y is (N, M, O1, ..., On) for x (N, C, D1, ..., Dn) and w (M, C / group,
// k1, ..., kn), the output extents by NN3 and NN5.
std::optional<Dims> conv_dims(const InferenceArgs& a, size_t kx, size_t kw) {
  const std::string op = a.node.op_type;
  const std::string auto_pad = choice_attr(a.node, "auto_pad", "NOTSET",
                                           {"NOTSET", "VALID", "SAME_UPPER", "SAME_LOWER"});
  const auto& x = input_dims(a, kx);
  const auto& w = input_dims(a, kw);
  // [spec:Q19] x and w have one rank, and x's channels are w's channels times group.
  ONNXSEM_CLAUSE(Q19);
  if (x && w && x->size() != w->size())
    type_error("Q19",
               op + ": x has rank " + std::to_string(x->size()) + " but w has rank " + std::to_string(w->size()));
  const int64_t group = attr_int(a.node, "group", 1);
  if (x && w && x->size() >= 2 && group >= 1) {
    const Dim& c = (*x)[1];
    const Dim& wc = (*w)[1];
    if (c.value && wc.value && (*c.value % group != 0 || *c.value / group != *wc.value))
      type_error("Q19", op + ": x has " + dim_text(c) + " channels but w has " + dim_text(wc) + " per group of " +
                            std::to_string(group));
  }
  if (!x || x->size() < 3) return std::nullopt;
  const size_t n = x->size() - 2;
  Dims out{(*x)[0], w ? (*w)[0] : unknown_dim()};
  const auto kernel = attr_ints_opt(a.node, "kernel_shape");
  const auto strides = attr_ints(a.node, "strides", std::vector<int64_t>(n, 1));
  const auto dilations = attr_ints(a.node, "dilations", std::vector<int64_t>(n, 1));
  const auto pads = attr_ints(a.node, "pads", std::vector<int64_t>(2 * n, 0));
  const bool lengths_ok = strides.size() == n && dilations.size() == n && pads.size() == 2 * n &&
                          (!kernel || kernel->size() == n);
  for (size_t i = 0; i < n; ++i) {
    std::optional<int64_t> k;
    if (kernel) k = kernel->size() == n ? std::optional<int64_t>((*kernel)[i]) : std::nullopt;
    else if (w) k = (*w)[2 + i].value;
    const auto& in = (*x)[2 + i].value;
    std::optional<int64_t> e;
    if (lengths_ok && in && k) e = conv_extent(*in, *k, strides[i], dilations[i], pads[i], pads[n + i], auto_pad);
    out.push_back(e ? fixed_dim(*e) : unknown_dim());
  }
  return out;
}

std::vector<Type> one_output(const InferenceArgs& a, Type t) {
  std::vector<Type> out(a.output_count);
  if (!out.empty()) out[0] = std::move(t);
  return out;
}

}  // namespace

void shapes_quant(Registry& r) {
  r.shape_rule("", "QuantizeLinear", quantize);
  r.shape_rule("", "DequantizeLinear", dequantize);
  r.shape_rule("", "DynamicQuantizeLinear", dynamic_quantize);
  // y's element type is y_zero_point's (T3), which the typing engine binds.
  r.shape_rule("", "QLinearMatMul", [](const InferenceArgs& a) {
    return one_output(a, make_tensor_type(DType::undefined, matmul_dims(a, 0, 3)));
  });
  r.shape_rule("", "ConvInteger", [](const InferenceArgs& a) {
    return one_output(a, make_tensor_type(DType::int32, conv_dims(a, 0, 1)));
  });
  r.shape_rule("", "QLinearConv", [](const InferenceArgs& a) {
    return one_output(a, make_tensor_type(DType::undefined, conv_dims(a, 0, 3)));
  });
}

}  // namespace onnxsem::ops

// Operator family: quantization (spec/ops-quant.md). linear.cpp holds QuantizeLinear, DequantizeLinear and
// DynamicQuantizeLinear; integer.cpp the integer products QLinearMatMul, ConvInteger and QLinearConv
// (MatMulInteger belongs to the reduce family). This file registers them and holds the shared helpers.
#include "ops/quant/quant.hpp"
#include "ops/common/values.hpp"

#include <array>

#include "ops/common/broadcast.hpp"

namespace onnxsem::ops {
void add_quant(Registry& r) {
  quant::add_linear(r);
  quant::add_integer(r);
}
}  // namespace onnxsem::ops

namespace onnxsem::ops::quant {

std::vector<double> widen_all(const Tensor& t, const std::string& what) {
  return dispatch(t.dtype(), widenable_types, what, [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto d = t.data<T>();
    std::vector<double> out(d.size());
    for (size_t i = 0; i < d.size(); ++i) out[i] = widen(d[i]);
    return out;
  });
}

std::vector<int64_t> ints_of(const Tensor& t, const std::string& what) {
  return dispatch(t.dtype(), quant_int_types, what, [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto d = t.data<T>();
    std::vector<int64_t> out(d.size());
    for (size_t i = 0; i < d.size(); ++i) {
      if constexpr (num::detail::is_small_int<T>) out[i] = d[i].v;
      else out[i] = static_cast<int64_t>(d[i]);
    }
    return out;
  });
}

bool broadcasts_to(const Shape& p, const Shape& target) {
  if (p.size() > target.size()) return false;
  const size_t off = target.size() - p.size();
  for (size_t i = 0; i < p.size(); ++i)
    if (p[i] != 1 && p[i] != target[off + i]) return false;
  return true;
}

std::vector<int64_t> broadcast_offsets(const Shape& p, const Shape& out) {
  std::vector<int64_t> offs;
  offs.reserve(static_cast<size_t>(element_count(out)));
  const std::array<std::vector<int64_t>, 1> strides{broadcast_strides(p, out)};
  for_each_broadcast<1>(out, strides, [&](const std::array<int64_t, 1>& o) { offs.push_back(o[0]); });
  return offs;
}

}  // namespace onnxsem::ops::quant

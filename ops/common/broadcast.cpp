// Multidirectional broadcasting (spec/ops.md, B1).
#include "ops/common/broadcast.hpp"

#include <algorithm>

#include "runtime/coverage.hpp"

namespace onnxsem::ops {

Shape broadcast_shape(const std::vector<Shape>& shapes, const std::string& what) {
  ONNXSEM_CLAUSE(B1);
  size_t rank = 0;
  for (const auto& s : shapes) rank = std::max(rank, s.size());
  Shape out(rank, 1);
  for (const auto& s : shapes) {
    for (size_t i = 0; i < s.size(); ++i) {
      size_t o = rank - s.size() + i;
      int64_t d = s[i];
      if (d == out[o] || d == 1) continue;
      // [spec:B1] aligned dimensions must agree or be 1.
      if (out[o] != 1) {
        std::string msg = what + ": shapes cannot be broadcast together:";
        for (const auto& t : shapes) {
          msg += " [";
          for (size_t j = 0; j < t.size(); ++j) msg += (j ? "," : "") + std::to_string(t[j]);
          msg += "]";
        }
        eval_error("B1", msg);
      }
      out[o] = d;
    }
  }
  return out;
}

std::vector<int64_t> broadcast_strides(const Shape& in, const Shape& out) {
  std::vector<int64_t> strides(out.size(), 0);
  int64_t s = 1;
  for (size_t i = in.size(); i-- > 0;) {
    size_t o = out.size() - in.size() + i;
    strides[o] = in[i] == 1 ? 0 : s;
    s *= in[i];
  }
  return strides;
}

}  // namespace onnxsem::ops

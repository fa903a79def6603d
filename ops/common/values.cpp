// Helpers shared by the operator families (see values.hpp).
#include "ops/common/values.hpp"

#include "runtime/error.hpp"

namespace onnxsem::ops {

int64_t size_add(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) eval_error("L1", "size computation overflows");
  return r;
}

int64_t size_mul(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) eval_error("L1", "size computation overflows");
  return r;
}

std::string show(const Shape& s) {
  std::string r = "[";
  for (size_t i = 0; i < s.size(); ++i) r += (i ? "," : "") + std::to_string(s[i]);
  return r + "]";
}

std::vector<double> widen_all(const Tensor& t, const std::string& what) { return widen_all(t, float_types, what); }

std::vector<double> work_buffer(EvalContext& cx, const Shape& s) {
  const int64_t count = element_count(s);
  if (count > cx.limits().tensor_bytes / static_cast<int64_t>(sizeof(double)))
    eval_error("L3", "a working buffer of " + std::to_string(count) + " elements exceeds the allocation limit");
  return std::vector<double>(static_cast<size_t>(count), 0.0);
}

}  // namespace onnxsem::ops

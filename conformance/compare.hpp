// The comparison rule of the ONNX backend runner (spec/conformance.md, K1): same kind, element type and
// shape; strings equal; numbers |actual - expected| <= atol + rtol * |expected|; NaN equals NaN.
#pragma once

#include <string>

#include "values/value.hpp"

namespace onnxsem::conformance {

struct Tolerance {
  double rtol = 1e-3;
  double atol = 1e-7;
};

// Empty when `actual` matches `expected`; otherwise says where and how they differ.
[[nodiscard]] std::string compare(const Value& actual, const Value& expected, const Tolerance& tol);

}  // namespace onnxsem::conformance

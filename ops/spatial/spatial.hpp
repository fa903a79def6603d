// Internal interface of the spatial operator family (spec/ops-spatial.md): the per-file registration
// functions and the small helpers the files share.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "ops/common/values.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"
#include "values/dispatch.hpp"
#include "values/numeric.hpp"
#include "values/value.hpp"

namespace onnxsem::ops::spatial {

void add_resize(Registry& r);  // resize.cpp: Resize, Upsample
void add_sample(Registry& r);  // sample.cpp: GridSample, AffineGrid
void add_roi(Registry& r);     // roi.cpp: RoiAlign, MaxRoiPool
void add_layout(Registry& r);  // spatial.cpp: CenterCropPad, Col2Im

// The floating-point element types of the family's type constraints.
inline constexpr auto sp_float_types = hana::tuple_t<float, double, float16_t, bfloat16_t>;

// The single rounding of a binary64 result to the output element type (P1). Integer element types
// receive the nearest integer (ties to even), clamped to the type's range (clause SP39); bool x != 0.
template <class T>
[[nodiscard]] inline T narrow(double x) {
  if constexpr (std::is_same_v<T, double>) return x;
  else if constexpr (std::is_same_v<T, float>) return static_cast<float>(x);
  else if constexpr (std::is_same_v<T, bool>) return x != 0;
  else if constexpr (std::is_integral_v<T>) {
    // [spec:SP39] integer results: nearest integer, ties to even, saturated to the type's range.
    ONNXSEM_CLAUSE(SP39);
    if (std::isnan(x)) return T(0);
    const double r = std::nearbyint(x);
    if (r <= static_cast<double>(std::numeric_limits<T>::min())) return std::numeric_limits<T>::min();
    if (r >= static_cast<double>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
    return static_cast<T>(r);
  } else {
    return num::from_double<T>(x);
  }
}

[[nodiscard]] std::string show_d(const std::vector<double>& s);

// The cubic convolution kernel with parameter a (Keys), at distance t.
[[nodiscard]] inline double cubic_kernel(double t, double a) {
  t = std::fabs(t);
  if (t <= 1) return ((a + 2) * t - (a + 3)) * t * t + 1;
  if (t < 2) return ((a * t - 5 * a) * t + 8 * a) * t - 4 * a;
  return 0.0;
}

}  // namespace onnxsem::ops::spatial

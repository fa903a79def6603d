// Printing values for people (onnxsem run).
#pragma once

#include <string>

#include "semantics/value.hpp"

namespace onnxsem::reports {

// "tensor(float)[2,2] = [1, 2, 3, 4]": the type, the shape and up to `limit` elements in row-major order,
// written so that reading them back gives the same value (17 significant digits for doubles, 9 for
// float and narrower types).
[[nodiscard]] std::string format_value(const Value& v, size_t limit = 64);

}  // namespace onnxsem::reports

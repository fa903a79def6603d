// Reading attributes of a node (spec/ops.md, A1 and W5). Defaults live with each operator, at the call.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "values/ir.hpp"

namespace onnxsem::ops {

// The attribute if present with the expected type; refused (W5) when present with another type.
[[nodiscard]] const Attribute* find_attr(const Node& n, const std::string& name, AttrType expected);

[[nodiscard]] std::optional<int64_t> attr_int_opt(const Node& n, const std::string& name);
[[nodiscard]] int64_t attr_int(const Node& n, const std::string& name, int64_t def);
[[nodiscard]] int64_t attr_int_req(const Node& n, const std::string& name);  // eval error A1 if missing
[[nodiscard]] std::optional<float> attr_float_opt(const Node& n, const std::string& name);
[[nodiscard]] float attr_float(const Node& n, const std::string& name, float def);
[[nodiscard]] std::optional<std::string> attr_string_opt(const Node& n, const std::string& name);
[[nodiscard]] std::string attr_string(const Node& n, const std::string& name, const std::string& def);
[[nodiscard]] std::optional<std::vector<int64_t>> attr_ints_opt(const Node& n, const std::string& name);
[[nodiscard]] std::vector<int64_t> attr_ints(const Node& n, const std::string& name, std::vector<int64_t> def);
[[nodiscard]] std::optional<std::vector<float>> attr_floats_opt(const Node& n, const std::string& name);
[[nodiscard]] std::optional<std::vector<std::string>> attr_strings_opt(const Node& n, const std::string& name);
[[nodiscard]] const Tensor* attr_tensor_opt(const Node& n, const std::string& name);

// Normalises an axis in [-rank, rank) to [0, rank); eval error X1 naming the attribute/input otherwise.
[[nodiscard]] int64_t normalise_axis(int64_t axis, int64_t rank, const std::string& what);

// Reads a 1-D (or scalar) integer tensor (int32 or int64) as int64 values, e.g. a shape or axes input.
[[nodiscard]] std::vector<int64_t> int_list(const Tensor& t, const std::string& what);

}  // namespace onnxsem::ops

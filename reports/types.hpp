// What the static semantics concluded about a model (`onnxsem types MODEL --json`, spec/types.md): the
// inferred type of every name of every graph and function call, then the typing findings, as JSON.
#pragma once

#include <string>

#include "semantics/types.hpp"

namespace onnxsem::reports {

// The JSON of `typing`, the typing of the model file `model`.
[[nodiscard]] std::string types_json(const std::string& model, const Typing& typing);

}  // namespace onnxsem::reports

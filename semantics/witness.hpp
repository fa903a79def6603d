// The witness of an internal random value (spec/conformance.md, K14): a possible result of a random
// operation whose output is not a graph output, under which the graph gives the expected outputs.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "semantics/fixpoint.hpp"

namespace onnxsem {

struct Witness {
  std::string name;            // the random operation's output name
  std::vector<int64_t> picks;  // its witnessing result, element by element (EvalOptions::picks)
  Outcome outcome;             // the evaluation with it, whose outputs are the expected ones, bit for bit
};

// When `first`, the evaluation of `model` on `inputs` with `eo`, stopped unsupported at an operation of the
// main graph whose output has no candidate result, and that operation's operator draws at random and
// offers numbers for a witness (ops/nn/random.cpp), looks for a possible result of it under which the
// graph's outputs are `expected`, bit for bit; nullopt when none is found (which does not show that none
// exists). The search knows no operator: the picks index the numbers each operator offers.
[[nodiscard]] std::optional<Witness> find_witness(const Model& model, const std::map<std::string, Value>& inputs,
                                                  const OperatorTable& ops, const EvalOptions& eo, const Outcome& first,
                                                  const std::vector<Value>& expected);

}  // namespace onnxsem

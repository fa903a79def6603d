// Static checks of a model against the clauses of spec/graph.md, under a profile (spec/graph.md,
// "Profiles"). Each finding carries its clause ID.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runtime/error.hpp"
#include "semantics/fixpoint.hpp"
#include "values/ir.hpp"
#include "values/operator.hpp"

namespace onnxsem {

enum class Profile { onnx, sonnx };
[[nodiscard]] std::optional<Profile> parse_profile(const std::string& s);

struct Finding {
  enum class Severity { error, warning };

  Finding() = default;
  // A raise site: the clause is checked when compiling.
  Finding(Severity s, Clause c, std::string message_, std::string node_ = {}, std::string tensor_ = {})
      : severity(s), clause(c.id()), message(std::move(message_)), node(std::move(node_)), tensor(std::move(tensor_)) {}
  // Not a raise site: the clause of an error raised elsewhere, or of a report read back.
  Finding(Severity s, Relayed c, std::string message_, std::string node_ = {}, std::string tensor_ = {})
      : severity(s), clause(std::move(c.id)), message(std::move(message_)), node(std::move(node_)),
        tensor(std::move(tensor_)) {}

  Severity severity = Severity::error;
  std::string clause;
  std::string message;
  std::string node;    // where, when a node is concerned
  std::string tensor;  // where, when a tensor is concerned

  [[nodiscard]] std::string describe() const;  // "[C1] tensor 'y': ..." (warnings say "warning:")
};

// Every finding of the model under the profile, in a deterministic order.
[[nodiscard]] std::vector<Finding> check(const Model& model, Profile profile, const OperatorTable& ops);

// The findings of the evaluation of the model's constant part (spec/graph.md, PE1): one error finding,
// with the clause ID of the error, for each operation whose inputs follow from the initializers alone and
// whose firing fails. `check` of the command line runs it on a model that the static checks accept.
[[nodiscard]] std::vector<Finding> check_constant_part(const Model& model, const OperatorTable& ops);

// The evaluation of the model's constant part under the bounds of PE1, the random operators (R2) left
// unevaluated: what check_constant_part judges and what type inference takes as known values (TY5).
[[nodiscard]] PartialOutcome constant_part(const Model& model, const OperatorTable& ops);

// Everything `onnxsem check` applies: the findings of `check`, then, when they refuse nothing, those of
// check_constant_part.
[[nodiscard]] std::vector<Finding> check_model(const Model& model, Profile profile, const OperatorTable& ops);

// True when some finding is an error (the model is refused).
[[nodiscard]] bool refuses(const std::vector<Finding>& findings) noexcept;

}  // namespace onnxsem

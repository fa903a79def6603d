// Errors are values that carry the clause of spec/ they report (spec/conventions.md, "Outcomes").
// Four kinds reach users: a refusal by a check, an evaluation error (an operator's precondition failed),
// unsupported (not implemented by onnxsem), and a usage error (bad command line or unreadable file).
#pragma once

#include <exception>
#include <string>
#include <utility>

#include "runtime/clause_ids.hpp"

namespace onnxsem {

enum class ErrorKind {
  refused,      // the model breaks a clause of the graph rules (exit 1)
  usage,        // bad command line, unreadable or malformed file (exit 2)
  evaluation,   // an operator's precondition failed at run time (exit 3)
  unsupported,  // an operator, version or type onnxsem does not implement (exit 4)
  internal,     // a defect of onnxsem itself
};

[[nodiscard]] const char* kind_name(ErrorKind k) noexcept;
[[nodiscard]] int exit_code(ErrorKind k) noexcept;

namespace detail {
// Not constexpr: reaching it while the compiler evaluates Clause's constructor stops the compilation.
void unknown_clause_id();
}  // namespace detail

// The clause ID of a raise site, checked when compiling: a literal that is not the ID of a clause of spec/
// (runtime/clause_ids.inc, which the clause check keeps equal to spec/) does not compile.
class Clause {
 public:
  consteval Clause(const char* id) : id_(id) {           // NOLINT(google-explicit-constructor): literals convert
    if (!known_clause(id)) detail::unknown_clause_id();  // an unknown clause ID
  }
  [[nodiscard]] constexpr const char* id() const noexcept { return id_; }

 private:
  const char* id_;
};

// The clause an error or finding relays when it was raised elsewhere (a caught Error, a report read back):
// its ID was checked where it was first raised, or it is data, not a raise site.
struct Relayed {
  std::string id;
};

struct Error {
  Error() = default;
  // A raise site: the clause is checked when compiling.
  Error(ErrorKind k, Clause c, std::string message_, std::string node_ = {}, std::string op_ = {},
        std::string tensor_ = {})
      : kind(k), clause(c.id()), message(std::move(message_)), node(std::move(node_)), op(std::move(op_)),
        tensor(std::move(tensor_)) {}
  // Not a raise site: the clause of an error raised elsewhere.
  Error(ErrorKind k, Relayed c, std::string message_, std::string node_ = {}, std::string op_ = {},
        std::string tensor_ = {})
      : kind(k), clause(std::move(c.id)), message(std::move(message_)), node(std::move(node_)), op(std::move(op_)),
        tensor(std::move(tensor_)) {}

  ErrorKind kind = ErrorKind::internal;
  std::string clause;   // stable clause ID of spec/, e.g. "C1", "N4"
  std::string message;  // what was wrong
  std::string node;     // where: node name (may be empty)
  std::string op;       // where: domain::op_type (may be empty)
  std::string tensor;   // where: tensor name (may be empty)

  [[nodiscard]] std::string describe() const;  // "[N4] node 'n1' (Div): integer division by zero"
};

// The exception that carries an Error out of an operator kernel or the loader. The evaluator catches it
// and turns it back into a value (an Outcome holding the Error).
class Failure : public std::exception {
 public:
  explicit Failure(Error e) : error_(std::move(e)), what_(error_.describe()) {}
  [[nodiscard]] const Error& error() const noexcept { return error_; }
  [[nodiscard]] const char* what() const noexcept override { return what_.c_str(); }

 private:
  Error error_;
  std::string what_;
};

// A precondition of an operator failed: the clause names the rule, the message says what and where.
[[noreturn]] void eval_error(Clause clause, std::string message);
// The operator, version, element type or attribute form is not implemented by onnxsem.
[[noreturn]] void unsupported(std::string message);
// A file or command line cannot be used.
[[noreturn]] void usage_error(Clause clause, std::string message);
// The model breaks a well-formedness clause found while reading or evaluating it.
[[noreturn]] void refused(Clause clause, std::string message);

}  // namespace onnxsem

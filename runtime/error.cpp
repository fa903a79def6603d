// Outcomes and their clauses (spec/conventions.md, "Outcomes").
#include "runtime/error.hpp"

#include "runtime/coverage.hpp"

namespace onnxsem {

const char* kind_name(ErrorKind k) noexcept {
  switch (k) {
    case ErrorKind::refused: return "refused";
    case ErrorKind::usage: return "usage";
    case ErrorKind::evaluation: return "evaluation error";
    case ErrorKind::unsupported: return "unsupported";
    case ErrorKind::internal: return "internal error";
  }
  return "internal error";
}

int exit_code(ErrorKind k) noexcept {
  switch (k) {
    case ErrorKind::refused: return 1;
    case ErrorKind::usage: return 2;
    case ErrorKind::evaluation: return 3;
    case ErrorKind::unsupported: return 4;
    case ErrorKind::internal: return 5;
  }
  return 5;
}

std::string Error::describe() const {
  std::string out = "[" + (clause.empty() ? std::string("?") : clause) + "] ";
  if (!node.empty() || !op.empty()) {
    out += "node '" + node + "'";
    if (!op.empty()) out += " (" + op + ")";
    out += ": ";
  }
  if (!tensor.empty()) out += "tensor '" + tensor + "': ";
  out += message;
  return out;
}

void detail::unknown_clause_id() {}

void eval_error(Clause clause, std::string message) {
  throw Failure(Error{ErrorKind::evaluation, clause, std::move(message)});
}
// [spec:U1] unsupported is its own outcome, never a pass.
void unsupported(std::string message) {
  ONNXSEM_CLAUSE(U1);
  throw Failure(Error{ErrorKind::unsupported, "U1", std::move(message), {}, {}, {}});
}
void usage_error(Clause clause, std::string message) {
  throw Failure(Error{ErrorKind::usage, clause, std::move(message)});
}
void refused(Clause clause, std::string message) {
  throw Failure(Error{ErrorKind::refused, clause, std::move(message)});
}

}  // namespace onnxsem

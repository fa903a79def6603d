// Tests of require (runtime/require.hpp): each form raises its outcome under its clause, builds its message
// only when the precondition fails, and marks its clause's coverage.
#include "runtime/require.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "runtime/coverage_recording.hpp"

using namespace onnxsem;

namespace {
// The error `f` raises; an internal error without clause when it raises none.
Error raised(auto&& f) {
  try {
    f();
  } catch (const Failure& e) {
    return e.error();
  }
  return Error{};
}
}  // namespace

TEST_CASE("require raises an evaluation error under its clause, and only when the precondition fails") {
  int built = 0;
  auto message = [&] {
    ++built;
    return std::string("the operand has rank 0");
  };
  require<"RD21">(true, message);
  CHECK(built == 0);  // a precondition that holds builds no text
  const Error e = raised([&] { require<"RD21">(false, message); });
  CHECK(built == 1);
  CHECK(e.kind == ErrorKind::evaluation);
  CHECK(e.clause == "RD21");
  CHECK(e.message == "the operand has rank 0");
}

TEST_CASE("require's forms: a refusal, a typing refusal, a usage error") {
  const Error model = raised([] { require_model<"C1">(false, "y is written twice"); });
  CHECK(model.kind == ErrorKind::refused);
  CHECK(model.clause == "C1");
  CHECK(model.message == "y is written twice");
  const Error typed = raised([] { require_typed<"TY2">(false, std::string("two inputs, not three")); });
  CHECK(typed.kind == ErrorKind::refused);
  CHECK(typed.clause == "TY2");
  const Error usage = raised([] { require_usage<"U2">(false, "--threads takes a count"); });
  CHECK(usage.kind == ErrorKind::usage);
  CHECK(usage.clause == "U2");
  CHECK(raised([] { require_model<"C1">(true, "never"); }).clause.empty());
}

TEST_CASE("[K17] a require site marks its clause's coverage, and the clause counts as instrumented") {
  std::vector<std::string> passed;
  {
    coverage::Recording recording;
    require<"RD22">(true, "never built");
    passed = recording.clauses();
  }
  CHECK(std::find(passed.begin(), passed.end(), "RD22") != passed.end());
  const auto instrumented = coverage::instrumented();
  CHECK(std::find(instrumented.begin(), instrumented.end(), "RD22") != instrumented.end());
}

// Tests of the command line (spec/values.md, U2).
#include <doctest/doctest.h>

#include "cli/args.hpp"
#include "runtime/error.hpp"

using namespace onnxsem;

TEST_CASE("[U2] options take their values, flags none; unknown options are usage errors") {
  const auto a = cli::parse_args({"model.onnx", "--profile", "sonnx", "--input=x=a.pb", "--input", "y=b.pb",
                                  "--strict-shapes"},
                                 {"profile", "input"}, {"strict-shapes"});
  CHECK(a.positional == std::vector<std::string>{"model.onnx"});
  CHECK(a.get("profile") == "sonnx");
  CHECK(a.options.count("input") == 2);
  CHECK(a.has("strict-shapes"));
  try {
    (void)cli::parse_args({"--bogus"}, {"profile"});
    CHECK(false);
  } catch (const Failure& f) {
    CHECK(f.error().clause == "U2");
    CHECK(f.error().kind == ErrorKind::usage);
  }
  CHECK_THROWS_AS((void)cli::parse_args({"--profile"}, {"profile"}), Failure);
  CHECK(cli::to_int("42", "--jobs") == 42);
  CHECK_THROWS_AS((void)cli::to_int("4x", "--jobs"), Failure);
}

// Test support for semantics/: a small operator table of toy operators, independent of ops/, so that the
// graph semantics is tested on its own (the separation spec/graph.md asks for).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/error.hpp"
#include "values/operator.hpp"

namespace onnxsem {

// The context of code that a test runs outside any evaluation (the values it builds, the kernels it calls
// directly): default limits and one thread, unless a TestContext below is in force on the thread. Only
// tests use it: outside them, every tensor is made for the context its caller names.
namespace testing_detail {
inline thread_local EvalContext* installed = nullptr;
}
[[nodiscard]] inline EvalContext& test_context() {
  if (testing_detail::installed) return *testing_detail::installed;
  static thread_local EvalContext fallback;
  return fallback;
}

// Scoped: test_context() is a fresh context with one setting changed until destruction, which restores the
// one before. The tests' stand-in for an evaluation's options.
class TestContext {
 public:
  TestContext(const TestContext&) = delete;
  TestContext& operator=(const TestContext&) = delete;
  ~TestContext() { testing_detail::installed = previous_; }

 protected:
  TestContext(Limits limits, int threads) : context_(limits, threads), previous_(testing_detail::installed) {
    testing_detail::installed = &context_;
  }
  static Limits limits_now() { return test_context().limits(); }

 private:
  EvalContext context_;
  EvalContext* previous_;
};
// E9: kernels a test calls share their work among `n` threads.
class Threads : TestContext {
 public:
  explicit Threads(int n) : TestContext(limits_now(), n) {}
};
// L3: tensors of more than `bytes` bytes are refused.
class AllocationLimit : TestContext {
 public:
  explicit AllocationLimit(int64_t bytes) : TestContext(with_bytes(bytes), test_context().threads()) {}

 private:
  static Limits with_bytes(int64_t bytes) {
    Limits l = limits_now();
    l.tensor_bytes = bytes;
    return l;
  }
};
// L5: the bounds per firing and per evaluation (0 or less: none).
class WorkBudget : TestContext {
 public:
  WorkBudget(int64_t per_firing, int64_t per_evaluation)
      : TestContext(with_work(per_firing, per_evaluation), test_context().threads()) {}

 private:
  static Limits with_work(int64_t per_firing, int64_t per_evaluation) {
    Limits l = limits_now();
    l.firing_work = per_firing;
    l.evaluation_work = per_evaluation;
    return l;
  }
};

}  // namespace onnxsem

namespace onnxsem::testing {

// A fresh folder under the temporary folder, removed with everything in it when the test ends.
struct TempDir {
  std::filesystem::path path;
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

// The kind of the Failure that f throws (internal when it throws none), with its clause and message.
inline ErrorKind kind_of(auto&& f, std::string* clause = nullptr, std::string* message = nullptr) {
  try {
    f();
  } catch (const Failure& e) {
    if (clause) *clause = e.error().clause;
    if (message) *message = e.error().message;
    return e.error().kind;
  }
  return ErrorKind::internal;
}

// Operators over float tensors of one shape, each defined at since-version 1 of ai.onnx:
//   Add(a, b) = a + b, Neg(a) = -a, Identity(a) = a, Boom(a) = evaluation error "T1",
//   Opt(a, [b]) = a, or a + b when the optional b is present; Abort(a) ends the process (a crash);
//   Scale(a) = a * k (float attribute k); Apply(a) = its graph attribute body applied to a (SB13). If and Loop (since 1) and Scan (since 8 and 9) and SequenceMap (since 17) are defined
//   without kernel: the graph semantics evaluates them.
// Keep(a) = -a, and keeps a copy of a in kept(); Holders(a, b) = a scalar: how many tensors other than
// kept() share kept()'s element buffer as it fires (both, toys of E8's tests: whether the evaluation still
// holds the value Keep read).
// NegOver(a) = -a, built over a's storage when the evaluation hands a over (E10's toy).
// Versioned(a) is defined at since-versions {1, 5} and implemented only at 1.
// RandomNormal is defined (nondeterministic) but not implemented.
class ToyTable final : public OperatorTable {
 public:
  ToyTable();
  [[nodiscard]] std::vector<int64_t> defined_versions(std::string_view domain, std::string_view op) const override;
  [[nodiscard]] const Kernel* kernel(std::string_view domain, std::string_view op, int64_t since) const override;
  [[nodiscard]] bool nondeterministic(std::string_view domain, std::string_view op) const override;

 private:
  std::map<std::string, Kernel> kernels_;
};

// The toy operators with operator `op` given the kernel of toy `as` (defined and deterministic as in
// ToyTable): a test's table in which one operator behaves differently.
class RenamedToys final : public OperatorTable {
 public:
  RenamedToys(std::string op, std::string as) : op_(std::move(op)), as_(std::move(as)) {}
  [[nodiscard]] std::vector<int64_t> defined_versions(std::string_view domain, std::string_view op) const override {
    return toys_.defined_versions(domain, op);
  }
  [[nodiscard]] const Kernel* kernel(std::string_view domain, std::string_view op, int64_t since) const override {
    return toys_.kernel(domain, op == op_ ? std::string_view(as_) : op, since);
  }
  [[nodiscard]] bool nondeterministic(std::string_view domain, std::string_view op) const override {
    return toys_.nondeterministic(domain, op);
  }

 private:
  ToyTable toys_;
  std::string op_, as_;
};

// An output computed, and a dead operation that fails (T1, Boom).
inline constexpr const char* dead_failure_model = R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x) => (float[2] z) {
      z = Neg(x)
      dead = Boom(x)
    })";
// An output behind a cycle: p and q read each other.
inline constexpr const char* cycle_model = R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x) => (float[2] z) {
      p = Add(x, q)
      q = Neg(p)
      z = Identity(q)
    })";

// Control flow and a model-local function on toy operators (SB4, SB6, FN1), with its inputs: If takes the
// branch that does not fail, Loop reads an enclosing name in its body. Outputs z = -2x and the two
// iterations of z + 2x stacked.
inline constexpr const char* control_model = R"(
    < ir_version: 8, opset_import: ["" : 11, "local" : 1] >
    g (bool c, int64 m, float[2] x) => (float[2] z, float[?, 2] all) {
      s = local.Twice(x)
      z = If(c) <then_branch = thn () => (float[2] t) { t = Neg(s) },
                 else_branch = els () => (float[2] e) { e = Boom(x) }>
      last, all = Loop(m, , z) <body = step (int64 i, bool cin, float[2] acc) => (bool cout, float[2] next, float[2] out) {
        cout = Identity(cin)
        next = Add(acc, s)
        out = Identity(next)
      }>
    }
    < domain: "local", opset_import: ["" : 11] >
    Twice (a) => (b) {
      b = Add(a, a)
    })";
[[nodiscard]] std::map<std::string, Value> control_model_inputs();

// E8's test model: a is read by Keep and by the second Neg; Holders fires after both and counts who else
// still holds a (0 once the evaluation has let a go).
inline constexpr const char* kept_value_model = R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x) => (float z, float[2] b) {
      a = Neg(x)
      k = Keep(a)
      b = Neg(a)
      z = Holders(b, k)
    })";

// The value the toy Keep last read (the undefined tensor before any).
[[nodiscard]] Tensor& kept();

// A float tensor of the given shape and values.
[[nodiscard]] Tensor floats(Shape shape, std::vector<float> values);

}  // namespace onnxsem::testing

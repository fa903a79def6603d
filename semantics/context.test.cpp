// The context of an evaluation (runtime/context.hpp): its limits (L3, L5), its meter and its threads (E9),
// one value per evaluation, handed to the kernels.
#include "runtime/context.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <limits>
#include <mutex>
#include <thread>

#include "loader/loader.hpp"
#include "runtime/parallel.hpp"
#include "runtime/work.hpp"
#include "semantics/fixpoint.hpp"
#include "values/testing.hpp"

using namespace onnxsem;

namespace {

// The toy operators, with Neg's kernel recording the context it is handed.
struct Seen {
  std::mutex m;
  int threads = 0;
  int64_t tensor_bytes = 0;
  bool handed = false;    // the kernel was handed a context (KernelArgs::eval_context)
  int64_t work_done = 0;  // the meter of the context handed, as the kernel runs
};
class Probe final : public OperatorTable {
 public:
  explicit Probe(Seen& seen) : seen_(seen) {
    neg_ = [this](const KernelArgs& a) {
      {
        std::lock_guard lock(seen_.m);
        seen_.handed = a.eval_context != nullptr;
        seen_.threads = a.context().threads();
        seen_.tensor_bytes = a.context().limits().tensor_bytes;
        seen_.work_done = a.context().work_done();
      }
      return (*toys_.kernel("", "Neg", 1))(a);
    };
  }
  [[nodiscard]] std::vector<int64_t> defined_versions(std::string_view d, std::string_view op) const override {
    return toys_.defined_versions(d, op);
  }
  [[nodiscard]] const Kernel* kernel(std::string_view d, std::string_view op, int64_t since) const override {
    return op == "Neg" ? &neg_ : toys_.kernel(d, op, since);
  }
  [[nodiscard]] bool nondeterministic(std::string_view d, std::string_view op) const override {
    return toys_.nondeterministic(d, op);
  }

 private:
  Seen& seen_;
  testing::ToyTable toys_;
  Kernel neg_;
};

const char* neg_model = R"(
  < ir_version: 8, opset_import: ["" : 1] >
  g (float[4] x) => (float[4] z) {
    z = Neg(x)
  })";

}  // namespace

TEST_CASE("[L3] [L5] [E9] a context holds its limits, normalised, and its thread count, clamped") {
  const EvalContext none({100, 0, -5}, 0);
  CHECK(none.limits().tensor_bytes == 100);
  CHECK(none.limits().firing_work == std::numeric_limits<int64_t>::max());
  CHECK(none.limits().evaluation_work == std::numeric_limits<int64_t>::max());
  CHECK(none.threads() == 1);
  const EvalContext many({}, 100000);
  CHECK(many.threads() == EvalContext::kMaxThreads);
  CHECK(many.limits().tensor_bytes == kDefaultTensorBytes);
  CHECK(many.limits().firing_work == kDefaultFiringWork);
}

TEST_CASE("[L5] the meter of a context counts per firing and per evaluation, and stops at either bound") {
  EvalContext c({kDefaultTensorBytes, 100, 250});
  const int64_t outer = c.begin_firing();
  c.charge(60, "a");
  std::string clause;
  CHECK(testing::kind_of([&] { c.charge(60, "b"); }, &clause) == ErrorKind::evaluation);  // 120 > 100
  CHECK(clause == "L5");
  c.end_firing(outer);
  const int64_t second = c.begin_firing();  // a new firing: its count starts again
  c.charge(90, "c");
  c.end_firing(second);
  CHECK(c.work_done() == 150);
  const int64_t third = c.begin_firing();
  c.charge(90, "d");                                                                      // 240 of 250
  CHECK(testing::kind_of([&] { c.charge(20, "e"); }, &clause) == ErrorKind::evaluation);  // 260 > 250
  CHECK(clause == "L5");
  c.end_firing(third);
  CHECK(c.work_done() == 240);  // what was refused was not counted
}

TEST_CASE("[L3] a context refuses a tensor beyond its allocation limit, and only its own") {
  EvalContext small({1000});
  std::string clause, message;
  CHECK(testing::kind_of([&] { small.check_bytes(251, 4); }, &clause, &message) == ErrorKind::evaluation);
  CHECK(clause == "L3");
  CHECK(message.find("1000 bytes") != std::string::npos);
  small.check_bytes(250, 4);  // exactly the limit
  // An allocation names its context: the small one refuses what another context allows.
  CHECK_THROWS_AS((void)Tensor::allocate<float>(small, {251}), Failure);
  const EvalContext other;
  CHECK_NOTHROW((void)Tensor::allocate<float>(other, {251}));
}

TEST_CASE("[L3] [E9] the kernels of an evaluation are handed its context: its limits and its threads") {
  Seen seen;
  const Probe probe(seen);
  const Model m = load_model_text(neg_model);
  const std::map<std::string, Value> in{{"x", Value(testing::floats({4}, {1, 2, 3, 4}))}};
  EvalOptions o;
  o.max_tensor_bytes = 4096;
  o.threads = 3;
  const Outcome r = evaluate(m, in, probe, o);
  REQUIRE(r.ok());
  CHECK(seen.handed);
  CHECK(seen.threads == 3);
  CHECK(seen.tensor_bytes == 4096);
  CHECK(seen.work_done >= kFiringCost);  // the firing's reads were charged before the kernel ran
}

TEST_CASE("[E9] [L5] two evaluations on two threads charge two meters, whatever the other does") {
  // Each thread charges its own context 1,000 times; with one shared meter the totals would mix.
  EvalContext a({kDefaultTensorBytes, 0, 0}, 2), b({kDefaultTensorBytes, 0, 0}, 3);
  auto run = [](EvalContext& c, int64_t units) {
    for (int i = 0; i < 1000; ++i) {
      const FiringWork firing(c);
      c.charge(units, "a unit");
    }
  };
  std::thread ta(run, std::ref(a), 1), tb(run, std::ref(b), 7);
  ta.join();
  tb.join();
  CHECK(a.work_done() == 1000);
  CHECK(b.work_done() == 7000);
}

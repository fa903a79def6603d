// Tests of the conformance machinery (spec/conformance.md, K1-K11), on toy operators and test folders
// written to a temporary directory.
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <thread>

#include "conformance/bench.hpp"
#include "conformance/compare.hpp"
#include "conformance/generate.hpp"
#include "conformance/suite.hpp"
#include "conformance/sweep.hpp"
#include "loader/loader.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage_recording.hpp"
#include "semantics/fixpoint.hpp"
#include "semantics/witness.hpp"
#include "values/testing.hpp"

using namespace onnxsem;
using namespace onnxsem::conformance;
namespace fs = std::filesystem;
using onnxsem::testing::floats;

namespace {
const onnxsem::testing::ToyTable toys;

// Writes a test folder: model.onnx from text, and one data set.
void write_test(const fs::path& dir, const std::string& model_text, const std::vector<Value>& inputs,
                const std::vector<Value>& outputs) {
  fs::create_directories(dir / "test_data_set_0");
  std::ofstream(dir / "model.onnx", std::ios::binary) << model_text_to_bytes(model_text);
  for (size_t k = 0; k < inputs.size(); ++k)
    write_value_file((dir / "test_data_set_0" / ("input_" + std::to_string(k) + ".pb")).string(), inputs[k]);
  for (size_t k = 0; k < outputs.size(); ++k)
    write_value_file((dir / "test_data_set_0" / ("output_" + std::to_string(k) + ".pb")).string(), outputs[k]);
}

const char* add_model = R"(
  < ir_version: 8, opset_import: ["" : 1] >
  g (float[2] x, float[2] y) => (float[2] z) {
    a = Add(x, y)
    b = Neg(a)
    z = Neg(b)
  })";

TestCase only(const fs::path& root) {
  auto tests = discover(root.string());
  REQUIRE(tests.size() == 1);
  return tests[0];
}
}  // namespace

TEST_CASE("[K1] outputs match within atol + rtol * |expected|; NaN matches NaN; types and shapes exactly") {
  const Tolerance tol;
  CHECK(compare(Value(floats({2}, {1.0f, 1000.0f})), Value(floats({2}, {1.0f, 1000.9f})), tol).empty());
  CHECK_FALSE(compare(Value(floats({1}, {1000.0f})), Value(floats({1}, {1001.5f})), tol).empty());
  CHECK(compare(Value(floats({1}, {NAN})), Value(floats({1}, {NAN})), tol).empty());
  CHECK_FALSE(compare(Value(floats({1}, {NAN})), Value(floats({1}, {1.0f})), tol).empty());
  CHECK_FALSE(compare(Value(floats({1}, {INFINITY})), Value(floats({1}, {-INFINITY})), tol).empty());
  CHECK_FALSE(compare(Value(floats({2}, {1, 2})), Value(floats({1, 2}, {1, 2})), tol).empty());
  CHECK_FALSE(
      compare(Value(floats({1}, {1})), Value(Tensor::from_vector<double>(test_context(), {1}, {1})), tol).empty());
  CHECK(compare(Value(Tensor::from_vector<std::string>(test_context(), {1}, {"a"})),
                Value(Tensor::from_vector<std::string>(test_context(), {1}, {"a"})), tol)
            .empty());
  CHECK_FALSE(compare(Value(Tensor::from_vector<std::string>(test_context(), {1}, {"a"})),
                      Value(Tensor::from_vector<std::string>(test_context(), {1}, {"b"})), tol)
                  .empty());
}

namespace {
Value smap(std::vector<std::string> keys, std::vector<float> values) {
  std::vector<Value> v;
  for (float x : values) v.emplace_back(Tensor::scalar<float>(test_context(), x));
  const auto n = static_cast<int64_t>(keys.size());
  return Value(make_map(Tensor::from_vector<std::string>(test_context(), {n}, keys), std::move(v), nullptr));
}
}  // namespace

TEST_CASE("[K11] maps match with the same key set in any order, values by K1") {
  const Tolerance tol;
  CHECK(compare(smap({"a", "b"}, {1, 2}), smap({"a", "b"}, {1, 2}), tol).empty());
  CHECK(compare(smap({"b", "a"}, {2, 1}), smap({"a", "b"}, {1, 2}), tol).empty());           // any order
  CHECK(compare(smap({"a", "b"}, {1, 1000}), smap({"a", "b"}, {1, 1000.9f}), tol).empty());  // within K1
  CHECK_FALSE(compare(smap({"a", "b"}, {1, 2}), smap({"a", "b"}, {1, 3}), tol).empty());
  CHECK_FALSE(compare(smap({"a", "c"}, {1, 2}), smap({"a", "b"}, {1, 2}), tol).empty());
  CHECK_FALSE(compare(smap({"a"}, {1}), smap({"a", "b"}, {1, 2}), tol).empty());
  const Value ints(make_map(Tensor::from_vector<int64_t>(test_context(), {1}, {1}),
                            {Value(Tensor::scalar<float>(test_context(), 1))}, nullptr));
  CHECK_FALSE(compare(ints, smap({"1"}, {1}), tol).empty());  // key types differ
  CHECK_FALSE(compare(ints, Value(floats({1}, {1})), tol).empty());
  // sequences of maps compare item by item
  auto seq = [](std::vector<Value> items) { return Value(Sequence{nullptr, Items(items)}); };
  CHECK(compare(seq({smap({"b", "a"}, {2, 1})}), seq({smap({"a", "b"}, {1, 2})}), tol).empty());
  CHECK_FALSE(compare(seq({smap({"a"}, {1})}), seq({smap({"a"}, {2})}), tol).empty());
}

TEST_CASE("[K4][K5] a suite test passes, and gives the same bits under every schedule") {
  testing::TempDir tmp;
  write_test(tmp.path / "test_add", add_model, {Value(floats({2}, {1, 2})), Value(floats({2}, {3, 4}))},
             {Value(floats({2}, {4, 6}))});
  RunOptions ro;
  ro.schedules = 4;
  const Result r = run_test(only(tmp.path), toys, ro);
  CHECK(r.status == Status::pass);
  CHECK(r.schedules_run == 7);  // ordered, reverse, depth-first and four random
  CHECK(r.order_independent);
  CHECK(r.ops == "Add Neg");
}

TEST_CASE("[K8][K9][K10] with properties on, a passing test agrees on demand, is pure and deterministic") {
  testing::TempDir tmp;
  write_test(tmp.path / "test_add", add_model, {Value(floats({2}, {1, 2})), Value(floats({2}, {3, 4}))},
             {Value(floats({2}, {4, 6}))});
  RunOptions ro;
  ro.schedules = 1;
  const Result r = run_test(only(tmp.path), toys, ro);
  CHECK(r.status == Status::pass);
  CHECK(r.formulations_agree);
  CHECK(r.pure);
  CHECK(r.deterministic);
  // The digest covers the output bits: a test whose output differs gets another digest.
  testing::TempDir other;
  write_test(other.path / "test_add", add_model, {Value(floats({2}, {1, 2})), Value(floats({2}, {3, 5}))},
             {Value(floats({2}, {4, 7}))});
  const Result r2 = run_test(only(other.path), toys, ro);
  CHECK(r2.status == Status::pass);
  CHECK(r2.digest != r.digest);
}

TEST_CASE("[K1] a wrong expected output makes the test fail") {
  testing::TempDir tmp;
  write_test(tmp.path / "test_add", add_model, {Value(floats({2}, {1, 2})), Value(floats({2}, {3, 4}))},
             {Value(floats({2}, {4, 7}))});
  const Result r = run_test(only(tmp.path), toys, RunOptions{});
  CHECK(r.status == Status::fail);
  CHECK(r.clause == "K1");
}

TEST_CASE("[K2] a model refused by the check is rejected with its clause") {
  testing::TempDir tmp;
  write_test(tmp.path / "test_bad", R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x) => (float[2] z) {
      z = Add(x, nowhere)
    })",
             {Value(floats({2}, {1, 2}))}, {Value(floats({2}, {1, 2}))});
  const Result r = run_test(only(tmp.path), toys, RunOptions{});
  CHECK(r.status == Status::rejected);
  CHECK(r.clause == "W1");
}

TEST_CASE("[K3] a real-model test whose model is not shipped is unsupported, with the reason") {
  testing::TempDir tmp;
  fs::create_directories(tmp.path / "real" / "test_net");
  std::ofstream(tmp.path / "real" / "test_net" / "data.json")
      << R"({"atol": 1e-07, "model_name": "net", "rtol": 0.001, "url": "https://example.invalid/net.tar.gz"})";
  const TestCase t = only(tmp.path);
  CHECK(t.generated_input);
  const Result r = run_test(t, toys, RunOptions{});
  CHECK(r.status == Status::unsupported);
  CHECK(r.clause == "K3");
}

TEST_CASE("[K4] bfloat16 data stored as uint16 (the ONNX 1.12 suite) are read as bit patterns") {
  testing::TempDir tmp;
  write_test(tmp.path / "test_bf16", R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (bfloat16[2] x) => (bfloat16[2] z) {
      z = Identity(x)
    })",
             {Value(Tensor::from_vector<uint16_t>(test_context(), {2}, {0x3f80, 0xc000}))},
             {Value(Tensor::from_vector<uint16_t>(test_context(), {2}, {0x3f80, 0xc000}))});
  const Result r = run_test(only(tmp.path), toys, RunOptions{});
  CHECK(r.status == Status::pass);
}

TEST_CASE("[K6][K7] a crashing test is an error, the sweep goes on, and the known list is enforced") {
  testing::TempDir tmp;
  write_test(tmp.path / "test_add", add_model, {Value(floats({2}, {1, 2})), Value(floats({2}, {3, 4}))},
             {Value(floats({2}, {4, 6}))});
  write_test(tmp.path / "test_crash", R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x) => (float[2] z) {
      z = Abort(x)
    })",
             {Value(floats({2}, {1, 2}))}, {Value(floats({2}, {1, 2}))});
  SweepOptions o;
  o.roots = {tmp.path.string()};
  o.jobs = 2;
  const SweepReport rep = sweep(o, toys);
  REQUIRE(rep.results.size() == 2);
  CHECK(rep.results[0].status == Status::pass);
  CHECK(rep.results[1].status == Status::error);
  CHECK(rep.results[1].reason.find("signal") != std::string::npos);

  // The known-results list: the crash is listed, so the sweep agrees with it...
  const fs::path list = tmp.path / "expected.tsv";
  std::ofstream(list) << "# comment\ntest_crash\terror\tthe toy operator aborts\n";
  o.expected_file = list.string();
  CHECK(sweep(o, toys).unexpected().empty());
  // ... a list that misses it, or names a test that does not exist, disagrees.
  std::ofstream(list) << "test_gone\tfail\tremoved\n";
  const auto rep2 = sweep(o, toys);
  CHECK(rep2.unexpected().size() == 2);
  // ... and a malformed list is a usage error.
  std::ofstream(list) << "test_add\tpass\tlisted as passing\n";
  try {
    (void)read_expected(list.string());
    CHECK(false);
  } catch (const Failure& f) {
    CHECK(f.error().clause == "K7");
  }
}

TEST_CASE("[K12] the benchmark times evaluations on the generated input and writes what another runtime needs") {
  testing::TempDir tmp;
  const fs::path model = tmp.path / "twice.onnx";
  std::ofstream(model, std::ios::binary) << model_text_to_bytes(R"(
  < ir_version: 8, opset_import: ["" : 1] >
  g (float[2, 3] x) => (float[2, 3] z) {
    a = Neg(x)
    z = Neg(a)
  })");
  BenchOptions o;
  o.repeat = 3;
  o.data_dir = (tmp.path / "data").string();
  const BenchResult r = bench_model(model.string(), toys, o);
  REQUIRE(r.problem.empty());
  CHECK(r.name == "twice");
  CHECK(r.seconds.size() == 3);
  CHECK(r.min() <= r.median());
  CHECK(r.median() <= r.max());
  // The input written for the other runtime is arange(6)/6 in the declared shape.
  const Value in = read_value_file((tmp.path / "data" / "twice" / "input_0.pb").string(), Type{});
  CHECK(in.tensor().shape() == Shape{2, 3});
  CHECK(in.tensor().data<float>()[3] == 0.5f);
  CHECK(fs::exists(tmp.path / "data" / "twice" / "model.onnx"));

  // A model with a symbolic dimension that no --dim fixes is not measured, and says why.
  const fs::path symbolic = tmp.path / "symbolic.onnx";
  std::ofstream(symbolic, std::ios::binary) << model_text_to_bytes(R"(
  < ir_version: 8, opset_import: ["" : 1] >
  g (float[batch, 2] x) => (float[batch, 2] z) {
    z = Neg(x)
  })");
  const BenchResult u = bench_model(symbolic.string(), toys, o);
  CHECK(u.seconds.empty());
  CHECK(u.problem.find("'batch' without a value") != std::string::npos);
  o.dims["batch"] = 3;
  const BenchResult fixed = bench_model(symbolic.string(), toys, o);
  CHECK(fixed.problem.empty());
  CHECK(read_value_file((tmp.path / "data" / "symbolic" / "input_0.pb").string(), Type{}).tensor().shape() ==
        Shape{3, 2});
  // Integer inputs are i mod B (B from --int-bound, else zeros), bool inputs i even.
  auto info = [](DType d) {
    ValueInfo vi{"ids", {}};
    vi.type.kind = Type::Kind::tensor;
    vi.type.elem = d;
    vi.type.shape = std::vector<Dim>{Dim{5, ""}};
    return vi;
  };
  auto values = [](const Tensor& t) {
    const auto d = t.data<int64_t>();
    return std::vector<int64_t>(d.begin(), d.end());
  };
  CHECK(values(bench_input(test_context(), info(DType::int64), o)) == std::vector<int64_t>{0, 0, 0, 0, 0});
  o.int_bounds["ids"] = 3;
  CHECK(values(bench_input(test_context(), info(DType::int64), o)) == std::vector<int64_t>{0, 1, 2, 0, 1});
  const Tensor b = bench_input(test_context(), info(DType::boolean), o);
  CHECK((b.data<bool>()[0] && !b.data<bool>()[1] && b.data<bool>()[4]));
  // The median of an even number of times is the mean of the middle two.
  BenchResult even;
  even.seconds = {4.0, 1.0, 3.0, 2.0};
  CHECK(even.median() == 2.5);
}

TEST_CASE("[K13] a random operator's output is judged by membership: the expected value if possible, else NN45") {
  const OperatorTable& ops = ops::standard_registry();
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 15] >
    g (float[3] p) => (float[3] b) { b = Bernoulli(p) })");
  const std::map<std::string, Value> in{{"p", Value(floats({3}, {0, 1, 0.5f}))}};
  EvalOptions eo;
  // No candidate: no value is the specification's (NN44).
  Outcome o = evaluate(m, in, ops, eo);
  REQUIRE_FALSE(o.ok());
  CHECK(o.error->kind == ErrorKind::unsupported);
  // A possible result is the output; an impossible one (1 where p is 0) is an NN45 error.
  eo.choices = {{"b", Value(floats({3}, {0, 1, 1}))}};
  o = evaluate(m, in, ops, eo);
  REQUIRE(o.ok());
  CHECK(o.outputs[0] == Value(floats({3}, {0, 1, 1})));
  eo.choices = {{"b", Value(floats({3}, {1, 1, 1}))}};
  o = evaluate(m, in, ops, eo);
  REQUIRE_FALSE(o.ok());
  CHECK(o.error->clause == "NN45");
  // A random value that is not a graph output has no candidate: still unsupported.
  const Model hidden = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 15] >
    g (float[3] p) => (float[3] c) { b = Bernoulli(p)  c = Add(b, b) })");
  eo.choices = {{"c", Value(floats({3}, {0, 2, 2}))}};
  o = evaluate(hidden, in, ops, eo);
  REQUIRE_FALSE(o.ok());
  CHECK(o.error->kind == ErrorKind::unsupported);

  // The sweep gives the expected outputs as candidates: a possible one passes, an impossible one fails (NN45).
  testing::TempDir tmp;
  const char* text = R"(
    < ir_version: 8, opset_import: ["" : 15] >
    g (float[3] p) => (float[3] b) { b = Bernoulli(p) })";
  write_test(tmp.path / "a" / "test_bernoulli", text, {Value(floats({3}, {0, 1, 0.5f}))},
             {Value(floats({3}, {0, 1, 0}))});
  write_test(tmp.path / "b" / "test_bernoulli", text, {Value(floats({3}, {0, 1, 0.5f}))},
             {Value(floats({3}, {0, 0, 0}))});
  RunOptions ro;
  ro.schedules = 2;
  const Result pass = run_test(only(tmp.path / "a"), ops, ro);
  CHECK(pass.status == Status::pass);
  const Result fail = run_test(only(tmp.path / "b"), ops, ro);
  CHECK(fail.status == Status::fail);
  CHECK(fail.clause == "NN45");
}

TEST_CASE("[K14] a random value that is not a graph output is judged by a witness, or stays unsupported") {
  const OperatorTable& ops = ops::standard_registry();
  // Bernoulli's expansion in ONNX's suite: y[i] = 1 exactly when the uniform draw u[i] exceeds p[i].
  const char* text = R"(
    < ir_version: 8, opset_import: ["" : 15] >
    g (float[4] p) => (float[4] y) { u = RandomUniformLike(p)  gt = Greater(u, p)  y = Cast<to = 1>(gt) })";
  const Model m = load_model_text(text);
  const std::map<std::string, Value> in{{"p", Value(floats({4}, {0, 1, 0.5f, 0.25f}))}};
  auto judged = [&](const std::vector<float>& y) {
    EvalOptions eo;
    eo.choices = {{"y", Value(floats({4}, y))}};
    const Outcome first = evaluate(m, in, ops, eo);
    REQUIRE_FALSE(first.ok());  // u has no candidate (K13): unsupported
    CHECK(first.error->kind == ErrorKind::unsupported);
    return find_witness(m, in, ops, eo, first, {Value(floats({4}, y))});
  };
  // Possible: u = 0 gives 0 everywhere, u = 1 gives 1 where p < 1; the witness is checked by NN45 and gives y.
  auto w = judged({0, 0, 1, 1});
  REQUIRE(w);
  CHECK(w->name == "u");
  CHECK(w->picks == std::vector<int64_t>{0, 0, 1, 1});  // low, low, high, high
  CHECK(w->outcome.outputs[0] == Value(floats({4}, {0, 0, 1, 1})));
  w = judged({1, 0, 0, 1});  // p = 0 can give 1 (u = 1 > 0)
  REQUIRE(w);
  CHECK(w->picks == std::vector<int64_t>{1, 0, 0, 1});
  // Impossible: y = 1 where p = 1 needs u > 1, outside [0, 1]: no witness.
  CHECK_FALSE(judged({0, 1, 0, 0}));
  // The presumption does not hold (the output sums u): a sum of 0 is found (u = 0 everywhere, checked), a
  // sum of 2 is not, although u = 0.5 everywhere would give it: no witness is not a proof of impossibility.
  const Model summed = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 15] >
    g (float[4] p) => (float[1] s) { u = RandomUniformLike(p)  s = ReduceSum<keepdims = 1>(u) })");
  for (float sum : {0.0f, 2.0f}) {
    EvalOptions eo;
    eo.choices = {{"s", Value(floats({1}, {sum}))}};
    const Outcome first = evaluate(summed, in, ops, eo);
    CHECK(find_witness(summed, in, ops, eo, first, {Value(floats({1}, {sum}))}).has_value() == (sum == 0.0f));
  }
  // Picks that do not make a result: a count that does not fit the shape (NN45), a number the operator does
  // not offer (RandomUniformLike offers low and high: K14).
  EvalOptions picked;
  picked.picks = {{"u", {0, 0, 0}}};
  Outcome o = evaluate(m, in, ops, picked);
  REQUIRE_FALSE(o.ok());
  CHECK(o.error->clause == "NN45");
  picked.picks = {{"u", {2}}};
  o = evaluate(m, in, ops, picked);
  REQUIRE_FALSE(o.ok());
  CHECK(o.error->clause == "K14");

  // The sweep: a possible expected output passes by K14, an impossible one stays unsupported (not failed).
  testing::TempDir tmp;
  write_test(tmp.path / "a" / "test_bernoulli_expanded", text, {Value(floats({4}, {0, 1, 0.5f, 0.25f}))},
             {Value(floats({4}, {0, 0, 1, 0}))});
  write_test(tmp.path / "b" / "test_bernoulli_expanded", text, {Value(floats({4}, {0, 1, 0.5f, 0.25f}))},
             {Value(floats({4}, {0, 1, 1, 0}))});
  RunOptions ro;
  ro.schedules = 2;
  const Result pass = run_test(only(tmp.path / "a"), ops, ro);
  CHECK(pass.status == Status::pass);
  CHECK(pass.clause == "K14");
  const Result open = run_test(only(tmp.path / "b"), ops, ro);
  CHECK(open.status == Status::unsupported);
}

TEST_CASE("[K15] a shard is K/N; the N shards split any set of test keys, each key into exactly one") {
  CHECK(parse_shard("2/5") == Shard{2, 5});
  CHECK(parse_shard("0/1") == Shard{0, 1});
  for (const char* bad : {"5/5", "-1/3", "1/0", "1", "a/3", "1/3x", "", "1/2000000"}) {
    try {
      (void)parse_shard(bad);
      CHECK_MESSAGE(false, bad);
    } catch (const Failure& f) {
      CHECK(f.error().clause == "U2");
    }
  }
  std::vector<int> sizes(7);
  for (int t = 0; t < 700; ++t) {
    const std::string key = "node/test_" + std::to_string(t);
    int owners = 0;
    for (int k = 0; k < 7; ++k)
      if (Shard{k, 7}.holds(key)) {
        ++owners;
        ++sizes[static_cast<size_t>(k)];
      }
    CHECK(owners == 1);
    CHECK(Shard{0, 1}.holds(key));
  }
  for (int s : sizes) CHECK(s > 50);  // a hash, not a split by key length or first letter
}

TEST_CASE("[K15][K16] the merged reports of a sharded sweep are those of the unsharded sweep") {
  testing::TempDir tmp;
  const fs::path suite = tmp.path / "suite";
  for (int t = 0; t < 8; ++t)
    write_test(suite / ("test_add_" + std::to_string(t)), add_model,
               {Value(floats({2}, {1, 2})), Value(floats({2}, {3, static_cast<float>(t)}))},
               {Value(floats({2}, {4, t == 5 ? 0.f : 2.f + static_cast<float>(t)}))});
  // The known list: test_add_5 fails as listed, test_add_2 is listed wrongly, and one entry is stale.
  const fs::path list = tmp.path / "expected.tsv";
  std::ofstream(list) << "test_add_5\tfail\twrong expected output\ntest_add_2\tfail\tlisted wrongly\n"
                         "test_add_gone\tfail\tstale\n";
  SweepOptions o;
  o.roots = {suite.string()};
  o.expected_file = list.string();
  const SweepReport full = sweep(o, toys);
  REQUIRE(full.results.size() == 8);
  CHECK(full.unexpected().size() == 2);
  std::vector<SweepReport> parts;
  size_t held = 0;
  for (int k = 0; k < 3; ++k) {
    o.shard = Shard{k, 3};
    parts.push_back(sweep(o, toys));
    CHECK(parts.back().shard == Shard{k, 3});
    CHECK(parts.back().found == 8);
    REQUIRE(!parts.back().results.empty());
    held += parts.back().results.size();
  }
  CHECK(held == 8);
  // In any order, the parts merge into the unsharded sweep's report, everything but the measured seconds
  // alike (its reports are the unsharded sweep's: reports/reports.test.cpp writes and reads them).
  const SweepReport merged = merge_reports({parts[2], parts[0], parts[1]});
  REQUIRE(merged.results.size() == 8);
  for (size_t i = 0; i < 8; ++i) {
    INFO(full.results[i].key);
    CHECK(same_outcome(merged.results[i], full.results[i]));
    CHECK(merged.differs[i] == full.differs[i]);
  }
  CHECK(merged.positions == full.positions);
  CHECK(merged.stale == full.stale);
  CHECK(merged.roots == full.roots);
  CHECK(merged.instrumented == full.instrumented);
  CHECK(merged.unexpected() == full.unexpected());
  CHECK(merged.shard == Shard{0, 1});
  CHECK(exit_code(merged) == exit_code(full));
  REQUIRE(full.stale.size() == 1);
  CHECK(full.stale[0].find("test_add_gone: listed as fail but no such test") != std::string::npos);

  // Anything but the N parts of one sweep, each once, is refused by K16.
  auto refused = [](const std::vector<SweepReport>& rs, const std::string& words) {
    try {
      (void)merge_reports(rs);
      CHECK_MESSAGE(false, words);
    } catch (const Failure& f) {
      CHECK(f.error().clause == "K16");
      CHECK_MESSAGE(f.error().message.find(words) != std::string::npos, f.error().message);
    }
  };
  refused({parts[0], parts[1]}, "shard 2/3 is missing");
  refused({parts[0], parts[1], parts[1], parts[2]}, "given twice");
  refused({parts[0], parts[1], parts[2], full}, "numbers of shards differ");
  SweepReport other = parts[1];
  other.filter = "test_add_1";
  refused({parts[0], other, parts[2]}, "filters differ");
  other = parts[1];
  other.results.pop_back();
  other.positions.pop_back();
  other.differs.pop_back();
  refused({parts[0], other, parts[2]}, "hold 7 tests, but the sweep found 8");
  other = parts[1];
  other.positions[0] = parts[0].positions[0];
  refused({parts[0], other, parts[2]}, "exactly once");
  other = parts[1];
  REQUIRE(!other.instrumented.empty());
  other.instrumented.pop_back();
  refused({parts[0], other, parts[2]}, "instrumented clauses differ");
  refused({}, "nothing to merge");
}

namespace {
bool holds(const std::vector<std::string>& ids, const std::string& id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}
}  // namespace

TEST_CASE("[K17] clause coverage: the markers passed are recorded, no others, and nothing changes a result") {
  // Markers register when the program starts: clauses of code that never runs here are instrumented too.
  const std::vector<std::string> all = coverage::instrumented();
  CHECK(std::is_sorted(all.begin(), all.end()));
  for (const char* id : {"E1", "E3", "E6", "SB9", "EW2", "EW12", "EW27"}) CHECK_MESSAGE(holds(all, id), id);
  CHECK(coverage::active_sink == nullptr);

  // A small model of real operators: Relu(Add(x, y)).
  const Model model = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 14] >
    g (float[2] x, float[2] y) => (float[2] z) {
      a = Add(x, y)
      z = Relu(a)
    })");
  const std::map<std::string, Value> inputs{{"x", Value(floats({2}, {1, -5}))}, {"y", Value(floats({2}, {2, 3}))}};
  const OperatorTable& ops = ops::standard_registry();
  const Outcome plain = evaluate(model, inputs, ops, EvalOptions{});
  REQUIRE(plain.ok());

  // Reached sites are counted, sites not passed are not (no SequenceMap, no comparison here).
  std::vector<std::string> reached;
  {
    coverage::Recording recording;
    CHECK(coverage::active_sink != nullptr);
    CHECK(recording.clauses().empty());
    const Outcome recorded = evaluate(model, inputs, ops, EvalOptions{});
    REQUIRE(recorded.ok());
    reached = recording.clauses();             // before the comparison below, whose equality (V3) would count too
    CHECK(recorded.outputs == plain.outputs);  // the same bits with and without a recording
  }
  CHECK(coverage::active_sink == nullptr);
  CHECK(std::is_sorted(reached.begin(), reached.end()));
  for (const char* id : {"E1", "E3", "E6", "EW2", "EW27"}) CHECK_MESSAGE(holds(reached, id), id);
  for (const char* id : {"SB9", "EW12"}) CHECK_MESSAGE(!holds(reached, id), id);
  for (const auto& id : reached) CHECK(holds(all, id));

  // Without a sink nothing is recorded: a thread without a recording evaluates while this one records.
  {
    coverage::Recording recording;
    bool other_sink = true, other_same = false;
    std::thread other([&] {
      other_sink = coverage::active_sink != nullptr;
      other_same = evaluate(model, inputs, ops, EvalOptions{}).outputs == plain.outputs;
    });
    other.join();
    CHECK_FALSE(other_sink);
    CHECK(other_same);
    CHECK(recording.clauses().empty());
    // Recordings nest: what an inner one records reaches the outer one when it ends.
    {
      coverage::Recording inner;
      (void)evaluate(model, inputs, ops, EvalOptions{});
      CHECK(inner.clauses() == reached);
    }
    CHECK(recording.clauses() == reached);
  }

  // A suite test gives the same result with and without coverage, and with it lists its clauses.
  testing::TempDir tmp;
  write_test(tmp.path / "test_relu_add", R"(
    < ir_version: 8, opset_import: ["" : 14] >
    g (float[2] x, float[2] y) => (float[2] z) {
      a = Add(x, y)
      z = Relu(a)
    })",
             {inputs.at("x"), inputs.at("y")}, {Value(floats({2}, {3, 0}))});
  RunOptions ro;
  ro.schedules = 1;
  const Result with = run_test(only(tmp.path), ops, ro);
  ro.coverage = false;
  const Result without = run_test(only(tmp.path), ops, ro);
  CHECK(with.status == Status::pass);
  CHECK(without.status == Status::pass);
  CHECK(with.digest == without.digest);
  CHECK(without.clauses.empty());
  // Checking, typing, the demand-driven evaluation (a property) and the kernels all count.
  for (const char* id : {"C1", "TY2", "D1", "E6", "EW27"}) CHECK_MESSAGE(holds(with.clauses, id), id);

  // The sweep's report carries the coverage (its JSON and Markdown: reports/reports.test.cpp).
  SweepOptions o;
  o.roots = {tmp.path.string()};
  o.run.schedules = 1;  // as `with`: the properties (D1-D4) run only with schedules
  const SweepReport rep = sweep(o, ops);
  REQUIRE(rep.results.size() == 1);
  CHECK(rep.instrumented == all);
  CHECK(rep.results[0].clauses == with.clauses);
  CHECK(rep.reached().at("EW27") == 1);
  CHECK(rep.reached().count("EW12") == 0);
  o.run.coverage = false;
  const SweepReport off = sweep(o, ops);
  CHECK(off.instrumented.empty());
  CHECK(off.results[0].clauses.empty());
  CHECK(off.results[0].digest == rep.results[0].digest);
  CHECK(off.reached().empty());
}

TEST_CASE("[GN1][GN2][GN4][GN5] generated models: valid, evaluated, the same for the same seed") {
  const auto& ops = ops::standard_registry();
  testing::TempDir tmp;
  const fs::path suite = tmp.path / "suite";
  // Three node tests: Add (two free float inputs), Relu (one), Reshape (a constant shape input), and one
  // test that is not a single operation, whose two Negs give Neg, which no single-operation test calls,
  // its configurations: the second reads the first's output, whose value the test's evaluation gives.
  write_test(suite / "node" / "test_add", R"(
    < ir_version: 8, opset_import: ["" : 14] >
    g (float[2, 3] x, float[2, 3] y) => (float[2, 3] z) { z = Add(x, y) })",
             {Value(floats({2, 3}, {1, 2, 3, 4, 5, 6})), Value(floats({2, 3}, {1, 1, 1, 1, 1, 1}))},
             {Value(floats({2, 3}, {2, 3, 4, 5, 6, 7}))});
  write_test(suite / "node" / "test_relu", R"(
    < ir_version: 8, opset_import: ["" : 14] >
    g (float[3, 2] x) => (float[3, 2] z) { z = Relu(x) })",
             {Value(floats({3, 2}, {1, -2, 3, -4, 5, -6}))}, {Value(floats({3, 2}, {1, 0, 3, 0, 5, 0}))});
  write_test(suite / "node" / "test_reshape", R"(
    < ir_version: 8, opset_import: ["" : 14] >
    g (float[2, 3] x, int64[2] s) => (float[3, 2] z) { z = Reshape(x, s) })",
             {Value(floats({2, 3}, {1, 2, 3, 4, 5, 6})),
              Value(Tensor::from_vector<int64_t>(test_context(), {2}, {3, 2}))},
             {Value(floats({3, 2}, {1, 2, 3, 4, 5, 6}))});
  write_test(suite / "node" / "test_two_ops", R"(
    < ir_version: 8, opset_import: ["" : 14] >
    g (float[2] x) => (float[2] z) { a = Neg(x) z = Neg(a) })",
             {Value(floats({2}, {1, 2}))}, {Value(floats({2}, {1, 2}))});
  const ConfigSet cs = read_configs({suite.string()}, 0, ops, false);
  CHECK(cs.opset == 14);
  CHECK(cs.tests_read == 3);
  CHECK(cs.multi_read == 1);
  REQUIRE(cs.configs.size() == 5);
  CHECK(cs.by_op.count("Reshape") == 1);
  REQUIRE(cs.by_op.at("Neg").size() == 2);
  const NodeConfig& second_neg = cs.configs[cs.by_op.at("Neg")[1]];
  CHECK(second_neg.source == "node/test_two_ops");
  CHECK(second_neg.inputs[0].value.tensor().data<float>()[1] == -2.0f);
  // Reshape's shape keeps the test's value: it is an initializer of every generated model that uses it.
  const NodeConfig& reshape = cs.configs[cs.by_op.at("Reshape")[0]];
  CHECK(reshape.inputs[1].constant);
  CHECK_FALSE(reshape.inputs[0].constant);

  GenerateOptions o;
  o.seed = 7;
  o.min_ops = 3;
  o.max_ops = 6;
  std::set<std::string> seen;
  size_t deep = 0;
  for (uint64_t i = 0; i < 40; ++i) {
    const GeneratedCase c = generate_case(cs, o, i, ops);
    CHECK_MESSAGE(c.refusals.empty(), c.name);
    REQUIRE(!c.model.graph.nodes.empty());
    for (const auto& op : c.ops) seen.insert(op);
    // The same index gives the same bytes; the model written and read back evaluates to the outputs.
    CHECK(model_to_bytes(generate_case(cs, o, i, ops).model) == model_to_bytes(c.model));
    write_case(c, (tmp.path / "out").string());
    const Model back = load_model_file((tmp.path / "out" / c.name / "model.onnx").string());
    CHECK(model_to_bytes(back) == model_to_bytes(c.model));
    std::map<std::string, Value> in;
    for (size_t k = 0; k < back.graph.inputs.size(); ++k) in.emplace(back.graph.inputs[k].name, c.inputs[k]);
    const Outcome out = evaluate(back, in, ops, EvalOptions{});
    REQUIRE(out.ok());
    REQUIRE(out.outputs.size() == c.outputs.size());
    for (size_t k = 0; k < out.outputs.size(); ++k)
      CHECK(compare(out.outputs[k], c.outputs[k], Tolerance{0, 0}).empty());
    // An operation that reads another's output: the graph has depth.
    for (const auto& n : c.model.graph.nodes)
      for (const auto& name : n.inputs) deep += name.rfind("t", 0) == 0;
  }
  CHECK(seen == std::set<std::string>{"Add", "Neg", "Relu", "Reshape"});
  CHECK(deep > 10);
  // Another seed draws other models (not only other names).
  auto operations = [&](uint64_t seed) {
    GenerateOptions s = o;
    s.seed = seed;
    std::vector<std::string> all;
    for (uint64_t i = 0; i < 10; ++i)
      for (const auto& n : generate_case(cs, s, i, ops).model.graph.nodes) all.push_back(n.op_type + n.inputs[0]);
    return all;
  };
  CHECK(operations(7) == operations(7));
  CHECK(operations(7) != operations(8));
  // --ops restricts the operators drawn.
  o.ops = {"Relu"};
  for (const auto& op : generate_case(cs, o, 3, ops).ops) CHECK(op == "Relu");
}

TEST_CASE("[GN1] built-in calls serve the operators no suite test calls; deprecated versions are not defined") {
  const auto& ops = ops::standard_registry();
  testing::TempDir tmp;
  write_test(tmp.path / "node" / "test_relu", R"(
    < ir_version: 8, opset_import: ["" : 14] >
    g (float[3, 2] x) => (float[3, 2] z) { z = Relu(x) })",
             {Value(floats({3, 2}, {1, -2, 3, -4, 5, -6}))}, {Value(floats({3, 2}, {1, 0, 3, 0, 5, 0}))});
  const ConfigSet none = read_configs({tmp.path.string()}, 0, ops, false);
  CHECK(none.by_op.size() == 1);
  CHECK(none.builtin_read == 0);
  const ConfigSet cs = read_configs({tmp.path.string()}, 0, ops);
  CHECK(cs.opset == 14);
  CHECK(cs.builtin_read == builtin_config_texts().size());
  // GlobalLpPool-2, MaxRoiPool-1, LpNormalization-1 and LpPool-11 are the versions at opset 14; Optional
  // (since 15) is not defined there.
  for (const char* op : {"GlobalLpPool", "MaxRoiPool", "LpNormalization", "LpPool"}) {
    REQUIRE_MESSAGE(cs.by_op.count(op), op);
    CHECK(cs.configs[cs.by_op.at(op)[0]].source.rfind("builtin/", 0) == 0);
  }
  CHECK_FALSE(cs.by_op.count("Optional"));
  // MaxRoiPool's rois are an initializer of the built-in call (they keep their value); its X is fed.
  const NodeConfig& roi = cs.configs[cs.by_op.at("MaxRoiPool")[0]];
  CHECK_FALSE(roi.inputs[0].constant);
  CHECK(roi.inputs[1].constant);
  CHECK(read_configs({tmp.path.string()}, 18, ops).by_op.count("Optional"));
  // Each built-in call is generated and its model passes check.
  GenerateOptions o;
  o.min_ops = o.max_ops = 1;
  for (const char* op : {"GlobalLpPool", "MaxRoiPool", "LpNormalization", "LpPool"}) {
    o.ops = {op};
    const GeneratedCase c = generate_case(cs, o, 0, ops);
    CHECK_MESSAGE(c.refusals.empty(), op);
    CHECK(c.ops == std::vector<std::string>{op});
  }
  // TY13: Scatter-11 and Upsample-10 are deprecated; the versions before them are not.
  CHECK(deprecated_at(ops, "Scatter", 11));
  CHECK(deprecated_at(ops, "Scatter", 28));
  CHECK_FALSE(deprecated_at(ops, "Scatter", 10));
  CHECK(deprecated_at(ops, "Upsample", 10));
  CHECK_FALSE(deprecated_at(ops, "Upsample", 9));
  CHECK_FALSE(deprecated_at(ops, "Relu", 14));
}

TEST_CASE("[GN3] targeted inputs hold special values; plain ones are k/8 with |k| <= 32") {
  const auto& ops = ops::standard_registry();
  testing::TempDir tmp;
  write_test(tmp.path / "node" / "test_relu", R"(
    < ir_version: 8, opset_import: ["" : 14] >
    g (float[64] x) => (float[64] z) { z = Relu(x) })",
             {Value(floats({64}, std::vector<float>(64, 1.0f)))}, {Value(floats({64}, std::vector<float>(64, 1.0f)))});
  const ConfigSet cs = read_configs({tmp.path.string()}, 0, ops, false);
  GenerateOptions o;
  o.min_ops = o.max_ops = 1;
  auto specials = [&](bool targeted) {
    o.targeted = targeted;
    int nan = 0, inf = 0, off_grid = 0;
    for (uint64_t i = 0; i < 20; ++i)
      for (const auto& v : generate_case(cs, o, i, ops).inputs)
        for (double x : v.tensor().dtype() == DType::float32
                            ? std::vector<double>(v.tensor().data<float>().begin(), v.tensor().data<float>().end())
                            : std::vector<double>{}) {
          nan += std::isnan(x);
          inf += std::isinf(x);
          off_grid += std::isfinite(x) &&
                      (std::abs(x) > 4 || x * 8 != std::floor(x * 8) || (x != 0 && std::abs(x) < 0.125));
        }
    return std::array<int, 3>{nan, inf, off_grid};
  };
  const auto plain = specials(false);
  CHECK(plain == std::array<int, 3>{0, 0, 0});
  const auto targeted = specials(true);
  CHECK(targeted[0] > 0);
  CHECK(targeted[1] > 0);
  CHECK(targeted[2] > 0);  // subnormals and the largest finite numbers
}

TEST_CASE("[F6] every model of Debian's suite, read and written back, reads as the same model") {
  const fs::path suite = "/usr/share/libonnx-testdata/data";
  REQUIRE_MESSAGE(fs::is_directory(suite), "Debian's libonnx-testdata is needed (.ci/setup installs it)");
  size_t models = 0, subgraphs = 0;
  for (const auto& e : fs::recursive_directory_iterator(suite)) {
    if (e.path().filename() != "model.onnx") continue;
    Model m;
    try {
      m = load_model_file(e.path().string());
    } catch (const Failure&) {
      continue;  // refused or unsupported on reading: nothing to write back
    }
    ++models;
    for (const auto& n : m.graph.nodes)
      for (const auto& a : n.attributes) subgraphs += a.type == AttrType::g;
    const std::string once = model_to_bytes(m);
    const Model back = load_model_bytes(once, e.path().string());
    CHECK_MESSAGE(model_to_bytes(back) == once, e.path().string());
    CHECK(back.graph.nodes.size() == m.graph.nodes.size());
    CHECK(back.graph.initializers.size() == m.graph.initializers.size());
    CHECK(back.opset_imports == m.opset_imports);
  }
  CHECK(models > 1000);
  CHECK(subgraphs > 10);
}

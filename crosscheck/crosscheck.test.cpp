// Tests of the cross-check logic (spec/conformance.md, XC1-XC8): outcomes, ULP distances, random inputs,
// adapters' serve loops and the normalization of messages. Whole runs against small shell adapters, checked
// through their reports, are in reports/crosscheck.test.cpp.
#include "conformance/random_inputs.hpp"
#include "crosscheck/engine.hpp"
#include "crosscheck/judge.hpp"
#include "crosscheck/serve.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

#include "loader/loader.hpp"
#include "ops/registry.hpp"
#include "values/testing.hpp"

namespace fs = std::filesystem;
using namespace onnxsem;
using namespace onnxsem::crosscheck;

namespace {

Side ok(std::vector<float> v) {
  return Side{Side::Kind::ok,
              {Value(Tensor::from_vector<float>(test_context(), {static_cast<int64_t>(v.size())}, v))},
              {}};
}
Side bad(Side::Kind k, std::string why) { return Side{k, {}, std::move(why)}; }
const conformance::Tolerance tol{};

}  // namespace

TEST_CASE("[XC3] ULP distance counts the values of the element type between two numbers") {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  // float32: 1 and the next float above it are 1 ulp apart; 1 + 2^-23 * 5 is 5 ulp away.
  CHECK(ulp_distance(DType::float32, 1.0, 1.0 + 0x1.0p-23) == 1);
  CHECK(ulp_distance(DType::float32, 1.0, 1.0 + 5 * 0x1.0p-23) == 5);
  // Across zero: the smallest positive and negative subnormals are 2 apart (with +0/-0 counted once).
  CHECK(ulp_distance(DType::float32, 0x1.0p-149, -0x1.0p-149) == 2);
  CHECK(ulp_distance(DType::float32, 0.0, -0.0) == 0);
  // float16: 1 and 1 + 2^-10 are neighbours; bfloat16: 1 and 1 + 2^-7.
  CHECK(ulp_distance(DType::float16, 1.0, 1.0 + 0x1.0p-10) == 1);
  CHECK(ulp_distance(DType::bfloat16, 1.0, 1.0 + 0x1.0p-7) == 1);
  CHECK(ulp_distance(DType::float64, 2.0, 2.0 + 0x1.0p-51 * 3) == 3);
  // float8e4m3fn: 1 (0x38) and 1.125 (0x39) are neighbours; 448 is the largest finite.
  CHECK(ulp_distance(DType::float8e4m3fn, 1.0, 1.125) == 1);
  CHECK(ulp_distance(DType::float8e4m3fn, -1.0, 1.0) == 2 * 0x38);
  // float32 infinity is the pattern after the largest finite.
  CHECK(ulp_distance(DType::float32, std::numeric_limits<float>::max(), inf) == 1);
  CHECK(ulp_distance(DType::float32, nan, nan) == 0);
  CHECK(std::isinf(ulp_distance(DType::float32, nan, 1.0)));
  CHECK(ulp_distance(DType::int32, -3, 4) == 7);
}

TEST_CASE("[XC3] measure gives the largest errors and the first element outside the tolerance") {
  const Tensor s = Tensor::from_vector<float>(test_context(), {4}, {1.0f, 2.0f, 0.0f, 4.0f});
  const Tensor r = Tensor::from_vector<float>(test_context(), {4}, {1.0f, 2.5f, 1e-3f, 4.0f});
  const Difference d = measure(s, r, tol);
  CHECK(d.first_index == 1);
  CHECK(d.spec_value == "2");
  CHECK(d.runtime_value == "2.5");
  CHECK(d.differing == 2);  // 2 vs 2.5, and 0 vs 1e-3 (beyond atol 1e-7)
  CHECK(d.max_abs == doctest::Approx(0.5));
  CHECK(std::isinf(d.max_rel));                        // 1e-3 against 0
  CHECK(d.max_ulp == std::bit_cast<uint32_t>(1e-3f));  // from +0 to 1e-3 counts every positive float below it
}

TEST_CASE("[XC2] outcomes and their precedence") {
  CHECK(judge(ok({1, 2}), ok({1, 2.0001f}), tol).outcome == Outcome::agree);  // within rtol 1e-3
  const Verdict d = judge(ok({1, 2}), ok({1, 3}), tol);
  CHECK(d.outcome == Outcome::differ);
  REQUIRE(d.diff);
  CHECK(d.diff->first_index == 1);
  CHECK(d.diff->max_abs == 1);
  CHECK(judge(bad(Side::Kind::unsupported, "U1"), bad(Side::Kind::unsupported, "x"), tol).outcome ==
        Outcome::spec_unsupported);
  CHECK(judge(ok({1}), bad(Side::Kind::unsupported, "bfloat16"), tol).outcome == Outcome::runtime_unsupported);
  CHECK(judge(bad(Side::Kind::error, "[N9] division by zero"), ok({1}), tol).outcome == Outcome::spec_error);
  CHECK(judge(ok({1}), bad(Side::Kind::error, "exit 1"), tol).outcome == Outcome::runtime_error);
  const Verdict both = judge(bad(Side::Kind::error, "[G1] index"), bad(Side::Kind::error, "exit 1"), tol);
  CHECK(both.outcome == Outcome::agree);
  CHECK(both.detail.find("both refuse") == 0);
  // A different element type is a difference without numbers.
  Side i{Side::Kind::ok, {Value(Tensor::from_vector<int32_t>(test_context(), {1}, {1}))}, {}};
  const Verdict t = judge(ok({1}), i, tol);
  CHECK(t.outcome == Outcome::differ);
  CHECK_FALSE(t.diff);
  CHECK(std::string(outcome_name(Outcome::runtime_unsupported)) == "runtime-unsupported");
}

TEST_CASE("[XC3] an agreeing case says how close it came: largest ULP distance and relative error") {
  const Verdict exact = judge(ok({1, 2}), ok({1, 2}), tol);
  CHECK(exact.outcome == Outcome::agree);
  CHECK(exact.ulp == 0);
  CHECK(exact.rel == 0);
  const Verdict near = judge(ok({1, 2}), ok({1, std::nextafter(2.0f, 3.0f)}), tol);
  CHECK(near.outcome == Outcome::agree);
  CHECK(near.ulp == 1);
  CHECK(near.rel == std::ldexp(1.0, -23));  // one step of 2^-22 (the spacing in [2, 4)) over 2
}

TEST_CASE("[XC1] an adapter's end: 0 a result, 3 cannot run the model, anything else a runtime error") {
  CHECK(adapter_status(false, true, 0, "").kind == Side::Kind::ok);
  const Side u = adapter_status(false, true, 3, "unsupported by the runtime: bfloat16\n");
  CHECK(u.kind == Side::Kind::unsupported);
  CHECK(u.reason == "unsupported by the runtime: bfloat16");
  const Side e = adapter_status(false, true, 1, "boom");
  CHECK(e.kind == Side::Kind::error);
  CHECK(e.reason == "exit 1: boom");
  CHECK(adapter_status(false, false, 11, "").reason.find("signal 11") != std::string::npos);
  CHECK(adapter_status(true, false, 9, "").reason == "the adapter ran out of time");
}

TEST_CASE("[XC4] random inputs follow the declared types and shapes, and the seed") {
  const Model m = load_model_text(R"(<ir_version: 8, opset_import: ["" : 13]>
g (float[N, 3] x, int64[2] i, bool b, uint8[1] u, float[1] w) => (float[N, 3] y) <float[1] w = {1.0}> {
  y = Identity(x)
})");
  std::string why;
  const auto a = conformance::random_inputs(test_context(), m.graph, 7, why);
  INFO(why);
  REQUIRE(a);
  CHECK(a->size() == 4);  // w has an initializer
  const Tensor& x = a->at("x").tensor();
  CHECK(x.shape() == Shape{conformance::symbolic_dim_size, 3});
  for (float v : x.data<float>()) CHECK((v >= -2 && v < 2));
  for (int64_t v : a->at("i").tensor().data<int64_t>()) CHECK((v >= -4 && v <= 4));
  for (uint8_t v : a->at("u").tensor().data<uint8_t>()) CHECK(v <= 8);
  CHECK(a->at("b").tensor().rank() == 0);  // "bool b": a scalar
  // 2-bit integers stay within their range.
  Graph small;  // (the textual syntax of the onnx library here has no 2-bit types)
  for (auto [name, t] : {std::pair{"s", DType::int2}, std::pair{"u", DType::uint2}}) {
    Type ty;
    ty.kind = Type::Kind::tensor;
    ty.elem = t;
    ty.shape = std::vector<Dim>{Dim{64, ""}};
    small.inputs.push_back(ValueInfo{name, ty});
  }
  const auto c = conformance::random_inputs(test_context(), small, 3, why);
  INFO(why);
  REQUIRE(c);
  for (int2_t v : c->at("s").tensor().data<int2_t>()) CHECK((v.v >= -2 && v.v <= 1));
  for (uint2_t v : c->at("u").tensor().data<uint2_t>()) CHECK(v.v <= 3);
  const auto again = conformance::random_inputs(test_context(), m.graph, 7, why);
  CHECK(again->at("x") == a->at("x"));
  const auto other = conformance::random_inputs(test_context(), m.graph, 8, why);
  CHECK_FALSE(other->at("x") == a->at("x"));
  // An input without a declared shape has no random form.
  const Model n = load_model_text(R"(<ir_version: 8, opset_import: ["" : 13]>
g (float[] x) => (float[] y) { y = Identity(x) })");
  CHECK_FALSE(conformance::random_inputs(test_context(), n.graph, 1, why));
  CHECK(why.find("'x'") != std::string::npos);
}

TEST_CASE("[XC6] an adapter's serve loop: ready first, a line per request, exit 2 for a request it cannot read") {
  std::istringstream in(
      "{\"model\": \"m.onnx\", \"input_dir\": \"in\", \"output_dir\": \"out\", \"optimize\": \"disabled\"}\n"
      "\n"
      "not json\n"
      "{\"model\": \"m.onnx\", \"input_dir\": \"in\"}\n"
      "{\"model\": \"m.onnx\", \"input_dir\": \"in\", \"output_dir\": \"out\", \"optimize\": \"some\"}\n"
      "[1, 2]\n"
      "{\"model\": \"n.onnx\", \"input_dir\": \"i\", \"output_dir\": \"o\", \"save_optimized\": \"s.onnx\"}\n");
  std::ostringstream out;
  std::vector<AdapterRequest> seen;
  const int rc = serve(in, out, "test 1", [&](const AdapterRequest& r) -> CaseEnd {
    seen.push_back(r);
    return seen.size() == 1 ? CaseEnd{0, ""} : CaseEnd{3, "no such\noperator"};
  });
  CHECK(rc == 0);
  std::vector<std::string> lines;
  std::istringstream said(out.str());
  for (std::string l; std::getline(said, l);) lines.push_back(l);
  REQUIRE(lines.size() == 7);
  CHECK(lines[0] == "ready test 1");
  CHECK(lines[1] == "0");
  CHECK(lines[2].rfind("2 a request is one JSON object per line", 0) == 0);
  CHECK(lines[3].rfind("2 a request is one JSON object per line", 0) == 0);
  CHECK(lines[4] == "2 \"optimize\" is all or disabled");
  CHECK(lines[5].rfind("2 a request is one JSON object per line", 0) == 0);
  CHECK(lines[6].rfind("3 no such", 0) == 0);
  CHECK(lines[6].find('\n') == std::string::npos);
  REQUIRE(seen.size() == 2);
  CHECK(seen[0].model == "m.onnx");
  CHECK(seen[0].optimize == "disabled");
  CHECK(seen[0].save_optimized.empty());
  CHECK(seen[1].output_dir == "o");
  CHECK(seen[1].optimize == "all");
  CHECK(seen[1].save_optimized == "s.onnx");
}

TEST_CASE("[XC6] the request line the cross-check writes is read back as the same request by the adapter's side") {
  AdapterRequest r{"a \"b\".onnx", "in\\dir", "out", "disabled", ""};
  std::string line = request_line(r);
  REQUIRE(line.size() > 1);
  CHECK(line.back() == '\n');
  CHECK(line.find("save_optimized") == std::string::npos);
  auto [back, end] = parse_request(line.substr(0, line.size() - 1));
  CHECK(end.first == 0);
  CHECK(back.model == r.model);
  CHECK(back.input_dir == r.input_dir);
  CHECK(back.output_dir == r.output_dir);
  CHECK(back.optimize == "disabled");
  CHECK(back.save_optimized.empty());
  r.save_optimized = "opt.onnx";
  line = request_line(r);
  CHECK(parse_request(line.substr(0, line.size() - 1)).first.save_optimized == "opt.onnx");
}

TEST_CASE("[XC8] a runtime's message is normalized by taking out the names and paths a reduction may change") {
  const std::vector<std::string> names{"n3", "t3_0", "t3", "/tmp/w/model.onnx", "/tmp/w/in", ""};
  CHECK(normalized_message("exit 1: node 'n3' (t3_0) failed reading /tmp/w/in/input_0.pb of /tmp/w/model.onnx",
                           names) == "exit 1: node '<name>' (<name>) failed reading <name>/input_0.pb of <name>");
  // Only whole names: n3 inside n30 or xn3 stays, and numbers that name nothing stay.
  CHECK(normalized_message("n30 xn3 t3_1 layer!t3 line 3", names) == "n30 xn3 t3_1 layer!<name> line 3");
  CHECK(normalized_message("exit 1: cannot run it", {}) == "exit 1: cannot run it");
}

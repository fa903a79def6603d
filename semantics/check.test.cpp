// Tests of the static checks (spec/graph.md, "Constraints", "Restrictions", "Well-formedness", "Profiles").
#include <doctest/doctest.h>

#include <algorithm>

#include "loader/loader.hpp"
#include "semantics/check.hpp"
#include "values/testing.hpp"

using namespace onnxsem;

namespace {
const onnxsem::testing::ToyTable toys;

std::vector<std::string> clauses(const std::string& text, Profile p = Profile::onnx) {
  std::vector<std::string> out;
  for (const auto& f : check(load_model_text(text), p, toys)) out.push_back(f.clause);
  return out;
}
bool has(const std::vector<std::string>& v, const std::string& c) {
  return std::find(v.begin(), v.end(), c) != v.end();
}

const char* clean = R"(
  < ir_version: 8, opset_import: ["" : 1] >
  g (float[1] x) => (float[1] z) {
    a = Neg(x)
    z = Identity(a)
  })";
}  // namespace

TEST_CASE("[PR1] a clean graph has no finding under either profile") {
  CHECK(clauses(clean).empty());
  CHECK(clauses(clean, Profile::sonnx).empty());
}

TEST_CASE("[C1] a tensor assigned by two operations is refused") {
  auto c = clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      z = Neg(x)
      z = Identity(x)
    })");
  CHECK(has(c, "C1"));
  auto d = clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      x = Neg(x)
      z = Identity(x)
    })");
  CHECK(has(d, "C1"));
}

TEST_CASE("[C2][PR1] an unused graph input is refused by sonnx only") {
  const char* m = R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x, float[1] unused) => (float[1] z) {
      z = Neg(x)
    })";
  CHECK_FALSE(has(clauses(m), "C2"));
  CHECK(has(clauses(m, Profile::sonnx), "C2"));
}

TEST_CASE("[C3] a graph output that no operation assigns is refused") {
  CHECK(has(clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z, float[1] ghost) {
      z = Neg(x)
    })"),
            "C3"));
}

TEST_CASE("[R1][PR1] a dead operation is refused by sonnx only") {
  const char* m = R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      z = Neg(x)
      dead = Identity(x)
    })";
  CHECK_FALSE(has(clauses(m), "R1"));
  CHECK(has(clauses(m, Profile::sonnx), "R1"));
}

TEST_CASE("[R2] random operators and training-mode Dropout are refused by sonnx") {
  CHECK(has(clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      r = RandomNormal <shape = [1]> ()
      z = Add(x, r)
    })",
                    Profile::sonnx),
            "R2"));
  const char* training = R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      ratio = Constant <value = float {0.5}> ()
      mode = Constant <value = bool {1}> ()
      z = Dropout(x, ratio, mode)
    })";
  CHECK(has(clauses(training, Profile::sonnx), "R2"));
  const char* inference = R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      z = Dropout(x)
    })";
  CHECK_FALSE(has(clauses(inference, Profile::sonnx), "R2"));
}

TEST_CASE("[W1] a name that nothing defines is refused") {
  CHECK(has(clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      z = Add(x, nowhere)
    })"),
            "W1"));
}

TEST_CASE("[W2] a cycle is refused") {
  CHECK(has(clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      p = Add(x, q)
      q = Neg(p)
      z = Identity(q)
    })"),
            "W2"));
}

TEST_CASE("[W3] an unsorted node list is a warning, not a refusal") {
  const auto f = check(load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      z = Identity(a)
      a = Neg(x)
    })"),
                       Profile::onnx, toys);
  REQUIRE(f.size() == 1);
  CHECK(f[0].clause == "W3");
  CHECK(f[0].severity == Finding::Severity::warning);
  CHECK_FALSE(refuses(f));
}

TEST_CASE("[W4][W6] an operator outside the imported opsets is refused") {
  CHECK(has(clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      z = NoSuchOp(x)
    })"),
            "W4"));
  CHECK(has(clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) {
      z = com.example.Neg(x)
    })"),
            "W6"));
}

TEST_CASE("[W5] an attribute given twice is refused") {
  Model m = load_model_text(clean);
  Attribute a;
  a.name = "alpha";
  a.type = AttrType::f;
  m.graph.nodes[0].attributes = {a, a};
  bool found = false;
  for (const auto& f : check(m, Profile::onnx, toys)) found = found || f.clause == "W5";
  CHECK(found);
}

TEST_CASE("[W7] a graph output declared twice is refused") {
  Model m = load_model_text(clean);
  m.graph.outputs.push_back(m.graph.outputs[0]);
  bool found = false;
  for (const auto& f : check(m, Profile::onnx, toys)) found = found || f.clause == "W7";
  CHECK(found);
}

// ---- Subgraphs and functions: the static checks (spec/subgraphs.md, spec/functions.md) --------------------

TEST_CASE("[SB1] an operation whose subgraph reads the operation's own output is refused") {
  auto c = clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (bool b, float[1] x) => (float[1] z) {
      z = If(b) <then_branch = t () => (float[1] p) { p = Neg(z) },
                 else_branch = e () => (float[1] q) { q = Identity(x) }>
    })");
  CHECK(has(c, "SB1"));
  CHECK_FALSE(has(c, "W2"));
  // Reading an outer tensor computed before the operation is fine.
  CHECK(clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (bool b, float[1] x) => (float[1] z) {
      y = Neg(x)
      z = If(b) <then_branch = t () => (float[1] p) { p = Neg(y) },
                 else_branch = e () => (float[1] q) { q = Identity(y) }>
    })")
            .empty());
}

TEST_CASE("[SB2][SB13] a graph applied by FlexAttention must take one input and return one output") {
  auto c = clauses(R"(
    < ir_version: 8, opset_import: ["" : 1, "ai.onnx.preview" : 1] >
    g (float[1,1,1,1] q) => (float[1,1,1,1] y) {
      y = ai.onnx.preview.FlexAttention(q, q, q) <score_mod = s (float[1,1,1,1] a, float[1,1,1,1] b) => (float[1,1,1,1] r) { r = Add(a, b) }>
    })");
  CHECK(has(c, "SB2"));
  CHECK_FALSE(has(c, "SB13"));
  auto d = clauses(R"(
    < ir_version: 8, opset_import: ["" : 1, "ai.onnx.preview" : 1] >
    g (float[1,1,1,1] q) => (float[1,1,1,1] y) {
      y = ai.onnx.preview.FlexAttention(q, q, q) <prob_mod = s (float[1,1,1,1] a) => (float[1,1,1,1] r, float[1,1,1,1] u) { r = Neg(a)
        u = Neg(a) }>
    })");
  CHECK(has(d, "SB13"));
  CHECK_FALSE(has(d, "SB2"));
}

TEST_CASE("[SB3] a subgraph output that no scope defines is refused") {
  CHECK(has(clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (bool b, float[1] x) => (float[1] z) {
      z = If(b) <then_branch = t () => (float[1] p) { other = Neg(x) },
                 else_branch = e () => (float[1] q) { q = Identity(x) }>
    })"),
            "SB3"));
  // A branch output that names an outer tensor is defined.
  CHECK(clauses(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (bool b, float[1] x) => (float[1] z) {
      y = Neg(x)
      z = If(b) <then_branch = t () => (float[1] y) { },
                 else_branch = e () => (float[1] q) { q = Identity(x) }>
    })")
            .empty());
}

TEST_CASE("[SB4] If's condition declared other than a one-element bool tensor is refused") {
  auto model = [](const std::string& decl) {
    return R"(
      < ir_version: 8, opset_import: ["" : 1] >
      g ()" +
           decl + R"( b, float[1] x) => (float[1] z) {
        z = If(b) <then_branch = t () => (float[1] p) { p = Neg(x) },
                   else_branch = e () => (float[1] q) { q = Identity(x) }>
      })";
  };
  CHECK(has(clauses(model("float[1]")), "SB4"));
  CHECK(has(clauses(model("bool[2]")), "SB4"));
  CHECK(clauses(model("bool[1]")).empty());
  CHECK(clauses(model("bool[?]")).empty());  // a symbolic dimension may be 1
  CHECK(clauses(model("bool")).empty());
}

TEST_CASE("[SB6] Loop's trip count, condition and body declared with the wrong types are refused") {
  auto model = [](const std::string& m, const std::string& c, const std::string& i) {
    return R"(
      < ir_version: 8, opset_import: ["" : 1] >
      g ()" +
           m + R"( m, )" + c + R"( c, float[1] x) => (float[1] z) {
        z = Loop(m, c, x) <body = s ()" +
           i + R"( i, bool ci, float[1] a) => (bool co, float[1] n) {
          co = Identity(ci)
          n = Neg(a)
        }>
      })";
  };
  CHECK(clauses(model("int64", "bool", "int64")).empty());
  CHECK(has(clauses(model("int32", "bool", "int64")), "SB6"));
  CHECK(has(clauses(model("int64[3]", "bool", "int64")), "SB6"));
  CHECK(has(clauses(model("int64", "float", "int64")), "SB6"));
  CHECK(has(clauses(model("int64", "bool", "float")), "SB6"));
}

TEST_CASE("[SB8] Scan's num_scan_inputs, axes and directions must fit its inputs") {
  auto model = [](const std::string& attrs) {
    return R"(
      < ir_version: 8, opset_import: ["" : 9] >
      g (float[2] s, float[3,2] xs) => (float[2] z) {
        z = Scan(s, xs) <)" +
           attrs + R"(body = b (float[2] a, float[2] r) => (float[2] n) { n = Add(a, r) }>
      })";
  };
  CHECK(clauses(model("num_scan_inputs = 1, ")).empty());
  CHECK(clauses(model("num_scan_inputs = 1, scan_input_axes = [-2], ")).empty());
  CHECK(has(clauses(model("")), "SB8"));
  CHECK(has(clauses(model("num_scan_inputs = 3, ")), "SB8"));
  CHECK(has(clauses(model("num_scan_inputs = 1, scan_input_axes = [0, 0], ")), "SB8"));
  CHECK(has(clauses(model("num_scan_inputs = 1, scan_input_directions = [0, 1], ")), "SB8"));
  CHECK(has(clauses(model("num_scan_inputs = 1, scan_input_axes = [2], ")), "SB8"));
  CHECK(has(clauses(model("num_scan_inputs = 1, scan_input_axes = [-3], ")), "SB8"));
}

TEST_CASE("[SB9] SequenceMap's first input declared a tensor is refused") {
  CHECK(has(clauses(R"(
    < ir_version: 8, opset_import: ["" : 17] >
    g (float[2] x) => (y) {
      y = SequenceMap(x) <body = b (float[2] a) => (float[2] r) { r = Neg(a) }>
    })"),
            "SB9"));
}

TEST_CASE("[SB10] Scan-8's sequence_lens must be declared int32 and num_scan_inputs given") {
  auto model = [](const std::string& lens, const std::string& attrs) {
    return R"(
      < ir_version: 8, opset_import: ["" : 8] >
      g ()" +
           lens + R"( l, float[1,2] s, float[1,3,2] xs) => (float[1,2] z) {
        z = Scan(l, s, xs) <)" +
           attrs + R"(body = b (float[2] a, float[2] r) => (float[2] n) { n = Add(a, r) }>
      })";
  };
  CHECK(clauses(model("int32[1]", "num_scan_inputs = 1, ")).empty());
  CHECK(has(clauses(model("int64[1]", "num_scan_inputs = 1, ")), "SB10"));
  CHECK(has(clauses(model("int32[1]", "")), "SB10"));
  CHECK(has(clauses(model("int32[1]", "num_scan_inputs = 1, directions = [0, 0], ")), "SB10"));
}

TEST_CASE("[FN1] a call with more inputs or outputs than the function declares is refused") {
  auto model = [](const std::string& call) {
    return R"(
      < ir_version: 8, opset_import: ["" : 1, "local" : 1] >
      g (float[1] x) => (float[1] y) {
        )" +
           call + R"(
      }
      < domain: "local", opset_import: ["" : 1] >
      F (a) => (b) {
        b = Neg(a)
      })";
  };
  CHECK(clauses(model("y = local.F(x)")).empty());
  CHECK(has(clauses(model("y = local.F(x, x)")), "FN1"));
  CHECK(has(clauses(model("y, w = local.F(x)")), "FN1"));
}

// ---- The evaluation of the constant part (spec/graph.md, PE1) --------------------------------------------

namespace {
std::vector<std::string> constant_part(const std::string& text) {
  std::vector<std::string> out;
  for (const auto& f : check_constant_part(load_model_text(text), toys)) out.push_back(f.clause);
  return out;
}
}  // namespace

TEST_CASE("[PE1] an error of an operation computed from initializers alone refuses the model") {
  // Boom fails whatever its inputs: on an initializer it fires in every evaluation.
  CHECK(constant_part(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z) <float[1] w = {1.0}> {
      b = Boom(w)
      z = Add(x, b)
    })") == std::vector<std::string>{"T1"});
  // On a graph input it is not evaluated, nor on an initializer that is also a graph input (overridable).
  CHECK(constant_part(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x, float[1] w) => (float[1] z) <float[1] w = {1.0}> {
      a = Boom(x)
      b = Boom(w)
      z = Add(a, b)
    })")
            .empty());
}

TEST_CASE("[PE1] unsupported and random operations stop only what depends on them") {
  // The toy table defines RandomNormal and Dropout without implementing them.
  CHECK(constant_part(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z, float[1] u) <float[1] w = {1.0}> {
      r = RandomNormal()
      z = Boom(r)
      n = Dropout(w)
      u = Boom(n)
    })")
            .empty());
}

TEST_CASE("[PE1][SB7] a Loop of zero iterations whose body declares no element type is refused") {
  CHECK(constant_part(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (s, float[1] z) <int64 m = {0}> {
      s = Loop(m, ) <body = b (int64 i, bool ci) => (bool co, r) { co = Identity(ci)
                                                                 r = Identity(i) }>
      z = Neg(x)
    })") == std::vector<std::string>{"SB7"});
}

TEST_CASE("[PE1][L4] a Loop that never ends stops at the bound of the check, without a finding") {
  // The text parser cannot write a leading absent input: the placeholders are cleared after loading.
  Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] s, float[1] z) <float[1] w = {1.0}, bool t = {1}> {
      s = Loop(no_m, no_c, w) <body = b (int64 i, bool ci, float[1] a) => (bool co, float[1] n) { co = Identity(t)
                                                                                               n = Neg(a) }>
      z = Neg(x)
    })");
  m.graph.nodes.at(0).inputs.at(0).clear();
  m.graph.nodes.at(0).inputs.at(1).clear();
  CHECK(check(m, Profile::onnx, toys).empty());
  CHECK(check_constant_part(m, toys).empty());
}

TEST_CASE("[PE1][R2] the kernel of a random operator is not run by the evaluation of the constant part") {
  // The toy operators, where RandomNormal has a kernel that fails: a random operator's kernel.
  const onnxsem::testing::RenamedToys table("RandomNormal", "Boom");
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z, float[1] r) {
      r = RandomNormal()
      z = Neg(x)
    })");
  CHECK(check_constant_part(m, table).empty());
  // The same kernel under a deterministic name is run and refuses the model.
  const Model b = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z, float[1] r) {
      r = Boom()
      z = Neg(x)
    })");
  CHECK(check_constant_part(b, table).size() == 1);
}

TEST_CASE("[PE1] an operation reading more than 2^20 constant elements is not fired") {
  Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 1] >
    g (float[1] x) => (float[1] z, float[1] b) <float[1] w = {1.0}> {
      b = Boom(w)
      z = Neg(x)
    })");
  CHECK(check_constant_part(m, toys).size() == 1);
  m.graph.initializers.at(0).second = Tensor::allocate<float>(test_context(), Shape{(int64_t{1} << 20) + 1}).first;
  CHECK(check_constant_part(m, toys).empty());
  m.graph.initializers.at(0).second = Tensor::allocate<float>(test_context(), Shape{int64_t{1} << 20}).first;
  CHECK(check_constant_part(m, toys).size() == 1);
}

TEST_CASE("[SB6][L4] a Loop whose condition stays true and that has no trip count is refused") {
  auto loop = [](const std::string& cond_init, const std::string& cout) {
    Model m = load_model_text(R"(
      < ir_version: 8, opset_import: ["" : 1] >
      g (float[1] x, bool c) => (float[1] s) <bool t = {1}, bool f = {0}> {
        s = Loop(no_m, )" + cond_init +
                              R"(, x) <body = b (int64 i, bool ci, float[1] a) => (bool co, float[1] n) {
          co = )" + cout + R"(
          n = Neg(a)
        }>
      })");
    m.graph.nodes.at(0).inputs.at(0).clear();
    if (cond_init == "none") m.graph.nodes.at(0).inputs.at(1).clear();
    return check(m, Profile::onnx, toys);
  };
  auto clauses_of = [](const std::vector<Finding>& f) {
    std::vector<std::string> out;
    for (const auto& x : f) out.push_back(x.clause);
    return out;
  };
  CHECK(clauses_of(loop("none", "Identity(ci)")) == std::vector<std::string>{"SB6"});
  CHECK(clauses_of(loop("t", "Identity(ci)")) == std::vector<std::string>{"SB6"});
  CHECK(loop("f", "Identity(ci)").empty());  // no iteration
  CHECK(loop("c", "Identity(ci)").empty());  // the caller decides
  CHECK(loop("t", "Neg(ci)").empty());       // the body computes its condition
}

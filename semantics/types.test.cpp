// Tests of the static semantics (spec/types.md): the signature text, and the typing engine run on the toy
// operators of values/testing.hpp given signatures and one shape rule here, independent of ops/.
#include <doctest/doctest.h>

#include <algorithm>

#include "loader/loader.hpp"
#include "semantics/check.hpp"
#include "semantics/fixpoint.hpp"
#include "semantics/types.hpp"
#include "values/testing.hpp"

using namespace onnxsem;

namespace {

const char* toy_signatures = R"(
op ai.onnx Add 1
in A T
in B T
out C T
type T tensor(float) tensor(double) tensor(int64)

op ai.onnx Neg 1
in X T
out Y T
type T tensor(float) tensor(double)

op ai.onnx Identity 1
in input T
out output T
type T tensor(float) tensor(int64) tensor(bool) seq(tensor(float))

op ai.onnx Versioned 5
deprecated

op ai.onnx Scale 1
in X tensor(float)
out Y tensor(float)
attr k float required

op ai.onnx Opt 1
in a T
in b T optional
out c T
type T tensor(float)

op ai.onnx If 1
in cond B
out outputs V variadic-mixed
type B tensor(bool)
type V tensor(float) tensor(int64) tensor(bool)
attr then_branch graph required
attr else_branch graph required

op ai.onnx Loop 1
in M I optional
in cond B optional
in v_initial V variadic-mixed
arity in 2 inf
out v_final_and_scan_outputs V variadic-mixed
type I tensor(int64)
type B tensor(bool)
type V tensor(float) tensor(int64) tensor(bool)
attr body graph required
)";

// The toy operators with signatures, and a shape rule for Neg: the input's shape, refused under "T9" when
// its first dimension is 7.
class Typed final : public OperatorTable {
 public:
  Typed() {
    for (auto& s : parse_signatures(toy_signatures)) sigs_.push_back(std::move(s));
    neg_ = [](const InferenceArgs& a) {
      std::vector<Type> out(a.output_count);
      const Type& t = a.input(0);
      if (t.shape && !t.shape->empty() && (*t.shape)[0].value == 7)
        throw Failure(Error{ErrorKind::refused, Relayed{"T9"}, "a first dimension of 7"});  // a toy ID, no clause
      if (!out.empty()) out[0] = t;
      return out;
    };
  }
  [[nodiscard]] std::vector<int64_t> defined_versions(std::string_view d, std::string_view op) const override {
    return toys_.defined_versions(d, op);
  }
  [[nodiscard]] const Kernel* kernel(std::string_view d, std::string_view op, int64_t since) const override {
    return toys_.kernel(d, op, since);
  }
  [[nodiscard]] bool nondeterministic(std::string_view d, std::string_view op) const override {
    return toys_.nondeterministic(d, op);
  }
  [[nodiscard]] const Signature* signature(std::string_view d, std::string_view op, int64_t since) const override {
    for (const auto& s : sigs_)
      if (s.domain == d && s.op_type == op && s.since_version == since) return &s;
    return nullptr;
  }
  [[nodiscard]] const ShapeRule* shape_rule(std::string_view d, std::string_view op, int64_t) const override {
    return d.empty() && op == "Neg" ? &neg_ : nullptr;
  }

 private:
  onnxsem::testing::ToyTable toys_;
  std::vector<Signature> sigs_;
  ShapeRule neg_;
};

const Typed typed;

Typing infer(const std::string& text) { return infer_types(load_model_text(text), typed); }

std::vector<std::string> clauses(const std::string& text) {
  std::vector<std::string> out;
  for (const auto& f : infer(text).findings)
    if (f.severity == Finding::Severity::error) out.push_back(f.clause);
  return out;
}
bool has(const std::vector<std::string>& v, const std::string& c) {
  return std::find(v.begin(), v.end(), c) != v.end();
}

std::string main_type(const Typing& t, const std::string& name) {
  const Type* ty = t.graphs.at(0).find(name);
  return ty ? ty->describe() : "absent";
}

}  // namespace

TEST_CASE("[TY1] the signature text gives formals, arity bounds, type variables and attributes") {
  const auto sigs = parse_signatures(toy_signatures);
  REQUIRE(sigs.size() == 8);
  CHECK(sigs[3].deprecated);
  CHECK_FALSE(sigs[2].deprecated);
  const Signature& opt = sigs[5];
  CHECK(opt.name() == "Opt-1");
  CHECK(opt.min_inputs == 1);
  CHECK(opt.max_inputs == 2);
  CHECK(opt.inputs[1].form == Formal::Form::optional);
  const Signature& loop = sigs[7];
  CHECK(loop.min_inputs == 2);
  CHECK(loop.max_inputs == unbounded);
  CHECK(loop.input_formal(9) == &loop.inputs[2]);
  CHECK(loop.output_formal(0)->form == Formal::Form::variadic_mixed);
  CHECK(sigs[4].attr("k")->required);
  CHECK(sigs[4].attr("k")->type == AttrType::f);
  CHECK(parse_type("map(int64,seq(tensor(float)))").has_value());
  CHECK(type_text(*parse_type("optional(seq(tensor(uint8)))")) == "optional(seq(tensor(uint8)))");
  CHECK_FALSE(parse_type("tensor(float128)").has_value());
}

TEST_CASE("[TY1] a malformed signature text is an internal error, not a model's fault") {
  auto kind = [](const char* text) {
    try {
      (void)parse_signatures(text);
    } catch (const Failure& f) {
      return f.error().kind;
    }
    return ErrorKind::usage;
  };
  CHECK(kind("in X T") == ErrorKind::internal);                           // before any op line
  CHECK(kind("op ai.onnx A 1\nin X T\nout Y T") == ErrorKind::internal);  // T never declared
  CHECK(kind("op ai.onnx A 1\nattr a complex") == ErrorKind::internal);
  CHECK(kind("op ai.onnx A 1\ntype T tensor(nope)") == ErrorKind::internal);
}

TEST_CASE("[TY2] too many inputs, too many outputs and an absent required input are refused") {
  CHECK(has(clauses(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x, float[2] w) => (float[2] y) { y = Neg(x, w) })"),
            "TY2"));
  CHECK(has(clauses(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x) => (float[2] y, float[2] z) { y, z = Neg(x) })"),
            "TY2"));
  // An absent input ("") at a single formal's position; at an optional one it is fine.
  auto with_absent_second = [](const char* op) {
    Model m = load_model_text(std::string(R"(< ir_version: 8, opset_import: ["" : 1] >
      g (float[2] x) => (float[2] y) { y = )") +
                              op + "(x, x) }");
    m.graph.nodes[0].inputs[1] = "";
    std::vector<std::string> out;
    for (const auto& f : infer_types(m, typed).findings) out.push_back(f.clause);
    return out;
  };
  CHECK(has(with_absent_second("Add"), "TY2"));
  CHECK(with_absent_second("Opt").empty());
}

TEST_CASE("[TY2] a node with one output more than its operator declares is refused by check, not crashed on") {
  const Model m = load_model_text(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x) => (float[2] y) { y, extra = Identity(x) })");
  auto f = check(m, Profile::onnx, typed);
  CHECK(refuses(f));
  CHECK(std::any_of(f.begin(), f.end(), [](const Finding& x) { return x.clause == "TY2"; }));
}

TEST_CASE("[TY13] an operator version ONNX deprecated is refused; the version before it is not") {
  CHECK(has(clauses(R"(< ir_version: 8, opset_import: ["" : 5] >
    g (float[2] x) => (float[2] y) { y = Versioned(x) })"),
            "TY13"));
  CHECK(clauses(R"(< ir_version: 8, opset_import: ["" : 4] >
    g (float[2] x) => (float[2] y) { y = Versioned(x) })")
            .empty());
}

TEST_CASE("[TY3] an unknown attribute, one of the wrong type and a missing required one are refused") {
  CHECK(has(clauses(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x) => (float[2] y) { y = Neg <alpha = 1.0> (x) })"),
            "TY3"));
  CHECK(has(clauses(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x) => (float[2] y) { y = Scale <k = 2> (x) })"),
            "TY3"));
  CHECK(has(clauses(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x) => (float[2] y) { y = Scale (x) })"),
            "TY3"));
  CHECK(clauses(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x) => (float[2] y) { y = Scale <k = 2.0> (x) })")
            .empty());
}

TEST_CASE("[TY4] an element type outside the type constraint, or not the concrete type, is refused") {
  CHECK(has(clauses(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (int64[2] x) => (int64[2] y) { y = Neg(x) })"),
            "TY4"));
  CHECK(has(clauses(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (double[2] x) => (float[2] y) { y = Scale <k = 2.0> (x) })"),
            "TY4"));
  CHECK(clauses(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (double[2] x) => (double[2] y) { y = Neg(x) })")
            .empty());
}

TEST_CASE("[TY6] one type variable bound to two element types is refused; the output takes the binding") {
  CHECK(has(clauses(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (float[2] a, int64[2] b) => (float[2] c) { c = Add(a, b) })"),
            "TY6"));
  const Typing t = infer(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (int64[2] a, int64[2] b) => (int64[2] c) { c = Add(a, b) })");
  CHECK(t.findings.empty());
  CHECK(main_type(t, "c") == "tensor(int64)[2]");  // element type from T, shape from the declaration (TY7)
}

TEST_CASE("[TY5] a shape rule gives the outputs' shapes; its refusal carries its own clause") {
  const Typing t = infer(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (float[N,3] x) => (float[N,3] y) { a = Neg(x) y = Identity(a) })");
  CHECK(t.findings.empty());
  CHECK(main_type(t, "a") == "tensor(float)[N,3]");
  CHECK(main_type(t, "y") == "tensor(float)[N,3]");
  CHECK(has(clauses(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (float[7,3] x) => (float[7,3] y) { y = Neg(x) })"),
            "T9"));
}

TEST_CASE("[TY11] without a rule an output has no shape; huge dimensions are carried, never computed") {
  const Typing t = infer(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (float[9223372036854775807, 4611686018427387904] x) => (float y) { a = Opt(x) y = Neg(a) })");
  CHECK(t.findings.empty());
  CHECK(main_type(t, "a") == "tensor(float)");
  CHECK(main_type(t, "y") == "tensor(float)[]");  // the graph output's declaration gives the rank (TY7)
}

TEST_CASE("[TY11] a negative declared size says nothing") {
  Model m = load_model_text(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (float[2, 3] x) => (float y) { y = Neg(x) })");
  m.graph.inputs.at(0).type.shape->at(0).value = -2;
  const Typing t = infer_types(m, typed);
  const Type* x = t.graphs.at(0).find("x");
  REQUIRE(x);
  REQUIRE(x->shape);
  CHECK_FALSE(x->shape->at(0).value.has_value());
  CHECK(x->shape->at(1).value == 3);
}

TEST_CASE("[TY7] declared types that contradict the inferred ones are refused; agreeing ones refine") {
  CHECK(has(clauses(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (float[2] a, float[2] b) => (int64[2] c) { c = Add(a, b) })"),
            "TY7"));
  CHECK(has(clauses(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (float[2,3] a) => (float[2,3] c) <float[3,3] r> { r = Neg(a) c = Identity(r) })"),
            "TY7"));
  CHECK(has(clauses(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (float[2,3] a) => (float[2,3,1] c) { c = Neg(a) })"),
            "TY7"));
  const Typing t = infer(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (float[N,3] a) => (float[2,3] c) { c = Neg(a) })");
  CHECK(t.findings.empty());
  CHECK(main_type(t, "c") == "tensor(float)[2,3]");
}

TEST_CASE("[TY8] If branches of two element types, and a loop-carried value changing type, are refused") {
  CHECK(has(clauses(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (bool c, float[1] x, int64[1] k) => (float[1] z) {
      z = If(c) <then_branch = t () => (float[1] a) { a = Identity(x) },
                 else_branch = e () => (int64[1] b) { b = Identity(k) }> })"),
            "TY8"));
  CHECK(has(clauses(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (int64 m, bool c, float[1] x, int64[1] k) => (float[1] z) {
      z = Loop(m, c, x) <body = b (int64 i, bool ci, float[1] xi) => (bool co, int64[1] xo) {
        co = Identity(ci)
        xo = Identity(k) }> })"),
            "TY8"));
  const Typing t = infer(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (bool c, float[2,3] x) => (float[2,3] z) {
      z = If(c) <then_branch = t () => (float[2,3] a) { a = Neg(x) },
                 else_branch = e () => (float[2,3] b) { b = Identity(x) }> })");
  CHECK(t.findings.empty());
  CHECK(main_type(t, "z") == "tensor(float)[2,3]");
  CHECK(t.graphs.size() == 3);  // main, then_branch, else_branch
}

TEST_CASE("[SB1][SB11] a name a body defines is typed by the body's definition, not by the outer name") {
  // The Loop's body defines 'w', which the main graph assigns after the Loop (an If whose branch reads the
  // Loop's output): the constant part gives the outer 'w' the value of s, a float[7]. The body's 'w' is its
  // carried value, declared float[2]; taking the outer value for it would contradict that declaration (TY7).
  const char* text = R"(< ir_version: 8, opset_import: ["" : 1] >
    g () => (float[2] y, float[7] w)
        <int64 m = {1}, bool c = {1}, float[2] x0 = {1.0, 2.0}, float[7] s = {1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0}> {
      y = Loop(m, c, x0) <body = step (int64 i, bool ci, float[2] xi) => (bool co, float[2] w) {
        co = Identity(ci)
        w = Identity(xi)
      }>
      w = If(c) <then_branch = t () => (float[7] a) { d = Identity(y)
                                                     a = Identity(s) },
                 else_branch = e () => (float[7] b) { b = Identity(s) }>
    })";
  const Typing t = infer(text);
  CHECK(clauses(text).empty());
  CHECK(main_type(t, "w") == "tensor(float)[7]");
  const auto body = std::find_if(t.graphs.begin(), t.graphs.end(),
                                 [](const GraphTyping& g) { return g.scope.find("(Loop) body") != std::string::npos; });
  REQUIRE(body != t.graphs.end());
  REQUIRE(body->find("w"));
  CHECK(body->find("w")->describe() == "tensor(float)[2]");
}

TEST_CASE("[TY9] a function body is typed at each call with the call's types") {
  const char* text = R"(
    < ir_version: 8, opset_import: ["" : 1, "local" : 1] >
    g (float[2] x, int64[2] w, float[2] v) => (float[2] y, float[2] z) {
      y = local.AddTwo(x, w)
      z = local.AddTwo(x, v)
    }
    < domain: "local", opset_import: ["" : 1] >
    AddTwo (a, b) => (c) { c = Add(a, b) })";
  const Typing t = infer(text);
  CHECK(has(clauses(text), "TY6"));  // the first call binds T to float and int64
  const auto n = std::count_if(t.graphs.begin(), t.graphs.end(),
                               [](const GraphTyping& g) { return g.scope.find("function AddTwo") == 0; });
  CHECK(n == 2);  // one typing per call
  CHECK(has(clauses(R"(
    < ir_version: 8, opset_import: ["" : 1, "local" : 1] >
    g (float[2] x) => (float[2] y) { y = local.Twice <gain = 2.0> (x) }
    < domain: "local", opset_import: ["" : 1] >
    Twice (a) => (b) { b = Add(a, a) })"),
            "TY3"));
}

TEST_CASE("[TY9] recursive calls are not typed again and the typed call bodies are bounded") {
  // F calls itself twice: typed once (FN2 refuses the model), not 2^32 times.
  const Typing rec = infer(R"(
    < ir_version: 8, opset_import: ["" : 1, "local" : 1] >
    g (float[2] x) => (float[2] y) { y = local.F(x) }
    < domain: "local", opset_import: ["" : 1, "local" : 1] >
    F (a) => (b) { c = local.F(a)
                   b = local.F(c) })");
  CHECK(std::count_if(rec.graphs.begin(), rec.graphs.end(),
                      [](const GraphTyping& g) { return g.scope.find("function F") != std::string::npos; }) == 1);
  // A chain of 14 functions, each calling the next twice, would have 2^14 - 1 bodies to type: 4096 are.
  std::string text = R"(
    < ir_version: 8, opset_import: ["" : 1, "local" : 1] >
    g (float[2] x) => (float[2] y) { y = local.F0(x) })";
  for (int k = 0; k < 14; ++k) {
    text += "\n    < domain: \"local\", opset_import: [\"\" : 1, \"local\" : 1] >\n    F" + std::to_string(k) +
            " (a) => (b) { ";
    text += k == 13 ? "b = Neg(a) }"
                    : "c = local.F" + std::to_string(k + 1) + "(a)\n b = local.F" + std::to_string(k + 1) + "(c) }";
  }
  const Typing chain = infer(text);
  CHECK(std::count_if(chain.graphs.begin(), chain.graphs.end(),
                      [](const GraphTyping& g) { return g.scope.find("function F") != std::string::npos; }) == 4096);
}

TEST_CASE("[TY12] type_violation says where a value departs from its inferred type") {
  Type t = make_tensor_type(DType::float32, std::vector<Dim>{fixed_dim(2), Dim{}});
  CHECK(type_violation(Value(onnxsem::testing::floats({2, 5}, std::vector<float>(10))), t).empty());
  CHECK_FALSE(type_violation(Value(onnxsem::testing::floats({3, 5}, std::vector<float>(15))), t).empty());
  CHECK_FALSE(type_violation(Value(onnxsem::testing::floats({2}, {1, 2})), t).empty());
  CHECK_FALSE(
      type_violation(Value(Tensor::scalar<int64_t>(test_context(), 1)), make_tensor_type(DType::float32)).empty());
  CHECK(type_violation(Value(Tensor::scalar<int64_t>(test_context(), 1)), Type{})
            .empty());  // nothing inferred, nothing claimed
}

TEST_CASE("[TY12] the evaluation's observer sees every assigned value with its graph") {
  const Model m = load_model_text(R"(< ir_version: 8, opset_import: ["" : 1] >
    g (float[2] x) => (float[2] y) { a = Neg(x) y = Identity(a) })");
  const Typing t = infer_types(m, typed);
  REQUIRE(t.graphs.at(0).graph == &m.graph);
  EvalOptions eo;
  int seen = 0, wrong = 0;
  eo.observe = [&](const Graph& g, const std::string& name, const Value& v) {
    ++seen;
    if (const Type* ty = t.graphs.at(0).find(name); &g != &m.graph || !ty || !type_violation(v, *ty).empty()) ++wrong;
  };
  const Outcome o = evaluate(m, {{"x", Value(onnxsem::testing::floats({2}, {1, 2}))}}, typed, eo);
  CHECK(o.ok());
  CHECK(seen == 2);
  CHECK(wrong == 0);
}

// Tests of FlexAttention-1, domain ai.onnx.preview (spec/ops-attention.md, FA1-FA4). Expected values are
// worked out by hand: scores 0 and ln 3 have the softmax weights 1/4 and 3/4.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ops/registry.hpp"
#include "runtime/error.hpp"
#include "values/numeric.hpp"
#include "values/testing.hpp"
#include "values/value.hpp"

namespace {
using namespace onnxsem;

const double kLn3 = std::log(3.0);

struct Flex {
  Node n;
  // Stands in for the graph semantics (SB13) when set: how the kernel's modifier graphs are evaluated.
  std::function<std::vector<Value>(const Graph&, const std::vector<Value>&)> subgraph;
  Flex() {
    n.op_type = "FlexAttention";
    n.domain = "ai.onnx.preview";
  }
  Flex& f(const std::string& name, float v) {
    Attribute a;
    a.name = name, a.type = AttrType::f, a.f = v;
    n.attributes.push_back(a);
    return *this;
  }
  Flex& i(const std::string& name, int64_t v) {
    Attribute a;
    a.name = name, a.type = AttrType::i, a.i = v;
    n.attributes.push_back(a);
    return *this;
  }
  Flex& g(const std::string& name) {
    Attribute a;
    a.name = name, a.type = AttrType::g, a.g = std::make_shared<Graph>();
    n.attributes.push_back(a);
    return *this;
  }
  [[nodiscard]] Tensor operator()(const Tensor& q, const Tensor& k, const Tensor& v) const {
    ops::Registry r;
    ops::add_attention(r);
    const Kernel* kern = r.kernel("ai.onnx.preview", "FlexAttention", 1);
    REQUIRE(kern != nullptr);
    KernelArgs args{n, {Value(q), Value(k), Value(v)}, {true}, subgraph};
    args.eval_context = &test_context();
    auto out = (*kern)(args);
    REQUIRE(out.size() == 1);
    REQUIRE(out[0].has_value());
    return out[0]->tensor();
  }
  [[nodiscard]] Error error(const Tensor& q, const Tensor& k, const Tensor& v) const {
    try {
      (void)(*this)(q, k, v);
    } catch (const Failure& e) {
      return e.error();
    }
    return Error{ErrorKind::internal, Relayed{""}, "no error"};
  }
};

Tensor d4(Shape s, std::vector<double> v) { return Tensor::from_vector<double>(test_context(), std::move(s), v); }
std::vector<double> vals(const Tensor& t) {
  auto d = t.data<double>();
  return {d.begin(), d.end()};
}
}  // namespace

TEST_CASE("[FA2] scaled dot products, softmax over the keys, weighted values") {
  // One query, two keys: scores 0 and ln 3 (default scale 1/sqrt(1)), weights 1/4 and 3/4 of 4 and 8.
  const Tensor y = Flex()(d4({1, 1, 1, 1}, {1}), d4({1, 1, 2, 1}, {0, kLn3}), d4({1, 1, 2, 1}, {4, 8}));
  CHECK(y.shape() == Shape{1, 1, 1, 1});
  CHECK(vals(y)[0] == doctest::Approx(7).epsilon(1e-14));
  // Head size 4: the default scale is 1/2, the same as scale 0.5; key 1 = (a, a, a, a) with 4a/2 = ln 3.
  const double a = kLn3 / 2;
  const Tensor q = d4({1, 1, 1, 4}, {1, 1, 1, 1});
  const Tensor k = d4({1, 1, 2, 4}, {0, 0, 0, 0, a, a, a, a});
  const Tensor v = d4({1, 1, 2, 2}, {4, -4, 8, -8});  // a value head size other than the key head size
  for (const Flex& f : {Flex(), Flex().f("scale", 0.5f)}) {
    const auto r = vals(f(q, k, v));
    REQUIRE(r.size() == 2);
    CHECK(r[0] == doctest::Approx(7).epsilon(1e-14));
    CHECK(r[1] == doctest::Approx(-7).epsilon(1e-14));
  }
  // scale 0 makes every weight equal: (4 + 8) / 2.
  CHECK(vals(Flex().f("scale", 0)(q, k, v))[0] == 6);
}

TEST_CASE("[FA2] empty key sequences and empty head sizes") {
  // No keys: every output row is an empty sum, 0.
  const Tensor y = Flex()(d4({1, 1, 2, 1}, {1, 2}), d4({1, 1, 0, 1}, {}), d4({1, 1, 0, 3}, {}));
  CHECK(y.shape() == Shape{1, 1, 2, 3});
  CHECK(vals(y) == std::vector<double>(6, 0.0));
  // Head size 0: every score is 0 (not scale * 0 with the infinite default scale 1/sqrt(0)), so the
  // weights are uniform.
  CHECK(vals(Flex()(d4({1, 1, 1, 0}, {}), d4({1, 1, 2, 0}, {}), d4({1, 1, 2, 1}, {4, 8}))) == std::vector<double>{6});
  // A NaN score makes its row NaN.
  CHECK(std::isnan(vals(Flex()(d4({1, 1, 1, 1}, {NAN}), d4({1, 1, 2, 1}, {0, 1}), d4({1, 1, 2, 1}, {4, 8})))[0]));
}

TEST_CASE("[FA1] grouped query heads read key/value head h / (Hq / Hkv)") {
  // Four query heads, two key/value heads: heads 0 and 1 read head 0 (values 4, 8), heads 2 and 3 head 1
  // (values 40, 80); every query sees scores 0 and ln 3.
  const Tensor q = d4({1, 4, 1, 1}, {1, 1, 1, 1});
  const Tensor k = d4({1, 2, 2, 1}, {0, kLn3, 0, kLn3});
  const Tensor v = d4({1, 2, 2, 1}, {4, 8, 40, 80});
  const auto r = vals(Flex()(q, k, v));
  REQUIRE(r.size() == 4);
  CHECK(r[0] == doctest::Approx(7).epsilon(1e-14));
  CHECK(r[1] == doctest::Approx(7).epsilon(1e-14));
  CHECK(r[2] == doctest::Approx(70).epsilon(1e-14));
  CHECK(r[3] == doctest::Approx(70).epsilon(1e-14));
  // float16: uniform weights over 1 and 2 give 1.5, exact.
  auto h = [](Shape s, std::vector<double> x) {
    std::vector<float16_t> v;
    for (double e : x) v.push_back(num::to_float16(e));
    return Tensor::from_vector<float16_t>(test_context(), std::move(s), v);
  };
  const Tensor y = Flex()(h({1, 1, 1, 1}, {1}), h({1, 1, 2, 1}, {0, 0}), h({1, 1, 2, 1}, {1, 2}));
  CHECK(y.dtype() == DType::float16);
  CHECK(num::to_double(y.data<float16_t>()[0]) == 1.5);
}

TEST_CASE("[FA1] [FA3] operand shapes, element types and softmax_precision are checked") {
  const Tensor q = d4({1, 2, 1, 1}, {1, 1});
  const Tensor k = d4({1, 2, 2, 1}, {0, 0, 0, 0});
  const Tensor v = d4({1, 2, 2, 1}, {1, 2, 3, 4});
  CHECK(Flex().error(q, k, v).clause.empty());
  CHECK(Flex().error(d4({2, 1, 1}, {1, 1}), k, v).clause == "FA1");  // rank 3
  CHECK(Flex().error(q, Tensor::from_vector<float>(test_context(), {1, 2, 2, 1}, {0, 0, 0, 0}), v).clause ==
        "FA1");                                                                            // float K
  CHECK(Flex().error(d4({1, 3, 1, 1}, {1, 1, 1}), k, v).clause == "FA1");                  // 3 heads over 2
  CHECK(Flex().error(q, d4({1, 2, 2, 2}, {0, 0, 0, 0, 0, 0, 0, 0}), v).clause == "FA1");   // head sizes differ
  CHECK(Flex().error(q, k, d4({1, 2, 3, 1}, {1, 2, 3, 4, 5, 6})).clause == "FA1");         // V length 3
  CHECK(Flex().error(q, d4({2, 2, 2, 1}, std::vector<double>(8, 0)), v).clause == "FA1");  // K batch 2
  CHECK(Flex().i("softmax_precision", 1).error(q, k, v).clause.empty());                   // float32
  CHECK(Flex().i("softmax_precision", 7).error(q, k, v).clause == "FA3");                  // int64
}

TEST_CASE("[FA4] without the graph semantics, a score_mod or prob_mod subgraph is reported unsupported") {
  const Tensor q = d4({1, 1, 1, 1}, {1});
  const Tensor k = d4({1, 1, 1, 1}, {1});
  CHECK(Flex().g("score_mod").error(q, k, k).kind == ErrorKind::unsupported);
  CHECK(Flex().g("prob_mod").error(q, k, k).kind == ErrorKind::unsupported);
  // A graph attribute ONNX does not define is not silently ignored either.
  CHECK(Flex().g("mask_mod").error(q, k, k).kind == ErrorKind::unsupported);
  CHECK(Flex().error(q, k, k).clause.empty());
}

TEST_CASE("[FA4] score_mod and prob_mod are applied, through the graph semantics, to float tensors") {
  // One query, two keys with scores 0 and 0: without modifiers the weights are 1/2 and 1/2.
  const Tensor q = d4({1, 1, 1, 1}, {1}), k = d4({1, 1, 2, 1}, {0, 0}), v = d4({1, 1, 2, 1}, {4, 8});
  Flex add_ln3 = Flex().g("score_mod");
  int calls = 0;
  add_ln3.subgraph = [&](const Graph&, const std::vector<Value>& in) -> std::vector<Value> {
    ++calls;
    // Adds ln 3 to the second key's score: weights 1/4 and 3/4, so Y = 4/4 + 3 * 8/4 = 7.
    const Tensor& t = in.at(0).tensor();
    REQUIRE(t.dtype() == DType::float64);  // Q is double: the modifier sees double
    REQUIRE(t.shape() == Shape{1, 1, 1, 2});
    return {Value(
        Tensor::from_vector<double>(test_context(), t.shape(), {t.data<double>()[0], t.data<double>()[1] + kLn3}))};
  };
  CHECK(vals(add_ln3(q, k, v))[0] == doctest::Approx(7).epsilon(1e-14));
  CHECK(calls == 1);
  Flex zero_second = Flex().g("prob_mod");
  zero_second.subgraph = [&](const Graph&, const std::vector<Value>& in) -> std::vector<Value> {
    const Tensor& t = in.at(0).tensor();
    CHECK(t.data<double>()[0] == 0.5);  // the weights after the softmax
    return {Value(Tensor::from_vector<double>(test_context(), t.shape(), {t.data<double>()[0], 0.0}))};
  };
  CHECK(vals(zero_second(q, k, v))[0] == 2.0);  // 0.5 * 4 + 0 * 8
  // A modifier that returns another shape is an evaluation error.
  Flex bad = Flex().g("score_mod");
  bad.subgraph = [](const Graph&, const std::vector<Value>&) -> std::vector<Value> {
    return {Value(Tensor::from_vector<double>(test_context(), {2}, {0, 0}))};
  };
  CHECK(bad.error(q, k, v).clause == "FA4");
}

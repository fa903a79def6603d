// Tests of the loss family's shape rules (ops/loss/shapes.cpp; spec/types.md TY5, spec/ops-loss.md).
#include <doctest/doctest.h>

#include <limits>

#include "ops/common/testing.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {

using testing::attr_f;
using testing::attr_s;
using testing::clause_of;
using testing::dims_of;
using testing::make_node;
using testing::ttype;
using Dims64 = std::vector<int64_t>;

const Registry& reg() { return testing::shape_registry<add_loss, describe_loss, shapes_loss>(); }

std::vector<Type> infer(const std::string& op, int64_t since, std::vector<std::optional<Type>> in,
                        std::vector<Attribute> attrs = {}, size_t outputs = 1, const std::string& domain = "") {
  return testing::infer_with(reg(), make_node(op, std::move(attrs), domain, outputs), since, std::move(in));
}

const auto f = DType::float32;
const auto i64 = DType::int64;

TEST_CASE("loss shapes: the loss is the target's shape with reduction none and a scalar otherwise") {
  Type x = ttype(f, {3, 5, 2});
  x.shape->at(0) = Dim{std::nullopt, "N"};
  Type t = ttype(i64, {-1, 2});
  t.shape->at(0) = Dim{std::nullopt, "N"};
  auto out = infer("NegativeLogLikelihoodLoss", 13, {x, t}, {attr_s("reduction", "none")});
  REQUIRE(out[0].shape);
  CHECK(out[0].shape->at(0).param == "N");
  CHECK(dims_of(out[0]) == Dims64{-1, 2});
  out = infer("NegativeLogLikelihoodLoss", 22, {x, t, ttype(f, {5})});
  CHECK(dims_of(out[0]) == Dims64{});
  out = infer("SoftmaxCrossEntropyLoss", 13, {ttype(f, {3, 5}), ttype(i64, {3})}, {attr_s("reduction", "sum")}, 2);
  CHECK(dims_of(out[0]) == Dims64{});
  CHECK(dims_of(out[1]) == Dims64{3, 5});
  out = infer("SoftmaxCrossEntropyLoss", 12, {ttype(f, {}, false), ttype(i64, {}, false)},
              {attr_s("reduction", "none")}, 2);
  CHECK_FALSE(out[0].shape);
  CHECK_FALSE(out[1].shape);
  CHECK(clause_of([&] {
          (void)infer("NegativeLogLikelihoodLoss", 13, {x, t}, {attr_s("reduction", "avg")});
        }) == "TY10");
}

TEST_CASE("[LOSS16] NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss: operand shapes fit") {
  const auto nll = [](std::vector<std::optional<Type>> in) {
    return clause_of([&] { (void)infer("NegativeLogLikelihoodLoss", 13, std::move(in)); });
  };
  CHECK(nll({ttype(f, {3}), ttype(i64, {}, false)}) == "LOSS16");
  CHECK(nll({ttype(f, {3, 5, 2}), ttype(i64, {3})}) == "LOSS16");
  CHECK(nll({ttype(f, {3, 5, 2}), ttype(i64, {4, 2})}) == "LOSS16");
  CHECK(nll({ttype(f, {3, 5, 2}), ttype(i64, {3, 5})}) == "LOSS16");
  CHECK(nll({ttype(f, {3, 5}), ttype(i64, {3}), ttype(f, {4})}) == "LOSS16");
  CHECK(nll({ttype(f, {3, 5}), ttype(i64, {3}), ttype(f, {5, 1})}) == "LOSS16");
  CHECK(clause_of([] { (void)infer("SoftmaxCrossEntropyLoss", 13, {ttype(f, {2, 4}), ttype(i64, {3})}); }) == "LOSS16");
  CHECK(nll({ttype(f, {-1, -1, 2}), ttype(i64, {7, -1}), ttype(f, {9})}).empty());
}

TEST_CASE("loss shapes: the optimizers' outputs have the types of the tensors they replace") {
  const Type r = ttype(f, {});
  const Type t = ttype(i64, {});
  const Type x1 = ttype(f, {2, 3}), x2 = ttype(DType::float64, {4});
  const std::string tr = "ai.onnx.preview.training";
  auto out = infer("Adagrad", 1, {r, t, x1, x2, x1, x2, x1, x2}, {}, 4, tr);
  REQUIRE(out.size() == 4);
  CHECK(dims_of(out[0]) == Dims64{2, 3});
  CHECK(out[1].elem == DType::float64);
  CHECK(dims_of(out[2]) == Dims64{2, 3});
  CHECK(dims_of(out[3]) == Dims64{4});
  const Type v = ttype(f, {5});
  const Type h = ttype(f, {6});
  out = infer("Adam", 1, {r, t, x1, x1, v, h}, {}, 3, tr);
  CHECK(dims_of(out[0]) == Dims64{2, 3});
  CHECK(dims_of(out[1]) == Dims64{5});
  CHECK(dims_of(out[2]) == Dims64{6});
  out = infer("Momentum", 1, {r, t, x1, x1, v},
              {attr_f("alpha", 1), attr_f("beta", 1), attr_f("norm_coefficient", 0), attr_s("mode", "standard")}, 2,
              tr);
  CHECK(dims_of(out[1]) == Dims64{5});
  // a count that does not form groups leaves the outputs unknown (an evaluation error, LOSS10)
  out = infer("Adam", 1, {r, t, x1, x1, v}, {}, 2, tr);
  CHECK(out[0].kind == Type::Kind::unknown);
  CHECK(out[1].kind == Type::Kind::unknown);
}

}  // namespace
}  // namespace onnxsem::ops

// Tests of the linalg family's shape rules (spec/ops-linalg.md, "Shapes"; spec/types.md, TY5).
#include <doctest/doctest.h>

#include <limits>

#include "ops/common/testing.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {

using namespace testing;
using V = std::vector<int64_t>;
constexpr auto F = DType::float32;
constexpr int64_t big = std::numeric_limits<int64_t>::max();

const Registry& reg() { return testing::shape_registry<add_linalg, describe_linalg, shapes_linalg>(); }

std::vector<Type> infer(const std::string& op, int64_t since, std::vector<std::optional<Type>> in,
                        std::vector<Attribute> attrs = {}) {
  return infer_with(reg(), make_node(op, std::move(attrs), "", 1), since, std::move(in));
}

TEST_CASE("MatMul: numpy's shapes (RD20)") {
  CHECK(dims_of(infer("MatMul", 13, {ttype(F, {2, 3}), ttype(F, {3, 5})})[0]) == V{2, 5});
  CHECK(dims_of(infer("MatMul", 13, {ttype(F, {3}), ttype(F, {3})})[0]) == V{});
  CHECK(dims_of(infer("MatMul", 13, {ttype(F, {3}), ttype(F, {4, 3, 5})})[0]) == V{4, 5});
  CHECK(dims_of(infer("MatMul", 9, {ttype(F, {7, 1, 2, 3}), ttype(F, {3})})[0]) == V{7, 1, 2});
  CHECK(dims_of(infer("MatMul", 1, {ttype(F, {1, 6, 2, 3}), ttype(F, {5, 1, 3, 4})})[0]) == V{5, 6, 2, 4});
  auto y = infer("MatMul", 13, {stype(F, {"B", "S", "K"}), ttype(F, {-1, 8})});
  REQUIRE(y[0].shape);
  CHECK((*y[0].shape)[0].param == "B");
  CHECK((*y[0].shape)[1].param == "S");
  CHECK((*y[0].shape)[2].value == 8);
  CHECK_FALSE(infer("MatMul", 13, {ttype(F, {2, 3}), ttype(F, {}, false)})[0].shape);
  y = infer("MatMulInteger", 10, {ttype(DType::uint8, {big, 2}), ttype(DType::int8, {2, big})});
  CHECK(dims_of(y[0]) == V{big, big});
  CHECK(clause_of([] { (void)infer("MatMul", 13, {ttype(F, {2, 2, 3}), ttype(F, {3, 3, 4})}); }) == "TS1");
}

TEST_CASE("[RD33] MatMul: fixed inner dimensions agree, ranks are at least 1") {
  CHECK(clause_of([] { (void)infer("MatMul", 13, {ttype(F, {2, 3}), ttype(F, {4, 5})}); }) == "RD33");
  CHECK(clause_of([] { (void)infer("MatMul", 13, {ttype(F, {2, 3}), ttype(F, {4})}); }) == "RD33");
  CHECK(clause_of([] { (void)infer("MatMul", 13, {ttype(F, {}), ttype(F, {4})}); }) == "RD33");
  CHECK(clause_of([] {
          (void)infer("MatMulInteger", 10, {ttype(DType::int8, {2, 3}), ttype(DType::int8, {2, 2})});
        }) == "RD33");
  CHECK(clause_of([] { (void)infer("MatMul", 13, {ttype(F, {2, -1}), ttype(F, {4, 5})}); }) == "");
}

TEST_CASE("Gemm: [M, N] after transA and transB, refined by C (RD23, RD24)") {
  CHECK(dims_of(infer("Gemm", 13, {ttype(F, {2, 3}), ttype(F, {3, 4})})[0]) == V{2, 4});
  CHECK(dims_of(infer("Gemm", 11, {ttype(F, {3, 2}), ttype(F, {4, 3}), ttype(F, {1})},
                      {attr_i("transA", 1), attr_i("transB", 1)})[0]) == V{2, 4});
  CHECK(dims_of(infer("Gemm", 7, {ttype(F, {-1, 3}), ttype(F, {3, -1}), ttype(F, {5, 6})})[0]) == V{5, 6});
  CHECK(dims_of(infer("Gemm", 13, {ttype(F, {}, false), ttype(F, {}, false)})[0]) == V{-1, -1});
  const auto y = infer("Gemm", 6, {ttype(F, {big, 1}), ttype(F, {1, big}), ttype(F, {1, 1})}, {attr_i("broadcast", 1)});
  CHECK(dims_of(y[0]) == V{big, big});
}

TEST_CASE("[RD34] Gemm: rank-2 operands, agreeing inner dimensions, C broadcasting to [M, N]") {
  CHECK(clause_of([] { (void)infer("Gemm", 13, {ttype(F, {2, 3, 1}), ttype(F, {3, 4})}); }) == "RD34");
  CHECK(clause_of([] { (void)infer("Gemm", 13, {ttype(F, {2, 3}), ttype(F, {4})}); }) == "RD34");
  CHECK(clause_of([] { (void)infer("Gemm", 13, {ttype(F, {2, 3}), ttype(F, {4, 3})}); }) == "RD34");
  CHECK(clause_of([] { (void)infer("Gemm", 13, {ttype(F, {2, 3}), ttype(F, {3, 4}), ttype(F, {3})}); }) == "RD34");
  CHECK(clause_of([] {
          (void)infer("Gemm", 13, {ttype(F, {2, 3}), ttype(F, {3, 4}), ttype(F, {1, 2, 4})});
        }) == "RD34");
  CHECK(clause_of([] { (void)infer("Gemm", 13, {ttype(F, {2, 3}), ttype(F, {3, 4}), ttype(F, {2, 1})}); }) == "");
}

TEST_CASE("Einsum: the output shape of equations without an ellipsis") {
  auto y = infer("Einsum", 12, {ttype(F, {2, 3}), ttype(F, {3, 5})}, {attr_s("equation", "ij,jk->ik")});
  CHECK(dims_of(y[0]) == V{2, 5});
  y = infer("Einsum", 12, {ttype(F, {2, 3}), ttype(F, {-1, 5})}, {attr_s("equation", "ij , jk")});  // implicit: i, k
  CHECK(dims_of(y[0]) == V{2, 5});
  y = infer("Einsum", 12, {ttype(F, {4, 4})}, {attr_s("equation", "ii->i")});
  CHECK(dims_of(y[0]) == V{4});
  y = infer("Einsum", 12, {ttype(F, {2, 3})}, {attr_s("equation", "Ba")});  // ASCII order: B before a
  CHECK(dims_of(y[0]) == V{2, 3});
  y = infer("Einsum", 12, {ttype(F, {-1, 3})}, {attr_s("equation", "ij->")});
  CHECK(dims_of(y[0]) == V{});
  // An ellipsis, a term that does not fit, or an unknown output letter: unknown.
  CHECK_FALSE(infer("Einsum", 12, {ttype(F, {2, 3})}, {attr_s("equation", "...j->j")})[0].shape);
  CHECK_FALSE(infer("Einsum", 12, {ttype(F, {2, 3})}, {attr_s("equation", "ijk->i")})[0].shape);
  CHECK_FALSE(infer("Einsum", 12, {ttype(F, {2, 3})}, {attr_s("equation", "ij->iz")})[0].shape);
  CHECK_FALSE(infer("Einsum", 12, {ttype(F, {2, 3})}, {attr_s("equation", "ij,jk->ik")})[0].shape);
  CHECK_FALSE(infer("Einsum", 12, {ttype(F, {2, 3}), ttype(F, {3})}, {attr_s("equation", "ij")})[0].shape);
  CHECK_FALSE(infer("Einsum", 12, {ttype(F, {2})}, {attr_s("equation", "i->->i")})[0].shape);
}

TEST_CASE("Det drops the two matrix axes (TX50)") {
  CHECK(dims_of(infer("Det", 11, {ttype(F, {2, 5, 3, 3})})[0]) == V{2, 5});
  CHECK(dims_of(infer("Det", 22, {ttype(F, {-1, -1})})[0]) == V{});
  CHECK_FALSE(infer("Det", 22, {ttype(F, {}, false)})[0].shape);
}

TEST_CASE("[TX60] Det: X has rank at least 2 and square matrices") {
  CHECK(clause_of([&] { (void)infer("Det", 11, {ttype(F, {3})}); }) == "TX60");
  CHECK(clause_of([&] { (void)infer("Det", 22, {ttype(F, {4, 2, 3})}); }) == "TX60");
}

}  // namespace
}  // namespace onnxsem::ops

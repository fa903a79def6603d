// Unit tests of MatMul, MatMulInteger and Gemm (spec/ops-linalg.md RD20-RD25, RD29), and of the family's
// registration. Expected values are worked out by hand.
#include <cmath>
#include <map>

#include "ops/linalg/test_util.hpp"

using namespace lat;

TEST_CASE("the family registers exactly ONNX's versions of its operators") {
  std::map<std::string, std::vector<int64_t>> versions;
  for (const auto& [domain, op, since] : reg().implemented()) {
    CHECK(domain.empty());
    versions[op].push_back(since);
  }
  CHECK(versions.size() == 5);  // MatMul, MatMulInteger, Gemm, Einsum, Det
  for (const auto& entry : versions) {
    const std::string& op = entry.first;  // a plain variable: clang 14 cannot capture structured bindings
    CAPTURE(op);
    CHECK(entry.second == ops::onnx_defined_versions("", op));
  }
}

TEST_CASE("[RD20] MatMul follows numpy.matmul") {
  const Tensor a = F({2, 2}, {1, 2, 3, 4}), b = F({2, 2}, {5, 6, 7, 8});
  Tensor y = run1(NodeB("MatMul"), 13, {a, b});
  CHECK(y.shape() == Shape{2, 2});
  CHECK(vals<float>(y) == std::vector<float>{19, 22, 43, 50});
  y = run1(NodeB("MatMul"), 1, {F({3}, {1, 2, 3}), F({3}, {4, 5, 6})});
  CHECK(y.shape() == Shape{});
  CHECK(vals<float>(y) == std::vector<float>{32});
  y = run1(NodeB("MatMul"), 9, {F({2}, {1, 2}), b});
  CHECK(y.shape() == Shape{2});
  CHECK(vals<float>(y) == std::vector<float>{19, 22});
  y = run1(NodeB("MatMul"), 13, {a, F({2}, {5, 6})});
  CHECK(y.shape() == Shape{2});
  CHECK(vals<float>(y) == std::vector<float>{17, 39});
  // batch broadcasting: [2,1,2] x [2,1] -> [2,1,1]; [1,2] x [3,2,1] -> [3,1,1]
  y = run1(NodeB("MatMul"), 13, {F({2, 1, 2}, {1, 2, 3, 4}), F({2, 1}, {1, 1})});
  CHECK(y.shape() == Shape{2, 1, 1});
  CHECK(vals<float>(y) == std::vector<float>{3, 7});
  y = run1(NodeB("MatMul"), 13, {F({1, 2}, {1, 2}), F({3, 2, 1}, {1, 0, 0, 1, 1, 1})});
  CHECK(y.shape() == Shape{3, 1, 1});
  CHECK(vals<float>(y) == std::vector<float>{1, 2, 3});
  y = run1(NodeB("MatMul"), 13, {F({2, 1, 1, 2}, {1, 2, 3, 4}), F({3, 2, 1}, {1, 0, 0, 1, 1, 1})});
  CHECK(y.shape() == Shape{2, 3, 1, 1});
  CHECK(vals<float>(y) == std::vector<float>{1, 2, 3, 3, 4, 7});
  // K = 0 gives zeros
  y = run1(NodeB("MatMul"), 13, {F({2, 0}, {}), F({0, 3}, {})});
  CHECK(vals<float>(y) == std::vector<float>(6, 0.0f));
}

TEST_CASE("[RD21] MatMul refuses operands whose shapes do not fit") {
  CHECK(clause_of(NodeB("MatMul"), 13, {F({2, 3}, {1, 2, 3, 4, 5, 6}), F({2}, {1, 2})}) == "RD21");
  CHECK(clause_of(NodeB("MatMul"), 13, {Tensor::scalar<float>(test_context(), 1), F({1}, {1})}) == "RD21");
  CHECK(clause_of(NodeB("MatMul"), 13, {F({1}, {1}), D({1}, {1})}) == "RD21");
  CHECK(clause_of(NodeB("MatMul"), 13, {F({2, 1, 1}, {1, 2}), F({3, 1, 1}, {1, 2, 3})}) == "B1");
}

TEST_CASE("[RD22] products are summed in binary64 (floats) or with wrap-around (integers)") {
  Tensor y = run1(NodeB("MatMul"), 13, {F({1, 3}, {1e8f, 1, -1e8f}), F({3, 1}, {1, 1, 1})});
  CHECK(vals<float>(y) == std::vector<float>{1});
  y = run1(NodeB("MatMul"), 13, {I32({1, 1}, {65536}), I32({1, 1}, {65536})});
  CHECK(vals<int32_t>(y) == std::vector<int32_t>{0});
  y = run1(NodeB("MatMul"), 13, {I64({1, 2}, {3, -4}), I64({2, 1}, {5, 6})});
  CHECK(vals<int64_t>(y) == std::vector<int64_t>{-9});
}

TEST_CASE("[RD22] a 1000x1000 MatMul sums rows correctly") {
  const int64_t n = 1000;
  std::vector<float> a(static_cast<size_t>(n * n)), b(static_cast<size_t>(n * n));
  for (int64_t i = 0; i < n * n; ++i) {
    a[static_cast<size_t>(i)] = static_cast<float>(i % 7);
    b[static_cast<size_t>(i)] = static_cast<float>(i % 5);
  }
  Tensor y = run1(NodeB("MatMul"), 13, {F({n, n}, a), F({n, n}, b)});
  // Y[0,0] = Σ_k (k mod 7) * ((k*1000) mod 5) = 0 since 1000k is a multiple of 5
  CHECK(vals<float>(y)[0] == 0.0f);
  // Y[1,1] = Σ_k ((1000 + k) mod 7) * ((1000k + 1) mod 5) = Σ_k ((k + 6) mod 7) * 1
  double s = 0;
  for (int64_t k = 0; k < n; ++k) s += static_cast<double>((k + 6) % 7);
  CHECK(vals<float>(y)[static_cast<size_t>(n + 1)] == static_cast<float>(s));
}

TEST_CASE("[RD29] MatMulInteger subtracts zero points and computes in int32") {
  const Tensor a = T_<uint8_t>({4, 3}, {11, 7, 3, 10, 6, 2, 9, 5, 1, 8, 4, 0});
  const Tensor b = T_<uint8_t>({3, 2}, {1, 4, 2, 5, 3, 6});
  Tensor y = run1(NodeB("MatMulInteger"), 10,
                  {a, b, Tensor::scalar<uint8_t>(test_context(), 12), Tensor::scalar<uint8_t>(test_context(), 0)});
  CHECK(y.dtype() == DType::int32);
  CHECK(y.shape() == Shape{4, 2});
  CHECK(vals<int32_t>(y) == std::vector<int32_t>{-38, -83, -44, -98, -50, -113, -56, -128});
  // no zero points
  y = run1(NodeB("MatMulInteger"), 10, {T_<int8_t>({1, 2}, {-128, -128}), T_<int8_t>({2, 1}, {-128, 127})});
  CHECK(vals<int32_t>(y) == std::vector<int32_t>{16384 - 16256});
  // per-row zero point of A, per-column zero point of B
  const Tensor id = T_<int8_t>({2, 2}, {1, 0, 0, 1});
  y = run1(NodeB("MatMulInteger"), 10, {T_<uint8_t>({2, 2}, {1, 2, 3, 4}), id, T_<uint8_t>({2}, {1, 3}), std::nullopt});
  CHECK(vals<int32_t>(y) == std::vector<int32_t>{0, 1, 0, 1});
  y = run1(NodeB("MatMulInteger"), 10, {id, T_<uint8_t>({2, 2}, {1, 2, 3, 4}), std::nullopt, T_<uint8_t>({2}, {1, 2})});
  CHECK(vals<int32_t>(y) == std::vector<int32_t>{0, 0, 2, 2});
  CHECK(clause_of(NodeB("MatMulInteger"), 10, {id, id, T_<int8_t>({3}, {1, 2, 3})}) == "RD29");
  CHECK(clause_of(NodeB("MatMulInteger"), 10, {id, id, T_<uint8_t>({1}, {1})}) == "RD29");  // wrong type
}

TEST_CASE("[RD23] Gemm multiplies the possibly transposed matrices") {
  const Tensor a = F({2, 2}, {1, 2, 3, 4}), b = F({2, 2}, {5, 6, 7, 8}), c = F({2}, {10, 20});
  Tensor y = run1(NodeB("Gemm").f("alpha", 2).f("beta", 3), 13, {a, b, c});
  CHECK(vals<float>(y) == std::vector<float>{68, 104, 116, 160});
  y = run1(NodeB("Gemm").i("transA", 1).i("transB", 1), 13, {F({2, 2}, {1, 3, 2, 4}), F({2, 2}, {5, 7, 6, 8})});
  CHECK(vals<float>(y) == std::vector<float>{19, 22, 43, 50});
  // A' is [1,3] from a [3,1] A, B' is [3,2] from a [2,3] B
  y = run1(NodeB("Gemm").i("transA", 1).i("transB", 1), 11, {F({3, 1}, {1, 2, 3}), F({2, 3}, {1, 0, 0, 0, 1, 1})});
  CHECK(y.shape() == Shape{1, 2});
  CHECK(vals<float>(y) == std::vector<float>{1, 5});
  CHECK(clause_of(NodeB("Gemm"), 13, {F({2}, {1, 2}), b}) == "RD23");
  CHECK(clause_of(NodeB("Gemm"), 13, {F({2, 3}, {1, 2, 3, 4, 5, 6}), b}) == "RD23");
}

TEST_CASE("[RD24] Gemm's C broadcasts in one direction and may be absent from version 11") {
  const Tensor a = F({2, 2}, {1, 2, 3, 4}), b = F({2, 2}, {5, 6, 7, 8});
  CHECK(vals<float>(run1(NodeB("Gemm"), 11, {a, b})) == std::vector<float>{19, 22, 43, 50});
  CHECK(vals<float>(run1(NodeB("Gemm"), 13, {a, b, std::nullopt})) == std::vector<float>{19, 22, 43, 50});
  CHECK(vals<float>(run1(NodeB("Gemm"), 7, {a, b, Tensor::scalar<float>(test_context(), 1)})) ==
        std::vector<float>{20, 23, 44, 51});
  CHECK(vals<float>(run1(NodeB("Gemm"), 9, {a, b, F({2, 1}, {1, 2})})) == std::vector<float>{20, 23, 45, 52});
  CHECK(clause_of(NodeB("Gemm"), 7, {a, b}) == "A2");
  CHECK(clause_of(NodeB("Gemm"), 13, {a, b, F({3}, {1, 2, 3})}) == "RD24");
  CHECK(clause_of(NodeB("Gemm"), 6, {a, b, F({2}, {1, 2})}) == "RD24");
  CHECK(vals<float>(run1(NodeB("Gemm").i("broadcast", 1), 6, {a, b, F({2}, {1, 2})})) ==
        std::vector<float>{20, 24, 44, 52});
  CHECK(vals<float>(run1(NodeB("Gemm"), 1, {a, b, F({2, 2}, {1, 1, 1, 1})})) == std::vector<float>{20, 23, 44, 51});
  // beta = 0: C is not read, its NaN does not propagate
  CHECK(vals<float>(run1(NodeB("Gemm").f("beta", 0), 13, {a, b, F({1}, {NAN})})) == std::vector<float>{19, 22, 43, 50});
}

TEST_CASE("[RD25] Gemm on integers needs whole alpha and beta and wraps around") {
  Tensor y = run1(NodeB("Gemm").f("alpha", 2), 13, {I32({1, 1}, {65536}), I32({1, 1}, {32768}), I32({1}, {7})});
  CHECK(vals<int32_t>(y) == std::vector<int32_t>{7});  // 2 * 2^31 wraps to 0
  y = run1(NodeB("Gemm").f("beta", -1), 9, {I64({1, 2}, {1, 2}), I64({2, 1}, {3, 4}), I64({1, 1}, {1})});
  CHECK(vals<int64_t>(y) == std::vector<int64_t>{10});
  CHECK(clause_of(NodeB("Gemm").f("alpha", 1.5f), 13, {I32({1, 1}, {1}), I32({1, 1}, {1})}) == "RD25");
  // floats: alpha * sum + beta * c in binary64, rounded once
  y = run1(NodeB("Gemm").f("beta", -1), 13, {F({1, 2}, {1e8f, 1}), F({2, 1}, {1, 1}), F({1}, {1e8f})});
  CHECK(vals<float>(y) == std::vector<float>{1});
}

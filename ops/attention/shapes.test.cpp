// Tests of the attention family's shape rules (spec/ops-attention.md, "Shapes"; spec/types.md, TY5).
#include <doctest/doctest.h>

#include "ops/common/testing.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {

using namespace testing;
using V = std::vector<int64_t>;
constexpr auto F = DType::float32;

const Registry& reg() { return testing::shape_registry<add_attention, describe_attention, shapes_attention>(); }

std::vector<Type> infer(const std::string& op, int64_t since, std::vector<std::optional<Type>> in,
                        std::vector<Attribute> attrs = {}, size_t outputs = 1, const std::string& domain = "") {
  return infer_with(reg(), make_node(op, std::move(attrs), domain, outputs), since, std::move(in));
}

TEST_CASE("Attention: 4-D operands, past key and value, qk_matmul_output") {
  auto y = infer("Attention", 23,
                 {ttype(F, {2, 8, 5, 16}), ttype(F, {2, 4, 6, 16}), ttype(F, {2, 4, 6, 32}), std::nullopt,
                  ttype(F, {2, 4, 3, 16}), ttype(F, {2, 4, 3, 32})},
                 {}, 4);
  CHECK(dims_of(y[0]) == V{2, 8, 5, 32});
  CHECK(dims_of(y[1]) == V{2, 4, 9, 16});
  CHECK(dims_of(y[2]) == V{2, 4, 9, 32});
  CHECK(dims_of(y[3]) == V{2, 8, 5, 9});
  // Without a past, T is K's sequence length, symbol included.
  Type k = ttype(F, {2, 4, -1, 16});
  (*k.shape)[2].param = "S";
  y = infer("Attention", 24, {ttype(F, {2, 8, 5, 16}), k, ttype(F, {2, 4, -1, 32})}, {}, 4);
  REQUIRE(y[3].shape);
  CHECK((*y[3].shape)[3].param == "S");
  y = infer("Attention", 24, {ttype(F, {}, false), ttype(F, {}, false), ttype(F, {}, false)});
  CHECK_FALSE(y[0].shape);
}

TEST_CASE("Attention: 3-D operands are read with the head counts") {
  auto y = infer("Attention", 23, {ttype(F, {2, 5, 64}), ttype(F, {2, 6, 32}), ttype(F, {2, 6, 48})},
                 {attr_i("q_num_heads", 4), attr_i("kv_num_heads", 2)}, 3);
  CHECK(dims_of(y[0]) == V{2, 5, 96});  // Hq * Dv = 4 * 24
  CHECK(dims_of(y[1]) == V{2, 2, 6, 16});
  CHECK(dims_of(y[2]) == V{2, 2, 6, 24});
  // A hidden size that is not a multiple of the head count: evaluation refuses it, the size stays unknown.
  y = infer("Attention", 23, {ttype(F, {2, 5, 64}), ttype(F, {2, 6, 32}), ttype(F, {2, 6, 47})},
            {attr_i("q_num_heads", 4), attr_i("kv_num_heads", 2)});
  CHECK(dims_of(y[0]) == V{2, 5, -1});
}

TEST_CASE("[AT24] Attention: Q, K and V are all 3-D or all 4-D") {
  CHECK(clause_of([] {
          (void)infer("Attention", 23, {ttype(F, {2, 8, 5, 16}), ttype(F, {2, 6, 32}), ttype(F, {2, 6, 32})},
                      {attr_i("q_num_heads", 4), attr_i("kv_num_heads", 2)});
        }) == "AT24");
  CHECK(clause_of([] {
          (void)infer("Attention", 23, {ttype(F, {5, 16}), ttype(F, {}, false), ttype(F, {}, false)});
        }) == "AT24");
  CHECK(clause_of([] {
          (void)infer("Attention", 24, {ttype(F, {2, 5, 64}), ttype(F, {2, 6, 32}), ttype(F, {2, 6, 32})},
                      {attr_i("q_num_heads", 4)});
        }) == "AT24");
}

TEST_CASE("[AT6] Attention: a floating mask of another element type than Q is refused") {
  CHECK(clause_of([] {
          (void)infer("Attention", 23,
                      {ttype(F, {2, 4, 5, 16}), ttype(F, {2, 4, 6, 16}), ttype(F, {2, 4, 6, 16}),
                       ttype(DType::float64, {5, 6})});
        }) == "AT6");
  // a boolean mask, or one of Q's type, gives the output
  for (DType m : {DType::boolean, F}) {
    const auto y = infer("Attention", 24,
                         {ttype(F, {2, 4, 5, 16}), ttype(F, {2, 4, 6, 16}), ttype(F, {2, 4, 6, 16}), ttype(m, {5, 6})});
    CHECK(dims_of(y[0]) == V{2, 4, 5, 16});
  }
}

TEST_CASE("[AT25][AT26] Attention-25: the window changes no shape; what check refuses") {
  const Type q = ttype(F, {2, 8, 5, 16}), k = ttype(F, {2, 4, 6, 16}), v = ttype(F, {2, 4, 6, 32});
  const Type pk = ttype(F, {2, 4, 3, 16}), pv = ttype(F, {2, 4, 3, 32}), np = ttype(DType::int64, {2});
  auto y = infer("Attention", 25, {q, k, v, std::nullopt, pk, pv},
                 {attr_i("left_window_size", 2), attr_i("right_window_size", 0), attr_i("is_causal", 1)}, 4);
  CHECK(dims_of(y[0]) == V{2, 8, 5, 32});
  CHECK(dims_of(y[1]) == V{2, 4, 9, 16});
  CHECK(dims_of(y[3]) == V{2, 8, 5, 9});
  // nonpad_kv_seqlen without a cache is fine
  y = infer("Attention", 25, {q, k, v, std::nullopt, std::nullopt, std::nullopt, np}, {attr_i("left_window_size", 0)});
  CHECK(dims_of(y[0]) == V{2, 8, 5, 32});
  CHECK(clause_of([&] { (void)infer("Attention", 25, {q, k, v}, {attr_i("left_window_size", -2)}); }) == "AT25");
  CHECK(clause_of([&] { (void)infer("Attention", 25, {q, k, v}, {attr_i("right_window_size", -7)}); }) == "AT25");
  // present_key without present_value
  CHECK(clause_of([&] { (void)infer("Attention", 25, {q, k, v}, {}, 2); }) == "AT26");
  // nonpad_kv_seqlen beside past_key/past_value, or beside present outputs
  CHECK(clause_of([&] { (void)infer("Attention", 25, {q, k, v, std::nullopt, pk, pv, np}); }) == "AT26");
  CHECK(clause_of([&] {
          (void)infer("Attention", 25, {q, k, v, std::nullopt, std::nullopt, std::nullopt, np}, {}, 3);
        }) == "AT26");
  // head counts with 4-D operands
  CHECK(clause_of([&] { (void)infer("Attention", 25, {q, k, v}, {attr_i("q_num_heads", 8)}); }) == "AT26");
  // version 24 accepts what version 25 refuses
  y = infer("Attention", 24, {q, k, v, std::nullopt, pk, pv, np}, {attr_i("q_num_heads", 8)}, 2);
  CHECK(dims_of(y[0]) == V{2, 8, 5, 32});
}

TEST_CASE("RotaryEmbedding, LinearAttention, FlexAttention") {
  auto y = infer("RotaryEmbedding", 23, {ttype(F, {1, 4, 3, 8}), ttype(F, {3, 4}), ttype(F, {3, 4})});
  CHECK(dims_of(y[0]) == V{1, 4, 3, 8});
  y = infer("LinearAttention", 27, {ttype(F, {2, 7, 32}), ttype(F, {2, 7, 16}), ttype(F, {2, 7, 24})},
            {attr_i("q_num_heads", 4), attr_i("kv_num_heads", 2)}, 2);
  CHECK(dims_of(y[0]) == V{2, 7, 48});
  CHECK(dims_of(y[1]) == V{2, 2, 8, 12});
  CHECK(y[1].elem == DType::float32);
  y = infer("FlexAttention", 1, {ttype(F, {2, 8, 5, 16}), ttype(F, {2, 4, 6, 16}), ttype(F, {2, 4, 6, 32})}, {}, 1,
            "ai.onnx.preview");
  CHECK(dims_of(y[0]) == V{2, 8, 5, 32});
}

}  // namespace
}  // namespace onnxsem::ops

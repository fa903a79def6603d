// Tests of the rnn family's shape rule (spec/ops-rnn.md, "Shapes"; spec/types.md, TY5).
#include <doctest/doctest.h>

#include "ops/common/testing.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {

using namespace testing;
using V = std::vector<int64_t>;
constexpr auto F = DType::float32;

const Registry& reg() { return testing::shape_registry<add_rnn, describe_rnn, shapes_rnn>(); }

std::vector<Type> infer(const std::string& op, int64_t since, std::vector<std::optional<Type>> in,
                        std::vector<Attribute> attrs = {}, size_t outputs = 1) {
  return infer_with(reg(), make_node(op, std::move(attrs), "", outputs), since, std::move(in));
}

TEST_CASE("LSTM, GRU, RNN: Y, Y_h and Y_c in both layouts") {
  auto y = infer("LSTM", 22, {ttype(F, {7, 2, 5}), ttype(F, {1, 12, 5}), ttype(F, {1, 12, 3})}, {}, 3);
  CHECK(dims_of(y[0]) == V{7, 1, 2, 3});
  CHECK(dims_of(y[1]) == V{1, 2, 3});
  CHECK(dims_of(y[2]) == V{1, 2, 3});
  y = infer("GRU", 14, {ttype(F, {2, 7, 5}), ttype(F, {2, 9, 5}), ttype(F, {2, 9, 3})},
            {attr_i("layout", 1), attr_s("direction", "bidirectional"), attr_i("hidden_size", 3)}, 2);
  CHECK(dims_of(y[0]) == V{2, 7, 2, 3});
  CHECK(dims_of(y[1]) == V{2, 2, 3});
  // Symbolic sequence and batch, H from hidden_size when R is unknown.
  Type x = ttype(F, {});
  x.shape = std::vector<Dim>{Dim{std::nullopt, "S"}, Dim{std::nullopt, "B"}, Dim{int64_t{4}, {}}};
  y = infer("RNN", 7, {x, ttype(F, {}, false), ttype(F, {}, false)}, {attr_i("hidden_size", 6)}, 2);
  REQUIRE(y[0].shape);
  CHECK((*y[0].shape)[0].param == "S");
  CHECK((*y[0].shape)[2].param == "B");
  CHECK(dims_of(y[0]) == V{-1, 1, -1, 6});
  // Nothing known about X: no shape, but a tensor.
  y = infer("LSTM", 7, {ttype(F, {}, false), ttype(F, {}, false), ttype(F, {}, false)}, {}, 1);
  CHECK_FALSE(y[0].shape);
  // A huge hidden size is carried as it is.
  y = infer("RNN", 22, {ttype(F, {1, 1, 1}), ttype(F, {}, false), ttype(F, {}, false)},
            {attr_i("hidden_size", int64_t{1} << 62)}, 1);
  CHECK(dims_of(y[0]) == V{1, 1, 1, int64_t{1} << 62});
}

TEST_CASE("[RN13] LSTM: ranks, directions and hidden_size agree") {
  CHECK(clause_of([] {
          (void)infer("LSTM", 22, {ttype(F, {7, 5}), ttype(F, {1, 12, 5}), ttype(F, {1, 12, 3})});
        }) == "RN13");
  CHECK(clause_of([] {
          (void)infer("LSTM", 22, {ttype(F, {7, 2, 5}), ttype(F, {1, 12, 5}), ttype(F, {1, 12, 3})},
                      {attr_s("direction", "bidirectional")});
        }) == "RN13");
  CHECK(clause_of([] {
          (void)infer("GRU", 22, {ttype(F, {7, 2, 5}), ttype(F, {1, 9, 5}), ttype(F, {1, 9, 3})},
                      {attr_i("hidden_size", 4)});
        }) == "RN13");
  CHECK(clause_of([] {
          (void)infer("RNN", 22, {ttype(F, {7, 2, 5}), ttype(F, {}, false), ttype(F, {}, false)},
                      {attr_i("hidden_size", 0)});
        }) == "RN13");
}

TEST_CASE("TY10: direction and layout") {
  CHECK(clause_of([] {
          (void)infer("RNN", 22, {ttype(F, {7, 2, 5}), ttype(F, {1, 3, 5}), ttype(F, {1, 3, 3})},
                      {attr_s("direction", "both")});
        }) == "TY10");
  CHECK(
      clause_of([] {
        (void)infer("RNN", 22, {ttype(F, {7, 2, 5}), ttype(F, {1, 3, 5}), ttype(F, {1, 3, 3})}, {attr_i("layout", 2)});
      }) == "TY10");
}

}  // namespace
}  // namespace onnxsem::ops

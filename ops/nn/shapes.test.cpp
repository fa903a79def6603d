// Tests of the nn family's shape rules (spec/ops-nn.md, "Shapes"; spec/types.md, TY5).
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

const Registry& reg() { return testing::shape_registry<add_nn, describe_nn, shapes_nn>(); }

std::vector<Type> infer(const std::string& op, int64_t since, std::vector<std::optional<Type>> in,
                        std::vector<Attribute> attrs = {}, size_t outputs = 1,
                        std::vector<std::optional<Value>> constants = {}) {
  return infer_with(reg(), make_node(op, std::move(attrs), "", outputs), since, std::move(in), std::move(constants));
}

TEST_CASE("Conv: output extents of NN3 and NN5, symbols carried") {
  auto y = infer("Conv", 11, {ttype(F, {1, 3, 7, 5}), ttype(F, {8, 3, 3, 3})}, {attr_is("strides", {2, 2})});
  CHECK(dims_of(y[0]) == V{1, 8, 3, 2});
  y = infer("Conv", 22, {ttype(F, {1, 3, 7, 5}), ttype(F, {8, 3, 3, 3})}, {attr_is("pads", {1, 1, 1, 1})});
  CHECK(dims_of(y[0]) == V{1, 8, 7, 5});
  y = infer("Conv", 22, {ttype(F, {1, 3, 7, 5}), ttype(F, {8, 3, 3, 3})},
            {attr_s("auto_pad", "SAME_UPPER"), attr_is("strides", {2, 2})});
  CHECK(dims_of(y[0]) == V{1, 8, 4, 3});
  y = infer("Conv", 22, {ttype(F, {1, 3, 7, 5}), ttype(F, {8, 3, 3, 3})}, {attr_is("dilations", {2, 1})});
  CHECK(dims_of(y[0]) == V{1, 8, 3, 3});
  // A 1x1 kernel keeps the symbolic spatial dimensions and the batch symbol.
  y = infer("Conv", 22, {stype(F, {"N", "C", "H", "W"}), ttype(F, {16, 4, 1, 1})}, {attr_i("group", 1)});
  REQUIRE(y[0].shape);
  CHECK((*y[0].shape)[0].param == "N");
  CHECK((*y[0].shape)[1].value == 16);
  CHECK((*y[0].shape)[2].param == "H");
  // kernel_shape alone gives the rank; unknown ranks give nothing.
  y = infer("Conv", 22, {ttype(F, {}, false), ttype(F, {}, false)}, {attr_is("kernel_shape", {3, 3})});
  CHECK(dims_of(y[0]) == V{-1, -1, -1, -1});
  y = infer("Conv", 22, {ttype(F, {}, false), ttype(F, {}, false)});
  CHECK_FALSE(y[0].shape);
  // A padded input shorter than the window: evaluation refuses it, the extent stays unknown.
  y = infer("Conv", 22, {ttype(F, {1, 3, 2}), ttype(F, {8, 3, 5})});
  CHECK(dims_of(y[0]) == V{1, 8, -1});
}

TEST_CASE("Conv: huge sizes and strides never overflow") {
  auto y = infer("Conv", 22, {ttype(F, {1, 1, big}), ttype(F, {1, 1, 3})}, {attr_is("pads", {big, big})});
  CHECK(dims_of(y[0]) == V{1, 1, -1});
  y = infer("Conv", 22, {ttype(F, {1, 1, big}), ttype(F, {1, 1, big})}, {attr_is("dilations", {big})});
  CHECK(dims_of(y[0]) == V{1, 1, -1});
  y = infer("Conv", 22, {ttype(F, {1, 1, 10}), ttype(F, {1, 1, 3})}, {attr_is("strides", {big})});
  CHECK(dims_of(y[0]) == V{1, 1, 1});
  y = infer("ConvTranspose", 22, {ttype(F, {1, 1, big}), ttype(F, {1, 1, 3})}, {attr_is("strides", {big})});
  CHECK(dims_of(y[0]) == V{1, 1, -1});
}

TEST_CASE("[NN50] Conv and the pools: window attributes fit the spatial rank") {
  CHECK(clause_of([] { (void)infer("Conv", 22, {ttype(F, {1, 3}), ttype(F, {8, 3, 3})}); }) == "NN50");
  CHECK(clause_of([] {
          (void)infer("Conv", 22, {ttype(F, {1, 3, 5, 5}), ttype(F, {8, 3, 3, 3})}, {attr_is("strides", {1})});
        }) == "NN50");
  CHECK(clause_of([] {
          (void)infer("Conv", 22, {ttype(F, {1, 3, 5, 5}), ttype(F, {8, 3, 3, 3})}, {attr_is("pads", {0, 0, -1, 0})});
        }) == "NN50");
  CHECK(clause_of([] {
          (void)infer("MaxPool", 12, {ttype(F, {1, 3, 5, 5})}, {attr_is("kernel_shape", {2, 0})});
        }) == "NN50");
  CHECK(clause_of([] {
          (void)infer("AveragePool", 19, {ttype(F, {1, 3, 5, 5})},
                      {attr_is("kernel_shape", {2, 2}), attr_is("dilations", {0, 1})});
        }) == "NN50");
  CHECK(
      clause_of([] {
        (void)infer("ConvTranspose", 22, {ttype(F, {1, 3, 5}), ttype(F, {3, 2, 3})}, {attr_is("output_shape", {4, 5})});
      }) == "NN50");
  CHECK(
      clause_of([] {
        (void)infer("ConvTranspose", 22, {ttype(F, {1, 3, 5}), ttype(F, {3, 2, 3})}, {attr_is("output_padding", {-1})});
      }) == "NN50");
  CHECK(clause_of([] {
          (void)infer("MaxUnpool", 11, {ttype(F, {1}), ttype(DType::int64, {1})}, {attr_is("kernel_shape", {})});
        }) == "NN50");
  CHECK(clause_of([] {
          (void)infer("MaxUnpool", 11, {ttype(F, {1, 1, 2}), ttype(DType::int64, {1, 1, 2}), ttype(DType::int64, {4})},
                      {attr_is("kernel_shape", {2})});
        }) == "NN50");
}

TEST_CASE("TY10: auto_pad holds one of its four values") {
  CHECK(clause_of([] {
          (void)infer("Conv", 22, {ttype(F, {1, 3, 5}), ttype(F, {8, 3, 3})}, {attr_s("auto_pad", "SAME")});
        }) == "TY10");
}

TEST_CASE("[NN51] Conv: input channels must equal W's channels times group") {
  CHECK(clause_of([] { (void)infer("Conv", 22, {ttype(F, {1, 4, 5}), ttype(F, {8, 3, 3})}); }) == "NN51");
  CHECK(clause_of([] {
          (void)infer("Conv", 22, {ttype(F, {1, 4, 5}), ttype(F, {6, 1, 3})}, {attr_i("group", 4)});
        }) == "NN51");  // 6 output channels, 4 groups
  CHECK(clause_of([] { (void)infer("Conv", 22, {ttype(F, {1, 4, 5}), ttype(F, {8, 4, 3, 3})}); }) == "NN51");
  CHECK(clause_of([] {
          (void)infer("Conv", 22, {ttype(F, {1, 4, 5}), ttype(F, {8, 4, 3}), ttype(F, {7})});
        }) == "NN51");
  CHECK(clause_of([] {
          (void)infer("Conv", 22, {ttype(F, {1, 4, 5}), ttype(F, {8, 4, 3})}, {attr_is("kernel_shape", {2})});
        }) == "NN51");
  CHECK(clause_of([] {
          (void)infer("Conv", 22, {ttype(F, {1, 4, 5}), ttype(F, {8, 4, 3})}, {attr_i("group", 0)});
        }) == "NN51");
  CHECK(clause_of([] { (void)infer("ConvTranspose", 22, {ttype(F, {1, 4, 5}), ttype(F, {3, 2, 3})}); }) == "NN51");
  CHECK(clause_of([] {
          (void)infer("ConvTranspose", 22, {ttype(F, {1, 3, 5}), ttype(F, {3, 2, 3})}, {attr_i("group", 2)});
        }) == "NN51");
  CHECK(clause_of([] {
          (void)infer("DeformConv", 22, {ttype(F, {1, 4, 5, 5}), ttype(F, {8, 2, 3, 3}), ttype(F, {1, 18, 3, 3})});
        }) == "NN51");
  // Unknown or symbolic channels are not checked.
  auto y = infer("Conv", 22, {ttype(F, {1, -1, 5}), ttype(F, {8, 3, 3}), ttype(F, {-1})});
  CHECK(dims_of(y[0]) == V{1, 8, 3});
  y = infer("Conv", 22, {ttype(F, {1, 6, 5}), ttype(F, {8, 3, 3})}, {attr_i("group", 2)});
  CHECK(dims_of(y[0]) == V{1, 8, 3});
}

TEST_CASE("ConvTranspose: output extents of NN13") {
  auto y = infer("ConvTranspose", 22, {ttype(F, {1, 1, 3, 3}), ttype(F, {1, 2, 3, 3})});
  CHECK(dims_of(y[0]) == V{1, 2, 5, 5});
  y = infer("ConvTranspose", 22, {ttype(F, {1, 1, 3, 3}), ttype(F, {1, 2, 3, 3})},
            {attr_is("strides", {3, 2}), attr_is("output_padding", {1, 1}), attr_is("pads", {1, 0, 1, 0})});
  CHECK(dims_of(y[0]) == V{1, 2, 8, 8});
  y = infer("ConvTranspose", 22, {ttype(F, {1, 1, 3, 3}), ttype(F, {1, 2, 3, 3})},
            {attr_is("strides", {3, 2}), attr_is("output_shape", {10, 8})});
  CHECK(dims_of(y[0]) == V{1, 2, 10, 8});
  y = infer("ConvTranspose", 22, {ttype(F, {1, 1, 3, -1}), ttype(F, {1, 2, 3, 3})},
            {attr_is("strides", {2, 2}), attr_s("auto_pad", "SAME_UPPER")});
  CHECK(dims_of(y[0]) == V{1, 2, 6, -1});
  y = infer("ConvTranspose", 22, {ttype(F, {1, 2, 3}), ttype(F, {2, 3, 3})}, {attr_i("group", 2)});
  CHECK(dims_of(y[0]) == V{1, 6, 5});
}

TEST_CASE("Pools: extents, ceil mode, Indices, global pools") {
  auto y = infer("MaxPool", 12, {ttype(F, {1, 3, 32, 32})},
                 {attr_is("kernel_shape", {2, 2}), attr_is("strides", {2, 2})}, 2);
  CHECK(dims_of(y[0]) == V{1, 3, 16, 16});
  CHECK(dims_of(y[1]) == V{1, 3, 16, 16});
  CHECK(y[1].elem == DType::int64);
  y = infer("MaxPool", 12, {ttype(F, {1, 1, 4, 4})},
            {attr_is("kernel_shape", {3, 3}), attr_is("strides", {2, 2}), attr_i("ceil_mode", 1)});
  CHECK(dims_of(y[0]) == V{1, 1, 2, 2});
  y = infer("AveragePool", 11, {ttype(F, {1, 3, 32})},
            {attr_is("kernel_shape", {2}), attr_s("auto_pad", "SAME_LOWER"), attr_is("strides", {3})});
  CHECK(dims_of(y[0]) == V{1, 3, 11});
  y = infer("LpPool", 18, {ttype(F, {1, 3, 5, 5})}, {attr_is("kernel_shape", {3, 3}), attr_s("auto_pad", "VALID")});
  CHECK(dims_of(y[0]) == V{1, 3, 3, 3});
  y = infer("MaxPool", 1, {ttype(F, {}, false)}, {attr_is("kernel_shape", {3, 3})});
  CHECK_FALSE(y[0].shape);
  y = infer("GlobalAveragePool", 22, {stype(F, {"N", "C", "H", "W"})});
  REQUIRE(y[0].shape);
  CHECK((*y[0].shape)[0].param == "N");
  CHECK(dims_of(y[0]) == V{-1, -1, 1, 1});
  y = infer("GlobalMaxPool", 1, {ttype(F, {5})});
  CHECK_FALSE(y[0].shape);
  y = infer("MaxUnpool", 11, {ttype(F, {1, 1, 2, 2}), ttype(DType::int64, {1, 1, 2, 2})},
            {attr_is("kernel_shape", {2, 2}), attr_is("strides", {2, 2})});
  CHECK(dims_of(y[0]) == V{1, 1, 4, 4});
  y = infer("MaxUnpool", 11, {ttype(F, {1, 1, 2, 2}), ttype(DType::int64, {1, 1, 2, 2}), ttype(DType::int64, {4})},
            {attr_is("kernel_shape", {2, 2}), attr_is("strides", {2, 2})}, 1,
            {std::nullopt, std::nullopt, Value(ti64({4}, {1, 1, 5, 5}))});
  CHECK(dims_of(y[0]) == V{1, 1, 5, 5});
  // MaxUnpool's values have no stated domain: a negative extent is left unknown, never refused.
  y = infer("MaxUnpool", 22, {ttype(F, {1, 1, 2}), ttype(DType::int64, {1, 1, 2})},
            {attr_is("kernel_shape", {2}), attr_is("pads", {big, -1})});
  CHECK(dims_of(y[0]) == V{1, 1, -1});
}

TEST_CASE("[NN52] BatchNormalization: per-channel parameters have C values") {
  CHECK(clause_of([] {
          (void)infer("BatchNormalization", 15,
                      {ttype(F, {2, 3, 4}), ttype(F, {4}), ttype(F, {3}), ttype(F, {3}), ttype(F, {3})});
        }) == "NN52");
  CHECK(clause_of([] {
          (void)infer("InstanceNormalization", 22, {ttype(F, {2, 3, 4}), ttype(F, {3, 1}), ttype(F, {3})});
        }) == "NN52");
  // spatial 0 (version 7): the parameters are per channel and position.
  auto y = infer("BatchNormalization", 7,
                 {ttype(F, {2, 3, 4}), ttype(F, {3, 4}), ttype(F, {3, 4}), ttype(F, {3, 4}), ttype(F, {3, 4})},
                 {attr_i("spatial", 0)});
  CHECK(dims_of(y[0]) == V{2, 3, 4});
  y = infer("BatchNormalization", 15, {ttype(F, {2, 3, 4}), ttype(F, {3}), ttype(F, {3}), ttype(F, {3}), ttype(F, {3})},
            {attr_i("training_mode", 1)}, 3);
  CHECK(dims_of(y[0]) == V{2, 3, 4});
  CHECK(dims_of(y[1]) == V{3});
  CHECK(dims_of(y[2]) == V{3});
}

TEST_CASE("Normalisations, Dropout, LRN: shapes and axes") {
  auto y = infer("LayerNormalization", 17, {ttype(F, {2, 3, 4}), ttype(F, {4})}, {attr_i("axis", -1)}, 3);
  CHECK(dims_of(y[0]) == V{2, 3, 4});
  CHECK(dims_of(y[1]) == V{2, 3, 1});
  CHECK(y[2].elem == DType::float32);
  y = infer("LayerNormalization", 17, {ttype(F, {2, 3, 4}), ttype(F, {3, 4})}, {attr_i("axis", 1)}, 2);
  CHECK(dims_of(y[1]) == V{2, 1, 1});
  CHECK(clause_of([] {
          (void)infer("LayerNormalization", 17, {ttype(F, {2, 3}), ttype(F, {3})}, {attr_i("axis", 2)});
        }) == "TS2");
  CHECK(clause_of([] { (void)infer("LpNormalization", 22, {ttype(F, {2, 3})}, {attr_i("axis", -3)}); }) == "TS2");
  CHECK(clause_of([] {
          (void)infer("MeanVarianceNormalization", 13, {ttype(F, {2, 3})}, {attr_is("axes", {0, 5})});
        }) == "TS2");
  y = infer("RMSNormalization", 23, {ttype(F, {2, 3}), ttype(F, {3})});
  CHECK(dims_of(y[0]) == V{2, 3});
  // NN34: scale of another element type than X is refused (ONNX's function body needs one type).
  CHECK(clause_of([] {
          (void)infer("RMSNormalization", 23, {ttype(F, {2, 3}), ttype(DType::float16, {3})});
        }) == "NN34");
  y = infer("GroupNormalization", 21, {ttype(F, {2, 4, 5}), ttype(F, {4}), ttype(F, {4})}, {attr_i("num_groups", 2)});
  CHECK(dims_of(y[0]) == V{2, 4, 5});
  y = infer("Dropout", 13, {ttype(F, {2, -1})}, {}, 2);
  CHECK(dims_of(y[1]) == V{2, -1});
  CHECK(y[1].elem == DType::boolean);
  y = infer("Dropout", 7, {ttype(F, {2})}, {}, 2);
  CHECK(y[1].elem == DType::undefined);
  y = infer("LRN", 13, {ttype(F, {1, 3, 4, 4})}, {attr_i("size", 3)});
  CHECK(dims_of(y[0]) == V{1, 3, 4, 4});
  y = infer("CausalConvWithState", 27, {ttype(F, {2, 4, 7}), ttype(F, {4, 1, 3})}, {}, 2);
  CHECK(dims_of(y[0]) == V{2, 4, 7});
  CHECK(dims_of(y[1]) == V{2, 4, 2});
}

TEST_CASE("Random operators: shape and dtype (TY10)") {
  auto y = infer("RandomNormal", 22, {}, {attr_is("shape", {2, 3}), attr_i("dtype", 11)});
  CHECK(dims_of(y[0]) == V{2, 3});
  CHECK(y[0].elem == DType::float64);
  y = infer("RandomUniform", 1, {}, {attr_is("shape", {4})});
  CHECK(y[0].elem == DType::float32);
  CHECK(clause_of([] { (void)infer("RandomUniform", 1, {}, {attr_is("shape", {4}), attr_i("dtype", 7)}); }) == "TY10");
  y = infer("Bernoulli", 15, {ttype(DType::float64, {5})});
  CHECK(dims_of(y[0]) == V{5});
  CHECK(y[0].elem == DType::float64);
  y = infer("Multinomial", 7, {ttype(F, {3, 10})}, {attr_i("sample_size", 4)});
  CHECK(dims_of(y[0]) == V{3, 4});
  CHECK(y[0].elem == DType::int32);
  CHECK(clause_of([] { (void)infer("Multinomial", 7, {ttype(F, {3, 10})}, {attr_i("dtype", 1)}); }) == "TY10");
}

}  // namespace
}  // namespace onnxsem::ops

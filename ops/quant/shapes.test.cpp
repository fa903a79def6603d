// Tests of the quant family's shape rules (ops/quant/shapes.cpp; spec/types.md TY5, spec/ops-quant.md).
#include <doctest/doctest.h>

#include <limits>

#include "ops/common/testing.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {

using testing::attr_i;
using testing::attr_is;
using testing::attr_s;
using testing::clause_of;
using testing::dims_of;
using testing::make_node;
using testing::ttype;
using Dims64 = std::vector<int64_t>;

const Registry& reg() { return testing::shape_registry<add_quant, describe_quant, shapes_quant>(); }

std::vector<Type> infer(const std::string& op, int64_t since, std::vector<std::optional<Type>> in,
                        std::vector<Attribute> attrs = {}, size_t outputs = 1) {
  return testing::infer_with(reg(), make_node(op, std::move(attrs), "", outputs), since, std::move(in));
}

Type symbolic(DType e, const std::string& n, int64_t d) {
  Type t = ttype(e, {d});
  (*t.shape).insert(t.shape->begin(), Dim{std::nullopt, n});
  return t;
}

TEST_CASE("quant shapes: QuantizeLinear keeps x's shape and takes the zero point's or the default element type") {
  const auto f = DType::float32;
  auto out = infer("QuantizeLinear", 10, {symbolic(f, "N", 3), ttype(f, {})});
  CHECK(out[0].elem == DType::uint8);
  REQUIRE(out[0].shape);
  CHECK(out[0].shape->at(0).param == "N");
  CHECK(dims_of(out[0]) == Dims64{-1, 3});
  out = infer("QuantizeLinear", 13, {ttype(f, {2, 3}), ttype(f, {}), ttype(DType::int8, {})});
  CHECK(out[0].elem == DType::int8);
  out = infer("QuantizeLinear", 21, {ttype(f, {2, 3}), ttype(f, {})}, {attr_i("output_dtype", 22)});
  CHECK(out[0].elem == DType::int4);
  out = infer("QuantizeLinear", 25, {ttype(f, {2, 3}, false), ttype(f, {})}, {attr_i("output_dtype", 26)});
  CHECK(out[0].elem == DType::int2);
  CHECK_FALSE(out[0].shape);
  // a zero point of unknown type leaves the element type to output_dtype
  out = infer("QuantizeLinear", 23, {ttype(f, {4}), ttype(f, {}), Type{}}, {attr_i("output_dtype", 3)});
  CHECK(out[0].elem == DType::int8);
}

TEST_CASE("[Q16] QuantizeLinear: output_dtype must name the zero point's element type") {
  const auto f = DType::float32;
  CHECK(clause_of([&] {
          (void)infer("QuantizeLinear", 21, {ttype(f, {2}), ttype(f, {}), ttype(DType::uint8, {})},
                      {attr_i("output_dtype", 3)});
        }) == "Q16");
  CHECK(
      infer("QuantizeLinear", 21, {ttype(f, {2}), ttype(f, {}), ttype(DType::int8, {})}, {attr_i("output_dtype", 3)})[0]
          .elem == DType::int8);
}

TEST_CASE("[TY10] QuantizeLinear and DequantizeLinear: output_dtype must be an allowed element type") {
  const auto f = DType::float32;
  CHECK(clause_of([&] {
          (void)infer("QuantizeLinear", 21, {ttype(f, {2}), ttype(f, {})}, {attr_i("output_dtype", 1)});
        }) == "TY10");
  CHECK(clause_of([&] {
          (void)infer("QuantizeLinear", 23, {ttype(f, {2}), ttype(f, {})}, {attr_i("output_dtype", -7)});
        }) == "TY10");
  CHECK(clause_of([&] {
          (void)infer("DequantizeLinear", 23, {ttype(DType::int8, {2}), ttype(f, {})},
                      {attr_i("output_dtype", std::numeric_limits<int64_t>::max())});
        }) == "TY10");
}

TEST_CASE("quant shapes: DequantizeLinear's element type is float, the scale's, or output_dtype's") {
  const auto i8 = DType::int8;
  CHECK(infer("DequantizeLinear", 10, {ttype(i8, {2, 3}), ttype(DType::float32, {})})[0].elem == DType::float32);
  auto out = infer("DequantizeLinear", 21, {ttype(i8, {2, 3}), ttype(DType::float16, {})});
  CHECK(out[0].elem == DType::float16);
  CHECK(dims_of(out[0]) == Dims64{2, 3});
  out = infer("DequantizeLinear", 24, {ttype(i8, {5}), ttype(DType::float32, {})}, {attr_i("output_dtype", 16)});
  CHECK(out[0].elem == DType::bfloat16);
  out = infer("DequantizeLinear", 25, {ttype(i8, {5}), ttype(DType::float8e8m0, {})});
  CHECK(out[0].elem == DType::undefined);
  CHECK(dims_of(out[0]) == Dims64{5});
}

TEST_CASE("[Q17] QuantizeLinear and DequantizeLinear: a per-axis scale has one value per index of the axis") {
  const auto f = DType::float32;
  CHECK(clause_of([&] { (void)infer("QuantizeLinear", 13, {ttype(f, {2, 3}), ttype(f, {4})}); }) == "Q17");
  CHECK(clause_of([&] {
          (void)infer("DequantizeLinear", 19, {ttype(DType::uint8, {2, 3}), ttype(f, {2})}, {attr_i("axis", -1)});
        }) == "Q17");
  // matching lengths, a single value, an unknown length and a blocked scale pass
  CHECK(dims_of(infer("QuantizeLinear", 13, {ttype(f, {2, 3}), ttype(f, {3})})[0]) == Dims64{2, 3});
  CHECK(dims_of(infer("QuantizeLinear", 13, {ttype(f, {2, 3}), ttype(f, {1})}, {attr_i("axis", 9)})[0]) ==
        Dims64{2, 3});
  CHECK(dims_of(infer("QuantizeLinear", 19, {ttype(f, {2, 3}), ttype(f, {-1})}, {attr_i("axis", 9)})[0]) ==
        Dims64{2, 3});
  CHECK(dims_of(infer("QuantizeLinear", 21, {ttype(f, {2, 8}), ttype(f, {2, 4})}, {attr_i("block_size", 2)})[0]) ==
        Dims64{2, 8});
}

TEST_CASE("[TS2] QuantizeLinear: the axis of a per-axis scale lies within x's rank") {
  const auto f = DType::float32;
  CHECK(clause_of([&] {
          (void)infer("QuantizeLinear", 13, {ttype(f, {2, 3}), ttype(f, {3})}, {attr_i("axis", 2)});
        }) == "TS2");
  CHECK(clause_of([&] {
          (void)infer("DequantizeLinear", 21, {ttype(DType::int8, {2, 4}), ttype(f, {2, 2})},
                      {attr_i("axis", -3), attr_i("block_size", 2)});
        }) == "TS2");
}

TEST_CASE("quant shapes: DynamicQuantizeLinear gives y of x's shape and two scalars") {
  const auto out = infer("DynamicQuantizeLinear", 11, {ttype(DType::float32, {-1, 7})}, {}, 3);
  REQUIRE(out.size() == 3);
  CHECK(out[0].elem == DType::uint8);
  CHECK(dims_of(out[0]) == Dims64{-1, 7});
  CHECK(out[1].elem == DType::float32);
  CHECK(dims_of(out[1]) == Dims64{});
  CHECK(out[2].elem == DType::uint8);
  CHECK(dims_of(out[2]) == Dims64{});
}

std::vector<std::optional<Type>> qmm(Type a, Type b) {
  const auto f = DType::float32, u = DType::uint8;
  return {a, ttype(f, {}), ttype(u, {}), b, ttype(f, {}), ttype(u, {}), ttype(f, {}), ttype(u, {})};
}

TEST_CASE("quant shapes: QLinearMatMul follows matmul's shapes") {
  const auto u = DType::uint8;
  CHECK(dims_of(infer("QLinearMatMul", 10, qmm(ttype(u, {2, 1, 3, 4}), ttype(u, {5, 4, 6})))[0]) == Dims64{2, 5, 3, 6});
  CHECK(dims_of(infer("QLinearMatMul", 21, qmm(ttype(u, {4}), ttype(u, {4, 6})))[0]) == Dims64{6});
  CHECK(dims_of(infer("QLinearMatMul", 21, qmm(ttype(u, {3, 4}), ttype(u, {4})))[0]) == Dims64{3});
  CHECK(dims_of(infer("QLinearMatMul", 21, qmm(ttype(u, {-1, 4}), ttype(u, {-1, -1})))[0]) == Dims64{-1, -1});
  CHECK_FALSE(infer("QLinearMatMul", 10, qmm(ttype(u, {}, false), ttype(u, {4, 2})))[0].shape);
}

TEST_CASE("[Q18] QLinearMatMul: the inner extents agree and no operand is a scalar") {
  const auto u = DType::uint8;
  CHECK(clause_of([&] { (void)infer("QLinearMatMul", 10, qmm(ttype(u, {2, 3}), ttype(u, {4, 5}))); }) == "Q18");
  CHECK(clause_of([&] { (void)infer("QLinearMatMul", 10, qmm(ttype(u, {}), ttype(u, {4, 5}))); }) == "Q18");
  CHECK(clause_of([&] { (void)infer("QLinearMatMul", 10, qmm(ttype(u, {2, 2, 3}), ttype(u, {3, 3, 5}))); }) == "TS1");
}

TEST_CASE("quant shapes: ConvInteger and QLinearConv give (N, M, output extents)") {
  const auto u = DType::uint8;
  auto out = infer("ConvInteger", 10, {ttype(u, {1, 4, 7, 9}), ttype(u, {6, 2, 3, 3})},
                   {attr_i("group", 2), attr_is("pads", {1, 1, 1, 1}), attr_is("strides", {2, 2})});
  CHECK(out[0].elem == DType::int32);
  CHECK(dims_of(out[0]) == Dims64{1, 6, 4, 5});
  out = infer("ConvInteger", 10, {ttype(u, {-1, 1, 10}), ttype(u, {3, 1, 3})},
              {attr_s("auto_pad", "SAME_UPPER"), attr_is("strides", {3})});
  CHECK(dims_of(out[0]) == Dims64{-1, 3, 4});
  out = infer("ConvInteger", 10, {ttype(u, {2, 1, 10}), ttype(u, {3, 1, 3})},
              {attr_s("auto_pad", "VALID"), attr_is("dilations", {2})});
  CHECK(dims_of(out[0]) == Dims64{2, 3, 6});
  // a window longer than the input is an evaluation error, so the extent stays unknown
  out = infer("ConvInteger", 10, {ttype(u, {2, 1, 2}), ttype(u, {3, 1, 3})});
  CHECK(dims_of(out[0]) == Dims64{2, 3, -1});
  const auto f = DType::float32;
  out = infer("QLinearConv", 10,
              {ttype(u, {1, 3, 5, 5}), ttype(f, {}), ttype(u, {}), ttype(DType::int8, {8, 3, 2, 2}), ttype(f, {}),
               ttype(DType::int8, {}), ttype(f, {}), ttype(u, {})},
              {attr_is("kernel_shape", {2, 2})});
  CHECK(dims_of(out[0]) == Dims64{1, 8, 4, 4});
}

TEST_CASE("[Q19] ConvInteger and QLinearConv: one rank, and x's channels are w's times group") {
  const auto u = DType::uint8;
  CHECK(clause_of([&] {
          (void)infer("ConvInteger", 10, {ttype(u, {1, 4, 7, 9}), ttype(u, {6, 4, 3, 3})}, {attr_i("group", 2)});
        }) == "Q19");
  CHECK(clause_of([&] {
          (void)infer("ConvInteger", 10, {ttype(u, {1, 3, 7, 9}), ttype(u, {6, 1, 3, 3})}, {attr_i("group", 2)});
        }) == "Q19");
  CHECK(clause_of([&] { (void)infer("ConvInteger", 10, {ttype(u, {1, 4, 7}), ttype(u, {6, 4, 3, 3})}); }) == "Q19");
  CHECK(clause_of([&] {
          (void)infer("ConvInteger", 10, {ttype(u, {1, 4, 7}), ttype(u, {6, 4, 3})}, {attr_s("auto_pad", "SAME")});
        }) == "TY10");
}

TEST_CASE("quant shapes: absurd sizes and attributes leave extents unknown") {
  const auto u = DType::uint8;
  const int64_t big = std::numeric_limits<int64_t>::max();
  auto out = infer("ConvInteger", 10, {ttype(u, {1, 1, big}), ttype(u, {1, 1, 3})},
                   {attr_is("pads", {big, big}), attr_is("dilations", {big})});
  CHECK(dims_of(out[0]) == Dims64{1, 1, -1});
  out = infer("ConvInteger", 10, {ttype(u, {1, 1, 5}), ttype(u, {1, 1, 3})},
              {attr_is("strides", {0}), attr_i("group", -4)});
  CHECK(dims_of(out[0]) == Dims64{1, 1, -1});
  out = infer("ConvInteger", 10, {ttype(u, {1, 1, 5}), ttype(u, {1, 1, 3})}, {attr_is("strides", {1, 1, 1, 1})});
  CHECK(dims_of(out[0]) == Dims64{1, 1, -1});
  out = infer("ConvInteger", 10, {ttype(u, {1, 1, big}), ttype(u, {1, 1, 1})}, {attr_s("auto_pad", "SAME_LOWER")});
  CHECK(dims_of(out[0]) == Dims64{1, 1, big});
  CHECK_FALSE(infer("ConvInteger", 10, {ttype(u, {}, false), ttype(u, {1, 1, 1})})[0].shape);
  CHECK(dims_of(infer("QLinearMatMul", 10, qmm(ttype(u, {big, 4}), ttype(u, {4, big})))[0]) == Dims64{big, big});
}

}  // namespace
}  // namespace onnxsem::ops

// Tests of the image family's shape rule (ops/image/shapes.cpp; spec/types.md TY5, spec/ops-image.md).
#include <doctest/doctest.h>

#include "ops/common/testing.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {

using testing::attr_s;
using testing::clause_of;
using testing::dims_of;
using testing::make_node;
using testing::ttype;
using Dims64 = std::vector<int64_t>;

std::vector<Type> infer(std::vector<Attribute> attrs, const Type& stream) {
  static const Registry r = [] {
    Registry t;
    add_image(t);
    describe_image(t);
    shapes_image(t);
    return t;
  }();
  return testing::infer_with(r, make_node("ImageDecoder", std::move(attrs), "", 1), 20, {stream});
}

TEST_CASE("image shapes: ImageDecoder gives (height, width, channels) uint8 by pixel_format") {
  const Type stream = ttype(DType::uint8, {-1});
  auto out = infer({}, stream);
  CHECK(out[0].elem == DType::uint8);
  CHECK(dims_of(out[0]) == Dims64{-1, -1, 3});
  CHECK(dims_of(infer({attr_s("pixel_format", "BGR")}, stream)[0]) == Dims64{-1, -1, 3});
  CHECK(dims_of(infer({attr_s("pixel_format", "Grayscale")}, ttype(DType::uint8, {}, false))[0]) == Dims64{-1, -1, 1});
}

TEST_CASE("[TY10] ImageDecoder: pixel_format is RGB, BGR or Grayscale") {
  CHECK(clause_of([] { (void)infer({attr_s("pixel_format", "rgb")}, ttype(DType::uint8, {4})); }) == "TY10");
  CHECK(clause_of([] { (void)infer({attr_s("pixel_format", "")}, ttype(DType::uint8, {4})); }) == "TY10");
}

}  // namespace
}  // namespace onnxsem::ops

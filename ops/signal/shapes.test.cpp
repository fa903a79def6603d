// Tests of the signal family's shape rules (spec/ops-signal.md, "Shapes"; spec/types.md, TY5).
#include <doctest/doctest.h>

#include "ops/common/testing.hpp"
#include "ops/registry.hpp"

namespace onnxsem::ops {
namespace {

using namespace testing;
using V = std::vector<int64_t>;
using C = std::vector<std::optional<Value>>;
constexpr auto F = DType::float32;
constexpr auto I64 = DType::int64;

const Registry& reg() { return testing::shape_registry<add_signal, describe_signal, shapes_signal>(); }

std::vector<Type> infer(const std::string& op, int64_t since, std::vector<std::optional<Type>> in,
                        std::vector<Attribute> attrs = {}, C constants = {}) {
  return infer_with(reg(), make_node(op, std::move(attrs), "", 1), since, std::move(in), std::move(constants));
}
Value scalar(int64_t v) { return Value(ti64({}, {v})); }

TEST_CASE("DFT: the transform axis and the component axis") {
  auto y = infer("DFT", 17, {ttype(F, {3, 10, 1})});
  CHECK(dims_of(y[0]) == V{3, 10, 2});
  y = infer("DFT", 17, {ttype(F, {3, 10, 1})}, {attr_i("onesided", 1)});
  CHECK(dims_of(y[0]) == V{3, 6, 2});
  y = infer("DFT", 20, {ttype(F, {3, 10, 7, 2}), ttype(I64, {}), ttype(I64, {})}, {},
            C{std::nullopt, scalar(16), scalar(1)});
  CHECK(dims_of(y[0]) == V{3, 16, 7, 2});
  y = infer("DFT", 20, {ttype(F, {3, 10, 6, 2})}, {attr_i("inverse", 1), attr_i("onesided", 1)});
  CHECK(dims_of(y[0]) == V{3, 10, 10, 1});  // default axis -2, N = 2 * (6 - 1)
  // An axis input whose value is not known: only the component axis is known.
  y = infer("DFT", 20, {ttype(F, {3, 10, 6, 2}), std::nullopt, ttype(I64, {})});
  CHECK(dims_of(y[0]) == V{-1, -1, -1, 2});
  y = infer("DFT", 17, {ttype(F, {}, false)});
  CHECK_FALSE(y[0].shape);
}

TEST_CASE("[SG2] DFT: a known last dimension of the wrong kind is refused") {
  // One-sided forward of a complex input, one-sided inverse of a real input, a last dimension of 3.
  CHECK(clause_of([] { (void)infer("DFT", 20, {ttype(F, {3, 10, 2})}, {attr_i("onesided", 1)}); }) == "SG2");
  CHECK(clause_of([] { (void)infer("DFT", 17, {ttype(F, {3, 10, 2})}, {attr_i("onesided", 1)}); }) == "SG2");
  CHECK(clause_of([] {
          (void)infer("DFT", 20, {ttype(F, {3, 10, 1})}, {attr_i("inverse", 1), attr_i("onesided", 1)});
        }) == "SG2");
  CHECK(clause_of([] { (void)infer("DFT", 20, {ttype(F, {3, 10, 3})}); }) == "SG2");
  // A last dimension that is not known is left to evaluation.
  CHECK(dims_of(infer("DFT", 20, {ttype(F, {3, 10, -1})}, {attr_i("onesided", 1)})[0]) == V{3, 6, 2});
}

TEST_CASE("STFT, windows, MelWeightMatrix") {
  auto y = infer("STFT", 17, {ttype(F, {1, 128, 1}), ttype(I64, {}), ttype(F, {16})}, {}, C{std::nullopt, scalar(8)});
  CHECK(dims_of(y[0]) == V{1, 15, 9, 2});
  y = infer("STFT", 17, {ttype(F, {1, -1, 1}), ttype(I64, {}), std::nullopt, ttype(I64, {})}, {attr_i("onesided", 0)},
            C{std::nullopt, scalar(8), std::nullopt, scalar(16)});
  CHECK(dims_of(y[0]) == V{1, -1, 16, 2});
  y = infer("HannWindow", 17, {ttype(I64, {})}, {attr_i("output_datatype", 11)}, C{scalar(10)});
  CHECK(dims_of(y[0]) == V{10});
  CHECK(y[0].elem == DType::float64);
  y = infer("BlackmanWindow", 17, {ttype(I64, {})});
  CHECK(dims_of(y[0]) == V{-1});
  CHECK(y[0].elem == DType::float32);
  CHECK(clause_of([] { (void)infer("HammingWindow", 17, {ttype(I64, {})}, {attr_i("output_datatype", 8)}); }) ==
        "TY10");
  y = infer("MelWeightMatrix", 17, {ttype(I64, {}), ttype(I64, {}), ttype(I64, {}), ttype(F, {}), ttype(F, {})}, {},
            C{scalar(8), scalar(16), scalar(8192)});
  CHECK(dims_of(y[0]) == V{9, 8});
}

}  // namespace
}  // namespace onnxsem::ops

// Unit tests of BitCast (spec/numeric.md, N20-N22). Expected patterns are written out by hand from the
// element formats (IEEE-754 encodings, two's complement).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "ops/registry.hpp"
#include "runtime/error.hpp"
#include "values/testing.hpp"
#include "values/value.hpp"

using namespace onnxsem;

namespace {

const ops::Registry& reg() {
  static const ops::Registry r = [] {
    ops::Registry x;
    ops::add_cast(x);
    return x;
  }();
  return r;
}

Tensor bitcast(Tensor x, std::optional<int64_t> to) {
  const Kernel* k = reg().kernel("", "BitCast", 26);
  REQUIRE(k != nullptr);
  Node n;
  n.name = "n";
  n.op_type = "BitCast";
  if (to) {
    Attribute a;
    a.name = "to";
    a.type = AttrType::i;
    a.i = *to;
    n.attributes.push_back(a);
  }
  std::vector<std::optional<Value>> in;
  in.emplace_back(Value(std::move(x)));
  KernelArgs args{n, std::move(in), {true}};
  args.eval_context = &test_context();
  auto out = (*k)(args);
  REQUIRE(out.size() == 1);
  REQUIRE(out[0].has_value());
  return out[0]->tensor();
}

std::optional<Error> failure_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Failure& e) {
    return e.error();
  }
  return std::nullopt;
}
std::string clause_of(const std::function<void()>& f) {
  auto e = failure_of(f);
  return e ? e->clause : "";
}

template <class T>
std::vector<T> vals(const Tensor& t) {
  auto d = t.data<T>();
  return {d.begin(), d.end()};
}
template <class T>
Tensor vec(std::vector<T> v) {
  return Tensor::from_vector<T>(test_context(), {static_cast<int64_t>(v.size())}, v);
}
template <class T>
std::vector<unsigned> bits(const Tensor& t) {
  std::vector<unsigned> r;
  for (auto v : t.data<T>()) r.push_back(v.bits);
  return r;
}
template <class T, class B>
T with_bits(B b) {
  T t;
  t.bits = b;
  return t;
}

// TensorProto numbers of the element types used below.
constexpr int64_t kFloat = 1, kUint8 = 2, kInt8 = 3, kUint16 = 4, kInt16 = 5, kInt32 = 6, kInt64 = 7, kString = 8,
                  kBool = 9, kFloat16 = 10, kDouble = 11, kUint32 = 12, kUint64 = 13, kComplex64 = 14, kBfloat16 = 16,
                  kF8e4m3fn = 17, kUint4 = 21, kInt4 = 22, kF4e2m1 = 23, kF8e8m0 = 24, kUint2 = 25, kInt2 = 26;

}  // namespace

TEST_CASE("[N22] BitCast reads the encoding of a float as an integer and back") {
  // 1.0f = 0x3F800000 = 1065353216; -2.5f = 0xC0200000 = -1071644672 as int32
  const Tensor y = bitcast(vec<float>({1.0f, -2.5f, 0.0f}), kInt32);
  CHECK(y.dtype() == DType::int32);
  CHECK(vals<int32_t>(y) == std::vector<int32_t>{1065353216, -1071644672, 0});
  // -0.0 as uint32 is the sign bit alone
  CHECK(vals<uint32_t>(bitcast(vec<float>({-0.0f}), kUint32)) == std::vector<uint32_t>{0x80000000u});
  // back: 0x40400000 is 3.0f
  CHECK(vals<float>(bitcast(vec<int32_t>({0x40400000}), kFloat)) == std::vector<float>{3.0f});
  // binary64: 1.0 = 0x3FF0000000000000; -0.0 = 0x8000000000000000
  CHECK(vals<int64_t>(bitcast(vec<double>({1.0}), kInt64)) == std::vector<int64_t>{0x3FF0000000000000LL});
  CHECK(vals<uint64_t>(bitcast(vec<double>({-0.0}), kUint64)) == std::vector<uint64_t>{0x8000000000000000ULL});
  CHECK(vals<double>(bitcast(vec<uint64_t>({0x4000000000000000ULL}), kDouble)) == std::vector<double>{2.0});
}

TEST_CASE("[N22] BitCast keeps NaN payloads, the shape, rank 0 and empty tensors") {
  // a signalling-looking NaN payload survives uint32 -> float -> uint32 unchanged
  const Tensor f = bitcast(vec<uint32_t>({0x7FA00001u, 0xFFC00000u}), kFloat);
  CHECK(std::isnan(vals<float>(f)[0]));
  CHECK(vals<uint32_t>(bitcast(f, kUint32)) == std::vector<uint32_t>{0x7FA00001u, 0xFFC00000u});
  // shape [2, 0] stays [2, 0]
  const Tensor e = bitcast(Tensor::from_vector<float>(test_context(), {2, 0}, {}), kInt32);
  CHECK(e.dtype() == DType::int32);
  CHECK(e.shape() == Shape{2, 0});
  // rank 0
  const Tensor s = bitcast(Tensor::scalar<int16_t>(test_context(), -1), kUint16);
  CHECK(s.shape() == Shape{});
  CHECK(vals<uint16_t>(s) == std::vector<uint16_t>{65535});
  const Tensor m = bitcast(Tensor::from_vector<int8_t>(test_context(), {2, 2}, {-1, -128, 127, 0}), kUint8);
  CHECK(m.shape() == Shape{2, 2});
  CHECK(vals<uint8_t>(m) == std::vector<uint8_t>{255, 128, 127, 0});
  // the input's own type: the same tensor
  const Tensor same = vec<int32_t>({7, -7});
  CHECK(bitcast(same, kInt32) == same);
}

TEST_CASE("[N22] BitCast between 16-bit and 8-bit floating encodings and integers") {
  // float16 1.0 = 0x3C00 = 15360; bfloat16 1.0 = 0x3F80 = 16256; float16 -inf = 0xFC00
  CHECK(vals<int16_t>(bitcast(vec<float16_t>({with_bits<float16_t>(uint16_t{0x3C00})}), kInt16)) ==
        std::vector<int16_t>{15360});
  CHECK(vals<uint16_t>(bitcast(vec<bfloat16_t>({with_bits<bfloat16_t>(uint16_t{0x3F80})}), kUint16)) ==
        std::vector<uint16_t>{16256});
  CHECK(bits<float16_t>(bitcast(vec<uint16_t>({0xFC00}), kFloat16)) == std::vector<unsigned>{0xFC00});
  // float16 <-> bfloat16 keeps the 16 bits: 0x3C00 read as bfloat16 is 0x3C00 (1/128 in bfloat16), not 1.0
  CHECK(bits<bfloat16_t>(bitcast(vec<float16_t>({with_bits<float16_t>(uint16_t{0x3C00})}), kBfloat16)) ==
        std::vector<unsigned>{0x3C00});
  // float8e4m3fn NaN 0x7F -> int8 127; uint8 0xFF -> float8e8m0 NaN pattern 0xFF
  CHECK(vals<int8_t>(bitcast(vec<float8e4m3fn_t>({with_bits<float8e4m3fn_t>(uint8_t{0x7F})}), kInt8)) ==
        std::vector<int8_t>{127});
  CHECK(bits<float8e8m0_t>(bitcast(vec<uint8_t>({0xFF, 0x7F}), kF8e8m0)) == std::vector<unsigned>{0xFF, 0x7F});
  CHECK(bits<float8e4m3fn_t>(bitcast(vec<int8_t>({-1}), kF8e4m3fn)) == std::vector<unsigned>{0xFF});
}

TEST_CASE("[N22] BitCast between sub-byte types uses the 4-bit and 2-bit two's-complement patterns") {
  // int4 -1 = 0b1111 -> uint4 15; int4 -8 = 0b1000 -> uint4 8
  const Tensor u = bitcast(vec<int4_t>({int4_t{-1}, int4_t{-8}, int4_t{7}}), kUint4);
  CHECK(u.dtype() == DType::uint4);
  CHECK(vals<uint4_t>(u) == std::vector<uint4_t>{uint4_t{15}, uint4_t{8}, uint4_t{7}});
  // uint4 9 = 0b1001 -> int4 -7
  CHECK(vals<int4_t>(bitcast(vec<uint4_t>({uint4_t{9}}), kInt4)) == std::vector<int4_t>{int4_t{-7}});
  // float4e2m1 0b0111 is 6.0 -> int4 7; int4 -8 = 0b1000 is -0 in float4e2m1
  CHECK(vals<int4_t>(bitcast(vec<float4e2m1_t>({with_bits<float4e2m1_t>(uint8_t{0x7})}), kInt4)) ==
        std::vector<int4_t>{int4_t{7}});
  CHECK(bits<float4e2m1_t>(bitcast(vec<int4_t>({int4_t{-8}}), kF4e2m1)) == std::vector<unsigned>{0x8});
  // int2 -2 = 0b10 -> uint2 2; uint2 3 = 0b11 -> int2 -1
  CHECK(vals<uint2_t>(bitcast(vec<int2_t>({int2_t{-2}}), kUint2)) == std::vector<uint2_t>{uint2_t{2}});
  CHECK(vals<int2_t>(bitcast(vec<uint2_t>({uint2_t{3}, uint2_t{1}}), kInt2)) ==
        std::vector<int2_t>{int2_t{-1}, int2_t{1}});
}

TEST_CASE("[N21] BitCast of bool: false and true are the bytes 0 and 1; other bytes are no bool") {
  CHECK(vals<uint8_t>(bitcast(vec<bool>({true, false, true}), kUint8)) == std::vector<uint8_t>{1, 0, 1});
  CHECK(vals<bool>(bitcast(vec<int8_t>({0, 1}), kBool)) == std::vector<bool>{false, true});
  CHECK(clause_of([] { (void)bitcast(vec<uint8_t>({1, 2}), kBool); }) == "N21");
  CHECK(clause_of([] { (void)bitcast(vec<int8_t>({-1}), kBool); }) == "N21");
  // 0x38 (float8e4m3fn 1.0) is no bool either
  CHECK(clause_of([] { (void)bitcast(vec<float8e4m3fn_t>({with_bits<float8e4m3fn_t>(uint8_t{0x38})}), kBool); }) ==
        "N21");
  // an empty tensor has no byte to check
  CHECK(bitcast(Tensor::from_vector<uint8_t>(test_context(), {0}, {}), kBool).dtype() == DType::boolean);
}

TEST_CASE("[N20] BitCast requires `to` of the input's bit width and refuses strings") {
  CHECK(reg().kernel("", "BitCast", 26) != nullptr);
  const Tensor x = vec<float>({1.0f});
  CHECK(clause_of([&] { (void)bitcast(x, kInt64); }) == "N20");  // 32 vs 64 bits
  CHECK(clause_of([&] { (void)bitcast(x, kInt16); }) == "N20");  // 32 vs 16 bits
  CHECK(clause_of([&] { (void)bitcast(vec<bool>({true}), kInt16); }) == "N20");
  CHECK(clause_of([&] { (void)bitcast(vec<int8_t>({1}), kInt4); }) == "N20");  // 8 vs 4 bits
  CHECK(clause_of([&] { (void)bitcast(vec<int4_t>({int4_t{1}}), kInt2); }) == "N20");
  CHECK(clause_of([&] { (void)bitcast(x, kString); }) == "N20");
  CHECK(clause_of([&] { (void)bitcast(x, 0); }) == "N20");
  CHECK(clause_of([&] { (void)bitcast(x, 27); }) == "N20");
  CHECK(clause_of([&] { (void)bitcast(x, -1); }) == "N20");
  CHECK(clause_of([&] { (void)bitcast(vec<std::string>({"a"}), kUint8); }) == "N20");
  CHECK(clause_of([&] { (void)bitcast(x, std::nullopt); }) == "A1");
  // complex64 has 64 bits, but onnxsem stores no complex values: unsupported, not an evaluation error
  auto e = failure_of([] { (void)bitcast(vec<int64_t>({1}), kComplex64); });
  REQUIRE(e.has_value());
  CHECK(e->kind == ErrorKind::unsupported);
  CHECK(clause_of([&] { (void)bitcast(vec<int32_t>({1}), kComplex64); }) == "N20");  // 32 vs 64 bits
}

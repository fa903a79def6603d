// Tests of Optional, OptionalHasElement and OptionalGetElement (spec/ops-sequence.md, SQ13-SQ15).
#include "ops/sequence/test_util.hpp"

using namespace seq_test;

namespace {
Value empty_optional(DType d) { return Value(OptionalValue{std::make_shared<Type>(tensor_t(d)), nullptr}); }
Value full_optional(const Tensor& t) {
  return Value(OptionalValue{std::make_shared<Type>(tensor_t(t.dtype())), std::make_shared<Value>(t)});
}
bool flag(const Value& v) {
  REQUIRE(v.is_tensor());
  REQUIRE(v.tensor().rank() == 0);
  return v.tensor().data<bool>()[0];
}
}  // namespace

TEST_CASE("[SQ13] Optional wraps its input or is empty of the declared type") {
  const Tensor t = f32({2}, {1, 2});
  {
    const Value o = run("Optional", 15, {Value(t)});
    REQUIRE(o.is_optional());
    REQUIRE(o.optional().item);
    CHECK(*o.optional().item == Value(t));
    CHECK(o.optional().elem->kind == Type::Kind::tensor);
    CHECK(o.optional().elem->elem == DType::float32);
  }
  const Value s = seq({tv<int64_t>({1}, {4})});
  const Value os = run("Optional", 15, {s});
  CHECK(*os.optional().item == s);
  CHECK(os.optional().elem->kind == Type::Kind::sequence);
  REQUIRE(os.optional().elem->inner);
  CHECK(os.optional().elem->inner->elem == DType::int64);
  // Without an input: empty, of the 'type' attribute.
  const Value e = run("Optional", 15, {}, {attr_type("type", tensor_t(DType::int32))});
  CHECK(e.optional().item == nullptr);
  CHECK(e.optional().elem->elem == DType::int32);
  const Value absent = run("Optional", 15, {std::nullopt}, {attr_type("type", tensor_t(DType::string))});
  CHECK(absent.optional().item == nullptr);
  CHECK(absent == empty_optional(DType::string));
  CHECK(clause_of([] { run("Optional", 15, {}); }) == "SQ13");
  Type unknown;
  CHECK(clause_of([&] { run("Optional", 15, {}, {attr_type("type", unknown)}); }) == "SQ13");
  CHECK(clause_of([&] { run("Optional", 15, {full_optional(t)}); }) == "SQ13");
}

TEST_CASE("[SQ14] OptionalHasElement") {
  const Tensor t = tv<int32_t>({}, {3});
  CHECK(flag(run("OptionalHasElement", 15, {full_optional(t)})));
  CHECK_FALSE(flag(run("OptionalHasElement", 15, {empty_optional(DType::float32)})));
  // Version 15 reads only optionals.
  CHECK(clause_of([&] { run("OptionalHasElement", 15, {Value(t)}); }) == "V2");
  CHECK(clause_of([&] { run("OptionalHasElement", 15, {std::nullopt}); }) == "A2");
  // Version 18: tensors and sequences are present, an absent input is empty.
  CHECK(flag(run("OptionalHasElement", 18, {full_optional(t)})));
  CHECK_FALSE(flag(run("OptionalHasElement", 18, {empty_optional(DType::int32)})));
  CHECK(flag(run("OptionalHasElement", 18, {Value(t)})));
  CHECK(flag(run("OptionalHasElement", 18, {seq({})})));
  CHECK_FALSE(flag(run("OptionalHasElement", 18, {std::nullopt})));
  CHECK_FALSE(flag(run("OptionalHasElement", 18, {})));
}

TEST_CASE("[SQ15] OptionalGetElement") {
  const Tensor t = tv<uint8_t>({3}, {1, 2, 255});
  CHECK(run("OptionalGetElement", 15, {full_optional(t)}) == Value(t));
  CHECK(run("OptionalGetElement", 18, {full_optional(t)}) == Value(t));
  const Value s = seq({t});
  const Value os(OptionalValue{nullptr, std::make_shared<Value>(s)});
  CHECK(run("OptionalGetElement", 15, {os}) == s);
  CHECK(clause_of([] { run("OptionalGetElement", 15, {empty_optional(DType::float32)}); }) == "SQ15");
  CHECK(clause_of([] { run("OptionalGetElement", 18, {empty_optional(DType::float32)}); }) == "SQ15");
  CHECK(clause_of([&] { run("OptionalGetElement", 15, {Value(t)}); }) == "V2");
  // Version 18 returns a tensor or sequence input as it is.
  CHECK(run("OptionalGetElement", 18, {Value(t)}) == Value(t));
  CHECK(run("OptionalGetElement", 18, {s}) == s);
}

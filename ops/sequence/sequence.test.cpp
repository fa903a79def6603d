// Tests of the sequence family: registration and the sequence operators (spec/ops-sequence.md, SQ1-SQ8).
#include <algorithm>

#include "ops/sequence/test_util.hpp"

using namespace seq_test;

TEST_CASE("the sequence family registers only operators ONNX defines") {
  onnxsem::ops::Registry r;
  onnxsem::ops::add_sequence(r);
  CHECK(r.implemented().size() == 14);
  for (const auto& [domain, op, since] : r.implemented()) {
    const auto v = onnxsem::ops::onnx_defined_versions(domain, op);
    CHECK(std::find(v.begin(), v.end(), since) != v.end());
  }
}

TEST_CASE("[SQ3] [SQ1] SequenceConstruct keeps its inputs in order and refuses mixed element types") {
  const Tensor a = f32({2}, {1, 2}), b = f32({}, {3}), c = f32({0, 3}, {});
  const Value s = run("SequenceConstruct", 11, {Value(a), Value(b), Value(c)});
  REQUIRE(s.is_sequence());
  REQUIRE(items(s).size() == 3);
  CHECK(items(s)[0] == Value(a));
  CHECK(items(s)[1] == Value(b));
  CHECK(items(s)[2] == Value(c));
  REQUIRE(s.sequence().elem);
  CHECK(s.sequence().elem->kind == Type::Kind::tensor);
  CHECK(s.sequence().elem->elem == DType::float32);
  // One string input.
  const Value st = run("SequenceConstruct", 11, {Value(tv<std::string>({1}, {"x"}))});
  CHECK(st.sequence().elem->elem == DType::string);
  CHECK(clause_of([&] { run("SequenceConstruct", 11, {Value(a), Value(tv<int64_t>({1}, {1}))}); }) == "SQ1");
  CHECK(clause_of([&] { run("SequenceConstruct", 11, {}); }) == "SQ3");
}

TEST_CASE("[SQ4] SequenceEmpty takes its element type from dtype, float by default") {
  const Value s = run("SequenceEmpty", 11, {});
  CHECK(items(s).empty());
  CHECK(s.sequence().elem->kind == Type::Kind::tensor);
  CHECK(s.sequence().elem->elem == DType::float32);
  CHECK(run("SequenceEmpty", 11, {}, {attr_i("dtype", 7)}).sequence().elem->elem == DType::int64);
  CHECK(run("SequenceEmpty", 11, {}, {attr_i("dtype", 8)}).sequence().elem->elem == DType::string);
  CHECK(clause_of([] { run("SequenceEmpty", 11, {}, {attr_i("dtype", 0)}); }) == "SQ4");
  CHECK(clause_of([] { run("SequenceEmpty", 11, {}, {attr_i("dtype", 99)}); }) == "SQ4");
  CHECK(clause_of([] { run("SequenceEmpty", 11, {}, {attr_i("dtype", int64_t{1} << 33)}); }) == "SQ4");
}

TEST_CASE("[SQ5] [SQ2] SequenceInsert inserts at the position, at the back by default") {
  const Tensor a = tv<int64_t>({1}, {1}), b = tv<int64_t>({1}, {2}), x = tv<int64_t>({2}, {7, 8});
  const Value s = seq({a, b});
  auto at = [&](std::optional<Value> p) {
    Inputs in{s, Value(x)};
    if (p) in.push_back(*p);
    return run("SequenceInsert", 11, in);
  };
  const Value back = at(std::nullopt);
  REQUIRE(items(back).size() == 3);
  CHECK(items(back)[2] == Value(x));
  CHECK(items(back)[0] == Value(a));
  const Value front = at(Value(i64s(0)));
  CHECK(items(front)[0] == Value(x));
  CHECK(items(front)[1] == Value(a));
  // -1 inserts before the last item; n and -n are the two ends.
  const Value m1 = at(Value(Tensor::scalar<int32_t>(test_context(), -1)));
  CHECK(items(m1)[1] == Value(x));
  CHECK(items(m1)[2] == Value(b));
  CHECK(items(at(Value(i64s(2))))[2] == Value(x));
  CHECK(items(at(Value(i64s(-2))))[0] == Value(x));
  // A one-element 1-D position is read as the scalar (the ONNX suite uses one).
  CHECK(items(at(Value(tv<int64_t>({1}, {1}))))[1] == Value(x));
  // The input sequence itself is unchanged.
  CHECK(items(s).size() == 2);
  CHECK(clause_of([&] { at(Value(i64s(3))); }) == "SQ5");
  CHECK(clause_of([&] { at(Value(i64s(-3))); }) == "SQ5");
  CHECK(clause_of([&] { at(Value(tv<int64_t>({2}, {0, 1}))); }) == "SQ2");
  CHECK(clause_of([&] { at(Value(tv<int64_t>({0}, {}))); }) == "SQ2");
  CHECK(clause_of([&] { at(Value(f32({}, {0}))); }) == "SQ2");
}

TEST_CASE("[SQ1] [SQ5] SequenceInsert keeps the sequence's element type") {
  const Value empty_i64 = seq({}, DType::int64);
  CHECK(clause_of([&] { run("SequenceInsert", 11, {empty_i64, Value(f32({1}, {1}))}); }) == "SQ1");
  const Value ok = run("SequenceInsert", 11, {empty_i64, Value(tv<int64_t>({}, {5}))});
  REQUIRE(items(ok).size() == 1);
  CHECK(vals<int64_t>(items(ok)[0].tensor()) == std::vector<int64_t>{5});
  // An empty sequence of unknown element type takes the first tensor's.
  const Value u = run("SequenceInsert", 11, {untyped_empty_seq(), Value(tv<bool>({2}, {true, false}))});
  REQUIRE(u.sequence().elem);
  CHECK(u.sequence().elem->elem == DType::boolean);
  CHECK(clause_of([&] { run("SequenceInsert", 11, {u, Value(f32({1}, {1}))}); }) == "SQ1");
  // Inserting a sequence into a sequence of tensors.
  CHECK(clause_of([&] { run("SequenceInsert", 11, {u, u}); }) == "SQ1");
  // Position range of an empty sequence is [0, 0].
  CHECK(clause_of([&] {
          run("SequenceInsert", 11, {empty_i64, Value(tv<int64_t>({}, {5})), Value(i64s(1))});
        }) == "SQ5");
  CHECK(items(run("SequenceInsert", 11, {empty_i64, Value(tv<int64_t>({}, {5})), Value(i64s(0))})).size() == 1);
}

TEST_CASE("[SQ6] [SQ2] SequenceAt returns the item at a position in [-n, n-1]") {
  const Tensor a = f32({1}, {1}), b = f32({2}, {2, 3}), c = f32({}, {4});
  const Value s = seq({a, b, c});
  CHECK(run("SequenceAt", 11, {s, Value(i64s(0))}) == Value(a));
  CHECK(run("SequenceAt", 11, {s, Value(i64s(2))}) == Value(c));
  CHECK(run("SequenceAt", 11, {s, Value(Tensor::scalar<int32_t>(test_context(), -1))}) == Value(c));
  CHECK(run("SequenceAt", 11, {s, Value(i64s(-3))}) == Value(a));
  CHECK(clause_of([&] { run("SequenceAt", 11, {s, Value(i64s(3))}); }) == "SQ6");
  CHECK(clause_of([&] { run("SequenceAt", 11, {s, Value(i64s(-4))}); }) == "SQ6");
  CHECK(clause_of([&] { run("SequenceAt", 11, {seq({}), Value(i64s(0))}); }) == "SQ6");
  CHECK(clause_of([&] { run("SequenceAt", 11, {s, Value(tv<uint8_t>({}, {0}))}); }) == "SQ2");
  CHECK(clause_of([&] { run("SequenceAt", 11, {Value(a), Value(i64s(0))}); }) == "V2");
}

TEST_CASE("[SQ7] SequenceErase removes the item at the position, the last one by default") {
  const Tensor a = tv<int32_t>({1}, {1}), b = tv<int32_t>({1}, {2}), c = tv<int32_t>({1}, {3});
  const Value s = seq({a, b, c});
  const Value last = run("SequenceErase", 11, {s});
  REQUIRE(items(last).size() == 2);
  CHECK(items(last)[0] == Value(a));
  CHECK(items(last)[1] == Value(b));
  const Value first = run("SequenceErase", 11, {s, Value(i64s(-3))});
  REQUIRE(items(first).size() == 2);
  CHECK(items(first)[0] == Value(b));
  const Value mid = run("SequenceErase", 11, {s, Value(i64s(1))});
  CHECK(items(mid)[1] == Value(c));
  CHECK(mid.sequence().elem->elem == DType::int32);
  // Erasing the only item leaves an empty sequence that keeps its element type.
  const Value e = run("SequenceErase", 11, {seq({a})});
  CHECK(items(e).empty());
  CHECK(e.sequence().elem->elem == DType::int32);
  CHECK(clause_of([&] { run("SequenceErase", 11, {s, Value(i64s(3))}); }) == "SQ7");
  CHECK(clause_of([&] { run("SequenceErase", 11, {seq({})}); }) == "SQ7");
  CHECK(clause_of([&] { run("SequenceErase", 11, {seq({}), Value(i64s(0))}); }) == "SQ7");
}

TEST_CASE("[SQ8] SequenceLength is a rank-0 int64 count") {
  const Tensor l3 = run("SequenceLength", 11, {seq({f32({1}, {1}), f32({1}, {2}), f32({0}, {})})}).tensor();
  CHECK(l3.dtype() == DType::int64);
  CHECK(l3.rank() == 0);
  CHECK(vals<int64_t>(l3) == std::vector<int64_t>{3});
  CHECK(vals<int64_t>(run("SequenceLength", 11, {untyped_empty_seq()}).tensor()) == std::vector<int64_t>{0});
}

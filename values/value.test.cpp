// Tests of the value domain (spec/values.md, V1-V3, L1-L2).
#include <doctest/doctest.h>

#include <cmath>

#include "values/testing.hpp"
#include "values/value.hpp"

using namespace onnxsem;

TEST_CASE("[V1] element types carry ONNX's type numbers and names") {
  CHECK(static_cast<int>(DType::float32) == 1);
  CHECK(static_cast<int>(DType::bfloat16) == 16);
  CHECK(static_cast<int>(DType::float8e8m0) == 24);
  CHECK(static_cast<int>(DType::int2) == 26);
  CHECK(std::string(dtype_name(DType::float64)) == "double");
  CHECK(dtype_of<float16_t> == DType::float16);
  CHECK(is_float(DType::float4e2m1));
  CHECK(is_signed_integer(DType::int4));
  CHECK_FALSE(dtype_known(27));
}

TEST_CASE("[V3] equality is bitwise: signed zeros differ, identical NaNs are equal") {
  const Tensor pz = Tensor::scalar<float>(test_context(), 0.0f);
  const Tensor nz = Tensor::scalar<float>(test_context(), -0.0f);
  CHECK_FALSE(pz == nz);
  const Tensor n1 = Tensor::scalar<float>(test_context(), std::nanf(""));
  const Tensor n2 = Tensor::scalar<float>(test_context(), std::nanf(""));
  CHECK(n1 == n2);
  CHECK_FALSE(Tensor::from_vector<float>(test_context(), {2}, {1, 2}) ==
              Tensor::from_vector<float>(test_context(), {1, 2}, {1, 2}));
  CHECK_FALSE(Tensor::from_vector<int32_t>(test_context(), {2}, {1, 2}) ==
              Tensor::from_vector<int64_t>(test_context(), {2}, {1, 2}));
}

TEST_CASE("[V2] values are tensors, sequences or optionals, read as what they are") {
  const Value t(Tensor::scalar<int64_t>(test_context(), 3));
  CHECK(t.is_tensor());
  CHECK_THROWS_AS((void)t.sequence(), Failure);
  Sequence s{nullptr, Items(std::vector<Value>{t, t})};
  const Value sv(s);
  CHECK(sv.is_sequence());
  CHECK(sv.sequence().items.size() == 2);
  const Value none{OptionalValue{}};
  CHECK(none.is_optional());
  CHECK_FALSE(none == Value(OptionalValue{nullptr, std::make_shared<const Value>(t)}));
  CHECK(sv == Value(Sequence{nullptr, Items(std::vector<Value>{t, t})}));
}

TEST_CASE("[V2] copies share their buffer; reshaping keeps the elements") {
  const Tensor a = Tensor::from_vector<int32_t>(test_context(), {2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor b = a;
  CHECK(a.data<int32_t>().data() == b.data<int32_t>().data());
  const Tensor c = a.reshaped({3, 2});
  CHECK(c.data<int32_t>().data() == a.data<int32_t>().data());
  CHECK(c.shape() == Shape{3, 2});
}

TEST_CASE("[E10] an output is built over an input's storage only when no other tensor shares it") {
  Tensor a = Tensor::from_vector<float>(test_context(), {2, 3}, {1, 2, 3, 4, 5, 6});
  const float* storage = a.data<float>().data();
  {
    const Tensor copy = a;  // shared: never taken
    CHECK_FALSE(Tensor::reuse<float>(a, {6}).has_value());
    const Tensor view = a.reshaped({3, 2});
    CHECK_FALSE(Tensor::reuse<float>(view, {3, 2}).has_value());
  }
  CHECK_FALSE(Tensor::reuse<double>(a, {2, 3}).has_value());  // another element type
  CHECK_FALSE(Tensor::reuse<float>(a, {2, 2}).has_value());   // another element count
  CHECK_FALSE(Tensor::reuse<float>(Tensor::from_vector<float>(test_context(), {0}, {}), {0}).has_value());
  auto r = Tensor::reuse<float>(a, {3, 2});
  REQUIRE(r.has_value());
  auto& [t, out] = *r;
  CHECK(out.data() == storage);
  CHECK(t.shape() == Shape{3, 2});
  out[5] = -6.0f;
  CHECK(t.data<float>()[5] == -6.0f);
  // Not sole any more (a and t hold it): a second output over it is refused, and the fallback allocates.
  CHECK_FALSE(Tensor::reuse<float>(a, {6}).has_value());
  auto [u, uout] = Tensor::overwrite_or_allocate<float>(test_context(), a, {6});
  CHECK(uout.data() != storage);
}

TEST_CASE("[L1][L2] element counts: negative dimensions, overflow and mismatched reshapes are refused") {
  CHECK(element_count({}) == 1);
  CHECK(element_count({0, 5}) == 0);
  CHECK_THROWS_AS((void)element_count({-1}), Failure);
  CHECK_THROWS_AS((void)element_count({int64_t{1} << 40, int64_t{1} << 40}), Failure);
  const Tensor a = Tensor::from_vector<int32_t>(test_context(), {2, 3}, {1, 2, 3, 4, 5, 6});
  try {
    (void)a.reshaped({4});
    CHECK(false);
  } catch (const Failure& f) {
    CHECK(f.error().clause == "L2");
  }
}

namespace {
Tensor skeys(std::vector<std::string> k) {
  const auto n = static_cast<int64_t>(k.size());
  return Tensor::from_vector<std::string>(test_context(), {n}, k);
}
std::vector<Value> fvals(std::vector<float> v) {
  std::vector<Value> out;
  for (float x : v) out.emplace_back(Tensor::scalar<float>(test_context(), x));
  return out;
}
std::string clause_of(auto&& f) {
  try {
    f();
  } catch (const Failure& e) {
    return e.error().clause;
  }
  return "";
}
}  // namespace

TEST_CASE("[V4] a map keeps its keys in the order given, each with its value") {
  const Map m = make_map(skeys({"b", "a"}), fvals({1, 2}), nullptr);
  CHECK(m.key == DType::string);
  CHECK(m.size() == 2);
  CHECK(m.keys.data<std::string>()[0] == "b");
  CHECK((*m.values)[1] == Value(Tensor::scalar<float>(test_context(), 2)));
  const Value v(m);
  CHECK(v.is_map());
  CHECK_FALSE(v.is_tensor());
  CHECK(v.describe() == "map(string,2 entries)");
  const Map e = make_map(Tensor::from_vector<int64_t>(test_context(), {0}, {}), {}, nullptr);
  CHECK(e.size() == 0);
  CHECK(Value(e).describe() == "map(int64,0 entries)");
}

TEST_CASE("[V4] keys are int64 or string, none twice, one value each") {
  CHECK(clause_of([] { (void)make_map(skeys({"a", "a"}), fvals({1, 2}), nullptr); }) == "V4");
  CHECK(clause_of([] {
          (void)make_map(Tensor::from_vector<int64_t>(test_context(), {3}, {1, 2, 1}), fvals({1, 2, 3}), nullptr);
        }) == "V4");
  CHECK(clause_of([] {
          (void)make_map(Tensor::from_vector<int32_t>(test_context(), {1}, {1}), fvals({1}), nullptr);
        }) == "V4");
  CHECK(clause_of([] { (void)make_map(skeys({"a"}), fvals({1, 2}), nullptr); }) == "V4");
  CHECK(clause_of([] {
          (void)make_map(Tensor::from_vector<int64_t>(test_context(), {1, 1}, {1}), fvals({1}), nullptr);
        }) == "V4");
}

TEST_CASE("[V2] a map is read as a map; reading it as another kind, or another kind as a map, is an error") {
  const Value m(make_map(skeys({"a"}), fvals({1}), nullptr));
  CHECK(m.map().size() == 1);
  CHECK(clause_of([&] { (void)m.tensor(); }) == "V2");
  CHECK(clause_of([&] { (void)m.sequence(); }) == "V2");
  CHECK(clause_of([] { (void)Value(Tensor::scalar<float>(test_context(), 1)).map(); }) == "V2");
  // maps can be items of sequences
  const Value s(Sequence{nullptr, Items(std::vector<Value>{m, m})});
  CHECK(s.sequence().items.at(1).is_map());
}

TEST_CASE("[V3] maps are equal with equal keys in the same order and equal values") {
  const Value ab(make_map(skeys({"a", "b"}), fvals({1, 2}), nullptr));
  CHECK(ab == Value(make_map(skeys({"a", "b"}), fvals({1, 2}), nullptr)));
  CHECK_FALSE(ab == Value(make_map(skeys({"b", "a"}), fvals({2, 1}), nullptr)));  // same pairs, other order
  CHECK_FALSE(ab == Value(make_map(skeys({"a", "b"}), fvals({1, 3}), nullptr)));
  CHECK_FALSE(ab == Value(make_map(skeys({"a"}), fvals({1}), nullptr)));
  CHECK_FALSE(Value(make_map(Tensor::from_vector<int64_t>(test_context(), {0}, {}), {}, nullptr)) ==
              Value(make_map(skeys({}), {}, nullptr)));  // key types differ
  CHECK_FALSE(ab == Value(Tensor::scalar<float>(test_context(), 1)));
}

TEST_CASE("[V2][L5] a sequence's items are shared: inserting and erasing build new lists, the old ones unchanged") {
  auto item = [](int64_t k) { return Value(Tensor::scalar<int64_t>(test_context(), k)); };
  auto as_ints = [](const Items& items) {
    std::vector<int64_t> v;
    for (const auto& x : items) v.push_back(x.tensor().data<int64_t>()[0]);
    return v;
  };
  // Against a plain vector, under a deterministic mix of insertions and erasures at every position.
  std::vector<int64_t> model;
  Items items;
  std::vector<std::pair<Items, std::vector<int64_t>>> versions;
  uint64_t r = 12345;
  for (int64_t step = 0; step < 2000; ++step) {
    r = r * 6364136223846793005ULL + 1442695040888963407ULL;
    const size_t n = model.size();
    if (n > 0 && (r >> 60) < 5) {
      const size_t p = static_cast<size_t>((r >> 20) % n);
      items = items.erased(p);
      model.erase(model.begin() + static_cast<std::ptrdiff_t>(p));
    } else {
      const size_t p = static_cast<size_t>((r >> 20) % (n + 1));
      items = items.inserted(p, item(step));
      model.insert(model.begin() + static_cast<std::ptrdiff_t>(p), step);
    }
    if (step % 97 == 0) versions.emplace_back(items, model);
  }
  CHECK(as_ints(items) == model);
  CHECK(items.size() == model.size());
  CHECK(items.tensor_elements() == static_cast<int64_t>(model.size()));
  for (const auto& [old, expected] : versions) CHECK(as_ints(old) == expected);  // persistence
  CHECK(Items(items.to_vector()).to_vector() == items.to_vector());
  CHECK_THROWS_AS((void)items.at(items.size()), Failure);
  CHECK_THROWS_AS((void)items.erased(items.size()), Failure);
  // Growing one item at a time to 2^17 items stays cheap (O(log n) per insertion).
  Items big;
  for (int64_t k = 0; k < (int64_t{1} << 17); ++k) big = big.inserted(big.size(), item(k));
  CHECK(big.size() == (size_t{1} << 17));
  CHECK(big[70000].tensor().data<int64_t>()[0] == 70000);
}

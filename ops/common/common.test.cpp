// Tests of the rules shared by all operators (spec/ops.md: A1-A3, B1, X1, W5).
#include <doctest/doctest.h>

#include "ops/common/attrs.hpp"
#include "ops/common/broadcast.hpp"
#include "ops/common/shape_rules.hpp"
#include "values/operator.hpp"
#include "values/testing.hpp"

using namespace onnxsem;
using namespace onnxsem::ops;

namespace {
std::string clause_of(auto&& f) {
  try {
    f();
  } catch (const Failure& e) {
    return e.error().clause;
  }
  return "none";
}
}  // namespace

TEST_CASE("[B1] shapes broadcast from the last dimension; 1 stretches; anything else is an error") {
  CHECK(broadcast_shape({{2, 3, 4}, {4}}, "t") == Shape{2, 3, 4});
  CHECK(broadcast_shape({{2, 1, 4}, {3, 1}}, "t") == Shape{2, 3, 4});
  CHECK(broadcast_shape({{}, {5}}, "t") == Shape{5});  // rank 0 broadcasts to anything
  CHECK(broadcast_shape({{0, 3}, {1, 3}}, "t") == Shape{0, 3});
  CHECK(clause_of([] { (void)broadcast_shape({{2, 3}, {4}}, "t"); }) == "B1");
  CHECK(broadcast_strides({3, 1}, {2, 3, 4}) == std::vector<int64_t>{0, 1, 0});
  // Walk a [2,3] output from a [3] and a [2,1] input.
  std::vector<std::pair<int64_t, int64_t>> seen;
  const Shape out{2, 3};
  for_each_broadcast<2>(out, {broadcast_strides({3}, out), broadcast_strides({2, 1}, out)},
                        [&](const std::array<int64_t, 2>& o) { seen.emplace_back(o[0], o[1]); });
  CHECK(seen == std::vector<std::pair<int64_t, int64_t>>{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}});
  int calls = 0;
  for_each_broadcast<1>(Shape{}, {std::vector<int64_t>{}}, [&](const std::array<int64_t, 1>& o) {
    CHECK(o[0] == 0);
    ++calls;
  });
  CHECK(calls == 1);
}

TEST_CASE("[X1] axes lie in [-r, r-1]") {
  CHECK(normalise_axis(-1, 3, "axis") == 2);
  CHECK(normalise_axis(0, 3, "axis") == 0);
  CHECK(clause_of([] { (void)normalise_axis(3, 3, "axis"); }) == "X1");
  CHECK(clause_of([] { (void)normalise_axis(-4, 3, "axis"); }) == "X1");
}

TEST_CASE("[A1][W5] attributes: defaults, required ones, and wrong types") {
  Node n;
  n.op_type = "Test";
  Attribute a;
  a.name = "axis";
  a.type = AttrType::i;
  a.i = 2;
  n.attributes.push_back(a);
  CHECK(attr_int(n, "axis", 0) == 2);
  CHECK(attr_int(n, "other", 7) == 7);
  CHECK(clause_of([&] { (void)attr_int_req(n, "missing"); }) == "A1");
  CHECK(clause_of([&] { (void)attr_float(n, "axis", 1.0f); }) == "W5");
}

TEST_CASE("[A2][A3] inputs: present when required; index inputs are int32/int64 of rank <= 1") {
  Node n;
  KernelArgs args{n, {std::nullopt, Value(Tensor::from_vector<int32_t>(test_context(), {2}, {4, -1}))}, {true}};
  args.eval_context = &test_context();
  CHECK(clause_of([&] { (void)args.tensor(0); }) == "A2");
  CHECK(clause_of([&] { (void)args.tensor(5); }) == "A2");
  CHECK(int_list(args.tensor(1), "shape") == std::vector<int64_t>{4, -1});
  CHECK(clause_of([] { (void)int_list(Tensor::from_vector<float>(test_context(), {1}, {1.0f}), "shape"); }) == "A3");
  CHECK(clause_of([] { (void)int_list(Tensor::from_vector<int64_t>(test_context(), {1, 1}, {1}), "shape"); }) == "A3");
}

TEST_CASE("[TS1] static broadcasting: fixed sizes must fit; symbols and unknown sizes are carried") {
  const Dims a{fixed_dim(2), Dim{std::nullopt, "N"}, fixed_dim(3)};
  const Dims b{fixed_dim(1), fixed_dim(3)};
  const Dims out = broadcast_dims({a, b}, "test");
  REQUIRE(out.size() == 3);
  CHECK(out[0].value == 2);
  CHECK(out[1].param == "N");  // N against 1
  CHECK(out[2].value == 3);
  const Dims u = broadcast_dims({Dims{Dim{}}, Dims{fixed_dim(5)}}, "test");
  CHECK(u[0].value == 5);  // an unknown size broadcast with 5 can only be 5 (or the model fails)
  const Dims v = broadcast_dims({Dims{Dim{std::nullopt, "N"}}, Dims{Dim{std::nullopt, "M"}}}, "test");
  CHECK_FALSE(v[0].value.has_value());
  CHECK(v[0].param.empty());
  CHECK(clause_of([] {
          (void)broadcast_dims({Dims{fixed_dim(2), fixed_dim(3)}, Dims{fixed_dim(4)}}, "Add");
        }) == "TS1");
}

TEST_CASE("[TS2] static axes lie in [-rank, rank)") {
  CHECK(static_axis(-1, 3, "axis") == 2);
  CHECK(static_axis(0, 1, "axis") == 0);
  CHECK(clause_of([] { (void)static_axis(3, 3, "axis"); }) == "TS2");
  CHECK(clause_of([] { (void)static_axis(-4, 3, "axis"); }) == "TS2");
  CHECK(clause_of([] { (void)static_axis(0, 0, "axis"); }) == "TS2");
  CHECK(dims_product({fixed_dim(int64_t{1} << 40), fixed_dim(int64_t{1} << 40)}) == std::nullopt);  // overflow
  CHECK(dims_product({fixed_dim(0), fixed_dim(int64_t{1} << 62)}) == 0);
}

// Tests of the signal family (spec/ops-signal.md). Expected spectra are the DFT sums worked by hand on
// short signals (x = 1, 2, 3, 4 has spectrum 10, -2+2i, -2, -2-2i).
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ops/registry.hpp"
#include "values/testing.hpp"
#include "values/value.hpp"

using namespace onnxsem;

namespace {

Attribute attr_i(const std::string& name, int64_t v) {
  Attribute a;
  a.name = name;
  a.type = AttrType::i;
  a.i = v;
  return a;
}

Node make_node(const std::string& op, std::vector<Attribute> attrs = {}) {
  Node n;
  n.op_type = op;
  n.name = "n";
  n.attributes = std::move(attrs);
  return n;
}

std::optional<Value> run(const Node& n, int64_t version, std::vector<std::optional<Value>> inputs) {
  ops::Registry r;
  ops::add_signal(r);
  const Kernel* k = r.kernel("", n.op_type, version);
  REQUIRE(k != nullptr);
  KernelArgs a{n, std::move(inputs), {true}};
  a.eval_context = &test_context();
  auto out = (*k)(a);
  REQUIRE(out.size() == 1);
  return out[0];
}

Tensor tf(Shape s, std::vector<float> v) { return Tensor::from_vector<float>(test_context(), std::move(s), v); }
Tensor td(Shape s, std::vector<double> v) { return Tensor::from_vector<double>(test_context(), std::move(s), v); }
Tensor i64(int64_t v) { return Tensor::scalar<int64_t>(test_context(), v); }

template <class T = float>
std::vector<T> vals(const std::optional<Value>& v) {
  REQUIRE(v.has_value());
  auto d = v->tensor().data<T>();
  return {d.begin(), d.end()};
}
Shape shape_of(const std::optional<Value>& v) {
  REQUIRE(v.has_value());
  return v->tensor().shape();
}

std::string clause_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Failure& e) {
    return e.error().clause;
  }
  return "";
}

template <class T>
void check_close(const std::vector<T>& got, const std::vector<double>& want, double tol = 1e-6) {
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    INFO("element " << i << ": got " << got[i] << ", want " << want[i]);
    CHECK(std::fabs(static_cast<double>(got[i]) - want[i]) <= tol * std::max(1.0, std::fabs(want[i])));
  }
}

const Tensor ramp = tf({1, 4, 1}, {1, 2, 3, 4});

}  // namespace

TEST_CASE("the signal family registers only operators ONNX defines") {
  onnxsem::ops::Registry r;
  onnxsem::ops::add_signal(r);
  for (const auto& [domain, op, since] : r.implemented()) {
    const auto v = onnxsem::ops::onnx_defined_versions(domain, op);
    CHECK(std::find(v.begin(), v.end(), since) != v.end());
  }
  CHECK(r.implemented().size() == 7);
}

TEST_CASE("[SG5] [SG3] forward DFT of a real signal, full and onesided, along the default axes") {
  auto y = run(make_node("DFT"), 17, {ramp});  // axis attribute defaults to 1
  CHECK(shape_of(y) == Shape{1, 4, 2});
  check_close(vals(y), {10, 0, -2, 2, -2, 0, -2, -2});
  y = run(make_node("DFT"), 20, {ramp});  // axis input defaults to -2
  check_close(vals(y), {10, 0, -2, 2, -2, 0, -2, -2});
  y = run(make_node("DFT", {attr_i("onesided", 1)}), 20, {ramp});
  CHECK(shape_of(y) == Shape{1, 3, 2});
  check_close(vals(y), {10, 0, -2, 2, -2, 0});
  // Along axis 0 of a [2, 2, 1] tensor: pairs (1, 3) and (2, 4) give sums and differences.
  y = run(make_node("DFT"), 20, {ramp.reshaped({2, 2, 1}), std::nullopt, i64(0)});
  check_close(vals(y), {4, 0, 6, 0, -2, 0, -2, 0});
  y = run(make_node("DFT", {attr_i("axis", -3)}), 17, {ramp.reshaped({2, 2, 1})});
  check_close(vals(y), {4, 0, 6, 0, -2, 0, -2, 0});
}

TEST_CASE("[SG5] complex inverse DFT returns the signal; double stays double") {
  const auto spec = td({1, 4, 2}, {10, 0, -2, 2, -2, 0, -2, -2});
  auto y = run(make_node("DFT", {attr_i("inverse", 1)}), 20, {spec});
  check_close(vals<double>(y), {1, 0, 2, 0, 3, 0, 4, 0}, 1e-14);
  // Complex forward: x = (i, 0) has spectrum i, i.
  y = run(make_node("DFT"), 17, {tf({1, 2, 2}, {0, 1, 0, 0})});
  check_close(vals(y), {0, 1, 0, 1});
}

TEST_CASE("[SG4] dft_length truncates or zero-pads; it must be positive") {
  auto y = run(make_node("DFT"), 20, {ramp, i64(2)});
  CHECK(shape_of(y) == Shape{1, 2, 2});
  check_close(vals(y), {3, 0, -1, 0});
  y = run(make_node("DFT"), 17, {ramp, Value(Tensor::scalar<int32_t>(test_context(), 6))});
  CHECK(shape_of(y) == Shape{1, 6, 2});
  const auto v = vals(y);
  check_close(std::vector<float>{v[0], v[1], v[6], v[7]}, {10, 0, -2, 0}, 1e-5);  // k = 0 and k = 3
  CHECK(clause_of([&] { run(make_node("DFT"), 20, {ramp, i64(0)}); }) == "SG4");
}

TEST_CASE("[SG6] inverse onesided DFT rebuilds the Hermitian spectrum and returns a real signal") {
  const auto half = tf({1, 3, 2}, {10, 7, -2, 2, -2, 0});  // the imaginary part of bin 0 plays no role
  auto y = run(make_node("DFT", {attr_i("inverse", 1), attr_i("onesided", 1)}), 20, {half});
  CHECK(shape_of(y) == Shape{1, 4, 1});
  check_close(vals(y), {1, 2, 3, 4}, 1e-6);
  y = run(make_node("DFT", {attr_i("inverse", 1), attr_i("onesided", 1)}), 17, {half});
  check_close(vals(y), {1, 2, 3, 4}, 1e-6);
  // dft_length 3 uses bins 0 and 1 only: x[n] = (10 + 2 Re((-2+2i) e^{2 pi i n/3})) / 3.
  y = run(make_node("DFT", {attr_i("inverse", 1), attr_i("onesided", 1)}), 20, {half, i64(3)});
  const double s3 = std::sqrt(3.0);
  check_close(vals(y), {(10 - 4) / 3.0, (10 + 2 * (1 - s3)) / 3.0, (10 + 2 * (1 + s3)) / 3.0}, 1e-6);
}

TEST_CASE("[SG1] [SG2] [SG3] malformed DFT inputs") {
  CHECK(clause_of([&] {
          run(make_node("DFT"), 20, {ramp, Value(Tensor::from_vector<int64_t>(test_context(), {2}, {2, 3}))});
        }) == "SG1");
  CHECK(clause_of([&] { run(make_node("DFT"), 20, {tf({4}, {1, 2, 3, 4})}); }) == "SG2");
  CHECK(clause_of([&] { run(make_node("DFT"), 20, {tf({1, 1, 3}, {1, 2, 3})}); }) == "SG2");
  // One-sided: the forward transform takes a real signal, the inverse a complex spectrum (both versions).
  const auto complex_in = tf({1, 2, 2}, {1, 0, 0, 1});
  for (int64_t v : {17, 20}) {
    CHECK(clause_of([&] { run(make_node("DFT", {attr_i("onesided", 1)}), v, {complex_in}); }) == "SG2");
    CHECK(clause_of([&] { run(make_node("DFT", {attr_i("onesided", 1), attr_i("inverse", 1)}), v, {ramp}); }) == "SG2");
  }
  CHECK(clause_of([&] { run(make_node("DFT"), 20, {ramp, std::nullopt, i64(2)}); }) == "SG3");
  CHECK(clause_of([&] { run(make_node("DFT"), 20, {ramp, std::nullopt, i64(-1)}); }) == "SG3");
  CHECK(clause_of([&] { run(make_node("DFT"), 20, {ramp, std::nullopt, i64(-4)}); }) == "SG3");
  CHECK(clause_of([&] { run(make_node("DFT", {attr_i("axis", 2)}), 17, {ramp}); }) == "SG3");
}

TEST_CASE("[SG8] STFT frames, with and without a window") {
  const auto s = tf({1, 6, 1}, {1, 2, 3, 4, 5, 6});
  auto y = run(make_node("STFT"), 17, {s, i64(2), std::nullopt, i64(4)});
  CHECK(shape_of(y) == Shape{1, 2, 3, 2});
  check_close(vals(y), {10, 0, -2, 2, -2, 0, 18, 0, -2, 2, -2, 0});
  y = run(make_node("STFT", {attr_i("onesided", 0)}), 17, {s, i64(2), tf({4}, {0, 1, 1, 0})});
  CHECK(shape_of(y) == Shape{1, 2, 4, 2});
  // frame 0 weighted: (0, 2, 3, 0) -> 5, -3-2i, 1, -3+2i
  const auto v = vals(y);
  check_close(std::vector<float>(v.begin(), v.begin() + 8), {5, 0, -3, -2, 1, 0, -3, 2});
}

TEST_CASE("[SG7] STFT preconditions") {
  const auto s = tf({1, 6, 1}, {1, 2, 3, 4, 5, 6});
  CHECK(clause_of([&] { run(make_node("STFT"), 17, {s, i64(0), std::nullopt, i64(4)}); }) == "SG7");
  CHECK(clause_of([&] { run(make_node("STFT"), 17, {s, i64(1), tf({3}, {1, 1, 1}), i64(4)}); }) == "SG7");
  CHECK(clause_of([&] { run(make_node("STFT"), 17, {s, i64(1), std::nullopt, i64(7)}); }) == "SG7");
  CHECK(clause_of([&] { run(make_node("STFT"), 17, {tf({6}, {1, 2, 3, 4, 5, 6}), i64(1)}); }) == "SG7");
}

TEST_CASE("[SG10] Hann, Hamming and Blackman windows, periodic and symmetric") {
  check_close(vals(run(make_node("HannWindow"), 17, {i64(4)})), {0, 0.5, 1, 0.5});
  check_close(vals(run(make_node("HannWindow", {attr_i("periodic", 0)}), 17, {i64(5)})), {0, 0.5, 1, 0.5, 0});
  check_close(vals(run(make_node("HammingWindow"), 17, {i64(4)})), {4.0 / 46, 25.0 / 46, 1, 25.0 / 46});
  check_close(vals(run(make_node("BlackmanWindow"), 17, {i64(4)})), {0, 0.34, 1, 0.34});
  check_close(vals(run(make_node("BlackmanWindow", {attr_i("periodic", 0)}), 17, {i64(1)})), {1});
  CHECK(shape_of(run(make_node("HannWindow"), 17, {i64(0)})) == Shape{0});
  CHECK(clause_of([&] { run(make_node("HannWindow"), 17, {i64(-1)}); }) == "SG10");
}

TEST_CASE("[SG9] output_datatype selects the element type") {
  auto y = run(make_node("HannWindow", {attr_i("output_datatype", 11)}), 17,
               {Value(Tensor::scalar<int32_t>(test_context(), 4))});
  check_close(vals<double>(y), {0, 0.5, 1, 0.5}, 1e-15);
  y = run(make_node("HannWindow", {attr_i("output_datatype", 7)}), 17, {i64(4)});
  CHECK(vals<int64_t>(y) == std::vector<int64_t>{0, 0, 1, 0});
  CHECK(clause_of([&] { run(make_node("HannWindow", {attr_i("output_datatype", 99)}), 17, {i64(4)}); }) == "SG9");
}

TEST_CASE("[SG12] [SG13] MelWeightMatrix triangles on DFT bins") {
  // mel(8 Hz) / 3 per step: edge frequencies 0, 2.657, 5.323 Hz -> bins floor(17 h / 16) = 0, 2, 5.
  auto y = run(make_node("MelWeightMatrix"), 17, {i64(1), i64(16), i64(16), tf({}, {0}), tf({}, {8})});
  CHECK(shape_of(y) == Shape{9, 1});
  check_close(vals(y), {0, 0.5, 1, 2.0 / 3, 1.0 / 3, 0, 0, 0, 0});
}

TEST_CASE("[SG11] MelWeightMatrix preconditions") {
  CHECK(clause_of([&] {
          run(make_node("MelWeightMatrix"), 17, {i64(0), i64(16), i64(16), tf({}, {0}), tf({}, {8})});
        }) == "SG11");
  CHECK(clause_of([&] {
          run(make_node("MelWeightMatrix"), 17, {i64(1), i64(16), i64(16), tf({}, {8}), tf({}, {0})});
        }) == "SG11");
  // An upper edge beyond the Nyquist bin maps outside the matrix.
  CHECK(clause_of([&] {
          run(make_node("MelWeightMatrix"), 17, {i64(1), i64(16), i64(16), tf({}, {0}), tf({}, {100})});
        }) == "SG11");
}

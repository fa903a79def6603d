// Tests of the loader and of serialized values (spec/values.md, "Serialized values"; spec/graph.md G1, W8).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <fstream>

#include "semantics/loader.hpp"

using namespace onnxsem;

namespace {
ErrorKind kind_of(auto&& f, std::string* clause = nullptr) {
  try {
    f();
  } catch (const Failure& e) {
    if (clause) *clause = e.error().clause;
    return e.error().kind;
  }
  return ErrorKind::internal;
}
}  // namespace

TEST_CASE("[F1][F2] unreadable files and garbage bytes are usage errors") {
  std::string c;
  CHECK(kind_of([] { (void)load_model_file("/nonexistent/model.onnx"); }, &c) == ErrorKind::usage);
  CHECK(c == "F1");
  CHECK(kind_of([] { (void)load_model_bytes(std::string("\xff\xff\xff\xff garbage", 12), "garbage"); }, &c) ==
        ErrorKind::usage);
  CHECK(c == "F2");
}

TEST_CASE("[W8] a model without a graph is refused") {
  std::string c;
  CHECK(kind_of([] { (void)load_model_bytes(std::string(), "empty"); }, &c) == ErrorKind::refused);
  CHECK(c == "W8");
}

TEST_CASE("[G1] unnamed operations are named by their position") {
  const Model m = load_model_text(R"(
    < ir_version: 8, opset_import: ["" : 13] >
    g (float[1] x) => (float[1] z) {
      a = Neg(x)
      z = Abs(a)
    })");
  REQUIRE(m.graph.nodes.size() == 2);
  CHECK(m.graph.nodes[0].name == "#0");
  CHECK(m.graph.nodes[1].name == "#1");
  CHECK(m.opset_imports.at("") == 13);
}

TEST_CASE("[F3] every element type survives a write and a read, bit for bit") {
  auto roundtrip = [](const Tensor& t) { return tensor_from_bytes(tensor_to_bytes(t), "t"); };
  const Tensor f = Tensor::from_vector<float>({2, 2}, {1.5f, -0.0f, std::nanf(""), INFINITY});
  CHECK(roundtrip(f) == f);
  const Tensor s = Tensor::from_vector<std::string>({3}, {"a", "", "long string"});
  CHECK(roundtrip(s) == s);
  const Tensor b = Tensor::from_vector<bool>({3}, {true, false, true});
  CHECK(roundtrip(b) == b);
  const Tensor i4 = Tensor::from_vector<int4_t>({3}, {int4_t{-8}, int4_t{7}, int4_t{-1}});
  CHECK(roundtrip(i4) == i4);
  const Tensor u2 = Tensor::from_vector<uint2_t>({5}, {uint2_t{0}, uint2_t{1}, uint2_t{2}, uint2_t{3}, uint2_t{1}});
  CHECK(roundtrip(u2) == u2);
  const Tensor h = Tensor::from_vector<float16_t>({2}, {float16_t{0x3c00}, float16_t{0x8000}});
  CHECK(roundtrip(h) == h);
  const Tensor u64 = Tensor::from_vector<uint64_t>({1}, {~uint64_t{0}});
  CHECK(roundtrip(u64) == u64);
}

TEST_CASE("[F3] packed int4 data unpack low nibble first, with sign extension") {
  // Two int4 values packed in one byte: 0xF7 holds 7 (low nibble) then -1 (high nibble).
  const Tensor t = tensor_from_bytes(tensor_to_bytes(Tensor::from_vector<int4_t>({2}, {int4_t{7}, int4_t{-1}})), "t");
  auto d = t.data<int4_t>();
  CHECK(d[0].v == 7);
  CHECK(d[1].v == -1);
}

TEST_CASE("[F3] raw data that do not match the shape are refused") {
  // A float tensor of shape [4] whose raw_data holds 8 bytes: built by hand as a TensorProto.
  std::string bytes;
  bytes += '\x08'; bytes += '\x04';           // dims: 4
  bytes += '\x10'; bytes += '\x01';           // data_type: FLOAT
  bytes += '\x4a'; bytes += '\x08';           // raw_data, 8 bytes
  bytes += std::string(8, '\0');
  std::string c;
  CHECK(kind_of([&] { (void)tensor_from_bytes(bytes, "short"); }, &c) == ErrorKind::usage);
  CHECK(c == "F3");
}

TEST_CASE("[L1] a negative dimension is refused") {
  std::string bytes;
  bytes += '\x08'; bytes += '\xff'; bytes += std::string(8, '\xff'); bytes += '\x01';  // dims: -1 (varint)
  bytes += '\x10'; bytes += '\x01';
  std::string c;
  CHECK(kind_of([&] { (void)tensor_from_bytes(bytes, "neg"); }, &c) == ErrorKind::usage);
  CHECK(c == "F3");
  CHECK_THROWS_AS((void)element_count({2, -3}), Failure);
}

TEST_CASE("[F4] data kept in external files are reported unsupported") {
  std::string bytes;
  bytes += '\x08'; bytes += '\x01';
  bytes += '\x10'; bytes += '\x01';
  bytes += '\x70'; bytes += '\x01';  // data_location (field 14): EXTERNAL
  CHECK(kind_of([&] { (void)tensor_from_bytes(bytes, "ext"); }) == ErrorKind::unsupported);
}

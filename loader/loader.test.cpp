// Tests of the loader and of serialized values (spec/values.md, "Serialized values"; spec/graph.md G1, W8).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <fstream>

#include <onnx/onnx-data_pb.h>
#include <unistd.h>
#include <filesystem>

#include "loader/loader.hpp"
#include "values/testing.hpp"

using namespace onnxsem;
using onnxsem::testing::kind_of;

namespace {}  // namespace

TEST_CASE("[F1][F2] unreadable files and garbage bytes are usage errors") {
  std::string c;
  CHECK(kind_of([] { (void)load_model_file("/nonexistent/model.onnx"); }, &c) == ErrorKind::usage);
  CHECK(c == "F1");
  CHECK(kind_of([] { (void)load_model_bytes(std::string("\xff\xff\xff\xff garbage", 12), "garbage"); }, &c) ==
        ErrorKind::usage);
  CHECK(c == "F2");
  // A folder given for a file: not an empty model (W8), a file that cannot be read.
  const std::string folder = std::filesystem::temp_directory_path().string();
  CHECK(kind_of([&] { (void)load_model_file(folder); }, &c) == ErrorKind::usage);
  CHECK(c == "F1");
  CHECK(kind_of([&] { (void)read_value_file(folder, Type{}); }, &c) == ErrorKind::usage);
  CHECK(c == "F1");
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
  const Tensor f = Tensor::from_vector<float>(test_context(), {2, 2}, {1.5f, -0.0f, std::nanf(""), INFINITY});
  CHECK(roundtrip(f) == f);
  const Tensor s = Tensor::from_vector<std::string>(test_context(), {3}, {"a", "", "long string"});
  CHECK(roundtrip(s) == s);
  const Tensor b = Tensor::from_vector<bool>(test_context(), {3}, {true, false, true});
  CHECK(roundtrip(b) == b);
  const Tensor i4 = Tensor::from_vector<int4_t>(test_context(), {3}, {int4_t{-8}, int4_t{7}, int4_t{-1}});
  CHECK(roundtrip(i4) == i4);
  const Tensor u2 = Tensor::from_vector<uint2_t>(test_context(), {5},
                                                 {uint2_t{0}, uint2_t{1}, uint2_t{2}, uint2_t{3}, uint2_t{1}});
  CHECK(roundtrip(u2) == u2);
  const Tensor h = Tensor::from_vector<float16_t>(test_context(), {2}, {float16_t{0x3c00}, float16_t{0x8000}});
  CHECK(roundtrip(h) == h);
  const Tensor u64 = Tensor::from_vector<uint64_t>(test_context(), {1}, {~uint64_t{0}});
  CHECK(roundtrip(u64) == u64);
}

TEST_CASE("[F3] packed int4 data unpack low nibble first, with sign extension") {
  // Two int4 values packed in one byte: 0xF7 holds 7 (low nibble) then -1 (high nibble).
  const Tensor t = tensor_from_bytes(tensor_to_bytes(
                                         Tensor::from_vector<int4_t>(test_context(), {2}, {int4_t{7}, int4_t{-1}})),
                                     "t");
  auto d = t.data<int4_t>();
  CHECK(d[0].v == 7);
  CHECK(d[1].v == -1);
}

TEST_CASE("[F3] raw data that do not match the shape are refused") {
  // A float tensor of shape [4] whose raw_data holds 8 bytes: built by hand as a TensorProto.
  std::string bytes;
  // clang-format off
  bytes += '\x08'; bytes += '\x04';           // dims: 4
  bytes += '\x10'; bytes += '\x01';           // data_type: FLOAT
  bytes += '\x4a'; bytes += '\x08';           // raw_data, 8 bytes
  // clang-format on
  bytes += std::string(8, '\0');
  std::string c;
  CHECK(kind_of([&] { (void)tensor_from_bytes(bytes, "short"); }, &c) == ErrorKind::usage);
  CHECK(c == "F3");
}

TEST_CASE("[F3] a small tensor declaring huge dimensions is refused before anything is allocated") {
  // dims [2^40] of int64 with one value in int64_data: counted against the shape first, so the refusal is
  // F3 (the data do not fill the shape), not the allocation limit (L3) of a tensor never to be filled.
  std::string bytes;
  // clang-format off
  bytes += '\x08'; bytes += std::string("\x80\x80\x80\x80\x80\x80\x01", 7);  // dims: 2^42 (varint)
  bytes += '\x10'; bytes += '\x07';                                        // data_type: INT64
  bytes += '\x3a'; bytes += '\x01'; bytes += '\x07';                        // int64_data: [7] (packed)
  // clang-format on
  std::string c;
  CHECK(kind_of([&] { (void)tensor_from_bytes(bytes, "huge"); }, &c) == ErrorKind::usage);
  CHECK(c == "F3");
}

TEST_CASE("[L1] a negative dimension is refused") {
  std::string bytes;
  // clang-format off
  bytes += '\x08'; bytes += '\xff'; bytes += std::string(8, '\xff'); bytes += '\x01';  // dims: -1 (varint)
  bytes += '\x10'; bytes += '\x01';
  // clang-format on
  std::string c;
  CHECK(kind_of([&] { (void)tensor_from_bytes(bytes, "neg"); }, &c) == ErrorKind::usage);
  CHECK(c == "F3");
  CHECK_THROWS_AS((void)element_count({2, -3}), Failure);
}

TEST_CASE("[F4] segmented tensors are reported unsupported") {
  std::string bytes;
  // clang-format off
  bytes += '\x08'; bytes += '\x01';
  bytes += '\x10'; bytes += '\x01';
  bytes += '\x1a'; bytes += '\x04'; bytes += '\x08'; bytes += '\x00'; bytes += '\x10'; bytes += '\x01';  // segment 0-1
  // clang-format on
  CHECK(kind_of([&] { (void)tensor_from_bytes(bytes, "seg"); }) == ErrorKind::unsupported);
}

TEST_CASE("[F7] a value file's tensor cannot keep its data in an external file") {
  std::string bytes;
  // clang-format off
  bytes += '\x08'; bytes += '\x01';
  bytes += '\x10'; bytes += '\x01';
  bytes += '\x6a'; bytes += '\x0d';  // external_data (field 13): {key: "location", value: "x"}
  bytes += '\x0a'; bytes += '\x08'; bytes += "location"; bytes += '\x12'; bytes += '\x01'; bytes += 'x';
  bytes += '\x70'; bytes += '\x01';  // data_location (field 14): EXTERNAL
  // clang-format on
  std::string c;
  CHECK(kind_of([&] { (void)tensor_from_bytes(bytes, "ext"); }, &c) == ErrorKind::usage);
  CHECK(c == "F8");
}

namespace {
std::shared_ptr<const Type> tensor_of(DType d) {
  auto t = std::make_shared<Type>();
  t->kind = Type::Kind::tensor;
  t->elem = d;
  return t;
}
Type map_of(DType key, DType value) {
  Type t;
  t.kind = Type::Kind::map;
  t.key = key;
  t.inner = tensor_of(value);
  return t;
}
std::string temp_path(const std::string& stem) {
  return (std::filesystem::temp_directory_path() / ("onnxsem-" + stem + "-" + std::to_string(::getpid()) + ".pb"))
      .string();
}
Value write_read(const Value& v, const Type& declared) {
  const std::string path = temp_path("roundtrip");
  write_value_file(path, v);
  Value back = read_value_file(path, declared);
  std::remove(path.c_str());
  return back;
}
// Reads the serialized bytes of a MapProto as a file declared map(int64, float).
std::string read_map_clause(const onnx::MapProto& p, ErrorKind* kind) {
  const std::string path = temp_path("badmap");
  {
    std::ofstream out(path, std::ios::binary);
    out << p.SerializeAsString();
  }
  std::string c;
  *kind = kind_of([&] { (void)read_value_file(path, map_of(DType::int64, DType::float32)); }, &c);
  std::remove(path.c_str());
  return c;
}
}  // namespace

TEST_CASE("[F5] maps, sequences of maps and optional maps survive a write and a read, keys in order") {
  std::vector<Value> values{Value(Tensor::scalar<float>(test_context(), 0.25f)),
                            Value(Tensor::scalar<float>(test_context(), -1))};
  const Value m(
      make_map(Tensor::from_vector<std::string>(test_context(), {2}, {"z", "a"}), values, tensor_of(DType::float32)));
  const Value back = write_read(m, map_of(DType::string, DType::float32));
  CHECK(back == m);
  CHECK(back.map().keys.data<std::string>()[0] == "z");
  const Value im(
      make_map(Tensor::from_vector<int64_t>(test_context(), {2}, {7, -3}), values, tensor_of(DType::float32)));
  CHECK(write_read(im, map_of(DType::int64, DType::float32)) == im);
  // a sequence of two maps, and the empty sequence of maps
  Type seq;
  seq.kind = Type::Kind::sequence;
  seq.inner = std::make_shared<Type>(map_of(DType::int64, DType::float32));
  const Value s(Sequence{seq.inner, Items(std::vector<Value>{im, im})});
  const Value sback = write_read(s, seq);
  CHECK(sback == s);
  CHECK(sback.sequence().items.at(0).is_map());
  const Value empty(Sequence{seq.inner, Items()});
  CHECK(write_read(empty, seq) == empty);
  // an optional holding a map
  Type opt;
  opt.kind = Type::Kind::optional;
  opt.inner = std::make_shared<Type>(map_of(DType::string, DType::float32));
  const Value o(OptionalValue{opt.inner, std::make_shared<const Value>(m)});
  CHECK(write_read(o, opt) == o);
  // an empty map takes its value type from the declaration
  const Value e(make_map(Tensor::from_vector<int64_t>(test_context(), {0}, {}), {}, nullptr));
  const Value eback = write_read(e, map_of(DType::int64, DType::float64));
  CHECK(eback.map().size() == 0);
  REQUIRE(eback.map().value_type);
  CHECK(eback.map().value_type->elem == DType::float64);
}

TEST_CASE("[F5] malformed serialized maps are refused, never a crash") {
  ErrorKind k{};
  onnx::MapProto p;
  p.set_key_type(7);  // int64
  p.add_keys(1);
  p.add_keys(2);
  p.mutable_values()->set_elem_type(1);
  auto* t = p.mutable_values()->add_tensor_values();
  t->set_data_type(1);
  t->add_float_data(0.5f);
  CHECK(read_map_clause(p, &k) == "F5");  // two keys, one value
  CHECK(k == ErrorKind::usage);
  p.set_keys(1, 1);
  auto* t2 = p.mutable_values()->add_tensor_values();
  t2->set_data_type(1);
  t2->add_float_data(1.5f);
  CHECK(read_map_clause(p, &k) == "F5");  // key 1 twice
  p.set_keys(1, 2);
  p.add_string_keys("x");
  CHECK(read_map_clause(p, &k) == "F5");  // int64 keys with string keys as well
  p.clear_string_keys();
  p.set_key_type(1);  // float keys
  CHECK(read_map_clause(p, &k) == "F5");
  p.set_key_type(6);  // int32 keys: a map ONNX allows, onnxsem does not read
  (void)read_map_clause(p, &k);
  CHECK(k == ErrorKind::unsupported);
  // bytes that are not a MapProto at all
  const std::string path = temp_path("garbage");
  {
    std::ofstream out(path, std::ios::binary);
    out << std::string("\xff\xff\xff\xff garbage", 12);
  }
  std::string c;
  CHECK(kind_of([&] { (void)read_value_file(path, map_of(DType::int64, DType::float32)); }, &c) == ErrorKind::usage);
  CHECK(c == "F1");
  std::remove(path.c_str());
}

// Tests of external data (spec/values.md, F7-F8): the forms ONNX writes are read, every hostile form is
// refused with its clause before a byte of the file is read, and nothing outside the model's folder is read.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <onnx/onnx_pb.h>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "loader/loader.hpp"
#include "values/testing.hpp"

using namespace onnxsem;
using onnxsem::testing::kind_of;
namespace fs = std::filesystem;

namespace {

// A fresh folder under the temporary folder, removed at the end of the test: `root` holds `model/` (the
// model's folder) and `outside/` (a file the model must never reach).
struct Scratch {
  fs::path root, model, outside;
  Scratch() {
    root = fs::temp_directory_path() / ("onnxsem-external-" + std::to_string(::getpid()));
    fs::remove_all(root);
    model = root / "model";
    outside = root / "outside";
    fs::create_directories(model);
    fs::create_directories(outside);
    write(outside / "secret.bin", floats({7, 7, 7, 7}));
  }
  ~Scratch() { fs::remove_all(root); }
  static std::string floats(const std::vector<float>& v) {
    std::string s(v.size() * 4, '\0');
    std::memcpy(s.data(), v.data(), s.size());
    return s;
  }
  static void write(const fs::path& p, const std::string& bytes) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
};

using Entries = std::vector<std::pair<std::string, std::string>>;

void set_external(onnx::TensorProto& t, const Entries& entries) {
  t.set_data_location(onnx::TensorProto_DataLocation_EXTERNAL);
  for (const auto& [k, v] : entries) {
    auto* e = t.add_external_data();
    e->set_key(k);
    e->set_value(v);
  }
}

// A model whose one initializer W (type `dtype`, shape `dims`) keeps its data as `entries` say; the graph
// returns W. Written to `dir`/model.onnx; its path is returned.
std::string model_with(const fs::path& dir, const Entries& entries, std::vector<int64_t> dims = {4},
                       int dtype = onnx::TensorProto_DataType_FLOAT) {
  onnx::ModelProto m;
  m.set_ir_version(8);
  m.add_opset_import()->set_version(17);
  auto* g = m.mutable_graph();
  g->set_name("g");
  auto* w = g->add_initializer();
  w->set_name("W");
  w->set_data_type(dtype);
  for (int64_t d : dims) w->add_dims(d);
  set_external(*w, entries);
  auto* n = g->add_node();
  n->set_op_type("Identity");
  n->add_input("W");
  n->add_output("Y");
  auto* y = g->add_output();
  y->set_name("Y");
  y->mutable_type()->mutable_tensor_type()->set_elem_type(dtype);
  const std::string path = (dir / "model.onnx").string();
  std::ofstream(path, std::ios::binary) << m.SerializeAsString();
  return path;
}

std::vector<float> w_of(const Model& m) {
  const auto d = m.graph.initializers.at(0).second.data<float>();
  return {d.begin(), d.end()};
}

// The clause and kind of loading the model at `path` under an allocation limit of `max_tensor_bytes` (L3).
std::pair<ErrorKind, std::string> outcome(const std::string& path, std::string* message = nullptr,
                                          int64_t max_tensor_bytes = kDefaultTensorBytes) {
  std::string clause;
  const ErrorKind k = kind_of([&] { (void)load_model_file(path, max_tensor_bytes); }, &clause, message);
  return {k, clause};
}

const std::pair<ErrorKind, std::string> refused_f8{ErrorKind::refused, "F8"};
const std::pair<ErrorKind, std::string> unusable_f8{ErrorKind::usage, "F8"};

}  // namespace

TEST_CASE("[F7] external data: whole file, offset and length, sub-folder, two tensors in one file") {
  Scratch s;
  s.write(s.model / "w.bin", Scratch::floats({1, 2, 3, 4}));
  CHECK(w_of(load_model_file(model_with(s.model, {{"location", "w.bin"}}))) == std::vector<float>{1, 2, 3, 4});

  // 8 bytes of padding, then the tensor, then 4 bytes more: offset and length pick the tensor out.
  s.write(s.model / "data" / "all.bin", std::string(8, 'x') + Scratch::floats({5, 6, 7, 8}) + "tail");
  const auto m = load_model_file(
      model_with(s.model, {{"location", "./data/all.bin"}, {"offset", "8"}, {"length", "16"}, {"checksum", "ab"}}));
  CHECK(w_of(m) == std::vector<float>{5, 6, 7, 8});

  // A Constant's value attribute and an initializer in the same file, at different offsets.
  onnx::ModelProto p;
  p.set_ir_version(8);
  p.add_opset_import()->set_version(17);
  auto* g = p.mutable_graph();
  auto* w = g->add_initializer();
  w->set_name("W");
  w->set_data_type(onnx::TensorProto_DataType_FLOAT);
  w->add_dims(2);
  set_external(*w, {{"location", "data/all.bin"}, {"offset", "8"}, {"length", "8"}});
  auto* c = g->add_node();
  c->set_op_type("Constant");
  c->add_output("C");
  auto* a = c->add_attribute();
  a->set_name("value");
  a->set_type(onnx::AttributeProto_AttributeType_TENSOR);
  a->mutable_t()->set_data_type(onnx::TensorProto_DataType_FLOAT);
  a->mutable_t()->add_dims(2);
  set_external(*a->mutable_t(), {{"location", "data/all.bin"}, {"offset", "16"}, {"length", "8"}});
  const std::string path = (s.model / "two.onnx").string();
  std::ofstream(path, std::ios::binary) << p.SerializeAsString();
  const Model two = load_model_file(path);
  CHECK(w_of(two) == std::vector<float>{5, 6});
  const auto cv = two.graph.nodes.at(0).attributes.at(0).t.data<float>();
  CHECK(std::vector<float>(cv.begin(), cv.end()) == std::vector<float>{7, 8});
}

TEST_CASE("[F7] external data of packed and boolean types use raw_data's layout") {
  Scratch s;
  // int4 [3]: 1, -2, 7 packed two per byte, the first element in the low bits: 0xE1 0x07.
  s.write(s.model / "i4.bin", std::string("\xE1\x07", 2));
  const Model m = load_model_file(model_with(s.model, {{"location", "i4.bin"}}, {3}, static_cast<int>(DType::int4)));
  const auto v = m.graph.initializers.at(0).second.data<int4_t>();
  REQUIRE(v.size() == 3);
  CHECK(int(v[0].v) == 1);
  CHECK(int(v[1].v) == -2);
  CHECK(int(v[2].v) == 7);
  // bool: any non-zero byte is true.
  s.write(s.model / "b.bin", std::string("\x00\x02\x01", 3));
  const Model b = load_model_file(model_with(s.model, {{"location", "b.bin"}}, {3}, onnx::TensorProto_DataType_BOOL));
  const auto bv = b.graph.initializers.at(0).second.data<bool>();
  CHECK((bv[0] == false && bv[1] == true && bv[2] == true));
}

TEST_CASE("[F7] external data that contradict the tensor's own fields are refused") {
  Scratch s;
  s.write(s.model / "w.bin", Scratch::floats({1, 2, 3, 4}));
  onnx::ModelProto p;
  p.set_ir_version(8);
  p.add_opset_import()->set_version(17);
  auto* w = p.mutable_graph()->add_initializer();
  w->set_name("W");
  w->set_data_type(onnx::TensorProto_DataType_FLOAT);
  w->add_dims(4);
  set_external(*w, {{"location", "w.bin"}});
  w->set_raw_data(Scratch::floats({0, 0, 0, 0}));  // data of its own too
  std::ofstream((s.model / "both.onnx").string(), std::ios::binary) << p.SerializeAsString();
  CHECK(outcome((s.model / "both.onnx").string()) == std::pair{ErrorKind::refused, std::string("F7")});

  w->clear_raw_data();
  w->set_data_location(onnx::TensorProto_DataLocation_DEFAULT);  // entries, but not EXTERNAL
  std::ofstream((s.model / "stale.onnx").string(), std::ios::binary) << p.SerializeAsString();
  CHECK(outcome((s.model / "stale.onnx").string()) == std::pair{ErrorKind::refused, std::string("F7")});

  // A string tensor has no raw layout.
  CHECK(outcome(model_with(s.model, {{"location", "w.bin"}}, {1}, onnx::TensorProto_DataType_STRING)) ==
        std::pair{ErrorKind::refused, std::string("F7")});
  // A key given twice.
  CHECK(outcome(model_with(s.model, {{"location", "w.bin"}, {"location", "v.bin"}})) ==
        std::pair{ErrorKind::refused, std::string("F7")});
  CHECK(outcome(model_with(s.model, {{"offset", "0"}})) == std::pair{ErrorKind::refused, std::string("F7")});
}

TEST_CASE("[F8] locations that leave the model's folder are refused before any file is looked at") {
  Scratch s;
  const std::string secret = (s.outside / "secret.bin").string();
  for (const auto& location : {secret, std::string("../outside/secret.bin"), std::string("a/../../outside/secret.bin"),
                               std::string(""), std::string("."), std::string("w.bin\0x", 7)}) {
    CAPTURE(location);
    CHECK(outcome(model_with(s.model, {{"location", location}})) == refused_f8);
  }
  for (const auto& offset : {"-1", "1e3", " 4", "0x10", "99999999999999999999"}) {
    CAPTURE(offset);
    CHECK(outcome(model_with(s.model, {{"location", "w.bin"}, {"offset", offset}})) == refused_f8);
  }
  // A length other than the tensor's size (4 floats: 16 bytes), whatever the file holds.
  s.write(s.model / "w.bin", Scratch::floats({1, 2, 3, 4, 5}));
  CHECK(outcome(model_with(s.model, {{"location", "w.bin"}, {"length", "20"}})) == refused_f8);
  CHECK(outcome(model_with(s.model, {{"location", "w.bin"}, {"length", "12"}})) == refused_f8);
}

TEST_CASE("[F8] symbolic links, hard links and files that are not regular are refused") {
  Scratch s;
  const fs::path secret = s.outside / "secret.bin";
  s.write(s.model / "inside.bin", Scratch::floats({1, 2, 3, 4}));
  std::string message;
  // A symbolic link as the file, to the outside and to a file inside the folder alike.
  fs::create_symlink(secret, s.model / "out.bin");
  CHECK(outcome(model_with(s.model, {{"location", "out.bin"}}), &message) == unusable_f8);
  CHECK(message.find("symbolic link") != std::string::npos);
  fs::create_symlink("inside.bin", s.model / "in.bin");
  CHECK(outcome(model_with(s.model, {{"location", "in.bin"}})) == unusable_f8);
  // A symbolic link as a folder on the way.
  fs::create_directory_symlink(s.outside, s.model / "sub");
  CHECK(outcome(model_with(s.model, {{"location", "sub/secret.bin"}}), &message) == unusable_f8);
  CHECK(message.find("'sub' is a symbolic link") != std::string::npos);
  // A hard link to the outside file: a regular file, but not the only name of its bytes.
  fs::create_hard_link(secret, s.model / "hard.bin");
  CHECK(outcome(model_with(s.model, {{"location", "hard.bin"}}), &message) == unusable_f8);
  CHECK(message.find("hard links") != std::string::npos);
  // A folder, a FIFO (never opened: opening it would wait for a writer), a missing file.
  fs::create_directory(s.model / "dir.bin");
  CHECK(outcome(model_with(s.model, {{"location", "dir.bin"}})) == unusable_f8);
  REQUIRE(::mkfifo((s.model / "fifo.bin").c_str(), 0600) == 0);
  CHECK(outcome(model_with(s.model, {{"location", "fifo.bin"}}), &message) == unusable_f8);
  CHECK(message.find("not a regular file") != std::string::npos);
  CHECK(outcome(model_with(s.model, {{"location", "missing.bin"}}), &message) == unusable_f8);
  CHECK(message.find("does not exist") != std::string::npos);
  CHECK(outcome(model_with(s.model, {{"location", "inside.bin/x"}})) == unusable_f8);
}

TEST_CASE("[F8] offsets and lengths outside the file are refused before anything is allocated") {
  Scratch s;
  s.write(s.model / "w.bin", Scratch::floats({1, 2, 3, 4}));  // 16 bytes
  CHECK(outcome(model_with(s.model, {{"location", "w.bin"}, {"offset", "17"}})) == unusable_f8);
  CHECK(outcome(model_with(s.model, {{"location", "w.bin"}, {"offset", "4"}, {"length", "16"}})) == unusable_f8);
  // Without a length the rest of the file must be the tensor: 12 bytes from offset 4 are not 16.
  CHECK(outcome(model_with(s.model, {{"location", "w.bin"}, {"offset", "4"}})) == unusable_f8);
  CHECK(outcome(model_with(s.model, {{"location", "w.bin"}}, {5})) == unusable_f8);
  // Dimensions of 2^40 floats with a matching length: refused by the file's size, not by an allocation.
  CHECK(outcome(model_with(s.model, {{"location", "w.bin"}, {"length", std::to_string(int64_t{1} << 42)}},
                           {int64_t{1} << 40})) == unusable_f8);
  // Within the file but over the allocation limit: the limit's clause, before the allocation.
  s.write(s.model / "big.bin", std::string(size_t{1} << 20, '\0'));
  CHECK(outcome(model_with(s.model, {{"location", "big.bin"}}, {int64_t{1} << 18}), nullptr, int64_t{1} << 19) ==
        std::pair{ErrorKind::evaluation, std::string("L3")});
  CHECK(outcome(model_with(s.model, {{"location", "big.bin"}}, {int64_t{1} << 18}), nullptr, int64_t{1} << 20) ==
        std::pair{ErrorKind::internal, std::string()});  // within a limit of 1 MiB: read
}

TEST_CASE("[F8] a model that was not read from a file has no folder to read external data from") {
  Scratch s;
  s.write(s.model / "w.bin", Scratch::floats({1, 2, 3, 4}));
  std::ifstream in(model_with(s.model, {{"location", "w.bin"}}), std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string clause;
  CHECK(kind_of([&] { (void)load_model_bytes(bytes, "bytes"); }, &clause) == ErrorKind::usage);
  CHECK(clause == "F8");
  CHECK(w_of(load_model_bytes(bytes, "bytes", (s.model / "model.onnx").string())) == std::vector<float>{1, 2, 3, 4});
}

TEST_CASE("[F7] the files a model's external data live in, for copying the model") {
  Scratch s;
  model_with(s.model, {{"location", "data/w.bin"}, {"offset", "0"}});
  CHECK(external_data_files((s.model / "model.onnx").string()) == std::vector<std::string>{"data/w.bin"});
  CHECK(external_data_files((s.model / "none.onnx").string()).empty());
}

// Test support for semantics/ (see testing.hpp).
#include "values/testing.hpp"

#include <unistd.h>

#include <cstdlib>
#include <stdexcept>

namespace onnxsem::testing {

TempDir::TempDir() {
  std::string name = (std::filesystem::temp_directory_path() / "onnxsem-test-XXXXXX").string();
  if (!mkdtemp(name.data())) throw std::runtime_error("cannot create a temporary folder");
  path = name;
}
TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path, ec);
}

Tensor floats(Shape shape, std::vector<float> values) {
  return Tensor::from_vector<float>(test_context(), std::move(shape), values);
}

namespace {
// The toy operators' own errors, with IDs T1-T4 that name no clause of spec/: raised as Error values, which
// the compile-time check of raise sites (runtime/error.hpp, Clause) would refuse: they are Relayed.
[[noreturn]] void toy_error(const char* id, const char* message) {
  throw Failure(Error{ErrorKind::evaluation, Relayed{id}, message});
}

Tensor zip(const Tensor& a, const Tensor& b, float sign) {
  if (a.shape() != b.shape()) toy_error("T2", "toy Add needs equal shapes");
  auto [t, out] = Tensor::allocate<float>(test_context(), a.shape());
  auto x = a.data<float>();
  auto y = b.data<float>();
  for (size_t i = 0; i < out.size(); ++i) out[i] = x[i] + sign * y[i];
  return t;
}
}  // namespace

ToyTable::ToyTable() {
  kernels_["Add"] = [](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    return {Value(zip(a.tensor(0), a.tensor(1), 1.0f))};
  };
  kernels_["Neg"] = [](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    auto [t, out] = Tensor::allocate<float>(a.context(), a.tensor(0).shape());
    auto x = a.tensor(0).data<float>();
    for (size_t i = 0; i < out.size(); ++i) out[i] = -x[i];
    return {Value(t)};
  };
  kernels_["NegOver"] = [](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    const Tensor& x = a.tensor(0);
    auto [t, out] = Tensor::overwrite_or_allocate<float>(a.context(), x, x.shape());
    auto in = x.data<float>();
    for (size_t i = 0; i < out.size(); ++i) out[i] = -in[i];
    return {Value(t)};
  };
  kernels_["Identity"] = [](const KernelArgs& a) -> std::vector<std::optional<Value>> { return {a.value(0)}; };
  kernels_["Boom"] = [](const KernelArgs&) -> std::vector<std::optional<Value>> { toy_error("T1", "boom"); };
  kernels_["Opt"] = [](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    if (!a.has_input(1)) return {a.value(0)};
    return {Value(zip(a.tensor(0), a.tensor(1), 1.0f))};
  };
  kernels_["Scale"] = [](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    const Attribute* k = a.node.attr("k");
    if (!k) toy_error("T3", "toy Scale needs the attribute k");
    auto [t, out] = Tensor::allocate<float>(a.context(), a.tensor(0).shape());
    auto x = a.tensor(0).data<float>();
    for (size_t i = 0; i < out.size(); ++i) out[i] = x[i] * k->f;
    return {Value(t)};
  };
  kernels_["Apply"] = [](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    const Attribute* g = a.node.attr("body");
    if (!g || !g->g) toy_error("T4", "toy Apply needs the graph attribute body");
    if (!a.subgraph) toy_error("T4", "toy Apply is called without the graph semantics");
    auto out = a.subgraph(*g->g, {a.value(0)});
    return {out.at(0)};
  };
  kernels_["Keep"] = [this](const KernelArgs& a) -> std::vector<std::optional<Value>> {
    kept() = a.tensor(0);
    return kernels_.at("Neg")(a);
  };
  kernels_["Holders"] = [](const KernelArgs&) -> std::vector<std::optional<Value>> {
    return {Value(floats({}, {static_cast<float>(kept().buffer_users() - 1)}))};
  };
  kernels_["Versioned"] = kernels_["Identity"];
  kernels_["Abort"] = [](const KernelArgs&) -> std::vector<std::optional<Value>> { std::abort(); };
}

Tensor& kept() {
  static Tensor t;
  return t;
}

std::vector<int64_t> ToyTable::defined_versions(std::string_view domain, std::string_view op) const {
  if (!domain.empty()) return {};
  if (op == "Versioned") return {1, 5};
  if (op == "If" || op == "Loop") return {1};  // control flow: the graph semantics fires these itself
  if (op == "Scan") return {8, 9};
  if (op == "SequenceMap") return {17};
  if (op == "RandomNormal" || op == "Dropout" || kernels_.count(std::string(op))) return {1};
  return {};
}

const Kernel* ToyTable::kernel(std::string_view domain, std::string_view op, int64_t since) const {
  if (!domain.empty() || since != 1) return nullptr;
  auto it = kernels_.find(std::string(op));
  return it == kernels_.end() ? nullptr : &it->second;
}

bool ToyTable::nondeterministic(std::string_view domain, std::string_view op) const {
  return domain.empty() && op == "RandomNormal";
}

std::map<std::string, Value> control_model_inputs() {
  return {{"c", Value(Tensor::scalar<bool>(test_context(), true))},
          {"m", Value(Tensor::scalar<int64_t>(test_context(), 2))},
          {"x", Value(floats({2}, {1.0f, 2.0f}))}};
}

}  // namespace onnxsem::testing

// Seeded random input sets (spec/conformance.md, XC4).
#include "conformance/random_inputs.hpp"

#include <random>

#include "conformance/hash.hpp"
#include "values/dispatch.hpp"
#include "values/numeric.hpp"

namespace onnxsem::conformance {
namespace {

// The random sets have always been seeded from FNV-1a started at this value (FNV's offset basis with its last
// digit lost); it stays, so that every random input set keeps its values.
constexpr uint64_t set_seed_basis = 1469598103934665603ULL;

}  // namespace

uint64_t random_set_seed(uint64_t seed, const std::string& test_key, int set) {
  return splitmix64(seed ^ conformance::fnv1a(test_key, set_seed_basis)) + static_cast<uint64_t>(set);
}

// [spec:XC4] random inputs: declared element type and shape, symbolic dimensions of size 2, values from a
// generator seeded by the seed and the input's position.
std::optional<std::map<std::string, Value>> random_inputs(EvalContext& cx, const Graph& g, uint64_t seed,
                                                          std::string& why) {
  std::map<std::string, Value> out;
  const auto fed = fed_inputs(g);
  for (size_t k = 0; k < fed.size(); ++k) {
    const ValueInfo& vi = *fed[k];
    if (vi.type.kind != Type::Kind::tensor || !vi.type.shape) {
      why = "input '" + vi.name + "' is not a tensor of declared shape (" + vi.type.describe() + ")";
      return std::nullopt;
    }
    Shape shape;
    for (const auto& d : *vi.type.shape) shape.push_back(d.value ? *d.value : symbolic_dim_size);
    for (auto d : shape)
      if (d < 0) {
        why = "input '" + vi.name + "' has a negative dimension";
        return std::nullopt;
      }
    std::mt19937_64 gen(splitmix64(seed ^ splitmix64(k + 1)));
    auto unit = [&] { return static_cast<double>(gen() >> 11) * 0x1.0p-53; };  // [0, 1)
    const DType t = vi.type.elem;
    bool ok = true;
    Tensor tensor;
    if (t == DType::string) {
      static const std::array<const char*, 4> words = {"a", "bc", "ONNX", "x y"};
      auto [tt, o] = Tensor::allocate<std::string>(cx, shape);
      for (auto& e : o) e = words[gen() % words.size()];
      tensor = tt;
    } else if (t == DType::complex64 || t == DType::complex128 || t == DType::undefined) {
      ok = false;
    } else {
      dispatch(t, hana::concat(hana::concat(numeric_and_bool_types, float8_types), small_int_types), "random input",
               [&](auto tag) {
                 using T = typename decltype(tag)::type;
                 auto [tt, o] = Tensor::allocate<T>(cx, shape);
                 for (auto& e : o) {
                   if constexpr (std::is_same_v<T, bool>) {
                     e = unit() < 0.5;
                   } else if (is_float(t)) {
                     // floats uniform in [-2, 2), rounded to the type ([0, 2) for float8e8m0)
                     const double x = t == DType::float8e8m0 ? 2 * unit() + 0x1.0p-8 : 4 * unit() - 2;
                     e = num::from_double<T>(x);
                   } else if (is_signed_integer(t)) {
                     // integers in [-4, 4] ([-2, 1] for int2)
                     const double lo = t == DType::int2 ? -2 : -4, hi = t == DType::int2 ? 1 : 4;
                     e = num::from_double<T>(lo + std::floor(unit() * (hi - lo + 1)));
                   } else {
                     const double hi = t == DType::uint2 ? 3 : 8;  // integers in [0, 8] ([0, 3] for uint2)
                     e = num::from_double<T>(std::floor(unit() * (hi + 1)));
                   }
                 }
                 tensor = tt;
               });
    }
    if (!ok) {
      why = "input '" + vi.name + "' has element type " + dtype_name(t) + ", which has no random form";
      return std::nullopt;
    }
    out[vi.name] = Value(tensor);
  }
  return out;
}

}  // namespace onnxsem::conformance

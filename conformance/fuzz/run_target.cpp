// Fuzz target: bytes -> model -> check -> evaluation on seeded random inputs (the fixpoint, and the
// demand-driven formulation for one input in four), as `onnxsem run` does, under bounded_options().
#include <functional>
#include <map>
#include <optional>

#include "conformance/fuzz/fuzz.hpp"
#include "conformance/random_inputs.hpp"
#include "loader/loader.hpp"
#include "ops/registry.hpp"
#include "semantics/check.hpp"
#include "semantics/demand.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace onnxsem;
  fuzz::guard("run", [&] {
    const std::string bytes = fuzz::bytes_of(data, size);
    const Model m = load_model_bytes(bytes, "fuzz");
    const auto& ops = ops::standard_registry();
    if (refuses(check(m, Profile::onnx, ops))) return;
    const EvalOptions o = fuzz::bounded_options();
    const uint64_t seed = std::hash<std::string>{}(bytes);
    std::string why;
    std::optional<std::map<std::string, Value>> inputs;
    {
      EvalContext limited(Limits{.tensor_bytes = o.max_tensor_bytes});  // the inputs too: declared dims may be huge
      inputs = conformance::random_inputs(limited, m.graph, seed, why);
    }
    if (!inputs) return;
    fuzz::judge("run", evaluate(m, *inputs, ops, o));
    if (seed % 4 == 0) fuzz::judge("run", evaluate_demand(m, *inputs, ops, o));
  });
  return 0;
}

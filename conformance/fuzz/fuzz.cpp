#include "conformance/fuzz/fuzz.hpp"

#include <cstdlib>
#include <iostream>

namespace onnxsem::fuzz {

void finding(const std::string& target, const std::string& what) {
  std::cerr << "onnxsem fuzz target " << target << ": " << what
            << (current_input.empty() ? std::string() : " (input " + current_input + ")") << "\n";
  std::abort();
}

void judge(const char* target, const Outcome& o) {
  if (o.error && o.error->kind == ErrorKind::internal) finding(target, "internal error " + o.error->describe());
}

EvalOptions bounded_options() {
  EvalOptions o;
  o.max_tensor_bytes = int64_t{16} << 20;
  o.max_loop_iterations = 10'000;
  o.max_firing_work = int64_t{1} << 24;
  o.max_work = int64_t{1} << 25;
  return o;
}

}  // namespace onnxsem::fuzz

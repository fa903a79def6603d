// The work meter (spec/values.md, L5): charged in the context this thread works for.
#include "runtime/work.hpp"

namespace onnxsem {

void charge_work(int64_t units, std::string_view what) { current_context().charge(units, what); }

}  // namespace onnxsem

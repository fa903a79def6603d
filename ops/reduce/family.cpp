// The reduce family's entry point: registers every operator version of ops/reduce/ in the table.
#include "ops/reduce/rd_common.hpp"

namespace onnxsem::ops {

void add_reduce(Registry& r) {
  const rd::Adder add = [&r](const std::string& op_type, std::initializer_list<int64_t> since, Kernel k) {
    r.add("", op_type, since, std::move(k));
  };
  rd::add_reductions(add);
  rd::add_argminmax(add);
  rd::add_softmax(add);
  rd::add_cumulative(add);
  rd::add_topk(add);
}

}  // namespace onnxsem::ops

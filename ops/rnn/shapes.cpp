// The shape rules of the rnn family (spec/types.md, TY5; spec/ops-rnn.md, "Shapes"): RNN, GRU and LSTM give
// Y [S, D, B, H] and the states [D, B, H] (layout 0), or [B, S, D, H] and [B, D, H] (layout 1), from X, R and
// the attributes.
#include <string>
#include <vector>

#include "ops/common/attrs.hpp"
#include "ops/common/shape_rules.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops {
namespace {

std::vector<Type> recurrent_rule(const InferenceArgs& a) {
  const Node& n = a.node;
  const std::string op = n.op_type;
  std::vector<Type> out(a.output_count);
  for (auto& t : out) t.kind = Type::Kind::tensor;

  // direction and layout hold values the operator lists (RN1, TY10).
  const std::string direction = choice_attr(n, "direction", "forward", {"forward", "reverse", "bidirectional"});
  const int64_t layout = attr_int(n, "layout", 0);
  if (layout != 0 && layout != 1)
    type_error("TY10", op + ": attribute layout is " + std::to_string(layout) + ", expected 0 or 1");
  const Dim D = fixed_dim(direction == "bidirectional" ? 2 : 1);

  const auto& x = input_dims(a, 0);
  const auto& r = input_dims(a, 2);
  // [spec:RN13] X, W and R have rank 3; R's last axis and hidden_size agree, and W and R have D directions.
  ONNXSEM_CLAUSE(RN13);
  for (size_t k : {size_t{0}, size_t{1}, size_t{2}})
    if (const auto& d = input_dims(a, k); d && d->size() != 3)
      type_error("RN13", op + ": input " +
                             std::string(k == 0   ? "X"
                                         : k == 1 ? "W"
                                                  : "R") +
                             " has rank " + std::to_string(d->size()) + ", expected 3");
  for (size_t k : {size_t{1}, size_t{2}})
    if (const auto& d = input_dims(a, k); d && (*d)[0].value && *(*d)[0].value != *D.value)
      type_error("RN13", op + ": input " + std::string(k == 1 ? "W" : "R") + " has " + dim_text((*d)[0]) +
                             " directions, direction '" + direction + "' needs " + std::to_string(*D.value));
  Dim H = r ? (*r)[2] : Dim{};
  if (const auto hs = attr_int_opt(n, "hidden_size")) {
    if (*hs < 1 || (H.value && *H.value != *hs))
      type_error("RN13", op + ": attribute hidden_size is " + std::to_string(*hs) + ", R's last dimension " +
                             dim_text(H) + " (it must be positive and equal)");
    H = fixed_dim(*hs);
  }
  if (!x) return out;
  const Dim S = layout == 0 ? (*x)[0] : (*x)[1];
  const Dim B = layout == 0 ? (*x)[1] : (*x)[0];
  if (!out.empty()) out[0].shape = layout == 0 ? Dims{S, D, B, H} : Dims{B, S, D, H};
  for (size_t o = 1; o < out.size(); ++o) out[o].shape = layout == 0 ? Dims{D, B, H} : Dims{B, D, H};
  return out;
}

}  // namespace

void shapes_rnn(Registry& r) {
  r.shape_rule("", "RNN", recurrent_rule);
  r.shape_rule("", "GRU", recurrent_rule);
  r.shape_rule("", "LSTM", recurrent_rule);
}

}  // namespace onnxsem::ops

// Helpers shared by the shape, index and constant operators (spec/ops-shape.md). Every operator of the
// family is type-generic: it decides WHICH input element lands at each output position, and one generic
// copy, instantiated over every element type, moves the elements.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ops/common/values.hpp"
#include "ops/registry.hpp"
#include "values/dispatch.hpp"
#include "values/operator.hpp"
#include "values/value.hpp"

namespace onnxsem::ops::shape {

// Registration of each file of the family (called by add_shape).
void add_basic(Registry& r);         // basic.cpp: Identity Shape Size Reshape Flatten Squeeze Unsqueeze
void add_constants(Registry& r);     // constant.cpp: Constant ConstantOfShape Range EyeLike
void add_layout(Registry& r);        // layout.cpp: Transpose DepthToSpace SpaceToDepth Trilu
void add_concat_split(Registry& r);  // concat_split.cpp: Concat Split
void add_slice_pad(Registry& r);     // slice_pad.cpp: Slice Expand Tile Pad
void add_gather(Registry& r);   // gather.cpp: Gather GatherElements GatherND Compress NonZero OneHot ReverseSequence
void add_scatter(Registry& r);  // scatter.cpp: Scatter ScatterElements ScatterND
void add_tensor_scatter(Registry& r);  // tensor_scatter.cpp: TensorScatter

// Row-major element strides of a shape.
[[nodiscard]] std::vector<int64_t> strides_of(const Shape& s);

// Calls f(idx) for every multi-index of `s` in row-major order (nothing when s has no element).
template <class F>
void for_each_index(const Shape& s, F&& f) {
  int64_t total = 1;
  for (int64_t d : s) total *= d;
  std::vector<int64_t> idx(s.size(), 0);
  for (int64_t k = 0; k < total; ++k) {
    f(static_cast<const std::vector<int64_t>&>(idx));
    for (size_t d = s.size(); d-- > 0;) {
      if (++idx[d] < s[d]) break;
      idx[d] = 0;
    }
  }
}

// Refuses (L1, L3) an output shape whose element count overflows or whose index map (8 bytes per element)
// would exceed the allocation limit, before any index map is built for it.
void check_output_size(EvalContext& cx, const Shape& out, const std::string& what);

// The output tensor of shape `out` whose element k is in's element src[k], or `fill` (a one-element
// tensor of in's type; the value-initialised element when null) where src[k] < 0.
[[nodiscard]] Tensor take(EvalContext& cx, const Tensor& in, Shape out, const std::vector<int64_t>& src,
                          const Tensor* fill = nullptr);

// An index into a dimension of size `bound`: a negative index counts from the end once (when
// `negative_ok`); anything else outside [0, bound) is an evaluation error of `clause`.
[[nodiscard]] int64_t checked_index(int64_t index, int64_t bound, bool negative_ok, Clause clause,
                                    const std::string& what);

// Every element of an int32 / int64 tensor of any shape, as int64 (A3 for other types).
[[nodiscard]] std::vector<int64_t> index_values(const Tensor& t, const std::string& what);

// The single value of a one-element int32 / int64 tensor (A3 otherwise).
[[nodiscard]] int64_t scalar_int(const Tensor& t, const std::string& what);

// A one-output result.
[[nodiscard]] inline std::vector<std::optional<Value>> one(Tensor t) { return {Value(std::move(t))}; }

// The element type requirement "inputs a and b share one element type" (clause given by the caller).
void same_type(const Tensor& a, const Tensor& b, Clause clause, const std::string& what);

}  // namespace onnxsem::ops::shape

// The signatures of the text family's operator versions (spec/types.md, TY1): inputs and outputs, type
// constraints, attributes. Facts from ONNX's operator definitions, written in onnxsem's signature text
// (semantics/signature.hpp); every version ONNX defines for these operators, implemented or not.
#include "ops/registry.hpp"

namespace onnxsem::ops {

void describe_text(Registry& r) {
  r.describe(R"sig(
op ai.onnx CumProd 26
in x T
in axis T2
out y T
type T tensor(uint32) tensor(uint64) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(bfloat16)
type T2 tensor(int32) tensor(int64)
attr exclusive int default 0
attr reverse int default 0

op ai.onnx Det 11
in X T
out Y T
type T tensor(float16) tensor(float) tensor(double)

op ai.onnx Det 22
in X T
out Y T
type T tensor(bfloat16) tensor(float16) tensor(float) tensor(double)

op ai.onnx NonMaxSuppression 10
in boxes tensor(float)
in scores tensor(float)
in max_output_boxes_per_class tensor(int64) optional
in iou_threshold tensor(float) optional
in score_threshold tensor(float) optional
out selected_indices tensor(int64)
arity in 2 5
attr center_point_box int default 0

op ai.onnx NonMaxSuppression 11
in boxes tensor(float)
in scores tensor(float)
in max_output_boxes_per_class tensor(int64) optional
in iou_threshold tensor(float) optional
in score_threshold tensor(float) optional
out selected_indices tensor(int64)
arity in 2 5
attr center_point_box int default 0

op ai.onnx RegexFullMatch 20
in X T1
out Y T2
type T1 tensor(string)
type T2 tensor(bool)
attr pattern string

op ai.onnx StringConcat 20
in X T
in Y T
out Z T
type T tensor(string)

op ai.onnx StringNormalizer 10
in X tensor(string)
out Y tensor(string)
attr case_change_action string default NONE
attr is_case_sensitive int default 0
attr locale string
attr stopwords strings

op ai.onnx StringSplit 20
in X T1
out Y T2
out Z T3
type T1 tensor(string)
type T2 tensor(string)
type T3 tensor(int64)
attr delimiter string
attr maxsplit int

op ai.onnx TfIdfVectorizer 9
in X T
out Y T1
type T tensor(string) tensor(int32) tensor(int64)
type T1 tensor(float)
attr max_gram_length int required
attr max_skip_count int required
attr min_gram_length int required
attr mode string required
attr ngram_counts ints required
attr ngram_indexes ints required
attr pool_int64s ints
attr pool_strings strings
attr weights floats

op ai.onnx Unique 11
in X T
out Y T
out indices tensor(int64) optional
out inverse_indices tensor(int64) optional
out counts tensor(int64) optional
arity out 1 4
type T tensor(uint8) tensor(uint16) tensor(uint32) tensor(uint64) tensor(int8) tensor(int16) tensor(int32) tensor(int64) tensor(float16) tensor(float) tensor(double) tensor(string) tensor(bool) tensor(complex64) tensor(complex128)
attr axis int
attr sorted int default 1
)sig");
}

}  // namespace onnxsem::ops

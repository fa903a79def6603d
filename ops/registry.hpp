// The operator table (spec/ops.md, "Registry"): operator versions keyed by (domain, op_type, since_version).
// Built by an explicit function call (standard_registry), never by static initialisers.
#pragma once

#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "values/operator.hpp"

namespace onnxsem::ops {

// Where a registering call is in the source (std::source_location, which clang 14 with libstdc++ 12 lacks:
// the fuzzing build uses clang 14).
struct CodeSite {
  const char* file;
  unsigned line;
  [[nodiscard]] static constexpr CodeSite current(const char* file = __builtin_FILE(),
                                                  unsigned line = __builtin_LINE()) noexcept {
    return {file, line};
  }
};

class Registry final : public OperatorTable {
 public:
  // Registers one behaviour implementation under every since-version it serves. ONNX often raises an
  // operator's version only to widen its type constraints; such versions share one implementation. Throws
  // Failure (internal, O1) for a version registered already: one meaning per operator version.
  // `where` records the registering call, for the operator index (reports/index.hpp) and the book.
  void add(std::string domain, std::string op_type, std::initializer_list<int64_t> since_versions, Kernel k,
           CodeSite where = CodeSite::current());

  [[nodiscard]] std::vector<int64_t> defined_versions(std::string_view domain, std::string_view op_type) const override;
  [[nodiscard]] const Kernel* kernel(std::string_view domain, std::string_view op_type,
                                     int64_t since_version) const override;
  [[nodiscard]] bool nondeterministic(std::string_view domain, std::string_view op_type) const override;
  [[nodiscard]] const Signature* signature(std::string_view domain, std::string_view op_type,
                                           int64_t since_version) const override;
  [[nodiscard]] const ShapeRule* shape_rule(std::string_view domain, std::string_view op_type,
                                            int64_t since_version) const override;

  // Adds the signatures of a signature text (spec/types.md, TY1). Throws Failure (internal, TY1), taking
  // nothing of the text, when it describes an operator version twice or one already described.
  void describe(std::string_view signature_text);
  // Registers the shape rule (TY5) of the operator versions with these since-versions. Throws Failure
  // (internal, TY5) for a version that has no kernel or has a rule already: one rule per registered version.
  void shape_rule(std::string domain, std::string op_type, std::initializer_list<int64_t> since_versions,
                  ShapeRule rule);
  // Registers the shape rule of every version of (domain, op_type) registered so far, the version list
  // written once, with the kernels. Throws Failure (internal, TY5) when none is registered.
  void shape_rule(std::string domain, std::string op_type, ShapeRule rule);
  // Every operator version that has a signature.
  [[nodiscard]] std::vector<const Signature*> signatures() const;

  // Every registered (domain, op_type, since_version), for reports and the operator index.
  [[nodiscard]] std::vector<std::tuple<std::string, std::string, int64_t>> implemented() const;
  // Where (file:line, relative to the source root) an operator version was registered; empty if it was not.
  [[nodiscard]] std::string registered_at(std::string_view domain, std::string_view op_type, int64_t since) const;

 private:
  std::map<std::tuple<std::string, std::string, int64_t>, Kernel, std::less<>> kernels_;
  std::map<std::tuple<std::string, std::string, int64_t>, std::string, std::less<>> sites_;
  std::map<std::tuple<std::string, std::string, int64_t>, Signature, std::less<>> signatures_;
  std::map<std::tuple<std::string, std::string, int64_t>, ShapeRule, std::less<>> shape_rules_;
};

// The table of every operator version onnxsem implements.
[[nodiscard]] const Registry& standard_registry();

// ONNX's own list of operator versions (ops/catalog/): the since-versions of (domain, op_type), ascending,
// or empty when ONNX defines no such operator.
[[nodiscard]] std::vector<int64_t> onnx_defined_versions(std::string_view domain, std::string_view op_type);

// One function per operator family, each in its own folder of ops/.
void add_elementwise(Registry& r);
void add_cast(Registry& r);
void add_shape(Registry& r);
void add_reduce(Registry& r);  // reductions, the softmax family, CumSum, CumProd, TopK
void add_nn(Registry& r);
void add_loss(Registry& r);       // losses and training operators
void add_spatial(Registry& r);    // Resize, Upsample, GridSample, AffineGrid, CenterCropPad, Col2Im, RoiAlign, ...
void add_quant(Registry& r);      // quantization
void add_text(Registry& r);       // strings, RegexFullMatch, TfIdfVectorizer, Unique
void add_rnn(Registry& r);        // RNN, GRU, LSTM
void add_signal(Registry& r);     // DFT, STFT, windows, MelWeightMatrix
void add_sequence(Registry& r);   // sequence and optional operators
void add_attention(Registry& r);  // Attention, RotaryEmbedding, LinearAttention
void add_ml(Registry& r);         // the ai.onnx.ml domain: tree ensembles, encoders, linear models
void add_image(Registry& r);      // ImageDecoder
void add_detection(Registry& r);  // NonMaxSuppression
void add_linalg(Registry& r);     // MatMul, MatMulInteger, Gemm, Einsum, Det

// The signatures of each family (ops/FAMILY/signatures.txt, spec/types.md TY1), embedded by the build.
void describe_elementwise(Registry& r);
void describe_cast(Registry& r);
void describe_shape(Registry& r);
void describe_reduce(Registry& r);
void describe_nn(Registry& r);
void describe_loss(Registry& r);
void describe_spatial(Registry& r);
void describe_quant(Registry& r);
void describe_text(Registry& r);
void describe_rnn(Registry& r);
void describe_signal(Registry& r);
void describe_sequence(Registry& r);
void describe_attention(Registry& r);
void describe_ml(Registry& r);
void describe_image(Registry& r);
void describe_detection(Registry& r);
void describe_linalg(Registry& r);
void describe_control(Registry& r);

// The shape rules of each family (ops/FAMILY/shapes.cpp, spec/types.md TY5).
void shapes_elementwise(Registry& r);
void shapes_cast(Registry& r);
void shapes_shape(Registry& r);
void shapes_reduce(Registry& r);
void shapes_nn(Registry& r);
void shapes_loss(Registry& r);
void shapes_spatial(Registry& r);
void shapes_quant(Registry& r);
void shapes_text(Registry& r);
void shapes_rnn(Registry& r);
void shapes_signal(Registry& r);
void shapes_sequence(Registry& r);
void shapes_attention(Registry& r);
void shapes_ml(Registry& r);
void shapes_image(Registry& r);
void shapes_detection(Registry& r);
void shapes_linalg(Registry& r);

}  // namespace onnxsem::ops

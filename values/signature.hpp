// Operator signatures and shape rules: the data through which the static semantics (spec/types.md) knows an
// operator version. A signature is data, read from a text that lives beside the operator's kernel in ops/;
// a shape rule is the one part that needs computation. Both reach semantics/ through OperatorTable.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "values/ir.hpp"
#include "values/value.hpp"

namespace onnxsem {

// A formal input or output of an operator version (TY1).
struct Formal {
  enum class Form { single, optional, variadic, variadic_mixed };
  std::string name;
  std::string type;  // a type variable of the signature ("T"), or a concrete type ("tensor(int64)")
  Form form = Form::single;
};

// A type variable and the types it may be bound to (ONNX's type constraints). Shapes play no part.
struct TypeVar {
  std::string name;
  std::vector<Type> allowed;
};

struct AttrSpec {
  std::string name;
  AttrType type = AttrType::undefined;
  bool required = false;
  std::string default_text;  // the default as ONNX writes it ("" when none or required)
};

inline constexpr size_t unbounded = std::numeric_limits<size_t>::max();

struct Signature {
  std::string domain;  // "" for ai.onnx
  std::string op_type;
  int64_t since_version = 0;
  std::vector<Formal> inputs;
  std::vector<Formal> outputs;
  size_t min_inputs = 0, max_inputs = 0, min_outputs = 0, max_outputs = 0;  // max: `unbounded`
  std::vector<TypeVar> type_vars;
  std::vector<AttrSpec> attributes;
  bool deprecated = false;  // ONNX marks the version deprecated (TY13)

  [[nodiscard]] const TypeVar* var(std::string_view name) const noexcept;
  [[nodiscard]] const AttrSpec* attr(std::string_view name) const noexcept;
  // The formal that describes input (output) position k, or null past the last one; a variadic formal
  // describes every position from its own on.
  [[nodiscard]] const Formal* input_formal(size_t k) const noexcept;
  [[nodiscard]] const Formal* output_formal(size_t k) const noexcept;
  [[nodiscard]] std::string name() const;  // "Add-14", "ai.onnx.ml::LabelEncoder-2"
};

// Parses the signature text of spec/types.md (TY1): blocks of lines
//   op DOMAIN OP_TYPE SINCE          (DOMAIN "ai.onnx" for the default domain)
//   in NAME TYPE [optional|variadic|variadic-mixed]
//   out NAME TYPE [optional|variadic|variadic-mixed]
//   arity in|out MIN MAX             (MAX "inf": unbounded; without it, the bounds follow from the formals)
//   type VAR TYPE TYPE ...
//   attr NAME ATTR_TYPE [required | default TEXT]
//   deprecated                       (ONNX marks the version deprecated)
// Blank lines and lines starting with '#' are ignored. Throws Failure (internal, TY1) on a malformed text.
[[nodiscard]] std::vector<Signature> parse_signatures(std::string_view text);

// "tensor(float)", "seq(tensor(int64))", "optional(seq(tensor(float)))", "map(int64,tensor(float))",
// "sparse_tensor(float)"; nullopt when the text is not such a type.
[[nodiscard]] std::optional<Type> parse_type(std::string_view text);
// The type as a signature writes it, without its shape: "tensor(float)", "map(int64,tensor(float))".
[[nodiscard]] std::string type_text(const Type& t);
// Whether `actual` is of the form `pattern` (kinds and element types equal, recursively; shapes ignored).
// An unknown part of `actual` (kind unknown, element type undefined) matches anything.
[[nodiscard]] bool type_matches(const Type& actual, const Type& pattern);
[[nodiscard]] AttrType parse_attr_type(std::string_view text);  // "int", "ints", ...; undefined when unknown
[[nodiscard]] const char* attr_type_text(AttrType t) noexcept;  // the name the signature text uses

// What a shape rule is given: the node, its signature, and for every input position the type inference
// found (nullopt: the optional input is absent) and its value when that is known before evaluation
// (an initializer that is not a graph input, a Constant, or a value of the constant part, PE1).
struct InferenceArgs {
  const Node& node;
  const Signature& signature;
  std::vector<std::optional<Type>> inputs;
  std::vector<std::optional<Value>> constants;
  size_t output_count = 0;

  [[nodiscard]] bool has_input(size_t k) const noexcept { return k < inputs.size() && inputs[k].has_value(); }
  // The inferred type of input k, or the unknown type when it is absent.
  [[nodiscard]] const Type& input(size_t k) const noexcept;
  // The known value of input k, or null.
  [[nodiscard]] const Value* constant(size_t k) const noexcept;
};

// A shape rule (TY5): the type of each output position, as far as the operator's definition determines it
// from the inputs' types, the attributes and the known input values. A Type of kind unknown, an element
// type undefined or a shape nullopt says "not determined here"; the typing engine then uses what the
// signature's type variables fix. A rule refuses a model that cannot be well-typed by throwing Failure with
// kind `refused` and the clause of the rule it breaks (see `type_error`); it never evaluates kernels.
using ShapeRule = std::function<std::vector<Type>(const InferenceArgs&)>;

// Throws the refusal of a typing or shape rule.
[[noreturn]] void type_error(Clause clause, std::string message);

// Small constructors that shape rules share.
[[nodiscard]] Type make_tensor_type(DType elem, std::optional<std::vector<Dim>> shape = std::nullopt);
[[nodiscard]] Dim fixed_dim(int64_t v);
[[nodiscard]] std::vector<Dim> fixed_dims(const Shape& s);
// The text of dimensions in refusals and findings: "3", "N", "?"; "[2, N, ?]".
[[nodiscard]] std::string dim_text(const Dim& d);
[[nodiscard]] std::string dims_text(const std::vector<Dim>& d);

}  // namespace onnxsem

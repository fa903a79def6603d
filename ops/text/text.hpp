// Internal interface of the text family (spec/ops-text.md): per-file registration functions and the
// small helpers the family's files share.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "ops/registry.hpp"
#include "semantics/dispatch.hpp"
#include "semantics/numeric.hpp"
#include "semantics/value.hpp"

namespace onnxsem::ops::text {

void add_strings(Registry& r);  // strings.cpp: StringNormalizer, StringConcat, StringSplit
void add_regex(Registry& r);    // regex.cpp: RegexFullMatch
void add_tfidf(Registry& r);    // tfidf.cpp: TfIdfVectorizer
void add_unique(Registry& r);   // unique.cpp: Unique
void add_nms(Registry& r);      // nms.cpp: NonMaxSuppression
void add_linalg(Registry& r);   // linalg.cpp: Det, CumProd

// Exact widening of an element to binary64 (spec/precision.md, P1).
template <class T>
[[nodiscard]] inline double widen(T x) noexcept {
  if constexpr (std::is_arithmetic_v<T>) return static_cast<double>(x);
  else return num::to_double(x);
}

// The single rounding of a binary64 result to a floating-point element type (P1).
template <class T>
[[nodiscard]] inline T narrow(double x) {
  if constexpr (std::is_same_v<T, double>) return x;
  else if constexpr (std::is_same_v<T, float>) return static_cast<float>(x);
  else return num::from_double<T>(x);
}

// The kernel result for the node's output positions: `outs` cut (or padded with nothing) to as many
// entries as the node has outputs.
[[nodiscard]] inline std::vector<std::optional<Value>> fit_outputs(const KernelArgs& a,
                                                                   std::vector<std::optional<Value>> outs) {
  outs.resize(std::max<size_t>(1, a.output_count()));
  return outs;
}

// Shape as text, for messages: "[2,3,4]".
[[nodiscard]] std::string show(const Shape& s);

// UTF-8 decoding and encoding (code points as char32_t). Decoding refuses malformed sequences, overlong
// forms, surrogates and values above U+10FFFF with an evaluation error under `clause`.
[[nodiscard]] std::u32string utf8_decode(const std::string& s, const std::string& clause, const std::string& what);
[[nodiscard]] std::string utf8_encode(const std::u32string& s);

}  // namespace onnxsem::ops::text

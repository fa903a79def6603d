// Internal interface of the text family (spec/ops-text.md): per-file registration functions and the
// small helpers the family's files share.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "ops/common/values.hpp"
#include "ops/registry.hpp"
#include "values/dispatch.hpp"
#include "values/numeric.hpp"
#include "values/value.hpp"

namespace onnxsem::ops::text {

void add_strings(Registry& r);  // strings.cpp: StringNormalizer, StringConcat, StringSplit
void add_regex(Registry& r);    // regex.cpp: RegexFullMatch
void add_tfidf(Registry& r);    // tfidf.cpp: TfIdfVectorizer
void add_unique(Registry& r);   // unique.cpp: Unique

// The kernel result for the node's output positions: `outs` cut (or padded with nothing) to as many
// entries as the node has outputs.
[[nodiscard]] inline std::vector<std::optional<Value>> fit_outputs(const KernelArgs& a,
                                                                   std::vector<std::optional<Value>> outs) {
  outs.resize(std::max<size_t>(1, a.output_count()));
  return outs;
}

// UTF-8 decoding and encoding (code points as char32_t). Decoding refuses malformed sequences, overlong
// forms, surrogates and values above U+10FFFF with an evaluation error under `clause`.
[[nodiscard]] std::u32string utf8_decode(const std::string& s, Clause clause, const std::string& what);
[[nodiscard]] std::string utf8_encode(const std::u32string& s);

}  // namespace onnxsem::ops::text

// Printing for people: values (onnxsem run), findings (check, types, run), inferred types (types), the
// benchmark's lines (bench) and the comparison with libonnx's shape inference (types --compare-libonnx).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "conformance/bench.hpp"
#include "conformance/libonnx_inference.hpp"
#include "semantics/check.hpp"
#include "semantics/types.hpp"
#include "values/value.hpp"

namespace onnxsem::reports {

// "tensor(float)[2,2] = [1, 2, 3, 4]": the type, the shape and up to `limit` elements in row-major order,
// written so that reading them back gives the same value (17 significant digits for doubles, 9 for
// float and narrower types).
[[nodiscard]] std::string format_value(const Value& v, size_t limit = 64);

// One line per output of the graph: "NAME: VALUE" (format_value).
void print_outputs(std::ostream& o, const Graph& g, const std::vector<Value>& outputs);

// One line per finding ("[C1] tensor 'y': ..."); when there is none and `profile` is given, "ok: no findings
// under profile PROFILE".
void print_findings(std::ostream& o, const std::vector<Finding>& findings, const char* profile = nullptr);

// The inferred type of every name of every graph and function call ("SCOPE:" then "  NAME: TYPE"), then the
// counts of operations typed and without a signature, then the findings.
void print_types(std::ostream& o, const Typing& t);

// The benchmark (spec/conformance.md, K12): a header, then per model "NAME median_ms min_ms max_ms runs" or
// "NAME not measured: REASON".
void print_bench_header(std::ostream& o);
void print_bench(std::ostream& o, const conformance::BenchResult& r);

// The comparison with libonnx's shape inference: with `list`, the notes and every name that is not equal;
// then the problems against the known-differences file, then the counts, one line each.
void print_libonnx_comparison(std::ostream& o, const conformance::InferenceComparison& c, bool list,
                              const std::vector<std::string>& problems);

}  // namespace onnxsem::reports

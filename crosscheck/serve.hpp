// The adapter's side of the serve mode (spec/conformance.md, XC6), for adapters written in C++: the
// OpenCV DNN adapter (crosscheck/opencv/) and the planted departure of the tests
// (crosscheck/fixtures/perturbing_adapter.cpp). The cross-check's side is in engine.cpp.
#pragma once

#include <functional>
#include <istream>
#include <ostream>
#include <string>
#include <utility>

namespace onnxsem::crosscheck {

// One request of XC6: the operands of XC1's call.
struct AdapterRequest {
  std::string model, input_dir, output_dir;
  std::string optimize = "all";  // all | disabled
  std::string save_optimized;    // empty: not wanted
};

// A case's end as XC1 states it: the exit code of the one-shot call and its one-line reason.
using CaseEnd = std::pair<int, std::string>;

// [spec:XC6] the request line the cross-check writes to a served adapter: a JSON object and a newline;
// "save_optimized" only when it is wanted.
[[nodiscard]] std::string request_line(const AdapterRequest& r);

// [spec:XC6] reads one request line (a JSON object); a line that is not one ends the case with exit 2 and
// says why, as a bad command line would.
[[nodiscard]] std::pair<AdapterRequest, CaseEnd> parse_request(const std::string& line);

// [spec:XC6] writes `ready READY`, then answers every request line of `in` with `STATUS` or `STATUS REASON`
// on `out`, `run` giving each case's end; blank lines are skipped. Returns 0 at the end of `in`.
int serve(std::istream& in, std::ostream& out, const std::string& ready,
          const std::function<CaseEnd(const AdapterRequest&)>& run);

}  // namespace onnxsem::crosscheck

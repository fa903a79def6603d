// onnxsem cross-check adapter for OpenCV's DNN module 4.6 (Debian's libopencv-dnn-dev), docs/crosscheck.md;
// the protocol is spec/conformance.md, XC1 and XC6:
//
//   onnxsem-opencv-adapter MODEL INPUT_DIR OUTPUT_DIR [--optimize all|disabled] [--save-optimized FILE]
//                          [--repeat N]
//   onnxsem-opencv-adapter --serve     (the same, one JSON request per line on standard input)
//   onnxsem-opencv-adapter --probe     (exits 0 and names the OpenCV version)
//
// Written in C++ against the library rather than in Python because OpenCV's Python binding turns every
// 3-D array into a 2-D image with channels, so that a [3, 4, 5] input reaches the network as 3 x 4; a
// cv::Mat built here has exactly the input's dimensions. Values are read and written with onnxsem's own
// TensorProto reader and writer (loader/loader.hpp). The graph's input and output names and declared
// types are read from the ModelProto here, as the JavaScript adapters do: the adapter is the runtime's
// side, and onnxsem's loader would refuse models the runtime is meant to be tried on.
//
// The network runs on OpenCV's own backend and CPU target with one thread; `--optimize all` keeps OpenCV's
// layer fusion on, `disabled` turns it off. OpenCV cannot save what it made of the graph: --save-optimized
// writes nothing. Exit 0: outputs written; 3: OpenCV cannot run the model (it refused it at import, an
// element type it has no matrix type for, a layer it does not implement), with OpenCV's reason; 1: any
// other error; 2: a bad command line or an unreadable model file.
//
// OpenCV's matrices have at least two dimensions and its layers compute in float32; an output is written
// with the element type the graph declares when OpenCV's value converts to it exactly (an integer output
// given as float32 integers), and is an error otherwise, except for a declared floating-point type narrower
// than OpenCV's (float16 or bfloat16 given as float32), which OpenCV cannot give: that case is exit 3 (see
// tensor_of); a declared rank below 2 is restored when OpenCV's matrix has the same elements (its [n, 1] for
// a declared [n]).
//
// OpenCV gives no value for a name its importer folded away (a constant, an operation it merged into
// another): when it refuses the outputs asked for as a whole ("Requested blob not found"), each is asked
// for alone and those it cannot give are not written, so that localisation (XC10), which asks for every
// value, gets the others. When it can give none of them, the case fails with OpenCV's first message.
#include <onnx/onnx_pb.h>

#include <opencv2/core.hpp>
#include <opencv2/core/utils/logger.hpp>
#include <opencv2/dnn.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "crosscheck/judge.hpp"
#include "crosscheck/serve.hpp"
#include "loader/loader.hpp"
#include "runtime/error.hpp"
#include "values/dispatch.hpp"
#include "values/numeric.hpp"

namespace {
namespace fs = std::filesystem;
using namespace onnxsem;
using crosscheck::one_line;
using num::from_double;
using num::to_double;

// A case's failure: the exit code of the one-shot call and the one-line reason.
struct CaseFailure {
  int code;
  std::string reason;
};

[[noreturn]] void fail(int code, const std::string& reason) { throw CaseFailure{code, one_line(reason)}; }

std::string slurp(const std::string& path, int code_when_missing) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(code_when_missing, "cannot read " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The element types OpenCV has a matrix depth for; the others (int64, uint32, uint64, string, bfloat16, the
// float8 and sub-byte types, complex) have none.
struct DepthOf {
  DType dtype;
  int depth;
};
constexpr DepthOf kDepths[] = {{DType::float32, CV_32F}, {DType::float64, CV_64F}, {DType::float16, CV_16F},
                               {DType::int32, CV_32S},   {DType::int16, CV_16S},   {DType::uint16, CV_16U},
                               {DType::int8, CV_8S},     {DType::uint8, CV_8U}};
constexpr auto cv_types = hana::tuple_t<float, double, float16_t, int32_t, int16_t, uint16_t, int8_t, uint8_t>;

int cv_depth(DType t) {
  for (const DepthOf& d : kDepths)
    if (d.dtype == t) return d.depth;
  return -1;
}
DType dtype_of_depth(int depth) {
  for (const DepthOf& d : kDepths)
    if (d.depth == depth) return d.dtype;
  return DType::undefined;
}

cv::Mat mat_of(const Tensor& t, const std::string& file) {
  const int depth = cv_depth(t.dtype());
  if (depth < 0)
    fail(3, std::string("unsupported by the runtime: element type ") + dtype_name(t.dtype()) + " of " + file +
                " (OpenCV has no matrix type for it)");
  std::vector<int> sizes;
  for (int64_t d : t.shape()) {
    if (d > INT32_MAX) fail(3, "unsupported by the runtime: a dimension of " + file + " is beyond OpenCV's int sizes");
    sizes.push_back(static_cast<int>(d));
  }
  if (sizes.empty()) sizes.push_back(1);  // a scalar as one element
  cv::Mat m(static_cast<int>(sizes.size()), sizes.data(), depth);
  dispatch(t.dtype(), cv_types, "input", [&](auto ty) {
    using T = typename decltype(ty)::type;
    auto src = t.data<T>();
    std::copy(src.begin(), src.end(), reinterpret_cast<T*>(m.data));
  });
  return m;
}

// The elements of a continuous matrix as binary64 values (exact for every depth OpenCV has).
std::vector<double> elements_of(const cv::Mat& m, const std::string& name) {
  return dispatch(dtype_of_depth(m.depth()), cv_types, "output '" + name + "' of OpenCV", [&](auto ty) {
    using T = typename decltype(ty)::type;
    const T* p = reinterpret_cast<const T*>(m.data);
    std::vector<double> v(m.total());
    for (size_t i = 0; i < v.size(); ++i) v[i] = to_double(p[i]);
    return v;
  });
}

// The precision in bits of a binary floating-point type's significand (0 for other types).
int significand_bits(DType t) {
  switch (t) {
    case DType::bfloat16: return 8;
    case DType::float16: return 11;
    case DType::float32: return 24;
    case DType::float64: return 53;
    default: return 0;
  }
}

// The output tensor: OpenCV's matrix in the declared element type (exactly, or a failure) and shape.
//
// A declared floating-point type narrower than the matrix's (float16 or bfloat16, OpenCV giving float32,
// since its layers compute a float16 model in float32) is written when every value is one of the declared
// type: the tensor then holds exactly what OpenCV computed. When a value is not, OpenCV has no output of the
// declared type to give, and the case is exit 3 (the runtime cannot run the model as declared: XC1), not a
// runtime error. The adapter does not round on OpenCV's behalf: the rounded value would be the adapter's
// result, not OpenCV's, and for Cast to float16 the rounding is the whole operation, which OpenCV did not do
// (conformance/findings/opencv.md, finding 19 and G2 of the generated graphs).
Tensor tensor_of(EvalContext& cx, const cv::Mat& given, DType declared, int declared_rank, const std::string& name) {
  const cv::Mat m = given.isContinuous() ? given : given.clone();
  if (m.channels() != 1)
    fail(1, "output '" + name + "': OpenCV gave a matrix of " + std::to_string(m.channels()) + " channels");
  Shape shape;
  for (int k = 0; k < m.dims; ++k) shape.push_back(m.size[k]);
  const size_t n = m.total();
  if (declared_rank >= 0 && declared_rank < 2 && static_cast<int>(shape.size()) == 2 &&
      (declared_rank == 0 ? n == 1 : (shape[0] == 1 || shape[1] == 1)))
    shape = declared_rank == 0 ? Shape{} : Shape{static_cast<int64_t>(n)};
  const DType to = declared == DType::undefined ? dtype_of_depth(m.depth()) : declared;
  const std::vector<double> values = elements_of(m, name);
  return dispatch(to, numeric_and_bool_types, "output '" + name + "'", [&](auto ty) {
    using T = typename decltype(ty)::type;
    auto [t, out] = Tensor::allocate<T>(cx, shape);
    for (size_t i = 0; i < n; ++i) {
      const double v = values[i];
      T x{};
      if constexpr (std::is_same_v<T, bool>) {
        if (v != 0 && v != 1) fail(1, "output '" + name + "' is declared bool but OpenCV gave " + std::to_string(v));
        x = v != 0;
      } else {
        x = from_double<T>(v);
        const double back = to_double(x);
        // A float type keeps the sign of zero; an integer type has one zero (OpenCV's float -0 is 0 there).
        const bool zero_sign_lost = !std::is_integral_v<T> && v == 0 && std::signbit(v) != std::signbit(back);
        if (!(back == v || (std::isnan(back) && std::isnan(v))) || zero_sign_lost) {
          const DType from = dtype_of_depth(m.depth());
          const std::string what = "output '" + name + "' is declared " + dtype_name(to) + " but OpenCV gave " +
                                   dtype_name(from) + " value " + std::to_string(v) + " at element " +
                                   std::to_string(i) + ", which is not one";
          if (significand_bits(to) > 0 && significand_bits(to) < significand_bits(from))
            fail(3, "unsupported by the runtime: " + what + " (OpenCV computes it in " + dtype_name(from) +
                        " and gives no " + dtype_name(to) + " output)");
          fail(1, what);
        }
      }
      out[i] = x;
    }
    return std::move(t);
  });
}

// Messages by which OpenCV says it cannot run a model, as opposed to failing while running it.
bool opencv_cannot(const std::string& m) {
  for (const char* s : {"Unsupported", "unsupported", "not supported", "Not implemented", "not implemented",
                        "Can't create layer", "NotImplemented", "not handled"})
    if (m.find(s) != std::string::npos) return true;
  return false;
}

struct Request : crosscheck::AdapterRequest {
  int repeat = 0;
};

void run_case(const Request& r) {
  const std::string bytes = slurp(r.model, 2);
  onnx::ModelProto proto;
  if (!proto.ParseFromString(bytes)) fail(1, r.model + ": not a ModelProto");
  const onnx::GraphProto& g = proto.graph();

  // OpenCV computes in float32: outputs of a type without a binary64 reading (strings, the float8, 4-bit
  // and 2-bit types) cannot be given in the type the graph declares.
  for (const auto& o : g.output()) {
    const DType t = o.type().has_tensor_type() ? static_cast<DType>(o.type().tensor_type().elem_type())
                                               : DType::undefined;
    bool writable = t == DType::undefined;
    hana::for_each(numeric_and_bool_types,
                   [&](auto ty) { writable = writable || dtype_of<typename decltype(ty)::type> == t; });
    if (!writable)
      fail(3, std::string("unsupported by the runtime: output '") + o.name() + "' is declared " + dtype_name(t) +
                  ", which OpenCV's float32 matrices do not represent");
  }

  cv::dnn::Net net;
  try {
    net = cv::dnn::readNetFromONNX(bytes.data(), bytes.size());
  } catch (const cv::Exception& e) {
    // OpenCV refuses at import what its importer does not know: operators, attributes, layouts.
    fail(3, std::string("unsupported by the runtime: ") + e.what());
  }
  if (net.empty()) fail(3, "unsupported by the runtime: OpenCV made an empty network of the model");
  net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
  net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
  net.enableFusion(r.optimize == "all");

  std::vector<std::string> initializers;
  for (const auto& t : g.initializer()) initializers.push_back(t.name());
  size_t k = 0;
  for (const auto& in : g.input()) {
    if (std::find(initializers.begin(), initializers.end(), in.name()) != initializers.end()) continue;
    const std::string file = (fs::path(r.input_dir) / ("input_" + std::to_string(k++) + ".pb")).string();
    if (!fs::exists(file)) continue;  // an optional input left out
    Tensor t;
    try {
      t = tensor_from_bytes(slurp(file, 1), file);
    } catch (const Failure& e) {
      fail(1, e.what());
    }
    try {
      net.setInput(mat_of(t, "input " + std::to_string(k - 1) + " ('" + in.name() + "')"), in.name());
    } catch (const cv::Exception& e) {
      fail(opencv_cannot(e.what()) ? 3 : 1,
           std::string(opencv_cannot(e.what()) ? "unsupported by the runtime: " : "") + e.what());
    }
  }
  std::vector<cv::String> names;
  for (const auto& o : g.output()) names.push_back(o.name());
  std::vector<cv::Mat> outs;
  std::vector<bool> given(names.size(), true);
  std::vector<double> times;
  for (int rep = 0; rep <= r.repeat; ++rep) {
    const auto start = std::chrono::steady_clock::now();
    try {
      net.forward(outs, names);
    } catch (const cv::Exception& e) {
      if (rep == 0 && e.code == cv::Error::StsObjectNotFound && names.size() > 1) {
        // Each output alone: those OpenCV has no value for are left out.
        outs.assign(names.size(), cv::Mat());
        size_t got = 0;
        for (size_t i = 0; i < names.size(); ++i) {
          try {
            outs[i] = net.forward(names[i]).clone();
            ++got;
          } catch (const cv::Exception&) {
            given[i] = false;
          }
        }
        if (got > 0) break;
      }
      fail(opencv_cannot(e.what()) ? 3 : 1,
           std::string(opencv_cannot(e.what()) ? "unsupported by the runtime: " : "") + e.what());
    }
    if (rep > 0)
      times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  if (r.repeat > 0) {
    std::sort(times.begin(), times.end());
    const size_t h = times.size() / 2;
    const double median = times.size() % 2 ? times[h] : (times[h - 1] + times[h]) / 2;
    std::printf("latency_ms median=%.1f min=%.1f max=%.1f runs=%zu\n", median, times.front(), times.back(),
                times.size());
  }
  if (outs.size() != names.size())
    fail(1, "OpenCV gave " + std::to_string(outs.size()) + " outputs for " + std::to_string(names.size()));
  fs::create_directories(r.output_dir);
  EvalContext cx;  // the outputs OpenCV gave, copied under the default limits
  for (size_t i = 0; i < names.size(); ++i) {
    if (!given[i]) continue;
    const auto& type = g.output(static_cast<int>(i)).type();
    const DType declared = type.has_tensor_type() ? static_cast<DType>(type.tensor_type().elem_type())
                                                  : DType::undefined;
    const int rank = type.has_tensor_type() && type.tensor_type().has_shape() ? type.tensor_type().shape().dim_size()
                                                                              : -1;
    Tensor t = tensor_of(cx, outs[i], declared, rank, names[i]);
    std::ofstream f(fs::path(r.output_dir) / ("output_" + std::to_string(i) + ".pb"), std::ios::binary);
    f << tensor_to_bytes(t);
    if (!f) fail(1, "cannot write output " + std::to_string(i) + " into " + r.output_dir);
  }
}

// Any exception of a case as its exit code and reason.
std::pair<int, std::string> outcome_of(const std::function<void()>& f) {
  try {
    f();
    return {0, ""};
  } catch (const CaseFailure& e) {
    return {e.code, e.reason};
  } catch (const cv::Exception& e) {
    return {1, one_line(e.what())};
  } catch (const std::exception& e) {
    return {1, one_line(e.what())};
  }
}

const char* const kUsage =
    "usage: onnxsem-opencv-adapter MODEL INPUT_DIR OUTPUT_DIR [--optimize all|disabled] [--save-optimized FILE] [--repeat N]";

int serve() {
  return crosscheck::serve(std::cin, std::cout, std::string("opencv-dnn ") + CV_VERSION,
                           [](const crosscheck::AdapterRequest& asked) {
                             Request r;
                             static_cast<crosscheck::AdapterRequest&>(r) = asked;
                             return outcome_of([&] { run_case(r); });
                           });
}

int one_shot(const std::vector<std::string>& args) {
  Request r;
  std::vector<std::string> positional;
  for (size_t i = 0; i < args.size(); ++i) {
    const bool has_value = i + 1 < args.size();
    if (args[i] == "--optimize" && has_value) r.optimize = args[++i];
    else if (args[i] == "--save-optimized" && has_value) r.save_optimized = args[++i];
    else if (args[i] == "--repeat" && has_value) {
      try {
        r.repeat = std::stoi(args[++i]);
      } catch (const std::exception&) {
        r.repeat = -1;
      }
    } else if (args[i].rfind("--", 0) == 0) fail(2, "unknown option " + args[i] + "; " + kUsage);
    else positional.push_back(args[i]);
  }
  if (positional.size() != 3 || (r.optimize != "all" && r.optimize != "disabled") || r.repeat < 0) fail(2, kUsage);
  r.model = positional[0];
  r.input_dir = positional[1];
  r.output_dir = positional[2];
  run_case(r);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
  cv::setNumThreads(1);
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 1 && args[0] == "--probe") {
    std::cout << "opencv-dnn " << CV_VERSION << " loads" << std::endl;
    return 0;
  }
  if (args.size() == 1 && args[0] == "--serve") return serve();
  auto [code, reason] = outcome_of([&] { one_shot(args); });
  if (code != 0) std::cerr << reason << std::endl;
  return code;
}

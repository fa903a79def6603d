// Operator family: image (spec/ops-image.md, IMG1-IMG13). ImageDecoder-20: an encoded image stream (1-D
// uint8) becomes an (H, W, C) uint8 image. The format is recognised by its signature (IMG3); BMP and the
// portable anymap formats are read by hand (portable.cpp), the others by Debian-packaged libraries
// (codecs.cpp). Every decoder yields 8-bit RGB (IMG5), converted here to the requested pixel format (IMG6).
#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "ops/common/attrs.hpp"
#include "ops/image/image_internal.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"
#include "runtime/error.hpp"

namespace onnxsem::ops {
namespace {

using img::Bytes;
using img::Raster;

bool starts_with(Bytes d, std::initializer_list<uint8_t> magic, size_t at = 0) {
  if (d.size() < at + magic.size()) return false;
  return std::equal(magic.begin(), magic.end(), d.begin() + static_cast<std::ptrdiff_t>(at));
}

// [spec:IMG3] the decoder chosen by the stream's first bytes; nullopt when none matches (IMG4).
std::optional<Raster> decode(EvalContext& cx, Bytes d) {
  ONNXSEM_CLAUSE(IMG3);
  if (starts_with(d, {0xFF, 0xD8, 0xFF})) return img::decode_jpeg(cx, d);
  if (starts_with(d, {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'})) return img::decode_png(cx, d);
  if (starts_with(d, {'I', 'I', 42, 0}) || starts_with(d, {'M', 'M', 0, 42}) || starts_with(d, {'I', 'I', 43, 0}) ||
      starts_with(d, {'M', 'M', 0, 43}))
    return img::decode_tiff(cx, d);
  if (starts_with(d, {'R', 'I', 'F', 'F'}) && starts_with(d, {'W', 'E', 'B', 'P'}, 8)) return img::decode_webp(cx, d);
  if (starts_with(d, {0, 0, 0, 0x0C, 'j', 'P', ' ', ' ', '\r', '\n', 0x87, '\n'}) ||
      starts_with(d, {0xFF, 0x4F, 0xFF, 0x51}))
    return img::decode_jpeg2000(cx, d);
  if (starts_with(d, {'B', 'M'})) return img::decode_bmp(cx, d);
  if (d.size() >= 2 && d[0] == 'P' && std::strchr("1234567Ff", d[1]) != nullptr && d[1] != 0)
    return img::decode_pnm(cx, d);
  return std::nullopt;
}

std::vector<std::optional<Value>> image_decoder_20(const KernelArgs& a) {
  EvalContext& cx = a.context();
  // [spec:IMG2]
  ONNXSEM_CLAUSE(IMG2);
  const std::string format = attr_string(a.node, "pixel_format", "RGB");
  if (format != "RGB" && format != "BGR" && format != "Grayscale")
    eval_error("IMG2", "ImageDecoder: pixel_format '" + format + "' is not one of RGB, BGR, Grayscale");
  // [spec:IMG1]
  ONNXSEM_CLAUSE(IMG1);
  const Tensor& in = a.tensor(0);
  if (in.dtype() != DType::uint8) eval_error("IMG1", "ImageDecoder: encoded_stream must be a uint8 tensor");
  if (in.shape().size() != 1)
    eval_error("IMG1", "ImageDecoder: encoded_stream must be 1-D, got rank " + std::to_string(in.shape().size()));

  const int64_t channels = format == "Grayscale" ? 1 : 3;
  // [spec:IMG5] every decoder yields 8-bit RGB
  ONNXSEM_CLAUSE(IMG5);
  const std::optional<Raster> raster = decode(cx, in.data<uint8_t>());
  // [spec:IMG4]
  ONNXSEM_CLAUSE(IMG4);
  if (!raster) return {Value(Tensor::allocate<uint8_t>(cx, {0, 0, channels}).first)};

  // [spec:IMG6]
  ONNXSEM_CLAUSE(IMG6);
  auto [image, out] = Tensor::allocate<uint8_t>(cx, {raster->height, raster->width, channels});
  const auto& rgb = raster->rgb;
  const size_t pixels = rgb.size() / 3;
  if (format == "RGB") {
    std::copy(rgb.begin(), rgb.end(), out.begin());
  } else if (format == "BGR") {
    for (size_t i = 0; i < pixels; ++i)
      out[3 * i] = rgb[3 * i + 2], out[3 * i + 1] = rgb[3 * i + 1], out[3 * i + 2] = rgb[3 * i];
  } else {  // BT.601 luma weights 0.299, 0.587, 0.114 in 16-bit fixed point, rounded half up
    for (size_t i = 0; i < pixels; ++i) {
      const uint32_t r = rgb[3 * i], g = rgb[3 * i + 1], b = rgb[3 * i + 2];
      out[i] = static_cast<uint8_t>((r * 19595 + g * 38470 + b * 7471 + 32768) >> 16);
    }
  }
  return {Value(image)};
}

}  // namespace

void add_image(Registry& r) { r.add("", "ImageDecoder", {20}, image_decoder_20); }

}  // namespace onnxsem::ops

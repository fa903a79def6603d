// The image family's decoders (spec/ops-image.md). Each turns one encoded stream into an 8-bit RGB raster
// (IMG5) or reports that the stream cannot be decoded; the kernel (image.cpp) picks one by signature (IMG3)
// and converts the raster to the requested pixel format (IMG6).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "runtime/context.hpp"

namespace onnxsem::ops::img {

// A decoded image: height x width pixels, row-major, 3 bytes (R, G, B) each.
struct Raster {
  int64_t height = 0;
  int64_t width = 0;
  std::vector<uint8_t> rgb;
};

using Bytes = std::span<const uint8_t>;

// Fails the evaluation (L3) when a height x width raster of 3-byte pixels would exceed the allocation limit
// or the dimensions are not positive; called by every decoder before it allocates.
void check_raster_size(EvalContext& cx, int64_t height, int64_t width, const char* format);

// Each decoder returns nullopt when the stream is not a decodable image of its format (IMG4), raises
// unsupported(...) for a variant of the format it does not read, and eval_error("L3", ...) for an image
// too large to hold.
std::optional<Raster> decode_bmp(EvalContext& cx, Bytes data);       // IMG12, read by hand (portable.cpp)
std::optional<Raster> decode_pnm(EvalContext& cx, Bytes data);       // IMG13, read by hand (portable.cpp)
std::optional<Raster> decode_jpeg(EvalContext& cx, Bytes data);      // IMG7, libjpeg-turbo (codecs.cpp)
std::optional<Raster> decode_png(EvalContext& cx, Bytes data);       // IMG8, libpng
std::optional<Raster> decode_tiff(EvalContext& cx, Bytes data);      // IMG9, libtiff
std::optional<Raster> decode_webp(EvalContext& cx, Bytes data);      // IMG10, libwebp
std::optional<Raster> decode_jpeg2000(EvalContext& cx, Bytes data);  // IMG11, OpenJPEG

}  // namespace onnxsem::ops::img

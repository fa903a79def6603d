// BMP and the portable anymap formats, read by hand (spec/ops-image.md, IMG12 and IMG13): both are plain
// raster layouts that need no packaged decoder.
#include <bit>
#include <cstdint>
#include <optional>
#include <string>

#include "ops/image/image_internal.hpp"
#include "runtime/coverage.hpp"
#include "runtime/error.hpp"

namespace onnxsem::ops::img {
namespace {

uint32_t le16(Bytes d, size_t at) { return uint32_t(d[at]) | uint32_t(d[at + 1]) << 8; }
uint32_t le32(Bytes d, size_t at) { return le16(d, at) | le16(d, at + 2) << 16; }

// One colour channel of a BMP bit-field pixel: the bits under `mask`, widened or narrowed to 8 bits.
struct Field {
  uint32_t mask = 0;
  int shift = 0;
  int bits = 0;
  uint8_t operator()(uint32_t px) const {
    if (bits == 0) return 0;
    const uint32_t v = (px & mask) >> shift;
    if (bits >= 8) return static_cast<uint8_t>(v >> (bits - 8));
    return static_cast<uint8_t>(v * 255 / ((1u << bits) - 1));  // truncating, as 5-bit fields are usually read
  }
};

Field field(uint32_t mask) {
  Field f;
  if (mask == 0) return f;
  f.mask = mask;
  f.shift = std::countr_zero(mask);
  f.bits = std::popcount(mask);
  if ((mask >> f.shift) != (f.bits == 32 ? 0xFFFFFFFFu : (1u << f.bits) - 1))
    unsupported("ImageDecoder: BMP bit-field masks that are not contiguous are not supported");
  return f;
}

}  // namespace

// [spec:IMG12]
std::optional<Raster> decode_bmp(EvalContext& cx, Bytes d) {
  ONNXSEM_CLAUSE(IMG12);
  if (d.size() < 26 || d[0] != 'B' || d[1] != 'M') return std::nullopt;
  const uint32_t offset = le32(d, 10);
  const uint32_t dib = le32(d, 14);
  int64_t width = 0, height = 0;
  uint32_t bpp = 0, compression = 0, colours = 0;
  size_t palette_at = 0, entry = 4;
  if (dib == 12) {  // BITMAPCOREHEADER
    width = le16(d, 18);
    height = le16(d, 20);
    bpp = le16(d, 24);
    palette_at = 26;
    entry = 3;
  } else if (dib >= 40 && d.size() >= 54) {  // BITMAPINFOHEADER and its later versions
    width = static_cast<int32_t>(le32(d, 18));
    height = static_cast<int32_t>(le32(d, 22));
    bpp = le16(d, 28);
    compression = le32(d, 30);
    colours = le32(d, 46);
    palette_at = 14 + size_t{dib};
    if (dib == 40 && (compression == 3 || compression == 6)) palette_at += compression == 3 ? 12 : 16;
  } else {
    return std::nullopt;
  }
  if (compression == 1 || compression == 2)
    unsupported("ImageDecoder: BMP with run-length (RLE) compression is not supported");
  if (compression == 4 || compression == 5)
    unsupported("ImageDecoder: BMP holding an embedded JPEG or PNG stream is not supported");
  if (compression != 0 && compression != 3 && compression != 6) return std::nullopt;
  const bool top_down = height < 0;
  if (top_down) height = -height;
  if (width <= 0 || height <= 0) return std::nullopt;

  // Channel extraction for 16- and 32-bit pixels.
  Field r, g, b;
  if (bpp == 16 || bpp == 32) {
    if (compression == 0) {
      r = field(bpp == 16 ? 0x7C00 : 0xFF0000);
      g = field(bpp == 16 ? 0x03E0 : 0x00FF00);
      b = field(bpp == 16 ? 0x001F : 0x0000FF);
    } else {
      if (d.size() < 66) return std::nullopt;
      r = field(le32(d, 54));
      g = field(le32(d, 58));
      b = field(le32(d, 62));
    }
  } else if (compression != 0 || (bpp != 1 && bpp != 4 && bpp != 8 && bpp != 24)) {
    return std::nullopt;
  }

  // The palette (1, 4 and 8 bits per pixel), stored B, G, R (and a fourth byte after the core header).
  uint32_t palette_size = 0;
  if (bpp <= 8) {
    palette_size = colours == 0 || colours > (1u << bpp) ? 1u << bpp : colours;
    if (palette_at + size_t{palette_size} * entry > d.size()) return std::nullopt;
  }

  const int64_t stride = (width * bpp + 31) / 32 * 4;
  if (offset > d.size() || stride > static_cast<int64_t>(d.size() - offset) / height) return std::nullopt;
  check_raster_size(cx, height, width, "BMP");

  Raster img{height, width, std::vector<uint8_t>(static_cast<size_t>(height * width * 3))};
  for (int64_t y = 0; y < height; ++y) {
    const size_t row = offset + static_cast<size_t>((top_down ? y : height - 1 - y) * stride);
    uint8_t* out = img.rgb.data() + y * width * 3;
    for (int64_t x = 0; x < width; ++x, out += 3) {
      if (bpp <= 8) {
        const size_t bit = static_cast<size_t>(x) * bpp;
        const uint32_t index = (d[row + bit / 8] >> (8 - bpp - bit % 8)) & ((1u << bpp) - 1);
        if (index >= palette_size) return std::nullopt;
        const size_t p = palette_at + index * entry;
        out[0] = d[p + 2], out[1] = d[p + 1], out[2] = d[p];
      } else if (bpp == 24) {
        const size_t p = row + static_cast<size_t>(x) * 3;
        out[0] = d[p + 2], out[1] = d[p + 1], out[2] = d[p];
      } else {
        const size_t p = row + static_cast<size_t>(x) * (bpp / 8);
        const uint32_t px = bpp == 16 ? le16(d, p) : le32(d, p);
        out[0] = r(px), out[1] = g(px), out[2] = b(px);
      }
    }
  }
  return img;
}

namespace {

// Reads the header tokens of a portable anymap: decimal numbers separated by white space and comments.
struct Tokens {
  Bytes d;
  size_t pos = 2;
  static bool space(uint8_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
  void skip() {
    while (pos < d.size()) {
      if (space(d[pos])) ++pos;
      else if (d[pos] == '#') {
        while (pos < d.size() && d[pos] != '\n' && d[pos] != '\r') ++pos;
      } else break;
    }
  }
  // The next number, at most `max`; nullopt when there is none or it is larger.
  std::optional<int64_t> number(int64_t max) {
    skip();
    if (pos >= d.size() || d[pos] < '0' || d[pos] > '9') return std::nullopt;
    int64_t v = 0;
    while (pos < d.size() && d[pos] >= '0' && d[pos] <= '9') {
      v = v * 10 + (d[pos++] - '0');
      if (v > max) return std::nullopt;
    }
    return v;
  }
  // One plain-PBM digit, which needs no separator.
  std::optional<int64_t> bit() {
    skip();
    if (pos >= d.size() || (d[pos] != '0' && d[pos] != '1')) return std::nullopt;
    return d[pos++] - '0';
  }
};

}  // namespace

// [spec:IMG13]
std::optional<Raster> decode_pnm(EvalContext& cx, Bytes d) {
  ONNXSEM_CLAUSE(IMG13);
  if (d.size() < 2 || d[0] != 'P') return std::nullopt;
  const char kind = static_cast<char>(d[1]);
  if (kind == '7') unsupported("ImageDecoder: PAM (P7) images are not supported");
  if (kind == 'F' || kind == 'f') unsupported("ImageDecoder: PFM (floating-point) images are not supported");
  if (kind < '1' || kind > '6') return std::nullopt;
  Tokens t{d};
  const auto width = t.number(int64_t{1} << 31), height = t.number(int64_t{1} << 31);
  if (!width || !height || *width == 0 || *height == 0) return std::nullopt;
  const bool bitmap = kind == '1' || kind == '4';
  int64_t maxval = 1;
  if (!bitmap) {
    const auto m = t.number(65535);
    if (!m || *m == 0) return std::nullopt;
    maxval = *m;
  }
  const bool binary = kind >= '4';
  if (binary) {  // exactly one white-space byte ends the header
    if (t.pos >= d.size() || !Tokens::space(d[t.pos])) return std::nullopt;
    ++t.pos;
  }
  const int channels = kind == '3' || kind == '6' ? 3 : 1;
  const int64_t sample_bytes = maxval < 256 ? 1 : 2;
  const int64_t available = static_cast<int64_t>(d.size() - t.pos);
  // Enough data for the raster (every plain sample needs at least one byte)?
  const int64_t row_bytes = kind == '4' ? (*width + 7) / 8 : *width * channels * (binary ? sample_bytes : 1);
  if (row_bytes > available / *height) return std::nullopt;
  check_raster_size(cx, *height, *width, "PNM");

  // A sample in [0, maxval] scaled to [0, 255], rounding half up; a bitmap bit 1 is black.
  auto scale = [&](int64_t v) -> uint8_t {
    if (bitmap) return v ? 0 : 255;
    return static_cast<uint8_t>(maxval == 255 ? v : (v * 255 + maxval / 2) / maxval);
  };
  const int64_t w = *width, h = *height;
  Raster img{h, w, std::vector<uint8_t>(static_cast<size_t>(h * w * 3))};
  for (int64_t y = 0; y < h; ++y) {
    for (int64_t x = 0; x < w; ++x) {
      uint8_t px[3];
      for (int c = 0; c < channels; ++c) {
        int64_t v = 0;
        if (kind == '4') {
          v = (d[t.pos + static_cast<size_t>(y * row_bytes + x / 8)] >> (7 - x % 8)) & 1;
        } else if (binary) {
          const size_t at = t.pos + static_cast<size_t>((y * w + x) * channels + c) * static_cast<size_t>(sample_bytes);
          v = sample_bytes == 1 ? d[at] : (int64_t{d[at]} << 8 | d[at + 1]);
        } else {
          const auto s = kind == '1' ? t.bit() : t.number(maxval);
          if (!s) return std::nullopt;
          v = *s;
        }
        if (v > maxval) return std::nullopt;
        px[c] = scale(v);
      }
      uint8_t* out = img.rgb.data() + (y * w + x) * 3;
      for (int c = 0; c < 3; ++c) out[c] = px[channels == 3 ? c : 0];
    }
  }
  return img;
}

}  // namespace onnxsem::ops::img

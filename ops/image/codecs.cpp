// The decoders backed by Debian-packaged libraries (spec/ops-image.md, IMG7-IMG11): libjpeg-turbo, libpng,
// libtiff, libwebp and OpenJPEG. Each reads from memory, keeps the library silent (no messages on stderr)
// and turns every library failure into "not decodable" (IMG4).
//
// libjpeg and libpng report errors by longjmp. The functions that call setjmp hold only C data (and
// malloc'd buffers in volatile pointers) between setjmp and the end of decoding, so a longjmp never skips a
// C++ destructor; the pixels are copied into a Raster after the library is done.
#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>

// libjpeg's header needs FILE and size_t declared first.
#include <jpeglib.h>
#include <jerror.h>
#include <openjpeg.h>
#include <png.h>
#include <tiffio.h>
#include <webp/decode.h>

#include "ops/image/image_internal.hpp"
#include "runtime/coverage.hpp"
#include "runtime/error.hpp"
#include "values/value.hpp"

namespace onnxsem::ops::img {
namespace {

// Copies a malloc'd H*W*3 buffer into a Raster and frees it.
Raster take(int64_t height, int64_t width, unsigned char* buffer) {
  Raster r{height, width, std::vector<uint8_t>(buffer, buffer + height * width * 3)};
  std::free(buffer);
  return r;
}

// Whether an H x W raster fits the allocation limit; the C-style decoders check this themselves (they may
// not raise an exception while the library holds state) and the caller then raises L3.
bool fits(EvalContext& cx, int64_t height, int64_t width) {
  return height > 0 && width > 0 && width <= cx.limits().tensor_bytes / 3 / height;
}

// ---- JPEG (libjpeg-turbo) ------------------------------------------------------------------------------

struct JpegErrors {
  jpeg_error_mgr mgr;
  std::jmp_buf jump;
  bool truncated;
};

[[noreturn]] void jpeg_fail(j_common_ptr c) { std::longjmp(reinterpret_cast<JpegErrors*>(c->err)->jump, 1); }
// Messages stay silent; the one warning that matters is that the stream ended before the image did.
void jpeg_message(j_common_ptr c, int level) {
  auto* e = reinterpret_cast<JpegErrors*>(c->err);
  if (level < 0 && e->mgr.msg_code == JWRN_JPEG_EOF) e->truncated = true;
}

enum class Result { ok, undecodable, too_large, cmyk };

Result jpeg_read(EvalContext& cx, const unsigned char* data, unsigned long size, int64_t* height, int64_t* width,
                 unsigned char** pixels) {
  jpeg_decompress_struct cinfo;
  JpegErrors errors;
  cinfo.err = jpeg_std_error(&errors.mgr);
  errors.mgr.error_exit = jpeg_fail;
  errors.mgr.emit_message = jpeg_message;
  errors.truncated = false;
  unsigned char* volatile buffer = nullptr;
  if (setjmp(errors.jump)) {
    jpeg_destroy_decompress(&cinfo);
    std::free(buffer);
    return Result::undecodable;
  }
  jpeg_create_decompress(&cinfo);
  jpeg_mem_src(&cinfo, data, size);
  jpeg_read_header(&cinfo, TRUE);
  if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
    jpeg_destroy_decompress(&cinfo);
    return Result::cmyk;
  }
  const int64_t h = cinfo.image_height, w = cinfo.image_width;
  *height = h, *width = w;
  if (!fits(cx, h, w)) {
    jpeg_destroy_decompress(&cinfo);
    return Result::too_large;
  }
  // [spec:IMG7] the library's defaults: accurate integer IDCT and "fancy" (smooth) chroma upsampling.
  ONNXSEM_CLAUSE(IMG7);
  cinfo.out_color_space = JCS_RGB;
  cinfo.dct_method = JDCT_ISLOW;
  cinfo.do_fancy_upsampling = TRUE;
  jpeg_start_decompress(&cinfo);
  if (cinfo.output_components != 3 || cinfo.output_height != h || cinfo.output_width != w) {
    jpeg_destroy_decompress(&cinfo);
    return Result::undecodable;
  }
  buffer = static_cast<unsigned char*>(std::malloc(static_cast<size_t>(h * w * 3)));
  if (buffer == nullptr) {
    jpeg_destroy_decompress(&cinfo);
    return Result::too_large;
  }
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW row = buffer + static_cast<size_t>(cinfo.output_scanline) * static_cast<size_t>(w) * 3;
    jpeg_read_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  if (errors.truncated) {  // libjpeg filled the missing part with gray: not the encoded image
    std::free(buffer);
    return Result::undecodable;
  }
  *height = h, *width = w, *pixels = buffer;
  return Result::ok;
}

// ---- PNG (libpng) --------------------------------------------------------------------------------------

struct PngSource {
  const unsigned char* data;
  size_t size;
  size_t pos;
};

void png_read_memory(png_structp png, png_bytep out, size_t n) {
  auto* s = static_cast<PngSource*>(png_get_io_ptr(png));
  if (n > s->size - s->pos) png_error(png, "truncated");
  std::memcpy(out, s->data + s->pos, n);
  s->pos += n;
}
[[noreturn]] void png_fail(png_structp png, png_const_charp) { png_longjmp(png, 1); }
void png_silent(png_structp, png_const_charp) {}

Result png_read(EvalContext& cx, const unsigned char* data, size_t size, int64_t* height, int64_t* width,
                unsigned char** pixels) {
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, nullptr, png_fail, png_silent);
  if (png == nullptr) return Result::undecodable;
  png_infop info = png_create_info_struct(png);
  PngSource source{data, size, 0};
  unsigned char* volatile buffer = nullptr;
  png_bytep* volatile rows = nullptr;
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &info, nullptr);
    std::free(buffer);
    std::free(rows);
    return Result::undecodable;
  }
  if (info == nullptr) png_error(png, "no memory");
  png_set_read_fn(png, &source, png_read_memory);
  png_read_info(png, info);
  const int64_t h = png_get_image_height(png, info), w = png_get_image_width(png, info);
  *height = h, *width = w;
  if (!fits(cx, h, w)) {
    png_destroy_read_struct(&png, &info, nullptr);
    return Result::too_large;
  }
  // [spec:IMG8] transformations to 8-bit RGB
  ONNXSEM_CLAUSE(IMG8);
  const int type = png_get_color_type(png, info);
  if (png_get_bit_depth(png, info) == 16) png_set_strip_16(png);
  if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) {
    png_set_expand_gray_1_2_4_to_8(png);
    png_set_gray_to_rgb(png);
  }
  png_set_strip_alpha(png);  // also the alpha that a tRNS chunk expands to
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != static_cast<size_t>(w) * 3) png_error(png, "unexpected row size");
  buffer = static_cast<unsigned char*>(std::malloc(static_cast<size_t>(h * w * 3)));
  rows = static_cast<png_bytep*>(std::malloc(static_cast<size_t>(h) * sizeof(png_bytep)));
  if (buffer == nullptr || rows == nullptr) png_error(png, "no memory");
  for (int64_t y = 0; y < h; ++y) rows[y] = buffer + y * w * 3;
  png_read_image(png, rows);
  png_read_end(png, nullptr);
  png_destroy_read_struct(&png, &info, nullptr);
  std::free(rows);
  *height = h, *width = w, *pixels = buffer;
  return Result::ok;
}

// ---- TIFF (libtiff) ------------------------------------------------------------------------------------

struct TiffSource {
  const unsigned char* data;
  toff_t size;
  toff_t pos;
};

tmsize_t tiff_read(thandle_t h, void* out, tmsize_t n) {
  auto* s = static_cast<TiffSource*>(h);
  if (n < 0) return -1;
  const toff_t left = s->pos < s->size ? s->size - s->pos : 0;
  const toff_t k = static_cast<toff_t>(n) < left ? static_cast<toff_t>(n) : left;
  if (k > 0) std::memcpy(out, s->data + s->pos, static_cast<size_t>(k));
  s->pos += k;
  return static_cast<tmsize_t>(k);
}
tmsize_t tiff_write(thandle_t, void*, tmsize_t) { return -1; }
toff_t tiff_seek(thandle_t h, toff_t off, int whence) {
  auto* s = static_cast<TiffSource*>(h);
  toff_t base = whence == SEEK_CUR ? s->pos : whence == SEEK_END ? s->size : 0;
  s->pos = base + off;
  return s->pos;
}
int tiff_close(thandle_t) { return 0; }
toff_t tiff_size(thandle_t h) { return static_cast<TiffSource*>(h)->size; }
int tiff_map(thandle_t, void**, toff_t*) { return 0; }
void tiff_unmap(thandle_t, void*, toff_t) {}
int tiff_silent(TIFF*, void*, const char*, const char*, va_list) { return 1; }

// ---- JPEG 2000 (OpenJPEG) ------------------------------------------------------------------------------

struct J2kSource {
  const unsigned char* data;
  OPJ_UINT64 size;
  OPJ_UINT64 pos;
};

OPJ_SIZE_T j2k_read(void* out, OPJ_SIZE_T n, void* user) {
  auto* s = static_cast<J2kSource*>(user);
  if (s->pos >= s->size) return static_cast<OPJ_SIZE_T>(-1);
  const OPJ_UINT64 k = n < s->size - s->pos ? n : s->size - s->pos;
  std::memcpy(out, s->data + s->pos, static_cast<size_t>(k));
  s->pos += k;
  return static_cast<OPJ_SIZE_T>(k);
}
OPJ_OFF_T j2k_skip(OPJ_OFF_T n, void* user) {
  auto* s = static_cast<J2kSource*>(user);
  if (n < 0 || static_cast<OPJ_UINT64>(n) > s->size - s->pos) return -1;
  s->pos += static_cast<OPJ_UINT64>(n);
  return n;
}
OPJ_BOOL j2k_seek(OPJ_OFF_T at, void* user) {
  auto* s = static_cast<J2kSource*>(user);
  if (at < 0 || static_cast<OPJ_UINT64>(at) > s->size) return OPJ_FALSE;
  s->pos = static_cast<OPJ_UINT64>(at);
  return OPJ_TRUE;
}
void j2k_silent(const char*, void*) {}

// Owns OpenJPEG's objects (no longjmp in OpenJPEG, so RAII is safe here).
struct J2k {
  opj_stream_t* stream = nullptr;
  opj_codec_t* codec = nullptr;
  opj_image_t* image = nullptr;
  ~J2k() {
    if (image) opj_image_destroy(image);
    if (codec) opj_destroy_codec(codec);
    if (stream) opj_stream_destroy(stream);
  }
};

// A component sample widened or narrowed to 8 bits (signed samples shifted to unsigned first).
uint8_t to8(const opj_image_comp_t& c, size_t i) {
  int64_t v = c.data[i];
  if (c.sgnd) v += int64_t{1} << (c.prec - 1);
  if (c.prec > 8) v >>= c.prec - 8;
  else if (c.prec < 8) v <<= 8 - c.prec;
  return static_cast<uint8_t>(v < 0 ? 0 : v > 255 ? 255 : v);
}

}  // namespace

void check_raster_size(EvalContext& cx, int64_t height, int64_t width, const char* format) {
  // [spec:L3]
  ONNXSEM_CLAUSE(L3);
  if (!fits(cx, height, width))
    eval_error("L3", std::string("ImageDecoder: a ") + format + " image of " + std::to_string(height) + " x " +
                         std::to_string(width) + " pixels exceeds the allocation limit");
}

std::optional<Raster> decode_jpeg(EvalContext& cx, Bytes data) {
  int64_t h = 0, w = 0;
  unsigned char* pixels = nullptr;
  switch (jpeg_read(cx, data.data(), static_cast<unsigned long>(data.size()), &h, &w, &pixels)) {
    case Result::ok: return take(h, w, pixels);
    case Result::undecodable: return std::nullopt;
    case Result::cmyk: unsupported("ImageDecoder: JPEG images in CMYK or YCCK colour are not supported");
    case Result::too_large: break;
  }
  check_raster_size(cx, h, w, "JPEG");
  return std::nullopt;  // (the header gave no usable size)
}

std::optional<Raster> decode_png(EvalContext& cx, Bytes data) {
  int64_t h = 0, w = 0;
  unsigned char* pixels = nullptr;
  switch (png_read(cx, data.data(), data.size(), &h, &w, &pixels)) {
    case Result::ok: return take(h, w, pixels);
    case Result::too_large: check_raster_size(cx, h, w, "PNG"); return std::nullopt;
    default: return std::nullopt;
  }
}

// [spec:IMG9]
std::optional<Raster> decode_tiff(EvalContext& cx, Bytes data) {
  ONNXSEM_CLAUSE(IMG9);
  TiffSource source{data.data(), data.size(), 0};
  TIFFOpenOptions* options = TIFFOpenOptionsAlloc();
  TIFFOpenOptionsSetErrorHandlerExtR(options, tiff_silent, nullptr);
  TIFFOpenOptionsSetWarningHandlerExtR(options, tiff_silent, nullptr);
  TIFF* tif = TIFFClientOpenExt("ImageDecoder input", "rm", &source, tiff_read, tiff_write, tiff_seek, tiff_close,
                                tiff_size, tiff_map, tiff_unmap, options);
  TIFFOpenOptionsFree(options);
  if (tif == nullptr) return std::nullopt;
  struct Close {
    TIFF* t;
    ~Close() { TIFFClose(t); }
  } close{tif};
  uint32_t w = 0, h = 0;
  if (!TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &w) || !TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &h)) return std::nullopt;
  char message[1024];
  if (!TIFFRGBAImageOK(tif, message)) return std::nullopt;
  check_raster_size(cx, h, w, "TIFF");
  std::vector<uint32_t> abgr(static_cast<size_t>(w) * h);
  if (!TIFFReadRGBAImageOriented(tif, w, h, abgr.data(), ORIENTATION_TOPLEFT, 1)) return std::nullopt;
  Raster img{h, w, std::vector<uint8_t>(abgr.size() * 3)};
  for (size_t i = 0; i < abgr.size(); ++i) {
    img.rgb[3 * i] = static_cast<uint8_t>(TIFFGetR(abgr[i]));
    img.rgb[3 * i + 1] = static_cast<uint8_t>(TIFFGetG(abgr[i]));
    img.rgb[3 * i + 2] = static_cast<uint8_t>(TIFFGetB(abgr[i]));
  }
  return img;
}

// [spec:IMG10]
std::optional<Raster> decode_webp(EvalContext& cx, Bytes data) {
  ONNXSEM_CLAUSE(IMG10);
  WebPBitstreamFeatures features;
  if (WebPGetFeatures(data.data(), data.size(), &features) != VP8_STATUS_OK) return std::nullopt;
  if (features.has_animation) unsupported("ImageDecoder: animated WebP images are not supported");
  const int w = features.width, h = features.height;
  check_raster_size(cx, h, w, "WebP");
  Raster img{h, w, std::vector<uint8_t>(static_cast<size_t>(w) * static_cast<size_t>(h) * 3)};
  if (WebPDecodeRGBInto(data.data(), data.size(), img.rgb.data(), img.rgb.size(), w * 3) == nullptr)
    return std::nullopt;
  return img;
}

// [spec:IMG11]
std::optional<Raster> decode_jpeg2000(EvalContext& cx, Bytes data) {
  ONNXSEM_CLAUSE(IMG11);
  static constexpr uint8_t jp2_box[] = {0, 0, 0, 0x0C, 'j', 'P', ' ', ' '};
  const bool boxed = data.size() >= 8 && std::memcmp(data.data(), jp2_box, 8) == 0;
  J2kSource source{data.data(), data.size(), 0};
  J2k j;
  j.stream = opj_stream_create(OPJ_J2K_STREAM_CHUNK_SIZE, OPJ_TRUE);
  if (j.stream == nullptr) return std::nullopt;
  opj_stream_set_user_data(j.stream, &source, nullptr);
  opj_stream_set_user_data_length(j.stream, source.size);
  opj_stream_set_read_function(j.stream, j2k_read);
  opj_stream_set_skip_function(j.stream, j2k_skip);
  opj_stream_set_seek_function(j.stream, j2k_seek);
  j.codec = opj_create_decompress(boxed ? OPJ_CODEC_JP2 : OPJ_CODEC_J2K);
  if (j.codec == nullptr) return std::nullopt;
  opj_set_error_handler(j.codec, j2k_silent, nullptr);
  opj_set_warning_handler(j.codec, j2k_silent, nullptr);
  opj_set_info_handler(j.codec, j2k_silent, nullptr);
  opj_dparameters_t parameters;
  opj_set_default_decoder_parameters(&parameters);
  if (!opj_setup_decoder(j.codec, &parameters)) return std::nullopt;
  if (!opj_read_header(j.stream, j.codec, &j.image) || j.image == nullptr) return std::nullopt;
  const opj_image_t& im = *j.image;
  const int64_t w = int64_t{im.x1} - im.x0, h = int64_t{im.y1} - im.y0;
  const uint32_t n = im.numcomps;
  if (n == 0 || w <= 0 || h <= 0) return std::nullopt;
  if (im.color_space == OPJ_CLRSPC_SYCC || im.color_space == OPJ_CLRSPC_EYCC || im.color_space == OPJ_CLRSPC_CMYK)
    unsupported("ImageDecoder: JPEG 2000 images in YCC or CMYK colour are not supported");
  if (n > 4) unsupported("ImageDecoder: JPEG 2000 images with more than 4 components are not supported");
  // OpenJPEG holds every component as 32-bit integers while decoding: that must fit the limit too.
  check_raster_size(cx, h, w, "JPEG 2000");
  if (w * h > cx.limits().tensor_bytes / 4 / n)
    eval_error("L3", "ImageDecoder: decoding a JPEG 2000 image of " + std::to_string(h) + " x " + std::to_string(w) +
                         " pixels needs more memory than the allocation limit");
  for (uint32_t c = 0; c < n; ++c)
    if (im.comps[c].dx != 1 || im.comps[c].dy != 1)
      unsupported("ImageDecoder: JPEG 2000 images with subsampled components are not supported");
  if (!opj_decode(j.codec, j.stream, j.image) || !opj_end_decompress(j.codec, j.stream)) return std::nullopt;
  for (uint32_t c = 0; c < n; ++c) {
    const opj_image_comp_t& comp = im.comps[c];
    if (comp.data == nullptr || comp.w != static_cast<OPJ_UINT32>(w) || comp.h != static_cast<OPJ_UINT32>(h) ||
        comp.prec < 1 || comp.prec > 31)
      return std::nullopt;
  }
  // Components: gray (1), gray + alpha (2), RGB (3), RGB + alpha (4); alpha is dropped (IMG5).
  const bool gray = n < 3;
  Raster img{h, w, std::vector<uint8_t>(static_cast<size_t>(h * w * 3))};
  for (size_t i = 0; i < static_cast<size_t>(h * w); ++i)
    for (size_t c = 0; c < 3; ++c) img.rgb[3 * i + c] = to8(im.comps[gray ? 0 : c], i);
  return img;
}

}  // namespace onnxsem::ops::img

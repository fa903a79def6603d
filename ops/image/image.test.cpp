// ImageDecoder (spec/ops-image.md, IMG1-IMG13). Streams are made here: BMP and PNM bytes by hand, the
// other formats with the encoders of the same Debian libraries, from pixels chosen by hand.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <jpeglib.h>
#include <openjpeg.h>
#include <png.h>
#include <tiffio.h>
#include <webp/encode.h>

#include "ops/common/testing.hpp"

using namespace onnxsem;
using namespace onnxsem::ops::testing;

namespace {

using Pixels = std::vector<uint8_t>;

Tensor stream(const Pixels& bytes) { return tv<uint8_t>({static_cast<int64_t>(bytes.size())}, bytes); }
Pixels text(const std::string& s) { return {s.begin(), s.end()}; }
Pixels operator+(Pixels a, const Pixels& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

std::optional<Value> decode(const Pixels& bytes, const std::string& format = "RGB") {
  return run(ops::add_image, make_node("ImageDecoder", {attr_s("pixel_format", format)}), 20,
             {Value(stream(bytes))})[0];
}
std::string clause_of_decoding(const Pixels& bytes) {
  return clause_of([&] { (void)decode(bytes); });
}
ErrorKind kind_of_decoding(const Pixels& bytes) {
  return kind_of([&] { (void)decode(bytes); });
}

// A temporary file's bytes, after `write` has written it through its path.
template <class F>
Pixels via_file(F write) {
  char path[] = "/tmp/onnxsem-image-XXXXXX";
  const int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  close(fd);
  write(path);
  std::ifstream in(path, std::ios::binary);
  Pixels bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::remove(path);
  return bytes;
}

// ---- encoders of the test images

Pixels le(uint32_t v, int n) {
  Pixels b;
  for (int i = 0; i < n; ++i) b.push_back(static_cast<uint8_t>(v >> (8 * i)));
  return b;
}
// A BMP with a 40-byte information header; `extra` (palette or masks) stands between header and pixels, and
// with 1 to 8 bits per pixel all of it is the palette.
Pixels bmp(int32_t width, int32_t height, uint16_t bpp, uint32_t compression, const Pixels& extra,
           const Pixels& pixels) {
  const uint32_t offset = 54 + static_cast<uint32_t>(extra.size());
  return text("BM") + le(offset + static_cast<uint32_t>(pixels.size()), 4) + le(0, 4) + le(offset, 4) + le(40, 4) +
         le(static_cast<uint32_t>(width), 4) + le(static_cast<uint32_t>(height), 4) + le(1, 2) + le(bpp, 2) +
         le(compression, 4) + le(0, 4) + le(0, 4) + le(0, 4) + le(bpp <= 8 ? uint32_t(extra.size() / 4) : 0, 4) +
         le(0, 4) + extra + pixels;
}

Pixels png(uint32_t width, uint32_t height, png_uint_32 format, const Pixels& px) {
  png_image im;
  std::memset(&im, 0, sizeof im);
  im.version = PNG_IMAGE_VERSION;
  im.width = width;
  im.height = height;
  im.format = format;
  png_alloc_size_t size = 0;
  REQUIRE(png_image_write_to_memory(&im, nullptr, &size, 0, px.data(), 0, nullptr));
  Pixels out(size);
  REQUIRE(png_image_write_to_memory(&im, out.data(), &size, 0, px.data(), 0, nullptr));
  out.resize(size);
  return out;
}

Pixels jpeg(int width, int height, int components, J_COLOR_SPACE space, const Pixels& px) {
  jpeg_compress_struct c;
  jpeg_error_mgr errors;
  c.err = jpeg_std_error(&errors);
  jpeg_create_compress(&c);
  unsigned char* memory = nullptr;
  unsigned long size = 0;
  jpeg_mem_dest(&c, &memory, &size);
  c.image_width = static_cast<JDIMENSION>(width);
  c.image_height = static_cast<JDIMENSION>(height);
  c.input_components = components;
  c.in_color_space = space;
  jpeg_set_defaults(&c);
  jpeg_set_quality(&c, 100, TRUE);
  jpeg_start_compress(&c, TRUE);
  while (c.next_scanline < c.image_height) {
    JSAMPROW row = const_cast<uint8_t*>(px.data()) + static_cast<size_t>(c.next_scanline) * width * components;
    jpeg_write_scanlines(&c, &row, 1);
  }
  jpeg_finish_compress(&c);
  Pixels out(memory, memory + size);
  std::free(memory);
  jpeg_destroy_compress(&c);
  return out;
}

Pixels tiff_stream(uint32_t width, uint32_t height, const Pixels& rgb) {
  return via_file([&](const char* path) {
    TIFF* t = TIFFOpen(path, "w");
    REQUIRE(t != nullptr);
    TIFFSetField(t, TIFFTAG_IMAGEWIDTH, width);
    TIFFSetField(t, TIFFTAG_IMAGELENGTH, height);
    TIFFSetField(t, TIFFTAG_SAMPLESPERPIXEL, 3);
    TIFFSetField(t, TIFFTAG_BITSPERSAMPLE, 8);
    TIFFSetField(t, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_RGB);
    TIFFSetField(t, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
    TIFFSetField(t, TIFFTAG_COMPRESSION, COMPRESSION_LZW);
    TIFFSetField(t, TIFFTAG_ROWSPERSTRIP, height);
    for (uint32_t y = 0; y < height; ++y) TIFFWriteScanline(t, const_cast<uint8_t*>(rgb.data()) + y * width * 3, y, 0);
    TIFFClose(t);
  });
}

Pixels webp_lossless(int width, int height, const Pixels& rgb) {
  uint8_t* out = nullptr;
  const size_t n = WebPEncodeLosslessRGB(rgb.data(), width, height, width * 3, &out);
  REQUIRE(n > 0);
  Pixels bytes(out, out + n);
  WebPFree(out);
  return bytes;
}

// A lossless (reversible 5/3 wavelet) JPEG 2000 codestream of an RGB image.
Pixels j2k(uint32_t width, uint32_t height, const Pixels& rgb) {
  opj_image_cmptparm_t parts[3];
  std::memset(parts, 0, sizeof parts);
  for (auto& p : parts) p.dx = 1, p.dy = 1, p.w = width, p.h = height, p.prec = 8, p.sgnd = 0;
  opj_image_t* im = opj_image_create(3, parts, OPJ_CLRSPC_SRGB);
  REQUIRE(im != nullptr);
  im->x0 = 0, im->y0 = 0, im->x1 = width, im->y1 = height;
  for (size_t i = 0; i < size_t{width} * height; ++i)
    for (size_t c = 0; c < 3; ++c) im->comps[c].data[i] = rgb[3 * i + c];
  opj_cparameters_t p;
  opj_set_default_encoder_parameters(&p);
  p.tcp_numlayers = 1, p.tcp_rates[0] = 0, p.cp_disto_alloc = 1, p.numresolution = 1;
  Pixels bytes = via_file([&](const char* path) {
    opj_codec_t* codec = opj_create_compress(OPJ_CODEC_J2K);
    opj_stream_t* s = opj_stream_create_default_file_stream(path, OPJ_FALSE);
    const bool ok = opj_setup_encoder(codec, &p, im) && opj_start_compress(codec, im, s) && opj_encode(codec, s) &&
                    opj_end_compress(codec, s);
    opj_stream_destroy(s);
    opj_destroy_codec(codec);
    CHECK(ok);
  });
  opj_image_destroy(im);
  return bytes;
}

const Pixels rgb4 = {255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255};  // red, green, blue, white

}  // namespace

TEST_CASE("[IMG1] encoded_stream is a 1-D uint8 tensor") {
  const Node n = make_node("ImageDecoder");
  CHECK(clause_of([&] { run(ops::add_image, n, 20, {Value(tf({3}, {1, 2, 3}))}); }) == "IMG1");
  CHECK(clause_of([&] { run(ops::add_image, n, 20, {Value(tv<uint8_t>({1, 2}, {'B', 'M'}))}); }) == "IMG1");
  CHECK(clause_of([&] { run(ops::add_image, n, 20, {Value(Tensor::scalar<uint8_t>(test_context(), 0))}); }) == "IMG1");
}

TEST_CASE("[IMG2] pixel_format is RGB, BGR or Grayscale") {
  const Pixels p = text("P5 1 1 255 ") + Pixels{7};
  CHECK(clause_of([&] { (void)decode(p, "rgb"); }) == "IMG2");
  CHECK(clause_of([&] { (void)decode(p, "YUV"); }) == "IMG2");
  CHECK(shape_of(decode(p, "Grayscale")) == Shape{1, 1, 1});
  CHECK(shape_of(decode(p, "BGR")) == Shape{1, 1, 3});
  // the default is RGB
  auto out = run(ops::add_image, make_node("ImageDecoder"), 20, {Value(stream(p))});
  CHECK(vals<uint8_t>(out[0]) == Pixels{7, 7, 7});
}

TEST_CASE("[IMG3] the format is recognised from the stream's first bytes") {
  // the same pixels behind each signature
  const Pixels ppm = text("P6\n2 2\n255\n") + rgb4;
  CHECK(vals<uint8_t>(decode(ppm)) == rgb4);
  CHECK(vals<uint8_t>(decode(png(2, 2, PNG_FORMAT_RGB, rgb4))) == rgb4);
  CHECK(vals<uint8_t>(decode(webp_lossless(2, 2, rgb4))) == rgb4);
  CHECK(vals<uint8_t>(decode(tiff_stream(2, 2, rgb4))) == rgb4);
  CHECK(vals<uint8_t>(decode(j2k(2, 2, rgb4))) == rgb4);
  // a signature off by one byte is no image
  Pixels bad = png(2, 2, PNG_FORMAT_RGB, rgb4);
  bad[1] = 'Q';
  CHECK(shape_of(decode(bad)) == Shape{0, 0, 3});
}

TEST_CASE("[IMG4] streams that cannot be decoded give the empty image, too large ones L3") {
  CHECK(shape_of(decode({})) == Shape{0, 0, 3});
  CHECK(shape_of(decode({1, 2, 3})) == Shape{0, 0, 3});
  CHECK(shape_of(decode({1, 2, 3}, "Grayscale")) == Shape{0, 0, 1});
  CHECK(shape_of(decode(text("BM"))) == Shape{0, 0, 3});
  CHECK(shape_of(decode(text("P6\n2 2\n255\n") + Pixels{1, 2, 3})) == Shape{0, 0, 3});  // too few samples
  CHECK(shape_of(decode(text("P6\n0 2\n255\n"))) == Shape{0, 0, 3});                    // zero width
  Pixels p = png(2, 2, PNG_FORMAT_RGB, rgb4);
  CHECK(shape_of(decode(Pixels(p.begin(), p.end() - 20))) == Shape{0, 0, 3});  // truncated
  p[p.size() - 30] ^= 0xFF;                                                    // a damaged chunk fails its CRC
  CHECK(shape_of(decode(p)) == Shape{0, 0, 3});
  // 200 x 200 pixels need 120000 bytes: over a limit of 10000, whichever decoder reads them
  const Pixels pbm = text("P4 200 200 ") + Pixels(25 * 200, 0),
               jpg = jpeg(200, 200, 3, JCS_RGB, Pixels(200 * 200 * 3, 9));
  REQUIRE(jpg.size() < 10000);
  AllocationLimit limit(10000);
  CHECK(clause_of_decoding(pbm) == "L3");
  CHECK(clause_of_decoding(jpg) == "L3");
}

TEST_CASE("[IMG5] every format decodes to 8-bit RGB: gray repeated, palette expanded, alpha dropped") {
  CHECK(vals<uint8_t>(decode(png(2, 1, PNG_FORMAT_GRAY, {9, 200}))) == Pixels{9, 9, 9, 200, 200, 200});
  // alpha 0 does not blacken the colour: it is dropped, not composited
  CHECK(vals<uint8_t>(decode(png(2, 1, PNG_FORMAT_RGBA, {10, 20, 30, 0, 40, 50, 60, 255}))) ==
        Pixels{10, 20, 30, 40, 50, 60});
  // a palette (8 bits per pixel, two entries stored B, G, R, 0) is replaced by its colours
  const Pixels palette{30, 20, 10, 0, 60, 50, 40, 0};
  CHECK(vals<uint8_t>(decode(bmp(2, 1, 8, 0, palette, {1, 0, 0, 0}))) == Pixels{40, 50, 60, 10, 20, 30});
  // 16-bit PGM samples (maxval 1000) are scaled to 8 bits
  CHECK(vals<uint8_t>(decode(text("P5 2 1 1000 ") + Pixels{0x03, 0xE8, 0x01, 0xF4})) ==
        Pixels{255, 255, 255, 128, 128, 128});
}

TEST_CASE("[IMG6] BGR exchanges the first and third channel; Grayscale is BT.601 luma") {
  const Pixels p = text("P6 4 1 255 ") + Pixels{255, 0, 0, 0, 255, 0, 0, 0, 255, 77, 77, 77};
  CHECK(vals<uint8_t>(decode(p, "BGR")) == Pixels{0, 0, 255, 0, 255, 0, 255, 0, 0, 77, 77, 77});
  // floor((19595 R + 38470 G + 7471 B + 32768) / 65536): 255 * 19595 + 32768 = 5029493 -> 76, ...
  auto g = decode(p, "Grayscale");
  CHECK(shape_of(g) == Shape{1, 4, 1});
  CHECK(vals<uint8_t>(g) == Pixels{76, 150, 29, 77});
}

TEST_CASE("[IMG7] JPEG: libjpeg-turbo, truncated streams undecodable, CMYK unsupported") {
  // a flat gray image: Y = Cb = Cr = 128 and only DC coefficients, exact at quality 100
  const Pixels gray(16 * 16 * 3, 128);
  CHECK(vals<uint8_t>(decode(jpeg(16, 16, 3, JCS_RGB, gray))) == gray);
  // a flat colour goes through YCbCr and back: within 2 levels of (200, 100, 50)
  Pixels colour;
  for (int i = 0; i < 64; ++i) colour.insert(colour.end(), {200, 100, 50});
  const Pixels stream_c = jpeg(8, 8, 3, JCS_RGB, colour);
  auto out = vals<uint8_t>(decode(stream_c));
  REQUIRE(out.size() == colour.size());
  for (size_t i = 0; i < out.size(); ++i) CHECK(std::abs(int(out[i]) - int(colour[i])) <= 2);
  // Grayscale: floor((200*19595 + 100*38470 + 50*7471 + 32768) / 65536) = 124, within 2 as well
  for (uint8_t v : vals<uint8_t>(decode(stream_c, "Grayscale"))) CHECK(std::abs(int(v) - 124) <= 2);
  // a single-component JPEG is gray repeated
  const Pixels y(8 * 8, 77);
  CHECK(vals<uint8_t>(decode(jpeg(8, 8, 1, JCS_GRAYSCALE, y))) == Pixels(8 * 8 * 3, 77));
  // cut before its image data ends
  const Pixels cut(stream_c.begin(), stream_c.begin() + static_cast<std::ptrdiff_t>(stream_c.size() - 40));
  CHECK(shape_of(decode(cut)) == Shape{0, 0, 3});
  CHECK(kind_of_decoding(jpeg(8, 8, 4, JCS_CMYK, Pixels(8 * 8 * 4, 10))) == ErrorKind::unsupported);
}

TEST_CASE("[IMG8] PNG: colour types and palettes to RGB") {
  CHECK(vals<uint8_t>(decode(png(2, 2, PNG_FORMAT_RGB, rgb4), "BGR")) ==
        Pixels{0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255});
  CHECK(vals<uint8_t>(decode(png(1, 1, PNG_FORMAT_GA, {33, 0}))) == Pixels{33, 33, 33});
}

TEST_CASE("[IMG9] TIFF: libtiff's RGBA interface, row 0 at the top") {
  const Pixels px{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18};  // 3 x 2
  auto out = decode(tiff_stream(3, 2, px));
  CHECK(shape_of(out) == Shape{2, 3, 3});
  CHECK(vals<uint8_t>(out) == px);
  CHECK(shape_of(decode(text("II") + Pixels{42, 0, 200, 0, 0, 0})) == Shape{0, 0, 3});  // no directory
}

TEST_CASE("[IMG10] WebP: lossless images exactly") {
  const Pixels px{0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170};  // 3 x 2
  CHECK(vals<uint8_t>(decode(webp_lossless(3, 2, px))) == px);
  CHECK(shape_of(decode(text("RIFF") + le(4, 4) + text("WEBP"))) == Shape{0, 0, 3});
}

TEST_CASE("[IMG11] JPEG 2000: codestreams decode exactly when lossless; damaged ones do not") {
  const Pixels px{9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 255, 128};  // 2 x 2
  const Pixels s = j2k(2, 2, px);
  CHECK(vals<uint8_t>(decode(s)) == px);
  CHECK(shape_of(decode(Pixels(s.begin(), s.begin() + 20))) == Shape{0, 0, 3});
  const Pixels jp2_box{0, 0, 0, 0x0C, 'j', 'P', ' ', ' ', '\r', '\n', 0x87, '\n'};
  CHECK(shape_of(decode(jp2_box + Pixels{1, 2, 3})) == Shape{0, 0, 3});
}

TEST_CASE("[IMG12] BMP: 24-bit, palettes, bit fields, both row orders") {
  // 2 x 2, bottom-up: the first stored row (B, G, R each, padded to 8 bytes) is the bottom one
  const Pixels rows{255, 0, 0, 255, 255, 255, 0, 0, /**/ 0, 0, 255, 0, 255, 0, 0, 0};
  CHECK(vals<uint8_t>(decode(bmp(2, 2, 24, 0, {}, rows))) == rgb4);
  // 3 x 2, 1 bit per pixel, top-down (negative height): rows 101 and 011
  const Pixels palette{30, 20, 10, 0, 50, 100, 200, 0};
  CHECK(vals<uint8_t>(decode(bmp(3, -2, 1, 0, palette, {0xA0, 0, 0, 0, 0x60, 0, 0, 0}))) ==
        Pixels{200, 100, 50, 10, 20, 30, 200, 100, 50, 10, 20, 30, 200, 100, 50, 200, 100, 50});
  // 16 bits, 5-5-5: 0x7FFF white, 0x7C00 red, blue 16 -> 16 * 255 / 31 = 131
  CHECK(vals<uint8_t>(decode(bmp(3, 1, 16, 0, {}, {0xFF, 0x7F, 0x00, 0x7C, 0x10, 0x00, 0, 0}))) ==
        Pixels{255, 255, 255, 255, 0, 0, 0, 0, 131});
  // 32 bits with masks (bit fields): R in the low byte, G next, B next
  CHECK(vals<uint8_t>(decode(bmp(1, 1, 32, 3, le(0xFF, 4) + le(0xFF00, 4) + le(0xFF0000, 4), {1, 2, 3, 4}))) ==
        Pixels{1, 2, 3});
  // a palette index beyond the palette, pixel data cut short
  CHECK(shape_of(decode(bmp(2, 1, 8, 0, palette, {5, 0, 0, 0}))) == Shape{0, 0, 3});
  CHECK(shape_of(decode(bmp(2, 2, 24, 0, {}, {1, 2, 3}))) == Shape{0, 0, 3});
  CHECK(kind_of_decoding(bmp(2, 1, 8, 1, palette, {2, 0, 0, 1})) == ErrorKind::unsupported);  // RLE8
}

TEST_CASE("[IMG13] PNM: plain and binary kinds, comments, maxval scaling") {
  CHECK(vals<uint8_t>(decode(text("P6\n2 1\n255\n") + Pixels{1, 2, 3, 250, 251, 252})) ==
        Pixels{1, 2, 3, 250, 251, 252});
  // round(255 v / 15): 15 -> 255, 0 -> 0, 7 -> 119 (119.0), 1 -> 17, 2 -> 34, 3 -> 51
  CHECK(vals<uint8_t>(decode(text("P3 # a comment\n2 1 # another\n15\n15 0 7  1 2 3\n"))) ==
        Pixels{255, 0, 119, 17, 34, 51});
  // bitmaps: 1 is black; P4 rows padded to whole bytes, P1 digits need no separator
  const Pixels checker{0, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0};
  CHECK(vals<uint8_t>(decode(text("P4 2 2\n") + Pixels{0x80, 0x40})) == checker);
  CHECK(vals<uint8_t>(decode(text("P1 2 2\n10\n01"))) == checker);
  CHECK(vals<uint8_t>(decode(text("P2 2 1 255 0 9"))) == Pixels{0, 0, 0, 9, 9, 9});
  CHECK(shape_of(decode(text("P2 1 1 10 11"))) == Shape{0, 0, 3});  // above maxval
  CHECK(shape_of(decode(text("P5 1 1 255"))) == Shape{0, 0, 3});    // no white space, no sample
  CHECK(kind_of_decoding(text("P7\nWIDTH 1\n")) == ErrorKind::unsupported);
  CHECK(kind_of_decoding(text("Pf\n1 1\n-1\n")) == ErrorKind::unsupported);
}

#include "CPNGCodec.h"
#include <png.h>
#include <zlib.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Errors

typedef struct {
  char *message;
} gs_error_sink;

static void gs_on_error(png_structp png, png_const_charp text) {
  gs_error_sink *sink = png_get_error_ptr(png);
  if (sink && sink->message) {
    strncpy(sink->message, text ? text : "unknown libpng error", 255);
    sink->message[255] = 0;
  }
  png_longjmp(png, 1);
}

static void gs_on_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text; // warnings (e.g. a bad iCCP profile) do not stop decoding
}

// MARK: - Reading

typedef struct {
  const uint8_t *data;
  size_t length;
  size_t offset;
} gs_reader;

static void gs_read(png_structp png, png_bytep out, png_size_t count) {
  gs_reader *reader = png_get_io_ptr(png);
  if (count > reader->length - reader->offset) {
    png_error(png, "file is truncated");
    return;
  }
  memcpy(out, reader->data + reader->offset, count);
  reader->offset += count;
}

/// A read struct and its info struct reporting into `sink`; 0 when out of memory.
static int gs_create_reader(gs_error_sink *sink, png_structp *png, png_infop *info) {
  *png = png_create_read_struct(PNG_LIBPNG_VER_STRING, sink, gs_on_error, gs_on_warning);
  if (!*png) return 0;
  *info = png_create_info_struct(*png);
  if (!*info) {
    png_destroy_read_struct(png, NULL, NULL);
    return 0;
  }
  return 1;
}

gs_png_status gs_png_read_size(const uint8_t *data, size_t length, uint32_t *width,
                               uint32_t *height, char message[256]) {
  if (length < 24 || png_sig_cmp(data, 0, 8) != 0) return GS_PNG_NOT_PNG;
  // IHDR is always the first chunk: signature (8), length (4), type (4), width, height.
  if (memcmp(data + 12, "IHDR", 4) != 0) {
    strcpy(message, "first chunk is not IHDR");
    return GS_PNG_LIBPNG_ERROR;
  }
  *width = ((uint32_t)data[16] << 24) | ((uint32_t)data[17] << 16) | ((uint32_t)data[18] << 8) |
           data[19];
  *height = ((uint32_t)data[20] << 24) | ((uint32_t)data[21] << 16) | ((uint32_t)data[22] << 8) |
            data[23];
  return GS_PNG_OK;
}

/// Decodes into `destination` (`capacity` bytes) when it is not NULL, else into malloc'd memory.
static gs_png_status gs_png_decode_to(const uint8_t *data, size_t length, uint32_t max_side,
                                      uint8_t *destination, size_t capacity,
                                      gs_png_decoded *out) {
  out->width = 0;
  out->height = 0;
  out->pixels = NULL;
  out->message[0] = 0;
  if (length < 8 || png_sig_cmp(data, 0, 8) != 0) return GS_PNG_NOT_PNG;
  // The size limit is checked on the raw header first, before libpng allocates anything.
  uint32_t header_width = 0, header_height = 0;
  if (gs_png_read_size(data, length, &header_width, &header_height, out->message) == GS_PNG_OK &&
      (header_width > max_side || header_height > max_side)) {
    snprintf(out->message, 256, "%ux%u px exceeds the limit of %u px on a side", header_width,
             header_height, max_side);
    out->width = header_width;
    out->height = header_height;
    return GS_PNG_TOO_LARGE;
  }

  gs_error_sink sink = {out->message};
  png_structp png = NULL;
  png_infop info = NULL;
  if (!gs_create_reader(&sink, &png, &info)) return GS_PNG_OUT_OF_MEMORY;
  gs_reader reader = {data, length, 0};
  uint8_t *volatile pixels = NULL;
  png_bytep *volatile rows = NULL;
  volatile gs_png_status status = GS_PNG_LIBPNG_ERROR;

  if (setjmp(png_jmpbuf(png))) {
    if (pixels != destination) free(pixels);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    out->pixels = NULL;
    return status;
  }
  png_set_read_fn(png, &reader, gs_read);
  // Pixel values are taken as stored: no colour management, whatever the file says.
  png_set_option(png, PNG_SKIP_sRGB_CHECK_PROFILE, PNG_OPTION_ON);
  png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
  png_read_info(png, info);

  png_uint_32 width = png_get_image_width(png, info);
  png_uint_32 height = png_get_image_height(png, info);
  if (width > max_side || height > max_side) {
    snprintf(out->message, 256, "%ux%u px exceeds the limit of %u px on a side", width, height,
             max_side);
    out->width = width;
    out->height = height;
    status = GS_PNG_TOO_LARGE;
    png_longjmp(png, 1);
  }
  int color_type = png_get_color_type(png, info);
  int bit_depth = png_get_bit_depth(png, info);

  if (bit_depth == 16) png_set_scale_16(png); // round(v / 257), not truncation
  if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
  if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA)
    png_set_gray_to_rgb(png);
  if (!(color_type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
    png_set_filler(png, 0xff, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);

  size_t stride = png_get_rowbytes(png, info);
  if (stride != (size_t)width * 4) {
    strcpy(out->message, "unexpected row layout after conversion to RGBA8");
    png_longjmp(png, 1);
  }
  if (destination) {
    if (capacity < stride * height) {
      strcpy(out->message, "image size differs from its header");
      png_longjmp(png, 1);
    }
    pixels = destination;
  } else {
    pixels = malloc(stride * height);
  }
  rows = malloc(sizeof(png_bytep) * height);
  if (!pixels || !rows) {
    status = GS_PNG_OUT_OF_MEMORY;
    png_longjmp(png, 1);
  }
  for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + y * stride;
  png_read_image(png, rows);
  png_read_end(png, NULL);

  free(rows);
  png_destroy_read_struct(&png, &info, NULL);
  out->width = width;
  out->height = height;
  out->pixels = destination ? NULL : pixels;
  return GS_PNG_OK;
}

gs_png_status gs_png_decode(const uint8_t *data, size_t length, uint32_t max_side,
                            gs_png_decoded *out) {
  return gs_png_decode_to(data, length, max_side, NULL, 0, out);
}

gs_png_status gs_png_decode_into(const uint8_t *data, size_t length, uint32_t max_side,
                                 uint8_t *pixels, size_t capacity, gs_png_decoded *out) {
  return gs_png_decode_to(data, length, max_side, pixels, capacity, out);
}

gs_png_status gs_png_read_text(const uint8_t *data, size_t length, const char *key, char *value,
                               size_t capacity) {
  if (capacity == 0) return GS_PNG_OUT_OF_MEMORY;
  value[0] = 0;
  if (length < 8 || png_sig_cmp(data, 0, 8) != 0) return GS_PNG_NOT_PNG;
  char message[256] = {0};
  gs_error_sink sink = {message};
  png_structp png = NULL;
  png_infop info = NULL;
  if (!gs_create_reader(&sink, &png, &info)) return GS_PNG_OUT_OF_MEMORY;
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &info, NULL);
    return GS_PNG_LIBPNG_ERROR;
  }
  gs_reader reader = {data, length, 0};
  png_set_read_fn(png, &reader, gs_read);
  png_read_info(png, info);  // reads every chunk before the first IDAT
  png_textp texts = NULL;
  int count = 0;
  png_get_text(png, info, &texts, &count);
  for (int i = 0; i < count; i++) {
    if (strcmp(texts[i].key, key) == 0) {
      strncpy(value, texts[i].text, capacity - 1);
      value[capacity - 1] = 0;
      break;
    }
  }
  png_destroy_read_struct(&png, &info, NULL);
  return GS_PNG_OK;
}

// MARK: - Writing

static void gs_write(png_structp png, png_bytep bytes, png_size_t count) {
  gs_png_encoded *out = png_get_io_ptr(png);
  if (out->length + count > out->capacity) {
    size_t capacity = out->capacity ? out->capacity : 4096;
    while (capacity < out->length + count) capacity *= 2;
    uint8_t *grown = realloc(out->bytes, capacity);
    if (!grown) png_error(png, "out of memory");
    out->bytes = grown;
    out->capacity = capacity;
  }
  memcpy(out->bytes + out->length, bytes, count);
  out->length += count;
}

static void gs_flush(png_structp png) { (void)png; }

/// Whether at least 75 % of the pixels on every 8th row of an RGBA image equal their left
/// neighbour: runs of one colour, as icons (85-96 % at 75-1024 px) and screenshots are, which
/// compress fastest (and mostly smaller) unfiltered; a gradient has about 9 %. Reading one row
/// in eight costs about 2 % of an encode.
static int gs_mostly_runs(const uint8_t *pixels, uint32_t width, uint32_t height,
                          int channels) {
  if (channels != 4 || width < 2) return 0;
  uint64_t equal = 0, total = 0;
  for (uint32_t y = 0; y < height; y += 8) {
    const uint8_t *row = pixels + (size_t)y * width * 4;
    uint32_t previous;
    memcpy(&previous, row, 4);
    for (uint32_t x = 1; x < width; x++) {
      uint32_t pixel;
      memcpy(&pixel, row + (size_t)x * 4, 4);
      equal += pixel == previous;
      previous = pixel;
    }
    total += width - 1;
  }
  return equal * 4 >= total * 3;
}

gs_png_status gs_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                            int channels, int level, const char *const *text_keys,
                            const char *const *text_values, int text_count,
                            gs_png_encoded *out) {
  out->bytes = NULL;
  out->length = 0;
  out->capacity = 0;
  out->message[0] = 0;
  gs_error_sink sink = {out->message};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, gs_on_error,
                                            gs_on_warning);
  if (!png) return GS_PNG_OUT_OF_MEMORY;
  png_infop info = png_create_info_struct(png);
  if (!info) {
    png_destroy_write_struct(&png, NULL);
    return GS_PNG_OUT_OF_MEMORY;
  }
  png_bytep *volatile rows = NULL;
  if (setjmp(png_jmpbuf(png))) {
    free(rows);
    free(out->bytes);
    out->bytes = NULL;
    out->length = 0;
    png_destroy_write_struct(&png, &info);
    return GS_PNG_LIBPNG_ERROR;
  }
  png_set_write_fn(png, out, gs_write, gs_flush);
  // Icons are mostly runs of identical pixels (transparent background, solid ink): for them
  // rows go unfiltered to zlib's fast matcher at level 2, which skips libpng's filter pass
  // and is about 22 % faster than the Sub filter with run-length zlib at 1024 px (files
  // ~50 % larger there, smaller at 75 px and for screenshots). Other images (gradients, photos) keep the Sub
  // filter with run-length zlib at `level`: twice as fast as libpng's defaults for ~20 %
  // larger files (Xcode recompresses asset catalog PNGs anyway). The choice depends on the
  // pixels only, so the same pixels always give the same bytes.
  if (gs_mostly_runs(pixels, width, height, channels)) {
    png_set_compression_level(png, 2);
    png_set_filter(png, 0, PNG_FILTER_NONE);
    png_set_compression_strategy(png, Z_DEFAULT_STRATEGY);
  } else {
    png_set_compression_level(png, level);
    png_set_filter(png, 0, PNG_FILTER_SUB);
    png_set_compression_strategy(png, Z_RLE);
  }
  png_set_IHDR(png, info, width, height, 8,
               channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
  if (text_count > 0) {
    png_text *texts = calloc((size_t)text_count, sizeof(png_text));
    for (int i = 0; i < text_count; i++) {
      texts[i].compression = PNG_TEXT_COMPRESSION_NONE;
      texts[i].key = (png_charp)text_keys[i];
      texts[i].text = (png_charp)text_values[i];
    }
    png_set_text(png, info, texts, text_count);
    free(texts);
  }
  png_write_info(png, info);
  rows = malloc(sizeof(png_bytep) * (height ? height : 1));
  for (uint32_t y = 0; y < height; y++)
    rows[y] = (png_bytep)(pixels + (size_t)y * width * (size_t)channels);
  png_write_image(png, rows);
  png_write_end(png, NULL);
  free(rows);
  png_destroy_write_struct(&png, &info);
  return GS_PNG_OK;
}

void gs_png_free(void *pointer) { free(pointer); }

const char *gs_png_version(void) { return PNG_LIBPNG_VER_STRING; }

#ifndef GLYPHSMITH_CPNGCODEC_H
#define GLYPHSMITH_CPNGCODEC_H
#include <stddef.h>
#include <stdint.h>

/// Result codes of the PNG codec. libpng reports errors through setjmp/longjmp, which Swift
/// cannot call, so the classic libpng API lives here and returns one of these instead.
typedef enum {
  GS_PNG_OK = 0,
  GS_PNG_NOT_PNG = 1,        ///< the data does not start with the PNG signature
  GS_PNG_TOO_LARGE = 2,      ///< a side exceeds the caller's limit
  GS_PNG_LIBPNG_ERROR = 3,   ///< libpng reported an error; the message is in `message`
  GS_PNG_OUT_OF_MEMORY = 4,
} gs_png_status;

/// A decoded image: straight (non-premultiplied) RGBA, 8 bits a sample, row-major, no padding.
/// `pixels` is malloc'd; free it with `gs_png_free`.
typedef struct {
  uint32_t width;
  uint32_t height;
  uint8_t *pixels;
  char message[256];
} gs_png_decoded;

/// Reads only the header: width and height in px. Returns GS_PNG_OK or an error status.
gs_png_status gs_png_read_size(const uint8_t *data, size_t length, uint32_t *width,
                               uint32_t *height, char message[256]);

/// Decodes any PNG colour type (palette with tRNS, grey, grey + alpha, RGB, RGBA, 16-bit,
/// interlaced) to straight RGBA8. Samples are taken as stored: gAMA, sRGB and iCCP chunks are
/// ignored; 16-bit samples scale to 8 bits as round(v / 257). A side over `max_side` px fails
/// with GS_PNG_TOO_LARGE before any pixel memory is allocated.
gs_png_status gs_png_decode(const uint8_t *data, size_t length, uint32_t max_side,
                            gs_png_decoded *out);

/// `gs_png_decode` into the caller's `pixels` (`capacity` bytes, at least width x height x 4 as
/// the header announces); `out->pixels` stays NULL. Saves the copy and the second buffer.
gs_png_status gs_png_decode_into(const uint8_t *data, size_t length, uint32_t max_side,
                                 uint8_t *pixels, size_t capacity, gs_png_decoded *out);
/// An encoded PNG in memory; free `bytes` with `gs_png_free`.
typedef struct {
  uint8_t *bytes;
  size_t length;
  size_t capacity;
  char message[256];
} gs_png_encoded;

/// Encodes straight RGBA8 (`channels` 4) or RGB8 (`channels` 3) pixels, row-major, no padding,
/// as an 8-bit PNG with an sRGB chunk (perceptual intent), no tIME chunk, fixed zlib settings
/// (level `level`, 0-9), and the given tEXt key/value pairs (`text_count` of them), so the
/// same pixels always give the same bytes.
gs_png_status gs_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                            int channels, int level, const char *const *text_keys,
                            const char *const *text_values, int text_count,
                            gs_png_encoded *out);

/// Reads the tEXt chunk `key` that precedes the image data, without decoding pixels. On
/// GS_PNG_OK, `value` holds the text (truncated to `capacity - 1` bytes, NUL-terminated), or an
/// empty string when there is no such chunk.
gs_png_status gs_png_read_text(const uint8_t *data, size_t length, const char *key, char *value,
                               size_t capacity);

/// Frees memory returned by the codec.
void gs_png_free(void *pointer);

/// The libpng version the codec was linked with, e.g. "1.6.39".
const char *gs_png_version(void);

#endif

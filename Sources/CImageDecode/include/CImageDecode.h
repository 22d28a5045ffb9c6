#ifndef FLICK_CIMAGEDECODE_H
#define FLICK_CIMAGEDECODE_H
#include <stddef.h>
#include <stdint.h>
#include "FlickThread.h"
#include "FlickPixels.h"

/// A PNG file opened for decoding row by row (libpng), so a big image can be reduced while it
/// is read: no full-size copy is ever made, and the caller may pause between rows.
typedef struct FlickPNG FlickPNG;

/// Opens `path` and reads its header. NULL when the file is not a PNG this reader handles
/// (unreadable, corrupt header, an odd row layout).
FlickPNG *flick_png_open(const char *path);

/// The image's size in pixels.
uint32_t flick_png_width(const FlickPNG *png);
uint32_t flick_png_height(const FlickPNG *png);

/// True for an Adam7-interlaced image, which arrives in passes: read it with
/// `flick_png_read_whole`; `flick_png_read_reduced` refuses it.
int flick_png_interlaced(const FlickPNG *png);

/// Decodes the image as RGBA (8 bits a channel; palettes, grey, 16-bit channels and tRNS
/// expanded as SDL_image does) and writes it reduced by `factor` (1...64) into `dst`
/// (`width / factor` x `height / factor` pixels, `dst_pitch` bytes a row): each factor x factor
/// block becomes one pixel, colours averaged weighted by alpha (a transparent pixel does not
/// darken its neighbours), alpha averaged; the partial blocks at the right and bottom edges are
/// dropped. `between_rows(context)` is called every few rows; a non-zero return stops the
/// decode. Returns 0 when done, 1 when stopped, -1 on a decoding error (`flick_png_error`).
int flick_png_read_reduced(FlickPNG *png, int factor, uint8_t *dst, size_t dst_pitch,
                           int (*between_rows)(void *context), void *context);

/// Decodes the whole image as RGBA, as `flick_png_read_reduced` does with factor 1, interlaced
/// or not, into `dst` (`width` x `height` pixels, `dst_pitch` bytes a row), with the same
/// `between_rows` stop and the same returns.
int flick_png_read_whole(FlickPNG *png, uint8_t *dst, size_t dst_pitch,
                         int (*between_rows)(void *context), void *context);

/// What went wrong, for the last failed call.
const char *flick_png_error(const FlickPNG *png);

/// Closes the file and frees everything.
void flick_png_close(FlickPNG *png);

/// A JPEG file opened for decoding (libjpeg-turbo), read in full to RGBA with a progress hook,
/// so that a decode can be stopped from outside and a file of endless scans is refused.
typedef struct FlickJPEG FlickJPEG;

/// Opens `path` and reads its header; NULL with the reason in `error` when it cannot.
FlickJPEG *flick_jpeg_open(const char *path, char *error, size_t error_size);

/// The image's size in pixels.
uint32_t flick_jpeg_width(const FlickJPEG *jpeg);
uint32_t flick_jpeg_height(const FlickJPEG *jpeg);

/// Decodes the image as RGBA (8 bits a channel; CMYK and YCCK turned into RGB, Adobe's inverted
/// convention honoured) into `dst` (`width` x `height` pixels, `dst_pitch` bytes a row).
/// `between(context)` runs often while the file is read; a non-zero return stops the decode.
/// A file with more than `max_scans` scans is refused. Returns 0 when done, 1 when stopped,
/// -1 on an error (`flick_jpeg_error`). Call it once per open file.
int flick_jpeg_read(FlickJPEG *jpeg, uint8_t *dst, size_t dst_pitch, int max_scans,
                    int (*between)(void *context), void *context);

/// What went wrong, for the last failed call.
const char *flick_jpeg_error(const FlickJPEG *jpeg);

/// Closes the file and frees everything.
void flick_jpeg_close(FlickJPEG *jpeg);

#endif

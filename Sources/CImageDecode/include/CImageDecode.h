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
/// (interlaced, unreadable, corrupt header): the caller then decodes it another way.
FlickPNG *flick_png_open(const char *path);

/// The image's size in pixels.
uint32_t flick_png_width(const FlickPNG *png);
uint32_t flick_png_height(const FlickPNG *png);

/// Decodes the image as RGBA (8 bits a channel; palettes, grey, 16-bit channels and tRNS
/// expanded as SDL_image does) and writes it reduced by `factor` (1...64) into `dst`
/// (`width / factor` x `height / factor` pixels, `dst_pitch` bytes a row): each factor x factor
/// block becomes one pixel, colours averaged weighted by alpha (a transparent pixel does not
/// darken its neighbours), alpha averaged; the partial blocks at the right and bottom edges are
/// dropped. `between_rows(context)` is called every few rows; a non-zero return stops the
/// decode. Returns 0 when done, 1 when stopped, -1 on a decoding error (`flick_png_error`).
int flick_png_read_reduced(FlickPNG *png, int factor, uint8_t *dst, size_t dst_pitch,
                           int (*between_rows)(void *context), void *context);

/// What went wrong, for the last failed call.
const char *flick_png_error(const FlickPNG *png);

/// Closes the file and frees everything.
void flick_png_close(FlickPNG *png);

#endif

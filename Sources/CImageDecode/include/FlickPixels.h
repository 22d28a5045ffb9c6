#ifndef FLICK_PIXELS_H
#define FLICK_PIXELS_H
#include <stddef.h>
#include <stdint.h>

/// dst = over x t/256 + under x (256 - t)/256 (in steps of 1/128), each byte of `width` x `height` RGBA pixels
/// (colour and alpha alike: two faces of the same shape cross-fade). `t` is 0...256.
void flick_crossfade(const uint8_t *over, size_t over_pitch, const uint8_t *under, size_t under_pitch,
                     uint8_t *dst, size_t dst_pitch, int width, int height, int t);

/// Straight-alpha RGBA bytes to premultiplied ARGB words (pixman's a8r8g8b8), `width` x `height`
/// pixels; pitches in bytes.
void flick_premultiply_rgba(const uint8_t *src, size_t src_pitch, uint32_t *dst, size_t dst_pitch,
                            int width, int height);

/// `src` (premultiplied a8r8g8b8 words, `src_width` x `src_height`, `src_pitch` words a row) OVER
/// the rectangle `x`, `y`, `width`, `height` of `dst` (a8r8g8b8 words, or x8r8g8b8 when `dst_opaque`;
/// `dst_pitch` words a row), at `alpha` (0...255). `matrix` maps a destination point to the
/// source (16.16 fixed: u = m0 x + m1 y + m2, v = m3 x + m4 y + m5), sampled bilinearly at pixel
/// centres, transparent outside the source. The same pixels as pixman's OVER of a bilinear
/// source with that transform, no repeat and a solid mask of `alpha`.
void flick_turned_over(const uint32_t *src, int src_width, int src_height, size_t src_pitch,
                       uint32_t *dst, size_t dst_pitch, int x, int y, int width, int height,
                       const int32_t matrix[6], int alpha, int dst_opaque);

#endif

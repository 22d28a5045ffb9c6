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

#endif

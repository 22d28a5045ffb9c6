#include "FlickPixels.h"

void flick_crossfade(const uint8_t *over, size_t over_pitch, const uint8_t *under, size_t under_pitch,
                     uint8_t *dst, size_t dst_pitch, int width, int height, int t) {
    const unsigned a = (unsigned)(t < 0 ? 0 : (t > 256 ? 256 : t)), b = 256 - a;
    const size_t n = (size_t)width * 4;
    for (int y = 0; y < height; y++) {
        const uint8_t *restrict o = over + (size_t)y * over_pitch;
        const uint8_t *restrict u = under + (size_t)y * under_pitch;
        uint8_t *restrict d = dst + (size_t)y * dst_pitch;
        for (size_t i = 0; i < n; i++) d[i] = (uint8_t)((o[i] * a + u[i] * b + 128) >> 8);
    }
}

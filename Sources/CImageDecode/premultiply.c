#include "FlickPixels.h"

void flick_premultiply_rgba(const uint8_t *src, size_t src_pitch, uint32_t *dst, size_t dst_pitch,
                            int width, int height) {
    for (int y = 0; y < height; y++) {
        const uint8_t *s = src + (size_t)y * src_pitch;
        uint32_t *d = (uint32_t *)((uint8_t *)dst + (size_t)y * dst_pitch);
        for (int x = 0; x < width; x++, s += 4) {
            uint32_t a = s[3];
            if (a == 255) {
                d[x] = 0xff000000u | ((uint32_t)s[0] << 16) | ((uint32_t)s[1] << 8) | s[2];
            } else if (a == 0) {
                d[x] = 0;
            } else {
                // x * a / 255, rounded (the usual exact trick).
                uint32_t r = s[0] * a + 128, g = s[1] * a + 128, b = s[2] * a + 128;
                r = (r + (r >> 8)) >> 8; g = (g + (g >> 8)) >> 8; b = (b + (b >> 8)) >> 8;
                d[x] = (a << 24) | (r << 16) | (g << 8) | b;
            }
        }
    }
}

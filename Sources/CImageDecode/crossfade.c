#include "FlickPixels.h"

#if defined(__x86_64__) && defined(__linux__)
// An AVX2 copy where the processor has it (picked at load time), SSE2 elsewhere.
__attribute__((target_clones("avx2", "default")))
#endif
void flick_crossfade(const uint8_t *over, size_t over_pitch, const uint8_t *under, size_t under_pitch,
                     uint8_t *dst, size_t dst_pitch, int width, int height, int t) {
    // 7-bit weights keep every sum within 16 bits, so the loop vectorises to 16-bit lanes.
    const int clamped = t < 0 ? 0 : (t > 256 ? 256 : t);
    const uint16_t a = (uint16_t)((clamped + 1) >> 1), b = (uint16_t)(128 - a);
    const size_t n = (size_t)width * 4;
    for (int y = 0; y < height; y++) {
        const uint8_t *restrict o = over + (size_t)y * over_pitch;
        const uint8_t *restrict u = under + (size_t)y * under_pitch;
        uint8_t *restrict d = dst + (size_t)y * dst_pitch;
        for (size_t i = 0; i < n; i++) d[i] = (uint8_t)((uint16_t)(o[i] * a + u[i] * b + 64) >> 7);
    }
}

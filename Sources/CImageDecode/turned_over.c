#include "FlickPixels.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// The arithmetic below is pixman's (0.42) for OVER with a bilinear, transparent-outside source
// under an affine transform and a solid mask: 7-bit interpolation weights, one truncation after
// both directions, then the mask and OVER with rounded byte multiplies. Written out so a turned
// card takes one pass per pixel instead of the general path's fetch, mask, combine and store
// passes; the pixels are the same (FlickSDL's tests compare the two on turned quads).

// x * a / 255 for each byte of x, rounded.
static inline uint32_t mul_un8x4(uint32_t x, uint32_t a) {
    uint32_t rb = (x & 0xff00ffu) * a + 0x800080u;
    rb = ((rb + ((rb >> 8) & 0xff00ffu)) >> 8) & 0xff00ffu;
    uint32_t ag = ((x >> 8) & 0xff00ffu) * a + 0x800080u;
    ag = (ag + ((ag >> 8) & 0xff00ffu)) & 0xff00ff00u;
    return rb | ag;
}

// x * a / 255 + y for each byte, rounded and saturated.
static inline uint32_t mul_add_un8x4(uint32_t x, uint32_t a, uint32_t y) {
    uint32_t rb = (x & 0xff00ffu) * a + 0x800080u;
    rb = ((rb + ((rb >> 8) & 0xff00ffu)) >> 8) & 0xff00ffu;
    rb += y & 0xff00ffu;
    rb |= 0x1000100u - ((rb >> 8) & 0xff00ffu);
    rb &= 0xff00ffu;
    uint32_t ag = ((x >> 8) & 0xff00ffu) * a + 0x800080u;
    ag = ((ag + ((ag >> 8) & 0xff00ffu)) >> 8) & 0xff00ffu;
    ag += (y >> 8) & 0xff00ffu;
    ag |= 0x1000100u - ((ag >> 8) & 0xff00ffu);
    ag &= 0xff00ffu;
    return rb | (ag << 8);
}

#if defined(__SSE2__)
// Top pair (tl, tr) and bottom pair (bl, br) in the low 64 bits of each; dx, dy in 0...127.
static inline uint32_t bilinear(__m128i top, __m128i bottom, int dx, int dy) {
    const __m128i zero = _mm_setzero_si128();
    __m128i t = _mm_unpacklo_epi8(top, zero), b = _mm_unpacklo_epi8(bottom, zero);
    // Vertical: at most 255 x 128 in each 16-bit lane, no rounding yet.
    __m128i v = _mm_add_epi16(_mm_mullo_epi16(t, _mm_set1_epi16((short)(128 - dy))),
                              _mm_mullo_epi16(b, _mm_set1_epi16((short)dy)));
    // Horizontal: left and right of each channel side by side, one multiply-add.
    __m128i pairs = _mm_unpacklo_epi16(v, _mm_srli_si128(v, 8));
    __m128i s = _mm_srli_epi32(_mm_madd_epi16(pairs, _mm_set1_epi32((dx << 16) | (128 - dx))), 14);
    s = _mm_packs_epi32(s, s);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(s, s));
}
#else
static inline uint32_t bilinear4(uint32_t tl, uint32_t tr, uint32_t bl, uint32_t br, int dx, int dy) {
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t a = (tl >> shift) & 0xff, b = (tr >> shift) & 0xff, c = (bl >> shift) & 0xff, d = (br >> shift) & 0xff;
        uint32_t top = a * (uint32_t)(128 - dx) + b * (uint32_t)dx, bottom = c * (uint32_t)(128 - dx) + d * (uint32_t)dx;
        out |= ((top * (uint32_t)(128 - dy) + bottom * (uint32_t)dy) >> 14) << shift;
    }
    return out;
}
#endif

void flick_turned_over(const uint32_t *src, int src_width, int src_height, size_t src_pitch,
                       uint32_t *dst, size_t dst_pitch, int x, int y, int width, int height,
                       const int32_t matrix[6], int alpha, int dst_opaque) {
    if (!src || !dst || src_width <= 0 || src_height <= 0 || width <= 0 || height <= 0 || alpha <= 0) return;
    if (alpha > 255) alpha = 255;
    const int64_t sw = src_width, sh = src_height;
    for (int j = 0; j < height; j++) {
        // The source point under the centre of the row's first pixel, then a step a pixel.
        int64_t px = ((int64_t)x << 16) + 0x8000, py = ((int64_t)(y + j) << 16) + 0x8000;
        int64_t u = ((int64_t)matrix[0] * px + (int64_t)matrix[1] * py + ((int64_t)matrix[2] << 16) + 0x8000) >> 16;
        int64_t v = ((int64_t)matrix[3] * px + (int64_t)matrix[4] * py + ((int64_t)matrix[5] << 16) + 0x8000) >> 16;
        uint32_t *d = dst + (size_t)(y + j) * dst_pitch + x;
        for (int i = 0; i < width; i++, u += matrix[0], v += matrix[3]) {
            int64_t x1 = u - 0x8000, y1 = v - 0x8000;
            int dx = (int)((x1 >> 9) & 0x7f), dy = (int)((y1 >> 9) & 0x7f);
            x1 >>= 16;
            y1 >>= 16;
            if (x1 < -1 || x1 >= sw || y1 < -1 || y1 >= sh) continue;   // all four texels outside
            uint32_t s;
            const uint32_t *r1 = src + (size_t)(y1 < 0 ? 0 : y1) * src_pitch;
#if defined(__SSE2__)
            __m128i top, bottom;
            if (x1 >= 0 && x1 + 1 < sw && y1 >= 0 && y1 + 1 < sh) {
                top = _mm_loadl_epi64((const __m128i *)(r1 + x1));
                bottom = _mm_loadl_epi64((const __m128i *)(r1 + x1 + src_pitch));
            } else
#endif
            {
                // An edge: texels outside the source are transparent (the card's edge blends).
                const uint32_t *r2 = y1 + 1 < sh ? src + (size_t)(y1 + 1) * src_pitch : NULL;
                if (y1 < 0) r1 = NULL;
                uint32_t tl = r1 && x1 >= 0 ? r1[x1] : 0, tr = r1 && x1 + 1 < sw ? r1[x1 + 1] : 0;
                uint32_t bl = r2 && x1 >= 0 ? r2[x1] : 0, br = r2 && x1 + 1 < sw ? r2[x1 + 1] : 0;
#if defined(__SSE2__)
                top = _mm_set_epi32(0, 0, (int)tr, (int)tl);
                bottom = _mm_set_epi32(0, 0, (int)br, (int)bl);
#else
                s = bilinear4(tl, tr, bl, br, dx, dy);
#endif
            }
#if defined(__SSE2__)
            s = bilinear(top, bottom, dx, dy);
#endif
            if (alpha != 255) s = mul_un8x4(s, (uint32_t)alpha);
            if (s == 0) continue;
            uint32_t sa = s >> 24;
            uint32_t under = dst_opaque ? (d[i] | 0xff000000u) : d[i];
            d[i] = sa == 255 ? s : mul_add_un8x4(under, 255 - sa, s);
        }
    }
}

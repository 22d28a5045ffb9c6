#include "CImageDecode.h"
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// How many bytes of decoded pixels between two calls of `between_rows`.
enum { PAUSE_BYTES = 16384 };

// Counts one decoded source row; every `rows_per_check` rows asks `between_rows`. Nonzero: stop.
static int pause_point(uint32_t *since_check, uint32_t rows_per_check,
                       int (*between_rows)(void *context), void *context) {
    if (!between_rows || ++*since_check < rows_per_check) return 0;
    *since_check = 0;
    return between_rows(context);
}

struct FlickPNG {
    FILE *file;
    png_structp png;
    png_infop info;
    uint32_t width, height;
    int passes;   // 1, or 7 for an Adam7-interlaced image
    char error[256];
};

// libpng reports errors by longjmp to the setjmp of the call in progress (the only way out of
// its error callback); each entry point below sets its own.
static void on_error(png_structp png, png_const_charp message) {
    FlickPNG *p = (FlickPNG *)png_get_error_ptr(png);
    if (p->file && feof(p->file)) {
        snprintf(p->error, sizeof p->error, "truncated: the file ends before the image does");
    } else {
        snprintf(p->error, sizeof p->error, "%s", message ? message : "PNG error");
    }
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

FlickPNG *flick_png_open(const char *path) {
    FlickPNG *p = (FlickPNG *)calloc(1, sizeof *p);
    if (!p) return NULL;
    p->file = fopen(path, "rb");
    unsigned char signature[8];
    if (!p->file || fread(signature, 1, 8, p->file) != 8 || png_sig_cmp(signature, 0, 8) != 0) {
        flick_png_close(p);
        return NULL;
    }
    p->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, p, on_error, on_warning);
    if (p->png) p->info = png_create_info_struct(p->png);
    if (!p->png || !p->info) {
        flick_png_close(p);
        return NULL;
    }
    if (setjmp(png_jmpbuf(p->png))) {
        flick_png_close(p);
        return NULL;
    }
    png_init_io(p->png, p->file);
    png_set_sig_bytes(p->png, 8);
    png_read_info(p->png, p->info);
    png_uint_32 w = 0, h = 0;
    int depth = 0, colour = 0, interlace = 0;
    png_get_IHDR(p->png, p->info, &w, &h, &depth, &colour, &interlace, NULL, NULL);
    if (w == 0 || h == 0) {
        flick_png_close(p);
        return NULL;
    }
    int has_trns = png_get_valid(p->png, p->info, PNG_INFO_tRNS) != 0;
    if (depth == 16) png_set_strip_16(p->png);
    if (depth < 8) png_set_packing(p->png);
    if (colour == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(p->png);
    if (colour == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(p->png);
    if (has_trns) png_set_tRNS_to_alpha(p->png);
    if (colour == PNG_COLOR_TYPE_GRAY || colour == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(p->png);
    if (!(colour & PNG_COLOR_MASK_ALPHA) && !has_trns) png_set_filler(p->png, 0xFF, PNG_FILLER_AFTER);
    p->passes = interlace != PNG_INTERLACE_NONE ? png_set_interlace_handling(p->png) : 1;
    png_read_update_info(p->png, p->info);
    if (png_get_rowbytes(p->png, p->info) != (size_t)w * 4) {
        flick_png_close(p);
        return NULL;
    }
    p->width = w;
    p->height = h;
    return p;
}

uint32_t flick_png_width(const FlickPNG *p) { return p->width; }
uint32_t flick_png_height(const FlickPNG *p) { return p->height; }
int flick_png_interlaced(const FlickPNG *p) { return p->passes > 1; }
const char *flick_png_error(const FlickPNG *p) { return p->error; }

int flick_png_read_reduced(FlickPNG *p, int factor, uint8_t *dst, size_t dst_pitch,
                           int (*between_rows)(void *context), void *context) {
    const int k = factor < 1 ? 1 : (factor > 64 ? 64 : factor);
    const uint32_t w = p->width, h = p->height;
    const uint32_t ow = w / (uint32_t)k, oh = h / (uint32_t)k;
    if (p->passes > 1) {
        snprintf(p->error, sizeof p->error, "an interlaced image is read whole (flick_png_read_whole)");
        return -1;
    }
    if (ow == 0 || oh == 0) {
        snprintf(p->error, sizeof p->error, "image %ux%u is smaller than the reduction %d", w, h, k);
        return -1;
    }
    // Volatile: they are read after a longjmp back into this function.
    uint8_t *volatile row = (uint8_t *)malloc((size_t)w * 4);
    uint32_t *volatile sums = (uint32_t *)calloc((size_t)ow * 4, sizeof(uint32_t));
    if (!row || !sums) {
        free(row);
        free(sums);
        snprintf(p->error, sizeof p->error, "out of memory");
        return -1;
    }
    if (setjmp(png_jmpbuf(p->png))) {
        free(row);
        free(sums);
        return -1;
    }
    // Pause points about every 16 KB of decoded source pixels, within a block of rows too: a
    // frame that begins waits a fraction of a millisecond for the decoder to step aside (once
    // per output row, 64 KB or more, it was 1 ms on average and 5 ms for an 8000x8000 photo).
    const uint32_t rows_per_check = (uint32_t)(PAUSE_BYTES / ((size_t)w * 4)) + 1;
    const uint32_t n = (uint32_t)(k * k);
    uint32_t since_check = 0;
    for (uint32_t oy = 0; oy < oh; oy++) {
        uint8_t *out = dst + (size_t)oy * dst_pitch;
        if (k == 1) {
            png_read_row(p->png, out, NULL);
            if (pause_point(&since_check, rows_per_check, between_rows, context) != 0) {
                free(row);
                free(sums);
                return 1;
            }
        } else {
            memset(sums, 0, (size_t)ow * 4 * sizeof(uint32_t));
            for (int dy = 0; dy < k; dy++) {
                png_read_row(p->png, row, NULL);
                if (pause_point(&since_check, rows_per_check, between_rows, context) != 0) {
                    free(row);
                    free(sums);
                    return 1;
                }
                const uint8_t *s = row;
                uint32_t *acc = sums;
                for (uint32_t ox = 0; ox < ow; ox++, acc += 4) {
                    uint32_t r = 0, g = 0, b = 0, a = 0;
                    for (int dx = 0; dx < k; dx++, s += 4) {
                        uint32_t alpha = s[3];
                        r += s[0] * alpha;
                        g += s[1] * alpha;
                        b += s[2] * alpha;
                        a += alpha;
                    }
                    acc[0] += r;
                    acc[1] += g;
                    acc[2] += b;
                    acc[3] += a;
                }
            }
            const uint32_t *acc = sums;
            for (uint32_t ox = 0; ox < ow; ox++, acc += 4, out += 4) {
                uint32_t a = acc[3];
                if (a == 0) {
                    out[0] = out[1] = out[2] = out[3] = 0;
                } else {
                    out[0] = (uint8_t)(acc[0] / a);
                    out[1] = (uint8_t)(acc[1] / a);
                    out[2] = (uint8_t)(acc[2] / a);
                    out[3] = (uint8_t)(a / n);
                }
            }
        }
    }
    free(row);
    free(sums);
    return 0;
}

int flick_png_read_whole(FlickPNG *p, uint8_t *dst, size_t dst_pitch,
                         int (*between_rows)(void *context), void *context) {
    if (setjmp(png_jmpbuf(p->png))) return -1;
    const uint32_t rows_per_check = (uint32_t)(PAUSE_BYTES / ((size_t)p->width * 4)) + 1;
    uint32_t since_check = rows_per_check - 1;   // the first check right after the first row
    // Each Adam7 pass fills in more of every row it touches, so every pass goes over the rows
    // of `dst` again (libpng skips the rows a pass has none of).
    for (int pass = 0; pass < p->passes; pass++) {
        for (uint32_t y = 0; y < p->height; y++) {
            png_read_row(p->png, dst + (size_t)y * dst_pitch, NULL);
            if (pause_point(&since_check, rows_per_check, between_rows, context) != 0) return 1;
        }
    }
    return 0;
}

void flick_png_close(FlickPNG *p) {
    if (!p) return;
    if (p->png) png_destroy_read_struct(&p->png, p->info ? &p->info : NULL, NULL);
    if (p->file) fclose(p->file);
    free(p);
}

#include "CImageDecode.h"
#include <setjmp.h>
#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>
#include <stdlib.h>
#include <string.h>

// libjpeg reports errors, and lets a progress monitor stop it, only by leaving through
// error_exit; both land on the setjmp of the call in progress.
struct FlickJPEG {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr errors;
    struct jpeg_progress_mgr progress;
    jmp_buf escape;
    FILE *file;
    int started;
    int max_scans;
    int stopped;
    int (*between)(void *context);
    void *context;
    int truncated;
    char error[256];
};

static void on_error(j_common_ptr common) {
    FlickJPEG *j = (FlickJPEG *)common->client_data;
    char message[JMSG_LENGTH_MAX];
    (*common->err->format_message)(common, message);
    snprintf(j->error, sizeof j->error, "%s", message);
    longjmp(j->escape, 1);
}

// Warnings (extraneous bytes, a corrupt marker) are not errors; the one that says the file ended
// before the image did is noted: libjpeg fills the rest with grey, which is not the picture.
static void on_message(j_common_ptr common, int level) {
    if (level == -1 && common->err->msg_code == JWRN_JPEG_EOF) {
        ((FlickJPEG *)common->client_data)->truncated = 1;
    }
}

// Called often while the file is read (every iMCU row absorbed, every scan): the place where a
// decode is stopped from outside, and where a file with endless scans is refused.
static void on_progress(j_common_ptr common) {
    FlickJPEG *j = (FlickJPEG *)common->client_data;
    if (j->info.input_scan_number > j->max_scans) {
        snprintf(j->error, sizeof j->error, "has more than %d scans (encoders write about 10)", j->max_scans);
        longjmp(j->escape, 1);
    }
    if (j->between && j->between(j->context) != 0) {
        j->stopped = 1;
        longjmp(j->escape, 1);
    }
}

FlickJPEG *flick_jpeg_open(const char *path, char *error, size_t error_size) {
    FlickJPEG *j = (FlickJPEG *)calloc(1, sizeof *j);
    if (!j) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    j->file = fopen(path, "rb");
    if (!j->file) {
        snprintf(error, error_size, "cannot open file");
        free(j);
        return NULL;
    }
    j->info.err = jpeg_std_error(&j->errors);
    j->errors.error_exit = on_error;
    j->errors.emit_message = on_message;
    j->info.client_data = j;
    if (setjmp(j->escape)) {
        snprintf(error, error_size, "%s", j->error);
        flick_jpeg_close(j);
        return NULL;
    }
    jpeg_create_decompress(&j->info);
    j->started = 1;
    jpeg_stdio_src(&j->info, j->file);
    jpeg_read_header(&j->info, TRUE);
    return j;
}

uint32_t flick_jpeg_width(const FlickJPEG *j) { return j->info.image_width; }
uint32_t flick_jpeg_height(const FlickJPEG *j) { return j->info.image_height; }
const char *flick_jpeg_error(const FlickJPEG *j) { return j->error; }

// Four channels of ink to RGBA. Adobe's files store them inverted (0 is full ink), which is how
// libjpeg hands them over when the Adobe marker is present.
static void cmyk_to_rgba(const uint8_t *cmyk, uint8_t *out, uint32_t width, int inverted) {
    for (uint32_t x = 0; x < width; x++, cmyk += 4, out += 4) {
        unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        if (!inverted) {
            c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k;
        }
        out[0] = (uint8_t)((c * k + 127) / 255);
        out[1] = (uint8_t)((m * k + 127) / 255);
        out[2] = (uint8_t)((y * k + 127) / 255);
        out[3] = 255;
    }
}

int flick_jpeg_read(FlickJPEG *j, uint8_t *dst, size_t dst_pitch, int max_scans,
                    int (*between)(void *context), void *context) {
    j->max_scans = max_scans < 1 ? 1 : max_scans;
    j->between = between;
    j->context = context;
    j->stopped = 0;
    const int cmyk = j->info.jpeg_color_space == JCS_CMYK || j->info.jpeg_color_space == JCS_YCCK;
    j->info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    j->progress.progress_monitor = on_progress;
    j->info.progress = &j->progress;
    uint8_t *volatile row = NULL;
    if (setjmp(j->escape)) {
        free(row);
        return j->stopped ? 1 : -1;
    }
    jpeg_start_decompress(&j->info);
    const uint32_t w = j->info.output_width;
    if (cmyk) {
        row = (uint8_t *)malloc((size_t)w * 4);
        if (!row) {
            snprintf(j->error, sizeof j->error, "out of memory");
            return -1;
        }
    }
    while (j->info.output_scanline < j->info.output_height) {
        uint8_t *out = dst + (size_t)j->info.output_scanline * dst_pitch;
        JSAMPROW target = cmyk ? row : out;
        if (jpeg_read_scanlines(&j->info, &target, 1) != 1) break;
        if (cmyk) cmyk_to_rgba(row, out, w, j->info.saw_Adobe_marker);
    }
    free(row);
    row = NULL;
    jpeg_finish_decompress(&j->info);
    if (j->truncated) {
        snprintf(j->error, sizeof j->error, "truncated: the file ends before the image does");
        return -1;
    }
    return 0;
}

void flick_jpeg_close(FlickJPEG *j) {
    if (!j) return;
    if (j->started) jpeg_destroy_decompress(&j->info);
    if (j->file) fclose(j->file);
    free(j);
}

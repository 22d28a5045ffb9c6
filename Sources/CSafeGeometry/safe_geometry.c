#include "CSafeGeometry.h"
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static _Thread_local int last_fixed = 0;

int flick_safe_geometry_last_fixed(void) { return last_fixed; }

/// What SDL_render_sw.c does to a corner: scaled, truncated to an int, then to half pixels.
static int64_t half_pixels(float v, float scale) {
    double s = (double)v * (double)scale;
    if (!isfinite(s) || s > 1e9 || s < -1e9) return INT64_MAX / 4;
    return (int64_t)(int)s * 2;
}

int flick_sw_triangle_overflows(const float xy[6], const float uv[6], int texture_w, int texture_h,
                                float scale_x, float scale_y) {
    int64_t dx[3], dy[3], sx[3], sy[3];
    for (int i = 0; i < 3; i++) {
        dx[i] = half_pixels(xy[2 * i], scale_x);
        dy[i] = half_pixels(xy[2 * i + 1], scale_y);
        if (dx[i] > (1 << 14) || dx[i] < -(1 << 14) || dy[i] > (1 << 14) || dy[i] < -(1 << 14)) return 1;
        double u = (double)uv[2 * i] * texture_w, v = (double)uv[2 * i + 1] * texture_h;
        if (!isfinite(u) || !isfinite(v) || fabs(u) > 1e9 || fabs(v) > 1e9) return 1;
        sx[i] = (int)u;
        sy[i] = (int)v;
    }
    // SDL_SW_BlitTriangle pulls the texels on the bounding box's far edge in by one.
    int64_t minx = sx[0], maxx = sx[0], miny = sy[0], maxy = sy[0];
    for (int i = 1; i < 3; i++) {
        if (sx[i] < minx) minx = sx[i];
        if (sx[i] > maxx) maxx = sx[i];
        if (sy[i] < miny) miny = sy[i];
        if (sy[i] > maxy) maxy = sy[i];
    }
    for (int i = 0; i < 3; i++) {
        if (maxx > minx && sx[i] == maxx) sx[i]--;
        if (maxy > miny && sy[i] == maxy) sy[i]--;
    }
    int64_t area = (dx[1] - dx[0]) * (dy[2] - dy[0]) - (dy[1] - dy[0]) * (dx[2] - dx[0]);
    if (area < 0) area = -area;
    if (area > INT_MAX) return 1;
    int64_t s2 = llabs(sx[2]) > llabs(sy[2]) ? llabs(sx[2]) : llabs(sy[2]);
    return s2 * area > INT_MAX;
}

/// A vertex as SDL takes it.
typedef struct { float x, y, u, v; SDL_Color c; } Corner;

typedef struct {
    float *xy, *uv;
    SDL_Color *color;
    int count, capacity;
    int *indices;
    int index_count, index_capacity;
    int failed;
} Out;

static int out_vertex(Out *o, Corner k) {
    if (o->count == o->capacity) {
        int cap = o->capacity ? o->capacity * 2 : 64;
        float *xy = realloc(o->xy, sizeof(float) * 2 * cap);
        if (xy) o->xy = xy;
        float *uv = realloc(o->uv, sizeof(float) * 2 * cap);
        if (uv) o->uv = uv;
        SDL_Color *c = realloc(o->color, sizeof(SDL_Color) * cap);
        if (c) o->color = c;
        if (!xy || !uv || !c) { o->failed = 1; return 0; }
        o->capacity = cap;
    }
    o->xy[2 * o->count] = k.x; o->xy[2 * o->count + 1] = k.y;
    o->uv[2 * o->count] = k.u; o->uv[2 * o->count + 1] = k.v;
    o->color[o->count] = k.c;
    return o->count++;
}

static void out_index(Out *o, int i) {
    if (o->index_count == o->index_capacity) {
        int cap = o->index_capacity ? o->index_capacity * 2 : 192;
        int *p = realloc(o->indices, sizeof(int) * cap);
        if (!p) { o->failed = 1; return; }
        o->indices = p;
        o->index_capacity = cap;
    }
    o->indices[o->index_count++] = i;
}

static Corner mid(Corner a, Corner b) {
    Corner m = { (a.x + b.x) / 2, (a.y + b.y) / 2, (a.u + b.u) / 2, (a.v + b.v) / 2,
                 { (Uint8)((a.c.r + b.c.r + 1) / 2), (Uint8)((a.c.g + b.c.g + 1) / 2),
                   (Uint8)((a.c.b + b.c.b + 1) / 2), (Uint8)((a.c.a + b.c.a + 1) / 2) } };
    return m;
}

static int corners_overflow(const Corner k[3], int w, int h, float sx, float sy) {
    float xy[6] = { k[0].x, k[0].y, k[1].x, k[1].y, k[2].x, k[2].y };
    float uv[6] = { k[0].u, k[0].v, k[1].u, k[1].v, k[2].u, k[2].v };
    return flick_sw_triangle_overflows(xy, uv, w, h, sx, sy);
}

/// Emits a safe version of the triangle `k`: turned, or split (up to `depth` times).
static void emit_safe(Out *o, const Corner k[3], int w, int h, float sx, float sy, int depth) {
    for (int turn = 0; turn < 3; turn++) {
        Corner t[3] = { k[turn], k[(turn + 1) % 3], k[(turn + 2) % 3] };
        if (!corners_overflow(t, w, h, sx, sy)) {
            for (int i = 0; i < 3; i++) out_index(o, out_vertex(o, t[i]));
            return;
        }
    }
    // A triangle whose corners lie beyond what the filler can address is not drawn: no split
    // makes its far corner nearer. Callers cut geometry to the output first.
    if (depth == 0) return;
    Corner m01 = mid(k[0], k[1]), m12 = mid(k[1], k[2]), m20 = mid(k[2], k[0]);
    Corner parts[4][3] = { { k[0], m01, m20 }, { m01, k[1], m12 }, { m20, m12, k[2] }, { m01, m12, m20 } };
    for (int p = 0; p < 4; p++) emit_safe(o, parts[p], w, h, sx, sy, depth - 1);
}

static int index_at(const void *indices, int size, int i) {
    if (!indices) return i;
    if (size == 4) return (int)((const Uint32 *)indices)[i];
    if (size == 2) return (int)((const Uint16 *)indices)[i];
    return (int)((const Uint8 *)indices)[i];
}

int flick_render_geometry_raw(SDL_Renderer *renderer, SDL_Texture *texture,
                              const float *xy, int xy_stride,
                              const SDL_Color *color, int color_stride,
                              const float *uv, int uv_stride,
                              int num_vertices, const void *indices, int num_indices, int size_indices) {
    last_fixed = 0;
    SDL_RendererInfo info;
    int w = 0, h = 0;
    if (!texture || !uv || num_vertices <= 0 || SDL_GetRendererInfo(renderer, &info) != 0 ||
        !(info.flags & SDL_RENDERER_SOFTWARE) || SDL_QueryTexture(texture, NULL, NULL, &w, &h) != 0) {
        return SDL_RenderGeometryRaw(renderer, texture, xy, xy_stride, color, color_stride, uv, uv_stride,
                                     num_vertices, indices, num_indices, size_indices);
    }
    float sx = 1, sy = 1;
    SDL_RenderGetScale(renderer, &sx, &sy);
    int count = indices ? num_indices : num_vertices;
    Corner *all = malloc(sizeof(Corner) * (size_t)num_vertices);
    if (!all) return SDL_OutOfMemory();
    for (int i = 0; i < num_vertices; i++) {
        const float *p = (const float *)((const char *)xy + (size_t)i * xy_stride);
        const float *t = (const float *)((const char *)uv + (size_t)i * uv_stride);
        SDL_Color c = *(const SDL_Color *)((const char *)color + (size_t)i * color_stride);
        Corner k = { p[0], p[1], t[0], t[1], c };
        all[i] = k;
    }
    // Indices past the vertices are SDL's to refuse, with its own message.
    for (int i = 0; i < count; i++) {
        int j = index_at(indices, size_indices, i);
        if (j < 0 || j >= num_vertices) {
            free(all);
            return SDL_RenderGeometryRaw(renderer, texture, xy, xy_stride, color, color_stride, uv, uv_stride,
                                         num_vertices, indices, num_indices, size_indices);
        }
    }
    // SDL draws two triangles that make an axis-aligned rectangle as a copy (no triangle
    // filler): found the way SDL_SW_RenderGeometryRaw finds them, a triangle against the one
    // before it, and left exactly as they are.
    int triangles = count / 3;
    unsigned char *copied = calloc((size_t)(triangles ? triangles : 1), 1);
    if (!copied) { free(all); return SDL_OutOfMemory(); }
    int prev = -1;
    for (int t = 0; t < triangles; t++) {
        if (prev < 0) { prev = t; continue; }
        int p[3], q[3], shared = 0;
        for (int j = 0; j < 3; j++) {
            p[j] = index_at(indices, size_indices, 3 * prev + j);
            q[j] = index_at(indices, size_indices, 3 * t + j);
        }
        for (int j = 0; j < 3; j++) shared += (p[j] == q[0] || p[j] == q[1] || p[j] == q[2]);
        int rect = shared == 2;
        if (rect) {
            float xs[2] = { all[q[0]].x, 0 }, ys[2] = { all[q[0]].y, 0 };
            int nx = 1, ny = 1;
            int corners[6] = { p[0], p[1], p[2], q[0], q[1], q[2] };
            for (int j = 0; j < 6 && rect; j++) {
                Corner k = all[corners[j]];
                if (k.x != xs[0]) { if (nx == 1) xs[nx++] = k.x; else if (k.x != xs[1]) rect = 0; }
                if (k.y != ys[0]) { if (ny == 1) ys[ny++] = k.y; else if (k.y != ys[1]) rect = 0; }
                if (memcmp(&k.c, &all[q[0]].c, sizeof(SDL_Color)) != 0) rect = 0;
            }
        }
        if (rect) { copied[prev] = copied[t] = 1; prev = -1; } else { prev = t; }
    }
    int unsafe = 0;
    for (int t = 0; t < triangles && !unsafe; t++) {
        if (copied[t]) continue;
        Corner k[3] = { all[index_at(indices, size_indices, 3 * t)], all[index_at(indices, size_indices, 3 * t + 1)],
                        all[index_at(indices, size_indices, 3 * t + 2)] };
        unsafe = corners_overflow(k, w, h, sx, sy);
    }
    if (!unsafe) {
        free(all);
        free(copied);
        return SDL_RenderGeometryRaw(renderer, texture, xy, xy_stride, color, color_stride, uv, uv_stride,
                                     num_vertices, indices, num_indices, size_indices);
    }
    // The original vertices first, under their own indices, so safe triangles (and SDL's
    // pairing of two into a rectangle) are as given; a turned triangle keeps its vertices in
    // another order; a split one gets vertices of its own.
    Out o;
    memset(&o, 0, sizeof o);
    for (int i = 0; i < num_vertices; i++) out_vertex(&o, all[i]);
    int fixed = 0;
    for (int t = 0; t < triangles; t++) {
        int v[3] = { index_at(indices, size_indices, 3 * t), index_at(indices, size_indices, 3 * t + 1),
                     index_at(indices, size_indices, 3 * t + 2) };
        Corner k[3] = { all[v[0]], all[v[1]], all[v[2]] };
        if (copied[t] || !corners_overflow(k, w, h, sx, sy)) {
            out_index(&o, v[0]); out_index(&o, v[1]); out_index(&o, v[2]);
            continue;
        }
        fixed++;
        int turned = 0;
        for (int turn = 1; turn < 3 && !turned; turn++) {
            Corner r[3] = { k[turn], k[(turn + 1) % 3], k[(turn + 2) % 3] };
            if (!corners_overflow(r, w, h, sx, sy)) {
                out_index(&o, v[turn]); out_index(&o, v[(turn + 1) % 3]); out_index(&o, v[(turn + 2) % 3]);
                turned = 1;
            }
        }
        if (!turned) emit_safe(&o, k, w, h, sx, sy, 8);
    }
    free(copied);
    free(all);
    int result;
    if (o.failed) {
        result = SDL_OutOfMemory();
    } else {
        result = o.index_count == 0 ? 0 :
            SDL_RenderGeometryRaw(renderer, texture, o.xy, 2 * (int)sizeof(float), o.color, (int)sizeof(SDL_Color),
                                  o.uv, 2 * (int)sizeof(float), o.count, o.indices, o.index_count, 4);
    }
    free(o.xy); free(o.uv); free(o.color); free(o.indices);
    last_fixed = fixed;
    return result;
}

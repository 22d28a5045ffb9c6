#ifndef FLICK_CSAFEGEOMETRY_H
#define FLICK_CSAFEGEOMETRY_H
#include <SDL2/SDL.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Whether SDL 2.26's software triangle filler mis-reads a texture for this triangle: it works
/// in 32-bit integers, with the corners in half pixels (`x * scale * 2`, truncated) and the
/// texture coordinates in texels (`u * width`, truncated, the largest pulled in by one), and
/// computes the third corner's texel times the triangle's doubled area in half pixels
/// (`s2 * |cross|`) in an int. When that product (or the area itself) passes INT_MAX it wraps,
/// every texel the triangle reads is offset by a multiple of 2^32 / area rows or columns, and the
/// read lands outside the texture: wrong pixels, or SIGSEGV when that memory is not mapped.
/// Corners beyond +-2^14 half pixels are refused too (the edge functions overflow there).
int flick_sw_triangle_overflows(const float xy[6], const float uv[6], int texture_w, int texture_h,
                                float scale_x, float scale_y);

/// SDL_RenderGeometryRaw, with the same arguments, made safe for the software renderer: each
/// textured triangle that would overflow (flick_sw_triangle_overflows) is turned to put its
/// smallest texel last, or, when no turn is enough, split at its edge midpoints (texture
/// coordinates and colours interpolated exactly, as the maps are affine) until every part is
/// safe. Triangles that are safe keep their vertices and order, so SDL's own rectangle fast path
/// still sees them. Other renderers, and untextured geometry, go to SDL unchanged.
int flick_render_geometry_raw(SDL_Renderer *renderer, SDL_Texture *texture,
                              const float *xy, int xy_stride,
                              const SDL_Color *color, int color_stride,
                              const float *uv, int uv_stride,
                              int num_vertices, const void *indices, int num_indices, int size_indices);

/// The number of triangles the last flick_render_geometry_raw call on this thread turned or split
/// (for tests and the bench).
int flick_safe_geometry_last_fixed(void);

#ifdef __cplusplus
}
#endif
#endif

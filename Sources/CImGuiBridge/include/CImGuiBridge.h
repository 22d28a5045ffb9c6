#ifndef FLICK_CIMGUI_BRIDGE_H
#define FLICK_CIMGUI_BRIDGE_H
// The part of Dear ImGui the flick app uses, as plain C for Swift. Input and drawing go through
// ImGui's own SDL2 platform and SDL_Renderer backends (Bridge.cpp says where ours remains).
//
// Why a C surface and not Swift's C++ interoperability: interop mode is contagious (every module
// importing this one, the app and its tests, would have to build in C++ mode), and ImGui's default
// arguments, varargs and overloads import poorly. A few dozen C functions are easy to read and keep.
//
// SDL types are passed as `void *` (an SDL_Event*, an SDL_Renderer*) so this header does not pull
// SDL's headers into a second Swift module beside CSDL2.
//
// Coordinates: everything here is in output pixels (mouse positions arrive in window points
// and are multiplied by the pixel scale given to fig_new_frame).
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct FigContext FigContext;

/// One ImGui context with its backends, drawing into `sdl_renderer` (an SDL_Renderer*; the
/// platform backend uses its window, if it has one). Its font is the TrueType file at `ttf_path`
/// (NULL: ImGui's built-in font) at `font_pixels`; `ui_scale` scales paddings and sizes.
/// No imgui.ini is read or written.
FigContext *fig_create(void *sdl_renderer, const char *ttf_path, float font_pixels, float ui_scale);
/// Frees the context and its font texture (call before the renderer is destroyed).
void fig_destroy(FigContext *ctx);
/// Drops the font texture (lost render targets); it is made again on the next frame.
void fig_release_textures(FigContext *ctx);

/// Feeds one SDL event to ImGui. Returns true when the tool UI takes it, so the app must not:
/// a press ImGui wants (io.WantCaptureMouse, or one landing on a window) with its motion and
/// release, a wheel turn it wants, keys and text while it wants the keyboard (WantCaptureKeyboard).
bool fig_process_event(FigContext *ctx, const void *sdl_event);

/// Starts a frame of `width` x `height` pixels; `pixel_scale` = pixels per window point,
/// `dt` seconds since the last frame (> 0).
// `platform`: also SDL's frame of the backend (cursor shapes, mouse capture); false while no
// tool window shows.
void fig_new_frame(FigContext *ctx, float width, float height, float pixel_scale, double dt, bool platform);
/// Ends the frame and draws it into the context's renderer.
void fig_render(FigContext *ctx);
/// Vertices in the last rendered frame (tests, the HUD).
int fig_last_vertex_count(FigContext *ctx);

// MARK: - Windows
enum {
    FIG_COND_ALWAYS = 1, FIG_COND_ONCE = 2, FIG_COND_FIRST_USE = 4, FIG_COND_APPEARING = 8,
};
enum {
    FIG_WINDOW_NO_TITLE = 1 << 0, FIG_WINDOW_NO_RESIZE = 1 << 1, FIG_WINDOW_NO_MOVE = 1 << 2,
    FIG_WINDOW_NO_SCROLLBAR = 1 << 3, FIG_WINDOW_AUTO_RESIZE = 1 << 6, FIG_WINDOW_NO_BACKGROUND = 1 << 7,
    FIG_WINDOW_NO_SAVED = 1 << 8, FIG_WINDOW_NO_MOUSE = 1 << 9, FIG_WINDOW_MENU_BAR = 1 << 10,
    FIG_WINDOW_NO_FOCUS_ON_APPEARING = 1 << 12, FIG_WINDOW_NO_NAV = (1 << 18) | (1 << 19),
};
void fig_set_next_window_pos(float x, float y, int cond, float pivot_x, float pivot_y);
void fig_set_next_window_size(float w, float h, int cond);
void fig_set_next_window_size_constraints(float min_w, float min_h, float max_w, float max_h);
void fig_set_next_window_bg_alpha(float alpha);
/// Begin must always be matched by fig_end, whatever it returns (false: collapsed or clipped).
bool fig_begin(const char *name, bool *open, int flags);
void fig_end(void);
void fig_window_rect(float *x, float *y, float *w, float *h);

// MARK: - Layout and text
void fig_text(const char *text);
/// Colour as 0xAABBGGRR (IM_COL32 order).
void fig_text_colored(uint32_t color, const char *text);
void fig_text_disabled(const char *text);
void fig_text_wrapped(const char *text);
void fig_same_line(float offset, float spacing);
void fig_separator(void);
void fig_spacing(void);
void fig_dummy(float w, float h);
void fig_push_id(const char *id);
void fig_pop_id(void);
void fig_push_item_width(float w);
void fig_pop_item_width(void);
void fig_cursor_screen_pos(float *x, float *y);
void fig_content_avail(float *w, float *h);
float fig_text_width(const char *text);
float fig_frame_height(void);
bool fig_item_hovered(void);
/// True while a widget is held (a slider being dragged): the frame's state.
bool fig_any_item_active(void);
/// The last item's rectangle, pixels.
void fig_item_rect(float *x, float *y, float *w, float *h);
void fig_tooltip(const char *text);

// MARK: - Widgets
/// ImGuiTreeNodeFlags_DefaultOpen when `default_open`.
bool fig_collapsing_header(const char *label, bool default_open);
bool fig_button(const char *label);
bool fig_small_button(const char *label);
bool fig_checkbox(const char *label, bool *value);
enum { FIG_SLIDER_LOG = 1 << 5, FIG_SLIDER_CLAMP = 1 << 4, FIG_SLIDER_NO_ROUND = 1 << 6 };
/// A slider over [min, max]; true when the value changed this frame.
bool fig_slider_double(const char *label, double *value, double min, double max, const char *format, int flags);
bool fig_slider_int(const char *label, int *value, int min, int max, const char *format);
/// A drag field over [min, max] showing its value: `speed` per pixel of mouse travel (ImGui makes
/// it 10x with Shift, 1/100 with Alt), double-click or Ctrl+click to type; true when it changed.
bool fig_drag_double(const char *label, double *value, float speed, double min, double max, const char *format, int flags);
bool fig_input_text(const char *label, char *buffer, int capacity);
bool fig_begin_combo(const char *label, const char *preview);
void fig_end_combo(void);
bool fig_selectable(const char *label, bool selected);
void fig_open_popup(const char *id);
bool fig_begin_popup_modal(const char *id, bool *open);
void fig_close_current_popup(void);
void fig_end_popup(void);

// MARK: - Tables
bool fig_begin_table(const char *id, int columns, bool borders);
void fig_table_setup_column(const char *label, bool stretch, float width);
void fig_table_next_row(void);
bool fig_table_next_column(void);
void fig_end_table(void);

// MARK: - Drawing (pixels): 0 the current window, 1 behind all windows, 2 over everything
void fig_draw_line(int layer, float x1, float y1, float x2, float y2, uint32_t color, float thickness);
void fig_draw_rect(int layer, float x1, float y1, float x2, float y2, uint32_t color, float thickness, bool filled);
void fig_draw_circle(int layer, float x, float y, float radius, uint32_t color, bool filled);
void fig_draw_triangle(int layer, float x1, float y1, float x2, float y2, float x3, float y3, uint32_t color);
void fig_draw_polyline(int layer, const float *xy, int points, uint32_t color, float thickness);
void fig_draw_text(int layer, float x, float y, uint32_t color, const char *text);
/// Clips `layer`'s drawing to a rectangle until the matching pop.
void fig_push_clip(int layer, float x1, float y1, float x2, float y2);
void fig_pop_clip(int layer);

#ifdef __cplusplus
}
#endif
#endif

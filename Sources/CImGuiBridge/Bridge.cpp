// The C functions of CImGuiBridge.h over Dear ImGui 1.86 and its own SDL backends: the SDL2
// platform backend from Debian's libimgui.a and the SDL_Renderer backend, which libimgui.a lacks,
// compiled from its unchanged source in backends/. ImGui is MIT-licensed, Copyright (c) 2014-2021
// Omar Cornut (backends/LICENSE.txt).
#include "CImGuiBridge.h"

#include <SDL2/SDL.h>
#include <cfloat>
// ImGui 1.86's headers memset a few non-trivial types on purpose; not ours to fix.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnontrivial-memcall"
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#include <imgui.h>
#include <imgui_internal.h>
#include <backends/imgui_impl_sdl.h>
#include "backends/imgui_impl_sdlrenderer.h"
#pragma clang diagnostic pop

struct FigContext {
    ImGuiContext *imgui = nullptr;
    ImFontAtlas *atlas = nullptr;
    /// Null for an offscreen renderer (headless tests).
    SDL_Window *window = nullptr;
    float pixelScale = 1;
    // The mouse as the events said, in pixels (see fig_new_frame for why not SDL's device state).
    ImVec2 mouse = ImVec2(-FLT_MAX, -FLT_MAX);
    bool held[3] = {false, false, false};
    /// Pressed since the last frame: a press and release between two frames must still count.
    bool pressed[3] = {false, false, false};
    /// Presses ImGui took: their motion and release stay with it.
    bool owned[3] = {false, false, false};
    int lastVertices = 0;
};

namespace {

void use(FigContext *ctx) { ImGui::SetCurrentContext(ctx->imgui); }

int buttonIndex(Uint8 sdlButton) {
    switch (sdlButton) {
    case SDL_BUTTON_LEFT: return 0;
    case SDL_BUTTON_RIGHT: return 1;
    case SDL_BUTTON_MIDDLE: return 2;
    default: return -1;
    }
}

ImDrawList *layerList(int layer) {
    switch (layer) {
    case 1: return ImGui::GetBackgroundDrawList();
    case 2: return ImGui::GetForegroundDrawList();
    default: return ImGui::GetWindowDrawList();
    }
}

bool anyOwned(const FigContext *ctx) { return ctx->owned[0] || ctx->owned[1] || ctx->owned[2]; }

/// True when `p` (pixels) lies over a window ImGui drew last frame. ImGui 1.86 finds the hovered
/// window once per frame (io.WantCaptureMouse), so a move onto the panel and a press in the same
/// frame (a quick hand, xdotool) would give the press to the stage; this looks where it landed.
bool overWindow(const FigContext *ctx, ImVec2 p) {
    const ImGuiContext &g = *ctx->imgui;
    const float pad = g.Style.TouchExtraPadding.x + 4;   // resize grips reach past the rectangle
    for (int i = g.Windows.Size - 1; i >= 0; i--) {
        const ImGuiWindow *w = g.Windows[i];
        if (!w->Active || w->Hidden || (w->Flags & ImGuiWindowFlags_NoMouseInputs)) continue;
        ImRect r = w->OuterRectClipped;
        r.Expand(pad);
        if (r.Contains(p)) return true;
    }
    return false;
}

} // namespace

extern "C" {

FigContext *fig_create(void *sdl_renderer, const char *ttf_path, float font_pixels, float ui_scale) {
    SDL_Renderer *renderer = static_cast<SDL_Renderer *>(sdl_renderer);
    auto *ctx = new FigContext();
    ctx->atlas = new ImFontAtlas();
    ctx->window = SDL_RenderGetWindow(renderer);
    ImGuiContext *previous = ImGui::GetCurrentContext();
    ctx->imgui = ImGui::CreateContext(ctx->atlas);
    ImGui::SetCurrentContext(ctx->imgui);
    ImGuiIO &io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.LogFilename = nullptr;
    io.ConfigWindowsMoveFromTitleBarOnly = true;
    // Key map, clipboard, cursors: the backend's. Without a window it still maps events.
    ImGui_ImplSDL2_InitForSDLRenderer(ctx->window);
    ImGui_ImplSDLRenderer_Init(renderer);

    ImGui::StyleColorsDark();
    ImGuiStyle &style = ImGui::GetStyle();
    style.WindowRounding = 6;
    style.FrameRounding = 3;
    style.GrabRounding = 3;
    style.WindowBorderSize = 0;
    style.ScaleAllSizes(ui_scale);

    // Latin-1 plus the arrows, dashes, ellipsis and middle dot the app's text uses.
    static const ImWchar ranges[] = {0x0020, 0x00FF, 0x2013, 0x2014, 0x2026, 0x2026, 0x2190, 0x2193, 0x2264, 0x2265, 0};
    ImFont *font = nullptr;
    if (ttf_path && *ttf_path) {
        ImFontConfig config;
        config.OversampleH = 2;
        config.OversampleV = 1;
        font = io.Fonts->AddFontFromFileTTF(ttf_path, font_pixels, &config, ranges);
    }
    if (!font) {
        ImFontConfig config;
        config.SizePixels = font_pixels;
        io.Fonts->AddFontDefault(&config);
    }
    io.Fonts->Build();
    ImGui::SetCurrentContext(previous ? previous : ctx->imgui);
    return ctx;
}

void fig_release_textures(FigContext *ctx) {
    use(ctx);
    ImGui_ImplSDLRenderer_DestroyDeviceObjects();   // made again by the next frame
}

void fig_destroy(FigContext *ctx) {
    if (!ctx) return;
    ImGuiContext *previous = ImGui::GetCurrentContext();
    use(ctx);
    ImGui_ImplSDLRenderer_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext(ctx->imgui);
    if (previous != ctx->imgui) ImGui::SetCurrentContext(previous);
    delete ctx->atlas;
    delete ctx;
}

bool fig_process_event(FigContext *ctx, const void *sdl_event) {
    use(ctx);
    const SDL_Event *e = static_cast<const SDL_Event *>(sdl_event);
    ImGui_ImplSDL2_ProcessEvent(e);
    ImGuiIO &io = ImGui::GetIO();
    const float s = ctx->pixelScale;
    switch (e->type) {
    case SDL_MOUSEMOTION:
        ctx->mouse = ImVec2(float(e->motion.x) * s, float(e->motion.y) * s);
        return anyOwned(ctx);
    case SDL_MOUSEBUTTONDOWN: {
        ctx->mouse = ImVec2(float(e->button.x) * s, float(e->button.y) * s);
        int i = buttonIndex(e->button.button);
        if (i < 0) return io.WantCaptureMouse;
        ctx->held[i] = true;
        ctx->pressed[i] = true;
        ctx->owned[i] = io.WantCaptureMouse || overWindow(ctx, ctx->mouse);
        return ctx->owned[i];
    }
    case SDL_MOUSEBUTTONUP: {
        ctx->mouse = ImVec2(float(e->button.x) * s, float(e->button.y) * s);
        int i = buttonIndex(e->button.button);
        if (i < 0) return io.WantCaptureMouse;
        ctx->held[i] = false;
        bool took = ctx->owned[i];
        ctx->owned[i] = false;
        return took;
    }
    case SDL_MOUSEWHEEL:
        return io.WantCaptureMouse;
    case SDL_KEYDOWN:
    case SDL_KEYUP:
    case SDL_TEXTINPUT:
        return io.WantCaptureKeyboard;
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_LEAVE) ctx->mouse = ImVec2(-FLT_MAX, -FLT_MAX);
        return false;
    default:
        return false;
    }
}

void fig_new_frame(FigContext *ctx, float width, float height, float pixel_scale, double dt, bool platform) {
    use(ctx);
    ImGuiIO &io = ImGui::GetIO();
    ctx->pixelScale = pixel_scale > 0 ? pixel_scale : 1;
    ImGui_ImplSDLRenderer_NewFrame();
    // The backend leaves the font atlas at SDL's default nearest sampling; glyphs rasterised at
    // twice the width (OversampleH) need linear sampling to look even.
    if (io.Fonts->TexID) SDL_SetTextureScaleMode(static_cast<SDL_Texture *>(io.Fonts->TexID), SDL_ScaleModeLinear);
    // Cursor shapes and mouse capture; it reads the window. Skipped while no tool window shows:
    // its capture (SDL_CaptureMouse while any button is down) grabs the mouse for the window
    // with the keyboard, which with a second window is not always the one pressed.
    if (ctx->window && platform) ImGui_ImplSDL2_NewFrame();
    // What we set over the platform backend, and why:
    // - size: fonts are rasterised at the pixel size they are shown at (sharp on HiDPI), so ImGui
    //   works in output pixels, not the window points (and framebuffer scale) the backend sets;
    // - time: the frame clock's step, not SDL_GetPerformanceCounter, so a replay or a headless
    //   run draws the same panel whatever the machine's speed;
    // - mouse: the positions and buttons of the events, not SDL's device state polled at frame
    //   time, which the events a test or replay pushes never change, which is in points, and
    //   which can be past the press's position by the time the frame starts.
    io.DisplaySize = ImVec2(width, height);
    io.DisplayFramebufferScale = ImVec2(1, 1);
    io.DeltaTime = dt > 0 ? float(dt) : 1.0f / 60.0f;
    io.MousePos = ctx->mouse;
    for (int i = 0; i < 3; i++) {
        io.MouseDown[i] = ctx->held[i] || ctx->pressed[i];
        ctx->pressed[i] = false;
    }
    ImGui::NewFrame();
}

int fig_last_vertex_count(FigContext *ctx) { return ctx->lastVertices; }

void fig_render(FigContext *ctx) {
    use(ctx);
    ImGui::Render();
    ImDrawData *data = ImGui::GetDrawData();
    ctx->lastVertices = data ? data->TotalVtxCount : 0;
    if (data) ImGui_ImplSDLRenderer_RenderDrawData(data);
}

// MARK: - Windows

void fig_set_next_window_pos(float x, float y, int cond, float px, float py) {
    ImGui::SetNextWindowPos(ImVec2(x, y), cond, ImVec2(px, py));
}
void fig_set_next_window_size(float w, float h, int cond) { ImGui::SetNextWindowSize(ImVec2(w, h), cond); }
void fig_set_next_window_size_constraints(float a, float b, float c, float d) {
    ImGui::SetNextWindowSizeConstraints(ImVec2(a, b), ImVec2(c, d));
}
void fig_set_next_window_bg_alpha(float alpha) { ImGui::SetNextWindowBgAlpha(alpha); }
bool fig_begin(const char *name, bool *open, int flags) { return ImGui::Begin(name, open, flags); }
void fig_end(void) { ImGui::End(); }
void fig_window_rect(float *x, float *y, float *w, float *h) {
    ImVec2 p = ImGui::GetWindowPos(), s = ImGui::GetWindowSize();
    *x = p.x; *y = p.y; *w = s.x; *h = s.y;
}

// MARK: - Layout and text

void fig_text(const char *text) { ImGui::TextUnformatted(text); }
void fig_text_colored(uint32_t color, const char *text) {
    ImGui::PushStyleColor(ImGuiCol_Text, color);
    ImGui::TextUnformatted(text);
    ImGui::PopStyleColor();
}
void fig_text_disabled(const char *text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextUnformatted(text);
    ImGui::PopStyleColor();
}
void fig_text_wrapped(const char *text) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
}
void fig_same_line(float offset, float spacing) { ImGui::SameLine(offset, spacing); }
void fig_separator(void) { ImGui::Separator(); }
void fig_spacing(void) { ImGui::Spacing(); }
void fig_dummy(float w, float h) { ImGui::Dummy(ImVec2(w, h)); }
void fig_push_id(const char *id) { ImGui::PushID(id); }
void fig_pop_id(void) { ImGui::PopID(); }
void fig_push_item_width(float w) { ImGui::PushItemWidth(w); }
void fig_pop_item_width(void) { ImGui::PopItemWidth(); }
void fig_cursor_screen_pos(float *x, float *y) {
    ImVec2 p = ImGui::GetCursorScreenPos();
    *x = p.x; *y = p.y;
}
void fig_content_avail(float *w, float *h) {
    ImVec2 a = ImGui::GetContentRegionAvail();
    *w = a.x; *h = a.y;
}
float fig_text_width(const char *text) { return ImGui::CalcTextSize(text).x; }
float fig_frame_height(void) { return ImGui::GetFrameHeight(); }
bool fig_item_hovered(void) { return ImGui::IsItemHovered(); }
bool fig_any_item_active(void) { return ImGui::IsAnyItemActive(); }
void fig_item_rect(float *x, float *y, float *w, float *h) {
    ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    *x = lo.x; *y = lo.y; *w = hi.x - lo.x; *h = hi.y - lo.y;
}
void fig_tooltip(const char *text) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

// MARK: - Widgets

bool fig_collapsing_header(const char *label, bool default_open) {
    return ImGui::CollapsingHeader(label, default_open ? ImGuiTreeNodeFlags_DefaultOpen : 0);
}
bool fig_button(const char *label) { return ImGui::Button(label); }
bool fig_small_button(const char *label) { return ImGui::SmallButton(label); }
bool fig_checkbox(const char *label, bool *value) { return ImGui::Checkbox(label, value); }
bool fig_slider_double(const char *label, double *value, double min, double max, const char *format, int flags) {
    return ImGui::SliderScalar(label, ImGuiDataType_Double, value, &min, &max, format, flags);
}
bool fig_drag_double(const char *label, double *value, float speed, double min, double max, const char *format, int flags) {
    return ImGui::DragScalar(label, ImGuiDataType_Double, value, speed, &min, &max, format, flags);
}
bool fig_slider_int(const char *label, int *value, int min, int max, const char *format) {
    return ImGui::SliderInt(label, value, min, max, format, ImGuiSliderFlags_AlwaysClamp);
}
bool fig_input_text(const char *label, char *buffer, int capacity) {
    return ImGui::InputText(label, buffer, size_t(capacity));
}
bool fig_begin_combo(const char *label, const char *preview) { return ImGui::BeginCombo(label, preview); }
void fig_end_combo(void) { ImGui::EndCombo(); }
bool fig_selectable(const char *label, bool selected) { return ImGui::Selectable(label, selected); }
void fig_open_popup(const char *id) { ImGui::OpenPopup(id); }
bool fig_begin_popup_modal(const char *id, bool *open) {
    return ImGui::BeginPopupModal(id, open, ImGuiWindowFlags_AlwaysAutoResize);
}
void fig_close_current_popup(void) { ImGui::CloseCurrentPopup(); }
void fig_end_popup(void) { ImGui::EndPopup(); }

// MARK: - Tables

bool fig_begin_table(const char *id, int columns, bool borders) {
    int flags = ImGuiTableFlags_SizingFixedFit | (borders ? ImGuiTableFlags_BordersInnerH : 0);
    return ImGui::BeginTable(id, columns, flags);
}
void fig_table_setup_column(const char *label, bool stretch, float width) {
    ImGui::TableSetupColumn(label, stretch ? ImGuiTableColumnFlags_WidthStretch : ImGuiTableColumnFlags_WidthFixed, width);
}
void fig_table_next_row(void) { ImGui::TableNextRow(); }
bool fig_table_next_column(void) { return ImGui::TableNextColumn(); }
void fig_end_table(void) { ImGui::EndTable(); }

// MARK: - Drawing

void fig_draw_line(int layer, float x1, float y1, float x2, float y2, uint32_t color, float thickness) {
    layerList(layer)->AddLine(ImVec2(x1, y1), ImVec2(x2, y2), color, thickness);
}
void fig_draw_rect(int layer, float x1, float y1, float x2, float y2, uint32_t color, float thickness, bool filled) {
    if (filled) layerList(layer)->AddRectFilled(ImVec2(x1, y1), ImVec2(x2, y2), color);
    else layerList(layer)->AddRect(ImVec2(x1, y1), ImVec2(x2, y2), color, 0, 0, thickness);
}
void fig_draw_circle(int layer, float x, float y, float radius, uint32_t color, bool filled) {
    if (filled) layerList(layer)->AddCircleFilled(ImVec2(x, y), radius, color);
    else layerList(layer)->AddCircle(ImVec2(x, y), radius, color);
}
void fig_draw_triangle(int layer, float x1, float y1, float x2, float y2, float x3, float y3, uint32_t color) {
    layerList(layer)->AddTriangleFilled(ImVec2(x1, y1), ImVec2(x2, y2), ImVec2(x3, y3), color);
}
void fig_draw_polyline(int layer, const float *xy, int points, uint32_t color, float thickness) {
    if (points < 2) return;
    layerList(layer)->AddPolyline(reinterpret_cast<const ImVec2 *>(xy), points, color, 0, thickness);
}
void fig_draw_text(int layer, float x, float y, uint32_t color, const char *text) {
    layerList(layer)->AddText(ImVec2(x, y), color, text);
}
void fig_push_clip(int layer, float x1, float y1, float x2, float y2) {
    layerList(layer)->PushClipRect(ImVec2(x1, y1), ImVec2(x2, y2), true);
}
void fig_pop_clip(int layer) { layerList(layer)->PopClipRect(); }

} // extern "C"

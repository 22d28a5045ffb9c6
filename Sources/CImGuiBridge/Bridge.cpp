// Our SDL backends for Dear ImGui 1.86 (Debian ships the library, not the SDL_Renderer backend)
// and the C functions of CImGuiBridge.h. ImGui is MIT-licensed, Copyright (c) 2014-2021 Omar
// Cornut; it is linked from the system's libimgui.a, unchanged.
#include "CImGuiBridge.h"

#include <SDL2/SDL.h>
#include <cfloat>
#include <cmath>
// ImGui 1.86's headers memset a few non-trivial types on purpose; not ours to fix.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnontrivial-memcall"
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#include <imgui.h>
#include <imgui_internal.h>
#pragma clang diagnostic pop

struct FigContext {
    ImGuiContext *imgui = nullptr;
    ImFontAtlas *atlas = nullptr;
    SDL_Texture *font = nullptr;
    SDL_Renderer *fontOwner = nullptr;
    float pixelScale = 1;
    /// Buttons (left, right, middle) held, and pressed since the last frame: ImGui 1.86 reads
    /// button state once per frame, so a press and release between two frames must still count.
    bool held[3] = {false, false, false};
    bool pressed[3] = {false, false, false};
    /// Presses ImGui took: their motion and release stay with it.
    bool owned[3] = {false, false, false};
    int lastVertices = 0;
};

namespace {

void use(FigContext *ctx) { ImGui::SetCurrentContext(ctx->imgui); }

const char *clipboardGet(void *) {
    static char *last = nullptr;
    if (last) SDL_free(last);
    last = SDL_GetClipboardText();
    return last;
}

void clipboardSet(void *, const char *text) { SDL_SetClipboardText(text); }

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

} // namespace

extern "C" {

FigContext *fig_create(const char *ttf_path, float font_pixels, float ui_scale) {
    auto *ctx = new FigContext();
    ctx->atlas = new ImFontAtlas();
    ImGuiContext *previous = ImGui::GetCurrentContext();
    ctx->imgui = ImGui::CreateContext(ctx->atlas);
    ImGui::SetCurrentContext(ctx->imgui);
    ImGuiIO &io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.LogFilename = nullptr;
    io.BackendPlatformName = "flick-sdl";
    io.BackendRendererName = "flick-sdl-renderer";
    io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
    io.SetClipboardTextFn = clipboardSet;
    io.GetClipboardTextFn = clipboardGet;
    io.ConfigWindowsMoveFromTitleBarOnly = true;
    const int keys[][2] = {
        {ImGuiKey_Tab, SDL_SCANCODE_TAB}, {ImGuiKey_LeftArrow, SDL_SCANCODE_LEFT},
        {ImGuiKey_RightArrow, SDL_SCANCODE_RIGHT}, {ImGuiKey_UpArrow, SDL_SCANCODE_UP},
        {ImGuiKey_DownArrow, SDL_SCANCODE_DOWN}, {ImGuiKey_PageUp, SDL_SCANCODE_PAGEUP},
        {ImGuiKey_PageDown, SDL_SCANCODE_PAGEDOWN}, {ImGuiKey_Home, SDL_SCANCODE_HOME},
        {ImGuiKey_End, SDL_SCANCODE_END}, {ImGuiKey_Insert, SDL_SCANCODE_INSERT},
        {ImGuiKey_Delete, SDL_SCANCODE_DELETE}, {ImGuiKey_Backspace, SDL_SCANCODE_BACKSPACE},
        {ImGuiKey_Space, SDL_SCANCODE_SPACE}, {ImGuiKey_Enter, SDL_SCANCODE_RETURN},
        {ImGuiKey_Escape, SDL_SCANCODE_ESCAPE}, {ImGuiKey_KeyPadEnter, SDL_SCANCODE_KP_ENTER},
        {ImGuiKey_A, SDL_SCANCODE_A}, {ImGuiKey_C, SDL_SCANCODE_C}, {ImGuiKey_V, SDL_SCANCODE_V},
        {ImGuiKey_X, SDL_SCANCODE_X}, {ImGuiKey_Y, SDL_SCANCODE_Y}, {ImGuiKey_Z, SDL_SCANCODE_Z},
    };
    for (auto &k : keys) io.KeyMap[k[0]] = k[1];

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
    if (ctx->font) SDL_DestroyTexture(ctx->font);
    ctx->font = nullptr;
    ctx->fontOwner = nullptr;
    if (ctx->imgui) {
        use(ctx);
        ImGui::GetIO().Fonts->SetTexID(nullptr);
    }
}

void fig_destroy(FigContext *ctx) {
    if (!ctx) return;
    fig_release_textures(ctx);
    ImGuiContext *previous = ImGui::GetCurrentContext();
    ImGui::DestroyContext(ctx->imgui);
    if (previous != ctx->imgui) ImGui::SetCurrentContext(previous);
    delete ctx->atlas;
    delete ctx;
}

bool fig_hit_test(FigContext *ctx, float x, float y) {
    use(ctx);
    ImGuiContext &g = *ctx->imgui;
    ImVec2 p(x * ctx->pixelScale, y * ctx->pixelScale);
    // Windows' resize grips reach a little outside their rectangles.
    const float pad = g.Style.TouchExtraPadding.x + 4;
    for (int i = g.Windows.Size - 1; i >= 0; i--) {
        ImGuiWindow *w = g.Windows[i];
        if (!w->Active || w->Hidden || (w->Flags & ImGuiWindowFlags_NoMouseInputs)) continue;
        ImRect r = w->OuterRectClipped;
        r.Expand(pad);
        if (r.Contains(p)) return true;
    }
    return false;
}

bool fig_wants_keyboard(FigContext *ctx) {
    use(ctx);
    return ImGui::GetIO().WantCaptureKeyboard || ImGui::GetIO().WantTextInput;
}

bool fig_process_event(FigContext *ctx, const void *sdl_event) {
    use(ctx);
    ImGuiIO &io = ImGui::GetIO();
    const SDL_Event *e = static_cast<const SDL_Event *>(sdl_event);
    const float s = ctx->pixelScale;
    switch (e->type) {
    case SDL_MOUSEMOTION:
        io.MousePos = ImVec2(float(e->motion.x) * s, float(e->motion.y) * s);
        return anyOwned(ctx);
    case SDL_MOUSEBUTTONDOWN: {
        io.MousePos = ImVec2(float(e->button.x) * s, float(e->button.y) * s);
        int i = buttonIndex(e->button.button);
        if (i < 0) return false;
        ctx->held[i] = true;
        ctx->pressed[i] = true;
        bool take = fig_hit_test(ctx, float(e->button.x), float(e->button.y)) ||
                    ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopup);
        ctx->owned[i] = take;
        return take;
    }
    case SDL_MOUSEBUTTONUP: {
        io.MousePos = ImVec2(float(e->button.x) * s, float(e->button.y) * s);
        int i = buttonIndex(e->button.button);
        if (i < 0) return false;
        ctx->held[i] = false;
        bool took = ctx->owned[i];
        ctx->owned[i] = false;
        return took;
    }
    case SDL_MOUSEWHEEL: {
        float x = e->wheel.preciseX, y = e->wheel.preciseY;
        if (x == 0 && y == 0) { x = float(e->wheel.x); y = float(e->wheel.y); }
        if (e->wheel.direction == SDL_MOUSEWHEEL_FLIPPED) { x = -x; y = -y; }
        bool over = io.MousePos.x != -FLT_MAX &&
                    fig_hit_test(ctx, io.MousePos.x / s, io.MousePos.y / s);
        if (over) {
            io.MouseWheelH -= x;
            io.MouseWheel += y;
        }
        return over;
    }
    case SDL_TEXTINPUT:
        if (!io.WantTextInput) return false;
        io.AddInputCharactersUTF8(e->text.text);
        return true;
    case SDL_KEYDOWN:
    case SDL_KEYUP: {
        int code = e->key.keysym.scancode;
        bool down = e->type == SDL_KEYDOWN;
        bool wanted = io.WantCaptureKeyboard || io.WantTextInput;
        // A release always reaches ImGui, so no key stays held in it.
        if (code >= 0 && code < int(IM_ARRAYSIZE(io.KeysDown)) && (wanted || !down)) io.KeysDown[code] = down;
        SDL_Keymod mod = SDL_Keymod(e->key.keysym.mod);
        io.KeyShift = (mod & KMOD_SHIFT) != 0;
        io.KeyCtrl = (mod & KMOD_CTRL) != 0;
        io.KeyAlt = (mod & KMOD_ALT) != 0;
        io.KeySuper = (mod & KMOD_GUI) != 0;
        return wanted;
    }
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_LEAVE) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
        if (e->window.event == SDL_WINDOWEVENT_FOCUS_GAINED) io.AddFocusEvent(true);
        if (e->window.event == SDL_WINDOWEVENT_FOCUS_LOST) io.AddFocusEvent(false);
        return false;
    default:
        return false;
    }
}

void fig_new_frame(FigContext *ctx, float width, float height, float pixel_scale, double dt) {
    use(ctx);
    ImGuiIO &io = ImGui::GetIO();
    ctx->pixelScale = pixel_scale > 0 ? pixel_scale : 1;
    io.DisplaySize = ImVec2(width, height);
    io.DisplayFramebufferScale = ImVec2(1, 1);
    io.DeltaTime = dt > 0 ? float(dt) : 1.0f / 60.0f;
    for (int i = 0; i < 3; i++) {
        io.MouseDown[i] = ctx->held[i] || ctx->pressed[i];
        ctx->pressed[i] = false;
    }
    ImGui::NewFrame();
}

void fig_end_frame_without_drawing(FigContext *ctx) {
    use(ctx);
    ImGui::EndFrame();
}

int fig_last_vertex_count(FigContext *ctx) { return ctx->lastVertices; }

int fig_render(FigContext *ctx, void *sdl_renderer) {
    use(ctx);
    SDL_Renderer *renderer = static_cast<SDL_Renderer *>(sdl_renderer);
    ImGui::Render();
    ImDrawData *data = ImGui::GetDrawData();
    ImGuiIO &io = ImGui::GetIO();
    if (ctx->font && ctx->fontOwner != renderer) fig_release_textures(ctx);
    if (!ctx->font) {
        unsigned char *pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
        SDL_Texture *t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, w, h);
        if (!t) return -1;
        if (SDL_UpdateTexture(t, nullptr, pixels, w * 4) != 0) { SDL_DestroyTexture(t); return -1; }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
        ctx->font = t;
        ctx->fontOwner = renderer;
        io.Fonts->SetTexID(static_cast<ImTextureID>(t));
    }
    ctx->lastVertices = data ? data->TotalVtxCount : 0;
    if (!data || data->CmdListsCount == 0) return 0;

    int result = 0;
    const ImVec2 origin = data->DisplayPos;
    for (int n = 0; n < data->CmdListsCount; n++) {
        const ImDrawList *list = data->CmdLists[n];
        const ImDrawVert *vertices = list->VtxBuffer.Data;
        const ImDrawIdx *indices = list->IdxBuffer.Data;
        for (int c = 0; c < list->CmdBuffer.Size; c++) {
            const ImDrawCmd &cmd = list->CmdBuffer[c];
            if (cmd.UserCallback) {
                if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(list, &cmd);
                continue;
            }
            ImVec2 lo(cmd.ClipRect.x - origin.x, cmd.ClipRect.y - origin.y);
            ImVec2 hi(cmd.ClipRect.z - origin.x, cmd.ClipRect.w - origin.y);
            if (lo.x < 0) lo.x = 0;
            if (lo.y < 0) lo.y = 0;
            if (hi.x > data->DisplaySize.x) hi.x = data->DisplaySize.x;
            if (hi.y > data->DisplaySize.y) hi.y = data->DisplaySize.y;
            if (hi.x <= lo.x || hi.y <= lo.y) continue;
            SDL_Rect clip = {int(lo.x), int(lo.y), int(std::ceil(hi.x) - int(lo.x)), int(std::ceil(hi.y) - int(lo.y))};
            SDL_RenderSetClipRect(renderer, &clip);
            const ImDrawVert *v = vertices + cmd.VtxOffset;
            const int count = list->VtxBuffer.Size - int(cmd.VtxOffset);
            const int stride = int(sizeof(ImDrawVert));
            int r = SDL_RenderGeometryRaw(renderer, static_cast<SDL_Texture *>(cmd.GetTexID()),
                                          &v->pos.x, stride,
                                          reinterpret_cast<const SDL_Color *>(&v->col), stride,
                                          &v->uv.x, stride, count,
                                          indices + cmd.IdxOffset, int(cmd.ElemCount), int(sizeof(ImDrawIdx)));
            if (r != 0 && result == 0) result = r;
        }
    }
    SDL_RenderSetClipRect(renderer, nullptr);
    return result;
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
bool fig_slider_int(const char *label, int *value, int min, int max, const char *format) {
    return ImGui::SliderInt(label, value, min, max, format, ImGuiSliderFlags_AlwaysClamp);
}
bool fig_item_deactivated_after_edit(void) { return ImGui::IsItemDeactivatedAfterEdit(); }
bool fig_item_active(void) { return ImGui::IsItemActive(); }
bool fig_input_text(const char *label, char *buffer, int capacity) {
    return ImGui::InputText(label, buffer, size_t(capacity));
}
bool fig_begin_combo(const char *label, const char *preview) { return ImGui::BeginCombo(label, preview); }
void fig_end_combo(void) { ImGui::EndCombo(); }
bool fig_selectable(const char *label, bool selected) { return ImGui::Selectable(label, selected); }
void fig_open_popup(const char *id) { ImGui::OpenPopup(id); }
bool fig_begin_popup(const char *id) { return ImGui::BeginPopup(id); }
bool fig_begin_popup_modal(const char *id, bool *open) {
    return ImGui::BeginPopupModal(id, open, ImGuiWindowFlags_AlwaysAutoResize);
}
void fig_close_current_popup(void) { ImGui::CloseCurrentPopup(); }
void fig_end_popup(void) { ImGui::EndPopup(); }
void fig_set_keyboard_focus_here(void) { ImGui::SetKeyboardFocusHere(); }

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

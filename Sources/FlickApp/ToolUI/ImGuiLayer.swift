import CImGuiBridge
import FlickSDL

/// Dear ImGui over the window through its SDL2 and SDL_Renderer backends: one context, fed SDL
/// events through `EventSource.filter`, drawn after the stage. ImGui works in output pixels;
/// `px` converts points.
final class ImGuiLayer: SDLEventFilter {
    let renderer: Renderer
    private let fontPath: String?
    private var context: OpaquePointer?
    /// Output pixels per window point the context was made for.
    private(set) var px: Double = 1
    private var inFrame = false

    init(renderer: Renderer, fontPath: String?, pixelScale: Double) {
        self.renderer = renderer
        self.fontPath = fontPath
        rebuild(pixelScale: pixelScale)
    }

    deinit { fig_destroy(context) }

    /// A new context for a new pixel scale (fonts rasterised at the size they are shown).
    private func rebuild(pixelScale: Double) {
        if let context { fig_destroy(context) }
        px = pixelScale > 0 ? pixelScale : 1
        context = fig_create(UnsafeMutableRawPointer(renderer.pointer), fontPath, Float(13 * px), Float(px))
    }

    /// The renderer lost its textures: the font atlas is uploaded again on the next frame.
    func releaseTextures() { fig_release_textures(context) }

    func takes(sdlEvent: UnsafeRawPointer) -> Bool {
        fig_process_event(context, sdlEvent)
    }

    /// Starts a frame; every widget call goes between this and `render()`.
    /// `platform` false skips the SDL backend's own frame (cursor shapes, mouse capture): for
    /// frames that show no tool window.
    func beginFrame(pixelScale: Double, dt: Double, platform: Bool = true) {
        if abs(pixelScale - px) > 0.01 { rebuild(pixelScale: pixelScale) }
        let (w, h) = renderer.outputSize
        fig_new_frame(context, Float(w), Float(h), Float(px), dt, platform)
        inFrame = true
    }

    /// Ends the frame and draws it over whatever the renderer holds.
    func render() {
        guard inFrame else { return }
        inFrame = false
        fig_render(context)
    }

    /// Vertices drawn in the last frame.
    var lastVertexCount: Int { Int(fig_last_vertex_count(context)) }
}

/// ImGui colour (0xAABBGGRR) of an RGBA.
func imColor(_ c: RGBA) -> UInt32 {
    UInt32(c.a) << 24 | UInt32(c.b) << 16 | UInt32(c.g) << 8 | UInt32(c.r)
}

/// Where `UI.draw…` calls go: the current window, behind every window, or over everything.
enum DrawLayer: Int32 { case window = 0, background = 1, foreground = 2 }

/// Swift spellings of the bridge's widget calls (strings in, Bool out). Sizes are pixels.
enum UI {
    static func text(_ s: String) { fig_text(s) }
    static func text(_ s: String, color: RGBA) { fig_text_colored(imColor(color), s) }
    static func dim(_ s: String) { fig_text_disabled(s) }
    static func wrapped(_ s: String) { fig_text_wrapped(s) }
    static func sameLine(_ offset: Double = 0, spacing: Double = -1) { fig_same_line(Float(offset), Float(spacing)) }
    static func separator() { fig_separator() }
    static func spacing() { fig_spacing() }
    static func dummy(_ w: Double, _ h: Double) { fig_dummy(Float(w), Float(h)) }
    static func button(_ label: String) -> Bool { fig_button(label) }
    static func smallButton(_ label: String) -> Bool { fig_small_button(label) }
    static func checkbox(_ label: String, _ value: inout Bool) -> Bool { fig_checkbox(label, &value) }
    static func header(_ label: String, open: Bool = true) -> Bool { fig_collapsing_header(label, open) }
    static var itemHovered: Bool { fig_item_hovered() }
    /// A widget is held (a slider mid-drag).
    static var anyItemActive: Bool { fig_any_item_active() }
    /// The last item's rectangle, pixels.
    static var itemRect: (x: Double, y: Double, w: Double, h: Double) {
        var x: Float = 0, y: Float = 0, w: Float = 0, h: Float = 0
        fig_item_rect(&x, &y, &w, &h)
        return (Double(x), Double(y), Double(w), Double(h))
    }
    static func tooltip(_ s: String) { fig_tooltip(s) }
    static func withID<T>(_ id: String, _ body: () -> T) -> T {
        fig_push_id(id)
        defer { fig_pop_id() }
        return body()
    }
    static func itemWidth<T>(_ w: Double, _ body: () -> T) -> T {
        fig_push_item_width(Float(w))
        defer { fig_pop_item_width() }
        return body()
    }
    static var cursor: (x: Double, y: Double) {
        var x: Float = 0, y: Float = 0
        fig_cursor_screen_pos(&x, &y)
        return (Double(x), Double(y))
    }
    static var available: (w: Double, h: Double) {
        var w: Float = 0, h: Float = 0
        fig_content_avail(&w, &h)
        return (Double(w), Double(h))
    }
    /// Bottom edge of the current window, pixels.
    static var windowBottom: Double {
        var x: Float = 0, y: Float = 0, w: Float = 0, h: Float = 0
        fig_window_rect(&x, &y, &w, &h)
        return Double(y + h)
    }
    static var frameHeight: Double { Double(fig_frame_height()) }
    static func textWidth(_ s: String) -> Double { Double(fig_text_width(s)) }

    /// A window at (x, y) pixels with `pivot` (0...1 of its size) there; `body` runs when it is
    /// open and visible. Returns false when the user closed it with its close box.
    @discardableResult
    static func window(_ name: String, x: Double, y: Double, pivot: (Double, Double) = (0, 0),
                       width: Double? = nil, height: Double? = nil, always: Bool = false,
                       flags: Int32 = 0, closable: Bool = false, alpha: Double? = nil, body: () -> Void) -> Bool {
        let cond = always ? Int32(FIG_COND_ALWAYS) : Int32(FIG_COND_FIRST_USE)
        fig_set_next_window_pos(Float(x), Float(y), cond, Float(pivot.0), Float(pivot.1))
        if let width, height == 0 {
            // Fixed width, height fitted to the content (with FIG_WINDOW_AUTO_RESIZE).
            fig_set_next_window_size_constraints(Float(width), 0, Float(width), 100_000)
        } else if let width {
            fig_set_next_window_size(Float(width), Float(height ?? 0), cond)
        }
        if let alpha { fig_set_next_window_bg_alpha(Float(alpha)) }
        var open = true
        let visible = closable ? fig_begin(name, &open, flags) : fig_begin(name, nil, flags)
        if visible { body() }
        fig_end()
        return open
    }

    static func slider(_ label: String, _ value: inout Double, _ range: ClosedRange<Double>,
                       format: String, logarithmic: Bool = false) -> Bool {
        var flags = Int32(FIG_SLIDER_CLAMP) | Int32(FIG_SLIDER_NO_ROUND)
        if logarithmic { flags |= Int32(FIG_SLIDER_LOG) }
        return fig_slider_double(label, &value, range.lowerBound, range.upperBound, format, flags)
    }

    /// A drag field: `speed` per pixel of mouse travel, the value shown in it by `format` (ImGui
    /// rounds the value to the format's decimals), clamped to `range`.
    static func drag(_ label: String, _ value: inout Double, speed: Double, range: ClosedRange<Double>,
                     format: String) -> Bool {
        fig_drag_double(label, &value, Float(speed), range.lowerBound, range.upperBound, format, Int32(FIG_SLIDER_CLAMP))
    }

    static func slider(_ label: String, _ value: inout Int, _ range: ClosedRange<Int>) -> Bool {
        var v = Int32(clamping: value)
        let changed = fig_slider_int(label, &v, Int32(clamping: range.lowerBound), Int32(clamping: range.upperBound), "%d")
        value = Int(v)
        return changed
    }

    /// A one-line text field over a fixed buffer; true when the text changed.
    static func input(_ label: String, _ text: inout String, capacity: Int = 128) -> Bool {
        var buffer = [CChar](repeating: 0, count: capacity)
        let bytes = Array(text.utf8.prefix(capacity - 1))
        for (i, b) in bytes.enumerated() { buffer[i] = CChar(bitPattern: b) }
        let changed = fig_input_text(label, &buffer, Int32(capacity))
        if changed { text = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return changed
    }

    static func combo(_ label: String, preview: String, _ body: () -> Void) {
        if fig_begin_combo(label, preview) {
            body()
            fig_end_combo()
        }
    }
    static func openPopup(_ id: String) { fig_open_popup(id) }
    static func beginPopupModal(_ id: String) -> Bool { fig_begin_popup_modal(id, nil) }
    static func closePopup() { fig_close_current_popup() }
    static func endPopup() { fig_end_popup() }
    static func selectable(_ label: String, selected: Bool = false) -> Bool { fig_selectable(label, selected) }

    static func table(_ id: String, columns: [(String, stretch: Bool, width: Double)], borders: Bool = false,
                      _ body: () -> Void) {
        guard fig_begin_table(id, Int32(columns.count), borders) else { return }
        for c in columns { fig_table_setup_column(c.0, c.stretch, Float(c.width)) }
        body()
        fig_end_table()
    }
    static func row() { fig_table_next_row() }
    static func column() { _ = fig_table_next_column() }

    // MARK: Drawing, pixels

    static func line(_ layer: DrawLayer, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
                     _ color: RGBA, thickness: Double = 1) {
        fig_draw_line(layer.rawValue, Float(x1), Float(y1), Float(x2), Float(y2), imColor(color), Float(thickness))
    }
    static func rect(_ layer: DrawLayer, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
                     _ color: RGBA, filled: Bool = false, thickness: Double = 1) {
        fig_draw_rect(layer.rawValue, Float(x1), Float(y1), Float(x2), Float(y2), imColor(color), Float(thickness), filled)
    }
    static func circle(_ layer: DrawLayer, _ x: Double, _ y: Double, radius: Double, _ color: RGBA, filled: Bool = true) {
        fig_draw_circle(layer.rawValue, Float(x), Float(y), Float(radius), imColor(color), filled)
    }
    static func triangle(_ layer: DrawLayer, _ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double), _ color: RGBA) {
        fig_draw_triangle(layer.rawValue, Float(a.0), Float(a.1), Float(b.0), Float(b.1), Float(c.0), Float(c.1), imColor(color))
    }
    static func polyline(_ layer: DrawLayer, _ xy: [Float], _ color: RGBA, thickness: Double = 1) {
        xy.withUnsafeBufferPointer { fig_draw_polyline(layer.rawValue, $0.baseAddress, Int32(xy.count / 2), imColor(color), Float(thickness)) }
    }
    static func label(_ layer: DrawLayer, _ x: Double, _ y: Double, _ s: String, _ color: RGBA) {
        fig_draw_text(layer.rawValue, Float(x), Float(y), imColor(color), s)
    }
    static func clipped(_ layer: DrawLayer, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ body: () -> Void) {
        fig_push_clip(layer.rawValue, Float(x1), Float(y1), Float(x2), Float(y2))
        body()
        fig_pop_clip(layer.rawValue)
    }
}

import CSDL2
import FlickEngine

/// A top-level SDL window, destroyed on deinit. Sizes are in points; the renderer's output is pixels.
public final class Window {
    /// Options for a new window.
    public struct Options: Sendable {
        public var resizable = true
        /// Ask for a pixel-dense back buffer on HiDPI displays (macOS, Wayland). On X11 the
        /// window is in pixels and points == pixels unless the desktop scales.
        public var allowHighDPI = true
        /// Start hidden (useful headless).
        public var hidden = false
        /// The display to open on (centred there); nil: where SDL puts a new window.
        public var display: Int?
        /// The top-left corner to open at (desktop points), over `display`.
        public var origin: (x: Int, y: Int)?
        public init(resizable: Bool = true, allowHighDPI: Bool = true, hidden: Bool = false, display: Int? = nil,
                    origin: (x: Int, y: Int)? = nil) {
            self.display = display
            self.origin = origin
            self.resizable = resizable
            self.allowHighDPI = allowHighDPI
            self.hidden = hidden
        }
    }

    /// The SDL_Window*; valid for the life of this object.
    public let pointer: OpaquePointer

    /// Where the window was before Flick made it cover the display itself (an X server without a
    /// window manager, see Window+Fullscreen.swift); nil when not so.
    var windowedFrame: (x: Int32, y: Int32, width: Int32, height: Int32)?

    /// - Parameter size: content size in points.
    public init(title: String, size: Size, options: Options = Options()) throws {
        var flags = SDL_WINDOW_SHOWN.rawValue
        if options.resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
        if options.allowHighDPI { flags |= SDL_WINDOW_ALLOW_HIGHDPI.rawValue }
        if options.hidden { flags = (flags & ~SDL_WINDOW_SHOWN.rawValue) | SDL_WINDOW_HIDDEN.rawValue }
        let centred = options.display.map { flick_windowpos_centered_display(Int32($0)) } ?? flick_windowpos_centered()
        let x = options.origin.map { Int32($0.x) } ?? centred, y = options.origin.map { Int32($0.y) } ?? centred
        pointer = try check(
            SDL_CreateWindow(title, x, y,
                             Int32(size.width.rounded()), Int32(size.height.rounded()), flags),
            "SDL_CreateWindow")
        Self.name(pointer, title)
    }

    /// Names the window again: a GL renderer made for it replaces its X window (SDL recreates
    /// it with OpenGL), and SDL names the new one in its own way.
    func renamed() { Self.name(pointer, title) }

    /// Sets the X11 names of the window in UTF-8 (`flick_x11_set_window_name`): `_NET_WM_NAME`
    /// as it is, `WM_NAME` in Latin-1 with what Latin-1 lacks spelled in ASCII ("—" as "-").
    private static func name(_ window: OpaquePointer, _ title: String) {
        let latin1 = title.unicodeScalars.flatMap { c -> [UInt8] in
            switch c.value {
            case 0x2013, 0x2014, 0x2212: return [UInt8(ascii: "-")]
            case 0x2018, 0x2019: return [UInt8(ascii: "'")]
            case 0x201C, 0x201D: return [UInt8(ascii: "\"")]
            case 0x2026: return Array("...".utf8)
            case 1..<256: return [UInt8(c.value)]
            default: return [UInt8(ascii: "?")]
            }
        }
        (latin1 + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { _ = flick_x11_set_window_name(window, title, $0.baseAddress) }
        }
    }

    deinit { SDL_DestroyWindow(pointer) }

    /// Content size in points (SDL_GetWindowSize): the coordinate space of mouse events.
    public var size: Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(pointer, &w, &h)
        return Size(width: Double(w), height: Double(h))
    }

    /// Back-buffer size in pixels (SDL_GetWindowSizeInPixels, SDL >= 2.26); equals `size` on X11
    /// without desktop scaling. `Renderer.outputSize` is the same for a renderer on this window.
    public var sizeInPixels: Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSizeInPixels(pointer, &w, &h)
        return Size(width: Double(w), height: Double(h))
    }

    /// SDL's window id, as carried by window and input events.
    public var id: UInt32 { SDL_GetWindowID(pointer) }

    public var title: String {
        get { String(cString: SDL_GetWindowTitle(pointer)) }
        set {
            SDL_SetWindowTitle(pointer, newValue)
            Self.name(pointer, newValue)
        }
    }

    /// Index of the display the window is mostly on, or nil if SDL cannot tell.
    public var displayIndex: Int? {
        let index = SDL_GetWindowDisplayIndex(pointer)
        return index < 0 ? nil : Int(index)
    }

    /// The refresh rate of the display the window is on, Hz; nil when SDL cannot tell (a
    /// display that reports 0, as Xvfb may).
    public var refreshRate: Double? {
        var mode = SDL_DisplayMode()
        guard SDL_GetWindowDisplayMode(pointer, &mode) == 0 else { SDL_ClearError(); return nil }
        return mode.refresh_rate > 0 ? Double(mode.refresh_rate) : nil
    }

    public var isMinimized: Bool { SDL_GetWindowFlags(pointer) & SDL_WINDOW_MINIMIZED.rawValue != 0 }

    /// Places the window's top-left corner at `x`, `y` (points, desktop coordinates).
    public func move(x: Int, y: Int) { SDL_SetWindowPosition(pointer, Int32(x), Int32(y)) }

    /// The part of the window's display that windows may use (points), nil if SDL cannot say.
    public var usableDisplayBounds: Rect? {
        var r = SDL_Rect()
        guard let index = displayIndex, SDL_GetDisplayUsableBounds(Int32(index), &r) == 0 else { return nil }
        return Rect(x: Double(r.x), y: Double(r.y), width: Double(r.w), height: Double(r.h))
    }

    /// How many displays SDL sees (X11: each RandR output of each X screen).
    public static var displayCount: Int { max(0, Int(SDL_GetNumVideoDisplays())) }

    /// The part of display `index` that windows may use (points), nil if SDL cannot say.
    public static func usableBounds(display index: Int) -> Rect? {
        var r = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(Int32(index), &r) == 0 else { SDL_ClearError(); return nil }
        return Rect(x: Double(r.x), y: Double(r.y), width: Double(r.w), height: Double(r.h))
    }

    public func show() { SDL_ShowWindow(pointer) }
    public func hide() { SDL_HideWindow(pointer) }
    public func raise() { SDL_RaiseWindow(pointer) }

    /// Resizes the content area, points.
    public func setSize(_ size: Size) {
        SDL_SetWindowSize(pointer, Int32(size.width.rounded()), Int32(size.height.rounded()))
    }
}

import CSDL2
import FlickEngine

/// Modifier keys held during a key press.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let control = KeyModifiers(rawValue: 2)
    public static let alt = KeyModifiers(rawValue: 4)
    /// The Windows / Command key (SDL's GUI modifier).
    public static let command = KeyModifiers(rawValue: 8)

    init(sdl mod: UInt16) {
        var m: KeyModifiers = []
        let bits = UInt32(mod)
        if bits & KMOD_SHIFT.rawValue != 0 { m.insert(.shift) }
        if bits & KMOD_CTRL.rawValue != 0 { m.insert(.control) }
        if bits & KMOD_ALT.rawValue != 0 { m.insert(.alt) }
        if bits & KMOD_GUI.rawValue != 0 { m.insert(.command) }
        self = m
    }
}

/// The keys the app binds, decoded from SDL keycodes; anything else is `.other`.
public enum Key: Hashable, Sendable {
    case escape, space, enter, tab, backspace, delete
    case left, right, up, down, pageUp, pageDown, home, end
    /// A printable key by its unshifted character ("a", "1", "=", ...).
    case character(Character)
    /// F1...F12 as 1...12.
    case function(Int)
    case other

    init(keycode: Int32) {
        let k = UInt32(bitPattern: keycode)
        switch k {
        case SDLK_ESCAPE.rawValue: self = .escape
        case SDLK_SPACE.rawValue: self = .space
        case SDLK_RETURN.rawValue, SDLK_KP_ENTER.rawValue: self = .enter
        case SDLK_TAB.rawValue: self = .tab
        case SDLK_BACKSPACE.rawValue: self = .backspace
        case SDLK_DELETE.rawValue: self = .delete
        case SDLK_LEFT.rawValue: self = .left
        case SDLK_RIGHT.rawValue: self = .right
        case SDLK_UP.rawValue: self = .up
        case SDLK_DOWN.rawValue: self = .down
        case SDLK_PAGEUP.rawValue: self = .pageUp
        case SDLK_PAGEDOWN.rawValue: self = .pageDown
        case SDLK_HOME.rawValue: self = .home
        case SDLK_END.rawValue: self = .end
        case SDLK_F1.rawValue...SDLK_F12.rawValue: self = .function(Int(k - SDLK_F1.rawValue) + 1)
        case 33...126: self = .character(Character(Unicode.Scalar(UInt8(k))))
        default: self = .other
        }
    }
}

/// A key going down (auto-repeats included, flagged).
public struct KeyPress: Hashable, Sendable {
    public var key: Key
    /// SDL_Keycode (layout-dependent) for bindings `Key` does not name.
    public var keycode: Int32
    public var modifiers: KeyModifiers
    /// True for the auto-repeat presses of a held key.
    public var isRepeat: Bool
    /// Seconds, SDL clock (see `InputEvent`).
    public var time: Double

    public init(key: Key, keycode: Int32 = 0, modifiers: KeyModifiers = [], isRepeat: Bool = false, time: Double = 0) {
        self.key = key
        self.keycode = keycode
        self.modifiers = modifiers
        self.isRepeat = isRepeat
        self.time = time
    }

    /// SDL's name of the key ("Escape", "A", "Left"), for help text and logs.
    public var name: String { String(cString: SDL_GetKeyName(keycode)) }
}

/// What the app consumes from SDL, in points and seconds. Times are the events' own SDL
/// timestamps (milliseconds since SDL_Init, as seconds): the clock of `SDLContext.now`.
public enum InputEvent: Hashable, Sendable {
    /// Left mouse button or a finger: down / move (only while down) / up.
    case pointer(PointerEvent)
    /// Mouse wheel or trackpad scroll. `delta` is how far the content should scroll, points
    /// (positive dy: toward content further down, i.e. the wheel turned toward the user);
    /// `precise` when SDL reported fractional steps (a trackpad, a free-spinning wheel).
    case wheel(delta: Vector, time: Double, precise: Bool)
    case key(KeyPress)
    /// The window's content area changed size, points: relayout.
    case resized(Size)
    case windowShown, windowHidden, windowMinimized, windowRestored
    /// Part of the window needs redrawing (e.g. uncovered) though nothing changed.
    case windowExposed
    /// The window moved to another display, or a display was added, removed or rotated (its
    /// index, if known): the pixel scale or viewport may have changed.
    case displayChanged(Int?)
    /// The GPU lost render-target (or all) textures; caches should be cleared.
    case renderTargetsReset
    case quit
    /// The main window is gone: another X client destroyed it (`X11WindowLoss`). Nothing can
    /// be shown or asked any more; the session ends.
    case windowLost
    /// Something for the app's second window (`EventSource.secondWindowID`): never a pointer
    /// or key of the main window's scene.
    case secondWindow(SecondWindowEvent)
    /// Text typed in the main window (SDL_TEXTINPUT, UTF-8), reported only while there is a
    /// second window (`EventSource.secondWindowID`): a facilitator typing into the wrong window.
    case text(String)
}

/// What a second window (the facilitator's) gets: its keys, its typed text, its window events.
public enum SecondWindowEvent: Hashable, Sendable {
    case key(KeyPress)
    /// Text typed (SDL_TEXTINPUT, UTF-8, already composed by the input method).
    case text(String)
    case resized(Size)
    case exposed
    /// Its close button.
    case closeRequested
    /// It is gone: another X client destroyed it (`X11WindowLoss`).
    case lost
}

/// Something drawn over the window that may take input before the app sees it (a tool UI).
public protocol SDLEventFilter: AnyObject {
    /// Sees every SDL event (an `SDL_Event*`) before it is translated; true keeps it from the app.
    func takes(sdlEvent: UnsafeRawPointer) -> Bool
}

/// Polls SDL's queue and turns the events into `InputEvent`s.
///
/// Coordinates: SDL mouse events are in window coordinates, which are points (on macOS and
/// Wayland with ALLOW_HIGHDPI the back buffer has more pixels; on X11 points == pixels unless
/// the desktop scales), so mouse positions pass through; finger positions are normalised 0...1
/// and are multiplied by the window size in points. SDL's synthetic mouse events for touches
/// (`which == SDL_TOUCH_MOUSEID`) are dropped, so a touch arrives once, as a `.touch` pointer.
public final class EventSource {
    /// Points scrolled per wheel notch.
    public var pointsPerWheelStep = 40.0
    /// The size of the window in points, used to place finger events.
    private let viewportSize: () -> Size
    private var leftButtonDown = false
    private var fingers: [Int64: Int] = [:]
    private var nextFingerPointer = 1
    private var buffer: [InputEvent] = []
    /// Sees each event first (the tool UI); what it takes is not translated.
    public weak var filter: (any SDLEventFilter)?
    /// A second window's id: its events come as `.secondWindow`, its mouse is ignored.
    public var secondWindowID: UInt32?
    /// The main window's id, when there are two: its close button ends the app (SDL sends
    /// SDL_QUIT only when the last window closes).
    public var mainWindowID: UInt32?

    /// Pointer id of the mouse; fingers get 1, 2, ... while they are down.
    public static let mousePointerID = 0

    public init(viewportSize: @escaping () -> Size) {
        self.viewportSize = viewportSize
        buffer.reserveCapacity(64)
    }

    public convenience init(window: Window) {
        self.init(viewportSize: { window.size })
        lossWatchedWindowID = window.id
        // X11 delivers each event's own server time inside SYSWM events; see `serverTime`.
        SDL_EventState(UInt32(SDL_SYSWMEVENT.rawValue), SDL_ENABLE)
    }

    // MARK: - Pointer times from the display server

    /// SDL stamps an event when it pumps it, so under load a flick's moves and its release can
    /// land in different frames tens of milliseconds apart, and the release looks like the
    /// pointer stopped. On X11 the server's timestamp of each button and motion event (a wheel
    /// notch is a button press there) is known: it is mapped onto SDL's clock with the smallest
    /// delay seen so far (so a mapped time is never later than SDL's own; see DeviceClock) and
    /// used for the mouse or wheel event that follows. Elsewhere (Wayland, the dummy driver, a
    /// replay's synthetic events) SDL's own time stands.
    private var serverClock = DeviceClock()
    private var pendingServerTime: Double?

    /// Records the server time of an X11 pointer event; true when `event` was one.
    private func noteServerTime(_ event: SDL_Event, arrived: Double) -> Bool {
        var raw: UInt = 0
        let found = withUnsafePointer(to: event) { flick_x11_pointer_event_time($0, &raw) } != 0
        guard found else { return false }
        pendingServerTime = serverClock.map(device: Double(raw) / 1000, arrived: arrived)
        return true
    }

    /// The time of the pointer event being translated: the server's, when it told us.
    private func pointerTime(_ sdlTime: Double) -> Double {
        defer { pendingServerTime = nil }
        return pendingServerTime ?? sdlTime
    }

    /// Drains every pending SDL event into `events` (appending), so input that arrived before
    /// a frame is visible in that frame.
    public func poll(into events: inout [InputEvent]) {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if let mapped = translate(event) { events.append(mapped) }
        }
        noteLostWindows(into: &events)
    }

    /// A window of ours destroyed by another X client: the second window's loss is its `.lost`,
    /// the main window's `.windowLost`.
    private func noteLostWindows(into events: inout [InputEvent]) {
        let ids = X11WindowLoss.take()
        guard !ids.isEmpty else { return }
        if let second = secondWindowID, let x = X11WindowLoss.xWindow(ofSDLWindow: second), ids.contains(x),
           lostReported.insert(x).inserted {
            events.append(.secondWindow(.lost))
        }
        if let main = mainWindowID ?? lossWatchedWindowID, let x = X11WindowLoss.xWindow(ofSDLWindow: main), ids.contains(x),
           lostReported.insert(x).inserted {
            events.append(.windowLost)
        }
    }

    /// The window this source was made for (`init(window:)`), watched for its loss when no
    /// `mainWindowID` is set.
    private var lossWatchedWindowID: UInt32?

    /// The X windows whose loss was reported (once each).
    private var lostReported: Set<UInt> = []

    /// Drains every pending event; the array's storage is reused between calls.
    public func poll() -> [InputEvent] {
        buffer.removeAll(keepingCapacity: true)
        poll(into: &buffer)
        return buffer
    }

    /// Sleeps until an event arrives or `timeout` seconds pass (idle frames), then drains.
    public func wait(timeout: Double) -> [InputEvent] {
        buffer.removeAll(keepingCapacity: true)
        var event = SDL_Event()
        if SDL_WaitEventTimeout(&event, Int32(max(0, timeout * 1000).rounded())) != 0 {
            if let mapped = translate(event) { buffer.append(mapped) }
            poll(into: &buffer)
        } else {
            noteLostWindows(into: &buffer)   // an X error taken while waiting
        }
        return buffer
    }

    // MARK: - Mapping

    /// Maps one SDL event; nil for events the app does not use (and for ignored ones).
    public func translate(_ event: SDL_Event) -> InputEvent? {
        let time = Double(event.common.timestamp) / 1000
        if event.type == SDL_SYSWMEVENT.rawValue {
            if !noteServerTime(event, arrived: time) { X11WindowLoss.note(event) }
            return nil
        }
        if let second = secondWindowID, Self.windowID(of: event) == second {
            pendingServerTime = nil
            return secondWindow(event)
        }
        if let filter, withUnsafePointer(to: event, { filter.takes(sdlEvent: UnsafeRawPointer($0)) }) {
            pendingServerTime = nil
            return nil
        }
        switch event.type {
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            let time = pointerTime(time)
            let b = event.button
            guard b.which != flick_touch_mouseid(), Int32(b.button) == SDL_BUTTON_LEFT else { return nil }
            let down = event.type == SDL_MOUSEBUTTONDOWN.rawValue
            if down == leftButtonDown { return nil }   // an unmatched up, or a repeated down
            leftButtonDown = down
            return .pointer(PointerEvent(pointerID: Self.mousePointerID, phase: down ? .down : .up,
                                         position: Point(x: Double(b.x), y: Double(b.y)), time: time, device: .mouse))

        case SDL_MOUSEMOTION.rawValue:
            let time = pointerTime(time)
            let m = event.motion
            guard m.which != flick_touch_mouseid(), leftButtonDown else { return nil }
            return .pointer(PointerEvent(pointerID: Self.mousePointerID, phase: .move,
                                         position: Point(x: Double(m.x), y: Double(m.y)), time: time, device: .mouse))

        case SDL_MOUSEWHEEL.rawValue:
            let time = pointerTime(time)
            let w = event.wheel
            guard w.which != flick_touch_mouseid() else { return nil }
            var x = Double(w.preciseX), y = Double(w.preciseY)
            if x == 0 && y == 0 { (x, y) = (Double(w.x), Double(w.y)) }   // SDL < 2.0.18 left precise at 0
            if w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { (x, y) = (-x, -y) }
            let precise = x != x.rounded() || y != y.rounded()
            return .wheel(delta: Vector(dx: x * pointsPerWheelStep, dy: -y * pointsPerWheelStep),
                          time: time, precise: precise)

        case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
            return finger(event.tfinger, type: event.type, time: time)

        case SDL_TEXTINPUT.rawValue where secondWindowID != nil:
            let text = Self.text(of: event)
            return text.isEmpty ? nil : .text(text)

        case SDL_KEYDOWN.rawValue:
            let k = event.key
            return .key(KeyPress(key: Key(keycode: k.keysym.sym), keycode: k.keysym.sym,
                                 modifiers: KeyModifiers(sdl: k.keysym.mod), isRepeat: k.repeat != 0, time: time))

        case SDL_WINDOWEVENT.rawValue:
            return window(event.window)

        case SDL_DISPLAYEVENT.rawValue:
            return .displayChanged(Int(event.display.display))

        case SDL_RENDER_TARGETS_RESET.rawValue, SDL_RENDER_DEVICE_RESET.rawValue:
            return .renderTargetsReset

        case SDL_QUIT.rawValue:
            return .quit

        default:
            return nil
        }
    }

    private func finger(_ f: SDL_TouchFingerEvent, type: UInt32, time: Double) -> InputEvent? {
        guard f.touchId != flick_mouse_touchid() else { return nil }
        let size = viewportSize()
        let position = Point(x: Double(f.x) * size.width, y: Double(f.y) * size.height)
        let phase: PointerEvent.Phase
        let id: Int
        switch type {
        case SDL_FINGERDOWN.rawValue:
            phase = .down
            id = nextFingerPointer
            nextFingerPointer += 1
            fingers[f.fingerId] = id
        case SDL_FINGERMOTION.rawValue:
            guard let known = fingers[f.fingerId] else { return nil }
            phase = .move
            id = known
        default:
            guard let known = fingers.removeValue(forKey: f.fingerId) else { return nil }
            phase = .up
            id = known
            if fingers.isEmpty { nextFingerPointer = 1 }
        }
        return .pointer(PointerEvent(pointerID: id, phase: phase, position: position, time: time, device: .touch))
    }

    /// The window an input or window event belongs to; nil for the others.
    static func windowID(of event: SDL_Event) -> UInt32? {
        switch event.type {
        case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue: return event.key.windowID
        case SDL_TEXTINPUT.rawValue: return event.text.windowID
        case SDL_TEXTEDITING.rawValue: return event.edit.windowID
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue: return event.button.windowID
        case SDL_MOUSEMOTION.rawValue: return event.motion.windowID
        case SDL_MOUSEWHEEL.rawValue: return event.wheel.windowID
        case SDL_WINDOWEVENT.rawValue: return event.window.windowID
        default: return nil
        }
    }

    /// The UTF-8 text of an SDL_TEXTINPUT event.
    private static func text(of event: SDL_Event) -> String {
        withUnsafeBytes(of: event.text.text) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    private func secondWindow(_ event: SDL_Event) -> InputEvent? {
        switch event.type {
        case SDL_KEYDOWN.rawValue:
            let k = event.key
            return .secondWindow(.key(KeyPress(key: Key(keycode: k.keysym.sym), keycode: k.keysym.sym,
                                               modifiers: KeyModifiers(sdl: k.keysym.mod), isRepeat: k.repeat != 0,
                                               time: Double(event.common.timestamp) / 1000)))
        case SDL_TEXTINPUT.rawValue:
            let text = Self.text(of: event)
            return text.isEmpty ? nil : .secondWindow(.text(text))
        case SDL_WINDOWEVENT.rawValue:
            switch UInt32(event.window.event) {
            case SDL_WINDOWEVENT_CLOSE.rawValue: return .secondWindow(.closeRequested)
            case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue:
                return .secondWindow(.resized(Size(width: Double(event.window.data1), height: Double(event.window.data2))))
            case SDL_WINDOWEVENT_EXPOSED.rawValue: return .secondWindow(.exposed)
            default: return nil
            }
        default:
            return nil   // its mouse never reaches the scene
        }
    }

    private func window(_ w: SDL_WindowEvent) -> InputEvent? {
        switch UInt32(w.event) {
        case SDL_WINDOWEVENT_CLOSE.rawValue where mainWindowID != nil && w.windowID == mainWindowID: return .quit
        case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue:
            return .resized(Size(width: Double(w.data1), height: Double(w.data2)))
        case SDL_WINDOWEVENT_SHOWN.rawValue: return .windowShown
        case SDL_WINDOWEVENT_HIDDEN.rawValue: return .windowHidden
        case SDL_WINDOWEVENT_MINIMIZED.rawValue: return .windowMinimized
        case SDL_WINDOWEVENT_RESTORED.rawValue, SDL_WINDOWEVENT_MAXIMIZED.rawValue: return .windowRestored
        case SDL_WINDOWEVENT_EXPOSED.rawValue: return .windowExposed
        case SDL_WINDOWEVENT_DISPLAY_CHANGED.rawValue: return .displayChanged(Int(w.data1))
        default: return nil
        }
    }
}

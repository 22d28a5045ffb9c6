import CSDL2
import Synchronization

/// A window of ours destroyed by another X client (XDestroyWindow from elsewhere, a tool
/// closing windows by force): the next request on it fails with BadWindow or BadDrawable, and
/// Xlib's default error handler prints the error and calls exit(1), so the session ended without
/// its quit line. This handler takes those two errors instead (chaining every other to the one
/// it replaced), and keeps the resource ids for `EventSource`, which reports the loss as an
/// event; the app then ends the session through its recorded quit path.
public enum X11WindowLoss {
    private static let lost = Mutex<[UInt]>([])
    nonisolated(unsafe) private static var previous: XErrorHandler?
    private static let installed = Atomic<Bool>(false)

    /// Installs the handler once, before SDL's video start: SDL's own handler (which restores
    /// the display's modes) then calls this one, and SDL puts this one back when it quits.
    public static func install() {
        guard !installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        previous = XSetErrorHandler { display, event in
            guard let event else { return 0 }
            let code = Int32(event.pointee.error_code)
            if code == BadWindow || code == BadDrawable {
                X11WindowLoss.remember(UInt(event.pointee.resourceid))
                return 0
            }
            return X11WindowLoss.previous?(display, event) ?? 0
        }
    }

    /// A DestroyNotify among the X events SDL passes on (SDL_SYSWMEVENT): a window can go
    /// without any request of ours failing (a GL window's drawing raises no BadWindow).
    public static func note(_ event: SDL_Event) {
        guard event.type == SDL_SYSWMEVENT.rawValue, let msg = event.syswm.msg,
              msg.pointee.subsystem == SDL_SYSWM_X11 else { return }
        let x = msg.pointee.msg.x11.event
        if x.type == DestroyNotify { remember(UInt(x.xdestroywindow.window)) }
    }

    /// Each id once, and at most 64 (a loop that never takes them, failing every frame).
    private static func remember(_ id: UInt) {
        lost.withLock { ids in
            if ids.count < 64, !ids.contains(id) { ids.append(id) }
        }
    }

    /// The X windows found missing or destroyed since the last call (windows SDL itself
    /// replaced are among them: compare with the current ones).
    public static func take() -> [UInt] {
        lost.withLock { ids in
            defer { ids.removeAll() }
            return ids
        }
    }

    /// The X window behind an SDL window (nil when it is not an X11 window).
    public static func xWindow(ofSDLWindow id: UInt32) -> UInt? {
        guard let window = SDL_GetWindowFromID(id) else { return nil }
        var info = SDL_SysWMinfo()
        info.version = SDL_version(major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11 else { return nil }
        return UInt(info.info.x11.window)
    }
}

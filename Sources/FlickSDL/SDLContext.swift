import CSDL2
import FlickIO

/// SDL for one process: video + events, SDL_image (PNG, JPEG) and SDL_ttf, shut down on deinit.
///
/// Create exactly one, before any window, and keep it alive until every Window, Renderer,
/// Texture and Font is gone (SDL_Quit invalidates them). SDL wants all of this on one thread.
public final class SDLContext {
    /// Versions of the linked libraries, e.g. "SDL 2.26.5, SDL_image 2.6.3, SDL_ttf 2.20.1".
    public let versionDescription: String
    /// True when the linked SDL reports fractional wheel deltas (`preciseX/Y`, SDL >= 2.0.18).
    public let hasPreciseWheel: Bool

    /// - Parameter videoDriver: forces SDL_VIDEODRIVER (e.g. "dummy" for headless tests);
    ///   nil keeps the environment's choice.
    public init(videoDriver: String? = nil) throws {
        if let videoDriver {
            // Over the environment: SDL reads an SDL_VIDEODRIVER that is set but empty as "try
            // every driver", which with a dead display ended in one that shows nothing (1 GB,
            // then a crash on SIGTERM). The caller has already let a non-empty one decide.
            SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, videoDriver, SDL_HINT_OVERRIDE)
        }
        // Trackpads and touch screens: synthetic mouse events from touches still arrive, tagged
        // with SDL_TOUCH_MOUSEID; EventSource drops them. No synthetic touches from the mouse.
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        // Linear filtering for scaled card textures.
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")

        // Before SDL's X11 start, which keeps the handler it finds and restores it at its end:
        // a window destroyed by another client stays an event up to the process's exit.
        X11WindowLoss.install()
        try check(SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS), "SDL_Init")
        // SDL_image only writes PNGs now (screenshots, frames); cards are decoded by WholeDecode
        // and ReducedDecode, which SDL_image's loaders could not interrupt.
        let wanted = Int32(IMG_INIT_PNG.rawValue)
        let got = IMG_Init(wanted)
        if got & wanted != wanted {
            let error = SDLError.current("IMG_Init(PNG)")
            IMG_Quit(); SDL_Quit()
            throw error
        }
        if TTF_Init() != 0 {
            let error = SDLError.current("TTF_Init")
            IMG_Quit(); SDL_Quit()
            throw error
        }

        var sdl = SDL_version()
        SDL_GetVersion(&sdl)
        let img = IMG_Linked_Version().pointee
        let ttf = TTF_Linked_Version().pointee
        func text(_ v: SDL_version) -> String { "\(v.major).\(v.minor).\(v.patch)" }
        versionDescription = "SDL \(text(sdl)), SDL_image \(text(img)), SDL_ttf \(text(ttf))"
        hasPreciseWheel = flick_linked_sdl_at_least(2, 0, 18) != 0
        Self.installWaker()
    }

    /// Whether SDL grabs the mouse while a button is down (its default). SDL grabs it for the
    /// window that has the keyboard, not the one pressed: with two windows, a drag in one while
    /// the other had the keyboard lost its release to the other. Off, the display server's own
    /// grab of a press keeps its moves and its release with the window pressed.
    public static func setMouseAutoCapture(_ on: Bool) {
        SDL_SetHint(SDL_HINT_MOUSE_AUTO_CAPTURE, on ? "1" : "0")
    }

    /// A signal wakes a window waiting in SDL_WaitEventTimeout with an SDL_QUIT, from the
    /// signal watcher's thread, while SDL's event queue is up.
    static func installWaker() {
        Interrupt.setWaker {
            guard SDL_WasInit(UInt32(SDL_INIT_EVENTS)) != 0 else { return }
            var event = SDL_Event()
            event.type = SDL_QUIT.rawValue
            _ = SDL_PushEvent(&event)
        }
    }

    /// SDL is about to shut down: after this returns no wake is under way and none will start.
    static func removeWaker() { Interrupt.setWaker(nil) }

    deinit {
        Self.removeWaker()
        TTF_Quit()
        IMG_Quit()
        SDL_Quit()
    }

    /// The video driver in use ("x11", "wayland", "dummy", ...).
    public var videoDriver: String {
        SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
    }

    /// Seconds since SDL_Init on SDL's millisecond clock: the same clock as event timestamps.
    public static var now: Double { Double(SDL_GetTicks64()) / 1000 }
}

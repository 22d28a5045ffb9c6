import CSDL2
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT, SIGTERM, SIGHUP and SIGQUIT as a flag every loop polls once per frame (window, headless,
/// replay, bench, report, export): the loop ends, the log gets its `quit` line and the files
/// close. A second signal of the same kind ends the process at once (the default action).
public enum Interrupt {
    /// The number of the signal received, 0 while none was.
    public static let requested = Atomic<Int32>(0)

    /// Whether a stop was asked for.
    public static var isRequested: Bool { requested.load(ordering: .relaxed) != 0 }

    /// The signal received, if any.
    public static var signal: Int32? {
        let s = requested.load(ordering: .relaxed)
        return s == 0 ? nil : s
    }

    /// Exit code of a run ended by a signal: 128 + its number, as a shell reports it.
    public static var exitCode: Int32 { 128 + (signal ?? 0) }

    /// "SIGTERM", for the one-line note.
    public static var signalName: String {
        switch signal {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        case SIGQUIT: return "SIGQUIT"
        case let s?: return "signal \(s)"
        case nil: return "no signal"
        }
    }

    /// Whether SDL's event queue may be used from the watcher thread: true from `SDLContext`'s
    /// init to the start of its deinit. The watcher pushes under this lock, and SDL_Quit waits
    /// for it: a push that ran late (a busy machine holding the watcher back) while the main
    /// thread was already inside SDL_Quit wrote into the queue SDL was freeing, a heap
    /// corruption that aborted one SIGTERM run of quit.sh in CI (`malloc_consolidate`).
    static let sdlEventsOpen = Mutex<Bool>(false)

    /// SDL has set up its event queue (`SDLContext.init`).
    static func sdlEventsOpened() { sdlEventsOpen.withLock { $0 = true } }

    /// SDL is about to shut down (`SDLContext.deinit`): after this returns, no push is under
    /// way and none will start.
    static func sdlEventsClosing() { sdlEventsOpen.withLock { $0 = false } }

    /// Pushes SDL_QUIT for a window waiting in `SDL_WaitEventTimeout`, while SDL is up; true
    /// when pushed.
    @discardableResult
    static func pushQuitEvent() -> Bool {
        sdlEventsOpen.withLock { open in
            guard open, SDL_WasInit(UInt32(SDL_INIT_EVENTS)) != 0 else { return false }
            var event = SDL_Event()
            event.type = SDL_QUIT.rawValue
            return SDL_PushEvent(&event) == 1
        }
    }

    /// Write end of the pipe that wakes the watcher thread (-1 until installed).
    static let wakeFD = Atomic<Int32>(-1)

    /// Installs the handlers (after SDL_Init, which installs its own for SIGINT and SIGTERM).
    /// A window waiting for events is woken at once: the handler writes a byte to a pipe (all a
    /// signal handler may safely do) and a small thread pushes SDL_QUIT, which SDL delivers to
    /// a waiting `SDL_WaitEventTimeout` from another thread.
    /// Installed first thing by every command (`ProcessSetup`), so SDL, which takes SIGINT and
    /// SIGTERM only while they are at their default action, leaves them to this.
    public static func install(_ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]) {
        _ = requested.load(ordering: .relaxed)   // initialised here, never first in a handler
        var fds: [Int32] = [-1, -1]
        if wakeFD.load(ordering: .relaxed) < 0, pipe(&fds) == 0 {
            wakeFD.store(fds[1], ordering: .relaxed)
            let readEnd = fds[0]
            _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
            let watcher = Thread {
                var byte: UInt8 = 0
                while read(readEnd, &byte, 1) < 0 && errno == EINTR {}
                _ = pushQuitEvent()
            }
            watcher.name = "flick-signals"
            watcher.start()
        }
        for s in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { s in
                // The handler runs on whichever thread the signal lands on, in the middle of
                // anything (a decoder's malloc): it touches nothing but atomics and one write,
                // and gives that thread its errno back.
                let saved = errno
                Interrupt.requested.store(s, ordering: .relaxed)
                var byte: UInt8 = 1
                _ = write(Interrupt.wakeFD.load(ordering: .relaxed), &byte, 1)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            sigaction(s, &action, nil)
        }
    }
}

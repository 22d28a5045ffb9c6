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

    /// What wakes a loop that waits for events (a window in `SDL_WaitEventTimeout`), set by
    /// whoever owns that event queue for as long as it may be used from another thread (SDL:
    /// `SDLContext`'s init to the start of its deinit). The watcher thread calls it under this
    /// lock, and clearing it waits for the lock: a wake that ran late (a busy machine holding the
    /// watcher back) while the main thread was already shutting the queue down wrote into memory
    /// being freed, a heap corruption that once aborted a SIGTERM run.
    static let waker = Mutex<(@Sendable () -> Void)?>(nil)

    /// Sets (or with nil clears) what wakes the waiting loop on a signal; after clearing returns,
    /// no wake is under way and none will start.
    public static func setWaker(_ wake: (@Sendable () -> Void)?) {
        waker.withLock { $0 = wake }
    }

    /// Wakes the waiting loop; false when no waker is set.
    @discardableResult
    package static func wake() -> Bool {
        waker.withLock { wake in
            guard let wake else { return false }
            wake()
            return true
        }
    }

    /// A tool whose loops do not all poll `isRequested` (a benchmark inside SDL or a child
    /// process) still stops on a signal: `grace` seconds after one arrives, the process ends with
    /// 128 + its number and a one-line note, whatever it was doing.
    public static func stopWithin(_ grace: Double) {
        let watcher = Thread {
            while !isRequested { usleep(20_000) }
            usleep(UInt32(max(0, grace) * 1_000_000))
            note("stopped by \(signalName)")
            exitProcess(exitCode)
        }
        watcher.name = "flick-stop-within"
        watcher.start()
    }

    /// Write end of the pipe that wakes the watcher thread (-1 until installed).
    static let wakeFD = Atomic<Int32>(-1)

    /// Installs the handlers (after SDL_Init, which installs its own for SIGINT and SIGTERM).
    /// A window waiting for events is woken at once: the handler writes a byte to a pipe (all a
    /// signal handler may safely do) and a small thread calls the waker (SDL's pushes SDL_QUIT,
    /// which SDL delivers to a waiting `SDL_WaitEventTimeout` from another thread).
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
                wake()
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

import CSDL2
import Glibc
import Synchronization

/// The thread that draws and presents the frames runs above everything else of the same user:
/// a frame is a few milliseconds of work every 8 or 16, and a task of the same weight that
/// wakes beside it (a kernel worker, the X server, another program) takes its core for a
/// whole scheduler slice, 3 ms on this kernel, doubling a 2 ms frame. SDL's high priority for
/// the calling thread: nice -10 where the process may raise it, else the desktop's RealtimeKit
/// over D-Bus; when neither lets it, the thread stays as it was.
///
/// Threads inherit the nice level of the thread that starts them, so the face decoder goes
/// back to the level from before (`backgroundNice`): raising the frames must not raise it.
/// Only a thread that draws its frames itself (the software renderer) is raised
/// (`Renderer.Options.raisesFrameThread`): a GL context's own threads (llvmpipe's) start
/// inside `SDL_CreateRenderer` and would inherit the raise, and at nice -10 they left the
/// decoder so little of the two cores that faces took 1.0 to 1.3 s instead of 0.3 to 0.6.
public enum FramePriority {
    /// The calling thread's nice level before `raise`, or `Int32.min` when `raise` has not run.
    private static let niceBefore = Atomic<Int32>(Int32.min)
    /// What `raise` gave, for reports: "nice -10", or why not.
    private static let outcome = Mutex<String>("not asked")

    /// Raises the calling thread (the one that draws and presents) to SDL's high priority.
    /// Returns what it got, "nice -10" or SDL's reason for not; the thread goes on either way.
    @discardableResult
    public static func raise() -> String {
        let before = currentNice
        let recorded = niceBefore.load(ordering: .acquiring)
        if recorded != Int32.min && before < recorded { return description }   // raised already
        niceBefore.store(before, ordering: .releasing)
        let result: String
        if SDL_SetThreadPriority(SDL_THREAD_PRIORITY_HIGH) == 0 {
            result = "nice \(currentNice)"
        } else {
            result = "nice \(before): high priority refused (\(String(cString: SDL_GetError())))"
        }
        outcome.withLock { $0 = result }
        return result
    }

    /// Puts the calling thread back to its level from before `raise` (lowering one's own
    /// priority needs no privilege); nothing when it was not raised.
    public static func restore() {
        let before = niceBefore.load(ordering: .acquiring)
        guard before != Int32.min, currentNice < before else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, before)
    }

    /// What `raise` gave ("not asked" before it runs).
    public static var description: String { outcome.withLock { $0 } }

    /// The nice level background threads should keep: the one from before `raise`, or the
    /// calling thread's own when nothing was raised.
    static var backgroundNice: Int32 {
        let before = niceBefore.load(ordering: .acquiring)
        return before == Int32.min ? currentNice : before
    }

    /// Puts the calling background thread `above` levels over `backgroundNice` (at most 19):
    /// not at the raised level it inherited from a frame thread. Lowering one's own priority
    /// needs no privilege.
    static func becomeBackground(above: Int32) {
        let target = min(19, backgroundNice + above)
        if currentNice != target { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, target) }
    }

    /// The calling thread's nice level (Linux keeps one per thread).
    private static var currentNice: Int32 {
        errno = 0
        let value = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        return errno == 0 ? value : 0
    }
}

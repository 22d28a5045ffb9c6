import CImageDecode
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
        setRealtime(false)
        let before = niceBefore.load(ordering: .acquiring)
        guard before != Int32.min, currentNice < before else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, before)
    }

    /// Whether the calling thread runs real-time (`setRealtime`).
    private static let realtimeNow = Atomic<Bool>(false)
    /// The kernel refused real-time scheduling once: not asked again.
    private static let realtimeRefused = Atomic<Bool>(false)
    /// What the last `setRealtime(true)` gave, for reports.
    private static let realtimeOutcome = Mutex<String>("not asked")

    /// Puts the calling thread (the one whose frames latch their input late, `FrameLatch`) in
    /// real-time scheduling, or back. Real-time: SCHED_FIFO at the lowest priority, so the
    /// wake-up before a latch preempts every ordinary task at once, where at nice -10 it can
    /// still wait milliseconds for a task on its core (EEVDF), more under other builds. With SCHED_RESET_ON_FORK, threads it starts meanwhile (the kernel's
    /// reset covers threads too) begin as ordinary nice-0 ones. Its timers get 1 us of slack
    /// either way (where real-time is refused the slack still matters). The kernel's real-time
    /// throttle (95 % of each second) bounds what a runaway real-time thread could take; the
    /// caller asks for it only while its frames leave the core mostly idle
    /// (`FrameLatch.wantsRealtime`). Returns whether the thread now runs real-time; once the
    /// kernel refused (no CAP_SYS_NICE, RLIMIT_RTPRIO 0) it is not asked again.
    @discardableResult
    public static func setRealtime(_ on: Bool) -> Bool {
        let current = realtimeNow.load(ordering: .acquiring)
        if on == current { return current }
        var param = sched_param()
        if on {
            _ = flick_set_timer_slack(1000)
            if realtimeRefused.load(ordering: .acquiring) { return false }
            param.sched_priority = 1
            // SCHED_FIFO = 1, SCHED_RESET_ON_FORK = 0x40000000 (Glibc does not export the names to Swift).
            if sched_setscheduler(0, 1 | 0x4000_0000, &param) == 0 {
                realtimeNow.store(true, ordering: .releasing)
                realtimeOutcome.withLock { $0 = "SCHED_FIFO 1" }
                return true
            }
            let reason = String(cString: strerror(errno))
            realtimeRefused.store(true, ordering: .releasing)
            realtimeOutcome.withLock { $0 = "real-time refused (\(reason))" }
            return false
        }
        param.sched_priority = 0
        // Back to SCHED_OTHER (0): the nice level stays what `raise` set.
        if sched_setscheduler(0, 0, &param) == 0 { realtimeNow.store(false, ordering: .releasing) }
        return realtimeNow.load(ordering: .acquiring)
    }

    /// What `setRealtime(true)` gave: "SCHED_FIFO 1", why not, or "not asked".
    public static var realtimeDescription: String { realtimeOutcome.withLock { $0 } }

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

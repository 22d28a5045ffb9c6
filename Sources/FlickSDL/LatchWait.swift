import Glibc

/// The wait before a frame's latch (`FrameLatch`): an absolute timer, then the clock polled up
/// to the latch.
public enum LatchWait {
    /// Sleeps until `wake` (`PerformanceClock` seconds) on an absolute CLOCK_MONOTONIC timer
    /// (`clock_nanosleep` with TIMER_ABSTIME: time between reading the clock and sleeping is not
    /// added to the sleep), at most `maxSleep`, then polls the clock until `latch` when the sleep
    /// ended no more than `maxPoll` before it. Returns when the sleep ended, or nil when `wake`
    /// had passed already (nothing slept, so nothing learned about wake-ups).
    @discardableResult
    public static func until(wake: Double, latch: Double, maxSleep: Double, maxPoll: Double) -> Double? {
        var woke: Double?
        let now = PerformanceClock.now
        let rest = min(wake - now, maxSleep)
        if rest > 0 {
            // PerformanceClock is SDL's counter (CLOCK_MONOTONIC_RAW on Linux), the timer runs on
            // CLOCK_MONOTONIC: the deadline is carried over as a span from now.
            var target = timespec()
            clock_gettime(CLOCK_MONOTONIC, &target)
            let nanoseconds = Int(target.tv_nsec) + Int((rest * 1e9).rounded())
            target.tv_sec += nanoseconds / 1_000_000_000
            target.tv_nsec = nanoseconds % 1_000_000_000
            while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
            woke = PerformanceClock.now
        }
        let left = latch - PerformanceClock.now
        if left > 0 && left <= maxPoll {
            while PerformanceClock.now < latch {}
        }
        return woke
    }
}

extension LatchWait {
    /// Waits for the next frame's latch as a paced frame loop does (the window's, and every
    /// bench that times frames the way the window paces them): the calling thread real-time
    /// while `latch.wantsRealtime` (`FramePriority.setRealtime`; `realtime` says whether it is,
    /// and is updated), its wait ending as early as `latch` learned and the clock polled up to
    /// the latch, the wake-up recorded. Returns the frame's planned latch and deadline (record
    /// the frame against them with `FrameLatch.record`) and when the sleep ended (nil: the
    /// latch had passed and nothing slept). `FramePriority.setRealtime(false)` when the frames
    /// stop. `notice` seconds before the latch (or at once, when that has passed) `comingSoon`
    /// runs: the decoder is told a frame is coming (`CardFaces.frameComing`).
    @discardableResult
    public static func nextFrame(_ latch: inout FrameLatch, realtime: inout Bool, notice: Double = 0,
                                 comingSoon: (() -> Void)? = nil)
        -> (latch: Double, deadline: Double, woke: Double?) {
        realtime = FramePriority.setRealtime(latch.wantsRealtime(realtime))
        latch.earlyWakeLimit = FrameLatch.earlyWakeLimit(interval: latch.interval, realtime: realtime)
        let planned = latch.next(after: PerformanceClock.now)
        let wake = latch.wake(forLatch: planned.latch)
        if let comingSoon {
            let told = min(wake, planned.latch - max(0, notice))
            until(wake: told, latch: told, maxSleep: latch.interval, maxPoll: 0)
            comingSoon()
        }
        let woke = until(wake: wake, latch: planned.latch, maxSleep: latch.interval, maxPoll: latch.earlyWakeLimit)
        if let woke { latch.recordWake(target: wake, woke: woke) }
        return (planned.latch, planned.deadline, woke)
    }
}

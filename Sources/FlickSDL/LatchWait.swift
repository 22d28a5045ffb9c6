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

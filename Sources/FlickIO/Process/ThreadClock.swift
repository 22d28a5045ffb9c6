import Glibc

/// The processor time of the calling thread: with a wall clock, it tells work from waiting for
/// a core, the disk or a lock.
package enum ThreadClock {
    /// Seconds of processor time the calling thread has used (CLOCK_THREAD_CPUTIME_ID); 0 if
    /// the clock cannot be read.
    package static var processorSeconds: Double {
        var ts = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0 else { return 0 }
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}

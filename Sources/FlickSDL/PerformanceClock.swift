import CSDL2
import Glibc

/// Milliseconds-precise clocks for measuring frames, from SDL's performance counter.
public enum PerformanceClock {
    /// Seconds on a monotonic high-resolution clock (arbitrary origin).
    public static var now: Double {
        Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
    }

    /// Seconds of CPU the calling thread has used (CLOCK_THREAD_CPUTIME_ID): with `now`, tells
    /// work from waiting and from being preempted.
    public static var threadCPU: Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

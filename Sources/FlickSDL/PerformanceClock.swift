import CSDL2
import FlickIO

/// Milliseconds-precise clocks for measuring frames, from SDL's performance counter.
public enum PerformanceClock {
    /// Seconds on a monotonic high-resolution clock (arbitrary origin).
    public static var now: Double {
        Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
    }

    /// Seconds of CPU the calling thread has used (CLOCK_THREAD_CPUTIME_ID): with `now`, tells
    /// work from waiting and from being preempted.
    public static var threadCPU: Double { ThreadClock.processorSeconds }
}

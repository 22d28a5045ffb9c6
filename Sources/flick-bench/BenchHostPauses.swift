import FlickIO
import FlickSDL

/// The machine's own stutter, measured before the stall part: one thread reads the clock in a
/// loop for a few seconds and counts the gaps over a millisecond. On a quiet machine there are
/// none; on this virtual machine there were one or two every 20 to 30 s, 4 to 24 ms long, with
/// the thread's CPU time equal to the wall time (the virtual CPU itself was stopped: the guest
/// ran nothing else and counted no steal). A frame drawn across such a gap is that much
/// longer whatever Flick does; the stall part prints this beside its own figures.
struct HostPauses: Codable {
    var seconds: Double
    /// Gaps over 1 ms between two clock reads.
    var over1ms: Int
    var largestMs: Double
    /// The thread's CPU time over the wall time: 1 when the gaps were charged to the thread
    /// (the CPU was taken from under the system), lower when the system ran something else.
    var cpuOverWall: Double

    static func measure(seconds: Double) -> HostPauses {
        let cpu0 = PerformanceClock.threadCPU
        let start = PerformanceClock.now
        var last = start, count = 0, largest = 0.0
        while last - start < seconds && !Interrupt.isRequested {
            let now = PerformanceClock.now
            let gap = now - last
            if gap > 0.001 {
                count += 1
                largest = max(largest, gap)
            }
            last = now
        }
        let wall = last - start
        return HostPauses(seconds: wall, over1ms: count, largestMs: largest * 1000,
                          cpuOverWall: wall > 0 ? (PerformanceClock.threadCPU - cpu0) / wall : 0)
    }
}

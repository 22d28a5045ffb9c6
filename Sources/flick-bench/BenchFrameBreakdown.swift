import CSDL2
import FlickSDL
import Foundation
import Glibc

/// A `schedstat` file of the kernel, read again and again through one descriptor: a task's
/// time on a core and its time on a run queue, ready to run but without a core (preempted, or
/// woken while both cores were taken).
struct Schedstat {
    let fd: Int32

    /// The calling thread's.
    static func thisThread() -> Schedstat { Schedstat(fd: open("/proc/thread-self/schedstat", O_RDONLY)) }

    /// The X server's behind `window` (the peer of its connection), nil when it is not an X11
    /// window or the process cannot be read.
    static func displayServer(of window: FlickSDL.Window) -> (pid: Int32, schedstat: Schedstat)? {
        let connection = flick_x11_connection_fd(window.pointer)
        guard connection >= 0 else { return nil }
        var cred = (pid: Int32(0), uid: UInt32(0), gid: UInt32(0))   // struct ucred
        var length = socklen_t(MemoryLayout.size(ofValue: cred))
        guard getsockopt(connection, SOL_SOCKET, 17, &cred, &length) == 0, cred.pid > 0 else { return nil }   // SO_PEERCRED
        let file = Schedstat(fd: open("/proc/\(cred.pid)/schedstat", O_RDONLY))
        guard file.fd >= 0 else { return nil }
        return (cred.pid, file)
    }

    /// (seconds on a core, seconds on a run queue); nil when unreadable.
    func read() -> (cpu: Double, runQueue: Double)? {
        guard fd >= 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 96)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 95, 0) }
        guard n > 0 else { return nil }
        // "<ns on a core> <ns on a run queue> <time slices>"
        let fields = String(decoding: buffer[0..<n], as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let cpu = Double(fields[0]), let wait = Double(fields[1]) else { return nil }
        return (cpu / 1e9, wait / 1e9)
    }

    func close() { if fd >= 0 { _ = Glibc.close(fd) } }
}

/// The frame thread's own counters (and the X server's time on a core and on a run queue),
/// read just before a frame's clock starts and just after it stops: CPU time, time waiting for
/// a core, page faults and context switches. Read outside the timed span; a few microseconds.
struct ThreadSample {
    /// Seconds.
    var cpu = 0.0
    /// Seconds on a run queue; nil where the kernel has no schedstat.
    var runQueue: Double?
    var pageFaults = 0
    var involuntarySwitches = 0
    var voluntarySwitches = 0
    /// The X server's (cpu, run queue) seconds, when known.
    var server: (cpu: Double, runQueue: Double)?

    static func now(_ thread: Schedstat, server: Schedstat?) -> ThreadSample {
        var s = ThreadSample()
        s.cpu = PerformanceClock.threadCPU
        var ru = rusage()
        getrusage(__rusage_who_t(1), &ru)   // RUSAGE_THREAD
        s.pageFaults = ru.ru_minflt + ru.ru_majflt
        s.involuntarySwitches = ru.ru_nivcsw
        s.voluntarySwitches = ru.ru_nvcsw
        s.runQueue = thread.read()?.runQueue
        s.server = server?.read()
        return s
    }
}

/// One frame as the stall part times it: the wall time and its phases, and what the frame
/// thread did meanwhile (from two `ThreadSample`s).
struct FrameRecord {
    var ms = 0.0
    var advanceMs = 0.0
    var facesMs = 0.0
    var drawMs = 0.0
    var presentMs = 0.0
    var cpuMs = 0.0
    var runQueueMs: Double?
    var pageFaults = 0
    var involuntarySwitches = 0
    var voluntarySwitches = 0
    var uploads = 0
    var decoderBusy = false
    /// The X server's time on a core and on a run queue during the frame.
    var serverCPUMs: Double?
    var serverRunQueueMs: Double?

    mutating func take(_ a: ThreadSample, _ b: ThreadSample) {
        cpuMs = (b.cpu - a.cpu) * 1000
        if let w0 = a.runQueue, let w1 = b.runQueue { runQueueMs = (w1 - w0) * 1000 }
        if let s0 = a.server, let s1 = b.server {
            serverCPUMs = (s1.cpu - s0.cpu) * 1000
            serverRunQueueMs = (s1.runQueue - s0.runQueue) * 1000
        }
        pageFaults = b.pageFaults - a.pageFaults
        involuntarySwitches = b.involuntarySwitches - a.involuntarySwitches
        voluntarySwitches = b.voluntarySwitches - a.voluntarySwitches
    }
}

/// Where a slow frame's time went, against the median frame of its run: Flick's own work (the
/// frame thread's CPU time over the median frame's), waiting for a core (the frame thread on
/// a run queue: other threads or programs had both cores), or blocked off the core otherwise:
/// in present the frame waits for the X server's copy, so a server that waited for a core
/// itself (its own run-queue time in the frame) is named. The machine stopping the virtual
/// CPU under the system is charged as CPU time by the guest: `HostPauses` and the control show
/// how often that happens.
struct FrameBreakdown: Codable, Equatable {
    /// 0-based frame of the run.
    var frame: Int
    var ms: Double
    var advanceMs: Double
    var facesMs: Double
    var drawMs: Double
    var presentMs: Double
    /// The frame thread's CPU time in the frame.
    var cpuMs: Double
    /// Time on a run queue without a core (nil without schedstat).
    var runQueueMs: Double?
    var pageFaults: Int
    var involuntarySwitches: Int
    var voluntarySwitches: Int
    var uploads: Int
    var decoderBusy: Bool
    /// The X server's time on a core and on a run queue in the frame (nil without one).
    var serverCPUMs: Double?
    var serverRunQueueMs: Double?
    /// The run's median frame and the median frame's CPU time.
    var runMedianMs: Double
    var runMedianCPUMs: Double

    init(frame: Int, record r: FrameRecord, medianMs: Double, medianCPUMs: Double) {
        self.frame = frame
        ms = r.ms
        advanceMs = r.advanceMs
        facesMs = r.facesMs
        drawMs = r.drawMs
        presentMs = r.presentMs
        cpuMs = r.cpuMs
        runQueueMs = r.runQueueMs
        pageFaults = r.pageFaults
        involuntarySwitches = r.involuntarySwitches
        voluntarySwitches = r.voluntarySwitches
        uploads = r.uploads
        decoderBusy = r.decoderBusy
        serverCPUMs = r.serverCPUMs
        serverRunQueueMs = r.serverRunQueueMs
        runMedianMs = medianMs
        runMedianCPUMs = medianCPUMs
    }

    /// The frame's time over the median frame's, split three ways (ms): own work (CPU over
    /// the median's CPU), waiting for a core, and the rest off the core (blocked).
    var excess: (own: Double, waiting: Double, blocked: Double) {
        let own = max(0, cpuMs - runMedianCPUMs)
        let offCore = max(0, (ms - cpuMs) - (runMedianMs - runMedianCPUMs))
        let waiting = min(offCore, max(0, runQueueMs ?? 0))
        return (own, waiting, offCore - waiting)
    }

    /// The largest share of the excess: "Flick's own work", "preempted", "X server waited for
    /// a core" (blocked in present while the server sat on a run queue) or "blocked".
    var cause: String {
        let e = excess
        if e.own >= e.waiting && e.own >= e.blocked { return "Flick's own work" }
        if e.waiting >= e.blocked { return "preempted" }
        if let server = serverRunQueueMs, server >= 0.5 * e.blocked { return "X server waited for a core" }
        return "blocked"
    }

    /// "frame 412: 18.3 ms (median 1.00) = CPU 1.20 (median's 0.80) + waiting for a core 0.10 +
    /// blocked 16.9 (X server: CPU 0.9, waiting for a core 15.8); advance 0.03, faces 0.02,
    /// draw 0.60, present 17.6; 0 involuntary switches, 0 page faults, decoder busy: X server
    /// waited for a core".
    var summary: String {
        let e = excess
        let server = serverCPUMs.map { cpu in
            String(format: " (X server: CPU %.2f, waiting for a core %.2f)", cpu, serverRunQueueMs ?? 0)
        } ?? ""
        return String(format: "frame %d: %.1f ms (median %.2f) = CPU %.2f (median's %.2f) + waiting for a core %@ + blocked %.2f%@; advance %.2f, faces %.2f, draw %.2f, present %.2f; %d involuntary switches, %d page faults%@: %@",
                      frame, ms, runMedianMs, cpuMs, runMedianCPUMs, runQueueMs.map { String(format: "%.2f", $0) } ?? "?",
                      e.blocked, server, advanceMs, facesMs, drawMs, presentMs, involuntarySwitches, pageFaults,
                      decoderBusy ? ", decoder busy" : "", cause)
    }
}

/// Per-run figures of a series of frames: all but the first frame (start-up) go into the worst
/// and the ratio; every frame counts toward the frames over one interval.
struct RunFrames {
    var records: [FrameRecord]

    var medianMs: Double { FrameTimeMs(seconds: records.map { $0.ms / 1000 }).medianMs }
    var medianCPUMs: Double { Percentiles(records.map(\.cpuMs)).median }
    /// The worst frame after the first.
    var worstIndex: Int? { records.indices.dropFirst().max { records[$0].ms < records[$1].ms } }
    var worstMs: Double { worstIndex.map { records[$0].ms } ?? 0 }

    func breakdown(_ i: Int) -> FrameBreakdown {
        FrameBreakdown(frame: i, record: records[i], medianMs: medianMs, medianCPUMs: medianCPUMs)
    }

    /// Every frame (the first included) over `ms`.
    func over(_ ms: Double) -> [FrameBreakdown] {
        let median = medianMs, cpu = medianCPUMs
        return records.indices.filter { records[$0].ms > ms }
            .map { FrameBreakdown(frame: $0, record: records[$0], medianMs: median, medianCPUMs: cpu) }
    }
}

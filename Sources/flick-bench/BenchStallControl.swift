import FlickIO
import FlickEngine
import FlickSDL
import Foundation

/// The stall part's control: the same window, renderer, raised frame thread and 60 Hz pacing
/// (`FramePacing`, as the window's),
/// with a frame whose work never changes (clear, the stage's background, present: what every
/// stall frame does besides its cards) and no decoder, no scene, no cards. Whatever moves its
/// worst frame away from its median is the machine's (the X server, other tasks, the virtual
/// CPU stopped under the system), not Flick's. Run once before each round of the interactions,
/// so it samples the same stretch of the machine's life: each interaction's run k is held to
/// the control's run k.
struct StallControl: Codable {
    var runs: [StallRun] = []

    /// The control's run of round `k` (0-based), if it ran.
    func run(_ k: Int) -> StallRun? { runs.indices.contains(k) ? runs[k] : nil }

    /// One run, and the process id of the X server the frames went to (nil without one).
    @MainActor
    /// `FLICK_STALL_DUMP=PREFIX` writes PREFIX-control-<round>.csv, a line per frame.
    static func runOnce(seconds: Double, size: Size, round: Int) throws -> (StallRun, serverPID: Int32?) {
        let window = try Window(title: "flick-bench stall control", size: size,
                                options: Window.Options(resizable: false, hidden: !BenchRunner.hasDisplay))
        let renderer = try Renderer(window: window, options: Renderer.Options(forceSoftware: true, vsync: false,
                                                                              raisesFrameThread: true))
        let stage = StallBench.stageRect(size: size, pixelScale: renderer.pixelScale)
        let thread = Schedstat.thisThread()
        let server = Schedstat.displayServer(of: window)
        defer { thread.close(); server?.schedstat.close() }
        var records: [FrameRecord] = []
        records.reserveCapacity(Int(seconds * 60))
        var pacer = FramePacing.stall()
        defer { pacer.end() }
        let start = PerformanceClock.now
        while PerformanceClock.now - start < seconds {
            try stopPoint()
            let planned = pacer.waitForLatch(comingSoon: {})!
            let s0 = ThreadSample.now(thread, server: server?.schedstat)
            let t0 = PerformanceClock.now
            try renderer.resetViewport()
            try renderer.clear(StallBench.windowColor)
            try renderer.fill(x: Double(stage.x), y: Double(stage.y), width: Double(stage.width), height: Double(stage.height),
                              color: StallBench.stageColor)
            let t1 = PerformanceClock.now
            renderer.present()
            let t2 = PerformanceClock.now
            let s1 = ThreadSample.now(thread, server: server?.schedstat)
            pacer.record(planned, latched: t0, workDone: t2, presented: t2, displayWaits: false)
            var r = FrameRecord(ms: (t2 - t0) * 1000, drawMs: (t1 - t0) * 1000, presentMs: (t2 - t1) * 1000)
            r.take(s0, s1)
            records.append(r)
        }
        if let prefix = ProcessInfo.processInfo.environment["FLICK_STALL_DUMP"] {
            var dump = "frame,ms,draw,present,cpu,minflt,nivcsw,nvcsw,runqueue,xcpu,xrunqueue\n"
            func opt(_ v: Double?) -> String { v.map { String(format: "%.3f", $0) } ?? "" }
            for (i, r) in records.enumerated() {
                dump += String(format: "%d,%.3f,%.3f,%.3f,%.3f,%d,%d,%d,%@,%@,%@\n", i, r.ms, r.drawMs, r.presentMs, r.cpuMs,
                               r.pageFaults, r.involuntarySwitches, r.voluntarySwitches,
                               opt(r.runQueueMs), opt(r.serverCPUMs), opt(r.serverRunQueueMs))
            }
            StallBench.saveDump(dump, to: prefix + "-control-\(round).csv")
        }
        var run = StallRun(RunFrames(records: records), intervalMs: StallBench.intervalMs)
        pacer.describe(&run)
        return (run, server?.pid)
    }
}

/// The stall part's frames, Flick's and the control's alike, are paced by the window's own
/// pacing (`FramePacing`: input latched late before each 60 Hz refresh, the frame thread
/// real-time while its frames leave the core mostly idle), so the part measures the window's own
/// scheduling. The refreshes are a grid kept by the latch (the software renderer does not wait
/// for the display).
extension FramePacing {
    /// Pacing at the stall part's 60 Hz.
    static func stall() -> FramePacing { FramePacing(interval: StallBench.refreshInterval) }

    /// The run's scheduling and missed refreshes, into its figures.
    func describe(_ run: inout StallRun) {
        run.scheduling = realtimeFrames > 0
            ? "SCHED_FIFO 1 in \(100 * realtimeFrames / max(1, latch?.frames ?? 0)) % of frames"
            : FramePriority.realtimeDescription
        run.missedRefreshes = latch?.missed ?? 0
    }
}

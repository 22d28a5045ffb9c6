import FlickIO
import FlickEngine
import FlickSDL
import Foundation

/// The stall part's control: the same window, renderer, raised frame thread and 60 Hz pacing,
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
    static func runOnce(seconds: Double, size: Size) throws -> (StallRun, serverPID: Int32?) {
        let window = try Window(title: "flick-bench stall control", size: size,
                                options: Window.Options(resizable: false, hidden: !BenchRunner.hasDisplay))
        let renderer = try Renderer(window: window, options: Renderer.Options(forceSoftware: true, vsync: false,
                                                                              raisesFrameThread: true))
        let stage = StallBench.stageRect(size: size, pixelScale: renderer.pixelScale)
        let thread = Schedstat.thisThread()
        let server = Schedstat.displayServer(of: window)
        defer { thread.close(); server?.schedstat.close() }
        let frames = Int(seconds * 60)
        var records: [FrameRecord] = []
        records.reserveCapacity(frames)
        let start = PerformanceClock.now
        for frame in 0..<frames {
            try stopPoint()
            StallBench.pace(frame: frame, from: start)
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
            var r = FrameRecord(ms: (t2 - t0) * 1000, drawMs: (t1 - t0) * 1000, presentMs: (t2 - t1) * 1000)
            r.take(s0, s1)
            records.append(r)
        }
        return (StallRun(RunFrames(records: records), intervalMs: StallBench.intervalMs), server?.pid)
    }
}

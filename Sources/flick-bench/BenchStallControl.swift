import FlickIO
import FlickEngine
import FlickSDL
import Foundation

/// The stall part's control: the same window, renderer, raised frame thread and 60 Hz pacing,
/// with a frame whose work never changes (clear, the stage's background, present: what every
/// stall frame does besides its cards) and no decoder, no scene, no cards. Whatever moves its
/// worst frame away from its median is the machine's (the X server, other tasks, the virtual
/// CPU stopped under the system), not Flick's: its runs say how often a budget of "worst <= 2x
/// median" can hold at all here. Run once before each round of the interactions, so it samples
/// the same stretch of the machine's life.
struct StallControl: Codable {
    /// Every run's median frame, worst frame after the first (ms) and worst over median.
    var runMedianMs: [Double] = []
    var runWorstMs: [Double] = []
    var runWorstOverMedian: [Double] = []

    /// Runs whose worst frame was within `ratio` times their median.
    func runsWithin(_ ratio: Double) -> Int { runWorstOverMedian.filter { $0 <= ratio }.count }

    @MainActor
    static func runOnce(seconds: Double, size: Size) throws -> (medianMs: Double, worstMs: Double) {
        let window = try Window(title: "flick-bench stall control", size: size,
                                options: Window.Options(resizable: false, hidden: !BenchRunner.hasDisplay))
        let renderer = try Renderer(window: window, options: Renderer.Options(forceSoftware: true, vsync: false,
                                                                              raisesFrameThread: true))
        let stage = StallBench.stageRect(size: size, pixelScale: renderer.pixelScale)
        var times: [Double] = []
        let frames = Int(seconds * 60)
        times.reserveCapacity(frames)
        let start = PerformanceClock.now
        for frame in 0..<frames {
            try stopPoint()
            StallBench.pace(frame: frame, from: start)
            let t0 = PerformanceClock.now
            try renderer.resetViewport()
            try renderer.clear(StallBench.windowColor)
            try renderer.fill(x: Double(stage.x), y: Double(stage.y), width: Double(stage.width), height: Double(stage.height),
                              color: StallBench.stageColor)
            renderer.present()
            times.append(PerformanceClock.now - t0)
        }
        // As the interactions' runs: the median of every frame, the worst after the first.
        return (FrameTimeMs(seconds: times).medianMs, (times.dropFirst().max() ?? 0) * 1000)
    }
}

import FlickSessionTesting
import FlickSession
import FlickIO
import FlickEngine
import FlickSDL
import Foundation

/// Pointer to photon of one interaction on one renderer.
struct LatencyResult: Codable {
    var interaction: String
    var renderer: String
    var inputs: Int
    var medianMs: Double
    var p90Ms: Double
    var p99Ms: Double
    var maxMs: Double
    /// p99 of (latency − (frame interval + that frame's render time)): ≤ 0 meets the budget.
    var p99OverBudgetMs: Double
    /// The frame's own time (input applied → present returned), median and worst, ms.
    var frameMedianMs: Double
    var frameWorstMs: Double
}

/// Plays a scripted session in real time: each input "arrives" at its scripted time on the wall
/// clock, frames start on a 60 Hz grid (vsync off, so the pacing is ours), a frame applies the
/// inputs that arrived before it starts, draws as the app does and presents; an input's
/// latency is its arrival to that present's return (what `flick`'s HUD shows per input).
@MainActor
enum LatencyBench {
    static let interval = 1.0 / 60

    static func run(_ session: BenchSession, kind: FrameBench.Kind, images: [CardImage], hidden: Bool) throws -> LatencyResult? {
        guard let (window, renderer) = try FrameBench.open(kind: kind, size: session.viewport, hidden: hidden) else { return nil }
        defer { withExtendedLifetime(window) {} }
        let scale = renderer.pixelScale
        let faces = CardFaces(images: images, renderer: renderer, fontPath: BenchCards.fontPath())
        let cards = try CardRenderer(renderer: renderer, cornerRadius: CardFaces.cornerRadiusPoints)
        let run = session.makeSession()
        let scene = run.scene
        // Every face made before the clock starts (latency, not decoding, is measured here).
        faces.prepare(scene.renderList, time: 0, cardSize: scene.cardSize, scale: scale, stage: session.viewport,
                      viewBound: scene.viewBound)
        faces.settle()
        var latencies: [Double] = [], over: [Double] = [], frameTimes: [Double] = []
        var cursor = 0
        let start = PerformanceClock.now
        for i in 0..<session.frames {
            try stopPoint()
            let due = start + Double(i) * interval
            let wait = due - PerformanceClock.now
            if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
            let t0 = PerformanceClock.now
            let now = t0 - start
            var arrived: [Double] = []
            while cursor < session.inputs.count && session.inputs[cursor].time <= now {
                arrived.append(session.inputs[cursor].time)
                run.submit(RecordedInput(session.inputs[cursor]), now: now)
                cursor += 1
            }
            run.advance(to: now)
            _ = run.takeOutputs()
            try renderer.clear(RGBA(44, 50, 66))
            faces.prepare(scene.renderList, time: now, cardSize: scene.cardSize, scale: scale, stage: session.viewport,
                          viewBound: scene.viewBound)
            try cards.draw(scene.renderList, scale: scale, background: RGBA(44, 50, 66)) { faces.face(for: $0) }
            renderer.present()
            renderer.finish()
            let shown = PerformanceClock.now
            faces.presented()
            frameTimes.append(shown - t0)
            for a in arrived {
                let latency = shown - (start + a)
                latencies.append(latency)
                over.append(latency - (interval + (shown - t0)))
            }
        }
        let p = Percentiles(latencies)
        let sorted = latencies.sorted()
        let p90 = sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int((0.9 * Double(sorted.count)).rounded(.up)) - 1)]
        return LatencyResult(interaction: session.interaction.rawValue, renderer: renderer.name, inputs: latencies.count,
                             medianMs: p.median * 1000, p90Ms: p90 * 1000, p99Ms: p.p99 * 1000,
                             maxMs: (sorted.last ?? .nan) * 1000, p99OverBudgetMs: Percentiles(over).p99 * 1000,
                             frameMedianMs: Percentiles(frameTimes).median * 1000,
                             frameWorstMs: (frameTimes.max() ?? .nan) * 1000)
    }
}

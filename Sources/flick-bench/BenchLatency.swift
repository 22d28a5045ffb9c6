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
    /// The display's refresh rate the frames are paced to, Hz (nil in reports from before: 60).
    var hz: Double?
    /// "late": input latched as late before each refresh as the render time allows (`FrameLatch`,
    /// the window's loop); "frame start": sampled when the frame starts on the refresh grid (the
    /// window before the latch). Nil in reports from before (frame start, photon at the present).
    var latch: String?
    var inputs: Int
    var medianMs: Double
    var p90Ms: Double
    var p99Ms: Double
    var maxMs: Double
    /// Median of (latency − (the input's wait for the latch + the render time its frame was
    /// allowed)): ≤ 0 meets the budget. The budget's half interval is the mean wait of an input
    /// that comes at any time; the scripted inputs come on a grid, so their own waits are used.
    var medianOverBudgetMs: Double?
    /// p99 of (latency − (frame interval + the render time its frame was allowed)): ≤ 0 meets the budget.
    var p99OverBudgetMs: Double
    /// The inputs' wait for the latch that took them, median ms (half an interval for inputs at
    /// any time).
    var waitMedianMs: Double?
    /// The render time allowed over the frame's own work, for frames that applied input: median
    /// and p99 ms (the margin the latch kept).
    var slackMedianMs: Double?
    var slackP99Ms: Double?
    /// The same budgets against the frame's own work instead of the time it was allowed (no
    /// margin): median of (latency − (half an interval + own work)), p99 of (latency − (interval
    /// + own work)). A latch with any margin is over these by about its margin.
    var medianOverWorkMs: Double?
    var p99OverWorkMs: Double?
    /// The frame's own time (input applied → its work done), median and worst, ms.
    var frameMedianMs: Double
    var frameWorstMs: Double
    /// The render time the latch allowed (its lead), median ms; frames that missed their refresh.
    var leadMedianMs: Double?
    var missedFrames: Int?
    /// Late latch: the frame thread's scheduling ("SCHED_FIFO 1", or why not real-time), how
    /// late frames latched past their planned latch (median / p99 ms), the clock polled before
    /// it (median ms a frame) and the thread's CPU over the run's wall time (%).
    var scheduling: String?
    var latchLateMedianMs: Double?
    var latchLateP99Ms: Double?
    var pollMedianMs: Double?
    var cpuPercent: Double?
}

/// Plays a scripted session in real time: each input "arrives" at its scripted time on the wall
/// clock; frames are paced to a display refreshing at `hz` (vsync off on the software renderer,
/// so the refreshes are a grid kept here, as the window's pacer does; the accelerated renderer
/// waits for its own). A frame applies the inputs that arrived before it latches, draws as the
/// app does and presents; an input's photon is the refresh that shows that frame: the present's
/// return where the present waits for it, else the first refresh of the grid at or after the
/// frame's work is done. `late`: the frame latches by the window's own pacing (`FramePacing`); otherwise
/// it latches at a refresh and is shown at the next.
@MainActor
enum LatencyBench {
    static func run(_ session: BenchSession, kind: FrameBench.Kind, images: [CardImage], hidden: Bool, hz: Double,
                    late: Bool, vsync: Bool = false, trace: String? = nil) throws -> LatencyResult? {
        let interval = 1 / hz
        let window = try Window(title: "flick bench latency", size: session.viewport,
                                options: Window.Options(resizable: false, allowHighDPI: true, hidden: hidden))
        let renderer = try Renderer(window: window, options: Renderer.Options(forceSoftware: kind == .software,
                                                                              vsync: vsync, raisesFrameThread: true,
                                                                              keepsSoftwareGL: kind == .accelerated))
        if kind == .accelerated && renderer.isSoftware { return nil }
        let waits = vsync && renderer.hasVsync
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
        var latencies: [Double] = [], overMedian: [Double] = [], over: [Double] = [], frameTimes: [Double] = []
        var leads: [Double] = [], latchLate: [Double] = [], polls: [Double] = []
        var waitsForLatch: [Double] = [], overWorkMedian: [Double] = [], overWork: [Double] = [], slacks: [Double] = []
        var pacing = FramePacing(interval: interval)
        defer { pacing.end() }
        let cpuStart = PerformanceClock.threadCPU
        var cursor = 0
        let start = PerformanceClock.now
        var gridStart = start
        let end = session.inputs.last.map { $0.time + 1 } ?? 10
        var i = 0
        // One row a frame, times in ms from the start: what `--latency-trace` writes.
        var rows = trace == nil ? [] : ["planned_latch_ms,latched_ms,refresh_ms,lead_ms,work_ms,inputs,late,shown_ms"]
        while PerformanceClock.now - start < end {
            try stopPoint()
            var deadline: Double
            var planned: FramePacing.Target = (0, 0)
            var allowed = 0.0   // the render time the frame is allowed: latch (planned) to refresh
            if late {
                // The window's own pacing: real-time while the frames leave the core mostly idle,
                // an early wake-up learned from recent ones, the clock polled up to the latch.
                planned = pacing.waitForLatch()!
                if let woke = pacing.lastWake { polls.append(max(0, PerformanceClock.now - woke)) }
                deadline = planned.deadline
                allowed = planned.deadline - planned.latch
                leads.append(allowed)
            } else {
                // The grid of refreshes: the next one after the last frame's start.
                let due = gridStart + Double(i) * interval
                let wait = due - PerformanceClock.now
                if wait > 0 { usleep(UInt32(wait * 1_000_000)) } else if wait < -interval {
                    i += Int((-wait / interval).rounded(.down))
                }
                deadline = gridStart + Double(i + 1) * interval
            }
            i += 1
            let t0 = PerformanceClock.now
            if late { latchLate.append(max(0, t0 - planned.latch)) } else { allowed = deadline - t0 }
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
            renderer.finish()
            let drawn = PerformanceClock.now
            renderer.present()
            let presented = PerformanceClock.now
            faces.presented()
            let work = (waits ? drawn : presented) - t0
            frameTimes.append(work)
            if late {
                pacing.record((planned.latch, deadline), latched: t0, workDone: t0 + work, presented: presented, displayWaits: waits,
                              appliedInput: !arrived.isEmpty)
                if !waits && presented > deadline {   // shown at the first refresh after it
                    deadline += ((presented - deadline) / interval).rounded(.up) * interval
                }
            } else if !waits {
                if presented > deadline { deadline += ((presented - deadline) / interval).rounded(.up) * interval }
            } else {
                gridStart = presented - Double(i) * interval
            }
            let shown = waits ? presented : deadline
            if !arrived.isEmpty { slacks.append(allowed - work) }
            if trace != nil {
                let latched = late ? planned.latch : t0
                rows.append(String(format: "%.3f,%.3f,%.3f,%.3f,%.3f,%d,%d,%.3f", (latched - start) * 1000, (t0 - start) * 1000,
                                   (latched + allowed - start) * 1000, allowed * 1000, work * 1000, arrived.count,
                                   shown > latched + allowed + interval / 2 ? 1 : 0, (shown - start) * 1000))
            }
            for a in arrived {
                let latency = shown - (start + a)
                latencies.append(latency)
                let wait = t0 - (start + a)
                waitsForLatch.append(wait)
                overMedian.append(latency - (wait + allowed))
                over.append(latency - (interval + allowed))
                overWorkMedian.append(latency - (interval / 2 + work))
                overWork.append(latency - (interval + work))
            }
        }
        if let trace {
            try AtomicFile.save(Data((rows.joined(separator: "\n") + "\n").utf8), to: trace, what: "latency trace")
        }
        let wall = PerformanceClock.now - start
        let cpu = PerformanceClock.threadCPU - cpuStart
        let p = Percentiles(latencies)
        let sorted = latencies.sorted()
        let p90 = sorted.isEmpty ? .nan : nearestRank(sorted, 0.9)
        return LatencyResult(interaction: session.interaction.rawValue, renderer: renderer.name, hz: hz,
                             latch: late ? "late" : "frame start", inputs: latencies.count,
                             medianMs: p.median * 1000, p90Ms: p90 * 1000, p99Ms: p.p99 * 1000,
                             maxMs: (sorted.last ?? .nan) * 1000, medianOverBudgetMs: Percentiles(overMedian).median * 1000,
                             p99OverBudgetMs: Percentiles(over).p99 * 1000,
                             waitMedianMs: Percentiles(waitsForLatch).median * 1000,
                             slackMedianMs: Percentiles(slacks).median * 1000, slackP99Ms: Percentiles(slacks).p99 * 1000,
                             medianOverWorkMs: Percentiles(overWorkMedian).median * 1000,
                             p99OverWorkMs: Percentiles(overWork).p99 * 1000,
                             frameMedianMs: Percentiles(frameTimes).median * 1000,
                             frameWorstMs: (frameTimes.max() ?? .nan) * 1000,
                             leadMedianMs: late ? Percentiles(leads).median * 1000 : nil,
                             missedFrames: late ? pacing.latch?.missed : nil,
                             scheduling: late ? (pacing.realtimeFrames > 0
                                                  ? "SCHED_FIFO 1 in \(100 * pacing.realtimeFrames / max(1, pacing.latch?.frames ?? 0)) % of frames"
                                                  : FramePriority.realtimeDescription) : nil,
                             latchLateMedianMs: late ? Percentiles(latchLate).median * 1000 : nil,
                             latchLateP99Ms: late ? Percentiles(latchLate).p99 * 1000 : nil,
                             pollMedianMs: late && !polls.isEmpty ? Percentiles(polls).median * 1000 : nil,
                             cpuPercent: wall > 0 ? 100 * cpu / wall : nil)
    }
}

import FlickEngine
@testable import FlickApp
import FlickSession
import Foundation
import Testing

/// Runs inputs through the session core (`SessionRunner`, as the window and every replay do),
/// frame by frame, keeping what the scene got and saw.
@MainActor
final class TimelineRun {
    let runner: SessionRunner
    var scene: CardScene { runner.scene }
    var timeline: SceneTimeline { runner.timeline }
    var clock = 0.0
    /// Pointer events as the scene got them.
    var delivered: [PointerEvent] = []
    /// Every scene event with the frame-clock time of the frame that saw it.
    var seen: [(event: SceneEvent, clock: Double)] = []

    init(interaction: Interaction) {
        runner = SessionRunner(scene: CardScene(interaction: interaction, count: 10, viewport: Size(width: 390, height: 844),
                                                config: SceneConfig(), time: 0),
                               tasks: nil, cardNames: [], lateInputWindow: App.lateInputWindow)
    }

    func apply(_ input: RecordedInput) {
        runner.submit(input, now: clock)
        collect()
    }

    func collect() {
        for output in runner.takeOutputs() {
            switch output {
            case .applied(.pointer(let p), _): delivered.append(p)
            case .scene(let e): seen.append((e.event, clock))
            default: break
            }
        }
    }

    /// Moves the frame clock to `time` and draws a frame there.
    func frame(at time: Double) {
        clock = time
        runner.advance(to: clock)
        collect()
    }

    /// Frames every 1/60 s (or `jitter`ed) until `end`, applying `inputs` as their times pass.
    func run(_ inputs: [RecordedInput], until end: Double, step: (Int) -> Double = { _ in 1.0 / 60 }) {
        var pending = inputs[...]
        var n = 0
        while clock < end {
            let next = clock + step(n)
            n += 1
            while let i = pending.first, i.t <= next {
                clock = max(clock, i.t)
                apply(i)
                pending.removeFirst()
            }
            frame(at: next)
        }
    }
}

/// A now-card throw to the right at 1500 pt/s, as frame-clock inputs from `t0`.
func throwInputs(at t0: Double) -> [RecordedInput] {
    var out = [RecordedInput(t: t0, .pointer(PointerEvent(phase: .down, position: Point(x: 150, y: 420), time: t0)))]
    var x = 150.0, t = t0
    for _ in 0..<12 {
        t += 0.008
        x += 1500 * 0.008
        out.append(RecordedInput(t: t, .pointer(PointerEvent(phase: .move, position: Point(x: x, y: 420), time: t))))
    }
    out.append(RecordedInput(t: t, .pointer(PointerEvent(phase: .up, position: Point(x: x, y: 420), time: t))))
    return out
}

@MainActor
@Suite struct SlowMotionTests {
    /// In slow motion a throw takes ten times as long on the clock, the same in scene time,
    /// and the scene sees the same pointer path (positions and spacing).
    @Test func throwTakesTenTimesAsLongInWallTime() throws {
        func session(slow: Bool) -> (run: TimelineRun, release: Double, releaseScene: Double) {
            let run = TimelineRun(interaction: .now)
            var inputs = throwInputs(at: 0.5)
            if slow { inputs.insert(RecordedInput(t: 0.2, .time(.slow)), at: 0) }
            run.run(inputs, until: 12)
            let release = inputs.last!.t
            return (run, release, run.delivered.last!.time)
        }
        let normal = session(slow: false), slowed = session(slow: true)

        // Pointer path: the same positions with the same spacing in time.
        #expect(normal.run.delivered.count == 14 && slowed.run.delivered.count == 14)
        for (a, b) in zip(normal.run.delivered, slowed.run.delivered) {
            #expect(a.position == b.position && a.phase == b.phase)
            #expect(abs((a.time - normal.run.delivered[0].time) - (b.time - slowed.run.delivered[0].time)) < 1e-9)
        }
        func deletion(_ r: TimelineRun) -> (scene: Double, clock: Double)? {
            for (e, c) in r.seen { if case .deleted(let t, _, _) = e { return (t, c) } }
            return nil
        }
        let dn = try #require(deletion(normal.run)), ds = try #require(deletion(slowed.run))
        #expect(cardOutcome(normal.run.seen.map(\.event)) == .thrown)
        #expect(cardOutcome(slowed.run.seen.map(\.event)) == .thrown)
        // Scene time from release to deletion: equal.
        let sceneNormal = dn.scene - normal.releaseScene, sceneSlow = ds.scene - slowed.releaseScene
        #expect(abs(sceneNormal - sceneSlow) < 1e-9, "scene time \(sceneNormal) vs \(sceneSlow)")
        #expect(sceneNormal > 0.3)
        // Wall time: ten times as long, to within the frame that notices the deletion. The
        // deletion is logged once no late input can come before it: the late-input window
        // (0.1 s of wall time at either speed) after it happened.
        let wallNormal = dn.clock - normal.release, wallSlow = ds.clock - slowed.release
        let late = App.lateInputWindow
        #expect(abs(wallNormal - sceneNormal - late) <= 1.0 / 60 + 1e-9)
        #expect(abs(wallSlow - 10 * sceneNormal - late) <= 1.0 / 60 + 1e-9, "wall \(wallSlow) s vs 10 × \(sceneNormal) s + \(late) s")
    }

    /// Paused, the scene stands still whatever the frames; a step moves it exactly one frame;
    /// input made while paused waits and then plays with its own spacing.
    @Test func pauseHoldsAndStepAdvancesOneFrame() throws {
        let run = TimelineRun(interaction: .switcher)
        // A fling to the left so something is moving.
        var inputs: [RecordedInput] = []
        var x = 300.0, t = 0.2
        inputs.append(RecordedInput(t: t, .pointer(PointerEvent(phase: .down, position: Point(x: x, y: 400), time: t))))
        for _ in 0..<10 { t += 0.008; x -= 12; inputs.append(RecordedInput(t: t, .pointer(PointerEvent(phase: .move, position: Point(x: x, y: 400), time: t)))) }
        inputs.append(RecordedInput(t: t, .pointer(PointerEvent(phase: .up, position: Point(x: x, y: 400), time: t))))
        inputs.append(RecordedInput(t: 0.4, .time(.pause)))
        run.run(inputs, until: 0.45)
        #expect(!run.scene.isAtRest, "nothing in flight to hold")
        let held = run.scene.time
        run.run([], until: 1.5)
        #expect(run.scene.time == held, "the scene moved while paused")

        // Input while paused is queued, not lost.
        run.apply(RecordedInput(t: 1.5, .pointer(PointerEvent(phase: .down, position: Point(x: 100, y: 400), time: 1.5))))
        let before = run.delivered.count
        run.frame(at: 1.52)
        #expect(run.delivered.count == before)

        run.apply(RecordedInput(t: 1.6, .time(.step)))
        run.frame(at: 1.6)
        #expect(abs(run.scene.time - (held + 1.0 / 60)) < 1e-12, "a step moved \(run.scene.time - held) s")
        // The queued press was made at the start of the pause's input: the step reaches it.
        #expect(run.delivered.count == before + 1)
        run.frame(at: 2)
        #expect(abs(run.scene.time - (held + 1.0 / 60)) < 1e-12)

        run.apply(RecordedInput(t: 2, .time(.resume)))
        run.frame(at: 2.5)
        #expect(abs(run.scene.time - (held + 1.0 / 60 + 0.5)) < 1e-9)
    }

    /// Each control that takes effect is told once (for the log's `time_control`), at the scene
    /// time it acted and with the scale after it; one that changes nothing (a second pause, a
    /// step while running) is not told.
    @Test func theTimelineTellsEachControlThatTookEffect() throws {
        var tl = SceneTimeline(start: 0)
        tl.submit(RecordedInput(t: 1, .time(.slow)))
        tl.submit(RecordedInput(t: 2, .time(.step)))      // not paused: nothing
        tl.submit(RecordedInput(t: 3, .time(.pause)))     // 1 s + 2 s at 0.1
        tl.submit(RecordedInput(t: 3.5, .time(.pause)))   // already paused: nothing
        tl.submit(RecordedInput(t: 4, .time(.step)))      // from 1.2, one frame at 0.1
        tl.submit(RecordedInput(t: 9, .time(.resume)))
        tl.submit(RecordedInput(t: 10, .time(.normal)))   // 1.2 + 1/600 + 1 s at 0.1
        let acted = tl.takeActed()
        #expect(acted.map(\.control) == [.slow, .pause, .step, .resume, .normal])
        #expect(acted.map(\.scale) == [0.1, 0, 0, 0.1, 1])
        let want = [1, 1.2, 1.2, 1.2 + 1.0 / 600, 1.3 + 1.0 / 600]
        #expect(zip(acted.map(\.sceneTime), want).allSatisfy { abs($0 - $1) < 1e-12 }, "\(acted.map(\.sceneTime))")
        #expect(tl.takeActed().isEmpty, "told once")
    }

    /// The session ends paused with the button down: the moves made behind the pause and the
    /// cancel of the quit are all delivered, in order, at the pause's instant (`drain`), so the
    /// gesture is closed in the log; with `due` alone they would wait for a resume that never
    /// comes. Two runs at different frame rates end with the same events at the same times.
    @Test func endingPausedPlaysWhatWaitsBehindThePauseAtItsInstant() throws {
        func session(frame: Double) -> (events: [SceneEvent], paused: Double) {
            let run = TimelineRun(interaction: .carousel)
            var inputs: [RecordedInput] = []
            var x = 300.0, t = 0.2
            inputs.append(RecordedInput(t: t, .pointer(PointerEvent(phase: .down, position: Point(x: x, y: 400), time: t))))
            for _ in 0..<5 { t += 0.02; x -= 10; inputs.append(RecordedInput(t: t, .pointer(PointerEvent(phase: .move, position: Point(x: x, y: 400), time: t)))) }
            inputs.append(RecordedInput(t: 0.35, .time(.pause)))
            for _ in 0..<10 { t += 0.05; x -= 20; inputs.append(RecordedInput(t: t + 0.2, .pointer(PointerEvent(phase: .move, position: Point(x: x, y: 400), time: t + 0.2)))) }
            inputs.append(RecordedInput(t: 1.2, .pointer(PointerEvent(phase: .cancel, position: Point(x: x, y: 400), time: 1.2))))
            run.run(inputs, until: 1.25, step: { _ in frame })
            let paused = run.scene.time
            #expect(run.timeline.hasQueuedInput, "the moves and the cancel wait behind the pause")
            #expect(!run.seen.contains { if case .gestureEnded = $0.event { true } else { false } })
            let before = run.delivered.count
            run.clock = 1.3
            run.runner.finish(at: 1.3)
            run.collect()
            #expect(!run.timeline.hasQueuedInput)
            #expect(run.delivered.count == before + 11)
            #expect(run.delivered.dropFirst(before).allSatisfy { $0.time == paused }, "played at the pause's instant")
            #expect(run.delivered.last?.phase == .cancel)
            run.frame(at: 1.3)
            #expect(run.scene.time == paused, "the scene stays where the pause held it")
            return (run.seen.map(\.event), paused)
        }
        let a = session(frame: 1.0 / 60), b = session(frame: 1.0 / 144)
        let ended = a.events.compactMap { e -> Double? in if case .gestureEnded(let time, _, _, _, _, _) = e { time } else { nil } }
        #expect(ended == [a.paused])
        #expect(a.events == b.events)
    }

    /// The same recorded inputs, time controls included, give the same scene events at any
    /// frame rate: a replay reproduces a slow-motion session.
    @Test func slowMotionSessionReplaysExactly() throws {
        var inputs = [RecordedInput(t: 0.1, .time(.slow))]
        inputs += throwInputs(at: 0.3)
        inputs.append(RecordedInput(t: 1.0, .time(.pause)))
        // A scroll made while paused: queued, then played after a step and the resume.
        var y = 600.0
        inputs.append(RecordedInput(t: 1.5, .pointer(PointerEvent(phase: .down, position: Point(x: 200, y: y), time: 1.5))))
        for k in 1...10 {
            y -= 15
            inputs.append(RecordedInput(t: 1.5 + 0.01 * Double(k), .pointer(PointerEvent(phase: .move, position: Point(x: 200, y: y), time: 0))))
        }
        inputs.append(RecordedInput(t: 1.6, .pointer(PointerEvent(phase: .up, position: Point(x: 200, y: y), time: 0))))
        inputs.append(RecordedInput(t: 1.8, .time(.step)))
        inputs.append(RecordedInput(t: 2.0, .time(.resume)))
        inputs.append(RecordedInput(t: 2.5, .time(.normal)))
        inputs += throwInputs(at: 9)
        // Through JSON, as a recording file holds them.
        let lines = try inputs.map { try JSONEncoder().encode($0) }
        let decoded = try lines.map { try JSONDecoder().decode(RecordedInput.self, from: $0) }
        #expect(decoded == inputs)

        let a = TimelineRun(interaction: .now), b = TimelineRun(interaction: .now)
        a.run(decoded, until: 12)
        b.run(decoded, until: 12, step: { n in [1.0 / 144, 1.0 / 30, 1.0 / 90][n % 3] })
        #expect(a.delivered == b.delivered)
        #expect(a.seen.map(\.event) == b.seen.map(\.event))
        let names = a.seen.map(\.event.name)
        #expect(names.filter { $0 == "deleted" }.count == 2, "\(names)")
        #expect(names.contains("paged") || names.filter { $0 == "gesture_ended" }.count == 3, "\(names)")
    }
}

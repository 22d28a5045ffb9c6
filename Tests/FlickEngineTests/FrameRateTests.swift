import Testing
import FlickMath
@testable import FlickEngine

/// One run of a session through a frame loop that really advances the scene: before each frame
/// every input due by then is handled, then `advance(to:)` moves the scene (completions,
/// deck changes, layout, reuse slots) and `perFrame` may act on it.
struct FrameLoopRun {
    var events: [SceneEvent] = []
    /// The render list (slots masked) at each probe time, in order.
    var probes: [[CardAttributes]] = []
    var finalList: [CardAttributes] = []
    /// `advance(to:)` calls made, and how many of them fell between two inputs of the session.
    var advances = 0
    var advancesBetweenInputs = 0
    var rejections: [String] = []
}

/// The frame-rate harness. `frames` comes from a schedule; `probes` are added to every run so
/// all of them are compared at the same instants too. `perFrame(scene, t, dt)` runs after each
/// advance: nil for the engine as it is, a per-frame integrator for the control.
func runFrameLoop(_ scene: CardScene, _ steps: [GestureScript.Step], frames: [Double], probes: [Double],
                  perFrame: ((CardScene, Double, Double) -> Void)? = nil) -> FrameLoopRun {
    var run = FrameLoopRun()
    let probeSet = Set(probes)
    let times = Set(frames + probes).sorted()
    var next = 0
    var last = scene.time
    let firstInput = steps.first?.time ?? 0, lastInput = steps.last?.time ?? 0
    for t in times where t >= scene.time {
        while next < steps.count, steps[next].time <= t {
            if let r = steps[next].apply(to: scene) { run.rejections.append("\(steps[next]): \(r)") }
            next += 1
        }
        if let r = scene.advance(to: t) { run.rejections.append("advance \(t): \(r)") }
        run.advances += 1
        if t > firstInput && t < lastInput { run.advancesBetweenInputs += 1 }
        perFrame?(scene, t, t - last)
        last = t
        if probeSet.contains(t) { run.probes.append(withoutSlots(scene.renderList)) }
    }
    run.events = scene.events
    run.finalList = withoutSlots(scene.renderList)
    return run
}

/// What differs between two runs: the first differing event, probe or final frame.
func runDifferences(_ a: FrameLoopRun, _ b: FrameLoopRun, probes: [Double]) -> [String] {
    var out: [String] = []
    if a.events != b.events { out.append("events: \(firstDifference(a.events, b.events))") }
    for (k, (x, y)) in zip(a.probes, b.probes).enumerated() where x != y {
        out.append("frame at \(fixed(probes[k], 4)) s: \(frameDifference(x, y))")
        break
    }
    if a.finalList != b.finalList { out.append("final frame: \(frameDifference(a.finalList, b.finalList))") }
    return out
}

/// Frame times: the four shared schedules and a second jittered one.
let frameRateSchedules: [FrameSchedule] = FrameSchedule.all + [.random(seed: 99)]

/// A session that keeps something moving across many frames: flings that coast and page, a
/// bounce at the start edge, throws whose flights and gap closings end between frames, undo,
/// queued commands, and a tap that catches momentum.
func frameRateSession(_ i: Interaction, viewport v: Size) -> GestureScript {
    var g = GestureScript(start: 100, step: 8)
    let c = v.centre
    let (along, across) = axes(i)
    g.fling(from: c, by: along * 220, speed: 2600); g.wait(0.35)       // coasting / paging
    g.fling(from: c, by: along * 220, speed: 2600); g.wait(0.9)
    g.fling(from: c, by: along * -300, speed: 4000); g.wait(0.2)       // back toward the first card
    g.tap(at: c); g.wait(0.1)                                           // caught mid-flight
    g.fling(from: c, by: along * -200, speed: 5000); g.wait(1.2)       // into the start edge
    g.fling(from: c, by: across * 200, speed: 1800); g.wait(0.13)      // throw; next input mid-flight
    g.command(.throwCurrent); g.wait(0.9)                               // queued behind the flight
    g.command(.undo); g.wait(0.7)
    g.hold(from: c, by: across * 70, for: 0.1); g.wait(0.05)           // snaps back
    g.fling(from: c, by: along * 150, speed: 1500); g.wait(0.6)
    return g
}

@Suite struct FrameRateTests {
    /// The same session at 30, 60 and 144 Hz and on two jittered schedules, with real
    /// `advance(to:)` calls between the inputs: the same events, the same frames at 40 common
    /// instants, the same final frame.
    @Test(arguments: Interaction.allCases)
    func sameEventsAndFramesAtEveryFrameRate(_ interaction: Interaction) {
        let script = frameRateSession(interaction, viewport: .phone)
        let end = script.time + 3
        let probes = (1...40).map { Double($0) * end / 41 }
        let runs = frameRateSchedules.map { schedule in
            runFrameLoop(CardScene(interaction: interaction, count: 30, viewport: .phone), script.steps,
                         frames: schedule.times(until: end), probes: probes)
        }
        for (schedule, run) in zip(frameRateSchedules, runs) {
            #expect(run.rejections.isEmpty, "\(schedule): \(run.rejections)")
            // The harness really advanced the scene between the inputs, many times.
            #expect(run.advancesBetweenInputs >= 100, "\(schedule): \(run.advancesBetweenInputs) advances between inputs")
        }
        #expect(Set(runs.map(\.advances)).count == runs.count, "every schedule draws its own number of frames")
        let names = Set(runs[0].events.map(\.name))
        #expect(names.isSuperset(of: ["gesture_ended", "deleted", "restored"]), "\(interaction): \(names.sorted())")
        for (schedule, run) in zip(frameRateSchedules, runs).dropFirst() {
            let differences = runDifferences(run, runs[0], probes: probes)
            #expect(differences.isEmpty, "\(interaction) at \(schedule) vs 30 Hz: \(differences)")
        }
        print("FrameRate \(interaction): \(runs[0].events.count) events, advances \(runs.map(\.advances)), identical")
    }

    /// The control: the same harness catches a frame-dependent integrator. Each frame feeds the
    /// scene a momentum integrated per frame (explicit Euler: x += v dt, then v decays by
    /// 0.998^(1000 dt)) through its own wheel input, as an engine that integrated per frame
    /// would move. Frame rates must then disagree, in the frames and in the events.
    @Test(arguments: [Interaction.now, .carousel])
    func perFrameIntegrationIsCaught(_ interaction: Interaction) {
        let script = frameRateSession(interaction, viewport: .phone)
        let end = script.time + 3
        let probes = (1...40).map { Double($0) * end / 41 }
        let runs = frameRateSchedules.map { schedule in
            var v = 1800.0
            return runFrameLoop(CardScene(interaction: interaction, count: 30, viewport: .phone), script.steps,
                                frames: schedule.times(until: end), probes: probes) { scene, t, dt in
                guard dt > 0, abs(v) > 1 else { return }
                scene.scroll(by: v * dt, at: t)
                v *= Elementary.pow(0.998, 1000 * dt)
            }
        }
        var caught = 0
        for (schedule, run) in zip(frameRateSchedules, runs).dropFirst() {
            let differences = runDifferences(run, runs[0], probes: probes)
            if !differences.isEmpty { caught += 1 }
            #expect(!differences.isEmpty, "\(interaction) at \(schedule): a per-frame integrator went unnoticed")
        }
        #expect(caught == frameRateSchedules.count - 1)
    }
}

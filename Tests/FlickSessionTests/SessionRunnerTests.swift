import FlickIO
import FlickEngine
import FlickSession
import Foundation
import Testing

/// The session core without SDL: the window's session (tasks, time controls, a folder change,
/// a note, a refused input, a quit mid-gesture) driven on a 60 Hz frame clock, with every output
/// asserted in order.
@Suite struct SessionRunnerTests {
    static func short(_ t: Double) -> String { String(format: "%.3f", t) }

    /// One line per output: what a researcher would read in the log, the recording or the feed.
    static func describe(_ o: SessionOutput) -> String {
        switch o {
        case .recorded(let r): return "recorded \(short(r.t)) \(r.inputKind)"
        case .applied(let i, let t): return "applied \(i.kind) \(short(t))"
        case .refused(let kind, let reason, let t): return "refused \(kind) \(short(t)) \(reason)"
        case .scene(let logged):
            let e = logged.event
            if case .gestureEnded(let t, _, _, _, let outcome, _) = e { return "scene gesture_ended \(short(t)) \(outcome)" }
            let origin = logged.origin.map { " by \($0.cause.rawValue)\($0.direction.map { " \($0.rawValue)" } ?? "")" } ?? ""
            return "scene \(e.name) \(short(e.time))\(origin)"
        case .configChanged(let c, _, let t): return "config_changed \(c.source.name) \(short(t))"
        case .configReloaded(let path, _, let t): return "config_reloaded \(path) \(short(t))"
        case .marker(let m, let acted, let t): return "marker \(m.label)\(acted ? " acted" : "") \(short(t))"
        case .note(let text, let task, let t): return "note '\(text)' \(task ?? "-") \(short(t))"
        case .taskStarted(let l): return "task_started \(l.number) \(l.task) \(short(l.t))"
        case .taskEnded(let l): return "task_ended \(l.number) \(l.outcome.rawValue) \(short(l.t)) attempts \(l.attempts)"
        case .cardsChanged(let c, let t): return "cards_changed \(c.summary) \(short(t))"
        case .timeControl(let a): return "time_control \(a.control.rawValue) \(short(a.sceneTime)) x\(a.scale)"
        case .heldGestureCancelled(let t): return "held_gesture_cancelled \(short(t))"
        case .questionnaire(let q): return "questionnaire \(q.questionnaire.rawValue) \(q.what.rawValue) \(short(q.t))"
        case .answer(let a): return "answer \(a.question) \(a.value.map(String.init) ?? "-") \(short(a.t))"
        case .blocked(let kind, let t): return "blocked \(kind) \(short(t))"
        }
    }

    static func pointer(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double, _ t: Double) -> RecordedInput {
        RecordedInput(t: t, .pointer(PointerEvent(phase: phase, position: Point(x: x, y: y), time: t)))
    }

    /// A stack session of four cards with two tasks: the first met by a key throw, the second
    /// cut off by its time limit; a folder change removes a card; the session is paused and
    /// stepped; a note is typed; a pointer far outside any sane range is refused; the session
    /// ends (a quit) with a drag under way.
    static func run() -> [SessionOutput] {
        let tasks = TaskList(tasks: [TaskSpec(name: "throw one", goal: .deletedCount(1)),
                                     TaskSpec(name: "look around", timeLimit: 0.5)])
        let runner = SessionRunner(scene: CardScene(interaction: .stack, count: 4, viewport: Size(width: 390, height: 844),
                                                    config: SceneConfig(), time: 0),
                                   tasks: tasks, cardNames: ["a.png", "b.png", "c.png", "d.png"], sessionTask: "demo")
        var inputs: [RecordedInput] = [
            RecordedInput(t: 0.1, runner.nextTaskMarker.map { .marker($0) }!),
            RecordedInput(t: 0.2, .command(.throwCurrent)),
            RecordedInput(t: 1.0, .marker(Marker(label: "start", task: "look around"))),
            RecordedInput(t: 1.1, .note("2nd card confused her")),
            RecordedInput(t: 1.8, .cards(CardFolderChange(removed: ["d.png"]))),
            RecordedInput(t: 2.0, .time(.pause)),
            RecordedInput(t: 2.1, .time(.step)),
            RecordedInput(t: 2.2, .time(.resume)),
            pointer(.down, 1e9, 1e9, 2.5),
        ]
        inputs += [pointer(.down, 195, 420, 3.0), pointer(.move, 180, 420, 3.05), pointer(.move, 160, 421, 3.1)]
        var outputs: [SessionOutput] = []
        var pending = inputs[...]
        var frame = 0
        while true {
            let clock = Double(frame) / 60
            while let next = pending.first, next.t <= clock {
                runner.submit(next, now: clock)
                pending.removeFirst()
            }
            runner.advance(to: clock)
            outputs += runner.takeOutputs()
            if clock >= 3.2 { break }
            frame += 1
        }
        // The quit: the drag under way is cancelled through the recorded path, then the end.
        runner.cancelHeldGesture(at: 3.2)
        runner.finish(at: 3.2)
        outputs += runner.takeOutputs()
        return outputs
    }

    @Test func everyOutputOfAWindowSessionInOrder() {
        let lines = Self.run().map(Self.describe)
        // Scene times after the pause lag the frame clock by the paused 0.2 s less the one step.
        #expect(lines == [
            "recorded 0.100 marker", "marker start acted 0.100", "task_started 1 throw one 0.100", "applied marker 0.100",
            "recorded 0.200 command", "applied command 0.200",
            "scene deleted 0.613 by key left", "task_ended 1 success 0.613 attempts 1",
            "recorded 1.000 marker", "marker start acted 1.000", "task_started 2 look around 1.000", "applied marker 1.000",
            "recorded 1.100 note", "note '2nd card confused her' look around 1.100", "applied note 1.100",
            "task_ended 2 time_limit 1.500 attempts 0",
            "recorded 1.800 cards", "cards_changed +0 −1 ~0: d.png 1.800", "applied cards 1.800", "scene deleted 1.800 by folder",
            "recorded 2.000 time", "time_control pause 2.000 x0.0",
            "recorded 2.100 time", "time_control step 2.000 x0.0",
            "recorded 2.200 time", "time_control resume 2.017 x1.0",
            "recorded 2.500 pointer", "refused pointer 2.317 rejected: position 1000000000.0 is out of range",
            "applied pointer 2.317",
            "recorded 3.000 pointer", "applied pointer 2.817",
            "recorded 3.050 pointer", "applied pointer 2.867", "scene gesture_began 2.867",
            "recorded 3.100 pointer", "applied pointer 2.917",
            "recorded 3.200 pointer", "applied pointer 3.017", "scene gesture_ended 3.017 cancelled",
        ])
    }

    /// A recording cut off with the button down: the end of the session cancels the gesture (its
    /// input stamped at the last input, played where the session ends) and says so.
    /// The live session's once-a-second sync does not take their own times from the samples of
    /// a flick already on its way: a phone's moves stamped before the sync and arriving after it
    /// keep their times (within the late-input window), and the sync's line ties the scene time
    /// of its own clock.
    @Test func aSyncLeavesALateFlickItsOwnTimes() {
        let runner = SessionRunner(scene: CardScene(interaction: .swipe, count: 4, viewport: Size(width: 390, height: 844),
                                                    config: SceneConfig(), time: 0),
                                   tasks: nil, cardNames: ["a.png", "b.png", "c.png", "d.png"])
        for frame in 0...60 { runner.advance(to: Double(frame) / 60) }
        _ = runner.takeOutputs()
        runner.submitSync(now: 1.0)
        let times = (0..<6).map { 0.95 + Double($0) * 0.008 }
        runner.submit(Self.pointer(.down, 195, 420, times[0]), now: 1.001)
        for (i, t) in times.enumerated().dropFirst() { runner.submit(Self.pointer(.move, 195 + Double(i) * 30, 420, t), now: 1.001) }
        runner.submit(Self.pointer(.up, 345, 420, times[5] + 0.001), now: 1.001)
        runner.advance(to: 1.5)
        let outputs = runner.takeOutputs()
        var recorded: [Double] = []
        var sync: SceneTimeline.Acted?
        var ended: SceneEvent?
        for o in outputs {
            switch o {
            case .recorded(let r) where r.inputKind == "pointer": recorded.append(r.t)
            case .timeControl(let a): sync = a
            case .scene(let logged): if case .gestureEnded = logged.event { ended = logged.event }
            default: break
            }
        }
        #expect(recorded == times + [times[5] + 0.001])
        #expect(sync?.clock == 0.9 && sync.map { abs($0.sceneTime - 0.9) < 1e-12 } == true)
        guard case .gestureEnded(_, _, _, let velocity, let outcome, _)? = ended else {
            Issue.record("no gesture_ended in \(outputs.map(Self.describe))")
            return
        }
        #expect(outcome == .thrown)
        #expect(abs(velocity.dx - 3750) < 1 && velocity.dy == 0)
    }

    @Test func aSessionThatEndsWithThePointerDownClosesItsGesture() {
        let runner = SessionRunner(scene: CardScene(interaction: .now, count: 5, viewport: Size(width: 390, height: 844),
                                                    config: SceneConfig(), time: 0),
                                   tasks: nil, cardNames: [])
        for (i, x) in [150.0, 170, 190, 210].enumerated() {
            let t = 0.5 + 0.02 * Double(i)
            runner.submit(Self.pointer(i == 0 ? .down : .move, x, 420, t), now: t)
            runner.advance(to: t)
        }
        _ = runner.takeOutputs()
        runner.finish(at: 0.7)
        #expect(runner.takeOutputs().map(Self.describe) == [
            "held_gesture_cancelled 0.560", "recorded 0.560 pointer", "applied pointer 0.700",
            "scene gesture_ended 0.700 cancelled",
        ])
    }
}

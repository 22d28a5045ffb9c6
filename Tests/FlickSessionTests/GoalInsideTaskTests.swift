import FlickEngine
import FlickIO
import FlickSession
import Foundation
import Testing

/// The decision or page that meets a task's goal belongs to that task, in every interaction: a
/// study of the session's recording (replayed through the engine, whose events keep their exact
/// times while the task lines are kept to the microsecond) counts it under the task's name, and
/// no decision or page of the participant's falls outside every task.
@Suite struct GoalInsideTaskTests {
    static let viewport = Size(width: 390, height: 844)
    static let names = (0..<12).map { String(format: "c%02d.png", $0) }

    /// Six tasks, each started by a marker and met by one input made at times off the millisecond
    /// grid (so the goal's event lands between two microseconds): a page by drag in the carousel,
    /// a throw by fling in the stack and the swipe deck, a throw by key in the switcher and now.
    static func inputs(_ interaction: Interaction) -> [RecordedInput] {
        var out: [RecordedInput] = []
        for k in 1...6 {
            let start = 2.0 * Double(k) - 1.9
            out.append(RecordedInput(t: start, .marker(Marker(label: "start"))))
            let t0 = start + 0.3 + 0.0173 * Double(k), steps = 8, step = 0.0113 + 0.0007 * Double(k)
            let from: Point, by: Vector
            switch interaction {
            case .stack, .swipe: from = Point(x: 195, y: 420); by = Vector(dx: -260, dy: 0)
            case .carousel: from = Point(x: 260, y: 420); by = Vector(dx: -150, dy: 0)
            default:
                out.append(RecordedInput(t: t0, .command(.throwCurrent)))
                continue
            }
            func p(_ phase: PointerEvent.Phase, _ f: Double, _ t: Double) -> RecordedInput {
                let at = Point(x: from.x + by.dx * f, y: from.y + by.dy * f)
                return RecordedInput(t: t, .pointer(PointerEvent(pointerID: 0, phase: phase, position: at, time: t)))
            }
            out.append(p(.down, 0, t0))
            for i in 1...steps { out.append(p(.move, Double(i) / Double(steps), t0 + step * Double(i))) }
            out.append(p(.up, 1, t0 + step * Double(steps)))
        }
        return out
    }

    static func goal(_ interaction: Interaction, _ k: Int) -> TaskGoal {
        interaction == .carousel ? .reached(names[k]) : .deletedCount(1)
    }

    /// Runs the session live, records it, and reads the recording back as the study does.
    static func studied(_ interaction: Interaction) throws -> (Study, SessionMetrics) {
        let list = TaskList(tasks: (1...6).map { TaskSpec(name: "task \($0)", goal: goal(interaction, $0)) })
        let runner = SessionRunner(scene: CardScene(interaction: interaction, count: names.count, viewport: viewport,
                                                    config: SceneConfig(), time: 0),
                                   tasks: list, cardNames: names)
        var recorded: [RecordedInput] = []
        var pending = inputs(interaction)[...]
        let end = 13.0
        for frame in 0...Int(end * 60) {
            let clock = Double(frame) / 60
            while let next = pending.first, next.t <= clock {
                runner.submit(next, now: clock)
                pending.removeFirst()
            }
            runner.advance(to: clock)
            for case .recorded(let input) in runner.takeOutputs() { recorded.append(input) }
        }
        runner.finish(at: end)
        for case .recorded(let input) in runner.takeOutputs() { recorded.append(input) }
        let path = NSTemporaryDirectory() + "flick-goal-\(interaction.rawValue)-\(UUID().uuidString).rec"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var header = RecordingHeader(format: RecordingHeader.formatVersion, flickVersion: FlickVersion.current,
                                     session: "goal-\(interaction.rawValue)", started: "2026-11-27T07:00:00.000Z",
                                     participant: "p1", demo: interaction, cardFolder: "bundled", bundledCards: true,
                                     cardFiles: names.map { .init(name: $0, size: 1) }, count: names.count,
                                     window: viewport, stage: viewport, config: SceneConfig())
        header.tasks = list
        let recorder = try Recorder(path: path, header: header, overwrite: true)
        for input in recorded { try recorder.record(input) }
        try recorder.finish()
        let session = try StudySession.fromRecording(try Recording(path: path))
        var study = Study()
        study.add(session, participant: nil, task: nil, condition: "A")
        return (study, SessionMetrics(session))
    }

    @Test(arguments: [Interaction.carousel, .switcher, .now, .stack, .swipe])
    func theGoalsEventIsInsideItsTask(_ interaction: Interaction) throws {
        let (study, m) = try Self.studied(interaction)
        // Every task met its goal by the participant's gesture: the event that met it ends it.
        #expect(m.taskRuns.count == 6)
        #expect(m.taskRuns.allSatisfy { $0.outcome == .success }, "\(m.taskRuns.map { $0.outcome?.rawValue ?? "" })")
        let goalTimes: [Double]
        goalTimes = interaction == .carousel ? m.pages.map(\.t) : m.personalDecisions.map(\.t)
        #expect(goalTimes.count >= 6)
        // Each run's end is the time of an event that met its goal, and that event is the run's.
        for run in m.taskRuns {
            let goal = goalTimes.filter { abs($0 - run.end) < 1e-6 }
            #expect(goal.count == 1, "\(interaction) task \(run.number ?? 0): end \(run.end), events \(goalTimes)")
            #expect(goal.allSatisfy(run.contains), "\(interaction) task \(run.number ?? 0) ends at \(run.end); its goal's event at \(goal)")
        }
        // In the study, none of the participant's decisions or pages falls outside every task.
        let outside = study.byParticipant(task: "")["p1"] ?? Study.Tally()
        let inside = study.tallies.filter { $0.key.task != "" }.values.flatMap(\.values)
            .reduce(into: Study.Tally()) { $0.add($1) }
        #expect(outside[.decisions] == 0 && outside[.pages] == 0,
                "\(interaction): \(outside[.decisions]) decisions and \(outside[.pages]) pages in no task")
        #expect(inside[.decisions] + inside[.pages] >= 6)
    }
}

import FlickEngine
import FlickIO
import FlickSession
import Foundation
import Testing

/// Presses that act on nothing are in the record: a tap on empty stage and a drag begun on the
/// surround are `missed` gestures with where they landed, recorded through the one input path,
/// replayed to the very same events, written to the log and read back; the study counts them as
/// misclicks of all presses. Scheduled tasks that never started are counted as not run.
@Suite struct MissedPressTests {
    static let viewport = Size(width: 390, height: 844)
    static let names = (0..<6).map { String(format: "c%02d.png", $0) }

    static func pointer(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double, _ t: Double) -> RecordedInput {
        RecordedInput(t: t, .pointer(PointerEvent(pointerID: 0, phase: phase, position: Point(x: x, y: y), time: t)))
    }

    /// Task 1: a tap on empty stage above the deck, a drag begun left of the stage (the
    /// surround), then a fling that throws the top card (its goal). Task 2 starts and the session
    /// ends in it; tasks 3 to 5 never start.
    static let inputs: [RecordedInput] = {
        var i: [RecordedInput] = [RecordedInput(t: 0.1, .marker(Marker(label: "start")))]
        i += [pointer(.down, 195, 12, 0.3), pointer(.up, 196, 12, 0.36)]
        i += [pointer(.down, -40, 400, 0.6)] + (1...6).map { pointer(.move, -40 + 30 * Double($0), 400, 0.6 + 0.01 * Double($0)) }
            + [pointer(.up, 140, 400, 0.67)]
        i += [pointer(.down, 195, 420, 1.0)] + (1...10).map { pointer(.move, 195 - 26 * Double($0), 420, 1.0 + 0.008 * Double($0)) }
            + [pointer(.up, -65, 420, 1.08)]
        i.append(RecordedInput(t: 2.0, .marker(Marker(label: "start"))))
        return i
    }()

    static let list = TaskList(tasks: [TaskSpec(name: "throw one", goal: .deletedCount(1))]
                               + (2...5).map { TaskSpec(name: "task \($0)") })

    static func live() -> (outputs: [SessionOutput], end: Double) {
        let runner = SessionRunner(scene: CardScene(interaction: .swipe, count: names.count, viewport: viewport, config: SceneConfig(), time: 0),
                                   tasks: list, cardNames: names)
        var out: [SessionOutput] = []
        var pending = inputs[...]
        let end = 3.0
        for frame in 0...Int(end * 60) {
            let clock = Double(frame) / 60
            while let next = pending.first, next.t <= clock {
                runner.submit(next, now: clock)
                pending.removeFirst()
            }
            runner.advance(to: clock)
            out += runner.takeOutputs()
        }
        runner.finish(at: end)
        return (out + runner.takeOutputs(), end)
    }

    static func scene(_ outputs: [SessionOutput]) -> [LoggedSceneEvent] {
        outputs.compactMap { if case .scene(let e) = $0 { return e } else { return nil } }
    }

    @Test func aMissIsLoggedWithWhereItLandedAndReplaysToTheSameEvent() throws {
        let (outputs, _) = Self.live()
        let events = Self.scene(outputs)
        let misses = events.filter { if case .gestureBegan(_, .missed, _) = $0.event { return true } else { return false } }
        #expect(misses.count == 2)
        #expect(misses.map(\.press) == [MissedPress(point: Point(x: 195, y: 12), onSurround: false),
                                        MissedPress(point: Point(x: -40, y: 400), onSurround: true)])
        // Each miss ends, cancelled, naming no card; the fling still throws its card.
        let ends = events.compactMap { e -> GestureOutcome? in
            if case .gestureEnded(_, .missed, _, _, let outcome, let card) = e.event, card == nil { return outcome }
            return nil
        }
        #expect(ends == [.cancelled, .cancelled])
        #expect(events.contains { if case .deleted = $0.event { return true } else { return false } })

        // The log's line reads back to the same event, where it landed included.
        let line = try JSONEncoder().encode(misses[1])
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.contains(#""at":[-40,400]"#) && text.contains(#""on":"surround""#) && text.contains(#""kind":"missed""#))
        #expect(try JSONDecoder().decode(LoggedSceneEvent.self, from: line) == misses[1])

        // Recorded through the one input path and replayed: the very same events.
        let path = NSTemporaryDirectory() + "flick-missed-\(UUID().uuidString).rec"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var header = RecordingHeader(format: RecordingHeader.formatVersion, flickVersion: FlickVersion.current, session: "missed",
                                     started: "2026-11-27T07:00:00.000Z", participant: "p1", demo: .swipe, cardFolder: "bundled",
                                     bundledCards: true, cardFiles: Self.names.map { .init(name: $0, size: 1) }, count: Self.names.count,
                                     window: Size(width: 470, height: 844), stage: Self.viewport, config: SceneConfig())
        header.tasks = Self.list
        let recorder = try Recorder(path: path, header: header, overwrite: true)
        for case .recorded(let input) in outputs { try recorder.record(input) }
        try recorder.finish()
        let session = try StudySession.fromRecording(try Recording(path: path))
        let replayed = session.items.compactMap { if case .scene(let e) = $0 { return e } else { return nil } }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        func lines(_ es: [LoggedSceneEvent]) throws -> [String] { try es.map { String(decoding: try encoder.encode($0), as: UTF8.self) } }
        #expect(try lines(replayed) == lines(events))
        #expect(try lines(replayed).filter { $0.contains(#""kind":"missed""#) }.count == 4)

        // The study: 2 misclicks of 3 presses in task 1, none outside it; 3 of 5 tasks not run.
        var study = Study()
        study.add(session, participant: nil, task: nil, condition: "A")
        let task1 = study.byParticipant(task: "throw one")["p1"] ?? Study.Tally()
        #expect(task1[.misclicks] == 2 && task1[.presses] == 3)
        let rate = Study.summary(Study.rates.first { $0.id == "misclick" }!, study.byParticipant(task: "throw one"))
        #expect(rate.pooled == Proportion(2, 3))
        // The same count in the task table (task_rates.csv's presses, misclicks, misclick_rate).
        #expect(study.taskSummaries().first { $0.task == "throw one" }?.misclicks == Proportion(2, 3))
        #expect(session.scheduled == ["throw one", "task 2", "task 3", "task 4", "task 5"])
        #expect(session.notRun.map(\.number) == [3, 4, 5])
        #expect(study.tasksScheduled == 5 && study.tasksNotRun.map(\.task) == ["task 3", "task 4", "task 5"])
        #expect(SessionMetrics(session).taskRuns.map(\.outcome) == [.success, .sessionEnded])
    }
}

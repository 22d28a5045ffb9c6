import FlickEngine
import FlickIO
import FlickSession
import Foundation
import Testing

/// The study's definitions on sessions made for the purpose: each is run through the session
/// core (as the window runs it), written as a real log, read back as the study tools read it,
/// and its tables compared with counts made by hand.
@Suite struct StudyDefinitionsTests {
    static let cards = ["anna.png", "ben.png", "cleo.png", "dan.png", "eve.png", "finn.png"]

    /// Runs `inputs` (frame-clock seconds) through a SessionRunner on a 60 Hz clock, writes the
    /// log the window would write, and reads it back as a study session.
    static func session(_ interaction: Interaction, tasks: TaskList?, inputs: [RecordedInput], until end: Double,
                        participant: String) throws -> StudySession {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("flick-def-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try InteractionLog(path: path)
        let viewport = Size(width: 390, height: 844)
        let runner = SessionRunner(scene: CardScene(interaction: interaction, count: cards.count, viewport: viewport,
                                                    config: SceneConfig(), time: 0),
                                   tasks: tasks, cardNames: cards, sessionTask: nil)
        try log.started(time: 0, demo: interaction, cards: cards.count, window: viewport,
                        stage: Rect(x: 0, y: 0, width: 390, height: 844),
                        session: SessionInfo(id: "s-\(participant)", started: "2026-11-27T00:00:00Z", participant: participant),
                        viewport: viewport, config: SceneConfig())
        // Every output's line, as the window writes it.
        func write(_ outputs: [SessionOutput]) throws {
            for o in outputs { try log.record(o) }
        }
        var pending = inputs[...]
        var frame = 0
        while Double(frame) / 60 <= end {
            let clock = Double(frame) / 60
            while let next = pending.first, next.t <= clock {
                runner.submit(next, now: clock)
                pending.removeFirst()
            }
            runner.advance(to: clock)
            try write(runner.takeOutputs())
            frame += 1
        }
        runner.finish(at: end)
        try write(runner.takeOutputs())
        try log.quit(time: end)
        return try StudySession.fromLog(path)
    }

    static func marker(_ t: Double, _ label: String, _ task: String? = nil) -> RecordedInput {
        RecordedInput(t: t, .marker(Marker(label: label, task: task)))
    }

    static func key(_ t: Double, _ c: CardScene.Command) -> RecordedInput { RecordedInput(t: t, .command(c)) }

    /// A task met by a key throw ends by its goal, and the study counts it as a success; the
    /// end marker the facilitator pressed after it starts nothing.
    @Test func aGoalEndedTaskIsASuccessAndALateMarkerIsIgnored() throws {
        let tasks = TaskList(tasks: [TaskSpec(name: "pass on one", goal: .deletedCount(1)), TaskSpec(name: "browse")])
        let s = try Self.session(.swipe, tasks: tasks, inputs: [
            Self.marker(0.5, "start", "pass on one"), Self.key(1.0, .throwLeft),
            Self.marker(2.5, "end", "pass on one"),   // pressed after the goal already ended the task
        ], until: 4, participant: "p1")
        var study = Study()
        study.add(s, participant: nil, task: nil, condition: "A")
        let tasks2 = study.taskSummaries()
        #expect(tasks2.map(\.task) == ["pass on one"])
        let t = try #require(tasks2.first)
        #expect(t.runs.count == 1 && t.success == Proportion(1, 1) && t.gaveUp == Proportion(0, 1))
        #expect(t.runs[0].run.outcome == .success && abs(t.runs[0].run.end - 1.5) < 0.2, "ended at \(t.runs[0].run.end)")
        #expect(t.meanAttempts == 1, "a key throw is an attempt")
        #expect(s.taskEnds.count == 1, "the late end marker ended nothing")
    }

    /// A file removed from the card folder is no decision of the participant's: a count goal
    /// stays unmet, the task ends at its limit, and the decision table names the folder.
    @Test func aFolderRemovalDoesNotMeetACountGoal() throws {
        let tasks = TaskList(tasks: [TaskSpec(name: "throw two", goal: .deletedCount(2), timeLimit: 3)])
        let s = try Self.session(.stack, tasks: tasks, inputs: [
            Self.marker(0.5, "start"), RecordedInput(t: 1.0, .cards(CardFolderChange(removed: ["finn.png"]))),
            Self.key(1.5, .throwCurrent),
        ], until: 5, participant: "p1")
        let m = SessionMetrics(s)
        #expect(m.decisions.map(\.cause) == [.folder, .key])
        #expect(m.personalDecisions.count == 1)
        #expect(s.taskEnds.map(\.outcome) == [.timeLimit] && s.taskEnds.first.map { abs($0.t - 3.5) < 1e-6 } == true)
    }

    /// A throw taken back with Z no longer counts toward the goal: two throws and an undo are
    /// one card, so the goal of two is met only by the third throw. The undo is timed from the
    /// deletion it took back.
    @Test func anUndoneThrowDoesNotCount() throws {
        let tasks = TaskList(tasks: [TaskSpec(name: "throw two", goal: .deletedCount(2))])
        let s = try Self.session(.stack, tasks: tasks, inputs: [
            Self.marker(0.5, "start"), Self.key(1.0, .throwCurrent), Self.key(2.0, .undo),
            Self.key(3.0, .throwCurrent), Self.key(4.0, .throwCurrent),
        ], until: 6, participant: "p1")
        let m = SessionMetrics(s)
        #expect(m.decisions.count == 3 && m.undos.count == 1)
        let undo = try #require(m.undos.first)
        #expect(undo.decision == 0 && abs((undo.after ?? 0) - (2.0 - m.decisions[0].t)) < 1e-9)
        #expect(m.undoneDecisions.count == 1, "Z within 3 s of the deletion")
        let end = try #require(s.taskEnds.first)
        #expect(end.outcome == .success && end.t > 4.0 && end.t < 5.0, "met by the third throw: \(end.t)")
        #expect(end.attempts == 4, "three throws and an undo, all by key")
    }

    /// A drag cut off by the end of the session (a quit mid-drag) was never released: it is a
    /// card drag but no card release, so no near miss, however near the threshold it was held.
    @Test func aCancelledDragIsNoRelease() throws {
        func move(_ t: Double, _ x: Double, _ phase: PointerEvent.Phase = .move) -> RecordedInput {
            RecordedInput(t: t, .pointer(PointerEvent(phase: phase, position: Point(x: x, y: 420), time: t)))
        }
        // A swipe card held 120 pt to the right (the like threshold is near it) when the session ends.
        var inputs = [move(0.5, 195, .down)]
        for i in 1...12 { inputs.append(move(0.5 + Double(i) * 0.05, 195 + Double(i) * 10)) }
        let s = try Self.session(.swipe, tasks: nil, inputs: inputs, until: 2, participant: "p1")
        let m = SessionMetrics(s)
        let g = try #require(m.gestures.first)
        #expect(m.gestures.count == 1 && g.outcome == .cancelled && g.kind == .card)
        #expect(!g.isCardRelease && g.nearestFraction == nil && !g.isNearMiss())
        var study = Study()
        study.add(s, participant: nil, task: nil, condition: "A")
        let people = study.byParticipant(condition: "A")
        #expect(people["p1"]?[.cardDrags] == 1 && people["p1"]?[.cardReleases] == 0 && people["p1"]?[.nearMisses] == 0)
    }

    /// "Like Anna" is not met by swiping Anna left: the goal names the way; the right swipe of
    /// the next card that is Anna again (after the undo) meets it.
    @Test func aLeftSwipeDoesNotMeetALikeGoal() throws {
        let tasks = TaskList(tasks: [TaskSpec(name: "like anna", goal: .thrown(way: "like", card: "anna.png", count: 1))])
        let s = try Self.session(.swipe, tasks: tasks, inputs: [
            Self.marker(0.5, "start"), Self.key(1.0, .throwLeft), Self.key(2.0, .undo), Self.key(3.0, .throwRight),
        ], until: 5, participant: "p1")
        let m = SessionMetrics(s)
        #expect(m.decisions.map(\.label) == ["nope", "like"])
        let end = try #require(s.taskEnds.first)
        #expect(end.outcome == .success && end.t > 3.0, "met by the right swipe, not the left: \(end.t)")
    }

    /// A participant who used only keys: every decision is counted, by direction, in the study
    /// as in the report, with no gesture at all.
    @Test func keyOnlyDecisionsCountEverywhere() throws {
        let s = try Self.session(.swipe, tasks: nil, inputs: [
            Self.key(0.5, .throwRight), Self.key(1.5, .throwLeft), Self.key(2.5, .throwUp), Self.key(3.5, .throwRight),
        ], until: 5, participant: "keys")
        var study = Study()
        study.add(s, participant: nil, task: nil, condition: "A")
        let m = study.entries[0].metrics
        #expect(m.gestures.isEmpty && m.personalDecisions.count == 4)
        let rows = study.decisionsPerDirection()
        #expect(rows.map(\.direction) == ["left (nope)", "right (like)", "up (super)"])
        #expect(rows.map(\.count) == [1, 2, 1])
        #expect(m.perDirection.map(\.byKey) == [1, 2, 1])
        let people = study.byParticipant(condition: "A")
        #expect(people["keys"]?[.decisions] == 4 && people["keys"]?[.keyDecisions] == 4)
    }

    /// A condition not named by a design is the description of the config file the session ran
    /// with, else named after its config.
    @Test func conditionsAreNamedByTheConfigDescription() throws {
        var a = try Self.session(.swipe, tasks: nil, inputs: [Self.key(0.5, .throwRight)], until: 2, participant: "p1")
        a.configDescription = "easy to throw"
        let b = try Self.session(.swipe, tasks: nil, inputs: [Self.key(0.5, .throwLeft)], until: 2, participant: "p2")
        var study = Study()
        study.add(a, participant: nil, task: nil, condition: nil)
        study.add(b, participant: nil, task: nil, condition: nil)
        #expect(study.conditions == ["default", "easy to throw"])
    }
}

import FlickIO
import FlickEngine
@testable import FlickSession
import Foundation
import Testing

/// The participant's side of a task. Done and Give up end the task as the
/// participant's; the SEQ after a task and the SUS after the session are answered through the
/// recorded path, scored with the standard formulas, held back from the stage while up, and
/// come back the same from a recording and from a log.
@Suite struct ParticipantSideTests {
    static let cards = ["a.png", "b.png", "c.png", "d.png"]

    // MARK: - Scoring against hand-computed values

    /// Brooke's formula: odd items answer - 1, even items 5 - answer, sum x 2.5.
    @Test func susScoresAsPublished() {
        #expect(SUSScore.score(Array(repeating: 3, count: 10)) == 50)
        #expect(SUSScore.score([5, 1, 5, 1, 5, 1, 5, 1, 5, 1]) == 100)
        #expect(SUSScore.score([1, 5, 1, 5, 1, 5, 1, 5, 1, 5]) == 0)
        // By hand: odd (4-1)+(5-1)+(4-1)+(3-1)+(4-1) = 15, even (5-2)+(5-1)+(5-2)+(5-2)+(5-1) = 17;
        // 32 x 2.5 = 80.
        #expect(SUSScore.score([4, 2, 5, 1, 4, 2, 3, 2, 4, 1]) == 80)
        // Brooke (1996)'s own example sheet: 4 1 4 1 4 2 5 1 4 2 -> 3+4+3+4+3+3+4+4+3+3 = 34 -> 85.
        #expect(SUSScore.score([4, 1, 4, 1, 4, 2, 5, 1, 4, 2]) == 85)
        #expect(SUSScore.score([3, 3, 3]) == nil)
        #expect(SUSScore.score([3, 3, 3, 3, 3, 3, 3, 3, 3, 6]) == nil)
    }

    /// SEQ 2, 4, 6 from three people: mean 4, sd 2. The t-interval (4 ± 4.303 x 2 / √3, -0.97
    /// to 8.97) runs past both ends of 1-7; the interval on the scale (1, 3 and 5 of 6 steps,
    /// `ParticipantRate` put back on 1-7) is 1.228784 to 6.771216 (an independent Python
    /// computation). Three people who all answered 7 (one of them twice): 4.386975 to 7, never the point 7.
    @Test func meansHaveAnIntervalInsideTheirScale() throws {
        let m = try #require(MeanInterval([[2], [4], [6]], scale: MeanInterval.seq.scale, steps: MeanInterval.seq.steps))
        #expect(m.mean == 4 && m.sd == 2 && m.count == 3)
        #expect(abs(m.interval!.low - 1.228784) < 1e-6 && abs(m.interval!.high - 6.771216) < 1e-6, "\(m.interval!)")
        let top = try #require(MeanInterval([[7], [7, 7], [7]], scale: MeanInterval.seq.scale, steps: MeanInterval.seq.steps))
        #expect(abs(top.interval!.low - 4.386975) < 1e-6 && top.interval!.high == 7, "\(top.interval!)")
        // Two people: too few to say (no interval), though the mean is kept.
        let two = try #require(MeanInterval([[4.5], [6.5]], scale: MeanInterval.seq.scale, steps: MeanInterval.seq.steps))
        #expect(two.mean == 5.5 && two.interval == nil)
        #expect(MeanInterval([[5]], scale: MeanInterval.seq.scale, steps: MeanInterval.seq.steps)?.interval == nil)
        #expect(MeanInterval([], scale: MeanInterval.seq.scale, steps: MeanInterval.seq.steps) == nil)
    }

    // MARK: - The session: the one recorded path

    static func list(side: ParticipantSide? = .all, taskSide: ParticipantSide? = nil) -> TaskList {
        var list = TaskList(tasks: [TaskSpec(name: "throw two", goal: .deletedCount(2)),
                                    TaskSpec(name: "look around", participantSide: taskSide),
                                    TaskSpec(name: "third")])
        list.participantSide = side
        return list
    }

    static let viewport = Size(width: 390, height: 844)

    static func pointer(_ phase: PointerEvent.Phase, _ x: Double, _ t: Double) -> RecordedInput {
        RecordedInput(t: t, .pointer(PointerEvent(pointerID: 0, phase: phase, position: Point(x: x, y: 400), time: t)))
    }

    /// A session: task 1 met by two key throws (each card leaves when its throw ends), its SEQ answered 6 (a drag made while it is up
    /// never reaches the stage); task 2 ended by the participant's Done, SEQ 5; task 3 given up,
    /// its SEQ left open when the SUS comes up; the SUS answered in full.
    static let inputs: [RecordedInput] = {
        var i: [RecordedInput] = [
            RecordedInput(t: 0.1, .marker(Marker(label: "start", task: "throw two"))),
            RecordedInput(t: 0.2, .command(.throwCurrent)),
            RecordedInput(t: 0.4, .command(.throwCurrent)),
            // SEQ up: this drag and key are held back.
            pointer(.down, 200, 1.2), pointer(.move, 100, 1.25), pointer(.up, 20, 1.3),
            RecordedInput(t: 1.35, .command(.throwCurrent)),
            RecordedInput(t: 1.4, .answer(.seq(6))),
            RecordedInput(t: 1.5, .marker(Marker(label: "start", task: "look around"))),
            RecordedInput(t: 1.6, .answer(.done)),
            RecordedInput(t: 1.7, .answer(.seq(5))),
            // Answers with nothing to answer change nothing.
            RecordedInput(t: 1.75, .answer(.seq(2))),
            RecordedInput(t: 1.8, .marker(Marker(label: "start", task: "third"))),
            RecordedInput(t: 1.9, .answer(.giveUp)),
            RecordedInput(t: 2.0, .ask(.sus), byFacilitator: true),
        ]
        for (n, v) in [4, 2, 5, 1, 4, 2, 3, 2, 4, 1].enumerated() {
            i.append(RecordedInput(t: 2.1 + Double(n) * 0.1, .answer(.sus(item: n + 1, value: v))))
        }
        return i
    }()

    static func run(_ list: TaskList, _ inputs: [RecordedInput], until end: Double = 3.5, pageKeepsStage: Bool = false) -> [SessionOutput] {
        let runner = SessionRunner(scene: CardScene(interaction: .switcher, count: 4, viewport: viewport, config: SceneConfig(), time: 0),
                                   tasks: list, cardNames: cards)
        runner.stageKeptByPage = pageKeepsStage
        var out: [SessionOutput] = []
        var pending = inputs[...]
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
        return out + runner.takeOutputs()
    }

    static func describe(_ o: SessionOutput) -> String? {
        func s(_ t: Double) -> String { String(format: "%.2f", t) }
        switch o {
        case .taskStarted(let l): return "task_started \(l.number)"
        case .taskEnded(let l): return "task_ended \(l.number) \(l.outcome.rawValue)\(l.by.map { " by \($0)" } ?? "") \(s(l.t))"
        case .questionnaire(let q):
            return "questionnaire \(q.questionnaire.rawValue) \(q.what.rawValue)\(q.number.map { " task \($0)" } ?? "")"
                + (q.answered.map { " answered \($0)" } ?? "") + (q.score.map { " score \($0)" } ?? "") + " \(s(q.t))"
        case .answer(let a):
            return "answer \(a.question)\(a.item.map { " item \($0)" } ?? "")\(a.value.map { " \($0)" } ?? "")\(a.number.map { " task \($0)" } ?? "")"
        case .blocked(let input, let t): return "blocked \(input) \(s(t))"
        case .scene(let e):
            switch e.event {
            case .deleted, .gestureBegan: return "\(e.event.name) \(s(e.event.time))"
            default: return nil
            }
        default: return nil
        }
    }

    @Test func answersGoThroughTheSessionAndHoldTheStageBack() {
        let out = Self.run(Self.list(), Self.inputs).compactMap(Self.describe)
        let expected = [
            "task_started 1",
            "deleted 0.70", "deleted 1.00",
            "task_ended 1 success 1.00",
            "questionnaire seq shown task 1 1.00",
            "blocked pointer 1.20",
            "blocked command 1.35",
            "answer seq 6 task 1",
            "questionnaire seq completed task 1 answered 1 1.40",
            "task_started 2",
            "answer done task 2",
            "task_ended 2 success by participant 1.60",
            "questionnaire seq shown task 2 1.60",
            "answer seq 5 task 2",
            "questionnaire seq completed task 2 answered 1 1.70",
            "task_started 3",
            "answer give_up task 3",
            "task_ended 3 gave_up by participant 1.90",
            "questionnaire seq shown task 3 1.90",
            "questionnaire seq incomplete task 3 answered 0 2.00",
            "questionnaire sus shown 2.00",
        ] + [4, 2, 5, 1, 4, 2, 3, 2, 4, 1].enumerated().map { "answer sus item \($0.offset + 1) \($0.element)" }
            + ["questionnaire sus completed answered 10 score 80.0 3.00"]
        #expect(out == expected, "\(out)")
    }

    /// A page that runs the engine keeps its own stage under its questionnaire: what its engine
    /// took there (a drag, a key) reaches the session's scene too, so the two scenes stay one.
    @Test func aPageThatRunsTheEngineKeepsItsOwnStage() {
        let out = Self.run(Self.list(), Self.inputs, pageKeepsStage: true).compactMap(Self.describe)
        #expect(!out.contains { $0.hasPrefix("blocked") }, "\(out)")
        #expect(out.contains("gesture_began 1.25") && out.filter { $0.hasPrefix("deleted") }.count == 3, "\(out)")
        #expect(out.contains("questionnaire seq completed task 1 answered 1 1.40"))
    }

    /// A task's own `participantSide: false` turns its Done and SEQ off; the study's is off by default.
    @Test func aTaskOverridesTheStudy() {
        let out = Self.run(Self.list(taskSide: ParticipantSide(taskText: false, seq: false)), Self.inputs).compactMap(Self.describe)
        #expect(!out.contains("answer done task 2"))
        #expect(!out.contains { $0.hasPrefix("questionnaire seq shown task 2") })
        let off = Self.run(Self.list(side: nil), Self.inputs).compactMap(Self.describe)
        #expect(!off.contains { $0.hasPrefix("questionnaire seq") || $0.hasPrefix("answer done") })
        // The SUS was asked by the facilitator all the same: it is answered (asksSUS is the app's switch).
        #expect(off.contains { $0.hasPrefix("questionnaire sus completed") })
    }

    /// The session ends mid-SUS (a quit, a signal): the SUS is closed incomplete, never scored.
    @Test func aSessionEndedMidQuestionnaireLeavesItIncomplete() {
        let cut = Array(Self.inputs.prefix(while: { $0.t < 2.45 }))
        let out = Self.run(Self.list(), cut, until: 2.5).compactMap(Self.describe)
        #expect(out.last == "questionnaire sus incomplete answered 4 2.50", "\(out)")
        #expect(!out.contains { $0.contains("score") })
    }

    // MARK: - Recording round trip

    static func header(_ list: TaskList) -> RecordingHeader {
        var h = RecordingHeader(format: RecordingHeader.formatVersion, flickVersion: FlickVersion.current, session: "5eq",
                                started: "2026-11-27T07:00:00.000Z", participant: "p1", demo: .switcher, cardFolder: "bundled",
                                bundledCards: true, cardFiles: cards.map { .init(name: $0, size: 1) }, count: 4,
                                window: Size(width: 800, height: 900), stage: viewport, config: SceneConfig())
        h.tasks = list
        h.facilitator = true
        return h
    }

    /// Live outputs -> recording -> headless replay: the same answer and questionnaire lines, and
    /// a study of the replay scores its SUS as the live session did.
    @Test func answersRoundTripThroughTheRecording() throws {
        let path = NSTemporaryDirectory() + "flick-seq-\(UUID().uuidString).rec"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let list = Self.list()
        let live = Self.run(list, Self.inputs)
        let recorder = try Recorder(path: path, header: Self.header(list), overwrite: true)
        for case .recorded(let input) in live { try recorder.record(input) }
        try recorder.finish()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""answer":{"kind":"seq","value":6}"#))
        #expect(text.contains(#""ask":"sus","by":"facilitator""#))
        let recording = try Recording(path: path)
        #expect(recording.header?.tasks == list)
        let replay = try #require(HeadlessReplay(recording))
        replay.runToEnd()
        replay.finish()
        var liveAnswers: [LogAnswer] = [], liveQuestionnaires: [LogQuestionnaire] = []
        for o in live {
            if case .answer(let a) = o { liveAnswers.append(a) }
            if case .questionnaire(let q) = o { liveQuestionnaires.append(q) }
        }
        #expect(replay.answers == liveAnswers)
        #expect(replay.questionnaires == Array(liveQuestionnaires))
        let session = try StudySession.fromRecording(recording)
        var study = Study()
        study.add(session, participant: nil, task: nil, condition: "A")
        #expect(study.susSessions.map(\.score) == [80])
        #expect(study.seqAnswers.map(\.value) == [6, 5])
        #expect(study.seqAnswers.map { $0.outcome?.rawValue ?? "" } == ["success", "success"])
    }

    // MARK: - The study from crafted logs

    /// Writes a log of one participant's session: SEQ answers per task, and a SUS (complete or
    /// cut after `susItems` items).
    static func log(_ path: String, participant: String, seq: [(task: String, number: Int, value: Int)], sus: [Int]) throws {
        let log = try InteractionLog(path: path, overwrite: true)
        try log.started(time: 0, demo: .switcher, cards: 4, window: Size(width: 800, height: 900),
                        stage: Rect(x: 0, y: 0, width: 390, height: 844),
                        session: SessionInfo(id: "id-\(participant)", started: "2026-11-27T07:00:00.000Z", participant: participant, task: nil),
                        viewport: viewport, config: SceneConfig())
        var t = 1.0
        for a in seq {
            try log.append(LogTaskStarted(t: t, task: a.task, number: a.number, goal: nil, timeLimit: nil))
            try log.append(LogTaskEnded(t: t + 1, task: a.task, number: a.number, outcome: .success, seconds: 1, attempts: 1))
            try log.append(LogQuestionnaire(t: t + 1, questionnaire: .seq, what: .shown, task: a.task, number: a.number))
            var line = LogAnswer(t: t + 2, question: "seq", value: a.value)
            (line.task, line.number) = (a.task, a.number)
            try log.append(line)
            try log.append(LogQuestionnaire(t: t + 2, questionnaire: .seq, what: .completed, task: a.task, number: a.number))
            t += 3
        }
        try log.append(LogQuestionnaire(t: t, questionnaire: .sus, what: .shown))
        for (i, v) in sus.enumerated() {
            var line = LogAnswer(t: t + Double(i + 1), question: "sus", value: v)
            line.item = i + 1
            try log.append(line)
        }
        let done = sus.count == 10
        var end = LogQuestionnaire(t: t + 11, questionnaire: .sus, what: done ? .completed : .incomplete)
        end.answered = sus.count
        end.score = SUSScore.score(sus)
        try log.append(end)
        try log.quit(time: t + 12)
    }

    /// Three participants under A (SUS 50, 100, 80), one under B whose SUS was cut short: the
    /// means and intervals are the hand-computed ones, the incomplete SUS is counted, not scored.
    @Test func studyScoresFromCraftedLogs() throws {
        let folder = NSTemporaryDirectory() + "flick-sus-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sessions: [(String, String, [(String, Int, Int)], [Int])] = [
            ("p1", "A", [("find", 1, 7), ("sort", 2, 4)], Array(repeating: 3, count: 10)),
            ("p2", "A", [("find", 1, 5), ("sort", 2, 2)], [5, 1, 5, 1, 5, 1, 5, 1, 5, 1]),
            ("p3", "A", [("find", 1, 6)], [4, 2, 5, 1, 4, 2, 3, 2, 4, 1]),
            ("p4", "B", [("find", 1, 3)], [4, 2, 5]),
        ]
        var study = Study()
        for (who, condition, seq, sus) in sessions {
            let path = "\(folder)/\(who).jsonl"
            try Self.log(path, participant: who, seq: seq.map { ($0.0, $0.1, $0.2) }, sus: sus)
            study.add(try StudySession.load(path), participant: nil, task: nil, condition: condition)
        }
        #expect(study.susSessions.map(\.score) == [50, 100, 80, nil])
        #expect(study.susSessions.map(\.complete) == [true, true, true, false])
        let sus = study.susSummaries()
        #expect(sus.map(\.condition) == ["A", "B"])
        // A: 50, 100, 80 -> mean 76.667, sd 25.166; the t-interval's 14.1 to 139.2 passes 100,
        // the interval on the scale (20, 40 and 32 of 40 steps) is 2.452653 to 99.945103
        // (an independent Python computation).
        let a = try #require(sus[0].scores)
        #expect(abs(a.mean - 230.0 / 3) < 1e-9)
        let sd = ((pow(50 - 230.0 / 3, 2) + pow(100 - 230.0 / 3, 2) + pow(80 - 230.0 / 3, 2)) / 2).squareRoot()
        #expect(abs(a.sd! - sd) < 1e-9)
        #expect(abs(a.interval!.low - 2.452653) < 1e-6 && abs(a.interval!.high - 99.945103) < 1e-6, "\(a.interval!)")
        #expect(sus[0].incomplete == 0 && sus[1].incomplete == 1 && sus[1].scores == nil)
        // SEQ: find under A 7, 5, 6 (mean 6); sort 4, 2 (mean 3); every task under A: each
        // participant's own mean (5.5, 3.5, 6) -> 5.
        let seq = study.seqSummaries()
        func row(_ task: String?, _ c: String) -> Study.SEQSummary? { seq.first { $0.task == task && $0.condition == c } }
        #expect(row("find", "A")?.scores?.mean == 6)
        #expect(row("find", "A")?.answers == 3)
        #expect(row("sort", "A")?.scores?.mean == 3)
        #expect(row("find", "B")?.scores?.mean == 3)
        #expect(row(nil, "A")?.scores?.mean == 5)
        #expect(row(nil, "A")?.answers == 5)
        #expect(row(nil, "A")?.participants == 3)
        #expect(seq.map { $0.task ?? "*" } == ["find", "find", "sort", "*", "*"])
    }

    // MARK: - The tasks file

    static func parse(_ json: String) throws -> TaskList {
        try TaskList.parse(JSONSerialization.jsonObject(with: Data(json.utf8)), file: "--tasks file 't.json'", cards: nil)
    }

    @Test func theTasksFileSwitchesItOnAndATaskOverrides() throws {
        let list = try Self.parse(#"{"participantSide": {"taskText": true, "seq": true, "sus": true}, "tasks": [{"name": "a"}, {"name": "b", "participantSide": false}, {"name": "c", "participantSide": {"seq": false}}]}"#)
        #expect(list.participantSide == .all)
        let study = StudyInputs(tasks: list, cardNames: [])
        #expect(study.side(ofTask: 1) == (true, true))
        #expect(study.side(ofTask: 2) == (false, false))
        #expect(study.side(ofTask: 3) == (true, false))
        #expect(study.asksSUS)
        #expect(try Self.parse(#"{"participantSide": true, "tasks": [{"name": "a"}]}"#).participantSide == .all)
        // What a recording's header keeps reads back the same.
        let back = try TaskList.parse(JSONSerialization.jsonObject(with: JSONEncoder().encode(list)), file: "header", cards: nil)
        #expect(back == list)
    }

    @Test(arguments: [
        (#"{"participantSide": "yes", "tasks": [{"name": "a"}]}"#,
         #"--tasks file 't.json': 'participantSide' = "yes" is not true, false or an object"#),
        (#"{"participantSide": {"seq": 1}, "tasks": [{"name": "a"}]}"#,
         "--tasks file 't.json': 'participantSide.seq' = 1 is not true or false"),
        (#"{"participantSide": {"sus": "no"}, "tasks": [{"name": "a"}]}"#,
         #"--tasks file 't.json': 'participantSide.sus' = "no" is not true or false"#),
        (#"{"tasks": [{"name": "a", "participantSide": {"taskText": null}}]}"#,
         "--tasks file 't.json': task 1 'a': 'participantSide.taskText' = null is not true or false"),
        (#"{"tasks": [{"name": "a", "participantSide": {"sus": true}}]}"#,
         "--tasks file 't.json': task 1 'a': 'participantSide' has an unknown key 'sus'"),
        (#"{"tasks": [{"name": "a", "participantSide": [true]}]}"#,
         "--tasks file 't.json': task 1 'a': 'participantSide' = a list is not true, false or an object"),
    ])
    func aWrongTypeIsOneLineNamingFileAndField(_ json: String, _ expected: String) {
        do {
            _ = try Self.parse(json)
            Issue.record("accepted \(json)")
        } catch let e as UserError {
            #expect(e.message.hasPrefix(expected), "\(e.message)")
            #expect(!e.message.contains("\n"))
        } catch {
            Issue.record("\(error)")
        }
    }
}

import FlickIO
import FlickEngine
@testable import FlickApp
import FlickSDL
import FlickSession
import Foundation
import Testing

/// docs/schema/*.schema.json against the Swift types: one of every log line and every kind of
/// recorded input is written by the app's own writers (InteractionLog, Recorder) and checked
/// against the schema; every property the schema declares must be one they wrote, and every
/// enumeration in it must list exactly the Swift enum's cases. A field added on one side only,
/// renamed, retyped or left out fails here.
@Suite struct LogSchemaTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/schema")

    /// One of every scene event, each optional field present.
    static let sceneEvents: [SceneEvent] = [
        .gestureBegan(time: 0.5, kind: .card, card: CardID(3)),
        .gestureBegan(time: 0.75, kind: .scroll, card: nil),
        .gestureEnded(time: 1.25, kind: .card, translation: Vector(dx: -180.5, dy: 4.25),
                      velocity: Vector(dx: -950.5, dy: 12.5), outcome: .thrown, card: CardID(3)),
        .paged(time: 1.5, from: 0, to: 1),
        .deleted(time: 2.5, card: CardID(3), index: 3),
        .restored(time: 3.5, card: CardID(3), index: 3),
        .snappedBack(time: 4.5, card: CardID(2)),
        .selected(time: 5.5, card: CardID(1)),
        .inserted(time: 6.5, card: CardID(20), index: 0),
        .reset(time: 7.5),
        .interactionChanged(time: 8.5, from: .now, to: .carousel),
    ]

    func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "flick-\(name)-\(UUID().uuidString).jsonl"
    }

    func lines(_ path: String) throws -> [JSONValue] {
        try Data(contentsOf: URL(fileURLWithPath: path)).split(separator: 0x0A).map { try JSONValue.parse(Data($0)) }
    }

    /// One goal of every kind.
    static let goals: [TaskGoal] = [.deletedCount(2), .deletedCard("a.png"), .reached("a.png"), .selected("a.png"), .interaction(.stack),
                                    .thrown(way: "like", card: "a.png", count: 2), .restored(card: nil, count: 1)]

    /// A log with every line kind, written by InteractionLog.
    func writtenLog() throws -> [JSONValue] {
        let path = temporaryPath("log")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try InteractionLog(path: path)
        let session = SessionInfo(id: "6f1c", started: "2026-11-22T16:20:00.123Z", participant: "p1", task: "t1")
        try log.started(time: 0, demo: .carousel, cards: 20, window: Size(width: 400, height: 720),
                        stage: Rect(x: 0.5, y: 0.5, width: 399.5, height: 719.5), session: session,
                        viewport: Size(width: 390.5, height: 844.5), config: SceneConfig(),
                        configDescription: "snappy, for the pilot", device: .touch,
                        plan: PlanStamp(file: "plan.json", participant: "P3", session: 2, condition: "snappy", tasks: ["t2", "t1"]),
                        renderer: "software (GL is llvmpipe (LLVM 15.0.6, 256 bits))", tasks: ["t1", "t2", "t3"])
        try log.marker(time: 0.25, label: "start", task: "t1")
        try log.append(LogPhone(t: 0.3, what: .connected, detail: "touch, 390x844 pt at 3x"))
        var summary = LogPhone(t: 0.35, what: .summary)
        (summary.latencyMedianMs, summary.latencyP99Ms, summary.touches) = (12.5, 30.25, 40)
        (summary.frames, summary.frameBytes, summary.refused) = (100, 315, 2)
        (summary.records, summary.digests, summary.divergences) = (900, 120, 0)
        try log.append(summary)
        try log.append(LogPhone(t: 0.36, what: .diverged, detail: "diverged: after 3 events (record 40) the page's digest is 0000000000000001, the host's 0000000000000002"))
        try log.note(time: 0.3125, text: "hesitates", task: "t1")
        try log.append(LogCardsChanged(t: 0.34375, change: CardFolderChange(added: [.init(name: "b.png", size: 9)], removed: ["a.png"], changed: [.init(name: "c.png", size: 3)])))
        for (i, goal) in Self.goals.enumerated() {
            try log.append(LogTaskStarted(t: 0.25, task: "t\(i + 1)", number: i + 1, goal: goal, timeLimit: 90,
                                          start: TaskStart(interaction: .stack, reset: true, config: SceneConfig(), configFile: "a.json",
                                                           cards: ["b.png", "a.png"], order: .shuffled, seed: 7)))
        }
        try log.append(LogTaskEnded(t: 0.375, task: "t1", number: 1, outcome: .gaveUp, seconds: 0.125, attempts: 3))
        // The participant's side: Done ending a task, its SEQ, a SUS item, and the questionnaires' lines.
        var byParticipant = LogTaskEnded(t: 0.38, task: "t2", number: 2, outcome: .success, seconds: 0.1, attempts: 0)
        byParticipant.by = "participant"
        // A what-if's task_ended (a replay under another config) says what that config made of the goal.
        byParticipant.whatIf = LogTaskEnded.WhatIf(goalMet: true, t: 0.3)
        try log.append(byParticipant)
        var done = LogAnswer(t: 0.38, question: "done")
        (done.task, done.number) = ("t2", 2)
        try log.append(done)
        try log.append(LogQuestionnaire(t: 0.38, questionnaire: .seq, what: .shown, task: "t2", number: 2))
        var sus = LogAnswer(t: 0.39, question: "sus", value: 4)
        sus.item = 3
        try log.append(sus)
        var completed = LogQuestionnaire(t: 0.395, questionnaire: .sus, what: .completed)
        (completed.answered, completed.score) = (10, 72.5)
        try log.append(completed)
        try log.configReloaded(time: 0.5, path: "feel.json", config: SceneConfig())
        var faster = SceneConfig()
        faster.stack.throwSpeed = 300
        try log.configChanged(time: 0.625, change: ConfigChange(config: faster, source: .preset("snappy")),
                              from: SceneConfig())
        try log.inputRefused(time: 0.6875, input: "notches", reason: "too late")
        try log.append(LogTimeControl(t: 0.703125, control: .slow, scale: 0.1, session: 1.5, wallClock: "2026-11-27T04:00:01.500Z"))
        for e in Self.sceneEvents {
            // Deck changes with what made them: a throw with its way, an undo, the folder, a reset.
            switch e {
            case .deleted: try log.record(LoggedSceneEvent(e, origin: DeckChangeOrigin(cause: .key, direction: .left, label: "nope")))
            case .restored: try log.record(LoggedSceneEvent(e, origin: DeckChangeOrigin(cause: .key)))
            case .inserted: try log.record(LoggedSceneEvent(e, origin: DeckChangeOrigin(cause: .folder)))
            case .reset: try log.record(LoggedSceneEvent(e, origin: DeckChangeOrigin(cause: .facilitator)))
            default: try log.record(e)
            }
        }
        // A card release with the throw rule's verdict.
        try log.record(.gestureEnded(time: 1.3125, kind: .card, translation: Vector(dx: 130.5, dy: -8.25),
                                     velocity: Vector(dx: 900.5, dy: -20.25), outcome: .thrown),
                       release: ReleaseRecord(direction: .right, label: "like", distanceFraction: 1.04, speedFraction: 1.13))
        // A press on the surround that acted on nothing: where it landed.
        try log.record(LoggedSceneEvent(.gestureBegan(time: 1.4, kind: .missed, card: nil),
                                        press: MissedPress(point: Point(x: -12.5, y: 300.25), onSurround: true)))
        // A release whose velocity came from the robust stand-in, not the plain fit.
        try log.record(LoggedSceneEvent(.gestureEnded(time: 1.5, kind: .card, translation: Vector(dx: 250, dy: 0),
                                                      velocity: Vector(dx: 4166.5, dy: 0), outcome: .thrown),
                                        release: ReleaseRecord(direction: .right, label: "like", distanceFraction: 2.1, speedFraction: 5.2),
                                        velocityEstimate: .robust))
        try log.quit(time: 9.5)
        return try lines(path)
    }

    /// A recording with a full header and one input of every kind, written by Recorder.
    func writtenRecording() throws -> [JSONValue] {
        let path = temporaryPath("recording")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let header = RecordingHeader(
            format: RecordingHeader.formatVersion, flickVersion: FlickVersion.current, session: "6f1c",
            started: "2026-11-22T16:20:00.123Z", participant: "p1", task: "t1", demo: .stack,
            cardFolder: "bundled", bundledCards: true, cardFiles: [.init(name: "a.png", size: 1200, hash: String(repeating: "ab", count: 32))], count: 4,
            window: Size(width: 1280.5, height: 800.5), stage: Size(width: 390.5, height: 844.5),
            stageCornerRadius: 47.33, config: SceneConfig(),
            look: SessionLook(fit: .fill, background: RGBA(18, 52, 86), titles: .map(["a.png": "A"]), touches: true, present: true))
        var withTasks = header
        withTasks.tasks = TaskList(tasks: Self.goals.enumerated().map {
                                       TaskSpec(name: "t\($0.offset)", goal: $0.element, timeLimit: 60,
                                                start: TaskStart(interaction: .swipe, reset: true, config: SceneConfig(), configFile: "a.json",
                                                                 cards: ["a.png"], order: .reverse, seed: 3))
                                   },
                                   giveUp: "gave up", participantKeys: [.arrows, .undo])
        withTasks.tasks?.participantSide = .all
        withTasks.tasks?.tasks[0].participantSide = ParticipantSide(taskText: false, seq: true)
        withTasks.markers = ["found it", "gave up"]
        withTasks.facilitator = true
        withTasks.configDescription = "snappy, for the pilot"
        withTasks.plan = PlanStamp(file: "plan.json", participant: "P3", session: 2, condition: "snappy", tasks: ["t1", "t0"])
        withTasks.device = SessionDevice(input: .touch, viewport: Size(width: 390, height: 844), pixelRatio: 3,
                                         userAgent: "Mozilla/5.0 (Linux; Android 14)")
        withTasks.device?.engine = true
        let recorder = try Recorder(path: path, header: withTasks)
        let pointer = PointerEvent(pointerID: 0, phase: .down, position: Point(x: 10.5, y: 20.5), time: 0.125, device: .touch)
        let inputs = [
            RecordedInput(t: 0.125, .pointer(pointer)),
            RecordedInput(t: 0.25, .wheel(-40.5)),
            RecordedInput(t: 0.375, .notches(-2)),
            RecordedInput(t: 0.5, .command(.throwCurrent)),
            RecordedInput(t: 0.5625, .command(.reset), byFacilitator: true),
            RecordedInput(t: 0.625, .interaction(.now)),
            RecordedInput(t: 0.75, .config(ConfigInput(config: SceneConfig(), path: "feel.json"))),
            RecordedInput(t: 0.8125, change: ConfigChange(config: SceneConfig(), source: .preset("uikit"))),
            RecordedInput(t: 0.875, .viewport(Size(width: 600.5, height: 400.5), window: Size(width: 640.5, height: 480.5))),
            RecordedInput(t: 1.125, .marker(Marker(label: "end", task: "t1"))),
            RecordedInput(t: 1.1875, .note("asked where settings are")),
            RecordedInput(t: 1.21875, .cards(CardFolderChange(added: [.init(name: "b.png", size: 9)], removed: ["a.png"],
                                                              changed: [.init(name: "c.png", size: 3)]))),
            RecordedInput(t: 1.25, .time(.slow)),
            RecordedInput(t: 1.3, .answer(.done)),
            RecordedInput(t: 1.35, .answer(.sus(item: 2, value: 5))),
            RecordedInput(t: 1.4, .ask(.sus), byFacilitator: true),
        ]
        for input in inputs { try recorder.record(input) }
        try recorder.finish(at: 1.5)
        return try lines(path)
    }

    @Test func everyLogLineFollowsTheSchemaAndEverySchemaFieldIsWritten() throws {
        let check = JSONSchemaCheck(folder: Self.folder)
        let log = try writtenLog()
        for line in log {
            let problems = try check.problems(line, file: "log.schema.json")
            #expect(problems.isEmpty, "\(line["event"] ?? .null): \(problems)")
        }
        let names = Set(log.compactMap { if case .string(let s)? = $0["event"] { return s } else { return nil } })
        #expect(names.isSuperset(of: SceneEvent.names), "the sample lacks \(Set(SceneEvent.names).subtracting(names))")

        let recording = try writtenRecording()
        for line in recording {
            let problems = try check.problems(line, file: "recording.schema.json")
            #expect(problems.isEmpty, "\(line): \(problems)")
        }
        let unwritten = try check.declaredProperties(in: ["log.schema.json", "recording.schema.json"]).subtracting(check.seen)
        #expect(unwritten.isEmpty, "properties in the schema that no Swift encoder wrote: \(unwritten.sorted())")
    }

    /// Each enumeration of the schema is its Swift enum's cases, in any order.
    @Test func enumerationsAreTheSwiftCases() throws {
        let check = JSONSchemaCheck(folder: Self.folder)
        func values(_ file: String, _ pointer: String) throws -> Set<String> {
            guard case .array(let a)? = try check.resolve(file, pointer)["enum"] else {
                Issue.record("\(file)\(pointer) has no enum")
                return []
            }
            return Set(a.compactMap { if case .string(let s) = $0 { return s } else { return nil } })
        }
        let appLines = ["started", "quit", "marker", "note", "task_started", "task_ended", "cards_changed", "config_reloaded", "config_changed", "input_refused", "time_control", "phone", "answer", "questionnaire"]
        #expect(try values("log.schema.json", "#/$defs/questionnaire/properties/questionnaire") == Set(Questionnaire.allCases.map(\.rawValue)))
        #expect(try values("log.schema.json", "#/$defs/questionnaire/properties/what") == Set(LogQuestionnaire.What.allCases.map(\.rawValue)))
        #expect(try values("recording.schema.json", "#/$defs/input/properties/ask") == Set(Questionnaire.allCases.map(\.rawValue)))
        #expect(try values("log.schema.json", "#/properties/event") == Set(appLines + SceneEvent.names))
        #expect(try values("log.schema.json", "#/$defs/interaction") == Set(Interaction.allCases.map(\.rawValue)))
        #expect(try values("log.schema.json", "#/$defs/task_ended/properties/outcome") == Set(TaskRun.Outcome.allCases.map(\.rawValue)))
        #expect(try values("log.schema.json", "#/$defs/gesture_kind") == Set(GestureKind.allCases.map(\.rawValue)))
        #expect(try values("log.schema.json", "#/$defs/time_control/properties/control")
                == Set(SceneTimeline.Control.allCases.map(\.rawValue)))
        #expect(try values("log.schema.json", "#/$defs/gesture_outcome") == Set(GestureOutcome.allCases.map(\.rawValue)))
        #expect(try values("log.schema.json", "#/$defs/phone/properties/what") == Set(LogPhone.What.allCases.map(\.rawValue)))
        #expect(try values("recording.schema.json", "#/$defs/input/properties/command")
                == Set(CardScene.Command.allCases.map(\.rawValue)))
        #expect(try values("recording.schema.json", "#/$defs/input/properties/time")
                == Set(SceneTimeline.Control.allCases.map(\.rawValue)))
        #expect(try values("recording.schema.json", "#/$defs/pointer/properties/phase")
                == Set(PointerEvent.Phase.allCases.map(\.rawValue)))
        #expect(try values("recording.schema.json", "#/$defs/pointer/properties/device")
                == Set(PointerEvent.Device.allCases.map(\.rawValue)))
        // The versions the writers stamp are the schema's.
        #expect(try check.resolve("log.schema.json", "#/$defs/started/properties/schema")["const"]
                == .number(Double(InteractionLog.schemaVersion)))
        #expect(try check.resolve("recording.schema.json", "#/$defs/header/properties/flick_recording")["const"]
                == .number(Double(RecordingHeader.formatVersion)))
    }

    /// The check itself refuses what the schema forbids (so the tests above can fail).
    @Test func theCheckRefusesLinesTheSchemaForbids() throws {
        let check = JSONSchemaCheck(folder: Self.folder)
        let bad: [(String, String)] = [
            (#"{"event":"deleted","t":1.5,"card":3}"#, "'index' is missing"),
            (#"{"event":"deleted","t":1.5,"card":3,"index":1,"speed":2}"#, "'speed' is not in the schema"),
            (#"{"event":"gesture_ended","t":1,"kind":"card","outcome":"flung","translation":[1,2],"velocity":[1,2]}"#, "outcome"),
            (#"{"event":"gesture_ended","t":1,"kind":"card","outcome":"thrown","translation":[1],"velocity":[1,2]}"#, "fewer than 2"),
            (#"{"event":"paged","t":"soon","from":0,"to":1}"#, "t: \"soon\" is not number"),
            (#"{"event":"selected","t":1,"card":1.5}"#, "card: 1.5 is not integer"),
            (#"{"event":"teleported","t":1}"#, "event"),
        ]
        for (text, expected) in bad {
            let problems = try check.problems(try JSONValue.parse(Data(text.utf8)), file: "log.schema.json")
            #expect(problems.contains { $0.contains(expected) }, "\(text): \(problems)")
        }
        let badInputs = [#"{"t":1,"wheel":3,"command":"undo"}"#, #"{"t":1,"window":{"width":1,"height":2}}"#, #"{"t":1}"#]
        for text in badInputs {
            #expect(try !check.problems(try JSONValue.parse(Data(text.utf8)), file: "recording.schema.json").isEmpty, "\(text)")
        }
    }
}

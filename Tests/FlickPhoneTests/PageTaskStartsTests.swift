import FlickEngine
import FlickPhone
import FlickSession
import Testing

/// A task's start state on a page that runs the engine: the page's engine and the host's session
/// take the same steps at the same time, and the host's own inputs wait behind the start.
@Suite struct PageTaskStartsTests {
    static let viewport = Size(width: 390, height: 844)

    /// A config whose throw durations both move past the default maximum (0.5 s): staged key by
    /// key, the minimum is above the old maximum on the way.
    static func slowStack() throws -> SceneConfig {
        try SceneConfig().setting(1.2, at: "stack.maxThrowDuration").setting(0.8, at: "stack.minThrowDuration")
    }

    /// Gives `records` to `scene` as the page's module does (Wasm/Exports.swift).
    static func give(_ records: [EngineInput], to scene: CardScene, staged: inout SceneConfig?, at t: Double) {
        for record in records {
            switch record {
            case .setValue(let key, let value, let more):
                let edit = EngineInput.edit(&staged, of: scene.config, key: key, value: value, more: more)
                if let config = edit.apply { scene.setConfig(config, at: t) }
            case .start(let next, let cards, let reset, let withConfig):
                scene.start(interaction: next, config: withConfig ? EngineInput.takeStaged(&staged) : nil, cards: cards,
                            reset: reset, at: t)
            default:
                Issue.record("not a task start's record: \(record)")
            }
        }
    }

    @Test func theRecordRoundTripsAndRefusesNumbersOutOfRange() {
        let start = EngineInput.start(interaction: .stack, cards: 3, reset: false, config: true)
        let n = start.numbers
        #expect(n.kind == 9 && n.a == 2 && n.b == 3 && n.c == 2)
        #expect(EngineInput(kind: n.kind, a: n.a, b: n.b, c: n.c, deckCount: 0) == start)
        #expect(EngineInput(kind: 9, a: -1, b: -1, c: 1, deckCount: 0) == .start(interaction: nil, cards: nil, reset: true, config: false))
        for (a, b, c) in [(5.0, -1.0, 0.0), (-2, -1, 0), (0, 2.5, 0), (0, -1, 4), (0, -1, 0.5), (.nan, -1, 0), (0, 1_000_001, 0)] {
            #expect(EngineInput(kind: 9, a: a, b: b, c: c, deckCount: 0) == nil, "\(a) \(b) \(c)")
        }
    }

    @Test func anEditMayCrossABoundOnTheWayButNotAtTheEnd() throws {
        let base = SceneConfig()
        let keys = SceneConfig.keys.map(\.path)
        let low = try #require(keys.firstIndex(of: "stack.minThrowDuration"))
        let high = try #require(keys.firstIndex(of: "stack.maxThrowDuration"))
        // The minimum first, above the old maximum, then the maximum: taken.
        var staged: SceneConfig?
        #expect(EngineInput.edit(&staged, of: base, key: low, value: 0.8, more: true) == (nil, false))
        let end = EngineInput.edit(&staged, of: base, key: high, value: 1.2, more: false)
        #expect(end.apply == (try Self.slowStack()) && !end.refused && staged == nil)
        // An edit that ends crossed is refused whole.
        #expect(EngineInput.edit(&staged, of: base, key: low, value: 0.8, more: false) == (nil, true))
        // A key out of its range is left out; the rest is taken.
        _ = EngineInput.edit(&staged, of: base, key: high, value: 1.2, more: true)
        let rest = EngineInput.edit(&staged, of: base, key: low, value: 99, more: false)
        #expect(rest.refused && rest.apply?.value(at: "stack.maxThrowDuration") == 1.2
                && rest.apply?.value(at: "stack.minThrowDuration") == 0.15)
    }

    @Test func thePagesStartIsTheSessionsStart() throws {
        let config = try Self.slowStack()
        let start = TaskStart(interaction: .stack, config: config, configFile: "slow.json", cards: ["c", "a"])
        let tasks = TaskList(tasks: [TaskSpec(name: "Throw the map", start: start)])
        // The session (the host), with the session's cards a, b, c, d.
        let runner = SessionRunner(scene: CardScene(interaction: .now, count: 4, viewport: Self.viewport, config: SceneConfig(), time: 0),
                                   tasks: tasks, cardNames: ["a", "b", "c", "d"], lateInputWindow: 0.1)
        // The page's engine, started as the welcome says.
        let page = CardScene(interaction: .now, count: 4, viewport: Self.viewport, config: SceneConfig(), time: 0)
        let marker = RecordedInput(t: 0.2, .marker(Marker(label: "start")))
        #expect(runner.study.startState(before: "start") == start)

        var starts = PageTaskStarts()
        let records = starts.begin(marker, start: start)
        #expect(records.count == 1 + SceneConfig.keys.filter { config.value(at: $0.path) != nil }.count)
        #expect(records.last == .start(interaction: .stack, cards: 2, reset: false, config: true))
        // M meanwhile ends the task the start will have started; a note waits behind it.
        #expect(starts.nextTaskMarker == Marker(label: "end"))
        starts.hold(RecordedInput(t: 0.3, .note("waited")))
        #expect(starts.nextHeld() == nil && starts.nextTaskMarker == Marker(label: "end"))

        // The page gives the records to its engine at its own time, 0.45 s.
        var pageStaged: SceneConfig?
        page.advance(to: 0.4)
        Self.give(records, to: page, staged: &pageStaged, at: 0.45)
        page.advance(to: 1)
        page.commit()
        #expect(page.interaction == .stack && page.deck.count == 2 && page.config == config)

        // The host takes the same records back: the marker plays at the record's time.
        runner.advance(to: 0.4)
        var hostStaged: SceneConfig?
        for case .setValue(let key, let value, true) in records.dropLast() {
            _ = EngineInput.edit(&hostStaged, of: runner.scene.config, key: key, value: value, more: true)
        }
        let (played, problem) = starts.started(records.last!, staged: EngineInput.takeStaged(&hostStaged), at: 0.45)
        #expect(problem == nil && played?.t == 0.45 && played?.input == marker.input)
        runner.submit(try #require(played), now: 0.45)
        #expect(starts.nextHeld() == RecordedInput(t: 0.3, .note("waited")) && starts.nextHeld() == nil)
        #expect(starts.nextTaskMarker == nil)
        runner.advance(to: 1)
        runner.finish(at: 1)

        var host = SceneDigest(), events = 0, started = false
        for output in runner.takeOutputs() {
            switch output {
            case .scene(let logged):
                host.add(logged.event, notes: logged.notes)
                events += 1
            case .taskStarted:
                started = true
            default:
                break
            }
        }
        var pageDigest = SceneDigest()
        pageDigest.addEvents(of: page)
        #expect(started && events == page.events.count && events >= 2)
        #expect(host.value == pageDigest.value)
        // The start deck's faces: c then a.
        let faces = (0..<runner.scene.deck.count).map { runner.study.images.image(of: runner.scene.deck.id(at: $0)) }
        #expect(faces == [2, 0] && start.cards!.map { runner.study.images.image(named: $0) } == [2, 0])
    }

    @Test func aStartNotSentOrNotAsSentIsSaid() throws {
        var starts = PageTaskStarts()
        let record = EngineInput.start(interaction: nil, cards: nil, reset: true, config: false)
        let unsent = starts.started(record, staged: nil, at: 1)
        #expect(unsent.marker == nil && unsent.problem?.contains("never sent") == true)

        let config = try Self.slowStack()
        let marker = RecordedInput(t: 0, .marker(Marker(label: "start")))
        _ = starts.begin(marker, start: TaskStart(reset: true))
        let other = starts.started(.start(interaction: .swipe, cards: nil, reset: true, config: false), staged: nil, at: 2)
        #expect(other.marker?.t == 2 && other.problem?.hasPrefix("the page started the task as") == true)

        // With a marker already waiting behind a start, M cannot know what comes next.
        _ = starts.begin(marker, start: TaskStart(reset: true))
        starts.hold(RecordedInput(t: 1, .marker(Marker(label: "end"))))
        #expect(starts.nextTaskMarker == nil)
        _ = starts.started(.start(interaction: nil, cards: nil, reset: true, config: false), staged: nil, at: 2)
        #expect(starts.nextHeld()?.marker?.label == "end")

        _ = starts.begin(marker, start: TaskStart(config: config))
        let wrong = starts.started(.start(interaction: nil, cards: nil, reset: false, config: true), staged: SceneConfig(), at: 3)
        #expect(wrong.marker != nil && wrong.problem?.contains("differs from the tasks file's in 2 keys") == true)
    }

    @Test func aStartConfigThePageCannotReachIsNamed() throws {
        let session = try SceneConfig().setting(12, at: "pan.slopOverride")
        var renamed = SceneConfig()
        try renamed.setValue("keep", at: "swipe.rightName")
        #expect(PageTaskStarts.unreachable(renamed, from: SceneConfig())?.hasPrefix("its swipe.rightName differs") == true)
        #expect(PageTaskStarts.unreachable(SceneConfig(), from: session)?.contains("leaves pan.slopOverride unset") == true)
        #expect(PageTaskStarts.unreachable(try Self.slowStack(), from: SceneConfig()) == nil)
    }
}

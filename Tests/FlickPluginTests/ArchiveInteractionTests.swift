import Foundation
import Testing
import FlickEngine
import FlickEngineTesting
import FlickFrontEnd

/// The archive pile's own config section: kept in `SceneConfig` under "archive", any subset of
/// its keys over the defaults.
struct ArchiveSection: InteractionSection {
    static var interaction: Interaction { ArchiveInteraction.name }
    /// A drag down past this archives, points.
    var distance = 80.0
    /// A flick down faster than this archives, pt/s.
    var speed = 600.0

    init() {}

    /// Its keys: config keys "archive.distance" and "archive.speed", listed by a tuning panel.
    static var ranges: [ConfigField<ArchiveSection>] {
        [.number("distance", \.distance, unit: "pt", 1...1000, "a drag down past this archives"),
         .number("speed", \.speed, unit: "pt/s", 1...100_000, "a flick down faster than this archives")]
    }

    enum CodingKeys: String, CodingKey { case distance, speed }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = ArchiveSection()
        distance = try c.decodeIfPresent(Double.self, forKey: .distance) ?? d.distance
        speed = try c.decodeIfPresent(Double.self, forKey: .speed) ?? d.speed
    }
}

/// An interaction of an embedder's own, written against the engine's public API only (no
/// `@testable`): a pile whose top card is dragged down past 80 pt, or flicked down past
/// 600 pt/s, to archive it (its section's defaults); anything else springs back. It borrows the
/// public `StackLayout`. It answers all four contracts itself, writing what differs from
/// their defaults.
struct ArchiveInteraction: CardInteraction, PanRouting, ThrowRule, CardFlights, ContentPhysics {
    static let name = Interaction(named: "archive")
    let layout = StackLayout()
    let spring: SpringParameters
    let distance: Double
    let speed: Double

    init(config: SceneConfig) {
        spring = config.snapBackSpring
        let section = config.section(ArchiveSection.self)
        distance = section.distance
        speed = section.speed
    }
    init() { self.init(config: SceneConfig()) }

    /// Its registration: by name, with its section.
    static let registration = InteractionRegistration(ArchiveInteraction.self, section: ArchiveSection.self)

    /// What a front end shows of it: a summary and its colours (the default demo).
    static let face = InteractionFace(name, summary: "An archive pile. Drag the top card down to archive it.",
                                      theme: InteractionTheme(window: RGB(20, 30, 24), stage: RGB(220, 236, 224)))

    /// Runs `body` with it and its face registered for this test's task alone (tests run in
    /// parallel).
    static func registered<R>(_ body: () throws -> R) rethrows -> R {
        try InteractionRegistry.withRegistered([registration]) {
            try InteractionFaces.withRegistered([face], body)
        }
    }

    func makeLayout() -> some CardLayout { layout }
    var contentMovement: ContentMovement { .depthStack }
    var viewBound: Int { 6 }
    var gapDuration: Double { 0.2 }
    var undoFlightDuration: Double { 0.3 }
    var keyThrowVelocity: Vector { Vector(dx: 0, dy: 1200) }
    var flightMovesNeighbours: Bool { true }

    func thrownRestOffset(viewport: Size) -> Vector { Vector(dx: 0, dy: viewport.height * 1.5) }

    func label(for direction: ThrowDirection) -> String? { direction == .down ? "archive" : nil }

    /// Only the top card: while an archived card still flies off the pile, the one beneath it.
    func route(_ pan: Pan, in context: InteractionContext) -> PanRoute {
        guard let hit = context.pressedStaying, hit.index == context.firstStayingIndex else { return .ignored }
        return .card(hit.card)
    }

    /// Straight down only.
    func cardTranslation(_ t: Vector) -> Vector { Vector(dx: 0, dy: max(0, t.dy)) }

    func decide(kind: GestureKind, offset: Vector, velocity: Vector, viewport: Size) -> ThrowOutcome {
        let d = max(0, offset.dy) / distance, s = max(0, velocity.dy) / speed
        return ThrowOutcome(decision: d > 1 || s > 1 ? .throwAway(direction: Vector(dx: 0, dy: 1)) : .snapBack,
                            direction: .down, distanceFraction: d, speedFraction: s)
    }

    func throwFlight(from offset: Vector, velocity: Vector, direction: Vector, viewport: Size,
                     at t: Double) -> ThrowAnimation {
        ThrowAnimation(from: offset, velocity: velocity, to: thrownRestOffset(viewport: viewport), startTime: t,
                       duration: 0.3)
    }

    func snapBack(from offset: Vector, velocity: Vector, at t: Double) -> CardMotion.Phase {
        .spring(SnapBack(from: offset, velocity: velocity, parameters: spring, time: t))
    }
}

@Suite struct ArchiveInteractionTests {
    static let viewport = Size(width: 390, height: 844)

    func scene() -> CardScene {
        let s = CardScene(interaction: .stack, count: 5, viewport: Self.viewport)
        s.install(ArchiveInteraction(), at: 0.05)
        s.advance(to: 0.1)
        return s
    }

    func run(_ s: CardScene, _ gesture: (inout GestureScript, Point) -> Void) -> [LoggedSceneEvent] {
        var g = GestureScript(after: s)
        gesture(&g, s.renderList.last!.center)
        _ = drive(s, g.steps, schedule: .hz(60), until: g.time)
        advanceToRest(s)
        s.commit()
        defer { s.clearEvents() }
        return s.loggedEvents
    }

    @Test("a drag down past its threshold archives the top card, logged under the plug-in's name")
    func archives() throws {
        let s = scene()
        let top = try #require(s.currentCard)
        let events = run(s) { g, c in g.hold(from: c, by: Vector(dx: 0, dy: 120), for: 0.2) }
        let ended = try #require(events.first { $0.event.name == "gesture_ended" })
        #expect(ended.release?.label == "archive" && ended.release?.direction == .down)
        #expect((ended.release?.distanceFraction ?? 0) > 1)
        #expect(events.contains { if case .deleted(_, top, 0) = $0.event { return true }; return false })
        #expect(!s.deck.contains(top) && s.currentCard != top)
    }

    @Test("a drag up or a short one springs back; undo brings an archived card back from below")
    func springsBackAndUndoes() throws {
        let s = scene()
        let top = try #require(s.currentCard)
        var events = run(s) { g, c in g.hold(from: c, by: Vector(dx: 0, dy: -150), for: 0.2) }
        #expect(events.contains { if case .snappedBack(_, top) = $0.event { return true }; return false })
        events = run(s) { g, c in g.hold(from: c, by: Vector(dx: 0, dy: 60), for: 0.2) }
        #expect(events.contains { if case .snappedBack(_, top) = $0.event { return true }; return false })
        #expect(s.perform(.throwCurrent, at: s.time + 0.1) == .done)
        advanceToRest(s)
        #expect(!s.deck.contains(top))
        #expect(s.perform(.undo, at: s.time + 0.1) == .done)
        s.advance(to: s.time + 0.15)
        let back = try #require(s.renderList.first { $0.card == top })
        #expect(back.center.y > s.renderList.last { $0.card != top }!.center.y, "comes back from below")
        advanceToRest(s)
        #expect(s.currentCard == top)
    }
}

/// The open registry through the public API: a plug-in has a name, a section and colours,
/// registered in one place, and survives a new config. Each test registers it for its own task
/// (`InteractionRegistry.withRegistered`), so the suites running beside it see the five
/// built-ins only.
@Suite(.serialized) struct RegistryTests {

    @Test("a registration for one task is seen by that task alone, and gone after it")
    func scopedToItsTask() {
        final class Seen: @unchecked Sendable { var other: Bool? }
        let seen = Seen()
        ArchiveInteraction.registered {
            #expect(InteractionRegistry.entry(named: "archive") != nil)
            #expect(SceneConfig.key(at: "archive.distance") != nil)
            #expect(InteractionFaces.of(ArchiveInteraction.name).summary.hasPrefix("An archive pile"))
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                seen.other = InteractionRegistry.entry(named: "archive") != nil || SceneConfig.key(at: "archive.distance") != nil
                    || InteractionFaces.all.contains { $0.name == ArchiveInteraction.name }
                done.signal()
            }
            thread.start()
            done.wait()
        }
        #expect(seen.other == false, "another thread saw the task's plug-in")
        #expect(InteractionRegistry.entry(named: "archive") == nil && SceneConfig.key(at: "archive.distance") == nil)
        // Outside the scope the front end shows the name, the default colours and demo.
        let plain = InteractionFaces.of(ArchiveInteraction.name)
        #expect(plain.summary == "archive" && plain.theme == InteractionTheme())
    }

    @Test("the built-ins are registered in their key order; a plug-in joins them by name")
    func registered() throws {
        try ArchiveInteraction.registered {
            #expect(Interaction.allCases.prefix(5).map(\.rawValue) == ["now", "switcher", "stack", "carousel", "swipe"])
            #expect(Interaction.allCases.contains(ArchiveInteraction.name))
            #expect(Interaction(rawValue: "archive") == ArchiveInteraction.name)
            #expect(Interaction(rawValue: "nothing") == nil)
            let entry = try #require(InteractionRegistry.entry(named: "archive"))
            #expect(entry.section != nil)
            #expect(InteractionFaces.of(ArchiveInteraction.name).theme.window == RGB(20, 30, 24))
        }
    }

    @Test("installed or switched to by name, a plug-in is named in the scene and the log, and a new config keeps it")
    func nameAndNewConfig() throws {
        try ArchiveInteraction.registered {
            let s = CardScene(interaction: .stack, count: 5, viewport: .phone)
            s.advance(to: 0.1)
            s.install(ArchiveInteraction(), at: 0.2)
            #expect(s.interaction == ArchiveInteraction.name)
            let changed = try #require(s.events.last)
            #expect(changed == .interactionChanged(time: 0.2, from: .stack, to: ArchiveInteraction.name))
            let line = try #require(String(data: try JSONEncoder().encode(changed), encoding: .utf8))
            #expect(line.contains(#""to":"archive""#), "\(line)")
            #expect(try JSONDecoder().decode(SceneEvent.self, from: Data(line.utf8)) == changed)
            // A new config (a preset loaded, a panel edit, a reload): still the archive pile, now
            // with its own section's threshold.
            var config = s.config
            config.setSection({ var a = ArchiveSection(); a.distance = 30; return a }())
            s.setConfig(config, at: 0.3)
            #expect(s.interaction == ArchiveInteraction.name)
            s.advance(to: 0.4)
            let top = try #require(s.currentCard)
            var g = GestureScript(after: s)
            g.hold(from: s.renderList.last!.center, by: Vector(dx: 0, dy: 50), for: 0.2)
            _ = drive(s, g.steps, schedule: .hz(60), until: g.time + 1)
            advanceToRest(s)
            #expect(!s.deck.contains(top), "50 pt past the section's 30 pt archives (the built-in stack's rule would not)")
            // Back to a built-in, then to the plug-in by its name.
            s.setInteraction(.stack, at: s.time + 0.1)
            #expect(s.interaction == .stack)
            s.setInteraction(ArchiveInteraction.name, at: s.time + 0.1)
            #expect(s.interaction == ArchiveInteraction.name)
            // A name nothing is registered under changes nothing.
            s.setInteraction(Interaction(named: "nothing"), at: s.time + 0.1)
            #expect(s.interaction == ArchiveInteraction.name)
        }
    }

    @Test("a plug-in's section: any subset over its defaults, written and read under its name")
    func section() throws {
        try ArchiveInteraction.registered {
            let c = try JSONDecoder().decode(SceneConfig.self, from: Data(#"{"archive": {"distance": 40}}"#.utf8))
            #expect(c.section(ArchiveSection.self).distance == 40 && c.section(ArchiveSection.self).speed == 600)
            let json = try #require(String(data: try JSONEncoder().encode(SceneConfig()), encoding: .utf8))
            #expect(json.contains(#""archive":{"#), "the defaults are written under its name")
            #expect(try JSONDecoder().decode(SceneConfig.self, from: JSONEncoder().encode(c)) == c)
            var d = c
            d.setSection(ArchiveSection())
            #expect(d == SceneConfig(), "set back to its defaults, the config equals the default one")
        }
    }

    @Test("a plug-in's keys are config keys: listed under its name, read and set by path, checked against their range")
    func sectionKeys() throws {
        #expect(SceneConfig.key(at: "archive.distance") == nil, "not registered: no key")
        try ArchiveInteraction.registered {
            let key = try #require(SceneConfig.key(at: "archive.distance"))
            #expect(key.group == "archive" && key.unit == "pt" && key.range == 1...1000)
            #expect(SceneConfig.keys.filter { $0.group == "archive" }.map(\.path) == ["archive.distance", "archive.speed"])
            #expect(SceneConfig.keys.last?.path == "archive.speed", "after the built-ins' keys")
            var c = SceneConfig()
            #expect(c.value(at: "archive.speed") == 600)
            try c.setValue(45, at: "archive.distance")
            #expect(c.section(ArchiveSection.self).distance == 45 && c.value(at: "archive.distance") == 45)
            #expect(throws: ConfigError.outOfRange(key: "archive.distance", value: 0, range: 1...1000)) {
                try c.setValue(0, at: "archive.distance")
            }
            #expect(c.value(at: "archive.distance") == 45, "a refused value changes nothing")
            // A config file with the section out of range is refused, naming the key.
            #expect(throws: ConfigError.outOfRange(key: "archive.distance", value: 5000, range: 1...1000)) {
                try JSONDecoder().decode(SceneConfig.self, from: Data(#"{"archive": {"distance": 5000}}"#.utf8))
            }
            // Set through its key, the plug-in on show takes it with the next config.
            let s = CardScene(interaction: ArchiveInteraction.name, count: 5, viewport: .phone)
            s.setConfig(c, at: 0.1)
            #expect(s.interaction == ArchiveInteraction.name && s.config.value(at: "archive.distance") == 45)
        }
    }
}

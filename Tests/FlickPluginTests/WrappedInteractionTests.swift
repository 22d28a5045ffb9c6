import Testing
import FlickEngine
import FlickEngineTesting

/// A throw rule laid over another: the base rule's verdict, except that a drag down past half
/// its distance archives however slowly it is let go. The fractions logged stay the base's.
struct HalfwayRule<Base: ThrowRule>: ThrowRule {
    let base: Base

    func decide(kind: GestureKind, offset: Vector, velocity: Vector, viewport: Size) -> ThrowOutcome {
        var o = base.decide(kind: kind, offset: offset, velocity: velocity, viewport: viewport)
        if o.decision == .snapBack, o.direction == .down, o.distanceFraction > 0.5 {
            o.decision = .throwAway(direction: Vector(dx: 0, dy: 1))
        }
        return o
    }
    var keyThrowVelocity: Vector { base.keyThrowVelocity }
    var keyThrowDirections: Set<ThrowDirection> { base.keyThrowDirections }
    func label(for direction: ThrowDirection) -> String? { base.label(for: direction) }
    func canThrow(index: Int, count: Int) -> Bool { base.canThrow(index: index, count: count) }
}

/// The archive pile with only its throw rule changed: every other contract is the archive's
/// own value, handed on whole, so nothing else is written twice.
struct LenientArchive: CardInteraction {
    static let name = Interaction(named: "lenient-archive")
    let archive: ArchiveInteraction

    init(config: SceneConfig) { archive = ArchiveInteraction(config: config) }

    func makeLayout() -> some CardLayout { archive.makeLayout() }
    var routing: ArchiveInteraction.Routing { archive.routing }
    var flights: ArchiveInteraction.Flights { archive.flights }
    var physics: ArchiveInteraction.Physics { archive.physics }
    var throwRule: HalfwayRule<ArchiveInteraction.Rule> { HalfwayRule(base: archive.throwRule) }
}

/// Composition: a plug-in that wraps another and changes one contract behaves as the wrapped
/// one wherever that contract agrees, and differently only where it does not.
@Suite struct WrappedInteractionTests {
    static let viewport = Size(width: 390, height: 844)

    /// A five-card scene showing `interaction`, its events cleared after the switch.
    func scene(_ interaction: some CardInteraction) -> CardScene {
        let s = CardScene(interaction: .stack, count: 5, viewport: Self.viewport)
        s.install(interaction, at: 0.05)
        s.advance(to: 0.1)
        s.commit()
        s.clearEvents()
        return s
    }

    /// Plays `gestures` on the top card one after another (each to rest) and returns every
    /// event logged, with the render list at rest after each.
    func play(_ s: CardScene, _ gestures: [(inout GestureScript, Point) -> Void]) -> (events: [LoggedSceneEvent], frames: [[CardAttributes]]) {
        var frames: [[CardAttributes]] = []
        for gesture in gestures {
            var g = GestureScript(after: s)
            gesture(&g, s.renderList.last!.center)
            _ = drive(s, g.steps, schedule: .hz(60), until: g.time)
            advanceToRest(s)
            frames.append(s.renderList)
        }
        s.commit()
        return (s.loggedEvents, frames)
    }

    @Test("where the base rule decides alike, the wrapper's events and frames are the wrapped interaction's")
    func sameWhereTheRuleAgrees() throws {
        let gestures: [(inout GestureScript, Point) -> Void] = [
            { g, c in g.hold(from: c, by: Vector(dx: 0, dy: -150), for: 0.2) },   // up: springs back
            { g, c in g.hold(from: c, by: Vector(dx: 0, dy: 120), for: 0.2) },    // past 80 pt: archived
            { g, c in g.hold(from: c, by: Vector(dx: 30, dy: 30), for: 0.2) },    // short of half: springs back
            { g, c in g.drag(from: c, by: Vector(dx: 0, dy: 60), duration: 0.05) }, // a flick: archived
        ]
        let base = play(scene(ArchiveInteraction()), gestures)
        let wrapped = play(scene(LenientArchive(config: SceneConfig())), gestures)
        #expect(base.events.count > 8)
        #expect(base.events.filter { if case .deleted = $0.event { true } else { false } }.count == 2)
        #expect(wrapped.events == base.events)
        #expect(wrapped.frames == base.frames)
    }

    @Test("past half the archive's distance, let go slowly: the archive springs back, the wrapper archives")
    func differsWhereTheRuleDoes() throws {
        let a = scene(ArchiveInteraction()), l = scene(LenientArchive(config: SceneConfig()))
        let top = try #require(a.currentCard)
        #expect(l.currentCard == top)
        let slow: [(inout GestureScript, Point) -> Void] = [{ g, c in g.hold(from: c, by: Vector(dx: 0, dy: 60), for: 0.2) }]
        let base = play(a, slow), wrapped = play(l, slow)
        let baseEnd = try #require(base.events.first { $0.event.name == "gesture_ended" }?.release)
        let wrappedEnd = try #require(wrapped.events.first { $0.event.name == "gesture_ended" }?.release)
        #expect(wrappedEnd.distanceFraction == baseEnd.distanceFraction, "the base's fractions, logged by both")
        #expect(baseEnd.distanceFraction > 0.5 && baseEnd.distanceFraction < 1)
        #expect(base.events.contains { if case .snappedBack(_, top) = $0.event { true } else { false } })
        #expect(wrapped.events.contains { if case .deleted(_, top, 0) = $0.event { true } else { false } })
        #expect(a.deck.contains(top) && !l.deck.contains(top))
        #expect(wrappedEnd.label == "archive", "named by the base rule")
    }
}

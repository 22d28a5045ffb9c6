import Testing
import FlickEngine
import FlickEngineTesting

/// An interaction of an embedder's own, written against the engine's public API only (no
/// `@testable`): a pile whose top card is dragged down past 80 pt, or flicked down past
/// 600 pt/s, to archive it; anything else springs back. It borrows the public `StackLayout`.
struct ArchiveInteraction: CardInteraction {
    let layout = StackLayout()
    let spring: SpringParameters

    init(config: SceneConfig) { spring = config.snapBackSpring }
    init() { self.init(config: SceneConfig()) }

    static let distance = 80.0
    static let speed = 600.0

    func makeLayout() -> any CardLayout { layout }
    var scrollPhysics: ScrollPhysics { .default }
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
        let d = max(0, offset.dy) / Self.distance, s = max(0, velocity.dy) / Self.speed
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

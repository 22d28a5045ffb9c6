import Foundation
import Testing
import FlickEngine
import FlickEngineTesting

/// The quota pile's section: how many cards it lets go of at most ("quota.limit").
struct QuotaSection: InteractionSection {
    static var interaction: Interaction { QuotaInteraction.name }
    /// Most cards archived at once.
    var limit = 2

    init() {}

    static var ranges: [ConfigField<QuotaSection>] { [.count("limit", \.limit, 1...100, "most cards archived at once")] }

    enum CodingKeys: String, CodingKey { case limit }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        limit = try c.decodeIfPresent(Int.self, forKey: .limit) ?? QuotaSection().limit
    }
}

/// What the quota pile keeps of its own between inputs: a type of the plug-in's, not the engine's.
struct QuotaState: Hashable, Sendable {
    /// Cards archived and not brought back.
    var archived = 0
    /// Every deck event it was shown, by name, in order.
    var seen: [String] = []
}

/// A plug-in with state of its own, against the public API only: a depth stack whose top card
/// is dragged down to archive it, until `limit` cards are archived; then the pile refuses drags
/// (a `missed` gesture) and arrows, until undo brings one back. Its count lives in its own
/// `QuotaState`, which it learns from the events it observes and reads when it routes.
struct QuotaInteraction: CardInteraction, PanRouting, ThrowRule, CardFlights, ContentPhysics {
    static let name = Interaction(named: "quota")
    let limit: Int
    let spring: SpringParameters

    init(config: SceneConfig) {
        limit = config.section(QuotaSection.self).limit
        spring = config.snapBackSpring
    }

    /// Its registration: by name, with its section.
    static let registration = InteractionRegistration(QuotaInteraction.self, section: QuotaSection.self)

    /// Runs `body` with it registered for this test's task alone (tests run in parallel).
    static func registered<R>(_ body: () throws -> R) rethrows -> R {
        try InteractionRegistry.withRegistered([registration], body)
    }

    func makeState() -> QuotaState { QuotaState() }

    func observe(_ event: SceneEvent, state: inout QuotaState) {
        switch event {
        case .deleted: state.archived += 1; state.seen.append("deleted")
        case .restored: state.archived -= 1; state.seen.append("restored")
        case .reset: state.archived = 0; state.seen.append("reset")
        default: break
        }
    }

    /// The top card, while the quota is not used up.
    func route(_ pan: Pan, in context: InteractionContext, state: inout QuotaState) -> PanRoute {
        guard state.archived < limit, let hit = context.pressedStaying, hit.index == context.firstStayingIndex else {
            return .ignored
        }
        return .card(hit.card)
    }

    /// Forward throws while the quota lasts; back brings one back.
    func step(_ delta: Int, state: inout QuotaState) -> StepAction {
        delta < 0 ? .undo : state.archived < limit ? .throwCurrent : .page
    }

    func makeLayout() -> StackLayout { StackLayout() }
    var contentMovement: ContentMovement { .depthStack }
    var viewBound: Int { 6 }
    var gapDuration: Double { 0.2 }
    var undoFlightDuration: Double { 0.3 }
    var keyThrowVelocity: Vector { Vector(dx: 0, dy: 1200) }
    var flightMovesNeighbours: Bool { true }
    func thrownRestOffset(viewport: Size) -> Vector { Vector(dx: 0, dy: viewport.height * 1.5) }
    func cardTranslation(_ t: Vector) -> Vector { Vector(dx: 0, dy: max(0, t.dy)) }

    func decide(kind: GestureKind, offset: Vector, velocity: Vector, viewport: Size) -> ThrowOutcome {
        let d = max(0, offset.dy) / 80
        return ThrowOutcome(decision: d > 1 ? .throwAway(direction: Vector(dx: 0, dy: 1)) : .snapBack,
                            direction: .down, distanceFraction: d, speedFraction: 0)
    }

    func throwFlight(from offset: Vector, velocity: Vector, direction: Vector, viewport: Size,
                     at t: Double) -> ThrowAnimation {
        ThrowAnimation(from: offset, velocity: velocity, to: thrownRestOffset(viewport: viewport), startTime: t, duration: 0.3)
    }

    func snapBack(from offset: Vector, velocity: Vector, at t: Double) -> CardMotion.Phase {
        .spring(SnapBack(from: offset, velocity: velocity, parameters: spring, time: t))
    }
}

/// A plug-in's state is its own type, kept by the scene for it: counted from events as they are
/// committed (a frame laid out ahead of late input counts nothing), and kept through a new
/// config, a reload and a switch to the same interaction; a switch away starts afresh.
@Suite(.serialized) struct OwnStateTests {
    /// Drags the top card down 120 pt at 60 Hz (late input window on: frames are laid out ahead
    /// of their commits) and returns the gesture's first event.
    @discardableResult
    func archiveTop(_ s: CardScene) -> SceneEvent? {
        s.clearEvents()
        var g = GestureScript(after: s)
        g.hold(from: s.renderList.last!.center, by: Vector(dx: 0, dy: 120), for: 0.2)
        _ = drive(s, g.steps, schedule: .hz(60), until: g.time + 0.5)
        advanceToRest(s)
        s.commit()
        return s.events.first { if case .gestureBegan = $0 { true } else { false } }
    }

    func quota(_ s: CardScene) -> QuotaState? { s.interactionState(of: QuotaInteraction.self) }

    @Test("a plug-in starts with its makeState(); none of it while a built-in is on show")
    func fresh() {
        let s = CardScene(interaction: .stack, count: 6, viewport: .phone)
        #expect(quota(s) == nil)
        s.install(QuotaInteraction(config: SceneConfig()), at: 0.1)
        #expect(quota(s) == QuotaState())
    }

    @Test("the state counts what was committed, routes by it, and survives a new config and a reload")
    func countsAndSurvivesConfig() throws {
        try QuotaInteraction.registered {
            let s = CardScene(interaction: .stack, count: 8, viewport: .phone)
            s.advance(to: 0.05)
            s.setInteraction(QuotaInteraction.name, at: 0.1)
            s.advance(to: 0.2)
            let first = try #require(s.currentCard)
            archiveTop(s)
            #expect(!s.deck.contains(first))
            archiveTop(s)
            #expect(quota(s)?.archived == 2 && quota(s)?.seen == ["deleted", "deleted"],
                    "each deletion counted once, though frames were laid out ahead of it")
            // The quota (2) is used up: the next drag is a miss, an arrow does not throw.
            if case .gestureBegan(_, .missed, _)? = archiveTop(s) {} else { Issue.record("a drag past the quota must miss") }
            let count = s.deck.count
            _ = s.perform(.nextPage, at: s.time + 0.1)
            advanceToRest(s)
            #expect(s.deck.count == count)
            // A panel edit: the quota raised to 3 (the rules made afresh), the count kept.
            var raised = s.config
            try raised.setValue(3, at: "quota.limit")
            s.setConfig(raised, at: s.time + 0.1)
            #expect(s.interaction == QuotaInteraction.name && quota(s)?.archived == 2)
            if case .gestureBegan(_, .card, _)? = archiveTop(s) {} else { Issue.record("a third card may go under a quota of 3") }
            #expect(quota(s)?.archived == 3)
            // A reload: the same constants read back from a config file's text.
            let reloaded = try JSONDecoder().decode(SceneConfig.self, from: JSONEncoder().encode(s.config))
            #expect(reloaded.value(at: "quota.limit") == 3)
            s.setConfig(reloaded, at: s.time + 0.1)
            #expect(quota(s)?.archived == 3)
            // Undo brings one back: one under the quota again.
            #expect(s.perform(.undo, at: s.time + 0.1) == .done)
            advanceToRest(s)
            s.commit()
            #expect(quota(s)?.archived == 2 && quota(s)?.seen.last == "restored")
            // The same interaction asked for again keeps its state; a reset is an event it observes.
            s.setInteraction(QuotaInteraction.name, at: s.time + 0.1)
            #expect(quota(s)?.archived == 2)
            #expect(s.perform(.reset, at: s.time + 0.1) == .done)
            #expect(quota(s)?.archived == 0 && quota(s)?.seen.last == "reset")
        }
    }

    @Test("a switch to another interaction drops the state; coming back starts afresh")
    func switchStartsAfresh() throws {
        QuotaInteraction.registered {
            let s = CardScene(interaction: QuotaInteraction.name, count: 8, viewport: .phone)
            s.advance(to: 0.1)
            archiveTop(s)
            #expect(quota(s)?.archived == 1)
            s.setInteraction(.swipe, at: s.time + 0.1)
            #expect(quota(s) == nil && s.interaction == .swipe)
            s.setInteraction(QuotaInteraction.name, at: s.time + 0.1)
            #expect(quota(s) == QuotaState())
        }
    }
}

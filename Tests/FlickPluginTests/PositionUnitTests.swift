import Testing
import FlickEngine
import FlickEngineTesting

/// A plug-in's own depth stack: the stack's look with a position step of 37 points a card.
struct PilePositionLayout: DepthStackLayout {
    var base = StackLayout()
    var shape: DepthStackShape {
        var s = base.shape
        s.positionStep = 37
        return s
    }
    func scale(depth: Double) -> (x: Double, y: Double) { base.scale(depth: depth) }
    func tilt(offset: Vector, sign: Double, viewport: Size) -> Double { base.tilt(offset: offset, sign: sign, viewport: viewport) }
    func scrollBounds(count: Int, viewport: Size) -> ClosedRange<Double> { 0...position(ofTop: Double(max(0, count - 1))) }
}

/// What the scene told the probe's router, in the order it asked.
final class SeenContexts: @unchecked Sendable {
    var contexts: [InteractionContext] = []
}

/// The archive pile on `PilePositionLayout`, keeping every routing context it is given: it
/// routes itself and takes the archive's other three contracts whole.
struct PositionProbe: CardInteraction, PanRouting {
    static let name = Interaction(named: "position-probe")
    let archive: ArchiveInteraction
    let seen: SeenContexts

    init(config: SceneConfig) { self.init(seen: SeenContexts()) }
    init(seen: SeenContexts) {
        archive = ArchiveInteraction()
        self.seen = seen
    }

    func makeLayout() -> PilePositionLayout { PilePositionLayout() }
    var throwRule: ArchiveInteraction.Rule { archive.throwRule }
    var flights: ArchiveInteraction.Flights { archive.flights }
    var physics: ArchiveInteraction.Physics { archive.physics }

    func route(_ pan: Pan, in context: InteractionContext) -> PanRoute {
        seen.contexts.append(context)
        return archive.routing.route(pan, in: context)
    }
    func cardTranslation(_ t: Vector) -> Vector { archive.routing.cardTranslation(t) }
}

/// One unit for every scroll position, through the public API: points, one layout pitch (its
/// page where it pages) a card, for the scrolling interactions and the depth stacks alike, so
/// `scrollPosition / layout.pitch(viewport:)` counts cards whatever the interaction.
@Suite struct PositionUnitTests {
    static let builtIns: [Interaction] = [.now, .switcher, .stack, .carousel, .swipe]

    /// Ten cards, paged to card `k` on the carousel, then shown as `interaction` (which keeps
    /// the card current: a depth stack sets the cards before it aside).
    func scene(_ interaction: Interaction, onCard k: Int) -> CardScene {
        let s = CardScene(interaction: .carousel, count: 10, viewport: .phone, time: 0)
        for j in 0..<k { s.perform(.nextPage, at: 0.1 + 0.05 * Double(j)) }
        advanceToRest(s)
        s.setInteraction(interaction, at: s.time + 0.1)
        s.advance(to: s.time + 0.1)
        return s
    }

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 * max(1, abs(b)) }

    @Test("card k current: the scroll position is k pitches (points) and the page is a pitch, for every interaction",
          arguments: builtIns)
    func cardKIsKPitches(_ i: Interaction) throws {
        for k in [0, 1, 3] {
            let s = scene(i, onCard: k)
            let pitch = s.layout.pitch(viewport: s.viewport)
            #expect(s.currentIndex == k)
            #expect(close(s.scrollPosition, Double(k) * pitch), "\(i) on card \(k): \(s.scrollPosition) pt, pitch \(pitch) pt")
            #expect(s.scrollPosition == s.layout.position(ofIndex: k, count: s.deck.count, viewport: s.viewport, near: 0))
            if let page = s.layout.pageSize(viewport: s.viewport) { #expect(page == pitch) }
        }
        let stack = scene(i, onCard: 1)
        if i == .stack || i == .swipe {
            // The depth stacks' pitch is their layout's step, 100 points whatever the viewport.
            let step = i == .stack ? stack.layout.base(as: StackLayout.self)?.positionStep
                                   : stack.layout.base(as: SwipeLayout.self)?.positionStep
            let layout = stack.layout
            #expect(step == 100 && stack.scrollPosition == 100)
            #expect(layout.pitch(viewport: .laptop) == 100 && layout.pageSize(viewport: stack.viewport) == 100)
        }
    }

    @Test("a card inserted or deleted before the current one, at rest, moves the position one pitch, for every interaction",
          arguments: builtIns)
    func oneCardBeforeIsOnePitch(_ i: Interaction) throws {
        let s = scene(i, onCard: 2)
        let pitch = s.layout.pitch(viewport: s.viewport)
        let current = try #require(s.currentCard)
        let before = s.scrollPosition
        s.insert(at: 0, time: s.time + 0.1)
        advanceToRest(s)
        #expect(s.currentCard == current && s.currentIndex == 3)
        #expect(close(s.scrollPosition - before, pitch), "\(i): moved \(s.scrollPosition - before) pt, a pitch is \(pitch) pt")
        #expect(s.delete(s.deck.id(at: 0), at: s.time + 0.1))
        advanceToRest(s)
        #expect(s.currentCard == current && close(s.scrollPosition, before), "\(i): back at \(s.scrollPosition) pt")
    }

    @Test("next: the scrolling content moves one pitch on; a depth stack throws its top card and stays at its position",
          arguments: builtIns)
    func next(_ i: Interaction) throws {
        let s = scene(i, onCard: 2)
        let pitch = s.layout.pitch(viewport: s.viewport)
        let before = s.scrollPosition, count = s.deck.count
        #expect(s.perform(.nextPage, at: s.time + 0.1) == .done)
        advanceToRest(s)
        #expect(s.currentIndex == (i == .stack || i == .swipe ? 2 : 3))
        if i == .stack || i == .swipe {
            // The thrown card left the deck: the next card took its index, hence its position.
            #expect(s.deck.count == count - 1 && s.scrollPosition == before)
        } else {
            #expect(close(s.scrollPosition - before, pitch), "\(i): moved \(s.scrollPosition - before) pt, a pitch is \(pitch) pt")
        }
    }

    @Test("a plug-in's own depth stack: its scroll position, in the scene and in its routing context, is its step in points a card")
    func pluginDepthStack() throws {
        let s = scene(.carousel, onCard: 3)
        let seen = SeenContexts()
        s.install(PositionProbe(seen: seen), at: s.time + 0.1)
        s.advance(to: s.time + 0.1)
        #expect(s.currentIndex == 3 && s.layout.pitch(viewport: s.viewport) == 37)
        #expect(s.scrollPosition == 3 * 37)
        let top = try #require(s.renderList.last)
        #expect(top.index == 3)
        var g = GestureScript(after: s)
        g.hold(from: top.center, by: Vector(dx: 0, dy: 120), for: 0.2)
        _ = drive(s, g.steps, schedule: .hz(60), until: g.time)
        advanceToRest(s)
        let context = try #require(seen.contexts.first)
        #expect(context.scrollPosition == 3 * 37 && context.currentIndex == 3)
        // Archived: the card beneath took the top card's index, and with it its position.
        #expect(s.deck.count == 9 && s.currentIndex == 3 && s.scrollPosition == 3 * 37)
    }
}

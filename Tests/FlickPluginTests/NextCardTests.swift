import Testing
import FlickEngine
import FlickEngineTesting

/// How soon the next card takes a drag after a throw, measured as a card-deck user meets it
/// and through the public API only: the current card is flicked away (1,500 pt/s over 120 pt,
/// the way each interaction throws), then, `delay` after the release, a drag starts where that
/// card was. The figure is the shortest delay (on a 10 ms grid, from one 60 Hz frame) at which
/// that drag takes hold of the card that comes next; docs/embedding.md states the figures.
@Suite struct NextCardTests {
    static let viewport = Size.phone

    /// The way each built-in interaction throws, and the drag across its scroll axis.
    static func throwWay(_ i: Interaction) -> Vector {
        switch i {
        case .switcher, .carousel: return Vector(dx: 0, dy: -1)
        case .swipe: return Vector(dx: 1, dy: 0)
        default: return Vector(dx: -1, dy: 0)
        }
    }

    /// The first event of the second drag: did it take hold of the next card?
    static func secondDragTakes(_ interaction: Interaction, after delay: Double) -> (grabbed: Bool, began: SceneEvent?) {
        let s = CardScene(interaction: interaction, count: 10, viewport: viewport, time: 0)
        s.advance(to: 0.1)
        guard let index = s.currentIndex, let current = s.currentCard,
              let centre = s.renderList.first(where: { $0.card == current })?.center else { return (false, nil) }
        let next = s.deck.id(at: index + 1)
        let way = throwWay(interaction)
        var g = GestureScript(startTime: 0.2)
        g.fling(from: centre, by: way * 120, speed: 1500)
        g.wait(delay)
        let secondStart = g.time
        g.drag(from: centre, by: way * 60, duration: 0.1)
        _ = drive(s, g.steps, schedule: .hz(60), until: g.time + 0.05)
        let began = s.events.last { if case .gestureBegan = $0 { $0.time > secondStart } else { false } }
        if case .gestureBegan(_, .card, next)? = began { return (true, began) }
        return (false, began)
    }

    /// The shortest delay on the grid at which the second drag takes the next card (nil: none
    /// within 2 s).
    static func delayToNextCard(_ interaction: Interaction) -> Double? {
        var d = 1.0 / 60
        while d < 2 {
            if secondDragTakes(interaction, after: d).grabbed { return d }
            d += 0.01
        }
        return nil
    }

    @Test("the first throw is a throw (the measurement measures what it says)", arguments: Interaction.allCases)
    func theFlickThrows(_ interaction: Interaction) {
        let s = CardScene(interaction: interaction, count: 10, viewport: Self.viewport, time: 0)
        s.advance(to: 0.1)
        let current = s.currentCard!
        let centre = s.renderList.first { $0.card == current }!.center
        var g = GestureScript(startTime: 0.2)
        g.fling(from: centre, by: Self.throwWay(interaction) * 120, speed: 1500)
        _ = drive(s, g.steps, schedule: .hz(60), until: g.time + 1)
        #expect(s.events.contains { if case .gestureEnded(_, .card, _, _, .thrown, current) = $0 { true } else { false } })
    }

    @Test("depth stacks: a drag on the card beneath a flying thrown card takes it one frame after the release",
          arguments: [Interaction.swipe, .stack])
    func depthStacksTakeTheNextCardAtOnce(_ interaction: Interaction) {
        let r = Self.secondDragTakes(interaction, after: 1.0 / 60)
        #expect(r.grabbed, "\(interaction): \(r.began.map(String.init(describing:)) ?? "no gesture")")
    }

    @Test("a second and third quick swipe each take the next card while the earlier ones still fly")
    func threeQuickSwipes() {
        let s = CardScene(interaction: .swipe, count: 10, viewport: Self.viewport, time: 0)
        s.advance(to: 0.1)
        let first = s.currentIndex!
        let centre = s.renderList.first { $0.card == s.currentCard }!.center
        var g = GestureScript(startTime: 0.2)
        for _ in 0..<3 {
            g.fling(from: centre, by: Vector(dx: 120, dy: 0), speed: 1500)
            g.wait(0.05)
        }
        _ = drive(s, g.steps, schedule: .hz(60), until: g.time + 1)
        let thrown = s.events.compactMap { e -> CardID? in
            if case .gestureEnded(_, .card, _, _, .thrown, let c) = e { c } else { nil }
        }
        #expect(thrown == (first..<first + 3).map { CardID($0) })
        #expect(s.currentIndex == first && s.deck.count == 7)
        // While the second drag held its card, it was drawn full size at home: the top card.
        #expect(!s.events.contains { if case .gestureBegan(_, .missed, _) = $0 { true } else { false } })
    }

    @Test("every interaction: the time from a throw's release to the next card taking a drag",
          arguments: Interaction.allCases)
    func timeToNextCard(_ interaction: Interaction) throws {
        let d = try #require(Self.delayToNextCard(interaction))
        // Depth stacks: at once. The others: once the thrown card has gone and its neighbour
        // has slid far enough into its place (the flight and part of the slide).
        switch interaction {
        case .swipe, .stack: #expect(d < 0.02)
        default: #expect(d > 0.1 && d < 1)
        }
        print("next card takes a drag \(interaction.rawValue): \(Int((d * 1000).rounded())) ms")
    }
}

import Testing
@testable import FlickEngine

/// A window resize in the middle of a fling or a drag keeps the motion and the current card.
/// Each test runs the same gestures on two scenes, one resized halfway, and compares them in
/// cards (position ÷ pitch), the unit in which a resize must change nothing.
@Suite struct ResizeTests {
    static let scrolling: [Interaction] = [.now, .switcher, .carousel]
    static let newSizes: [Size] = [.laptop, Size(width: 320, height: 568)]

    /// Scroll position in cards.
    func cards(_ s: CardScene) -> Double { s.scrollPosition / s.layout.pitch(viewport: s.viewport) }
    /// Scroll velocity in cards per second.
    func cardSpeed(_ s: CardScene) -> Double { s.axis.velocity(at: s.time) / s.layout.pitch(viewport: s.viewport) }

    func play(_ steps: [GestureScript.Step], on scenes: [CardScene]) {
        for s in scenes { for step in steps { #expect(step.apply(to: s) == nil, "\(step)") } }
    }

    @Test("a resize while a fling coasts keeps it coasting, on the same fractional card, to the same card",
          arguments: scrolling, newSizes)
    func resizeMidFling(_ i: Interaction, _ size: Size) {
        let plain = scene(i), resized = scene(i)
        var g = script(after: plain)
        g.fling(from: plain.viewport.centre, by: axes(i).along * 150, speed: 2500)
        play(g.steps, on: [plain, resized])
        let t = g.time + 0.06
        plain.advance(to: t)
        resized.advance(to: t)
        let before = (cards(resized), cardSpeed(resized), resized.currentCard)
        #expect(abs(before.1) > 1, "\(i): the fling is moving when the window changes (\(before.1) cards/s)")
        resized.setViewport(size, at: t)
        #expect(resized.viewport == size)
        #expect(abs(cards(resized) - before.0) < 1e-9, "\(i): \(cards(resized)) cards after, \(before.0) before")
        #expect(abs(cardSpeed(resized) - before.1) < 1e-9 * abs(before.1), "\(i): speed \(cardSpeed(resized)) vs \(before.1) cards/s")
        #expect(resized.currentCard == before.2)
        // The two scenes move in step (in cards) while they move.
        var probe = t
        var compared = 0
        while !plain.isAtRest && probe < t + 3 {
            probe += 1.0 / 60
            plain.advance(to: probe)
            resized.advance(to: probe)
            if !plain.isAtRest && !resized.isAtRest {
                #expect(abs(cards(resized) - cards(plain)) < 1e-6, "\(i) at \(probe): \(cards(resized)) vs \(cards(plain)) cards")
                compared += 1
            }
        }
        #expect(compared > 5, "\(i): the motion carried on after the resize (\(compared) frames)")
        advanceToRest(plain)
        advanceToRest(resized)
        #expect(resized.currentCard == plain.currentCard, "\(i): rests on \(String(describing: resized.currentCard)), without the resize \(String(describing: plain.currentCard))")
        // The same gesture and the same page turn (`paged` comes at rest, whose instant depends
        // on the half-point resting distance, in points of each size).
        let pages = { (s: CardScene) in s.events.compactMap { e -> [Int]? in
            if case let .paged(_, from, to) = e { return [from, to] } else { return nil } } }
        #expect(pages(resized) == pages(plain), "\(resized.events.map(\.brief)) vs \(plain.events.map(\.brief))")
        #expect(resized.events.filter { $0.name != "paged" } == plain.events.filter { $0.name != "paged" })
    }

    @Test("a resize in the middle of a scroll drag keeps the drag under the finger", arguments: scrolling, newSizes)
    func resizeMidScrollDrag(_ i: Interaction, _ size: Size) {
        let s = scene(i)
        let along = axes(i).along
        let c = s.viewport.centre
        var g = script(after: s)
        g.down(at: c)
        g.moves(from: c, by: along * 60, duration: 0.1)
        play(g.steps, on: [s])
        s.advance(to: g.time)
        let before = (cards(s), s.currentCard, s.scrollPosition)
        s.setViewport(size, at: g.time)
        #expect(abs(cards(s) - before.0) < 1e-9, "\(i): \(cards(s)) cards after the resize, \(before.0) before")
        #expect(s.currentCard == before.1)
        let atResize = s.scrollPosition
        var rest = GestureScript(startTime: g.time, step: 8)
        rest.moves(from: c + along * 60, by: along * 40, duration: 0.1)
        play(rest.steps, on: [s])
        s.advance(to: rest.time)
        // One to one in points after the resize: 40 pt of finger, 40 pt of content.
        #expect(abs((s.scrollPosition - atResize) - 40) < 1e-6, "\(i): moved \(s.scrollPosition - atResize) pt for 40 pt of finger")
        var up = GestureScript(startTime: rest.time, step: 8)
        up.up(at: c + along * 100)
        play(up.steps, on: [s])
        advanceToRest(s)
        let ended = s.events.filter { $0.name == "gesture_ended" }
        #expect(s.events.filter { $0.name == "gesture_began" }.count == 1 && ended.count == 1)
        if case let .gestureEnded(_, kind, _, _, outcome, _) = ended.first {
            #expect(kind == .scroll && outcome != .cancelled, "\(i): \(kind) → \(outcome)")
        }
    }

    @Test("a resize while a card is dragged across keeps the drag: the same card is thrown",
          arguments: Interaction.allCases, newSizes)
    func resizeMidCardDrag(_ i: Interaction, _ size: Size) {
        let plain = scene(i), resized = scene(i)
        let across = axes(i).across
        let c = plain.viewport.centre
        var first = script(after: plain)
        first.down(at: c)
        first.moves(from: c, by: across * 40, duration: 0.08)
        play(first.steps, on: [plain, resized])
        let card = resized.currentCard
        resized.setViewport(size, at: first.time)
        #expect(resized.currentCard == card)
        var rest = GestureScript(startTime: first.time, step: 8)
        rest.moves(from: c + across * 40, by: across * 200, duration: 0.08)
        rest.up(at: c + across * 240)
        play(rest.steps, on: [plain, resized])
        advanceToRest(plain)
        advanceToRest(resized)
        let deleted = { (s: CardScene) in s.events.compactMap { e -> CardID? in
            if case let .deleted(_, card, _) = e { return card } else { return nil } } }
        #expect(deleted(plain) == [card!], "\(i): \(plain.events.map(\.brief))")
        #expect(deleted(resized) == deleted(plain), "\(i): \(resized.events.map(\.brief))")
        #expect(resized.currentCard == plain.currentCard)
    }

    @Test("a resize while a thrown card flies keeps the flight: deleted at the same time, same card after",
          arguments: Interaction.allCases, newSizes)
    func resizeMidThrow(_ i: Interaction, _ size: Size) {
        let plain = scene(i), resized = scene(i)
        var g = script(after: plain)
        g.fling(from: plain.viewport.centre, by: axes(i).across * 200, speed: 2000)
        play(g.steps, on: [plain, resized])
        let t = g.time + 0.05
        plain.advance(to: t)
        resized.advance(to: t)
        #expect(!resized.isAtRest)
        resized.setViewport(size, at: t)
        advanceToRest(plain)
        advanceToRest(resized)
        #expect(plain.events.contains { $0.name == "deleted" }, "\(i): \(plain.events.map(\.brief))")
        #expect(resized.events == plain.events, "\(i): \(firstDifference(resized.events, plain.events))")
        #expect(resized.currentCard == plain.currentCard)
    }
}

import Testing
@testable import FlickEngine

/// Keyboard commands, interaction switches and viewport changes.
@Suite struct SceneCommandTests {
    static let scrolling: [Interaction] = [.now, .switcher, .carousel]

    // MARK: - Next and previous

    @Test("next and previous move one card and settle on it", arguments: scrolling)
    func nextAndPrevious(_ i: Interaction) {
        let s = scene(i)
        #expect(s.perform(.nextPage, at: s.time + 0.1) == .done)
        #expect(s.events.isEmpty, "paged is said when the content comes to rest")
        let rest = advanceToRest(s)
        #expect(s.events == [.paged(time: rest, from: 5, to: 6)])
        #expect(s.currentIndex == 6)
        s.perform(.previousPage, at: s.time + 0.1)
        s.perform(.previousPage, at: s.time + 0.05)     // while still moving: from where it is heading
        advanceToRest(s)
        #expect(s.currentIndex == 4)
        #expect(s.events.map(\.name) == ["paged", "paged"])
        #expect(s.events.last.map { if case .paged(_, 6, 4) = $0 { return true }; return false } == true,
                "two presses on the way are one page turn where it rests")
        let position = s.scrollPosition, pitch = s.layout.pitch(viewport: s.viewport)
        #expect(abs(position / pitch - (position / pitch).rounded()) < 1e-9, "settled centred on a card")
    }

    @Test("previous on the first card: the carousel and the list stay, the switcher wraps around",
          arguments: scrolling)
    func previousOnTheFirstCard(_ i: Interaction) {
        let s = CardScene(interaction: i, count: 30, viewport: .phone)
        #expect(s.perform(.previousPage, at: 0.1) == (i == .switcher ? .done : .unchanged))
        let rest = advanceToRest(s)
        #expect(s.currentIndex == (i == .switcher ? 29 : 0))
        #expect(s.events == (i == .switcher ? [.paged(time: rest, from: 0, to: 29)] : []))
    }

    @Test("stack: next throws the top card, previous brings it back")
    func stackNextAndPrevious() {
        let s = scene(.stack)
        let top = s.deck.id(at: 0)
        s.perform(.nextPage, at: s.time + 0.1)
        advanceToRest(s)
        #expect(s.events.contains { if case .deleted(_, top, 0) = $0 { return true }; return false })
        s.perform(.previousPage, at: s.time + 0.1)
        #expect(s.events.last == .restored(time: s.time, card: top, index: 0))
        advanceToRest(s)
        #expect(s.deck.id(at: 0) == top && s.deck.count == 30)
    }

    // MARK: - Throw

    @Test("a thrown card is deleted when its flight ends, not before", arguments: Interaction.allCases)
    func throwDeletesAtTheEndOfTheFlight(_ i: Interaction) {
        let s = scene(i)
        let card = s.currentCard!, index = s.currentIndex!
        let t0 = s.time + 0.1
        s.perform(.throwCurrent, at: t0)
        #expect(s.deck.isLeaving(card))
        let end = s.motions.first { $0.card == card }!.endTime!
        let flight = end - t0
        switch i {
        case .now: #expect(abs(flight - 1000.0 / 1500) < 1e-12, "clamp(1000 / |v|, 0.2, 2) at the key's 1500 pt/s")
        case .carousel: #expect(abs(flight - 0.3) < 1e-12)
        case .switcher: #expect(flight >= 0.15 && flight <= 0.5)
        default: #expect(flight >= 0.15 && flight <= 0.5)
        }
        s.advance(to: end - 1e-6)
        #expect(s.deck.contains(card) && !s.events.contains { $0.name == "deleted" })
        s.advance(to: end + 1e-6)
        // The frame already shows the card gone; the record waits out the late-input window
        // (an input stamped before `end` may still come), or a commit.
        #expect(!s.renderList.contains { $0.card == card })
        s.commit()
        #expect(s.events == [.deleted(time: end, card: card, index: index)])
        #expect(!s.deck.contains(card) && s.deck.count == 29)
        print("| \(i.rawValue) | throw key (1500 pt/s) | flight \(fixed(flight, 4)) s | deleted \(card)@\(index) |")
    }

    @Test("a throw asked for while another card flies is queued: exactly one more deletion, when all has settled",
          arguments: Interaction.allCases)
    func queuedThrow(_ i: Interaction) {
        func run(_ schedule: FrameSchedule) -> (CardScene, [SceneEvent]) {
            let s = scene(i)
            var g = script(after: s)
            g.command(.throwCurrent)
            g.wait(0.05)
            g.command(.throwCurrent)
            let r = drive(s, g.steps, schedule: schedule, until: g.time + 3)
            #expect(r.violations.isEmpty && r.rejections.isEmpty)
            return (s, s.events)
        }
        let (s, events) = run(.hz(60))
        let deletions = events.compactMap { e -> (Double, CardID, Int)? in
            if case let .deleted(t, card, index) = e { return (t, card, index) }
            return nil
        }
        #expect(deletions.count == 2, "\(events.map(\.brief))")
        #expect(s.deck.count == 28 && s.isAtRest)
        // The second card is the one that took the first one's place.
        let start = i.isDepthStack ? 0 : 5
        #expect(deletions.map(\.1) == [CardID(start), CardID(start + 1)])
        #expect(deletions.map(\.2) == [start, start])
        // Applied at the instant everything had settled, whatever the frame rate.
        for schedule in [FrameSchedule.hz(30), .hz(144), .random(seed: 3)] {
            let other = run(schedule).1
            #expect(other == events, "\(schedule): \(firstDifference(other, events))")
        }
    }

    // MARK: - Undo and reset

    @Test("undo brings the card back at its old index", arguments: Interaction.allCases)
    func undoRestoresAtTheOldIndex(_ i: Interaction) {
        let s = scene(i)
        let original = cardIDs(s.deck)
        let card = s.currentCard!, index = s.currentIndex!
        s.perform(.throwCurrent, at: s.time + 0.1)
        advanceToRest(s)
        #expect(!s.deck.contains(card))
        s.clearEvents()
        s.perform(.undo, at: s.time + 0.1)
        #expect(s.events == [.restored(time: s.time, card: card, index: index)])
        advanceToRest(s)
        #expect(cardIDs(s.deck) == original)
        #expect(s.currentCard == card)
        #expect(s.renderList.contains { $0.card == card && $0.isFinite })
        // Nothing left to undo: a second undo does nothing.
        s.clearEvents()
        s.perform(.undo, at: s.time + 0.1)
        #expect(s.events.isEmpty)
    }

    @Test("reset puts every card back, scrolled to the first, nothing moving", arguments: Interaction.allCases)
    func reset(_ i: Interaction) {
        let s = scene(i)
        var g = script(after: s)
        let (along, across) = axes(i)
        g.fling(from: s.viewport.centre, by: across * 200, speed: 2000); g.wait(0.05)
        g.command(.throwCurrent); g.wait(0.1)
        g.fling(from: s.viewport.centre, by: along * 200, speed: 2000); g.wait(0.05)
        g.command(.reset)
        let r = drive(s, g.steps, schedule: .hz(60), until: g.time + 1)
        #expect(r.violations.isEmpty && r.rejections.isEmpty)
        #expect(cardIDs(s.deck) == (0..<30).map(CardID.init))
        #expect(s.currentIndex == 0 && s.isAtRest && s.motions.isEmpty && s.gap == nil)
        #expect(!s.renderList.isEmpty && s.renderList.allSatisfy(\.isFinite))
    }

    // MARK: - Switching interaction

    @Test("setInteraction keeps the deck and the current card",
          arguments: Interaction.allCases, Interaction.allCases)
    func switchInteraction(_ from: Interaction, _ to: Interaction) {
        guard from != to else { return }
        let s = scene(from, at: 7)
        s.perform(.throwCurrent, at: s.time + 0.1)
        advanceToRest(s)
        let deck = cardIDs(s.deck), current = s.currentCard
        s.setInteraction(to, at: s.time + 0.1)
        s.advance(to: s.time + 0.02)
        #expect(s.interaction == to && cardIDs(s.deck) == deck)
        #expect(frameViolation(s) == nil && !s.renderList.isEmpty)
        #expect(s.currentCard == current)
        #expect(s.renderList.contains { $0.card == current })
        if to == .stack {
            // The current card is on top: drawn last, at home, full width.
            #expect(s.renderList.last?.card == current)
            #expect(s.renderList.last.map { abs($0.transform.a - 1) < 1e-12 } == true)
        }
    }

    @Test("the stack entered on a card further in: throw, bring back and undo work from that card")
    func stackEnteredMidDeck() {
        let s = scene(.now, at: 7)
        let seventh = s.currentCard!
        s.setInteraction(.stack, at: s.time + 0.1)
        let (_, across) = axes(.stack)
        _ = flick(s, "left flick") { g, c in g.fling(from: c, by: across * 160, speed: 1400) }
        #expect(!s.deck.contains(seventh) && s.currentIndex == 7 && s.currentCard == CardID(8))
        let back = flick(s, "right drag") { g, c in g.fling(from: c, by: across * -200, speed: 1000) }
        #expect(back.restored == [seventh] && s.currentCard == seventh && s.deck.count == 30)
        s.perform(.throwCurrent, at: s.time + 0.1)
        advanceToRest(s)
        s.perform(.undo, at: s.time + 0.1)
        advanceToRest(s)
        #expect(s.currentCard == seventh && cardIDs(s.deck) == (0..<30).map(CardID.init))
        // A card deleted among the ones set aside comes back on top.
        s.setInteraction(.carousel, at: s.time + 0.1)
        for _ in 0..<4 { s.perform(.previousPage, at: s.time + 0.01) }
        advanceToRest(s)
        #expect(s.currentCard == CardID(3))
        s.perform(.throwCurrent, at: s.time + 0.1)
        advanceToRest(s)
        s.perform(.nextPage, at: s.time + 0.1)
        advanceToRest(s)
        let current = s.currentCard!
        s.setInteraction(.stack, at: s.time + 0.1)
        #expect(s.currentCard == current)
        s.perform(.undo, at: s.time + 0.1)
        advanceToRest(s)
        #expect(s.currentCard == CardID(3) && s.deck.count == 30)
        s.setInteraction(.now, at: s.time + 0.1)
        #expect(s.currentCard == CardID(3))
        s.advance(to: s.time + 0.1)
        #expect(frameViolation(s) == nil)
    }

    @Test("setInteraction during a throw deletes the card at once, without NaN", arguments: Interaction.allCases)
    func switchDuringAThrow(_ i: Interaction) {
        let s = scene(i)
        let card = s.currentCard!
        s.perform(.throwCurrent, at: s.time + 0.1)
        s.advance(to: s.time + 0.05)
        let t = s.time + 0.01
        let next: Interaction = i == .carousel ? .now : .carousel
        s.setInteraction(next, at: t)
        // The flight ends first (the card is deleted), then the switch is announced.
        #expect(s.events.suffix(2).first.map { if case .deleted(t, card, _) = $0 { return true }; return false } == true)
        #expect(s.events.last == .interactionChanged(time: t, from: i, to: next))
        s.advance(to: t + 0.02)
        #expect(frameViolation(s) == nil && s.isAtRest && s.deck.count == 29)
    }

    // MARK: - Viewport

    @Test("a 0×0 viewport and back keeps the current card", arguments: Interaction.allCases)
    func zeroViewportAtRest(_ i: Interaction) {
        let s = scene(i)
        let current = s.currentCard
        s.setViewport(.zero, at: s.time + 0.1)
        s.advance(to: s.time + 0.02)
        #expect(s.renderList.isEmpty && frameViolation(s) == nil)
        s.setViewport(.phone, at: s.time + 0.1)
        s.advance(to: s.time + 0.02)
        #expect(s.currentCard == current && !s.renderList.isEmpty && frameViolation(s) == nil)
        s.setViewport(.laptop, at: s.time + 0.1)
        s.advance(to: s.time + 0.02)
        #expect(s.currentCard == current && frameViolation(s) == nil)
    }

    @Test("a 0×0 viewport in the middle of flings and throws never yields NaN",
          arguments: Interaction.allCases, [FrameSchedule.hz(60), .random(seed: 11)])
    func zeroViewportWhileBusy(_ i: Interaction, _ schedule: FrameSchedule) {
        let s = scene(i)
        let (along, across) = axes(i)
        let c = s.viewport.centre
        var g = script(after: s)
        g.fling(from: c, by: along * 300, speed: 3000); g.wait(0.02)
        g.fling(from: c, by: across * 200, speed: 2000); g.wait(0.05)
        g.viewport(.zero); g.wait(0.1)
        g.fling(from: c, by: along * 300, speed: 3000); g.wait(0.02)      // gestures on nothing
        g.drag(from: .zero, by: across * 50, duration: 0.2); g.wait(0.05)
        g.tap(at: .zero); g.wait(0.05)
        g.command(.nextPage); g.wait(0.05)
        g.command(.throwCurrent); g.wait(0.05)
        g.command(.undo); g.wait(0.2)
        g.viewport(Size(width: 0, height: 844)); g.wait(0.1)
        g.viewport(.phone); g.wait(0.05)
        g.fling(from: c, by: along * 300, speed: 3000); g.wait(0.5)
        g.fling(from: c, by: across * 200, speed: 2000)
        var zeroFrames = 0
        let r = drive(s, g.steps, schedule: schedule, until: g.time + 3) { scene in
            if scene.viewport.isEmpty { zeroFrames += 1; #expect(scene.renderList.isEmpty) }
        }
        #expect(r.violations.isEmpty, "\(r.violations)")
        #expect(r.rejections.isEmpty, "\(r.rejections)")
        #expect(zeroFrames > 5)
        #expect(s.isAtRest && !s.renderList.isEmpty && s.currentIndex != nil)
    }
}

import Testing
@testable import FlickEngine

/// The cases where the event stream used to disagree with the deck, each a named test, and the
/// stack and carousel as the original designs have them.
@Suite struct SceneEventTruthTests {
    /// Applies the deck events of `scene` to `model`, returning the deletions seen.
    func replay(_ events: [SceneEvent], onto model: inout [CardID]) -> [CardID] {
        var deleted: [CardID] = []
        for e in events {
            switch e {
            case let .deleted(_, card, index):
                #expect(model.indices.contains(index) && model[index] == card, "deleted \(card)@\(index) of \(model)")
                if model.indices.contains(index) { model.remove(at: index) }
                deleted.append(card)
            case let .restored(_, card, index), let .inserted(_, card, index):
                model.insert(card, at: min(index, model.count))
            default: break
            }
        }
        return deleted
    }

    // MARK: - Known bugs, fixed

    @Test("stack: a drag starting while a brought-back card is sent back out does not throw it twice")
    func stackDragDuringSendBack() {
        let s = CardScene(interaction: .stack, count: 6, viewport: .phone)
        var model = cardIDs(s.deck)
        let c = s.viewport.centre
        let first = s.deck.id(at: 0), second = s.deck.id(at: 1)
        var g = script(after: s)
        g.fling(from: c, by: Vector(dx: -220, dy: 0), speed: 2000); g.wait(0.8)      // throw the top card
        g.drag(from: Point(x: 20, y: c.y), by: Vector(dx: 40, dy: 0), duration: 0.3) // pull it a little: sent back
        g.wait(0.02)                                                                  // it is flying out now
        g.fling(from: c, by: Vector(dx: -220, dy: 0), speed: 2000); g.wait(1)      // and a new throw starts
        let run = drive(s, g.steps, schedule: .hz(60), until: g.time)
        #expect(run.rejections.isEmpty && run.violations.isEmpty, "\(run.rejections) \(run.violations)")
        advanceToRest(s)
        let outcomes = s.events.compactMap { if case let .gestureEnded(_, kind, _, _, o, _) = $0 { return "\(kind.rawValue) \(o.rawValue)" }; return nil }
        #expect(outcomes == ["card thrown", "bring_back sent_back", "card thrown"])
        let deleted = replay(s.events, onto: &model)
        #expect(deleted == [first, second], "each card deleted once: \(s.events.map(\.brief))")
        #expect(model == cardIDs(s.deck) && s.deck.count == 4 && !s.deck.contains(first))
    }

    @Test("stack: the card being sent back out can be caught and pulled home, restored once")
    func stackCatchTheCardGoingBackOut() {
        let s = CardScene(interaction: .stack, count: 6, viewport: .phone)
        var model = cardIDs(s.deck)
        let c = s.viewport.centre
        let first = s.deck.id(at: 0)
        var g = script(after: s)
        g.fling(from: c, by: Vector(dx: -220, dy: 0), speed: 2000); g.wait(0.8)
        g.drag(from: Point(x: 20, y: c.y), by: Vector(dx: 40, dy: 0), duration: 0.3); g.wait(0.03)
        g.fling(from: Point(x: 30, y: c.y), by: Vector(dx: 260, dy: 0), speed: 1800); g.wait(1)
        drive(s, g.steps, schedule: .hz(60), until: g.time)
        advanceToRest(s)
        _ = replay(s.events, onto: &model)
        #expect(s.events.filter { $0.name == "restored" } == [s.events.first { $0.name == "restored" }!])
        #expect(model == cardIDs(s.deck) && s.deck.id(at: 0) == first && s.deck.count == 6)
    }

    @Test("undo pressed while a throw is in flight is queued: the thrown card comes back when it has landed",
          arguments: Interaction.allCases)
    func undoDuringAThrow(_ i: Interaction) {
        let s = scene(i)
        let before = cardIDs(s.deck)
        let card = s.currentCard!
        #expect(s.perform(.throwCurrent, at: s.time + 0.1) == .done)
        #expect(s.perform(.undo, at: s.time + 0.05) == .queued)
        let landing = s.motions.first { $0.card == card }!.endTime!
        advanceToRest(s)
        let deck = s.events.filter { ["deleted", "restored"].contains($0.name) }
        #expect(deck.count == 2)
        #expect(deck.first.map { if case .deleted(landing, card, _) = $0 { return true }; return false } == true)
        #expect(deck.last.map { if case .restored(landing, card, _) = $0 { return true }; return false } == true,
                "\(s.events.map(\.brief))")
        #expect(cardIDs(s.deck) == before)
    }

    @Test("undo with nothing to undo says so, and changes nothing", arguments: Interaction.allCases)
    func undoWithNothingToUndo(_ i: Interaction) {
        let s = scene(i)
        #expect(s.perform(.undo, at: s.time + 0.1) == .unchanged)
        #expect(s.perform(.undo, at: -1) == .rejected(.timeWentBackwards(previous: s.time, received: -1)))
        advanceToRest(s)
        #expect(s.events.isEmpty)
    }

    @Test("insert keeps the current card, says inserted, opens a gap, and a later undo lands beside its old neighbours",
          arguments: [Interaction.now, .switcher, .carousel])
    func insertIsTruthful(_ i: Interaction) {
        let s = scene(i)                              // resting on card 5
        let current = s.currentCard!
        let t0 = s.time + 0.1
        s.insert(at: 5, time: t0)                     // just before it
        #expect(s.events == [.inserted(time: t0, card: CardID(30), index: 5)])
        #expect(s.currentCard == current && s.currentIndex == 6, "the current card stays current")
        #expect(s.gap != nil, "the neighbours slide to make room")
        let drawnNow = s.renderList.map(\.transform)
        s.advance(to: t0 + 0.1)
        #expect(s.renderList.map(\.transform) != drawnNow, "the gap opens over time")
        advanceToRest(s)
        #expect(s.currentCard == current)
        // Throw the current card, insert before it, undo: it comes back between its old neighbours.
        let left = s.deck.id(at: 5), right = s.deck.id(at: 7)
        s.clearEvents()
        s.perform(.throwCurrent, at: s.time + 0.1)
        advanceToRest(s)
        s.insert(at: 0, time: s.time + 0.1)
        s.perform(.undo, at: s.time + 0.1)
        advanceToRest(s)
        let back = s.deck.index(of: current)!
        #expect(s.deck.id(at: back - 1) == left && s.deck.id(at: back + 1) == right, "\(s.events.map(\.brief))")
    }

    @Test("stack: an insert below the top keeps the top; one at the top puts the new card on top")
    func stackInsert() {
        let s = CardScene(interaction: .stack, count: 5, viewport: .phone)
        let top = s.currentCard!
        s.insert(at: 2, time: 0.1)
        #expect(s.currentCard == top && s.deck.count == 6)
        s.insert(at: 0, time: 0.2)                    // waits for the stack to settle
        advanceToRest(s)
        #expect(s.currentCard == CardID(6) && s.events.map(\.name) == ["inserted", "inserted"],
                "\(s.currentCard.map { "\($0)" } ?? "-") \(cardIDs(s.deck)) \(s.events.map(\.brief))")
    }

    @Test("paged means where the content came to rest: a fling caught on its way says where it stopped")
    func pagedWhereItRests() {
        let s = scene(.carousel)                     // on card 5
        let c = s.viewport.centre
        var g = script(after: s)
        g.fling(from: c, by: Vector(dx: -120, dy: 0), speed: 1500)   // heading for card 6
        g.wait(0.03)
        g.hold(from: c, by: Vector(dx: 60, dy: 0), duration: 0.2, for: 0.1)  // caught, pulled back
        g.wait(1)
        drive(s, g.steps, schedule: .hz(60), until: g.time)
        advanceToRest(s)
        let ends = s.events.compactMap { if case let .gestureEnded(_, _, _, _, o, _) = $0 { return o }; return nil }
        #expect(ends.first == .paged, "the release said where it was heading")
        #expect(s.currentIndex == 5)
        #expect(s.events.filter { $0.name == "paged" }.isEmpty, "it never rested on another page: \(s.events.map(\.brief))")
    }

    @Test("a switch or a reset mid-drag ends the gesture as cancelled, before saying so",
          arguments: Interaction.allCases)
    func switchOrResetMidDrag(_ i: Interaction) {
        for reset in [false, true] {
            let s = scene(i)
            let c = s.viewport.centre
            var t = s.time + 0.1
            s.handle(PointerEvent(pointerID: 0, phase: .down, position: c, time: t))
            for k in 1...6 {
                t += 0.016
                s.handle(PointerEvent(pointerID: 0, phase: .move, position: c + Vector(dx: -12 * Double(k), dy: 0), time: t))
            }
            t += 0.01
            if reset { s.perform(.reset, at: t) } else { s.setInteraction(i == .now ? .stack : .now, at: t) }
            let names = s.events.map(\.name)
            #expect(names.first == "gesture_began")
            #expect(names.contains("gesture_ended"))
            #expect(s.events.contains { if case .gestureEnded(_, _, _, _, .cancelled, _) = $0 { return true }; return false })
            #expect(names.last == (reset ? "reset" : "interaction_changed"), "\(names)")
            // The finger lifting afterwards is ignored.
            s.handle(PointerEvent(pointerID: 0, phase: .up, position: c, time: t + 0.01))
            advanceToRest(s)
            #expect(s.events.filter { $0.name == "gesture_ended" }.count == 1)
        }
    }

    // MARK: - Stack and carousel as the original designs

    @Test("stack: the last thrown card shows at the left edge on touch-down and follows the pointer from the first point")
    func stackBringBackFromTheFirstPoint() {
        let s = CardScene(interaction: .stack, count: 5, viewport: .phone)
        let thrown = s.deck.id(at: 0)
        s.perform(.throwCurrent, at: 0.1)
        advanceToRest(s)
        s.clearEvents()
        let y = s.viewport.height / 2
        var t = s.time + 0.1
        s.handle(PointerEvent(pointerID: 0, phase: .down, position: Point(x: 20, y: y), time: t))
        s.advance(to: t)
        let peek = s.renderList.first { $0.card == thrown }
        #expect(peek != nil, "visible before the drag starts")
        if let peek {
            let xs = [peek.corners.0, peek.corners.1, peek.corners.2, peek.corners.3].map(\.x)
            #expect(xs.max()! > 0 && xs.max()! < 40, "only its edge shows: right edge at \(xs.max()!)")
        }
        let startX = peek?.center.x ?? 0
        #expect(!s.deck.contains(thrown), "shown, not yet in the deck")
        for k in 1...5 {
            t += 0.016
            s.handle(PointerEvent(pointerID: 0, phase: .move, position: Point(x: 20 + 10 * Double(k), y: y), time: t))
        }
        s.advance(to: t)
        let moved = s.renderList.first { $0.card == thrown }!.center.x - startX
        #expect(abs(moved - 50) < 1e-9, "follows the pointer 1:1 from the press, slop included: \(moved)")
        #expect(s.events.map(\.name) == ["gesture_began"])
        s.handle(PointerEvent(pointerID: 0, phase: .up, position: Point(x: 70, y: y), time: t + 0.01))
        advanceToRest(s)
        #expect(!s.deck.contains(thrown) && s.renderList.allSatisfy { $0.card != thrown }, "short: back out, quietly")
        #expect(!s.events.contains { $0.name == "restored" || $0.name == "deleted" })
    }

    @Test("stack: only a drag mostly to the right brings back; a vertical drag drifting right moves the top card")
    func stackBringBackIsMostlyRightward() {
        let s = CardScene(interaction: .stack, count: 5, viewport: .phone)
        s.perform(.throwCurrent, at: 0.1)
        advanceToRest(s)
        s.clearEvents()
        let c = s.viewport.centre
        var g = script(after: s)
        g.drag(from: c, by: Vector(dx: 30, dy: 120), duration: 0.3); g.wait(1)
        g.drag(from: c, by: Vector(dx: 150, dy: 40), duration: 0.3); g.wait(1)
        drive(s, g.steps, schedule: .hz(60), until: g.time)
        advanceToRest(s)
        let kinds = s.events.compactMap { if case let .gestureBegan(_, kind, _) = $0 { return kind }; return nil }
        #expect(kinds == [.card, .bringBack])
    }

    @Test("carousel: four card views, as the original, through a long scroll with throws")
    func carouselFourViews() {
        let s = CardScene(interaction: .carousel, count: 200, viewport: .phone)
        #expect(s.viewBound == 4)
        var maxLive = 0
        var t = 0.1
        for k in 0..<120 {
            t += 0.09
            s.perform(k % 9 == 4 ? .throwCurrent : .nextPage, at: t)
            for f in 1...5 { s.advance(to: t + Double(f) * 0.016); maxLive = max(maxLive, s.pool.liveCount) }
            t += 0.09
            #expect(frameViolation(s) == nil)
        }
        #expect(maxLive <= 4 && maxLive >= 3, "live views \(maxLive)")
    }
}
